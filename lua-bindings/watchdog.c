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
 * the messages are limits.c's. It works on each engine's fuda_limits
 * (budget.h), never on the rest of the engine. */
#include <pthread.h>
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "budget.h"
#include "engine_access.h"

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

/* The limits of the engines whose call runs on this thread, innermost first (linked by
 * wd_prev): what the signal handler looks at. */
/* initial-exec: read in a signal handler, also when fuda is a dlopen'd module
 * (the default model there may call __tls_get_addr, which is not async-signal-safe) */
static __thread fuda_limits *volatile running_here __attribute__((tls_model("initial-exec")));
/* The hook that stops them (limits.c's, given by fuda_watchdog_arm). */
static __thread lua_Hook stop_here __attribute__((tls_model("initial-exec")));

static pthread_mutex_t wd_lock = PTHREAD_MUTEX_INITIALIZER;  /* guards what follows */
static pthread_cond_t wd_wake;     /* an engine was added (the watchdog sleeps while there is none) */
static int wd_wake_ready, wd_started;
static fuda_limits *wd_engines;    /* linked by wd_next */

/* Did the watchdog find x's running call over its time? (It marks odd
 * generations only, so never a call that is not running.) */
int fuda_watchdog_overdue(const fuda_limits *x) {
    return SHARED_LOAD(&x->wd_fired) == x->call_gen;
}

/* Which time was over: the call's, or the match's (wd_why is written before
 * wd_fired, and read after fuda_watchdog_overdue saw it). */
int fuda_watchdog_overdue_kind(const fuda_limits *x) {
    return __atomic_load_n(&x->wd_why, __ATOMIC_ACQUIRE) == FUDA_LIMIT_MATCH_TIME ? FUDA_LIMIT_MATCH_TIME
                                                                                 : FUDA_LIMIT_TIME;
}

/* STOP_SIGNAL: make every overdue call on this thread stop at its next VM
 * instruction. Anything else (a call that ended meanwhile) is left alone. */
static void on_stop_signal(int sig) {
    int saved = errno;
    for (fuda_limits *x = running_here; x; x = x->wd_prev)
        if (fuda_watchdog_overdue(x)) lua_sethook(x->vm->L, stop_here, LUA_MASKCOUNT, 1);
    errno = saved;
}

/* Signal the thread running x's call `gen`, if it still runs: x->wd_kicking
 * set first, and the engine's thread ending a call waits while it is set
 * (fuda_watchdog_disarm), so that the thread cannot end and be gone meanwhile. */
static void kick(fuda_limits *x, unsigned long gen) {
    __atomic_store_n(&x->wd_kicking, 1, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&x->call_gen, __ATOMIC_SEQ_CST) == gen) {
        SHARED_STORE(&x->wd_fired, gen);
        pthread_kill(__atomic_load_n(&x->wd_thread, __ATOMIC_RELAXED), STOP_SIGNAL);
    }
    __atomic_store_n(&x->wd_kicking, 0, __ATOMIC_SEQ_CST);
}

static fuda_overrun_fn overrun_fn; /* under wd_lock */
static void *overrun_ud;

void fuda_engine_on_overrun(fuda_overrun_fn fn, void *ud) {
    pthread_mutex_lock(&wd_lock);
    overrun_fn = fn;
    overrun_ud = ud;
    pthread_mutex_unlock(&wd_lock);
}

/* Where x's running call is, as well as another thread can tell: the
 * definition of the function it began in, else the variant's file. */
static void overrun_place(const fuda_limits *x, char *out, size_t size) {
    int slot = x->noted;
    const fuda_vm *vm = x->vm;
    if (vm && slot >= 1 && slot <= FUDA_NOTED && vm->noted_place[slot - 1][0])
        snprintf(out, size, "%.*s", (int)sizeof vm->noted_place[0], vm->noted_place[slot - 1]);
    else {
        const char *file = fuda_engine_file(fuda_limits_engine_c(x));
        snprintf(out, size, "%s", file ? file : "the variant");
    }
}

/* One look at x (under the lock): note when its running call was first seen
 * and its thread's CPU clock then; mark and signal the call once it has used
 * its time limit (CPU time, or wall time while its thread stands still, see
 * STALL_MS), and report it stuck (overrun_fn) if after that it still uses
 * FUDA_OVERRUN_MS of CPU, or its thread stands still that long. The match's
 * script time is sampled here too, with no clock read on the engine's side:
 * the CPU time the thread used since the last look counts when a call is
 * running at this one (an estimate as good as the looks are frequent); past
 * the match's budget the running call is stopped the same way, and the match
 * marked over it (match_over: every later call stops at once, see fuda_watchdog_arm). */
static void watch_one(fuda_limits *x, long long now) {
    unsigned long gen = SHARED_LOAD(&x->call_gen);
    unsigned long epoch = SHARED_LOAD(&x->match_epoch);
    long long cpu = (gen & 1) ? cpu_us(__atomic_load_n(&x->wd_clock, __ATOMIC_RELAXED)) : -1;
    long long since_look = cpu >= 0 && x->wd_last_cpu >= 0 && cpu >= x->wd_last_cpu ? cpu - x->wd_last_cpu : 0;
    int late_look = now - x->wd_last >= LOOK_GAP_MS; /* this process was kept waiting: see STALL_MS */
    x->wd_last = now;
    x->wd_last_cpu = cpu;
    if (epoch != x->wd_epoch) { /* a new match: its own budget */
        x->wd_epoch = epoch;
        x->wd_used = 0;
    }
    if ((gen & 1) && x->match_time_limit > 0) {
        x->wd_used += since_look;
        if (x->wd_used > x->match_time_limit * 1000LL && SHARED_LOAD(&x->match_over) != epoch) {
            SHARED_STORE(&x->match_over, epoch);
            if (x->wd_fired != gen) {
                x->wd_cpu_fired = cpu; /* (the overrun counts from here, as for the call's own limit) */
                __atomic_store_n(&x->wd_why, FUDA_LIMIT_MATCH_TIME, __ATOMIC_RELEASE);
                kick(x, gen);
            }
        }
    }
    if (gen != x->wd_seen) {
        x->wd_seen = gen;
        x->wd_since = x->wd_cpu_moved = now;
        x->wd_cpu0 = x->wd_cpu_seen = cpu;
        return;
    }
    if (!(gen & 1) || cpu < 0) return;
    if (x->wd_cpu0 < 0) { /* the clock could not be read at the first look */
        x->wd_cpu0 = x->wd_cpu_seen = cpu;
        x->wd_cpu_moved = now;
        return;
    }
    if (cpu != x->wd_cpu_seen || late_look) {
        x->wd_cpu_seen = cpu;
        x->wd_cpu_moved = now;
    }
    int still = now - x->wd_cpu_moved >= STALL_MS;
    if (x->wd_fired != gen) {
        if ((cpu - x->wd_cpu0) / 1000 >= x->time_limit || (still && now - x->wd_since >= x->time_limit)) {
            x->wd_cpu_fired = cpu;
            __atomic_store_n(&x->wd_why, FUDA_LIMIT_TIME, __ATOMIC_RELEASE);
            kick(x, gen);
        }
    } else if (x->wd_cpu_fired < 0) { /* marked when its clock could not be read: count from now */
        x->wd_cpu_fired = cpu;
    } else if (x->wd_overrun != gen && overrun_fn &&
               ((cpu - x->wd_cpu_fired) / 1000 >= FUDA_OVERRUN_MS || now - x->wd_cpu_moved >= FUDA_OVERRUN_MS)) {
        char place[sizeof x->vm->noted_place[0] + 8];
        x->wd_overrun = gen;
        overrun_place(x, place, sizeof place);
        overrun_fn(overrun_ud, fuda_limits_engine(x), place, x->time_limit);
    }
}

static void *watchdog_main(void *unused) {
    pthread_mutex_lock(&wd_lock);
    for (;;) {
        while (!wd_engines) pthread_cond_wait(&wd_wake, &wd_lock);
        long long now = now_ms();
        long period = WATCH_MAX_MS;
        for (fuda_limits *x = wd_engines; x; x = x->wd_next) {
            watch_one(x, now);
            if (x->time_limit / 8 < period) period = x->time_limit / 8;
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
    fuda_limits *x = fuda_limits_of(e);
    pthread_mutex_lock(&wd_lock);
    if (!wd_started && start_watchdog() == 0) wd_started = 1;
    if (wd_started) {
        x->wd_seen = x->call_gen;
        x->wd_last = now_ms();
        x->wd_last_cpu = -1;
        x->wd_next = wd_engines;
        wd_engines = x;
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
    fuda_limits *x = fuda_limits_of(e);
    pthread_mutex_lock(&wd_lock);
    for (fuda_limits **p = &wd_engines; *p; p = &(*p)->wd_next) {
        if (*p == x) {
            *p = x->wd_next;
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
 * watchdog, and x innermost for the signal handler. */
int fuda_watchdog_arm(fuda_limits *x, lua_Hook stop) {
    __atomic_store_n(&x->wd_thread, pthread_self(), __ATOMIC_RELAXED);
    __atomic_store_n(&x->wd_clock, thread_clock(), __ATOMIC_RELAXED);
    x->wd_prev = running_here;
    SHARED_STORE(&x->call_gen, x->call_gen + 1);
    stop_here = stop;
    HANDLER_FENCE();
    running_here = x;
    return SHARED_LOAD(&x->match_over) == x->match_epoch;
}

/* The call ended: 1 if the watchdog had found it over its time. A signal
 * still on its way finds x off this thread's list and does nothing. */
int fuda_watchdog_disarm(fuda_limits *x) {
    running_here = x->wd_prev;
    HANDLER_FENCE();
    int late = fuda_watchdog_overdue(x);
    __atomic_store_n(&x->call_gen, x->call_gen + 1, __ATOMIC_SEQ_CST);
    while (__atomic_load_n(&x->wd_kicking, __ATOMIC_SEQ_CST)) sched_yield(); /* rare and short */
    return late;
}

