/* check.c -- `fuda check`: play many bot matches of a variant under a paranoid
 * engine and verify, after every action, what a rules script must guarantee:
 *
 *   - the engine accepts every action (a hook error is a failure);
 *   - while a hand is on some seat must act, and each seat that must act has
 *     a legal move;
 *   - every listed move is accepted (tried, in 5% of the matches spread over
 *     the run, for every move of every acting seat) and trying leaves the
 *     state as it was;
 *   - a move that is not listed is refused and changes nothing;
 *   - a match ends within the variant's check.max_moves (default 100000);
 *   - with check.zero_sum, every column of totals sums to 0;
 *   - the match played again in a fresh engine (a new Lua state), asking the
 *     same bots, goes the same way: the same state before every action (else
 *     the rules depend on something outside the game state) and the same
 *     choice of every bot (else the bot does: pairs order, upvalues). That
 *     engine plays as fuda sim does: nobody reads its events and it runs no
 *     check.invariant, so a script that plays otherwise when watched fails;
 *   - the match's log replays in a fresh engine to the state it ended in,
 *     showing the events the match showed (where nothing is tried, a script
 *     that counts its calls would show others);
 *   - hidden information does not leak: dealing anew what a seat cannot know
 *     changes neither its legal moves, its view nor what it is told when it
 *     asks (the claim window's prompt, why_not), nor the events an action
 *     shows it when it sees the same after it; two listed moves it cannot
 *     tell apart show it the same events; every card an event names is one
 *     the seat knows (seen.c says what a seat knows);
 *   - the claim window's prompt and the variant's evaluate work and change
 *     nothing (check asks them itself).
 *
 * Then it reports what was exercised: matches and moves per seat count, hook
 * calls, moves by verb, the variant's tallies and the expected ones that never
 * occurred, and the hooks the variant defines that no match reached, with why
 * (a failure under --strict). On the first failure it stops, saves the match's
 * log and prints the `fuda play --replay` command that leads to just before the
 * failure.
 *
 * Match i (from 0) is seeded with S+i; seat counts go round the variant's
 * range; the bots alternate between all-random and the variant's own bots
 * (each full round of seat counts). Everything but nothing timed is printed,
 * so the output is the same for the same arguments. */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "agent.h" /* fuda_json_str */
#include "fnv.h"
#include "provenance.h"
#include "buf.h"
#include "cli.h"
#include "input.h"
#include "out.h"
#include "search.h"
#include "watch.h"
#include "seen.h"

#define CHECK_DEFAULT_MATCHES 2000
#define CHECK_MAX_JOBS 64
#define CHECK_DEFAULT_MAX_MOVES 100000L
#define CHECK_REPLAYS 500   /* play again every match up to this many, else a sample */
#define CHECK_TRY_MIN 20    /* matches whose every listed move is tried, at least */
#define CHECK_TRY_SHARE 20  /* ... or one in this many (5%) */
#define CHECK_VIEW_MOVES 1000 /* views after every action of those, in their first moves */
#define CHECK_LATE_SHARE 16   /* after them, the leak rule at one action in this many */
#define CHECK_SEARCH_ITERS 16 /* the search bot's playouts per decision, unless --iters says */
#define CHECK_LEAK_DEALS 3    /* deals of what a seat cannot see, per seat and action checked */
#define CHECK_QUICK_HANDS 10  /* by default a random round's match stops after this many hands */

/* ---- named counts ---- */

typedef struct count {
    char *name;
    long n;
} count;

typedef struct counts {
    count *v;
    int n, cap;
} counts;

static count *counts_find(counts *c, const char *name, size_t len) {
    for (int i = 0; i < c->n; i++)
        if (strlen(c->v[i].name) == len && memcmp(c->v[i].name, name, len) == 0) return &c->v[i];
    if (c->n == c->cap) {
        c->cap = c->cap ? c->cap * 2 : 16;
        c->v = fuda_xrealloc(c->v, (size_t)c->cap * sizeof *c->v);
    }
    count *k = &c->v[c->n++];
    k->name = fuda_xrealloc(NULL, len + 1);
    memcpy(k->name, name, len);
    k->name[len] = '\0';
    k->n = 0;
    return k;
}

static void counts_add(counts *c, const char *name, size_t len, long n) { counts_find(c, name, len)->n += n; }

static long counts_get(const counts *c, const char *name) {
    for (int i = 0; i < c->n; i++)
        if (strcmp(c->v[i].name, name) == 0) return c->v[i].n;
    return 0;
}

static int cmp_count(const void *a, const void *b) {
    return strcmp(((const count *)a)->name, ((const count *)b)->name);
}

static void counts_sort(counts *c) {
    if (c->n) qsort(c->v, (size_t)c->n, sizeof *c->v, cmp_count);
}

static void counts_free(counts *c) {
    for (int i = 0; i < c->n; i++) free(c->v[i].name);
    free(c->v);
    c->v = NULL;
    c->n = c->cap = 0;
}

/* The first word of a move. */
static size_t verb_len(const char *move) { return strcspn(move, " "); }

/* ---- the run ---- */

typedef struct check_args {
    fuda_match_args m;
    long matches;
    long from;    /* --from K: the first match played is match K (1-based); matches before it are skipped */
    long jobs;
    int json;
    int thorough; /* --thorough: random rounds play whole matches too */
    int strict;   /* --strict: a hook the variant defines that no match reached is a failure (and,
                   * for the OS boundary's layers, whatever --strict asks of them) */
} check_args;

/* What the workers share: the next match to play, the first that failed. */
typedef struct pool {
    pthread_mutex_t mu;
    long next;       /* next match index to hand out */
    long fail_index; /* lowest index of a failed match, LONG_MAX if none */
    long done;       /* matches finished */
} pool;

typedef struct failure {
    char *message;
    int stage_load; /* the script does not load */
    long match;     /* 0-based */
    uint64_t seed;
    int seats;
    long move;      /* the action at fault (1-based), or the moves of the match */
    long to;        /* replay this many moves to stand just before it */
    char *log;      /* file the log was saved to, or NULL */
    char *replay_command;
    char *note;     /* more about it (the replay of the log differs too), or NULL */
    int log_checked; /* the failure is the log's replay: no note about it */
    int stage_coverage; /* --strict: a hook was never reached */
} failure;

/* A move of the match: its seat, its text, the hash of the state in which
 * the bots chose it (the state before its action) and of the list of moves
 * the seat had there. */
typedef struct match_move {
    int seat;
    char *move;
    uint64_t before, list;
} match_move;

/* A listed move tried, and what it showed every seat: the hash of the state
 * after it as each seat may know it (fuda_seen_hash), the events it showed
 * each (one a line, malloc'd; NULL: none). */
typedef struct seen_move {
    int ok; /* the try was accepted */
    uint64_t seen[FUDA_MAX_SEATS + 1];
    char *ev[FUDA_MAX_SEATS + 1];
} seen_move;

/* What an action (the moves chosen, or the next hand's deal) showed the
 * seats: as seen_move, with the cards each knows after it. */
typedef struct outcome {
    int ok;      /* every move was accepted */
    int only;    /* the seat looked at (0: every seat) */
    uint64_t seen[FUDA_MAX_SEATS + 1];
    char *ev[FUDA_MAX_SEATS + 1];
    uint8_t known[FUDA_MAX_SEATS + 1][FUDA_CARD_SPACE];
} outcome;

/* The events of a whole match, "MOVE SEAT TEXT" a line: the first
 * TRACE_KEEP bytes as text (to show where two traces part), the lines after
 * them folded into a hash (FNV-1a), so a match showing gigabytes of events
 * holds 16 MiB. */
#define TRACE_KEEP ((size_t)16 << 20)
typedef struct ev_trace {
    fuda_buf b;
    uint64_t rest; /* the hash of the lines past TRACE_KEEP */
    long rest_from; /* the move of the first of them; -1: none yet */
} ev_trace;

typedef struct checker {
    fuda_config cfg; /* paranoid */
    int watch_slot;  /* this worker's slot of the supervisor's page (watch.h) */
    const check_args *a;
    fuda_engine *e;
    const fuda_variant_info *info;
    long max_moves;
    int min_seats, max_seats;
    long try_matches;  /* matches whose listed moves are all tried */
    long replay_every; /* replay one match in this many */
    /* the bots */
    char **given;     /* --bots list, or NULL */
    const char **own; /* the variant's bots but random */
    int nown;
    /* what was exercised */
    long matches, moves, tried, tries, illegal, replays, views;
    long capped; /* matches stopped after CHECK_QUICK_HANDS hands */
    long rebots; /* bot choices made again in a fresh engine */
    long leaks;  /* actions whose seats were checked for hidden information leaking */
    long ev_checks;   /* comparisons of what the events showed a seat (dealt anew, or another move) */
    long log_replays; /* matches whose log replayed to the same state */
    long prompts, evals; /* calls of the prompt and evaluate hooks */
    long claims;      /* actions with a claim window open */
    long hands_ended; /* hands that ended */
    counts bots_asked; /* the variant's own bots, by the times they chose a move */
    long seat_matches[FUDA_MAX_SEATS + 1], seat_moves[FUDA_MAX_SEATS + 1];
    counts verbs, listed;
    counts raw; /* the engines' tallies ("hook NAME" and the variant's), summed at the end */
    pool *pool;
    int show_progress;
    /* the current match */
    long match;
    uint64_t seed;
    int nseats;
    const char *bots[FUDA_MAX_SEATS + 1];
    int mixed;        /* this match mixes random moves into the own bots' (check.random) */
    int cap;          /* stop this match after CHECK_QUICK_HANDS hands (0: play it whole) */
    int prompted, evaluated; /* this match asked a claim window's prompt, evaluate */
    fuda_state before; /* the state before the action */
    /* the moves of the match, each with the state hash before its action, to
     * play the match again in a fresh engine */
    match_move *rec;
    long nrec, caprec;
    /* a copy of one seat's moves */
    char **mv;
    int nmv, capmv;
    uint64_t lists[FUDA_MAX_SEATS + 1]; /* hash of each acting seat's moves in this action */
    /* what the events show: capturing, the engine's events go to ev[seat] (one a line);
     * streaming, those of the match as played go to stream ("MOVE SEAT TEXT" a line) */
    int capturing, streaming;
    fuda_buf ev[FUDA_MAX_SEATS + 1];
    ev_trace stream;
    seen_move *tried_moves; /* the listed moves of one seat, tried (check_seat) */
    int ntried, captried;
    outcome *real, *trial;  /* an action as played, and in a deal anew (check_leaks) */
    outcome *saw;           /* the one play_outcome fills */
    int failed;
    failure f;
} checker;

static void record(checker *c, int seat, const char *move, uint64_t before);

/* A hash of a list of moves, in order (FNV-1a, a 0 byte after each). */
static uint64_t list_hash(const char *const *mv, int n) {
    uint64_t h = FUDA_FNV_BASIS;
    for (int i = 0; i < n; i++) h = fuda_fnv1a(h, mv[i], strlen(mv[i]) + 1);
    return h;
}

/* Record the failure of the current match; returns -1. The log is saved by
 * the caller (finish_failure). `at_fault_applied`: the action at fault was
 * the last one applied (else it is the next one). */
static int fail_at(checker *c, int at_fault_applied, const char *fmt, ...) FUDA_PRINTF(3, 4);
static int fail_at(checker *c, int at_fault_applied, const char *fmt, ...) {
    char msg[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    long played = fuda_engine_move_count(c->e);
    c->failed = 1;
    c->f.message = fuda_xstrdup(msg);
    c->f.match = c->match;
    c->f.seed = c->seed;
    c->f.seats = c->nseats;
    c->f.move = at_fault_applied ? played : played + 1;
    c->f.to = at_fault_applied && played > 0 ? played - 1 : played;
    return -1;
}

/* The engine's last error, copied (the next call may overwrite it). */
static char *engine_err(const checker *c) { return fuda_xstrdup(fuda_engine_error(c->e)); }

/* fail_at with the engine's last error after the message: "...: error". */
static int fail_engine(checker *c, int at_fault_applied, const char *fmt, ...) FUDA_PRINTF(3, 4);
static int fail_engine(checker *c, int at_fault_applied, const char *fmt, ...) {
    char *err = engine_err(c), msg[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fail_at(c, at_fault_applied, "%s: %s", msg, err);
    free(err);
    return -1;
}

/* ---- bots, seats ---- */

static void choose_bots(checker *c, long i) {
    int step = c->info->seat_step > 1 ? c->info->seat_step : 1;
    int ncounts = (c->max_seats - c->min_seats) / step + 1;
    c->nseats = c->min_seats + step * (int)(i % ncounts);
    int random = ((i / ncounts) % 2 == 0) || c->nown == 0;
    c->mixed = random && !c->given && c->nown > 0 && c->info->check_random < 1.0;
    /* Random bots rarely finish a long match (gin to 100): by default their
     * rounds stop after a few hands, every move of them still explored, and
     * the own bots' rounds play whole matches. */
    c->cap = random && !c->given && c->nown > 0 && !c->a->thorough;
    int k = 0;
    for (int seat = 1; seat <= c->nseats; seat++) {
        if (c->given) {
            c->bots[seat] = c->given[k];
            if (c->given[k + 1]) k++;
        } else if (random) {
            c->bots[seat] = "random";
        } else {
            c->bots[seat] = c->own[(i / (2 * ncounts) + seat - 1) % c->nown];
        }
    }
}

/* The bot of `seat` for the next action of engine e. In a random round of a
 * variant whose check.random is below 1 (random play alone does not end a
 * gin-only game), each action is random with that chance, else the
 * variant's own bot: drawn from the seed, the move number and the seat, so a
 * replay asks the same bots. */
static const char *bot_for(const checker *c, fuda_engine *e, int seat) {
    if (!c->mixed) return c->bots[seat];
    uint64_t z = c->seed * 0x9e3779b97f4a7c15u + (uint64_t)fuda_engine_move_count(e) * 0xbf58476d1ce4e5b9u +
                 (uint64_t)seat;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    z ^= z >> 31;
    if ((double)(z >> 11) * (1.0 / 9007199254740992.0) < c->info->check_random) return "random";
    return c->own[(uint64_t)seat % (uint64_t)c->nown];
}

/* Is a capped match at its last hand (the hand just over)? */
static int capped_now(const checker *c, const fuda_engine *e) {
    return c->cap && fuda_engine_state(e)->hand_no >= CHECK_QUICK_HANDS;
}

/* Is match i one of the sample played again and replayed from its log: one
 * match in each block of replay_every, at an offset that moves from block to
 * block, so the sample meets every seat count and kind of bots. */
static int is_sampled(const checker *c, long i) { return (i + i / c->replay_every) % c->replay_every == 0; }

/* Is match i one whose listed moves are all tried and checked for leaks:
 * try_matches of the sample, spread evenly over the run (a script cannot
 * wait for the first matches to pass), and replayed, so that its events can
 * be compared with those of a replay where nothing is tried. */
static int is_thorough(const checker *c, long i) {
    if (!is_sampled(c, i)) return 0;
    long nsample = (c->a->matches + c->replay_every - 1) / c->replay_every, j = i / c->replay_every;
    if (c->try_matches >= nsample) return 1;
    return j * c->try_matches % nsample < c->try_matches; /* exactly try_matches of them, the first too */
}

/* Are the actions at this move of a thorough match checked for leaks: every
 * one of the first CHECK_VIEW_MOVES, and one in CHECK_LATE_SHARE after,
 * drawn from the seed and the move (a script cannot wait them out). */
static int leak_checked(const checker *c, long move) {
    if (move <= CHECK_VIEW_MOVES) return 1;
    uint64_t z = (c->seed ^ 0x5851f42d4c957f2dULL) * 0x9e3779b97f4a7c15ULL + (uint64_t)move * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 31)) * 0x94d049bb133111ebULL;
    return (z >> 33) % CHECK_LATE_SHARE == 0;
}

/* ---- per action ---- */

/* Copy seat's legal moves into c->mv; the count, or -1 (failure recorded). */
static int copy_moves(checker *c, int seat) {
    const char *const *mv;
    int n = fuda_engine_moves(c->e, seat, &mv);
    if (n < 0) {
        fail_engine(c, 0, "moves of seat %d", seat);
        return -1;
    }
    for (int i = 0; i < c->nmv; i++) free(c->mv[i]);
    if (n > c->capmv) {
        c->capmv = n;
        c->mv = fuda_xrealloc(c->mv, (size_t)n * sizeof *c->mv);
    }
    for (int i = 0; i < n; i++) c->mv[i] = fuda_xstrdup(mv[i]);
    c->nmv = n;
    return n;
}

static int listed(const checker *c, const char *move) {
    for (int i = 0; i < c->nmv; i++)
        if (strcmp(c->mv[i], move) == 0) return 1;
    return 0;
}

/* 1 if seat (1-based) holds card c in a pile of its own. */
static int seat_holds(const fuda_state *s, int seat, fuda_card card) {
    for (int p = 0; p < s->npiles; p++)
        if (s->piles[p].owner == seat - 1 && fuda_pile_index(s, p, card) >= 0) return 1;
    return 0;
}

/* A listed move with one of its cards replaced by a card of the game the seat
 * does not hold, that is not listed itself (malloc'd), or NULL if none. */
static char *move_with_foreign_card(const checker *c, int seat) {
    const fuda_state *s = fuda_engine_state(c->e);
    for (int i = 0; i < c->nmv; i++) {
        const char *m = c->mv[i];
        for (const char *w = m; *w;) {
            size_t len = strcspn(w, " ");
            fuda_card card;
            if (w != m && fuda_card_parse(w, len, &card) == 0) {
                for (int x = 1; x < FUDA_CARD_SPACE; x++) {
                    if (!s->deck[x] || x == card || seat_holds(s, seat, (fuda_card)x)) continue;
                    char name[8];
                    fuda_card_name((fuda_card)x, name);
                    size_t size = strlen(m) + sizeof name;
                    char *alt = fuda_xrealloc(NULL, size);
                    snprintf(alt, size, "%.*s%s%s", (int)(w - m), m, name, w + len);
                    if (!listed(c, alt)) return alt;
                    free(alt);
                }
            }
            w += len;
            while (*w == ' ') w++;
        }
    }
    return NULL;
}

/* Is the game state still the one of snapshot `before`? Byte for byte, or
 * else by the hash (which ignores where piles sit in the card array). */
static int unchanged(const checker *c, const fuda_state *before) {
    const fuda_state *now = fuda_engine_state(c->e);
    return memcmp(before, now, sizeof *now) == 0 || fuda_state_hash(before) == fuda_state_hash(now);
}

/* An illegal move must be refused and change nothing. */
static int try_illegal(checker *c, int seat, const char *move, const fuda_state *before) {
    c->illegal++;
    if (fuda_engine_try(c->e, seat, move) == 0)
        return fail_at(c, 0, "seat %d: the move '%s' is not listed but was accepted", seat, move);
    if (!unchanged(c, before))
        return fail_at(c, 0, "seat %d: refusing the move '%s' changed the game state", seat, move);
    return 0;
}

/* Asking the variant why a move is refused (its why_not hook) must work and
 * change nothing. */
static int check_why_not(checker *c, int seat, const char *move, const fuda_state *before) {
    char *text = NULL;
    if (fuda_engine_why_not(c->e, seat, move, &text) != 0) {
        fail_engine(c, 0, "seat %d: why_not for '%s' failed", seat, move);
        return -1;
    }
    free(text);
    if (!unchanged(c, before))
        return fail_at(c, 0, "seat %d: asking why_not for '%s' changed the game state", seat, move);
    return 0;
}

/* Asking what each listed move throws away (the confirm hook, before a
 * human's move in fuda play) must work and change nothing. */
static int check_confirm(checker *c, int seat, int n, const fuda_state *before) {
    for (int i = 0; i < n; i++) {
        char *text = NULL;
        if (fuda_engine_confirm(c->e, seat, c->mv[i], &text) != 0) {
            fail_engine(c, 0, "seat %d: confirm for '%s' failed", seat, c->mv[i]);
            return -1;
        }
        free(text);
    }
    if (!unchanged(c, before)) return fail_at(c, 0, "seat %d: asking confirm for its moves changed the game state", seat);
    return 0;
}

/* ---- what the events show each seat ---- */

static void trace_reset(ev_trace *t) {
    t->b.len = 0;
    if (t->b.p) t->b.p[0] = 0;
    t->rest = FUDA_FNV_BASIS;
    t->rest_from = -1;
}

/* One event into the trace: as text while the first TRACE_KEEP bytes last,
 * then into the hash. */
static void trace_add(ev_trace *t, long move, int seat, const char *text) {
    char head[48];
    int n = snprintf(head, sizeof head, "%ld %d ", move, seat);
    size_t len = strlen(text);
    if (t->rest_from < 0 && t->b.len + (size_t)n + len + 1 <= TRACE_KEEP) {
        fuda_buf_addn(&t->b, head, (size_t)n);
        fuda_buf_addn(&t->b, text, len);
        fuda_buf_addc(&t->b, '\n');
        return;
    }
    if (t->rest_from < 0) t->rest_from = move;
    t->rest = fuda_fnv1a(fuda_fnv1a(fuda_fnv1a(t->rest, head, (size_t)n), text, len), "\n", 1);
}

/* The event callback of the match's engine: while capturing, every event
 * goes to the buffer of each seat it is shown to (0: every seat). The
 * engine of a match played again has none: nobody reads its events. */
static void on_event(void *ud, int seat, const char *text) {
    checker *c = ud;
    if (c->streaming) trace_add(&c->stream, fuda_engine_move_count(c->e), seat, text);
    if (!c->capturing) return;
    for (int s = 1; s <= c->nseats; s++)
        if (seat == 0 || seat == s) {
            fuda_buf_adds(&c->ev[s], text);
            fuda_buf_addc(&c->ev[s], '\n');
        }
}

/* The events of a match replayed from its log, as on_event streams them. */
typedef struct replay_events {
    fuda_engine *e;
    ev_trace b;
} replay_events;

static void on_replay_event(void *ud, int seat, const char *text) {
    replay_events *r = ud;
    trace_add(&r->b, fuda_engine_move_count(r->e), seat, text);
}

static void clear_events(checker *c) {
    for (int s = 1; s <= c->nseats; s++) c->ev[s].len = 0;
}

/* Move the captured events of every seat into out[seat] (malloc'd; NULL:
 * none), freeing what out held. */
static void take_events(checker *c, char **out) {
    for (int s = 1; s <= c->nseats; s++) {
        free(out[s]);
        out[s] = c->ev[s].len ? fuda_xstrdup(c->ev[s].p) : NULL;
        c->ev[s].len = 0;
    }
}

static void free_texts(char **t) {
    for (int s = 0; s <= FUDA_MAX_SEATS; s++) {
        free(t[s]);
        t[s] = NULL;
    }
}

static int same_text(const char *a, const char *b) { return strcmp(a ? a : "", b ? b : "") == 0; }

static char *first_missing(const char *a, const char *b);
static int leak_rule_applies(checker *c);

/* "'line' / 'line'": the first line each of two texts shows that the other
 * does not (or nothing), for a message (malloc'd). */
static char *texts_apart(const char *a, const char *b) {
    char *x = first_missing(a ? a : "", b ? b : ""), *y = first_missing(b ? b : "", a ? a : "");
    fuda_buf m = FUDA_BUF_INIT;
    if (x) fuda_buf_addf(&m, "'%s'", x);
    else fuda_buf_adds(&m, "nothing more");
    fuda_buf_adds(&m, " / ");
    if (y) fuda_buf_addf(&m, "'%s'", y);
    else fuda_buf_adds(&m, "nothing more");
    free(x);
    free(y);
    return fuda_buf_take(&m);
}

/* fuda_engine_try_see's callback in check_seat: what the tried move showed
 * every seat. */
static void saw_tried(void *ud, fuda_engine *e) {
    checker *c = ud;
    seen_move *t = &c->tried_moves[c->ntried];
    t->ok = 1;
    fuda_seen_hashes(e, c->nseats, t->seen);
    take_events(c, t->ev);
}

/* Room for n tried moves, none seen yet. */
static void reset_tried(checker *c, int n) {
    if (n > c->captried) {
        c->tried_moves = fuda_xrealloc(c->tried_moves, (size_t)n * sizeof *c->tried_moves);
        memset(c->tried_moves + c->captried, 0, (size_t)(n - c->captried) * sizeof *c->tried_moves);
        c->captried = n;
    }
    for (int i = 0; i < n; i++) {
        free_texts(c->tried_moves[i].ev);
        c->tried_moves[i].ok = 0;
    }
}

/* Two listed moves of seat that leave another seat seeing the same state
 * (the same hash of what it may know) must show it the same events: else
 * the events tell it what it cannot see (which card went face down, which
 * was passed to a third seat). 0, or -1 with the failure recorded. */
static int compare_tried(checker *c, int seat, int n) {
    for (int s = 1; s <= c->nseats; s++) {
        if (s == seat) continue;
        for (int i = 0; i < n; i++) {
            const seen_move *a = &c->tried_moves[i];
            if (!a->ok) continue;
            for (int j = i + 1; j < n; j++) {
                const seen_move *b = &c->tried_moves[j];
                if (!b->ok || a->seen[s] != b->seen[s]) continue;
                c->ev_checks++;
                if (same_text(a->ev[s], b->ev[s])) continue;
                char *apart = texts_apart(a->ev[s], b->ev[s]);
                fail_at(c, 0, "hidden information leaks: seat %d is shown other events after seat %d's move "
                        "'%s' than after '%s', which it cannot tell apart otherwise (%s)", s, seat, c->mv[i],
                        c->mv[j], apart);
                free(apart);
                return -1;
            }
        }
    }
    return 0;
}

/* The checks of one seat that must act. */
static int check_seat(checker *c, int seat, int thorough, const fuda_state *before) {
    int n = copy_moves(c, seat);
    if (n < 0) return -1;
    if (n == 0) return fail_at(c, 0, "seat %d must act but has no legal move (moves returned an empty list)", seat);
    c->lists[seat] = list_hash((const char *const *)c->mv, n);
    for (int i = 0; i < n; i++) counts_add(&c->listed, c->mv[i], verb_len(c->mv[i]), 1);
    if (thorough) {
        /* every listed move, tried; what each showed the other seats is compared */
        fuda_engine_count_hooks(c->e, 0); /* the counts are of the matches as played */
        reset_tried(c, n);
        int streaming = c->streaming;
        c->capturing = 1, c->streaming = 0;
        int r = 0;
        for (int i = 0; i < n && r == 0; i++) {
            c->tries++;
            c->ntried = i;
            clear_events(c);
            if (fuda_engine_try_see(c->e, seat, c->mv[i], saw_tried, c) != 0)
                r = fail_engine(c, 0, "seat %d: listed move '%s' refused", seat, c->mv[i]);
            else if (!unchanged(c, before))
                r = fail_at(c, 0, "seat %d: trying the move '%s' changed the game state", seat, c->mv[i]);
        }
        c->capturing = 0, c->streaming = streaming;
        clear_events(c);
        fuda_engine_count_hooks(c->e, 1);
        if (r == 0 && leak_rule_applies(c)) r = compare_tried(c, seat, n);
        if (r < 0) return -1;
    }
    char *foreign = move_with_foreign_card(c, seat);
    int r = try_illegal(c, seat, "no-such-move", before);
    if (r == 0 && foreign) r = try_illegal(c, seat, foreign, before);
    if (r == 0 && thorough) r = check_why_not(c, seat, foreign ? foreign : "no-such-move", before);
    if (r == 0 && thorough) r = check_confirm(c, seat, n, before);
    free(foreign);
    return r;
}

static int check_zero_sum(checker *c) {
    if (!c->info->check_zero_sum) return 0;
    for (int col = 1; col <= FUDA_MAX_COLS; col++) {
        long sum = 0;
        for (int seat = 1; seat <= c->nseats; seat++) sum += fuda_engine_total(c->e, seat, col);
        if (sum != 0)
            return fail_at(c, 1, "the totals of column %d sum to %ld, not 0 (the variant declares zero_sum)", col, sum);
    }
    return 0;
}

/* Every seat's view (the view hook, if any) must work. */
static int check_views(checker *c) {
    for (int seat = 0; seat <= c->nseats; seat++) {
        char *v = fuda_engine_view(c->e, seat);
        c->views++;
        if (!v) {
            fail_engine(c, 1, "the view of %s%d failed", seat ? "seat " : "spectator ", seat);
            return -1;
        }
        free(v);
    }
    return 0;
}

/* ---- hidden information ---- */

/* The first line of a that b lacks (malloc'd), or NULL when there is none. */
static char *first_missing(const char *a, const char *b) {
    const char *p = a;
    while (*p) {
        size_t len = strcspn(p, "\n");
        const char *q = b;
        int found = 0;
        while (*q && !found) {
            size_t ql = strcspn(q, "\n");
            found = ql == len && memcmp(p, q, len) == 0;
            q += ql + (q[ql] == '\n');
        }
        if (!found) {
            char *line = fuda_xrealloc(NULL, len + 1);
            memcpy(line, p, len);
            line[len] = '\0';
            return line;
        }
        p += len + (p[len] == '\n');
    }
    return NULL;
}

/* Add what the confirm hook says of seat's move to b, marked \x01 (asked before a move in fuda play,
 * so it must not tell the seat what it cannot see): 0, or -1 with the failure recorded. */
static int add_confirms(checker *c, int seat, const char *move, fuda_buf *b) {
    char *q = NULL;
    if (fuda_engine_confirm(c->e, seat, move, &q) != 0) {
        fail_engine(c, 0, "seat %d: confirm for '%s' after dealing what it cannot see anew", seat, move);
        return -1;
    }
    if (q) fuda_buf_addf(b, "\x01" "confirm '%s': %s\n", move, q);
    free(q);
    return 0;
}

/* What seat may know now: its legal moves (one a line, when it must act)
 * with what it is told when it asks (lines marked \x01; with `confirms`,
 * last, what the confirm hook says of each move), and its view. malloc'd;
 * NULL with the failure recorded. */
static char *seat_knowledge(checker *c, int seat, int acts, int confirms, char **view) {
    fuda_buf b = FUDA_BUF_INIT;
    if (acts) {
        const char *const *mv;
        int n = fuda_engine_moves(c->e, seat, &mv);
        if (n < 0) {
            fail_engine(c, 0, "moves of seat %d after dealing what it cannot see anew", seat);
            free(fuda_buf_take(&b));
            return NULL;
        }
        for (int i = 0; i < n; i++) fuda_buf_addf(&b, "%s\n", mv[i]);
        char **moves = fuda_xrealloc(NULL, (size_t)(n + 1) * sizeof *moves); /* mv lasts to the next call */
        for (int i = 0; i < n; i++) moves[i] = fuda_xstrdup(mv[i]);
        moves[n] = NULL;
        /* what it is told when it asks: the claim window's reason, why a move is refused, what a move
         * throws away */
        char *prompt = NULL, *why = NULL;
        const char *failed = fuda_engine_prompt(c->e, seat, &prompt) != 0                      ? "the prompt"
                             : fuda_engine_why_not(c->e, seat, "no-such-move", &why) != 0 ? "why_not"
                                                                                          : NULL;
        if (failed) {
            fail_engine(c, 0, "seat %d: %s after dealing what it cannot see anew", seat, failed);
            free(prompt);
            fuda_words_free(moves);
            free(fuda_buf_take(&b));
            return NULL;
        }
        fuda_buf_addf(&b, "\x01prompt: %s\n\x01why_not 'no-such-move': %s\n", prompt ? prompt : "",
                      why ? why : "");
        free(prompt);
        free(why);
        int rc = 0;
        for (int i = 0; i < n && confirms && rc == 0; i++) rc = add_confirms(c, seat, moves[i], &b);
        fuda_words_free(moves);
        if (rc < 0) {
            free(fuda_buf_take(&b));
            return NULL;
        }
    }
    *view = fuda_engine_view(c->e, seat);
    if (!*view) {
        fail_engine(c, 0, "the view of seat %d after dealing what it cannot see anew", seat);
        free(fuda_buf_take(&b));
        return NULL;
    }
    return fuda_buf_take(&b);
}

/* Compare one seat's moves (with what it is told when it asks: lines marked
 * with \x01) and view with those of the real deal; 0, or -1 with the
 * failure recorded. */
static int leak_differs(checker *c, int seat, const char *moves0, const char *view0, const char *moves1,
                        const char *view1) {
    if (strcmp(moves0, moves1) != 0) {
        char *a = first_missing(moves0, moves1), *b = a ? NULL : first_missing(moves1, moves0);
        const char *line = a ? a : b ? b : "the list";
        if (line[0] == '\x01')
            fail_at(c, 0, "hidden information leaks: seat %d is told of cards it cannot see when it asks "
                    "(dealing them anew changes its %s)", seat, line + 1);
        else
            fail_at(c, 0, "hidden information leaks: seat %d's legal moves depend on cards it cannot see "
                    "(dealing them anew %s '%s')", seat, a ? "drops the move" : b ? "adds the move" : "reorders",
                    line);
        free(a);
        free(b);
        return -1;
    }
    if (strcmp(view0, view1) != 0) {
        char *a = first_missing(view0, view1);
        if (!a) a = first_missing(view1, view0);
        fail_at(c, 0, "hidden information leaks: seat %d's view shows cards it cannot see (dealing them "
                "anew changes the line '%s')", seat, a ? a : "");
        free(a);
        return -1;
    }
    return 0;
}

/* Does the leak rule apply? Not when the variant says its view shows cards
 * beyond the piles' visibility on purpose (check.leaks = false: Chouette's
 * partner sees the captain's hand). In a match of several tables a seat's
 * own table is dealt anew from its place, the others as a looker-on sees
 * them (fuda_engine_resample). */
static int leak_rule_applies(checker *c) { return fuda_engine_info(c->e)->check_leaks; }

/* fuda_engine_try_see's callback (and, after a deal, play_outcome's): what
 * the action showed every seat (or only c->saw->only), and the cards each
 * knows after it. */
static void saw_outcome(void *ud, fuda_engine *e) {
    checker *c = ud;
    outcome *o = c->saw;
    o->ok = 1;
    if (o->only) {
        o->seen[o->only] = fuda_seen_hash(e, o->only);
    } else {
        fuda_seen_hashes(e, c->nseats, o->seen);
        for (int s = 1; s <= c->nseats; s++) fuda_seen_cards(e, s, o->known[s]);
    }
    take_events(c, o->ev);
}

/* Play the action from where the match stands -- the moves chosen (in seat
 * order: the last one tried, the others applied) or, with chosen NULL, the
 * next hand's deal -- and record in o what it showed; o->ok 0 when the
 * engine refused it. The caller goes back to its mark afterwards. */
static void play_outcome(checker *c, char *const *chosen, outcome *o) {
    o->ok = 0;
    free_texts(o->ev);
    clear_events(c);
    c->saw = o;
    if (!chosen) {
        if (fuda_engine_next_hand(c->e) == 0) saw_outcome(c, c->e);
    } else {
        int last = 0, ok = 1;
        for (int s = 1; s <= c->nseats; s++)
            if (chosen[s]) last = s;
        for (int s = 1; s < last && ok; s++)
            if (chosen[s]) ok = fuda_engine_apply(c->e, s, chosen[s]) == 0;
        if (ok && last) fuda_engine_try_see(c->e, last, chosen[last], saw_outcome, c);
    }
    clear_events(c);
    c->saw = NULL;
}

/* A card mark ({Qs}) in an event shown to a seat must name a card it knew
 * before the action (before: NULL for the first deal) or knows after it:
 * the message of the first that does not (malloc'd), or NULL. */
static char *unknown_mark(checker *c, const outcome *o, uint8_t (*before)[FUDA_CARD_SPACE]) {
    for (int s = 1; s <= c->nseats; s++) {
        if (!o->ev[s]) continue;
        uint8_t known[FUDA_CARD_SPACE];
        for (int k = 0; k < FUDA_CARD_SPACE; k++) known[k] = o->known[s][k] | (before ? before[s][k] : 0);
        const char *mark = fuda_seen_unknown_mark(o->ev[s], known);
        if (!mark) continue;
        const char *from = mark, *to = mark + strcspn(mark, "\n");
        while (from > o->ev[s] && from[-1] != '\n') from--;
        fuda_buf m = FUDA_BUF_INIT;
        fuda_buf_addf(&m, "hidden information leaks: an event shown to seat %d names %.*s, a card it cannot see "
                      "('%.*s')", s, (int)(strchr(mark, '}') - mark + 1), mark, (int)(to - from), from);
        return fuda_buf_take(&m);
    }
    return NULL;
}

/* What the action showed seat in a deal anew (t) against the real deal (o):
 * when the seat sees the same after it, the events must be the same; the
 * message (malloc'd) when they are not, else NULL. */
static char *events_differ(checker *c, int seat, const outcome *o, const outcome *t) {
    if (!t->ok || t->seen[seat] != o->seen[seat]) return NULL; /* another outcome: nothing to compare */
    c->ev_checks++;
    if (same_text(o->ev[seat], t->ev[seat])) return NULL;
    char *apart = texts_apart(o->ev[seat], t->ev[seat]);
    fuda_buf m = FUDA_BUF_INIT;
    fuda_buf_addf(&m, "hidden information leaks: the events shown to seat %d depend on cards it cannot see "
                  "(dealing them anew, it sees the same but is shown other events: %s)", seat, apart);
    free(apart);
    return fuda_buf_take(&m);
}

/* The outcomes check_leaks compares, made at first use (each worker its own). */
static void need_outcomes(checker *c) {
    if (c->real) return;
    c->real = fuda_xrealloc(NULL, sizeof *c->real);
    c->trial = fuda_xrealloc(NULL, sizeof *c->trial);
    memset(c->real, 0, sizeof *c->real);
    memset(c->trial, 0, sizeof *c->trial);
}

/* The leak rule, at one action (the moves chosen, in chosen[seat]; chosen
 * NULL: the next hand's deal): for every seat, the cards it can neither see
 * nor know (the stock, the other hands...) are dealt anew a few times,
 * keeping also those it will know after the action, and each time its legal
 * moves (when it must act) and its view must be those of the real deal;
 * in the first of those deals the action is played too, and when it leaves
 * the seat seeing the same, it must show the seat the same events. Every
 * card an event names must be one the seat knew or knows. The game is put
 * back after each deal; the counts are of the match as played (no hooks, no
 * tallies counted meanwhile). */
static int check_leaks(checker *c, unsigned actors, char *const *chosen) {
    need_outcomes(c);
    fuda_mark *m = fuda_xrealloc(NULL, sizeof *m);
    if (fuda_engine_mark(c->e, m) < 0) {
        free(m);
        return 0;
    }
    uint8_t (*before)[FUDA_CARD_SPACE] = fuda_xrealloc(NULL, (FUDA_MAX_SEATS + 1) * sizeof *before);
    for (int seat = 1; seat <= c->nseats; seat++) fuda_seen_cards(c->e, seat, before[seat]);
    fuda_engine_count_hooks(c->e, 0);
    fuda_engine_count_tallies(c->e, 0);
    int streaming = c->streaming;
    c->capturing = 1, c->streaming = 0;
    outcome *o = c->real, *t = c->trial;
    o->only = 0;
    play_outcome(c, chosen, o);
    fuda_engine_undo_to(c->e, m);
    char *why = o->ok ? unknown_mark(c, o, before) : NULL;
    for (int seat = 1; seat <= c->nseats; seat++) /* kept in the deals anew: what it knows before or after */
        for (int k = 0; k < FUDA_CARD_SPACE; k++) before[seat][k] |= o->ok ? o->known[seat][k] : 0;
    int r = 0;
    if (why) r = fail_at(c, 0, "%s", why);
    for (int seat = 1; seat <= c->nseats && r == 0; seat++) {
        int acts = (actors >> (seat - 1)) & 1;
        char *view0 = NULL, *moves0 = chosen ? seat_knowledge(c, seat, acts, 1, &view0) : NULL;
        char *confirms = moves0 ? strstr(moves0, "\x01" "confirm ") : NULL; /* compared in the first deal anew */
        if (chosen && !moves0) r = -1;
        for (int k = 0; k < (chosen ? CHECK_LEAK_DEALS : 1) && r == 0; k++) {
            uint64_t seed = c->seed * 1000003u + (uint64_t)fuda_engine_move_count(c->e) * 31u + (uint64_t)k;
            fuda_engine_resample_keep(c->e, seat, seed, before[seat]);
            if (chosen) {
                char *view1 = NULL, *moves1 = seat_knowledge(c, seat, acts, k == 0, &view1);
                if (confirms && k == 1) *confirms = '\0'; /* the rest of moves0 without them */
                if (!moves1) r = -1;
                else r = leak_differs(c, seat, moves0, view0, moves1, view1);
                free(moves1);
                free(view1);
            }
            if (r == 0 && o->ok && k == 0) { /* the events: in the first deal anew of each seat */
                t->only = seat;
                play_outcome(c, chosen, t);
                why = events_differ(c, seat, o, t);
            }
            fuda_engine_undo_to(c->e, m);
            if (why) r = fail_at(c, 0, "%s", why);
        }
        free(moves0);
        free(view0);
    }
    c->capturing = 0, c->streaming = streaming;
    fuda_engine_count_tallies(c->e, 1);
    fuda_engine_count_hooks(c->e, 1);
    free(why);
    free(before);
    free(m);
    c->leaks++;
    return r;
}

/* The first deal of a match, in the matches whose moves are all tried: the
 * cards its events name must be ones each seat knows after it. (Its deals
 * anew are those of the next hands: check_leaks with no moves.) */
static int check_first_deal(checker *c) {
    need_outcomes(c);
    outcome *o = c->real;
    o->only = 0;
    free_texts(o->ev);
    take_events(c, o->ev);
    for (int s = 1; s <= c->nseats; s++) fuda_seen_cards(c->e, s, o->known[s]);
    char *why = unknown_mark(c, o, NULL);
    int r = why ? fail_at(c, 1, "%s", why) : 0;
    free(why);
    return r;
}

/* A seat asked in a claim window: the window's prompt (the variant's reason
 * for asking) must work and change nothing. In the matches whose moves are
 * all tried, and at the first claim window of every match (the same in
 * every match however they are shared among threads). */
static int check_prompts(checker *c, unsigned actors, int thorough) {
    if (!fuda_engine_claim(c->e)) return 0;
    c->claims++;
    if (!thorough && c->prompted) return 0;
    c->prompted = 1;
    for (int seat = 1; seat <= c->nseats; seat++) {
        if (!(actors & (1u << (seat - 1)))) continue;
        char *text = NULL;
        c->prompts++;
        if (fuda_engine_prompt(c->e, seat, &text) != 0)
            return fail_engine(c, 0, "seat %d: the prompt of the claim window '%s' failed", seat,
                               fuda_engine_claim(c->e));
        free(text);
        if (!unchanged(c, &c->before))
            return fail_at(c, 0, "seat %d: asking the claim window's prompt changed the game state", seat);
    }
    return 0;
}

/* The variant's evaluate (the search's estimate) must give every seat a
 * number and change nothing. At every action of the matches whose moves are
 * all tried, and at the first of every match; not in a match of several
 * tables (the search plays at one). */
static int check_evaluate(checker *c, int thorough) {
    if (!c->info->has_evaluate || fuda_engine_tables(c->e) || (!thorough && c->evaluated)) return 0;
    c->evaluated = 1;
    for (int seat = 1; seat <= c->nseats; seat++) {
        double v;
        c->evals++;
        if (fuda_engine_evaluate(c->e, seat, &v) < 0) return fail_engine(c, 0, "evaluate for seat %d failed", seat);
    }
    return 0;
}

/* One action: check every seat that must act, let the bots choose, check
 * what a seat may learn, apply their moves in seat order (a claim window's
 * decisions are blind). */
static int step(checker *c, int thorough) {
    unsigned actors = fuda_engine_actors(c->e);
    if (actors == 0) return fail_at(c, 0, "the hand is on but no seat must act");
    fuda_state_copy(&c->before, fuda_engine_state(c->e));
    uint64_t hash = fuda_engine_hash(c->e);
    if (check_prompts(c, actors, thorough) < 0) return -1;
    for (int seat = 1; seat <= c->nseats; seat++)
        if ((actors & (1u << (seat - 1))) && check_seat(c, seat, thorough, &c->before) < 0) return -1;
    if (check_evaluate(c, thorough) < 0) return -1;
    char *chosen[FUDA_MAX_SEATS + 1] = { 0 };
    int r = 0;
    for (int seat = 1; seat <= c->nseats && r == 0; seat++) {
        const char *mv;
        if (!(actors & (1u << (seat - 1)))) continue;
        const char *bot = bot_for(c, c->e, seat);
        if (fuda_engine_bot(c->e, seat, bot, &mv) != 0) {
            r = fail_engine(c, 0, "bot '%s' of seat %d", bot, seat);
        } else {
            chosen[seat] = fuda_xstrdup(mv);
            if (strcmp(bot, "random") != 0) counts_add(&c->bots_asked, bot, strlen(bot), 1);
        }
    }
    /* after the bots chose: the leak rule goes back to where they stand */
    if (r == 0 && thorough && leak_rule_applies(c) && leak_checked(c, fuda_engine_move_count(c->e)))
        r = check_leaks(c, actors, chosen);
    for (int seat = 1; seat <= c->nseats && r == 0; seat++) {
        if (!chosen[seat]) continue;
        if (fuda_engine_apply(c->e, seat, chosen[seat]) != 0) {
            r = fail_engine(c, 0, "seat %d: move '%s' failed", seat, chosen[seat]);
            break;
        }
        c->moves++;
        c->seat_moves[c->nseats]++;
        record(c, seat, chosen[seat], hash);
        counts_add(&c->verbs, chosen[seat], verb_len(chosen[seat]), 1);
        r = check_zero_sum(c);
    }
    for (int seat = 1; seat <= c->nseats; seat++) free(chosen[seat]);
    if (r == 0 && thorough && fuda_engine_move_count(c->e) <= CHECK_VIEW_MOVES) r = check_views(c);
    return r;
}

/* ---- playing a match again ---- */

static void record(checker *c, int seat, const char *move, uint64_t before) {
    if (c->nrec == c->caprec) {
        c->caprec = c->caprec ? c->caprec * 2 : 1024;
        c->rec = fuda_xrealloc(c->rec, (size_t)c->caprec * sizeof *c->rec);
    }
    match_move *p = &c->rec[c->nrec++];
    p->seat = seat;
    p->move = fuda_xstrdup(move);
    p->before = before;
    p->list = c->lists[seat];
}

static void forget_moves(checker *c) {
    for (long k = 0; k < c->nrec; k++) free(c->rec[k].move);
    c->nrec = 0;
}

static const char depends[] = "the script depends on something outside the game state (pairs order, "
                              "state kept in upvalues or tables across calls, or whether anybody reads its "
                              "events: nobody does in the match played again)";

/* The match played again went another way than the match after `k` of its
 * moves (0: in setup or the first deal); the failure names move k. `how`
 * says what happened, `err` the engine's message or NULL. Returns -1. */
static int rerun_parts(checker *c, long k, const char *how, const char *err) {
    char where[96];
    if (k > 0) snprintf(where, sizeof where, "; the replay first parts from the match at move %ld", k);
    else snprintf(where, sizeof where, "; the replay parts from the match before the first move (setup or deal)");
    if (err) fail_at(c, 1, "replaying the match in a fresh engine %s (%s): %s%s", how, err, depends, where);
    else fail_at(c, 1, "replaying the match in a fresh engine %s: %s%s", how, depends, where);
    c->f.move = k;
    c->f.to = k > 0 ? k - 1 : 0;
    return -1;
}

/* Bot `name` of seat chose, at move k+1 of the match played again, `again`
 * (NULL: it failed with err) where the match had rec[k]. Returns -1. */
static int bot_differs(checker *c, long k, const char *name, int seat, const char *again, const char *err) {
    const char *was = c->rec[k].move;
    static const char why[] = "the bot depends on something outside the game state: the order pairs "
                              "visits a table, or state kept in upvalues or tables across calls and matches";
    if (again)
        fail_at(c, 1, "bot '%s' of seat %d is not deterministic: asked again in a fresh engine at move %ld, "
                "it chose '%s', not '%s' as in the match (%s)", name, seat, k + 1, again, was, why);
    else
        fail_at(c, 1, "bot '%s' of seat %d is not deterministic: asked again in a fresh engine at move %ld, "
                "where it chose '%s' in the match, it failed: %s (%s)", name, seat, k + 1, was, err, why);
    c->f.move = k + 1;
    c->f.to = k;
    return -1;
}

/* One action of the match played again in r, from move *k of the match:
 * ask the bots of the seats that must act, compare their choices with the
 * match, apply the match's moves. 0 or -1 (failure recorded). */
static int rerun_step(checker *c, fuda_engine *r, long *k) {
    if (*k >= c->nrec || fuda_engine_hash(r) != c->rec[*k].before)
        return rerun_parts(c, *k, "comes to another state", NULL);
    unsigned actors = fuda_engine_actors(r);
    long first = *k;
    for (int seat = 1; seat <= c->nseats; seat++) {
        if (!(actors & (1u << (seat - 1)))) continue;
        if (*k >= c->nrec || c->rec[*k].seat != seat)
            return rerun_parts(c, first, "comes to another state", NULL);
        const char *const *list;
        int n = fuda_engine_moves(r, seat, &list);
        if (n < 0) return rerun_parts(c, *k, "goes another way", fuda_engine_error(r));
        if (list_hash(list, n) != c->rec[*k].list) {
            fail_at(c, 1, "replaying the match in a fresh engine, the moves hook lists other moves for seat %d "
                    "at move %ld (or in another order): %s", seat, *k + 1, depends);
            c->f.move = *k + 1;
            c->f.to = *k;
            return -1;
        }
        const char *mv;
        c->rebots++;
        const char *bot = bot_for(c, r, seat);
        if (fuda_engine_bot(r, seat, bot, &mv) != 0)
            return bot_differs(c, *k, bot, seat, NULL, fuda_engine_error(r));
        if (strcmp(mv, c->rec[*k].move) != 0) return bot_differs(c, *k, bot, seat, mv, NULL);
        (*k)++;
    }
    for (long j = first; j < *k; j++)
        if (fuda_engine_apply(r, c->rec[j].seat, c->rec[j].move) != 0)
            return rerun_parts(c, j + 1, "goes another way", fuda_engine_error(r));
    return 0;
}

/* Play the match again in a fresh engine (a new Lua state) with the same
 * seed and bots, and compare it with the match as played: the state before
 * every action, every bot's choice, the end. 0 when all agree, else -1 with
 * the failure recorded (the first difference). */
static int rerun_match(checker *c) {
    /* played as fuda sim plays: nobody reads its events (no callback), and
     * no check.invariant or state verification runs (not paranoid) */
    fuda_config cfg = c->cfg;
    cfg.paranoid = 0;
    fuda_engine *r = fuda_engine_new(&cfg);
    if (!r) {
        fputs("fuda: out of memory\n", stderr);
        exit(1);
    }
    c->replays++;
    long k = 0;
    int rc = 0;
    if (fuda_engine_load(r, c->a->m.variant, c->a->m.opts, c->a->m.nopts) != 0 ||
        fuda_engine_start(r, c->nseats, c->seed) != 0)
        rc = rerun_parts(c, 0, "does not start", fuda_engine_error(r));
    while (rc == 0) {
        int phase = fuda_engine_phase(r);
        if (phase == FUDA_PHASE_MATCH_OVER) break;
        if (phase == FUDA_PHASE_HAND_OVER) {
            if (capped_now(c, r)) break; /* where the match stopped */
            if (fuda_engine_next_hand(r) != 0) rc = rerun_parts(c, k, "goes another way", fuda_engine_error(r));
        } else if (phase != FUDA_PHASE_PLAYING) {
            rc = rerun_parts(c, k, "comes to another state", NULL);
        } else {
            rc = rerun_step(c, r, &k);
        }
    }
    if (rc == 0 && (k != c->nrec || fuda_engine_hash(r) != fuda_engine_hash(c->e)))
        rc = rerun_parts(c, k, "ends in another state", NULL);
    fuda_engine_free(r);
    return rc;
}

/* The match's log, with the seats and seed even if the match did not start. */
static char *match_log(const checker *c) {
    fuda_buf b = FUDA_BUF_INIT;
    char *log = fuda_engine_log(c->e);
    if (!log) {
        fputs("fuda: out of memory\n", stderr);
        exit(1);
    }
    fuda_buf_adds(&b, log);
    if (!strstr(log, "\nseed ")) fuda_buf_addf(&b, "seats %d\nseed %llu\n", c->nseats, (unsigned long long)c->seed);
    free(log);
    return fuda_buf_take(&b);
}

/* Does the log replay to where the match was after its first k moves
 * (fuda_engine_replay with upto k, which also deals the hands that follow
 * move k)? k is 0, the first move of an action (the state before it is
 * rec[k].before) or the match's length (the state it is in now). 0 when it
 * does; 1 when it does not, with *err the replay's message (malloc'd) when
 * it failed. */
static int replay_parts(checker *c, fuda_engine *r, const char *log, long k, char **err) {
    *err = NULL;
    if (fuda_engine_replay_as(r, c->a->m.variant, "log", log, strlen(log), k < c->nrec ? k : -1) != 0) {
        *err = fuda_xstrdup(fuda_engine_error(r));
        return 1;
    }
    return fuda_engine_hash(r) != (k < c->nrec ? c->rec[k].before : fuda_engine_hash(c->e));
}

/* Does the match's log (fuda_engine_log, so far) replay in a fresh engine to
 * the state the match is in, and, with `events`, showing the events the
 * match showed as it was played (c->stream)? NULL when it does; else the
 * message (malloc'd), and in *at the first move after which the replay is
 * not where the match was, or shows other events (0: before the first). */
static char *log_replay_differs(checker *c, int events, long *at) {
    char *log = match_log(c), *err = NULL;
    fuda_config cfg = c->cfg;
    cfg.paranoid = 0; /* as fuda play --replay reads it */
    fuda_engine *r = fuda_engine_new(&cfg);
    if (!r) {
        fputs("fuda: out of memory\n", stderr);
        exit(1);
    }
    replay_events rev = { r, {FUDA_BUF_INIT, 0, -1} };
    trace_reset(&rev.b);
    if (events) fuda_engine_on_event(r, on_replay_event, &rev);
    fuda_buf b = FUDA_BUF_INIT;
    int parts = replay_parts(c, r, log, c->nrec, &err);
    const ev_trace *sx = &c->stream, *sy = &rev.b;
    if (!parts && events && same_text(sy->b.p, sx->b.p) && (sx->rest_from != sy->rest_from || sx->rest != sy->rest)) {
        /* the same first TRACE_KEEP bytes: the lines past them differ (hashed, no text to show) */
        *at = sx->rest_from < 0 ? sy->rest_from : sy->rest_from < 0 || sx->rest_from < sy->rest_from ? sx->rest_from
                                                                                                     : sy->rest_from;
        fuda_buf_addf(&b, "the match's events differ when its log is replayed in a fresh engine, where nothing is "
                      "tried: past their first %d MiB, kept as a hash from move %ld on: the events depend on "
                      "something outside the game state (the calls fuda check makes, state kept in upvalues or "
                      "tables)", (int)(TRACE_KEEP >> 20), *at);
    } else if (!parts && events && !same_text(sy->b.p, sx->b.p)) {
        /* the same moves, the same states, other events: the first line that differs */
        const char *x0 = sx->b.p ? sx->b.p : "", *x = x0, *y = sy->b.p ? sy->b.p : "";
        while (*x && *x == *y) x++, y++;
        while (x > x0 && x[-1] != '\n') x--, y--;
        char *ex, *ey;
        long mx = strtol(x, &ex, 10), my = strtol(y, &ey, 10);
        if (*x) strtol(ex, &ex, 10); /* the seat */
        if (*y) strtol(ey, &ey, 10);
        *at = !*x ? my : !*y ? mx : mx < my ? mx : my;
        fuda_buf_addf(&b, "the match's events differ when its log is replayed in a fresh engine, where nothing is "
                      "tried: from move %ld the match showed ", *at);
        if (*x) fuda_buf_addf(&b, "'%.*s'", (int)strcspn(ex + 1, "\n"), ex + 1);
        else fuda_buf_adds(&b, "nothing more");
        fuda_buf_adds(&b, ", the replay ");
        if (*y) fuda_buf_addf(&b, "'%.*s'", (int)strcspn(ey + 1, "\n"), ey + 1);
        else fuda_buf_adds(&b, "nothing more");
        fuda_buf_adds(&b, ": the events depend on something outside the game state (the calls fuda check makes, "
                      "state kept in upvalues or tables)");
    }
    fuda_buf_free(&rev.b.b);
    if (parts) {
        fuda_buf_adds(&b, "the match's log does not replay to the same state: ");
        /* the first action after which it parts: replays up to the actions' first moves, halving */
        long *starts = fuda_xrealloc(NULL, (size_t)(c->nrec + 1) * sizeof *starts), n = 0;
        for (long k = 0; k < c->nrec; k++)
            if (k == 0 || c->rec[k].before != c->rec[k - 1].before) starts[n++] = k;
        starts[n++] = c->nrec;
        long lo = 0, hi = n - 1;
        while (lo < hi) {
            long mid = lo + (hi - lo) / 2;
            char *e2;
            if (replay_parts(c, r, log, starts[mid], &e2)) hi = mid;
            else lo = mid + 1;
            free(e2);
        }
        free(err);
        replay_parts(c, r, log, starts[hi], &err);
        hi = starts[hi];
        free(starts);
        *at = hi;
        if (hi == 0)
            fuda_buf_addf(&b, "replayed in a fresh engine, the match %s before its first move", err ? "fails" : "stands elsewhere");
        else
            fuda_buf_addf(&b, "replayed in a fresh engine, the log %s at move %ld (seat %d, '%s')",
                          err ? "fails" : "leads to another state", hi, c->rec[hi - 1].seat, c->rec[hi - 1].move);
        if (err) fuda_buf_addf(&b, ": %s", err);
    }
    free(err);
    fuda_engine_free(r);
    free(log);
    return b.p; /* NULL when nothing was added */
}

/* Every match of the sample must survive being saved and replayed: its log
 * replays in a fresh engine to the state it ended in. 0, or -1 with the
 * failure recorded (at the move where the replay parts). */
static int check_log_replay(checker *c) {
    long at = 0;
    char *why = log_replay_differs(c, 1, &at);
    if (!why) {
        c->log_replays++;
        return 0;
    }
    fail_at(c, 1, "%s", why);
    free(why);
    c->f.move = at;
    c->f.to = at > 0 ? at - 1 : 0;
    c->f.log_checked = 1;
    return -1;
}

/* ---- a match ---- */




static int play_match(checker *c, long i) {
    c->match = i;
    c->seed = c->a->m.seed + (uint64_t)i;
    fuda_watch_match(c->e, i, c->seed); /* for the supervisor's verdict, should the engine die */
    choose_bots(c, i);
    int sampled = is_sampled(c, i), thorough = is_thorough(c, i);
    c->tried += thorough;
    c->prompted = c->evaluated = 0;
    forget_moves(c);
    fuda_engine *e = c->e;
    /* the events of a match of the sample are read (in the match played
     * again nobody reads them, in its replay from the log they are read and
     * compared): the others need no text */
    fuda_engine_on_event(e, sampled ? on_event : NULL, c);
    trace_reset(&c->stream);
    c->streaming = sampled;
    c->capturing = thorough; /* what the first deal shows */
    clear_events(c);
    int rc = fuda_engine_start(e, c->nseats, c->seed);
    c->capturing = 0;
    if (rc != 0) {
        fail_engine(c, 0, "the match does not start");
        return -1;
    }
    if (thorough && leak_rule_applies(c) && check_first_deal(c) < 0) return -1;
    if (check_zero_sum(c) < 0) return -1;
    for (;;) {
        int phase = fuda_engine_phase(e);
        if (phase == FUDA_PHASE_MATCH_OVER) break;
        if (fuda_engine_move_count(e) >= c->max_moves)
            return fail_at(c, 1, "the match did not end within %ld moves (%s)", c->max_moves,
                           c->info->check_max_moves ? "check.max_moves" : "the default bound; declare check.max_moves");
        if (phase == FUDA_PHASE_HAND_OVER) {
            c->hands_ended++;
            if (check_views(c) < 0) return -1;
            if (capped_now(c, e)) {
                c->capped++;
                break;
            }
            if (thorough && leak_rule_applies(c) && leak_checked(c, fuda_engine_move_count(e)) &&
                check_leaks(c, 0, NULL) < 0)
                return -1;
            if (fuda_engine_next_hand(e) != 0) {
                fail_engine(c, 0, "dealing hand %u failed", (unsigned)fuda_engine_state(e)->hand_no + 1);
                return -1;
            }
            if (check_zero_sum(c) < 0) return -1;
            continue;
        }
        if (phase != FUDA_PHASE_PLAYING) return fail_at(c, 0, "the match is in no phase to play (phase %d)", phase);
        if (step(c, thorough) < 0) return -1;
    }
    if (fuda_engine_phase(e) == FUDA_PHASE_MATCH_OVER) c->hands_ended++;
    if (check_views(c) < 0) return -1;
    c->matches++;
    c->seat_matches[c->nseats]++;
    /* the sample: played again with nobody reading its events, and replayed
     * from its log */
    c->streaming = 0;
    if (sampled && (rerun_match(c) < 0 || check_log_replay(c) < 0)) return -1;
    return 0;
}

/* ---- after a failure: the log file and the replay command ---- */

/* The log of the failed match as a new file (fuda_write_new_log: never
 * through a link planted where it goes); its path (malloc'd), or NULL. */
static char *save_log(const checker *c, const char *log) {
    char hint[96], out[4096];
    snprintf(hint, sizeof hint, "%s-%llu", c->info ? c->info->name : "variant", (unsigned long long)c->f.seed);
    if (fuda_write_new_log(hint, log, strlen(log), out, sizeof out) != 0) return NULL;
    return fuda_xstrdup(out);
}

static void finish_failure(checker *c) {
    /* does the log replay to the same state? if not, say so: the replay
     * command may then not stand exactly where the failure was */
    if (!c->f.note && c->f.message && !c->f.log_checked && !strstr(c->f.message, "in a fresh engine") &&
        fuda_engine_phase(c->e) != FUDA_PHASE_IDLE) {
        long at = 0;
        char *why = log_replay_differs(c, 0, &at);
        if (why) {
            fuda_buf b = FUDA_BUF_INIT;
            fuda_buf_addf(&b, "also, %s", why);
            c->f.note = fuda_buf_take(&b);
            free(why);
        }
    }
    char *log = match_log(c);
    c->f.log = save_log(c, log);
    free(log);
    if (c->f.log) {
        fuda_buf b = FUDA_BUF_INIT;
        fuda_buf_adds(&b, "fuda play "); /* each word quoted: pasted, it runs this and only this */
        fuda_buf_shell(&b, c->a->m.variant);
        fuda_buf_adds(&b, " --replay ");
        fuda_buf_shell(&b, c->f.log);
        fuda_buf_addf(&b, " --to %ld", c->f.to);
        c->f.replay_command = fuda_buf_take(&b);
    }
}

/* ---- what no match reached ---- */

/* A hook (or check.invariant, evaluate, a bot) of the variant that no match
 * reached, and why. */
typedef struct unreached {
    char name[80];
    const char *why;
    int excused; /* the engine never calls it in such a match: no failure under --strict */
} unreached;

static const char *why_unreached(const checker *c, const char *hook) {
    if (strcmp(hook, "prompt") == 0)
        return c->claims ? "no seat was asked in a claim window" : "no claim window was opened";
    if (strcmp(hook, "resolve") == 0) return c->claims ? "no claim window closed" : "no claim window was opened";
    if (strcmp(hook, "result") == 0 || strcmp(hook, "match") == 0)
        return c->hands_ended ? "the engine did not call it when the hands ended" : "no hand ended";
    if (strcmp(hook, "why_not") == 0 || strcmp(hook, "confirm") == 0)
        return "no seat had to act in the matches whose moves are all tried";
    if (strcmp(hook, "evaluate") == 0)
        return fuda_engine_tables(c->e) ? "check does not ask it in a match of several tables" : "no seat had to act";
    if (strcmp(hook, "check.invariant") == 0) return "no action was played";
    return "no match called it";
}

/* What the variant defines that no match reached: the count, the list in
 * *out (malloc'd, the caller frees it). */
static int never_reached(const checker *c, const counts *hooks, unreached **out) {
    const fuda_variant_info *info = c->info;
    unreached *u = fuda_xrealloc(NULL, (size_t)(info->nhooks + info->nbots + 2) * sizeof *u);
    int n = 0;
    for (int i = 0; i < info->nhooks; i++)
        if (counts_get(hooks, info->hooks[i]) == 0) {
            snprintf(u[n].name, sizeof u[n].name, "%s", info->hooks[i]);
            u[n].excused = strcmp(info->hooks[i], "match") == 0 && fuda_engine_tables(c->e) > 0;
            u[n].why = u[n].excused ? "a match of several tables ends with its hand_over, never with match"
                                    : why_unreached(c, info->hooks[i]);
            n++;
        }
    if (info->check_invariant && counts_get(hooks, "check.invariant") == 0) {
        snprintf(u[n].name, sizeof u[n].name, "check.invariant");
        u[n].excused = 0;
        u[n++].why = why_unreached(c, "check.invariant");
    }
    if (info->has_evaluate && c->evals == 0) {
        snprintf(u[n].name, sizeof u[n].name, "evaluate");
        u[n].excused = 0;
        u[n++].why = why_unreached(c, "evaluate");
    }
    for (int i = 0; i < info->nbots; i++)
        if (counts_get(&c->bots_asked, info->bots[i]) == 0) {
            snprintf(u[n].name, sizeof u[n].name, "bot '%.60s'", info->bots[i]);
            u[n].excused = 0;
            u[n++].why = c->given ? "--bots did not name it"
                                  : "no match of the variant's own bots asked it (they play every other round: "
                                    "more matches with -n)";
        }
    *out = u;
    return n;
}

static void split_tallies(const checker *c, counts *hooks, counts *tallies);

/* --strict: what the variant defines must all have been reached; else the
 * run fails, naming what was not. */
static void strict_coverage(checker *c) {
    counts hooks = { 0 }, tallies = { 0 };
    split_tallies(c, &hooks, &tallies);
    unreached *u;
    int n = never_reached(c, &hooks, &u), bad = 0;
    for (int i = 0; i < n; i++) bad += !u[i].excused;
    if (bad > 0) {
        fuda_buf m = FUDA_BUF_INIT;
        fuda_buf_adds(&m, "--strict: never reached: ");
        for (int i = 0, k = 0; i < n; i++)
            if (!u[i].excused) fuda_buf_addf(&m, "%s%s (%s)", k++ ? "; " : "", u[i].name, u[i].why);
        free(c->f.message);
        c->failed = 1;
        c->f.stage_coverage = 1;
        c->f.message = fuda_buf_take(&m);
    }
    free(u);
    counts_free(&hooks);
    counts_free(&tallies);
}

/* ---- the report ---- */

/* The hook counts (tallies "hook NAME"), and the variant's own tallies. */
static void split_tallies(const checker *c, counts *hooks, counts *tallies) {
    for (int i = 0; i < c->raw.n; i++) {
        const count *t = &c->raw.v[i];
        if (strncmp(t->name, "hook ", 5) == 0) counts_add(hooks, t->name + 5, strlen(t->name + 5), t->n);
        else counts_add(tallies, t->name, strlen(t->name), t->n);
    }
    counts_sort(hooks);
    counts_sort(tallies);
}

static void json_counts(const char *key, const counts *k) {
    printf(", ");
    fuda_json_put(stdout, key);
    printf(": {");
    for (int i = 0; i < k->n; i++) {
        printf("%s", i ? ", " : "");
        fuda_json_put(stdout, k->v[i].name);
        printf(": %ld", k->v[i].n);
    }
    printf("}");
}

static void print_json(checker *c) {
    const fuda_variant_info *info = c->info;
    printf("{\"ok\": %s, \"variant\": ", c->failed ? "false" : "true");
    fuda_json_put(stdout, info ? info->name : c->a->m.variant);
    if (info) {
        printf(", \"file\": ");
        fuda_json_put(stdout, info->file);
    }
    printf(", \"seed\": %llu, \"matches\": %ld, \"moves\": %ld", (unsigned long long)c->a->m.seed, c->matches,
           c->moves);
    printf(", \"capped\": %ld", c->capped);
    printf(", \"seats\": [");
    int first = 1;
    for (int n = 1; n <= FUDA_MAX_SEATS; n++) {
        if (!c->seat_matches[n] && !c->seat_moves[n]) continue;
        printf("%s{\"seats\": %d, \"matches\": %ld, \"moves\": %ld}", first ? "" : ", ", n, c->seat_matches[n],
               c->seat_moves[n]);
        first = 0;
    }
    printf("], \"tried_matches\": %ld, \"tries\": %ld, \"illegal_tries\": %ld, \"views\": %ld, \"replays\": %ld"
           ", \"bot_moves_again\": %ld, \"leak_checks\": %ld, \"event_checks\": %ld, \"log_replays\": %ld"
           ", \"strict\": %s", c->tried, c->tries, c->illegal, c->views, c->replays, c->rebots, c->leaks,
           c->ev_checks, c->log_replays, c->a->strict ? "true" : "false");
    counts hooks = { 0 }, tallies = { 0 };
    split_tallies(c, &hooks, &tallies);
    json_counts("hooks", &hooks);
    counts_sort(&c->verbs);
    json_counts("verbs", &c->verbs);
    json_counts("tallies", &tallies);
    printf(", \"never\": [");
    first = 1;
    for (int i = 0; info && i < info->nexpect; i++)
        if (counts_get(&tallies, info->expect[i]) == 0) {
            printf("%s", first ? "" : ", ");
            fuda_json_put(stdout, info->expect[i]);
            first = 0;
        }
    unreached *u = NULL;
    int nu = info ? never_reached(c, &hooks, &u) : 0;
    printf("], \"never_called\": [");
    for (int i = 0; i < nu; i++) {
        printf("%s", i ? ", " : "");
        fuda_json_put(stdout, u[i].name);
    }
    printf("], \"never_reached\": [");
    for (int i = 0; i < nu; i++) {
        printf("%s{\"hook\": ", i ? ", " : "");
        fuda_json_put(stdout, u[i].name);
        printf(", \"why\": ");
        fuda_json_put(stdout, u[i].why);
        printf("}");
    }
    free(u);
    printf("], \"never_played\": [");
    first = 1;
    for (int i = 0; i < c->listed.n; i++)
        if (counts_get(&c->verbs, c->listed.v[i].name) == 0) {
            printf("%s", first ? "" : ", ");
            fuda_json_put(stdout, c->listed.v[i].name);
            first = 0;
        }
    printf("], \"failure\": ");
    if (!c->failed) {
        printf("null");
    } else {
        printf("{\"message\": ");
        fuda_json_put(stdout, c->f.message);
        if (c->f.stage_load) {
            printf(", \"stage\": \"load\"}");
        } else if (c->f.stage_coverage) {
            printf(", \"stage\": \"coverage\"}");
        } else {
            printf(", \"stage\": \"match\", \"match\": %ld, \"seed\": %llu, \"seats\": %d, \"move\": %ld, \"log\": ",
                   c->f.match + 1, (unsigned long long)c->f.seed, c->f.seats, c->f.move);
            if (c->f.log) fuda_json_put(stdout, c->f.log);
            else printf("null");
            printf(", \"replay_command\": ");
            if (c->f.replay_command) fuda_json_put(stdout, c->f.replay_command);
            else printf("null");
            printf(", \"note\": ");
            if (c->f.note) fuda_json_put(stdout, c->f.note);
            else printf("null");
            printf("}");
        }
    }
    if (info) { /* what makes this result reproducible: the run */
        fuda_buf run = FUDA_BUF_INIT, extra = FUDA_BUF_INIT;
        if (c->a->from > 1) fuda_buf_addf(&extra, "--from %ld ", c->a->from);
        if (c->a->strict) fuda_buf_adds(&extra, "--strict ");
        if (c->a->thorough) fuda_buf_adds(&extra, "--thorough ");
        if (extra.len) extra.p[--extra.len] = 0;
        fuda_run_info ri = { "check", c->e, &c->a->m, &c->cfg, c->a->m.seed, c->a->matches, (int)c->a->m.seats,
                             c->a->m.bots, extra.len ? extra.p : NULL };
        fuda_json_run(&run, &ri);
        printf(", %s", run.p);
        fuda_buf_free(&run);
        fuda_buf_free(&extra);
    }
    printf("}\n");
    counts_free(&hooks);
    counts_free(&tallies);
}

static void print_counts_text(const char *title, const counts *k) {
    if (k->n == 0) return;
    int w = 0;
    for (int i = 0; i < k->n; i++)
        if ((int)strlen(fuda_out_line(k->v[i].name)) > w) w = (int)strlen(fuda_out_line(k->v[i].name));
    printf("%s\n", title);
    for (int i = 0; i < k->n; i++) printf("  %-*s %10ld\n", w, fuda_out_line(k->v[i].name), k->v[i].n);
}

static void print_text(checker *c) {
    const fuda_variant_info *info = c->info;
    if (c->failed && c->f.stage_load) {
        printf("%s\ncheck: FAILED (the script does not load)\n", c->f.message);
        return;
    }
    if (c->failed && !c->f.stage_coverage) {
        printf("check: %s\n", fuda_out_line(c->f.message));
        if (c->f.note) printf("  %s\n", fuda_out_line(c->f.note));
        printf("  match %ld, seed %llu, %d seats, move %ld\n", c->f.match + 1, (unsigned long long)c->f.seed,
               c->f.seats, c->f.move);
        if (c->f.log) printf("  log saved to %s\n", fuda_out_line(c->f.log));
        else printf("  the log could not be saved (no writable folder)\n");
        if (c->f.replay_command)
            printf("  replay to just before the failure: %s\n", fuda_out_line(c->f.replay_command));
        printf("check: FAILED\n");
        return;
    }
    printf("variant   %s (%s)\n", fuda_out_line(info->name), fuda_out_line(info->file));
    for (int n = 1; n <= FUDA_MAX_SEATS; n++)
        if (c->seat_matches[n])
            printf("seats %d   %ld matches, %ld moves\n", n, c->seat_matches[n], c->seat_moves[n]);
    printf("tried     every listed move in %ld matches (%ld tries), %ld illegal moves refused\n",
           c->tried, c->tries, c->illegal);
    printf("replayed  %ld matches in a fresh engine with nobody reading events, same state; the bots chose the "
           "same %ld moves again\n", c->replays, c->rebots);
    printf("saved     %ld matches' logs replay to the same state\n", c->log_replays);
    if (!fuda_engine_info(c->e)->check_leaks)
        printf("hidden    not checked: the variant's check.leaks is false (its view shows more than its piles)\n");
    else
        printf("hidden    %ld positions: dealing anew what a seat cannot see changed none of its moves or views, "
               "nor the events it was shown (%ld comparisons)\n", c->leaks, c->ev_checks);
    if (c->capped)
        printf("capped    %ld random-bot matches stopped after %d hands (--thorough plays them to the end)\n",
               c->capped, CHECK_QUICK_HANDS);
    counts hooks = { 0 }, tallies = { 0 };
    split_tallies(c, &hooks, &tallies);
    print_counts_text("hooks", &hooks);
    counts_sort(&c->verbs);
    print_counts_text("verbs", &c->verbs);
    print_counts_text("tallies", &tallies);
    for (int i = 0; i < c->listed.n; i++)
        if (counts_get(&c->verbs, c->listed.v[i].name) == 0)
            printf("never played: %s (listed %ld times)\n", fuda_out_line(c->listed.v[i].name), c->listed.v[i].n);
    unreached *u;
    int nu = never_reached(c, &hooks, &u);
    for (int i = 0; i < nu; i++) printf("never reached: %s (%s)\n", fuda_out_line(u[i].name), u[i].why);
    free(u);
    for (int i = 0; i < info->nexpect; i++)
        if (counts_get(&tallies, info->expect[i]) == 0) printf("never: %s\n", fuda_out_line(info->expect[i]));
    if (c->failed) printf("check: FAILED (%s)\n", fuda_out_line(c->f.message));
    else printf("check: OK (%ld matches, %ld moves)\n", c->matches, c->moves);
    counts_free(&hooks);
    counts_free(&tallies);
}

/* ---- arguments and setup ---- */

static int parse_args(int argc, char **argv, check_args *s) {
    fuda_args a;
    fuda_args_init(&a, argc, argv);
    const char *arg, *v;
    int r;
    s->matches = CHECK_DEFAULT_MATCHES;
    long cores = sysconf(_SC_NPROCESSORS_ONLN); /* default: a thread per core */
    s->jobs = cores < 1 ? 1 : cores > CHECK_MAX_JOBS ? CHECK_MAX_JOBS : cores;
    s->m.seed = 1;
    while ((arg = fuda_args_next(&a)) != NULL) {
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            fuda_print_help("check");
            return -1;
        }
        if ((r = fuda_args_match(&a, arg, &s->m)) != 0) {
            if (r != 1) return r;
        } else if ((r = fuda_args_flag(&a, arg, "-n", &v)) != 0) {
            if (r < 0 || fuda_args_long("check", "-n", v, 1, 100000000L, &s->matches)) return FUDA_EXIT_USAGE;
        } else if ((r = fuda_args_flag(&a, arg, "--from", &v)) != 0) {
            if (r < 0 || fuda_args_long("check", "--from", v, 1, 100000000L, &s->from)) return FUDA_EXIT_USAGE;
        } else if ((r = fuda_args_flag(&a, arg, "-j", &v)) != 0 || (r = fuda_args_flag(&a, arg, "--jobs", &v)) != 0) {
            if (r < 0 || fuda_args_long("check", "-j", v, 1, CHECK_MAX_JOBS, &s->jobs)) return FUDA_EXIT_USAGE;
        } else if (strcmp(arg, "--json") == 0) {
            s->json = 1;
        } else if (strcmp(arg, "--thorough") == 0) {
            s->thorough = 1;
        } else if (strcmp(arg, "--strict") == 0) {
            s->strict = 1;
        } else if (arg[0] == '-' && arg[1]) {
            return fuda_usage_error("check", "unknown flag '%s'", arg);
        } else if (s->m.variant) {
            return fuda_usage_error("check", "unexpected argument '%s'", arg);
        } else {
            s->m.variant = arg;
        }
    }
    if (!s->m.variant) return fuda_usage_error("check", "missing FILE.lua or VARIANT");
    if (s->from > s->matches) return fuda_usage_error("check", "--from %ld is past -n %ld", s->from, s->matches);
    if (s->from < 1) s->from = 1;
    return 0;
}

/* Seats, bots and bounds from the loaded variant; 0 or a usage error. */
static int prepare(checker *c, char ***store) {
    const fuda_variant_info *info = c->info;
    c->min_seats = info->min_seats;
    c->max_seats = info->max_seats < FUDA_MAX_SEATS ? info->max_seats : FUDA_MAX_SEATS;
    if (c->a->m.seats) {
        int n = fuda_seat_count("check", c->e, &c->a->m);
        if (n == 0) return FUDA_EXIT_USAGE;
        c->min_seats = c->max_seats = n;
    }
    c->max_moves = info->check_max_moves > 0 ? info->check_max_moves : CHECK_DEFAULT_MAX_MOVES;
    c->try_matches = c->a->matches / CHECK_TRY_SHARE;
    if (c->try_matches < CHECK_TRY_MIN) c->try_matches = CHECK_TRY_MIN;
    c->replay_every = c->a->matches <= CHECK_REPLAYS ? 1 : (c->a->matches + CHECK_REPLAYS - 1) / CHECK_REPLAYS;
    c->own = fuda_xrealloc(NULL, (size_t)(info->nbots + 1) * sizeof *c->own);
    for (int i = 0; i < info->nbots; i++) c->own[c->nown++] = info->bots[i];
    if (c->a->m.bots) {
        const char *tmp[FUDA_MAX_SEATS + 1];
        int r = fuda_assign_bots("check", c->e, c->a->m.bots, 0, 1, tmp, store);
        if (r) return r;
        c->given = *store;
    }
    return 0;
}

/* ---- progress on a terminal ---- */

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* "check: 120/2000 matches" on stderr, at most 4 times a second, after the
 * first second; finished != 0 erases it. */
static void progress(const checker *c, long done, double start, double *last, int finished) {
    double t = now();
    if (finished) {
        if (*last > 0) fuda_out_raw(stderr, "\r\033[K", 4);
        return;
    }
    if (t - start < 1.0 || t - *last < 0.25) return;
    *last = t;
    char text[96];
    snprintf(text, sizeof text, "\rcheck: %ld/%ld matches", done, c->a->matches);
    fuda_out_raw(stderr, text, strlen(text)); /* fuda's own \r */
}

/* ---- the workers ---- */

/* Play matches handed out by the pool until there are none left or a match
 * with a lower index than this one failed; stop at this worker's failure
 * (its engine stays as the failure left it). */
static void *worker_main(void *arg) {
    checker *c = arg;
    pool *p = c->pool;
    fuda_watch_thread(c->watch_slot);
    double start = now(), last = 0;
    for (;;) {
        pthread_mutex_lock(&p->mu);
        long i = p->next++, done = p->done;
        int stop = i >= c->a->matches || i > p->fail_index;
        pthread_mutex_unlock(&p->mu);
        if (stop) break;
        if (c->show_progress) progress(c, done, start, &last, 0);
        if (play_match(c, i) < 0) {
            pthread_mutex_lock(&p->mu);
            if (i < p->fail_index) p->fail_index = i;
            pthread_mutex_unlock(&p->mu);
            break;
        }
        pthread_mutex_lock(&p->mu);
        p->done++;
        pthread_mutex_unlock(&p->mu);
    }
    if (c->show_progress) progress(c, 0, start, &last, 1);
    return NULL;
}

/* Add what worker w exercised (and its engine's tallies) to c. */
static void merge(checker *c, const checker *w) {
    if (w != c) {
        c->matches += w->matches, c->moves += w->moves, c->tried += w->tried, c->tries += w->tries;
        c->illegal += w->illegal, c->replays += w->replays, c->views += w->views, c->rebots += w->rebots;
        c->leaks += w->leaks;
        c->capped += w->capped;
        c->ev_checks += w->ev_checks, c->log_replays += w->log_replays, c->prompts += w->prompts;
        c->evals += w->evals, c->claims += w->claims, c->hands_ended += w->hands_ended;
        for (int i = 0; i < w->bots_asked.n; i++)
            counts_add(&c->bots_asked, w->bots_asked.v[i].name, strlen(w->bots_asked.v[i].name), w->bots_asked.v[i].n);
        for (int n = 0; n <= FUDA_MAX_SEATS; n++) {
            c->seat_matches[n] += w->seat_matches[n];
            c->seat_moves[n] += w->seat_moves[n];
        }
        for (int i = 0; i < w->verbs.n; i++)
            counts_add(&c->verbs, w->verbs.v[i].name, strlen(w->verbs.v[i].name), w->verbs.v[i].n);
        for (int i = 0; i < w->listed.n; i++)
            counts_add(&c->listed, w->listed.v[i].name, strlen(w->listed.v[i].name), w->listed.v[i].n);
    }
    const fuda_tally *t;
    int n = fuda_engine_tallies(w->e, &t);
    for (int i = 0; i < n; i++) counts_add(&c->raw, t[i].name, strlen(t[i].name), t[i].count);
}

static void free_failure(failure *f) {
    free(f->message);
    free(f->log);
    free(f->replay_command);
    free(f->note);
    memset(f, 0, sizeof *f);
}

/* A worker's own things (not those it shares with c). */
static void free_outcome(outcome *o) {
    if (o) free_texts(o->ev);
    free(o);
}

static void free_worker(checker *w) {
    for (int i = 0; i < w->nmv; i++) free(w->mv[i]);
    free(w->mv);
    for (int s = 0; s <= FUDA_MAX_SEATS; s++) fuda_buf_free(&w->ev[s]);
    fuda_buf_free(&w->stream.b);
    for (int i = 0; i < w->captried; i++) free_texts(w->tried_moves[i].ev);
    free(w->tried_moves);
    free_outcome(w->real);
    free_outcome(w->trial);
    counts_free(&w->bots_asked);
    forget_moves(w);
    free(w->rec);
    counts_free(&w->verbs);
    counts_free(&w->listed);
    counts_free(&w->raw);
    free_failure(&w->f);
    if (w->e) fuda_engine_free(w->e);
}

/* Play every match on s->jobs workers: c itself (with its engine) and
 * copies of it, each with an engine of its own. Then c holds the sums and
 * the failure of the lowest failing match. 0, or FUDA_EXIT_FAIL when an
 * engine cannot be made. */
static int run_all(checker *c) {
    pool p;
    pthread_mutex_init(&p.mu, NULL);
    p.next = c->a->from - 1, p.fail_index = LONG_MAX, p.done = 0;
    long nw = c->a->jobs < c->a->matches ? c->a->jobs : c->a->matches;
    checker **w = fuda_xrealloc(NULL, (size_t)nw * sizeof *w);
    pthread_t *th = fuda_xrealloc(NULL, (size_t)nw * sizeof *th);
    int r = 0;
    c->pool = &p;
    c->show_progress = !c->a->json && isatty(STDERR_FILENO);
    w[0] = c;
    c->watch_slot = 0;
    for (long k = 1; k < nw; k++) {
        w[k] = fuda_xrealloc(NULL, sizeof *c);
        memcpy(w[k], c, sizeof *c); /* nothing played yet: all counts empty */
        w[k]->watch_slot = (int)k;
        w[k]->show_progress = 0;
        w[k]->e = fuda_engine_new(&c->cfg);
        if (!w[k]->e || fuda_engine_load(w[k]->e, c->a->m.variant, c->a->m.opts, c->a->m.nopts) != 0) {
            r = fuda_fail("worker %ld: %s", k + 1, w[k]->e ? fuda_engine_error(w[k]->e) : "out of memory");
            nw = k + 1;
            break;
        }
        w[k]->info = fuda_engine_info(w[k]->e);
        fuda_engine_count_hooks(w[k]->e, 1);
    }
    long started = 0;
    if (r == 0) {
        for (long k = 1; k < nw; k++, started++)
            if (pthread_create(&th[k], NULL, worker_main, w[k]) != 0) break;
        worker_main(c);
        /* a thread that did not start played nothing: the others played its share */
        for (long k = 1; k <= started; k++) pthread_join(th[k], NULL);
    }
    checker *bad = NULL;
    for (long k = 0; k < nw; k++)
        if (w[k]->failed && (!bad || w[k]->f.match < bad->f.match)) bad = w[k];
    if (r == 0 && bad) finish_failure(bad);
    for (long k = 0; k < nw; k++)
        if (w[k]->e) merge(c, w[k]);
    if (r == 0 && bad && bad != c) {
        free_failure(&c->f);
        c->f = bad->f;
        memset(&bad->f, 0, sizeof bad->f);
        c->failed = 1;
    } else if (r == 0 && !bad) {
        c->failed = 0;
    }
    for (long k = 1; k < nw; k++) {
        free_worker(w[k]);
        free(w[k]);
    }
    free(w);
    free(th);
    pthread_mutex_destroy(&p.mu);
    c->pool = NULL;
    return r;
}

int fuda_cmd_check(int argc, char **argv, const fuda_config *cfg) {
    check_args s = { 0 };
    int r = parse_args(argc, argv, &s);
    if (r != 0) {
        fuda_match_args_free(&s.m);
        return r < 0 ? FUDA_EXIT_OK : r;
    }
    long think, iters;
    fuda_search_budget(&think, &iters);
    if (iters == 0) fuda_search_set_budget(think, CHECK_SEARCH_ITERS); /* by time, a replay would differ */
    checker *c = fuda_xrealloc(NULL, sizeof *c);
    memset(c, 0, sizeof *c);
    c->cfg = *cfg;
    c->cfg.paranoid = 1;
    c->a = &s;
    c->e = fuda_engine_new(&c->cfg);
    if (!c->e) {
        free(c);
        fuda_match_args_free(&s.m);
        return fuda_fail("out of memory");
    }
    char **store = NULL;
    r = FUDA_EXIT_OK;
    if (fuda_engine_load(c->e, s.m.variant, s.m.opts, s.m.nopts) != 0) {
        c->failed = 1;
        c->f.stage_load = 1;
        c->f.message = engine_err(c);
    } else {
        c->info = fuda_engine_info(c->e);
        r = prepare(c, &store);
        if (r == 0) {
            fuda_engine_count_hooks(c->e, 1);
            r = run_all(c);
            if (r == 0 && s.strict && !c->failed) strict_coverage(c);
        }
    }
    if (r == 0) {
        if (s.json) print_json(c);
        else print_text(c);
        fflush(stdout);
        r = c->failed ? FUDA_EXIT_FAIL : FUDA_EXIT_OK;
    }
    free(c->own);
    free_worker(c);
    fuda_words_free(store);
    free(c);
    fuda_match_args_free(&s.m);
    return r;
}
