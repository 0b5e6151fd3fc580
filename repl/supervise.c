/* supervise.c -- the supervisor and its confined worker (see supervise.h).
 *
 * Before the fork the supervisor makes the shared page (watch.h), the
 * broker's socket (broker.h) and a pipe its SIGCHLD handler writes to. The
 * worker then confines itself (confine.h) to what its command needs: reading
 * the variant search path, the folders of the files named on its command
 * line, the system's own files (libraries, terminal descriptions, locales;
 * never a home folder), the current folder for `fuda run` (the REPL, the
 * user's own session typing paths as it goes, may read any file), and
 * writing only in fuda's own XDG folders. The supervisor waits for the
 * worker, its requests, and the deadline, on one poll(). */
#define _GNU_SOURCE
#include "supervise.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "broker.h"
#include "json.h" /* fuda_json_str */
#include "buf.h"
#include "cli.h"
#include "confine.h"
#include "text_shell.h"
#include "text_term.h"
#include "watch.h"

/* ---- what the worker may read and write ---- */

typedef struct paths {
    char **v;
    int n;
} paths;

static void paths_add(paths *p, const char *s) {
    if (!s || !*s) return;
    for (int i = 0; i < p->n; i++)
        if (strcmp(p->v[i], s) == 0) return;
    p->v = fuda_xrealloc(p->v, (size_t)(p->n + 2) * sizeof *p->v);
    p->v[p->n++] = fuda_xstrdup(s);
    p->v[p->n] = NULL;
}

static void paths_addf(paths *p, const char *fmt, const char *a, const char *b) {
    fuda_buf x = FUDA_BUF_INIT;
    fuda_buf_addf(&x, fmt, a, b ? b : "");
    paths_add(p, x.p);
    fuda_buf_free(&x);
}

static void paths_free(paths *p) {
    for (int i = 0; i < p->n; i++) free(p->v[i]);
    free(p->v);
    p->v = NULL;
    p->n = 0;
}

/* The folder of path (malloc'd): "." for a bare name. */
static char *folder_of(const char *path) {
    const char *slash = strrchr(path, '/');
    if (!slash) return fuda_xstrdup(".");
    if (slash == path) return fuda_xstrdup("/");
    char *d = fuda_xstrdup(path);
    d[slash - path] = '\0';
    return d;
}

/* Files the system needs at run time: libraries, terminal descriptions, the
 * line editor's settings, locales and time zones. Public files all. */
static void system_paths(paths *p) {
    static const char *const fixed[] = {
        "/usr", "/lib", "/lib64", "/lib32", "/etc/inputrc", "/etc/terminfo", "/etc/localtime",
        "/etc/ld.so.cache", "/etc/nsswitch.conf", "/etc/passwd", "/etc/group", "/dev/null",
        "/dev/urandom", "/sys/devices/system/cpu", NULL
    };
    for (int i = 0; fixed[i]; i++) paths_add(p, fixed[i]);
    const char *home = getenv("HOME");
    if (home && home[0] == '/') {
        paths_addf(p, "%s/.inputrc", home, NULL);
        paths_addf(p, "%s/.terminfo", home, NULL);
        paths_addf(p, "%s/.fuda_history", home, NULL); /* the REPL's history before XDG folders */
    }
    paths_add(p, getenv("INPUTRC"));
    paths_add(p, getenv("TERMINFO"));
}

/* Where variants and their documents may be: FUDA_PATH and the folders
 * beside the executable (path.c's search order, docs/rules too). */
static void search_paths(paths *p, const fuda_config *cfg) {
    for (int i = 0; cfg->search_path && cfg->search_path[i]; i++) paths_add(p, cfg->search_path[i]);
    const char *fp = getenv("FUDA_PATH");
    if (fp) {
        char *copy = fuda_xstrdup(fp), *save = NULL;
        for (char *d = strtok_r(copy, ":", &save); d; d = strtok_r(NULL, ":", &save)) paths_add(p, d);
        free(copy);
    }
    char *dir = folder_of(cfg->exe ? cfg->exe : ".");
    static const char *const beside[] = { "%s/variants", "%s/../share/fuda", "%s/../variants", "%s/docs",
                                          "%s/../docs", NULL };
    for (int i = 0; beside[i]; i++) paths_addf(p, beside[i], dir, NULL);
    free(dir);
}

/* Every argument (and every --flag=VALUE's value) that names a file: its
 * folder, for the variant's imports beside it; a folder named: itself. */
static void named_paths(paths *p, int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] == '-' && strchr(a, '=')) a = strchr(a, '=') + 1;
        struct stat st;
        if (!*a || stat(a, &st) != 0) continue;
        if (S_ISDIR(st.st_mode)) {
            paths_add(p, a);
        } else if (S_ISREG(st.st_mode)) {
            char *d = folder_of(a);
            paths_add(p, d);
            free(d);
        }
    }
}

static int has_arg(int argc, char **argv, const char *flag) {
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], flag) == 0) return 1;
    return 0;
}

/* `play --resume` goes on with the match fuda play kept (files.h
 * fuda_data_file "last-match.log"): a variant played from a file is named
 * there by its path (saved.c, "# play variant PATH"), and its folder is read
 * as if the path had been typed again. Only an existing regular .lua file
 * counts. */
static void resumed_paths(paths *p, int argc, char **argv) {
    if (argc < 1 || strcmp(argv[0], "play") != 0 || !has_arg(argc, argv, "--resume")) return;
    char *log = fuda_data_file("last-match.log");
    char *text = log ? fuda_read_file(log) : NULL;
    free(log);
    const char *key = "\n# play variant ";
    const char *at = text ? strstr(text, key) : NULL;
    if (at) {
        at += strlen(key);
        size_t n = strcspn(at, "\n");
        char *path = fuda_xrealloc(NULL, n + 1);
        memcpy(path, at, n);
        path[n] = '\0';
        struct stat st;
        if (n > 4 && strcmp(path + n - 4, ".lua") == 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
            char *d = folder_of(path);
            paths_add(p, d);
            free(d);
        }
        free(path);
    }
    free(text);
}

/* fuda's own folders, $XDG_DATA_HOME/fuda and $XDG_STATE_HOME/fuda (made
 * when `make` is set): absolute paths with links resolved. */
static void own_dirs(paths *p, int make) {
    char *files[2] = { make ? fuda_data_file("x") : NULL, make ? fuda_state_file("x") : NULL };
    const char *env[2] = { getenv("XDG_DATA_HOME"), getenv("XDG_STATE_HOME") };
    const char *fallback[2] = { ".local/share", ".local/state" };
    const char *home = getenv("HOME");
    for (int i = 0; i < 2; i++) {
        fuda_buf d = FUDA_BUF_INIT;
        if (env[i] && env[i][0] == '/') fuda_buf_addf(&d, "%s/fuda", env[i]);
        else if (home && *home) fuda_buf_addf(&d, "%s/%s/fuda", home, fallback[i]);
        char *real = d.p ? realpath(d.p, NULL) : NULL;
        if (real) paths_add(p, real);
        free(real);
        fuda_buf_free(&d);
        free(files[i]);
    }
}

/* An address-space cap far above any honest need: every Lua state may use
 * its memory limit, twice over, on as many threads as check may run, but a
 * runaway C-side growth still stops before the machine does. */
static size_t address_space(const fuda_config *cfg) {
    size_t per = cfg->mem_limit ? cfg->mem_limit : FUDA_DEFAULT_MEM;
    size_t cap = (size_t)8 << 30;
    if (per * 2 * 8 + ((size_t)2 << 30) > cap) cap = per * 2 * 8 + ((size_t)2 << 30);
    return cap;
}

/* ---- the worker ---- */

/* The commands that keep files in fuda's own folders (histories, the last
 * match): the REPL and play. */
static int keeps_files(int argc, char **argv) { return argc == 0 || strcmp(argv[0], "play") == 0; }


/* Confine this process for the command; say once what is missing. -1 when
 * it must not run (a layer failed half-way, or --strict without them). */
static int confine_worker(int argc, char **argv, const fuda_config *cfg) {
    paths rd = { 0 }, wr = { 0 };
    system_paths(&rd);
    search_paths(&rd, cfg);
    named_paths(&rd, argc, argv);
    resumed_paths(&rd, argc, argv);
    /* the REPL is the user's own session, typing paths as it goes: it reads
     * what the user may (it still writes, runs and connects nothing); run
     * reads its script's folder (above) and the current one */
    if (argc == 0) paths_add(&rd, "/");
    else if (strcmp(argv[0], "run") == 0) paths_add(&rd, ".");
    own_dirs(&wr, keeps_files(argc, argv));
    fuda_confine_spec spec = { (const char *const *)rd.v, (const char *const *)wr.v, address_space(cfg) };
    fuda_confine_status st;
    int rc = fuda_confine(&spec, &st);
    paths_free(&rd);
    paths_free(&wr);
    if (rc < 0) {
        fprintf(stderr, "fuda: cannot set up the operating system's sandbox: %s; not running scripts\n",
                fuda_confine_describe(&st));
        return -1;
    }
    if (rc > 0) {
        int strict = argc > 0 && strcmp(argv[0], "check") == 0 && has_arg(argc, argv, "--strict");
        fprintf(stderr, "fuda: %s the operating system's sandbox is partial here: %s\n",
                strict ? "check --strict: refusing to run:" : "note:", fuda_confine_describe(&st));
        if (strict) return -1;
    }
    return 0;
}

static int run_worker(fuda_command_fn run, int argc, char **argv, const fuda_config *cfg, int sock,
                      fuda_watch_page *page) {
    signal(SIGINT, SIG_DFL);
    signal(SIGQUIT, SIG_DFL);
    signal(SIGCHLD, SIG_DFL);
    fuda_broker_use(sock);
    fuda_watch_worker(page);
    if (confine_worker(argc, argv, cfg) != 0) return FUDA_EXIT_FAIL;
    return run(argc, argv, cfg);
}

/* ---- the supervisor ---- */

static int child_pipe[2] = { -1, -1 };
static volatile sig_atomic_t forward_sig;
static pid_t worker_pid;

static void on_child(int sig) {
    (void)sig;
    int saved = errno;
    if (write(child_pipe[1], "c", 1) < 0) {} /* full: a wake-up is pending anyway */
    errno = saved;
}

static void on_end_signal(int sig) {
    forward_sig = sig;
    if (worker_pid > 0) kill(worker_pid, sig);
    on_child(sig);
}

static long long now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void set_handlers(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = on_child;
    sa.sa_flags = SA_RESTART | SA_NOCLDSTOP;
    sigaction(SIGCHLD, &sa, NULL);
    sa.sa_handler = on_end_signal;
    sa.sa_flags = SA_RESTART;
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    signal(SIGINT, SIG_IGN);
    signal(SIGQUIT, SIG_IGN);
    signal(SIGPIPE, SIG_IGN);
}

/* cmd:PROGRAM of every --bots list on the command line (the only programs
 * the broker will start). */
static void agent_programs(paths *p, int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        const char *list = NULL;
        if (strcmp(argv[i], "--bots") == 0 && i + 1 < argc) list = argv[i + 1];
        else if (strncmp(argv[i], "--bots=", 7) == 0) list = argv[i] + 7;
        if (!list) continue;
        char *copy = fuda_xstrdup(list), *save = NULL;
        for (char *b = strtok_r(copy, ",", &save); b; b = strtok_r(NULL, ",", &save))
            if (strncmp(b, "cmd:", 4) == 0 && b[4]) paths_add(p, b + 4);
        free(copy);
    }
}

/* Wait for the worker, serving its requests, until it ends or the deadline
 * passes (then it is killed and *late set). Returns its wait status. */
static int supervise_loop(int sock, const fuda_broker_policy *policy, long deadline_ms, int *late) {
    long long deadline = deadline_ms > 0 ? now_ms() + deadline_ms : 0;
    int status = 0;
    for (;;) {
        pid_t w = waitpid(worker_pid, &status, WNOHANG);
        if (w == worker_pid) break;
        if (w < 0 && errno != EINTR) break;
        long wait_ms = fuda_broker_tick();
        if (deadline) {
            long long left = deadline - now_ms();
            if (left <= 0) {
                *late = 1;
                kill(worker_pid, SIGKILL);
                waitpid(worker_pid, &status, 0);
                break;
            }
            if (wait_ms < 0 || left < wait_ms) wait_ms = (long)left;
        }
        struct pollfd pf[2] = { { child_pipe[0], POLLIN, 0 }, { sock, POLLIN, 0 } };
        int n = poll(pf, sock >= 0 ? 2 : 1, wait_ms < 0 ? -1 : (int)(wait_ms > INT_MAX ? INT_MAX : wait_ms));
        if (n < 0 && errno != EINTR) break;
        if (n <= 0) continue;
        if (pf[0].revents) {
            char buf[64];
            while (read(child_pipe[0], buf, sizeof buf) > 0) {}
        }
        if (sock >= 0 && (pf[1].revents & (POLLIN | POLLHUP | POLLERR))) {
            if (fuda_broker_serve(sock, policy) != 0) {
                close(sock); /* the worker closed its end, or spoke nonsense */
                sock = -1;
            }
        }
    }
    if (sock >= 0) close(sock);
    fuda_broker_end_all();
    return status;
}

/* ---- the verdict ---- */

/* Is argv[i] flag (or flag=...)? Returns how many words it takes (0: not it). */
static int flag_words(char **argv, int argc, int i, const char *flag) {
    size_t n = strlen(flag);
    if (strncmp(argv[i], flag, n) != 0) return 0;
    if (argv[i][n] == '=') return 1;
    if (argv[i][n] == '\0') return i + 1 < argc ? 2 : 1;
    if (strcmp(flag, "-j") == 0 && argv[i][n] >= '0' && argv[i][n] <= '9') return 1; /* -j4 */
    return 0;
}

/* "fuda GLOBALS CMD ARGS" without the flags in drop, then extra. */
static char *replay_command(char **globals, int nglobals, int argc, char **argv, const char *const *drop,
                            const char *extra) {
    fuda_buf b = FUDA_BUF_INIT;
    fuda_buf_adds(&b, "fuda");
    for (int i = 0; i < nglobals; i++) {
        fuda_buf_addc(&b, ' ');
        fuda_buf_shell(&b, globals[i]);
    }
    for (int i = 0; i < argc;) {
        int skip = 0;
        for (int k = 0; drop[k] && !skip; k++) skip = i > 0 ? flag_words(argv, argc, i, drop[k]) : 0;
        if (skip) {
            i += skip;
            continue;
        }
        fuda_buf_addc(&b, ' ');
        fuda_buf_shell(&b, argv[i++]);
    }
    fuda_buf_addf(&b, " %s", extra);
    return fuda_buf_take(&b);
}

static const char *signal_name(int sig) {
    switch (sig) {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    case SIGABRT: return "SIGABRT";
    case SIGSYS: return "SIGSYS";
    case SIGTRAP: return "SIGTRAP";
    case SIGKILL: return "SIGKILL";
    case SIGXCPU: return "SIGXCPU";
    case SIGXFSZ: return "SIGXFSZ";
    default: return NULL;
    }
}

/* The slot whose match to name: the one noted, else the only busy one. */
static const fuda_watch_slot *slot_to_name(const fuda_watch_page *w, int noted) {
    if (noted >= 0 && noted < FUDA_WATCH_SLOTS && w->slot[noted].match >= 0) return &w->slot[noted];
    const fuda_watch_slot *one = NULL;
    for (int i = 0; i < FUDA_WATCH_SLOTS; i++) {
        if (w->slot[i].match < 0) continue;
        if (one) return NULL;
        one = &w->slot[i];
    }
    return one;
}

/* What happened, for the verdict: "the engine stopped with SIGSEGV". */
static void what_happened(fuda_buf *b, const fuda_watch_page *w, int status, int late, long deadline_ms) {
    int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    const char *name = signal_name(sig);
    if (late) {
        fuda_buf_addf(b, "the run went past its deadline (--max-run-time %ld s) and was ended", deadline_ms / 1000);
    } else if (w && w->overrun) {
        fuda_buf_term(b, w->overrun_place, FUDA_TERM_LINE); /* script text: one harmless line */
        fuda_buf_addf(b, ": a hook call ran more than %d ms past its time limit (%ld ms), stuck where the limit "
                         "cannot stop it (C code, a blocked write); the engine was ended",
                      FUDA_OVERRUN_MS, w->overrun_limit_ms);
    } else if (sig == SIGKILL) {
        fuda_buf_adds(b, "the engine was killed (SIGKILL: out of memory, or from outside)");
    } else if (sig == SIGXFSZ) {
        fuda_buf_adds(b, "the engine stopped with SIGXFSZ (a file it wrote grew past its limit)");
    } else if (sig == SIGXCPU) {
        fuda_buf_adds(b, "the engine stopped with SIGXCPU (it used up its CPU time)");
    } else if (sig == SIGSYS) {
        fuda_buf_adds(b, "the engine stopped with SIGSYS (a system call the sandbox forbids)");
    } else if (name) {
        fuda_buf_addf(b, "the engine stopped with %s", name);
    } else {
        fuda_buf_addf(b, "the engine stopped with signal %d", sig);
    }
}

/* Print the verdict for a worker that did not end by itself. */
static void verdict(int argc, char **argv, char **globals, int nglobals, const fuda_watch_page *w, int status,
                    int late, long deadline_ms) {
    const char *cmd = argc > 0 ? argv[0] : "repl";
    const char *script = argc > 1 && argv[1][0] != '-' ? argv[1] : NULL;
    int json = has_arg(argc, argv, "--json");
    fuda_buf what = FUDA_BUF_INIT, msg = FUDA_BUF_INIT;
    what_happened(&what, w, status, late, deadline_ms);
    int noted = !w ? -1 : w->overrun ? w->overrun_slot : w->crash_slot;
    const fuda_watch_slot *s = w ? slot_to_name(w, noted) : NULL;
    char *replay = NULL;
    if (script) {
        fuda_buf_term(&msg, script, FUDA_TERM_LINE);
        fuda_buf_adds(&msg, ": ");
    }
    fuda_buf_adds(&msg, what.p);
    if (s && strcmp(cmd, "check") == 0) {
        static const char *const drop[] = { "-n", "-j", "--jobs", "--from", "--json", NULL };
        char extra[96];
        snprintf(extra, sizeof extra, "--from %ld -n %ld -j 1", s->match + 1, s->match + 1);
        replay = replay_command(globals, nglobals, argc, argv, drop, extra);
        fuda_buf_addf(&msg, " at match %ld, seed %llu", s->match + 1, s->seed);
    } else if (s && (strcmp(cmd, "sim") == 0 || strcmp(cmd, "duel") == 0)) {
        static const char *const drop[] = { "-n", "-j", "--jobs", "--seed", "--json", NULL };
        char extra[96];
        snprintf(extra, sizeof extra, "--seed %llu -n 1 -j 1", s->seed);
        replay = replay_command(globals, nglobals, argc, argv, drop, extra);
        if (strcmp(cmd, "sim") == 0) fuda_buf_addf(&msg, " at match %ld (seed %llu)", s->match + 1, s->seed);
        else fuda_buf_addf(&msg, " in the deal seeded %llu", s->seed);
    }
    if (replay) fuda_buf_addf(&msg, "; replay: %s", replay);
    fflush(stdout);
    if (json && (strcmp(cmd, "check") == 0 || strcmp(cmd, "sim") == 0 || strcmp(cmd, "duel") == 0)) {
        fuda_buf j = FUDA_BUF_INIT;
        fuda_buf_adds(&j, "{\"ok\":false,\"error\":");
        fuda_json_str(&j, msg.p);
        if (s) fuda_buf_addf(&j, ",\"match\":%ld,\"seed\":%llu", s->match + 1, s->seed);
        if (replay) {
            fuda_buf_adds(&j, ",\"replay\":");
            fuda_json_str(&j, replay);
        }
        fuda_buf_adds(&j, "}\n");
        fputs(j.p, stdout);
        fflush(stdout);
        fuda_buf_free(&j);
    } else if (strcmp(cmd, "check") == 0) {
        printf("check: FAILED (%s)\n", msg.p);
        fflush(stdout);
    } else {
        fprintf(stderr, "fuda: %s\n", msg.p);
    }
    free(replay);
    fuda_buf_free(&what);
    fuda_buf_free(&msg);
}

/* The worker was ended by the user or its reader: end the same way. */
static int user_ended(int sig) {
    return sig == SIGINT || sig == SIGTERM || sig == SIGHUP || sig == SIGPIPE || sig == SIGQUIT;
}

static int pass_on(int sig) {
    fflush(stdout);
    signal(sig, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);
    return 128 + sig;
}

int fuda_supervise(fuda_command_fn run, int argc, char **argv, char **globals, int nglobals,
                   const fuda_config *cfg, long run_deadline_ms) {
    const char *off = getenv("FUDA_CONFINE");
    if (off && strcmp(off, "off") == 0) {
        fprintf(stderr, "fuda: FUDA_CONFINE=off: scripts run without the operating system's sandbox\n");
        return run(argc, argv, cfg);
    }
    fuda_watch_page *page = fuda_watch_create();
    int sv[2];
    if (!page || socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0 ||
        pipe2(child_pipe, O_CLOEXEC | O_NONBLOCK) != 0)
        return fuda_fail("cannot start the supervised worker: %s", strerror(errno));
    fflush(stdout);
    fflush(stderr);
    set_handlers();
    worker_pid = fork();
    if (worker_pid < 0) return fuda_fail("cannot start the supervised worker: %s", strerror(errno));
    if (worker_pid == 0) {
        close(sv[0]);
        close(child_pipe[0]);
        close(child_pipe[1]);
        signal(SIGTERM, SIG_DFL);
        signal(SIGHUP, SIG_DFL);
        signal(SIGPIPE, SIG_DFL);
        int rc = run_worker(run, argc, argv, cfg, sv[1], page);
        fflush(stdout);
        exit(rc);
    }
    close(sv[1]);
    paths programs = { 0 }, files = { 0 }, dirs = { 0 };
    agent_programs(&programs, argc, argv);
    for (int i = 1; i < argc; i++) paths_add(&files, argv[i]);
    own_dirs(&dirs, 0);
    fuda_broker_policy policy = { (const char *const *)programs.v, (const char *const *)files.v,
                                  (const char *const *)dirs.v };
    int late = 0;
    int status = supervise_loop(sv[0], &policy, run_deadline_ms, &late);
    paths_free(&programs);
    paths_free(&files);
    paths_free(&dirs);
    if (WIFEXITED(status) && !late) return WEXITSTATUS(status);
    int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    if (!late && !page->overrun && (user_ended(sig) || forward_sig)) return pass_on(sig ? sig : forward_sig);
    verdict(argc, argv, globals, nglobals, page, status, late, run_deadline_ms);
    return FUDA_EXIT_FAIL;
}

/* ---- fuda sandbox ---- */

int fuda_cmd_sandbox(int argc, char **argv, const fuda_config *cfg) {
    (void)cfg;
    int json = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) json = 1;
        else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fuda_print_help("sandbox");
            return FUDA_EXIT_OK;
        } else return fuda_usage_error("sandbox", "unknown argument '%s'", argv[i]);
    }
    fuda_confine_status st;
    fuda_confine_probe(&st);
    const char *off = getenv("FUDA_CONFINE");
    int on = !(off && strcmp(off, "off") == 0);
    if (json) {
        fuda_buf b = FUDA_BUF_INIT;
        fuda_buf_addf(&b, "{\"supervisor\":%s,\"seccomp\":%s,\"landlock\":%d,\"landlock_tcp\":%s,"
                          "\"landlock_signals\":%s,\"rlimits\":true,\"lua_sandbox\":true",
                      on ? "true" : "false", on && st.seccomp ? "true" : "false", on ? st.landlock : 0,
                      on && st.landlock_net ? "true" : "false", on && st.landlock_scope ? "true" : "false");
        fuda_buf_adds(&b, ",\"description\":");
        fuda_json_str(&b, on ? fuda_confine_describe(&st) : "off (FUDA_CONFINE=off)");
        fuda_buf_adds(&b, "}\n");
        fputs(b.p, stdout);
        fuda_buf_free(&b);
    } else {
        printf("lua       the sandbox of every script: memory, time and instruction limits, no io/os\n");
        if (!on) {
            printf("os        off (FUDA_CONFINE=off)\n");
        } else {
            printf("os        %s\n", fuda_confine_describe(&st));
            printf("process   scripts run in a worker; the supervisor holds the verdict, starts agents "
                   "and writes files\n");
        }
    }
    return on && st.seccomp && st.landlock ? FUDA_EXIT_OK : FUDA_EXIT_FAIL;
}
