/* think.h -- the search thinking for the player of `fuda play`: the `hint`
 * command and a search bot's move, with Ctrl-C stopping the thinking, not
 * the program.
 *
 * While a hint or a search bot thinks, SIGINT asks the search to stop
 * (search.h, fuda_search_request_stop): it answers within a playout's move
 * with what it found so far, its own bot's move unless it was already sure
 * of another, and the match goes on. At the prompt SIGINT is line.c's;
 * elsewhere it keeps its usual effect. The supervisor of the worker
 * (supervise.h) ignores SIGINT, so the worker alone acts on it. */
#ifndef FUDA_THINK_H
#define FUDA_THINK_H

#include "engine.h"

/* The hint for seat: the search's move with its cards marked for rendering
 * ({7h}) and how sure it is, in one line (malloc'd), e.g.
 *   hint: take (sure: 300 playouts, +4.2 points a hand over basic's draw)
 *   hint: draw (not sure: 30 playouts; take did +4.0 points a hand, within luck: basic's move)
 * and "hint stopped by Ctrl-C; so far: ..." when Ctrl-C cut it short. NULL
 * with the engine's error set when there is no hint (seat has nothing to
 * do). The game is left exactly as it was. */
char *fuda_think_hint(fuda_engine *e, int seat);

/* Seat's move by bot `bot` (fuda_engine_bot; *move the engine's text), with
 * Ctrl-C stopping a search bot's thinking: then *note (else NULL) says so in
 * a line (malloc'd), e.g. "Ctrl-C: seat 2 (search) stopped thinking and
 * plays basic's move". Returns 0, or -1 with the engine's error set (*note
 * NULL). */
int fuda_think_bot(fuda_engine *e, int seat, const char *bot, const char **move, char **note);

#endif
