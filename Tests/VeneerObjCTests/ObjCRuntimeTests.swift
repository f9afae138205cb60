import Foundation
import TestSupport
import Testing

/// The Objective-C runtime that generated decorators call compiles without a warning against
/// GNUstep with blocks, and does what its header says.
@Suite(
  "The Objective-C runtime for generated code",
  .enabled(if: ObjCToolchain.mustRun, "GNUstep Base and the blocks runtime are not installed"))
struct ObjCRuntimeTests {
  @Test func consoleLoggerFiltersByLevelAndSortsMetadata() throws {
    let folder = try TemporaryFolder()
    let program = try folder.write(
      "main.m",
      """
      #import "VNRRuntime.h"

      @interface CountingTracker : NSObject <VNRAnalyticsTracker> {
      @public
        NSMutableArray *_events;
      }
      @end

      @implementation CountingTracker
      - (instancetype)init {
        if ((self = [super init])) _events = [[NSMutableArray alloc] init];
        return self;
      }
      - (void)trackEvent:(NSString *)name properties:(NSDictionary *)properties {
        [_events addObject:name];
      }
      @end

      int main(void) {
        @autoreleasepool {
          VNRConsoleLogger *logger = [[VNRConsoleLogger alloc] initWithMinimumLevel:VNRLogLevelInfo];
          printf("debug %d info %d\\n", [logger isEnabledForLevel:VNRLogLevelDebug],
                 [logger isEnabledForLevel:VNRLogLevelInfo]);
          [logger logLevel:VNRLogLevelDebug message:@"hidden" metadata:[NSDictionary dictionary]];
          [logger logLevel:VNRLogLevelError
                   message:@"PostRepo.getPost threw"
                  metadata:[NSDictionary dictionaryWithObjectsAndKeys:@"42", @"id",
                                                                      VNRRedacted, @"token", nil]];
          printf("%s|%s|%s|%s|%s|%s|%s\\n",
                 [VNRDescribe(@"abcdef", 3, VNRDisclosurePublic) UTF8String],
                 [VNRDescribe(@"abc", 3, VNRDisclosurePublic) UTF8String],
                 [VNRDescribe(nil, 3, VNRDisclosurePrivate) UTF8String],
                 [VNRDescribe(@"4111111111111111", 100, VNRDisclosurePrivate) UTF8String],
                 [VNRDescribe([NSNumber numberWithInt:42], 100, VNRDisclosurePrivate) UTF8String],
                 [VNRDescribe(@"a\\U0001F600", 2, VNRDisclosurePublic) UTF8String],
                 [VNRDescribe([NSArray arrayWithObject:@"x"], 100, VNRDisclosurePublic) UTF8String]);
          CountingTracker *tracker = [[CountingTracker alloc] init];
          id<VNRAnalyticsTracker> tracking = tracker;
          void (^track)(NSString *) = ^(NSString *name) {
            [tracking trackEvent:name properties:[NSDictionary dictionary]];
          };
          track(@"post_repo.get_post");
          printf("%lu %s\\n", (unsigned long)[tracker->_events count],
                 [[tracker->_events objectAtIndex:0] UTF8String]);
          double start = VNRMonotonicMilliseconds();
          printf("monotonic %d\\n", VNRMonotonicMilliseconds() >= start);
        }
        return 0;
      }

      """)
    let run = try ObjCToolchain.compileAndRun([program], in: folder.path)
    #expect(run.compiled, "\(run.errors)")
    #expect(run.status == 0)
    #expect(
      run.output.split(separator: "\n") == [
        "debug 0 info 1", "abc…|abc|nil|<private>|42|a…|[x]", "1 post_repo.get_post",
        "monotonic 1",
      ])
    #expect(run.errors == "error PostRepo.getPost threw id=42 token=<redacted>\n")
  }

  /// A URL's password is `<redacted>` wherever a URL is written: declared public, in an array
  /// declared public, under `log(full)` (the array's own description), in text.
  @Test func aURLsPasswordIsRedactedWhereverAURLIsWritten() throws {
    let folder = try TemporaryFolder()
    let program = try folder.write(
      "main.m",
      """
      #import "VNRRuntime.h"

      int main(void) {
        @autoreleasepool {
          NSURL *url = [NSURL URLWithString:@"https://ann:hunter2@example.com/a?b=c"];
          NSURL *plain = [NSURL URLWithString:@"https://example.com/x"];
          NSArray *urls = [NSArray arrayWithObjects:url, plain, nil];
          printf("%s\\n%s\\n%s\\n%s\\n%s\\n",
                 [VNRDescribe(url, 1000, VNRDisclosurePublic) UTF8String],
                 [VNRDescribe(url, 1000, VNRDisclosureFull) UTF8String],
                 [VNRDescribe(urls, 1000, VNRDisclosurePublic) UTF8String],
                 [VNRDescribe(urls, 1000, VNRDisclosureFull) UTF8String],
                 [VNRDescribe(@"to ftp://u:p@h and s3://k:v@b/o", 1000, VNRDisclosurePublic)
                     UTF8String]);
        }
        return 0;
      }

      """)
    let run = try ObjCToolchain.compileAndRun([program], in: folder.path)
    #expect(run.compiled, "\(run.errors)")
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 5, "\(run.output)")
    #expect(!run.output.contains("hunter2"), "\(run.output)")
    #expect(lines.first == "https://ann:<redacted>@example.com/a?b=c")
    #expect(lines.dropFirst(1).first == "https://ann:<redacted>@example.com/a?b=c")
    #expect(
      lines.dropFirst(2).first
        == "[https://ann:<redacted>@example.com/a?b=c, https://example.com/x]")
    #expect(lines.dropFirst(3).first?.contains("https://ann:<redacted>@example.com/a?b=c") == true)
    #expect(lines.last == "to ftp://u:<redacted>@h and s3://k:<redacted>@b/o")
  }
}
