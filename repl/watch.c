/* watch.c -- the page a worker shares with its supervisor (see watch.h). */
#define _GNU_SOURCE
#include "watch.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "engine.h"

#include "sanitizer.h"

#define ALT_STACK (64 * 1024)

fuda_watch_page *fuda_watch;

/* The slot of this thread, -1: none. Read in a signal handler. */
static __thread int my_slot __attribute__((tls_model("initial-exec"))) = -1;

/* One alternate signal stack per slot, so that a thread whose C stack
 * overflowed can still note it. */
static char alt_stacks[FUDA_WATCH_SLOTS][ALT_STACK];

fuda_watch_page *fuda_watch_create(void) {
    void *p = mmap(NULL, sizeof(fuda_watch_page), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return NULL;
    fuda_watch_page *page = p;
    memset(page, 0, sizeof *page);
    page->crash_slot = page->overrun_slot = -1;
    for (int i = 0; i < FUDA_WATCH_SLOTS; i++) page->slot[i].match = -1;
    return page;
}

/* A fatal signal: note it and the thread, then die of it as before. */
static void on_fatal(int sig) {
    fuda_watch_page *w = fuda_watch;
    if (w && !w->crash_signal) {
        w->crash_slot = my_slot;
        w->crash_signal = sig;
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

/* The slot of the thread playing on engine e, -1 if none. */
static int slot_of(const void *e) {
    for (int i = 0; i < FUDA_WATCH_SLOTS; i++)
        if (fuda_watch->slot[i].engine == e) return i;
    return -1;
}

/* A call stuck past its time limit: note where, and end the worker now. */
static void on_overrun(void *ud, const fuda_engine *e, const char *place, long limit_ms) {
    (void)ud;
    fuda_watch_page *w = fuda_watch;
    if (w) {
        w->overrun_slot = slot_of(e);
        w->overrun_limit_ms = limit_ms;
        snprintf(w->overrun_place, sizeof w->overrun_place, "%s", place);
        __atomic_store_n(&w->overrun, 1, __ATOMIC_SEQ_CST);
    }
    kill(getpid(), SIGKILL);
}

void fuda_watch_worker(fuda_watch_page *page) {
    fuda_watch = page;
    if (!page) return;
    fuda_engine_on_overrun(on_overrun, NULL);
    if (!UNDER_SANITIZER) {
        static const int fatal[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGSYS, SIGTRAP };
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_fatal;
        sa.sa_flags = SA_ONSTACK | SA_RESETHAND;
        sigemptyset(&sa.sa_mask);
        for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) sigaction(fatal[i], &sa, NULL);
    }
    fuda_watch_thread(0);
}

void fuda_watch_thread(int k) {
    if (!fuda_watch || k < 0 || k >= FUDA_WATCH_SLOTS) return;
    my_slot = k;
    if (!UNDER_SANITIZER) {
        stack_t ss;
        memset(&ss, 0, sizeof ss);
        ss.ss_sp = alt_stacks[k];
        ss.ss_size = ALT_STACK;
        sigaltstack(&ss, NULL);
    }
}

void fuda_watch_seed(uint64_t seed) {
    if (fuda_watch && my_slot >= 0) fuda_watch->slot[my_slot].seed = (unsigned long long)seed;
}

void fuda_watch_match(const void *engine, long match, uint64_t seed) {
    if (!fuda_watch || my_slot < 0) return;
    fuda_watch_slot *s = &fuda_watch->slot[my_slot];
    s->engine = engine;
    s->seed = (unsigned long long)seed;
    s->match = match;
}
