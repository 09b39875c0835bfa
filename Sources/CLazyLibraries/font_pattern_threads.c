/* Two long-lived threads for the Fontconfig calls Pango 1.50 would start a thread each for.

   Pango 1.50 (Debian 12) answers every new font pattern (a family, weight, style and size not
   asked for before) with two threads of its own, "[pango] FcFontSetMatch" and "[pango]
   FcFontSetSort", that each make one Fontconfig call and end: about 90 threads for a ten-day
   trip, 100 for the 120-day one, each with its 8 MiB stack mapped, and at its end released
   (`madvise`, which interrupts the other core). Later Pango (1.51 on: Debian 13, Ubuntu 24.04)
   keeps one thread per font map for the same calls and never asks for these names.

   The program exports `g_thread_new` (executables export their symbols), so the libraries it
   loads call this one: a thread by either name is not started, its function is queued to a
   worker of that name, started at the first such call and kept for the process; every other
   name goes to GLib's own. The caller gets back a reference to the worker's GThread, which is
   all Pango does with it (`g_thread_unref` at once); it waits for the result on its own
   condition variable, which the function signals as before. Matches and sorts keep a worker
   each, so a sort never waits behind a match or the other way round, as with Pango's threads. */
#define _GNU_SOURCE
#include "lazy.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void *(*thread_body)(void *);

struct job {
    thread_body body;
    void *data;
    struct job *next;
};

struct worker {
    const char *pango_name; /* the name of the threads whose work this worker takes */
    const char *own_name;   /* its own (a thread's name is cut at 15 bytes) */
    pthread_mutex_t lock;
    pthread_cond_t queued;
    struct job *first, *last;
    void *thread; /* GLib's GThread of the worker, made by GLib's `g_thread_new` */
};

static struct worker workers[2] = {
    {"[pango] FcFontSetMatch", "font matching", PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, NULL, NULL},
    {"[pango] FcFontSetSort", "font sorting", PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, NULL, NULL},
};
static pthread_once_t started[2] = {PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT};

static void *(*glib_thread_new)(const char *, thread_body, void *);
static void *(*glib_thread_ref)(void *);
static pthread_once_t resolved = PTHREAD_ONCE_INIT;
static unsigned long jobs_run;

/* GLib is loaded by the time anything calls `g_thread_new` (only its users do): the next
   definition after the program's is GLib's. */
static void resolve(void) {
    glib_thread_new = (void *(*)(const char *, thread_body, void *))dlsym(RTLD_NEXT, "g_thread_new");
    glib_thread_ref = (void *(*)(void *))dlsym(RTLD_NEXT, "g_thread_ref");
    if (!glib_thread_new || !glib_thread_ref) {
        fprintf(stderr, "export-itinerary: error: g_thread_new was called, yet GLib's cannot be found\n");
        abort();
    }
}

static void *work(void *argument) {
    struct worker *worker = argument;
    for (;;) {
        pthread_mutex_lock(&worker->lock);
        while (!worker->first) pthread_cond_wait(&worker->queued, &worker->lock);
        struct job *job = worker->first;
        worker->first = job->next;
        if (!worker->first) worker->last = NULL;
        pthread_mutex_unlock(&worker->lock);
        job->body(job->data);
        free(job);
        __atomic_add_fetch(&jobs_run, 1, __ATOMIC_RELAXED);
    }
    return NULL;
}

static void start_matching(void) { workers[0].thread = glib_thread_new(workers[0].own_name, work, &workers[0]); }
static void start_sorting(void) { workers[1].thread = glib_thread_new(workers[1].own_name, work, &workers[1]); }

__attribute__((visibility("default"))) void *g_thread_new(const char *name, thread_body body, void *data) {
    pthread_once(&resolved, resolve);
    int which = -1;
    for (int i = 0; i < 2 && name; i++) {
        if (strcmp(name, workers[i].pango_name) == 0) which = i;
    }
    struct job *job = which >= 0 ? malloc(sizeof *job) : NULL;
    if (!job) return glib_thread_new(name, body, data);
    struct worker *worker = &workers[which];
    pthread_once(&started[which], which == 0 ? start_matching : start_sorting);
    job->body = body;
    job->data = data;
    job->next = NULL;
    pthread_mutex_lock(&worker->lock);
    if (worker->last) {
        worker->last->next = job;
    } else {
        worker->first = job;
    }
    worker->last = job;
    pthread_cond_signal(&worker->queued);
    pthread_mutex_unlock(&worker->lock);
    return glib_thread_ref(worker->thread);
}

unsigned long ccl_font_pattern_jobs_run(void) { return __atomic_load_n(&jobs_run, __ATOMIC_RELAXED); }
