// What Veneer's Objective-C decorators call: a logger and an analytics tracker to give them,
// and the helpers their code shares. Add VNRRuntime.h and VNRRuntime.m to the target that
// compiles the decorators.
#import <Foundation/Foundation.h>

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

/// What a redacted argument or result is logged as.
extern NSString *const VNRRedacted;

/// `value`'s description, cut to `limit` characters with an ellipsis; `nil` as "nil".
NSString *VNRDescribe(id _Nullable value, NSUInteger limit);

/// Milliseconds on a clock that never goes back, for durations.
double VNRMonotonicMilliseconds(void);

NS_ASSUME_NONNULL_END
