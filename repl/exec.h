/* exec.h -- start a program here, with no broker in between (see exec.c). */
#ifndef FUDA_EXEC_H
#define FUDA_EXEC_H

#include <stddef.h>
#include <sys/types.h>

/* Fork and exec /bin/sh -c program, its stdin and stdout on pipes. The
 * child's pid (> 0) with *to_child (write end of its stdin) and *from_child
 * (read end of its stdout) the caller's to close, both close-on-exec; or -1
 * with the reason in err. Safe against a fork on another thread of this
 * process between making the pipes and the exec. */
pid_t fuda_spawn_direct(const char *program, int *to_child, int *from_child, char *err, size_t errsize);

#endif
