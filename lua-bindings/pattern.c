/* pattern.c -- the machine of fuda's pattern matcher: Lua 5.4's pattern
 * matching (reference manual 6.4.1), with the same results and error messages
 * as the stock string library, plus a meter. lpattern.c drives it for
 * string.find, string.match, string.gmatch and string.gsub; pattern_impl.h is
 * what the two share.
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
#include "pattern_impl.h"

/* ---- the meter ---- */

void fuda_pattern_settle(pat_state *ms) {
    long used = TICK_EVERY - ms->left;
    ms->left = TICK_EVERY;
    fuda_sandbox_tick(ms->L, used);
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
        const char *m = fuda_pattern_match(ms, s + n, ep + 1);
        if (m) return m;
    }
    return NULL;
}

/* item-: as few as possible, taking one more while the rest fails. */
static const char *lazy(pat_state *ms, const char *s, const char *p, const char *ep) {
    for (;;) {
        const char *e = fuda_pattern_match(ms, s, ep + 1);
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
    const char *e = fuda_pattern_match(ms, s, p);
    if (!e) ms->level--;
    return e;
}

/* ")" at s: close the innermost open capture and match the rest p. */
static const char *close_capture(pat_state *ms, const char *s, const char *p) {
    int i = ms->level - 1;
    while (i >= 0 && ms->cap[i].len != CAP_OPEN) i--;
    if (i < 0) luaL_error(ms->L, "invalid pattern capture");
    ms->cap[i].len = s - ms->cap[i].at;
    const char *e = fuda_pattern_match(ms, s, p);
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
const char *fuda_pattern_match(pat_state *ms, const char *s, const char *p) {
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
            const char *e = fuda_pattern_match(ms, s + 1, ep + 1);
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
const char *fuda_pattern_first_item(pat_state *ms, const char *p) {
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
const char *fuda_pattern_skip(pat_state *ms, const char *s, const char *p, const char *ep) {
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
