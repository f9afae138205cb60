// The loader of the articles Veneer comes from, as an Objective-C app declares it: analytics
// mapped to events in veneer.yml (as Aspects-based analytics libraries do, but checked when
// Veneer runs rather than when the app starts), logging, and advice around a call.
#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

// veneer: logging, analytics, intercepting
/// Loads the app's items.
@protocol LoaderService <NSObject>
/// Loads every item, then calls `completion` with them or an error.
- (void)loadWithCompletion:(void (^)(NSArray<NSString *> *_Nullable items,
                                     NSError *_Nullable error))completion;
/// Signs in; the password never reaches a log.
- (BOOL)signInWithUsername:(NSString *)username
                  password:(NSString *)password
                     error:(NSError **)error;
@optional
- (void)cancel;
@end

NS_ASSUME_NONNULL_END
