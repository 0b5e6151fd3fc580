/* json_read.h -- reading JSON back (RFC 8259): the shard results `fuda merge`
 * combines. A document becomes a tree of values; each value remembers where
 * its text is in the source, so a part of a document (a "run" object) can be
 * written out again byte for byte.
 *
 * Whole numbers are kept exactly (read them with fuda_jv_long or
 * fuda_jv_u64: a seed does not fit a double); other numbers are checked but
 * not kept. Strings are decoded to UTF-8; one holding
 * \u0000 is refused (fuda never writes one). Nesting deeper than
 * FUDA_JV_DEPTH is refused, so a hostile file cannot exhaust the stack. */
#ifndef FUDA_JSON_READ_H
#define FUDA_JSON_READ_H

#include <stddef.h>
#include <stdint.h>

#define FUDA_JV_DEPTH 64

typedef enum fuda_jv_type { FUDA_JV_NULL, FUDA_JV_BOOL, FUDA_JV_NUM, FUDA_JV_STR, FUDA_JV_ARR, FUDA_JV_OBJ } fuda_jv_type;

typedef struct fuda_jv {
    fuda_jv_type type;
    int boolean;           /* BOOL: 0 or 1 */
    int n;                 /* ARR, OBJ: members */
    int whole;             /* NUM: a whole number of at most 64 bits, in neg and mag */
    int neg;
    uint64_t mag;
    char *str;             /* STR: the decoded text (malloc'd) */
    char **keys;           /* OBJ: the members' names, in order */
    struct fuda_jv *items; /* ARR, OBJ: the members' values */
    size_t at, len;        /* the value's text: source[at .. at + len) */
} fuda_jv;

/* Parse text[0..len) as one JSON value (white space around it allowed).
 * Returns the tree (malloc'd: fuda_jv_free), or NULL with "line L: what" in
 * err. */
fuda_jv *fuda_jv_parse(const char *text, size_t len, char *err, size_t errsize);
void fuda_jv_free(fuda_jv *v);

/* The member `key` of object o; NULL when o is NULL, not an object, or has
 * no such member (the first of that name). */
const fuda_jv *fuda_jv_get(const fuda_jv *o, const char *key);
/* v as a whole number: 0 and *out set, or -1 (NULL, not a number, not whole,
 * out of range); *out is left as it was on failure. */
int fuda_jv_long(const fuda_jv *v, long *out);
int fuda_jv_u64(const fuda_jv *v, uint64_t *out);
/* v's string, or NULL when v is not a string. */
const char *fuda_jv_str(const fuda_jv *v);

#endif
