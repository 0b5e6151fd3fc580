/* atomic.h -- files written in this process, never left half-written (see
 * atomic.c). files.c's fuda_write_file and fuda_write_new_log (cli.h) are what
 * commands call: in a confined worker they go to the supervisor, which does
 * the writing with these. */
#ifndef FUDA_ATOMIC_H
#define FUDA_ATOMIC_H

#include <stddef.h>

/* Write text[0..len) to path atomically: a temporary file in the same
 * folder, flushed to disk, renamed over path (through a symbolic link, the
 * file it names; the file's mode kept). 0, or -1 with the reason in err
 * ("Permission denied", "not a regular file"); then path is as it was. */
int fuda_write_file_direct(const char *path, const char *text, size_t len, char *err, size_t errsize);

/* Write text as a new file (never over one, never through a link) named
 * fuda-check-HINT[-N].log (HINT: letters, digits, '-' and '_' kept; an
 * earlier fuda log of that name is replaced, a new file renamed over its
 * entry) in the current folder, else $TMPDIR, else /tmp. 0 with its path
 * in out, or -1 with the reason in out. */
int fuda_write_new_log_direct(const char *hint, const char *text, size_t len, char *out, size_t outsize);

#endif
