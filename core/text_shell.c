/* text_shell.c -- the shell sink of text_shell.h. */
#include "text_shell.h"

#include <string.h>

#include "utf8.h"

static int bare_byte(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           (c != 0 && strchr("_-./:,+@%=", c) != NULL);
}

static int is_bare(const char *s, size_t n) {
    if (n == 0 || s[0] == '=') return 0;
    for (size_t i = 0; i < n; i++)
        if (!bare_byte((unsigned char)s[i])) return 0;
    return 1;
}

/* Is every character of s[0..n) printable (valid UTF-8, no control)? */
static int printable(const char *s, size_t n) {
    size_t i = 0;
    while (i < n) {
        unsigned long cp;
        int len = fuda_utf8_decode(s + i, n - i, &cp);
        if (len == 0 || fuda_utf8_control(cp)) return 0;
        i += (size_t)len;
    }
    return 1;
}

/* 'run'\''run': quotes opened only around runs without a quote. */
static size_t single_quoted(char *out, const char *s, size_t n) {
    size_t o = 0;
    int open = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\'') {
            if (open) out[o++] = '\'', open = 0;
            out[o++] = '\\', out[o++] = '\'';
            continue;
        }
        if (!open) out[o++] = '\'', open = 1;
        out[o++] = s[i];
    }
    if (open) out[o++] = '\'';
    return o;
}

static size_t ansi_c_quoted(char *out, const char *s, size_t n) {
    size_t o = 0, i = 0;
    out[o++] = '$', out[o++] = '\'';
    while (i < n) {
        unsigned long cp;
        int len = fuda_utf8_decode(s + i, n - i, &cp);
        size_t k = len ? (size_t)len : 1;
        if (len && (cp == '\\' || cp == '\'')) {
            out[o++] = '\\', out[o++] = (char)cp;
        } else if (len && !fuda_utf8_control(cp)) {
            memcpy(out + o, s + i, k);
            o += k;
        } else {
            for (size_t j = 0; j < k; j++) {
                unsigned char c = (unsigned char)s[i + j];
                out[o++] = '\\';
                out[o++] = (char)('0' + (c >> 6));
                out[o++] = (char)('0' + ((c >> 3) & 7));
                out[o++] = (char)('0' + (c & 7));
            }
        }
        i += k;
    }
    out[o++] = '\'';
    return o;
}

size_t fuda_shell_quote(char *out, const char *s, size_t n) {
    size_t o;
    if (n == 0) {
        memcpy(out, "''", 2);
        o = 2;
    } else if (is_bare(s, n)) {
        memcpy(out, s, n);
        o = n;
    } else if (printable(s, n)) {
        o = single_quoted(out, s, n);
    } else {
        o = ansi_c_quoted(out, s, n);
    }
    out[o] = '\0';
    return o;
}
