/* seats.c -- changing who plays a seat during a match of `fuda play`, and
 * the message of a failed bot (see seats.h). Only reading and wording here:
 * play_cmds.c applies the change, play.c asks the questions. */
#include "seats.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cli.h"
#include "text_term.h"

static char *reason(const char *fmt, int seat, const char *s) {
    fuda_buf b = FUDA_BUF_INIT;
    fuda_buf_addf(&b, fmt, seat, s);
    return fuda_buf_take(&b);
}

/* The seat number of word s (1..nseats), or 0. */
static int seat_number(const char *s, int nseats) {
    char *end;
    long k = strtol(s, &end, 10);
    return end != s && !*end && k >= 1 && k <= nseats ? (int)k : 0;
}

/* The variant's or the built-in bot of that name (a string that lives as
 * long as info), or NULL. */
static const char *bot_named(const fuda_variant_info *info, const char *name) {
    for (int i = 0; i < info->nbots; i++)
        if (strcmp(info->bots[i], name) == 0) return info->bots[i];
    for (int i = 0; fuda_builtin_bots[i]; i++)
        if (strcmp(fuda_builtin_bots[i], name) == 0) return fuda_builtin_bots[i];
    return NULL;
}

int fuda_seat_command(char *const *w, int n, int nseats, unsigned humans, const fuda_variant_info *info,
                      fuda_seat_change *out, char **why) {
    *why = NULL;
    int as_bot = n >= 1 && strcmp(w[0], "bot") == 0;
    if (n < 1 || (!as_bot && strcmp(w[0], "seat") != 0)) return 0;
    if ((as_bot && n != 3) || (!as_bot && n != 2)) {
        *why = fuda_xstrdup(as_bot ? "usage: bot N NAME (let bot NAME play seat N)"
                                   : "usage: seat N (take seat N yourself)");
        return -1;
    }
    int seat = seat_number(w[1], nseats);
    if (!seat) {
        fuda_buf b = FUDA_BUF_INIT;
        fuda_buf_adds(&b, "no seat '");
        fuda_buf_term(&b, w[1], FUDA_TERM_LINE);
        fuda_buf_addf(&b, "': the seats are 1 to %d", nseats);
        *why = fuda_buf_take(&b);
        return -1;
    }
    if ((humans >> (seat - 1)) & 1u) {
        *why = reason("seat %d is played at the keyboard already%s", seat,
                      as_bot ? " (a human's seat stays a human's)" : "");
        return -1;
    }
    out->seat = seat;
    out->bot = NULL;
    if (!as_bot) return 1;
    out->bot = bot_named(info, w[2]);
    if (!out->bot) {
        char *known = fuda_bot_names(info);
        fuda_buf b = FUDA_BUF_INIT;
        fuda_buf_addf(&b, "%s has no bot '", info->name);
        fuda_buf_term(&b, w[2], FUDA_TERM_LINE);
        fuda_buf_addf(&b, "' (bots: %s)", known);
        free(known);
        *why = fuda_buf_take(&b);
        return -1;
    }
    return 1;
}

char *fuda_seat_failed_text(int seat, const char *bot, const char *move, const char *error,
                            const fuda_variant_info *info) {
    fuda_buf b = FUDA_BUF_INIT;
    if (move) {
        fuda_buf_addf(&b, "Seat %d's move '", seat);
        fuda_buf_term(&b, move, FUDA_TERM_LINE);
        fuda_buf_adds(&b, "' (bot '");
        fuda_buf_term(&b, bot, FUDA_TERM_LINE);
        fuda_buf_adds(&b, "') failed");
    } else {
        fuda_buf_addf(&b, "Seat %d's bot '", seat);
        fuda_buf_term(&b, bot, FUDA_TERM_LINE);
        fuda_buf_adds(&b, "' failed");
    }
    fuda_buf_adds(&b, ":\n  ");
    fuda_buf_term(&b, error, FUDA_TERM_LINE);
    char *known = fuda_bot_names(info);
    fuda_buf_addf(&b, "\nThe match is as before that move. Who plays seat %d now?\n"
                      "  seat %d         you play it from here on\n"
                      "  bot %d random   random plays it (bots: %s)",
                  seat, seat, seat, known);
    free(known);
    return fuda_buf_take(&b);
}
