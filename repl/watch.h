/* watch.h -- what a worker process tells its supervisor about where it is,
 * so that the supervisor can name the match when the worker dies: a page of
 * memory shared between the two (made before the fork), one slot per thread
 * that plays matches (the match index and seed it is on, its engine), and the
 * notes the worker leaves as it dies (the signal and the thread that took it;
 * a call stuck past its time limit, with the script's place).
 *
 * Everything here is async-signal-safe on the worker's side: plain stores
 * into the page, no allocation, no locks. Without a supervisor (fuda_watch_page
 * NULL: tests, the REPL's own commands run in-process) every call does
 * nothing. */
#ifndef FUDA_WATCH_H
#define FUDA_WATCH_H

#include <stdint.h>

#define FUDA_WATCH_SLOTS 72 /* threads that play matches: the main one and up to 71 workers */

typedef struct fuda_watch_slot {
    const void *engine;          /* the engine the thread plays with, NULL: none */
    long match;                  /* the match (or deal) index of the run, -1: none */
    unsigned long long seed;     /* its seed */
    char pad[40];                /* a cache line each */
} fuda_watch_slot;

typedef struct fuda_watch_page {
    int crash_signal;            /* the signal the worker died of, 0: none noted */
    int crash_slot;              /* the thread that took it, -1: unknown */
    int overrun;                 /* 1: a call ran FUDA_OVERRUN_MS past its time limit */
    int overrun_slot;            /* ... on the thread of this slot, -1: unknown */
    long overrun_limit_ms;       /* ... whose limit was this */
    char overrun_place[160];     /* ... "file:line" of the script */
    fuda_watch_slot slot[FUDA_WATCH_SLOTS];
} fuda_watch_page;

/* The page, when this process is a supervised worker; else NULL. */
extern fuda_watch_page *fuda_watch;

/* Make the shared page (before the fork). NULL when it cannot be made. */
fuda_watch_page *fuda_watch_create(void);

/* In the worker, after the fork: use page, catch fatal signals to note them
 * (unless built with a sanitizer, whose own reports must not be hidden), and
 * end the process at once when a hook call is stuck past its time limit
 * (fuda_engine_on_overrun). The calling thread takes slot 0. */
void fuda_watch_worker(fuda_watch_page *page);

/* The calling thread plays in slot k (1.. for worker threads; 0 is the main
 * thread's). Sets up an alternate signal stack so that a C stack overflow is
 * noted too. k out of range: the thread is not tracked. */
void fuda_watch_thread(int k);
/* The thread's engine is on match `match` (-1: none) with seed `seed`. */
void fuda_watch_match(const void *engine, long match, uint64_t seed);
/* ... with seed `seed` (for a runner that learns the seed later). */
void fuda_watch_seed(uint64_t seed);

#endif
