/* confine.h -- the operating system's bounds on a process that runs scripts:
 * resource limits (setrlimit), the files it may touch (Landlock) and the
 * system calls it may make (a seccomp filter, through libseccomp).
 *
 * The Lua sandbox (lua-bindings/sandbox.c) is the first wall; this is the
 * one under it, for the day a script finds a hole in the first. Applied once,
 * in the process that will run scripts, after it opened what it needs and
 * before the first line of a script runs; it cannot be undone, and every
 * thread and child made afterwards inherits it. What it does:
 *
 *   rlimits   no core files, at most FUDA_CONFINE_FSIZE bytes in a file
 *             written, FUDA_CONFINE_NOFILE descriptors, and an address-space
 *             cap (spec->address_space) so that runaway C-side growth ends in
 *             a refused allocation, not in a machine out of memory;
 *   Landlock  reading only under spec->read (folders with their trees, or
 *             single files), writing only under spec->write; no TCP; no
 *             signals to, nor abstract sockets of, processes outside (the
 *             kernel's ABI decides which of these it can do);
 *   seccomp   the system calls a card game never needs fail with EPERM:
 *             executing a program, making a process (threads stay allowed),
 *             network sockets, tracing or reading other processes, signals
 *             to other processes, mounting and namespaces, kernel modules,
 *             BPF, io_uring, keyrings, changing identity, faking terminal
 *             input (TIOCSTI), and the like.
 *
 * Where the kernel lacks a mechanism (no Landlock, no seccomp), the others
 * still apply and the status says which is missing and why. */
#ifndef FUDA_CONFINE_H
#define FUDA_CONFINE_H

#include <stddef.h>

#define FUDA_CONFINE_FSIZE ((long long)1 << 30) /* bytes a written file may reach */
#define FUDA_CONFINE_NOFILE 1024                /* open descriptors */

typedef struct fuda_confine_spec {
    const char *const *read;   /* paths readable (a folder: its whole tree), NULL-terminated */
    const char *const *write;  /* folders where files may be made, written and replaced */
    size_t address_space;      /* RLIMIT_AS in bytes; 0: left as it is */
} fuda_confine_spec;

/* What is in force after fuda_confine (or what would be, for a report). */
typedef struct fuda_confine_status {
    int rlimits;           /* 1: the resource limits are set */
    int landlock;          /* the Landlock ABI in force (1..), 0: none */
    int landlock_net;      /* TCP is refused by Landlock (ABI 4 and later) */
    int landlock_scope;    /* signals and abstract sockets are scoped (ABI 6 and later) */
    int seccomp;           /* 1: the system call filter is in force */
    char why_landlock[160];/* when landlock is 0: why ("the kernel has no Landlock ...") */
    char why_seccomp[160]; /* when seccomp is 0: why */
} fuda_confine_status;

/* Confine the calling process as spec says; call it while the process has
 * one thread (Landlock binds the calling thread and its future children).
 * Fills *st with what took effect. Returns 0 when every layer is in force,
 * 1 when some could not be (the process then runs with the others; st says
 * which and why), -1 when a layer failed half-way in a way that leaves the
 * process in an unknown state (the caller should stop). Nothing is
 * allocated that outlives the call. */
int fuda_confine(const fuda_confine_spec *spec, fuda_confine_status *st);

/* What this kernel and build could do, without changing anything: fills *st
 * as fuda_confine would (rlimits always 1). */
void fuda_confine_probe(fuda_confine_status *st);

/* One line for a person: "seccomp on, Landlock ABI 7 (files, TCP, signals),
 * rlimits on" or what is missing and why (static buffer). */
const char *fuda_confine_describe(const fuda_confine_status *st);

#endif
