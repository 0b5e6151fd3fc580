/* text_term.c -- the terminal sink of text_term.h: one character at a time,
 * runs of plain printable ASCII copied whole. */
#include "text_term.h"

#include <stdlib.h>
#include <string.h>

#include "utf8.h"

static const char hex[] = "0123456789abcdef";

/* A byte that needs no look: printable ASCII. */
static int plain(unsigned char c) { return c >= 0x20 && c < 0x7f; }

static size_t byte_escape(char *out, unsigned char c) {
    out[0] = '\\', out[1] = 'x', out[2] = hex[c >> 4], out[3] = hex[c & 15];
    return 4;
}

size_t fuda_term_char(char *out, const char *s, size_t n, int mode, size_t *used) {
    unsigned char c = (unsigned char)s[0];
    unsigned long cp;
    int len = fuda_utf8_decode(s, n, &cp);
    *used = len ? (size_t)len : 1;
    if (len == 0) return byte_escape(out, c);
    if (!fuda_utf8_control(cp)) {
        memcpy(out, s, (size_t)len);
        return (size_t)len;
    }
    if ((cp == '\n' || cp == '\t') && mode == FUDA_TERM_BLOCK) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp == '\n' || cp == '\t' || cp == '\r') {
        out[0] = '\\', out[1] = cp == '\n' ? 'n' : cp == '\t' ? 't' : 'r';
        return 2;
    }
    if (cp < 0x80) return byte_escape(out, c);
    static const char upper[] = "0123456789ABCDEF";
    memcpy(out, "<U+", 3);
    for (int k = 0; k < 4; k++) out[3 + k] = upper[(cp >> (12 - 4 * k)) & 15];
    out[7] = '>';
    return 8;
}

size_t fuda_term_escape(char *out, const char *s, size_t n, int mode) {
    size_t i = 0, o = 0;
    while (i < n) {
        size_t run = 0;
        while (i + run < n && plain((unsigned char)s[i + run])) run++;
        memcpy(out + o, s + i, run);
        o += run, i += run;
        if (i < n) {
            size_t used;
            o += fuda_term_char(out + o, s + i, n - i, mode, &used);
            i += used;
        }
    }
    out[o] = '\0';
    return o;
}

int fuda_term_clean(const char *s, size_t n, int mode) {
    size_t i = 0;
    while (i < n) {
        if (plain((unsigned char)s[i])) {
            i++;
            continue;
        }
        char tmp[FUDA_TERM_CHAR_MAX];
        size_t used, len = fuda_term_char(tmp, s + i, n - i, mode, &used);
        if (len != used || memcmp(tmp, s + i, len) != 0) return 0;
        i += used;
    }
    return 1;
}

char *fuda_term_dup(const char *s, int mode) {
    size_t n = strlen(s);
    char *out = malloc(FUDA_TERM_SIZE(n));
    if (out) fuda_term_escape(out, s, n, mode);
    return out;
}

size_t fuda_term_len(const char *s, size_t n, int mode) {
    char tmp[FUDA_TERM_CHAR_MAX];
    size_t i = 0, len = 0;
    while (i < n) {
        size_t used = 1;
        if (plain((unsigned char)s[i])) len++;
        else len += fuda_term_char(tmp, s + i, n - i, mode, &used);
        i += used;
    }
    return len;
}

int fuda_term_write(FILE *f, const char *s, size_t n, int mode) {
    char buf[4096];
    size_t i = 0, o = 0;
    while (i < n) {
        size_t used;
        if (plain((unsigned char)s[i])) buf[o++] = s[i], used = 1;
        else o += fuda_term_char(buf + o, s + i, n - i, mode, &used);
        i += used;
        if (o + FUDA_TERM_CHAR_MAX > sizeof buf) {
            if (fwrite(buf, 1, o, f) != o) return EOF;
            o = 0;
        }
    }
    if (o && fwrite(buf, 1, o, f) != o) return EOF;
    return 0;
}
