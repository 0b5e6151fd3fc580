/* spawn.h -- the programs fuda starts for the user: the external agents of
 * `--bots cmd:PROGRAM`, each run by /bin/sh -c with its stdin and stdout on
 * pipes to fuda and its stderr fuda's own.
 *
 * A process that runs scripts may not start programs (its seccomp filter
 * refuses execve and fork): there these calls go to the supervisor through
 * the broker (broker.h), which starts only programs named on the command line.
 * Elsewhere (the supervisor itself, or fuda run without the OS layer) they
 * fork and exec directly. The caller sees the same either way. */
#ifndef FUDA_SPAWN_H
#define FUDA_SPAWN_H

#include <stddef.h>
#include <sys/types.h>

typedef struct fuda_proc {
    pid_t pid;   /* direct: the child's pid; 0 when brokered or not running */
    long id;     /* brokered: the supervisor's number for it; 0 when direct */
} fuda_proc;

/* Start `program`. On success 0, *to_child (write end of its stdin) and
 * *from_child (read end of its stdout) are the caller's to close, both
 * close-on-exec. On failure -1 with the reason in err (never NULL). */
int fuda_proc_start(const char *program, fuda_proc *p, int *to_child, int *from_child, char *err,
                    size_t errsize);

/* Has it ended? 1 with *status as waitpid gives it, 0 while it runs, -1 when
 * it is not known (already reaped, a broker error). Never blocks. */
int fuda_proc_poll(fuda_proc *p, int *status);

/* End it: close your pipe ends first; it gets a second to end by itself,
 * then SIGKILL. Reaped either way (by the supervisor, when brokered, without
 * waiting). p is cleared. */
void fuda_proc_end(fuda_proc *p);


#endif
