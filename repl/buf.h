/* buf.h -- a growable string for building output text (rendered events,
 * messages). Header-only: every function is static inline, so a unit test can
 * include any repl/ source file on its own.
 *
 * Out of memory is fatal: fuda is a command-line program and has nothing
 * better to do than say so and exit 1. */
#ifndef FUDA_BUF_H
#define FUDA_BUF_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text_shell.h"
#include "text_term.h"

#ifndef FUDA_PRINTF /* let GCC and Clang check the formats of printf-like functions */
#if defined(__GNUC__)
#define FUDA_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define FUDA_PRINTF(fmt, args)
#endif
#endif

typedef struct fuda_buf {
    char *p;    /* NUL-terminated once anything was added */
    size_t len;
    size_t cap;
} fuda_buf;

#define FUDA_BUF_INIT { NULL, 0, 0 }

static inline void *fuda_xrealloc(void *p, size_t n) {
    void *q = realloc(p, n ? n : 1);
    if (!q) {
        fputs("fuda: out of memory\n", stderr);
        exit(1);
    }
    return q;
}

static inline char *fuda_xstrdup(const char *s) {
    size_t n = strlen(s) + 1;
    return memcpy(fuda_xrealloc(NULL, n), s, n);
}

static inline void fuda_buf_grow(fuda_buf *b, size_t extra) {
    if (b->len + extra + 1 <= b->cap) return;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->len + extra + 1) cap *= 2;
    b->p = fuda_xrealloc(b->p, cap);
    b->cap = cap;
}

static inline void fuda_buf_addn(fuda_buf *b, const char *s, size_t n) {
    fuda_buf_grow(b, n);
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

static inline void fuda_buf_adds(fuda_buf *b, const char *s) { fuda_buf_addn(b, s, strlen(s)); }

static inline void fuda_buf_addc(fuda_buf *b, char c) { fuda_buf_addn(b, &c, 1); }

static inline void fuda_buf_addf(fuda_buf *b, const char *fmt, ...) FUDA_PRINTF(2, 3);
static inline void fuda_buf_addf(fuda_buf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    fuda_buf_grow(b, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

/* Append s as the terminal shows script text (text_term.h: FUDA_TERM_BLOCK
 * keeps newlines and tabs, FUDA_TERM_LINE shows them as \n and \t). */
static inline void fuda_buf_term(fuda_buf *b, const char *s, int mode) {
    size_t n = strlen(s);
    fuda_buf_grow(b, FUDA_TERM_SIZE(n));
    b->len += fuda_term_escape(b->p + b->len, s, n, mode);
}

/* Append s quoted as one shell word (text_shell.h), for a command the user
 * may paste. */
static inline void fuda_buf_shell(fuda_buf *b, const char *s) {
    size_t n = strlen(s);
    fuda_buf_grow(b, FUDA_SHELL_SIZE(n));
    b->len += fuda_shell_quote(b->p + b->len, s, n);
}

/* The text, which the caller now owns ("" if nothing was added). */
static inline char *fuda_buf_take(fuda_buf *b) {
    char *s = b->p ? b->p : fuda_xstrdup("");
    b->p = NULL;
    b->len = b->cap = 0;
    return s;
}

static inline void fuda_buf_free(fuda_buf *b) {
    free(b->p);
    b->p = NULL;
    b->len = b->cap = 0;
}

#endif
