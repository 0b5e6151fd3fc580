/* help.c -- the help of the `fuda` program: each command's usage line,
 * one-line summary and help text, and the general help. Text only: which
 * function runs a command is main.c's table (the two lists name the same
 * commands; tests/e2e/cli.sh asks every command for its --help). */
#include <stdio.h>
#include <string.h>

#include "cli.h"

typedef struct command_help {
    const char *name;
    const char *usage;   /* after "usage: fuda " */
    const char *summary; /* one line for the general help */
    const char *help;    /* the rest of `fuda NAME --help` */
} command_help;

static const command_help commands[] = {
    { "play",
      "play VARIANT [--seed N] [--seat K] [--bots NAME,...] [--humans K,...] [--target P]\n"
      "                 [--seats N] [--option NAME=VALUE]... [--replay LOGFILE [--to N]]\n"
      "                 [--think MS | --iters N] [--practice] [--no-confirm]\n"
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
      "  --think MS           the search bot's CPU ms per decision (default 200)\n"
      "  --iters N            ... or its playouts per decision (the same seed, the same moves)\n"
      "  --option NAME=VALUE  set an option of the variant (see fuda rules VARIANT)\n"
      "  --replay LOGFILE     replay a saved match log and play on from there\n"
      "  --to N               with --replay: stop replaying after N moves\n"
      "  --resume             go on with the last match, left unfinished (it is kept\n"
      "                       in $XDG_DATA_HOME/fuda/last-match.log after each of\n"
      "                       your moves, and when it ends or is abandoned)\n"
      "  --practice           undo goes back freely (past cards seen, past a deal);\n"
      "                       the log and the scores say practice\n"
      "  --no-confirm         no question before a move the game flags (such as a\n"
      "                       discard that breaks a meld)\n"
      "\n"
      "Type moves as the game lists them ('discard 7h', 'take') or shortened when\n"
      "only one legal move fits ('7h', 'd 7h', 't'). Cards: 7h, H7, 10s, Ts, Qd.\n"
      "During the match: help, moves, score, view, pile, rules, log, save FILE, undo,\n"
      "practice, confirm on|off, seat N, bot N NAME, hint, quit.\n"
      "\n"
      "A bot that fails does not end the match: fuda shows the error and asks who\n"
      "plays its seat ('seat N', 'bot N NAME').\n" },
    { "sim",
      "sim VARIANT [-n N] [--seed S] [--bots NAME,...] [--seats N] [--option NAME=VALUE]...\n"
      "                 [--think MS | --iters N] [-j N] [--json] [--report] [--svg FILE]\n"
      "                 [--vs VARIANT] [--vs-option NAME=VALUE]... [--shard K/N]",
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
      "  --think MS           the search bot's CPU ms per decision (default 200)\n"
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
      "  --shard K/N          play only shard K of N of the matches (the K-th of N\n"
      "                       blocks in a row) and print them as JSON for fuda\n"
      "                       merge, which prints the report of all N (not with\n"
      "                       --report, --svg, --vs)\n"
      "\n"
      "A bot cmd:PROGRAM is an external agent (see fuda agent).\n"
      "All figures but the times are the same for the same arguments everywhere.\n"
      "On a terminal a progress bar shows on stderr; Ctrl-C stops the run and\n"
      "prints the totals of the matches played so far.\n" },
    { "duel",
      "duel VARIANT --bots A,B[,...] [-n N] [--seed S] [-j N] [--seats N]\n"
      "                 [--option NAME=VALUE]... [--think MS | --iters N] [--json] [--shard K/N]",
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
      "  --think MS           the search bot's CPU ms per decision (default 6 here,\n"
      "                       not play's 200: a duel of search plays tens of thousands\n"
      "                       of decisions; gin search,basic takes some 3 minutes)\n"
      "  --iters N            ... or its playouts per decision: the same figures\n"
      "                       everywhere\n"
      "  --json               one JSON object: win_rate, ci_low, ci_high, elo,\n"
      "                       elo_low, elo_high, hands, margin, ranks, run...\n"
      "  --shard K/N          play only shard K of N of the deals, each in every\n"
      "                       seating, and print them as JSON for fuda merge\n"
      "\n"
      "On a terminal a progress bar shows on stderr, with about how long is left.\n"
      "Ctrl-C stops the run at once (the matches under way too) and prints the\n"
      "figures of the deals played in every seating, marked 'stopped after N of M\n"
      "matches' (--json: \"interrupted\", \"played\", \"planned\"); the exit status is 1.\n" },
    { "agent",
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
    { "check",
      "check FILE.lua|VARIANT [-n N] [--from K] [--seed S] [--bots NAME,...] [--seats N]\n"
      "                 [--option NAME=VALUE]... [--iters N] [-j N] [--thorough] [--strict] [--json]\n"
      "                 [--shard K/N]",
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
      "  --shard K/N          play only shard K of N of the matches and print them as\n"
      "                       JSON for fuda merge (which judges --strict on them all)\n"
      "\n"
      "The last line is \"check: OK (N matches, M moves)\" (exit 0) or \"check: FAILED\"\n"
      "(exit 1). On a failure the match's log is saved and the command that replays\n"
      "it to just before the failure is printed. See docs/check.md.\n" },
    { "merge",
      "merge [--json] FILE...",
      "print the report of a run played in shards (--shard K/N)",
      "Read the JSON results of the N shards of one run of sim, check or duel\n"
      "(each played with --shard K/N, on any machines) and print the report of the\n"
      "whole run: exactly what the run unsharded prints, but for the times (the\n"
      "shards' times added up). The files may come in any order.\n"
      "\n"
      "  --json               print the report as the run's --json does\n"
      "\n"
      "The exit status is the run's: 0, or 1 for a failed match or check: FAILED\n"
      "(said as the run says it). Files that are not the N shards of one run --\n"
      "unreadable, not a shard's result, of another run (command, seeds, -n,\n"
      "options, variant file, fuda's version), a shard missing or given twice, a\n"
      "shard stopped by Ctrl-C -- are named on stderr, nothing is printed, and the\n"
      "exit status is 2. See docs/user-guide.md, \"Runs larger than one machine\".\n" },
    { "list", "list", "list the built-in variants",
      "List the variants found on the search path (FUDA_PATH, then the built-in\n"
      "folders) with their titles.\n" },
    { "rules", "rules VARIANT", "show a variant's players, options, bots and rules",
      "Show VARIANT's title, number of players, options (current values and what\n"
      "they do) and bots, then its rules document if there is one.\n" },
    { "run", "run FILE.lua [ARGS...]", "run a Lua script (scenario, test, experiment)",
      "Run a Lua script with the fuda module loaded; ARGS are in the table arg.\n"
      "On an error the message (file:line: message) goes to stderr and the exit\n"
      "status is 1.\n" },
    { "sandbox", "sandbox [--json]", "show the layers that bound a script here",
      "Show the layers that bound what a script may do on this machine: the Lua\n"
      "sandbox (memory, time, instructions; no io or os), and the operating\n"
      "system's: a seccomp filter (no programs, processes or network), Landlock\n"
      "(files: read the variant folders, write nothing but fuda's own), resource\n"
      "limits, and the supervising process that holds the verdict. Exit 1 when a\n"
      "layer is missing (see docs/check.md, \"Running strangers' scripts\").\n" },
    { "help", "help [COMMAND]", "show this help, or a command's", NULL },
};

#define NCOMMANDS ((int)(sizeof commands / sizeof commands[0]))

static const command_help *find_help(const char *name) {
    for (int i = 0; i < NCOMMANDS; i++)
        if (strcmp(commands[i].name, name) == 0) return &commands[i];
    return NULL;
}

int fuda_is_command(const char *name) { return find_help(name) != NULL; }

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
    const command_help *c = find_help(name);
    return c ? c->usage : NULL;
}

const char *fuda_command_help(const char *name) {
    const command_help *c = find_help(name);
    return c ? c->help : NULL;
}

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
          "  --max-time MS           CPU ms one hook call or load may take (default 2000)\n"
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
          "Environment: FUDA_PATH (folders of variants, ':'-separated), NO_COLOR, COLUMNS,\n"
          "FUDA_MAX_MEMORY, FUDA_MAX_INSTRUCTIONS, FUDA_MAX_TIME, FUDA_MAX_MATCH_TIME,\n"
          "FUDA_MAX_RUN_TIME (the limits above), FUDA_CONFINE=off (no OS sandbox: for\n"
          "debuggers and profilers).\n",
          f);
}

void fuda_print_help(const char *name) {
    const command_help *c = name ? find_help(name) : NULL;
    if (!c || !c->help) {
        print_general_help(stdout);
        return;
    }
    printf("usage: fuda %s\n\n%s", c->usage, c->help);
}
