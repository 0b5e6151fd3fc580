/* broker.c -- requests of a worker to its supervisor, and the supervisor's
 * answers (see broker.h for what may be asked and what is refused). */
#define _GNU_SOURCE
#include "broker.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "atomic.h"
#include "cli.h"
#include "exec.h"
#include "file.h"

enum { OP_SPAWN = 1, OP_POLL, OP_END, OP_WRITE, OP_WRITE_NEW };

#define TEXT_MAX 4096                  /* a program or a path */
#define DATA_MAX FUDA_MAX_LOG_BYTES    /* a file written */
#define LOG_MAGIC "fuda-log 1\n"
#define MAX_CHILDREN 1024
#define GRACE_MS 1000

typedef struct request {
    uint32_t op;
    int64_t id;
    char text[TEXT_MAX];
} request;

typedef struct answer {
    int32_t rc;     /* 0 ok, -1 refused or failed */
    int32_t state;  /* OP_POLL: 1 ended, 0 running, -1 unknown */
    int32_t status; /* OP_POLL: the wait status */
    int64_t id;     /* OP_SPAWN: the child's number */
    char msg[TEXT_MAX]; /* why it failed, or OP_WRITE_NEW's path */
} answer;

/* ---- messages with descriptors ---- */

/* Send one message with up to two descriptors. 0 or -1. */
static int send_msg(int fd, const void *buf, size_t len, const int *fds, int nfds) {
    struct iovec iov = { (void *)buf, len };
    union { char buf[CMSG_SPACE(2 * sizeof(int))]; struct cmsghdr align; } ctl;
    struct msghdr m;
    memset(&m, 0, sizeof m);
    m.msg_iov = &iov;
    m.msg_iovlen = 1;
    if (nfds > 0) {
        memset(&ctl, 0, sizeof ctl);
        m.msg_control = ctl.buf;
        m.msg_controllen = CMSG_SPACE((size_t)nfds * sizeof(int));
        struct cmsghdr *c = CMSG_FIRSTHDR(&m);
        c->cmsg_level = SOL_SOCKET;
        c->cmsg_type = SCM_RIGHTS;
        c->cmsg_len = CMSG_LEN((size_t)nfds * sizeof(int));
        memcpy(CMSG_DATA(c), fds, (size_t)nfds * sizeof(int));
    }
    ssize_t n;
    do n = sendmsg(fd, &m, MSG_NOSIGNAL);
    while (n < 0 && errno == EINTR);
    return n == (ssize_t)len ? 0 : -1;
}

/* Receive one message of at most len bytes and up to two descriptors (the
 * rest closed; -1 in fds where none came). Returns the bytes, 0 at the end,
 * -1 on error. */
static ssize_t recv_msg(int fd, void *buf, size_t len, int *fds, int nfds) {
    struct iovec iov = { buf, len };
    union { char buf[CMSG_SPACE(4 * sizeof(int))]; struct cmsghdr align; } ctl;
    struct msghdr m;
    memset(&m, 0, sizeof m);
    m.msg_iov = &iov;
    m.msg_iovlen = 1;
    m.msg_control = ctl.buf;
    m.msg_controllen = sizeof ctl.buf;
    for (int i = 0; i < nfds; i++) fds[i] = -1;
    ssize_t n;
    do n = recvmsg(fd, &m, MSG_CMSG_CLOEXEC);
    while (n < 0 && errno == EINTR);
    if (n < 0) return -1;
    int got = 0;
    for (struct cmsghdr *c = CMSG_FIRSTHDR(&m); c; c = CMSG_NXTHDR(&m, c)) {
        if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
        size_t k = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        int in[4];
        if (k > 4) k = 4;
        memcpy(in, CMSG_DATA(c), k * sizeof(int));
        for (size_t i = 0; i < k; i++) {
            if (got < nfds) fds[got++] = in[i];
            else close(in[i]);
        }
    }
    if (m.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) {
        for (int i = 0; i < nfds; i++)
            if (fds[i] >= 0) close(fds[i]), fds[i] = -1;
        errno = EMSGSIZE;
        return -1;
    }
    return n;
}

/* ---- the worker's side ---- */

static int broker_fd = -1;
static pthread_mutex_t broker_mu = PTHREAD_MUTEX_INITIALIZER;

void fuda_broker_use(int fd) { broker_fd = fd; }

int fuda_broker_active(void) { return broker_fd >= 0; }

/* One request and its answer, under the lock (worker threads share the
 * socket). data_fd (or -1) travels with the request. 0, or -1 when the
 * supervisor cannot be reached (then a->msg says so). */
static int ask(const request *r, int data_fd, answer *a, int *fds, int nfds) {
    int out[1] = { data_fd };
    pthread_mutex_lock(&broker_mu);
    int rc = send_msg(broker_fd, r, sizeof *r, out, data_fd >= 0 ? 1 : 0);
    ssize_t n = rc == 0 ? recv_msg(broker_fd, a, sizeof *a, fds, nfds) : -1;
    pthread_mutex_unlock(&broker_mu);
    if (n != (ssize_t)sizeof *a) {
        memset(a, 0, sizeof *a);
        a->rc = -1;
        a->state = -1;
        snprintf(a->msg, sizeof a->msg, "the supervising process does not answer");
        return -1;
    }
    a->msg[sizeof a->msg - 1] = '\0';
    return 0;
}

static void request_init(request *r, uint32_t op, const char *text) {
    memset(r, 0, sizeof *r);
    r->op = op;
    if (text) snprintf(r->text, sizeof r->text, "%s", text);
}

int fuda_broker_spawn(const char *program, long *id, int *to_child, int *from_child, char *err, size_t errsize) {
    request r;
    answer a;
    int fds[2];
    if (strlen(program) >= TEXT_MAX) {
        snprintf(err, errsize, "the program's text is too long");
        return -1;
    }
    request_init(&r, OP_SPAWN, program);
    ask(&r, -1, &a, fds, 2);
    if (a.rc != 0 || fds[0] < 0 || fds[1] < 0) {
        if (fds[0] >= 0) close(fds[0]);
        if (fds[1] >= 0) close(fds[1]);
        snprintf(err, errsize, "%s", a.rc != 0 ? a.msg : "no pipes came back");
        return -1;
    }
    *id = (long)a.id;
    *to_child = fds[0];
    *from_child = fds[1];
    return 0;
}

int fuda_broker_proc_poll(long id, int *status) {
    request r;
    answer a;
    request_init(&r, OP_POLL, NULL);
    r.id = id;
    if (ask(&r, -1, &a, NULL, 0) != 0) return -1;
    *status = a.status;
    return a.state;
}

void fuda_broker_proc_end(long id) {
    request r;
    answer a;
    request_init(&r, OP_END, NULL);
    r.id = id;
    ask(&r, -1, &a, NULL, 0);
}

/* The text in a memfd to send; -1 with err. */
static int data_fd(const char *text, size_t len, char *err, size_t errsize) {
    if (len > DATA_MAX) {
        snprintf(err, errsize, "too big to write (%zu bytes, at most %zu)", len, (size_t)DATA_MAX);
        return -1;
    }
    int fd = memfd_create("fuda-write", MFD_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errsize, "%s", strerror(errno));
        return -1;
    }
    size_t off = 0;
    while (off < len) {
        ssize_t w = write(fd, text + off, len - off);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) {
            snprintf(err, errsize, "%s", strerror(errno));
            close(fd);
            return -1;
        }
        off += (size_t)w;
    }
    return fd;
}

static int write_request(uint32_t op, const char *text_arg, const char *data, size_t len, char *out,
                         size_t outsize) {
    request r;
    answer a;
    if (strlen(text_arg) >= TEXT_MAX) {
        snprintf(out, outsize, "the file's name is too long");
        return -1;
    }
    int fd = data_fd(data, len, out, outsize);
    if (fd < 0) return -1;
    request_init(&r, op, text_arg);
    ask(&r, fd, &a, NULL, 0);
    close(fd);
    snprintf(out, outsize, "%s", a.msg);
    return a.rc == 0 ? 0 : -1;
}

int fuda_broker_write(const char *path, const char *text, size_t len, char *err, size_t errsize) {
    return write_request(OP_WRITE, path, text, len, err, errsize);
}

int fuda_broker_write_new(const char *hint, const char *text, size_t len, char *out, size_t outsize) {
    return write_request(OP_WRITE_NEW, hint, text, len, out, outsize);
}

/* ---- the supervisor's side: programs ---- */

typedef struct child {
    long id;          /* 0: a free entry */
    pid_t pid;        /* -1 once reaped */
    int status;       /* the wait status, once reaped */
    long long end_at; /* ms when it is killed if still there, 0: not asked to end */
} child;

static child children[MAX_CHILDREN];
static long next_id = 1;

static long long now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static child *find_child(long id) {
    for (int i = 0; i < MAX_CHILDREN; i++)
        if (children[i].id == id && id != 0) return &children[i];
    return NULL;
}

static int listed(const char *const *list, const char *s) {
    for (int i = 0; list && list[i]; i++)
        if (strcmp(list[i], s) == 0) return 1;
    return 0;
}

static void do_spawn(int fd, const request *r, const fuda_broker_policy *p) {
    answer a;
    memset(&a, 0, sizeof a);
    a.rc = -1;
    child *slot = NULL;
    for (int i = 0; i < MAX_CHILDREN && !slot; i++)
        if (children[i].id == 0) slot = &children[i];
    int fds[2] = { -1, -1 };
    if (!listed(p->programs, r->text)) {
        snprintf(a.msg, sizeof a.msg, "not started: only a program named on the command line (--bots cmd:PROGRAM) "
                                      "may be run");
    } else if (!slot) {
        snprintf(a.msg, sizeof a.msg, "not started: %d programs are running already", MAX_CHILDREN);
    } else {
        pid_t pid = fuda_spawn_direct(r->text, &fds[0], &fds[1], a.msg, sizeof a.msg);
        if (pid > 0) {
            slot->id = next_id++;
            slot->pid = pid;
            slot->status = 0;
            slot->end_at = 0;
            a.rc = 0;
            a.id = slot->id;
        }
    }
    send_msg(fd, &a, sizeof a, fds, a.rc == 0 ? 2 : 0);
    if (fds[0] >= 0) close(fds[0]);
    if (fds[1] >= 0) close(fds[1]);
}

static void reap(child *c) {
    int status;
    if (c->pid > 0 && waitpid(c->pid, &status, WNOHANG) == c->pid) {
        c->pid = -1;
        c->status = status;
    }
}

static void do_poll(int fd, const request *r) {
    answer a;
    memset(&a, 0, sizeof a);
    child *c = find_child((long)r->id);
    if (c) reap(c);
    a.state = !c ? -1 : c->pid < 0 ? 1 : 0;
    a.status = c ? c->status : 0;
    send_msg(fd, &a, sizeof a, NULL, 0);
}

static void do_end(int fd, const request *r) {
    answer a;
    memset(&a, 0, sizeof a);
    child *c = find_child((long)r->id);
    if (c) {
        reap(c);
        if (c->pid < 0) c->id = 0; /* gone: forget it */
        else c->end_at = now_ms() + GRACE_MS;
    }
    send_msg(fd, &a, sizeof a, NULL, 0);
}

long fuda_broker_tick(void) {
    long long now = now_ms(), next = -1;
    for (int i = 0; i < MAX_CHILDREN; i++) {
        child *c = &children[i];
        if (!c->id) continue;
        reap(c);
        if (c->end_at && c->pid > 0 && now >= c->end_at) {
            kill(c->pid, SIGKILL);
            waitpid(c->pid, &c->status, 0);
            c->pid = -1;
        }
        if (c->end_at && c->pid < 0) c->id = 0;
        else if (c->end_at && (next < 0 || c->end_at - now < next)) next = c->end_at - now;
    }
    return (long)next;
}

void fuda_broker_end_all(void) {
    for (int i = 0; i < MAX_CHILDREN; i++) {
        child *c = &children[i];
        if (c->id && c->pid > 0) {
            kill(c->pid, SIGKILL);
            waitpid(c->pid, &c->status, 0);
        }
        c->id = 0;
    }
}

/* ---- the supervisor's side: files ---- */

/* The text of a memfd (malloc'd, NUL-terminated), at most DATA_MAX bytes. */
static char *read_data(int fd, size_t *len) {
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size < 0 || (size_t)st.st_size > DATA_MAX)
        return NULL;
    char *text = malloc((size_t)st.st_size + 1);
    if (!text) return NULL;
    size_t off = 0;
    while (off < (size_t)st.st_size) {
        ssize_t n = pread(fd, text + off, (size_t)st.st_size - off, (off_t)off);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        off += (size_t)n;
    }
    text[off] = '\0';
    *len = off;
    return text;
}

static int is_log(const char *text, size_t len) {
    return len >= strlen(LOG_MAGIC) && memcmp(text, LOG_MAGIC, strlen(LOG_MAGIC)) == 0;
}

/* Does the file at path (through links) begin as a fuda log? */
static int file_is_log(const char *path) {
    char head[sizeof LOG_MAGIC];
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return 0;
    struct stat st;
    ssize_t n = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? read(fd, head, strlen(LOG_MAGIC)) : -1;
    close(fd);
    return n == (ssize_t)strlen(LOG_MAGIC) && memcmp(head, LOG_MAGIC, strlen(LOG_MAGIC)) == 0;
}

/* Is path (made absolute, '.' and '..' taken away, links in its folders
 * resolved) under one of the folders? */
static int under_dirs(const char *path, const char *const *dirs) {
    char *slash = strrchr(path, '/');
    char *folder = NULL, *real = NULL;
    if (slash) {
        folder = strndup(path, (size_t)(slash - path) + 1);
        real = folder ? realpath(folder, NULL) : NULL;
    } else {
        real = realpath(".", NULL);
    }
    int ok = 0;
    if (real) {
        for (int i = 0; dirs && dirs[i] && !ok; i++) {
            size_t n = strlen(dirs[i]);
            ok = strncmp(real, dirs[i], n) == 0 && (real[n] == '\0' || real[n] == '/');
        }
    }
    const char *base = slash ? slash + 1 : path;
    if (!*base || strcmp(base, ".") == 0 || strcmp(base, "..") == 0) ok = 0;
    free(folder);
    free(real);
    return ok;
}

/* May the worker replace path with this text? NULL if so, else why not. */
static const char *write_refused(const char *path, const char *text, size_t len, const fuda_broker_policy *p) {
    if (!*path) return "no file named";
    if (listed(p->files, path)) return NULL;  /* the user named it on the command line */
    if (under_dirs(path, p->dirs)) return NULL; /* fuda's own folders */
    struct stat st;
    int exists = stat(path, &st) == 0;
    if (exists && !S_ISREG(st.st_mode)) return "not a regular file";
    if (!is_log(text, len)) return "only a file named on the command line, or a fuda log, may be written";
    if (!exists) return lstat(path, &st) == 0 ? "a link to nowhere: refusing to write through it" : NULL;
    if (!file_is_log(path)) return "it is not a fuda log: refusing to replace it";
    return NULL;
}

static void do_write(int fd, const request *r, int data, const fuda_broker_policy *p) {
    answer a;
    memset(&a, 0, sizeof a);
    a.rc = -1;
    size_t len = 0;
    char *text = read_data(data, &len);
    const char *why = text ? write_refused(r->text, text, len, p) : "the text could not be read";
    if (why) snprintf(a.msg, sizeof a.msg, "%s", why);
    else if (fuda_write_file_direct(r->text, text, len, a.msg, sizeof a.msg) == 0) a.rc = 0;
    free(text);
    send_msg(fd, &a, sizeof a, NULL, 0);
}

static void do_write_new(int fd, const request *r, int data) {
    answer a;
    memset(&a, 0, sizeof a);
    a.rc = -1;
    size_t len = 0;
    char *text = read_data(data, &len);
    if (!text || !is_log(text, len)) snprintf(a.msg, sizeof a.msg, "only a fuda log may be written this way");
    else a.rc = fuda_write_new_log_direct(r->text, text, len, a.msg, sizeof a.msg);
    free(text);
    send_msg(fd, &a, sizeof a, NULL, 0);
}

int fuda_broker_serve(int fd, const fuda_broker_policy *policy) {
    request r;
    int data = -1;
    ssize_t n = recv_msg(fd, &r, sizeof r, &data, 1);
    if (n != (ssize_t)sizeof r) {
        if (data >= 0) close(data);
        return -1;
    }
    r.text[sizeof r.text - 1] = '\0';
    switch (r.op) {
    case OP_SPAWN: do_spawn(fd, &r, policy); break;
    case OP_POLL: do_poll(fd, &r); break;
    case OP_END: do_end(fd, &r); break;
    case OP_WRITE: do_write(fd, &r, data, policy); break;
    case OP_WRITE_NEW: do_write_new(fd, &r, data); break;
    default:
        if (data >= 0) close(data);
        return -1;
    }
    if (data >= 0) close(data);
    return 0;
}
