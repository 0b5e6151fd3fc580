/* confirm.c -- the question before a move the variant flags (see confirm.h).
 * A script or a test that pipes moves into fuda play means what it types, so
 * off a terminal the question becomes a note and the move is played: input
 * that is not a terminal never hangs on a question, and no line meant as a
 * move is taken for an answer. */
#include "confirm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "line.h"
#include "out.h"
#include "render.h"

#define SURE "; sure? [y/N] "

/* Ask on the terminal: 1 for y, else 0. A reason too long for one line
 * with the question is shown above it, so the prompt does not wrap. */
static int ask_sure(const char *why, int style) {
    int width = fuda_term_width(stdout);
    fuda_buf q = FUDA_BUF_INIT;
    if (width > 0 && strlen(why) + strlen(SURE) > (size_t)width) {
        fuda_out_show(why, style);
        fuda_buf_adds(&q, "sure? [y/N] ");
    } else {
        fuda_buf_adds(&q, why);
        fuda_buf_adds(&q, SURE);
    }
    /* no colour: the line editor would count its escapes as columns */
    char *prompt = fuda_render_cards(q.p, style == FUDA_RENDER_COLOR ? FUDA_RENDER_UNICODE : style);
    fuda_buf_free(&q);
    fuda_line_completer moves = fuda_line_set_completer((fuda_line_completer){ NULL, NULL }); /* Tab: nothing */
    char *line = fuda_line_read(prompt, 1);
    fuda_line_set_completer(moves);
    free(prompt);
    const char *s = line ? line + strspn(line, " \t") : "";
    int yes = s[0] == 'y' || s[0] == 'Y';
    if (!line) putchar('\n');
    free(line);
    if (!yes) fuda_out_show("not played (type another move; 'confirm off' stops these questions)", style);
    return yes;
}

int fuda_confirm_move(fuda_engine *e, int seat, const char *move, int style) {
    char *why = NULL;
    if (fuda_engine_confirm(e, seat, move, &why) < 0) {
        printf("(the variant's confirm failed: %s; the move is played)\n", fuda_out_line(fuda_engine_error(e)));
        return 1;
    }
    if (!why) return 1;
    int yes = 1;
    if (fuda_line_tty()) {
        yes = ask_sure(why, style);
    } else {
        fuda_buf note = FUDA_BUF_INIT;
        fuda_buf_addf(&note, "note: %s (played without asking: the input is not a terminal)", why);
        fuda_out_show(note.p, style);
        fuda_buf_free(&note);
    }
    free(why);
    return yes;
}
