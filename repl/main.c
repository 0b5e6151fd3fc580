/* main.c -- the `fuda` program: a table of subcommands (play, sim, list,
 * rules, run, check, merge, help) and, with no command, the interactive REPL.
 *
 * A new subcommand is one more entry in `commands` below (its function) and
 * one in help.c's table (its usage line, summary and help text). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "cli.h"
#include "host.h"
#include "out.h"
#include "provenance.h"
#include "search.h"
#include "shard.h"
#include "supervise.h"

typedef int (*command_fn)(int argc, char **argv, const fuda_config *cfg);

typedef struct command {
    const char *name;
    command_fn run;
} command;

static int cmd_list(int argc, char **argv, const fuda_config *cfg);
static int cmd_rules(int argc, char **argv, const fuda_config *cfg);
static int cmd_run(int argc, char **argv, const fuda_config *cfg);
static int cmd_help(int argc, char **argv, const fuda_config *cfg);

/* Which function runs each command (their help is in help.c). */
static const command commands[] = {
    { "play", fuda_cmd_play },
    { "sim", fuda_cmd_sim },
    { "duel", fuda_cmd_duel },
    { "agent", fuda_cmd_agent },
    { "check", fuda_cmd_check },
    { "merge", fuda_cmd_merge },
    { "list", cmd_list },
    { "rules", cmd_rules },
    { "run", cmd_run },
    { "sandbox", fuda_cmd_sandbox },
    { "help", cmd_help },
};

#define NCOMMANDS ((int)(sizeof commands / sizeof commands[0]))

static const command *find_command(const char *name) {
    for (int i = 0; i < NCOMMANDS; i++)
        if (strcmp(commands[i].name, name) == 0) return &commands[i];
    return NULL;
}

/* 1 if arg asks for help. */
static int is_help(const char *arg) { return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0; }

/* Commands that take only positional arguments: check argc, answer --help,
 * refuse flags. Returns -1 to go on, else the exit code. */
static int plain_args(int argc, char **argv, int min, int max) {
    for (int i = 1; i < argc; i++) {
        if (is_help(argv[i])) {
            fuda_print_help(argv[0]);
            return FUDA_EXIT_OK;
        }
        if (argv[i][0] == '-' && argv[i][1] != '\0')
            return fuda_usage_error(argv[0], "unknown flag '%s'", argv[i]);
    }
    if (argc - 1 < min) return fuda_usage_error(argv[0], "missing argument");
    if (argc - 1 > max) return fuda_usage_error(argv[0], "too many arguments");
    return -1;
}

/* ---- list ---- */

static int cmd_list(int argc, char **argv, const fuda_config *cfg) {
    int r = plain_args(argc, argv, 0, 0);
    if (r >= 0) return r;
    fuda_engine *e = fuda_engine_new(cfg);
    if (!e) return fuda_fail("out of memory");
    char **names = NULL;
    int n = fuda_engine_list(e, &names);
    if (n < 0) {
        r = fuda_fail("%s", fuda_engine_error(e));
        fuda_engine_free(e);
        return r;
    }
    r = FUDA_EXIT_OK;
    int width = 4; /* the names' column: as wide as the longest (at most 40) */
    for (int i = 0; i < n; i++) {
        int len = (int)strlen(names[i]);
        if (len > width) width = len < 40 ? len : 40;
    }
    for (int i = 0; i < n; i++) {
        if (fuda_engine_load(e, names[i], NULL, 0) == 0) {
            if (!fuda_engine_info(e)->abstract) /* a base for presets, not a game */
                printf("%-*s  %s\n", width, fuda_out_line(names[i]), fuda_out_line(fuda_engine_info(e)->title));
        } else {
            printf("%-*s  (does not load)\n", width, fuda_out_line(names[i]));
            r = fuda_fail("%s", fuda_engine_error(e));
        }
    }
    fuda_free_names(names);
    fuda_engine_free(e);
    return r;
}

/* ---- rules ---- */

static int cmd_rules(int argc, char **argv, const fuda_config *cfg) {
    int r = plain_args(argc, argv, 1, 1);
    if (r >= 0) return r;
    fuda_match_args m = { 0 };
    m.variant = argv[1];
    fuda_engine *e = fuda_open_variant(cfg, &m);
    if (!e) return FUDA_EXIT_FAIL;
    fuda_print_rules(cfg, e);
    fuda_engine_free(e);
    return FUDA_EXIT_OK;
}

/* ---- run ---- */

static int cmd_run(int argc, char **argv, const fuda_config *cfg) {
    if (argc < 2) return fuda_usage_error("run", "missing FILE.lua");
    if (is_help(argv[1])) {
        fuda_print_help("run");
        return FUDA_EXIT_OK;
    }
    struct stat st; /* a device (/dev/zero) would be read forever, a FIFO waited on */
    if (stat(argv[1], &st) == 0 && !S_ISREG(st.st_mode))
        return fuda_fail("cannot run %s: not a regular file", argv[1]);
    fuda_host *h = fuda_host_new(cfg);
    if (!h) return fuda_fail("out of memory");
    const char *err = NULL;
    int r = FUDA_EXIT_OK;
    if (fuda_host_run(h, argv[1], argc - 2, argv + 2, &err) != 0) r = fuda_fail("%s", err ? err : "error");
    fflush(stdout);
    fuda_host_free(h);
    return r;
}

/* ---- help ---- */

static int cmd_help(int argc, char **argv, const fuda_config *cfg) {
    if (argc > 2) return fuda_usage_error("help", "too many arguments");
    if (argc == 2 && !is_help(argv[1]) && !find_command(argv[1]))
        return fuda_usage_error("help", "unknown command '%s'", argv[1]);
    fuda_print_help(argc == 2 ? argv[1] : NULL);
    return FUDA_EXIT_OK;
}

/* ---- main ---- */

int fuda_run_command(int argc, char **argv, const fuda_config *cfg) {
    const command *c = find_command(argv[0]);
    if (!c) {
        if (argv[0][0] == '-') return fuda_usage_error(NULL, "unknown flag '%s'", argv[0]);
        return fuda_usage_error(NULL, "unknown command '%s'", argv[0]);
    }
    return c->run(argc, argv, cfg);
}

/* The path of this executable: /proc/self/exe, else argv[0]. */
static const char *exe_path(const char *argv0, char *buf, size_t size) {
    ssize_t n = readlink("/proc/self/exe", buf, size - 1);
    if (n <= 0) return argv0;
    buf[n] = '\0';
    return buf;
}

/* The sandbox limits: options before the command (fuda --max-memory 64 sim
 * ...) or the environment (FUDA_MAX_MEMORY in MiB, FUDA_MAX_INSTRUCTIONS,
 * 0 for none, FUDA_MAX_TIME in ms, FUDA_MAX_MATCH_TIME in ms, 0 for none).
 * Returns how many arguments it took, or -1 after a usage error. */
static int limits(int argc, char **argv, fuda_config *cfg, long *run_ms) {
    const char *mem = getenv("FUDA_MAX_MEMORY"), *ins = getenv("FUDA_MAX_INSTRUCTIONS");
    const char *ms = getenv("FUDA_MAX_TIME"), *match_ms = getenv("FUDA_MAX_MATCH_TIME");
    const char *run = getenv("FUDA_MAX_RUN_TIME");
    int used = 0;
    while (used + 2 < argc + 1 && argc > used + 1) {
        const char *a = argv[used + 1];
        if (strcmp(a, "--max-memory") != 0 && strcmp(a, "--max-instructions") != 0 &&
            strcmp(a, "--max-time") != 0 && strcmp(a, "--max-match-time") != 0 &&
            strcmp(a, "--max-run-time") != 0)
            break;
        if (used + 2 >= argc) {
            fuda_usage_error(NULL, "%s needs a value", a);
            return -1;
        }
        if (strcmp(a, "--max-memory") == 0) mem = argv[used + 2];
        else if (strcmp(a, "--max-instructions") == 0) ins = argv[used + 2];
        else if (strcmp(a, "--max-run-time") == 0) run = argv[used + 2];
        else if (strcmp(a, "--max-match-time") == 0) match_ms = argv[used + 2];
        else ms = argv[used + 2];
        used += 2;
    }
    long v;
    if (mem && *mem) {
        if (fuda_args_long(NULL, "--max-memory", mem, 1, 1L << 20, &v) != 0) return -1;
        cfg->mem_limit = (size_t)v << 20;
    }
    if (ins && *ins && strcmp(ins, "0") != 0) { /* 0: none, the default */
        if (fuda_args_long(NULL, "--max-instructions", ins, 1000, 1L << 40, &v) != 0) return -1;
        cfg->instr_limit = v;
    } else if (ins && *ins) {
        cfg->instr_limit = 0;
    }
    if (ms && *ms) {
        if (fuda_args_long(NULL, "--max-time", ms, 1, 3600L * 1000, &v) != 0) return -1;
        cfg->time_limit = v;
    }
    if (match_ms && *match_ms && strcmp(match_ms, "0") != 0) {
        if (fuda_args_long(NULL, "--max-match-time", match_ms, 1, 24L * 3600 * 1000, &v) != 0) return -1;
        cfg->match_time_limit = v;
    } else if (match_ms && *match_ms) {
        cfg->match_time_limit = -1; /* 0: none */
    }
    *run_ms = -1; /* the command's default */
    if (run && *run) {
        if (fuda_args_long(NULL, "--max-run-time", run, 0, 30L * 24 * 3600, &v) != 0) return -1;
        *run_ms = v * 1000;
    }
    return used;
}

/* What the worker runs: a command, or the REPL (argc 0). */
static int run_in_worker(int argc, char **argv, const fuda_config *cfg) {
    if (argc == 0) return fuda_cmd_repl(cfg, fuda_run_command);
    return fuda_run_command(argc, argv, cfg);
}

/* Commands that run no script: not worth a worker (merge reads the shards'
 * files, wherever they are). */
static int runs_no_script(const char *cmd) {
    return strcmp(cmd, "help") == 0 || strcmp(cmd, "sandbox") == 0 || strcmp(cmd, "merge") == 0 || !find_command(cmd);
}

#define CHECK_RUN_DEADLINE_MS (7200L * 1000) /* check's whole run, unless --max-run-time says */

int main(int argc, char **argv) {
    fuda_out_init(); /* every byte to stdout and stderr through the terminal sink */
    char exe[4096];
    fuda_config cfg = { 0 };
    long run_ms;
    cfg.exe = exe_path(argv[0], exe, sizeof exe);
    int used = limits(argc, argv, &cfg, &run_ms);
    if (used < 0) return FUDA_EXIT_USAGE;
    char **globals = argv + 1;
    argc -= used;
    argv += used;
    if (argc >= 2 && is_help(argv[1])) {
        fuda_print_help(NULL);
        return FUDA_EXIT_OK;
    }
    if (argc >= 2 && strcmp(argv[1], "--version") == 0) {
        printf("fuda %s\n", fuda_version());
        return FUDA_EXIT_OK;
    }
    if (argc >= 2 && runs_no_script(argv[1])) return fuda_run_command(argc - 1, argv + 1, &cfg);
    if (run_ms < 0) run_ms = argc >= 2 && strcmp(argv[1], "check") == 0 ? CHECK_RUN_DEADLINE_MS : 0;
    return fuda_supervise(run_in_worker, argc - 1, argv + 1, globals, used, &cfg, run_ms);
}
