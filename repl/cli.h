/* cli.h -- what the subcommands of `fuda` share: the command table's entry
 * points, usage errors, and the flags common to play and sim.
 *
 * Every command is `int run(int argc, char **argv, const fuda_config *cfg)`
 * with argv[0] the command's name, and returns the exit code: 0 ok, 1 failure,
 * 2 usage error. Commands report failures on stderr as "fuda: message". */
#ifndef FUDA_CLI_H
#define FUDA_CLI_H

#include <stdint.h>
#include "engine.h"

#include "buf.h" /* FUDA_PRINTF */

#define FUDA_EXIT_OK 0
#define FUDA_EXIT_FAIL 1
#define FUDA_EXIT_USAGE 2

/* A command, or what runs one: main's dispatcher fuda_run_command, which
 * the REPL and the supervisor are given (they are below main). */
typedef int (*fuda_command_fn)(int argc, char **argv, const fuda_config *cfg);

/* ---- main.c ---- */
/* Run the command argv[0] (a name from the command table). */
int fuda_run_command(int argc, char **argv, const fuda_config *cfg);

/* ---- help.c ---- */
/* 1 if name is a command of the table. */
int fuda_is_command(const char *name);
/* The names of the commands, and "quit" and "exit" (the REPL's), in a
 * NULL-terminated static array. */
const char *const *fuda_command_names(void);
/* A command's usage line ("play VARIANT [--seed N] ...") and help text
 * (static); NULL for an unknown command or a command without help. */
const char *fuda_command_usage(const char *name);
const char *fuda_command_help(const char *name);
/* Print the general help, or a command's (cmd != NULL), to stdout. */
void fuda_print_help(const char *cmd);
/* ---- main.c ---- */
/* rules.c: print the rules page of e's variant (what `fuda rules NAME` shows: title,
 * players, options with their values in e, bots, the rules document if one
 * is found) to stdout. Nothing can fail: a missing document is left out. */
void fuda_print_rules(const fuda_config *cfg, const fuda_engine *e);
/* ---- msg.c ---- */
/* Print "fuda CMD: <message>" and the command's usage line on stderr, and
 * return FUDA_EXIT_USAGE. */
int fuda_usage_error(const char *cmd, const char *fmt, ...) FUDA_PRINTF(2, 3);
/* Print "fuda: <message>" on stderr (after flushing stdout); returns
 * FUDA_EXIT_FAIL. */
int fuda_fail(const char *fmt, ...) FUDA_PRINTF(1, 2);

/* ---- the commands in their own files ---- */
int fuda_cmd_play(int argc, char **argv, const fuda_config *cfg);
int fuda_cmd_sim(int argc, char **argv, const fuda_config *cfg);
int fuda_cmd_check(int argc, char **argv, const fuda_config *cfg); /* check.c */
int fuda_cmd_duel(int argc, char **argv, const fuda_config *cfg);  /* duel.c */
int fuda_cmd_agent(int argc, char **argv, const fuda_config *cfg); /* agent_cmd.c */
/* The interactive REPL; a command line typed there runs through `run`. */
int fuda_cmd_repl(const fuda_config *cfg, fuda_command_fn run);

/* ---- args.c: flags ---- */
typedef struct fuda_args {
    const char *cmd;
    int argc;
    char **argv;
    int i; /* next argument */
} fuda_args;

void fuda_args_init(fuda_args *a, int argc, char **argv); /* skips argv[0] */
/* The next argument, or NULL when there are no more. */
const char *fuda_args_next(fuda_args *a);
/* If arg is `flag` ("--seed 3" or "--seed=3"), store its value in *val and
 * return 1; return 0 if it is another argument; -1 (usage error printed) if
 * the value is missing. */
int fuda_args_flag(fuda_args *a, const char *arg, const char *flag, const char **val);
/* If arg is the thread count, "-j N", "-jN", "--jobs N" or "--jobs=N", store
 * it (1..max) in *jobs and return 1; 0 if it is another argument; -1 after
 * a usage error (printed). The same for every command that takes -j. */
int fuda_args_jobs(fuda_args *a, const char *arg, long max, long *jobs);
/* Parse a whole decimal number in [lo, hi]; 0, or FUDA_EXIT_USAGE (printed). */
int fuda_args_long(const char *cmd, const char *flag, const char *s, long lo, long hi, long *out);
int fuda_args_u64(const char *cmd, const char *flag, const char *s, uint64_t *out);

/* What play and sim have in common: the variant and how to set up a match. */
typedef struct fuda_match_args {
    const char *variant;
    const char **opts; /* "name=value", malloc'd array */
    int nopts;
    char *owned[8];    /* option strings made here (--target) */
    int nowned;
    const char *bots;  /* "a,b,c" or NULL */
    long seats;        /* 0: the variant's default */
    uint64_t seed;
    int have_seed;
} fuda_match_args;

/* If arg is one of --seed, --bots, --seats, --option, record it and return 1;
 * 0 if not; FUDA_EXIT_USAGE (printed) on a bad value. */
int fuda_args_match(fuda_args *a, const char *arg, fuda_match_args *m);
/* Add an option "name=value" (checked for the '='); 0 or FUDA_EXIT_USAGE. */
int fuda_args_option(const char *cmd, fuda_match_args *m, const char *opt, int copy);
void fuda_match_args_free(fuda_match_args *m);

/* ---- setup.c: engines and seats ---- */
/* A new engine with m's variant loaded; NULL after printing the error. */
fuda_engine *fuda_open_variant(const fuda_config *cfg, const fuda_match_args *m);
/* The number of seats m asks for, checked against the variant; 0 after
 * printing a usage error. */
int fuda_seat_count(const char *cmd, const fuda_engine *e, const fuda_match_args *m);
/* Give every seat not in `humans` (bit seat-1) a bot: the names of the list
 * in order, the last repeated; by default the variant's first own bot, else
 * "random". bots[seat] points into `list` storage owned by the caller via
 * *store (free with fuda_words_free). Returns 0, or FUDA_EXIT_USAGE (printed)
 * for an unknown bot. */
int fuda_assign_bots(const char *cmd, const fuda_engine *e, const char *list, unsigned humans,
                     int nseats, const char *bots[], char ***store);
/* The bots the variant offers, its own then the built-in ones, as text for
 * a person: "basic, random, search", each name in one line as the terminal
 * sink shows it (text_term.h; malloc'd, the caller frees it). */
char *fuda_bot_names(const fuda_variant_info *info);

/* ---- files.c ---- */
/* Read a whole file (malloc'd, NUL-terminated): a regular file of at most
 * 16 MiB, never blocking; NULL with errno set. */
char *fuda_read_file(const char *path);
/* Write text[0..len) to path atomically: a temporary file in the same folder,
 * flushed to disk, renamed over path (through a symbolic link, the file it
 * names). 0, or -1 with the reason in err ("Permission denied", "not a
 * regular file"); then path is as it was. In a confined worker the
 * supervisor does it, and refuses what broker.h says it refuses. */
int fuda_write_file(const char *path, const char *text, size_t len, char *err, size_t errsize);
/* Write text as a new file (never over one, never through a link) named
 * fuda-check-HINT[-N].log (HINT: letters, digits, '-' and '_' kept) in the
 * current folder, else $TMPDIR, else /tmp. 0 with its path in out, or -1
 * with the reason in out. In a confined worker the supervisor does it. */
int fuda_write_new_log(const char *hint, const char *text, size_t len, char *out, size_t outsize);
/* The path of state file `name` (malloc'd): $XDG_STATE_HOME/fuda/NAME, or
 * ~/.local/state/fuda/NAME when XDG_STATE_HOME is unset or not absolute; its
 * folders are made (0700). NULL without HOME or when they cannot be made. */
char *fuda_state_file(const char *name);
/* The same for data file `name`: $XDG_DATA_HOME/fuda/NAME, else
 * ~/.local/share/fuda/NAME (the matches fuda play saves). */
char *fuda_data_file(const char *name);

#endif
