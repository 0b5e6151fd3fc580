/* utf8.c -- the strict UTF-8 decoder of utf8.h: the table of well-formed
 * byte sequences of the Unicode standard (Table 3-7), byte by byte. */
#include "utf8.h"

/* The length of the sequence lead byte b starts (0: b cannot start one), and
 * the range its second byte must be in (which rules out overlong forms,
 * surrogates and code points above U+10FFFF). */
static int lead(unsigned char b, unsigned char *lo, unsigned char *hi) {
    *lo = 0x80, *hi = 0xbf;
    if (b < 0x80) return 1;
    if (b < 0xc2) return 0;
    if (b < 0xe0) return 2;
    if (b == 0xe0) *lo = 0xa0;
    if (b == 0xed) *hi = 0x9f;
    if (b < 0xf0) return 3;
    if (b == 0xf0) *lo = 0x90;
    if (b == 0xf4) *hi = 0x8f;
    if (b < 0xf5) return 4;
    return 0;
}

/* How many bytes of s[0..n) fit the sequence its first byte starts (at most
 * that sequence's length, written to *len; 0 if none). */
static int fitting(const unsigned char *s, size_t n, int *len) {
    unsigned char lo, hi;
    *len = lead(s[0], &lo, &hi);
    if (*len == 0) return 0;
    int k = 1;
    for (; k < *len && (size_t)k < n; k++) {
        if (s[k] < lo || s[k] > hi) break;
        lo = 0x80, hi = 0xbf;
    }
    return k;
}

int fuda_utf8_decode(const char *s, size_t n, unsigned long *cp) {
    const unsigned char *u = (const unsigned char *)s;
    int len, k = fitting(u, n, &len);
    if (len == 0 || k < len) return 0;
    static const unsigned char first_bits[5] = { 0, 0x7f, 0x1f, 0x0f, 0x07 };
    unsigned long c = u[0] & first_bits[len];
    for (int i = 1; i < len; i++) c = (c << 6) | (u[i] & 0x3f);
    *cp = c;
    return len;
}

int fuda_utf8_partial(const char *s, size_t n) {
    int len, k = fitting((const unsigned char *)s, n, &len);
    return len > 1 && (size_t)k == n && k < len;
}

int fuda_utf8_valid(const char *s, size_t n) {
    size_t i = 0;
    while (i < n) {
        unsigned long cp;
        if ((unsigned char)s[i] < 0x80) {
            i++;
            continue;
        }
        int len = fuda_utf8_decode(s + i, n - i, &cp);
        if (len == 0) return 0;
        i += (size_t)len;
    }
    return 1;
}

int fuda_utf8_control(unsigned long cp) {
    if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) return 1;
    if (cp < 0x61c) return 0;
    return cp == 0x61c || cp == 0x200e || cp == 0x200f || (cp >= 0x2028 && cp <= 0x202e) ||
           (cp >= 0x2066 && cp <= 0x2069);
}
