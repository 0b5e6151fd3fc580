/* confine.c -- the operating system's bounds on a process that runs scripts:
 * rlimits, Landlock and a seccomp filter (see confine.h).
 *
 * Landlock is reached through its three system calls; the structures of the
 * kernel ABI are declared here in full, since the distribution's headers may
 * be older than the kernel (an older kernel is asked for what its ABI version
 * says it knows, nothing more). The seccomp filter is built with libseccomp:
 * a deny list over "allow", each denied call failing with EPERM (ENOSYS for
 * clone3, so that the C library falls back to clone, whose flags the filter
 * can read).
 *
 * Built with AddressSanitizer, the process keeps what the sanitizer's leak
 * check needs at exit (it clones a tracer and ptraces the threads, and reads
 * /proc/self): those two rules are left out and /proc is readable, and there
 * is no address-space cap (the sanitizer reserves terabytes). */
#define _GNU_SOURCE
#include "confine.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <seccomp.h>

#include "sanitizer.h"

/* ---- Landlock: the kernel ABI ---- */

#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#define SYS_landlock_add_rule 445
#define SYS_landlock_restrict_self 446
#endif

typedef struct ll_ruleset_attr {
    uint64_t handled_access_fs;  /* ABI 1 */
    uint64_t handled_access_net; /* ABI 4 */
    uint64_t scoped;             /* ABI 6 */
} ll_ruleset_attr;

typedef struct __attribute__((packed)) ll_path_beneath {
    uint64_t allowed_access;
    int32_t parent_fd;
} ll_path_beneath;

#define LL_VERSION (1U << 0)      /* create_ruleset flag: ask for the ABI version */
#define LL_RULE_PATH_BENEATH 1

#define LL_EXECUTE (1ULL << 0)
#define LL_WRITE_FILE (1ULL << 1)
#define LL_READ_FILE (1ULL << 2)
#define LL_READ_DIR (1ULL << 3)
#define LL_REMOVE_DIR (1ULL << 4)
#define LL_REMOVE_FILE (1ULL << 5)
#define LL_MAKE_CHAR (1ULL << 6)
#define LL_MAKE_DIR (1ULL << 7)
#define LL_MAKE_REG (1ULL << 8)
#define LL_MAKE_SOCK (1ULL << 9)
#define LL_MAKE_FIFO (1ULL << 10)
#define LL_MAKE_BLOCK (1ULL << 11)
#define LL_MAKE_SYM (1ULL << 12)
#define LL_REFER (1ULL << 13)     /* ABI 2 */
#define LL_TRUNCATE (1ULL << 14)  /* ABI 3 */
#define LL_IOCTL_DEV (1ULL << 15) /* ABI 5 */
#define LL_NET_BIND_TCP (1ULL << 0)    /* ABI 4 */
#define LL_NET_CONNECT_TCP (1ULL << 1) /* ABI 4 */
#define LL_SCOPE_ABSTRACT_UNIX (1ULL << 0) /* ABI 6 */
#define LL_SCOPE_SIGNAL (1ULL << 1)        /* ABI 6 */

/* The Landlock ABI version of this kernel, 0 with the reason in why. */
static int landlock_abi(char *why, size_t size) {
    long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, LL_VERSION);
    if (abi >= 1) return (int)abi;
    if (errno == ENOSYS) snprintf(why, size, "the kernel has no Landlock (Linux 5.13 or later needed)");
    else if (errno == EOPNOTSUPP) snprintf(why, size, "Landlock is built into the kernel but not enabled (lsm=)");
    else snprintf(why, size, "Landlock: %s", strerror(errno));
    return 0;
}

/* Every file-system right this ABI knows. */
static uint64_t fs_rights(int abi) {
    uint64_t r = (LL_MAKE_SYM << 1) - 1; /* ABI 1: bits 0..12 */
    if (abi >= 2) r |= LL_REFER;
    if (abi >= 3) r |= LL_TRUNCATE;
    if (abi >= 5) r |= LL_IOCTL_DEV;
    return r;
}

#define READ_RIGHTS (LL_READ_FILE | LL_READ_DIR)
#define WRITE_RIGHTS (LL_READ_FILE | LL_READ_DIR | LL_WRITE_FILE | LL_MAKE_REG | LL_REMOVE_FILE | LL_TRUNCATE)
#define FILE_RIGHTS (LL_READ_FILE | LL_WRITE_FILE | LL_TRUNCATE | LL_EXECUTE | LL_IOCTL_DEV)

/* Allow `rights` under path (missing paths are skipped: a folder of the
 * search path need not exist). 0, or -1 when the kernel refused the rule. */
static int add_path(int ruleset, const char *path, uint64_t rights, uint64_t handled) {
    int fd = open(path, O_PATH | O_CLOEXEC);
    if (fd < 0) return 0;
    struct stat st;
    if (fstat(fd, &st) != 0) {
        close(fd);
        return 0;
    }
    ll_path_beneath rule;
    rule.allowed_access = rights & handled & (S_ISDIR(st.st_mode) ? ~0ULL : FILE_RIGHTS);
    rule.parent_fd = fd;
    long rc = syscall(SYS_landlock_add_rule, ruleset, LL_RULE_PATH_BENEATH, &rule, 0);
    close(fd);
    return rc == 0 ? 0 : -1;
}

/* Make and enforce the ruleset. Returns 0 when in force, 1 when the kernel
 * has no Landlock (st->why_landlock says so), -1 when enforcing failed. */
static int apply_landlock(const fuda_confine_spec *spec, fuda_confine_status *st) {
    int abi = landlock_abi(st->why_landlock, sizeof st->why_landlock);
    if (abi == 0) return 1;
    ll_ruleset_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.handled_access_fs = fs_rights(abi);
    size_t size = sizeof attr.handled_access_fs;
    if (abi >= 4) {
        attr.handled_access_net = LL_NET_BIND_TCP | LL_NET_CONNECT_TCP;
        size = 2 * sizeof(uint64_t);
    }
    if (abi >= 6) {
        attr.scoped = LL_SCOPE_ABSTRACT_UNIX | LL_SCOPE_SIGNAL;
        size = sizeof attr;
    }
    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attr, size, 0);
    if (ruleset < 0) {
        snprintf(st->why_landlock, sizeof st->why_landlock, "Landlock: cannot make a ruleset: %s", strerror(errno));
        return 1;
    }
    int rc = 0;
    for (int i = 0; spec->read && spec->read[i] && rc == 0; i++)
        rc = add_path(ruleset, spec->read[i], READ_RIGHTS, attr.handled_access_fs);
    for (int i = 0; spec->write && spec->write[i] && rc == 0; i++)
        rc = add_path(ruleset, spec->write[i], WRITE_RIGHTS, attr.handled_access_fs);
    if (rc == 0 && UNDER_SANITIZER) rc = add_path(ruleset, "/proc", READ_RIGHTS, attr.handled_access_fs);
    if (rc == 0 && prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) rc = -1;
    if (rc == 0 && syscall(SYS_landlock_restrict_self, ruleset, 0) != 0) rc = -1;
    int saved = errno;
    close(ruleset);
    if (rc != 0) {
        snprintf(st->why_landlock, sizeof st->why_landlock, "Landlock: %s", strerror(saved));
        return -1;
    }
    st->landlock = abi;
    st->landlock_net = abi >= 4;
    st->landlock_scope = abi >= 6;
    return 0;
}

/* ---- seccomp ---- */

/* System calls refused outright: a card game needs none of them. */
static const char *const denied[] = {
    /* running programs, making processes (threads are clone with CLONE_THREAD, below) */
    "execve", "execveat", "fork", "vfork",
    /* other processes */
    "ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_open", "pidfd_getfd",
    "pidfd_send_signal", "tkill", "process_madvise", "migrate_pages", "move_pages",
    /* the network (sockets already open stay usable) */
    "socket",
    /* mounts, namespaces, the root */
    "mount", "umount2", "pivot_root", "chroot", "unshare", "setns", "open_tree", "move_mount",
    "fsopen", "fsconfig", "fsmount", "fspick", "mount_setattr",
    /* the kernel itself */
    "kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module", "bpf",
    "perf_event_open", "userfaultfd", "io_uring_setup", "io_uring_enter", "io_uring_register",
    "keyctl", "add_key", "request_key", "personality", "acct", "swapon", "swapoff", "reboot",
    "sethostname", "setdomainname", "iopl", "ioperm", "syslog", "vhangup", "quotactl",
    "quotactl_fd", "lookup_dcookie", "uselib", "sysfs", "fanotify_init", "settimeofday",
    "clock_settime", "clock_adjtime", "adjtimex",
    /* files by handle (past Landlock), and what Landlock does not see: owners, modes, xattrs */
    "name_to_handle_at", "open_by_handle_at", "chmod", "fchmodat", "fchmodat2", "chown", "fchown",
    "lchown", "fchownat", "setxattr", "lsetxattr", "fsetxattr", "removexattr", "lremovexattr",
    "fremovexattr", "setxattrat", "removexattrat", "utime", "utimes", "futimesat", "utimensat",
    "mknod", "mknodat",
    /* identity */
    "setuid", "setgid", "setreuid", "setregid", "setresuid", "setresgid", "setfsuid", "setfsgid",
    "setgroups", "capset",
    NULL
};

/* Add a rule; a system call this architecture does not have is no error. */
static int deny(scmp_filter_ctx ctx, uint32_t action, const char *name, unsigned n, ...) {
    int nr = seccomp_syscall_resolve_name(name);
    if (nr == __NR_SCMP_ERROR) return 0;
    struct scmp_arg_cmp args[2];
    va_list ap;
    va_start(ap, n);
    for (unsigned i = 0; i < n && i < 2; i++) args[i] = va_arg(ap, struct scmp_arg_cmp);
    va_end(ap);
    return seccomp_rule_add_array(ctx, action, nr, n, args) == 0 ? 0 : -1;
}

static int build_filter(scmp_filter_ctx ctx) {
    const uint32_t eperm = SCMP_ACT_ERRNO(EPERM);
    const scmp_datum_t me = (scmp_datum_t)getpid();
    const scmp_datum_t low32 = 0xffffffffu; /* ioctl's request is an int to the kernel */
    int rc = 0;
    for (int i = 0; denied[i] && rc == 0; i++) {
        if (UNDER_SANITIZER && strcmp(denied[i], "ptrace") == 0) continue;
        rc = deny(ctx, eperm, denied[i], 0);
    }
    if (!UNDER_SANITIZER) /* a new process: clone without CLONE_THREAD */
        rc |= deny(ctx, eperm, "clone", 1, SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, 0));
    rc |= deny(ctx, SCMP_ACT_ERRNO(ENOSYS), "clone3", 0);
    /* signals to this process only */
    rc |= deny(ctx, eperm, "kill", 1, SCMP_A0(SCMP_CMP_NE, me));
    rc |= deny(ctx, eperm, "tgkill", 1, SCMP_A0(SCMP_CMP_NE, me));
    rc |= deny(ctx, eperm, "rt_sigqueueinfo", 1, SCMP_A0(SCMP_CMP_NE, me));
    rc |= deny(ctx, eperm, "rt_tgsigqueueinfo", 1, SCMP_A0(SCMP_CMP_NE, me));
    /* the terminal: no typing into it, no console tricks */
    static const unsigned long tty_requests[] = { TIOCSTI, TIOCLINUX, TIOCCONS, TIOCSETD };
    for (size_t i = 0; i < sizeof tty_requests / sizeof tty_requests[0]; i++)
        rc |= deny(ctx, eperm, "ioctl", 1, SCMP_A1(SCMP_CMP_MASKED_EQ, low32, tty_requests[i]));
    return rc;
}

/* Install the filter on every thread. 0, 1 (not available: st says why), -1. */
static int apply_seccomp(fuda_confine_status *st) {
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (!ctx) {
        snprintf(st->why_seccomp, sizeof st->why_seccomp, "seccomp: libseccomp could not start a filter");
        return 1;
    }
    int rc = build_filter(ctx);
    if (rc == 0) seccomp_attr_set(ctx, SCMP_FLTATR_CTL_TSYNC, 1);
    if (rc == 0) rc = seccomp_load(ctx);
    seccomp_release(ctx);
    if (rc == -EINVAL || rc == -ENOSYS || rc == -EOPNOTSUPP) {
        snprintf(st->why_seccomp, sizeof st->why_seccomp, "the kernel has no seccomp filters (%s)", strerror(-rc));
        return 1;
    }
    if (rc != 0) {
        snprintf(st->why_seccomp, sizeof st->why_seccomp, "seccomp: %s", strerror(rc < 0 ? -rc : EINVAL));
        return -1;
    }
    st->seccomp = 1;
    return 0;
}

/* ---- rlimits ---- */

static int set_limit(int what, rlim_t value) {
    struct rlimit rl;
    if (getrlimit(what, &rl) != 0) return -1;
    if (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < value) value = rl.rlim_max;
    rl.rlim_cur = rl.rlim_max = value;
    return setrlimit(what, &rl);
}

static int apply_rlimits(const fuda_confine_spec *spec) {
    int rc = set_limit(RLIMIT_CORE, 0);
    rc |= set_limit(RLIMIT_FSIZE, (rlim_t)FUDA_CONFINE_FSIZE);
    rc |= set_limit(RLIMIT_NOFILE, FUDA_CONFINE_NOFILE);
    if (spec->address_space && !UNDER_SANITIZER) rc |= set_limit(RLIMIT_AS, (rlim_t)spec->address_space);
    return rc == 0 ? 0 : -1;
}

/* ---- together ---- */

int fuda_confine(const fuda_confine_spec *spec, fuda_confine_status *st) {
    memset(st, 0, sizeof *st);
    if (apply_rlimits(spec) != 0) return -1;
    st->rlimits = 1;
    int ll = apply_landlock(spec, st);
    if (ll < 0) return -1;
    int sc = apply_seccomp(st);
    if (sc < 0) return -1;
    return ll == 0 && sc == 0 ? 0 : 1;
}

void fuda_confine_probe(fuda_confine_status *st) {
    memset(st, 0, sizeof *st);
    st->rlimits = 1;
    int abi = landlock_abi(st->why_landlock, sizeof st->why_landlock);
    st->landlock = abi;
    st->landlock_net = abi >= 4;
    st->landlock_scope = abi >= 6;
    /* seccomp filters: the kernel says whether it has them without a filter */
    if (prctl(PR_GET_SECCOMP, 0, 0, 0, 0) < 0 && errno == EINVAL)
        snprintf(st->why_seccomp, sizeof st->why_seccomp, "the kernel has no seccomp");
    else
        st->seccomp = 1;
}

const char *fuda_confine_describe(const fuda_confine_status *st) {
    static char line[512];
    char ll[200];
    if (st->landlock)
        snprintf(ll, sizeof ll, "Landlock ABI %d (files%s%s)", st->landlock, st->landlock_net ? ", TCP" : "",
                 st->landlock_scope ? ", signals" : "");
    else
        snprintf(ll, sizeof ll, "no Landlock: %s", st->why_landlock);
    snprintf(line, sizeof line, "%s, %s, rlimits %s", st->seccomp ? "seccomp on" : st->why_seccomp, ll,
             st->rlimits ? "on" : "off");
    return line;
}
