#include "CVeneerClang.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// libclang's own types, as its C interface defines them.
typedef struct {
  const void *data;
  unsigned private_flags;
} CXString;
typedef struct {
  const void *ptr_data[2];
  unsigned int_data;
} CXSourceLocation;
typedef struct {
  const void *ptr_data[2];
  unsigned begin_int_data;
  unsigned end_int_data;
} CXSourceRange;
typedef int (*CXCursorVisitor)(VeneerCursor, VeneerCursor, void *);
typedef struct {
  const char *Filename;
  const char *Contents;
  unsigned long Length;
} CXUnsavedFile;

// Flags of clang_parseTranslationUnit: recover from errors, skip bodies.
enum { Incomplete = 0x02, SkipFunctionBodies = 0x40, KeepGoing = 0x200 };
enum { ContinueVisiting = 1 };

static struct {
  void *(*createIndex)(int, int);
  void *(*parseTranslationUnit)(void *, const char *, const char *const *, int, CXUnsavedFile *,
                                unsigned, unsigned);
  void (*disposeTranslationUnit)(void *);
  VeneerCursor (*getTranslationUnitCursor)(void *);
  unsigned (*visitChildren)(VeneerCursor, CXCursorVisitor, void *);
  CXString (*getCursorSpelling)(VeneerCursor);
  const char *(*getCString)(CXString);
  void (*disposeString)(CXString);
  CXString (*rawCommentText)(VeneerCursor);
  CXString (*propertyGetterName)(VeneerCursor);
  CXString (*getTypeSpelling)(VeneerType);
  CXSourceLocation (*getCursorLocation)(VeneerCursor);
  CXSourceRange (*getCursorExtent)(VeneerCursor);
  CXSourceLocation (*getRangeStart)(CXSourceRange);
  CXSourceLocation (*getRangeEnd)(CXSourceRange);
  void (*getSpellingLocation)(CXSourceLocation, void **, unsigned *, unsigned *, unsigned *);
  CXString (*getFileName)(void *);
  int (*locationIsFromMainFile)(CXSourceLocation);
  VeneerType (*getCursorType)(VeneerCursor);
  VeneerType (*getCursorResultType)(VeneerCursor);
  unsigned (*isObjCOptional)(VeneerCursor);
  unsigned (*isVariadic)(VeneerCursor);
  int (*getCursorAvailability)(VeneerCursor);
  unsigned (*propertyAttributes)(VeneerCursor, unsigned);
  unsigned (*getNumDiagnostics)(void *);
  void *(*getDiagnostic)(void *, unsigned);
  void (*disposeDiagnostic)(void *);
  int (*getDiagnosticSeverity)(void *);
  CXString (*getDiagnosticSpelling)(void *);
  CXSourceLocation (*getDiagnosticLocation)(void *);
  CXString (*getDiagnosticCategoryText)(void *);
} clang;

static void *library;
static void *index_;

static int bind(void **slot, const char *name, char *reason, unsigned long reason_size) {
  *slot = dlsym(library, name);
  if (*slot == NULL) snprintf(reason, reason_size, "libclang has no %s", name);
  return *slot != NULL;
}

int veneer_clang_load(const char *path, char *reason, unsigned long reason_size) {
  if (library != NULL) return 1;
  // Debian's and Ubuntu's libclang-dev, other Linux distributions, then Apple's tools.
  static const char *const places[] = {
    "libclang.so", "libclang.so.1", "/usr/lib/llvm-19/lib/libclang.so.1",
    "/usr/lib/llvm-18/lib/libclang.so.1", "/usr/lib/llvm-17/lib/libclang.so.1",
    "/usr/lib/llvm-16/lib/libclang.so.1", "/usr/lib/llvm-15/lib/libclang.so.1",
    "/usr/lib/llvm-14/lib/libclang.so.1", "/usr/lib64/libclang.so",
    "/Library/Developer/CommandLineTools/usr/lib/libclang.dylib",
    "/Applications/Xcode.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/lib/"
    "libclang.dylib",
  };
  if (path != NULL) {
    library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
      snprintf(reason, reason_size, "cannot load %s: %s", path, dlerror());
      return 0;
    }
  } else {
    for (unsigned i = 0; library == NULL && i < sizeof places / sizeof *places; i++) {
      library = dlopen(places[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
      snprintf(reason, reason_size, "libclang was not found");
      return 0;
    }
  }
  // Each entry point by name; the first one missing is the reason.
#define BIND(field, symbol) bind((void **)&clang.field, symbol, reason, reason_size)
  int bound =
    BIND(createIndex, "clang_createIndex") &&
    BIND(parseTranslationUnit, "clang_parseTranslationUnit") &&
    BIND(disposeTranslationUnit, "clang_disposeTranslationUnit") &&
    BIND(getTranslationUnitCursor, "clang_getTranslationUnitCursor") &&
    BIND(visitChildren, "clang_visitChildren") &&
    BIND(getCursorSpelling, "clang_getCursorSpelling") &&
    BIND(getCString, "clang_getCString") &&
    BIND(disposeString, "clang_disposeString") &&
    BIND(rawCommentText, "clang_Cursor_getRawCommentText") &&
    BIND(propertyGetterName, "clang_Cursor_getObjCPropertyGetterName") &&
    BIND(getTypeSpelling, "clang_getTypeSpelling") &&
    BIND(getCursorLocation, "clang_getCursorLocation") &&
    BIND(getCursorExtent, "clang_getCursorExtent") &&
    BIND(getRangeStart, "clang_getRangeStart") &&
    BIND(getRangeEnd, "clang_getRangeEnd") &&
    BIND(getSpellingLocation, "clang_getSpellingLocation") &&
    BIND(getFileName, "clang_getFileName") &&
    BIND(locationIsFromMainFile, "clang_Location_isFromMainFile") &&
    BIND(getCursorType, "clang_getCursorType") &&
    BIND(getCursorResultType, "clang_getCursorResultType") &&
    BIND(isObjCOptional, "clang_Cursor_isObjCOptional") &&
    BIND(isVariadic, "clang_Cursor_isVariadic") &&
    BIND(getCursorAvailability, "clang_getCursorAvailability") &&
    BIND(propertyAttributes, "clang_Cursor_getObjCPropertyAttributes") &&
    BIND(getNumDiagnostics, "clang_getNumDiagnostics") &&
    BIND(getDiagnostic, "clang_getDiagnostic") &&
    BIND(disposeDiagnostic, "clang_disposeDiagnostic") &&
    BIND(getDiagnosticSeverity, "clang_getDiagnosticSeverity") &&
    BIND(getDiagnosticSpelling, "clang_getDiagnosticSpelling") &&
    BIND(getDiagnosticLocation, "clang_getDiagnosticLocation") &&
    BIND(getDiagnosticCategoryText, "clang_getDiagnosticCategoryText");
#undef BIND
  if (!bound) {
    dlclose(library);
    library = NULL;
    return 0;
  }
  index_ = clang.createIndex(0, 0);
  return 1;
}

void *veneer_clang_parse(const char *file, const char *const *arguments, int count,
                         const char *const *names, const char *const *contents,
                         const unsigned long *lengths, unsigned file_count, int bodies) {
  CXUnsavedFile *unsaved = calloc(file_count ? file_count : 1, sizeof(CXUnsavedFile));
  if (!unsaved) return NULL;
  for (unsigned index = 0; index < file_count; index++) {
    unsaved[index] = (CXUnsavedFile){names[index], contents[index], lengths[index]};
  }
  void *unit = clang.parseTranslationUnit(index_, file, arguments, count, unsaved, file_count,
                                          Incomplete | (bodies ? 0 : SkipFunctionBodies) |
                                              KeepGoing);
  free(unsaved);
  return unit;
}

void veneer_clang_dispose(void *unit) { clang.disposeTranslationUnit(unit); }

VeneerCursor veneer_clang_root(void *unit) { return clang.getTranslationUnitCursor(unit); }

struct Collected {
  VeneerCursor *children;
  unsigned capacity;
  unsigned count;
};

static int collect(VeneerCursor cursor, VeneerCursor parent, void *data) {
  (void)parent;
  struct Collected *collected = data;
  if (collected->count < collected->capacity) collected->children[collected->count] = cursor;
  collected->count++;
  return ContinueVisiting;
}

unsigned veneer_clang_children(VeneerCursor cursor, VeneerCursor *children, unsigned capacity) {
  struct Collected collected = {children, capacity, 0};
  clang.visitChildren(cursor, collect, &collected);
  return collected.count;
}

static char *copy(CXString string) {
  const char *text = clang.getCString(string);
  char *result = text != NULL ? strdup(text) : NULL;
  clang.disposeString(string);
  return result;
}

char *veneer_clang_spelling(VeneerCursor cursor) { return copy(clang.getCursorSpelling(cursor)); }
char *veneer_clang_raw_comment(VeneerCursor cursor) { return copy(clang.rawCommentText(cursor)); }
char *veneer_clang_property_getter(VeneerCursor cursor) {
  return copy(clang.propertyGetterName(cursor));
}
char *veneer_clang_type_spelling(VeneerType type) { return copy(clang.getTypeSpelling(type)); }

char *veneer_clang_location(VeneerCursor cursor, int start, unsigned *line, unsigned *column,
                            unsigned *offset, int *in_main_file) {
  CXSourceLocation location = start ? clang.getRangeStart(clang.getCursorExtent(cursor))
                                    : clang.getCursorLocation(cursor);
  void *file = NULL;
  clang.getSpellingLocation(location, &file, line, column, offset);
  *in_main_file = clang.locationIsFromMainFile(location);
  return file != NULL ? copy(clang.getFileName(file)) : NULL;
}

void veneer_clang_extent(VeneerCursor cursor, unsigned *start, unsigned *end) {
  CXSourceRange range = clang.getCursorExtent(cursor);
  clang.getSpellingLocation(clang.getRangeStart(range), NULL, NULL, NULL, start);
  clang.getSpellingLocation(clang.getRangeEnd(range), NULL, NULL, NULL, end);
}

VeneerType veneer_clang_cursor_type(VeneerCursor cursor) { return clang.getCursorType(cursor); }
VeneerType veneer_clang_result_type(VeneerCursor cursor) {
  return clang.getCursorResultType(cursor);
}
int veneer_clang_is_optional(VeneerCursor cursor) { return clang.isObjCOptional(cursor) != 0; }
int veneer_clang_is_variadic(VeneerCursor cursor) { return clang.isVariadic(cursor) != 0; }
int veneer_clang_availability(VeneerCursor cursor) { return clang.getCursorAvailability(cursor); }
unsigned veneer_clang_property_attributes(VeneerCursor cursor) {
  return clang.propertyAttributes(cursor, 0);
}

unsigned veneer_clang_diagnostic_count(void *unit) { return clang.getNumDiagnostics(unit); }

char *veneer_clang_diagnostic(void *unit, unsigned index, int *severity, char **file,
                              unsigned *line, unsigned *column, char **category) {
  void *diagnostic = clang.getDiagnostic(unit, index);
  *severity = clang.getDiagnosticSeverity(diagnostic);
  *category = copy(clang.getDiagnosticCategoryText(diagnostic));
  void *source = NULL;
  *line = 0;
  *column = 0;
  clang.getSpellingLocation(clang.getDiagnosticLocation(diagnostic), &source, line, column, NULL);
  *file = source != NULL ? copy(clang.getFileName(source)) : NULL;
  char *message = copy(clang.getDiagnosticSpelling(diagnostic));
  clang.disposeDiagnostic(diagnostic);
  return message;
}
