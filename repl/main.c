/* main.c -- the `fuda` program: a table of subcommands (play, sim, list,
 * rules, run, check, help) and, with no command, the interactive REPL.
 *
 * A new subcommand is one more entry in `commands` below: its function, its
 * usage line, a one-line summary and its help text. */
#include <stdarg.h>
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
#include "supervise.h"

typedef int (*command_fn)(int argc, char **argv, const fuda_config *cfg);

typedef struct command {
    const char *name;
    command_fn run;
    const char *usage;   /* after "usage: fuda " */
    const char *summary; /* one line for the general help */
    const char *help;    /* the rest of `fuda NAME --help` */
} command;

static int cmd_list(int argc, char **argv, const fuda_config *cfg);
static int cmd_rules(int argc, char **argv, const fuda_config *cfg);
static int cmd_run(int argc, char **argv, const fuda_config *cfg);
static int cmd_help(int argc, char **argv, const fuda_config *cfg);

static const command commands[] = {
    { "play", fuda_cmd_play,
      "play VARIANT [--seed N] [--seat K] [--bots NAME,...] [--humans K,...] [--target P]\n"
      "                 [--seats N] [--option NAME=VALUE]... [--replay LOGFILE [--to N]]\n"
      "                 [--think MS | --iters N]\n"
      "       fuda play --resume",
      "play a match in the terminal against bots",
      "Play a match of VARIANT: you at one seat, bots at the others.\n"
      "\n"
      "  --seed N             seed of the deal (default: from the clock; printed)\n"
      "  --seat K             your seat (default 1)\n"
      "  --humans K,...       several human seats sharing the keyboard (or 'none')\n"
      "  --bots NAME,...      the bots of the other seats in seat order, the last one\n"
      "                       repeated (default: the variant's first bot, else random)\n"
      "  --seats N            number of seats (default: the variant's)\n"
      "  --target P           points that win the match (--option target=P)\n"
      "  --think MS           the search bot's time per decision (default 200 ms)\n"
      "  --iters N            ... or its playouts per decision (the same seed, the same moves)\n"
      "  --option NAME=VALUE  set an option of the variant (see fuda rules VARIANT)\n"
      "  --replay LOGFILE     replay a saved match log and play on from there\n"
      "  --to N               with --replay: stop replaying after N moves\n"
      "  --resume             go on with the last match, left unfinished (it is kept\n"
      "                       in $XDG_DATA_HOME/fuda/last-match.log after each of\n"
      "                       your moves, and when it ends or is abandoned)\n"
      "\n"
      "Type moves as the game lists them ('discard 7h', 'take') or shortened when\n"
      "only one legal move fits ('7h', 'd 7h', 't'). Cards: 7h, H7, 10s, Ts, Qd.\n"
      "During the match: help, moves, score, view, pile, rules, log, save FILE, undo, quit.\n" },
    { "sim", fuda_cmd_sim,
      "sim VARIANT [-n N] [--seed S] [--bots NAME,...] [--seats N] [--option NAME=VALUE]...\n"
      "                 [--think MS | --iters N] [-j N] [--json] [--report] [--svg FILE]\n"
      "                 [--vs VARIANT] [--vs-option NAME=VALUE]...",
      "play bot-only matches and print statistics",
      "Play N matches of VARIANT between bots, match i seeded with S+i, and print\n"
      "the totals: hands, moves, wins and mean score per seat, the variant's\n"
      "tallies (what it counted with g:tally), speed.\n"
      "\n"
      "  -n N                 number of matches (default 100)\n"
      "  -j, --jobs N         play on N threads (default 1); same figures as -j 1\n"
      "  --seed S             seed of the first match (default 1)\n"
      "  --bots NAME,...      the bot of each seat, the last one repeated\n"
      "  --seats N            number of seats (default: the variant's)\n"
      "  --option NAME=VALUE  set an option of the variant\n"
      "  --think MS           the search bot's time per decision (default 200 ms)\n"
      "  --iters N            ... or its playouts per decision: the figures are then\n"
      "                       the same everywhere\n"
      "  --json               print one JSON object instead of text\n"
      "  --report             also what the rules do: each seat's win rate, the first\n"
      "                       mover's share of hands, hand and match length, matches\n"
      "                       decided in their last hand, lead changes, drama, the\n"
      "                       tallies as rates, all with 95% intervals\n"
      "  --svg FILE           write the report's charts as an SVG picture\n"
      "  --vs VARIANT         also play VARIANT on the same seeds and compare\n"
      "  --vs-option NAME=VALUE  an option of the compared side (alone: the same\n"
      "                       variant with these options on top of --option's)\n"
      "\n"
      "A bot cmd:PROGRAM is an external agent (see fuda agent).\n"
      "All figures but the times are the same for the same arguments everywhere.\n"
      "On a terminal a progress bar shows on stderr; Ctrl-C stops the run and\n"
      "prints the totals of the matches played so far.\n" },
    { "duel", fuda_cmd_duel,
      "duel VARIANT --bots A,B[,...] [-n N] [--seed S] [-j N] [--seats N]\n"
      "                 [--option NAME=VALUE]... [--think MS | --iters N] [--json]",
      "measure bot A against bot B with confidence intervals",
      "Play N deals (deal d seeded with S+d) once per seating: with two seats A,B\n"
      "then B,A on the same shuffle; with more, the list (the last bot repeated)\n"
      "rotated through every seat. Print A's win rate of matches and of hands\n"
      "with 95% intervals, its mean score margin, the Elo difference with its\n"
      "interval and, with more than two seats, each entry's rank distribution.\n"
      "\n"
      "  --bots A,B,...       the bots; cmd:PROGRAM runs an external agent\n"
      "  -n N                 number of deals (default 100)\n"
      "  -j, --jobs N         play on N threads (default 1); same figures as -j 1\n"
      "  --seed S             seed of the first deal (default 1)\n"
      "  --seats N            number of seats (default: the variant's)\n"
      "  --option NAME=VALUE  set an option of the variant\n"
      "  --think MS           the search bot's time per decision (default 6 ms here,\n"
      "                       not play's 200: a duel of search plays tens of thousands\n"
      "                       of decisions; gin search,basic takes some 3 minutes)\n"
      "  --iters N            ... or its playouts per decision: the same figures\n"
      "                       everywhere\n"
      "  --json               one JSON object: win_rate, ci_low, ci_high, elo,\n"
      "                       elo_low, elo_high, hands, margin, ranks, run...\n"
      "\n"
      "On a terminal a progress bar shows on stderr, with about how long is left.\n"
      "Ctrl-C stops the run at once (the matches under way too) and prints the\n"
      "figures of the deals played in every seating, marked 'stopped after N of M\n"
      "matches' (--json: \"interrupted\", \"played\", \"planned\"); the exit status is 1.\n" },
    { "agent", fuda_cmd_agent,
      "agent VARIANT [--seat K] [--bots NAME,...] [--seed S] [--seats N]\n"
      "                 [--option NAME=VALUE]...",
      "play one seat over JSON lines on stdin and stdout",
      "Play a match with seat K (default 1) driven through stdin and stdout and the\n"
      "other seats by bots. Each time seat K must act fuda writes one JSON line\n"
      "with what that seat may see (piles with their visible cards and hidden\n"
      "counts, scores, whose turn, its view, its legal moves, the events it was\n"
      "shown) and reads one answer: {\"move\":\"...\"} or the move's text. A bad\n"
      "answer gets {\"type\":\"error\",...} and the question again. The match\n"
      "ends with {\"type\":\"over\",\"scores\":[...],\"winners\":[...]}. The same\n"
      "protocol drives --bots cmd:PROGRAM in duel and sim. See docs/user-guide.md.\n" },
    { "check", fuda_cmd_check,
      "check FILE.lua|VARIANT [-n N] [--from K] [--seed S] [--bots NAME,...] [--seats N]\n"
      "                 [--option NAME=VALUE]... [--iters N] [-j N] [--thorough] [--strict] [--json]",
      "play many bot matches of a variant and verify its rules script",
      "Play N matches of a variant between bots under a paranoid engine and check,\n"
      "after every action, that the script keeps its promises: hooks do not fail,\n"
      "a seat that must act has a legal move, every listed move is accepted (all\n"
      "tried in the first matches), moves not listed are refused and change nothing,\n"
      "matches end within check.max_moves, check.zero_sum and check.invariant hold,\n"
      "a match played again in a fresh engine with nobody reading its events, its\n"
      "bots asked again, goes the same way (same state, same bot choices), its log\n"
      "replays to the same state, and dealing anew what a seat cannot see changes\n"
      "neither its legal moves, its view nor the events it is shown. Then report the\n"
      "matches and moves per seat count, hook calls, moves by verb, the variant's\n"
      "tallies, the expected tallies that never occurred (\"never: NAME\") and the\n"
      "hooks no match reached (\"never reached: HOOK (why)\").\n"
      "\n"
      "  -n N                 number of matches (default 2000), match i seeded S+i\n"
      "  --from K             begin at match K (1..N), as a verdict's replay command does\n"
      "  --seed S             seed of the first match (default 1)\n"
      "  --bots NAME,...      the bot of each seat, the last one repeated (default:\n"
      "                       all-random matches alternating with the variant's bots;\n"
      "                       a random round stops after 10 hands when the variant has\n"
      "                       bots, whose rounds play whole matches)\n"
      "  --seats N            only this seat count (default: every count allowed)\n"
      "  --option NAME=VALUE  set an option of the variant\n"
      "  --iters N            the search bot's playouts per decision (default 16 here)\n"
      "  -j, --jobs N         play on N threads (default: one per core); the same report\n"
      "  --thorough           random rounds play whole matches too (slow for long games)\n"
      "  --strict             a hook the variant defines that no match reached fails\n"
      "  --json               print the report as one JSON object\n"
      "\n"
      "The last line is \"check: OK (N matches, M moves)\" (exit 0) or \"check: FAILED\"\n"
      "(exit 1). On a failure the match's log is saved and the command that replays\n"
      "it to just before the failure is printed. See docs/check.md.\n" },
    { "list", cmd_list, "list", "list the built-in variants",
      "List the variants found on the search path (FUDA_PATH, then the built-in\n"
      "folders) with their titles.\n" },
    { "rules", cmd_rules, "rules VARIANT", "show a variant's players, options, bots and rules",
      "Show VARIANT's title, number of players, options (current values and what\n"
      "they do) and bots, then its rules document if there is one.\n" },
    { "run", cmd_run, "run FILE.lua [ARGS...]", "run a Lua script (scenario, test, experiment)",
      "Run a Lua script with the fuda module loaded; ARGS are in the table arg.\n"
      "On an error the message (file:line: message) goes to stderr and the exit\n"
      "status is 1.\n" },
    { "sandbox", fuda_cmd_sandbox, "sandbox [--json]", "show the layers that bound a script here",
      "Show the layers that bound what a script may do on this machine: the Lua\n"
      "sandbox (memory, time, instructions; no io or os), and the operating\n"
      "system's: a seccomp filter (no programs, processes or network), Landlock\n"
      "(files: read the variant folders, write nothing but fuda's own), resource\n"
      "limits, and the supervising process that holds the verdict. Exit 1 when a\n"
      "layer is missing (see docs/check.md, \"Running strangers' scripts\").\n" },
    { "help", cmd_help, "help [COMMAND]", "show this help, or a command's", NULL },
};

#define NCOMMANDS ((int)(sizeof commands / sizeof commands[0]))

static const command *find_command(const char *name) {
    for (int i = 0; i < NCOMMANDS; i++)
        if (strcmp(commands[i].name, name) == 0) return &commands[i];
    return NULL;
}

int fuda_is_command(const char *name) { return find_command(name) != NULL; }

const char *const *fuda_command_names(void) {
    static const char *names[NCOMMANDS + 3];
    if (!names[0]) {
        for (int i = 0; i < NCOMMANDS; i++) names[i] = commands[i].name;
        names[NCOMMANDS] = "quit";
        names[NCOMMANDS + 1] = "exit";
    }
    return names;
}

const char *fuda_command_usage(const char *name) {
    const command *c = find_command(name);
    return c ? c->usage : NULL;
}

const char *fuda_command_help(const char *name) {
    const command *c = find_command(name);
    return c ? c->help : NULL;
}

/* ---- messages ---- */

static void print_general_help(FILE *f) {
    fputs("usage: fuda [--max-memory MIB] [--max-instructions N] [--max-time MS]\n"
          "            [--max-match-time MS] [--max-run-time S] [COMMAND [ARGS...]]\n"
          "\n"
          "fuda plays card games whose rules are Lua scripts. With no command it starts\n"
          "an interactive session: type Lua, or any command below.\n"
          "\n"
          "Commands:\n",
          f);
    for (int i = 0; i < NCOMMANDS; i++) fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].summary);
    fputs("\n"
          "Run 'fuda COMMAND --help' for a command's flags.\n"
          "\n"
          "Limits for game scripts (a script going past one gets an error, the program goes on):\n"
          "  --max-memory MIB        memory of one game's Lua state (default 256)\n"
          "  --max-time MS           milliseconds one hook call or load may take (default 2000)\n"
          "  --max-match-time MS     milliseconds of script time one match may take in all\n"
          "                          (default 300000; 0: no such limit)\n"
          "  --max-instructions N    Lua instructions in one hook call (default 0: no limit;\n"
          "                          a limit slows scripts down, but stops them the same way\n"
          "                          on every machine)\n"
          "  --max-run-time S        seconds the whole command may run (default: none; check\n"
          "                          7200); past it the script's process is ended and the\n"
          "                          verdict says so\n"
          "Scripts run in a process of their own under the operating system's sandbox too\n"
          "(see fuda sandbox). fuda --version prints the version.\n"
          "Environment: FUDA_PATH (folders of variants, ':'-separated), NO_COLOR,\n"
          "FUDA_MAX_MEMORY, FUDA_MAX_INSTRUCTIONS, FUDA_MAX_TIME, FUDA_MAX_MATCH_TIME,\n"
          "FUDA_MAX_RUN_TIME (the limits above), FUDA_CONFINE=off (no OS sandbox: for\n"
          "debuggers and profilers).\n",
          f);
}

void fuda_print_help(const char *name) {
    const command *c = name ? find_command(name) : NULL;
    if (!c || !c->help) {
        print_general_help(stdout);
        return;
    }
    printf("usage: fuda %s\n\n%s", c->usage, c->help);
}

/* Write a message to stderr: a line of its own after fuda's "fuda: ", and
 * any further line of it indented, so that no text in it (a name or an
 * error a script chose, one problem a line in a load error) starts a line
 * that could pass for fuda's ("check: OK ..."). Escape sequences are shown
 * harmlessly by stderr's sink (out.h). */
static void put_message(const char *fmt, va_list ap) {
    fuda_buf b = FUDA_BUF_INIT;
    va_list aq;
    va_copy(aq, ap);
    int n = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    if (n < 0) return;
    fuda_buf_grow(&b, (size_t)n);
    vsnprintf(b.p, (size_t)n + 1, fmt, ap);
    for (const char *p = b.p; *p; p++) {
        fputc(*p, stderr);
        if (*p == '\n' && p[1]) fputs("  ", stderr);
    }
    fuda_buf_free(&b);
}

int fuda_usage_error(const char *cmd, const char *fmt, ...) {
    va_list ap;
    fflush(stdout);
    fprintf(stderr, "fuda%s%s: ", cmd ? " " : "", cmd ? cmd : "");
    va_start(ap, fmt);
    put_message(fmt, ap);
    va_end(ap);
    const command *c = cmd ? find_command(cmd) : NULL;
    if (c)
        fprintf(stderr, "\nusage: fuda %s\nTry 'fuda %s --help'.\n", c->usage, c->name);
    else
        fputs("\nusage: fuda [COMMAND [ARGS...]]\nTry 'fuda help'.\n", stderr);
    return FUDA_EXIT_USAGE;
}

int fuda_fail(const char *fmt, ...) {
    va_list ap;
    fflush(stdout);
    fputs("fuda: ", stderr);
    va_start(ap, fmt);
    put_message(fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return FUDA_EXIT_FAIL;
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

/* The folder of the executable (malloc'd), "." if unknown. */
static char *exe_dir(const char *exe) {
    const char *slash = exe ? strrchr(exe, '/') : NULL;
    if (!slash) return fuda_xstrdup(".");
    size_t n = (size_t)(slash - exe);
    char *d = fuda_xrealloc(NULL, n + 1);
    memcpy(d, exe, n);
    d[n] = '\0';
    return d;
}

/* Is name a plain variant name (letters, digits, '-', '_')? Only such a name
 * makes a document's path: `extends` comes from a script. */
static int plain_name(const char *name) {
    if (!*name) return 0;
    for (const char *p = name; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
              *p == '-' || *p == '_'))
            return 0;
    return 1;
}

/* The rules document of variant `name` (malloc'd text), or NULL. */
static char *find_rules_doc(const char *exe, const char *name) {
    static const char *const dirs[] = { "/docs/rules/", "/../share/fuda/docs/rules/", "/../docs/rules/" };
    if (!plain_name(name)) return NULL;
    char *dir = exe_dir(exe);
    char *text = NULL;
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0] && !text; i++) {
        fuda_buf path = FUDA_BUF_INIT;
        fuda_buf_addf(&path, "%s%s%s.md", dir, dirs[i], name);
        text = fuda_read_file(path.p);
        fuda_buf_free(&path);
    }
    free(dir);
    return text;
}

/* The rules document for a variant: NAME.md, else its base's, else its
 * family's (the name up to the first '-': gin-bicycle -> gin). */
static char *rules_doc(const char *exe, const fuda_variant_info *info) {
    char *doc = find_rules_doc(exe, info->name);
    if (!doc && info->extends) doc = find_rules_doc(exe, info->extends);
    size_t family = strcspn(info->name, "-");
    if (!doc && info->name[family]) {
        char *name = fuda_xstrdup(info->name);
        name[family] = '\0';
        doc = find_rules_doc(exe, name);
        free(name);
    }
    return doc;
}

static void print_players(const fuda_variant_info *info) {
    if (info->min_seats == info->max_seats)
        printf("players   %d\n", info->min_seats);
    else
        printf("players   %d to %d%s (default %d)\n", info->min_seats, info->max_seats,
               info->seat_step == 2 ? ", an even number" : info->seat_step > 2 ? ", not every count" : "",
               info->default_seats);
}

static void print_options(const fuda_variant_info *info) {
    if (info->nopts == 0) return;
    int width = 0;
    for (int i = 0; i < info->nopts; i++) {
        int w = (int)(strlen(fuda_out_line(info->opts[i].name)) + strlen(fuda_out_line(info->opts[i].value))) + 3;
        if (w > width) width = w;
    }
    puts("options");
    for (int i = 0; i < info->nopts; i++) {
        const fuda_option_info *o = &info->opts[i];
        const char *name = fuda_out_line(o->name), *value = fuda_out_line(o->value);
        int w = (int)(strlen(name) + strlen(value)) + 3;
        printf("  %s = %s", name, value);
        if (o->doc[0]) printf("%*s  %s", width - w, "", fuda_out_line(o->doc));
        putchar('\n');
    }
}

static void print_bots(const fuda_variant_info *info) {
    char *names = fuda_bot_names(info);
    printf("bots      %s\n", fuda_out_line(names));
    free(names);
    if (info->search_by_winner) puts("search    judges a hand before the match's last by who won it (search.hands)");
    if (strcmp(fuda_variant_search_bot(info), fuda_variant_first_bot(info)) != 0)
        printf("search    plays the seat as %s in its playouts, the others as %s (search.bot)\n",
               fuda_out_line(fuda_variant_search_bot(info)), fuda_out_line(fuda_variant_first_bot(info)));
    if (info->has_evaluate)
        printf("search    stops a playout %d moves in and scores it by the variant's estimate (evaluate)\n",
               FUDA_SEARCH_CUT);
}

void fuda_print_rules(const fuda_config *cfg, const fuda_engine *e) {
    const fuda_variant_info *info = fuda_engine_info(e);
    printf("%s\n", fuda_out_line(info->title));
    printf("variant   %s (%s)\n", fuda_out_line(info->name), fuda_out_line(info->file));
    if (info->extends) printf("extends   %s\n", fuda_out_line(info->extends));
    print_players(info);
    print_options(info);
    print_bots(info);
    char *doc = rules_doc(cfg->exe, info);
    if (doc) printf("\n%s%s", doc, (*doc && doc[strlen(doc) - 1] != '\n') ? "\n" : "");
    free(doc);
}

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
    if (argc == 0) return fuda_cmd_repl(cfg);
    return fuda_run_command(argc, argv, cfg);
}

/* Commands that run no script: not worth a worker. */
static int runs_no_script(const char *cmd) {
    return strcmp(cmd, "help") == 0 || strcmp(cmd, "sandbox") == 0 || !find_command(cmd);
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
