/* movetext.c -- the grammar of a move's text (see movetext.h). */
#include "movetext.h"

/* Length of the UTF-8 sequence at s (at most n bytes), its code point in
 * *cp; 0 when it is not valid UTF-8. */
static size_t utf8_seq(const unsigned char *s, size_t n, unsigned long *cp) {
    unsigned long c = s[0];
    size_t len;
    unsigned long min;
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    if (c >= 0xc2 && c <= 0xdf) len = 2, min = 0x80, c &= 0x1f;
    else if (c >= 0xe0 && c <= 0xef) len = 3, min = 0x800, c &= 0x0f;
    else if (c >= 0xf0 && c <= 0xf4) len = 4, min = 0x10000, c &= 0x07;
    else return 0;
    if (len > n) return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80) return 0;
        c = (c << 6) | (s[i] & 0x3f);
    }
    if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff)) return 0;
    *cp = c;
    return len;
}

static int bad(const char *reason, size_t i, const char **why, size_t *at) {
    *why = reason;
    *at = i;
    return -1;
}

int fuda_move_text_check(const char *text, size_t len, const char **why, size_t *at) {
    const unsigned char *s = (const unsigned char *)text;
    if (len == 0) return bad("it is empty", 0, why, at);
    if (len > FUDA_MOVE_TEXT_MAX) return bad("it is longer than 256 bytes", FUDA_MOVE_TEXT_MAX, why, at);
    if (s[0] == ' ') return bad("it starts with a space", 0, why, at);
    if (s[len - 1] == ' ') return bad("it ends with a space", len - 1, why, at);
    for (size_t i = 0; i < len;) {
        unsigned long cp;
        size_t n = utf8_seq(s + i, len - i, &cp);
        if (n == 0) return bad("a byte that is not valid UTF-8", i, why, at);
        if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) return bad("a control character", i, why, at);
        if (cp == ' ' && s[i + 1] == ' ') return bad("two spaces in a row", i, why, at);
        i += n;
    }
    return 0;
}
