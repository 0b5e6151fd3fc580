/* confirm.h -- the question `fuda play` asks before a human's move that the
 * variant's confirm hook says throws something away (gin: "discard 7♥
 * breaks your run 5♥ 6♥ 7♥; sure? [y/N]"). Which moves those are is the
 * game's knowledge (engine.h: fuda_engine_confirm); the asking is the same
 * for every game, and `--no-confirm` or `confirm off` turns it off. */
#ifndef FUDA_CONFIRM_H
#define FUDA_CONFIRM_H

#include "engine.h"

/* Should the legal move `move` of human `seat` be played? Asks the
 * variant's confirm hook; when it flags the move and the input is a
 * terminal, asks the user (y plays it; Enter, n, anything else or the end of
 * the input do not, and say so). When the input is not a terminal nothing
 * is asked and no line of it is read: the move is played after a note of
 * what the hook said. A hook that fails is noted and the move played (a
 * confirm hook never stops a move). Text is printed in `style` (render.h).
 * Returns 1 to play the move, 0 not to. Never fails. */
int fuda_confirm_move(fuda_engine *e, int seat, const char *move, int style);

#endif
