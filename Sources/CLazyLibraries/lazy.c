/* Loading the libraries at the first call into them: every library of the function's group,
   then every entry of that group's functions in the stubs' table, once per group and process (a
   batch's threads may draw their first pages together). */
#define _GNU_SOURCE
#include "lazy.h"
#include <dlfcn.h>
#include <errno.h> /* program_invocation_short_name */
#include <openssl/crypto.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

extern void *ccl_table[CCL_SYMBOLS];

_Static_assert(CCL_GROUPS == 3, "lazy.c has a loader for each group of scripts/lazy-libraries.py");

static void *handles[CCL_LIBRARIES];
static pthread_once_t once[CCL_GROUPS] = {PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT};

/* A library the packages installed cannot go missing in a working install: the one-line error
   names it and the remedy, and the process ends as any failure does (status 1), at once: the
   first call may come from any thread, in the middle of anything. */
static void fail(const char *what, const char *name, int group) {
    // One message, whichever thread fails first (the gate's warm-up loads SQLite and libcrypto on
    // two): a second failure waits for the first's exit.
    static int failing;
    if (__atomic_exchange_n(&failing, 1, __ATOMIC_SEQ_CST)) {
        for (;;) pause();
    }
    const char *why = dlerror();
    fprintf(stderr, "%s: error: cannot load the %s %s that %s needs (%s); reinstall the program's "
            "libraries (make deps)\n", program_invocation_short_name, what, name, ccl_group_needs[group],
            why ? why : "not found");
    fflush(stderr);
    _exit(1);
}

static void open_group(int group) {
    for (int i = 0; i < CCL_LIBRARIES; i++) {
        if (ccl_library_groups[i] != group) continue;
        handles[i] = dlopen(ccl_libraries[i], RTLD_NOW | RTLD_GLOBAL);
        if (!handles[i]) fail("library", ccl_libraries[i], group);
    }
}

/* The group's entries of the stubs' table: from here on, a call into the group goes straight
   to its function, without `pthread_once`. */
static void fill_group(int group) {
    for (int i = 0; i < CCL_SYMBOLS; i++) {
        if (ccl_library_groups[ccl_symbols[i].library] != group) continue;
        // Where the list says, else in any library loaded (a function another version of the
        // libraries moves: Pango's, say, between pango and pangoft2).
        void *function = dlsym(handles[ccl_symbols[i].library], ccl_symbols[i].name);
        if (!function) function = dlsym(RTLD_DEFAULT, ccl_symbols[i].name);
        if (!function) fail("function", ccl_symbols[i].name, group);
        __atomic_store_n(&ccl_table[i], function, __ATOMIC_RELEASE);
    }
}

static void bind_drawing(void) {
    open_group(0);
    fill_group(0);
}

static void bind_store(void) {
    open_group(1);
    fill_group(1);
}

/* OpenSSL is initialised before its table entries are filled, so before any call into it can
   run, on any thread: its first initialisation decides. Without `OPENSSL_INIT_NO_ATEXIT` it
   frees its tables at exit, under a thread that may still use them (the gate's warm-up,
   `OpenSSLWarmUp`, when the process ends before it has: a refused export, say). Without
   `OPENSSL_INIT_NO_LOAD_CONFIG` a later call would read the configuration file `$OPENSSL_CONF`
   names: the person running the program could load a provider of their own into the gate's
   signature checks, or name a FIFO that stops the program at its first check. The gate uses
   libcrypto's built-in default provider and nothing a configuration can change. */
static void bind_crypto(void) {
    open_group(2);
    int (*init)(uint64_t, const OPENSSL_INIT_SETTINGS *) = NULL;
    for (int i = 0; i < CCL_LIBRARIES && !init; i++) {
        if (ccl_library_groups[i] == 2) init = dlsym(handles[i], "OPENSSL_init_crypto");
    }
    if (!init) fail("function", "OPENSSL_init_crypto", 2);
    init(OPENSSL_INIT_NO_ATEXIT | OPENSSL_INIT_NO_LOAD_CONFIG, NULL);
    fill_group(2);
}

static void (*const binders[CCL_GROUPS])(void) = {bind_drawing, bind_store, bind_crypto};

/* Which groups have begun to load (or are about to, on a thread just started for it): what
   `ccl_settle` waits for. */
static int begun[CCL_GROUPS];

static void load(int group) {
    __atomic_store_n(&begun[group], 1, __ATOMIC_SEQ_CST);
    pthread_once(&once[group], binders[group]);
}

__attribute__((visibility("hidden"))) void *ccl_bind(unsigned long index) {
    load(ccl_library_groups[ccl_symbols[index].library]);
    return __atomic_load_n(&ccl_table[index], __ATOMIC_ACQUIRE);
}

void ccairo_load_libraries(void) { load(0); }

void ccl_load_store_library(void) { load(1); }

void ccl_load_crypto_library(void) { load(2); }

void ccl_loading_begins(int group) {
    if (group >= 0 && group < CCL_GROUPS) __atomic_store_n(&begun[group], 1, __ATOMIC_SEQ_CST);
}

void ccl_settle(void) {
    for (int group = 0; group < CCL_GROUPS; group++) {
        if (__atomic_load_n(&begun[group], __ATOMIC_SEQ_CST)) pthread_once(&once[group], binders[group]);
    }
}

const char *ccairo_fribidi_version_info(void) {
    ccairo_load_libraries();
    // The libraries are loaded global: the variable is found by name, wherever it lives.
    const char *const *info = dlsym(RTLD_DEFAULT, "fribidi_version_info");
    return info ? *info : NULL;
}
