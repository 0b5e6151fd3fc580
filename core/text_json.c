/* text_json.c -- the JSON sink of text_json.h. */
#include "text_json.h"

#include <string.h>

#include "utf8.h"

static size_t u_escape(char *out, unsigned long cp) {
    static const char hex[] = "0123456789abcdef";
    out[0] = '\\', out[1] = 'u';
    for (int k = 0; k < 4; k++) out[2 + k] = hex[(cp >> (12 - 4 * k)) & 15];
    return 6;
}

size_t fuda_json_quote(char *out, const char *s, size_t n) {
    size_t i = 0, o = 0;
    out[o++] = '"';
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
            out[o++] = (char)c, i++;
            continue;
        }
        unsigned long cp;
        int len = fuda_utf8_decode(s + i, n - i, &cp);
        const char *e = c == '"' ? "\\\"" : c == '\\' ? "\\\\" : c == '\n' ? "\\n" : c == '\t' ? "\\t"
                      : c == '\r' ? "\\r" : c == '\b' ? "\\b" : c == '\f' ? "\\f" : NULL;
        if (e) {
            out[o++] = e[0], out[o++] = e[1];
        } else if (len == 0) {
            o += u_escape(out + o, 0xfffd);
        } else if (fuda_utf8_control(cp)) {
            o += u_escape(out + o, cp);
        } else {
            memcpy(out + o, s + i, (size_t)len);
            o += (size_t)len;
        }
        i += len ? (size_t)len : 1;
    }
    out[o++] = '"';
    out[o] = '\0';
    return o;
}
