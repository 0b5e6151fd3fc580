/* json_read.c -- a JSON reader: text to a tree of values (see json_read.h).
 * Recursive descent over the grammar of RFC 8259, strict: no comments, no
 * trailing commas, no control characters raw in strings. */
#include "json_read.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"

typedef struct reader {
    const char *s;
    size_t len, i;
    char *err;
    size_t errsize;
    int failed;
} reader;

/* Record the first error, with the line it is on; returns -1. */
static int fail(reader *r, const char *fmt, ...) FUDA_PRINTF(2, 3);
static int fail(reader *r, const char *fmt, ...) {
    if (r->failed++) return -1;
    long line = 1;
    for (size_t k = 0; k < r->i && k < r->len; k++) line += r->s[k] == '\n';
    char what[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(r->err, r->errsize, "line %ld: %s", line, what);
    return -1;
}

static void skip_ws(reader *r) {
    while (r->i < r->len && (r->s[r->i] == ' ' || r->s[r->i] == '\t' || r->s[r->i] == '\n' || r->s[r->i] == '\r'))
        r->i++;
}

static int peek(const reader *r) { return r->i < r->len ? (unsigned char)r->s[r->i] : -1; }

static int literal(reader *r, const char *word) {
    size_t n = strlen(word);
    if (r->len - r->i < n || memcmp(r->s + r->i, word, n) != 0) return fail(r, "unexpected text");
    r->i += n;
    return 0;
}

static int is_digit(int c) { return c >= '0' && c <= '9'; }

/* A number: its grammar checked, a whole one of 64 bits kept exactly. */
static int number(reader *r, fuda_jv *v) {
    v->type = FUDA_JV_NUM;
    if (peek(r) == '-') v->neg = 1, r->i++;
    if (!is_digit(peek(r))) return fail(r, "a number without digits");
    int overflow = 0;
    if (peek(r) == '0') {
        r->i++;
    } else {
        while (is_digit(peek(r))) {
            unsigned d = (unsigned)(peek(r) - '0');
            if (v->mag > (UINT64_MAX - d) / 10) overflow = 1;
            else v->mag = v->mag * 10 + d;
            r->i++;
        }
    }
    v->whole = !overflow;
    if (peek(r) == '.') {
        r->i++;
        v->whole = 0;
        if (!is_digit(peek(r))) return fail(r, "a number without digits after its '.'");
        while (is_digit(peek(r))) r->i++;
    }
    if (peek(r) == 'e' || peek(r) == 'E') {
        r->i++;
        v->whole = 0;
        if (peek(r) == '+' || peek(r) == '-') r->i++;
        if (!is_digit(peek(r))) return fail(r, "a number without digits in its exponent");
        while (is_digit(peek(r))) r->i++;
    }
    return 0;
}

static int hex4(reader *r, unsigned *out) {
    unsigned x = 0;
    for (int k = 0; k < 4; k++) {
        int c = peek(r);
        x <<= 4;
        if (c >= '0' && c <= '9') x |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f') x |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') x |= (unsigned)(c - 'A' + 10);
        else return fail(r, "a \\u escape without four hex digits");
        r->i++;
    }
    *out = x;
    return 0;
}

static void put_utf8(fuda_buf *b, unsigned cp) {
    char u[4];
    size_t n;
    if (cp < 0x80) u[0] = (char)cp, n = 1;
    else if (cp < 0x800) u[0] = (char)(0xC0 | cp >> 6), u[1] = (char)(0x80 | (cp & 0x3F)), n = 2;
    else if (cp < 0x10000)
        u[0] = (char)(0xE0 | cp >> 12), u[1] = (char)(0x80 | ((cp >> 6) & 0x3F)), u[2] = (char)(0x80 | (cp & 0x3F)), n = 3;
    else
        u[0] = (char)(0xF0 | cp >> 18), u[1] = (char)(0x80 | ((cp >> 12) & 0x3F)),
        u[2] = (char)(0x80 | ((cp >> 6) & 0x3F)), u[3] = (char)(0x80 | (cp & 0x3F)), n = 4;
    fuda_buf_addn(b, u, n);
}

/* A \uXXXX escape (after its backslash and u), a surrogate pair whole. */
static int unicode_escape(reader *r, fuda_buf *b) {
    unsigned cp, lo;
    if (hex4(r, &cp) < 0) return -1;
    if (cp >= 0xDC00 && cp <= 0xDFFF) return fail(r, "a lone low surrogate");
    if (cp >= 0xD800 && cp <= 0xDBFF) {
        if (r->len - r->i < 2 || r->s[r->i] != '\\' || r->s[r->i + 1] != 'u') return fail(r, "a lone high surrogate");
        r->i += 2;
        if (hex4(r, &lo) < 0) return -1;
        if (lo < 0xDC00 || lo > 0xDFFF) return fail(r, "a high surrogate without its low one");
        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
    }
    if (cp == 0) return fail(r, "a string holding \\u0000");
    put_utf8(b, cp);
    return 0;
}

/* A string (at its opening quote) into *out (malloc'd). */
static int string(reader *r, char **out) {
    fuda_buf b = FUDA_BUF_INIT;
    r->i++;
    for (;;) {
        int c = peek(r);
        if (c < 0) {
            fuda_buf_free(&b);
            return fail(r, "a string without its closing quote");
        }
        r->i++;
        if (c == '"') break;
        if (c < 0x20) {
            fuda_buf_free(&b);
            return fail(r, "a control character in a string");
        }
        if (c != '\\') {
            fuda_buf_addc(&b, (char)c);
            continue;
        }
        c = peek(r);
        r->i++;
        const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
        const char *k = c > 0 ? strchr(from, c) : NULL;
        if (k) {
            fuda_buf_addc(&b, to[k - from]);
        } else if (c == 'u') {
            if (unicode_escape(r, &b) < 0) {
                fuda_buf_free(&b);
                return -1;
            }
        } else {
            fuda_buf_free(&b);
            return fail(r, "an unknown escape in a string");
        }
    }
    *out = b.p ? fuda_buf_take(&b) : fuda_xstrdup("");
    return 0;
}

static int value(reader *r, fuda_jv *v, int depth);

/* The members of an array or object (at its opening bracket). */
static int members(reader *r, fuda_jv *v, int depth, int object) {
    int cap = 0;
    char close = object ? '}' : ']';
    r->i++;
    skip_ws(r);
    if (peek(r) == close) {
        r->i++;
        return 0;
    }
    for (;;) {
        if (v->n == cap) {
            cap = cap ? 2 * cap : 4;
            v->items = fuda_xrealloc(v->items, (size_t)cap * sizeof *v->items);
            if (object) v->keys = fuda_xrealloc(v->keys, (size_t)cap * sizeof *v->keys);
        }
        skip_ws(r);
        if (object) {
            if (peek(r) != '"') return fail(r, "expected a member name in quotes");
            if (string(r, &v->keys[v->n]) < 0) return -1;
            skip_ws(r);
            if (peek(r) != ':') {
                free(v->keys[v->n]);
                return fail(r, "expected ':' after a member name");
            }
            r->i++;
        }
        memset(&v->items[v->n], 0, sizeof v->items[v->n]);
        int rc = value(r, &v->items[v->n], depth + 1);
        v->n++; /* freed with the rest, also half made */
        if (rc < 0) return -1;
        skip_ws(r);
        if (peek(r) == close) {
            r->i++;
            return 0;
        }
        if (peek(r) != ',') return fail(r, object ? "expected ',' or '}'" : "expected ',' or ']'");
        r->i++;
    }
}

static int value(reader *r, fuda_jv *v, int depth) {
    if (depth > FUDA_JV_DEPTH) return fail(r, "nested more than %d deep", FUDA_JV_DEPTH);
    skip_ws(r);
    v->at = r->i;
    int c = peek(r), rc;
    if (c == '{' || c == '[') {
        v->type = c == '{' ? FUDA_JV_OBJ : FUDA_JV_ARR;
        rc = members(r, v, depth, c == '{');
    } else if (c == '"') {
        v->type = FUDA_JV_STR;
        rc = string(r, &v->str);
    } else if (c == 't' || c == 'f') {
        v->type = FUDA_JV_BOOL;
        v->boolean = c == 't';
        rc = literal(r, c == 't' ? "true" : "false");
    } else if (c == 'n') {
        v->type = FUDA_JV_NULL;
        rc = literal(r, "null");
    } else if (c == '-' || is_digit(c)) {
        rc = number(r, v);
    } else {
        rc = fail(r, c < 0 ? "the text ends where a value should be" : "unexpected text");
    }
    v->len = r->i - v->at;
    return rc;
}

static void free_members(fuda_jv *v) {
    for (int k = 0; k < v->n; k++) {
        free_members(&v->items[k]);
        if (v->keys) free(v->keys[k]);
    }
    free(v->items);
    free(v->keys);
    free(v->str);
}

fuda_jv *fuda_jv_parse(const char *text, size_t len, char *err, size_t errsize) {
    reader r = { text, len, 0, err, errsize, 0 };
    fuda_jv *v = fuda_xrealloc(NULL, sizeof *v);
    memset(v, 0, sizeof *v);
    int rc = value(&r, v, 0);
    skip_ws(&r);
    if (rc == 0 && r.i < len) rc = fail(&r, "more text after the value");
    if (rc < 0) {
        fuda_jv_free(v);
        return NULL;
    }
    return v;
}

void fuda_jv_free(fuda_jv *v) {
    if (!v) return;
    free_members(v);
    free(v);
}

const fuda_jv *fuda_jv_get(const fuda_jv *o, const char *key) {
    if (!o || o->type != FUDA_JV_OBJ) return NULL;
    for (int k = 0; k < o->n; k++)
        if (strcmp(o->keys[k], key) == 0) return &o->items[k];
    return NULL;
}

int fuda_jv_long(const fuda_jv *v, long *out) {
    if (!v || v->type != FUDA_JV_NUM || !v->whole) return -1;
    if (v->neg ? v->mag > (uint64_t)LONG_MAX + 1 : v->mag > (uint64_t)LONG_MAX) return -1;
    *out = v->neg ? (long)(0 - v->mag) : (long)v->mag;
    return 0;
}

int fuda_jv_u64(const fuda_jv *v, uint64_t *out) {
    if (!v || v->type != FUDA_JV_NUM || !v->whole || (v->neg && v->mag)) return -1;
    *out = v->mag;
    return 0;
}

const char *fuda_jv_str(const fuda_jv *v) { return v && v->type == FUDA_JV_STR ? v->str : NULL; }
