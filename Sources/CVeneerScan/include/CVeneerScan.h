#ifndef CVENEERSCAN_H
#define CVENEERSCAN_H

#include <stddef.h>

/// The first occurrence of `needle` in `haystack`, or NULL: the C library's `memmem`, which
/// Swift does not see on Linux, where it is a GNU extension.
const void *veneer_find(const void *haystack, size_t length, const void *needle,
                        size_t needle_length);

#endif
