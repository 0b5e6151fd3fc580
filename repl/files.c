/* files.c -- the files the program reads and writes for the user: a text it
 * reads whole (a rules document), a saved log written so that a failure
 * never leaves half a file (temp file, fsync, rename; in a confined worker
 * the supervisor writes it, see broker.h), and where its state
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

#include "atomic.h"
#include "broker.h"
#include "buf.h"
#include "file.h"

char *fuda_read_file(const char *path) {
    char why[128];
    size_t len;
    char *text = fuda_file_read(path, FUDA_MAX_LOG_BYTES, &len, why, sizeof why);
    if (!text) errno = EIO;
    return text;
}

int fuda_write_file(const char *path, const char *text, size_t len, char *err, size_t errsize) {
    if (fuda_broker_active()) return fuda_broker_write(path, text, len, err, errsize);
    return fuda_write_file_direct(path, text, len, err, errsize);
}

int fuda_write_new_log(const char *hint, const char *text, size_t len, char *out, size_t outsize) {
    if (fuda_broker_active()) return fuda_broker_write_new(hint, text, len, out, outsize);
    return fuda_write_new_log_direct(hint, text, len, out, outsize);
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
