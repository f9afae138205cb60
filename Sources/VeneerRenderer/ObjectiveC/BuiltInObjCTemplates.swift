// Generated from each built-in's templates by `bash Scripts/regenerate`.
// Do not edit: a test fails when this file and the templates differ.

import VeneerTemplates

extension BuiltInObjCTemplates {
  /// Each template's header and implementation halves, by name.
  package static let sources: [TemplateSource] = [
    TemplateSource(
      name: "Analytics", path: "Sources/VeneerRenderer/BuiltIns/Analytics/Analytics.h.stencil",
      text: #"""
        {# Tracks one event per call: success and failure apart, with the duration and chosen arguments. #}
        /// Tracks an analytics event for each call to {{ plan.article }} `{{ plan.protocolName }}`, then forwards it to its base.
        @interface {{ decorator }} : NSObject <{{ plan.protocolName }}> {
        id<{{ plan.protocolName }}> _base;
        id<VNRAnalyticsTracker> _tracker;
        }

        - (instancetype)initWithBase:(id<{{ plan.protocolName }}>)base tracker:(id<VNRAnalyticsTracker>)tracker NS_DESIGNATED_INITIALIZER;
        - (instancetype)init __attribute__((unavailable("a decorator needs its base")));
        @end

        """#, language: .objectiveC),
    TemplateSource(
      name: "Analytics", path: "Sources/VeneerRenderer/BuiltIns/Analytics/Analytics.m.stencil",
      text: #"""
        {# Tracks one event per call: success and failure apart, with the duration and chosen arguments. #}
        @implementation {{ decorator }}

        - (instancetype)initWithBase:(id<{{ plan.protocolName }}>)base tracker:(id<VNRAnalyticsTracker>)tracker {
        if ((self = [super init])) {
        _base = VNRRetained(base);
        _tracker = VNRRetained(tracker);
        }
        return self;
        }

        #if !__has_feature(objc_arc)
        - (void)dealloc {
        VNRRelease(_base);
        VNRRelease(_tracker);
        [super dealloc];
        }
        #endif
        {% if plan.respondsToSelectorImplementation %}

        {{ plan.respondsToSelectorImplementation }}
        {% endif %}
        {% for property in plan.propertyImplementations %}

        {{ property }}
        {% endfor %}
        {% for r in plan.methods %}

        {% if "analytics" in r.skippedTemplates %}
        {{ r.forwardingImplementation }}
        {% else %}
        {{ r.declaration }} {
        double vnr_start = VNRMonotonicMilliseconds();
        {% if r.outcome == "completion" %}
        {{ r.completionCallOpening }}
        {% if r.completionErrorName %}
        if ({{ r.completionErrorName }} != nil) {
        VNRTrack(_tracker, {{ r.failureEventLiteral }}, {{ r.analyticsProperties }}, {{ r.completionErrorName }}, vnr_start);
        } else {
        VNRTrack(_tracker, {{ r.eventLiteral }}, {{ r.analyticsProperties }}, nil, vnr_start);
        }
        {% else %}
        VNRTrack(_tracker, {{ r.eventLiteral }}, {{ r.analyticsProperties }}, nil, vnr_start);
        {% endif %}
        {{ r.completionForward }}
        }];
        {% if r.returnsValue %}
        return vnr_result;
        {% endif %}
        {% elif r.outcome == "errorOut" %}
        NSError *vnr_error = nil;
        {% if r.returnsValue %}
        {{ r.resultDeclaration }} = {{ r.forwardCallWithLocalError }};
        {% else %}
        {{ r.forwardCallWithLocalError }};
        {% endif %}
        if ({{ r.errorOutName }} != NULL) *{{ r.errorOutName }} = vnr_error;
        if ({{ r.errorOutFailed }}) {
        VNRTrack(_tracker, {{ r.failureEventLiteral }}, {{ r.analyticsProperties }}, vnr_error, vnr_start);
        } else {
        VNRTrack(_tracker, {{ r.eventLiteral }}, {{ r.analyticsProperties }}, nil, vnr_start);
        }
        {% if r.returnsValue %}
        return vnr_result;
        {% endif %}
        {% elif r.returnsValue %}
        {{ r.resultDeclaration }} = {{ r.forwardCall }};
        VNRTrack(_tracker, {{ r.eventLiteral }}, {{ r.analyticsProperties }}, nil, vnr_start);
        return vnr_result;
        {% else %}
        {{ r.forwardCall }};
        VNRTrack(_tracker, {{ r.eventLiteral }}, {{ r.analyticsProperties }}, nil, vnr_start);
        {% endif %}
        }
        {% endif %}
        {% endfor %}

        @end

        """#, language: .objectiveC),
    TemplateSource(
      name: "Intercepting",
      path: "Sources/VeneerRenderer/BuiltIns/Intercepting/Intercepting.h.stencil",
      text: #"""
        {# Runs typed advice before, after or instead of each method, as the Objective-C Aspects library does, checked by the compiler rather than swizzled at run time. #}
        {% for r in plan.methods %}
        {% if r.isIntercepted and not "intercepting" in r.skippedTemplates %}
        typedef void (^{{ decorator }}Before{{ r.hookName }})({{ r.beforeParameterTypes }});
        typedef void (^{{ decorator }}After{{ r.hookName }})({{ r.afterParameterTypes }});
        typedef {{ r.blockReturnType }} (^{{ decorator }}Instead{{ r.hookName }})(id<{{ plan.protocolName }}> base{% if r.arguments %}, {{ r.beforeParameterTypes }}{% endif %});
        {% endif %}
        {% endfor %}

        /// Runs advice before, after or instead of calls to {{ plan.article }} `{{ plan.protocolName }}`, which it forwards to its base.
        /// Each advice block is typed after its method, so advice of the wrong type does not compile.
        @interface {{ decorator }} : NSObject <{{ plan.protocolName }}> {
        id<{{ plan.protocolName }}> _base;
        {% for r in plan.methods %}
        {% if r.isIntercepted and not "intercepting" in r.skippedTemplates %}
        {{ decorator }}Before{{ r.hookName }} _before{{ r.hookName }};
        {{ decorator }}After{{ r.hookName }} _after{{ r.hookName }};
        {{ decorator }}Instead{{ r.hookName }} _instead{{ r.hookName }};
        {% endif %}
        {% endfor %}
        }

        - (instancetype)initWithBase:(id<{{ plan.protocolName }}>)base NS_DESIGNATED_INITIALIZER;
        - (instancetype)init __attribute__((unavailable("a decorator needs its base")));
        {% for r in plan.methods %}
        {% if r.isIntercepted and not "intercepting" in r.skippedTemplates %}

        /// Runs before each `{{ r.selector }}`, with its arguments.
        - (void)setBefore{{ r.hookName }}:(nullable {{ decorator }}Before{{ r.hookName }})advice;
        /// Runs after each `{{ r.selector }}` that returned, with its result and arguments.
        - (void)setAfter{{ r.hookName }}:(nullable {{ decorator }}After{{ r.hookName }})advice;
        /// Runs instead of each `{{ r.selector }}`, with the base to call or not.
        - (void)setInstead{{ r.hookName }}:(nullable {{ decorator }}Instead{{ r.hookName }})advice;
        {% endif %}
        {% endfor %}
        @end

        """#, language: .objectiveC),
    TemplateSource(
      name: "Intercepting",
      path: "Sources/VeneerRenderer/BuiltIns/Intercepting/Intercepting.m.stencil",
      text: #"""
        {# Runs typed advice before, after or instead of each method, as the Objective-C Aspects library does, checked by the compiler rather than swizzled at run time. #}
        @implementation {{ decorator }}

        - (instancetype)initWithBase:(id<{{ plan.protocolName }}>)base {
        if ((self = [super init])) {
        _base = VNRRetained(base);
        }
        return self;
        }

        #if !__has_feature(objc_arc)
        - (void)dealloc {
        VNRRelease(_base);
        {% for r in plan.methods %}
        {% if r.isIntercepted and not "intercepting" in r.skippedTemplates %}
        VNRReleaseBlock(_before{{ r.hookName }});
        VNRReleaseBlock(_after{{ r.hookName }});
        VNRReleaseBlock(_instead{{ r.hookName }});
        {% endif %}
        {% endfor %}
        [super dealloc];
        }
        #endif
        {% if plan.respondsToSelectorImplementation %}

        {{ plan.respondsToSelectorImplementation }}
        {% endif %}
        {% for property in plan.propertyImplementations %}

        {{ property }}
        {% endfor %}
        {% for r in plan.methods %}

        {% if r.isIntercepted and not "intercepting" in r.skippedTemplates %}
        - (void)setBefore{{ r.hookName }}:({{ decorator }}Before{{ r.hookName }})advice {
        {{ decorator }}Before{{ r.hookName }} vnr_replaced = _before{{ r.hookName }};
        _before{{ r.hookName }} = VNRCopiedBlock(advice);
        VNRReleaseBlock(vnr_replaced);
        }

        - (void)setAfter{{ r.hookName }}:({{ decorator }}After{{ r.hookName }})advice {
        {{ decorator }}After{{ r.hookName }} vnr_replaced = _after{{ r.hookName }};
        _after{{ r.hookName }} = VNRCopiedBlock(advice);
        VNRReleaseBlock(vnr_replaced);
        }

        - (void)setInstead{{ r.hookName }}:({{ decorator }}Instead{{ r.hookName }})advice {
        {{ decorator }}Instead{{ r.hookName }} vnr_replaced = _instead{{ r.hookName }};
        _instead{{ r.hookName }} = VNRCopiedBlock(advice);
        VNRReleaseBlock(vnr_replaced);
        }

        {{ r.declaration }} {
        if (_before{{ r.hookName }}) _before{{ r.hookName }}({{ r.arguments }});
        {% if r.returnsValue %}
        {{ r.resultDeclaration }} = _instead{{ r.hookName }} ? _instead{{ r.hookName }}(_base{{ r.trailingArguments }}) : {{ r.forwardCall }};
        if (_after{{ r.hookName }}) _after{{ r.hookName }}(vnr_result{{ r.trailingArguments }});
        return vnr_result;
        {% else %}
        if (_instead{{ r.hookName }}) {
        _instead{{ r.hookName }}(_base{{ r.trailingArguments }});
        } else {
        {{ r.forwardCall }};
        }
        if (_after{{ r.hookName }}) _after{{ r.hookName }}({{ r.arguments }});
        {% endif %}
        }
        {% else %}
        {{ r.forwardingImplementation }}
        {% endif %}
        {% endfor %}

        @end

        """#, language: .objectiveC),
    TemplateSource(
      name: "Logging", path: "Sources/VeneerRenderer/BuiltIns/Logging/Logging.h.stencil",
      text: #"""
        {# Logs each call with its arguments (secrets redacted), then its result or failure and how long it took. #}
        /// Logs each call to {{ plan.article }} `{{ plan.protocolName }}` and how it ended, then forwards it to its base.
        @interface {{ decorator }} : NSObject <{{ plan.protocolName }}> {
        id<{{ plan.protocolName }}> _base;
        id<VNRLogger> _logger;
        VNRLogLevel _level;
        VNRLogLevel _errorLevel;
        }

        /// Logs calls at `VNRLogLevelDebug`, and failures at `VNRLogLevelError`.
        - (instancetype)initWithBase:(id<{{ plan.protocolName }}>)base logger:(id<VNRLogger>)logger;
        - (instancetype)initWithBase:(id<{{ plan.protocolName }}>)base logger:(id<VNRLogger>)logger level:(VNRLogLevel)level errorLevel:(VNRLogLevel)errorLevel NS_DESIGNATED_INITIALIZER;
        - (instancetype)init __attribute__((unavailable("a decorator needs its base")));
        @end

        """#, language: .objectiveC),
    TemplateSource(
      name: "Logging", path: "Sources/VeneerRenderer/BuiltIns/Logging/Logging.m.stencil",
      text: #"""
        {# Logs each call with its arguments (secrets redacted), then its result or failure and how long it took. #}
        @implementation {{ decorator }}

        - (instancetype)initWithBase:(id<{{ plan.protocolName }}>)base logger:(id<VNRLogger>)logger {
        return [self initWithBase:base logger:logger level:VNRLogLevelDebug errorLevel:VNRLogLevelError];
        }

        - (instancetype)initWithBase:(id<{{ plan.protocolName }}>)base logger:(id<VNRLogger>)logger level:(VNRLogLevel)level errorLevel:(VNRLogLevel)errorLevel {
        if ((self = [super init])) {
        _base = VNRRetained(base);
        _logger = VNRRetained(logger);
        _level = level;
        _errorLevel = errorLevel;
        }
        return self;
        }

        #if !__has_feature(objc_arc)
        - (void)dealloc {
        VNRRelease(_base);
        VNRRelease(_logger);
        [super dealloc];
        }
        #endif
        {% if plan.respondsToSelectorImplementation %}

        {{ plan.respondsToSelectorImplementation }}
        {% endif %}
        {% for property in plan.propertyImplementations %}

        {{ property }}
        {% endfor %}
        {% for r in plan.methods %}

        {% if "logging" in r.skippedTemplates %}
        {{ r.forwardingImplementation }}
        {% else %}
        {{ r.declaration }} {
        if ([_logger isEnabledForLevel:_level]) {
        VNRLogCalled(_logger, _level, {{ r.requirementLiteral }}, {{ r.logArguments }});
        }
        double vnr_start = VNRMonotonicMilliseconds();
        {% if r.outcome == "completion" %}
        {{ r.completionCallOpening }}
        {% if r.completionErrorName %}
        if ({{ r.completionErrorName }} != nil) {
        VNRLogFailed(_logger, _errorLevel, {{ r.requirementLiteral }}, {{ r.completionErrorName }}, vnr_start);
        } else if ([_logger isEnabledForLevel:_level]) {
        VNRLogReturned(_logger, _level, {{ r.requirementLiteral }}, {{ r.completionResultDescription }}, vnr_start);
        }
        {% else %}
        if ([_logger isEnabledForLevel:_level]) {
        VNRLogReturned(_logger, _level, {{ r.requirementLiteral }}, {{ r.completionResultDescription }}, vnr_start);
        }
        {% endif %}
        {{ r.completionForward }}
        }];
        {% if r.returnsValue %}
        return vnr_result;
        {% endif %}
        {% elif r.outcome == "errorOut" %}
        NSError *vnr_error = nil;
        {% if r.returnsValue %}
        {{ r.resultDeclaration }} = {{ r.forwardCallWithLocalError }};
        {% else %}
        {{ r.forwardCallWithLocalError }};
        {% endif %}
        if ({{ r.errorOutName }} != NULL) *{{ r.errorOutName }} = vnr_error;
        if ({{ r.errorOutFailed }}) {
        VNRLogFailed(_logger, _errorLevel, {{ r.requirementLiteral }}, vnr_error, vnr_start);
        } else if ([_logger isEnabledForLevel:_level]) {
        VNRLogReturned(_logger, _level, {{ r.requirementLiteral }}, {% if r.returnsValue %}{{ r.resultDescription }}{% else %}nil{% endif %}, vnr_start);
        }
        {% if r.returnsValue %}
        return vnr_result;
        {% endif %}
        {% elif r.outcome == "value" %}
        {{ r.resultDeclaration }} = {{ r.forwardCall }};
        if ([_logger isEnabledForLevel:_level]) {
        VNRLogReturned(_logger, _level, {{ r.requirementLiteral }}, {{ r.resultDescription }}, vnr_start);
        }
        return vnr_result;
        {% else %}
        {{ r.forwardCall }};
        if ([_logger isEnabledForLevel:_level]) {
        VNRLogReturned(_logger, _level, {{ r.requirementLiteral }}, nil, vnr_start);
        }
        {% endif %}
        }
        {% endif %}
        {% endfor %}

        @end

        """#, language: .objectiveC),
  ]

  /// `Templates/ObjC/VNRRuntime.h`.
  package static let runtimeHeader = #"""
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

    """#

  /// `Templates/ObjC/VNRRuntime.m`.
  package static let runtimeImplementation = #"""
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

    """#
}
