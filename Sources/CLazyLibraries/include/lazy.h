/* The C libraries only some commands need, each group loaded at the first call into any of its
   functions (scripts/lazy-libraries.py): drawing's, the entitlement store's, OpenSSL's. */
#ifndef CLAZY_LIBRARIES_H
#define CLAZY_LIBRARIES_H
#include "lazy_count.h"

/* A function the program calls, and which of `ccl_libraries` has it. */
struct ccl_symbol {
    const char *name;
    unsigned char library;
};

extern const char *const ccl_libraries[CCL_LIBRARIES];
/* The group each library is loaded with, and what needs each group (for the error naming it). */
extern const unsigned char ccl_library_groups[CCL_LIBRARIES];
extern const char *const ccl_group_needs[CCL_GROUPS];
extern const struct ccl_symbol ccl_symbols[CCL_SYMBOLS];

/* Loads drawing's libraries now, if no call into them has: for a thread that has time to spare
   before the first drawing. */
void ccairo_load_libraries(void);

/* Loads SQLite now, if no call into it has: for a thread that has time to spare before the
   entitlement store is opened. */
void ccl_load_store_library(void);

/* Loads OpenSSL's libcrypto now, if no call into it has (for a thread that has time to spare
   before the gate's first check), and initialises OpenSSL without its cleanup at exit before
   any other call into it can run. */
void ccl_load_crypto_library(void);

/* Says that a thread is being started to load `group` (0 drawing, 1 SQLite, 2 libcrypto):
   `ccl_settle` then waits for it even if the thread has not begun. */
void ccl_loading_begins(int group);

/* Waits until every group whose loading has begun is loaded: for a process about to exit, whose
   exit must not run while another thread runs a library's constructors (GLib's type system
   asserts when its set-up and the exit's clean-up meet: SIGABRT instead of the exit status). */
void ccl_settle(void);

/* How many Fontconfig calls Pango 1.50 would have started a thread for ran on the two workers
   that take them instead (font_pattern_threads.c): 0 with a Pango that starts no such threads. */
unsigned long ccl_font_pattern_jobs_run(void);

/* Queues `body(data)` to the worker that takes the calls of threads named `name` (what
   `g_thread_new` does with Pango 1.50's two names): 1 if queued, 0 for any other name. */
int ccl_font_pattern_enqueue(const char *name, void *(*body)(void *), void *data);

/* Returns once no queued call is left or running: for a caller about to drop a font map, whose
   last reference a queued call may hold. Queued calls take no lock of the program's, so this
   may be called holding `NativeTextLock`. */
void ccl_font_pattern_wait_idle(void);

/* Turns the memory of shaped runs on or off for the calling thread's shaping (shaping_memo.c; on
   unless turned off): for tests that compare the two, which must give the same glyphs. */
void ccl_shaping_memo_set_enabled(int on);

/* How many of the calling thread's runs were shaped from memory, and how many by HarfBuzz and
   kept (runs not for memory count in neither). */
unsigned long ccl_shaping_memo_hits(void);
unsigned long ccl_shaping_memo_misses(void);

/* How many fonts the remembered runs keep alive (at most 256). */
unsigned int ccl_shaping_memo_fonts(void);

/* FriBidi's version text ("(GNU FriBidi) 1.0.8\n..."), read from the library's variable once
   it is loaded: a stub can stand in for a function, not for a variable. */
const char *ccairo_fribidi_version_info(void);
#endif
