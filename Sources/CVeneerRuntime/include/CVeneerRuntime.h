#ifndef CVENEERRUNTIME_H
#define CVENEERRUNTIME_H

#include <stdint.h>

/// A number that no earlier call of this function in the process returned, from 1 on: one
/// relaxed atomic increment, for the runtime's call identifiers.
uint64_t veneer_next_call_id(void);

#endif
