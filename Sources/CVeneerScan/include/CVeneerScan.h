#ifndef CVENEERSCAN_H
#define CVENEERSCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// The first occurrence of `needle` in `haystack`, or NULL: the C library's `memmem`, which
/// Swift does not see on Linux, where it is a GNU extension.
const void *veneer_find(const void *haystack, size_t length, const void *needle,
                        size_t needle_length);

/// Whether `bytes` contain `protocol`, `typealias`, or `enum` followed by spaces, a name,
/// spaces and `<`: a file without any declares neither a protocol nor an alias of one.
bool veneer_may_declare_protocol(const uint8_t *bytes, size_t count);

/// Whether spaces, a name, spaces and `<` follow `offset`: a generic declaration's name.
bool veneer_generic_name_follows(const uint8_t *bytes, size_t offset, size_t count);

/// Whether each byte may be part of a Swift name: letters, digits, `_`, `$`, and every byte of
/// a non-ASCII character.
extern const bool veneer_name_bytes[256];

/// The offset of the first byte from `offset` that is not part of a name. A table, not tests of
/// ranges: names are most of a file, and the branches between letters and digits were
/// mispredicted.
static inline size_t veneer_name_end(const uint8_t *bytes, size_t offset, size_t count) {
  while (offset < count && veneer_name_bytes[bytes[offset]]) offset++;
  return offset;
}

static inline bool veneer_is_name_byte(uint8_t byte) { return veneer_name_bytes[byte]; }

/// Whether each byte may start what matters inside braces: a brace, a literal, a comment, a
/// backticked name, a `#` directive, or `p`, which may start `protocol`.
extern const bool veneer_body_bytes[256];

/// The offset of the first such byte from `offset`, or `count`; a `p` counts only where an `l`
/// stands seven bytes on, as in `protocol`.
size_t veneer_next_body_byte(const uint8_t *bytes, size_t offset, size_t count);

/// Whether each byte may end or escape a string literal's text: a quote, a backslash, a line
/// break.
extern const bool veneer_string_bytes[256];

/// The offset of the first such byte from `offset`, or `count`.
static inline size_t veneer_next_string_byte(const uint8_t *bytes, size_t offset, size_t count) {
  while (offset < count && !veneer_string_bytes[bytes[offset]]) offset++;
  return offset;
}

#endif
