/* files.c -- the files the program reads and writes for the user: a text it
 * reads whole (a rules document), a saved log written so that a failure
 * never leaves half a file (temp file, fsync, rename), and where its state
 * (histories) and data (the last match of fuda play) live: the XDG folders. */
#define _XOPEN_SOURCE 700 /* realpath, fsync */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "file.h"

char *fuda_read_file(const char *path) {
    char why[128];
    size_t len;
    char *text = fuda_file_read(path, FUDA_MAX_LOG_BYTES, &len, why, sizeof why);
    if (!text) errno = EIO;
    return text;
}

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

int fuda_write_file(const char *path, const char *text, size_t len, char *err, size_t errsize) {
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

/* mkdir -p for the folder part of path (mode 0700); 0 or -1. */
static int make_parents(char *path) {
    for (char *p = path + 1; *p; p++) {
        if (*p != '/') continue;
        *p = '\0';
        int rc = mkdir(path, 0700);
        *p = '/';
        if (rc != 0 && errno != EEXIST) return -1;
    }
    return 0;
}

/* XDG/fuda/NAME (xdg: the value of an XDG_*_HOME variable), or
 * ~/FALLBACK/fuda/NAME when xdg is unset or not absolute, its folders made;
 * NULL without HOME or when they cannot be made. */
static char *xdg_file(const char *xdg, const char *fallback, const char *name) {
    const char *home = getenv("HOME");
    fuda_buf b = FUDA_BUF_INIT;
    if (xdg && xdg[0] == '/') fuda_buf_addf(&b, "%s/fuda/%s", xdg, name);
    else if (home && *home) fuda_buf_addf(&b, "%s/%s/fuda/%s", home, fallback, name);
    else return NULL;
    char *path = fuda_buf_take(&b);
    if (make_parents(path) != 0) {
        free(path);
        return NULL;
    }
    return path;
}

char *fuda_state_file(const char *name) { return xdg_file(getenv("XDG_STATE_HOME"), ".local/state", name); }

char *fuda_data_file(const char *name) { return xdg_file(getenv("XDG_DATA_HOME"), ".local/share", name); }
