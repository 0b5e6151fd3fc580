/* broker.h -- what a process that runs scripts asks its supervisor to do for
 * it, since it may not do it itself: start a program named on the command
 * line (an external agent), tell whether it ended, end it; write a file the
 * user asked for. One socket (SOCK_SEQPACKET) between the two, made before
 * the fork; a request and its answer are one message each, the data of a
 * file travels as a memfd, the agent's pipes as descriptors.
 *
 * The supervisor decides, not the worker: it starts only a program given
 * with --bots cmd:PROGRAM on its own command line, and writes only (a) a file
 * named on its command line (--svg FILE), (b) under fuda's own folders
 * ($XDG_DATA_HOME/fuda, $XDG_STATE_HOME/fuda), (c) a fuda log (text that
 * begins "fuda-log 1"), as a new file or in place of a fuda log -- never over
 * another kind of file -- or (d) a new file it names itself (check's log of a
 * failed match: O_EXCL, so no planted link or file is ever followed). A
 * worker that lost its mind can thus at worst write fuda logs. */
#ifndef FUDA_BROKER_H
#define FUDA_BROKER_H

#include <stddef.h>

/* ---- the worker's side ---- */

/* Use socket fd for every request from now on (after the fork). */
void fuda_broker_use(int fd);
/* 1 when requests go to a supervisor. */
int fuda_broker_active(void);

/* Start program (see spawn.h): 0 with *id and the two pipe ends, or -1 with
 * err (the supervisor's refusal or failure). */
int fuda_broker_spawn(const char *program, long *id, int *to_child, int *from_child, char *err, size_t errsize);
/* 1 ended (*status as waitpid's), 0 running, -1 unknown. */
int fuda_broker_proc_poll(long id, int *status);
/* End it (a second's grace, then SIGKILL), without waiting. */
void fuda_broker_proc_end(long id);

/* Write text[0..len) to path in place of what is there (atomically). 0, or
 * -1 with the reason in err ("not a fuda log: refusing to replace it"). */
int fuda_broker_write(const char *path, const char *text, size_t len, char *err, size_t errsize);
/* Write a new fuda log named after `hint` (letters, digits, '-', '_' kept)
 * in the current folder, else $TMPDIR, else /tmp: 0 with its path in out
 * (room for outsize bytes), or -1 with the reason in out. */
int fuda_broker_write_new(const char *hint, const char *text, size_t len, char *out, size_t outsize);

/* ---- the supervisor's side ---- */

typedef struct fuda_broker_policy {
    const char *const *programs; /* PROGRAM of each cmd:PROGRAM on the command line, NULL-terminated */
    const char *const *files;    /* every argument of the command line: a file the user named */
    const char *const *dirs;     /* folders of fuda's own (absolute, no trailing '/') */
} fuda_broker_policy;

/* Answer one request waiting on fd. 0, or -1 when the worker's end is
 * closed (or sent garbage: then the socket is no use any more). */
int fuda_broker_serve(int fd, const fuda_broker_policy *policy);
/* Reap ended children and kill those past their second of grace; returns
 * the milliseconds until the next grace runs out (-1: none waiting). Call
 * after every SIGCHLD and from time to time. */
long fuda_broker_tick(void);
/* Kill and reap every program still running (the worker is gone). */
void fuda_broker_end_all(void);

#endif
