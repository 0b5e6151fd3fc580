/* observe.c -- what one seat may see of a match as one JSON object (see
 * observe.h): the agent protocol's act line and the Python module's
 * observation. Built from the engine's public face only: the state's piles
 * through fuda_pile_visible, the legal moves, the variant's view. */
#include "observe.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"
#include "text_json.h"

/* A growing text that remembers running out of memory (then all is lost). */
typedef struct jbuf { char *p; size_t len, cap; int oom; } jbuf;

static int grow(jbuf *b, size_t extra) {
    if (b->oom) return -1;
    if (b->len + extra + 1 <= b->cap) return 0;
    size_t cap = b->cap ? b->cap : 1024;
    while (cap < b->len + extra + 1) cap *= 2;
    char *p = realloc(b->p, cap);
    if (!p) {
        b->oom = 1;
        return -1;
    }
    b->p = p, b->cap = cap;
    return 0;
}

static void add(jbuf *b, const char *s) {
    size_t n = strlen(s);
    if (grow(b, n) != 0) return;
    memcpy(b->p + b->len, s, n + 1);
    b->len += n;
}

static void addf(jbuf *b, const char *fmt, ...) {
    char tmp[64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap); /* numbers and short names only */
    va_end(ap);
    add(b, tmp);
}

/* s as a JSON string (core's sink: valid UTF-8, controls escaped). */
static void add_str(jbuf *b, const char *s) {
    size_t n = strlen(s);
    if (grow(b, FUDA_JSON_SIZE(n)) != 0) return;
    b->len += fuda_json_quote(b->p + b->len, s, n);
}

/* Each seat's total in score column col, as a JSON array. */
static void add_totals(jbuf *b, fuda_engine *e, int nseats, int col) {
    add(b, "[");
    for (int s = 1; s <= nseats; s++) addf(b, "%s%d", s > 1 ? "," : "", fuda_engine_total(e, s, col));
    add(b, "]");
}

/* With named score columns (Hollywood's three games): ,"columns":{"name":[..],..}. */
static void add_columns(jbuf *b, fuda_engine *e, int nseats) {
    const fuda_variant_info *info = fuda_engine_info(e);
    if (info->ncols < 2) return;
    add(b, ",\"columns\":{");
    for (int c = 0; c < info->ncols; c++) {
        if (c) add(b, ",");
        add_str(b, info->columns[c]);
        add(b, ":");
        add_totals(b, e, nseats, c + 1);
    }
    add(b, "}");
}

static const char *vis_name(int vis) {
    switch (vis) {
    case FUDA_VIS_OWNER: return "owner";
    case FUDA_VIS_PUBLIC: return "public";
    case FUDA_VIS_TOP: return "top";
    default: return "hidden";
    }
}

/* Every pile: the cards seat may see (bottom to top) and how many it may not. */
static void add_piles(jbuf *b, const fuda_state *st, int seat) {
    add(b, "[");
    for (int p = 0; p < st->npiles; p++) {
        const fuda_pile *pl = &st->piles[p];
        int hidden = 0, first = 1;
        add(b, p ? ",{\"name\":" : "{\"name\":");
        add_str(b, pl->name);
        if (pl->owner >= 0) addf(b, ",\"owner\":%d", pl->owner + 1);
        else add(b, ",\"owner\":null");
        addf(b, ",\"vis\":\"%s\",\"size\":%d,\"cards\":[", vis_name(pl->vis), pl->len);
        for (int i = 0; i < pl->len; i++) {
            if (!fuda_pile_visible(st, p, i, seat - 1)) {
                hidden++;
                continue;
            }
            char name[8];
            fuda_card_name(fuda_pile_at(st, p, i), name);
            addf(b, "%s\"%s\"", first ? "" : ",", name);
            first = 0;
        }
        addf(b, "],\"hidden\":%d}", hidden);
    }
    add(b, "]");
}

/* The list of strings as a JSON array. */
static void add_list(jbuf *b, const char *const *s, int n) {
    add(b, "[");
    for (int i = 0; i < n; i++) {
        if (i) add(b, ",");
        add_str(b, s[i]);
    }
    add(b, "]");
}

char *fuda_engine_observe(fuda_engine *e, int seat, const char *const *events, int nevents) {
    const fuda_state *st = fuda_engine_state(e);
    const char *const *moves;
    int n = fuda_engine_moves(e, seat, &moves);
    if (n < 0) return NULL;
    char *view = fuda_engine_view(e, seat);
    if (!view) return NULL;
    const char *claim = fuda_engine_claim(e);
    unsigned actors = fuda_engine_actors(e);
    jbuf b = { NULL, 0, 0, 0 };
    addf(&b, "{\"type\":\"act\",\"seat\":%d,\"seats\":%d,", seat, st->nseats);
    addf(&b, "\"hand\":%u,\"move_no\":%ld,\"turn\":", (unsigned)st->hand_no, fuda_engine_move_count(e));
    if (claim || st->turn < 0) add(&b, "null");
    else addf(&b, "%d", st->turn + 1);
    add(&b, ",\"claim\":");
    if (claim) add_str(&b, claim);
    else add(&b, "null");
    add(&b, ",\"actors\":[");
    for (int s = 1, k = 0; s <= st->nseats; s++)
        if (actors & (1u << (s - 1))) addf(&b, "%s%d", k++ ? "," : "", s);
    add(&b, "],\"scores\":");
    add_totals(&b, e, st->nseats, 1);
    add_columns(&b, e, st->nseats);
    add(&b, ",\"piles\":");
    add_piles(&b, st, seat);
    add(&b, ",\"view\":");
    add_str(&b, view);
    free(view);
    add(&b, ",\"moves\":");
    add_list(&b, moves, n);
    add(&b, ",\"events\":");
    add_list(&b, events, nevents);
    add(&b, "}");
    if (b.oom) {
        free(b.p);
        fuda_engine_seterr(e, "out of memory");
        return NULL;
    }
    return b.p;
}
