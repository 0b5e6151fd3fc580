/* exec.c -- starting a program in this process: fork, then /bin/sh -c
 * PROGRAM with its stdin and stdout on pipes to the caller. The supervisor
 * calls it for a confined worker (broker.c); spawn.c calls it where no
 * broker is in between. */
#define _GNU_SOURCE
#include "exec.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* No other thread may fork between making the pipes and the exec: the
 * child would keep our ends open and the agent would never see its stdin
 * close. (pipe2 with O_CLOEXEC makes the window small; the lock closes it
 * against a fork of our own on another thread.) */
static pthread_mutex_t spawn_mu = PTHREAD_MUTEX_INITIALIZER;

pid_t fuda_spawn_direct(const char *program, int *to_child, int *from_child, char *err, size_t errsize) {
    int in[2], out[2];
    signal(SIGPIPE, SIG_IGN); /* a dead agent is seen as EPIPE, not a signal */
    pthread_mutex_lock(&spawn_mu);
    if (pipe2(in, O_CLOEXEC) != 0) goto fail_locked;
    if (pipe2(out, O_CLOEXEC) != 0) {
        close(in[0]);
        close(in[1]);
        goto fail_locked;
    }
    pid_t pid = fork();
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        signal(SIGPIPE, SIG_DFL);
        execl("/bin/sh", "sh", "-c", program, (char *)NULL);
        _exit(127);
    }
    int saved = errno;
    close(in[0]);
    close(out[1]);
    pthread_mutex_unlock(&spawn_mu);
    if (pid < 0) {
        close(in[1]);
        close(out[0]);
        snprintf(err, errsize, "%s", strerror(saved));
        return -1;
    }
    *to_child = in[1];
    *from_child = out[0];
    return pid;
fail_locked:
    saved = errno;
    pthread_mutex_unlock(&spawn_mu);
    snprintf(err, errsize, "%s", strerror(saved));
    return -1;
}

