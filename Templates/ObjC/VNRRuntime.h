// What Veneer's Objective-C decorators call: a logger and an analytics tracker to give them,
// and the helpers their code shares. Add VNRRuntime.h and VNRRuntime.m to the target that
// compiles the decorators.
#import <Foundation/Foundation.h>

// Decorators keep their base, logger and advice with or without ARC: GNUstep's runtime on Linux
// has no ARC, Apple's apps nearly always do.
// Blocks are copied with Block_copy without ARC: with GNUstep's runtime on Linux they are not
// objects that answer -copy, and its Block_release does not take nil.
#if __has_feature(objc_arc)
#define VNRRetained(value) (value)
#define VNRRelease(value) ((void)(value))
#define VNRCopiedBlock(block) [(block) copy]
#define VNRReleaseBlock(block) ((void)(block))
#else
#include <Block.h>
#define VNRRetained(value) [(value) retain]
#define VNRRelease(value) [(value) release]
#define VNRCopiedBlock(block) ((block) == NULL ? (block) : Block_copy(block))
#define VNRReleaseBlock(block) ((block) == NULL ? (void)0 : Block_release(block))
#endif

NS_ASSUME_NONNULL_BEGIN

/// How much a message matters, as swift-log's levels.
typedef NS_ENUM(NSInteger, VNRLogLevel) {
  VNRLogLevelTrace,
  VNRLogLevelDebug,
  VNRLogLevelInfo,
  VNRLogLevelNotice,
  VNRLogLevelWarning,
  VNRLogLevelError,
  VNRLogLevelCritical,
};

/// Receives what logging decorators log; forward it to your logging system.
@protocol VNRLogger <NSObject>
/// Whether messages of `level` are wanted: decorators format nothing when they are not.
- (BOOL)isEnabledForLevel:(VNRLogLevel)level;
- (void)logLevel:(VNRLogLevel)level
         message:(NSString *)message
        metadata:(NSDictionary<NSString *, NSString *> *)metadata;
@end

/// Logs to standard error, from `minimumLevel` up.
@interface VNRConsoleLogger : NSObject <VNRLogger> {
  VNRLogLevel _minimumLevel;
}
- (instancetype)initWithMinimumLevel:(VNRLogLevel)minimumLevel;
@end

/// Receives the events analytics decorators record; forward them to your analytics service.
@protocol VNRAnalyticsTracker <NSObject>
- (void)trackEvent:(NSString *)name properties:(NSDictionary<NSString *, id> *)properties;
@end

/// How many characters of a value decorators log unless `value_limit` in veneer.yml says
/// otherwise: as many as Swift's decorators keep.
static const NSUInteger VNRDefaultValueLimit = 1024;

/// What a redacted argument or result is logged as.
extern NSString *const VNRRedacted;

/// A class that says how decorators write its objects in logs and analytics, instead of the
/// class name alone: a session that holds a token writes `Session(user: ada)`.
@protocol VNRLogDescribing <NSObject>
/// The text written for this object; never the secrets it holds.
@property(nonatomic, readonly, copy) NSString *vnr_logDescription;
@end

/// How a decorator writes a value: private unless the user declared otherwise, as Swift's
/// decorators do.
typedef NS_ENUM(NSInteger, VNRDisclosure) {
  /// The default: numbers (a `BOOL` is one) and arrays or sets of numbers by value; a string,
  /// URL, UUID, date or data as `<private>`; any other collection as its class and count, and
  /// any other object as its class (`VNRUser(…)`).
  VNRDisclosurePrivate,
  /// Declared with `public(name)`, or by naming it in `analytics(properties:)`: strings, URLs,
  /// UUIDs and dates by value too, and arrays or sets of them; other objects still as above.
  VNRDisclosurePublic,
  /// `log(full)`: its `description`.
  VNRDisclosureFull,
};

/// What a private string, date, UUID or data is written as.
extern NSString *const VNRPrivate;

/// `value` as decorators write it, as `disclosure` allows, cut to `limit` UTF-16 units with an
/// ellipsis: `nil` as "nil"; an object adopting `VNRLogDescribing` as its `vnr_logDescription`
/// either way; otherwise see `VNRDisclosure`.
NSString *VNRDescribe(id _Nullable value, NSUInteger limit, VNRDisclosure disclosure);

/// The value at `value`, of the type `encoding` gives (`@encode(__typeof__(x))`), described as
/// `VNRDescribe` does: numbers as numbers, objects as `VNRDescribe` allows, blocks, pointers and
/// structures by what they are, so that a decorator logs any argument without knowing its type.
NSString *VNRDescribeValue(const void *value, const char *encoding, NSUInteger limit,
                           VNRDisclosure disclosure);

/// Logs that `requirement` was called, with its arguments.
void VNRLogCalled(id<VNRLogger> logger, VNRLogLevel level, NSString *requirement,
                  NSDictionary<NSString *, NSString *> *arguments);

/// Logs that `requirement` returned, with its result when it has one, and how long it took.
void VNRLogReturned(id<VNRLogger> logger, VNRLogLevel level, NSString *requirement,
                    NSString *_Nullable result, double startMilliseconds);

/// Logs that `requirement` failed with `error`, and how long it took.
void VNRLogFailed(id<VNRLogger> logger, VNRLogLevel level, NSString *requirement,
                  NSError *_Nullable error, double startMilliseconds);

/// Tracks `event` with `properties`, the call's `duration_ms` and, for a failure, the error's
/// `error_domain` and `error_code`: never its message, which may hold what users typed.
void VNRTrack(id<VNRAnalyticsTracker> tracker, NSString *event,
              NSDictionary<NSString *, NSString *> *_Nullable properties, NSError *_Nullable error,
              double startMilliseconds);

/// Milliseconds on a clock that never goes back, for durations.
double VNRMonotonicMilliseconds(void);

NS_ASSUME_NONNULL_END
