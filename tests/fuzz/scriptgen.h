/* scriptgen.h -- random variant scripts for the script fuzzer
 * (tests/fuzz/fuzz_scripts.c): a grammar of the variant API (docs/lua-api.md)
 * and the sandbox's standard library, mixed with hostile fragments of every
 * attack class of issue 30.
 *
 * A script is a whole variant file: a small game that runs (its own hooks, an
 * `extends` of a test or built-in game, or authoring pieces), with random
 * statements and hostile fragments put in its hooks and at load time, each
 * fragment on a line of its own so that a finding can be cut down line by
 * line. The same seed gives the same text, byte for byte. */
#ifndef FUDA_SCRIPTGEN_H
#define FUDA_SCRIPTGEN_H

#include <stddef.h>
#include <stdint.h>

/* The attack classes; a generator may be told to leave some out. */
enum {
    FZ_API,       /* well-typed calls of the fuda API and the standard library */
    FZ_LOOP,      /* endless loops, plain and inside pcall */
    FZ_HANDLER,   /* loops and errors in xpcall's message handler */
    FZ_META,      /* loops and recursion in metamethods, metatables given to C */
    FZ_SORT,      /* table.sort comparators that loop or lie */
    FZ_GSUB,      /* gsub/gmatch callbacks and replacement tables that loop */
    FZ_ALLOC,     /* huge allocations; aliased strings in moves, events, notes */
    FZ_RECURSE,   /* deep recursion: Lua, C, parser */
    FZ_CBOUND,    /* stock C functions given huge, negative or odd numbers */
    FZ_PATTERN,   /* pattern bombs and malformed patterns */
    FZ_LOAD,      /* load with odd chunk names, modes, environments, binary chunks */
    FZ_FORBID,    /* reaching what the sandbox leaves out (a probe prints if it can) */
    FZ_WEAK,      /* weak tables, ephemeron chains, garbage */
    FZ_OVERFLOW,  /* edge numbers in every numeric argument of the fuda API */
    FZ_MOVETEXT,  /* move texts with control bytes, odd spaces, huge, not UTF-8 */
    FZ_EVTEXT,    /* event, view and note texts with terminal escapes, NUL, bad UTF-8 */
    FZ_RETTYPE,   /* wrong types and shapes returned by every hook */
    FZ_MUTATE,    /* changing tables after they were returned or handed over */
    FZ_ERROBJ,    /* errors with objects that are not strings, odd levels */
    FZ_ENDHAND,   /* hands ended (or matches) without moves, turns taken away */
    FZ_CLOSE,     /* to-be-closed variables whose __close loops or fails */
    FZ_PRINT,     /* print with odd, huge or looping arguments */
    FZ_FORMAT,    /* event formatting that runs script code with side effects */
    FZ_MONKEY,    /* replacing library functions the engine's own Lua code may use */
    FZ_GC,        /* a finalizer put in the metatable of each object a script can reach */
    FZ_DECL,      /* odd declarations: players, options, state, check, tables, bots */
    FZ_NCLASSES
};

/* The name of class c ("loop"), NULL past the last. */
const char *fz_class_name(int c);
/* The class named name, -1 if none. */
int fz_class_of(const char *name);

/* A text that grows. */
typedef struct fz_buf {
    char *p;
    size_t n, cap;
} fz_buf;
void fz_buf_add(fz_buf *b, const char *s, size_t n);
void fz_buf_puts(fz_buf *b, const char *s);
void fz_buf_printf(fz_buf *b, const char *fmt, ...);
void fz_buf_free(fz_buf *b);

/* A small fast generator (splitmix64). */
typedef struct fz_rng {
    uint64_t s;
} fz_rng;
uint64_t fz_next(fz_rng *r);
uint32_t fz_below(fz_rng *r, uint32_t n); /* 0..n-1; 0 for n 0 */
/* The generator of script `index` of `job` under `seed`. */
fz_rng fz_rng_for(uint64_t seed, uint64_t job, uint64_t index);

/* What a generated script is. */
/* A bit of fz_meta.used past the classes: the script reads what it kept in
 * its own KEEP table (state the engine does not see: its log need not replay). */
#define FZ_USED_KEEP (1ULL << 63) /* also: values that depend on memory addresses */

typedef struct fz_meta {
    uint64_t used;   /* bit c: a fragment of class c is in the script; FZ_USED_KEEP */
    int base;        /* which game it is built on (FZ_BASE_*) */
    int min_seats, max_seats;
} fz_meta;

enum { FZ_BASE_OWN, FZ_BASE_TINY, FZ_BASE_PIECES, FZ_BASE_BUILTIN, FZ_BASE_TABLES };

/* Write a variant script into out (appended), drawn from r. `off` has bit c
 * set for each class to leave out. */
void fz_generate(fz_rng *r, uint64_t off, fz_buf *out, fz_meta *meta);

#endif
