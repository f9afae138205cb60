// Objective-C protocols Veneer's front end reads, in the shapes real headers use. The header
// imports Foundation, which need not be found: types are read as written.
#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

@class Post;
@class User;

// veneer: logging, analytics
/// Loads the app's items.
@protocol LoaderService <NSObject>

/// Loads every item, then calls `completion` with them or an error.
- (void)loadWithCompletion:(void (^)(NSArray<NSString *> *_Nullable items,
                                     NSError *_Nullable error))completion;

@end

/// Posts, fetched and created with completion blocks.
@protocol PostRepo <LoaderService>
@required
- (void)getPostWithID:(NSInteger)postID
           completion:(void (^)(Post *_Nullable post, NSError *_Nullable error))completion;
- (void)createPostWithTitle:(NSString *)title
                       body:(NSString *)body
                 completion:(void (^)(Post *_Nullable post, NSError *_Nullable error))completion;

// veneer: redact(password)
- (nullable User *)authenticateWithUsername:(NSString *)username password:(NSString *)password;

- (BOOL)deletePostWithID:(NSInteger)postID error:(NSError **)error;

+ (instancetype)sharedRepository NS_SWIFT_NAME(shared());

@property (nonatomic, readonly, copy) NSString *name;
@property (nonatomic, getter=isEnabled) BOOL enabled;
@property (class, nonatomic, readonly) NSInteger version;

@optional
/** veneer: analytics(event: "post_repo_refreshed") */
- (void)refresh;
- (void)logFormat:(NSString *)format, ...;
- (void)legacyReset DEPRECATED_ATTRIBUTE;
@property (nonatomic, nullable) id delegate;

@end

@protocol Forwarded;

NS_ASSUME_NONNULL_END

// Outside the region: nothing assumed.
@protocol Untyped
- (id)valueForName:(NSString *)name;
@end
