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

#define NAME_RANGE(first, last) [first... last] = true

const bool veneer_name_bytes[256] = {
    NAME_RANGE('0', '9'), NAME_RANGE('A', 'Z'), NAME_RANGE('a', 'z'), ['_'] = true, ['$'] = true,
    NAME_RANGE(0x80, 0xFF),
};

const bool veneer_body_bytes[256] = {
    ['{'] = true, ['}'] = true, ['"'] = true, ['/'] = true, ['#'] = true, ['`'] = true,
    ['p'] = true,
};

const bool veneer_string_bytes[256] = {['"'] = true, ['\\'] = true, ['\n'] = true};
