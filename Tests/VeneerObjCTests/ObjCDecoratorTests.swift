import Foundation
import TestSupport
import Testing
import VeneerGenerator
import VeneerModel

/// Decorators of the Objective-C fixture catalog (`Tests/FixtureHeaders/Catalog.h`), generated
/// as `veneer generate` writes them, compiled with clang against GNUstep (no ARC there, so the
/// manual retain and release paths run) with every warning an error, and called through.
@Suite(
  "Objective-C decorators, compiled and run",
  .enabled(if: ObjCToolchain.mustRun, "libclang, GNUstep Base or the blocks runtime is missing"))
struct ObjCDecoratorTests {
  static let headers = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../FixtureHeaders").standardizedFileURL.path

  static func generate(_ configure: (inout Configuration) -> Void = { _ in }) -> Generation {
    var configuration = Configuration(sources: [headers + "/Catalog.h"], output: "unused")
    configure(&configuration)
    return Generator().generate(configuration)
  }

  /// A logger and a tracker that keep what they get, as lines of text.
  static let keepingRecorders = """
    @interface KeepingLogger : NSObject <VNRLogger> {
    @public
      NSMutableArray *_lines;
    }
    @end

    @implementation KeepingLogger
    - (instancetype)init {
      if ((self = [super init])) _lines = [[NSMutableArray alloc] init];
      return self;
    }
    - (BOOL)isEnabledForLevel:(VNRLogLevel)level { return YES; }
    - (void)logLevel:(VNRLogLevel)level message:(NSString *)message
            metadata:(NSDictionary<NSString *, NSString *> *)metadata {
      NSMutableString *line = [NSMutableString stringWithFormat:@"%ld %@", (long)level, message];
      for (NSString *key in [[metadata allKeys] sortedArrayUsingSelector:@selector(compare:)]) {
        if ([key isEqualToString:@"duration"]) {
          [line appendString:@" duration"];
        } else {
          [line appendFormat:@" %@=%@", key, [metadata objectForKey:key]];
        }
      }
      [_lines addObject:line];
    }
    @end

    @interface KeepingTracker : NSObject <VNRAnalyticsTracker> {
    @public
      NSMutableArray *_events;
    }
    @end

    @implementation KeepingTracker
    - (instancetype)init {
      if ((self = [super init])) _events = [[NSMutableArray alloc] init];
      return self;
    }
    - (void)trackEvent:(NSString *)name properties:(NSDictionary<NSString *, id> *)properties {
      NSMutableString *line = [NSMutableString stringWithString:name];
      for (NSString *key in [[properties allKeys] sortedArrayUsingSelector:@selector(compare:)]) {
        if ([key isEqualToString:@"duration_ms"]) {
          [line appendString:@" duration_ms"];
        } else {
          [line appendFormat:@" %@=%@", key, [properties objectForKey:key]];
        }
      }
      [_events addObject:line];
    }
    @end

    """

  /// A base that answers from fixed values, a logger and a tracker that keep what they get, and
  /// the calls.
  static let program = repo + keepingRecorders + calls

  /// A base that answers from fixed values.
  static let repo = """
    #import "PostRepo+Decorators.h"

    @interface Repo : NSObject <PostRepo> {
      BOOL _enabled;
    }
    @end

    @implementation Repo
    - (void)cancel { printf("base cancel\\n"); }
    - (void)getPostWithID:(NSInteger)postID completion:(void (^)(NSString *, NSError *))completion {
      // The decorators always pass a completion, to see how the call ends.
      if (completion == nil) {
        printf("base called without completion\\n");
      } else if (postID < 0) {
        completion(nil, [NSError errorWithDomain:@"Posts" code:404 userInfo:nil]);
      } else {
        completion(@"Hello", nil);
      }
    }
    - (void)createPostWithTitle:(NSString *)title body:(NSString *)body
                     completion:(void (^)(NSInteger, NSString *, NSError *))completion {
      completion(7, @"hello-world", nil);
    }
    - (BOOL)deletePostWithID:(NSInteger)postID error:(NSError **)error {
      if (postID == 1) return YES;
      if (error != NULL) *error = [NSError errorWithDomain:@"Posts" code:403 userInfo:nil];
      return NO;
    }
    - (id)lookUpKey:(NSString *)key error:(NSError **)error {
      if (error != NULL) *error = [NSError errorWithDomain:@"Posts" code:500 userInfo:nil];
      return nil;
    }
    - (NSString *)authenticateWithUsername:(NSString *)username password:(NSString *)password {
      return [password isEqualToString:@"hunter2"] ? @"token-abc" : nil;
    }
    - (double)scoreForTitle:(NSString *)title { return 2.5; }
    - (NSString *)name { return @"posts"; }
    - (BOOL)isEnabled { return _enabled; }
    - (void)setEnabled:(BOOL)enabled { _enabled = enabled; }
    - (void)refresh { printf("base refresh\\n"); }
    @end

    """

  /// Every call, through each decorator.
  static let calls = """
    static void callEverything(id<PostRepo> repo) {
      [repo getPostWithID:3 completion:^(NSString *title, NSError *error) {
        printf("title %s\\n", [title UTF8String]);
      }];
      [repo getPostWithID:-1 completion:^(NSString *title, NSError *error) {
        printf("error %ld\\n", (long)[error code]);
      }];
      [repo createPostWithTitle:@"Hi" body:@"Body" completion:^(NSInteger postID, NSString *slug,
                                                                NSError *error) {
        printf("created %ld %s\\n", (long)postID, [slug UTF8String]);
      }];
      [repo getPostWithID:4 completion:nil];
      NSError *error = nil;
      printf("deleted %d\\n", [repo deletePostWithID:1 error:&error]);
      printf("deleted %d %ld\\n", [repo deletePostWithID:2 error:&error], (long)[error code]);
      printf("deleted %d without error\\n", [repo deletePostWithID:2 error:NULL]);
      printf("found %d\\n", [repo lookUpKey:@"k" error:&error] != nil);
      printf("token %s\\n", [[repo authenticateWithUsername:@"ann" password:@"hunter2"] UTF8String]);
      printf("score %g\\n", [repo scoreForTitle:nil]);
      [repo setEnabled:YES];
      printf("name %s enabled %d\\n", [[repo name] UTF8String], [repo isEnabled]);
      printf("responds refresh %d legacyReset %d\\n", [repo respondsToSelector:@selector(refresh)],
             [repo respondsToSelector:@selector(legacyReset)]);
      [repo refresh];
      [repo cancel];
    }

    int main(void) {
      @autoreleasepool {
        Repo *repo = [[Repo alloc] init];
        KeepingLogger *logger = [[KeepingLogger alloc] init];
        printf("-- logging\\n");
        callEverything([[VNRLoggingPostRepo alloc] initWithBase:repo logger:logger]);
        for (NSString *line in logger->_lines) printf("log %s\\n", [line UTF8String]);

        KeepingTracker *tracker = [[KeepingTracker alloc] init];
        printf("-- analytics\\n");
        callEverything([[VNRAnalyticsPostRepo alloc] initWithBase:repo tracker:tracker]);
        for (NSString *event in tracker->_events) printf("event %s\\n", [event UTF8String]);

        printf("-- intercepting\\n");
        VNRInterceptingPostRepo *intercepting = [[VNRInterceptingPostRepo alloc] initWithBase:repo];
        [intercepting setBeforeScoreForTitle:^(NSString *title) { printf("before score\\n"); }];
        [intercepting setInsteadScoreForTitle:^double(id<PostRepo> base, NSString *title) {
          printf("instead score\\n");
          return [base scoreForTitle:title] * 2;
        }];
        [intercepting setAfterScoreForTitle:^(double result, NSString *title) {
          printf("after score %g\\n", result);
        }];
        [intercepting setInsteadCancel:^(id<PostRepo> base) { printf("instead cancel\\n"); }];
        printf("score %g\\n", [intercepting scoreForTitle:@"x"]);
        [intercepting cancel];
        [intercepting setInsteadCancel:nil];
        [intercepting cancel];
        [intercepting release];
      }
      return 0;
    }

    """

  /// Writes `generation`'s files and `program` as `main.m` into `folder`, compiles them with
  /// every warning but unused parameters an error (and `flags`), and runs the program.
  static func compileAndRun(
    _ generation: Generation, program: String, in folder: TemporaryFolder,
    includeFolders: [String], flags: [String] = []
  ) throws -> (compiled: Bool, status: Int32, output: String, errors: String) {
    for file in generation.files { _ = try folder.write(file.name, file.contents) }
    let main = try folder.write("main.m", program)
    let decorators = generation.files.map(\.name).filter {
      $0.hasSuffix(".m") && $0 != "VNRRuntime.m"
    }
    return try ObjCToolchain.compileAndRun(
      [main] + decorators.map { folder.path + "/" + $0 }, in: folder.path,
      includeFolders: includeFolders, runtime: folder.path + "/VNRRuntime.m",
      warnings: ["-Wall", "-Wextra", "-Wno-unused-parameter"] + flags)
  }

  @Test func decoratorsCompileWithoutWarningsAndDoWhatTheySay() throws {
    let generation = Self.generate()
    #expect(!generation.hasErrors, "\(generation.diagnostics)")
    let run = try Self.compileAndRun(
      generation, program: Self.program, in: TemporaryFolder(), includeFolders: [Self.headers])
    #expect(run.compiled, "\(run.errors)")
    #expect(run.status == 0, "\(run.errors)")
    let lines = run.output.split(separator: "\n").map(String.init)
    let calls = [
      "title Hello", "error 404", "created 7 hello-world", "deleted 1", "deleted 0 403",
      "deleted 0 without error", "found 0", "token token-abc", "score 2.5", "name posts enabled 1",
      "responds refresh 1 legacyReset 0", "base refresh", "base cancel",
    ]
    let logging = lines.filter { $0.hasPrefix("log ") }
    #expect(Array(lines.prefix(calls.count + 1)) == ["-- logging"] + calls)
    // Level 1 is debug, 5 error; the password is redacted, a string private unless declared
    // public (a title, the result of getting a post), and no failure quotes a message.
    #expect(
      Array(logging.prefix(8)) == [
        "log 1 PostRepo.getPostWithID:completion: called completion=<block> postID=3",
        "log 1 PostRepo.getPostWithID:completion: returned duration result=Hello",
        "log 1 PostRepo.getPostWithID:completion: called completion=<block> postID=-1",
        "log 5 PostRepo.getPostWithID:completion: failed duration error=Posts 404",
        "log 1 PostRepo.createPostWithTitle:body:completion: called body=<private> completion=<block> title=Hi",
        "log 1 PostRepo.createPostWithTitle:body:completion: returned duration result=postID=7, slug=<private>",
        "log 1 PostRepo.getPostWithID:completion: called completion=nil postID=4",
        "log 1 PostRepo.getPostWithID:completion: returned duration result=Hello",
      ])
    #expect(!run.output.contains("hunter2"))
    #expect(
      logging.contains("log 5 PostRepo.deletePostWithID:error: failed duration error=Posts 403"))
    #expect(
      logging.contains(
        "log 1 PostRepo.authenticateWithUsername:password: called password=<redacted> username=<private>"
      )
    )
    #expect(logging.contains("log 1 PostRepo.scoreForTitle: returned duration result=2.5"))

    let analyticsStart = try #require(lines.firstIndex(of: "-- analytics"))
    #expect(Array(lines[(analyticsStart + 1)...].prefix(calls.count)) == calls)
    let events = lines.filter { $0.hasPrefix("event ") }
    #expect(
      events == [
        "event post_repo.get_post_with_id duration_ms",
        "event post_repo.get_post_with_id_failed duration_ms error_code=404 error_domain=Posts",
        "event post_repo.create_post_with_title duration_ms",
        "event post_repo.get_post_with_id duration_ms",
        "event post_repo.delete_post_with_id duration_ms",
        "event post_repo.delete_post_with_id_failed duration_ms error_code=403 error_domain=Posts",
        "event post_repo.delete_post_with_id_failed duration_ms error_code=403 error_domain=Posts",
        "event post_repo.look_up_key_failed duration_ms error_code=500 error_domain=Posts",
        "event post_repo.authenticate_with_username duration_ms",
        "event post_repo.score_for_title duration_ms",
        "event posts_refreshed duration_ms",
        "event post_repo.cancel duration_ms",
      ])

    let interceptingStart = try #require(lines.firstIndex(of: "-- intercepting"))
    #expect(
      Array(lines[(interceptingStart + 1)...]) == [
        "before score", "instead score", "after score 5", "score 5", "instead cancel",
        "base cancel",
      ])
  }

  /// Every route by which a secret could leave through an Objective-C decorator: values are
  /// private unless declared public (numbers by value, strings as `<private>` whatever they are
  /// called, a class that adopts `VNRLogDescribing` as it says), others as their class alone;
  /// a name or selector piece that looks secret hides its value; errors by domain and code; what
  /// a call given a secret hands back is redacted.
  @Test func noSecretLeavesByAnyRoute() throws {
    let folder = try TemporaryFolder()
    let header = try folder.write(
      "Accounts.h",
      """
      #import <Foundation/Foundation.h>

      @class NewUser, Profile;

      NS_ASSUME_NONNULL_BEGIN

      // veneer: logging, analytics
      @protocol Accounts <NSObject>
      - (nullable NSString *)loginWithUser:(NSString *)user password:(NSString *)password
                                     error:(NSError **)error;
      - (NewUser *)openWithUser:(NSString *)user;
      // veneer: analytics(properties: [user])
      - (void)registerUser:(NewUser *)user;
      // veneer: analytics(properties: [headers])
      - (void)sendHeaders:(NSDictionary<NSString *, NSString *> *)headers;
      - (void)verifyJWT:(NSString *)jwt authHeader:(NSString *)authHeader
          encryptionKey:(NSString *)encryptionKey mfaCode:(NSString *)mfaCode
                   pass:(NSString *)pass key:(NSString *)key;
      // veneer: analytics(properties: [profile])
      - (void)updateProfile:(Profile *)profile;
      - (void)setPassword:(NSString *)value;
      - (BOOL)chargeWithNumber:(NSString *)number amountCents:(NSInteger)amountCents;
      - (NSString *)decrypt:(NSData *)data;
      - (NSString *)current;
      - (void)authorizeUser:(NSString *)user password:(NSString *)password
                 completion:(void (^)(NSString *_Nullable token, NSError *_Nullable error))completion;
      // An event name that a trigraph (`??/`, a backslash under -trigraphs) would end early.
      // veneer: analytics(event: "??/\\", nil, 0); abort(); //")
      - (void)ping;
      @end

      NS_ASSUME_NONNULL_END
      """)
    let generation = Generator().generate(Configuration(sources: [header], output: "unused"))
    #expect(!generation.hasErrors, "\(generation.diagnostics)")
    let accountCalls = """
      static void callEverything(id<Accounts> accounts) {
        NSError *error = nil;
        [accounts loginWithUser:@"ada" password:@"pw_SECRET" error:&error];
        [accounts openWithUser:@"ada"];
        NewUser *user = [[[NewUser alloc] init] autorelease];
        user->_name = @"ada";
        user->_password = @"pw_SECRET";
        [accounts registerUser:user];
        [accounts sendHeaders:[NSDictionary dictionaryWithObject:@"Bearer SECRET"
                                                          forKey:@"Authorization"]];
        [accounts verifyJWT:@"jwt_SECRET" authHeader:@"Basic SECRET" encryptionKey:@"ek_SECRET"
                    mfaCode:@"SECRET_1" pass:@"pass_SECRET" key:@"key_SECRET"];
        Profile *profile = [[[Profile alloc] init] autorelease];
        profile->_name = @"ada";
        profile->_recoveryPhrase = @"phrase SECRET";
        [accounts updateProfile:profile];
        [accounts authorizeUser:@"ada" password:@"pw_SECRET" completion:^(NSString *token,
                                                                         NSError *failure) {}];
        [accounts setPassword:@"value_SECRET"];
        [accounts chargeWithNumber:@"4111_SECRET" amountCents:995];
        [accounts decrypt:[@"cipher" dataUsingEncoding:NSUTF8StringEncoding]];
        [accounts current];
        [accounts ping];
      }

      int main(void) {
        @autoreleasepool {
          Echo *echo = [[[Echo alloc] init] autorelease];
          KeepingLogger *logger = [[[KeepingLogger alloc] init] autorelease];
          callEverything([[[VNRLoggingAccounts alloc] initWithBase:echo logger:logger] autorelease]);
          for (NSString *line in logger->_lines) printf("log %s\\n", [line UTF8String]);
          KeepingTracker *tracker = [[[KeepingTracker alloc] init] autorelease];
          callEverything(
              [[[VNRAnalyticsAccounts alloc] initWithBase:echo tracker:tracker] autorelease]);
          for (NSString *event in tracker->_events) printf("event %s\\n", [event UTF8String]);
        }
        return 0;
      }

      """
    let program =
      """
      #import <Foundation/Foundation.h>

      @interface NewUser : NSObject {
      @public
        NSString *_name;
        NSString *_password;
      }
      @end

      @interface Profile : NSObject {
      @public
        NSString *_name;
        NSString *_recoveryPhrase;
      }
      @end

      #import "Accounts+Decorators.h"

      @implementation NewUser
      @end

      @implementation Profile
      @end

      @interface Profile (Logged) <VNRLogDescribing>
      @end

      @implementation Profile (Logged)
      - (NSString *)vnr_logDescription {
        return [NSString stringWithFormat:@"Profile(name: %@)", self->_name];
      }
      @end

      @interface Echo : NSObject <Accounts>
      @end

      @implementation Echo
      - (NSString *)loginWithUser:(NSString *)user password:(NSString *)password
                            error:(NSError **)error {
        if (error != NULL) {
          NSString *message = [NSString stringWithFormat:@"wrong password %@", password];
          *error = [NSError errorWithDomain:@"Accounts" code:401
                                   userInfo:[NSDictionary dictionaryWithObject:message
                                                                        forKey:NSLocalizedDescriptionKey]];
        }
        return nil;
      }
      - (NewUser *)openWithUser:(NSString *)user {
        NewUser *opened = [[[NewUser alloc] init] autorelease];
        opened->_name = user;
        opened->_password = @"pw_SECRET";
        return opened;
      }
      - (void)registerUser:(NewUser *)user {}
      - (void)sendHeaders:(NSDictionary<NSString *, NSString *> *)headers {}
      - (void)verifyJWT:(NSString *)jwt authHeader:(NSString *)authHeader
          encryptionKey:(NSString *)encryptionKey mfaCode:(NSString *)mfaCode
                   pass:(NSString *)pass key:(NSString *)key {}
      - (void)updateProfile:(Profile *)profile {}
      - (void)authorizeUser:(NSString *)user password:(NSString *)password
                 completion:(void (^)(NSString *, NSError *))completion {
        completion(@"tok_SECRET", nil);
      }
      - (void)setPassword:(NSString *)value {}
      - (BOOL)chargeWithNumber:(NSString *)number amountCents:(NSInteger)amountCents { return YES; }
      - (NSString *)decrypt:(NSData *)data { return @"plain_SECRET"; }
      - (NSString *)current { return @"session_SECRET"; }
      - (void)ping {}
      @end

      """ + Self.keepingRecorders + accountCalls
    let run = try Self.compileAndRun(
      generation, program: program, in: folder, includeFolders: [folder.path],
      flags: ["-trigraphs", "-Wno-trigraphs"])
    #expect(run.compiled, "\(run.errors)")
    #expect(run.status == 0, "\(run.errors)")
    #expect(!run.output.contains("SECRET"), "\(run.output)")
    let lines = run.output.split(separator: "\n").map(String.init)
    for expected in [
      "log 5 Accounts.loginWithUser:password:error: failed duration error=Accounts 401",
      "log 1 Accounts.openWithUser: returned duration result=NewUser(…)",
      "log 1 Accounts.registerUser: called user=NewUser(…)",
      "log 1 Accounts.sendHeaders: called headers=NSDictionary (1 entries)",
      "log 1 Accounts.verifyJWT:authHeader:encryptionKey:mfaCode:pass:key: called "
        + "authHeader=<redacted> encryptionKey=<redacted> jwt=<redacted> key=<redacted> "
        + "mfaCode=<redacted> pass=<redacted>",
      "log 1 Accounts.updateProfile: called profile=Profile(name: ada)",
      "log 1 Accounts.authorizeUser:password:completion: returned duration result=<redacted>",
      "log 1 Accounts.openWithUser: called user=<private>",
      "log 1 Accounts.setPassword: called value=<redacted>",
      "log 1 Accounts.chargeWithNumber:amountCents: called amountCents=995 number=<private>",
      "log 1 Accounts.decrypt: called data=<private>",
      "log 1 Accounts.decrypt: returned duration result=<private>",
      "log 1 Accounts.current returned duration result=<private>",
      "event accounts.register_user duration_ms user=NewUser(…)",
      "event accounts.send_headers duration_ms headers=NSDictionary (1 entries)",
      "event accounts.update_profile duration_ms profile=Profile(name: ada)",
      #"event ??/", nil, 0); abort(); // duration_ms"#,
    ] {
      #expect(lines.contains(expected), "missing: \(expected)\n\(run.output)")
    }
  }

  /// What no decorator can do is said, located, with the rule that stands in the way.
  @Test func undecoratableProtocolsAndMembersAreReportedWithTheirRule() {
    let generation = Self.generate()
    let warnings = generation.diagnostics.map { "\($0.location?.line ?? 0): \($0.message)" }
    #expect(
      warnings == [
        "36: PostRepo's optional variadic method -logFormat: is not forwarded by its decorators: "
          + "Objective-C cannot forward a variadic method's arguments",
        "37: PostRepo's optional class method +version is not forwarded by its decorators: a "
          + "decorator wraps one object and has no class to forward a class method to",
        "44: Clock is not decorated: its required class method +sharedClock must be implemented "
          + "by a conforming class, and a decorator wraps one object and has no class to forward "
          + "a class method to",
        "50: Printer is not decorated: its required variadic method -printFormat: must be "
          + "implemented by a conforming class, and Objective-C cannot forward a variadic "
          + "method's arguments",
      ])
    #expect(generation.diagnostics.allSatisfy { $0.severity == .warning })
    #expect(
      generation.files.map(\.name) == [
        "PostRepo+Decorators.h", "PostRepo+Decorators.m", "VNRRuntime.h", "VNRRuntime.m",
      ])
  }

  /// Objective-C names that make one file name (`A$B` and `A_B`; `Foo` and `FOO` on macOS)
  /// are an error at the later protocol, told once for its header and implementation, and
  /// nothing is written.
  @Test func protocolsThatWouldShareAFileAreAnError() throws {
    let folder = try TemporaryFolder()
    let header = try folder.write(
      "Clash.h",
      """
      #import <Foundation/Foundation.h>
      // veneer: logging
      @protocol A$B <NSObject>
      - (void)a;
      @end
      // veneer: logging
      @protocol A_B <NSObject>
      - (void)b;
      @end
      // veneer: logging
      @protocol Foo <NSObject>
      - (void)c;
      @end
      // veneer: logging
      @protocol FOO <NSObject>
      - (void)d;
      @end
      """)
    let generation = Generator().generate(Configuration(sources: [header], output: "unused"))
    #expect(
      generation.diagnostics.map { "\($0.location?.line ?? 0): \($0.message)" } == [
        "7: the decorators of A_B (here) and the decorators of A$B (at \(header):3:11) would "
          + "both be written to A_B+Decorators.h; rename the protocol, or leave one out "
          + "('exclude' under 'sources', or '// veneer: skip' on it)",
        "15: the decorators of FOO (here) and the decorators of Foo (at \(header):11:11) would "
          + "be written to FOO+Decorators.h and Foo+Decorators.h, whose names differ only in "
          + "case or Unicode normalization: one file on a file system such as macOS's; rename "
          + "the protocol, or leave one out ('exclude' under 'sources', or '// veneer: skip' on "
          + "it)",
      ])
    #expect(generation.hasErrors)
  }

  /// The event map names Objective-C methods by selector, checked as strictly as Swift's.
  /// `checkout:didComplete:` and `checkout:didFailWithError:` tracked one event between them,
  /// `….checkout`: a first piece that repeats names the events by the whole selector.
  @Test func selectorsSharingAFirstPieceTrackEventsOfTheirOwn() throws {
    let folder = try TemporaryFolder()
    let header = try folder.write(
      "Checkout.h",
      """
      #import <Foundation/Foundation.h>
      // veneer: analytics
      @protocol CheckoutDelegate <NSObject>
      - (void)checkout:(NSString *)order didComplete:(NSInteger)total;
      - (void)checkout:(NSString *)order didFailWithError:(NSError *)error;
      - (void)reset;
      @end
      """)
    let generation = Generator().generate(Configuration(sources: [header], output: "unused"))
    let implementation = try #require(
      generation.files.first { $0.name == "CheckoutDelegate+Decorators.m" }
    ).contents
    for event in ["checkout_did_complete", "checkout_did_fail_with_error", "reset"] {
      #expect(implementation.contains("@\"checkout_delegate.\(event)\""), "\(event)")
    }
  }

  /// `analytics(properties:)` names an argument by its name or its selector piece, as Swift's
  /// by name or label: the piece was accepted by the check and then tracked nothing.
  @Test func analyticsPropertiesNameArgumentsBySelectorPieceToo() throws {
    let folder = try TemporaryFolder()
    let header = try folder.write(
      "Posts.h",
      """
      #import <Foundation/Foundation.h>
      // veneer: analytics
      @protocol Posts <NSObject>
      // veneer: analytics(properties: [inSection, postID])
      - (void)showPost:(NSInteger)postID inSection:(NSInteger)section;
      @end
      """)
    let generation = Generator().generate(Configuration(sources: [header], output: "unused"))
    #expect(generation.diagnostics.isEmpty, "\(generation.diagnostics)")
    let implementation = try #require(
      generation.files.first { $0.name == "Posts+Decorators.m" }
    ).contents
    for name in ["postID", "section"] {
      #expect(
        implementation.contains(
          "VNRDescribeValue(&\(name), @encode(__typeof__(\(name))), VNRDefaultValueLimit, "
            + "VNRDisclosurePublic), @\"\(name)\""), "\(name)")
    }
    let run = try Self.compile(generation, headers: folder.path)
    #expect(run.compiled, "\(run.errors)")
  }

  /// `annotations:` in `veneer.yml` declares for headers as for Swift: by selector, checked,
  /// and a selector that names no method is an error at its line.
  @Test func veneerYMLDeclaresForHeadersAsForSwift() throws {
    let location = SourceLocation(file: "veneer.yml", line: 3, column: 3)
    let text = SourceLocation(file: "veneer.yml", line: 3, column: 28)
    let declared = Self.generate { configuration in
      configuration.annotationMap = [
        AnnotationMapEntry(
          target: Located("PostRepo.scoreForTitle", at: location),
          text: Located("public(title)", at: text))
      ]
    }
    #expect(!declared.hasErrors, "\(declared.diagnostics)")
    let implementation = try #require(declared.files.first { $0.name == "PostRepo+Decorators.m" })
    #expect(
      implementation.contents.contains(
        "VNRDescribeValue(&title, @encode(__typeof__(title)), VNRDefaultValueLimit, "
          + "VNRDisclosurePublic), @\"title\""))
    let mistaken = Self.generate { configuration in
      configuration.annotationMap = [
        AnnotationMapEntry(
          target: Located("PostRepo.scoreForTitel", at: location),
          text: Located("public(title)", at: text)),
        AnnotationMapEntry(
          target: Located("PostRepo.scoreForTitle", at: location),
          text: Located("public(titel)", at: text)),
      ]
    }
    #expect(
      mistaken.diagnostics.map(\.description) == [
        "veneer.yml:3:3: error: 'annotations' names 'scoreForTitel', which is not a method of "
          + "@protocol PostRepo; did you mean 'scoreForTitle:'?",
        "veneer.yml:3:28: error: 'public' names 'titel', which is not a parameter here; did you "
          + "mean 'title'?",
      ])
  }

  @Test func theEventMapNamesSelectorsAndRefusesOnesThatDoNotExist() throws {
    let location = SourceLocation(file: "veneer.yml", line: 4, column: 3)
    let mapped = Self.generate { configuration in
      configuration.eventMap = [
        EventMapEntry(
          // As YAML reads an unquoted key: without its last colon.
          requirement: Located("PostRepo.createPostWithTitle:body:completion", at: location),
          success: "post_created", properties: [Located("title")]),
        EventMapEntry(
          requirement: Located("PostRepo.deletePostWithID", at: location), isTracked: false),
      ]
    }
    #expect(!mapped.hasErrors, "\(mapped.diagnostics)")
    let implementation = try #require(mapped.files.first { $0.name == "PostRepo+Decorators.m" })
    #expect(
      implementation.contents.contains(
        "VNRTrack(_tracker, @\"post_created\", [NSDictionary dictionaryWithObjectsAndKeys:VNRDescribeValue(&title, @encode(__typeof__(title)), VNRDefaultValueLimit, VNRDisclosurePublic), @\"title\", nil], nil, vnr_start);"
      ))
    #expect(!implementation.contents.contains("delete_post_with_id"))
    // Tracked properties are read inside the block wrapping the completion: compiled, not only
    // read.
    let compiledMap = try Self.compile(mapped, headers: Self.headers)
    #expect(compiledMap.compiled, "\(compiledMap.errors)")

    // `track: mapped`: the mapped call and the annotated one, nothing else.
    let mappedOnly = Self.generate { configuration in
      configuration.render.tracksUnnamedCalls = false
      configuration.eventMap = [
        EventMapEntry(
          requirement: Located("PostRepo.createPostWithTitle:body:completion:", at: location),
          success: "post_created")
      ]
    }
    let events = try #require(mappedOnly.files.first { $0.name == "PostRepo+Decorators.m" })
      .contents.components(separatedBy: "\n").filter { $0.contains("VNRTrack(") }
      .map { $0.split(separator: ",")[1].trimmingCharacters(in: .whitespaces) }
    #expect(events == [#"@"post_created_failed""#, #"@"post_created""#, #"@"posts_refreshed""#])

    let wrong = Self.generate { configuration in
      configuration.eventMap = [
        EventMapEntry(requirement: Located("PostRepo.getPostWithId:completion:", at: location)),
        EventMapEntry(requirement: Located("PostRepo.get", at: location)),
        // Free text from veneer.yml reaches a terminal only escaped.
        EventMapEntry(requirement: Located("PostRepo.run\u{1B}[2J", at: location)),
        EventMapEntry(
          requirement: Located("PostRepo.getPostWithID:completion:", at: location),
          properties: [Located("postId", at: location)]),
      ]
    }
    #expect(
      wrong.diagnostics.filter { $0.severity == .error }.map(\.description) == [
        "veneer.yml:4:3: error: event map names 'getPostWithId:completion:', which is not a "
          + "method of @protocol PostRepo; did you mean 'getPostWithID:completion:'?",
        "veneer.yml:4:3: error: event map names 'get', which is not a method of @protocol "
          + "PostRepo; did you mean 'getPostWithID:completion:'?",
        "veneer.yml:4:3: error: event map names 'run\\u{1B}[2J', which is not a method of "
          + "@protocol PostRepo",
        "veneer.yml:4:3: error: analytics property 'postId' is not a parameter of "
          + "PostRepo.getPostWithID:completion:; did you mean 'postID'?",
      ])
    #expect(wrong.files.isEmpty)
  }

  /// Member shapes of real headers, `%` standing for a number that keeps names apart.
  static let memberShapes = [
    "- (void)run%;",
    "- (NSInteger)count%:(NSInteger)value%;",
    "- (nullable NSString *)title%:(nullable NSString *)text% flag:(BOOL)flag%;",
    "- (void)load%:(NSInteger)id% completion:(void (^)(NSData *_Nullable data, NSError *_Nullable error))completion;",
    "- (void)stop%:(nullable void (^)(void))handler;",
    "- (void)fetch%:(void (^)(BOOL ok))callback%;",
    "- (BOOL)save%:(id)value% error:(NSError **)error;",
    "- (nullable id)read%:(NSString *)key% error:(NSError *_Nullable *_Nullable)error;",
    "- (instancetype)copyWithZone%;",
    "- (void (^)(void))block%;",
    "- (NSRange)range%:(NSRange)r%;",
    "- (void)write%:(char *)bytes% count:(unsigned long long)n% selector:(SEL)s%;",
    "- (void)visit%:(void (^)(void (^inner)(void)))visitor%;",
    "- (void)login%:(NSString *)user password:(NSString *)password token:(NSString *)authToken;",
    "// veneer: analytics(event: \"odd \\\"event\\\" %\", properties: [value%])\n- (void)track%:(NSInteger)value%;",
    "// veneer: skip(intercepting)\n- (void)quiet%;",
    "@property (nonatomic, copy, nullable) NSString *name%;",
    "@property (nonatomic, readonly) double score%;",
    "@property (nonatomic, getter=isOn%, setter=turnOn%:) BOOL on%;",
    "@optional",
    "+ (void)class%;",
    "- (void)format%:(NSString *)format, ...;",
  ]

  /// The shapes that never leave a protocol undecorated: the rest of `memberShapes` but a
  /// required class or variadic method.
  static let decoratableShapes = memberShapes.filter {
    !$0.hasPrefix("+") && !$0.contains(", ...") && $0 != "@optional"
  }

  /// `generation`'s decorators and runtime written to a folder, with a program importing every
  /// header, compiled and linked against GNUstep under `-Wall -Wextra -Werror`; the protocols'
  /// headers are found in `headers`.
  static func compile(_ generation: Generation, headers: String) throws -> (
    compiled: Bool, status: Int32, output: String, errors: String
  ) {
    let folder = try TemporaryFolder()
    for file in generation.files { _ = try folder.write(file.name, file.contents) }
    let imports = generation.files.filter { $0.name.hasSuffix("+Decorators.h") }.map {
      "#import \"\($0.name)\"\n"
    }
    let main = try folder.write("main.m", imports.joined() + "int main(void) { return 0; }\n")
    let sources =
      [main]
      + generation.files.map(\.name).filter { $0.hasSuffix(".m") && $0 != "VNRRuntime.m" }.map {
        folder.path + "/" + $0
      }
    return try ObjCToolchain.compileAndRun(
      sources, in: folder.path, includeFolders: [headers],
      runtime: folder.path + "/VNRRuntime.m",
      warnings: ["-Wall", "-Wextra", "-Wno-unused-parameter"])
  }

  /// Protocols of random members, every one decorated by all three templates: the output
  /// compiles without a warning and links, whatever the mix.
  @Test func decoratorsOfRandomProtocolsCompile() throws {
    var generator = SystemRandomNumberGenerator()
    for round in 0..<4 {
      let folder = try TemporaryFolder()
      var header = "#import <Foundation/Foundation.h>\n\nNS_ASSUME_NONNULL_BEGIN\n\n"
      var shapes: [String] = []
      for protocolIndex in 0..<3 {
        header +=
          "// veneer: logging, analytics, intercepting\n@protocol Random\(protocolIndex) <NSObject>\n"
        for member in 0..<12 {
          let shape = (protocolIndex == 0 ? Self.decoratableShapes : Self.memberShapes)
            .randomElement(using: &generator)!
          shapes.append(shape)
          header += shape.replacingOccurrences(of: "%", with: "\(protocolIndex)x\(member)") + "\n"
        }
        header += "@end\n\n"
      }
      header += "NS_ASSUME_NONNULL_END\n"
      let path = try folder.write("Random.h", header)
      let generation = Generator().generate(Configuration(sources: [path], output: "unused"))
      #expect(!generation.hasErrors, "round \(round): \(generation.diagnostics)\n\(header)")
      // Random0 has no required class or variadic method, which leave a protocol undecorated.
      #expect(generation.files.contains { $0.name == "Random0+Decorators.m" })
      let run = try Self.compile(generation, headers: folder.path)
      #expect(run.compiled, "round \(round): \(run.errors)\n\(header)")
    }
  }

  /// Generating twice gives the same bytes.
  @Test func outputIsDeterministic() {
    #expect(Self.generate().files == Self.generate().files)
  }
}
