// The Objective-C fixture catalog: protocols whose generated decorators the tests compile
// against GNUstep and call through.
#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

/// Cancels what it started.
@protocol Cancellable <NSObject>
- (void)cancel;
@end

// veneer: logging, analytics, intercepting
/// The app's posts: completion blocks of several arguments, an `NSError **`, a secret, scalars,
/// properties and optional methods.
@protocol PostRepo <Cancellable>
// veneer: public(result)
- (void)getPostWithID:(NSInteger)postID
           completion:(nullable void (^)(NSString *_Nullable title,
                                         NSError *_Nullable error))completion;
// veneer: public(title)
- (void)createPostWithTitle:(NSString *)title
                       body:(NSString *)body
                 completion:(void (^)(NSInteger postID, NSString *_Nullable slug,
                                      NSError *_Nullable error))completion;
- (BOOL)deletePostWithID:(NSInteger)postID error:(NSError **)error;
- (nullable id)lookUpKey:(NSString *)key error:(NSError **)error;
- (nullable NSString *)authenticateWithUsername:(NSString *)username
                                       password:(NSString *)password;
- (double)scoreForTitle:(nullable NSString *)title;
@property (nonatomic, readonly, copy) NSString *name;
@property (nonatomic, getter=isEnabled) BOOL enabled;

@optional
// veneer: analytics(event: "posts_refreshed")
- (void)refresh;
- (void)logFormat:(NSString *)format, ...;
+ (NSInteger)version;
- (void)legacyReset __attribute__((deprecated));
@end

// veneer: logging
/// A shared clock: its required class method leaves it undecorated.
@protocol Clock <NSObject>
+ (instancetype)sharedClock;
@end

// veneer: logging
/// A printer: its required variadic method leaves it undecorated.
@protocol Printer <NSObject>
- (void)printFormat:(NSString *)format, ...;
@end

NS_ASSUME_NONNULL_END
