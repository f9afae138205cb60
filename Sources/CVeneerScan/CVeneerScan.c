#define _GNU_SOURCE
#include "CVeneerScan.h"

#include <string.h>

const void *veneer_find(const void *haystack, size_t length, const void *needle,
                        size_t needle_length) {
#if defined(_WIN32)
  const unsigned char *bytes = haystack;
  if (needle_length == 0) return haystack;
  for (size_t offset = 0; offset + needle_length <= length; offset++) {
    if (memcmp(bytes + offset, needle, needle_length) == 0) return bytes + offset;
  }
  return NULL;
#else
  return memmem(haystack, length, needle, needle_length);
#endif
}
