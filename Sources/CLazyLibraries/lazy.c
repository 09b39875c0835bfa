/* Loading the libraries at the first call into them: every library, then every function's
   entry in the stubs' table, once per process (a batch's threads may draw their first pages
   together). */
#define _GNU_SOURCE
#include "lazy.h"
#include <dlfcn.h>
#include <errno.h> /* program_invocation_short_name */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

extern void *ccl_table[CCL_SYMBOLS];

static void *handles[CCL_LIBRARIES];
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* A library the packages installed cannot go missing in a working install: the one-line error
   names it and the remedy, and the process ends as any failure does (status 1), at once: the
   first call may come from any thread, in the middle of anything. */
static void fail(const char *what, const char *name) {
    const char *why = dlerror();
    fprintf(stderr, "%s: error: cannot load the %s %s that drawing needs (%s); reinstall the program's "
            "libraries (make deps)\n", program_invocation_short_name, what, name, why ? why : "not found");
    fflush(stderr);
    _exit(1);
}

static void bind_all(void) {
    for (int i = 0; i < CCL_LIBRARIES; i++) {
        handles[i] = dlopen(ccl_libraries[i], RTLD_NOW | RTLD_GLOBAL);
        if (!handles[i]) fail("library", ccl_libraries[i]);
    }
    for (int i = 0; i < CCL_SYMBOLS; i++) {
        // Where the list says, else in any library loaded (a function another version of the
        // libraries moves: Pango's, say, between pango and pangoft2).
        void *function = dlsym(handles[ccl_symbols[i].library], ccl_symbols[i].name);
        if (!function) function = dlsym(RTLD_DEFAULT, ccl_symbols[i].name);
        if (!function) fail("function", ccl_symbols[i].name);
        __atomic_store_n(&ccl_table[i], function, __ATOMIC_RELEASE);
    }
}

__attribute__((visibility("hidden"))) void *ccl_bind(unsigned long index) {
    pthread_once(&once, bind_all);
    return __atomic_load_n(&ccl_table[index], __ATOMIC_ACQUIRE);
}

void ccairo_load_libraries(void) { pthread_once(&once, bind_all); }

const char *ccairo_fribidi_version_info(void) {
    pthread_once(&once, bind_all);
    // The libraries are loaded global: the variable is found by name, wherever it lives.
    const char *const *info = dlsym(RTLD_DEFAULT, "fribidi_version_info");
    return info ? *info : NULL;
}
