/* Two long-lived threads for the Fontconfig calls Pango 1.50 would start a thread each for.

   Pango 1.50 (Debian 12) answers every new font pattern (a family, weight, style and size not
   asked for before) with two threads of its own, "[pango] FcFontSetMatch" and "[pango]
   FcFontSetSort", that each make one Fontconfig call and end: about 90 threads for a ten-day
   trip, 100 for the 120-day one, each with its 8 MiB stack mapped, and at its end released
   (`madvise`, which interrupts the other core). Later Pango (1.51 on: Debian 13, Ubuntu 24.04)
   keeps one thread per font map for the same calls and never asks for these names.

   The program exports `g_thread_new` (executables export their symbols), so the libraries it
   loads call this one: a thread by either name is not started, its function is queued to a
   worker of that name, started at the first such call and kept while calls come (it ends after
   0.2 s without one, giving its thread back to a small process limit: a batch worker between
   documents needs no new pattern); every other name goes to GLib's own. The caller gets back a reference to the worker's GThread, which is
   all Pango does with it (`g_thread_unref` at once); it waits for the result on its own
   condition variable, which the function signals as before. Matches and sorts keep a worker
   each, so a sort never waits behind a match or the other way round, as with Pango's threads.

   A queued call holds references to its font map (and its Fontconfig configuration), so the
   last reference to a font map could be dropped by a worker, outside `NativeTextLock`, and its
   finalisation free cairo's faces while another thread draws: whoever frees a font map first
   waits until the workers are idle (`ccl_font_pattern_wait_idle`, `TextEngine.deinit`).

   GLib's `g_thread_new` stops the process (a breakpoint trap) when the system refuses a thread:
   under a small process limit (`ulimit -u`, which counts the user's threads in every process),
   while the gate's own short-lived threads still run. Every thread started here (the workers,
   and each thread of another name) is asked for with `g_thread_try_new` instead, and asked again
   every millisecond while the system refuses it for want of resources, as threads end: for up
   to ten seconds, then the program stops with a one-line error that names the likely limits. Running
   the function on the calling thread instead is no way out: Pango starts its Fontconfig
   initialisation thread holding the lock that thread takes. */
#define _GNU_SOURCE
#include "lazy.h"
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

typedef void *(*thread_body)(void *);

struct job {
    thread_body body;
    void *data;
    struct job *next;
};

struct worker {
    const char *pango_name; /* the name of the threads whose work this worker takes */
    const char *own_name;   /* its own (a thread's name is cut at 15 bytes) */
    struct job *first, *last;
    void *thread; /* GLib's GThread of the worker, made by GLib's `g_thread_new`; NULL until then */
};

/* One lock for both queues and the count of calls queued or running. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t queued = PTHREAD_COND_INITIALIZER; /* a call was queued */
static pthread_cond_t idle = PTHREAD_COND_INITIALIZER;   /* `unfinished` came down to 0 */
static struct worker workers[2] = {
    {"[pango] FcFontSetMatch", "font matching", NULL, NULL, NULL},
    {"[pango] FcFontSetSort", "font sorting", NULL, NULL, NULL},
};
static unsigned long unfinished; /* calls queued or running */
static unsigned long jobs_run;

/* GLib's GError, as its header lays it out. */
struct glib_error {
    unsigned int domain;
    int code;
    char *message;
};

static void *(*glib_thread_try_new)(const char *, thread_body, void *, struct glib_error **);
static void (*glib_error_free)(struct glib_error *);
static void *(*glib_thread_ref)(void *);
static void (*glib_thread_unref)(void *);
static pthread_once_t resolved = PTHREAD_ONCE_INIT;

/* How long a worker waits for a call before it ends. */
static const long idle_nanoseconds = 200000000L;

/* `queued` is waited on with a deadline on the monotonic clock, which the clock's setting
   cannot move. */
static void init_queued(void) {
    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    pthread_cond_init(&queued, &attributes);
    pthread_condattr_destroy(&attributes);
}

/* The monotonic clock's time `nanoseconds` from now. */
static struct timespec after(long long nanoseconds) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    long long total = (long long)t.tv_nsec + nanoseconds;
    t.tv_sec += (time_t)(total / 1000000000LL);
    t.tv_nsec = (long)(total % 1000000000LL);
    return t;
}

/* Whether the monotonic clock has passed `deadline`. */
static int passed(struct timespec deadline) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec > deadline.tv_sec || (now.tv_sec == deadline.tv_sec && now.tv_nsec >= deadline.tv_nsec);
}

/* A child of `fork` has none of the workers (only the forking thread goes on) and none of
   their calls: it starts its own at its first. */
static void forget_in_child(void) {
    pthread_mutex_init(&lock, NULL);
    init_queued();
    pthread_cond_init(&idle, NULL);
    for (int i = 0; i < 2; i++) workers[i].first = workers[i].last = workers[i].thread = NULL;
    unfinished = 0;
}

/* GLib is loaded by the time anything calls `g_thread_new` (only its users do): the next
   definition after the program's is GLib's. */
static void resolve(void) {
    glib_thread_try_new =
        (void *(*)(const char *, thread_body, void *, struct glib_error **))dlsym(RTLD_NEXT, "g_thread_try_new");
    glib_error_free = (void (*)(struct glib_error *))dlsym(RTLD_NEXT, "g_error_free");
    glib_thread_ref = (void *(*)(void *))dlsym(RTLD_NEXT, "g_thread_ref");
    glib_thread_unref = (void (*)(void *))dlsym(RTLD_NEXT, "g_thread_unref");
    if (!glib_thread_try_new || !glib_error_free || !glib_thread_ref || !glib_thread_unref) {
        fprintf(stderr, "export-itinerary: error: g_thread_new was called, yet GLib's threads cannot be found\n");
        abort();
    }
    init_queued();
    pthread_atfork(NULL, NULL, forget_in_child);
}

/* GLib's GThread running `body`, asked for again while the system refuses it (see above); with
   `once`, asked for once, and NULL when refused. */
static void *start_thread(const char *name, thread_body body, void *data, int once) {
    struct timespec pause = {0, 1000000}, deadline = after(10000000000LL);
    for (;;) {
        struct glib_error *error = NULL;
        void *thread = glib_thread_try_new(name, body, data, &error);
        if (thread) return thread;
        if (once && error) {
            glib_error_free(error);
            return NULL;
        }
        /* GLib's G_THREAD_ERROR_AGAIN, its one thread error: "resources temporarily unavailable". */
        if (error && error->code == 0 && !passed(deadline)) {
            glib_error_free(error);
            nanosleep(&pause, NULL);
            continue;
        }
        struct rlimit limit;
        char limit_text[32] = "unlimited";
        if (getrlimit(RLIMIT_NPROC, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
            snprintf(limit_text, sizeof limit_text, "%llu", (unsigned long long)limit.rlim_cur);
        }
        fprintf(
            stderr,
            "export-itinerary: error: the system refused to start a thread for ten seconds (%s): the limit "
            "of processes and threads is reached (ulimit -u is %s; or a container's, or the system's), or "
            "memory is short; raise the limit, or run fewer programs at once\n",
            error && error->message ? error->message : "no reason given", limit_text);
        _exit(1);
    }
}

static void *work(void *argument) {
    struct worker *worker = argument;
    pthread_mutex_lock(&lock);
    for (;;) {
        while (!worker->first) {
            struct timespec until = after(idle_nanoseconds);
            if (pthread_cond_timedwait(&queued, &lock, &until) == ETIMEDOUT && !worker->first) {
                /* Idle: the next call starts the worker again. GLib keeps the thread's own
                   reference to its GThread until the thread has ended. */
                void *thread = worker->thread;
                worker->thread = NULL;
                pthread_mutex_unlock(&lock);
                glib_thread_unref(thread);
                return NULL;
            }
        }
        struct job *job = worker->first;
        worker->first = job->next;
        if (!worker->first) worker->last = NULL;
        pthread_mutex_unlock(&lock);
        job->body(job->data);
        free(job);
        pthread_mutex_lock(&lock);
        jobs_run++;
        if (--unfinished == 0) pthread_cond_broadcast(&idle);
    }
    return NULL;
}

/* Queues the call to the worker for `name`, started at its first call; returns the worker's
   GThread (with a reference of the caller's when `referenced`: taken under the lock, before the
   worker could end), or NULL for a name no worker takes (or no memory for the queue's entry). */
static void *enqueue(const char *name, thread_body body, void *data, int referenced) {
    pthread_once(&resolved, resolve);
    struct worker *worker = NULL;
    for (int i = 0; i < 2 && name; i++) {
        if (strcmp(name, workers[i].pango_name) == 0) worker = &workers[i];
    }
    struct job *job = worker ? malloc(sizeof *job) : NULL;
    if (!job) return NULL;
    job->body = body;
    job->data = data;
    job->next = NULL;
    pthread_mutex_lock(&lock);
    // Started under the lock (GLib starts a thread and returns; see `start_thread`). When the
    // system refuses it and the other worker runs, that one takes the call: the two kept
    // workers and the main thread may be all that a small process limit allows.
    if (!worker->thread) {
        struct worker *other = &workers[worker == &workers[0]];
        worker->thread = start_thread(worker->own_name, work, worker, other->thread != NULL);
        if (!worker->thread) worker = other;
    }
    if (worker->last) {
        worker->last->next = job;
    } else {
        worker->first = job;
    }
    worker->last = job;
    unfinished++;
    void *thread = referenced ? glib_thread_ref(worker->thread) : worker->thread;
    // Both workers wait on the one condition: each looks at its own queue.
    pthread_cond_broadcast(&queued);
    pthread_mutex_unlock(&lock);
    return thread;
}

int ccl_font_pattern_enqueue(const char *name, thread_body body, void *data) {
    return enqueue(name, body, data, 0) != NULL;
}

__attribute__((visibility("default"))) void *g_thread_new(const char *name, thread_body body, void *data) {
    // `enqueue` has resolved GLib's functions, whatever it answers.
    void *worker = enqueue(name, body, data, 1);
    return worker ? worker : start_thread(name, body, data, 0);
}

void ccl_font_pattern_wait_idle(void) {
    pthread_mutex_lock(&lock);
    while (unfinished > 0) pthread_cond_wait(&idle, &lock);
    pthread_mutex_unlock(&lock);
}

unsigned long ccl_font_pattern_jobs_run(void) {
    pthread_mutex_lock(&lock);
    unsigned long count = jobs_run;
    pthread_mutex_unlock(&lock);
    return count;
}
