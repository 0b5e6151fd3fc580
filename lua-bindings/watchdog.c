/* watchdog.c -- the time limit's clock: one watchdog thread per process
 * looks every few milliseconds at the engines' running calls (a call is a
 * generation number, odd while it runs: arming one costs a few stores, no
 * clock). A call's time is the CPU time of the thread running it (see
 * STALL_MS). A call seen running longer than its engine's time limit is
 * marked, and its thread gets STOP_SIGNAL, whose handler sets a count hook
 * of one instruction (the stop hook its call was armed with, limits.c's) on
 * that engine's state (lua_sethook may be called from a signal handler;
 * never from another thread): the next VM instruction raises the error. (A
 * program embedding fuda leaves that signal to it, unblocked in the threads
 * that run engines.) C library work that can take long reports itself
 * through fuda_sandbox_tick, which reads the mark (fuda_watchdog_overdue),
 * as does the allocator. The watchdog also samples each match's script
 * time, and reports a call still running well past its mark (an overrun:
 * fuda_engine_on_overrun). The limits themselves, the protected call and
 * the messages are limits.c's. */
#include <pthread.h>
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "budget.h"
#include "engine_impl.h" /* the engine struct: see engine_impl.h */

#define STOP_SIGNAL (SIGRTMIN + 3) /* the watchdog's: "stop the call you are running" */
#define WATCH_MAX_MS 25  /* the watchdog looks at least this often (less for small limits) */

/* Word-sized values shared by an engine's thread and the watchdog. */
#if !defined(__GNUC__)
#error "watchdog.c needs the __atomic builtins and __thread of GCC or Clang"
#endif
#define SHARED_LOAD(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
#define SHARED_STORE(p, v) __atomic_store_n((p), (v), __ATOMIC_RELEASE)
/* What the signal handler reads is written in program order around this. */
#define HANDLER_FENCE() __atomic_signal_fence(__ATOMIC_SEQ_CST)

/* What a call's time is. A call's time is the CPU time of the thread running
 * it, read by the watchdog on that thread's CPU clock: on a loaded machine
 * (or at nice 19) a thread waiting for a core spends no time of its own, so a
 * hook that takes 100 ms of CPU is never stopped as if it took 2 s. A thread
 * that does not run at all (blocked in C: a write nobody reads) moves no CPU
 * clock; once its clock has stood still STALL_MS while the watchdog looked
 * at it every few milliseconds, wall time counts instead. A thread that only
 * waits for a core does not stand still that long -- unless the whole
 * process waits (a starved process, a stopped one), and then the watchdog,
 * a thread of that process, waits too: a look that comes LOOK_GAP_MS or
 * more after the one before starts the stillness anew. */
#define STALL_MS 500
#define LOOK_GAP_MS 100

/* Milliseconds on a clock that never jumps. */
static long long now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The CPU time (us) on clock c, -1 when it cannot be read (its thread ended). */
static long long cpu_us(clockid_t c) {
    struct timespec ts;
    if (clock_gettime(c, &ts) != 0) return -1;
    return (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* The engines whose call runs on this thread, innermost first (linked by
 * wd_prev): what the signal handler looks at. */
/* initial-exec: read in a signal handler, also when fuda is a dlopen'd module
 * (the default model there may call __tls_get_addr, which is not async-signal-safe) */
static __thread fuda_engine *volatile running_here __attribute__((tls_model("initial-exec")));
/* The hook that stops them (limits.c's, given by fuda_watchdog_arm). */
static __thread lua_Hook stop_here __attribute__((tls_model("initial-exec")));

static pthread_mutex_t wd_lock = PTHREAD_MUTEX_INITIALIZER;  /* guards what follows */
static pthread_cond_t wd_wake;     /* an engine was added (the watchdog sleeps while there is none) */
static int wd_wake_ready, wd_started;
static fuda_engine *wd_engines;    /* linked by wd_next */

/* Did the watchdog find e's running call over its time? (It marks odd
 * generations only, so never a call that is not running.) */
int fuda_watchdog_overdue(const fuda_engine *e) {
    return SHARED_LOAD(&e->wd_fired) == e->call_gen;
}

/* Which time was over: the call's, or the match's (wd_why is written before
 * wd_fired, and read after fuda_watchdog_overdue saw it). */
int fuda_watchdog_overdue_kind(const fuda_engine *e) {
    return __atomic_load_n(&e->wd_why, __ATOMIC_ACQUIRE) == FUDA_LIMIT_MATCH_TIME ? FUDA_LIMIT_MATCH_TIME
                                                                                 : FUDA_LIMIT_TIME;
}

/* STOP_SIGNAL: make every overdue call on this thread stop at its next VM
 * instruction. Anything else (a call that ended meanwhile) is left alone. */
static void on_stop_signal(int sig) {
    int saved = errno;
    for (fuda_engine *e = running_here; e; e = e->wd_prev)
        if (fuda_watchdog_overdue(e)) lua_sethook(e->L, stop_here, LUA_MASKCOUNT, 1);
    errno = saved;
}

/* Signal the thread running e's call `gen`, if it still runs: e->wd_kicking
 * set first, and the engine's thread ending a call waits while it is set
 * (fuda_watchdog_disarm), so that the thread cannot end and be gone meanwhile. */
static void kick(fuda_engine *e, unsigned long gen) {
    __atomic_store_n(&e->wd_kicking, 1, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&e->call_gen, __ATOMIC_SEQ_CST) == gen) {
        SHARED_STORE(&e->wd_fired, gen);
        pthread_kill(__atomic_load_n(&e->wd_thread, __ATOMIC_RELAXED), STOP_SIGNAL);
    }
    __atomic_store_n(&e->wd_kicking, 0, __ATOMIC_SEQ_CST);
}

static fuda_overrun_fn overrun_fn; /* under wd_lock */
static void *overrun_ud;

void fuda_engine_on_overrun(fuda_overrun_fn fn, void *ud) {
    pthread_mutex_lock(&wd_lock);
    overrun_fn = fn;
    overrun_ud = ud;
    pthread_mutex_unlock(&wd_lock);
}

/* Where e's running call is, as well as another thread can tell: the
 * definition of the function it began in, else the variant's file. */
static void overrun_place(const fuda_engine *e, char *out, size_t size) {
    int slot = e->noted;
    const fuda_vm *vm = e->vm;
    if (vm && slot >= 1 && slot <= FUDA_NOTED && vm->noted_place[slot - 1][0])
        snprintf(out, size, "%.*s", (int)sizeof vm->noted_place[0], vm->noted_place[slot - 1]);
    else
        snprintf(out, size, "%s", e->file ? e->file : "the variant");
}

/* One look at e (under the lock): note when its running call was first seen
 * and its thread's CPU clock then; mark and signal the call once it has used
 * its time limit (CPU time, or wall time while its thread stands still, see
 * STALL_MS), and report it stuck (overrun_fn) if after that it still uses
 * FUDA_OVERRUN_MS of CPU, or its thread stands still that long. The match's
 * script time is sampled here too, with no clock read on the engine's side:
 * the CPU time the thread used since the last look counts when a call is
 * running at this one (an estimate as good as the looks are frequent); past
 * the match's budget the running call is stopped the same way, and the match
 * marked over it (match_over: every later call stops at once, see fuda_watchdog_arm). */
static void watch_one(fuda_engine *e, long long now) {
    unsigned long gen = SHARED_LOAD(&e->call_gen);
    unsigned long epoch = SHARED_LOAD(&e->match_epoch);
    long long cpu = (gen & 1) ? cpu_us(__atomic_load_n(&e->wd_clock, __ATOMIC_RELAXED)) : -1;
    long long since_look = cpu >= 0 && e->wd_last_cpu >= 0 && cpu >= e->wd_last_cpu ? cpu - e->wd_last_cpu : 0;
    int late_look = now - e->wd_last >= LOOK_GAP_MS; /* this process was kept waiting: see STALL_MS */
    e->wd_last = now;
    e->wd_last_cpu = cpu;
    if (epoch != e->wd_epoch) { /* a new match: its own budget */
        e->wd_epoch = epoch;
        e->wd_used = 0;
    }
    if ((gen & 1) && e->match_time_limit > 0) {
        e->wd_used += since_look;
        if (e->wd_used > e->match_time_limit * 1000LL && SHARED_LOAD(&e->match_over) != epoch) {
            SHARED_STORE(&e->match_over, epoch);
            if (e->wd_fired != gen) {
                e->wd_cpu_fired = cpu; /* (the overrun counts from here, as for the call's own limit) */
                __atomic_store_n(&e->wd_why, FUDA_LIMIT_MATCH_TIME, __ATOMIC_RELEASE);
                kick(e, gen);
            }
        }
    }
    if (gen != e->wd_seen) {
        e->wd_seen = gen;
        e->wd_since = e->wd_cpu_moved = now;
        e->wd_cpu0 = e->wd_cpu_seen = cpu;
        return;
    }
    if (!(gen & 1) || cpu < 0) return;
    if (e->wd_cpu0 < 0) { /* the clock could not be read at the first look */
        e->wd_cpu0 = e->wd_cpu_seen = cpu;
        e->wd_cpu_moved = now;
        return;
    }
    if (cpu != e->wd_cpu_seen || late_look) {
        e->wd_cpu_seen = cpu;
        e->wd_cpu_moved = now;
    }
    int still = now - e->wd_cpu_moved >= STALL_MS;
    if (e->wd_fired != gen) {
        if ((cpu - e->wd_cpu0) / 1000 >= e->time_limit || (still && now - e->wd_since >= e->time_limit)) {
            e->wd_cpu_fired = cpu;
            __atomic_store_n(&e->wd_why, FUDA_LIMIT_TIME, __ATOMIC_RELEASE);
            kick(e, gen);
        }
    } else if (e->wd_cpu_fired < 0) { /* marked when its clock could not be read: count from now */
        e->wd_cpu_fired = cpu;
    } else if (e->wd_overrun != gen && overrun_fn &&
               ((cpu - e->wd_cpu_fired) / 1000 >= FUDA_OVERRUN_MS || now - e->wd_cpu_moved >= FUDA_OVERRUN_MS)) {
        char place[sizeof e->vm->noted_place[0] + 8];
        e->wd_overrun = gen;
        overrun_place(e, place, sizeof place);
        overrun_fn(overrun_ud, e, place, e->time_limit);
    }
}

static void *watchdog_main(void *unused) {
    pthread_mutex_lock(&wd_lock);
    for (;;) {
        while (!wd_engines) pthread_cond_wait(&wd_wake, &wd_lock);
        long long now = now_ms();
        long period = WATCH_MAX_MS;
        for (fuda_engine *e = wd_engines; e; e = e->wd_next) {
            watch_one(e, now);
            if (e->time_limit / 8 < period) period = e->time_limit / 8;
        }
        if (period < 1) period = 1;
        struct timespec until;
        clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_nsec += period * 1000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec += until.tv_nsec / 1000000000L;
            until.tv_nsec %= 1000000000L;
        }
        pthread_cond_timedwait(&wd_wake, &wd_lock, &until);
    }
    return NULL;
}

/* Under the lock: the handler, then the thread (detached, with every signal
 * blocked so that SIGINT and the like go to the program's threads). */
static int start_watchdog(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    if (!wd_wake_ready) { /* timed waits on the clock that never jumps */
        pthread_condattr_t ca;
        if (pthread_condattr_init(&ca) != 0) return -1;
        wd_wake_ready = pthread_condattr_setclock(&ca, CLOCK_MONOTONIC) == 0 &&
                        pthread_cond_init(&wd_wake, &ca) == 0;
        pthread_condattr_destroy(&ca);
    }
    if (!wd_wake_ready || sigaction(STOP_SIGNAL, &sa, NULL) != 0) return -1;
    pthread_attr_t ta;
    sigset_t all, old;
    pthread_t t;
    int rc;
    if (pthread_attr_init(&ta) != 0) return -1;
    pthread_attr_setdetachstate(&ta, PTHREAD_CREATE_DETACHED);
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    rc = pthread_create(&t, &ta, watchdog_main, NULL) == 0 ? 0 : -1;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    pthread_attr_destroy(&ta);
    return rc;
}

int fuda_sandbox_watch(fuda_engine *e) {
    pthread_mutex_lock(&wd_lock);
    if (!wd_started && start_watchdog() == 0) wd_started = 1;
    if (wd_started) {
        e->wd_seen = e->call_gen;
        e->wd_last = now_ms();
        e->wd_last_cpu = -1;
        e->wd_next = wd_engines;
        wd_engines = e;
        pthread_cond_signal(&wd_wake);
    }
    int rc = wd_started ? 0 : -1;
    pthread_mutex_unlock(&wd_lock);
    return rc;
}

void fuda_sandbox_free_vm(fuda_vm *vm) {
    pthread_mutex_lock(&wd_lock); /* the watchdog reads an engine's vm under it (overrun_place) */
    free(vm);
    pthread_mutex_unlock(&wd_lock);
}

void fuda_sandbox_unwatch(fuda_engine *e) {
    pthread_mutex_lock(&wd_lock);
    for (fuda_engine **p = &wd_engines; *p; p = &(*p)->wd_next) {
        if (*p == e) {
            *p = e->wd_next;
            break;
        }
    }
    pthread_mutex_unlock(&wd_lock);
}

/* This thread's CPU clock (asked once a thread: no system call). */
static clockid_t thread_clock(void) {
    static __thread clockid_t mine;
    static __thread int known;
    if (!known) {
        if (pthread_getcpuclockid(pthread_self(), &mine) != 0) mine = CLOCK_MONOTONIC; /* wall time, then */
        known = 1;
    }
    return mine;
}

/* An outermost call starts on this thread: a new odd generation for the
 * watchdog, and e innermost for the signal handler. */
int fuda_watchdog_arm(fuda_engine *e, lua_Hook stop) {
    __atomic_store_n(&e->wd_thread, pthread_self(), __ATOMIC_RELAXED);
    __atomic_store_n(&e->wd_clock, thread_clock(), __ATOMIC_RELAXED);
    e->wd_prev = running_here;
    SHARED_STORE(&e->call_gen, e->call_gen + 1);
    stop_here = stop;
    HANDLER_FENCE();
    running_here = e;
    return SHARED_LOAD(&e->match_over) == e->match_epoch;
}

/* The call ended: 1 if the watchdog had found it over its time. A signal
 * still on its way finds e off this thread's list and does nothing. */
int fuda_watchdog_disarm(fuda_engine *e) {
    running_here = e->wd_prev;
    HANDLER_FENCE();
    int late = fuda_watchdog_overdue(e);
    __atomic_store_n(&e->call_gen, e->call_gen + 1, __ATOMIC_SEQ_CST);
    while (__atomic_load_n(&e->wd_kicking, __ATOMIC_SEQ_CST)) sched_yield(); /* rare and short */
    return late;
}

