/* atomic.c -- writing files in this process so that a failure never leaves
 * half a file: a whole file replaced atomically (temp file, fsync, rename)
 * and a new log file that is never written through a link or over another
 * file. These are the "direct" forms: files.c decides whether the writing is
 * done here or by the supervisor (broker.h), which calls these itself. */
#define _XOPEN_SOURCE 700 /* realpath, fsync */
#include "atomic.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"

/* Write all of s[0..n) to fd; 0 or -1 with errno. */
static int write_all(int fd, const char *s, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, s, n);
        if (w < 0 && errno == EINTR) continue;
        if (w < 0) return -1;
        s += w, n -= (size_t)w;
    }
    return 0;
}

/* The mode a new file gets: 0666 less the umask. */
static mode_t new_file_mode(void) {
    mode_t mask = umask(022);
    umask(mask);
    return 0666 & ~mask;
}

int fuda_write_file_direct(const char *path, const char *text, size_t len, char *err, size_t errsize) {
    struct stat st;
    char *real = NULL;
    mode_t mode = new_file_mode();
    if (stat(path, &st) == 0) { /* replace the file itself, also through a symbolic link */
        if (!S_ISREG(st.st_mode)) {
            snprintf(err, errsize, "not a regular file");
            return -1;
        }
        mode = st.st_mode & 07777;
        real = realpath(path, NULL);
    }
    const char *target = real ? real : path;
    const char *slash = strrchr(target, '/');
    fuda_buf tmp = FUDA_BUF_INIT;
    if (slash) fuda_buf_addn(&tmp, target, (size_t)(slash - target + 1));
    fuda_buf_adds(&tmp, ".fuda-save-XXXXXX");
    int fd = mkstemp(tmp.p), rc = -1;
    if (fd >= 0) {
        rc = fchmod(fd, mode) == 0 && write_all(fd, text, len) == 0 && fsync(fd) == 0 ? 0 : -1;
        int saved = errno;
        if (close(fd) != 0 && rc == 0) saved = errno, rc = -1;
        if (rc == 0 && rename(tmp.p, target) != 0) saved = errno, rc = -1;
        if (rc != 0) unlink(tmp.p);
        errno = saved;
    }
    if (rc != 0) snprintf(err, errsize, "%s", strerror(errno));
    fuda_buf_free(&tmp);
    free(real);
    return rc;
}

/* Write a temporary file beside path and rename it over path's entry (a
 * link there is replaced, not followed). 0, or -1 with errno. */
static int replace_entry(const char *path, const char *text, size_t len) {
    const char *slash = strrchr(path, '/');
    fuda_buf tmp = FUDA_BUF_INIT;
    if (slash) fuda_buf_addn(&tmp, path, (size_t)(slash - path + 1));
    fuda_buf_adds(&tmp, ".fuda-save-XXXXXX");
    int fd = mkstemp(tmp.p), rc = -1;
    if (fd >= 0) {
        rc = fchmod(fd, new_file_mode()) == 0 && write_all(fd, text, len) == 0 ? 0 : -1;
        int saved = errno;
        if (close(fd) != 0 && rc == 0) saved = errno, rc = -1;
        if (rc == 0 && rename(tmp.p, path) != 0) saved = errno, rc = -1;
        if (rc != 0) unlink(tmp.p);
        errno = saved;
    }
    fuda_buf_free(&tmp);
    return rc;
}

/* Is the entry at path itself (not through a link) a regular file that
 * begins as a fuda log? */
static int plain_log_file(const char *path) {
    struct stat st;
    char head[16];
    if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode)) return 0;
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return 0;
    ssize_t n = read(fd, head, 11);
    close(fd);
    return n == 11 && memcmp(head, "fuda-log 1\n", 11) == 0;
}

/* A new file named from hint in dir: O_EXCL, so never through a link or
 * over a file already there (-1, -2... tried next), except an earlier fuda
 * log of the same name, which is replaced (a new file renamed over its
 * entry: a link planted meanwhile would be replaced, never followed). 0 with
 * its path in out, or -1 with errno. */
static int create_new(const char *dir, const char *hint, const char *text, size_t len, char *out,
                      size_t outsize) {
    char safe[64];
    size_t k = 0;
    for (const char *s = hint; *s && k < sizeof safe - 1; s++) {
        char ch = *s;
        int ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '-' ||
                 ch == '_';
        safe[k++] = ok ? ch : '_';
    }
    safe[k] = '\0';
    for (int n = 0; n < 100; n++) {
        fuda_buf path = FUDA_BUF_INIT;
        if (n == 0) fuda_buf_addf(&path, "%s/fuda-check-%s.log", dir, safe);
        else fuda_buf_addf(&path, "%s/fuda-check-%s-%d.log", dir, safe, n);
        if (plain_log_file(path.p)) {
            int rc = replace_entry(path.p, text, len);
            if (rc == 0) snprintf(out, outsize, "%s", path.p);
            fuda_buf_free(&path);
            if (rc == 0) return 0;
            continue;
        }
        int f = open(path.p, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (f < 0 && errno == EEXIST) {
            fuda_buf_free(&path);
            continue;
        }
        int ok = f >= 0 && write_all(f, text, len) == 0;
        int saved = errno;
        if (f >= 0 && close(f) != 0 && ok) ok = 0, saved = errno;
        if (f >= 0 && !ok) unlink(path.p);
        if (ok) snprintf(out, outsize, "%s", path.p);
        fuda_buf_free(&path);
        errno = saved;
        return ok ? 0 : -1;
    }
    errno = EEXIST;
    return -1;
}

int fuda_write_new_log_direct(const char *hint, const char *text, size_t len, char *out, size_t outsize) {
    const char *tmp = getenv("TMPDIR");
    const char *dirs[3] = { ".", tmp && tmp[0] == '/' ? tmp : "/tmp", "/tmp" };
    for (int i = 0; i < 3; i++)
        if (access(dirs[i], W_OK) == 0 && create_new(dirs[i], hint, text, len, out, outsize) == 0) return 0;
    snprintf(out, outsize, "no folder to write the log in");
    return -1;
}

