#include "CVeneerRuntime.h"

#include <stdatomic.h>

#if defined(_WIN32)
#include <windows.h>
#else
#include <time.h>
#endif

// C11 atomics: the runtime must not depend on a package for one counter, and Swift's own
// Atomic needs macOS 15.
static _Atomic uint64_t veneer_call_count = 0;

uint64_t veneer_next_call_id(void) {
  return atomic_fetch_add_explicit(&veneer_call_count, 1, memory_order_relaxed) + 1;
}

static _Atomic uint64_t veneer_cache_scope_count = 0;

uint64_t veneer_next_cache_scope(void) {
  return atomic_fetch_add_explicit(&veneer_cache_scope_count, 1, memory_order_relaxed) + 1;
}

uint64_t veneer_load(uint64_t *counter) {
  return atomic_load_explicit((_Atomic uint64_t *)counter, memory_order_acquire);
}

void veneer_increment(uint64_t *counter) {
  atomic_fetch_add_explicit((_Atomic uint64_t *)counter, 1, memory_order_release);
}

// A plain integer, where `ContinuousClock.Instant` is a type of the standard library's, whose
// layout a decorator's code does not know: each call state holding one was copied and destroyed
// through value witnesses, which cost a disabled logging decorator twice a hand-written one.
uint64_t veneer_monotonic_nanoseconds(void) {
#if defined(_WIN32)
  LARGE_INTEGER frequency, counter;
  QueryPerformanceFrequency(&frequency);
  QueryPerformanceCounter(&counter);
  return (uint64_t)((double)counter.QuadPart * 1e9 / (double)frequency.QuadPart);
#else
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
#endif
}

bool veneer_set_once(uint8_t *flag) {
  return atomic_exchange_explicit((_Atomic uint8_t *)flag, 1, memory_order_acq_rel) == 0;
}

bool veneer_is_set(uint8_t *flag) {
  return atomic_load_explicit((_Atomic uint8_t *)flag, memory_order_acquire) != 0;
}

bool veneer_store_once(uint64_t *slot, uint64_t value) {
  uint64_t empty = 0;
  return atomic_compare_exchange_strong_explicit(
    (_Atomic uint64_t *)slot, &empty, value, memory_order_acq_rel, memory_order_acquire);
}

static _Atomic uint64_t veneer_bound_answers = 0;

void veneer_answers_bind(void) {
  atomic_fetch_add_explicit(&veneer_bound_answers, 1, memory_order_relaxed);
}

void veneer_answers_unbind(void) {
  atomic_fetch_sub_explicit(&veneer_bound_answers, 1, memory_order_relaxed);
}

bool veneer_answers_are_bound(void) {
  return atomic_load_explicit(&veneer_bound_answers, memory_order_relaxed) != 0;
}

static _Atomic bool veneer_policies = false;

void veneer_policy_made(void) {
  atomic_store_explicit(&veneer_policies, true, memory_order_relaxed);
}

bool veneer_policies_exist(void) {
  return atomic_load_explicit(&veneer_policies, memory_order_relaxed);
}
