/* json.c -- JSON strings as the program writes them: every string of every
 * JSON result or protocol line goes through fuda_json_str, over core's
 * text_json sink (valid UTF-8 whatever the bytes, controls escaped). */
#include "json.h"

#include <string.h>

#include "text_json.h"

void fuda_json_str(fuda_buf *b, const char *s) {
    size_t n = strlen(s);
    fuda_buf_grow(b, FUDA_JSON_SIZE(n));
    b->len += fuda_json_quote(b->p + b->len, s, n);
}

void fuda_json_put(FILE *f, const char *s) {
    fuda_buf b = FUDA_BUF_INIT;
    fuda_json_str(&b, s);
    fputs(b.p, f);
    fuda_buf_free(&b);
}
