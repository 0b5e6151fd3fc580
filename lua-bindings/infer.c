/* infer.c -- what the other seats' moves tell the search (see infer.h).
 *
 * Dealing blind what a seat cannot see ignores what the others showed by
 * their choices: in a shedding game a player who draws held nothing that
 * fits, one who lets a claim pass could not make it. The engine keeps, per
 * seat, the points of its first searched decision of the hand and of its
 * last FUDA_INFER_DEPTH (fuda_infer_memo). For a new decision the cards are
 * dealt anew at the oldest of them that can be used (after the seat's own
 * moves that came first, which it knows), and what happened since is
 * played again in that deal: the seat's own moves as they were (a card it
 * drew is made the one it drew: show_real), each other seat's move as the
 * playout bot would choose it. The deal fits when the seat would have seen
 * the same thing after every one of those moves as it did (seen_same: the
 * cards it knows, pile sizes, turn, claim window, variables, totals).
 *
 * With three or four others a deal that fits everything they did is rare,
 * so a deal that does not is mended (mend): at the first move that does not
 * fit, the hidden cards of the seat that made it (or of one that moved
 * before it: a claim window shows its choices only when it closes) are
 * dealt anew, or the card the move showed is brought into that seat's
 * hand, or the game's generator reseeded (a public draw of lots), and the
 * change is kept when the moves then fit as far or further. Until the first
 * world, TRIES deals and mends in all, shared among the decisions to deal
 * at; a round that finds none is dealt blind. After it, each round makes
 * one step of a Markov chain over the deals that fit (chain_step): one
 * other seat's hidden cards dealt anew, kept if all still fits; the cards
 * no seat has seen (a stock's order) are shuffled for each round. The last
 * deal that fitted is kept for the seat's next search, which starts from
 * it: most of the history is then fitted already.
 *
 * A deal blind seldom puts in a player's hand the very cards it then plays,
 * so most deals would be thrown away. What the seat saw tells more: when a
 * move took cards out of one pile of another seat that the seat cannot see,
 * no other pile shrank, and the cards then came to light, they were in that
 * pile; if it had not grown since the deal, they were there when the deal is
 * made. Such cards are pinned (find_pins): after each deal a pinned card that
 * is elsewhere changes places with a random unpinned card of its pile, which
 * deals uniformly among the deals that have it there (pin_cards). The cards
 * the seat's own moves showed it (find_drawn) were in no other seat's pile
 * at the deal; a deal that put one there puts it in the stock (keep_drawn).
 *
 * Nothing hidden is read: the real history is compared only through what the
 * seat saw of it, and the other seats' moves in a deal are the bot's choices
 * there, not the texts of the real moves (which may name cards the seat did
 * not see); a mend moves cards only among places the seat does not know,
 * guided by cards it saw. The log of the real match is never cut below the
 * decision: the deals are replayed after its end (fuda_engine_rewind_state)
 * and the search's fuda_engine_undo_to of its own mark puts all back. */
#include <stdlib.h>
#include <string.h>
#include "record.h"
#include "call.h"
#include "table.h"
#include "infer.h"
#include "engine_access.h"

#define TRIES 400   /* deals tried and mended for a decision's first world before it is dealt blind */
#define MENDS 100   /* mends of one deal before another is tried */
#define MAX_SINCE 64 /* moves since the decision dealt at worth replaying */

/* 1 if seat k (0-based) would see the same in a as in b: the same piles and
 * sizes, the same cards where it knows them (and knows the same places),
 * turn, direction, window, variables, totals. */
/* Is e's match one of several tables? (The search infers at one table only.) */
static int several(fuda_engine *e) {
    const fuda_tables *tb = fuda_engine_tables_of(e);
    return tb && tb->n;
}

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
    const fuda_logmove *log = fuda_engine_log_entries(F->e);
    const fuda_mark *m = F->memo;
    if (m->st.hand_no != root->st.hand_no || m->nrows != root->nrows || m->nlog >= root->nlog) return -1;
    F->n = root->nlog - m->nlog;
    if (F->n > MAX_SINCE) return -1;
    F->lead = 0;
    while (F->lead < F->n && log[m->nlog + F->lead].seat == F->seat) F->lead++;
    if (F->lead == F->n) return -1;
    for (long k = 0; k < F->n; k++)
        if (log[m->nlog + k].seat <= 0 || log[m->nlog + k].text) return -1;
    return 0;
}

/* Entry k since the memo: its seat and text (interned: valid all match). */
static int since_seat(const fuda_infer *F, long k) { return fuda_engine_log_entries(F->e)[F->memo->nlog + k].seat; }
static const char *since_text(const fuda_infer *F, long k) { return fuda_log_text(F->e, F->memo->nlog + k); }

/* Play the moves since the memo again as they were, keeping each state in
 * F->real; the last must be the decision's. The state is root's after. */
static int replay_real(fuda_infer *F, const fuda_mark *root) {
    fuda_engine *e = F->e;
    int ok = fuda_engine_rewind_state(e, F->memo) == 0;
    for (long k = 0; ok && k < F->n; k++) {
        ok = fuda_table_apply(e, since_seat(F, k), since_text(F, k)) == 0;
        if (ok) F->real[k] = *fuda_engine_table_st(e);
    }
    ok = ok && memcmp(fuda_engine_table_st(e), &root->st, sizeof (fuda_state)) == 0;
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
    F->after = *fuda_engine_table_st(e);
    if (seen_same(fuda_engine_table_st(e), &F->real[k], me)) return 1;
    if (fuda_engine_undo_to(e, &F->before) < 0) return 0;
    if (show_real(fuda_engine_table_st(e), &F->after, &F->real[k], me) < 0) return 0;
    fuda_engine_moves_stale(e);
    return fuda_table_apply(e, F->seat, since_text(F, k)) == 0 && seen_same(fuda_engine_table_st(e), &F->real[k], me);
}

/* How many cards of each value seat k (0-based) knows in s, added to n[]
 * with sign `sign`. */
static void count_known(const fuda_state *s, int k, int sign, int *n) {
    for (int i = 0; i < FUDA_MAX_CARDS && i < s->ncards; i++)
        if (s->known[i] >> k & 1) n[s->cards[i]] += sign;
}

/* The pile that move k took its cards from, if the seat can say: the one
 * pile that shrank, another seat's (the mover's, or in a claim window that
 * closed, a claimant's), hidden from the seat, not grown since the deal
 * (grew[]); else -1. */
static int source_pile(const fuda_infer *F, const fuda_state *a, const fuda_state *b, const int *grew) {
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
    if (pl->owner < 0 || pl->owner == F->seat - 1 || open) return -1;
    return src;
}

/* Pin the cards the others' moves brought to light out of their hidden
 * piles (see the top of the file). `dealt` is the state the deal is made in. */
static void find_pins(fuda_infer *F, const fuda_state *dealt) {
    int grew[FUDA_MAX_PILES] = { 0 };
    const fuda_state *a = dealt;
    for (long k = F->lead; k < F->n; a = &F->real[k], k++) {
        const fuda_state *b = &F->real[k];
        int src = source_pile(F, a, b, grew);
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

/* The cards the seat's own moves since the deal showed it (what it drew),
 * into F->drawn: at the deal they were in no other seat's pile. `dealt` is
 * the state the deal is made in. */
static void find_drawn(fuda_infer *F, const fuda_state *dealt) {
    const fuda_state *a = dealt;
    F->ndrawn = 0;
    for (long k = F->lead; k < F->n; a = &F->real[k], k++) {
        if (since_seat(F, k) != F->seat) continue;
        int n[FUDA_CARD_SPACE] = { 0 };
        count_known(&F->real[k], F->seat - 1, 1, n);
        count_known(a, F->seat - 1, -1, n);
        for (int c = 0; c < FUDA_CARD_SPACE; c++)
            for (int j = 0; j < n[c] && F->ndrawn < FUDA_MAX_CARDS; j++) F->drawn[F->ndrawn++] = (fuda_card)c;
    }
}

/* A deal's finishing touches: the pins, and the cards the seat drew out of
 * the other seats' piles. 0, or -1 when a pin cannot be placed. */
static int settle(fuda_infer *F, fuda_state *s, fuda_rng *r) {
    if (F->npins && pin_cards(F, s, r) < 0) return -1;
    for (int j = 0; j < F->ndrawn; j++) fuda_state_unown(s, F->seat - 1, F->drawn[j], r);
    return 0;
}

/* Back at the point the deal is made (the memo and the seat's own moves
 * that came first), with deal d in place of the state's cards. 0 or -1. */
static int to_deal(fuda_infer *F, const fuda_mark *root, const fuda_state *d) {
    fuda_engine *e = F->e;
    fuda_engine_undo_to(e, root);
    if (fuda_engine_rewind_state(e, F->memo) < 0) return -1;
    for (long k = 0; k < F->lead; k++)
        if (fuda_table_apply(e, F->seat, since_text(F, k)) < 0) return -1;
    if (d) {
        fuda_engine_mark_stale(e, d);
        *fuda_engine_table_st(e) = *d;
        fuda_engine_moves_stale(e);
    }
    return 0;
}

/* Play the moves since the deal's point in the deal: the first that does
 * not fit, F->n when all do, -1 when the time is up (a slow bot). */
static long replay_deal(fuda_infer *F) {
    fuda_engine *e = F->e;
    for (long k = F->lead; k < F->n; k++) {
        int s = since_seat(F, k);
        const char *mv;
        if (time_up(F)) return -1;
        F->pre = *fuda_engine_table_st(e);
        if (s == F->seat) {
            if (!own_move(F, k)) return k;
        } else if (fuda_table_bot_apply(e, s, F->policy, &mv) < 0 || !seen_same(fuda_engine_table_st(e), &F->real[k], F->seat - 1)) {
            return k;
        }
    }
    return F->n;
}

/* The cards the seat knows in `b` and not in `a` (came to light between
 * them) into out[] (at most max); how many. */
static int came_to_light(const fuda_infer *F, const fuda_state *a, const fuda_state *b, fuda_card *out, int max) {
    int n[FUDA_CARD_SPACE] = { 0 }, k = 0;
    count_known(b, F->seat - 1, 1, n);
    count_known(a, F->seat - 1, -1, n);
    for (int c = 0; c < FUDA_CARD_SPACE && k < max; c++)
        if (n[c] > 0) out[k++] = (fuda_card)c;
    return k;
}

/* The real state before move k since the memo. */
static const fuda_state *real_before(const fuda_infer *F, long k) {
    return k > 0 ? &F->real[k - 1] : &F->memo->st;
}

/* Does seat s (1-based) hold card c in state st. */
static int holds(const fuda_state *st, int s, fuda_card c) {
    for (int p = 0; p < st->npiles; p++)
        if (st->piles[p].owner == s - 1)
            for (int i = st->piles[p].start; i < st->piles[p].start + st->piles[p].len; i++)
                if (st->cards[i] == c) return 1;
    return 0;
}

/* Move k of seat s did not fit in the deal (F->pre before it), and in the
 * real game showed the seat a card c that s does not hold there: in d (the
 * deal's start) c changes places with a card s holds in F->pre (one the
 * seat does not know), so that, the moves before alike, s holds c. When the
 * move is the seat's own, what it was shown in the deal (F->after) takes
 * c's place instead. 0, or -1 when there is no such pair. */
static int bring_to_light(fuda_infer *F, long k, int s, fuda_state *d, fuda_rng *r) {
    fuda_card shown[16], want[16], give[FUDA_MAX_CARDS];
    int ns = came_to_light(F, real_before(F, k), &F->real[k], shown, 16), nw = 0, ng = 0;
    int own = s == F->seat;
    for (int j = 0; j < ns; j++)
        if (own ? !holds(&F->after, s, shown[j]) : !holds(&F->pre, s, shown[j])) want[nw++] = shown[j];
    if (!nw) return -1;
    if (own) {
        ng = came_to_light(F, &F->pre, &F->after, give, FUDA_MAX_CARDS);
    } else {
        const fuda_state *pre = &F->pre;
        for (int p = 0; p < pre->npiles; p++)
            if (pre->piles[p].owner == s - 1)
                for (int i = 0; i < pre->piles[p].len; i++)
                    if (!fuda_state_knows(pre, p, i, F->seat - 1)) give[ng++] = pre->cards[pre->piles[p].start + i];
    }
    if (!ng) return -1;
    return fuda_state_swap_unknown(d, F->seat - 1, want[fuda_rng_below(r, (uint32_t)nw)],
                                   give[fuda_rng_below(r, (uint32_t)ng)]);
}

/* A random other seat than the searching one (1-based). */
static int other_seat(const fuda_infer *F, fuda_rng *r) {
    int n = fuda_engine_table_st(F->e)->nseats;
    return 1 + (F->seat + (int)fuda_rng_below(r, (uint32_t)(n - 1))) % n;
}

/* Reseed the game's generator in d: a public draw of lots may fall otherwise. */
static void reseed(fuda_state *d, fuda_rng *r) {
    uint64_t hi = fuda_rng_next(r), lo = fuda_rng_next(r);
    fuda_rng_seed(&d->rng, hi << 32 | lo, 0);
}

/* One change to the deal d that did not fit at move k: the third kind in
 * turn of the `kind` counter (see the top of the file). */
static void mend(fuda_infer *F, long k, int kind, fuda_state *d, fuda_rng *r) {
    int s = since_seat(F, k);
    if (kind % 3 == 2) {
        reseed(d, r);
        return;
    }
    if (kind % 3 == 0 && bring_to_light(F, k, s, d, r) == 0) return;
    if (kind % 3 == 1) { /* a seat that moved before: its choice in a window shows only now */
        long j = F->lead + (long)fuda_rng_below(r, (uint32_t)(k - F->lead + 1));
        s = since_seat(F, j);
    }
    if (s == F->seat) s = other_seat(F, r); /* a window the others' cards open after it, or not */
    fuda_state_redeal_owner(d, F->seat - 1, s - 1, r);
}

/* Worth going on before the first world: TRIES deals and mends in all,
 * the decisions to deal at taking their share in turn. */
static int worth_trying(const fuda_infer *F) { return F->tries < TRIES * (F->at + 1) / F->nstart; }

/* One try, from a deal blind or the one kept from the seat's last search
 * (F->resume): 1 it fits (or was mended to fit, F->deal), 0 not. */
static int try_deal(fuda_infer *F, const fuda_mark *root, fuda_rng *r) {
    fuda_engine *e = F->e;
    if (to_deal(F, root, F->resume ? &F->deal : NULL) < 0) return 0;
    if (!F->resume) fuda_state_resample(fuda_engine_table_st(e), F->seat - 1, r);
    F->resume = 0;
    fuda_engine_moves_stale(e);
    if (settle(F, fuda_engine_table_st(e), r) < 0) return 0;
    F->deal = *fuda_engine_table_st(e);
    long got = replay_deal(F);
    for (int m = 0; m < MENDS && got >= F->lead && got < F->n && worth_trying(F); m++) {
        F->tries++;
        fuda_state d = F->deal;
        mend(F, got, m, &d, r);
        if (settle(F, &d, r) < 0 || to_deal(F, root, &d) < 0) continue;
        long g = replay_deal(F);
        if (g < 0) return 0;
        if (g >= got) F->deal = d, got = g;
    }
    return got == F->n;
}

/* After the first world, a step of the chain: from the last deal that
 * fitted, one other seat's hidden cards dealt anew (or the generator
 * reseeded), kept if all fits, else the last deal stays. 1, the state the
 * world; 0 (the state root's) when the time is up. */
static int chain_step(fuda_infer *F, const fuda_mark *root, fuda_rng *r) {
    fuda_engine *e = F->e;
    fuda_state d = F->deal;
    int n = fuda_engine_table_st(e)->nseats, k = (int)fuda_rng_below(r, (uint32_t)n);
    F->tries++;
    if (k == F->seat - 1) reseed(&d, r);
    else fuda_state_redeal_owner(&d, F->seat - 1, k, r);
    long g = -1;
    if (settle(F, &d, r) == 0 && to_deal(F, root, &d) == 0 && (g = replay_deal(F)) == F->n) {
        F->deal = d;
        F->found++;
    } else if (g < 0 && time_up(F)) {
        fuda_engine_undo_to(e, root);
        return 0;
    } else if (to_deal(F, root, &F->deal) < 0 || replay_deal(F) != F->n) {
        fuda_engine_undo_to(e, root);
        return 0;
    }
    fuda_state_shuffle_unseen(fuda_engine_table_st(e), r);
    fuda_engine_moves_stale(e);
    return 1;
}

/* Deal at F->start[i]: 0, or -1 when it cannot be (then F->real is freed). */
static int start_at(fuda_infer *F, int i, const fuda_mark *root) {
    free(F->real);
    F->real = NULL;
    F->npins = 0;
    F->at = i;
    F->memo = F->start[i];
    if (read_since(F, root) < 0) return -1;
    F->real = malloc((size_t)F->n * sizeof *F->real);
    if (!F->real || replay_real(F, root) < 0) {
        free(F->real);
        F->real = NULL;
        return -1;
    }
    const fuda_state *dealt = F->lead ? &F->real[F->lead - 1] : &F->memo->st;
    find_pins(F, dealt);
    find_drawn(F, dealt);
    const fuda_infer_memo *M = *fuda_engine_search_memo(F->e, F->seat - 1);
    F->resume = M->kept && M->kept_match == F->memo->match_id && M->kept_nlog == F->memo->nlog &&
                M->kept_serial == F->memo->log_serial;
    if (F->resume) F->deal = M->deal;
    return 0;
}

/* From F->start[i] on to the newest, the first that can be used. */
static int start_from(fuda_infer *F, int i, const fuda_mark *root) {
    for (; i < F->nstart; i++)
        if (start_at(F, i, root) == 0) return 0;
    return -1;
}

int fuda_infer_begin(fuda_infer *F, fuda_engine *e, int seat, const char *policy, const fuda_mark *root) {
    memset(F, 0, sizeof *F);
    F->e = e, F->seat = seat, F->policy = policy;
    fuda_infer_memo *M = *fuda_engine_search_memo(e, seat - 1);
    if (!M || several(e)) return -1;
    F->start[F->nstart++] = &M->first;
    for (int i = FUDA_INFER_DEPTH - 1; i >= 0; i--)
        if (M->recent[i].nlog != M->first.nlog || M->recent[i].match_id != M->first.match_id)
            F->start[F->nstart++] = &M->recent[i];
    if (start_from(F, 0, root) < 0) return -1;
    F->on = 1;
    return 0;
}

int fuda_infer_world(fuda_infer *F, const fuda_mark *root, fuda_rng *r, double until, double (*clock)(void)) {
    F->until = until, F->clock = clock;
    if (F->on && F->found) return chain_step(F, root, r);
    while (F->on) {
        while (worth_trying(F) && !time_up(F)) {
            F->tries++;
            if (try_deal(F, root, r)) {
                F->found++;
                fuda_state_shuffle_unseen(fuda_engine_table_st(F->e), r);
                fuda_engine_moves_stale(F->e);
                return 1;
            }
        }
        /* none fitted: deal nearer to now */
        if (time_up(F) || start_from(F, F->at + 1, root) < 0) break;
    }
    F->on = 0;
    fuda_engine_undo_to(F->e, root);
    return 0;
}

void fuda_infer_end(fuda_infer *F) {
    fuda_infer_memo *M = F->e ? *fuda_engine_search_memo(F->e, F->seat - 1) : NULL;
    if (M && F->found && F->memo) {
        M->deal = F->deal;
        M->kept = 1;
        M->kept_nlog = F->memo->nlog;
        M->kept_serial = F->memo->log_serial;
        M->kept_match = F->memo->match_id;
    }
    free(F->real);
    F->real = NULL;
    F->on = 0;
}

void fuda_infer_remember(fuda_engine *e, int seat, const fuda_mark *root) {
    if (several(e)) return;
    fuda_infer_memo *M = *fuda_engine_search_memo(e, seat - 1);
    if (!M) M = *fuda_engine_search_memo(e, seat - 1) = calloc(1, sizeof *M);
    if (!M) return;
    memmove(M->recent + 1, M->recent, (FUDA_INFER_DEPTH - 1) * sizeof *M->recent);
    M->recent[0] = *root;
    if (M->first.match_id != root->match_id || M->first.st.hand_no != root->st.hand_no ||
        M->first.nrows != root->nrows || M->first.nlog >= root->nlog)
        M->first = *root;
}
