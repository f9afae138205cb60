// The app: a loader wrapped in Veneer's decorators, nothing of logging, analytics or advice in
// its own code. `bash run.sh` builds and runs it.
#import "Generated/LoaderService+Decorators.h"

@interface Loader : NSObject <LoaderService>
@end

@implementation Loader
- (void)loadWithCompletion:(void (^)(NSArray<NSString *> *, NSError *))completion {
  completion([NSArray arrayWithObjects:@"Dune", @"Solaris", nil], nil);
}
- (BOOL)signInWithUsername:(NSString *)username
                  password:(NSString *)password
                     error:(NSError **)error {
  if ([password isEqualToString:@"open sesame"]) return YES;
  if (error != NULL) *error = [NSError errorWithDomain:@"Auth" code:401 userInfo:nil];
  return NO;
}
@end

/// Prints each event; an app forwards them to its analytics service.
@interface PrintingTracker : NSObject <VNRAnalyticsTracker>
@end

@implementation PrintingTracker
- (void)trackEvent:(NSString *)name properties:(NSDictionary<NSString *, id> *)properties {
  printf("event %s%s\n", [name UTF8String],
         [properties objectForKey:@"error_code"] == nil
             ? ""
             : [[@" error_code=" stringByAppendingString:[properties objectForKey:@"error_code"]]
                   UTF8String]);
}
@end

int main(void) {
  @autoreleasepool {
    id<LoaderService> loader = [[Loader alloc] init];
    VNRInterceptingLoaderService *advised = [[VNRInterceptingLoaderService alloc] initWithBase:loader];
    [advised setBeforeLoadWithCompletion:^(void (^completion)(NSArray<NSString *> *, NSError *)) {
      printf("before load\n");
    }];
    id<LoaderService> service = [[VNRAnalyticsLoaderService alloc]
        initWithBase:[[VNRLoggingLoaderService alloc]
                         initWithBase:advised
                               logger:[[VNRConsoleLogger alloc]
                                          initWithMinimumLevel:VNRLogLevelDebug]]
             tracker:[[PrintingTracker alloc] init]];

    [service loadWithCompletion:^(NSArray<NSString *> *items, NSError *error) {
      printf("loaded %lu items\n", (unsigned long)[items count]);
    }];
    NSError *error = nil;
    printf("signed in: %d\n", [service signInWithUsername:@"ann" password:@"guess" error:&error]);
    printf("signed in: %d\n", [service signInWithUsername:@"ann" password:@"open sesame" error:&error]);
    printf("responds to cancel: %d\n", [service respondsToSelector:@selector(cancel)]);
  }
  return 0;
}
