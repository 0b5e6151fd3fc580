/* marks.c -- going back to an earlier point of a match (marks, undo,
 * rewinding the state alone, the bots' generator of a copy) and, for tests,
 * arranging piles. */
#include "engine_impl.h"

/* ---- marks: going back to an earlier point of the match ---- */

int fuda_engine_mark(const fuda_engine *e, fuda_mark *m) {
    if (!e->play.started) {
        fuda_engine_seterr((fuda_engine *)e, "no match is running");
        return -1;
    }
    fuda_state_copy(&m->st, &e->st);
    if (fuda_tb_n(e)) m->tb = *e->tb;
    else m->tb.n = m->tb.active = 0;
    m->bot_rng = e->bot_rng;
    m->empty_run = e->empty_run;
    m->nrows = e->nrows;
    m->nlog = e->nlog;
    m->log_serial = e->nlog ? e->log[e->nlog - 1].serial : 0;
    m->match_id = e->match_id;
    return 0;
}

void fuda_engine_set_bot_rng(fuda_engine *e, const fuda_rng *r) { e->bot_rng = *r; }

/* Is the match now a continuation of the point m marked: the same match,
 * and its log (hence its rows) the mark's with entries added? */
static int mark_reachable(const fuda_engine *e, const fuda_mark *m) {
    if (!e->play.started || m->match_id != e->match_id) return 0;
    if (m->nlog > e->nlog || m->nrows > e->nrows) return 0;
    return m->nlog == 0 || e->log[m->nlog - 1].serial == m->log_serial;
}

int fuda_engine_undo_to(fuda_engine *e, const fuda_mark *m) {
    if (!mark_reachable(e, m)) {
        fuda_engine_seterr(e, e->play.started ? "that mark is not a point of this match's history"
                                         : "no match is running");
        return -1;
    }
    fuda_engine_mark_stale(e, &m->st);
    fuda_state_copy(&e->st, &m->st);
    if (m->tb.n && e->tb) *e->tb = m->tb;
    e->bot_rng = m->bot_rng;
    e->empty_run = m->empty_run;
    fuda_record_rows_drop(e, m->nrows);
    fuda_record_events_drop(e, 0);
    fuda_record_log_cut(e, m->nlog);
    e->moves_valid = 0;
    return 0;
}

int fuda_engine_rewind_state(fuda_engine *e, const fuda_mark *m) {
    if (!mark_reachable(e, m) || m->nrows != e->nrows || fuda_tb_n(e)) {
        fuda_engine_seterr(e, "that mark is not a point of this hand's history");
        return -1;
    }
    fuda_engine_mark_stale(e, &m->st);
    fuda_state_copy(&e->st, &m->st);
    e->bot_rng = m->bot_rng;
    e->empty_run = m->empty_run;
    fuda_record_events_drop(e, 0);
    e->moves_valid = 0;
    return 0;
}

/* ---- arranging piles (tests) ---- */

/* Put `cards` into pile (name, owner) at its bottom (or top) positions by
 * swapping each with wherever it is now. */
int fuda_table_arrange(fuda_engine *e, const char *name, int owner, const fuda_card *cards, int n,
                       int from_top) {
    if (!e->play.started) { fuda_engine_seterr(e, "no match is running"); return -1; }
    fuda_state *s = &e->st;
    int T = fuda_pile_find(s, name, owner - 1);
    if (T < 0) { fuda_engine_seterr(e, "arrange: no pile '%s'%s", name, owner ? " of that seat" : ""); return -1; }
    if (n > s->piles[T].len) { fuda_engine_seterr(e, "arrange: pile '%s' holds only %d cards", name, s->piles[T].len); return -1; }
    fuda_state save;
    fuda_state_copy(&save, s);
    for (int k = 0; k < n; k++) {
        int t = from_top ? s->piles[T].len - 1 - k : k;
        int S = -1, si = -1;
        /* the card's current place, not among those already arranged */
        for (int p = 0; p < s->npiles && S < 0; p++)
            for (int i = 0; i < s->piles[p].len; i++) {
                if (fuda_pile_at(s, p, i) != cards[k]) continue;
                if (p == T && (from_top ? i > t : i < t)) continue;
                S = p, si = i;
                break;
            }
        if (S < 0) {
            fuda_state_copy(s, &save);
            char nm[8];
            fuda_card_name(cards[k], nm);
            fuda_engine_seterr(e, "arrange: card %s is not in the game (or listed twice)", nm);
            return -1;
        }
        if (S == T && si == t) continue;
        if (S == T) {
            fuda_pile_move(s, T, si, T, t);
            continue;
        }
        fuda_pile_move(s, S, si, T, t);          /* the card goes in at t */
        fuda_pile_move(s, T, t + 1, S, si);      /* the card that was at t goes back */
    }
    e->moves_valid = 0;
    return 0;
}
