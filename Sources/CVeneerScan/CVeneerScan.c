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

/// Whether the word that starts a candidate at `offset` is one the prefilter looks for.
static bool is_declaring_word(const uint8_t *bytes, size_t offset, size_t count) {
  const uint8_t *start = bytes + offset;
  size_t left = count - offset;
  switch (*start) {
  case 'p': return left >= 8 && memcmp(start, "protocol", 8) == 0;
  case 't': return left >= 9 && memcmp(start, "typealias", 9) == 0;
  case 'e':
    return left >= 4 && memcmp(start, "enum", 4) == 0 &&
           veneer_generic_name_follows(bytes, offset + 4, count);
  default: return false;
  }
}

bool veneer_generic_name_follows(const uint8_t *bytes, size_t offset, size_t count) {
  size_t cursor = offset;
  while (cursor < count && bytes[cursor] == ' ') cursor++;
  if (cursor == offset) return false;
  size_t name = cursor;
  while (cursor < count && veneer_name_bytes[bytes[cursor]]) cursor++;
  if (cursor == name) return false;
  while (cursor < count && bytes[cursor] == ' ') cursor++;
  return cursor < count && bytes[cursor] == '<';
}

typedef uint8_t block __attribute__((vector_size(16)));

static inline block load_block(const uint8_t *bytes) {
  block value;
  memcpy(&value, bytes, sizeof value);
  return value;
}

bool veneer_may_declare_protocol(const uint8_t *bytes, size_t count) {
  // One pass, sixteen offsets at a time: a candidate is an offset whose byte starts one of the
  // words and whose byte at the word's last letter ends it (`p`…`l`, `t`…`s`, `e`…`m`); only
  // candidates are compared. Three `memmem`s went over most files three times.
  size_t offset = 0;
  const size_t lookahead = 8;
  for (; offset + sizeof(block) + lookahead <= count; offset += sizeof(block)) {
    block first = load_block(bytes + offset);
    block candidates = (block)(((first == 'p') & (load_block(bytes + offset + 7) == 'l')) |
                               ((first == 't') & (load_block(bytes + offset + 8) == 's')) |
                               ((first == 'e') & (load_block(bytes + offset + 3) == 'm')));
    uint64_t halves[2];
    memcpy(halves, &candidates, sizeof halves);
    if ((halves[0] | halves[1]) == 0) continue;
    for (size_t lane = 0; lane < sizeof(block); lane++) {
      if (candidates[lane] && is_declaring_word(bytes, offset + lane, count)) return true;
    }
  }
  for (; offset < count; offset++) {
    if (is_declaring_word(bytes, offset, count)) return true;
  }
  return false;
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

size_t veneer_next_body_byte(const uint8_t *bytes, size_t offset, size_t count) {
  // Sixteen bytes at a time: most of a body is names, operators and white space, where a byte's
  // table lookup and branch cost more than the stops they find. A `p` stops only before an `l`
  // at `protocol`'s last letter, as in the prefilter; the tail keeps every `p`.
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  const size_t lookahead = 7;
  for (; offset + sizeof(block) + lookahead <= count; offset += sizeof(block)) {
    block text = load_block(bytes + offset);
    block stops = (block)((text == '{') | (text == '}') | (text == '"') | (text == '/') |
                          (text == '#') | (text == '`') |
                          ((text == 'p') & (load_block(bytes + offset + lookahead) == 'l')));
    uint64_t halves[2];
    memcpy(halves, &stops, sizeof halves);
    if (halves[0] != 0) return offset + (size_t)__builtin_ctzll(halves[0]) / 8;
    if (halves[1] != 0) return offset + 8 + (size_t)__builtin_ctzll(halves[1]) / 8;
  }
#endif
  while (offset < count && !veneer_body_bytes[bytes[offset]]) offset++;
  return offset;
}

const bool veneer_string_bytes[256] = {['"'] = true, ['\\'] = true, ['\n'] = true};
