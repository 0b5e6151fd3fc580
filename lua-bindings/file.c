/* file.c -- reading a named file whole, safely (see file.h).
 *
 * The file is looked at with stat() before it is opened, so a device or a
 * FIFO is never even opened; it is then opened with O_NONBLOCK (should it be
 * swapped for a FIFO in between, the open does not wait for a writer) and
 * checked again with fstat() on the descriptor that is read. */
#include "file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif

static void too_big(size_t cap, char *err, size_t errsize) {
    if (cap % ((size_t)1 << 20) == 0) snprintf(err, errsize, "larger than %zu MiB", cap >> 20);
    else snprintf(err, errsize, "larger than %zu bytes", cap);
}

/* Read all of fd (at most cap bytes) into a new buffer; NULL with err set. */
static char *read_all(int fd, size_t cap, size_t hint, size_t *len, char *err, size_t errsize) {
    size_t size = (hint < cap ? hint : cap) + 1, n = 0;
    char *buf = (char *)malloc(size + 1);
    if (!buf) { snprintf(err, errsize, "out of memory"); return NULL; }
    for (;;) {
        if (n == size) { /* the file grew: make room, up to one byte past cap */
            size_t more = size * 2 > cap + 1 ? cap + 1 : size * 2;
            if (more == size) break; /* cap + 1 bytes read: too big */
            char *p = (char *)realloc(buf, more + 1);
            if (!p) {
                snprintf(err, errsize, "out of memory");
                free(buf);
                return NULL;
            }
            buf = p, size = more;
        }
        ssize_t got = read(fd, buf + n, size - n);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) {
            snprintf(err, errsize, "%s", strerror(errno));
            free(buf);
            return NULL;
        }
        if (got == 0) break;
        n += (size_t)got;
    }
    if (n > cap) {
        too_big(cap, err, errsize);
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

char *fuda_file_read(const char *path, size_t cap, size_t *len, char *err, size_t errsize) {
    struct stat st;
    if (stat(path, &st) != 0) {
        snprintf(err, errsize, "%s", strerror(errno));
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(err, errsize, "not a regular file");
        return NULL;
    }
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errsize, "%s", strerror(errno));
        return NULL;
    }
    char *buf = NULL;
    if (fstat(fd, &st) != 0) snprintf(err, errsize, "%s", strerror(errno));
    else if (!S_ISREG(st.st_mode)) snprintf(err, errsize, "not a regular file");
    else if (st.st_size < 0 || (unsigned long long)st.st_size > cap) too_big(cap, err, errsize);
    else buf = read_all(fd, cap, (size_t)st.st_size, len, err, errsize);
    close(fd);
    return buf;
}
