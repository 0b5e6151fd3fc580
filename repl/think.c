/* think.c -- the search thinking for the player: hints and search bots in
 * `fuda play`, Ctrl-C stopping the thinking (see think.h). */
#include "think.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "cli.h"
#include "input.h" /* fuda_move_marked */
#include "out.h"
#include "search.h"

/* ---- Ctrl-C while thinking ---- */

static volatile sig_atomic_t got_sigint;
static struct sigaction outer;
static int noted; /* the note "thinking..." is on the screen */

static void on_sigint(int sig) {
    (void)sig;
    got_sigint = 1;
    fuda_search_request_stop();
}

/* Catch SIGINT: it asks the searches to stop. On a terminal that can wipe
 * a line, "WHO thinking... (Ctrl-C stops)" shows meanwhile. */
static void think_begin(const char *who) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    fuda_search_clear_stop();
    got_sigint = 0;
    sigaction(SIGINT, &sa, &outer);
    const char *term = getenv("TERM");
    noted = isatty(STDOUT_FILENO) && !(term && strcmp(term, "dumb") == 0);
    if (!noted) return;
    fuda_buf b = FUDA_BUF_INIT;
    fuda_buf_addf(&b, "%s thinking... (Ctrl-C stops)", who);
    fflush(stdout);
    fuda_out_raw(stdout, b.p, b.len); /* shown once the handler is in place: a test waits for it */
    fflush(stdout);
    fuda_buf_free(&b);
}

/* Give SIGINT back and wipe the note; 1 if Ctrl-C came meanwhile (then a
 * line the terminal's ^C was shown on is ended). */
static int think_end(void) {
    sigaction(SIGINT, &outer, NULL);
    fuda_search_clear_stop();
    if (noted) fuda_out_raw(stdout, "\r\033[K", 4);
    else if (got_sigint && isatty(STDOUT_FILENO)) putchar('\n');
    fflush(stdout);
    return got_sigint != 0;
}

/* ---- the hint ---- */

/* "+4.2 points a hand", "+15% of games won", "+12% of matches won". */
static void add_gain(fuda_buf *b, const fuda_engine *e, const fuda_search_report *rep) {
    const char *round = fuda_out_line(fuda_engine_info(e)->round);
    if (rep->unit == FUDA_GAIN_MATCHES) fuda_buf_addf(b, "%+.0f%% of matches won", 100 * rep->gain);
    else if (rep->unit == FUDA_GAIN_HANDS) fuda_buf_addf(b, "%+.0f%% of %ss won", 50 * rep->gain, round);
    else fuda_buf_addf(b, "%+.1f points a %s", rep->gain, round);
}

/* The move's text with its cards marked, added to b. */
static void add_move(fuda_buf *b, const char *move) {
    char *m = fuda_move_marked(move);
    fuda_buf_adds(b, m);
    free(m);
}

/* What the search found and how sure it is, after the move. */
static void add_reason(fuda_buf *b, const fuda_engine *e, const fuda_search_report *rep) {
    char n[96], deep[32] = "";
    if (fuda_engine_info(e)->has_evaluate) snprintf(deep, sizeof deep, " %d moves deep", FUDA_SEARCH_CUT);
    snprintf(n, sizeof n, "%ld playout%s%s", rep->playouts, rep->playouts == 1 ? "" : "s", deep);
    const char *own = rep->own ? fuda_out_line(rep->own) : NULL;
    if (rep->nmoves == 1) {
        fuda_buf_adds(b, " (the only legal move)");
    } else if (!rep->own_move) { /* no bot of its own: the best mean */
        fuda_buf_addf(b, " (search: wins %.0f%% of %ld playouts%s, %+.1f points a %s)", 100.0 * rep->win_rate,
                      rep->visits, deep, rep->margin, fuda_out_line(fuda_engine_info(e)->round));
    } else if (rep->sure) {
        fuda_buf_addf(b, " (sure: %s, ", n);
        add_gain(b, e, rep);
        fuda_buf_addf(b, " over %s's ", own);
        add_move(b, rep->own_move);
        fuda_buf_adds(b, ")");
    } else if (rep->rival) {
        fuda_buf_addf(b, " (not sure: %s; ", n);
        add_move(b, rep->rival);
        fuda_buf_adds(b, " did ");
        add_gain(b, e, rep);
        fuda_buf_addf(b, ", within luck: %s's move)", own);
    } else if (rep->playouts == 0) {
        fuda_buf_addf(b, " (%s's move; no playout made)", own);
    } else {
        fuda_buf_addf(b, " (%s's move; none did better in %s)", own, n);
    }
}

char *fuda_think_hint(fuda_engine *e, int seat) {
    fuda_search_report rep;
    const char *mv;
    think_begin("hint:");
    int rc = fuda_search_move(e, seat, &mv, &rep);
    int stopped = think_end();
    if (rc < 0) return NULL;
    fuda_buf b = FUDA_BUF_INIT;
    fuda_buf_adds(&b, stopped ? "hint stopped by Ctrl-C; so far: " : "hint: ");
    add_move(&b, mv);
    add_reason(&b, e, &rep);
    return fuda_buf_take(&b);
}

/* ---- a search bot's move ---- */

int fuda_think_bot(fuda_engine *e, int seat, const char *bot, const char **move, char **note) {
    *note = NULL;
    if (!bot || strcmp(bot, "search") != 0) return fuda_engine_bot(e, seat, bot, move);
    char who[48];
    snprintf(who, sizeof who, "seat %d (search)", seat);
    think_begin(who);
    int rc = fuda_engine_bot(e, seat, bot, move);
    int stopped = think_end();
    if (rc != 0 || !stopped) return rc;
    int sure;
    fuda_search_last(e, &sure);
    const char *own = fuda_variant_search_bot(fuda_engine_info(e));
    fuda_buf b = FUDA_BUF_INIT;
    fuda_buf_addf(&b, "Ctrl-C: seat %d (search) stopped thinking and plays ", seat);
    if (sure || strcmp(own, "random") == 0) fuda_buf_adds(&b, "the best move it found so far");
    else fuda_buf_addf(&b, "%s's move", fuda_out_line(own));
    *note = fuda_buf_take(&b);
    return 0;
}
