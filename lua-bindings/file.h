/* file.h -- reading a whole file that somebody named (a variant, a log, a
 * rules document) without trusting the name: only a regular file is read, at
 * most a given number of bytes, and nothing ever blocks (a FIFO, a terminal or
 * a device is refused before it is read). */
#ifndef FUDA_FILE_H
#define FUDA_FILE_H

#include <stddef.h>

#define FUDA_MAX_VARIANT_BYTES ((size_t)4 << 20) /* a variant or library file */
#define FUDA_MAX_LOG_BYTES ((size_t)16 << 20)    /* a saved match log */

/* Read the regular file at path, at most cap bytes. Returns a malloc'd buffer
 * (the caller frees it) holding the bytes and a NUL after them, with the
 * length in *len (the text may hold NUL bytes itself). On failure returns
 * NULL and writes why into err (errsize bytes): the system's message ("No
 * such file or directory"), "not a regular file", or "larger than N MiB". */
char *fuda_file_read(const char *path, size_t cap, size_t *len, char *err, size_t errsize);

#endif
