/* lpattern.c -- fuda's own string.find, string.match, string.gmatch and
 * string.gsub: Lua 5.4's pattern matching (reference manual 6.4.1) with the
 * same results and error messages as the stock string library, plus a meter.
 *
 * Why: a pattern match runs inside one C call, so neither the instruction
 * hook nor a time check sees it, and a backtracking pattern such as
 * ("a"):rep(5000):find("a*a*a*a*a*b") would run for ages. Here every unit of
 * work (one try of a pattern item at a subject position, one byte of a %b
 * scan, one start position of find, gsub's copying) is counted, and every
 * TICK_EVERY units fuda_sandbox_tick() is called, which may raise a Lua error.
 * All state lives on the C stack or the Lua stack (luaL_Buffer), so such an
 * error leaks nothing and leaves no half-updated gmatch iterator behind.
 *
 * The matcher is a backtracking recursive descent over the pattern text; C
 * recursion is bounded by MAX_DEPTH nested tries ("pattern too complex"),
 * counted the way the stock library counts them so the limit falls at the
 * same place. */
#include <ctype.h>
#include <stddef.h>
#include <string.h>
#include <lauxlib.h>
#include "budget.h"
#include "sandbox.h"

#define MAX_CAPTURES 32      /* LUA_MAXCAPTURES of a stock build */
#define MAX_DEPTH 200        /* nested tries before "pattern too complex" */
#define TICK_EVERY 1024      /* units of work between two ticks */
#define CAP_OPEN (-1)        /* capture length while its ')' is not reached */
#define CAP_POS (-2)         /* length of a position capture "()" */
#define ESC '%'

#define uchar(c) ((unsigned char)(c))

typedef struct pat_state {
    lua_State *L;
    const char *src, *src_end;     /* the subject */
    const char *pat_end;           /* end of the pattern */
    int depth;                     /* nested tries still allowed */
    int level;                     /* captures opened so far */
    long left;                     /* work units before the next tick */
    struct { const char *at; ptrdiff_t len; } cap[MAX_CAPTURES];
} pat_state;

/* ---- the meter ---- */

static void settle(pat_state *ms) {
    long used = TICK_EVERY - ms->left;
    ms->left = TICK_EVERY;
    fuda_sandbox_tick(ms->L, used);
}

/* Count n units of work; may raise (through the tick) and not return. */
#define PAY(ms, n) do { if (((ms)->left -= (n)) <= 0) settle(ms); } while (0)

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

/* ---- single characters ---- */

/* Whether c belongs to class %cl; a letter that names no class stands for
 * itself, and an upper-case class letter means the complement. (cl | 0x20 is
 * a class letter only if cl is that letter in either case.) */
static int class_has(int cl, int c) {
    int in;
    switch (cl | 0x20) {
    case 'a': in = isalpha(c); break;
    case 'c': in = iscntrl(c); break;
    case 'd': in = isdigit(c); break;
    case 'g': in = isgraph(c); break;
    case 'l': in = islower(c); break;
    case 'p': in = ispunct(c); break;
    case 's': in = isspace(c); break;
    case 'u': in = isupper(c); break;
    case 'w': in = isalnum(c); break;
    case 'x': in = isxdigit(c); break;
    case 'z': in = (c == 0); break;   /* undocumented since 5.2, kept by stock 5.4 */
    default: return cl == c;
    }
    return (cl & 0x20) ? in != 0 : !in;
}

/* One past the run of characters from s (stopping at end) in class %cl: the
 * same test as class_has, with the class chosen once for the whole run. */
static const char *class_run(int cl, const char *s, const char *end) {
    int out = !(cl & 0x20);   /* complement: stop at the first member */
#define RUN(test) while (s < end && ((test) != 0) != out) s++
    switch (cl | 0x20) {
    case 'a': RUN(isalpha(uchar(*s))); break;
    case 'c': RUN(iscntrl(uchar(*s))); break;
    case 'd': RUN(isdigit(uchar(*s))); break;
    case 'g': RUN(isgraph(uchar(*s))); break;
    case 'l': RUN(islower(uchar(*s))); break;
    case 'p': RUN(ispunct(uchar(*s))); break;
    case 's': RUN(isspace(uchar(*s))); break;
    case 'u': RUN(isupper(uchar(*s))); break;
    case 'w': RUN(isalnum(uchar(*s))); break;
    case 'x': RUN(isxdigit(uchar(*s))); break;
    case 'z': RUN(*s == 0); break;
    default: while (s < end && uchar(*s) == cl) s++; break;
    }
#undef RUN
    return s;
}

/* Whether c is in the set from p (its '[') to close (its ']'). Inside the set
 * %x is a class or an escaped character, a-b a range, anything else itself. */
static int set_has(int c, const char *p, const char *close) {
    int found = 1;
    p++;
    if (*p == '^') {
        found = 0;
        p++;
    }
    for (; p < close; p++) {
        if (*p == ESC) {
            p++;
            if (class_has(uchar(*p), c)) return found;
        } else if (p[1] == '-' && p + 2 < close) {
            if (uchar(p[0]) <= c && c <= uchar(p[2])) return found;
            p += 2;
        } else if (uchar(*p) == c) {
            return found;
        }
    }
    return !found;
}

/* One past the single-character class that starts at p (".", "x", "%x" or a
 * set). Raises on a pattern that ends inside it. */
static const char *item_end(pat_state *ms, const char *p) {
    const char *start = p;
    switch (*p++) {
    case ESC:
        if (p >= ms->pat_end) luaL_error(ms->L, "malformed pattern (ends with '%%')");
        return p + 1;
    case '[':
        if (p < ms->pat_end && *p == '^') p++;
        /* The first member may be ']' itself; "%]" never closes the set. */
        do {
            if (p >= ms->pat_end) luaL_error(ms->L, "malformed pattern (missing ']')");
            if (*p++ == ESC && p < ms->pat_end) p++;
        } while (p >= ms->pat_end || *p != ']');
        PAY(ms, (p - start) >> 4);
        return p + 1;
    default:
        return p;
    }
}

/* Whether the subject character at s (if any) is in the class p..ep. */
static int one_char(pat_state *ms, const char *s, const char *p, const char *ep) {
    if (s >= ms->src_end) return 0;
    int c = uchar(*s);
    switch (*p) {
    case '.': return 1;
    case ESC: return class_has(uchar(p[1]), c);
    case '[':
        PAY(ms, (ep - p) >> 4);
        return set_has(c, p, ep - 1);
    default: return uchar(*p) == c;
    }
}

/* ---- the matcher ---- */

static const char *match_here(pat_state *ms, const char *s, const char *p);

/* One past the run of characters from s (stopping at end) that the
 * single-character class p..ep matches. */
static const char *class_span(pat_state *ms, const char *s, const char *end,
                              const char *p, const char *ep) {
    const char *from = s;
    switch (*p) {
    case '.': return end;
    case ESC: return class_run(uchar(p[1]), s, end);
    case '[':
        while (s < end && set_has(uchar(*s), p, ep - 1)) s++;
        PAY(ms, ((ep - p) >> 4) * (s - from));
        return s;
    default:
        while (s < end && *s == *p) s++;
        return s;
    }
}

/* item* (or item+ after its first character): as many as possible, then give
 * back one at a time until the rest of the pattern matches. The run is taken
 * TICK_EVERY characters at a time, so the meter keeps up on long subjects. */
static const char *greedy(pat_state *ms, const char *s, const char *p, const char *ep) {
    const char *e = s;
    for (;;) {
        const char *stop = ms->src_end - e > TICK_EVERY ? e + TICK_EVERY : ms->src_end;
        const char *r = class_span(ms, e, stop, p, ep);
        PAY(ms, r - e);
        e = r;
        if (e < stop || e == ms->src_end) break;
    }
    if (ep + 1 == ms->pat_end) {   /* nothing follows: the whole run is the match */
        if (ms->depth == 0) luaL_error(ms->L, "pattern too complex");
        return e;
    }
    for (ptrdiff_t n = e - s; n >= 0; n--) {
        const char *m = match_here(ms, s + n, ep + 1);
        if (m) return m;
    }
    return NULL;
}

/* item-: as few as possible, taking one more while the rest fails. */
static const char *lazy(pat_state *ms, const char *s, const char *p, const char *ep) {
    for (;;) {
        const char *e = match_here(ms, s, ep + 1);
        if (e) return e;
        if (!one_char(ms, s, p, ep)) return NULL;
        s++;
    }
}

/* "(" or "()" at s: open capture `kind` (CAP_OPEN or CAP_POS), match the rest
 * p, and forget the capture if the rest fails. */
static const char *open_capture(pat_state *ms, const char *s, const char *p, ptrdiff_t kind) {
    if (ms->level >= MAX_CAPTURES) luaL_error(ms->L, "too many captures");
    ms->cap[ms->level].at = s;
    ms->cap[ms->level].len = kind;
    ms->level++;
    const char *e = match_here(ms, s, p);
    if (!e) ms->level--;
    return e;
}

/* ")" at s: close the innermost open capture and match the rest p. */
static const char *close_capture(pat_state *ms, const char *s, const char *p) {
    int i = ms->level - 1;
    while (i >= 0 && ms->cap[i].len != CAP_OPEN) i--;
    if (i < 0) luaL_error(ms->L, "invalid pattern capture");
    ms->cap[i].len = s - ms->cap[i].at;
    const char *e = match_here(ms, s, p);
    if (!e) ms->cap[i].len = CAP_OPEN;
    return e;
}

/* %bxy at s (p points at x): one past the y that balances the x at s. */
static const char *balanced(pat_state *ms, const char *s, const char *p) {
    if (p + 1 >= ms->pat_end) luaL_error(ms->L, "malformed pattern (missing arguments to '%%b')");
    if (s >= ms->src_end || *s != p[0]) return NULL;
    char open = p[0], close = p[1];
    long nest = 1;
    while (++s < ms->src_end) {
        PAY(ms, 1);
        if (*s == close) {
            if (--nest == 0) return s + 1;
        } else if (*s == open) {
            nest++;
        }
    }
    return NULL;
}

/* %f[set] at s (p points at '['): the end of the set if s is a frontier,
 * i.e. the character before s is not in the set and the one at s is (the
 * subject's start and end count as '\0'); else NULL. */
static const char *frontier(pat_state *ms, const char *s, const char *p) {
    if (p >= ms->pat_end || *p != '[') luaL_error(ms->L, "missing '[' after '%%f' in pattern");
    const char *ep = item_end(ms, p);
    int before = s == ms->src ? 0 : uchar(s[-1]);
    int at = s < ms->src_end ? uchar(*s) : 0;
    PAY(ms, (ep - p) >> 3);
    if (!set_has(before, p, ep - 1) && set_has(at, p, ep - 1)) return ep;
    return NULL;
}

/* %1-%9 at s: one past the repeated text of that capture, or NULL. */
static const char *back_ref(pat_state *ms, const char *s, int digit) {
    int i = digit - '1';
    if (i < 0 || i >= ms->level || ms->cap[i].len == CAP_OPEN)
        luaL_error(ms->L, "invalid capture index %%%d", i + 1);
    ptrdiff_t len = ms->cap[i].len;
    if (len == CAP_POS) return NULL;   /* a position is no text: never repeated */
    PAY(ms, len >> 4);
    if (ms->src_end - s < len || memcmp(ms->cap[i].at, s, (size_t)len) != 0) return NULL;
    return s + len;
}

/* Match pattern p (up to ms->pat_end) at subject position s: one past the
 * end of the match, or NULL. Captures are left in ms on success. */
static const char *match_here(pat_state *ms, const char *s, const char *p) {
    if (ms->depth-- == 0) luaL_error(ms->L, "pattern too complex");
    while (p < ms->pat_end) {
        PAY(ms, 1);
        switch (*p) {
        case '(':
            if (p + 1 < ms->pat_end && p[1] == ')') s = open_capture(ms, s, p + 2, CAP_POS);
            else s = open_capture(ms, s, p + 1, CAP_OPEN);
            goto done;
        case ')':
            s = close_capture(ms, s, p + 1);
            goto done;
        case '$':
            if (p + 1 < ms->pat_end) break;   /* not last: an ordinary character */
            if (s != ms->src_end) s = NULL;
            goto done;
        case ESC:
            if (p + 1 >= ms->pat_end) break;  /* item_end reports it */
            if (p[1] == 'b') {
                if (!(s = balanced(ms, s, p + 2))) goto done;
                p += 4;
                continue;
            }
            if (p[1] == 'f') {
                if (!(p = frontier(ms, s, p + 2))) {
                    s = NULL;
                    goto done;
                }
                continue;
            }
            if (isdigit(uchar(p[1]))) {
                if (!(s = back_ref(ms, s, uchar(p[1])))) goto done;
                p += 2;
                continue;
            }
            break;
        }
        /* A single-character class, maybe followed by a repetition mark. */
        const char *ep = item_end(ms, p);
        int mark = ep < ms->pat_end ? *ep : 0;
        if (!one_char(ms, s, p, ep)) {
            if (mark == '*' || mark == '?' || mark == '-') {
                p = ep + 1;   /* zero repetitions will do */
                continue;
            }
            s = NULL;
            goto done;
        }
        switch (mark) {
        case '?': {
            const char *e = match_here(ms, s + 1, ep + 1);
            if (e) {
                s = e;
                goto done;
            }
            p = ep + 1;
            continue;
        }
        case '+': s = greedy(ms, s + 1, p, ep); goto done;
        case '*': s = greedy(ms, s, p, ep); goto done;
        case '-': s = lazy(ms, s, p, ep); goto done;
        default:
            s++;
            p = ep;
            continue;
        }
    }
done:
    ms->depth++;
    return s;
}

/* ---- skipping start positions ---- */

/* If every match of p must begin with one character of p's first item (a
 * single-character class not followed by '*', '?' or '-'), the end of that
 * item; else NULL. A try at a position where that item fails would fail at
 * once, so such positions can be skipped. Raises for a malformed first item,
 * as the first try would: call it only when a try is sure to follow. */
static const char *first_item(pat_state *ms, const char *p) {
    if (p >= ms->pat_end) return NULL;
    switch (*p) {
    case '(': case ')':
        return NULL;
    case '$':
        if (p + 1 == ms->pat_end) return NULL;
        break;
    case ESC:
        if (p + 1 < ms->pat_end && (p[1] == 'b' || p[1] == 'f' || isdigit(uchar(p[1]))))
            return NULL;
        break;
    }
    const char *ep = item_end(ms, p);
    if (ep < ms->pat_end && (*ep == '*' || *ep == '?' || *ep == '-')) return NULL;
    return ep;
}

/* Whether %cl names a class (rather than escaping a character). */
static int is_class(int cl) {
    switch (cl | 0x20) {
    case 'a': case 'c': case 'd': case 'g': case 'l': case 'p': case 's': case 'u':
    case 'w': case 'x': case 'z':
        return 1;
    }
    return 0;
}

/* The first position from s on where the first item p..ep matches, or the
 * subject's end. */
static const char *skip_to(pat_state *ms, const char *s, const char *p, const char *ep) {
    if (*p == '.') return s;
    while (s < ms->src_end) {
        const char *stop = ms->src_end - s > TICK_EVERY ? s + TICK_EVERY : ms->src_end;
        const char *hit = s;
        if (*p == '[') {
            while (hit < stop && !one_char(ms, hit, p, ep)) hit++;
        } else if (*p == ESC && is_class(uchar(p[1]))) {
            hit = class_run(uchar(p[1]) ^ 0x20, s, stop);   /* a run of the complement */
        } else {
            hit = memchr(s, *p == ESC ? p[1] : *p, (size_t)(stop - s));
            if (!hit) hit = stop;
        }
        PAY(ms, 1 + (hit - s));
        if (hit < stop) return hit;
        s = stop;
    }
    return s;
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
    const char *first = anchored ? NULL : first_item(&ms, p);
    const char *at = s + init;
    do {
        if (first && (at = skip_to(&ms, at, p, first)) == ms.src_end) break;
        state_restart(&ms);
        const char *e = match_here(&ms, at, p);
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
    const char *first = it->pos <= slen ? first_item(&ms, p) : NULL;
    for (size_t pos = it->pos; pos <= slen; pos++) {
        if (first && (pos = (size_t)(skip_to(&ms, s + pos, p, first) - s)) == slen) break;
        state_restart(&ms);
        const char *e = match_here(&ms, s + pos, p);
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
    const char *first = !anchored && max_n > 0 ? first_item(&ms, p) : NULL;
    while (n < max_n) {
        if (first) {
            const char *to = skip_to(&ms, at, p, first);
            if (to - at == 1) luaL_addchar(&b, *at);
            else luaL_addlstring(&b, at, (size_t)(to - at));
            if ((at = to) == ms.src_end) break;
        }
        state_restart(&ms);
        const char *e = match_here(&ms, at, p);
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
