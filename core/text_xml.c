/* text_xml.c -- the XML sink of text_xml.h. */
#include "text_xml.h"

#include <string.h>

#include "utf8.h"

size_t fuda_xml_escape(char *out, const char *s, size_t n) {
    size_t i = 0, o = 0;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        const char *e = c == '&' ? "&amp;" : c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '"' ? "&quot;"
                      : c == '\'' ? "&#39;" : NULL;
        unsigned long cp;
        int len = e ? 1 : fuda_utf8_decode(s + i, n - i, &cp);
        if (e) {
            size_t k = strlen(e);
            memcpy(out + o, e, k);
            o += k;
        } else if (len == 0 || cp == 0xfffe || cp == 0xffff ||
                   (fuda_utf8_control(cp) && cp != '\t' && cp != '\n')) {
            memcpy(out + o, "\xef\xbf\xbd", 3); /* U+FFFD */
            o += 3;
        } else {
            memcpy(out + o, s + i, (size_t)len);
            o += (size_t)len;
        }
        i += len ? (size_t)len : 1;
    }
    out[o] = '\0';
    return o;
}
