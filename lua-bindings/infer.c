/* infer.c -- what the other seats' moves tell the search (see infer.h).
 *
 * Dealing blind what a seat cannot see ignores what the others showed by
 * their choices: in a shedding game a player who draws held nothing that
 * fits, one who lets a claim pass could not make it. The engine keeps, per
 * seat, the points of its last MEMO_DEPTH searched decisions (search_memo).
 * For a new decision the cards are dealt anew at the oldest of them in this
 * hand instead (after the seat's own moves that came first, which it knows),
 * and what happened since is played again in that deal: the seat's own moves
 * as they were (a card it drew is made the one it drew: show_real), each
 * other seat's move as the playout bot would choose it. The deal is kept only
 * when the seat would have seen the same thing after every one of those moves
 * as it did (seen_same: the cards it knows, pile sizes, turn, claim window,
 * variables, totals); else another deal is tried. Until one fits, TRIES
 * deals in all, from the oldest decision to the newest; after that, while
 * one deal in MIN_FIT fits (worth_trying); a round that finds none is dealt
 * blind. Which seats a claim window asks is public in fuda,
 * as are the seats' turns, so that the log's order of movers is too.
 *
 * A deal blind seldom puts in a player's hand the very cards it then plays,
 * so most deals would be thrown away. What the seat saw tells more: when a
 * move of seat s took cards out of one pile of s's that the seat cannot see,
 * no other pile shrank, and the cards then came to light, they were in that
 * pile; if it had not grown since the deal, they were there when the deal is
 * made. Such cards are pinned (find_pins): after each deal a pinned card that
 * is elsewhere changes places with a random unpinned card of its pile, which
 * deals uniformly among the deals that have it there (pin_cards).
 *
 * Nothing hidden is read: the real history is compared only through what the
 * seat saw of it, and the other seats' moves in a deal are the bot's choices
 * there, not the texts of the real moves (which may name cards the seat did
 * not see). The log of the real match is never cut below the decision: the
 * deals are replayed after its end (fuda_engine_rewind_state) and the
 * search's fuda_engine_undo_to of its own mark puts all back. */
#include <stdlib.h>
#include <string.h>
#include "lfuda.h"
#include "table.h"
#include "infer.h"

#define TRIES 400   /* deals tried for a round's world before it is dealt blind */
#define MIN_FIT 20   /* after 100 tries, go on while one deal in MIN_FIT fits */
#define MAX_SINCE 64 /* moves since the previous decision worth replaying */
#define MEMO_DEPTH 3  /* the seat's decisions kept to deal at (the oldest usable first) */

/* 1 if seat k (0-based) would see the same in a as in b: the same piles and
 * sizes, the same cards where it knows them (and knows the same places),
 * turn, direction, window, variables, totals. */
static int seen_same(const fuda_state *a, const fuda_state *b, int k) {
    if (a->nseats != b->nseats || a->turn != b->turn || a->dir != b->dir || a->phase != b->phase ||
        a->out_mask != b->out_mask || a->npiles != b->npiles || a->hand_no != b->hand_no)
        return 0;
    if (a->claim_open != b->claim_open || a->claim_kind != b->claim_kind ||
        a->claim_eligible != b->claim_eligible || a->claim_pending != b->claim_pending)
        return 0;
    if (memcmp(a->var_type, b->var_type, sizeof a->var_type) || memcmp(a->var, b->var, sizeof a->var) ||
        memcmp(a->total, b->total, sizeof a->total) || a->winners != b->winners)
        return 0;
    for (int p = 0; p < b->npiles; p++) {
        const fuda_pile *pa = &a->piles[p], *pb = &b->piles[p];
        if (pa->len != pb->len || pa->owner != pb->owner || pa->vis != pb->vis ||
            strncmp(pa->name, pb->name, FUDA_PILE_NAME) != 0)
            return 0;
        for (int i = 0; i < pb->len; i++) {
            int ka = a->known[pa->start + i] >> k & 1, kb = b->known[pb->start + i] >> k & 1;
            if (ka != kb || (kb && a->cards[pa->start + i] != b->cards[pb->start + i])) return 0;
        }
    }
    return 1;
}

/* The moves since the memo, if they can be replayed: all in this hand, all
 * moves of seats (no "next" or other lines), at most MAX_SINCE, and at least
 * one of another seat. Sets F->n and F->lead; 0 or -1. */
static int read_since(fuda_infer *F, const fuda_mark *root) {
    const fuda_engine *e = F->e;
    const fuda_mark *m = F->memo;
    if (m->st.hand_no != root->st.hand_no || m->nrows != root->nrows || m->nlog >= root->nlog) return -1;
    F->n = root->nlog - m->nlog;
    if (F->n > MAX_SINCE) return -1;
    F->lead = 0;
    while (F->lead < F->n && e->log[m->nlog + F->lead].seat == F->seat) F->lead++;
    if (F->lead == F->n) return -1;
    for (long k = 0; k < F->n; k++)
        if (e->log[m->nlog + k].seat <= 0 || e->log[m->nlog + k].text) return -1;
    return 0;
}

/* Entry k since the memo: its seat and text (interned: valid all match). */
static int since_seat(const fuda_infer *F, long k) { return F->e->log[F->memo->nlog + k].seat; }
static const char *since_text(const fuda_infer *F, long k) { return fuda_log_text(F->e, F->memo->nlog + k); }

/* Play the moves since the memo again as they were, keeping each state in
 * F->real; the last must be the decision's. The state is root's after. */
static int replay_real(fuda_infer *F, const fuda_mark *root) {
    fuda_engine *e = F->e;
    int ok = fuda_engine_rewind_state(e, F->memo) == 0;
    for (long k = 0; ok && k < F->n; k++) {
        ok = fuda_table_apply(e, since_seat(F, k), since_text(F, k)) == 0;
        if (ok) F->real[k] = e->st;
    }
    ok = ok && memcmp(&e->st, &root->st, sizeof e->st) == 0;
    fuda_engine_undo_to(e, root);
    return ok ? 0 : -1;
}

/* Where card c lies in s among the places seat k (0-based) does not know,
 * outside the other seats' piles (a stock, a face-down pile, its own):
 * its index in s->cards, or -1. */
static int hidden_place(const fuda_state *s, fuda_card c, int k) {
    for (int p = 0; p < s->npiles; p++) {
        const fuda_pile *pl = &s->piles[p];
        if (pl->owner >= 0 && pl->owner != k) continue;
        for (int i = pl->start; i < pl->start + pl->len; i++)
            if (s->cards[i] == c && !(s->known[i] >> k & 1)) return i;
    }
    return -1;
}

/* The seat's own move showed it cards (a draw) other than it saw then: in
 * `before` (the deal just before the move), exchange each card it was shown
 * in the deal (`after`) with the card it really saw there (`real`), both
 * where the seat does not know them and neither in another seat's pile (the
 * others' choices so far may rest on their cards). The stock's order is
 * unknown to all, so this is the deal in which the seat draws what it drew.
 * 0, or -1 when some card cannot be exchanged so. */
static int show_real(fuda_state *before, const fuda_state *after, const fuda_state *real, int k) {
    int to[FUDA_MAX_CARDS], n = 0; /* where each card to show lies in before */
    fuda_card want[FUDA_MAX_CARDS];
    if (after->npiles != real->npiles) return -1;
    for (int p = 0; p < real->npiles; p++)
        if (after->piles[p].len != real->piles[p].len) return -1;
    for (int p = 0; p < real->npiles; p++)
        for (int i = 0; i < real->piles[p].len; i++) {
            int ia = after->piles[p].start + i, ir = real->piles[p].start + i;
            if (!(real->known[ir] >> k & 1) || after->cards[ia] == real->cards[ir]) continue;
            if (n == FUDA_MAX_CARDS || (to[n] = hidden_place(before, after->cards[ia], k)) < 0) return -1;
            want[n++] = real->cards[ir];
        }
    /* all places first, then the exchanges: one may bring a card shown
     * later to the place of one shown earlier */
    for (int j = 0; j < n; j++) {
        int from = hidden_place(before, want[j], k);
        if (from < 0) return -1;
        fuda_card t = before->cards[from];
        before->cards[from] = before->cards[to[j]];
        before->cards[to[j]] = t;
    }
    return 0;
}

/* Replay the seat's own move k in the deal, as it was; when it showed the
 * seat other cards than it saw, make the deal show those (show_real) and
 * play it again. 1 it fits, 0 not. */
static int own_move(fuda_infer *F, long k) {
    fuda_engine *e = F->e;
    int me = F->seat - 1;
    if (fuda_engine_mark(e, &F->before) < 0 || fuda_table_apply(e, F->seat, since_text(F, k)) < 0) return 0;
    if (seen_same(&e->st, &F->real[k], me)) return 1;
    F->after = e->st;
    if (fuda_engine_undo_to(e, &F->before) < 0) return 0;
    if (show_real(&e->st, &F->after, &F->real[k], me) < 0) return 0;
    e->moves_valid = 0;
    return fuda_table_apply(e, F->seat, since_text(F, k)) == 0 && seen_same(&e->st, &F->real[k], me);
}

/* How many cards of each value seat k (0-based) knows in s, added to n[]
 * with sign `sign`. */
static void count_known(const fuda_state *s, int k, int sign, int *n) {
    for (int i = 0; i < FUDA_MAX_CARDS && i < s->ncards; i++)
        if (s->known[i] >> k & 1) n[s->cards[i]] += sign;
}

/* The pile that move k took its cards from, if the seat can say: the one
 * pile that shrank, owned by the mover, hidden from the seat, not grown since
 * the deal (grew[]); else -1. */
static int source_pile(const fuda_infer *F, const fuda_state *a, const fuda_state *b, int mover,
                       const int *grew) {
    int src = -1;
    if (a->npiles != b->npiles) return -1;
    for (int p = 0; p < a->npiles; p++) {
        if (b->piles[p].len >= a->piles[p].len) continue;
        if (src >= 0) return -1;
        src = p;
    }
    if (src < 0 || grew[src]) return -1;
    const fuda_pile *pl = &a->piles[src];
    int open = pl->vis == FUDA_VIS_PUBLIC || pl->vis == FUDA_VIS_TOP;
    if (pl->owner != mover - 1 || pl->owner == F->seat - 1 || open) return -1;
    return src;
}

/* Pin the cards the others' moves brought to light out of their hidden
 * piles (see the top of the file). `dealt` is the state the deal is made in. */
static void find_pins(fuda_infer *F, const fuda_state *dealt) {
    int grew[FUDA_MAX_PILES] = { 0 };
    const fuda_state *a = dealt;
    for (long k = F->lead; k < F->n; a = &F->real[k], k++) {
        const fuda_state *b = &F->real[k];
        int s = since_seat(F, k), src = s == F->seat ? -1 : source_pile(F, a, b, s, grew);
        for (int p = 0; p < a->npiles && p < b->npiles; p++) /* (src shrank: not marked here) */
            if (b->piles[p].len > a->piles[p].len) grew[p] = 1;
        if (src >= 0) {
            int n[FUDA_CARD_SPACE] = { 0 };
            count_known(b, F->seat - 1, 1, n);
            count_known(a, F->seat - 1, -1, n);
            int shown = 0;
            for (int c = 0; c < FUDA_CARD_SPACE; c++) shown += n[c] > 0 ? n[c] : 0;
            if (shown > a->piles[src].len - b->piles[src].len) continue; /* not all from there */
            for (int c = 0; c < FUDA_CARD_SPACE; c++)
                for (int j = 0; j < n[c] && F->npins < FUDA_MAX_CARDS; j++) {
                    F->pin[F->npins].card = (fuda_card)c;
                    F->pin[F->npins++].pile = src;
                }
        }
    }
}

/* After a deal, put each pinned card in its pile: if not enough of it are
 * there already (in places the seat does not know), one from a place the
 * seat does not know elsewhere changes places with a random card of the
 * pile that no pin holds. 0, or -1 when it cannot be done. */
static int pin_cards(fuda_infer *F, fuda_state *s, fuda_rng *r) {
    int me = F->seat - 1;
    uint8_t held[FUDA_MAX_CARDS] = { 0 }; /* places a pin holds */
    for (int k = 0; k < F->npins; k++) {
        fuda_card c = F->pin[k].card;
        const fuda_pile *pl = &s->piles[F->pin[k].pile];
        int here = -1, nfree = 0;
        uint16_t freeslot[FUDA_MAX_CARDS];
        for (int i = pl->start; i < pl->start + pl->len; i++) {
            if (held[i] || (s->known[i] >> me & 1)) continue;
            if (s->cards[i] == c && here < 0) here = i;
            freeslot[nfree++] = (uint16_t)i;
        }
        if (here < 0) {
            int from = -1;
            for (int i = 0; i < s->ncards && from < 0; i++) {
                int inside = i >= pl->start && i < pl->start + pl->len;
                if (s->cards[i] == c && !held[i] && !(s->known[i] >> me & 1) && !inside) from = i;
            }
            if (from < 0 || nfree == 0) return -1;
            here = freeslot[fuda_rng_below(r, (uint32_t)nfree)];
            s->cards[from] = s->cards[here];
            s->cards[here] = c;
        }
        held[here] = 1;
    }
    return 0;
}

/* With a time budget, has its end come (fuda_infer_world's until). */
static int time_up(const fuda_infer *F) { return F->until > 0 && F->clock() >= F->until; }

/* One try: 1 the deal fits, 0 not. */
static int try_deal(fuda_infer *F, const fuda_mark *root, fuda_rng *r) {
    fuda_engine *e = F->e;
    fuda_engine_undo_to(e, root);
    if (fuda_engine_rewind_state(e, F->memo) < 0) return 0;
    for (long k = 0; k < F->lead; k++)
        if (fuda_table_apply(e, F->seat, since_text(F, k)) < 0) return 0;
    fuda_state_resample(&e->st, F->seat - 1, r);
    e->moves_valid = 0;
    if (F->npins && pin_cards(F, &e->st, r) < 0) return 0;
    for (long k = F->lead; k < F->n; k++) {
        int s = since_seat(F, k);
        const char *mv;
        if (s == F->seat) {
            if (!own_move(F, k)) return 0;
        } else if (time_up(F) || /* a slow bot */
                   fuda_table_bot_apply(e, s, F->policy, &mv) < 0 ||
                   !seen_same(&e->st, &F->real[k], F->seat - 1)) {
            return 0;
        }
    }
    return 1;
}

/* Use the seat's decision `back` decisions ago (0: the previous one) as the
 * point to deal at: 0, or -1 when it cannot be (then F->real is freed). */
static int start_at(fuda_infer *F, int back, const fuda_mark *root) {
    free(F->real);
    F->real = NULL;
    F->npins = 0;
    F->back = back;
    F->memo = &F->e->search_memo[F->seat - 1][back];
    if (read_since(F, root) < 0) return -1;
    F->real = malloc((size_t)F->n * sizeof *F->real);
    if (!F->real || replay_real(F, root) < 0) {
        free(F->real);
        F->real = NULL;
        return -1;
    }
    find_pins(F, F->lead ? &F->real[F->lead - 1] : &F->memo->st);
    return 0;
}

/* From the decision `from` ago on to the previous one, the first that can be used. */
static int start_from(fuda_infer *F, int from, const fuda_mark *root) {
    for (int back = from; back >= 0; back--)
        if (start_at(F, back, root) == 0) return 0;
    return -1;
}

int fuda_infer_begin(fuda_infer *F, fuda_engine *e, int seat, const char *policy, const fuda_mark *root) {
    memset(F, 0, sizeof *F);
    F->e = e, F->seat = seat, F->policy = policy;
    if (!e->search_memo[seat - 1] || fuda_tb_n(e) || start_from(F, MEMO_DEPTH - 1, root) < 0) return -1;
    F->on = 1;
    return 0;
}

/* Worth going on: until a world is found, TRIES deals in all (over the
 * decisions tried); then while at least one deal in MIN_FIT fits. */
static int worth_trying(const fuda_infer *F) {
    if (!F->found) return F->tries < TRIES;
    return F->tries < 100 || F->found * MIN_FIT >= F->tries;
}

int fuda_infer_world(fuda_infer *F, const fuda_mark *root, fuda_rng *r, double until, double (*clock)(void)) {
    F->until = until, F->clock = clock;
    while (F->on) {
        for (int t = 0; t < TRIES && worth_trying(F); t++) {
            if (time_up(F)) break;
            F->tries++;
            if (try_deal(F, root, r)) {
                F->found++;
                return 1;
            }
        }
        /* none fitted: before the first world, deal nearer to now; after
         * it, this round is dealt blind */
        if (F->found || !worth_trying(F) || F->back == 0 || time_up(F) ||
            start_from(F, F->back - 1, root) < 0)
            break;
    }
    if (!worth_trying(F)) F->on = 0;
    fuda_engine_undo_to(F->e, root);
    return 0;
}

void fuda_infer_end(fuda_infer *F) {
    free(F->real);
    F->real = NULL;
    F->on = 0;
}

void fuda_infer_remember(fuda_engine *e, int seat, const fuda_mark *root) {
    if (fuda_tb_n(e)) return;
    fuda_mark *m = e->search_memo[seat - 1];
    if (!m) m = e->search_memo[seat - 1] = calloc(MEMO_DEPTH, sizeof *m);
    if (!m) return;
    memmove(m + 1, m, (MEMO_DEPTH - 1) * sizeof *m);
    m[0] = *root;
}
