/* out.c -- the filtered stdout and stderr of out.h: streams made with
 * fopencookie whose write function passes the bytes through the terminal
 * sink and writes them to the file descriptor.
 *
 * A write may end inside a UTF-8 character (a full buffer, or fputc byte by
 * byte on unbuffered stderr): the bytes that begin a valid character are held
 * until the next write completes it or shows it invalid, and at exit they are
 * shown as the invalid bytes they are. */
#define _GNU_SOURCE /* fopencookie */
#include "out.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "render.h"
#include "text_term.h"
#include "utf8.h"

typedef struct sink {
    FILE *f;       /* the filtered stream */
    FILE *orig;    /* the standard stream it took the place of */
    int fd;
    int raw;       /* fuda_out_raw is writing: no filter */
    char held[4];  /* the beginning of a character a write cut short */
    size_t nheld;
} sink;

static sink sinks[2]; /* stdout, stderr */

static int write_all(int fd, const char *s, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, s, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return -1;
        s += w, n -= (size_t)w;
    }
    return 0;
}

/* Show the held bytes as the invalid bytes they turned out to be. */
static int flush_held(sink *k) {
    char out[4 * FUDA_TERM_CHAR_MAX];
    size_t o = 0;
    for (size_t i = 0; i < k->nheld; i++) {
        size_t used;
        o += fuda_term_char(out + o, k->held + i, 1, FUDA_TERM_BLOCK, &used);
    }
    k->nheld = 0;
    return write_all(k->fd, out, o);
}

/* The held bytes and the first bytes of buf: show the characters that start
 * among the held ones. Returns how many bytes of buf they took, or -1 when
 * all of buf went into the held bytes again (still cut short). */
static long take_held(sink *k, const char *buf, size_t size, char *out, size_t *o) {
    char tmp[8];
    size_t t = k->nheld, extra = size < 4 ? size : 4, tn = t + extra, pos = 0;
    memcpy(tmp, k->held, t);
    memcpy(tmp + t, buf, extra);
    while (pos < t) {
        if (extra == size && fuda_utf8_partial(tmp + pos, tn - pos)) {
            memmove(k->held, tmp + pos, tn - pos);
            k->nheld = tn - pos;
            return -1;
        }
        size_t used;
        *o += fuda_term_char(out + *o, tmp + pos, tn - pos, FUDA_TERM_BLOCK, &used);
        pos += used;
    }
    k->nheld = 0;
    return (long)(pos - t);
}

/* cookie write: the sink, then the file descriptor. size on success, 0 on an
 * error (fopencookie's convention). */
static ssize_t sink_write(void *cookie, const char *buf, size_t size) {
    sink *k = cookie;
    if (k->raw) return flush_held(k) == 0 && write_all(k->fd, buf, size) == 0 ? (ssize_t)size : 0;
    char out[4096 + 4 * FUDA_TERM_CHAR_MAX];
    size_t o = 0, i = 0;
    if (k->nheld) {
        long took = take_held(k, buf, size, out, &o);
        if (took < 0) return write_all(k->fd, out, o) == 0 ? (ssize_t)size : 0;
        i = (size_t)took;
    }
    while (i < size) {
        unsigned char c = (unsigned char)buf[i];
        if ((c >= 0x20 && c < 0x7f) || c == '\n' || c == '\t') {
            out[o++] = (char)c, i++;
        } else if (fuda_utf8_partial(buf + i, size - i)) {
            memcpy(k->held, buf + i, size - i);
            k->nheld = size - i;
            break;
        } else {
            size_t used;
            o += fuda_term_char(out + o, buf + i, size - i, FUDA_TERM_BLOCK, &used);
            i += used;
        }
        if (o >= 4096) {
            if (write_all(k->fd, out, o) != 0) return 0;
            o = 0;
        }
    }
    return write_all(k->fd, out, o) == 0 ? (ssize_t)size : 0;
}

static sink *sink_of(FILE *f) {
    for (int i = 0; i < 2; i++)
        if (sinks[i].f && sinks[i].f == f) return &sinks[i];
    return NULL;
}

static void out_exit(void) {
    for (int i = 0; i < 2; i++) {
        if (!sinks[i].f) continue;
        fflush(sinks[i].f);
        flush_held(&sinks[i]);
    }
}

#if defined(__GLIBC__)
static void take_over(sink *k, FILE **std, int fd, int mode) {
    cookie_io_functions_t io = { NULL, sink_write, NULL, NULL };
    fflush(*std);
    FILE *f = fopencookie(k, "w", io);
    if (!f || setvbuf(f, NULL, mode, mode == _IONBF ? 0 : BUFSIZ) != 0) {
        fputs("fuda: out of memory\n", stderr);
        exit(1);
    }
    k->f = f, k->orig = *std, k->fd = fd;
    *std = f;
}
#endif

void fuda_out_init(void) {
#if defined(__GLIBC__)
    if (sinks[0].f) return;
    take_over(&sinks[0], &stdout, STDOUT_FILENO, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF);
    take_over(&sinks[1], &stderr, STDERR_FILENO, _IONBF);
    atexit(out_exit);
#endif
}

void fuda_out_raw(FILE *f, const char *s, size_t n) {
    sink *k = sink_of(f);
    if (!k) {
        fwrite(s, 1, n, f);
        return;
    }
    flockfile(f);
    fflush(f);
    k->raw = 1;
    fwrite(s, 1, n, f);
    fflush(f);
    k->raw = 0;
    funlockfile(f);
}

FILE *fuda_out_unfiltered(FILE *f) {
    sink *k = sink_of(f);
    return k ? k->orig : f;
}

#define RING 8
static __thread char *ring[RING];
static __thread size_t ring_cap[RING];
static __thread int ring_next;

const char *fuda_out_line(const char *s) {
    size_t n = strlen(s);
    if (fuda_term_clean(s, n, FUDA_TERM_LINE)) return s;
    int k = ring_next;
    ring_next = (k + 1) % RING;
    if (ring_cap[k] < FUDA_TERM_SIZE(n)) {
        char *p = realloc(ring[k], FUDA_TERM_SIZE(n));
        if (!p) {
            fputs("fuda: out of memory\n", stderr);
            exit(1);
        }
        ring[k] = p, ring_cap[k] = FUDA_TERM_SIZE(n);
    }
    fuda_term_escape(ring[k], s, n, FUDA_TERM_LINE);
    return ring[k];
}

void fuda_out_show(const char *text, int style) {
    fuda_buf safe = FUDA_BUF_INIT;
    fuda_buf_term(&safe, text, FUDA_TERM_BLOCK);
    char *r = fuda_render_cards(safe.p, style);
    char *s = fuda_wrap(r, fuda_term_width(stdout));
    size_t n = strlen(s);
    fuda_buf_free(&safe);
    free(r);
    fuda_out_raw(stdout, s, n); /* the colours are fuda's: past the sink */
    if (n && s[n - 1] != '\n') putchar('\n');
    free(s);
}
