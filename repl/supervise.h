/* supervise.h -- every command that may run a script runs in a worker
 * process under the operating system's bounds (confine.h), and the process
 * the user started stays outside as its supervisor: it runs no script, starts
 * the external agents and writes the files the worker asks for (broker.h),
 * and holds the verdict. When the worker ends normally, the supervisor exits
 * with its status. When it dies of a signal (a crash, a limit of the kernel),
 * is ended because a hook call stuck past its time limit (watch.h), or goes
 * past the whole run's deadline (--max-run-time), the supervisor prints a
 * clean verdict naming the script, the signal or limit, and the match and
 * seed the worker was on with the command that plays it again:
 *
 *   check: FAILED (stranger.lua: the engine stopped with SIGSEGV at match 3,
 *   seed 41; replay: fuda check stranger.lua --from 3 -n 3 -j 1)
 *
 * (for sim and duel on stderr as "fuda: ..."; with --json as a JSON object on
 * stdout), and exits 1. A worker ended by the user (Ctrl-C, SIGTERM, a closed
 * pipe) ends the supervisor the same way, without a verdict.
 *
 * Both share the terminal: the supervisor ignores Ctrl-C and Ctrl-\ (the
 * worker acts on them), stops and goes on with it under job control, and
 * passes SIGTERM and SIGHUP on to it.
 *
 * FUDA_CONFINE=off in the environment runs the command in-process without
 * the OS layer (for debuggers and profilers); a note on stderr says so.
 * `fuda check --strict` refuses to run where a layer is missing. */
#ifndef FUDA_SUPERVISE_H
#define FUDA_SUPERVISE_H

#include "cli.h"
#include "engine.h"


/* Run command argv[0] (argc 0: the interactive REPL) with run(), in a
 * supervised, confined worker. `globals` are the flags given before the
 * command (--max-time 200 ...), nglobals of them, repeated in the replay
 * commands; run_deadline_ms bounds the whole run (0: no bound). Returns the
 * exit status for main to return (the worker's, or 1 after a verdict). */
int fuda_supervise(fuda_command_fn run, int argc, char **argv, char **globals, int nglobals,
                   const fuda_config *cfg, long run_deadline_ms);

/* `fuda sandbox [--json]`: which layers this machine gives a script. */
int fuda_cmd_sandbox(int argc, char **argv, const fuda_config *cfg);

#endif
