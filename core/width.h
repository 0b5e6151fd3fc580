/* width.h -- how many columns text takes on a terminal, and where a line of
 * it may break, for whatever lays text out to a width (the play screen, the
 * scoresheet, `fuda rules`).
 *
 * A terminal shows most characters in one column, the wide East Asian ones
 * (kana, kanji, hangul, fullwidth forms, most emoji) in two, and combining
 * marks, zero-width characters and escape sequences in none. The table is
 * fuda's own, a short list of ranges after Unicode's East Asian Width
 * property (W and F), which is what terminals follow; the ambiguous ones
 * (suit symbols, the multiplication sign) count one, as they do on every
 * terminal not set up for CJK. */
#ifndef FUDA_WIDTH_H
#define FUDA_WIDTH_H

#include <stddef.h>

/* The columns code point cp takes: 0, 1 or 2. Never fails. */
int fuda_cp_columns(unsigned long cp);

/* The columns s[0..n) takes on a terminal: each character its own, escape
 * sequences ("\033[31m") none, an invalid byte one (it is shown as one
 * replacement character). Never fails. */
int fuda_columns(const char *s, size_t n);

/* Where to break s[0..n), one line of text, to fit `cols` columns between
 * words (at spaces; a word is cut only after a '/', so a long path can be, or
 * where wide characters allow, as Japanese is): *len gets the bytes of the first
 * line -- as many whole words as fit, spaces before the first included, those
 * after the last not; the first word alone when even it is wider -- and the
 * return value is where the rest starts, past the spaces (n when all of s
 * fits). Never fails. */
size_t fuda_break_line(const char *s, size_t n, int cols, size_t *len);

#endif
