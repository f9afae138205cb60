#import "VNRRuntime.h"

#include <time.h>

NSString *const VNRRedacted = @"<redacted>";
NSString *const VNRPrivate = @"<private>";

/// Whether an object is what a user typed or a server sent: text, an address, an identifier, a
/// moment or bytes, written by value only when declared public.
static BOOL VNRHoldsText(id value) {
  return [value isKindOfClass:[NSString class]] || [value isKindOfClass:[NSUUID class]]
      || [value isKindOfClass:[NSDate class]] || [value isKindOfClass:[NSData class]]
      || [value isKindOfClass:[NSURL class]];
}

static BOOL VNRIsNumber(id value) {
  return [value isKindOfClass:[NSNumber class]] || [value isKindOfClass:[NSNull class]];
}

static NSString *VNRTextDescription(id value) {
  if ([value isKindOfClass:[NSUUID class]]) return [(NSUUID *)value UUIDString];
  if ([value isKindOfClass:[NSData class]]) {
    return [NSString stringWithFormat:@"%lu bytes", (unsigned long)[(NSData *)value length]];
  }
  if ([value isKindOfClass:[NSURL class]]) return [(NSURL *)value absoluteString];
  return [value description];
}

static NSString *VNRDeclaredDescription(id value, BOOL showsText) {
  if (VNRIsNumber(value)) return [value description];
  if (VNRHoldsText(value)) return showsText ? VNRTextDescription(value) : VNRPrivate;
  // Collections by their public class: a runtime's own subclasses have other names.
  BOOL isArray = [value isKindOfClass:[NSArray class]];
  if (isArray || [value isKindOfClass:[NSSet class]]) {
    NSMutableArray<NSString *> *elements = [NSMutableArray array];
    for (id element in value) {
      if (!VNRIsNumber(element) && !(showsText && VNRHoldsText(element))) {
        return [NSString stringWithFormat:@"%@ (%lu elements)", isArray ? @"NSArray" : @"NSSet",
                                          (unsigned long)[value count]];
      }
      [elements addObject:VNRIsNumber(element) ? [element description] : VNRTextDescription(element)];
    }
    return [NSString stringWithFormat:@"[%@]", [elements componentsJoinedByString:@", "]];
  }
  if ([value isKindOfClass:[NSDictionary class]]) {
    return [NSString stringWithFormat:@"NSDictionary (%lu entries)", (unsigned long)[value count]];
  }
  return [NSStringFromClass([value class]) stringByAppendingString:@"(…)"];
}

/// `text` with the password of each URL in it (`https://user:password@host`) as `<redacted>`,
/// whoever declared it public and whatever wrote it (an array's description, a type's own).
static NSString *VNRWithoutPassword(NSString *text) {
  if (text.length < 4 || [text rangeOfString:@"://"].location == NSNotFound) return text;
  NSMutableString *result = [NSMutableString string];
  NSCharacterSet *authorityEnd = [NSCharacterSet characterSetWithCharactersInString:@"/?#"];
  NSCharacterSet *whitespace = [NSCharacterSet whitespaceAndNewlineCharacterSet];
  NSUInteger position = 0;
  while (position < text.length) {
    NSRange rest = NSMakeRange(position, text.length - position);
    NSRange scheme = [text rangeOfString:@"://" options:0 range:rest];
    if (scheme.location == NSNotFound) break;
    NSUInteger start = NSMaxRange(scheme);
    NSUInteger end = start;
    while (end < text.length) {
      unichar character = [text characterAtIndex:end];
      if ([authorityEnd characterIsMember:character] || [whitespace characterIsMember:character]) {
        break;
      }
      end += 1;
    }
    NSRange authority = NSMakeRange(start, end - start);
    NSRange at = [text rangeOfString:@"@" options:NSBackwardsSearch range:authority];
    NSRange colon =
        at.location == NSNotFound
            ? at
            : [text rangeOfString:@":" options:0 range:NSMakeRange(start, at.location - start)];
    if (colon.location == NSNotFound) {
      [result appendString:[text substringWithRange:NSMakeRange(position, end - position)]];
    } else {
      [result appendString:[text substringWithRange:NSMakeRange(position, NSMaxRange(colon) - position)]];
      [result appendString:VNRRedacted];
      [result appendString:[text substringWithRange:NSMakeRange(at.location, end - at.location)]];
    }
    position = end;
  }
  if (position < text.length) [result appendString:[text substringFromIndex:position]];
  return result;
}

NSString *VNRDescribe(id value, NSUInteger limit, VNRDisclosure disclosure) {
  NSString *description;
  if (value == nil) {
    description = @"nil";
  } else if ([value respondsToSelector:@selector(vnr_logDescription)]) {
    // By the method, not the protocol: runtimes without unique protocol objects may not find a
    // category's adoption.
    description = [(id<VNRLogDescribing>)value vnr_logDescription];
  } else if (disclosure == VNRDisclosureFull) {
    description = VNRHoldsText(value) ? VNRTextDescription(value) : [value description];
  } else {
    description = VNRDeclaredDescription(value, disclosure == VNRDisclosurePublic);
  }
  description = VNRWithoutPassword(description);
  if (description.length <= limit) return description;
  // UTF-16 units, not characters: one character may carry any number of combining marks. A
  // surrogate pair is never cut in two.
  NSUInteger end = limit;
  unichar last = end > 0 ? [description characterAtIndex:end - 1] : 0;
  if (last >= 0xD800 && last <= 0xDBFF) end -= 1;
  return [[description substringToIndex:end] stringByAppendingString:@"…"];
}

NSString *VNRDescribeValue(const void *value, const char *encoding, NSUInteger limit,
                           VNRDisclosure disclosure) {
  switch (encoding[0]) {
    case '@':
      if (encoding[1] != '?') {
        return VNRDescribe(*(__unsafe_unretained id *)value, limit, disclosure);
      }
      return *(__unsafe_unretained id *)value == nil ? @"nil" : @"<block>";
    case '#': return NSStringFromClass(*(__unsafe_unretained Class *)value);
    case 'c': return [NSString stringWithFormat:@"%d", (int)*(const signed char *)value];
    case 'C': return [NSString stringWithFormat:@"%u", (unsigned)*(const unsigned char *)value];
    case 'B': return *(const bool *)value ? @"true" : @"false";
    case 's': return [NSString stringWithFormat:@"%d", (int)*(const short *)value];
    case 'S': return [NSString stringWithFormat:@"%u", (unsigned)*(const unsigned short *)value];
    case 'i': return [NSString stringWithFormat:@"%d", *(const int *)value];
    case 'I': return [NSString stringWithFormat:@"%u", *(const unsigned *)value];
    case 'l': return [NSString stringWithFormat:@"%ld", *(const long *)value];
    case 'L': return [NSString stringWithFormat:@"%lu", *(const unsigned long *)value];
    case 'q': return [NSString stringWithFormat:@"%lld", *(const long long *)value];
    case 'Q': return [NSString stringWithFormat:@"%llu", *(const unsigned long long *)value];
    case 'f': return [NSString stringWithFormat:@"%g", (double)*(const float *)value];
    case 'd': return [NSString stringWithFormat:@"%g", *(const double *)value];
    case ':': {
      SEL selector = *(const SEL *)value;
      return selector == NULL ? @"nil" : VNRDescribe(NSStringFromSelector(selector), limit, disclosure);
    }
    case '*':
      if (*(char *const *)value == NULL) return @"NULL";
      return disclosure == VNRDisclosurePrivate
          ? VNRPrivate
          : VNRDescribe([NSString stringWithUTF8String:*(char *const *)value], limit, disclosure);
    case '^': return *(void *const *)value == NULL ? @"NULL" : @"<pointer>";
    case '{': return @"<struct>";
    case '(': return @"<union>";
    default: return @"<value>";
  }
}

static NSString *VNRDuration(double startMilliseconds) {
  return [NSString stringWithFormat:@"%.3fms", VNRMonotonicMilliseconds() - startMilliseconds];
}

void VNRLogCalled(id<VNRLogger> logger, VNRLogLevel level, NSString *requirement,
                  NSDictionary<NSString *, NSString *> *arguments) {
  [logger logLevel:level
           message:[requirement stringByAppendingString:@" called"]
          metadata:arguments];
}

void VNRLogReturned(id<VNRLogger> logger, VNRLogLevel level, NSString *requirement,
                    NSString *result, double startMilliseconds) {
  if (![logger isEnabledForLevel:level]) return;
  NSMutableDictionary *metadata = [NSMutableDictionary dictionary];
  [metadata setObject:VNRDuration(startMilliseconds) forKey:@"duration"];
  if (result != nil) [metadata setObject:result forKey:@"result"];
  [logger logLevel:level message:[requirement stringByAppendingString:@" returned"] metadata:metadata];
}

void VNRLogFailed(id<VNRLogger> logger, VNRLogLevel level, NSString *requirement, NSError *error,
                  double startMilliseconds) {
  if (![logger isEnabledForLevel:level]) return;
  NSMutableDictionary *metadata = [NSMutableDictionary dictionary];
  [metadata setObject:VNRDuration(startMilliseconds) forKey:@"duration"];
  // The domain and code, not the message: a message may quote what the user typed.
  [metadata setObject:(error == nil ? @"nil"
                                    : [NSString stringWithFormat:@"%@ %ld", [error domain],
                                                                 (long)[error code]])
               forKey:@"error"];
  [logger logLevel:level message:[requirement stringByAppendingString:@" failed"] metadata:metadata];
}

void VNRTrack(id<VNRAnalyticsTracker> tracker, NSString *event, NSDictionary *properties,
              NSError *error, double startMilliseconds) {
  NSMutableDictionary *merged = [NSMutableDictionary dictionary];
  if (properties != nil) [merged addEntriesFromDictionary:properties];
  [merged setObject:[NSString stringWithFormat:@"%.3f",
                                               VNRMonotonicMilliseconds() - startMilliseconds]
             forKey:@"duration_ms"];
  if (error != nil) {
    [merged setObject:[error domain] forKey:@"error_domain"];
    [merged setObject:[NSString stringWithFormat:@"%ld", (long)[error code]] forKey:@"error_code"];
  }
  [tracker trackEvent:event properties:merged];
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
