/* render.h -- turn the card marks in variant text ({7h}, {10d}, {Jk}, {h}) into
 * what the terminal shows: plain names, Unicode suits, or red and black. */
#ifndef FUDA_RENDER_H
#define FUDA_RENDER_H

#include <stdio.h>

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

#endif
