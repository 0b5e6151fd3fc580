/* spawn.c -- starting and ending the programs fuda runs for the user (see
 * spawn.h): directly with fork and exec, or through the supervisor's broker
 * in a process that runs scripts. */
#define _GNU_SOURCE
#include "spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "broker.h"
#include "exec.h"

int fuda_proc_start(const char *program, fuda_proc *p, int *to_child, int *from_child, char *err,
                    size_t errsize) {
    p->pid = 0;
    p->id = 0;
    if (fuda_broker_active()) return fuda_broker_spawn(program, &p->id, to_child, from_child, err, errsize);
    pid_t pid = fuda_spawn_direct(program, to_child, from_child, err, errsize);
    if (pid < 0) return -1;
    p->pid = pid;
    return 0;
}

int fuda_proc_poll(fuda_proc *p, int *status) {
    if (p->id) return fuda_broker_proc_poll(p->id, status);
    if (p->pid <= 0) return -1;
    pid_t w = waitpid(p->pid, status, WNOHANG);
    if (w == p->pid) {
        p->pid = -1; /* reaped: known no more */
        return 1;
    }
    return w == 0 ? 0 : -1;
}

static void pause_ms(long ms) {
    struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {}
}

void fuda_proc_end(fuda_proc *p) {
    if (p->id) {
        fuda_broker_proc_end(p->id);
    } else if (p->pid > 0) {
        int status;
        pid_t w = 0;
        for (int k = 0; k < 20 && (w = waitpid(p->pid, &status, WNOHANG)) == 0; k++) pause_ms(50);
        if (w == 0) {
            kill(p->pid, SIGKILL);
            waitpid(p->pid, &status, 0);
        }
    }
    p->pid = 0;
    p->id = 0;
}
