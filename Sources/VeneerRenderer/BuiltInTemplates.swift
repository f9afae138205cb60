// Generated from each built-in's templates by `bash Scripts/regenerate`.
// Do not edit: a test fails when this file and the templates differ.

import VeneerTemplates

package enum BuiltInTemplates {
  package static let all: [TemplateSource] = [
    TemplateSource(
      name: "Analytics", path: "Sources/VeneerRenderer/BuiltIns/Analytics/Analytics.stencil",
      text: #"""
        {# Tracks one event per call: success and failure apart, with the duration and chosen arguments. #}
        {# imports: VeneerRuntime #}
        {% extends "Parts/Decorator.stencil" %}

        {% block summary %}
        /// Tracks an analytics event for each call to {{ plan.article }} `{{ plan.protocolName }}`, then forwards it to
        /// `{{ plan.storage.base }}`.
        {% endblock %}

        {% block members %}
        {{ plan.memberAccess }}let {{ plan.storage.tracker }}: any AnalyticsTracker

        {{ plan.memberAccess }}init(_ base: {{ plan.baseType }}, tracker: any AnalyticsTracker) {
        self.{{ plan.storage.base }} = base
        self.{{ plan.storage.tracker }} = tracker
        }
        {% for r in plan.requirements %}

        {{ r.conditionsOpening }}
        {% if not r.isMethod or r.isStatic or r|skips:"analytics" %}
        {{ r.forwardingImplementation }}
        {% else %}
        {{ r.declaration }} {
        let {{ r.names.call }} = __TrackedCall(tracker: {{ r.storage.tracker }}, properties: {{ r.analyticsProperties }}, success: {{ r.analyticsEventLiteral }}, failure: {{ r.analyticsFailureEventLiteral }})
        {% if r.outcome == "completionResult" %}
        {% if r.isGeneric and r.completionIsSendable %}
        {{ r.callPassingCompletion }}{{ r.names.call }}.finishing({{ r.completionName }}))
        {% else %}
        {{ r.completionCallOpening }}
        {{ r.names.call }}.finished({{ r.completionArguments }})
        {{ r.completionForward }}
        }
        {% endif %}
        {% elif r.outcome == "completion" %}
        {% if r.isGeneric and r.completionIsSendable %}
        {{ r.callPassingCompletion }}{{ r.names.call }}.completing({{ r.completionName }}))
        {% else %}
        {{ r.completionCallOpening }}
        {{ r.names.call }}.succeeded()
        {{ r.completionForward }}
        }
        {% endif %}
        {% else %}
        {% if r.isThrowing %}
        {{ r.doStatement }} {
        {% endif %}
        {% if r.outcome == "none" %}
        {{ r.forwardCall }}
        {{ r.names.call }}.succeeded()
        {% else %}
        let {{ r.names.result }} = {{ r.forwardCall }}
        {% if r.outcome == "result" %}
        {{ r.names.call }}.finished({{ r.names.result }})
        {% else %}
        {{ r.names.call }}.succeeded()
        {% endif %}
        return {{ r.names.result }}
        {% endif %}
        {% if r.isThrowing %}
        } catch {
        {{ r.names.call }}.failed(error)
        throw error
        }
        {% endif %}
        {% endif %}
        }
        {% endif %}
        {{ r.conditionsClosing }}
        {% endfor %}
        {% endblock %}

        {% block extension %}
        /// This `{{ plan.protocolName }}`, tracking an event for each call.
        {{ plan.memberAccess }}func withAnalytics(_ tracker: any AnalyticsTracker) -> {{ decorator }}<Self> {
        {{ decorator }}(self, tracker: tracker)
        }

        /// This `{{ plan.protocolName }}`, tracking an event for each call, for an existential.
        @_disfavoredOverload
        {{ plan.memberAccess }}func withAnalytics(_ tracker: any AnalyticsTracker) -> {{ plan.existentialType }} {
        {{ decorator }}(self, tracker: tracker)
        }
        {% endblock %}

        """#, parts: partsByName),
    TemplateSource(
      name: "Bulkhead", path: "Sources/VeneerRenderer/BuiltIns/Bulkhead/Bulkhead.stencil",
      text: #"""
        {# Lets at most so many calls run at once, as resilience4j's bulkheads do: the next ones wait in a bounded queue, first come first served, or throw BulkheadFullError at once; a waiting call is a suspended task, never a spinning one. Async throwing methods whose errors are untyped; options: max_calls, max_waiting, max_wait. #}
        {# imports: VeneerRuntime #}
        {% extends "Parts/Decorator.stencil" %}

        {% block summary %}
        /// Calls {{ plan.article }} `{{ plan.protocolName }}` through a bulkhead, then forwards it to
        /// `{{ plan.storage.base }}`: at most so many at once, the next ones waiting their turn or refused
        /// with `BulkheadFullError`. Requirements that cannot wait or throw it are forwarded as they are.
        {% endblock %}

        {% block members %}
        {{ plan.memberAccess }}let {{ plan.storage.bulkhead }}: VeneerRuntime.Bulkhead

        /// - Parameter bulkhead: its bulkhead; one of its own unless given one to share.
        {{ plan.memberAccess }}init(_ base: {{ plan.baseType }}, bulkhead: VeneerRuntime.Bulkhead = VeneerRuntime.Bulkhead(policy: VeneerRuntime.Bulkhead.Policy({% if options.max_calls %}maxConcurrentCalls: Int({{ options.max_calls }}){% if options.max_waiting or options.max_wait %}, {% endif %}{% endif %}{% if options.max_waiting %}maxWaitingCalls: Int({{ options.max_waiting }}){% if options.max_wait %}, {% endif %}{% endif %}{% if options.max_wait %}maxWait: .seconds({{ options.max_wait }}){% endif %}))) {
        self.{{ plan.storage.base }} = base
        self.{{ plan.storage.bulkhead }} = bulkhead
        }
        {% for r in plan.requirements %}

        {{ r.conditionsOpening }}
        {% if not r.admittedCall or r|skips:"bulkhead" %}
        {{ r.forwardingImplementation }}
        {% else %}
        {{ r.declaration }} {
        {% if r.outcome == "none" %}
        {{ r.effectsPrefix }}{{ r.admittedCall }} { {{ r.typedClosureSignature }}
        {{ r.forwardCall }}
        }
        {% else %}
        return {{ r.effectsPrefix }}{{ r.admittedCall }} { {{ r.typedClosureSignature }}
        {{ r.forwardCall }}
        }
        {% endif %}
        }
        {% endif %}
        {{ r.conditionsClosing }}
        {% endfor %}
        {% endblock %}

        {% block extension %}
        /// This `{{ plan.protocolName }}`, calling it through `bulkhead`.
        {{ plan.memberAccess }}func withBulkhead(_ bulkhead: VeneerRuntime.Bulkhead = VeneerRuntime.Bulkhead(policy: VeneerRuntime.Bulkhead.Policy({% if options.max_calls %}maxConcurrentCalls: Int({{ options.max_calls }}){% if options.max_waiting or options.max_wait %}, {% endif %}{% endif %}{% if options.max_waiting %}maxWaitingCalls: Int({{ options.max_waiting }}){% if options.max_wait %}, {% endif %}{% endif %}{% if options.max_wait %}maxWait: .seconds({{ options.max_wait }}){% endif %}))) -> {{ decorator }}<Self> {
        {{ decorator }}(self, bulkhead: bulkhead)
        }

        /// This `{{ plan.protocolName }}`, calling it through `bulkhead`, for an existential.
        @_disfavoredOverload
        {{ plan.memberAccess }}func withBulkhead(_ bulkhead: VeneerRuntime.Bulkhead = VeneerRuntime.Bulkhead(policy: VeneerRuntime.Bulkhead.Policy({% if options.max_calls %}maxConcurrentCalls: Int({{ options.max_calls }}){% if options.max_waiting or options.max_wait %}, {% endif %}{% endif %}{% if options.max_waiting %}maxWaitingCalls: Int({{ options.max_waiting }}){% if options.max_wait %}, {% endif %}{% endif %}{% if options.max_wait %}maxWait: .seconds({{ options.max_wait }}){% endif %}))) -> {{ plan.existentialType }} {
        {{ decorator }}(self, bulkhead: bulkhead)
        }
        {% endblock %}

        """#, parts: partsByName),
    TemplateSource(
      name: "Caching", path: "Sources/VeneerRenderer/BuiltIns/Caching/Caching.stencil",
      text: #"""
        {# Answers repeated calls from a cache; failures are never cached. #}
        {# imports: VeneerRuntime #}
        {% extends "Parts/Decorator.stencil" %}

        {% block summary %}
        /// Answers calls to {{ plan.article }} `{{ plan.protocolName }}` from a cache when their arguments were seen
        /// before, and forwards the others to `{{ plan.storage.base }}`.
        {% endblock %}

        {% block members %}
        let {{ plan.storage.cache }}: __CallCache

        {{ plan.memberAccess }}init(_ base: {{ plan.baseType }}, cache: any DecoratorCache) {
        self.{{ plan.storage.base }} = base
        self.{{ plan.storage.cache }} = __CallCache(cache)
        }
        {% for r in plan.requirements %}

        {{ r.conditionsOpening }}
        {% if r|skips:"caching" %}
        {{ r.forwardingImplementation }}
        {% elif r.isCacheable %}
        {{ r.declaration }} {
        guard let {{ r.names.key }} = {{ r.cacheKey }} else {
        {% if r.outcome == "completionResult" %}
        {{ r.forwardCall }}
        return
        {% else %}
        return {{ r.forwardCall }}
        {% endif %}
        }
        {% if r.outcome == "completionResult" %}
        if let cached = {{ r.storage.cache }}.cachedValue(for: {{ r.names.key }}, as: {{ r.valueType }}.self) {
        {{ r.completionName }}(.{{ r.completionSuccessCase }}(cached))
        return
        }
        let {{ r.names.cache }} = self.{{ plan.storage.cache }}
        {{ r.completionCallOpening }}
        if case .success(let value) = {{ r.completionArguments }} {
        {{ r.names.cache }}.store(value, for: {{ r.names.key }}, timeToLive: {{ r.cacheTimeToLive }})
        }
        {{ r.completionForward }}
        }
        {% elif r.outcome == "result" %}
        if let cached = {{ r.storage.cache }}.cachedValue(for: {{ r.names.key }}, as: {{ r.valueType }}.self) {
        return .success(cached)
        }
        let {{ r.names.result }} = {{ r.forwardCall }}
        if case .success(let value) = {{ r.names.result }} {
        {{ r.storage.cache }}.store(value, for: {{ r.names.key }}, timeToLive: {{ r.cacheTimeToLive }})
        }
        return {{ r.names.result }}
        {% else %}
        return {{ r.cachedCall }}
        {% endif %}
        }
        {% elif r.invalidation %}
        {{ r.declaration }} {
        {% if r.completionCallOpening %}
        let {{ r.names.cache }} = self.{{ plan.storage.cache }}
        {{ r.completionCallOpening }}
        {{ r.invalidation }}
        {{ r.completionForward }}
        }
        {% else %}
        defer { {{ r.invalidation }} }
        {% if r.outcome == "none" %}
        {{ r.forwardCall }}
        {% else %}
        return {{ r.forwardCall }}
        {% endif %}
        {% endif %}
        }
        {% else %}
        {{ r.forwardingImplementation }}
        {% endif %}
        {{ r.conditionsClosing }}
        {% endfor %}
        {% endblock %}

        {% block extension %}
        /// This `{{ plan.protocolName }}`, answering repeated calls from `cache`.
        {{ plan.memberAccess }}func withCaching(_ cache: any DecoratorCache) -> {{ decorator }}<Self> {
        {{ decorator }}(self, cache: cache)
        }

        /// This `{{ plan.protocolName }}`, answering repeated calls from `cache`, for an existential.
        @_disfavoredOverload
        {{ plan.memberAccess }}func withCaching(_ cache: any DecoratorCache) -> {{ plan.existentialType }} {
        {{ decorator }}(self, cache: cache)
        }

        /// This `{{ plan.protocolName }}`, answering repeated calls from a new in-memory cache.
        {{ plan.memberAccess }}func withCaching(maximumEntryCount: Int = {{ plan.cacheCapacity }}) -> {{ decorator }}<Self> {
        {{ decorator }}(self, cache: InMemoryCache(maximumEntryCount: maximumEntryCount))
        }

        /// This `{{ plan.protocolName }}`, answering repeated calls from a new in-memory cache, for an
        /// existential.
        @_disfavoredOverload
        {{ plan.memberAccess }}func withCaching(maximumEntryCount: Int = {{ plan.cacheCapacity }}) -> {{ plan.existentialType }} {
        {{ decorator }}(self, cache: InMemoryCache(maximumEntryCount: maximumEntryCount))
        }
        {% endblock %}

        """#, parts: partsByName),
    TemplateSource(
      name: "CircuitBreaker",
      path: "Sources/VeneerRenderer/BuiltIns/CircuitBreaker/CircuitBreaker.stencil",
      text: #"""
        {# Fails calls at once while too many fail, as resilience4j's breakers do: closed, it counts failures over a sliding window; past the failure rate it opens for an interval, each call throwing CircuitBreakerOpenError; then half-open probe calls close it or open it again. Throwing methods whose errors are untyped; options: failure_rate, open_interval. #}
        {# imports: VeneerRuntime #}
        {% extends "Parts/Decorator.stencil" %}

        {% block summary %}
        /// Calls {{ plan.article }} `{{ plan.protocolName }}` through a circuit breaker, then forwards it to
        /// `{{ plan.storage.base }}`: while the breaker is open, a call throws `CircuitBreakerOpenError` at once
        /// instead. Requirements that cannot throw it (non-throwing, typed errors, completion handlers)
        /// are forwarded as they are.
        {% endblock %}

        {% block members %}
        {{ plan.memberAccess }}let {{ plan.storage.breaker }}: VeneerRuntime.CircuitBreaker

        /// - Parameter breaker: its breaker; one of its own unless given one to share.
        {{ plan.memberAccess }}init(_ base: {{ plan.baseType }}, breaker: VeneerRuntime.CircuitBreaker = VeneerRuntime.CircuitBreaker(policy: VeneerRuntime.CircuitBreaker.Policy({% if options.failure_rate %}failureRateThreshold: {{ options.failure_rate }}{% if options.open_interval %}, {% endif %}{% endif %}{% if options.open_interval %}openInterval: .seconds({{ options.open_interval }}){% endif %}))) {
        self.{{ plan.storage.base }} = base
        self.{{ plan.storage.breaker }} = breaker
        }
        {% for r in plan.requirements %}

        {{ r.conditionsOpening }}
        {% if not r.brokenCall or r|skips:"circuitbreaker" %}
        {{ r.forwardingImplementation }}
        {% else %}
        {{ r.declaration }} {
        {% if r.outcome == "none" %}
        {{ r.effectsPrefix }}{{ r.brokenCall }} { {{ r.typedClosureSignature }}
        {{ r.forwardCall }}
        }
        {% else %}
        return {{ r.effectsPrefix }}{{ r.brokenCall }} { {{ r.typedClosureSignature }}
        {{ r.forwardCall }}
        }
        {% endif %}
        }
        {% endif %}
        {{ r.conditionsClosing }}
        {% endfor %}
        {% endblock %}

        {% block extension %}
        /// This `{{ plan.protocolName }}`, calling it through `breaker`.
        {{ plan.memberAccess }}func withCircuitBreaker(_ breaker: VeneerRuntime.CircuitBreaker = VeneerRuntime.CircuitBreaker(policy: VeneerRuntime.CircuitBreaker.Policy({% if options.failure_rate %}failureRateThreshold: {{ options.failure_rate }}{% if options.open_interval %}, {% endif %}{% endif %}{% if options.open_interval %}openInterval: .seconds({{ options.open_interval }}){% endif %}))) -> {{ decorator }}<Self> {
        {{ decorator }}(self, breaker: breaker)
        }

        /// This `{{ plan.protocolName }}`, calling it through `breaker`, for an existential.
        @_disfavoredOverload
        {{ plan.memberAccess }}func withCircuitBreaker(_ breaker: VeneerRuntime.CircuitBreaker = VeneerRuntime.CircuitBreaker(policy: VeneerRuntime.CircuitBreaker.Policy({% if options.failure_rate %}failureRateThreshold: {{ options.failure_rate }}{% if options.open_interval %}, {% endif %}{% endif %}{% if options.open_interval %}openInterval: .seconds({{ options.open_interval }}){% endif %}))) -> {{ plan.existentialType }} {
        {{ decorator }}(self, breaker: breaker)
        }
        {% endblock %}

        """#, parts: partsByName),
    TemplateSource(
      name: "Intercepting",
      path: "Sources/VeneerRenderer/BuiltIns/Intercepting/Intercepting.stencil",
      text: #"""
        {# Runs typed advice before, after or instead of each call, as the Objective-C Aspects library does; the compiler checks each hook's type. #}
        {# imports: VeneerRuntime #}
        {% extends "Parts/Decorator.stencil" %}

        {% block summary %}
        /// Runs advice before, after or instead of calls to {{ plan.article }} `{{ plan.protocolName }}`, which it
        /// forwards to `{{ plan.storage.base }}`. Each hook's type follows its requirement, so advice of the wrong type
        /// does not compile.
        {% endblock %}

        {% block storage %}
        /// The advice for each requirement that can take it, all empty at first. Requirements of
        /// actors and global actors are not intercepted: their arguments would cross into the
        /// advice's isolation.
        {{ plan.memberAccess }}struct Hooks: Sendable {
        {% for r in plan.requirements %}
        {% if r.interceptionType and not r|skips:"intercepting" %}
        {{ r.conditionsOpening }}
        {{ plan.memberAccess }}typealias {{ r.interceptionArguments }} = {{ r.interceptionArgumentsType }}
        {{ plan.memberAccess }}var {{ r.hookName }} = {{ r.interceptionType }}()
        {{ r.conditionsClosing }}
        {% endif %}
        {% endfor %}

        {{ plan.memberAccess }}init() {}
        }

        {{ block.super }}{% endblock %}

        {% block members %}
        {{ plan.memberAccess }}let {{ plan.storage.hooks }}: Hooks

        {{ plan.memberAccess }}init(_ base: {{ plan.baseType }}, hooks: Hooks) {
        self.{{ plan.storage.base }} = base
        self.{{ plan.storage.hooks }} = hooks
        }
        {% for r in plan.requirements %}

        {{ r.conditionsOpening }}
        {% if r.interceptionType and not r|skips:"intercepting" %}
        {{ r.declaration }} {
        {{ r.interceptingBody }}
        }
        {% else %}
        {{ r.forwardingImplementation }}
        {% endif %}
        {{ r.conditionsClosing }}
        {% endfor %}
        {% endblock %}

        {% block extension %}
        /// This `{{ plan.protocolName }}`, running the advice `configure` sets before, after or instead
        /// of its calls.
        {{ plan.memberAccess }}func intercepted(_ configure: (inout {{ decorator }}<Self>.Hooks) -> Void) -> {{ decorator }}<Self> {
        var hooks = {{ decorator }}<Self>.Hooks()
        configure(&hooks)
        return {{ decorator }}(self, hooks: hooks)
        }
        {% endblock %}

        """#, parts: partsByName),
    TemplateSource(
      name: "Logging", path: "Sources/VeneerRenderer/BuiltIns/Logging/Logging.stencil",
      text: #"""
        {# Logs each call with its arguments (secrets redacted), then its result or error, how long it took, and whether a cache inside answered it. #}
        {# imports: VeneerRuntime, struct Logging.Logger #}
        {% extends "Parts/Decorator.stencil" %}

        {% block summary %}
        /// Logs each call to {{ plan.article }} `{{ plan.protocolName }}` and how it ended, then forwards it to `{{ plan.storage.base }}`.
        {% endblock %}

        {% block members %}
        {{ plan.memberAccess }}let {{ plan.storage.logger }}: {{ plan.loggerType }}
        {{ plan.memberAccess }}let {{ plan.storage.level }}: {{ plan.loggerType }}.Level
        {{ plan.memberAccess }}let {{ plan.storage.errorLevel }}: {{ plan.loggerType }}.Level

        {{ plan.memberAccess }}init(_ base: {{ plan.baseType }}, logger: {{ plan.loggerType }}, level: {{ plan.loggerType }}.Level = {{ plan.logLevel }}, errorLevel: {{ plan.loggerType }}.Level = {{ plan.logErrorLevel }}) {
        self.{{ plan.storage.base }} = base
        self.{{ plan.storage.logger }} = logger
        self.{{ plan.storage.level }} = level
        self.{{ plan.storage.errorLevel }} = errorLevel
        }
        {% for r in plan.requirements %}

        {{ r.conditionsOpening }}
        {% if not r.isMethod or r.isStatic or r|skips:"logging" %}
        {{ r.forwardingImplementation }}
        {% else %}
        {{ r.declaration }} {
        let {{ r.names.call }} = __LoggedCall(logger: {{ r.storage.logger }}, level: {{ r.storage.level }}, errorLevel: {{ r.storage.errorLevel }}, requirement: {{ r.qualifiedSelectorLiteral }}, arguments: {{ r.logMetadata }}{{ r.logCallOptions }})
        {% if r.outcome == "completionResult" or r.outcome == "completion" %}
        {% if r.isGeneric and r.completionIsSendable %}
        {% if r.outcome == "completionResult" %}
        {{ r.effectsPrefix }}{{ r.names.call }}.forwarding { {{ r.typedClosureSignature }}{{ r.callPassingCompletion }}{{ r.names.call }}.finishing({{ r.completionName }})) }
        {% else %}
        {{ r.effectsPrefix }}{{ r.names.call }}.forwarding { {{ r.typedClosureSignature }}{{ r.callPassingCompletion }}{{ r.names.call }}.completing({{ r.completionName }})) }
        {% endif %}
        {% else %}
        {{ r.effectsPrefix }}{{ r.names.call }}.forwarding { {{ r.typedClosureSignature }}
        {{ r.completionCallOpening }}
        {% if r.outcome == "completionResult" %}
        {{ r.names.call }}.finished({{ r.completionArguments }})
        {% else %}
        {{ r.names.call }}.completed({{ r.completionArguments }})
        {% endif %}
        {{ r.completionForward }}
        }
        }
        {% endif %}
        {% elif r.outcome == "none" %}
        {{ r.effectsPrefix }}{{ r.names.call }}.run { {{ r.typedClosureSignature }}
        {{ r.forwardCall }}
        }
        {% elif r.outcome == "result" %}
        return {{ r.effectsPrefix }}{{ r.names.call }}.runResult { {{ r.typedClosureSignature }}
        {{ r.forwardCall }}
        }
        {% else %}
        return {{ r.effectsPrefix }}{{ r.names.call }}.run { {{ r.typedClosureSignature }}
        {{ r.forwardCall }}
        }
        {% endif %}
        }
        {% endif %}
        {{ r.conditionsClosing }}
        {% endfor %}
        {% endblock %}

        {% block extension %}
        /// This `{{ plan.protocolName }}`, logging each call to `logger`.
        {{ plan.memberAccess }}func withLogging(_ logger: {{ plan.loggerType }}, level: {{ plan.loggerType }}.Level = {{ plan.logLevel }}, errorLevel: {{ plan.loggerType }}.Level = {{ plan.logErrorLevel }}) -> {{ decorator }}<Self> {
        {{ decorator }}(self, logger: logger, level: level, errorLevel: errorLevel)
        }

        /// This `{{ plan.protocolName }}`, logging each call to `logger`, for an existential.
        @_disfavoredOverload
        {{ plan.memberAccess }}func withLogging(_ logger: {{ plan.loggerType }}, level: {{ plan.loggerType }}.Level = {{ plan.logLevel }}, errorLevel: {{ plan.loggerType }}.Level = {{ plan.logErrorLevel }}) -> {{ plan.existentialType }} {
        {{ decorator }}(self, logger: logger, level: level, errorLevel: errorLevel)
        }
        {% endblock %}

        """#, parts: partsByName),
    TemplateSource(
      name: "Metrics", path: "Sources/VeneerRenderer/BuiltIns/Metrics/Metrics.stencil",
      text: #"""
        {# Counts and times each call with swift-metrics: calls, failures and durations per requirement. #}
        {# imports: VeneerMetrics, protocol CoreMetrics.MetricsFactory, enum CoreMetrics.MetricsSystem #}
        {% extends "Parts/Decorator.stencil" %}

        {% block summary %}
        /// Counts and times each call to {{ plan.article }} `{{ plan.protocolName }}`, then forwards it to
        /// `{{ plan.storage.base }}`: per requirement, a counter of calls (`veneer.calls`), a counter of
        /// failures (`veneer.failures`) and a timer of durations (`veneer.call.duration`), with the
        /// dimensions `protocol` and `requirement`, made once, when the decorator is.
        {% endblock %}

        {% block members %}
        {% for r in plan.requirements %}
        {% if r.metricsStorage %}
        {% if r.conditionsOpening %}
        {{ r.conditionsOpening }}
        {% endif %}
        let {{ r.metricsStorage }}: __RequirementMetrics
        {% if r.conditionsClosing %}
        {{ r.conditionsClosing }}
        {% endif %}
        {% endif %}
        {% endfor %}

        /// - Parameters:
        ///   - prefix: what the metrics' labels start with: `veneer.calls` and so on.
        ///   - dimensions: dimensions every metric gets beside `protocol` and `requirement`.
        {{ plan.memberAccess }}init(_ base: {{ plan.baseType }}, factory: any {{ plan.metricsFactoryType }} = {{ plan.metricsSystem }}.factory, prefix: String = "veneer", dimensions: [(String, String)] = []) {
        self.{{ plan.storage.base }} = base
        {% for r in plan.requirements %}
        {% if r.metricsStorage %}
        {% if r.conditionsOpening %}
        {{ r.conditionsOpening }}
        {% endif %}
        self.{{ r.metricsStorage }} = __RequirementMetrics(namespace: {{ plan.protocolNameLiteral }}, requirement: {{ r.selectorLiteral }}, prefix: prefix, dimensions: dimensions, factory: factory)
        {% if r.conditionsClosing %}
        {{ r.conditionsClosing }}
        {% endif %}
        {% endif %}
        {% endfor %}
        }
        {% for r in plan.requirements %}

        {{ r.conditionsOpening }}
        {% if not r.metricsStorage %}
        {{ r.forwardingImplementation }}
        {% else %}
        {{ r.declaration }} {
        let {{ r.names.call }} = __MeteredCall(self.{{ r.metricsStorage }})
        {% if r.outcome == "completionResult" %}
        {% if r.isGeneric and r.completionIsSendable %}
        {{ r.callPassingCompletion }}{{ r.names.call }}.finishing({{ r.completionName }}))
        {% else %}
        {{ r.completionCallOpening }}
        {{ r.names.call }}.finished({{ r.completionArguments }})
        {{ r.completionForward }}
        }
        {% endif %}
        {% elif r.outcome == "completion" %}
        {% if r.isGeneric and r.completionIsSendable %}
        {{ r.callPassingCompletion }}{{ r.names.call }}.completing({{ r.completionName }}))
        {% else %}
        {{ r.completionCallOpening }}
        {{ r.names.call }}.succeeded()
        {{ r.completionForward }}
        }
        {% endif %}
        {% elif r.outcome == "none" %}
        {{ r.effectsPrefix }}{{ r.names.call }}.run { {{ r.typedClosureSignature }}
        {{ r.forwardCall }}
        }
        {% elif r.outcome == "result" %}
        return {{ r.effectsPrefix }}{{ r.names.call }}.runResult { {{ r.typedClosureSignature }}
        {{ r.forwardCall }}
        }
        {% else %}
        return {{ r.effectsPrefix }}{{ r.names.call }}.run { {{ r.typedClosureSignature }}
        {{ r.forwardCall }}
        }
        {% endif %}
        }
        {% endif %}
        {{ r.conditionsClosing }}
        {% endfor %}
        {% endblock %}

        {% block extension %}
        /// This `{{ plan.protocolName }}`, counting and timing each call with `factory`'s metrics.
        {{ plan.memberAccess }}func withMetrics(_ factory: any {{ plan.metricsFactoryType }} = {{ plan.metricsSystem }}.factory, prefix: String = "veneer", dimensions: [(String, String)] = []) -> {{ decorator }}<Self> {
        {{ decorator }}(self, factory: factory, prefix: prefix, dimensions: dimensions)
        }

        /// This `{{ plan.protocolName }}`, counting and timing each call, for an existential.
        @_disfavoredOverload
        {{ plan.memberAccess }}func withMetrics(_ factory: any {{ plan.metricsFactoryType }} = {{ plan.metricsSystem }}.factory, prefix: String = "veneer", dimensions: [(String, String)] = []) -> {{ plan.existentialType }} {
        {{ decorator }}(self, factory: factory, prefix: prefix, dimensions: dimensions)
        }
        {% endblock %}

        """#, parts: partsByName),
    TemplateSource(
      name: "RateLimit", path: "Sources/VeneerRenderer/BuiltIns/RateLimit/RateLimit.stencil",
      text: #"""
        {# Lets calls through at a rate, a token bucket's: so many a second on average, a burst after a quiet spell; a call that finds no token waits for one up to a limit, or throws RateLimitExceededError. Async throwing methods whose errors are untyped; options: permits (a second), burst, max_wait. #}
        {# imports: VeneerRuntime #}
        {% extends "Parts/Decorator.stencil" %}

        {% block summary %}
        /// Calls {{ plan.article }} `{{ plan.protocolName }}` through a rate limiter, then forwards it to
        /// `{{ plan.storage.base }}`: a call waits for a token up to the limiter's limit, or is refused with
        /// `RateLimitExceededError`. Requirements that cannot wait or throw it are forwarded as they are.
        {% endblock %}

        {% block members %}
        {{ plan.memberAccess }}let {{ plan.storage.rateLimiter }}: VeneerRuntime.RateLimiter

        /// - Parameter limiter: its limiter; one of its own unless given one to share.
        {{ plan.memberAccess }}init(_ base: {{ plan.baseType }}, limiter: VeneerRuntime.RateLimiter = VeneerRuntime.RateLimiter(policy: VeneerRuntime.RateLimiter.Policy({% if options.permits %}permits: Int({{ options.permits }}){% if options.burst or options.max_wait %}, {% endif %}{% endif %}{% if options.burst %}burst: Int({{ options.burst }}){% if options.max_wait %}, {% endif %}{% endif %}{% if options.max_wait %}maxWait: .seconds({{ options.max_wait }}){% endif %}))) {
        self.{{ plan.storage.base }} = base
        self.{{ plan.storage.rateLimiter }} = limiter
        }
        {% for r in plan.requirements %}

        {{ r.conditionsOpening }}
        {% if not r.limitedCall or r|skips:"ratelimit" %}
        {{ r.forwardingImplementation }}
        {% else %}
        {{ r.declaration }} {
        {% if r.outcome == "none" %}
        {{ r.effectsPrefix }}{{ r.limitedCall }} { {{ r.typedClosureSignature }}
        {{ r.forwardCall }}
        }
        {% else %}
        return {{ r.effectsPrefix }}{{ r.limitedCall }} { {{ r.typedClosureSignature }}
        {{ r.forwardCall }}
        }
        {% endif %}
        }
        {% endif %}
        {{ r.conditionsClosing }}
        {% endfor %}
        {% endblock %}

        {% block extension %}
        /// This `{{ plan.protocolName }}`, calling it through `limiter`.
        {{ plan.memberAccess }}func withRateLimit(_ limiter: VeneerRuntime.RateLimiter = VeneerRuntime.RateLimiter(policy: VeneerRuntime.RateLimiter.Policy({% if options.permits %}permits: Int({{ options.permits }}){% if options.burst or options.max_wait %}, {% endif %}{% endif %}{% if options.burst %}burst: Int({{ options.burst }}){% if options.max_wait %}, {% endif %}{% endif %}{% if options.max_wait %}maxWait: .seconds({{ options.max_wait }}){% endif %}))) -> {{ decorator }}<Self> {
        {{ decorator }}(self, limiter: limiter)
        }

        /// This `{{ plan.protocolName }}`, calling it through `limiter`, for an existential.
        @_disfavoredOverload
        {{ plan.memberAccess }}func withRateLimit(_ limiter: VeneerRuntime.RateLimiter = VeneerRuntime.RateLimiter(policy: VeneerRuntime.RateLimiter.Policy({% if options.permits %}permits: Int({{ options.permits }}){% if options.burst or options.max_wait %}, {% endif %}{% endif %}{% if options.burst %}burst: Int({{ options.burst }}){% if options.max_wait %}, {% endif %}{% endif %}{% if options.max_wait %}maxWait: .seconds({{ options.max_wait }}){% endif %}))) -> {{ plan.existentialType }} {
        {{ decorator }}(self, limiter: limiter)
        }
        {% endblock %}

        """#, parts: partsByName),
    TemplateSource(
      name: "Retry", path: "Sources/VeneerRenderer/BuiltIns/Retry/Retry.stencil",
      text: #"""
        {# Makes a failed call again, after a growing wait with full jitter, where its requirement is declared idempotent: // veneer: idempotent (or idempotent(attempts: 5)); nothing else is ever retried. Only errors that say they are retryable (RetryableError, TimeoutError) are retried, unless the policy says otherwise. #}
        {# imports: VeneerRuntime #}
        {% extends "Parts/Decorator.stencil" %}

        {% block summary %}
        /// Makes a failed call to {{ plan.article }} `{{ plan.protocolName }}` again, where its requirement is declared
        /// idempotent, then forwards it to `{{ plan.storage.base }}`: as often as its policy allows, after a wait
        /// that grows and is spread by jitter, and only for errors the policy retries. Every other
        /// requirement is forwarded as it is, and a cancelled task stops retrying at once.
        {% endblock %}

        {% block members %}
        {{ plan.memberAccess }}let {{ plan.storage.retryPolicy }}: VeneerRuntime.RetryPolicy
        let {{ plan.storage.policyClock }}: VeneerRuntime.PolicyClock

        /// - Parameters:
        ///   - policy: how many attempts, how long between them, and which errors are retried.
        ///   - clock: what the waits are measured on.
        {{ plan.memberAccess }}init(_ base: {{ plan.baseType }}, policy: VeneerRuntime.RetryPolicy = VeneerRuntime.RetryPolicy({% if options.attempts %}maxAttempts: Int({{ options.attempts }}){% endif %}), clock: some Swift.Clock<Swift.Duration> = Swift.ContinuousClock()) {
        self.{{ plan.storage.base }} = base
        self.{{ plan.storage.retryPolicy }} = policy
        self.{{ plan.storage.policyClock }} = VeneerRuntime.PolicyClock(clock)
        }
        {% for r in plan.requirements %}

        {{ r.conditionsOpening }}
        {% if not r.retriedCall or r|skips:"retry" %}
        {{ r.forwardingImplementation }}
        {% else %}
        {{ r.declaration }} {
        {% if r.outcome == "none" %}
        {{ r.effectsPrefix }}{{ r.retriedCall }} { {{ r.typedClosureSignature }}
        {{ r.forwardCall }}
        }
        {% else %}
        return {{ r.effectsPrefix }}{{ r.retriedCall }} { {{ r.typedClosureSignature }}
        {{ r.forwardCall }}
        }
        {% endif %}
        }
        {% endif %}
        {{ r.conditionsClosing }}
        {% endfor %}
        {% endblock %}

        {% block extension %}
        /// This `{{ plan.protocolName }}`, making failed calls of its idempotent requirements again.
        {{ plan.memberAccess }}func withRetry(_ policy: VeneerRuntime.RetryPolicy = VeneerRuntime.RetryPolicy({% if options.attempts %}maxAttempts: Int({{ options.attempts }}){% endif %}), clock: some Swift.Clock<Swift.Duration> = Swift.ContinuousClock()) -> {{ decorator }}<Self> {
        {{ decorator }}(self, policy: policy, clock: clock)
        }

        /// This `{{ plan.protocolName }}`, retrying as `policy` says, for an existential.
        @_disfavoredOverload
        {{ plan.memberAccess }}func withRetry(_ policy: VeneerRuntime.RetryPolicy = VeneerRuntime.RetryPolicy({% if options.attempts %}maxAttempts: Int({{ options.attempts }}){% endif %}), clock: some Swift.Clock<Swift.Duration> = Swift.ContinuousClock()) -> {{ plan.existentialType }} {
        {{ decorator }}(self, policy: policy, clock: clock)
        }
        {% endblock %}

        """#, parts: partsByName),
    TemplateSource(
      name: "Timeout", path: "Sources/VeneerRenderer/BuiltIns/Timeout/Timeout.stencil",
      text: #"""
        {# Gives each async throwing call a deadline: when it passes, the call's task is cancelled and TimeoutError thrown. Per requirement or protocol: // veneer: timeout(seconds: 5); the decorator's own deadline otherwise, by default options.seconds in veneer.yml. #}
        {# imports: VeneerRuntime #}
        {% extends "Parts/Decorator.stencil" %}

        {% block summary %}
        /// Gives each async call to {{ plan.article }} `{{ plan.protocolName }}` a deadline, then forwards it to
        /// `{{ plan.storage.base }}` in a task of its own: when the deadline passes first, that task is
        /// cancelled and the call throws `TimeoutError` once it has ended. Synchronous requirements, and
        /// those whose arguments or result are not known to be `Sendable`, are forwarded as they are.
        {% endblock %}

        {% block members %}
        {{ plan.memberAccess }}let {{ plan.storage.deadline }}: Duration

        /// - Parameter deadline: how long each call may take, unless `timeout(seconds:)` says otherwise.
        {{ plan.memberAccess }}init(_ base: {{ plan.baseType }}, deadline: Duration{% if options.seconds %} = .seconds({{ options.seconds }}){% endif %}) {
        self.{{ plan.storage.base }} = base
        self.{{ plan.storage.deadline }} = deadline
        }
        {% for r in plan.requirements %}

        {{ r.conditionsOpening }}
        {% if not r.timedCall or r|skips:"timeout" %}
        {{ r.forwardingImplementation }}
        {% else %}
        {{ r.declaration }} {
        {% if r.outcome == "none" %}
        {{ r.timedCall }}
        {% else %}
        return {{ r.timedCall }}
        {% endif %}
        }
        {% endif %}
        {{ r.conditionsClosing }}
        {% endfor %}
        {% endblock %}

        {% block extension %}
        /// This `{{ plan.protocolName }}`, giving each async call `deadline` to finish.
        {{ plan.memberAccess }}func withTimeout(_ deadline: Duration{% if options.seconds %} = .seconds({{ options.seconds }}){% endif %}) -> {{ decorator }}<Self> {
        {{ decorator }}(self, deadline: deadline)
        }

        /// This `{{ plan.protocolName }}`, giving each async call `deadline` to finish, for an existential.
        @_disfavoredOverload
        {{ plan.memberAccess }}func withTimeout(_ deadline: Duration{% if options.seconds %} = .seconds({{ options.seconds }}){% endif %}) -> {{ plan.existentialType }} {
        {{ decorator }}(self, deadline: deadline)
        }
        {% endblock %}

        """#, parts: partsByName),
    TemplateSource(
      name: "Tracing", path: "Sources/VeneerRenderer/BuiltIns/Tracing/Tracing.stencil",
      text: #"""
        {# Runs each call in a span of swift-distributed-tracing, named for the requirement; errors are recorded on it. #}
        {# imports: VeneerTracing, protocol Tracing.Tracer, enum Tracing.SpanKind, enum Instrumentation.InstrumentationSystem #}
        {% extends "Parts/Decorator.stencil" %}

        {% block summary %}
        /// Runs each call to {{ plan.article }} `{{ plan.protocolName }}` in a span of its own, then forwards it to
        /// `{{ plan.storage.base }}`: a span named for the requirement, with its `code.function.name`,
        /// ended when the result is known (for a completion handler, when it is called), and marked
        /// failed with the error a call throws or returns.
        {% endblock %}

        {% block members %}
        {{ plan.memberAccess }}let {{ plan.storage.tracer }}: any {{ plan.tracerType }}
        {{ plan.memberAccess }}let {{ plan.storage.spanKind }}: {{ plan.spanKindType }}

        /// - Parameter kind: `.client` for a service that calls out to another.
        {{ plan.memberAccess }}init(_ base: {{ plan.baseType }}, tracer: any {{ plan.tracerType }} = {{ plan.instrumentationSystem }}.tracer, kind: {{ plan.spanKindType }} = .internal) {
        self.{{ plan.storage.base }} = base
        self.{{ plan.storage.tracer }} = tracer
        self.{{ plan.storage.spanKind }} = kind
        }
        {% for r in plan.requirements %}

        {{ r.conditionsOpening }}
        {% if not r.isMethod or r.isStatic or r|skips:"tracing" %}
        {{ r.forwardingImplementation }}
        {% else %}
        {{ r.declaration }} {
        let {{ r.names.call }} = __TracedCall(tracer: {{ r.storage.tracer }}, operation: {{ r.spanNameLiteral }}, function: {{ r.qualifiedSelectorLiteral }}, kind: {{ r.storage.spanKind }})
        {% if r.spanAttributeCalls %}
        {{ r.spanAttributeCalls }}
        {% endif %}
        {% if r.outcome == "completionResult" or r.outcome == "completion" %}
        {% if r.isGeneric and r.completionIsSendable %}
        {% if r.outcome == "completionResult" %}
        {{ r.effectsPrefix }}{{ r.names.call }}.within { {{ r.typedClosureSignature }}{{ r.callPassingCompletion }}{{ r.names.call }}.finishing({{ r.completionName }})) }
        {% else %}
        {{ r.effectsPrefix }}{{ r.names.call }}.within { {{ r.typedClosureSignature }}{{ r.callPassingCompletion }}{{ r.names.call }}.completing({{ r.completionName }})) }
        {% endif %}
        {% else %}
        {{ r.effectsPrefix }}{{ r.names.call }}.within { {{ r.typedClosureSignature }}
        {{ r.completionCallOpening }}
        {% if r.outcome == "completionResult" %}
        {{ r.names.call }}.finished({{ r.completionArguments }})
        {% else %}
        {{ r.names.call }}.completed()
        {% endif %}
        {{ r.names.call }}.resuming { {{ r.completionForward }} }
        }
        }
        {% endif %}
        {% elif r.outcome == "none" %}
        {{ r.effectsPrefix }}{{ r.names.call }}.run { {{ r.typedClosureSignature }}
        {{ r.forwardCall }}
        }
        {% elif r.outcome == "result" %}
        return {{ r.effectsPrefix }}{{ r.names.call }}.runResult { {{ r.typedClosureSignature }}
        {{ r.forwardCall }}
        }
        {% else %}
        return {{ r.effectsPrefix }}{{ r.names.call }}.run { {{ r.typedClosureSignature }}
        {{ r.forwardCall }}
        }
        {% endif %}
        }
        {% endif %}
        {{ r.conditionsClosing }}
        {% endfor %}
        {% endblock %}

        {% block extension %}
        /// This `{{ plan.protocolName }}`, running each call in a span of `tracer`.
        {{ plan.memberAccess }}func withTracing(_ tracer: any {{ plan.tracerType }} = {{ plan.instrumentationSystem }}.tracer, kind: {{ plan.spanKindType }} = .internal) -> {{ decorator }}<Self> {
        {{ decorator }}(self, tracer: tracer, kind: kind)
        }

        /// This `{{ plan.protocolName }}`, running each call in a span of `tracer`, for an existential.
        @_disfavoredOverload
        {{ plan.memberAccess }}func withTracing(_ tracer: any {{ plan.tracerType }} = {{ plan.instrumentationSystem }}.tracer, kind: {{ plan.spanKindType }} = .internal) -> {{ plan.existentialType }} {
        {{ decorator }}(self, tracer: tracer, kind: kind)
        }
        {% endblock %}

        """#, parts: partsByName),
  ]

  /// The parts built-in templates include or extend, which users' templates may too.
  package static let parts: [TemplatePart] = [
    TemplatePart(
      name: "Parts/Decorator.stencil", path: "Templates/Parts/Decorator.stencil",
      text: #"""
        {# The shape every built-in decorator has, for a template to extend: the decorator type, its stored base, and an extension of the protocol that makes one. Blocks: summary (the type's documentation), storage (its stored properties; block.super is the base), members (initializers and requirements), extension (the extension's members). #}
        {{ plan.conditionsOpening }}
        {% block summary %}{% endblock %}
        {% if plan.decoratorKind == "final class" %}
        ///
        /// A class, like the protocol's conformers: only the references you keep hold it. Assigned to
        /// a `weak` property such as a delegate, it is gone at once; keep a strong reference beside it.
        {% endif %}
        {% if plan.availability %}
        {{ plan.availability }}
        {% endif %}
        {{ plan.typeDeclarationPrefix }} {{ decorator }}<{{ plan.baseType }}: {{ plan.protocolName }}>: {{ plan.protocolName }} {
        {% for alias in plan.typeAliases %}
        {{ alias }}
        {% endfor %}
        {% block storage %}
        {{ plan.memberAccess }}{{ plan.baseStorage }} {{ plan.storage.base }}: {{ plan.baseType }}
        {% endblock %}
        {% block members %}{% endblock %}
        }

        {% if plan.availability %}
        {{ plan.availability }}
        {% endif %}
        {{ plan.extensionDeclarationPrefix }} {{ plan.protocolName }} {
        {% block extension %}{% endblock %}
        }
        {{ plan.conditionsClosing }}

        """#)
  ]

  package static let partsByName = Dictionary(
    uniqueKeysWithValues: parts.map { ($0.name, $0) })
}
