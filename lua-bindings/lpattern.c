/* lpattern.c -- fuda's own string.find, string.match, string.gmatch and
 * string.gsub: the same results and error messages as the stock string
 * library, each driving the metered matcher of pattern.c (why metered: see
 * there) over the start positions, and pushing what it found: positions,
 * captures, gmatch's iterator, gsub's replacements. All state lives on the C
 * stack or the Lua stack (luaL_Buffer), so an error the meter raises leaks
 * nothing and leaves no half-updated gmatch iterator behind. */
#include <ctype.h>
#include <stddef.h>
#include <string.h>
#include <lauxlib.h>
#include "budget.h"
#include "sandbox.h"
#include "pattern_impl.h"

/* ---- the state of one call ---- */

static void state_init(pat_state *ms, lua_State *L, const char *s, size_t slen,
                       const char *p, size_t plen) {
    ms->L = L;
    ms->src = s;
    ms->src_end = s + slen;
    ms->pat_end = p + plen;
    ms->left = TICK_EVERY;
    ms->depth = MAX_DEPTH;
    ms->level = 0;
}

/* Before each new try at a start position. */
static void state_restart(pat_state *ms) {
    ms->depth = MAX_DEPTH;
    ms->level = 0;
}

/* ---- results ---- */

/* Push capture i; without captures, capture 0 is the whole match s..e.
 * Raises for a capture that does not exist or was never closed. */
static void push_capture(pat_state *ms, int i, const char *s, const char *e) {
    if (i >= ms->level) {
        if (i != 0) luaL_error(ms->L, "invalid capture index %%%d", i + 1);
        lua_pushlstring(ms->L, s, (size_t)(e - s));
        return;
    }
    ptrdiff_t len = ms->cap[i].len;
    if (len == CAP_OPEN) luaL_error(ms->L, "unfinished capture");
    if (len == CAP_POS) lua_pushinteger(ms->L, (ms->cap[i].at - ms->src) + 1);
    else lua_pushlstring(ms->L, ms->cap[i].at, (size_t)len);
}

/* Push every capture (or the whole match if there are none and `whole`);
 * returns how many values were pushed. */
static int push_captures(pat_state *ms, const char *s, const char *e, int whole) {
    int n = (ms->level == 0 && whole) ? 1 : ms->level;
    luaL_checkstack(ms->L, n, "too many captures");
    for (int i = 0; i < n; i++) push_capture(ms, i, s, e);
    return n;
}

/* ---- find and match ---- */

/* The 1-based start position that init means for a subject of len bytes:
 * negative counts from the end, and anything before the start is 1. */
static size_t start_pos(lua_Integer init, size_t len) {
    if (init > 0) return (size_t)init;
    if (init == 0 || init < -(lua_Integer)len) return 1;
    return len + (size_t)init + 1;
}

/* Whether the pattern has none of the characters that make it a pattern. */
static int is_plain(const char *p, size_t len) {
    for (size_t i = 0; i < len; i++) {
        switch (p[i]) {
        case '^': case '$': case '*': case '+': case '?': case '.':
        case '(': case '[': case '%': case '-':
            return 0;
        }
    }
    return 1;
}

/* The first occurrence of p (plen bytes) in s (slen bytes), or NULL. */
static const char *plain_find(pat_state *ms, const char *s, size_t slen, const char *p, size_t plen) {
    if (plen == 0) return s;
    if (plen > slen) return NULL;
    const char *last = s + (slen - plen);   /* the last start that fits */
    long cost = 1 + (long)(plen >> 6);
    while (s <= last) {
        const char *hit = memchr(s, p[0], (size_t)(last - s) + 1);
        if (!hit) return NULL;
        PAY(ms, cost);
        if (memcmp(hit + 1, p + 1, plen - 1) == 0) return hit;
        s = hit + 1;
    }
    return NULL;
}

static int find_or_match(lua_State *L, int find) {
    size_t slen, plen;
    const char *s = luaL_checklstring(L, 1, &slen);
    const char *p = luaL_checklstring(L, 2, &plen);
    size_t init = start_pos(luaL_optinteger(L, 3, 1), slen) - 1;
    if (init > slen) {
        luaL_pushfail(L);
        return 1;
    }
    pat_state ms;
    state_init(&ms, L, s, slen, p, plen);
    if (find && (lua_toboolean(L, 4) || is_plain(p, plen))) {
        const char *hit = plain_find(&ms, s + init, slen - init, p, plen);
        if (hit) {
            lua_pushinteger(L, (hit - s) + 1);
            lua_pushinteger(L, (lua_Integer)((hit - s) + plen));
            return 2;
        }
        luaL_pushfail(L);
        return 1;
    }
    int anchored = plen > 0 && *p == '^';
    if (anchored) p++;
    const char *first = anchored ? NULL : fuda_pattern_first_item(&ms, p);
    const char *at = s + init;
    do {
        if (first && (at = fuda_pattern_skip(&ms, at, p, first)) == ms.src_end) break;
        state_restart(&ms);
        const char *e = fuda_pattern_match(&ms, at, p);
        if (e) {
            if (!find) return push_captures(&ms, at, e, 1);
            lua_pushinteger(L, (at - s) + 1);
            lua_pushinteger(L, e - s);
            return 2 + push_captures(&ms, NULL, NULL, 0);
        }
    } while (at++ < ms.src_end && !anchored);
    luaL_pushfail(L);
    return 1;
}

/* string.find(s, pattern [, init [, plain]]) */
static int pat_find(lua_State *L) { return find_or_match(L, 1); }

/* string.match(s, pattern [, init]) */
static int pat_match(lua_State *L) { return find_or_match(L, 0); }

/* ---- gmatch ---- */

typedef struct gmatch_iter {
    const char *src, *pat;   /* the subject and pattern, kept alive as upvalues */
    size_t slen, plen;
    size_t pos;              /* where the next try starts (0-based) */
    size_t last;             /* end of the previous match, or (size_t)-1 */
    long left;               /* the meter, carried from call to call */
} gmatch_iter;

/* The iterator: upvalues are the subject, the pattern and a gmatch_iter. The
 * iterator is only advanced after a match, so an error leaves it as it was. */
static int gmatch_next(lua_State *L) {
    gmatch_iter *it = (gmatch_iter *)lua_touserdata(L, lua_upvalueindex(3));
    const char *s = it->src, *p = it->pat;
    size_t slen = it->slen;
    pat_state ms;
    state_init(&ms, L, s, slen, p, it->plen);
    ms.left = it->left;
    const char *first = it->pos <= slen ? fuda_pattern_first_item(&ms, p) : NULL;
    for (size_t pos = it->pos; pos <= slen; pos++) {
        if (first && (pos = (size_t)(fuda_pattern_skip(&ms, s + pos, p, first) - s)) == slen) break;
        state_restart(&ms);
        const char *e = fuda_pattern_match(&ms, s + pos, p);
        if (e && (size_t)(e - s) != it->last) {
            it->pos = it->last = (size_t)(e - s);
            it->left = ms.left;
            return push_captures(&ms, s + pos, e, 1);
        }
    }
    it->pos = slen + 1;
    it->left = ms.left;
    return 0;
}

/* string.gmatch(s, pattern [, init]): '^' is an ordinary character here. */
static int pat_gmatch(lua_State *L) {
    size_t slen, plen;
    const char *s = luaL_checklstring(L, 1, &slen);
    const char *p = luaL_checklstring(L, 2, &plen);
    size_t init = start_pos(luaL_optinteger(L, 3, 1), slen) - 1;
    if (init > slen) init = slen + 1;   /* past the end: no match at all */
    lua_settop(L, 2);
    gmatch_iter *it = (gmatch_iter *)lua_newuserdatauv(L, sizeof *it, 0);
    it->src = s;
    it->slen = slen;
    it->pat = p;
    it->plen = plen;
    it->pos = init;
    it->last = (size_t)-1;
    it->left = TICK_EVERY;
    lua_pushcclosure(L, gmatch_next, 3);
    return 1;
}

/* ---- gsub ---- */

/* Append capture i of the match s..e (as gsub's "%1".."%9" mean it). */
static void add_capture(pat_state *ms, luaL_Buffer *b, int i, const char *s, const char *e) {
    if (i < ms->level && ms->cap[i].len >= 0) {
        luaL_addlstring(b, ms->cap[i].at, (size_t)ms->cap[i].len);
        return;
    }
    push_capture(ms, i, s, e);   /* the whole match, a position, or an error */
    luaL_tolstring(ms->L, -1, NULL);
    lua_remove(ms->L, -2);
    luaL_addvalue(b);
}

/* Append the replacement string r (rlen bytes) for the match s..e: "%0" is
 * the match, "%1".."%9" its captures, "%%" a '%'. */
static void add_template(pat_state *ms, luaL_Buffer *b, const char *s, const char *e,
                         const char *r, size_t rlen) {
    const char *rend = r + rlen;
    PAY(ms, 1 + (long)(rlen >> 4));
    for (;;) {
        const char *esc = memchr(r, ESC, (size_t)(rend - r));
        if (!esc) break;
        luaL_addlstring(b, r, (size_t)(esc - r));
        int c = esc + 1 < rend ? uchar(esc[1]) : 0;
        if (c == ESC) luaL_addchar(b, ESC);
        else if (c == '0') luaL_addlstring(b, s, (size_t)(e - s));
        else if (isdigit(c)) add_capture(ms, b, c - '1', s, e);
        else luaL_error(ms->L, "invalid use of '%c' in replacement string", ESC);
        r = esc + 2;
    }
    luaL_addlstring(b, r, (size_t)(rend - r));
}

/* What replaces each match: argument 3, of type rtype; for a string (or a
 * number) its text. */
typedef struct gsub_repl {
    int rtype;
    const char *text;
    size_t len;
} gsub_repl;

/* Append what replaces the match s..e. A function or table giving false or
 * nil keeps the match. Returns whether the text changed. */
static int add_replacement(pat_state *ms, luaL_Buffer *b, const char *s, const char *e,
                           const gsub_repl *r) {
    lua_State *L = ms->L;
    int rtype = r->rtype;
    if (rtype == LUA_TFUNCTION) {
        lua_pushvalue(L, 3);
        int n = push_captures(ms, s, e, 1);
        lua_call(L, n, 1);
    } else if (rtype == LUA_TTABLE) {
        push_capture(ms, 0, s, e);
        lua_gettable(L, 3);
    } else {
        add_template(ms, b, s, e, r->text, r->len);
        return 1;
    }
    if (!lua_toboolean(L, -1)) {
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
        return 0;
    }
    if (!lua_isstring(L, -1))
        return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    luaL_addvalue(b);
    return 1;
}

/* string.gsub(s, pattern, repl [, n]) */
static int pat_gsub(lua_State *L) {
    size_t slen, plen;
    const char *s = luaL_checklstring(L, 1, &slen);
    const char *p = luaL_checklstring(L, 2, &plen);
    gsub_repl repl = {lua_type(L, 3), NULL, 0};
    int rtype = repl.rtype;
    lua_Integer max_n = luaL_optinteger(L, 4, (lua_Integer)slen + 1);
    luaL_argexpected(L, rtype == LUA_TNUMBER || rtype == LUA_TSTRING ||
                     rtype == LUA_TFUNCTION || rtype == LUA_TTABLE, 3, "string/function/table");
    if (rtype == LUA_TNUMBER || rtype == LUA_TSTRING) repl.text = lua_tolstring(L, 3, &repl.len);
    int anchored = plen > 0 && *p == '^';
    if (anchored) {
        p++;
        plen--;
    }
    pat_state ms;
    state_init(&ms, L, s, slen, p, plen);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    const char *at = s, *last = NULL;
    lua_Integer n = 0;
    int changed = 0;
    const char *first = !anchored && max_n > 0 ? fuda_pattern_first_item(&ms, p) : NULL;
    while (n < max_n) {
        if (first) {
            const char *to = fuda_pattern_skip(&ms, at, p, first);
            if (to - at == 1) luaL_addchar(&b, *at);
            else luaL_addlstring(&b, at, (size_t)(to - at));
            if ((at = to) == ms.src_end) break;
        }
        state_restart(&ms);
        const char *e = fuda_pattern_match(&ms, at, p);
        if (e && e != last) {   /* no empty match right where the last one ended */
            n++;
            changed |= add_replacement(&ms, &b, at, e, &repl);
            at = last = e;
        } else if (at < ms.src_end) {
            luaL_addchar(&b, *at++);
        } else {
            break;
        }
        if (anchored) break;
    }
    if (changed) {
        luaL_addlstring(&b, at, (size_t)(ms.src_end - at));
        luaL_pushresult(&b);
    } else {
        lua_pushvalue(L, 1);   /* nothing replaced: the subject itself */
    }
    lua_pushinteger(L, n);
    return 2;
}

static const luaL_Reg pattern_funcs[] = {
    {"find", pat_find}, {"match", pat_match}, {"gmatch", pat_gmatch}, {"gsub", pat_gsub},
    {NULL, NULL}
};

/* With the string library table on top of the stack, replace its find,
 * match, gmatch and gsub by ours. Leaves the stack as it was; raises only on
 * memory errors. */
void fuda_open_patterns(lua_State *L) {
    luaL_setfuncs(L, pattern_funcs, 0);
}

