/* json.h -- the one JSON string writer of the program (see json.c). */
#ifndef FUDA_JSON_H
#define FUDA_JSON_H

#include <stdio.h>
#include "buf.h"

/* Append s as a JSON string to b: quoted, escaped, valid UTF-8 whatever the
 * bytes of s (core/text_json.h: invalid bytes become U+FFFD, controls \u
 * escapes). Every JSON string fuda writes goes through it. */
void fuda_json_str(fuda_buf *b, const char *s);
/* The same string written to f. */
void fuda_json_put(FILE *f, const char *s);

#endif
