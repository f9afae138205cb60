#import "VNRRuntime.h"

#include <time.h>

NSString *const VNRRedacted = @"<redacted>";

NSString *VNRDescribe(id value, NSUInteger limit) {
  NSString *description = value == nil ? @"nil" : [value description];
  if (description.length <= limit) return description;
  return [[description substringToIndex:limit] stringByAppendingString:@"…"];
}

double VNRMonotonicMilliseconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec * 1000.0 + (double)now.tv_nsec / 1e6;
}

static NSString *VNRLevelName(VNRLogLevel level) {
  switch (level) {
    case VNRLogLevelTrace: return @"trace";
    case VNRLogLevelDebug: return @"debug";
    case VNRLogLevelInfo: return @"info";
    case VNRLogLevelNotice: return @"notice";
    case VNRLogLevelWarning: return @"warning";
    case VNRLogLevelError: return @"error";
    case VNRLogLevelCritical: return @"critical";
  }
  return @"unknown";
}

@implementation VNRConsoleLogger

- (instancetype)initWithMinimumLevel:(VNRLogLevel)minimumLevel {
  if ((self = [super init])) _minimumLevel = minimumLevel;
  return self;
}

- (BOOL)isEnabledForLevel:(VNRLogLevel)level {
  return level >= _minimumLevel;
}

- (void)logLevel:(VNRLogLevel)level
         message:(NSString *)message
        metadata:(NSDictionary<NSString *, NSString *> *)metadata {
  if (![self isEnabledForLevel:level]) return;
  NSMutableString *line = [NSMutableString stringWithFormat:@"%@ %@", VNRLevelName(level), message];
  for (NSString *key in [[metadata allKeys] sortedArrayUsingSelector:@selector(compare:)]) {
    [line appendFormat:@" %@=%@", key, [metadata objectForKey:key]];
  }
  fprintf(stderr, "%s\n", [line UTF8String]);
}

@end
