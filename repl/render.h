/* render.h -- turn the card marks in variant text ({7h}, {10d}, {Jk}, {h}) into
 * what the terminal shows: plain names, Unicode suits, or red and black. */
#ifndef FUDA_RENDER_H
#define FUDA_RENDER_H

#include <stdio.h>

#include "buf.h"

enum fuda_render_style {
    FUDA_RENDER_PLAIN = 0,   /* 7h */
    FUDA_RENDER_UNICODE = 1, /* 7♥ */
    FUDA_RENDER_COLOR = 2    /* 7♥ in red for hearts and diamonds */
};

/* The style for output to f: colour (with Unicode suits) when f is a terminal
 * and NO_COLOR is unset or empty, Unicode suits without colour on a terminal
 * whose TERM is "dumb", else plain. */
int fuda_render_style_for(FILE *f);

/* A copy of text with every {card} replaced by the card in `style`, and every
 * suit mark {s} {h} {d} {c} by the suit (its letter in plain text). Braces
 * that hold neither are kept as they are. The caller frees the result. */
char *fuda_render_cards(const char *text, int style);

/* A copy of text with every line longer than `width` columns broken between
 * words (core/width.h), so no word or card is cut; a continuation line starts with two
 * spaces. Columns are counted as a terminal shows them (core/width.h): a
 * character one column, a wide one (kana, kanji) two, an escape sequence
 * (colour) none. A word longer than the
 * line is left whole. width <= 0: no change. The caller frees the result. */
char *fuda_wrap(const char *text, int width);

/* Append text (one paragraph, no newline) to b broken between words to
 * `width` columns (<= 0: no limit), each line ended by a newline: the first
 * line has `first` columns on it already, the others start with `indent`
 * spaces. An empty text appends a newline. Never fails (out of memory exits,
 * buf.h). */
void fuda_fill(fuda_buf *b, const char *text, int width, int first, int indent);

#define FUDA_WIDTH_DEFAULT 80 /* columns when neither the terminal nor COLUMNS says */
#define FUDA_WIDTH_MIN 20     /* narrower is taken as this: text is laid out to at least it */
#define FUDA_WIDTH_MAX 10000

/* The columns text written to f may take: the terminal's width when f is a
 * terminal that knows it, else the COLUMNS environment variable (a whole
 * number from 1 to FUDA_WIDTH_MAX), else FUDA_WIDTH_DEFAULT; never below
 * FUDA_WIDTH_MIN. Never fails. */
int fuda_term_width(FILE *f);

#endif
