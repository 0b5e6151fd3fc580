/* pattern_impl.h -- private to fuda's pattern matcher, included by its two
 * files only: pattern.c, the matcher machine (single characters, sets,
 * captures, backtracking, skipping start positions, the meter), and
 * lpattern.c, string.find, string.match, string.gmatch and string.gsub, which
 * drive it. What they share: the limits, the state of one match (subject,
 * pattern, captures, the nested tries left, the meter), PAY, and the
 * machine's entry points. */
#ifndef FUDA_PATTERN_IMPL_H
#define FUDA_PATTERN_IMPL_H

#include <stddef.h>
#include <lua.h>

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

/* Hand the work counted since the last tick to fuda_sandbox_tick and count
 * anew; may raise (through the tick) and not return. */
void fuda_pattern_settle(pat_state *ms);

/* Count n units of work; may raise (through the tick) and not return. */
#define PAY(ms, n) do { if (((ms)->left -= (n)) <= 0) fuda_pattern_settle(ms); } while (0)

/* ---- the machine (pattern.c) ----
 * Each may raise a Lua error through ms->L (a malformed pattern, "pattern too
 * complex", "too many captures", or the meter's tick) and then not return; ms
 * holds nothing to free. */

/* Match pattern p (up to ms->pat_end) at subject position s: one past the
 * end of the match, or NULL. Captures are left in ms on success. */
const char *fuda_pattern_match(pat_state *ms, const char *s, const char *p);

/* If every match of p must begin with one character of p's first item, the
 * end of that item, else NULL (call it only when a try is sure to follow:
 * it raises for a malformed first item, as the try would). */
const char *fuda_pattern_first_item(pat_state *ms, const char *p);

/* The first position from s on where the first item p..ep (as
 * fuda_pattern_first_item found it) matches, or the subject's end. */
const char *fuda_pattern_skip(pat_state *ms, const char *s, const char *p, const char *ep);

#endif
