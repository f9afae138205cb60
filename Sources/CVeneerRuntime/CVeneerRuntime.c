#include "CVeneerRuntime.h"

#include <stdatomic.h>

// C11 atomics: the runtime must not depend on a package for one counter, and Swift's own
// Atomic needs macOS 15.
static _Atomic uint64_t veneer_call_count = 0;

uint64_t veneer_next_call_id(void) {
  return atomic_fetch_add_explicit(&veneer_call_count, 1, memory_order_relaxed) + 1;
}
