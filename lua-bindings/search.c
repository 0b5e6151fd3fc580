/* search.c -- the search bot: determinized flat Monte Carlo over a seat's
 * legal moves, for any variant, with no code from its author (see search.h
 * for the model).
 *
 * A round: draw one deal and one bots' seed; make the round's world from
 * that deal: what the seat cannot know (the stock, the other hands,
 * face-down piles; cards it saw stay where it knows them) dealt anew, where
 * it can at one of the seat's earlier decisions of the hand and kept only if
 * the others would have played there as they did since (infer.c), else at
 * this decision (fuda_state_resample). For every move still tried, go back
 * to that world, reseed the bots' generator, apply the move, and play on
 * until the hand ends, the seat as its own bot (the variant's search.bot,
 * else its first bot), the others as their picture (search.others, else the
 * first bot) (or, when the variant has an evaluate hook, for at most
 * FUDA_SEARCH_CUT moves); score the end by the seat's
 * margin of points (or, when the variant says search = { hands = "winner" },
 * by who won: 1, 0 or -1), or, when every playout of the decision so far
 * ended the match, by the match's result. All
 * moves thus meet the same luck, and each is compared with the seat's own
 * bot's choice (base) by the paired difference of their scores: the search
 * plays another move only when, over MIN_PAIRED rounds or more, it beats base
 * by so many standard errors that luck alone would carry one of the moves
 * that far only FALSE_SWITCH of the time, and by MIN_Z at least: so base is
 * the floor, and with few playouts the search plays as its own bot. It stops
 * trying moves that fall PRUNE standard errors below base. This file makes
 * the rounds; search_choice.c keeps their figures and chooses the move.
 * A stop request (fuda_search_request_stop, from a SIGINT handler) is read
 * before every move of a playout: the round it cuts is dropped, as one the
 * time budget cuts, and the search chooses from the rounds made. The engine
 * is quiet meanwhile: no events reach the caller and no tallies are
 * counted; every playout is undone with fuda_engine_undo_to, and the
 * state's hash is compared at the end.
 *
 * The generator of a search is seeded from the match's seed, the move number
 * and the seat, so with an iteration budget the same position gives the same
 * move on every machine. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "record.h"
#include "table.h"
#include "infer.h"
#include "search.h"
#include "engine_access.h"
#include "search_impl.h"

#define MAX_PLAYOUT 500   /* moves a playout may take before it is scored as it stands */
#define FIRST_ROUND 10    /* under a time budget, the first round may take this many times it */
#define REFUSED -1e6      /* the score of a move the variant refused in a deal */
#define LIKELY_DEALS 32   /* with a likely hook: blind deals weighed for each one kept */

static long budget_ms = FUDA_SEARCH_THINK, budget_iters;
static int budget_given;
static int stop_asked; /* fuda_search_request_stop; atomic (a lock-free int: safe in a handler) */

void fuda_search_request_stop(void) { __atomic_store_n(&stop_asked, 1, __ATOMIC_RELAXED); }
void fuda_search_clear_stop(void) { __atomic_store_n(&stop_asked, 0, __ATOMIC_RELAXED); }
int fuda_search_stop_requested(void) { return __atomic_load_n(&stop_asked, __ATOMIC_RELAXED); }

void fuda_search_set_budget(long think_ms, long iters) {
    budget_ms = think_ms > 0 ? think_ms : FUDA_SEARCH_THINK;
    budget_iters = iters > 0 ? iters : 0;
    budget_given = think_ms > 0 || iters > 0;
}

int fuda_search_budget(long *think_ms, long *iters) {
    if (think_ms) *think_ms = budget_ms;
    if (iters) *iters = budget_iters;
    return budget_given;
}

/* The search's clock: this thread's CPU time (the search runs on the
 * calling thread), so that --think buys the same playouts on a busy
 * machine as on an idle one, as the hooks' time limit counts. */
static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

/* splitmix64: a seed from the match, the move and the seat. */
static uint64_t mix(uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* The first seat that must act now in st, or 0. */
static int first_actor(const fuda_state *st) {
    unsigned a = fuda_state_actors(st);
    for (int s = 0; s < FUDA_MAX_SEATS; s++)
        if (a & (1u << s)) return s + 1;
    return 0;
}

/* Column-1 points seat won since the decision, minus the best other seat's. */
static double end_margin(search *S) {
    const fuda_state *st = S->st; /* the table's (its places, its totals) */
    int me = S->seat - 1;
    double mine = st->total[0][me] - S->root_total[me], best = -1e300;
    for (int k = 0; k < st->nseats; k++) {
        if (k == me) continue;
        double d = st->total[0][k] - S->root_total[k];
        if (d > best) best = d;
    }
    return st->nseats > 1 ? mine - best : mine;
}

/* When the playout ended the match: 1 if the seat's total is the highest
 * alone, 1/k if k seats share it, 0 if another seat's is higher; else -1.
 * A shared top is worth what fuda duel counts it (with three seats tied a
 * third, not a half: the search would settle for ties it could break). */
static double match_result(search *S) {
    const fuda_state *st = S->st;
    if (st->phase != FUDA_PHASE_MATCH_OVER) return -1;
    int me = S->seat - 1;
    double best = -1e300;
    int tied = 1;
    for (int k = 0; k < st->nseats; k++)
        if (k != me && st->total[0][k] > best) best = st->total[0][k];
    for (int k = 0; k < st->nseats; k++)
        if (k != me && st->total[0][k] == best) tied++;
    return st->total[0][me] > best ? 1.0 : st->total[0][me] == best ? 1.0 / tied : 0.0;
}

/* Play on from here with the playout bots; 0, or -1 when the variant failed
 * (the playout is then scored as it stands). With a time budget, a move is
 * not started after S->stop: S->out_of_time is set instead. */
static int playout(search *S) {
    fuda_engine *e = S->e;
    int cap = S->has_eval ? FUDA_SEARCH_CUT : MAX_PLAYOUT;
#if defined FUDA_SEARCH_DEBUG && defined FUDA_SEARCH_ORACLE
    if (S->to_end) cap = 50 * MAX_PLAYOUT; /* a whole match, every hand played out */
#endif
    for (int steps = 0; steps < cap; steps++) {
        int phase = S->st->phase;
#if defined FUDA_SEARCH_DEBUG && defined FUDA_SEARCH_ORACLE
        if (phase == FUDA_PHASE_HAND_OVER && S->to_end) { /* the oracle plays on to the match's end */
            if (fuda_engine_next_hand(e) < 0) return -1;
            continue;
        }
#endif
        if (phase != FUDA_PHASE_PLAYING) break;
        if (fuda_search_stop_requested()) { /* Ctrl-C: the rounds made so far decide */
            S->out_of_time = S->stopped = 1;
            return 0;
        }
        if (S->stop > 0 && now_ms() >= S->stop) { /* a slow bot or hook: the time is up */
            S->out_of_time = 1;
            return 0;
        }
        int a = first_actor(S->st);
        if (!a) return -1;
        const char *mv, *bot = a == S->seat ? S->own : S->policy;
        if (fuda_table_bot_apply(e, a, bot, &mv) == 0) continue;
        if (strcmp(bot, "random") == 0 || fuda_table_bot_apply(e, a, "random", &mv) < 0) return -1;
    }
    return 0;
}

/* The margin of the position a playout ended in, for the searching seat: by
 * the evaluate hook while the hand goes on; when the estimate fails, *failed
 * is set and the position scored by its points so far. */
static double score(search *S, int *failed) {
    double v;
    if (S->st->phase == FUDA_PHASE_PLAYING && S->has_eval) {
        if (fuda_engine_evaluate(S->e, S->seat, &v) == 0) return v;
        *failed = 1;
    }
    return end_margin(S);
}

/* The clock the search of deals runs on: the time, or the end of time once
 * a stop is requested (a deadline of 1e300 is then reached at once). */
static double stop_clock(void) { return fuda_search_stop_requested() ? 1e301 : now_ms(); }

/* A uniform number in [0, 1) from r. */
static double uniform(fuda_rng *r) { return fuda_rng_next(r) / 4294967296.0; }

/* The variant's likely weight of the world as it lies now (1 without the
 * hook; a hook that fails counts once in S->failed and weighs 1). */
static double likely(search *S, int *failed) {
    double w = 1;
    if (S->has_likely && fuda_engine_likely(S->e, S->seat, &w) != 0) {
        if (!*failed) S->failed++;
        *failed = 1;
        w = 1;
    }
    return w;
}

/* The decision dealt anew from r (the state at the root). With a likely
 * hook: LIKELY_DEALS deals, each from its own seed, and the one kept drawn
 * in proportion to their weights (all 0: the first), dealt again from its
 * seed. */
static void deal_blind(search *S, fuda_rng *r) {
    if (!S->has_likely) {
        fuda_resample_with(S->e, S->seat, r);
        return;
    }
    uint64_t pick = 0;
    double sum = 0;
    int failed = 0;
    for (int j = 0; j < LIKELY_DEALS; j++) {
        uint64_t seed = (uint64_t)fuda_rng_next(r) << 32 | fuda_rng_next(r);
        fuda_rng d;
        fuda_rng_seed(&d, seed, 9);
        fuda_engine_undo_to(S->e, &S->root);
        fuda_resample_with(S->e, S->seat, &d);
        double w = likely(S, &failed);
        sum += w;
        if (j == 0 || (w > 0 && uniform(r) * sum < w)) pick = seed;
    }
    fuda_rng d;
    fuda_rng_seed(&d, pick, 9);
    fuda_engine_undo_to(S->e, &S->root);
    fuda_resample_with(S->e, S->seat, &d);
}

/* The round's world, marked in S->world: one that fits what the others did
 * since the seat's earlier decisions when infer finds one (with a likely
 * hook, kept with the probability it gives), else the decision dealt anew
 * (deal_blind); both from the deal seeded by `deal`. The search of deals
 * stops at until (0: none) or at a stop request. */
static int deal_world(search *S, uint64_t deal, double until) {
    fuda_rng r;
    fuda_rng_seed(&r, deal, 7);
    int failed = 0;
    if (!S->infer.on || fuda_infer_world(&S->infer, &S->root, &r, until > 0 ? until : 1e300, stop_clock) != 1 ||
        (S->has_likely && uniform(&r) >= likely(S, &failed))) {
        fuda_engine_undo_to(S->e, &S->root);
        deal_blind(S, &r);
    }
    return fuda_engine_mark(S->e, &S->world);
}

#ifdef FUDA_SEARCH_DEBUG
/* How much of the other seats' hidden cards the round's worlds get right:
 * the cards that lie in the same seat's piles in the world and in the real
 * game, over how many the real game hides there, as a running mean over the
 * process; beside it the same for a blind deal of each decision, which
 * tells how much the others' moves taught (infer.c). It reads the real
 * game, so it is in the debugging build only; one table. */
static double dbg_overlap_sum, dbg_blind_sum;
static int several_tables(fuda_engine *e) {
    const fuda_tables *tb = fuda_engine_tables_of(e);
    return tb && tb->n;
}
static long dbg_overlap_n;
static int overlap_of(const fuda_state *w, const fuda_state *t, int me, int *all) {
    int hit = 0;
    *all = 0;
    for (int k = 0; k < t->nseats; k++) {
        if (k == me) continue;
        int nw[FUDA_CARD_SPACE] = { 0 }, nt[FUDA_CARD_SPACE] = { 0 };
        for (int p = 0; p < t->npiles; p++) {
            if (t->piles[p].owner != k) continue;
            for (int i = 0; i < t->piles[p].len; i++)
                if (!fuda_state_knows(t, p, i, me)) nt[t->cards[t->piles[p].start + i]]++, (*all)++;
            for (int i = 0; i < w->piles[p].len; i++)
                if (!fuda_state_knows(w, p, i, me)) nw[w->cards[w->piles[p].start + i]]++;
        }
        for (int c = 0; c < FUDA_CARD_SPACE; c++) hit += nw[c] < nt[c] ? nw[c] : nt[c];
    }
    return hit;
}
static void overlap(search *S) {
    const fuda_state *t = &S->root.st;
    if (several_tables(S->e)) return;
    int all, hit = overlap_of(S->st, t, S->seat - 1, &all);
    if (!all) return;
    static fuda_state b;
    static fuda_rng br;
    static int seeded;
    if (!seeded) fuda_rng_seed(&br, 99, 1), seeded = 1;
    b = *t;
    fuda_state_resample(&b, S->seat - 1, &br);
    int ball, bhit = overlap_of(&b, t, S->seat - 1, &ball);
    dbg_overlap_sum += (double)hit / all, dbg_blind_sum += (double)bhit / ball, dbg_overlap_n++;
}
static void debug_overlap(double *mean, double *blind, long *n) {
    *mean = dbg_overlap_n ? dbg_overlap_sum / dbg_overlap_n : 0;
    *blind = dbg_overlap_n ? dbg_blind_sum / dbg_overlap_n : 0;
    *n = dbg_overlap_n;
}
#endif

/* One playout of move `arm` in the round's world, the bots seeded by `bots`:
 * its margin for the seat; *res the match's result (match_result), REFUSED_RES when the
 * variant refused the move. */
static double try_move(search *S, int arm, uint64_t bots, double *res) {
    fuda_engine *e = S->e;
    fuda_engine_undo_to(e, &S->world);
    fuda_rng_seed(fuda_engine_bot_rng(e), bots, 1);
    *res = -1;
    if (fuda_table_apply(e, S->seat, S->moves[arm]) < 0) {
        S->failed++;   /* the move is refused in this deal: a leak, or a hook's error */
        *res = REFUSED_RES;
        return REFUSED;
    }
    int failed = playout(S) < 0;
    *res = match_result(S);
    double m = score(S, &failed);
    S->failed += failed; /* a playout counts once, whether a bot, a hook or the estimate failed */
    return m;
}

/* One round: every move once in the same deal with the same bots, so the
 * moves are compared on equal luck. The round counts only when it is whole. */
static int round_all(search *S, double *m, double *res) {
    uint64_t deal = (uint64_t)fuda_rng_next(&S->rng) << 32 | fuda_rng_next(&S->rng);
    uint64_t bots = (uint64_t)fuda_rng_next(&S->rng) << 32 | fuda_rng_next(&S->rng);
    if (deal_world(S, deal, S->deadline) < 0) return -1;
#ifdef FUDA_SEARCH_DEBUG
    overlap(S);
#endif
    for (int i = 0; i < S->n; i++) {
        if (!S->live[i]) continue;
        m[i] = try_move(S, i, bots, &res[i]);
        if (S->out_of_time) return -1;
    }
    int ended = 1;
    for (int i = 0; i < S->n; i++)
        if (S->live[i] && res[i] < 0) ended = 0;
    double mb = S->base >= 0 ? fuda_search_judged(S, m[S->base], res[S->base]) : 0, rb = S->base >= 0 && ended ? res[S->base] : 0;
    S->ended += ended;
    for (int i = 0; i < S->n; i++) {
        if (!S->live[i]) continue;
        S->playouts++;
        S->cnt[i]++;
        S->wins[i] += m[i] > 0 ? 1.0 : m[i] < 0 ? 0.0 : 0.5;
        S->margin[i] += m[i];
        double d = fuda_search_judged(S, m[i], res[i]) - mb;
        S->dsum[i] += d;
        S->dsq[i] += d * d;
        if (ended) {
            S->rsum[i] += res[i] - rb;
            S->rsq[i] += (res[i] - rb) * (res[i] - rb);
        }
    }
    S->rounds++;
    fuda_search_prune(S);
    return 0;
}

#if defined FUDA_SEARCH_DEBUG && defined FUDA_SEARCH_ORACLE
/* Judge the search's move against base's with the real cards: ORACLE
 * rounds in the real game with only the cards no seat knows dealt anew (the
 * stock's order) and both moves played out in each: the mean and standard
 * error of the move's advantage, scored as the search scored them when
 * to_end is 0, else by the match's result with every playout going on to
 * the match's end. It reads the real game: debugging build only
 * (-DFUDA_SEARCH_DEBUG -DFUDA_SEARCH_ORACLE); one table. */
#define ORACLE 200
static void oracle(search *S, int arm, int to_end, double *mean, double *se) {
    fuda_engine *e = S->e;
    double sum = 0, sq = 0;
    int n = 0, res = to_end || fuda_search_by_result(S), failed = S->failed;
    S->stop = 0; /* no time budget here: every playout to its end */
    S->to_end = to_end;
    fuda_rng r;
    fuda_rng_seed(&r, 12345u + (uint64_t)S->st->move_no, 3);
    for (int t = 0; t < ORACLE && !several_tables(e); t++) {
        fuda_engine_undo_to(e, &S->root);
        fuda_state_shuffle_unseen(S->st, &r);
        fuda_engine_moves_stale(e);
        if (fuda_engine_mark(e, &S->world) < 0) break;
        uint64_t bots = (uint64_t)fuda_rng_next(&r) << 32 | fuda_rng_next(&r);
        double rb, ra, mb = try_move(S, S->base, bots, &rb), ma = try_move(S, arm, bots, &ra);
        double d = res ? ra - rb : fuda_search_judged(S, ma, ra) - fuda_search_judged(S, mb, rb);
        sum += d, sq += d * d, n++;
    }
    fuda_engine_undo_to(e, &S->root);
    S->to_end = 0;
    S->failed = failed; /* the search's own count stays what it reports */
    *mean = n ? sum / n : 0;
    double var = n ? sq / n - *mean * *mean : 0;
    *se = n ? sqrt((var > 0 ? var : 0) / n) : 0;
}
#endif

static int setup(search *S, fuda_engine *e, int seat, const char *const *mv, int n) {
    memset(S, 0, sizeof *S);
    S->e = e;
    S->st = fuda_engine_table_st(e);
    S->seat = seat;
    S->n = n;
    S->moves = malloc((size_t)n * sizeof *S->moves);
    S->wins = calloc((size_t)n, sizeof *S->wins);
    S->margin = calloc((size_t)n, sizeof *S->margin);
    S->dsum = calloc((size_t)n, sizeof *S->dsum);
    S->dsq = calloc((size_t)n, sizeof *S->dsq);
    S->rsum = calloc((size_t)n, sizeof *S->rsum);
    S->rsq = calloc((size_t)n, sizeof *S->rsq);
    S->cnt = calloc((size_t)n, sizeof *S->cnt);
    S->live = malloc((size_t)n);
    if (!S->moves || !S->wins || !S->margin || !S->dsum || !S->dsq || !S->rsum || !S->rsq || !S->cnt ||
        !S->live)
        return -1;
    memset(S->live, 1, (size_t)n);
    memcpy(S->moves, mv, (size_t)n * sizeof *S->moves);
    const fuda_state *ms = S->st;
    for (int k = 0; k < ms->nseats; k++) S->root_total[k] = ms->total[0][k];
    S->policy = fuda_variant_others_bot(fuda_engine_info(e));
    S->own = fuda_variant_search_bot(fuda_engine_info(e));
    S->has_eval = fuda_engine_info(e)->has_evaluate;
    S->has_likely = fuda_engine_info(e)->has_likely;
    S->by_winner = fuda_engine_info(e)->search_by_winner;
    S->sure = fuda_engine_info(e)->search_sure >= 0 ? fuda_engine_info(e)->search_sure : MIN_Z;
    fuda_rng_seed(&S->rng, mix(fuda_engine_seed(e) ^ mix(ms->move_no * 16u + (unsigned)seat)), 5);
    return 0;
}

static void release(search *S) {
    free(S->moves);
    free(S->wins);
    free(S->margin);
    free(S->dsum);
    free(S->dsq);
    free(S->rsum);
    free(S->rsq);
    free(S->cnt);
    free(S->live);
}

int fuda_search_last(const fuda_engine *e, int *sure) {
    if (sure) *sure = fuda_engine_search_sure(e);
    return fuda_engine_search_stopped(e);
}

/* Run rounds within the budget: until iters playouts are made, or think_ms
 * of time has passed; at least one round either way, unless, under a time
 * budget, a playout of it is still going after FIRST_ROUND times think_ms
 * (a slow bot or hook: each of its calls is bounded, but a playout makes
 * hundreds); then the moves of the round cut short do not count. */
static void run(search *S) {
    long ms, iters;
    fuda_search_budget(&ms, &iters);
    double *m = malloc((size_t)S->n * 2 * sizeof *m);
    if (!m) return;
    double start = now_ms(), until = iters > 0 ? 0 : start + (double)ms;
    S->deadline = until;
    for (long r = 0; iters > 0 ? (r == 0 || S->playouts < iters) : (r == 0 || now_ms() < until); r++) {
        if (r > 0 && fuda_search_stop_requested()) {
            S->stopped = 1;
            break;
        }
        S->stop = iters > 0 ? 0 : r == 0 ? start + FIRST_ROUND * (double)ms : until;
        if (round_all(S, m, m + S->n) < 0) break;
    }
    free(m);
}

int fuda_table_search(fuda_engine *e, int seat, const char **move, fuda_search_report *rep) {
    const char *const *mv;
    int n = fuda_table_moves(e, seat, &mv);
    if (n < 0) return -1;
    if (n == 0) {
        fuda_engine_seterr(e, "seat %d has nothing to do now", seat);
        return -1;
    }
    if (rep) memset(rep, 0, sizeof *rep);
    fuda_engine_set_search_end(e, 0, 0);
    if (n == 1) {
        *move = mv[0];
        if (rep) rep->nmoves = 1;
        return 0;
    }
    search S;
    if (setup(&S, e, seat, mv, n) < 0 || fuda_engine_mark(e, &S.root) < 0) {
        release(&S);
        fuda_engine_seterr(e, "out of memory");
        return -1;
    }
    uint64_t hash = fuda_engine_hash(e);
    S.base = -1;
    const char *bm;
    if (strcmp(S.own, "random") != 0 && fuda_table_bot(e, seat, S.own, &bm) == 0)
        for (int i = 0; i < n; i++)
            if (strcmp(S.moves[i], bm) == 0) S.base = i;
    int quiet = fuda_engine_set_quiet(e, 1);
    if (strcmp(S.policy, "random") != 0) /* with no bot of its own, no picture of the others */
        fuda_infer_begin(&S.infer, e, seat, S.policy, &S.root);
    run(&S);
    fuda_engine_undo_to(e, &S.root);
    fuda_engine_set_quiet(e, quiet);
    fuda_infer_remember(e, seat, &S.root);
    int arm = fuda_search_best_arm(&S);
#ifdef FUDA_SEARCH_DEBUG /* cc -DFUDA_SEARCH_DEBUG: every decision's figures on stderr */
    {
        for (int i = 0; i < S.n; i++) { /* the advantage d over base, its spread sd over n rounds */
            double d, se;
            fuda_search_advantage(&S, i, &d, &se);
            fprintf(stderr, "  %-20s%s w=%.3f m=%.2f d=%.4g n=%ld sd=%.4g\n", S.moves[i], i == S.base ? "*" : " ",
                    S.cnt[i] ? S.wins[i] / S.cnt[i] : 0, S.cnt[i] ? S.margin[i] / S.cnt[i] : 0, d, S.cnt[i],
                    se * sqrt((double)S.cnt[i]));
        }
        double ov, bl;
        long nov;
        debug_overlap(&ov, &bl, &nov);
        fprintf(stderr, "overlap so far %.4f, blind %.4f, of %ld rounds\n", ov, bl, nov);
        fprintf(stderr, "seat %d chose %s (failed %d; worlds inferred %ld of %ld tries)\n", seat, S.moves[arm],
                S.failed, S.infer.found, S.infer.tries);
#ifdef FUDA_SEARCH_ORACLE /* with -DFUDA_SEARCH_ORACLE too: the switches judged */
        if (S.base >= 0 && arm != S.base) {
            double om, ose, tm, tse;
            oracle(&S, arm, 0, &om, &ose);
            oracle(&S, arm, 1, &tm, &tse);
            fprintf(stderr, "oracle: %s over %s by %.3f (se %.3f)%s; to the match's end %.3f (se %.3f)\n",
                    S.moves[arm], S.moves[S.base], om, ose, fuda_search_by_result(&S) ? " in the match's result" : " points",
                    tm, tse);
        }
#endif
    }
#endif
    *move = S.moves[arm];
    fuda_search_fill_report(&S, arm, rep);
    fuda_engine_set_search_end(e, S.stopped, S.base >= 0 && arm != S.base);
    fuda_infer_end(&S.infer);
    release(&S);
    if (fuda_engine_hash(e) != hash || memcmp(S.st, &S.root.st, sizeof *S.st) != 0) {
        fuda_engine_seterr(e, "search: the game was not put back as it was");
        return -1;
    }
    return 0;
}
