/* view.c -- text a hook makes for a seat: the view (the variant's, or a
 * generic one), the claim question's reason (prompt), why a typed move is
 * refused (why_not), what a move throws away (confirm). */
#include <lauxlib.h>
#include "engine_impl.h"

/* ---- views ---- */

/* Append printf-style text to b (on failure to grow, the text is dropped;
 * b->s stays a valid string once anything was added). */
void fuda_sb_add(fuda_sbuf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int need = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (need < 0) return;
    if (b->n + (size_t)need + 1 > b->cap) {
        size_t cap = (b->cap + (size_t)need + 1) * 2;
        char *p = (char *)realloc(b->s, cap);
        if (!p) return;
        b->s = p, b->cap = cap;
    }
    va_start(ap, fmt);
    vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
    va_end(ap);
    b->n += (size_t)need;
}

static char *generic_view(fuda_engine *e, int seat) {
    fuda_sbuf b = {NULL, 0, 0};
    fuda_sb_add(&b, "");
    const fuda_state *s = &e->st;
    for (int p = 0; p < s->npiles; p++) {
        const fuda_pile *pl = &s->piles[p];
        if (pl->owner >= 0) fuda_sb_add(&b, "%s (seat %d):", pl->name, pl->owner + 1);
        else fuda_sb_add(&b, "%s:", pl->name);
        int shown = 0;
        for (int i = 0; i < pl->len; i++)
            if (fuda_pile_visible(s, p, i, seat - 1)) {
                char nm[8];
                fuda_card_name(fuda_pile_at(s, p, i), nm);
                fuda_sb_add(&b, " {%s}", nm);
                shown++;
            }
        if (shown < pl->len) fuda_sb_add(&b, " (%d card%s)", pl->len, pl->len == 1 ? "" : "s");
        fuda_sb_add(&b, "\n");
    }
    if (s->turn >= 0) fuda_sb_add(&b, "turn: seat %d\n", s->turn + 1);
    return b.s;
}

typedef struct view_args { int seat; char *text; } view_args;

static int view_body(fuda_engine *e, void *ud) {
    view_args *a = (view_args *)ud;
    fuda_engine_push_hook(e, FUDA_HOOK_VIEW);
    lua_pushinteger(e->L, a->seat);
    fuda_engine_call_hook(e, "view", 1, 1);
    int t = lua_type(e->L, -1);
    if (t != LUA_TSTRING && t != LUA_TNUMBER && t != LUA_TNIL) {
        fuda_engine_seterr(e, "%s: view must return a string, got %s", fuda_call_place(e), luaL_typename(e->L, -1));
        return -1;
    }
    size_t len = 0;
    const char *s = lua_tolstring(e->L, -1, &len);
    /* the copy must fit under the cap with the state (it is the caller's after) */
    fuda_sandbox_cmem(e->L, e, len + 1);
    fuda_sandbox_cfree(e, len + 1);
    a->text = strdup(s ? s : "");
    if (!a->text) {
        fuda_engine_seterr(e, "out of memory");
        return -1;
    }
    return 0;
}

char *fuda_table_view(fuda_engine *e, int seat) {
    if (!e->play.started) {
        fuda_engine_seterr(e, "no match is running");
        return NULL;
    }
    if (seat < 0 || seat > e->st.nseats) {
        fuda_engine_seterr(e, "bad seat %d", seat);
        return NULL;
    }
    if (e->var.ref_hook[FUDA_HOOK_VIEW] == LUA_NOREF) return generic_view(e, seat);
    fuda_txn t;
    fuda_txn_begin(e, &t);
    view_args a = {seat, NULL};
    int rc = fuda_engine_pcall(e, view_body, &a);
    fuda_txn_undo(e, &t); /* a view never changes the game */
    if (rc < 0) {
        free(a.text);
        return NULL;
    }
    return a.text;
}

/* ---- a line of text from a hook: the claim question's reason (prompt), why
 * a typed move is refused (why_not), what a legal move throws away (confirm) ---- */

typedef struct ask_args {
    int hook;          /* FUDA_HOOK_PROMPT, FUDA_HOOK_WHY_NOT or FUDA_HOOK_CONFIRM */
    int seat;
    const char *typed; /* the typed move (why_not), the move (confirm), or NULL */
    char *text;        /* the answer, malloc'd; NULL: none */
} ask_args;

static int ask_body(fuda_engine *e, void *ud) {
    ask_args *a = (ask_args *)ud;
    const char *name = fuda_hook_names[a->hook];
    fuda_engine_push_hook(e, a->hook);
    lua_pushinteger(e->L, a->seat);
    if (a->typed) lua_pushstring(e->L, a->typed);
    fuda_engine_call_hook(e, name, a->typed ? 2 : 1, 1);
    int t = lua_type(e->L, -1);
    if (t == LUA_TNIL) return 0;
    if (t != LUA_TSTRING) {
        fuda_engine_seterr(e, "%s: %s must return a string or nil, got %s", fuda_call_place(e), name,
                           luaL_typename(e->L, -1));
        return -1;
    }
    size_t len;
    const char *s = lua_tolstring(e->L, -1, &len);
    if (len == 0) return 0;
    if (len > 1000) len = 1000; /* one line of text, not a page */
    a->text = strndup(s, len);
    if (!a->text) {
        fuda_engine_seterr(e, "out of memory");
        return -1;
    }
    return 0;
}

/* Ask hook h (which the variant has) for the line of seat (a seat of the
 * match); 0 with *text set (malloc'd, or NULL for none), or -1. The game is
 * put back as it was. */
static int ask(fuda_engine *e, int h, int seat, const char *typed, char **text) {
    fuda_txn t;
    fuda_txn_begin(e, &t);
    ask_args a = {h, seat, typed, NULL};
    int rc = fuda_engine_pcall(e, ask_body, &a);
    fuda_txn_undo(e, &t); /* asking never changes the game */
    if (rc < 0) {
        free(a.text);
        return -1;
    }
    *text = a.text;
    return 0;
}

int fuda_table_prompt(fuda_engine *e, int seat, char **text) {
    *text = NULL;
    if (!e->play.started || !e->st.claim_open || e->var.ref_hook[FUDA_HOOK_PROMPT] == LUA_NOREF) return 0;
    if (seat < 1 || seat > e->st.nseats) {
        fuda_engine_seterr(e, "bad seat %d", seat);
        return -1;
    }
    return ask(e, FUDA_HOOK_PROMPT, seat, NULL, text);
}

int fuda_table_why_not(fuda_engine *e, int seat, const char *typed, char **text) {
    *text = NULL;
    if (!e->play.started) {
        fuda_engine_seterr(e, "no match is running");
        return -1;
    }
    if (seat < 1 || seat > e->st.nseats) {
        fuda_engine_seterr(e, "bad seat %d", seat);
        return -1;
    }
    if (e->var.ref_hook[FUDA_HOOK_WHY_NOT] == LUA_NOREF) return 0;
    return ask(e, FUDA_HOOK_WHY_NOT, seat, typed, text);
}

int fuda_table_confirm(fuda_engine *e, int seat, const char *move, char **text) {
    *text = NULL;
    if (!e->play.started) {
        fuda_engine_seterr(e, "no match is running");
        return -1;
    }
    if (e->var.ref_hook[FUDA_HOOK_CONFIRM] == LUA_NOREF) return 0;
    if (seat < 1 || seat > e->st.nseats) {
        fuda_engine_seterr(e, "bad seat %d", seat);
        return -1;
    }
    return ask(e, FUDA_HOOK_CONFIRM, seat, move, text);
}
