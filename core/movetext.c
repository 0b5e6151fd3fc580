/* movetext.c -- the grammar of a move's text (see movetext.h). */
#include "movetext.h"
#include "utf8.h"

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
        size_t n = (size_t)fuda_utf8_decode(text + i, len - i, &cp);
        if (n == 0) return bad("a byte that is not valid UTF-8", i, why, at);
        if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) return bad("a control character", i, why, at);
        if (cp == ' ' && s[i + 1] == ' ') return bad("two spaces in a row", i, why, at);
        i += n;
    }
    return 0;
}
