/* check_action.c -- `fuda check` after every action (see check.c): the
 * listed moves tried, moves not listed refused, the events each seat was
 * shown, the zero-sum and view checks, and one step of a match. */
#include "check.h"

/* ---- per action ---- */

/* Copy seat's legal moves into c->mv; the count, or -1 (failure recorded). */
static int copy_moves(checker *c, int seat) {
    const char *const *mv;
    int n = fuda_engine_moves(c->e, seat, &mv);
    if (n < 0) {
        fuda_check_fail_engine(c, 0, "moves of seat %d", seat);
        return -1;
    }
    for (int i = 0; i < c->nmv; i++) free(c->mv[i]);
    if (n > c->capmv) {
        c->capmv = n;
        c->mv = fuda_xrealloc(c->mv, (size_t)n * sizeof *c->mv);
    }
    for (int i = 0; i < n; i++) c->mv[i] = fuda_xstrdup(mv[i]);
    c->nmv = n;
    return n;
}

/* 1 if seat (1-based) holds card c in a pile of its own. */
static int seat_holds(const fuda_state *s, int seat, fuda_card card) {
    for (int p = 0; p < s->npiles; p++)
        if (s->piles[p].owner == seat - 1 && fuda_pile_index(s, p, card) >= 0) return 1;
    return 0;
}

/* A listed move with one of its cards replaced by a card of the game the seat
 * does not hold, that is not listed itself (malloc'd), or NULL if none. */
static char *move_with_foreign_card(const checker *c, int seat) {
    const fuda_state *s = fuda_engine_state(c->e);
    for (int i = 0; i < c->nmv; i++) {
        const char *m = c->mv[i];
        for (const char *w = m; *w;) {
            size_t len = strcspn(w, " ");
            fuda_card card;
            if (w != m && fuda_card_parse(w, len, &card) == 0) {
                for (int x = 1; x < FUDA_CARD_SPACE; x++) {
                    if (!s->deck[x] || x == card || seat_holds(s, seat, (fuda_card)x)) continue;
                    char name[8];
                    fuda_card_name((fuda_card)x, name);
                    size_t size = strlen(m) + sizeof name;
                    char *alt = fuda_xrealloc(NULL, size);
                    snprintf(alt, size, "%.*s%s%s", (int)(w - m), m, name, w + len);
                    if (!fuda_check_listed(c, alt)) return alt;
                    free(alt);
                }
            }
            w += len;
            while (*w == ' ') w++;
        }
    }
    return NULL;
}

/* An illegal move must be refused and change nothing. */
static int try_illegal(checker *c, int seat, const char *move, const fuda_state *before) {
    c->illegal++;
    if (fuda_engine_try(c->e, seat, move) == 0)
        return fuda_check_fail_at(c, 0, "seat %d: the move '%s' is not listed but was accepted", seat, move);
    if (!fuda_check_unchanged(c, before))
        return fuda_check_fail_at(c, 0, "seat %d: refusing the move '%s' changed the game state", seat, move);
    return 0;
}

/* Asking the variant why a move is refused (its why_not hook) must work and
 * change nothing. */
static int check_why_not(checker *c, int seat, const char *move, const fuda_state *before) {
    char *text = NULL;
    if (fuda_engine_why_not(c->e, seat, move, &text) != 0) {
        fuda_check_fail_engine(c, 0, "seat %d: why_not for '%s' failed", seat, move);
        return -1;
    }
    free(text);
    if (!fuda_check_unchanged(c, before))
        return fuda_check_fail_at(c, 0, "seat %d: asking why_not for '%s' changed the game state", seat, move);
    return 0;
}

/* Asking what each listed move throws away (the confirm hook, before a
 * human's move in fuda play) must work and change nothing. */
static int check_confirm(checker *c, int seat, int n, const fuda_state *before) {
    for (int i = 0; i < n; i++) {
        char *text = NULL;
        if (fuda_engine_confirm(c->e, seat, c->mv[i], &text) != 0) {
            fuda_check_fail_engine(c, 0, "seat %d: confirm for '%s' failed", seat, c->mv[i]);
            return -1;
        }
        free(text);
    }
    if (!fuda_check_unchanged(c, before))
        return fuda_check_fail_at(c, 0, "seat %d: asking confirm for its moves changed the game state", seat);
    return 0;
}

/* ---- what the events show each seat ---- */

/* fuda_engine_try_see's callback in check_seat: what the tried move showed
 * every seat. */
static void saw_tried(void *ud, fuda_engine *e) {
    checker *c = ud;
    seen_move *t = &c->tried_moves[c->ntried];
    t->ok = 1;
    fuda_seen_hashes(e, c->nseats, t->seen);
    fuda_check_take_events(c, t->ev);
}

/* Room for n tried moves, none seen yet. */
static void reset_tried(checker *c, int n) {
    if (n > c->captried) {
        c->tried_moves = fuda_xrealloc(c->tried_moves, (size_t)n * sizeof *c->tried_moves);
        memset(c->tried_moves + c->captried, 0, (size_t)(n - c->captried) * sizeof *c->tried_moves);
        c->captried = n;
    }
    for (int i = 0; i < n; i++) {
        fuda_check_free_texts(c->tried_moves[i].ev);
        c->tried_moves[i].ok = 0;
    }
}

/* Two listed moves of seat that leave another seat seeing the same state
 * (the same hash of what it may know) must show it the same events: else
 * the events tell it what it cannot see (which card went face down, which
 * was passed to a third seat). 0, or -1 with the failure recorded. */
static int compare_tried(checker *c, int seat, int n) {
    for (int s = 1; s <= c->nseats; s++) {
        if (s == seat) continue;
        for (int i = 0; i < n; i++) {
            const seen_move *a = &c->tried_moves[i];
            if (!a->ok) continue;
            for (int j = i + 1; j < n; j++) {
                const seen_move *b = &c->tried_moves[j];
                if (!b->ok || a->seen[s] != b->seen[s]) continue;
                c->ev_checks++;
                if (fuda_check_same_text(a->ev[s], b->ev[s])) continue;
                char *apart = fuda_check_texts_apart(a->ev[s], b->ev[s]);
                fuda_check_fail_at(c, 0, "hidden information leaks: seat %d is shown other events after seat %d's move "
                        "'%s' than after '%s', which it cannot tell apart otherwise (%s)", s, seat, c->mv[i],
                        c->mv[j], apart);
                free(apart);
                return -1;
            }
        }
    }
    return 0;
}

/* The checks of one seat that must act. */
static int check_seat(checker *c, int seat, int thorough, const fuda_state *before) {
    int n = copy_moves(c, seat);
    if (n < 0) return -1;
    if (n == 0) return fuda_check_fail_at(c, 0, "seat %d must act but has no legal move (moves returned an empty list)", seat);
    c->lists[seat] = fuda_check_list_hash((const char *const *)c->mv, n);
    for (int i = 0; i < n; i++) fuda_check_counts_add(&c->listed, c->mv[i], fuda_check_verb_len(c->mv[i]), 1);
    if (thorough) {
        /* every listed move, tried; what each showed the other seats is compared */
        fuda_engine_count_hooks(c->e, 0); /* the counts are of the matches as played */
        reset_tried(c, n);
        int streaming = c->streaming;
        c->capturing = 1, c->streaming = 0;
        int r = 0;
        for (int i = 0; i < n && r == 0; i++) {
            c->tries++;
            c->ntried = i;
            fuda_check_clear_events(c);
            if (fuda_engine_try_see(c->e, seat, c->mv[i], saw_tried, c) != 0)
                r = fuda_check_fail_engine(c, 0, "seat %d: listed move '%s' refused", seat, c->mv[i]);
            else if (!fuda_check_unchanged(c, before))
                r = fuda_check_fail_at(c, 0, "seat %d: trying the move '%s' changed the game state", seat, c->mv[i]);
        }
        c->capturing = 0, c->streaming = streaming;
        fuda_check_clear_events(c);
        fuda_engine_count_hooks(c->e, 1);
        if (r == 0 && fuda_check_leak_rule_applies(c)) r = compare_tried(c, seat, n);
        if (r < 0) return -1;
    }
    char *foreign = move_with_foreign_card(c, seat);
    int r = try_illegal(c, seat, "no-such-move", before);
    if (r == 0 && foreign) r = try_illegal(c, seat, foreign, before);
    if (r == 0 && thorough) r = check_why_not(c, seat, foreign ? foreign : "no-such-move", before);
    if (r == 0 && thorough) r = check_confirm(c, seat, n, before);
    free(foreign);
    return r;
}

int fuda_check_zero_sum(checker *c) {
    if (!c->info->check_zero_sum) return 0;
    for (int col = 1; col <= FUDA_MAX_COLS; col++) {
        long sum = 0;
        for (int seat = 1; seat <= c->nseats; seat++) sum += fuda_engine_total(c->e, seat, col);
        if (sum != 0)
            return fuda_check_fail_at(c, 1, "the totals of column %d sum to %ld, not 0 (the variant declares zero_sum)", col, sum);
    }
    return 0;
}

/* Every seat's view (the view hook, if any) must work. */
int fuda_check_views(checker *c) {
    for (int seat = 0; seat <= c->nseats; seat++) {
        char *v = fuda_engine_view(c->e, seat);
        c->views++;
        if (!v) {
            fuda_check_fail_engine(c, 1, "the view of %s%d failed", seat ? "seat " : "spectator ", seat);
            return -1;
        }
        free(v);
    }
    return 0;
}

int fuda_check_step(checker *c, int thorough) {
    unsigned actors = fuda_engine_actors(c->e);
    if (actors == 0) return fuda_check_fail_at(c, 0, "the hand is on but no seat must act");
    fuda_state_copy(&c->before, fuda_engine_state(c->e));
    uint64_t hash = fuda_engine_hash(c->e);
    if (fuda_check_prompts(c, actors, thorough) < 0) return -1;
    for (int seat = 1; seat <= c->nseats; seat++)
        if ((actors & (1u << (seat - 1))) && check_seat(c, seat, thorough, &c->before) < 0) return -1;
    if (fuda_check_evaluate(c, thorough) < 0) return -1;
    char *chosen[FUDA_MAX_SEATS + 1] = { 0 };
    int r = 0;
    for (int seat = 1; seat <= c->nseats && r == 0; seat++) {
        const char *mv;
        if (!(actors & (1u << (seat - 1)))) continue;
        const char *bot = fuda_check_bot_for(c, c->e, seat);
        if (fuda_engine_bot(c->e, seat, bot, &mv) != 0) {
            r = fuda_check_fail_engine(c, 0, "bot '%s' of seat %d", bot, seat);
        } else {
            chosen[seat] = fuda_xstrdup(mv);
            if (strcmp(bot, "random") != 0) fuda_check_counts_add(&c->bots_asked, bot, strlen(bot), 1);
        }
    }
    /* after the bots chose: the leak rule goes back to where they stand */
    if (r == 0 && thorough && fuda_check_leak_rule_applies(c) && fuda_check_leak_checked(c, fuda_engine_move_count(c->e)))
        r = fuda_check_leaks(c, actors, chosen);
    for (int seat = 1; seat <= c->nseats && r == 0; seat++) {
        if (!chosen[seat]) continue;
        if (fuda_engine_apply(c->e, seat, chosen[seat]) != 0) {
            r = fuda_check_fail_engine(c, 0, "seat %d: move '%s' failed", seat, chosen[seat]);
            break;
        }
        c->moves++;
        c->seat_moves[c->nseats]++;
        fuda_check_record(c, seat, chosen[seat], hash);
        fuda_check_counts_add(&c->verbs, chosen[seat], fuda_check_verb_len(chosen[seat]), 1);
        r = fuda_check_zero_sum(c);
    }
    for (int seat = 1; seat <= c->nseats; seat++) free(chosen[seat]);
    if (r == 0 && thorough && fuda_engine_move_count(c->e) <= CHECK_VIEW_MOVES) r = fuda_check_views(c);
    return r;
}
