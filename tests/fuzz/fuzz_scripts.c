/* fuzz_scripts.c -- the script fuzzer: random variant scripts (scriptgen.h)
 * run under the engine, looking for escapes (`make fuzz-scripts`).
 *
 *   fuzz-scripts [-n N] [-j JOBS] [--seed S] [--findings DIR] [--off CLASS,...]
 *                [--check-every K] [--fuda PATH] [--quiet]
 *   fuzz-scripts --print SEED JOB INDEX     the script of that execution
 *   fuzz-scripts --run FILE                 run one script file (its first line
 *                                           holds the limits and the harness seed)
 *   fuzz-scripts --minimise FILE KIND [TEXT]  cut FILE down, line by line, to
 *                                           what still gives a finding of KIND
 *                                           (whose message holds TEXT)
 *
 * One supervisor forks JOBS workers; worker j runs executions j, j + JOBS, ...
 * of N. Execution i of a seed is always the same script and the same actions
 * (everything is drawn from a generator seeded by seed, job and i; the
 * script's first line holds the limits, the harness's seed and its attack
 * classes, so a saved script runs again the same with --run). A worker that
 * dies or hangs is noted and started again after the execution that ended
 * it; the supervisor runs no script. Everything a worker writes on stdout
 * and stderr goes to a file of its own, which is checked after each
 * execution.
 *
 * An execution: generate a script, write it to a file, load it into a fresh
 * engine with small limits (a few tens of MiB, an instruction budget most of
 * the time, a time limit of 50 to 200 ms), start a match, play a bounded
 * number of actions (the random bot, the variant's bots, now and then the
 * search bot), and on the way ask views, why_not, prompts, bots, try listed
 * and unlisted moves, apply illegal ones, mark and undo; then save the log,
 * free the engine and replay the log in a fresh one.
 *
 * What is a finding (an escape):
 *   crash     the worker died of a signal or a sanitizer report
 *   hang      an engine call did not return: the supervisor ended it
 *   overrun   the engine's own last resort fired (a hook call ran a second
 *             past its time limit where the limit could not stop it)
 *   slow      an engine call returned, but used more CPU than its bound
 *   noplace   a failed call whose message is empty, or names no place
 *             (file:line) while it is no message of the engine's own
 *   state     a failed or read-only call (apply, try, view, bot...) changed
 *             the state hash, or an unlisted move was accepted
 *   replay    the log of accepted moves does not replay to the same state
 *   output    the engine wrote something else than print's lines
 *   volume    print wrote more than FUZZ_VOLUME bytes in one execution
 *   reach     a probe reached what the sandbox leaves out
 *   leak      the heap grew across an execution (everything freed)
 *   cap       the heap outgrew the engine's memory cap by far during a call
 *   rss       the worker's resident memory passed its bound
 *   check     `fuda check` of the script (--check-every) crashed, hung, ended
 *             its worker, or printed no verdict
 * Each finding's script goes to the findings folder with a .txt saying what
 * happened (the first few of each kind and message; all are counted). Three
 * kinds are notes, counted and saved but no findings: `noline`, a message
 * naming the script's file but no line ("FILE: moves returned a table at
 * index 3"), and `hidden`, a log that does not replay for a script that
 * keeps state out of the engine's sight on purpose (its classes mutate,
 * format, monkey: a view's rawset on g, text formatting that plays), which
 * is the script's fault and fuda check's to catch; and `gcwork`, an overrun
 * of a script with weak tables (class weak): the collector's ephemeron work,
 * which no limit can stop inside, ended by the overrun watchdog as fuda's
 * worker is ended (overrun_kind).
 *
 * The state, replay and list oracles hold a paranoid engine only (as fuda
 * check runs): elsewhere a moves hook that changes the game is tolerated.
 * A replay refused by a limit (time, memory: they differ between runs) is
 * no finding either. The search bot is asked rarely (it plays hands out:
 * many hook calls, each under the limits, and no bound on their sum). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "engine.h"
#include "search.h"
#include "scriptgen.h"

#if defined(__SANITIZE_ADDRESS__)
#define FUZZ_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FUZZ_ASAN 1
#endif
#endif
#ifdef FUZZ_ASAN /* from the sanitizers' runtime (their headers are not always installed) */
size_t __sanitizer_get_current_allocated_bytes(void);
int __lsan_do_recoverable_leak_check(void);
#endif

/* ---- findings ---- */

enum {
    F_CRASH, F_HANG, F_OVERRUN, F_SLOW, F_NOPLACE, F_STATE, F_REPLAY, F_OUTPUT, F_VOLUME, F_REACH,
    F_LEAK, F_CAP, F_RSS, F_CHECK,
    F_NOLINE,  /* notes, not findings: the script's file named without a line; */
    F_HIDDEN,  /* a replay of a script that keeps state out of the engine on purpose */
    F_GCWORK,  /* an overrun of a script with weak tables: the collector's work */
    NKINDS
};
static const char *const kind_names[NKINDS] = {
    "crash", "hang", "overrun", "slow", "noplace", "state", "replay", "output", "volume", "reach",
    "leak", "cap", "rss", "check", "noline", "hidden", "gcwork",
};

/* The kind of an overrun: a note for a script with weak tables, whose
 * ephemeron chains Lua's collector converges in one step no hook can stop
 * (quadratic in the chain), which the overrun watchdog ends as it ends
 * fuda's worker: the layer under the limits doing its job. Any other
 * overrun is C work a limit should have metered: a finding. */
static int overrun_kind(unsigned long long used) {
    return (used & (1ULL << FZ_WEAK)) ? F_GCWORK : F_OVERRUN;
}
#define F_FINDINGS F_NOLINE /* kinds below this one are findings */

static int kind_of(const char *name) {
    for (int k = 0; k < NKINDS; k++)
        if (strcmp(kind_names[k], name) == 0) return k;
    return -1;
}

#define NSIGS 512
#define SAVE_PER_SIG 3

/* What a worker and the supervisor share (one per job, in a shared map). */
typedef struct jobslot {
    volatile long cur;             /* execution being run, -1 none */
    volatile long long call_start; /* ms when the engine call running began, 0 none */
    volatile long long call_cpu;   /* the worker's CPU time (ms) then */
    volatile long call_bound;      /* ms of CPU it may take (wall time: see hung) */
    volatile long execs, loaded, started, actions, replays, checks, done_to;
    volatile long kinds[NKINDS];
    volatile long by_class[NKINDS][FZ_NCLASSES]; /* findings of scripts that used class c */
    volatile int overrun;
    volatile int finished;
    volatile uint64_t used;        /* the attack classes of the script being run */
    char overrun_place[200];
    uint64_t sig[NSIGS];           /* findings' signatures seen, and how often */
    long sig_n[NSIGS];
} jobslot;

/* ---- options ---- */

typedef struct opts {
    uint64_t seed;
    long n;
    int jobs;
    const char *findings;
    uint64_t off;
    long check_every;
    const char *fuda;
    int quiet;
    long volume;
    const char *trace; /* --trace FILE: every failed call's message, for tuning the generator */
} opts;

static opts O = {1, 1000, 1, "build/fuzz-findings", 0, 0, "./fuda", 0, 8L << 20, NULL};
static char tmpdir[512];

/* ---- small things ---- */

static long long now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* CPU time (ms) on clock c (a thread's, a process's), 0 if it cannot be read. */
static long long cpu_ms(clockid_t c) {
    struct timespec ts;
    if (clock_gettime(c, &ts) != 0) return 0;
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Did the engine call that slot s runs in worker pid outlive its bound by
 * far? Its bound is CPU time, as the engine's time limit is (a loaded
 * machine, a sanitizer build stretch the wall clock); a call that uses no
 * CPU (blocked) is caught by the wall clock, four times the bound later. */
static int hung(const struct jobslot *s, pid_t pid, long long now) {
    long long cs = s->call_start;
    if (!cs) return 0;
    clockid_t c;
    long long used = clock_getcpuclockid(pid, &c) == 0 ? cpu_ms(c) - s->call_cpu : 0;
    return used > s->call_bound + 5000 || now - cs > 4 * s->call_bound + 20000;
}

static void die(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("fuzz-scripts: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}

static char *read_all(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fz_buf b = {0};
    char tmp[65536];
    size_t n;
    while ((n = fread(tmp, 1, sizeof tmp, f)) > 0) fz_buf_add(&b, tmp, n);
    fclose(f);
    if (!b.p) fz_buf_add(&b, "", 0);
    if (len) *len = b.n;
    return b.p;
}

static int write_all(const char *path, const char *s, size_t n) {
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return -1;
    size_t off = 0;
    while (off < n) {
        ssize_t w = write(fd, s + off, n - off);
        if (w <= 0) {
            close(fd);
            return -1;
        }
        off += (size_t)w;
    }
    close(fd);
    return 0;
}

static uint64_t hash_str(const char *s, size_t n, uint64_t h) {
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
    return h;
}

/* A finding's signature: its kind and its message with the numbers, hex
 * addresses and quoted texts taken out, so that one bug is one signature. */
static uint64_t signature(int kind, const char *msg) {
    uint64_t h = 0xcbf29ce484222325ULL ^ (uint64_t)kind;
    for (const char *p = msg; p && *p; p++) {
        if (*p >= '0' && *p <= '9') {
            while ((*p >= '0' && *p <= '9') || *p == 'x' || (*p >= 'a' && *p <= 'f')) p++;
            h = hash_str("#", 1, h);
            if (!*p) break;
        }
        if (*p == '\'') {
            p++;
            while (*p && *p != '\'') p++;
            h = hash_str("'", 1, h);
            if (!*p) break;
            continue;
        }
        h = hash_str(p, 1, h);
    }
    return h;
}

/* ---- the execution's parameters ---- */

/* Limits and the harness's generator: the script's first line. */
typedef struct params {
    uint64_t hseed;
    long mem_mib, instr, time_ms;
    int paranoid;
    uint64_t used; /* the script's attack classes (bits of scriptgen.h) */
} params;

static void params_draw(params *p, fz_rng *r) {
    static const long mems[] = {8, 16, 16, 32, 32, 48};
    static const long times[] = {50, 100, 100, 150, 200};
    p->hseed = fz_next(r);
    p->mem_mib = mems[fz_below(r, 6)];
    p->instr = fz_below(r, 100) < 80 ? 100000 + 100000 * (long)fz_below(r, 10) : 0;
    p->time_ms = times[fz_below(r, 5)];
    p->paranoid = fz_below(r, 100) < 80;
}

static void params_write(const params *p, fz_buf *b) {
    fz_buf_printf(b, "-- fuzz-scripts: hseed=%llu mem=%ld instr=%ld time=%ld paranoid=%d used=%llx\n",
                  (unsigned long long)p->hseed, p->mem_mib, p->instr, p->time_ms, p->paranoid,
                  (unsigned long long)p->used);
}

static int params_read(params *p, const char *text) {
    unsigned long long h, u = 0;
    int n = sscanf(text, "-- fuzz-scripts: hseed=%llu mem=%ld instr=%ld time=%ld paranoid=%d used=%llx", &h,
                   &p->mem_mib, &p->instr, &p->time_ms, &p->paranoid, &u);
    if (n < 5) return -1;
    p->hseed = h;
    p->used = u;
    return 0;
}

/* ---- one execution ---- */

typedef struct exec {
    jobslot *slot;      /* shared counters (a private one when none) */
    int job;
    long index;
    const char *path;   /* the script's file */
    params p;
    fz_rng r;           /* the harness's choices */
    int minimise_kind;  /* >= 0: only note whether this kind happens */
    int hit;            /* ... it did */
    int found;          /* findings of this execution */
    int search_left;    /* search bot calls this execution may still make */
    int listened;       /* the execution's engine had an event listener */
    uint64_t used;      /* the script's attack classes (bits of scriptgen.h), 0: unknown */
    long events, event_bytes;
    size_t heap0;       /* heap in use when the execution began */
    int out_fd;         /* the worker's output file */
    off_t out_pos;
} exec;

static const char *minimise_text; /* --minimise: the finding's message must hold this */

static size_t heap_in_use(void) {
#ifdef FUZZ_ASAN
    return __sanitizer_get_current_allocated_bytes();
#else
    struct mallinfo2 mi = mallinfo2();
    return mi.uordblks + mi.hblkhd;
#endif
}

static void save_finding(exec *x, int kind, const char *msg);

/* Note a finding of kind with its message (printf-like). */
static void finding(exec *x, int kind, const char *fmt, ...) {
    char msg[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (x->minimise_kind >= 0) {
        if (kind == x->minimise_kind && (!minimise_text || strstr(msg, minimise_text))) x->hit = 1;
        return;
    }
    if (kind < F_FINDINGS) x->found++;
    save_finding(x, kind, msg);
}

/* The folder and the first few of each signature. */
static void save_finding(exec *x, int kind, const char *msg) {
    jobslot *s = x->slot;
    s->kinds[kind]++;
    for (int c = 0; c < FZ_NCLASSES; c++)
        if ((x->used >> c) & 1) s->by_class[kind][c]++;
    uint64_t sig = signature(kind, msg);
    /* a crash, hang or overrun says little more than where: the classes of its script tell
     * them apart */
    if (kind <= F_SLOW) sig ^= x->used * 0x9e3779b97f4a7c15ULL;
    int slot = -1;
    for (int i = 0; i < NSIGS; i++) {
        if (s->sig[i] == sig) {
            slot = i;
            break;
        }
        if (s->sig[i] == 0) {
            s->sig[i] = sig;
            slot = i;
            break;
        }
    }
    if (slot >= 0 && s->sig_n[slot]++ >= SAVE_PER_SIG) return;
    char base[1024], path[1100];
    snprintf(base, sizeof base, "%s/%s-s%llu-j%d-%ld", O.findings, kind_names[kind], (unsigned long long)O.seed,
             x->job, x->index);
    size_t n;
    char *text = read_all(x->path, &n);
    snprintf(path, sizeof path, "%s.lua", base);
    if (text) write_all(path, text, n);
    free(text);
    fz_buf b = {0};
    fz_buf_printf(&b, "kind: %s\nseed %llu job %d index %ld\nsignature %016llx\n%s\n", kind_names[kind],
                  (unsigned long long)O.seed, x->job, x->index, (unsigned long long)sig, msg);
    if (x->used) {
        fz_buf_puts(&b, "classes:");
        for (int c = 0; c < FZ_NCLASSES; c++)
            if ((x->used >> c) & 1) fz_buf_printf(&b, " %s", fz_class_name(c));
        fz_buf_puts(&b, "\n");
    }
    snprintf(path, sizeof path, "%s.txt", base);
    write_all(path, b.p, b.n);
    fz_buf_free(&b);
}

/* The engine's own messages, which name no script place; a failed call of
 * kind `what` may give them. */
static int engine_message(const char *what, const char *msg) {
    static const char *const any[] = {
        "is not a legal move of seat", "is not to act now", "the hand is over", "the match is over",
        "bad seat", "no match is running", "no hand to deal", "players, not", "no variant loaded",
        "finish your own hand first", "has nothing to do now", "sits out this hand", "has ended its hand",
        NULL,
    };
    for (int i = 0; any[i]; i++)
        if (strstr(msg, any[i])) return 1;
    if (strcmp(what, "load") == 0 && (strstr(msg, "option") || strstr(msg, "--option"))) return 1;
    if (strcmp(what, "undo") == 0) return 1;
    if (strcmp(what, "start") == 0 && strstr(msg, " is for ")) return 1; /* the seat count */
    return 0;
}

/* Does msg name a place: "NAME:LINE:" with NAME not empty? */
static int has_place(const char *msg) {
    for (const char *p = msg; (p = strchr(p, ':')) != NULL; p++) {
        if (p == msg || p[-1] == ' ' || p[-1] == '\n') continue;
        const char *q = p + 1;
        if (!(*q >= '0' && *q <= '9')) continue;
        while (*q >= '0' && *q <= '9') q++;
        if (*q == ':') return 1;
    }
    return 0;
}

static void check_message(exec *x, fuda_engine *e, const char *what) {
    const char *msg = fuda_engine_error(e);
    if (O.trace) {
        FILE *f = fopen(O.trace, "a");
        if (f) {
            fprintf(f, "%ld %s: %.300s\n", x->index, what, msg);
            fclose(f);
        }
    }
    size_t plen = strlen(x->path);
    if (!msg[0]) finding(x, F_NOPLACE, "%s failed with an empty message", what);
    else if (has_place(msg) || engine_message(what, msg)) return;
    else if (!strncmp(msg, x->path, plen) && msg[plen] == ':')
        finding(x, F_NOLINE, "%s failed with a message naming the script but no line: %.1500s", what, msg);
    else finding(x, F_NOPLACE, "%s failed with a message naming no place: %.1500s", what, msg);
}

/* Timing an engine call: the bound is shared with the supervisor, which
 * ends the worker when a call outlives it by far. */
static long long call_begin(exec *x, long bound) {
    x->slot->call_bound = bound;
    x->slot->call_cpu = cpu_ms(CLOCK_PROCESS_CPUTIME_ID);
    x->slot->call_start = now_ms();
    return cpu_ms(CLOCK_THREAD_CPUTIME_ID);
}

/* The call's CPU time (this thread's: the engine's time limit counts the
 * same) against its bound. */
static void call_end(exec *x, long long t0, const char *what) {
    long long dt = cpu_ms(CLOCK_THREAD_CPUTIME_ID) - t0;
    x->slot->call_start = 0;
    if (dt > x->slot->call_bound)
        finding(x, F_SLOW, "%s took %lld ms of CPU (bound %ld ms; time limit %ld ms)", what, dt, x->slot->call_bound,
                x->p.time_ms);
    size_t heap = heap_in_use();
    size_t cap = (size_t)x->p.mem_mib << 20;
    if (heap > x->heap0 && heap - x->heap0 > 4 * cap + ((size_t)64 << 20))
        finding(x, F_CAP, "after %s the heap holds %zu MiB more than when the execution began (cap %ld MiB)",
                what, (heap - x->heap0) >> 20, x->p.mem_mib);
}

#define CALL(x, what, bound, expr) \
    ({ long long t0_ = call_begin((x), (bound)); __typeof__(expr) r_ = (expr); call_end((x), t0_, (what)); r_; })

static void on_event(void *ud, int seat, const char *text) {
    exec *x = (exec *)ud;
    x->events++;
    x->event_bytes += (long)strlen(text);
}

static long bound_of(exec *x, int calls) { return calls * x->p.time_ms + 1000; }

static fuda_engine *new_engine(exec *x, int paranoid) {
    static const char *const dirs[] = {"tests/variants", "variants", NULL};
    fuda_config cfg = { 0 };
    cfg.search_path = dirs;
    cfg.mem_limit = (size_t)x->p.mem_mib << 20;
    cfg.instr_limit = x->p.instr;
    cfg.time_limit = x->p.time_ms;
    cfg.paranoid = paranoid;
    cfg.match_time_limit = 60000; /* as fuda's --max-match-time bounds a match (a search over huge lists) */
    fuda_engine *e = fuda_engine_new(&cfg);
    if (!e) finding(x, F_CRASH, "fuda_engine_new failed");
    return e;
}

/* Freeing runs no hook, but closes the Lua state: nothing of a script may
 * run there (a finalizer would, with every hook off). */
static void free_engine(exec *x, fuda_engine *e) {
    long long t0 = call_begin(x, 1000);
    fuda_engine_free(e);
    call_end(x, t0, "fuda_engine_free");
}

static int pct(exec *x, int p) { return (int)fz_below(&x->r, 100) < p; }

static const char *const odd_moves[] = {
    "", "draw\n", "draw ", " draw", "\x1b[2J", "play 7h\x01", "nope", "snap", "pass", "play Zz", "draw\r",
    "\xff\xfe", "play 7h 7h", "next", "1 draw", "play", "PLAY 7H", "d", "p 7h", "draw\tx",
};

static const char *const typed_texts[] = {
    "", "7h", "draw", "play 7h", "k 7h", "zzz", "\x1b[31m", "\xff", "x y z", "snap", "play Jk", "pass",
};

/* Does the script keep state out of the engine's sight on purpose (a read-only
 * hook's rawset on g, formatting that plays, a library function replaced,
 * what it kept in its KEEP table read back)? */
static int hidden(const exec *x) {
    return (x->used & ((1ULL << FZ_MUTATE) | (1ULL << FZ_FORMAT) | (1ULL << FZ_MONKEY) | FZ_USED_KEEP)) != 0;
}

/* Hash of the running match (0 when none). */
static uint64_t state_hash(fuda_engine *e) {
    return fuda_engine_phase(e) == FUDA_PHASE_IDLE ? 0 : fuda_engine_hash(e);
}

/* Something that must leave the state as it was did not. Only a paranoid
 * engine (fuda check's) holds a moves hook to listing moves: elsewhere what
 * it changes stays, and is the script's fault, which check reports. */
static void same_state(exec *x, fuda_engine *e, uint64_t before, const char *what) {
    if (!x->p.paranoid) return;
    uint64_t after = state_hash(e);
    if (after != before) finding(x, F_STATE, "%s changed the state (hash %016llx -> %016llx)", what,
                                 (unsigned long long)before, (unsigned long long)after);
}

/* Extra calls around an action: views, why_not, prompt, bots, try. 1 when
 * one of them was a move that was accepted (the list is stale then). */
static int probe_calls(exec *x, fuda_engine *e, int seat, int nseats, char **list, int n) {
    int moved = 0;
    uint64_t h = state_hash(e);
    if (pct(x, 25)) {
        int who = (int)fz_below(&x->r, (uint32_t)nseats + 1);
        if (pct(x, 5)) who = pct(x, 50) ? -1 : nseats + 1;
        char *v = CALL(x, "view", bound_of(x, 2), fuda_engine_view(e, who));
        if (!v && who >= 0 && who <= nseats) check_message(x, e, "view");
        free(v);
        same_state(x, e, h, "view");
    }
    if (pct(x, 10)) {
        char *t = NULL;
        const char *typed = pct(x, 50) && n ? list[fz_below(&x->r, (uint32_t)n)] : typed_texts[fz_below(&x->r, 12)];
        int rc = CALL(x, "why_not", bound_of(x, 2), fuda_engine_why_not(e, seat, typed, &t));
        if (rc < 0) check_message(x, e, "why_not");
        free(t);
        same_state(x, e, h, "why_not");
    }
    if (fuda_engine_claim(e) && pct(x, 40)) {
        char *t = NULL;
        int rc = CALL(x, "prompt", bound_of(x, 2), fuda_engine_prompt(e, seat, &t));
        if (rc < 0) check_message(x, e, "prompt");
        free(t);
        same_state(x, e, h, "prompt");
    }
    if (n && pct(x, 20)) {
        const char *m = list[fz_below(&x->r, (uint32_t)n)];
        int rc = CALL(x, "try", bound_of(x, 4), fuda_engine_try(e, seat, m));
        if (rc < 0) check_message(x, e, "try");
        same_state(x, e, h, "try");
    }
    if (pct(x, 15)) {
        const char *m = odd_moves[fz_below(&x->r, sizeof odd_moves / sizeof odd_moves[0])];
        int listed = 0;
        for (int i = 0; i < n; i++)
            if (strcmp(list[i], m) == 0) listed = 1;
        int bad_seat = pct(x, 10);
        int s = bad_seat ? (pct(x, 50) ? 0 : nseats + 3) : seat;
        int rc = CALL(x, "apply", bound_of(x, 4), fuda_engine_apply(e, s, m));
        /* (a non-paranoid engine keeps what the moves hook changed: the list may have grown) */
        if (rc == 0 && (!listed || bad_seat) && x->p.paranoid)
            finding(x, F_STATE, "an unlisted move '%.80s' of seat %d was accepted", m, s);
        if (rc < 0) {
            check_message(x, e, "apply");
            same_state(x, e, h, "a refused apply");
        }
        if (rc == 0) h = state_hash(e), moved = 1;
    }
    if (pct(x, 12)) {
        const fuda_variant_info *info = fuda_engine_info(e);
        const char *name = "random";
        if (info && info->nbots && pct(x, 70)) name = info->bots[fz_below(&x->r, (uint32_t)info->nbots)];
        else if (x->search_left > 0 && pct(x, 30)) name = "search", x->search_left--;
        const char *mv = NULL;
        /* the search plays hands out: many hook calls, each under the limits */
        long bound = strcmp(name, "search") ? bound_of(x, 4) : 120000;
        int rc = CALL(x, "bot", bound, fuda_engine_bot(e, seat, name, &mv));
        if (rc < 0) check_message(x, e, "bot");
        same_state(x, e, h, "bot");
    }
    if (fuda_engine_tables(e) > 0 && pct(x, 10)) {
        int t = 1 + (int)fz_below(&x->r, (uint32_t)fuda_engine_tables(e));
        char *v = CALL(x, "view_table", bound_of(x, 2), fuda_engine_view_table(e, (int)fz_below(&x->r, (uint32_t)nseats + 1), t));
        free(v);
        same_state(x, e, h, "view_table");
    }
    if (pct(x, 3)) { /* deal anew what a seat cannot see (checks and searches do), then go back */
        fuda_mark *m = (fuda_mark *)malloc(sizeof *m);
        if (m && fuda_engine_mark(e, m) == 0) {
            int rc = CALL(x, "resample", bound_of(x, 2), fuda_engine_resample(e, seat, fz_next(&x->r)));
            if (rc >= 0) {
                int urc = CALL(x, "undo_to", 1000, fuda_engine_undo_to(e, m));
                if (urc < 0) finding(x, F_STATE, "undo_to after a resample failed: %s", fuda_engine_error(e));
                else if (x->p.paranoid && state_hash(e) != h)
                    finding(x, F_STATE, "undo_to after a resample left another state");
            }
        }
        free(m);
    }
    if (pct(x, 3)) {
        char *s = CALL(x, "scoresheet", 1000, fuda_engine_scoresheet(e));
        free(s);
        const fuda_tally *t;
        fuda_engine_tallies(e, &t);
    }
    return moved;
}

/* Play the match: returns the number of accepted actions. */
static long play(exec *x, fuda_engine *e, int nseats) {
    long max_actions = 5 + (long)fz_below(&x->r, 150);
    long accepted = 0;
    int failures = 0, hands = 0;
    fuda_mark *mark = NULL;
    for (long a = 0; a < max_actions; a++) {
        int phase = fuda_engine_phase(e);
        if (phase == FUDA_PHASE_MATCH_OVER || phase == FUDA_PHASE_IDLE) break;
        uint64_t h = state_hash(e);
        if (phase == FUDA_PHASE_HAND_OVER) {
            if (++hands > 12) break;
            int rc = CALL(x, "next_hand", bound_of(x, 8), fuda_engine_next_hand(e));
            if (rc < 0) {
                check_message(x, e, "next_hand");
                same_state(x, e, h, "a refused next_hand");
                break;
            }
            accepted++;
            continue;
        }
        unsigned actors = fuda_engine_actors(e);
        if (!actors) { /* a non-paranoid engine keeps what a moves hook changed, g.turn too */
            if (x->p.paranoid) finding(x, F_STATE, "a hand is on but no seat is to act");
            break;
        }
        int seats[32], ns = 0;
        for (int s = 1; s <= nseats && s <= 32; s++)
            if (actors & (1u << (s - 1))) seats[ns++] = s;
        if (!ns) break;
        int seat = seats[fz_below(&x->r, (uint32_t)ns)];
        const char *const *mv;
        int n = CALL(x, "moves", bound_of(x, 4), fuda_engine_moves(e, seat, &mv));
        if (n < 0) {
            check_message(x, e, "moves");
            same_state(x, e, h, "a failed moves");
            break;
        }
        if (n == 0) break;
        char **list = (char **)malloc((size_t)n * sizeof *list);
        for (int i = 0; i < n; i++) list[i] = strdup(mv[i]);
        int moved = probe_calls(x, e, seat, nseats, list, n);
        h = state_hash(e);
        if (moved || fuda_engine_phase(e) != FUDA_PHASE_PLAYING || !(fuda_engine_actors(e) & (1u << (seat - 1)))) {
            for (int i = 0; i < n; i++) free(list[i]);
            free(list);
            continue;
        }
        if (!mark && pct(x, 5)) {
            mark = (fuda_mark *)malloc(sizeof *mark);
            if (fuda_engine_mark(e, mark) < 0) {
                free(mark);
                mark = NULL;
            }
        }
        int rc;
        int how = (int)fz_below(&x->r, 100);
        if (how < 20) {
            const fuda_variant_info *info = fuda_engine_info(e);
            const char *name = "random";
            if (info && info->nbots && pct(x, 70)) name = info->bots[fz_below(&x->r, (uint32_t)info->nbots)];
            else if (x->search_left > 0 && pct(x, 20)) name = "search", x->search_left--;
            const char *got = NULL;
            long bound = strcmp(name, "search") ? bound_of(x, 6) : 120000;
            rc = CALL(x, "bot_apply", bound, fuda_engine_bot_apply(e, seat, name, &got));
            if (rc < 0) check_message(x, e, "bot_apply");
        } else {
            const char *m = list[fz_below(&x->r, (uint32_t)n)];
            rc = CALL(x, "apply", bound_of(x, 4), fuda_engine_apply(e, seat, m));
            if (rc < 0) check_message(x, e, "apply");
        }
        if (rc < 0) {
            same_state(x, e, h, "a refused move");
            /* the list stays what it was */
            const char *const *again;
            int n2 = fuda_engine_moves(e, seat, &again);
            if (!x->p.paranoid) n2 = -1;
            int k = hidden(x) ? F_HIDDEN : F_STATE; /* a list may depend on what the script hid */
            if (n2 >= 0 && n2 != n) finding(x, k, "after a refused move the list has %d moves, not %d", n2, n);
            for (int i = 0; n2 == n && i < n; i++)
                if (strcmp(again[i], list[i]) != 0) {
                    finding(x, k, "after a refused move move %d is '%.80s', not '%.80s'", i + 1, again[i], list[i]);
                    break;
                }
            if (++failures > 4) a = max_actions;
        } else {
            accepted++;
        }
        for (int i = 0; i < n; i++) free(list[i]);
        free(list);
        if (mark && pct(x, 4)) {
            int urc = CALL(x, "undo_to", 1000, fuda_engine_undo_to(e, mark));
            if (urc == 0 && state_hash(e) != fuda_engine_hash(e)) finding(x, F_STATE, "undo_to");
            if (urc == 0 && fuda_engine_hash(e) == 0) finding(x, F_STATE, "undo_to gave a zero hash");
            free(mark);
            mark = NULL;
        }
    }
    free(mark);
    return accepted;
}

/* Does the log hold a move with odd spaces (the move-text grammar's open
 * class), to tell replay findings apart? */
static int odd_spacing(const char *log) {
    for (const char *p = log; *p; p++) {
        if (*p == ' ' && (p[1] == ' ' || p[1] == '\n' || p[1] == 0)) return 1;
        if ((unsigned char)*p >= 0x80) return 1;
    }
    return 0;
}

static void replay(exec *x, const char *log, uint64_t want) {
    int paranoid = pct(x, 50), listen = pct(x, 50);
    char how[80];
    snprintf(how, sizeof how, " (events read: %s, then %s; replay %sparanoid)", x->listened ? "yes" : "no",
             listen ? "yes" : "no", paranoid ? "" : "not ");
    fuda_engine *e = new_engine(x, paranoid);
    if (!e) return;
    if (listen) fuda_engine_on_event(e, on_event, x);
    long moves = 0;
    for (const char *p = log; *p; p++) moves += *p == '\n';
    x->slot->replays++;
    /* scripts that keep state where the engine does not see it (a read-only hook's change to
     * the game table kept for later, text formatting that plays) do not replay, by design:
     * fuda check's business, not the engine's */
    int kind = hidden(x) ? F_HIDDEN : F_REPLAY;
    int rc = CALL(x, "replay", (long)(moves + 4) * 6 * x->p.time_ms + 2000,
                  fuda_engine_replay_as(e, x->path, "log", log, strlen(log), -1));
    if (rc < 0) {
        const char *msg = fuda_engine_error(e);
        if (!strstr(msg, "limit exceeded"))
            finding(x, kind, "the log does not replay%s%s: %.1500s", odd_spacing(log) ? " (odd move text)" : "",
                    how, msg);
    } else if (fuda_engine_hash(e) != want) {
        finding(x, kind, "the log replays to another state%s%s", odd_spacing(log) ? " (odd move text)" : "", how);
    }
    free_engine(x, e);
}

static const char *const overrides[] = {
    "hand_size=3", "hands=1", "hand_size=999999999999999999999", "word=\x1b[2J", "nope=1", "flag=maybe",
    "extra=5", "hand_size=-1", "hands=0", "word=", "flag=on", "hand_size=2147483648", "target=10",
};

static void run_exec(exec *x) {
    x->events = x->event_bytes = 0;
    x->search_left = pct(x, 8) ? 1 : 0;
    x->heap0 = heap_in_use();
    fuda_engine *e = new_engine(x, x->p.paranoid);
    if (!e) return;
    x->listened = pct(x, 80);
    if (x->listened) fuda_engine_on_event(e, on_event, x);
    const char *opt[3];
    int nopt = 0;
    if (pct(x, 15)) {
        nopt = 1 + (int)fz_below(&x->r, 2);
        for (int i = 0; i < nopt; i++) opt[i] = overrides[fz_below(&x->r, sizeof overrides / sizeof overrides[0])];
    }
    int rc = CALL(x, "load", bound_of(x, 3), fuda_engine_load(e, x->path, opt, nopt));
    if (rc < 0) {
        check_message(x, e, "load");
        free_engine(x, e);
        return;
    }
    x->slot->loaded++;
    const fuda_variant_info *info = fuda_engine_info(e);
    int nseats = info->min_seats;
    if (info->max_seats > info->min_seats) nseats += (int)fz_below(&x->r, (uint32_t)(info->max_seats - info->min_seats + 1));
    if (pct(x, 3)) nseats = pct(x, 50) ? 0 : 13;
    uint64_t seed = fz_below(&x->r, 1000);
    rc = CALL(x, "start", bound_of(x, 6), fuda_engine_start(e, nseats, seed));
    if (rc < 0) {
        check_message(x, e, "start");
        free_engine(x, e);
        return;
    }
    x->slot->started++;
    nseats = fuda_engine_state(e)->nseats;
    if (fuda_engine_tables(e) > 0) {
        /* a match of several tables: its seats, not the first table's */
        int total = 0, t = fuda_engine_tables(e), out[FUDA_MAX_SEATS];
        for (int k = 1; k <= t; k++) total += fuda_engine_table_seats(e, k, out);
        if (total > nseats) nseats = total;
        if (info->max_seats > nseats) nseats = info->max_seats;
    }
    long accepted = play(x, e, nseats);
    x->slot->actions += accepted;
    char *log = fuda_engine_log(e);
    uint64_t want = state_hash(e);
    free_engine(x, e);
    if (log && want && x->p.paranoid) replay(x, log, want);
    free(log);
}

/* ---- the worker's output ---- */

/* print's lines as a variant's print writes them: the place of the call
 * ("job-0.lua:12: ", "[C]: "), then the text with control characters shown
 * as escapes (the "\1P" every generated print starts with is "\x01P"), or
 * the line saying print's output limit was reached. */
#define PROBE "\\x01E\t"
static int print_line(const char *buf) {
    if (strncmp(buf, "print: output limit reached", 27) == 0) return 1;
    const char *nl = strchr(buf, '\n');
    size_t len = nl ? (size_t)(nl - buf) : strlen(buf);
    static const char mark[] = ": \\x01";
    size_t m = sizeof mark - 1;
    for (const char *p = buf; (p = memmem(p, len - (size_t)(p - buf), mark, m)) != NULL; p++)
        if (p + m < buf + len && (p[m] == 'P' || p[m] == 'E')) return 1;
    return 0;
}

/* What the execution wrote on stdout and stderr: print's lines only. */
static void check_output(exec *x) {
    fflush(stdout);
    off_t end = lseek(x->out_fd, 0, SEEK_END);
    if (end < 0) return;
    if (end < x->out_pos) x->out_pos = 0;
    long n = (long)(end - x->out_pos);
    if (n > O.volume) finding(x, F_VOLUME, "print wrote %ld bytes in one execution", n);
    long look = n < (1L << 20) ? n : (1L << 20);
    if (look > 0) {
        char *buf = (char *)malloc((size_t)look + 1);
        ssize_t got = pread(x->out_fd, buf, (size_t)look, x->out_pos);
        if (got > 0) {
            buf[got] = 0;
            if (!print_line(buf)) finding(x, F_OUTPUT, "the engine wrote: %.300s", buf);
            static const char *const foreign[] = {"PANIC", "AddressSanitizer", "runtime error:", "Lua warning",
                                                  "\nfuda:", "LeakSanitizer", NULL};
            for (int i = 0; foreign[i]; i++) {
                char *f = memmem(buf, (size_t)got, foreign[i], strlen(foreign[i]));
                if (f) finding(x, F_OUTPUT, "the output has '%s': %.300s", foreign[i], f);
            }
            for (char *p = buf; (p = memmem(p, (size_t)(buf + got - p), PROBE, strlen(PROBE))) != NULL;
                 p += strlen(PROBE)) {
                char name[128];
                size_t k = 0;
                for (char *q = p + strlen(PROBE); q < buf + got && *q != '\n' && k < sizeof name - 1; q++)
                    name[k++] = *q;
                name[k] = 0;
                finding(x, F_REACH, "a probe reached %s", name);
            }
        }
        free(buf);
    }
    if (end > (64L << 20)) {
        if (ftruncate(x->out_fd, 0) == 0) end = 0;
    }
    x->out_pos = end;
}

/* ---- fuda check of a script (--check-every) ---- */

static void run_check(exec *x) {
    char out[700], limit_t[32], limit_m[32], limit_i[32];
    snprintf(out, sizeof out, "%s/job-%d.check", tmpdir, x->job);
    snprintf(limit_t, sizeof limit_t, "%ld", x->p.time_ms);
    snprintf(limit_m, sizeof limit_m, "%ld", x->p.mem_mib);
    snprintf(limit_i, sizeof limit_i, "%ld", x->p.instr);
    x->slot->checks++;
    pid_t pid = fork();
    if (pid < 0) return;
    if (pid == 0) {
        int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
            close(fd);
        }
        setenv("FUDA_PATH", "tests/variants:variants", 1);
        execl(O.fuda, "fuda", "--max-time", limit_t, "--max-memory", limit_m, "--max-instructions", limit_i,
              "--max-run-time", "40", "check", x->path, "-n", "3", "-j", "1", (char *)NULL);
        _exit(127);
    }
    long long t0 = now_ms();
    int st = 0, done = 0;
    x->slot->call_bound = 60000;
    x->slot->call_cpu = cpu_ms(CLOCK_PROCESS_CPUTIME_ID);
    x->slot->call_start = t0;
    while (!done) {
        pid_t w = waitpid(pid, &st, WNOHANG);
        if (w == pid) done = 1;
        else if (now_ms() - t0 > 50000) {
            kill(pid, SIGKILL);
            waitpid(pid, &st, 0);
            x->slot->call_start = 0;
            finding(x, F_CHECK, "fuda check ran past 50 s (its own deadline is 40 s)");
            return;
        } else usleep(2000);
    }
    x->slot->call_start = 0;
    size_t n;
    char *text = read_all(out, &n);
    if (!text) return;
    char last[512] = "";
    for (char *p = text; *p;) {
        char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        if (len) snprintf(last, sizeof last, "%.*s", (int)len, p);
        if (!nl) break;
        p = nl + 1;
    }
    if (WIFSIGNALED(st)) finding(x, F_CHECK, "fuda check died of signal %d: %.300s", WTERMSIG(st), last);
    else if (WEXITSTATUS(st) != 0 && WEXITSTATUS(st) != 1)
        finding(x, F_CHECK, "fuda check exited %d: %.300s", WEXITSTATUS(st), last);
    else if (strncmp(last, "check: OK", 9) != 0 && strncmp(last, "check: FAILED", 13) != 0)
        finding(x, F_CHECK, "fuda check printed no verdict last: %.300s", last);
    else if (strstr(text, "the engine stopped") || strstr(text, "the engine was killed") ||
             strstr(text, "past its time limit") || strstr(text, "past its deadline"))
        finding(x, F_CHECK, "fuda check's worker ended: %.300s", last);
    for (size_t i = 0; i < n; i++) { /* script text reaches the terminal shown harmlessly */
        unsigned char ch = (unsigned char)text[i]; /* print's lines too: their \1 is shown as \x01 */
        if ((ch < 0x20 && ch != '\n' && ch != '\t') || ch == 0x7f) {
            finding(x, F_CHECK, "fuda check printed a control byte 0x%02x: %.200s", ch, text + (i > 60 ? i - 60 : 0));
            break;
        }
    }
    free(text);
}

/* ---- the worker ---- */

static jobslot *slots;
static jobslot *my_slot;
#define LEAK_EVERY 32

static void on_overrun(void *ud, const fuda_engine *e, const char *place, long limit_ms) {
    (void)ud;
    (void)e;
    (void)limit_ms;
    snprintf(my_slot->overrun_place, sizeof my_slot->overrun_place, "%s", place);
    __atomic_store_n(&my_slot->overrun, 1, __ATOMIC_SEQ_CST);
    _exit(99);
}

static uint64_t script_of(uint64_t seed, int job, long index, fz_buf *b, params *p) {
    fz_rng r = fz_rng_for(seed, (uint64_t)job, (uint64_t)index);
    params_draw(p, &r);
    fz_meta meta;
    fz_buf text = {0};
    fz_generate(&r, O.off, &text, &meta);
    p->used = meta.used;
    params_write(p, b);
    fz_buf_add(b, text.p, text.n);
    fz_buf_free(&text);
    return meta.used;
}

/* Redirect stdout and stderr to the job's output file; its descriptor. */
static int redirect_output(int job) {
    char path[600];
    snprintf(path, sizeof path, "%s/job-%d.out", tmpdir, job);
    int fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_TRUNC, 0644);
    if (fd < 0) _exit(3);
    fflush(stdout);
    fflush(stderr);
    dup2(fd, 1);
    dup2(fd, 2);
    return fd;
}

static long rss_mib(void) {
    long pages = 0, rss = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f) return 0;
    if (fscanf(f, "%ld %ld", &pages, &rss) != 2) rss = 0;
    fclose(f);
    return rss * (sysconf(_SC_PAGESIZE) / 1024) / 1024;
}

static void worker(int job, long from) {
    my_slot = &slots[job];
    fuda_engine_on_overrun(on_overrun, NULL);
    fuda_search_set_budget(0, 8);
    int fd = redirect_output(job);
    char path[600];
    snprintf(path, sizeof path, "%s/job-%d.lua", tmpdir, job);
    exec x;
    memset(&x, 0, sizeof x);
    x.slot = my_slot;
    x.job = job;
    x.path = path;
    x.minimise_kind = -1;
    x.out_fd = fd;
    long runs = 0;
    for (long i = from; i < O.n; i += O.jobs) {
        my_slot->cur = i;
        fz_buf b = {0};
        x.used = my_slot->used = script_of(O.seed, job, i, &b, &x.p);
        if (write_all(path, b.p, b.n) < 0) _exit(4);
        fz_buf_free(&b);
        x.index = i;
        x.r = (fz_rng){x.p.hseed};
        size_t before = heap_in_use();
        long long t_exec = now_ms();
        run_exec(&x);
        if (O.trace) {
            FILE *f = fopen(O.trace, "a");
            if (f) {
                fprintf(f, "%ld took %lld ms\n", i, now_ms() - t_exec);
                fclose(f);
            }
        }
        check_output(&x);
        if (O.check_every > 0 && i % O.check_every == 0) run_check(&x);
        size_t after = heap_in_use();
        if (++runs > 3 && after > before && after - before > ((size_t)1 << 20))
            finding(&x, F_LEAK, "the heap grew by %zu KiB over the execution", (after - before) >> 10);
#ifdef FUZZ_ASAN
        /* every LEAK_EVERY executions (a check costs tens of ms): a leak names the
         * last script, and the report (on the output) the stack that leaked */
        if (getenv("FUZZ_LSAN") && (runs % LEAK_EVERY == 0 || i + O.jobs >= O.n) &&
            __lsan_do_recoverable_leak_check()) {
            char tail[1400];
            fflush(stderr);
            snprintf(tail, sizeof tail, "%s", "");
            off_t end = lseek(fd, 0, SEEK_END);
            off_t at = end > (off_t)sizeof tail - 1 ? end - (off_t)sizeof tail + 1 : 0;
            ssize_t got = pread(fd, tail, sizeof tail - 1, at);
            tail[got > 0 ? got : 0] = 0;
            finding(&x, F_LEAK, "LeakSanitizer found leaks in the last %d executions (up to this one)\n%s",
                    LEAK_EVERY, tail);
            my_slot->done_to = i + 1;
            my_slot->execs++;
            _exit(98);
        }
#endif
        my_slot->execs++;
        my_slot->done_to = i + 1;
        if (runs % 64 == 0) {
            long rss = rss_mib();
            if (rss > 2048) {
                finding(&x, F_RSS, "the worker's resident memory is %ld MiB", rss);
                _exit(97);
            }
        }
    }
    my_slot->cur = -1;
    my_slot->finished = 1;
    _exit(0);
}

/* ---- the supervisor ---- */

/* Save a finding the supervisor saw (the worker is gone): its script is the
 * job's file. */
static void parent_finding(int job, long index, int kind, const char *msg) {
    char path[600];
    snprintf(path, sizeof path, "%s/job-%d.lua", tmpdir, job);
    exec x;
    memset(&x, 0, sizeof x);
    x.slot = &slots[job];
    x.job = job;
    x.index = index;
    x.path = path;
    x.minimise_kind = -1;
    x.used = slots[job].used;
    save_finding(&x, kind, msg);
}

/* The tail of the job's output (a sanitizer's report). */
static void output_tail(int job, char *buf, size_t size) {
    char path[600];
    snprintf(path, sizeof path, "%s/job-%d.out", tmpdir, job);
    buf[0] = 0;
    int fd = open(path, O_RDONLY);
    if (fd < 0) return;
    off_t end = lseek(fd, 0, SEEK_END);
    off_t from = end > (off_t)size - 1 ? end - (off_t)size + 1 : 0;
    ssize_t n = pread(fd, buf, size - 1, from);
    close(fd);
    buf[n > 0 ? n : 0] = 0;
    for (ssize_t i = 0; i < n; i++)
        if (buf[i] == 0) buf[i] = '.';
}

static pid_t start_worker(int job, long from) {
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) die("fork: %s", strerror(errno));
    if (pid == 0) worker(job, from);
    return pid;
}

static long total_kinds(void) {
    long n = 0;
    for (int j = 0; j < O.jobs; j++)
        for (int k = 0; k < F_FINDINGS; k++) n += slots[j].kinds[k];
    return n;
}

static long total_execs(void) {
    long n = 0;
    for (int j = 0; j < O.jobs; j++) n += slots[j].execs;
    return n;
}

static int supervise(void) {
    pid_t *pids = (pid_t *)calloc((size_t)O.jobs, sizeof *pids);
    long long t0 = now_ms(), last = t0;
    for (int j = 0; j < O.jobs; j++) {
        slots[j].cur = -1;
        pids[j] = start_worker(j, j);
    }
    int running = O.jobs;
    while (running) {
        usleep(20000);
        long long now = now_ms();
        for (int j = 0; j < O.jobs; j++) {
            if (!pids[j]) continue;
            jobslot *s = &slots[j];
            int st;
            long long cs = s->call_start;
            if (hung(s, pids[j], now)) {
                kill(pids[j], SIGKILL);
                waitpid(pids[j], &st, 0);
                char msg[300];
                snprintf(msg, sizeof msg, "an engine call did not return: ended after %lld ms (bound %ld ms)", now - cs,
                         s->call_bound);
                parent_finding(j, s->cur, F_HANG, msg);
            } else if (waitpid(pids[j], &st, WNOHANG) != pids[j]) {
                continue;
            } else if (s->finished) {
                pids[j] = 0;
                running--;
                continue;
            } else if (WIFEXITED(st) && WEXITSTATUS(st) == 99) {
                char msg[400];
                snprintf(msg, sizeof msg, "the engine's overrun handler fired at %s", s->overrun_place);
                parent_finding(j, s->cur, overrun_kind(s->used), msg);
                s->overrun = 0;
            } else if (WIFEXITED(st) && (WEXITSTATUS(st) == 97 || WEXITSTATUS(st) == 98)) {
                /* noted by the worker already: restart it */
            } else {
                char msg[1800], tail[1400];
                output_tail(j, tail, sizeof tail);
                if (WIFSIGNALED(st))
                    snprintf(msg, sizeof msg, "the worker died of signal %d\n%s", WTERMSIG(st), tail);
                else
                    snprintf(msg, sizeof msg, "the worker exited %d\n%s", WEXITSTATUS(st), tail);
                parent_finding(j, s->cur, F_CRASH, msg);
            }
            /* restart after the execution that ended it */
            long from = s->cur >= 0 ? s->cur + O.jobs : s->done_to;
            s->execs++;
            s->call_start = 0;
            if (from >= O.n) {
                pids[j] = 0;
                running--;
            } else {
                s->cur = -1;
                pids[j] = start_worker(j, from);
            }
        }
        if (!O.quiet && now - last >= 10000) {
            last = now;
            long e = total_execs();
            fprintf(stderr, "fuzz-scripts: %ld/%ld execs, %.0f/s, %ld findings\n", e, O.n,
                    e * 1000.0 / (double)(now - t0 + 1), total_kinds());
        }
    }
    double secs = (double)(now_ms() - t0) / 1000.0;
    long execs = total_execs(), loaded = 0, started = 0, actions = 0, replays = 0, checks = 0;
    for (int j = 0; j < O.jobs; j++) {
        loaded += slots[j].loaded;
        started += slots[j].started;
        actions += slots[j].actions;
        replays += slots[j].replays;
        checks += slots[j].checks;
    }
    long found = total_kinds();
    printf("fuzz-scripts: %ld execs in %.1f s (%.0f execs/s), seed %llu, %d jobs\n", execs, secs,
           secs > 0 ? execs / secs : 0.0, (unsigned long long)O.seed, O.jobs);
    printf("fuzz-scripts: %ld loaded, %ld started, %ld actions accepted, %ld replays, %ld fuda checks\n", loaded,
           started, actions, replays, checks);
    for (int k = 0; k < NKINDS; k++) {
        long n = 0;
        for (int j = 0; j < O.jobs; j++) n += slots[j].kinds[k];
        if (!n) continue;
        printf("fuzz-scripts: %ld %s%s", n, kind_names[k], k >= F_FINDINGS ? " (a note, not a finding)" : "");
        const char *sep = "; their scripts' classes:";
        for (int c = 1; c < FZ_NCLASSES; c++) {
            long m = 0;
            for (int j = 0; j < O.jobs; j++) m += slots[j].by_class[k][c];
            if (m) printf("%s %s %ld", sep, fz_class_name(c), m), sep = ",";
        }
        printf("\n");
    }
    printf("fuzz-scripts: %ld findings%s%s\n", found, found ? " in " : "", found ? O.findings : "");
    free(pids);
    return found ? 1 : 0;
}

/* ---- one file: --run and --minimise ---- */

/* Run the script at path once in a supervised worker; with kind >= 0, only
 * say whether a finding of that kind happened (1) or not (0). Without, the
 * findings are saved and the count returned. */
static int run_file(const char *path, int kind) {
    size_t n;
    char *text = read_all(path, &n);
    if (!text) die("cannot read %s", path);
    params p;
    if (params_read(&p, text) < 0) die("%s: the first line is no '-- fuzz-scripts: ...' line", path);
    char copy[600];
    snprintf(copy, sizeof copy, "%s/job-0.lua", tmpdir);
    if (write_all(copy, text, n) < 0) die("cannot write %s", copy);
    free(text);
    memset(&slots[0], 0, sizeof slots[0]);
    slots[0].cur = 0;
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        my_slot = &slots[0];
        fuda_engine_on_overrun(on_overrun, NULL);
        fuda_search_set_budget(0, 8);
        int fd = redirect_output(0);
        exec x;
        memset(&x, 0, sizeof x);
        x.slot = my_slot;
        x.path = copy;
        x.p = p;
        x.used = p.used;
        x.r = (fz_rng){p.hseed};
        x.minimise_kind = kind;
        x.out_fd = fd;
        run_exec(&x);
        check_output(&x);
        if (O.check_every > 0) run_check(&x);
        _exit(kind >= 0 ? (x.hit ? 10 : 0) : 0);
    }
    int st = 0;
    for (;;) {
        if (waitpid(pid, &st, WNOHANG) == pid) break;
        if (hung(&slots[0], pid, now_ms())) {
            kill(pid, SIGKILL);
            waitpid(pid, &st, 0);
            if (kind >= 0) return kind == F_HANG;
            parent_finding(0, 0, F_HANG, "an engine call did not return");
            return 1;
        }
        usleep(5000);
    }
    if (kind >= 0) {
        if (WIFEXITED(st) && WEXITSTATUS(st) == 10) return 1;
        if (WIFEXITED(st) && WEXITSTATUS(st) == 99) return kind == overrun_kind(slots[0].used);
        if (WIFSIGNALED(st) || (WIFEXITED(st) && WEXITSTATUS(st) != 0)) return kind == F_CRASH;
        return 0;
    }
    char msg[1800], tail[1400];
    if (WIFEXITED(st) && WEXITSTATUS(st) == 99) {
        snprintf(msg, sizeof msg, "the engine's overrun handler fired at %s", slots[0].overrun_place);
        parent_finding(0, 0, overrun_kind(slots[0].used), msg);
    } else if (WIFSIGNALED(st) || WEXITSTATUS(st) != 0) {
        output_tail(0, tail, sizeof tail);
        snprintf(msg, sizeof msg, "the worker died (status %d)\n%s", st, tail);
        parent_finding(0, 0, F_CRASH, msg);
    }
    long found = 0;
    for (int k = 0; k < NKINDS; k++) {
        if (slots[0].kinds[k]) printf("%s: %ld %s\n", path, slots[0].kinds[k], kind_names[k]);
        if (k < F_FINDINGS) found += slots[0].kinds[k];
    }
    if (!found) printf("%s: no finding\n", path);
    return found > 0;
}

/* Lines of a text (the first, the parameters, is never cut). */
typedef struct lines {
    char **v;
    int n;
    char *keep;
} lines;

static void lines_split(lines *l, char *text) {
    l->n = 0;
    l->v = NULL;
    for (char *p = text; *p;) {
        char *nl = strchr(p, '\n');
        l->v = (char **)realloc(l->v, (size_t)(l->n + 1) * sizeof *l->v);
        l->v[l->n++] = p;
        if (!nl) break;
        *nl = 0;
        p = nl + 1;
    }
    l->keep = (char *)malloc((size_t)l->n + 1);
    memset(l->keep, 1, (size_t)l->n + 1);
}

static void lines_write(const lines *l, const char *path) {
    fz_buf b = {0};
    for (int i = 0; i < l->n; i++)
        if (l->keep[i]) {
            fz_buf_puts(&b, l->v[i]);
            fz_buf_puts(&b, "\n");
        }
    write_all(path, b.p ? b.p : "", b.n);
    fz_buf_free(&b);
}

/* ddmin over lines: drop chunks of kept lines while the finding stays. */
static int minimise(const char *path, int kind) {
    size_t n;
    char *text = read_all(path, &n);
    if (!text) die("cannot read %s", path);
    lines l;
    lines_split(&l, text);
    char out[1100], trial[1100];
    snprintf(out, sizeof out, "%s.min.lua", path);
    snprintf(trial, sizeof trial, "%s/trial.lua", tmpdir);
    lines_write(&l, trial);
    if (!run_file(trial, kind)) {
        printf("%s: no %s finding to start from\n", path, kind_names[kind]);
        return 1;
    }
    int runs = 1;
    for (int chunk = l.n / 2; chunk >= 1; chunk /= 2) {
        int changed = 1;
        while (changed) {
            changed = 0;
            for (int i = 1; i < l.n; i += chunk) {
                int any = 0;
                for (int k = i; k < i + chunk && k < l.n; k++) any |= l.keep[k];
                if (!any) continue;
                char save[4096];
                int m = 0;
                for (int k = i; k < i + chunk && k < l.n && m < (int)sizeof save; k++, m++) {
                    save[m] = l.keep[k];
                    l.keep[k] = 0;
                }
                lines_write(&l, trial);
                runs++;
                if (run_file(trial, kind)) {
                    changed = 1;
                } else {
                    for (int k = 0; k < m; k++) l.keep[i + k] = save[k];
                }
            }
        }
    }
    lines_write(&l, out);
    int kept = 0;
    for (int i = 0; i < l.n; i++) kept += l.keep[i];
    printf("%s: %d of %d lines kept (%d runs) in %s\n", path, kept, l.n, runs, out);
    free(l.v);
    free(l.keep);
    free(text);
    return 0;
}

/* ---- main ---- */

static void usage(void) {
    fprintf(stderr,
            "usage: fuzz-scripts [-n N] [-j JOBS] [--seed S] [--findings DIR] [--off CLASS,...]\n"
            "                    [--check-every K] [--fuda PATH] [--quiet]\n"
            "       fuzz-scripts --print SEED JOB INDEX\n"
            "       fuzz-scripts --run FILE\n"
            "       fuzz-scripts --minimise FILE KIND [TEXT]\n");
    exit(2);
}

static uint64_t parse_off(const char *s) {
    uint64_t off = 0;
    char *copy = strdup(s);
    for (char *tok = strtok(copy, ","); tok; tok = strtok(NULL, ",")) {
        int c = fz_class_of(tok);
        if (c < 0) die("no attack class '%s'", tok);
        off |= 1ULL << c;
    }
    free(copy);
    return off;
}

static void cleanup_tmp(void) {
    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0) { /* nothing to do */
    }
}

int main(int argc, char **argv) {
    const char *print_args[3] = {0}, *run = NULL, *min_file = NULL, *min_kind = NULL;
    const char *env;
    if ((env = getenv("FUZZ_SCRIPTS_OFF")) && *env) O.off = parse_off(env);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-n") && i + 1 < argc) O.n = atol(argv[++i]);
        else if ((!strcmp(a, "-j") || !strcmp(a, "--jobs")) && i + 1 < argc) O.jobs = atoi(argv[++i]);
        else if (!strcmp(a, "--seed") && i + 1 < argc) O.seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(a, "--findings") && i + 1 < argc) O.findings = argv[++i];
        else if (!strcmp(a, "--off") && i + 1 < argc) O.off = parse_off(argv[++i]);
        else if (!strcmp(a, "--check-every") && i + 1 < argc) O.check_every = atol(argv[++i]);
        else if (!strcmp(a, "--fuda") && i + 1 < argc) O.fuda = argv[++i];
        else if (!strcmp(a, "--quiet")) O.quiet = 1;
        else if (!strcmp(a, "--trace") && i + 1 < argc) O.trace = argv[++i];
        else if (!strcmp(a, "--print") && i + 3 < argc) {
            print_args[0] = argv[++i];
            print_args[1] = argv[++i];
            print_args[2] = argv[++i];
        } else if (!strcmp(a, "--run") && i + 1 < argc) run = argv[++i];
        else if (!strcmp(a, "--minimise") && i + 2 < argc) {
            min_file = argv[++i];
            min_kind = argv[++i];
            if (i + 1 < argc && argv[i + 1][0] != '-') minimise_text = argv[++i];
        } else usage();
    }
    if (O.n < 0 || O.jobs < 1 || O.jobs > 64) usage();
    if (print_args[0]) {
        fz_buf b = {0};
        params p;
        script_of(strtoull(print_args[0], NULL, 10), atoi(print_args[1]), atol(print_args[2]), &b, &p);
        fwrite(b.p, 1, b.n, stdout);
        fz_buf_free(&b);
        return 0;
    }
    snprintf(tmpdir, sizeof tmpdir, "/tmp/fuzz-scripts.XXXXXX");
    if (!mkdtemp(tmpdir)) die("mkdtemp: %s", strerror(errno));
    if (mkdir(O.findings, 0755) < 0 && errno != EEXIST) die("cannot make %s: %s", O.findings, strerror(errno));
    slots = (jobslot *)mmap(NULL, sizeof(jobslot) * (size_t)O.jobs, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
                            -1, 0);
    if (slots == MAP_FAILED) die("mmap: %s", strerror(errno));
    memset(slots, 0, sizeof(jobslot) * (size_t)O.jobs);
    int rc;
    if (run) rc = run_file(run, -1);
    else if (min_file) {
        int k = kind_of(min_kind);
        if (k < 0) die("no finding kind '%s'", min_kind);
        rc = minimise(min_file, k);
    } else rc = supervise();
    cleanup_tmp();
    return rc;
}
