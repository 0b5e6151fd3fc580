/* sbuf.h -- a growing text (view.c has its one function). Included by the
 * files that build text of unknown length: view.c, log.c, sheet.c,
 * tables_view.c, surface_walk.c. */
#ifndef FUDA_SBUF_H
#define FUDA_SBUF_H

#include <stddef.h>

typedef struct fuda_sbuf { char *s; size_t n, cap; } fuda_sbuf; /* the caller frees s */
/* Append printf-style text to b. When it cannot grow, the text is dropped
 * (b->s stays a valid string once anything was added). */
void fuda_sb_add(fuda_sbuf *b, const char *fmt, ...);

#endif
