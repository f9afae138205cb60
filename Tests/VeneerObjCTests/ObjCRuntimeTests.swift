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
}
