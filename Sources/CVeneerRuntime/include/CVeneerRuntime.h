#ifndef CVENEERRUNTIME_H
#define CVENEERRUNTIME_H

#include <stdbool.h>
#include <stdint.h>

/// A number that no earlier call of this function in the process returned, from 1 on: one
/// relaxed atomic increment, for the runtime's call identifiers.
uint64_t veneer_next_call_id(void);

/// A number that no earlier call of this function in the process returned, from 1 on: the scope
/// of a caching decorator's keys.
uint64_t veneer_next_cache_scope(void);

/// `*counter`, read atomically with acquire ordering.
uint64_t veneer_load(uint64_t *counter);

/// Adds one to `*counter` atomically, with release ordering.
void veneer_increment(uint64_t *counter);

/// Nanoseconds on a clock that never goes back, from an unspecified start: for durations.
uint64_t veneer_monotonic_nanoseconds(void);

/// Sets `*flag`, which starts at 0, atomically; whether this call is the one that set it.
bool veneer_set_once(uint8_t *flag);

/// Whether `*flag` has been set by `veneer_set_once`, read atomically.
bool veneer_is_set(uint8_t *flag);

/// Stores `value` in `*slot`, which starts at 0, if nothing is stored there yet, atomically;
/// whether this call stored it.
bool veneer_store_once(uint64_t *slot, uint64_t value);

/// Counts the logged calls under way whose answer a caching decorator may mark (__CallAnswer), so
/// that a cache hit looks up no task-local while there are none: one relaxed atomic each.
void veneer_answers_bind(void);
void veneer_answers_unbind(void);
bool veneer_answers_are_bound(void);

/// Whether the process has made a resilience policy (a retrying decorator's, a circuit breaker,
/// a bulkhead, a rate limiter): until it has, metrics and tracing decorators bind no answer.
void veneer_policy_made(void);
bool veneer_policies_exist(void);

#endif
