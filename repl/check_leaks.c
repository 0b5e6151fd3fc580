/* check_leaks.c -- `fuda check`: hidden information does not leak. What a
 * seat cannot know is dealt anew and its legal moves, view, prompts and
 * events must not change; also the first deal, claim prompts and evaluate. */
#include "check.h"

/* ---- hidden information ---- */

/* Add what the confirm hook says of seat's move to b, marked \x01 (asked before a move in fuda play,
 * so it must not tell the seat what it cannot see): 0, or -1 with the failure recorded. */
static int add_confirms(checker *c, int seat, const char *move, fuda_buf *b) {
    char *q = NULL;
    if (fuda_engine_confirm(c->e, seat, move, &q) != 0) {
        fuda_check_fail_engine(c, 0, "seat %d: confirm for '%s' after dealing what it cannot see anew", seat, move);
        return -1;
    }
    if (q) fuda_buf_addf(b, "\x01" "confirm '%s': %s\n", move, q);
    free(q);
    return 0;
}

/* What seat may know now: its legal moves (one a line, when it must act)
 * with what it is told when it asks (lines marked \x01; with `confirms`,
 * last, what the confirm hook says of each move), and its view. malloc'd;
 * NULL with the failure recorded. */
static char *seat_knowledge(checker *c, int seat, int acts, int confirms, char **view) {
    fuda_buf b = FUDA_BUF_INIT;
    if (acts) {
        const char *const *mv;
        int n = fuda_engine_moves(c->e, seat, &mv);
        if (n < 0) {
            fuda_check_fail_engine(c, 0, "moves of seat %d after dealing what it cannot see anew", seat);
            free(fuda_buf_take(&b));
            return NULL;
        }
        for (int i = 0; i < n; i++) fuda_buf_addf(&b, "%s\n", mv[i]);
        char **moves = fuda_xrealloc(NULL, (size_t)(n + 1) * sizeof *moves); /* mv lasts to the next call */
        for (int i = 0; i < n; i++) moves[i] = fuda_xstrdup(mv[i]);
        moves[n] = NULL;
        /* what it is told when it asks: the claim window's reason, why a move is refused, what a move
         * throws away */
        char *prompt = NULL, *why = NULL;
        const char *failed = fuda_engine_prompt(c->e, seat, &prompt) != 0                      ? "the prompt"
                             : fuda_engine_why_not(c->e, seat, "no-such-move", &why) != 0 ? "why_not"
                                                                                          : NULL;
        if (failed) {
            fuda_check_fail_engine(c, 0, "seat %d: %s after dealing what it cannot see anew", seat, failed);
            free(prompt);
            fuda_words_free(moves);
            free(fuda_buf_take(&b));
            return NULL;
        }
        fuda_buf_addf(&b, "\x01prompt: %s\n\x01why_not 'no-such-move': %s\n", prompt ? prompt : "",
                      why ? why : "");
        free(prompt);
        free(why);
        int rc = 0;
        for (int i = 0; i < n && confirms && rc == 0; i++) rc = add_confirms(c, seat, moves[i], &b);
        fuda_words_free(moves);
        if (rc < 0) {
            free(fuda_buf_take(&b));
            return NULL;
        }
    }
    *view = fuda_engine_view(c->e, seat);
    if (!*view) {
        fuda_check_fail_engine(c, 0, "the view of seat %d after dealing what it cannot see anew", seat);
        free(fuda_buf_take(&b));
        return NULL;
    }
    return fuda_buf_take(&b);
}

/* Compare one seat's moves (with what it is told when it asks: lines marked
 * with \x01) and view with those of the real deal; 0, or -1 with the
 * failure recorded. */
static int leak_differs(checker *c, int seat, const char *moves0, const char *view0, const char *moves1,
                        const char *view1) {
    if (strcmp(moves0, moves1) != 0) {
        char *a = fuda_check_first_missing(moves0, moves1), *b = a ? NULL : fuda_check_first_missing(moves1, moves0);
        const char *line = a ? a : b ? b : "the list";
        if (line[0] == '\x01')
            fuda_check_fail_at(c, 0, "hidden information leaks: seat %d is told of cards it cannot see when it asks "
                    "(dealing them anew changes its %s)", seat, line + 1);
        else
            fuda_check_fail_at(c, 0, "hidden information leaks: seat %d's legal moves depend on cards it cannot see "
                    "(dealing them anew %s '%s')", seat, a ? "drops the move" : b ? "adds the move" : "reorders",
                    line);
        free(a);
        free(b);
        return -1;
    }
    if (strcmp(view0, view1) != 0) {
        char *a = fuda_check_first_missing(view0, view1);
        if (!a) a = fuda_check_first_missing(view1, view0);
        fuda_check_fail_at(c, 0, "hidden information leaks: seat %d's view shows cards it cannot see (dealing them "
                "anew changes the line '%s')", seat, a ? a : "");
        free(a);
        return -1;
    }
    return 0;
}

/* Does the leak rule apply? Not when the variant says its view shows cards
 * beyond the piles' visibility on purpose (check.leaks = false: Chouette's
 * partner sees the captain's hand). In a match of several tables a seat's
 * own table is dealt anew from its place, the others as a looker-on sees
 * them (fuda_engine_resample). */
int fuda_check_leak_rule_applies(checker *c) { return fuda_engine_info(c->e)->check_leaks; }

/* fuda_engine_try_see's callback (and, after a deal, play_outcome's): what
 * the action showed every seat (or only c->saw->only), and the cards each
 * knows after it. */
static void saw_outcome(void *ud, fuda_engine *e) {
    checker *c = ud;
    outcome *o = c->saw;
    o->ok = 1;
    if (o->only) {
        o->seen[o->only] = fuda_seen_hash(e, o->only);
    } else {
        fuda_seen_hashes(e, c->nseats, o->seen);
        for (int s = 1; s <= c->nseats; s++) fuda_seen_cards(e, s, o->known[s]);
    }
    fuda_check_take_events(c, o->ev);
}

/* Play the action from where the match stands -- the moves chosen (in seat
 * order: the last one tried, the others applied) or, with chosen NULL, the
 * next hand's deal -- and record in o what it showed; o->ok 0 when the
 * engine refused it. The caller goes back to its mark afterwards. */
static void play_outcome(checker *c, char *const *chosen, outcome *o) {
    o->ok = 0;
    fuda_check_free_texts(o->ev);
    fuda_check_clear_events(c);
    c->saw = o;
    if (!chosen) {
        if (fuda_engine_next_hand(c->e) == 0) saw_outcome(c, c->e);
    } else {
        int last = 0, ok = 1;
        for (int s = 1; s <= c->nseats; s++)
            if (chosen[s]) last = s;
        for (int s = 1; s < last && ok; s++)
            if (chosen[s]) ok = fuda_engine_apply(c->e, s, chosen[s]) == 0;
        if (ok && last) fuda_engine_try_see(c->e, last, chosen[last], saw_outcome, c);
    }
    fuda_check_clear_events(c);
    c->saw = NULL;
}

/* A card mark ({Qs}) in an event shown to a seat must name a card it knew
 * before the action (before: NULL for the first deal) or knows after it:
 * the message of the first that does not (malloc'd), or NULL. */
static char *unknown_mark(checker *c, const outcome *o, uint8_t (*before)[FUDA_CARD_SPACE]) {
    for (int s = 1; s <= c->nseats; s++) {
        if (!o->ev[s]) continue;
        uint8_t known[FUDA_CARD_SPACE];
        for (int k = 0; k < FUDA_CARD_SPACE; k++) known[k] = o->known[s][k] | (before ? before[s][k] : 0);
        const char *mark = fuda_seen_unknown_mark(o->ev[s], known);
        if (!mark) continue;
        const char *from = mark, *to = mark + strcspn(mark, "\n");
        while (from > o->ev[s] && from[-1] != '\n') from--;
        fuda_buf m = FUDA_BUF_INIT;
        fuda_buf_addf(&m, "hidden information leaks: an event shown to seat %d names %.*s, a card it cannot see "
                      "('%.*s')", s, (int)(strchr(mark, '}') - mark + 1), mark, (int)(to - from), from);
        return fuda_buf_take(&m);
    }
    return NULL;
}

/* What the action showed seat in a deal anew (t) against the real deal (o):
 * when the seat sees the same after it, the events must be the same; the
 * message (malloc'd) when they are not, else NULL. */
static char *events_differ(checker *c, int seat, const outcome *o, const outcome *t) {
    if (!t->ok || t->seen[seat] != o->seen[seat]) return NULL; /* another outcome: nothing to compare */
    c->ev_checks++;
    if (fuda_check_same_text(o->ev[seat], t->ev[seat])) return NULL;
    char *apart = fuda_check_texts_apart(o->ev[seat], t->ev[seat]);
    fuda_buf m = FUDA_BUF_INIT;
    fuda_buf_addf(&m, "hidden information leaks: the events shown to seat %d depend on cards it cannot see "
                  "(dealing them anew, it sees the same but is shown other events: %s)", seat, apart);
    free(apart);
    return fuda_buf_take(&m);
}

/* The outcomes check_leaks compares, made at first use (each worker its own). */
static void need_outcomes(checker *c) {
    if (c->real) return;
    c->real = fuda_xrealloc(NULL, sizeof *c->real);
    c->trial = fuda_xrealloc(NULL, sizeof *c->trial);
    memset(c->real, 0, sizeof *c->real);
    memset(c->trial, 0, sizeof *c->trial);
}

/* The leak rule, at one action (the moves chosen, in chosen[seat]; chosen
 * NULL: the next hand's deal): for every seat, the cards it can neither see
 * nor know (the stock, the other hands...) are dealt anew a few times,
 * keeping also those it will know after the action, and each time its legal
 * moves (when it must act) and its view must be those of the real deal;
 * in the first of those deals the action is played too, and when it leaves
 * the seat seeing the same, it must show the seat the same events. Every
 * card an event names must be one the seat knew or knows. The game is put
 * back after each deal; the counts are of the match as played (no hooks, no
 * tallies counted meanwhile). */
int fuda_check_leaks(checker *c, unsigned actors, char *const *chosen) {
    need_outcomes(c);
    fuda_mark *m = fuda_xrealloc(NULL, sizeof *m);
    if (fuda_engine_mark(c->e, m) < 0) {
        free(m);
        return 0;
    }
    uint8_t (*before)[FUDA_CARD_SPACE] = fuda_xrealloc(NULL, (FUDA_MAX_SEATS + 1) * sizeof *before);
    for (int seat = 1; seat <= c->nseats; seat++) fuda_seen_cards(c->e, seat, before[seat]);
    fuda_engine_count_hooks(c->e, 0);
    fuda_engine_count_tallies(c->e, 0);
    int streaming = c->streaming;
    c->capturing = 1, c->streaming = 0;
    outcome *o = c->real, *t = c->trial;
    o->only = 0;
    play_outcome(c, chosen, o);
    fuda_engine_undo_to(c->e, m);
    char *why = o->ok ? unknown_mark(c, o, before) : NULL;
    for (int seat = 1; seat <= c->nseats; seat++) /* kept in the deals anew: what it knows before or after */
        for (int k = 0; k < FUDA_CARD_SPACE; k++) before[seat][k] |= o->ok ? o->known[seat][k] : 0;
    int r = 0;
    if (why) r = fuda_check_fail_at(c, 0, "%s", why);
    for (int seat = 1; seat <= c->nseats && r == 0; seat++) {
        int acts = (actors >> (seat - 1)) & 1;
        char *view0 = NULL, *moves0 = chosen ? seat_knowledge(c, seat, acts, 1, &view0) : NULL;
        char *confirms = moves0 ? strstr(moves0, "\x01" "confirm ") : NULL; /* compared in the first deal anew */
        if (chosen && !moves0) r = -1;
        for (int k = 0; k < (chosen ? CHECK_LEAK_DEALS : 1) && r == 0; k++) {
            uint64_t seed = c->seed * 1000003u + (uint64_t)fuda_engine_move_count(c->e) * 31u + (uint64_t)k;
            fuda_engine_resample_keep(c->e, seat, seed, before[seat]);
            if (chosen) {
                char *view1 = NULL, *moves1 = seat_knowledge(c, seat, acts, k == 0, &view1);
                if (confirms && k == 1) *confirms = '\0'; /* the rest of moves0 without them */
                if (!moves1) r = -1;
                else r = leak_differs(c, seat, moves0, view0, moves1, view1);
                free(moves1);
                free(view1);
            }
            if (r == 0 && o->ok && k == 0) { /* the events: in the first deal anew of each seat */
                t->only = seat;
                play_outcome(c, chosen, t);
                why = events_differ(c, seat, o, t);
            }
            fuda_engine_undo_to(c->e, m);
            if (why) r = fuda_check_fail_at(c, 0, "%s", why);
        }
        free(moves0);
        free(view0);
    }
    c->capturing = 0, c->streaming = streaming;
    fuda_engine_count_tallies(c->e, 1);
    fuda_engine_count_hooks(c->e, 1);
    free(why);
    free(before);
    free(m);
    c->leaks++;
    return r;
}

/* The first deal of a match, in the matches whose moves are all tried: the
 * cards its events name must be ones each seat knows after it. (Its deals
 * anew are those of the next hands: check_leaks with no moves.) */
int fuda_check_first_deal(checker *c) {
    need_outcomes(c);
    outcome *o = c->real;
    o->only = 0;
    fuda_check_free_texts(o->ev);
    fuda_check_take_events(c, o->ev);
    for (int s = 1; s <= c->nseats; s++) fuda_seen_cards(c->e, s, o->known[s]);
    char *why = unknown_mark(c, o, NULL);
    int r = why ? fuda_check_fail_at(c, 1, "%s", why) : 0;
    free(why);
    return r;
}

/* A seat asked in a claim window: the window's prompt (the variant's reason
 * for asking) must work and change nothing. In the matches whose moves are
 * all tried, and at the first claim window of every match (the same in
 * every match however they are shared among threads). */
int fuda_check_prompts(checker *c, unsigned actors, int thorough) {
    if (!fuda_engine_claim(c->e)) return 0;
    c->claims++;
    if (!thorough && c->prompted) return 0;
    c->prompted = 1;
    for (int seat = 1; seat <= c->nseats; seat++) {
        if (!(actors & (1u << (seat - 1)))) continue;
        char *text = NULL;
        c->prompts++;
        if (fuda_engine_prompt(c->e, seat, &text) != 0)
            return fuda_check_fail_engine(c, 0, "seat %d: the prompt of the claim window '%s' failed", seat,
                               fuda_engine_claim(c->e));
        free(text);
        if (!fuda_check_unchanged(c, &c->before))
            return fuda_check_fail_at(c, 0, "seat %d: asking the claim window's prompt changed the game state", seat);
    }
    return 0;
}

/* The variant's evaluate (the search's estimate) must give every seat a
 * number and change nothing. At every action of the matches whose moves are
 * all tried, and at the first of every match; not in a match of several
 * tables (the search plays at one). */
int fuda_check_evaluate(checker *c, int thorough) {
    if (!c->info->has_evaluate || fuda_engine_tables(c->e) || (!thorough && c->evaluated)) return 0;
    c->evaluated = 1;
    for (int seat = 1; seat <= c->nseats; seat++) {
        double v;
        c->evals++;
        if (fuda_engine_evaluate(c->e, seat, &v) < 0) return fuda_check_fail_engine(c, 0, "evaluate for seat %d failed", seat);
    }
    return 0;
}

/* One action: check every seat that must act, let the bots choose, check
 * what a seat may learn, apply their moves in seat order (a claim window's
 * decisions are blind). */
