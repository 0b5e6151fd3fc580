/* scriptgen.c -- random variant scripts (see scriptgen.h).
 *
 * A script is one of a few small games that end (FZ_BASE_*), written out
 * hook by hook. Each hook has slots before and after its own code; a slot
 * gets random lines: mostly well-typed calls of the API (class FZ_API), and,
 * in the classes the script focuses on, hostile fragments. A fragment is a
 * template: "$x" marks are expanded into random expressions of a kind (an
 * integer, an edge number, a seat, a string, a card, a pile, a table...), so
 * a few hundred templates make endless scripts. Templates name what they
 * need (the game object, a seat, the moves list...) and are only used where
 * the hook has it. Hostile fragments are mostly gated on the move number, so
 * that a match runs a while before the attack, and sometimes wrapped in
 * pcall.
 *
 * Scripts must replay: nothing here writes to the game state a value that
 * depends on something outside it (addresses, pairs order, how often a view
 * was asked), except the FZ_FORMAT class, whose point is exactly that text
 * formatting must not run script code with effects on the game.
 *
 * print is only ever called with "\1P" as its first argument, and the probes
 * of FZ_FORBID print "\1E" when they reach something they should not: the
 * harness tells print's output from any other and a probe's from both. */
#include "scriptgen.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- text and numbers ---- */

void fz_buf_add(fz_buf *b, const char *s, size_t n) {
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->n + n + 1) cap *= 2;
        char *p = (char *)realloc(b->p, cap);
        if (!p) abort();
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = 0;
}

void fz_buf_puts(fz_buf *b, const char *s) { fz_buf_add(b, s, strlen(s)); }

void fz_buf_printf(fz_buf *b, const char *fmt, ...) {
    char tmp[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n < sizeof tmp) {
        fz_buf_add(b, tmp, (size_t)n);
        return;
    }
    char *big = (char *)malloc((size_t)n + 1);
    if (!big) abort();
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    fz_buf_add(b, big, (size_t)n);
    free(big);
}

void fz_buf_free(fz_buf *b) {
    free(b->p);
    b->p = NULL;
    b->n = b->cap = 0;
}

uint64_t fz_next(fz_rng *r) {
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

uint32_t fz_below(fz_rng *r, uint32_t n) { return n ? (uint32_t)(fz_next(r) % n) : 0; }

fz_rng fz_rng_for(uint64_t seed, uint64_t job, uint64_t index) {
    fz_rng r = {seed * 0x9e3779b97f4a7c15ULL ^ 0x5851f42d4c957f2dULL};
    r.s = fz_next(&r) ^ (job * 0xd1b54a32d192ed03ULL);
    r.s = fz_next(&r) ^ index;
    fz_next(&r);
    return r;
}

static const char *const class_names[FZ_NCLASSES] = {
    "api", "loop", "handler", "meta", "sort", "gsub", "alloc", "recurse", "cbound", "pattern", "load",
    "forbid", "weak", "overflow", "movetext", "evtext", "rettype", "mutate", "errobj", "endhand", "close",
    "print", "format", "monkey", "gc", "decl",
};

const char *fz_class_name(int c) { return c >= 0 && c < FZ_NCLASSES ? class_names[c] : NULL; }

int fz_class_of(const char *name) {
    for (int c = 0; c < FZ_NCLASSES; c++)
        if (strcmp(class_names[c], name) == 0) return c;
    return -1;
}

/* ---- the generator's context ---- */

/* What a place in the script has at hand. */
enum {
    NG = 1,    /* the game object g */
    NS = 2,    /* a seat number, seat */
    NL = 4,    /* the moves hook's list, list */
    NB = 8,    /* a bot's moves, moves */
    NSET = 16, /* setup: piles and decks may be made */
    NM = 32,   /* the move being played, move */
};

typedef struct tmpl {
    unsigned need;
    const char *t;
} tmpl;

typedef struct gen {
    fz_rng *r;
    fz_buf *b;
    unsigned have;      /* what the current place has (N*) */
    int depth;          /* expression nesting */
    int base;
    uint64_t off;       /* classes left out */
    uint64_t focus;     /* hostile classes this script uses */
    int hostile;        /* per mille: a slot's line is hostile */
    int fragile;        /* load time, setup, deal: an error there ends the execution early */
    fz_meta *meta;
    const char *const *piles; /* names of the base's shared piles */
} gen;

static int pct(gen *g, int p) { return (int)fz_below(g->r, 100) < p; }
static const char *pick(gen *g, const char *const *v, size_t n) { return v[fz_below(g->r, (uint32_t)n)]; }
#define PICK(g, arr) pick((g), (arr), sizeof(arr) / sizeof((arr)[0]))

static void out(gen *g, const char *s) { fz_buf_puts(g->b, s); }

static void expand(gen *g, const char *t);

/* ---- expressions ---- */

static const char *const edge_numbers[] = {
    "math.maxinteger", "math.mininteger", "-1", "0", "2^53", "2^53 + 1", "2^31", "2^31 - 1", "-2^31",
    "-2^31 - 1", "2^32", "2^32 + 1", "1e308", "-1e308", "1/0", "-1/0", "0/0", "1.5", "-0.0", "2^63", "-2^63",
    "math.maxinteger // 2", "1 << 62", "0x7fffffff", "0xffffffff", "1e9", "1e6", "65536", "256", "257", "255",
    "50000", "50001", "10000", "10001", "1000", "224", "225", "12", "13", "40", "41", "64", "65", "128", "129",
    "\"3\"", "\"0x10\"", "\"1e2\"", "math.pi", "-math.huge", "math.huge", "0.5", "-7", "2^24", "4294967295",
    "-4294967296", "1 << 31", "1 << 32", "~0", "0x8000000000000000", "9007199254740993", "-9223372036854775807",
};

static void gen_edge(gen *g) { out(g, PICK(g, edge_numbers)); }

static const char *const small_ints[] = {"0", "1", "2", "3", "4", "5", "1", "2", "6", "10"};
static const char *const odd_values[] = {"nil", "\"2\"", "1.5", "{}", "true", "\"x\"", "false", "\"\""};

static void gen_int(gen *g) {
    int r = (int)fz_below(g->r, 100);
    if (r < 45) out(g, PICK(g, small_ints));
    else if (r < 60 && (g->have & NS)) out(g, "seat");
    else if (r < 68 && (g->have & NG)) {
        static const char *const v[] = {"g.seats", "g.hand_no", "g.move_no", "#g:piles()", "g:total(1)"};
        out(g, PICK(g, v));
    } else if (r < 88) gen_edge(g);
    else if (r < 95) out(g, PICK(g, odd_values));
    else if (g->depth < 3) {
        g->depth++;
        static const char *const v[] = {"($i + $i)", "($i * $h)", "-($i)", "($i // 2)", "(#$s)"};
        expand(g, PICK(g, v));
        g->depth--;
    } else out(g, "1");
}

static void gen_seat(gen *g) {
    int r = (int)fz_below(g->r, 100);
    if (r < 30 && (g->have & NS)) out(g, "seat");
    else if (r < 65) {
        static const char *const v[] = {"1", "2", "1", "2", "3", "4"};
        out(g, PICK(g, v));
    } else if (r < 80 && (g->have & NG)) {
        static const char *const v[] = {"g.turn", "g.seats", "(g.turn or 1)", "g:next(1)", "g:next(g.seats, -1)"};
        out(g, PICK(g, v));
    } else if (r < 90) {
        static const char *const v[] = {"0", "-1", "13", "12", "1000", "nil", "\"1\"", "1.0", "1.5"};
        out(g, PICK(g, v));
    } else gen_edge(g);
}

static const char *const plain_strings[] = {
    "\"draw\"", "\"x\"", "\"\"", "\"snap\"", "\"stock\"", "\"hand\"", "\"field\"", "\"7h\"", "\"{7h}\"",
    "\"{h}\"", "\"%d\"", "\"%s %s\"", "\"%q\"", "\"%5.2f\"", "\"play 7h\"", "\"Seat 1\"", "\"public\"",
    "\"top\"", "\"owner\"", "\"hidden\"", "\"rank\"", "\"card\"", "\"cards\"", "\"suit\"", "\"discard\"",
    "\"pass\"", "\"a b c\"", "\"tiny\"", "\"gin\"", "\"lib\"", "\"match\"", "\"%s\"", "\"%x\"", "\"%i\"",
};

static const char *const weird_strings[] = {
    "\"\\0\"", "\"a\\0b\"", "\"\\n\"", "\"draw\\n1 play 2h\"", "\"\\27[2J\\27[H\"", "\"\\27]52;c;aGk=\\7\"",
    "\"\\r check: OK\"", "\"\\xff\\xfe\"", "\"\\xc3\\x28\"", "\"\\xed\\xa0\\x80\"", "\"\\u{10FFFF}\"",
    "\"\\u{7FFFFFFF}\"", "\"\\xe2\\x80\\xae\"", "\"{\"", "\"{7h\"", "\"{{7h}}\"", "\"}\"", "\"{zz}\"",
    "\"%\"", "\"%n\"", "\"%*d\"", "\"%1$s\"", "\"%.99f\"", "\"%c\"", "\"%a\"", "\"\\t\"", "\"\\127\"",
    "\"#x\"", "\"next\"", "\"arrange hand 1 7h\"", "\"seed 1\"", "\" draw\"", "\"draw \"", "\"draw  x\"",
    "\"1 draw\"", "\"\\27P+q\\27\\\\\"", "\"\\27[6n\"", "\"\\27]0;title\\7\"", "\"\\8\\8\\8OK\"", "\"\\xc0\\x80\"",
    "\"\\xf4\\x90\\x80\\x80\"", "\"\\27\"", "\"\\155\"", "\"\\xc2\\x9b31m\"", "\"check: OK (1 matches, 0 moves)\"",
    "\"../../etc/passwd\"", "\"/etc/passwd\"", "\"cmd:touch x\"", "\"$(touch x)\"", "\"'; rm -rf x; '\"",
    "\"<svg onload=x>\"", "\"&amp;<\"", "\"\\\"\\\\\"",
};

static const char *const long_strings[] = {
    "string.rep(\"x\", $h)", "string.rep(\"{7h}\", 300)", "(\"ab\"):rep(200)", "string.rep(\"\\27[\", 1000)",
    "string.rep(\"\\xc3\\xa9\", 100)", "string.rep(\"x\", 1e6)", "string.rep(\"%s\", 40)", "string.rep(\"y\", 256)",
    "string.rep(\"y\", 257)", "string.rep(\"\\0\", 300)",
};

static void gen_str(gen *g) {
    int r = (int)fz_below(g->r, 100);
    if (r < 55) out(g, PICK(g, plain_strings));
    else if (r < 72) out(g, PICK(g, weird_strings));
    else if (r < 78) expand(g, PICK(g, long_strings));
    else if (r < 90 && g->depth < 3) {
        g->depth++;
        static const char *const v[] = {"tostring($i)", "(($s) .. ($s))", "fuda.show($c)", "string.char($i)",
                                        "utf8.char($i)", "(\"%d\"):format($i)", "string.upper($s)"};
        static const char *const vg[] = {"g:name($n)", "g:name($n, $n)", "g.title", "(g.claim or \"none\")"};
        if ((g->have & NG) && pct(g, 30)) expand(g, PICK(g, vg));
        else expand(g, PICK(g, v));
        g->depth--;
    } else out(g, PICK(g, odd_values));
}

/* Text meant to reach a reader: events, views, notes. */
static void gen_evtext(gen *g) {
    if (pct(g, 70)) out(g, PICK(g, weird_strings));
    else if (pct(g, 50)) expand(g, "(($e) .. ($s) .. ($e))");
    else expand(g, PICK(g, long_strings));
}

static const char *const ranks[] = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"};
static const char *const suits[] = {"s", "h", "d", "c"};

static void gen_card(gen *g) {
    int r = (int)fz_below(g->r, 100);
    if (r < 70) fz_buf_printf(g->b, "\"%s%s\"", PICK(g, ranks), PICK(g, suits));
    else if (r < 74) out(g, "\"Jk\"");
    else if (r < 84 && (g->have & (NG | NS)) == (NG | NS)) out(g, "(g:hand(seat):top() or \"7h\")");
    else {
        static const char *const v[] = {"\"Zz\"", "\"\"", "\"10x\"", "\"H7\"", "\"ts\"", "42", "nil",
                                        "\"7h \"", "\"7H\"", "{}", "\"1h\"", "\"14s\"", "\"0h\"", "\"Jkh\""};
        out(g, PICK(g, v));
    }
}

static void gen_cards(gen *g) {
    int n = (int)fz_below(g->r, 12);
    out(g, "{");
    for (int i = 0; i < n; i++) {
        if (i) out(g, ", ");
        if (pct(g, 92)) fz_buf_printf(g->b, "\"%s%s\"", PICK(g, ranks), PICK(g, suits));
        else gen_card(g);
    }
    out(g, "}");
}

static void gen_pile(gen *g) {
    if (!(g->have & NG)) {
        out(g, "nil");
        return;
    }
    int r = (int)fz_below(g->r, 100);
    if (r < 45) fz_buf_printf(g->b, "g:pile(\"%s\")", g->piles[fz_below(g->r, 2)]);
    else if (r < 75) expand(g, "g:hand($n)");
    else if (r < 83) out(g, "(g:piles()[1])");
    else if (r < 90) expand(g, "g:pile($s)");
    else if (r < 95) expand(g, "g:pile(\"hand\", $n)");
    else {
        out(g, "(KEEP.pile or g:hand(1))");
        g->meta->used |= FZ_USED_KEEP;
    }
}

static const char *const metatables[] = {
    "{__index = $f}", "{__len = function() return $h end}", "{__index = function(t, k) while true do end end}",
    "{__tostring = function() return $s end}", "{__newindex = $f}", "{__call = $f}", "{__eq = $f}",
    "{__lt = $f}", "{__concat = $f}", "{__close = $f}", "{__mode = \"k\"}", "{__metatable = $v}",
    "{__name = $s}", "{__pairs = $f}", "{__index = function(t, k) return t[k] end}",
    "{__len = function() while true do end end}", "{__tostring = function() while true do end end}",
    "{__index = function() return \"draw\" end, __len = function() return 3 end}", "{__mode = \"kv\"}",
};

static void gen_value(gen *g);

static void gen_func(gen *g) {
    static const char *const v[] = {
        "function(...) return ... end", "function() end", "function() return $v end", "function() error($v) end",
        "function() while true do end end", "tostring", "error", "pcall", "type", "string.rep", "table.insert",
        "next", "ipairs", "load", "fuda.show", "function(a, b) return a < b end", "function(a, b) return true end",
        "function(x) return x end", "select", "setmetatable", "string.format",
        "function(...) local t = {...} return #t end", "function() return function() end end",
    };
    static const char *const vg[] = {"function() g:score(1, 1) end", "function() return g end",
                                      "function() g:end_hand() end", "function(_, s) return \"x\" end"};
    if ((g->have & NG) && pct(g, 15)) expand(g, PICK(g, vg));
    else expand(g, PICK(g, v));
}

static void gen_table(gen *g) {
    int r = (int)fz_below(g->r, 100);
    if (g->depth >= 3) {
        out(g, "{}");
        return;
    }
    g->depth++;
    if (r < 20) out(g, "{}");
    else if (r < 40) gen_cards(g);
    else if (r < 50) expand(g, "{$v, $v}");
    else if (r < 58) expand(g, "{x = $v}");
    else if (r < 68) {
        out(g, "setmetatable({}, ");
        expand(g, PICK(g, metatables));
        out(g, ")");
    } else if (r < 72) {
        out(g, "KEEP");
        g->meta->used |= FZ_USED_KEEP;
    }
    else if (r < 78) expand(g, "{[$h] = $v}");
    else if (r < 85) expand(g, "(function() local t = {} for i = 1, $i do t[i] = i end return t end)()");
    else if (r < 92 && (g->have & (NG | NS)) == (NG | NS)) out(g, "g:hand(seat):cards()");
    else expand(g, "{$s, $s, $s}");
    g->depth--;
}

static void gen_value(gen *g) {
    if (g->depth >= 3) {
        out(g, PICK(g, small_ints));
        return;
    }
    g->depth++;
    int r = (int)fz_below(g->r, 100);
    if (r < 20) gen_int(g);
    else if (r < 40) gen_str(g);
    else if (r < 50) gen_card(g);
    else if (r < 62) gen_table(g);
    else if (r < 70) gen_func(g);
    else if (r < 76) out(g, pct(g, 50) ? "true" : "false");
    else if (r < 82) out(g, "nil");
    else if (r < 88 && (g->have & NG)) out(g, "g");
    else if (r < 94) gen_pile(g);
    else gen_edge(g);
    g->depth--;
}

static const char *const move_texts[] = {
    "\"draw\\n1 play 2h\"", "\"a\\0b\"", "\"\"", "string.rep(\"m\", 256)", "string.rep(\"m\", 257)", "\"\\xff\"",
    "\"draw \"", "\" draw\"", "\"draw  draw\"", "\"next\"", "\"seed 1\"", "\"# x\"", "\"1 draw\"", "\"fuda-log 1\"",
    "\"arrange hand 1 7h\"", "\"variant gin\"", "\"\\27[2J\"", "\"\\127\"", "\"\\r\"", "\"\\t\"", "\"\\xc3\\xa9\"",
    "\"\\u{202E}x\"", "42", "1.5", "{}", "true", "\"draw\"", "string.rep(\"\\xc3\\xa9\", 128)",
    "string.rep(\"\\xc3\\xa9\", 129)", "string.rep(\"x\", 255) .. \"\\xc3\\xa9\"", "\"option x=1\"", "\"snap\"",
    "\"  \"", "\" \"", "\"draw\\r\"", "\"\\xc0\\x80\"", "\"play 7h 7h\"", "\"play\"", "\"pass\"", "\"x\" .. $i",
    "\"PLAY 7H\"", "\"play 7h\\0\"", "\"seats 3\"", "\"\\xe2\\x80\\x8b\"", "\"\\xef\\xbb\\xbfdraw\"", "\"draw\\f\"",
    "\"a\\vb\"", "string.rep(\" \", 256)", "\"\\xa0draw\"", "\"-- x\"", "\"0 draw\"", "\"99 draw\"",
};

/* A plain word, the same on every run (claim kinds, tallies). */
static void gen_word(gen *g) {
    static const char *const v[] = {"\"snap\"", "\"k\"", "\"zun\"", "\"q\"", "\"x y\"", "\"\""};
    if (pct(g, 85)) out(g, PICK(g, v));
    else gen_str(g);
}

static void gen_rules(gen *g) {
    static const char *const v[] = {
        "{}", "{ace = \"low\"}", "{ace = \"high\", min_run = 3}", "{ace = \"corner\"}",
        "{wild = \"joker\", wild_max = $i}", "{gin_shapes = {{4, 3, 3}}, gin_natural_run = 3}",
        "{values = {[1] = 15}}", "{set_max = $i}", "{min_set = $h, min_run = $h}", "{wild = \"joker\", set_max = $h}",
        "{gin_shapes = {{$h, $h}}}", "{gin_natural_run = $h}", "{values = {[$h] = $h}}", "{wild_min_natural = $h}",
        "{ace = $s}", "setmetatable({}, $M)", "{gin_shapes = $t}", "{wild = \"joker\", wild_in_sets = false}",
        "{gin_shapes = {{2, 2, 2, 2, 2, 2, 2, 2}}}", "{gin_shapes = {{16}}}",
        "{wild = \"joker\", gin_shapes = {{5, 4, 4, natural = $h}, {4, 3, 3, 3, natural_run = $h}}}",
        "{gin_natural = $h}", "{gin_shapes = {{3, 3, natural = 3, [$v] = $v}}}",
    };
    expand(g, PICK(g, v));
}

static const char *const var_names[] = {"v1", "v2", "v3", "v4", "v1", "v2"};
static const char *const seat_var_names[] = {"w1", "w2", "w1"};

/* Expand template t: each "$x" is an expression of kind x, everything
 * else is copied. */
static void expand(gen *g, const char *t) {
    for (const char *p = t; *p; p++) {
        if (*p != '$' || !p[1]) {
            fz_buf_add(g->b, p, 1);
            continue;
        }
        switch (*++p) {
        case 'i': gen_int(g); break;
        case 'j': /* a small count or index: the stock functions' big ones are FZ_CBOUND's */
            if (pct(g, 90)) out(g, PICK(g, small_ints));
            else out(g, pct(g, 50) ? "-1" : "100");
            break;
        case 'g': /* a message handler that ends: loops in handlers are FZ_HANDLER's */
            out(g, pct(g, 50) ? "function(m) return m end" : "tostring");
            break;
        case 'h': gen_edge(g); break;
        case 'n': gen_seat(g); break;
        case 's': gen_str(g); break;
        case 'e': gen_evtext(g); break;
        case 'c': gen_card(g); break;
        case 'l': gen_cards(g); break;
        case 'p': gen_pile(g); break;
        case 'v': gen_value(g); break;
        case 't': gen_table(g); break;
        case 'T': /* a table without a metatable: stock functions on lying ones are FZ_META's */
            if (pct(g, 40)) expand(g, "{}");
            else if (pct(g, 50)) expand(g, "$l");
            else if (pct(g, 50)) expand(g, "{$v, $v}");
            else {
                out(g, "KEEP");
                g->meta->used |= FZ_USED_KEEP;
            }
            break;
        case 'f': gen_func(g); break;
        case 'b': out(g, pct(g, 80) ? (pct(g, 50) ? "true" : "false") : "nil"); break;
        case 'm': expand(g, PICK(g, move_texts)); break;
        case 'k': gen_word(g); break;
        case 'r': gen_rules(g); break;
        case 'M': expand(g, PICK(g, metatables)); break;
        case 'V':
            if (pct(g, 92)) out(g, PICK(g, var_names));
            else out(g, "zz");
            break;
        case 'W':
            if (pct(g, 92)) out(g, PICK(g, seat_var_names));
            else out(g, "zz");
            break;
        case 'P': fz_buf_printf(g->b, "\"%s\"", g->piles[fz_below(g->r, 3)]); break;
        case '$': out(g, "$"); break;
        default: fz_buf_add(g->b, p - 1, 2);
        }
    }
}

/* ---- fragments ---- */

#define T(need, text) {need, text}

static const tmpl t_api[] = {
    T(NG, "g:say($s)"),
    T(NG, "g:say($s, $v, $v)"),
    T(NG, "g:say(\"%s and %d\", $s, $i)"),
    T(NG, "g:tell($n, $s)"),
    T(NG, "g:tell($n, \"%s\", $v)"),
    T(NG, "g:score($n, $i)"),
    T(NG, "g:score($n, $i, $s, $i)"),
    T(NG, "g.turn = $n"),
    T(NG, "g.dir = $i"),
    T(NG, "local _ = g:next($n, $i)"),
    T(NG, "g:set_out($n, $b)"),
    T(NG, "local _ = g:random($i)"),
    T(NG, "local _ = math.random($i, $i)"),
    T(NG, "local _ = math.random()"),
    T(NG | NSET, "g:new_pile($s, {owner = $n, vis = $s})"),
    T(NG, "g:new_pile($s)"),
    T(NG | NSET, "g:new_deck($p, {decks = $i, jokers = $i})"),
    T(NG, "g:new_deck($p)"),
    T(NG, "g:gather($P, {$P, $P})"),
    T(NG, "g:gather()"),
    T(NG, "g:gather($s)"),
    T(NG, "g:deal($i, {first = $n, from = $P, to = $P, sort = $b})"),
    T(NG, "g:deal($i)"),
    T(NG, "g:open_claim($k, {$n, $n})"),
    T(NG, "g:open_claim($k, {})"),
    T(NG, "g:result{winner = $n, loser = $n, kind = $s, points = $i, note = $s}"),
    T(NG, "g:result{}"),
    T(NG, "g:end_hand($s)"),
    T(NG, "g:end_match($v)"),
    T(NG, "g:tally($k)"),
    T(NG, "g:tally($s)"),
    T(NG, "g.var.$V = $v"),
    T(NG, "g.var.$V = $i"),
    T(NG, "g.var.$V = $s"),
    T(NG, "local _ = g.var.$V"),
    T(NG, "g.seat[$n].$W = $v"),
    T(NG, "local _ = g.seat[$n].$W"),
    T(NG, "local _ = g:name($n, $n)"),
    T(NG, "local _ = g:piles()"),
    T(NG, "local _ = g:waiting()"),
    T(NG, "local _ = g:total($n, $i)"),
    T(NG, "local _ = g:seat_of($i)"),
    T(NG, "local _ = g.claim, g.phase, g.table, g.columns, g.options, g.title, g.hand_no, g.move_no"),
    T(NG, "local _ = g.options[$s]"),
    T(NG, "local _ = g.nope"),
    T(NG, "$p:move($c, $p, $i)"),
    T(NG, "$p:move($c, $p)"),
    T(NG, "$p:move_top($p, $i)"),
    T(NG, "$p:move_top($p)"),
    T(NG, "$p:move_all($p)"),
    T(NG, "$p:shuffle()"),
    T(NG, "$p:sort($s)"),
    T(NG, "$p:sort()"),
    T(NG, "local _ = $p:at($i)"),
    T(NG, "local _ = $p:top()"),
    T(NG, "local _ = $p:has($c)"),
    T(NG, "local _ = $p:cards()"),
    T(NG, "local _ = #$p, $p:count()"),
    T(NG, "local _ = $p.name, $p.owner, $p.vis, tostring($p)"),
    T(NG, "KEEP.pile = $p"),
    T(0, "local _ = fuda.card($s)"),
    T(0, "local _ = fuda.rank($c)"),
    T(0, "local _ = fuda.suit($c)"),
    T(0, "local _ = fuda.make($i, $s)"),
    T(0, "local _ = fuda.show($v)"),
    T(0, "local _ = fuda.show($l)"),
    T(0, "local _ = fuda.plural($i, $s)"),
    T(NG, "local _ = fuda.seat_lines(g, $n)"),
    T(NG, "local _ = fuda.seat_lines(g, $n, $f)"),
    T(0, "local _ = fuda.rules($r):deadwood($l)"),
    T(0, "local _ = fuda.rules($r):melds($l)"),
    T(0, "local _ = fuda.rules($r):gin($l)"),
    T(0, "local _ = fuda.rules($r):discards($l)"),
    T(0, "local _ = fuda.rules($r):discard_list($l)"),
    T(0, "local _ = fuda.rules($r):discard_moves($l, $c, $i)"),
    T(0, "local _ = fuda.rules($r):discard_moves($l, nil, $i, {discard = $s, knock = $s, gin = $s})"),
    T(0, "local _ = fuda.rules($r):arrangements($l, $i)"),
    T(0, "local _ = fuda.rules($r):spec()"),
    T(0, "local _ = fuda.rules($r):accepts($l, $c)"),
    T(NG | NS, "local _ = fuda.rules($r):deadwood(g:hand(seat))"),
    T(0, "local M2 = fuda.moves{draw = {}, discard = \"card\"} local _ = M2.discard[$c], M2.read[\"draw\"], M2.parse($s)"),
    T(0, "local _ = fuda.moves{[$s] = $v}"),
    T(0, "local _ = fuda.moves($v)"),
    T(0, "local _ = fuda.variant($s)"),
    T(0, "local _ = fuda.variant(\"tiny\")"),
    T(0, "local _ = fuda.import($s)"),
    T(0, "local _ = fuda.import(\"match\")"),
    T(0, "local _ = fuda.version"),
    T(0, "local _ = string.format($s, $v, $v)"),
    T(0, "local _ = ($s):rep($j, $s)"),
    T(0, "local _ = table.concat($T, $s, $j, $j)"),
    T(0, "local _ = table.concat($l, \" \")"),
    T(0, "local _ = table.unpack($T, $j, $j)"),
    T(0, "local _ = table.pack($v, $v)"),
    T(0, "table.insert($T, $j, $v)"),
    T(0, "table.insert($T, $v)"),
    T(0, "local _ = table.remove($T, $j)"),
    T(0, "local _ = table.move($T, $j, $j, $j, $T)"),
    T(0, "table.sort($l)"),
    T(0, "table.sort($T, $f)"),
    T(0, "local _ = utf8.char($i, $i)"),
    T(0, "local _ = utf8.len($s, $j, $j)"),
    T(0, "local _ = utf8.codepoint($s, $i, $i)"),
    T(0, "local _ = utf8.offset($s, $i, $i)"),
    T(0, "for _, c in utf8.codes($s) do end"),
    T(0, "local _ = string.pack($s, $v)"),
    T(0, "local _ = string.unpack($s, $s, $i)"),
    T(0, "local _ = string.packsize($s)"),
    T(0, "local _ = select($i, $v, $v)"),
    T(0, "local _ = tonumber($s, $i)"),
    T(0, "local _ = tonumber($v)"),
    T(0, "local _ = math.tointeger($v)"),
    T(0, "local _ = math.fmod($i, $i)"),
    T(0, "local _ = $i // $i"),
    T(0, "local _ = $i % $i"),
    T(0, "local _ = math.abs($i), math.ult($i, $i), math.floor($h), math.ceil($h)"),
    T(0, "local _ = math.max($i, $h), math.min($h, $i), math.modf($h), math.sqrt($h), math.exp($h), math.log($h, $h)"),
    T(0, "local _ = $h << $i, $h >> $i, $i & $h, ~$h"),
    T(0, "local _ = ($s):find($s, $i, $b)"),
    T(0, "local _ = ($s):match($s, $i)"),
    T(0, "for _ in ($s):gmatch($s) do end"),
    T(0, "local _ = ($s):gsub($s, $s, $i)"),
    T(0, "local _ = ($s):gsub($s, $f)"),
    T(0, "local _ = ($s):gsub($s, $t)"),
    T(0, "local _ = ($s):sub($i, $i)"),
    T(0, "local _ = ($s):byte($i, $i)"),
    T(0, "local _ = string.char($i, $i)"),
    T(0, "local _ = ($s):upper(), ($s):lower(), ($s):reverse(), ($s):len()"),
    T(0, "local f = load($s) if f then pcall(f) end"),
    T(0, "local _ = rawget($t, $v)"),
    T(0, "rawset($t, $v, $v)"),
    T(0, "local _ = rawlen($v)"),
    T(0, "local _ = rawequal($v, $v)"),
    T(0, "local _ = next($t, $v)"),
    T(0, "for _, x in ipairs($t) do end"),
    T(0, "for _, x in pairs($t) do end"),
    T(0, "local _ = tostring($v), type($v)"),
    T(0, "local _ = getmetatable($v)"),
    T(0, "local _ = setmetatable($t, $t)"),
    T(0, "assert($v, $v)"),
    T(0, "local _ = pcall($f, $v)"),
    T(0, "local _ = xpcall($f, $g, $v)"),
    T(0, "local _ = select(\"#\", $v, $v)"),
    T(0, "local _ = #$s"),
    T(0, "local _ = $v == $v"),
    T(0, "local _ = ($s) < ($s)"),
    T(0, "local _ = ($s) .. ($i)"),
    T(0, "local _ = $i + $h"),
    T(0, "local _ = _VERSION"),
    T(0, "local _ = math.maxinteger + 1, math.mininteger - 1, -math.mininteger"),
    T(0, "P(\"\\1P\", $v)"),
    T(0, "error($v)"),
};

static const tmpl t_loop[] = {
    T(0, "while true do end"),
    T(0, "for i = 1, math.maxinteger do end"),
    T(0, "repeat local x = {} until false"),
    T(0, "while true do pcall(function() while true do end end) end"),
    T(0, "while true do local ok = pcall(error, {}) end"),
    T(0, "local function f() return f() end f()"),
    T(0, "for i = 1, 1e9 do local _ = tostring(i) end"),
    T(0, "while true do local _ = string.rep(\"x\", 100) .. \"y\" end"),
    T(0, "while true do load(\"return 1\") end"),
    T(0, "pcall(pcall, pcall, function() while true do end end)"),
    T(0, "local t = {} while true do t[#t + 1] = #t end"),
    T(0, "for _ = 1, 1e7 do pcall(error) end"),
    T(0, "local s = 0 for i = 1, 3e7 do s = s + i end"),
    T(0, "while true do local ok, e = pcall(string.rep, \"x\", 1 << 40) end"),
    T(0, "while true do local ok = pcall(load(\"while true do end\")) end"),
    T(NG, "while true do g:random(2) end"),
    T(NG, "while true do local _ = g:pile(\"stock\"):cards() end"),
    T(NG, "while true do local _ = fuda.seat_lines(g, 1) end"),
    T(NG, "while true do pcall(g.score, g, 1, 1) end"),
    T(0, "while true do local _ = fuda.rules{}:deadwood({\"7h\", \"8h\", \"9h\", \"Kc\"}) end"),
    T(0, "for _ in string.gmatch(string.rep(\"a\", 1e6), \"a\") do end"),
    T(0, "local t = setmetatable({}, {__index = function(t, k) return k end}) local i = 0 while true do i = t[i + 1] end"),
};

static const tmpl t_handler[] = {
    T(0, "xpcall(error, function() while true do end end)"),
    T(0, "xpcall(function() while true do end end, function(m) while true do end end)"),
    T(0, "xpcall(function() local t = {} while true do t[#t + 1] = 1 end end, function(m) return m end)"),
    T(0, "xpcall(error, function(m) return xpcall(error, function() while true do end end) end)"),
    T(0, "xpcall(function() error({}) end, function(m) local function f() return f() + 1 end return f() end)"),
    T(0, "while true do xpcall(function() while true do end end, function(m) return m end) end"),
    T(0, "xpcall(error, function(m) local t = {} for i = 1, 1e8 do t[i] = i end end)"),
    T(0, "xpcall(error, function(m) return string.rep(\"x\", 1 << 30) end)"),
    T(0, "xpcall(error, function(m) error(m) end)"),
    T(0, "xpcall(error, function(m) error({}) end)"),
    T(0, "xpcall(error, error)"),
    T(0, "xpcall(function() local function f() return f() + 1 end f() end, function(m) while true do end end)"),
    T(0, "xpcall(function() error(setmetatable({}, {__tostring = function() while true do end end})) end, tostring)"),
    T(0, "xpcall(error, function(m) pcall(function() while true do end end) return m end)"),
    T(0, "local ok, e = xpcall(error, function(m) return setmetatable({}, {__index = function() while true do end end}) end) local _ = e.x"),
    T(NG, "xpcall(error, function(m) g:score(1, 1) return m end)"),
    T(0, "xpcall(function() local t = {} t = t .. t end, function(m) while true do end end)"),
    T(0, "pcall(xpcall, error, function() while true do end end)"),
};

static const tmpl t_meta[] = {
    T(0, "local t = setmetatable({}, {__index = function(t, k) while true do end end}) local _ = t.x"),
    T(0, "local t = setmetatable({}, {__newindex = function() while true do end end}) t.x = 1"),
    T(0, "local t = setmetatable({}, {__len = function() while true do end end}) local _ = #t"),
    T(0, "local mt = {__eq = function() while true do end end} local a, b = setmetatable({}, mt), setmetatable({}, mt) local _ = a == b"),
    T(0, "local mt = {__lt = function() while true do end end} local _ = setmetatable({}, mt) < setmetatable({}, mt)"),
    T(0, "local mt = {__le = function() while true do end end} local _ = setmetatable({}, mt) <= setmetatable({}, mt)"),
    T(0, "local t = setmetatable({}, {__concat = function() while true do end end}) local _ = t .. \"x\""),
    T(0, "local t = setmetatable({}, {__call = function() while true do end end}) t()"),
    T(0, "local t = setmetatable({}, {__tostring = function() while true do end end}) local _ = tostring(t)"),
    T(0, "local t = setmetatable({}, {__tostring = function(s) return s end}) local _ = tostring(t)"),
    T(0, "local t = setmetatable({}, {__name = string.rep(\"n\", 1e6)}) local _ = tostring(t)"),
    T(0, "local t = setmetatable({}, {__name = {}}) local _ = tostring(t)"),
    T(0, "local t = setmetatable({}, {__unm = function() while true do end end}) local _ = -t"),
    T(0, "local t = setmetatable({}, {__add = function() while true do end end}) local _ = t + 1"),
    T(0, "local t = setmetatable({}, {__idiv = function() while true do end end}) local _ = 1 // t"),
    T(0, "local t = setmetatable({}, {__bnot = function() while true do end end}) local _ = ~t"),
    T(0, "local t = {} setmetatable(t, {__index = t}) local _ = t.x"),
    T(0, "local t = setmetatable({}, {__index = function(t, k) return t[k] end}) local _ = t.x"),
    T(0, "local t = setmetatable({}, {__pairs = function() while true do end end}) for _ in pairs(t) do end"),
    T(0, "local t = setmetatable({}, {__index = function(t, k) return k < 1e6 and t[k + 1] or 0 end}) local _ = t[1]"),
    T(0, "local t = setmetatable({}, {__newindex = function(t, k, v) t[k] = v end}) t.x = 1"),
    T(0, "local t = setmetatable({}, {__eq = function(a, b) return a == b end}) local _ = t == setmetatable({}, getmetatable(t))"),
    T(NG, "g:say(\"%s\", setmetatable({}, {__tostring = function() while true do end end}))"),
    T(NG, "g:say(\"%s\", setmetatable({}, {__tostring = function() return {} end}))"),
    T(NG, "g:say(\"%d\", setmetatable({}, {__index = function() while true do end end}))"),
    T(NG, "g:new_pile(\"z\", setmetatable({}, {__index = function() while true do end end}))"),
    T(NG, "g:deal(1, setmetatable({}, {__index = function(t, k) return t[k] end}))"),
    T(NG, "g:result(setmetatable({}, {__index = function() while true do end end}))"),
    T(NG, "g:result(setmetatable({}, {__index = function(t, k) return t[k] end}))"),
    T(NG, "g:open_claim(\"k\", setmetatable({}, {__len = function() return math.maxinteger end}))"),
    T(NG, "g:open_claim(\"k\", setmetatable({}, {__index = function() while true do end end, __len = function() return 3 end}))"),
    T(NG, "g:gather(\"stock\", setmetatable({}, {__len = function() return math.maxinteger end}))"),
    T(NG, "g:gather(\"stock\", setmetatable({}, {__len = function() return 1e9 end, __index = function() return \"hand\" end}))"),
    T(NG, "g:end_match(setmetatable({}, {__len = function() return math.maxinteger end}))"),
    T(NG, "g:end_match(setmetatable({}, {__len = function() return 1e9 end, __index = function() return 1 end}))"),
    T(0, "local _ = fuda.show(setmetatable({}, {__len = function() return math.maxinteger end}))"),
    T(0, "local _ = fuda.show(setmetatable({}, {__len = function() return 1e9 end, __index = function() return \"7h\" end}))"),
    T(0, "local _ = fuda.rules{}:deadwood(setmetatable({}, {__len = function() return math.maxinteger end}))"),
    T(0, "local _ = fuda.rules{}:deadwood(setmetatable({}, {__len = function() return 1e9 end, __index = function() return \"7h\" end}))"),
    T(0, "local _ = fuda.rules{}:discard_moves(setmetatable({}, {__len = function() return 1e9 end, __index = function() return \"7h\" end}), nil, 10)"),
    T(0, "local _ = fuda.rules(setmetatable({}, {__index = function() while true do end end}))"),
    T(0, "local _ = fuda.rules{gin_shapes = setmetatable({}, {__len = function() return math.maxinteger end})}"),
    T(0, "local _ = fuda.moves(setmetatable({}, {__pairs = function() while true do end end}))"),
    T(0, "local _ = fuda.moves(setmetatable({}, {__index = function() while true do end end}))"),
    T(0, "local _ = fuda.plural(1, setmetatable({}, {__tostring = function() while true do end end}))"),
    T(NG, "local _ = fuda.seat_lines(g, 1, function() return setmetatable({}, {__tostring = function() while true do end end}) end)"),
    T(NG, "local _ = fuda.seat_lines(g, 1, function() while true do end end)"),
    T(NG, "g:tell(1, \"%s\", setmetatable({}, {__tostring = function() local t = {} while true do t[#t + 1] = 1 end end}))"),
    T(NG, "g.var.$V = setmetatable({}, {__tostring = function() while true do end end})"),
    T(NG, "g:score(1, 1, setmetatable({}, {__tostring = function() while true do end end}))"),
    T(NG, "$p:move(setmetatable({}, {__tostring = function() while true do end end}), $p)"),
    T(NG, "g:deal(1, {from = setmetatable({}, {__tostring = function() while true do end end})})"),
    T(0, "local _ = string.format(\"%s\", setmetatable({}, {__tostring = function() while true do end end}))"),
    T(0, "local _ = table.concat(setmetatable({}, {__index = function() while true do end end}), \"\", 1, 3)"),
    T(0, "local _ = table.concat(setmetatable({}, {__index = function() return \"x\" end, __len = function() return 1e7 end}))"),
    T(0, "local _ = table.unpack(setmetatable({}, {__index = function() while true do end end}), 1, 3)"),
    T(0, "table.insert(setmetatable({}, {__len = function() return math.maxinteger end}), 1)"),
    T(0, "local _ = table.remove(setmetatable({}, {__len = function() return math.mininteger end}))"),
    T(0, "local _ = next(setmetatable({}, {__index = function() while true do end end}))"),
    T(0, "for _, v in ipairs(setmetatable({}, {__index = function(t, i) return i end})) do end"),
    T(0, "local _ = utf8.char(setmetatable({}, {__index = function() while true do end end}))"),
};

/* A finalizer slipped into a metatable that C code gives to new objects
 * would run with every hook off: each object a script can reach, its
 * metatable given __gc, then new objects of that kind made. */
#define GC_INJECT(obj, make) \
    "local mt = getmetatable(" obj ") if type(mt) == \"table\" then mt.__gc = function() while true do end end end " \
    "for i = 1, 50 do local o = " make " end"

static const tmpl t_gcinject[] = {
    T(0, GC_INJECT("fuda.rules{}", "fuda.rules{}")),
    T(NG, GC_INJECT("g:piles()[1]", "g:pile(g:piles()[1].name)")),
    T(NG, GC_INJECT("g", "g")),
    T(NG, GC_INJECT("g.var", "g.var")),
    T(NG, GC_INJECT("g.seat[1]", "g.seat[1]")),
    T(NG, GC_INJECT("g.options", "g.options")),
    T(0, GC_INJECT("\"\"", "tostring(i)")),
    T(0, GC_INJECT("fuda.moves{a = {}}", "fuda.moves{a = {}}")),
    T(0, GC_INJECT("fuda.moves{a = \"card\"}.a", "fuda.moves{a = \"card\"}.a")),
    T(0, GC_INJECT("fuda.variant(\"tiny\")", "fuda.variant(\"tiny\")")),
    T(0, GC_INJECT("_ENV", "load(\"return 1\")")),
    T(NG, GC_INJECT("g:waiting()", "g:waiting()")),
    T(NG, GC_INJECT("g:hand(1):cards()", "g:hand(1):cards()")),
};

static const tmpl t_sort[] = {
    T(0, "local t = {3, 1, 2, 5, 4} table.sort(t, function(a, b) while true do end end)"),
    T(0, "local t = {} for i = 1, 100 do t[i] = i end table.sort(t, function(a, b) return true end)"),
    T(0, "local t = {} for i = 1, 1000 do t[i] = -i end table.sort(t, function(a, b) table.sort({3, 2, 1}) return a < b end)"),
    T(0, "table.sort(setmetatable({}, {__len = function() return 1e8 end}))"),
    T(0, "table.sort(setmetatable({}, {__len = function() return math.maxinteger end}))"),
    T(0, "local t = {} for i = 1, 3000 do t[i] = i % 7 end table.sort(t, function(a, b) return a <= b end)"),
    T(0, "local t = {} for i = 1, 2000 do t[i] = {} end table.sort(t, function(a, b) return tostring(a) < tostring(b) end)"),
    T(0, "local t = {} for i = 1, 100 do t[i] = i end table.sort(t, function(a, b) error({}) end)"),
    T(0, "local t = {} for i = 1, 100 do t[i] = i end table.sort(t, function(a, b) t[#t + 1] = a return a < b end)"),
    T(0, "local t = {1, \"x\", {}, true} table.sort(t)"),
    T(0, "local t = {} for i = 1, 1000 do t[i] = setmetatable({}, {__lt = function() while true do end end}) end table.sort(t)"),
    T(0, "local t = {} for i = 1, 5000 do t[i] = (i * 7919) % 5000 end table.sort(t, function(a, b) return a > b end)"),
    T(0, "local t = {} for i = 1, 100 do t[i] = 0/0 end table.sort(t)"),
};

static const tmpl t_gsub[] = {
    T(0, "local _ = (\"x\"):rep(100):gsub(\".\", function() while true do end end)"),
    T(0, "local _ = (\"x\"):rep(1000):gsub(\".\", setmetatable({}, {__index = function() while true do end end}))"),
    T(0, "local _ = string.gsub(string.rep(\"a\", 1e5), \"a\", \"%0%0%0%0%0%0%0%0\")"),
    T(0, "for w in string.gmatch(string.rep(\"a\", 1e6), \"a*\") do end"),
    T(0, "local _ = (\"x\"):gsub(\"\", function() return string.rep(\"y\", 1e7) end)"),
    T(0, "local _ = (\"abc\"):gsub(\"%w\", function(c) return c:rep(1e6) end)"),
    T(0, "local _ = string.rep(\"a\", 1e4):gsub(\".\", function(c) return string.rep(c, 1e4) end)"),
    T(0, "local _ = (\"x\"):gsub(\"x\", function() error({}) end)"),
    T(0, "local _ = (\"x\"):gsub(\"x\", function() return {} end)"),
    T(0, "local _ = (\"x\"):gsub(\"x\", \"%9\")"),
    T(0, "local _ = (\"x\"):gsub(\"(x)\", \"%1%1%2\")"),
    T(0, "local _ = string.gsub(string.rep(\"x\", 1e5), \"x\", {x = string.rep(\"y\", 1e3)})"),
    T(0, "for a, b in (\"x\"):rep(1e5):gmatch(\"()()\") do end"),
    T(0, "local it = string.gmatch(\"abc\", \".\") local _ = it(), it(), it(), it(), it()"),
    T(0, "local _ = string.gsub(\"abc\", \".\", function(c) return string.gsub(c, \".\", function() while true do end end) end)"),
    T(NG, "local _ = (\"xyz\"):gsub(\".\", function(c) g:say(c) end)"),
};

static const tmpl t_alloc[] = {
    T(0, "local _ = string.rep(\"x\", 2^30)"),
    T(0, "local _ = string.rep(\"x\", 1e8, \",\")"),
    T(0, "local t = {} for i = 1, 1e8 do t[i] = i end"),
    T(0, "local s = string.rep(\"x\", 1e6) local t = {} for i = 1, 1e4 do t[i] = s .. i end"),
    T(0, "local t = {} t[1e9] = 1 for i = 1, 1e7 do t[i * 7] = i end"),
    T(0, "local t = table.pack(table.unpack({}, 1, 1e6))"),
    T(0, "local _ = {table.unpack({}, 1, 1e7)}"),
    T(0, "local t = {} for i = 1, 1e6 do t[i] = {} end"),
    T(0, "local s = \"x\" for i = 1, 40 do s = s .. s end"),
    T(0, "local t = {} for i = 1, 1e6 do t[tostring(i)] = i end"),
    T(NG, "for _ = 1, 1e4 do g:say(string.rep(\"x\", 1e5)) end"),
    T(NG, "local s = string.rep(\"x\", 1e6) for _ = 1, 1e4 do g:tell(1, s) end"),
    T(NG, "for _ = 1, 1e5 do g:score(1, 0, string.rep(\"n\", 1000)) end"),
    T(NG, "local s = string.rep(\"n\", 1e6) for _ = 1, 1e5 do g:score(1, 0, s) end"),
    T(NG, "for i = 1, 1e5 do g.var.v2 = string.rep(\"y\", 200) .. i end"),
    T(NG, "for i = 1, 1e5 do g.seat[1].w2 = i .. string.rep(\"z\", 100) end"),
    T(NG, "for i = 1, 5000 do g:tally(\"t\" .. i) end"),
    T(NG, "for i = 1, 100 do g:new_pile(\"p\" .. i) end"),
    T(NG, "for i = 1, 1e5 do g:open_claim(\"k\" .. i, {}) end"),
    T(NG, "for i = 1, 1e5 do g:say(\"x\") end"),
    T(NG, "local s = string.rep(\"e\", 1e6) for i = 1, 20000 do g:say(s) end"),
    T(NG, "for i = 1, 1e5 do pcall(g.new_pile, g, string.rep(\"q\", 1e4) .. i) end"),
    T(NG, "g:result{winner = 1, note = string.rep(\"n\", 1e7), kind = string.rep(\"k\", 1e6)}"),
    T(NG, "g:end_hand(string.rep(\"s\", 1e7))"),
    T(NG, "for i = 1, 1e4 do g:tally(string.rep(\"t\", 1e4)) end"),
    T(NL, "for i = 1, 60000 do list[i] = \"x\" .. i end"),
    T(NL, "local s = string.rep(\"m\", 256) for i = 1, 5e4 do list[i] = s end"),
    T(NL, "for i = 1, 5e4 do list[i] = string.rep(\"m\", 250) .. i end"),
    T(NL, "for i = #list + 1, 49000 do list[i] = \"draw\" end"),
    T(NL, "list[50000] = \"draw\""),
    T(NL, "list[math.maxinteger] = \"draw\""),
    T(0, "local t = {} for i = 1, 200 do t[i] = string.rep(\"x\", 2^20) .. i end"),
};

static const tmpl t_recurse[] = {
    T(0, "local function f(n) return 1 + f(n + 1) end f(1)"),
    T(0, "local function f() pcall(f) end f()"),
    T(0, "local function f() return tostring(setmetatable({}, {__tostring = f})) end f()"),
    T(0, "local function f(s) return (s:gsub(\".\", f)) end f(\"abc\")"),
    T(0, "local function f() table.sort({3, 2, 1}, function(a, b) f() return a < b end) end f()"),
    T(0, "local function f() load(\"return 1\")() return f() + 1 end f()"),
    T(0, "local function f() local t <close> = setmetatable({}, {__close = f}) end f()"),
    T(0, "local function f() string.format(\"%s\", setmetatable({}, {__tostring = f})) end f()"),
    T(0, "local s = \"return \" .. string.rep(\"(\", 1e5) .. \"1\" .. string.rep(\")\", 1e5) local _ = load(s)"),
    T(0, "local _ = load(\"return \" .. string.rep(\"{\", 1e5))"),
    T(0, "local _ = load(\"return \" .. string.rep(\"-\", 1e6) .. \"1\")"),
    T(0, "local _ = load(\"x = 1\" .. string.rep(\" .. 1\", 1e5))"),
    T(0, "local _ = load(string.rep(\"do \", 1e5) .. string.rep(\"end \", 1e5))"),
    T(0, "local _ = load(\"return \" .. string.rep(\"a.\", 1e5) .. \"b\")"),
    T(0, "local _ = load(\"return \" .. string.rep(\"f(\", 1e5))"),
    T(0, "local function f(...) return f(1, ...) end f()"),
    T(0, "local function f() return f(), f() end f()"),
    T(0, "local function f() return select(\"#\", xpcall(f, f)) end f()"),
    T(0, "local function f() return pcall(pcall, f) end f()"),
    T(0, "local t = {} local c = t for i = 1, 1e5 do c[1] = {} c = c[1] end local _ = fuda.show(t)"),
    T(0, "local mt = {} mt.__index = function(t, k) return setmetatable({}, mt)[k] end local _ = setmetatable({}, mt).x"),
    T(0, "local function f(n) if n == 0 then return 0 end return f(n - 1) + 1 end f(1e6)"),
    T(0, "local function f() local ok, e = pcall(f) error(e, 0) end f()"),
    T(0, "local function f() error(setmetatable({}, {__tostring = f})) end f()"),
    T(NG, "local function f() g:say(\"%s\", setmetatable({}, {__tostring = f})) return \"\" end f()"),
    T(NG, "local function f() return fuda.seat_lines(g, 1, f) end f()"),
    T(0, "local function f() return table.concat(setmetatable({}, {__index = function() return f() end}), \"\", 1, 2) end f()"),
};

static const tmpl t_cbound[] = {
    T(0, "local t = {1} for _ = 1, 22 do table.move(t, 1, #t, #t + 1) end"),
    T(0, "local _ = table.move({}, 1, math.maxinteger, 2)"),
    T(0, "local _ = table.move({1, 2, 3}, 1, 3, math.maxinteger)"),
    T(0, "local _ = table.move({}, math.mininteger, -1, 1)"),
    T(0, "local _ = table.move({}, -1e9, 0, 1)"),
    T(0, "local _ = table.move({}, 1, 1e9, 1, {})"),
    T(0, "local _ = table.move({}, 1, 2^40, 2)"),
    T(0, "local _ = table.concat({}, \"\", 1, 1e9)"),
    T(0, "local t = {} for i = 1, 1e6 do t[i] = \"x\" end local _ = table.concat(t, string.rep(\"-\", 1000))"),
    T(0, "local _ = table.unpack({}, 1, 1e6)"),
    T(0, "local _ = table.unpack({}, math.mininteger, math.maxinteger)"),
    T(0, "local _ = table.unpack({}, math.maxinteger - 1, math.maxinteger)"),
    T(0, "local _ = string.rep(\"\", 1e18)"),
    T(0, "local _ = string.rep(\"x\", 1e9, \"\")"),
    T(0, "local _ = string.rep(\"\", 1e18, \"\")"),
    T(0, "local _ = string.byte(string.rep(\"x\", 1e6), 1, -1)"),
    T(0, "local _ = string.format(\"%099d\", 1)"),
    T(0, "local _ = string.format(\"%99.99f\", 1e308)"),
    T(0, "local _ = string.format(\"%s\", string.rep(\"x\", 1e8))"),
    T(0, "local _ = string.format(string.rep(\"%s\", 1e5), 1)"),
    T(0, "local _ = string.format(\"%d\", 2^63)"),
    T(0, "local _ = string.format(\"%c\", -1)"),
    T(0, "local _ = string.format(\"%a %5.1a %q\", 0/0, 1/0, math.mininteger)"),
    T(0, "local _ = string.format(\"%q\", 0/0)"),
    T(0, "local _ = string.format(\"%10q\", \"x\")"),
    T(0, "local _ = utf8.len(string.rep(\"a\", 1e7))"),
    T(0, "local _ = utf8.len(\"abc\", math.mininteger, math.maxinteger)"),
    T(0, "local _ = utf8.codepoint(string.rep(\"a\", 1e6), 1, -1)"),
    T(0, "local _ = utf8.offset(\"abc\", math.maxinteger)"),
    T(0, "local _ = utf8.offset(\"abc\", math.mininteger, 2)"),
    T(0, "local _ = utf8.char(0x7FFFFFFF, 0x80000000)"),
    T(0, "table.insert({}, math.maxinteger, 1)"),
    T(0, "local _ = table.remove({}, math.mininteger)"),
    T(0, "local t = {} for i = 1, 1e5 do table.insert(t, 1, i) end"),
    T(0, "local _ = select(math.mininteger, 1)"),
    T(0, "local _ = select(-1e9)"),
    T(0, "local _ = (\"x\"):sub(math.mininteger, math.maxinteger)"),
    T(0, "local _ = string.char(256)"),
    T(0, "local _ = math.fmod(math.mininteger, -1), math.mininteger // -1, math.mininteger % -1"),
    T(0, "local _ = math.abs(math.mininteger), math.ult(-1, 1), math.floor(0/0), math.ceil(-1/0)"),
    T(0, "local _ = 1 // 0"),
    T(0, "local _ = 1 % 0"),
    T(0, "local _ = math.tointeger(2^63), math.tointeger(\"8\"), math.tointeger(0/0)"),
    T(0, "local _ = tonumber(string.rep(\"9\", 1e6))"),
    T(0, "local _ = tonumber(\"0x\" .. string.rep(\"f\", 1e6))"),
    T(0, "local _ = tonumber(\"1e\" .. string.rep(\"9\", 1e5))"),
    T(0, "local _ = tonumber(\"z\", 36), tonumber(\"z\", 37), tonumber(\"1\", 1), tonumber(\"7\", math.maxinteger)"),
    T(0, "local _ = string.pack(\"s1\", string.rep(\"x\", 300))"),
    T(0, "local _ = string.pack(\">i16\", math.mininteger)"),
    T(0, "local _ = string.pack(\"i17\", 1)"),
    T(0, "local _ = string.unpack(\"i16\", string.rep(\"\\255\", 15) .. \"\\127\")"),
    T(0, "local _ = string.unpack(\"z\", \"abc\", math.mininteger)"),
    T(0, "local _ = string.unpack(\"c\" .. math.maxinteger, \"\")"),
    T(0, "local _ = string.packsize(\"c\" .. 2^31)"),
    T(0, "local _ = string.pack(\"c1000000000\", \"\")"),
    T(0, "local _ = string.packsize(string.rep(\"!16i16\", 1e5))"),
    T(0, "local _ = string.pack(string.rep(\"Xi16\", 1e4))"),
    T(0, "local _ = string.packsize(string.rep(\"c2147483647\", 10))"),
    T(0, "local _ = string.unpack(\"s\", string.rep(\"\\255\", 8))"),
    T(0, "local _ = (\"x\"):rep(1e7):reverse():upper():lower()"),
    T(0, "local t = {} for i = 1, 2e5 do t[i] = (i * 7919) % 200003 end table.sort(t)"),
    T(0, "local t = {} for i = 1, 1e5 do t[i] = i end table.move(t, 1, 1e5, 1e5 + 1) table.move(t, 1, 2e5, 2e5 + 1)"),
    T(0, "local _ = math.random(math.mininteger, math.maxinteger)"),
    T(0, "local _ = math.random(0)"),
    T(0, "local _ = math.random(3, 1)"),
    T(0, "local _ = string.rep(\"ab\", 2^31 - 1, \"c\")"),
    T(0, "local _ = (\"%s\"):rep(1e6):format()"),
    T(0, "local _ = (\"x\"):rep(2^31):len()"),
    T(0, "local _ = table.concat({1, 2, 3}, \"\", math.maxinteger - 1, math.maxinteger)"),
    T(0, "local _ = table.concat({1, 2, 3}, \"\", math.mininteger, math.mininteger + 2)"),
    T(0, "local _ = utf8.char(table.unpack((function() local t = {} for i = 1, 1e5 do t[i] = 0x10FFFF end return t end)()))"),
    T(0, "local _ = string.char(table.unpack((function() local t = {} for i = 1, 2e5 do t[i] = 65 end return t end)()))"),
};

static const tmpl t_pattern[] = {
    T(0, "local _ = string.find(string.rep(\"a\", 5000), string.rep(\"a*\", 20) .. \"b\")"),
    T(0, "local _ = string.match(string.rep(\"a\", 1e5), \"(.-)(.-)(.-)(.-)b\")"),
    T(0, "local _ = (\"x\"):rep(1e5):find(\".-.-.-.-.-.-.-y\")"),
    T(0, "local _ = string.find(\"x\", string.rep(\"(\", 33) .. \"x\" .. string.rep(\")\", 33))"),
    T(0, "local _ = string.find(string.rep(\"(\", 1e5), \"%b()\")"),
    T(0, "local _ = string.gsub(string.rep(\"a\", 1e6), \"%f[%a]\", \"x\")"),
    T(0, "local _ = string.find(\"a\", \"[%\")"),
    T(0, "local _ = string.find(\"a\", \"%\")"),
    T(0, "local _ = string.find(\"a\", \"(()\")"),
    T(0, "local _ = string.find(\"a\", \"%g[^]\")"),
    T(0, "local _ = string.find(\"a\", \"%1\")"),
    T(0, "local _ = string.find(\"aa\", \"(a)%1%2\")"),
    T(0, "local _ = string.find(\"a\", \"[a-]\")"),
    T(0, "local _ = string.find(\"a\", \"%z\")"),
    T(0, "local _ = string.find(string.rep(\"a\", 1e4), string.rep(\"a?\", 1e4) .. string.rep(\"a\", 1e4))"),
    T(0, "local _ = string.match(string.rep(\"a\", 300), string.rep(\"(a?)\", 32))"),
    T(0, "local _ = string.match(string.rep(\"a\", 1e6), \".*.*.*.*b\")"),
    T(0, "local _ = string.match(string.rep(\"a\", 1e5), \"^(a-)(a-)(a-)$\")"),
    T(0, "local _ = string.find(string.rep(\"ab\", 1e5), \"%f[%w]%w+%f[%W]\")"),
    T(0, "local _ = string.gsub(string.rep(\"a\", 1e5), \"\", \"%0\")"),
    T(0, "for _ in (\"x\"):rep(1e5):gmatch(\"\") do end"),
    T(0, "local _ = string.find(string.rep(\"a\", 2e5), \"(\" .. string.rep(\"a*\", 30) .. \")b\")"),
    T(0, "local _ = string.match(string.rep(\"(\", 1e4) .. string.rep(\")\", 1e4), string.rep(\"%b()\", 100))"),
    T(0, "local _ = string.find(\"abc\", \"b\", math.mininteger, true)"),
    T(0, "local _ = string.find(string.rep(\"a\", 1e6), string.rep(\"a\", 1e5) .. \"b\", 1, true)"),
    T(0, "local _ = string.find(\"x\", string.rep(\"[\", 1e5))"),
    T(0, "local _ = string.find(\"x\", string.rep(\"%a\", 1e6))"),
    T(0, "local _ = string.match(\"x\", $s, $h)"),
    T(0, "local _ = string.gsub(string.rep(\"ab\", 1e5), \"(a)(b)\", \"%2%1\", $h)"),
};

static const tmpl t_load[] = {
    T(0, "local f = load(\"return 1\", \"=stdin\") if f then f() end"),
    T(0, "local f = load(\"error('x')\", \"@tests/variants/tiny.lua\") if f then f() end"),
    T(0, "local f = load(\"error('x')\", \"=loader\") if f then f() end"),
    T(0, "local f = load(\"while true do end\", \"=loader\") if f then f() end"),
    T(0, "local f = load(\"local t = {} while true do t[#t + 1] = 1 end\", \"=loader\") if f then f() end"),
    T(0, "local f = load(\"error('x')\", \"=\") if f then f() end"),
    T(0, "local f = load(\"error('x')\", \"@\") if f then f() end"),
    T(0, "local f = load(\"error('x')\", \"\") if f then f() end"),
    T(0, "local f = load(\"error('x')\", \"=[C]\") if f then f() end"),
    T(0, "local f = load(\"error('x')\", \"@/etc/passwd\") if f then f() end"),
    T(0, "local f = load(\"error('x')\", \"=check: OK\") if f then f() end"),
    T(0, "local f = load(\"error('x')\", \"=\\27[2J\") if f then f() end"),
    T(0, "local f = load(\"error('x')\", string.rep(\"n\", 1e5)) if f then f() end"),
    T(0, "local f = load(\"error('x')\", \"\\0\") if f then f() end"),
    T(0, "local f = load(\"error('x')\", \"@\" .. string.rep(\"/\", 5000)) if f then f() end"),
    T(0, "local f = load(\"while true do end\", \"@variants/gin.lua\") if f then f() end"),
    T(0, "local f = load(\"error('x')\", $s) if f then f() end"),
    T(0, "local f = load(\"error('x')\", $v) if f then f() end"),
    T(0, "local _ = load(\"\\27Lua\\84\\0\")"),
    T(0, "local _ = load(\"\\27Lua\", nil, \"b\")"),
    T(0, "local _ = load(\"\\27Lua\\84\\0\\25\\147\\13\\10\\26\\10\", nil, \"bt\")"),
    T(0, "local _ = load(\"return 1\", nil, $s)"),
    T(0, "local _ = load(\"\\27\" .. string.rep(\"x\", 100), nil, \"t\")"),
    T(0, "local _ = load(function() return nil end)"),
    T(0, "local _ = load(function() return \"return 1\" end)"),
    T(0, "local f = load(\"return x\", nil, nil, setmetatable({}, {__index = function() while true do end end})) if f then f() end"),
    T(0, "local f = load(\"x = 1\", \"c\", \"t\", 42) if f then f() end"),
    T(0, "local f = load(\"while true do end\") f()"),
    T(0, "local _ = load(string.rep(\"local a = 1 \", 1e5))"),
    T(0, "local _ = load(\"return \" .. string.rep(\"1,\", 1e5) .. \"1\")"),
    T(0, "local _ = load(\"goto x\")"),
    T(0, "local f = load(\"local x <close> = 1\") if f then f() end"),
    T(0, "local _ = load(\"local x <foo> = 1\")"),
    T(0, "local _ = load(string.rep(\"--\", 1e6))"),
    T(0, "local f = load(\"return '\" .. string.rep(\"\\\\xff\", 1e5) .. \"'\") if f then f() end"),
    T(0, "local f = load(\"return _ENV\") local e = f() PROBE(\"load env os\", function() return rawget(e, \"os\") end)"),
    T(0, "local _ = load(string.rep(\"x = 1 \", 3e6))"),
    T(0, "local _ = load(string.rep(\"a\", 1e7))"),
    T(0, "local _ = load(\"return \" .. string.rep(\"'x' .. \", 1e4) .. \"'x'\")"),
    T(0, "local f = load(\"return ...\") local _ = f(table.unpack({}, 1, 200))"),
    T(0, "local f = load(\"local t = {...} return #t\") if f then f(1, 2, 3) end"),
    T(0, "local f = load(\"return function() while true do end end\") if f then f()() end"),
    T(0, "local f = load(\"return \" .. string.rep(\"0x\", 1) .. string.rep(\"f\", 1e5)) if f then f() end"),
    T(0, "local f = load(\"return \\\"\" .. string.rep(\"\\\\u{7FFFFFFF}\", 1e4) .. \"\\\"\") if f then f() end"),
    T(0, "local f = load(\"error(setmetatable({}, {__tostring = function() while true do end end}))\", \"=loader\") if f then f() end"),
    T(NG, "local f = load(\"local g = ... g:score(1, 1) error('x')\", \"=loader\") if f then f(g) end"),
};

static const tmpl t_forbid[] = {
    T(0, "PROBE(\"os\", function() return rawget(_ENV, \"os\") end)"),
    T(0, "PROBE(\"io\", function() return io end)"),
    T(0, "PROBE(\"os2\", function() return os end)"),
    T(0, "PROBE(\"debug\", function() return debug end)"),
    T(0, "PROBE(\"require\", function() return require end)"),
    T(0, "PROBE(\"package\", function() return package end)"),
    T(0, "PROBE(\"dofile\", function() return dofile end)"),
    T(0, "PROBE(\"loadfile\", function() return loadfile end)"),
    T(0, "PROBE(\"collectgarbage\", function() return collectgarbage end)"),
    T(0, "PROBE(\"coroutine\", function() return coroutine end)"),
    T(0, "PROBE(\"warn\", function() return warn end)"),
    T(0, "PROBE(\"module\", function() return module or setfenv or getfenv or newproxy or jit or bit32 or loadstring or unpack end)"),
    T(0, "PROBE(\"string.dump\", function() return string.dump end)"),
    T(0, "PROBE(\"dump method\", function() return (\"\").dump end)"),
    T(0, "PROBE(\"load os\", function() return load(\"return os\")() end)"),
    T(0, "PROBE(\"load io env\", function() return load(\"return io\", \"x\", \"t\", _G)() end)"),
    T(0, "PROBE(\"load _ENV io\", function() return load(\"return _ENV.io\")() end)"),
    T(0, "PROBE(\"_G._G.os\", function() return _G._G.os end)"),
    T(0, "PROBE(\"rawget _G debug\", function() return rawget(_G, \"debug\") end)"),
    T(0, "PROBEMT(\"string mt\", function() return getmetatable(\"\") end)"),
    T(0, "PROBE(\"string mt index\", function() return getmetatable(\"\").__index end)"),
    T(0, "PROBEMT(\"env mt\", function() return getmetatable(_ENV) end)"),
    T(0, "PROBEMT(\"fuda mt\", function() return getmetatable(fuda) end)"),
    T(0, "PROBEMT(\"rules mt\", function() return getmetatable(fuda.rules{}) end)"),
    T(0, "PROBE(\"fuda.match\", function() return fuda.match end)"),
    T(0, "PROBE(\"fuda.replay\", function() return fuda.replay or fuda.list or fuda.search_budget end)"),
    T(0, "PROBE(\"next os\", function() for k, v in pairs(_ENV) do if k == \"os\" or k == \"io\" or k == \"debug\" then return v end end end)"),
    T(0, "PROBE(\"string lib fields\", function() for k, v in pairs(string) do if k == \"dump\" then return v end end end)"),
    T(0, "PROBE(\"string self\", function() return (\"\").format and rawget(string, \"dump\") end)"),
    T(0, "PROBE(\"setmetatable gc\", function() return setmetatable({}, {__gc = function() end}) end)"),
    T(0, "PROBE(\"binary load\", function() return load(\"\\27Lua\\84\\0\", \"b\", \"b\") end)"),
    T(0, "PROBE(\"binary load bt\", function() return load(\"\\27Lua\\84\\0\\25\\147\\13\\10\\26\\10\", \"b\", \"bt\") end)"),
    T(NG, "PROBEMT(\"game mt\", function() return getmetatable(g) end)"),
    T(NG, "PROBEMT(\"var mt\", function() return getmetatable(g.var) end)"),
    T(NG, "PROBEMT(\"seat mt\", function() return getmetatable(g.seat) end)"),
    T(NG, "PROBEMT(\"pile mt\", function() return getmetatable(g:piles()[1]) end)"),
    T(NG, "PROBEMT(\"options mt\", function() return getmetatable(g.options) end)"),
    T(NG, "PROBEMT(\"seat vars mt\", function() return getmetatable(g.seat[1]) end)"),
    T(NG, "PROBEMT(\"hand mt\", function() return getmetatable(g:hand(1)) end)"),
    T(NG, "PROBEMT(\"var index mt\", function() return getmetatable(getmetatable(g.var).__index) end)"),
    /* a metatable the script itself put there (the fragment below marks KEEP.vmt) is no leak */
    T(0, "PROBEMT(\"variant mt\", function() if KEEP.vmt then return nil end return getmetatable(fuda.variant(\"tiny\")) end)"),
    T(0, "PROBEMT(\"import mt\", function() return getmetatable(fuda.import(\"match\")) end)"),
    T(NG, "PROBE(\"g raw\", function() return rawget(g, \"seats\") or rawget(g, \"var\") or rawget(g, \"pile\") end)"),
    T(NG, "PROBE(\"g engine\", function() return rawget(g, \"engine\") or rawget(g, 1) end)"),
    T(NG, "PROBE(\"g setmetatable\", function() setmetatable(g, nil) return true end)"),
    T(NG, "PROBE(\"g.var set mt\", function() setmetatable(g.var, {}) return true end)"),
    T(NG, "PROBE(\"options write\", function() g.options.hand_size = 99 return true end)"),
    T(0, "PROBE(\"env setmetatable\", function() setmetatable(_ENV, nil) return true end)"),
    T(0, "PROBE(\"undeclared\", function() return undeclared_global_x end)"),
    T(0, "PROBE(\"undeclared set\", function() undeclared_global_y = 1 return true end)"),
    T(0, "PROBE(\"string mt set\", function() getmetatable(\"\").__index = {} return true end)"),
    T(0, "PROBE(\"cmd bot\", function() return fuda.variant(\"cmd:touch /tmp/fuzz-x\") end)"),
    T(0, "PROBE(\"import abs\", function() return fuda.import(\"/etc/passwd\") end)"),
    T(0, "PROBE(\"import dotdot\", function() return fuda.import(\"../../../../etc/passwd\") end)"),
    T(0, "PROBE(\"variant abs\", function() return fuda.variant(\"/etc/passwd\") end)"),
    T(0, "PROBE(\"variant proc\", function() return fuda.variant(\"/proc/self/environ\") end)"),
    T(0, "PROBE(\"variant dev\", function() return fuda.variant(\"/dev/zero\") end)"),
    T(0, "PROBE(\"variant dotdot\", function() return fuda.variant(\"../../../../../../etc/passwd\") end)"),
};

static const tmpl t_weak[] = {
    T(0, "local w = setmetatable({}, {__mode = \"k\"}) local k = {} KEEP.k0 = k for i = 1, 2e4 do local nk = {} w[k] = nk k = nk end KEEP.w = w"),
    T(0, "local w = setmetatable({}, {__mode = \"k\"}) local ks = {} for i = 1, 3e4 do ks[i] = {} end for i = 3e4, 2, -1 do w[ks[i]] = ks[i - 1] end KEEP.k0 = ks[3e4] KEEP.w = w ks = nil"),
    T(0, "local w = setmetatable({}, {__mode = \"v\"}) for i = 1, 1e6 do w[i] = {} end"),
    T(0, "local w = setmetatable({}, {__mode = \"k\"}) local ks = {} for i = 1, 1.5e5 do ks[i] = {} end for i = 1.5e5, 2, -1 do w[ks[i]] = ks[i - 1] end KEEP.k1 = ks[1.5e5] KEEP.w1 = w ks = nil"),
    T(0, "local w = setmetatable({}, {__mode = \"kv\"}) for i = 1, 1e5 do w[{}] = {} end KEEP.w = w"),
    T(0, "local w = setmetatable({}, {__mode = \"k\"}) for i = 1, 1e5 do local k = {} w[k] = {k} end KEEP.w2 = w"),
    T(0, "local t = {} for i = 1, 200 do local w = setmetatable({}, {__mode = \"k\"}) w[t] = t t = {w} end KEEP.t = t"),
    T(0, "local w = setmetatable({}, {__mode = \"k\"}) local k = {} for i = 1, 5e3 do local nk = {} w[k] = nk k = nk end"),
    T(0, "local chain = setmetatable({}, {__mode = \"k\"}) local head = {} local k = head for i = 1, 4e4 do local v = {} chain[k] = v k = v end KEEP.head, KEEP.chain = head, chain"),
    T(0, "local e = {} for i = 1, 50 do local w = setmetatable({}, {__mode = \"k\"}) for j = 1, 1000 do w[{}] = e end e[i] = w end KEEP.e = e"),
    T(0, "for i = 1, 1e5 do local _ = setmetatable({}, {__mode = \"k\"}) end"),
    T(0, "local t = setmetatable({}, {__mode = \"k\"}) t[t] = t KEEP.self = t"),
    T(0, "local s = {} for i = 1, 1e5 do s[i] = tostring(i) .. \"x\" end KEEP.s = setmetatable(s, {__mode = \"v\"})"),
};

static const tmpl t_overflow[] = {
    T(NG, "g:score($n, $h)"),
    T(NG, "g:score($n, $h, \"x\", $h)"),
    T(NG, "g:score(1, math.maxinteger) g:score(1, math.maxinteger)"),
    T(NG, "g:score(1, 2^31 - 1) g:score(1, 1)"),
    T(NG, "g:score(1, -2^31) g:score(1, -1)"),
    T(NG, "for _ = 1, 3 do g:score(1, 2^30) end"),
    T(NG, "local _ = g:next($n, $h)"),
    T(NG, "g:set_out($h, true)"),
    T(NG, "local _ = g:random($h)"),
    T(NG, "local _ = math.random($h, $h)"),
    T(NG, "local _ = $p:at($h)"),
    T(NG, "$p:move_top($p, $h)"),
    T(NG, "$p:move($c, $p, $h)"),
    T(NG, "g:new_deck($p, {decks = $h, jokers = $h})"),
    T(NG, "g:deal($h)"),
    T(NG, "g:deal(1, {first = $h})"),
    T(NG, "g.turn = $h"),
    T(NG, "g.dir = $h"),
    T(NG, "g.var.$V = $h"),
    T(NG, "g.seat[$h].$W = 1"),
    T(NG, "local _ = g.seat[$h]"),
    T(NG, "local _ = g:total($h, $h)"),
    T(NG, "local _ = g:name($h, $h)"),
    T(NG, "local _ = g:seat_of($h)"),
    T(NG, "g:open_claim(\"k\", {$h})"),
    T(NG, "g:result{winner = $h, points = $h}"),
    T(NG, "g:result{winner = 1, loser = 2, points = $h}"),
    T(NG, "g:result{winner = 1, points = $h, boxes = $h}"),
    T(NG, "g:end_match($h)"),
    T(NG, "g:end_match({$h, $h})"),
    T(0, "local _ = fuda.make($h, \"h\")"),
    T(0, "local _ = fuda.plural($h, \"x\")"),
    T(0, "local _ = fuda.rank($h), fuda.suit($h), fuda.card($h)"),
    T(0, "local _ = fuda.rules{min_set = $h, min_run = $h, set_max = $h, wild_max = $h, wild_min_natural = $h}:deadwood({\"7h\", \"8h\", \"9h\"})"),
    T(0, "local _ = fuda.rules{gin_natural_run = $h, gin_shapes = {{$h, $h}}, values = {[$h] = $h}}:gin({\"7h\", \"8h\", \"9h\"})"),
    T(0, "local _ = fuda.rules{gin_natural = $h, gin_shapes = {{$h, $h, natural = $h}}}:gin({\"7h\", \"8h\", \"9h\", \"Jk\"})"),
    T(0, "local _ = fuda.rules{values = {[1] = $h, [13] = $h}}:deadwood({\"As\", \"Ks\", \"Kh\", \"Ah\"})"),
    T(0, "local _ = fuda.rules{values = {[1] = math.maxinteger, [2] = math.maxinteger}}:discards({\"As\", \"2h\", \"3c\"})"),
    T(0, "local _ = fuda.rules{}:discard_moves({\"7h\", \"8h\"}, nil, $h)"),
    T(0, "local _ = fuda.show($h)"),
    T(NG, "local _ = fuda.seat_lines(g, $h)"),
    T(NG, "g:tell($h, \"x\")"),
    T(NG, "g:new_pile(\"q\", {owner = $h})"),
    T(NG, "local _ = g:pile(\"hand\", $h)"),
    T(NG, "local _ = g:hand($h)"),
    T(NG, "$p:sort($h)"),
    T(NG, "g:gather(\"stock\", {\"hand\", $h})"),
    T(NG, "for i = 1, 70 do g:score(1, 2^25) end"),
    T(NG, "g:score(1, 1, nil, $h)"),
    T(NG, "g:score(1, 1, \"c\", 5)"),
    T(NG, "local _ = g:total(1, 5), g:total(1, 0), g:total(1, -1)"),
    T(NG, "g.seat[1].w1 = 2^31 g.seat[1].w1 = g.seat[1].w1 + 1"),
    T(NG, "g.var.v1 = 2147483647 g.var.v1 = g.var.v1 + 1"),
    T(NG, "g.var.v1 = -2147483648 g.var.v1 = g.var.v1 - 1"),
};

static const tmpl t_movetext[] = {
    T(NL, "list[#list + 1] = $m"),
    T(NL, "list[#list + 1] = $m list[#list + 1] = $m"),
    T(NL, "table.insert(list, 1, $m)"),
    T(NL, "list[1] = $m"),
    T(NL, "for i = 1, #list do list[i] = list[i] .. $m end"),
    T(NL, "for i = 1, #list do list[i] = list[i] .. \" \" end"),
    T(NL, "for i = 1, #list do list[i] = \" \" .. list[i] end"),
    T(NL, "list[#list + 1] = list[1]"),
    T(NL, "list[#list + 2] = \"draw\""),
    T(NL, "list[0] = \"zero\" list[-1] = \"neg\""),
    T(NL, "list.draw = \"draw\""),
    T(NL, "for i = 1, 3 do list[#list + 1] = string.rep(\"w\", 250 + i) end"),
    T(NL, "list[#list + 1] = \"\\xc3\\xa9t\\xc3\\xa9 \\xe2\\x99\\xa5\""),
    T(NL, "list[#list + 1] = \"play {7h}\""),
    T(NL, "list[#list + 1] = \"draw\\t1\""),
    T(NL, "list[#list + 1] = \"\\u{FEFF}draw\""),
    T(NL, "list[#list + 1] = \"draw\\u{85}x\""),
    T(NL, "list[#list + 1] = \"draw\\u{2028}x\""),
};

static const tmpl t_evtext[] = {
    T(NG, "g:say($e)"),
    T(NG, "g:tell($n, $e)"),
    T(NG, "g:say(\"%s\", $e)"),
    T(NG, "g:say($e, $e)"),
    T(NG, "g:result{winner = $n, kind = $e, note = $e, points = 1}"),
    T(NG, "g:score($n, 1, $e)"),
    T(NG, "g:end_hand($e)"),
    T(NG, "g:tally($e)"),
    T(NG | NSET, "g:new_pile($e)"),
    T(NG, "g:new_pile($e)"),
    T(NG, "g.var.v2 = $e"),
    T(NG, "g.seat[1].w2 = $e"),
    T(NG, "g:open_claim($e, {$n})"),
    T(NG, "g:say(\"{\" .. $e .. \"}\")"),
    T(NG, "g:say(\"{7h}\" .. string.rep(\"{\", 1000))"),
    T(NG, "g:say(string.rep(\"{7h}\", 1e5))"),
    T(NG, "g:say(string.rep(\"\\27[31m\", 1e5))"),
    T(0, "P(\"\\1P\", $e)"),
    T(0, "error($e)"),
    T(0, "error($e, 0)"),
};

static const tmpl t_mutate[] = {
    T(NL, "KEEP[#KEEP % 8 + 1] = list"),
    T(0, "for _, l in ipairs(KEEP) do if type(l) == \"table\" then for i = 1, #l do l[i] = \"changed \" .. i end end end"),
    T(0, "for _, l in ipairs(KEEP) do if type(l) == \"table\" then setmetatable(l, {__index = function() while true do end end}) end end"),
    T(0, "for _, l in ipairs(KEEP) do if type(l) == \"table\" then for i = 1, 1000 do l[#l + 1] = string.rep(\"k\", 300) end end end"),
    T(NB, "moves[1] = \"stolen\""),
    T(NB, "moves[#moves + 1] = \"x\""),
    T(NB, "table.remove(moves, 1)"),
    T(NB, "setmetatable(moves, {__index = function() while true do end end})"),
    T(NB, "for i = 1, #moves do moves[i] = nil end"),
    T(NB, "KEEP.bm = moves"),
    T(NB, "if type(KEEP.bm) == \"table\" then KEEP.bm[1] = \"late\" end"),
    T(0, "local b = fuda.variant(\"tiny\") if type(b) == \"table\" then b.play = function() while true do end end end"),
    T(0, "local b = fuda.variant(\"tiny\") if type(b) == \"table\" then rawset(b, \"moves\", 42) end"),
    T(0, "local b = fuda.variant(\"tiny\") if type(b) == \"table\" then b.options = nil b.state = 5 end"),
    T(NG, "rawset(g, \"turn\", 5)"),
    T(NG, "rawset(g.var, \"v1\", {})"),
    T(NG, "rawset(g.options, \"hand_size\", 99)"),
    T(NG, "local r = g:result{winner = 1, points = 5} if type(r) == \"table\" then r.winner = 2 r.points = math.maxinteger end"),
    T(NG, "local c = g:hand(1):cards() c[1] = \"Zz\" c[#c + 1] = \"7h\""),
    T(NG, "local ps = g:piles() ps[1] = nil ps[2] = 42"),
    T(NG, "local w = g:waiting() w[1] = true w[99] = true"),
    T(NG, "KEEP.g = g"),
    T(NG, "if KEEP.g and KEEP.g ~= g then KEEP.g:score(1, 1) end"),
    T(NG, "if KEEP.g and KEEP.g ~= g then KEEP.g.turn = 1 end"),
    T(NG, "KEEP.pile = g:hand(1)"),
    T(NG, "if KEEP.pile then KEEP.pile:move_top(g:hand(1)) end"),
    T(NG, "KEEP.var = g.var"),
    T(NG, "if KEEP.var then KEEP.var.v1 = 3 end"),
};

static const tmpl t_errobj[] = {
    T(0, "error({})"),
    T(0, "error(setmetatable({}, {__tostring = function() while true do end end}))"),
    T(0, "error(setmetatable({}, {__tostring = function() return {} end}))"),
    T(0, "error(nil)"),
    T(0, "error()"),
    T(0, "error(42)"),
    T(0, "error(1.5)"),
    T(0, "error(0/0)"),
    T(0, "error(true)"),
    T(0, "error(function() end)"),
    T(0, "error(string.rep(\"E\", 1e7))"),
    T(0, "error(\"x\", 0)"),
    T(0, "error(\"x\", 2)"),
    T(0, "error(\"x\", 3)"),
    T(0, "error(\"x\", 50)"),
    T(0, "error(\"x\", -1)"),
    T(0, "error(\"x\", math.maxinteger)"),
    T(0, "error(\"\")"),
    T(0, "error(\"\", 0)"),
    T(0, "error(\"\\0\", 0)"),
    T(NG, "error(g)"),
    T(NG, "error(g:piles()[1])"),
    T(0, "error(setmetatable({}, {__index = function() while true do end end}))"),
    T(0, "error(setmetatable({}, {__name = \"fuda.Game\"}))"),
    T(0, "error(setmetatable({}, {__tostring = function() error(\"inner\") end}))"),
    T(0, "error(setmetatable({}, {__tostring = function() error({}) end}))"),
    T(0, "assert(false, {})"),
    T(0, "assert(false)"),
    T(0, "assert(nil, setmetatable({}, {__tostring = function() while true do end end}))"),
    T(0, "error(setmetatable({}, {__tostring = function() return string.rep(\"x\", 1e8) end}))"),
    T(0, "error(setmetatable({}, {__tostring = function() return \"tests/variants/tiny.lua:1: fake\" end}))"),
    T(0, "error(\"\\27[2J check: OK\", 0)"),
    T(0, "error(string.rep(\"\\n\", 1e4), 0)"),
    T(0, "local t <close> = setmetatable({}, {__close = function() error({}) end}) error(\"x\")"),
    T(0, "pcall(error) error(select(2, pcall(error, {})))"),
    T(0, "error(fuda.rules{})"),
    T(0, "error(KEEP)"),
    T(0, "error(math.maxinteger)"),
};

static const tmpl t_endhand[] = {
    T(NG, "g:end_hand()"),
    T(NG, "g:end_hand() g:end_hand()"),
    T(NG, "g:end_match()"),
    T(NG, "g:result{}"),
    T(NG, "g:result{winner = 1, points = 1}"),
    T(NG, "g.turn = nil"),
    T(NG, "g:end_hand() g.turn = 1"),
    T(NG, "g:end_match() g.turn = 1"),
    T(NG, "g:end_match() g:score(1, 1)"),
    T(NG, "g:end_match() g:open_claim(\"k\", {1})"),
    T(NG, "g:open_claim(\"k\", {})"),
    T(NG, "g:open_claim(\"k\", {1, 1, 2})"),
    T(NG, "g:open_claim(\"k\", {1}) g:open_claim(\"k\", {2})"),
    T(NG, "g:end_hand() g:open_claim(\"k\", {1})"),
    T(NG, "g:end_hand() g:result{winner = 1}"),
    T(NG, "g:result{winner = 1} g:result{winner = 2}"),
    T(NG, "g:end_match() g:end_hand()"),
    T(NG, "for s = 1, g.seats do g:set_out(s, true) end"),
    T(NG, "g:set_out(g.turn or 1, true)"),
    T(NG, "g.turn = nil g:open_claim(\"k\", {})"),
    T(NG, "g.turn = 0"),
    T(NG, "g.turn = g.seats + 1"),
    T(NG, "g:end_hand() g:end_match() g:end_match()"),
};

static const tmpl t_close[] = {
    T(0, "local x <close> = setmetatable({}, {__close = function() while true do end end})"),
    T(0, "local x <close> = setmetatable({}, {__close = function() error({}) end}) error(\"first\")"),
    T(0, "local x <close> = 42"),
    T(0, "local x <close> = nil"),
    T(0, "local x <close> = false"),
    T(NG, "do local x <close> = setmetatable({}, {__close = function() g:score(1, 1) end}) end"),
    T(0, "pcall(function() local x <close> = setmetatable({}, {__close = function() while true do end end}) error(\"e\") end)"),
    T(0, "local x <close> = setmetatable({}, {__close = function() local t = {} while true do t[#t + 1] = 1 end end})"),
    T(0, "local x <close> = setmetatable({}, {__close = function() local function f() return f() + 1 end f() end})"),
    T(0, "for i = 1, 1e4 do local x <close> = setmetatable({}, {__close = function() end}) end"),
    T(0, "local x <close> = setmetatable({}, {__close = function(o, e) error(e) end}) error({})"),
    T(0, "local x <close> = setmetatable({}, {__close = function() error(\"close\", 0) end})"),
    T(0, "local x <close> = setmetatable({}, {__close = 42})"),
    T(0, "xpcall(function() local x <close> = setmetatable({}, {__close = function() while true do end end}) error(\"e\") end, function(m) return m end)"),
    T(NG, "local x <close> = setmetatable({}, {__close = function() g:end_hand() end})"),
};

static const tmpl t_print[] = {
    T(0, "P(\"\\1P\", $v)"),
    T(0, "P(\"\\1P\", string.rep(\"p\", 1e6))"),
    T(0, "for i = 1, 1e4 do P(\"\\1P\", i) end"),
    T(0, "for i = 1, 1e6 do P(\"\\1P\", string.rep(\"q\", 1000)) end"),
    T(0, "P(\"\\1P\", setmetatable({}, {__tostring = function() while true do end end}))"),
    T(0, "P(\"\\1P\", setmetatable({}, {__tostring = function() return 42 end}))"),
    T(0, "P(\"\\1P\", \"\\27]52;c;aGk=\\7\")"),
    T(0, "P(\"\\1P\", \"\\0\")"),
    T(0, "P(\"\\1P\", setmetatable({}, {__name = \"x\\27[2J\"}))"),
    T(0, "P(\"\\1P\", table.unpack((function() local t = {} for i = 1, 1e4 do t[i] = i end return t end)()))"),
    T(0, "pcall(P, \"\\1P\", setmetatable({}, {__tostring = function() error({}) end}))"),
    T(0, "P(\"\\1P\", string.rep(\"\\n\", 1e5))"),
};

static const tmpl t_format[] = {
    T(NG, "g:say(\"%s\", setmetatable({}, {__tostring = function() g:score(1, 1) return \"x\" end}))"),
    T(NG, "g:say(\"%s\", setmetatable({}, {__tostring = function() g.turn = g:next(g.turn or 1) return \"x\" end}))"),
    T(NG, "g:tell(1, \"%s\", setmetatable({}, {__tostring = function() g:end_hand() return \"\" end}))"),
    T(NG, "g:say(\"%s\", setmetatable({}, {__tostring = function() g.var.v1 = 7 return \"\" end}))"),
    T(NG, "g:say(\"%s\", setmetatable({}, {__tostring = function() g:hand(1):move_top(g:pile(\"stock\")) return \"\" end}))"),
    T(NG, "g:say(\"%s\", setmetatable({}, {__tostring = function() U.fmt = (U.fmt or 0) + 1 return \"\" end})) if U.fmt then g.var.v1 = 9 end"),
    T(NG, "g:say(\"%s\", setmetatable({}, {__tostring = function() error(\"in format\") end}))"),
    T(NG, "g:say(\"%d\", \"x\")"),
    T(NG, "g:say(\"%s %s %s\", 1)"),
    T(NG, "g:say(\"%s\", setmetatable({}, {__tostring = function() local _ = g:random(5) return \"\" end}))"),
    T(NG, "g:tell(1, \"%s\", setmetatable({}, {__tostring = function() g:tally(\"fmt\") return \"\" end}))"),
};

static const tmpl t_monkey[] = {
    T(0, "string.format = function() while true do end end"),
    T(0, "table.concat = nil"),
    T(0, "tostring = function() error({}) end"),
    T(0, "fuda.show = function() while true do end end"),
    T(0, "fuda.card = nil"),
    T(0, "table.insert = function() error(\"x\") end"),
    T(0, "ipairs = function() return function() while true do end end end"),
    T(0, "pairs = nil"),
    T(0, "setmetatable(string, {__index = function() while true do end end})"),
    T(0, "string.gsub = function(...) return ... end"),
    T(0, "table.sort = function() while true do end end"),
    T(0, "string.rep = function() return \"\" end"),
    T(0, "type = function() return \"table\" end"),
    T(0, "error = function() end"),
    T(0, "pcall = function(f, ...) return true, f(...) end"),
    T(0, "select = function() return nil end"),
    T(0, "rawget = function() while true do end end"),
    T(0, "string.find = function() while true do end end string.match = string.find"),
    T(0, "table.unpack = function() return table.unpack end"),
    T(0, "math.floor = function(x) return x end"),
    T(0, "fuda.moves = function() while true do end end"),
    T(0, "local v = fuda.variant(\"tiny\") if type(v) == \"table\" then KEEP.vmt = true setmetatable(v, {__index = function() while true do end end}) end"),
    T(0, "string.sub = function() return {} end"),
    T(0, "next = function() while true do end end"),
};

static const tmpl *const class_tmpl[FZ_NCLASSES] = {
    t_api, t_loop, t_handler, t_meta, t_sort, t_gsub, t_alloc, t_recurse, t_cbound, t_pattern, t_load,
    t_forbid, t_weak, t_overflow, t_movetext, t_evtext, NULL, t_mutate, t_errobj, t_endhand, t_close,
    t_print, t_format, t_monkey, t_gcinject, NULL,
};

#define N(a) (sizeof(a) / sizeof((a)[0]))
static const size_t class_ntmpl[FZ_NCLASSES] = {
    N(t_api), N(t_loop), N(t_handler), N(t_meta), N(t_sort), N(t_gsub), N(t_alloc), N(t_recurse),
    N(t_cbound), N(t_pattern), N(t_load), N(t_forbid), N(t_weak), N(t_overflow), N(t_movetext),
    N(t_evtext), 0, N(t_mutate), N(t_errobj), N(t_endhand), N(t_close), N(t_print), N(t_format),
    N(t_monkey), N(t_gcinject), 0,
};

/* One template of class c usable here, or NULL (none after a few tries). */
static const tmpl *pick_tmpl(gen *g, int c) {
    if (!class_tmpl[c] || !class_ntmpl[c]) return NULL;
    for (int tries = 0; tries < 12; tries++) {
        const tmpl *t = &class_tmpl[c][fz_below(g->r, (uint32_t)class_ntmpl[c])];
        if ((t->need & g->have) == t->need) return t;
    }
    return NULL;
}

/* A hostile class among the script's focus. */
static int pick_focus(gen *g) {
    int n = 0, v[FZ_NCLASSES];
    for (int c = 1; c < FZ_NCLASSES; c++)
        if ((g->focus >> c) & 1) v[n++] = c;
    return n ? v[fz_below(g->r, (uint32_t)n)] : FZ_API;
}

static int usable(gen *g, int c) { return !((g->off >> c) & 1); }

/* One line of a slot: indentation, a fragment, maybe wrapped. */
static void line(gen *g, const char *indent) {
    int c = FZ_API;
    if ((int)fz_below(g->r, 1000) < g->hostile) c = pick_focus(g);
    if (!usable(g, c)) return;
    const tmpl *t = pick_tmpl(g, c);
    if (!t) return;
    g->meta->used |= 1ULL << c;
    out(g, indent);
    int r = (int)fz_below(g->r, 100);
    int gate = c != FZ_API && (g->have & NG) && r < 55;
    int wrap = !gate && r < (c == FZ_API ? (g->fragile ? 90 : 45) : 75);
    /* the moves hook's list and a bot's moves are locals of the hook: a
     * wrapping function still sees them */
    if (gate) {
        static const char *const gates[] = {"g.move_no >= %u", "g.move_no == %u", "g.hand_no >= %u",
                                            "g.move_no %% %u == 0"};
        char cond[64];
        unsigned k = fz_below(g->r, 4);
        snprintf(cond, sizeof cond, gates[k], k == 2 ? 1 + fz_below(g->r, 3) : 1 + fz_below(g->r, 40));
        fz_buf_printf(g->b, "if %s then ", cond);
        expand(g, t->t);
        out(g, " end\n");
    } else if (wrap) {
        out(g, "pcall(function() ");
        expand(g, t->t);
        out(g, " end)\n");
    } else {
        expand(g, t->t);
        out(g, "\n");
    }
}

/* A slot: a few lines (none, often). */
static void slot(gen *g, const char *indent) {
    static const int counts[] = {0, 0, 0, 0, 1, 1, 1, 2, 2, 3};
    int n = counts[fz_below(g->r, 10)];
    if (g->hostile >= 300) n++;
    for (int i = 0; i < n; i++) line(g, indent);
}

/* Some class-specific lines at this place, given with probability p%. */
static void special(gen *g, const char *indent, int c, int p) {
    if (!usable(g, c) || !((g->focus >> c) & 1) || !pct(g, p)) return;
    const tmpl *t = pick_tmpl(g, c);
    if (!t) return;
    g->meta->used |= 1ULL << c;
    out(g, indent);
    expand(g, t->t);
    out(g, "\n");
}

/* ---- returned values ---- */

static const char *const ret_moves[] = {
    "nil", "42", "\"draw\"", "{1, 2}", "setmetatable({}, {__index = function() return \"draw\" end, __len = function() return 5 end})",
    "{[1] = \"draw\", [3] = \"x\"}", "function() end", "g", "g:pile(\"stock\")", "{\"draw\", nil, \"x\"}", "setmetatable(list, {__index = function() while true do end end})",
    "setmetatable(list, {__len = function() return math.maxinteger end})", "{list}", "{true}", "{{}}",
    "setmetatable({}, {__len = function() while true do end end})", "KEEP", "{\"\"}", "{\"draw\", \"draw\"}",
    /* the mark of declared moves forged, with the shape of compiled families (declmoves.c) */
    "setmetatable({{0, \"draw\"}, [0] = g:pile(\"stock\")}, {__fuda_declared = true})",
    "setmetatable({{1, \"discard \", \"hand\"}}, {__fuda_declared = true, __metatable = false})",
    "setmetatable({{4, \"bid \", 1, math.maxinteger}, {2, \"give \"}}, {__fuda_declared = true})",
};
static const char *const ret_text[] = {
    "nil", "42", "{}", "function() end", "setmetatable({}, {__tostring = function() return \"x\" end})",
    "string.rep(\"v\", 1e7)", "\"\\0\"", "g", "true", "1/0", "0/0", "\"\"", "string.rep(\"{7h}\", 1e5)",
    "setmetatable({}, {__tostring = function() while true do end end})", "$e", "string.rep(\"\\n\", 1e5)",
    "math.mininteger", "string.rep(\"{\", 1e5)", "\"{Zz} {7h\"",
};
static const char *const ret_bot[] = {
    "nil", "42", "\"nope\"", "moves", "(moves[1] or \"\") .. \"x\"", "setmetatable({}, {__tostring = function() return moves[1] end})",
    "\"draw\\n\"", "moves[#moves + 1]", "moves[0]", "{}", "true", "$m", "string.rep(\"b\", 1e6)",
    "(moves[1] or \"\") .. \"\\0\"", "moves[math.random(#moves)]",
};
static const char *const ret_eval[] = {
    "0/0", "1/0", "-1/0", "\"1\"", "{}", "math.maxinteger", "math.mininteger", "nil", "true", "1e308", "g", "\"x\"",
};

/* "return <what the hook normally returns>", or, for FZ_RETTYPE, a wrong
 * one. */
static void ret(gen *g, const char *indent, const char *normal, const char *const *wrong, size_t nwrong) {
    out(g, indent);
    out(g, "return ");
    if (usable(g, FZ_RETTYPE) && ((g->focus >> FZ_RETTYPE) & 1) && pct(g, 35)) {
        g->meta->used |= 1ULL << FZ_RETTYPE;
        if ((g->have & NG) && pct(g, 50)) {
            fz_buf_printf(g->b, "(g.move_no >= %u) and (", fz_below(g->r, 30));
            expand(g, wrong[fz_below(g->r, (uint32_t)nwrong)]);
            out(g, ") or ");
            out(g, normal);
        } else {
            expand(g, wrong[fz_below(g->r, (uint32_t)nwrong)]);
        }
    } else {
        out(g, normal);
    }
    out(g, "\n");
}

/* ---- declarations ---- */

static int decl(gen *g) {
    if (usable(g, FZ_DECL) && ((g->focus >> FZ_DECL) & 1) && pct(g, 20)) {
        g->meta->used |= 1ULL << FZ_DECL;
        return 1;
    }
    return 0;
}

static void players(gen *g, int min, int max) {
    g->meta->min_seats = min;
    g->meta->max_seats = max;
    if (decl(g)) {
        static const char *const v[] = {
            "{min = $h, max = $h}", "$h", "\"x\"", "{min = 0}", "{max = 13}", "{min = 2, max = 2, step = $h}",
            "{min = 2, max = 4, default = $h}", "{min = 4, max = 2}", "{}", "setmetatable({}, {__index = function() while true do end end})",
            "{min = 1, max = 12}", "{min = 2, max = 12, step = 5}", "{min = 12, max = 12}",
        };
        out(g, "  players = ");
        expand(g, PICK(g, v));
        out(g, ",\n");
        return;
    }
    if (min == max) fz_buf_printf(g->b, "  players = %d,\n", min);
    else fz_buf_printf(g->b, "  players = { min = %d, max = %d },\n", min, max);
}

static void field(gen *g, const char *name, const char *normal, const char *const *wrong, size_t nwrong) {
    fz_buf_printf(g->b, "  %s = ", name);
    if (decl(g)) expand(g, wrong[fz_below(g->r, (uint32_t)nwrong)]);
    else out(g, normal);
    out(g, ",\n");
}

static const char *const odd_options[] = {
    "{ hand_size = { $h, min = $h, max = $h } }", "{ hand_size = { \"a\", one_of = {} } }", "{ [1] = 2 }",
    "{ hand_size = setmetatable({}, {__index = function() while true do end end}) }",
    "setmetatable({}, {__pairs = function() while true do end end})", "{ word = string.rep(\"o\", 1e6) }",
    "{ hand_size = { 4, min = 5 } }", "{ hand_size = 4, hands = $h, word = $e, flag = $v }", "42", "{ [\"\"] = 1 }",
    "{ [\"a b\"] = 1, [\"x=y\"] = 2 }", "(function() local t = {} for i = 1, 100 do t[\"o\" .. i] = i end return t end)()",
    "{ hand_size = { 4, doc = $e } }", "{ hand_size = { 4, one_of = { 4, 5, $h } } }",
};
static const char *const odd_state[] = {
    "{ v1 = $h, v2 = \"a\", v3 = false, v4 = 0 }", "{ v1 = {}, v2 = \"a\" }", "{ [$h] = 1 }",
    "(function() local t = {} for i = 1, 200 do t[\"s\" .. i] = i end return t end)()", "{ v1 = 0, v2 = $e, v3 = false, v4 = 0 }",
    "{ v1 = 1.5, v2 = \"a\", v3 = false, v4 = 0 }", "setmetatable({}, {__index = function() while true do end end})",
    "{ v1 = 0, v2 = string.rep(\"s\", 1e6), v3 = false, v4 = 0 }", "{ phase = 1, v1 = 0, v2 = \"a\", v3 = false, v4 = 0 }",
};
static const char *const odd_check[] = {
    "{ max_moves = $h }", "{ zero_sum = $v }", "{ expect = { string.rep(\"e\", 1e5) } }", "{ random = $h }",
    "{ invariant = $v }", "{ max_moves = 3000, invariant = function(g) while true do end end }",
    "{ max_moves = 3000, invariant = function(g) g.var.v1 = 1 return true end }",
    "{ max_moves = 3000, invariant = function(g) return false, setmetatable({}, {__tostring = function() while true do end end}) end }",
    "{ max_moves = 3000, invariant = function(g) return false, string.rep(\"r\", 1e6) end }",
    "{ max_moves = 3000, invariant = function(g) error({}) end }", "{ leaks = $v }", "{ bogus = 1 }",
    "{ expect = (function() local t = {} for i = 1, 1e4 do t[i] = \"e\" .. i end return t end)() }",
};
static const char *const odd_columns[] = {
    "{ string.rep(\"c\", 1e5) }", "{ 1, 2, 3, 4, 5 }", "{}", "{ $e }", "42", "{ \"a\", \"a\" }",
};
static const char *const odd_title[] = {"$e", "string.rep(\"t\", 1e6)", "42", "nil", "\"\"", "{}"};
static const char *const odd_bots[] = {
    "{ [\"cmd:touch /tmp/fuzz-cmd\"] = function(g, s, m) return m[1] end }",
    "{ random = function(g, s, m) return m[1] end }", "{ search = function(g, s, m) return m[1] end }",
    "{ [\"\"] = function(g, s, m) return m[1] end }", "{ [string.rep(\"b\", 100)] = function(g, s, m) return m[1] end }",
    "{ [1] = function(g, s, m) return m[1] end }", "{ b1 = 42 }", "42",
    "(function() local t = {} for i = 1, 500 do t[\"b\" .. i] = function(g, s, m) return m[1] end end return t end)()",
    "{ [\"a b\"] = function(g, s, m) return m[1] end, [\"\\27[2J\"] = function(g, s, m) return m[1] end }",
};
static const char *const odd_search[] = {
    "{ hands = $s }", "{ bot = $s }", "{ bot = \"nope\" }", "{ hands = \"winner\", bot = \"b1\" }", "42", "{ x = 1 }",
};
static const char *const odd_tables[] = {
    "{ count = $h, places = $h }", "function(n) while true do end end", "function(n) return { count = $h, places = 2 } end",
    "{ count = 2, places = { 1, $h } }", "{ count = 6, places = 2 }", "{ count = 2 }", "function(n) error({}) end",
    "function(n) return { count = 2, places = setmetatable({}, {__len = function() return math.maxinteger end}) } end",
};
static const char *const odd_teams[] = {
    "{ { $h } }", "{ { 1, 1 } }", "{ {}, {} }", "function(n) while true do end end", "{ { 1, 3 }, { 2, 4 }, { 1 } }",
    "function(n) return setmetatable({}, {__len = function() return math.maxinteger end}) end", "42",
};

/* ---- the games ---- */

/* The hook's opening, a slot, and (for hooks that take the moves list) the
 * lines that work on it. */
static void hook_open(gen *g, const char *name, const char *params, unsigned have) {
    g->have = have;
    g->fragile = !strcmp(name, "setup") || !strcmp(name, "deal") || !strcmp(name, "hand_over");
    fz_buf_printf(g->b, "  %s = function(%s)\n", name, params);
    slot(g, "    ");
}

static void hook_close(gen *g) {
    out(g, "  end,\n");
    g->have = 0;
    g->fragile = 0;
}

static void list_tail(gen *g) {
    special(g, "    ", FZ_MOVETEXT, 45);
    special(g, "    ", FZ_MUTATE, 40);
    special(g, "    ", FZ_ALLOC, 10);
    slot(g, "    ");
    ret(g, "    ", "list", ret_moves, N(ret_moves));
}

static void common_hooks(gen *g, int own_view) {
    if (own_view && pct(g, 70)) {
        hook_open(g, "view", "g, seat", NG | NS);
        special(g, "    ", FZ_MUTATE, 40);
        special(g, "    ", FZ_EVTEXT, 20);
        ret(g, "    ", "\"view of \" .. seat .. \": {7h} \" .. #g:piles()", ret_text, N(ret_text));
        hook_close(g);
    }
    if (pct(g, 40)) {
        hook_open(g, "why_not", "g, seat, move", NG | NS | NM);
        ret(g, "    ", "\"not now: \" .. tostring(move)", ret_text, N(ret_text));
        hook_close(g);
    }
    if (pct(g, 40)) {
        hook_open(g, "prompt", "g, seat", NG | NS);
        ret(g, "    ", "\"snap? {7h}\"", ret_text, N(ret_text));
        hook_close(g);
    }
    if (pct(g, 30)) {
        hook_open(g, "status", "g, seat", NG | NS);
        ret(g, "    ", "\"hand \" .. g.hand_no", ret_text, N(ret_text));
        hook_close(g);
    }
    if (pct(g, 25)) {
        hook_open(g, "result", "g, r", NG);
        if (pct(g, 30)) {
            static const char *const v[] = {"r.winner = $h", "r.points = $h", "r.kind = {}", "r.note = string.rep(\"n\", 1e6)",
                                            "setmetatable(r, {__index = function() while true do end end})", "r.boxes = $h",
                                            "r.loser = r.winner", "r.points = 0/0", "r.winner = nil", "r.note = $e"};
            out(g, "    ");
            expand(g, PICK(g, v));
            out(g, "\n");
        }
        hook_close(g);
    }
    if (pct(g, 40)) {
        out(g, "  bots = {\n");
        int nb = 1 + (int)fz_below(g->r, 2);
        for (int i = 0; i < nb; i++) {
            g->have = NG | NS | NB;
            fz_buf_printf(g->b, "    b%d = function(g, seat, moves)\n", i + 1);
            slot(g, "      ");
            special(g, "      ", FZ_MUTATE, 40);
            ret(g, "      ", i ? "moves[1]" : "moves[#moves]", ret_bot, N(ret_bot));
            out(g, "    end,\n");
        }
        g->have = 0;
        out(g, "  },\n");
        if (pct(g, 30)) field(g, "search", "{ hands = \"winner\", bot = \"b1\" }", odd_search, N(odd_search));
    } else if (decl(g)) {
        out(g, "  bots = ");
        expand(g, PICK(g, odd_bots));
        out(g, ",\n");
    }
    if (pct(g, 25)) {
        hook_open(g, "evaluate", "g, seat", NG | NS);
        ret(g, "    ", "0", ret_eval, N(ret_eval));
        hook_close(g);
    }
    if (pct(g, 50)) {
        if (decl(g)) {
            out(g, "  check = ");
            expand(g, PICK(g, odd_check));
            out(g, ",\n");
        } else if (pct(g, 50)) {
            out(g, "  check = { max_moves = 3000, invariant = function(g)\n");
            g->have = NG;
            slot(g, "    ");
            out(g, "    return true\n  end },\n");
            g->have = 0;
        } else {
            out(g, "  check = { max_moves = 3000, zero_sum = false, expect = { \"snap\" } },\n");
        }
    }
    if (decl(g)) field(g, "columns", "{}", odd_columns, N(odd_columns));
    if (decl(g)) field(g, "description", "\"d\"", odd_title, N(odd_title));
}

static void race_game(gen *g, int tables) {
    int claims = pct(g, 50);
    field(g, "title", "\"fuzz race\"", odd_title, N(odd_title));
    if (tables) players(g, 4, 4);
    else players(g, 2, 2 + (int)fz_below(g->r, 3));
    field(g, "options", "{ hand_size = { 4, min = 1, max = 10, doc = \"cards each\" }, hands = 2, word = \"x\", flag = true }",
          odd_options, N(odd_options));
    field(g, "state", "{ v1 = 0, v2 = \"a\", v3 = false, v4 = 0 }", odd_state, N(odd_state));
    field(g, "seat_state", "{ w1 = 0, w2 = \"\" }", odd_state, N(odd_state));
    if (tables) {
        field(g, "tables", "{ count = 2, places = 2 }", odd_tables, N(odd_tables));
        field(g, "teams", "{ { 1, 3 }, { 2, 4 } }", odd_teams, N(odd_teams));
        if (pct(g, 40)) {
            hook_open(g, "seating", "g", NG);
            ret(g, "    ", "{ { 1, 2 }, { 3, 4 } }", ret_moves, N(ret_moves));
            hook_close(g);
        }
        hook_open(g, "hand_over", "g, results, teams", NG);
        out(g, "    for _, r in ipairs(results) do if r.winner then g:score(r.winner, r.points or 0) end end\n");
        out(g, "    if g.hand_no >= 2 then g:end_match() end\n");
        hook_close(g);
    }
    hook_open(g, "setup", "g", NG | NSET);
    out(g, "    local stock = g:new_pile(\"stock\")\n");
    out(g, "    g:new_pile(\"field\", { vis = \"top\" })\n");
    out(g, "    for s = 1, g.seats do g:new_pile(\"hand\", { owner = s, vis = \"owner\" }) end\n");
    out(g, "    g:new_deck(stock)\n");
    slot(g, "    ");
    hook_close(g);
    hook_open(g, "deal", "g", NG);
    special(g, "    ", FZ_ENDHAND, 20);
    out(g, "    g:gather():shuffle()\n");
    out(g, "    g:deal(g.options.hand_size)\n");
    out(g, "    g:pile(\"stock\"):move_top(g:pile(\"field\"))\n");
    out(g, "    g.turn = (g.hand_no - 1) % g.seats + 1\n");
    slot(g, "    ");
    special(g, "    ", FZ_ENDHAND, 15);
    hook_close(g);
    hook_open(g, "moves", "g, seat", NG | NS);
    out(g, "    if g.claim then return { \"snap\", \"pass\" } end\n");
    out(g, "    local list = {}\n");
    out(g, "    if #g:pile(\"stock\") > 0 then list[#list + 1] = \"draw\" end\n");
    out(g, "    for _, c in ipairs(g:hand(seat):cards()) do list[#list + 1] = \"play \" .. c end\n");
    out(g, "    if #list == 0 then list[1] = \"pass\" end\n");
    g->have |= NL;
    list_tail(g);
    hook_close(g);
    hook_open(g, "play", "g, seat, move", NG | NS | NM);
    special(g, "    ", FZ_MUTATE, 20);
    out(g, "    if move == \"draw\" then\n");
    out(g, "      g:pile(\"stock\"):move_top(g:hand(seat))\n");
    out(g, "      g.turn = g:next(seat)\n");
    out(g, "      return\n");
    out(g, "    end\n");
    out(g, "    local c = type(move) == \"string\" and move:match(\"^play (%S+)$\")\n");
    out(g, "    if c and g:hand(seat):has(c) then\n");
    out(g, "      g:hand(seat):move(c, g:pile(\"field\"))\n");
    out(g, "      if #g:hand(seat) == 0 then\n");
    if (tables) {
        out(g, "        g:result{ winner = seat, kind = \"out\", points = 10 }\n");
    } else {
        out(g, "        g:score(seat, 10, \"out\")\n");
        out(g, "        g:end_hand()\n");
        out(g, "        if g.hand_no >= g.options.hands then g:end_match() end\n");
    }
    out(g, "        return\n");
    out(g, "      end\n");
    out(g, "    end\n");
    slot(g, "    ");
    out(g, "    g.turn = g:next(seat)\n");
    if (claims) out(g, "    if g.move_no % 5 == 0 then g:open_claim(\"snap\", { g.turn }) end\n");
    slot(g, "    ");
    hook_close(g);
    hook_open(g, "resolve", "g, choices, kind", NG);
    special(g, "    ", FZ_MUTATE, 20);
    out(g, "    for s = 1, g.seats do if choices[s] == \"snap\" then g:score(s, 1, \"snap\") end end\n");
    slot(g, "    ");
    hook_close(g);
    common_hooks(g, 1);
}

static void tiny_game(gen *g) {
    out(g, "  extends = \"tiny\",\n");
    field(g, "title", "\"fuzz tiny\"", odd_title, N(odd_title));
    g->meta->min_seats = 2;
    g->meta->max_seats = 4;
    field(g, "options", "{ hand_size = 3, hands = 1 }", odd_options, N(odd_options));
    if (pct(g, 50)) field(g, "new_options", "{ extra = { 1, doc = \"x\" } }", odd_options, N(odd_options));
    field(g, "state", "{ v1 = 0, v2 = \"a\", v3 = false, v4 = 0 }", odd_state, N(odd_state));
    hook_open(g, "deal", "g", NG);
    special(g, "    ", FZ_ENDHAND, 20);
    out(g, "    base.deal(g)\n");
    slot(g, "    ");
    hook_close(g);
    hook_open(g, "moves", "g, seat", NG | NS);
    out(g, "    local list = base.moves(g, seat)\n");
    g->have |= NL;
    list_tail(g);
    hook_close(g);
    hook_open(g, "play", "g, seat, move", NG | NS | NM);
    out(g, "    if type(move) == \"string\" and (move == \"draw\" or move == \"snap\" or move == \"pass\" or move:match(\"^play \")) then base.play(g, seat, move) else g.turn = g:next(seat) end\n");
    slot(g, "    ");
    hook_close(g);
    if (pct(g, 50)) {
        hook_open(g, "resolve", "g, choices, kind", NG);
        out(g, "    base.resolve(g, choices, kind)\n");
        slot(g, "    ");
        hook_close(g);
    }
    common_hooks(g, 1);
}

static void pieces_game(gen *g) {
    field(g, "title", "\"fuzz pieces\"", odd_title, N(odd_title));
    players(g, 2, 2 + (int)fz_below(g->r, 2));
    field(g, "layout", "{ stock = \"hidden\", discard = \"top\", hand = \"owner\" }", odd_tables, N(odd_tables));
    if (pct(g, 50)) field(g, "deck", "{ decks = 1, jokers = 0 }", odd_tables, N(odd_tables));
    else out(g, "  deck = function(g) return { jokers = 2 } end,\n");
    field(g, "state", "{ v1 = 0, v2 = \"a\", v3 = false, v4 = 0 }", odd_state, N(odd_state));
    out(g, "  verbs = M,\n");
    out(g, "  phase = \"draw\",\n");
    hook_open(g, "deal", "g", NG);
    special(g, "    ", FZ_ENDHAND, 20);
    out(g, "    g:gather():shuffle()\n");
    out(g, "    g:deal(5, { sort = true })\n");
    out(g, "    g.turn = (g.hand_no - 1) % g.seats + 1\n");
    slot(g, "    ");
    hook_close(g);
    out(g, "  phases = {\n");
    out(g, "    draw = {\n");
    g->have = NG | NS;
    out(g, "      moves = function(g, seat)\n");
    slot(g, "        ");
    out(g, "        if #g:pile(\"stock\") == 0 then return { M.pass } end\n");
    out(g, "        local list = { M.draw }\n");
    g->have |= NL;
    special(g, "        ", FZ_MOVETEXT, 40);
    special(g, "        ", FZ_MUTATE, 30);
    ret(g, "        ", "list", ret_moves, N(ret_moves));
    out(g, "      end,\n");
    g->have = NG | NS;
    out(g, "      draw = function(g, seat)\n");
    slot(g, "        ");
    out(g, "        g:pile(\"stock\"):move_top(g:hand(seat))\n");
    out(g, "        g.var.phase = \"discard\"\n");
    out(g, "      end,\n");
    out(g, "      pass = function(g, seat)\n");
    slot(g, "        ");
    out(g, "        g:end_hand(\"out\")\n");
    out(g, "        g:end_match()\n");
    out(g, "      end,\n");
    out(g, "    },\n");
    out(g, "    discard = {\n");
    out(g, "      moves = function(g, seat)\n");
    out(g, "        local list = {}\n");
    out(g, "        for _, c in ipairs(g:hand(seat):cards()) do list[#list + 1] = M.discard[c] end\n");
    g->have |= NL;
    special(g, "        ", FZ_MOVETEXT, 40);
    slot(g, "        ");
    ret(g, "        ", "list", ret_moves, N(ret_moves));
    out(g, "      end,\n");
    g->have = NG | NS;
    out(g, "      discard = function(g, seat, card)\n");
    slot(g, "        ");
    out(g, "        g:hand(seat):move(card, g:pile(\"discard\"))\n");
    out(g, "        g:say(\"%s discards {%s}.\", g:name(seat), card)\n");
    out(g, "        g.var.phase, g.turn = \"draw\", g:next(seat)\n");
    out(g, "      end,\n");
    out(g, "    },\n");
    out(g, "  },\n");
    g->have = 0;
    common_hooks(g, 0);
}

static const char *const builtins[] = {"gin", "zun", "dobon", "tedesco", "oklahoma", "straight-gin",
                                       "hollywood", "gin-intro", "round-the-corner", "celebes"};

static void builtin_game(gen *g, const char *name) {
    fz_buf_printf(g->b, "  extends = \"%s\",\n", name);
    field(g, "title", "\"fuzz builtin\"", odd_title, N(odd_title));
    g->meta->min_seats = 2;
    g->meta->max_seats = 2;
    field(g, "state", "{ v1 = 0, v2 = \"a\", v3 = false, v4 = 0 }", odd_state, N(odd_state));
    field(g, "seat_state", "{ w1 = 0, w2 = \"\" }", odd_state, N(odd_state));
    if (pct(g, 50)) {
        hook_open(g, "deal", "g", NG);
        out(g, "    base.deal(g)\n");
        slot(g, "    ");
        hook_close(g);
    }
    hook_open(g, "moves", "g, seat", NG | NS);
    out(g, "    local list = base.moves(g, seat)\n");
    g->have |= NL;
    list_tail(g);
    hook_close(g);
    hook_open(g, "play", "g, seat, move", NG | NS | NM);
    out(g, "    base.play(g, seat, move)\n");
    slot(g, "    ");
    hook_close(g);
    if (pct(g, 30)) {
        hook_open(g, "view", "g, seat", NG | NS);
        ret(g, "    ", "base.view and base.view(g, seat) or \"v\"", ret_text, N(ret_text));
        hook_close(g);
    }
    if (pct(g, 30)) {
        hook_open(g, "result", "g, r", NG);
        out(g, "    if base.result then base.result(g, r) end\n");
        hook_close(g);
    }
}

/* Can the script's values depend on where objects sit in memory (tostring of
 * a table or function, "%p")? Such a script keeps state the engine cannot
 * replay, by design: its replays that differ are notes (FZ_USED_KEEP). */
static int addresses(const char *text) {
    static const char *const args[] = {"{", "function", "setmetatable", "g)", "KEEP", "U)", "fuda.", "$", NULL};
    if (strstr(text, "%p")) return 1;
    for (const char *p = text; (p = strstr(p, "tostring(")) != NULL; p += 9)
        for (int i = 0; args[i]; i++)
            if (strncmp(p + 9, args[i], strlen(args[i])) == 0) return 1;
    return 0;
}

void fz_generate(fz_rng *r, uint64_t off, fz_buf *b, fz_meta *meta) {
    size_t start = b->n;
    gen g;
    memset(&g, 0, sizeof g);
    memset(meta, 0, sizeof *meta);
    g.r = r;
    g.b = b;
    g.off = off;
    g.meta = meta;
    static const char *const race_piles[] = {"stock", "field", "hand"};
    static const char *const piece_piles[] = {"stock", "discard", "hand"};
    g.piles = race_piles;
    /* how hostile, and at what */
    static const int levels[] = {0, 0, 0, 40, 80, 80, 150, 150, 300, 500};
    g.hostile = levels[fz_below(r, 10)];
    int nfocus = 1 + (int)fz_below(r, 3);
    for (int i = 0; i < nfocus; i++) {
        int c = 1 + (int)fz_below(r, FZ_NCLASSES - 1);
        if (usable(&g, c)) g.focus |= 1ULL << c;
    }
    if (!usable(&g, FZ_API) && !g.focus) g.hostile = 0;
    unsigned base = fz_below(r, 100);
    meta->base = base < 45 ? FZ_BASE_OWN : base < 67 ? FZ_BASE_TINY : base < 82 ? FZ_BASE_PIECES
                 : base < 92 ? FZ_BASE_BUILTIN : FZ_BASE_TABLES;
    if (meta->base == FZ_BASE_PIECES) g.piles = piece_piles;
    const char *builtin = PICK(&g, builtins);
    if (meta->base == FZ_BASE_BUILTIN) g.piles = piece_piles;

    /* the helpers every script has (cheap, and the probes' reporting line) */
    out(&g, "local P, KEEP, U, PC, TY = print, {}, {}, pcall, type\n");
    out(&g, "local function PROBE(name, f) local ok, v = PC(f) if ok and v ~= nil then P(\"\\1E\", name) end end\n");
    out(&g, "local function PROBEMT(name, f) local ok, v = PC(f) if ok and (TY(v) == \"table\" or TY(v) == \"function\") then P(\"\\1E\", name) end end\n");
    if (meta->base == FZ_BASE_TINY) out(&g, "local base = fuda.variant(\"tiny\")\n");
    if (meta->base == FZ_BASE_BUILTIN) fz_buf_printf(b, "local base = fuda.variant(\"%s\")\n", builtin);
    if (meta->base == FZ_BASE_PIECES) {
        out(&g, "local M = fuda.moves{ draw = {}, pass = {}, discard = \"card\" }\n");
    }
    g.have = 0;
    g.fragile = 1;
    slot(&g, "");
    g.fragile = 0;
    if (g.hostile && (g.focus & ((1ULL << FZ_FORBID) | (1ULL << FZ_WEAK) | (1ULL << FZ_MONKEY)))) {
        special(&g, "", FZ_FORBID, 60);
        special(&g, "", FZ_WEAK, 30);
        special(&g, "", FZ_MONKEY, 30);
    }
    out(&g, "return {\n");
    switch (meta->base) {
    case FZ_BASE_OWN: race_game(&g, 0); break;
    case FZ_BASE_TABLES: race_game(&g, 1); break;
    case FZ_BASE_TINY: tiny_game(&g); break;
    case FZ_BASE_PIECES: pieces_game(&g); break;
    default: builtin_game(&g, builtin); break;
    }
    out(&g, "}\n");
    if (addresses(b->p + start)) meta->used |= FZ_USED_KEEP;
}
