/* The C libraries only drawing needs, loaded at the first call into them (scripts/lazy-libraries.py). */
#ifndef CLAZY_LIBRARIES_H
#define CLAZY_LIBRARIES_H
#include "lazy_count.h"

/* A function the program calls, and which of `ccl_libraries` has it. */
struct ccl_symbol {
    const char *name;
    unsigned char library;
};

extern const char *const ccl_libraries[CCL_LIBRARIES];
extern const struct ccl_symbol ccl_symbols[CCL_SYMBOLS];

/* Loads the libraries now, if no call into them has: for a thread that has time to spare
   before the first drawing. */
void ccairo_load_libraries(void);

/* FriBidi's version text ("(GNU FriBidi) 1.0.8\n..."), read from the library's variable once
   it is loaded: a stub can stand in for a function, not for a variable. */
const char *ccairo_fribidi_version_info(void);
#endif
