/* check_again.c -- `fuda check`: the match played again in a fresh engine
 * (same states, same bot choices) and its log replayed to the same end. */
#include "check.h"

/* ---- playing a match again ---- */

void fuda_check_record(checker *c, int seat, const char *move, uint64_t before) {
    if (c->nrec == c->caprec) {
        c->caprec = c->caprec ? c->caprec * 2 : 1024;
        c->rec = fuda_xrealloc(c->rec, (size_t)c->caprec * sizeof *c->rec);
    }
    match_move *p = &c->rec[c->nrec++];
    p->seat = seat;
    p->move = fuda_xstrdup(move);
    p->before = before;
    p->list = c->lists[seat];
}

void fuda_check_forget_moves(checker *c) {
    for (long k = 0; k < c->nrec; k++) free(c->rec[k].move);
    c->nrec = 0;
}

static const char depends[] = "the script depends on something outside the game state (pairs order, "
                              "state kept in upvalues or tables across calls and matches, or whether anybody reads its "
                              "events: nobody does in the match played again)";

/* The match played again went another way than the match after `k` of its
 * moves (0: in setup or the first deal); the failure names move k. `how`
 * says what happened, `err` the engine's message or NULL. Returns -1. */
static int rerun_parts(checker *c, long k, const char *how, const char *err) {
    char where[96];
    if (k > 0) snprintf(where, sizeof where, "; the replay first parts from the match at move %ld", k);
    else snprintf(where, sizeof where, "; the replay parts from the match before the first move (setup or deal)");
    if (err) fuda_check_fail_at(c, 1, "replaying the match in a fresh engine %s (%s): %s%s", how, err, depends, where);
    else fuda_check_fail_at(c, 1, "replaying the match in a fresh engine %s: %s%s", how, depends, where);
    c->f.move = k;
    c->f.to = k > 0 ? k - 1 : 0;
    return -1;
}

/* Bot `name` of seat chose, at move k+1 of the match played again, `again`
 * (NULL: it failed with err) where the match had rec[k]. Returns -1. */
static int bot_differs(checker *c, long k, const char *name, int seat, const char *again, const char *err) {
    const char *was = c->rec[k].move;
    static const char why[] = "the bot depends on something outside the game state: the order pairs "
                              "visits a table, or state kept in upvalues or tables across calls and matches";
    if (again)
        fuda_check_fail_at(c, 1, "bot '%s' of seat %d is not deterministic: asked again in a fresh engine at move %ld, "
                "it chose '%s', not '%s' as in the match (%s)", name, seat, k + 1, again, was, why);
    else
        fuda_check_fail_at(c, 1, "bot '%s' of seat %d is not deterministic: asked again in a fresh engine at move %ld, "
                "where it chose '%s' in the match, it failed: %s (%s)", name, seat, k + 1, was, err, why);
    c->f.move = k + 1;
    c->f.to = k;
    return -1;
}

/* One action of the match played again in r, from move *k of the match:
 * ask the bots of the seats that must act, compare their choices with the
 * match, apply the match's moves. 0 or -1 (failure recorded). */
static int rerun_step(checker *c, fuda_engine *r, long *k) {
    if (*k >= c->nrec || fuda_engine_hash(r) != c->rec[*k].before)
        return rerun_parts(c, *k, "comes to another state", NULL);
    unsigned actors = fuda_engine_actors(r);
    long first = *k;
    for (int seat = 1; seat <= c->nseats; seat++) {
        if (!(actors & (1u << (seat - 1)))) continue;
        if (*k >= c->nrec || c->rec[*k].seat != seat)
            return rerun_parts(c, first, "comes to another state", NULL);
        const char *const *list;
        int n = fuda_engine_moves(r, seat, &list);
        if (n < 0) return rerun_parts(c, *k, "goes another way", fuda_engine_error(r));
        if (fuda_check_list_hash(list, n) != c->rec[*k].list) {
            fuda_check_fail_at(c, 1, "replaying the match in a fresh engine, the moves hook lists other moves for seat %d "
                    "at move %ld (or in another order): %s", seat, *k + 1, depends);
            c->f.move = *k + 1;
            c->f.to = *k;
            return -1;
        }
        const char *mv;
        c->rebots++;
        const char *bot = fuda_check_bot_for(c, r, seat);
        if (fuda_engine_bot(r, seat, bot, &mv) != 0)
            return bot_differs(c, *k, bot, seat, NULL, fuda_engine_error(r));
        if (strcmp(mv, c->rec[*k].move) != 0) return bot_differs(c, *k, bot, seat, mv, NULL);
        (*k)++;
    }
    for (long j = first; j < *k; j++)
        if (fuda_engine_apply(r, c->rec[j].seat, c->rec[j].move) != 0)
            return rerun_parts(c, j + 1, "goes another way", fuda_engine_error(r));
    return 0;
}

/* Play the match again in a fresh engine (a new Lua state) with the same
 * seed and bots, and compare it with the match as played: the state before
 * every action, every bot's choice, the end. 0 when all agree, else -1 with
 * the failure recorded (the first difference). */
int fuda_check_rerun_match(checker *c) {
    /* played as fuda sim plays: nobody reads its events (no callback), and
     * no check.invariant or state verification runs (not paranoid) */
    fuda_config cfg = c->cfg;
    cfg.paranoid = 0;
    fuda_engine *r = fuda_engine_new(&cfg);
    if (!r) {
        fputs("fuda: out of memory\n", stderr);
        exit(1);
    }
    c->replays++;
    long k = 0;
    int rc = 0;
    if (fuda_engine_load(r, c->a->m.variant, c->a->m.opts, c->a->m.nopts) != 0 ||
        fuda_engine_start(r, c->nseats, c->seed) != 0)
        rc = rerun_parts(c, 0, "does not start", fuda_engine_error(r));
    while (rc == 0) {
        int phase = fuda_engine_phase(r);
        if (phase == FUDA_PHASE_MATCH_OVER) break;
        if (phase == FUDA_PHASE_HAND_OVER) {
            if (fuda_check_capped_now(c, r)) break; /* where the match stopped */
            if (fuda_engine_next_hand(r) != 0) rc = rerun_parts(c, k, "goes another way", fuda_engine_error(r));
        } else if (phase != FUDA_PHASE_PLAYING) {
            rc = rerun_parts(c, k, "comes to another state", NULL);
        } else {
            rc = rerun_step(c, r, &k);
        }
    }
    if (rc == 0 && (k != c->nrec || fuda_engine_hash(r) != fuda_engine_hash(c->e)))
        rc = rerun_parts(c, k, "ends in another state", NULL);
    fuda_engine_free(r);
    return rc;
}

/* The match's log, with the seats and seed even if the match did not start. */
char *fuda_check_match_log(const checker *c) {
    fuda_buf b = FUDA_BUF_INIT;
    char *log = fuda_engine_log(c->e);
    if (!log) {
        fputs("fuda: out of memory\n", stderr);
        exit(1);
    }
    fuda_buf_adds(&b, log);
    if (!strstr(log, "\nseed ")) fuda_buf_addf(&b, "seats %d\nseed %llu\n", c->nseats, (unsigned long long)c->seed);
    free(log);
    return fuda_buf_take(&b);
}

/* Does the log replay to where the match was after its first k moves
 * (fuda_engine_replay with upto k, which also deals the hands that follow
 * move k)? k is 0, the first move of an action (the state before it is
 * rec[k].before) or the match's length (the state it is in now). 0 when it
 * does; 1 when it does not, with *err the replay's message (malloc'd) when
 * it failed. */
static int replay_parts(checker *c, fuda_engine *r, const char *log, long k, char **err) {
    *err = NULL;
    if (fuda_engine_replay_as(r, c->a->m.variant, "log", log, strlen(log), k < c->nrec ? k : -1) != 0) {
        *err = fuda_xstrdup(fuda_engine_error(r));
        return 1;
    }
    return fuda_engine_hash(r) != (k < c->nrec ? c->rec[k].before : fuda_engine_hash(c->e));
}

/* Does the match's log (fuda_engine_log, so far) replay in a fresh engine to
 * the state the match is in, and, with `events`, showing the events the
 * match showed as it was played (c->stream)? NULL when it does; else the
 * message (malloc'd), and in *at the first move after which the replay is
 * not where the match was, or shows other events (0: before the first). */
char *fuda_check_log_replay_differs(checker *c, int events, long *at) {
    char *log = fuda_check_match_log(c), *err = NULL;
    fuda_config cfg = c->cfg;
    cfg.paranoid = 0; /* as fuda play --replay reads it */
    fuda_engine *r = fuda_engine_new(&cfg);
    if (!r) {
        fputs("fuda: out of memory\n", stderr);
        exit(1);
    }
    replay_events rev = { r, {FUDA_BUF_INIT, 0, -1} };
    fuda_check_trace_reset(&rev.b);
    if (events) fuda_engine_on_event(r, fuda_check_on_replay_event, &rev);
    fuda_buf b = FUDA_BUF_INIT;
    int parts = replay_parts(c, r, log, c->nrec, &err);
    const ev_trace *sx = &c->stream, *sy = &rev.b;
    if (!parts && events && fuda_check_same_text(sy->b.p, sx->b.p) && (sx->rest_from != sy->rest_from || sx->rest != sy->rest)) {
        /* the same first TRACE_KEEP bytes: the lines past them differ (hashed, no text to show) */
        *at = sx->rest_from < 0 ? sy->rest_from : sy->rest_from < 0 || sx->rest_from < sy->rest_from ? sx->rest_from
                                                                                                     : sy->rest_from;
        fuda_buf_addf(&b, "the match's events differ when its log is replayed in a fresh engine, where nothing is "
                      "tried: past their first %d MiB, kept as a hash from move %ld on: the events depend on "
                      "something outside the game state (the calls fuda check makes, state kept in upvalues or "
                      "tables)", (int)(TRACE_KEEP >> 20), *at);
    } else if (!parts && events && !fuda_check_same_text(sy->b.p, sx->b.p)) {
        /* the same moves, the same states, other events: the first line that differs */
        const char *x0 = sx->b.p ? sx->b.p : "", *x = x0, *y = sy->b.p ? sy->b.p : "";
        while (*x && *x == *y) x++, y++;
        while (x > x0 && x[-1] != '\n') x--, y--;
        char *ex, *ey;
        long mx = strtol(x, &ex, 10), my = strtol(y, &ey, 10);
        if (*x) strtol(ex, &ex, 10); /* the seat */
        if (*y) strtol(ey, &ey, 10);
        *at = !*x ? my : !*y ? mx : mx < my ? mx : my;
        fuda_buf_addf(&b, "the match's events differ when its log is replayed in a fresh engine, where nothing is "
                      "tried: from move %ld the match showed ", *at);
        if (*x) fuda_buf_addf(&b, "'%.*s'", (int)strcspn(ex + 1, "\n"), ex + 1);
        else fuda_buf_adds(&b, "nothing more");
        fuda_buf_adds(&b, ", the replay ");
        if (*y) fuda_buf_addf(&b, "'%.*s'", (int)strcspn(ey + 1, "\n"), ey + 1);
        else fuda_buf_adds(&b, "nothing more");
        fuda_buf_adds(&b, ": the events depend on something outside the game state (the calls fuda check makes, "
                      "state kept in upvalues or tables)");
    }
    fuda_buf_free(&rev.b.b);
    if (parts) {
        fuda_buf_adds(&b, "the match's log does not replay to the same state: ");
        /* the first action after which it parts: replays up to the actions' first moves, halving */
        long *starts = fuda_xrealloc(NULL, (size_t)(c->nrec + 1) * sizeof *starts), n = 0;
        for (long k = 0; k < c->nrec; k++)
            if (k == 0 || c->rec[k].before != c->rec[k - 1].before) starts[n++] = k;
        starts[n++] = c->nrec;
        long lo = 0, hi = n - 1;
        while (lo < hi) {
            long mid = lo + (hi - lo) / 2;
            char *e2;
            if (replay_parts(c, r, log, starts[mid], &e2)) hi = mid;
            else lo = mid + 1;
            free(e2);
        }
        free(err);
        replay_parts(c, r, log, starts[hi], &err);
        hi = starts[hi];
        free(starts);
        *at = hi;
        if (hi == 0)
            fuda_buf_addf(&b, "replayed in a fresh engine, the match %s before its first move", err ? "fails" : "stands elsewhere");
        else
            fuda_buf_addf(&b, "replayed in a fresh engine, the log %s at move %ld (seat %d, '%s')",
                          err ? "fails" : "leads to another state", hi, c->rec[hi - 1].seat, c->rec[hi - 1].move);
        if (err) fuda_buf_addf(&b, ": %s", err);
    }
    free(err);
    fuda_engine_free(r);
    free(log);
    return b.p; /* NULL when nothing was added */
}

/* Every match of the sample must survive being saved and replayed: its log
 * replays in a fresh engine to the state it ended in. 0, or -1 with the
 * failure recorded (at the move where the replay parts). */
int fuda_check_log_replay(checker *c) {
    long at = 0;
    char *why = fuda_check_log_replay_differs(c, 1, &at);
    if (!why) {
        c->log_replays++;
        return 0;
    }
    fuda_check_fail_at(c, 1, "%s", why);
    free(why);
    c->f.move = at;
    c->f.to = at > 0 ? at - 1 : 0;
    c->f.log_checked = 1;
    return -1;
}
