/* suggest.h -- "did you mean": the known name closest to a mistyped one.
 *
 * Closeness is the edit distance (insertions, deletions, substitutions and
 * swaps of two neighbours, byte by byte). A name is suggested only when it is
 * close enough to be a typo: at most 2 edits, and fewer than half the typed
 * name's length. */
#ifndef FUDA_SUGGEST_H
#define FUDA_SUGGEST_H

#include <stddef.h>

/* The edit distance of a and b, or limit + 1 when it is more than limit
 * (names longer than 64 bytes: limit + 1 unless equal). Never fails. */
int fuda_edit_distance(const char *a, const char *b, int limit);

/* The closest of names[0..n) to `typed`, or NULL when none is close enough
 * (or typed is one of them). The result points into names. */
const char *fuda_suggest(const char *typed, const char *const *names, size_t n);

#endif
