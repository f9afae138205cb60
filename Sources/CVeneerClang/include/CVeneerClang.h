#ifndef CVENEERCLANG_H
#define CVENEERCLANG_H

// libclang's C interface, loaded when Veneer first reads an Objective-C header rather than
// linked: Veneer builds and runs for Swift on machines without libclang. The structures below
// have the layout of libclang's own (`CXCursor`, `CXType`), which its C interface keeps stable.

#include <stdint.h>

typedef struct {
  int kind;
  int xdata;
  const void *data[3];
} VeneerCursor;

typedef struct {
  int kind;
  void *data[2];
} VeneerType;

/// Loads libclang from `path` when it is not NULL, else from the usual places; 1 when it is
/// loaded, else 0 with the reason in `reason`.
int veneer_clang_load(const char *path, char *reason, unsigned long reason_size);

/// `file` parsed as Objective-C with `arguments`, errors recovered from; NULL when libclang
/// could not parse it at all. Each of the `file_count` files named in `names` holds the
/// `lengths[i]` bytes of `contents[i]` for the parse, whatever is on disk at that path. Function
/// bodies are skipped unless `bodies` is nonzero.
void *veneer_clang_parse(const char *file, const char *const *arguments, int count,
                         const char *const *names, const char *const *contents,
                         const unsigned long *lengths, unsigned file_count, int bodies);
void veneer_clang_dispose(void *unit);
VeneerCursor veneer_clang_root(void *unit);

/// How many children `cursor` has; the first `capacity` of them are written to `children`.
unsigned veneer_clang_children(VeneerCursor cursor, VeneerCursor *children, unsigned capacity);

/// Strings are copies the caller frees with `free`; NULL when there is none.
char *veneer_clang_spelling(VeneerCursor cursor);
char *veneer_clang_raw_comment(VeneerCursor cursor);
char *veneer_clang_property_getter(VeneerCursor cursor);
char *veneer_clang_type_spelling(VeneerType type);

/// The file (a copy to free) and 1-based line and column where `cursor`'s text starts
/// (`start` 1) or where its name is (`start` 0); whether it is in the parsed file itself.
char *veneer_clang_location(VeneerCursor cursor, int start, unsigned *line, unsigned *column,
                            unsigned *offset, int *in_main_file);
/// Byte offsets of `cursor`'s text in its file: [start, end).
void veneer_clang_extent(VeneerCursor cursor, unsigned *start, unsigned *end);

VeneerType veneer_clang_cursor_type(VeneerCursor cursor);
VeneerType veneer_clang_result_type(VeneerCursor cursor);
int veneer_clang_is_optional(VeneerCursor cursor);
int veneer_clang_is_variadic(VeneerCursor cursor);
/// 0 available, 1 deprecated, 2 unavailable, 3 inaccessible.
int veneer_clang_availability(VeneerCursor cursor);
unsigned veneer_clang_property_attributes(VeneerCursor cursor);

unsigned veneer_clang_diagnostic_count(void *unit);
/// Diagnostic `index`'s message (a copy to free), severity (2 warning, 3 error, 4 fatal), place
/// and category ("Parse Issue", "Semantic Issue", …); `file` and `category` are copies to free,
/// or NULL.
char *veneer_clang_diagnostic(void *unit, unsigned index, int *severity, char **file,
                              unsigned *line, unsigned *column, char **category);

#endif
