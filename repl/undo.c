/* undo.c -- the history behind `undo` in `fuda play` and the rule for going
 * back (see undo.h). What a seat knew at a point is what it could see then:
 * the cards visible to it in the states of the hand's points up to there,
 * and the cards named in the events it was shown before it. In practice
 * nothing of that counts, and the history outlives a deal. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "undo.h"

static void drop_events(fuda_undo *u, long n);
static void drop_points(fuda_undo *u, int n);

/* The history grew past FUDA_UNDO_MAX_BYTES (a variant saying a lot in a
 * long hand): forget it; nothing of this hand can be undone any more. */
static int over_cap(fuda_undo *u, size_t more) {
    if (!u->dropped && u->bytes + more <= FUDA_UNDO_MAX_BYTES) return 0;
    drop_points(u, 0);
    drop_events(u, 0);
    u->dropped = 1;
    return 1;
}

void fuda_undo_event(fuda_undo *u, int seat, const char *text) {
    size_t len = strlen(text) + 1;
    if (over_cap(u, len + sizeof *u->ev)) return;
    u->bytes += len + sizeof *u->ev;
    if (u->nev >= u->capev) {
        u->capev = u->capev ? u->capev * 2 : 64;
        u->ev = fuda_xrealloc(u->ev, (size_t)u->capev * sizeof *u->ev);
    }
    u->ev[u->nev].seat = seat;
    u->ev[u->nev++].text = fuda_xstrdup(text);
}

static void drop_events(fuda_undo *u, long n) {
    while (u->nev > n) {
        char *t = u->ev[--u->nev].text;
        u->bytes -= strlen(t) + 1 + sizeof *u->ev;
        free(t);
    }
}

static size_t point_bytes(const fuda_undo_point *p) {
    size_t n = sizeof *p;
    for (int s = 0; s <= FUDA_MAX_SEATS; s++)
        if (p->move[s]) n += strlen(p->move[s]) + 1;
    return n;
}

static void drop_points(fuda_undo *u, int n) {
    while (u->npt > n) {
        fuda_undo_point *p = &u->pt[--u->npt];
        u->bytes -= point_bytes(p);
        for (int s = 0; s <= FUDA_MAX_SEATS; s++) free(p->move[s]);
    }
}

void fuda_undo_hand(fuda_undo *u, uint32_t hand_no) {
    if (u->hand_no == hand_no) return;
    if (u->practice && u->hand_no && !u->dropped) { /* the history goes on, past the deal */
        u->hand_no = hand_no;
        return;
    }
    drop_points(u, 0);
    drop_events(u, 0);
    u->hand_no = hand_no;
    u->dropped = 0;
}

void fuda_undo_practice(fuda_undo *u, uint32_t hand_no) {
    if (u->practice) return;
    u->practice = 1;
    u->practice_hand = hand_no ? hand_no : 1;
}

void fuda_undo_push(fuda_undo *u, const fuda_mark *mk, long nevents, unsigned seats,
                    char *const moves[], const size_t held[]) {
    if (over_cap(u, sizeof *u->pt)) return;
    if (u->npt >= u->cappt) {
        u->cappt = u->cappt ? u->cappt * 2 : 16;
        u->pt = fuda_xrealloc(u->pt, (size_t)u->cappt * sizeof *u->pt);
    }
    fuda_undo_point *p = &u->pt[u->npt++];
    memset(p, 0, sizeof *p);
    p->mk = *mk;
    p->seats = seats;
    p->nevents = nevents;
    for (int s = 1; s <= FUDA_MAX_SEATS; s++)
        if ((seats >> (s - 1)) & 1u) p->move[s] = fuda_xstrdup(moves[s]);
    memcpy(p->held, held, sizeof p->held);
    u->bytes += point_bytes(p);
}

/* ---- what a seat saw ---- */

typedef unsigned char cardset[FUDA_CARD_SPACE];

/* Add the cards of s that seat (1-based) may see. */
static void add_visible(const fuda_state *s, int seat, cardset seen) {
    for (int p = 0; p < s->npiles; p++)
        for (int i = 0; i < s->piles[p].len; i++)
            if (fuda_pile_visible(s, p, i, seat - 1)) seen[fuda_pile_at(s, p, i)] = 1;
}

/* Add the cards an event's text names ({7h}). */
static void add_named(const char *text, cardset seen) {
    for (const char *c = strchr(text, '{'); c; c = strchr(c + 1, '{')) {
        const char *end = strchr(c, '}');
        fuda_card card;
        if (end && fuda_card_parse(c + 1, (size_t)(end - c - 1), &card) == 0 && card < FUDA_CARD_SPACE)
            seen[card] = 1;
    }
}

/* Add the cards named in events [from, to) that seat was shown. */
static void add_events(const fuda_undo *u, long from, long to, int seat, cardset seen) {
    for (long i = from; i < to; i++)
        if (u->ev[i].seat == 0 || u->ev[i].seat == seat) add_named(u->ev[i].text, seen);
}

/* A card seat saw after point k that it had not seen up to it, or -1. */
static int new_card(const fuda_undo *u, const fuda_engine *e, int seat, int k) {
    cardset before = { 0 }, after = { 0 };
    for (int j = 0; j <= k; j++) add_visible(&u->pt[j].mk.st, seat, before);
    add_events(u, 0, u->pt[k].nevents, seat, before);
    for (int j = k + 1; j < u->npt; j++) add_visible(&u->pt[j].mk.st, seat, after);
    add_visible(fuda_engine_state(e), seat, after);
    add_events(u, u->pt[k].nevents, u->nev, seat, after);
    for (int c = 0; c < FUDA_CARD_SPACE; c++)
        if (after[c] && !before[c]) return c;
    return -1;
}

static char *format(const char *fmt, const char *move, const char *what) {
    fuda_buf b = FUDA_BUF_INIT;
    fuda_buf_addf(&b, fmt, move, what);
    return fuda_buf_take(&b);
}

/* The first human other than seat in mask, or 0. */
static int other_human(unsigned mask, int seat) {
    mask &= ~(1u << (seat - 1));
    for (int s = 1; s <= FUDA_MAX_SEATS; s++)
        if ((mask >> (s - 1)) & 1u) return s;
    return 0;
}

/* Why seat may not go back to point k, or NULL. */
static char *blocked(const fuda_undo *u, const fuda_engine *e, int seat, unsigned humans,
                     unsigned pending, int k) {
    const char *mv = u->pt[k].move[seat];
    char who[64];
    int h = other_human(pending & humans, seat);
    if (h) {
        snprintf(who, sizeof who, "seat %d", h);
        return format("cannot undo '%s': %s has chosen in this window already "
                      "(each player undoes only their own moves)", mv, who);
    }
    for (int j = k; j < u->npt; j++) /* from k: a claim window's step holds several */
        if ((h = other_human(u->pt[j].seats & humans, seat)) != 0) {
            snprintf(who, sizeof who, "seat %d", h);
            return format("cannot undo '%s': %s has moved since (each player undoes only their "
                          "own moves)", mv, who);
        }
    if (u->practice) return NULL; /* what was seen or told since blocks nothing */
    for (long i = u->pt[k].nevents; i < u->nev; i++) {
        int s = u->ev[i].seat;
        if (s == seat) return format("cannot undo '%s': since then you were told: %s", mv, u->ev[i].text);
        if (s > 0 && ((humans >> (s - 1)) & 1u)) {
            snprintf(who, sizeof who, "seat %d", s);
            return format("cannot undo '%s': since then %s was told something only they may see", mv, who);
        }
    }
    int c = new_card(u, e, seat, k);
    if (c >= 0) {
        char name[8], card[16];
        fuda_card_name((fuda_card)c, name);
        snprintf(card, sizeof card, "{%s}", name);
        return format("cannot undo '%s': since then you have seen %s", mv, card);
    }
    return NULL;
}

int fuda_undo_find(const fuda_undo *u, const fuda_engine *e, int seat, unsigned humans,
                   unsigned pending, char **why) {
    int k = u->npt - 1;
    while (k >= 0 && !((u->pt[k].seats >> (seat - 1)) & 1u)) k--;
    if (u->dropped) {
        fuda_buf b = FUDA_BUF_INIT;
        fuda_buf_addf(&b, "nothing to undo in this hand: its history passed %d MiB and was dropped",
                      (int)(FUDA_UNDO_MAX_BYTES >> 20));
        *why = fuda_buf_take(&b);
        return -1;
    }
    if (k < 0 && u->practice && u->practice_hand > 1) {
        fuda_buf b = FUDA_BUF_INIT;
        fuda_buf_addf(&b, "nothing to undo: practice began in hand %u, and undo goes no further back",
                      (unsigned)u->practice_hand);
        *why = fuda_buf_take(&b);
        return -1;
    }
    if (k < 0 && u->practice) {
        *why = fuda_xstrdup("nothing to undo: you have not moved yet");
        return -1;
    }
    if (k < 0) {
        const char *msg = u->hand_no > 1
            ? "nothing to undo in this hand: undo does not go back past a deal (you have seen the new cards)"
            : "nothing to undo: you have not moved yet";
        *why = fuda_xstrdup(msg);
        return -1;
    }
    *why = blocked(u, e, seat, humans, pending, k);
    return *why ? -1 : k;
}

int fuda_undo_go(fuda_undo *u, fuda_engine *e, int k) {
    if (fuda_engine_undo_to(e, &u->pt[k].mk) < 0) return -1;
    drop_events(u, u->pt[k].nevents);
    drop_points(u, k);
    return 0;
}

void fuda_undo_free(fuda_undo *u) {
    drop_points(u, 0);
    drop_events(u, 0);
    free(u->pt);
    free(u->ev);
    memset(u, 0, sizeof *u);
}
