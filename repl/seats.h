/* seats.h -- who plays a seat of `fuda play`, changed during the match, and
 * what fuda says when a seat's bot fails.
 *
 * At the match prompt `seat N` hands bot seat N to a human at the keyboard
 * (hot seat from then on) and `bot N NAME` gives it another bot. A human
 * seat stays one. When a bot fails (its script raises an error, passes a
 * limit, or the move it chose is refused) the match is as it was before
 * that move, and fuda asks who plays the seat now. */
#ifndef FUDA_SEATS_H
#define FUDA_SEATS_H

#include "engine.h"

/* A seat's new player: a human (bot NULL), or the bot of that name (the
 * variant's or a built-in one: the string lives as long as the variant). */
typedef struct fuda_seat_change {
    int seat;
    const char *bot;
} fuda_seat_change;

/* Read the words w[0..n) as `seat N` or `bot N NAME`, for a match of nseats
 * seats of the variant `info` whose human seats are `humans` (bit seat-1).
 * Returns 1 with *out set; 0 when the words are no such command; -1 when
 * they are one that cannot be done, with the reason in *why (malloc'd, the
 * caller frees; "seat 3 is played at the keyboard already", "gin has no bot
 * 'x' (bots: basic, random, search)"). */
int fuda_seat_command(char *const *w, int n, int nseats, unsigned humans, const fuda_variant_info *info,
                      fuda_seat_change *out, char **why);

/* What fuda says when the bot `bot` of seat failed with `error` (a script's
 * "file:line: message"): choosing a move (move NULL), or playing the move it
 * chose. Ends by telling how to go on. malloc'd, the caller frees; the
 * bot's name, the move and the error are each made one harmless line
 * (text_term.h). */
char *fuda_seat_failed_text(int seat, const char *bot, const char *move, const char *error,
                            const fuda_variant_info *info);

#endif
