/* test_confine.c -- repl/confine.c: a confined process may read only what it
 * was given, write only in its write folders, run no program, make no process
 * (threads it may), open no network socket, signal and trace nobody else,
 * type nothing into a terminal, change no file's owner or mode.
 *
 * Each probe runs in a child that confines itself and reports one byte per
 * probe on a pipe ('y' if the operation was refused as it must be, 'n' if it
 * was allowed, or the other way round for what must still work). Where the
 * kernel lacks Landlock or seccomp the probes of that layer are not counted,
 * and the test says so; on this project's machines both are there, and a
 * kernel without them makes the test fail unless FUDA_TEST_WEAK_KERNEL=1. */
#define _GNU_SOURCE
#include "../../repl/confine.c"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <sys/ptrace.h>
#include <termios.h>

#include "test.h"

static char dir[64];
static char readable[128], writable[128], outside[128];

static void *thread_main(void *arg) { return arg; }

/* Under AddressSanitizer the filter lets processes be made and traced (the
 * leak check at exit needs both), so those two probes are not run there. */
static long ptrace_probe(void) {
    if (UNDER_SANITIZER) {
        errno = EPERM;
        return -1;
    }
    return ptrace(PTRACE_ATTACH, getppid(), 0, 0);
}

static pid_t fork_probe(void) {
    if (UNDER_SANITIZER) {
        errno = EPERM;
        return -1;
    }
    return fork();
}

/* 1 if fn() == -1 with errno EPERM or EACCES. */
#define REFUSED(expr) ((expr) == -1 && (errno == EPERM || errno == EACCES || errno == ENOSYS))

typedef struct probe { const char *name; int layer; } probe; /* layer: 0 any, 1 landlock, 2 seccomp */

static const probe probes[] = {
    { "reads a file under a read folder", 0 },
    { "cannot read a file outside", 1 },
    { "makes a file in a write folder", 0 },
    { "cannot make a file in a read folder", 1 },
    { "cannot make a file outside", 1 },
    { "cannot execve", 2 },
    { "cannot fork", 2 },
    { "makes a thread", 0 },
    { "cannot open an inet socket", 2 },
    { "cannot signal its parent", 2 },
    { "signals itself", 0 },
    { "cannot push terminal input (TIOCSTI)", 2 },
    { "cannot chmod a file it may read", 2 },
    { "writes no core file (RLIMIT_CORE 0)", 0 },
    { "cannot ptrace", 2 },
};
#define NPROBES (sizeof probes / sizeof probes[0])

static void on_usr1(int sig) { (void)sig; }

/* The child: confine, run every probe, write the answers, exit. */
static void child(int out) {
    char answers[NPROBES + 2];
    const char *read[] = { readable, NULL };
    const char *wr[] = { writable, NULL };
    fuda_confine_spec spec = { read, wr, (size_t)4 << 30 };
    fuda_confine_status st;
    int rc = fuda_confine(&spec, &st);
    answers[0] = rc < 0 ? '!' : (char)('0' + st.landlock);
    answers[1] = st.seccomp ? 's' : '-';
    char *a = answers + 2;
    char path[256];
    int fd;
    snprintf(path, sizeof path, "%s/in", readable);
    fd = open(path, O_RDONLY);
    a[0] = fd >= 0 ? 'y' : 'n';
    if (fd >= 0) close(fd);
    snprintf(path, sizeof path, "%s/secret", outside);
    a[1] = REFUSED(open(path, O_RDONLY)) ? 'y' : 'n';
    snprintf(path, sizeof path, "%s/new", writable);
    fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
    a[2] = fd >= 0 ? 'y' : 'n';
    if (fd >= 0) close(fd);
    snprintf(path, sizeof path, "%s/new", readable);
    a[3] = REFUSED(open(path, O_WRONLY | O_CREAT | O_EXCL, 0600)) ? 'y' : 'n';
    snprintf(path, sizeof path, "%s/new", outside);
    a[4] = REFUSED(open(path, O_WRONLY | O_CREAT | O_EXCL, 0600)) ? 'y' : 'n';
    char *argv[] = { "/bin/true", NULL };
    a[5] = REFUSED(execve("/bin/true", argv, environ)) ? 'y' : 'n';
    pid_t p = fork_probe();
    if (p == 0) _exit(0);
    if (p > 0) waitpid(p, NULL, 0);
    a[6] = p == -1 && errno == EPERM ? 'y' : 'n';
    pthread_t t;
    a[7] = pthread_create(&t, NULL, thread_main, NULL) == 0 && pthread_join(t, NULL) == 0 ? 'y' : 'n';
    a[8] = REFUSED(socket(AF_INET, SOCK_STREAM, 0)) ? 'y' : 'n';
    a[9] = REFUSED(kill(getppid(), 0)) ? 'y' : 'n';
    signal(SIGUSR1, on_usr1);
    a[10] = kill(getpid(), SIGUSR1) == 0 ? 'y' : 'n';
    char ch = 'x';
    a[11] = REFUSED(ioctl(0, TIOCSTI, &ch)) ? 'y' : 'n';
    snprintf(path, sizeof path, "%s/in", readable);
    a[12] = REFUSED(chmod(path, 0777)) ? 'y' : 'n';
    struct rlimit rl;
    a[13] = getrlimit(RLIMIT_CORE, &rl) == 0 && rl.rlim_cur == 0 && rl.rlim_max == 0 ? 'y' : 'n';
    a[14] = REFUSED((int)ptrace_probe()) ? 'y' : 'n';
    if (write(out, answers, sizeof answers) != (ssize_t)sizeof answers) _exit(3);
    _exit(0);
}

static void make_tree(void) {
    snprintf(dir, sizeof dir, "/tmp/fuda-confine-XXXXXX");
    if (!mkdtemp(dir)) abort();
    snprintf(readable, sizeof readable, "%s/r", dir);
    snprintf(writable, sizeof writable, "%s/w", dir);
    snprintf(outside, sizeof outside, "%s/o", dir);
    mkdir(readable, 0700);
    mkdir(writable, 0700);
    mkdir(outside, 0700);
    char path[256];
    snprintf(path, sizeof path, "%s/in", readable);
    close(open(path, O_WRONLY | O_CREAT, 0600));
    snprintf(path, sizeof path, "%s/secret", outside);
    close(open(path, O_WRONLY | O_CREAT, 0600));
}

static void remove_tree(void) {
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
}

static void confined_child(void) {
    make_tree();
    int fds[2];
    if (pipe(fds) != 0) abort();
    pid_t p = fork();
    if (p == 0) {
        close(fds[0]);
        child(fds[1]);
    }
    close(fds[1]);
    char answers[NPROBES + 2];
    ssize_t n = read(fds[0], answers, sizeof answers);
    close(fds[0]);
    int status = 0;
    waitpid(p, &status, 0);
    CHECK(n == (ssize_t)sizeof answers);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    if (n != (ssize_t)sizeof answers) {
        remove_tree();
        return;
    }
    CHECK(answers[0] != '!');
    int landlock = answers[0] - '0', seccomp = answers[1] == 's';
    int weak_ok = getenv("FUDA_TEST_WEAK_KERNEL") != NULL;
    if (!landlock || !seccomp) {
        fprintf(stderr, "test_confine: this kernel lacks %s%s\n", landlock ? "" : "Landlock ",
                seccomp ? "" : "seccomp");
        CHECK(weak_ok);
    }
    for (size_t i = 0; i < NPROBES; i++) {
        if ((probes[i].layer == 1 && !landlock) || (probes[i].layer == 2 && !seccomp)) continue;
        if (answers[2 + i] != 'y') fprintf(stderr, "test_confine: probe failed: %s\n", probes[i].name);
        CHECK(answers[2 + i] == 'y');
    }
    remove_tree();
}

/* The description names every layer. */
static void describe(void) {
    fuda_confine_status st;
    fuda_confine_probe(&st);
    const char *line = fuda_confine_describe(&st);
    CHECK(strstr(line, "rlimits on") != NULL);
    CHECK(strstr(line, st.seccomp ? "seccomp on" : "seccomp") != NULL);
    CHECK(strstr(line, st.landlock ? "Landlock ABI" : "no Landlock") != NULL);
}

TEST_MAIN(confined_child, describe)
