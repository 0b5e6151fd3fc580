/* sim.c -- `fuda sim`: bot-only matches, back to back, and their totals:
 * hands, moves, wins and mean score per seat, speed. Match i is seeded with
 * S+i, so every figure but the times is the same on every machine. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "buf.h"
#include "cli.h"
#include "input.h"

#define MAX_MOVES 100000L /* a match still going after this many moves is stuck */

typedef struct sim_args {
    fuda_match_args m;
    long matches;
    int json;
} sim_args;

typedef struct sim_totals {
    int nseats;
    long matches, hands, moves, draws;
    long wins[FUDA_MAX_SEATS + 1];
    long long score[FUDA_MAX_SEATS + 1];
    double elapsed;
} sim_totals;

/* Parse the flags; 0, or the exit code (help or usage error). */
static int parse_args(int argc, char **argv, sim_args *s) {
    fuda_args a;
    fuda_args_init(&a, argc, argv);
    const char *arg, *v;
    int r;
    s->matches = 100;
    s->m.seed = 1;
    while ((arg = fuda_args_next(&a)) != NULL) {
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            fuda_print_help("sim");
            return -1;
        }
        if ((r = fuda_args_match(&a, arg, &s->m)) != 0) {
            if (r != 1) return r;
        } else if ((r = fuda_args_flag(&a, arg, "-n", &v)) != 0) {
            if (r < 0 || fuda_args_long("sim", "-n", v, 1, 100000000L, &s->matches)) return FUDA_EXIT_USAGE;
        } else if (strcmp(arg, "--json") == 0) {
            s->json = 1;
        } else if (arg[0] == '-' && arg[1]) {
            return fuda_usage_error("sim", "unknown flag '%s'", arg);
        } else if (s->m.variant) {
            return fuda_usage_error("sim", "unexpected argument '%s'", arg);
        } else {
            s->m.variant = arg;
        }
    }
    if (!s->m.variant) return fuda_usage_error("sim", "missing VARIANT");
    return 0;
}

/* Let the bots of every seat that must act choose, then apply the moves in
 * seat order (in a claim window nobody sees the others' choices). */
static int bots_act(fuda_engine *e, int nseats, const char *const bots[]) {
    unsigned actors = fuda_engine_actors(e);
    char *chosen[FUDA_MAX_SEATS + 1] = { 0 };
    int r = 0;
    for (int seat = 1; seat <= nseats && r == 0; seat++) {
        const char *mv;
        if (!(actors & (1u << (seat - 1)))) continue;
        if (fuda_engine_bot(e, seat, bots[seat], &mv) != 0) r = -1;
        else chosen[seat] = fuda_xstrdup(mv);
    }
    for (int seat = 1; seat <= nseats && r == 0; seat++)
        if (chosen[seat] && fuda_engine_apply(e, seat, chosen[seat]) != 0) r = -1;
    for (int seat = 1; seat <= nseats; seat++) free(chosen[seat]);
    return r;
}

/* Play one match to its end; -1 with the error in *err (malloc'd). */
static int play_match(fuda_engine *e, int nseats, uint64_t seed, const char *const bots[], char **err) {
    *err = NULL;
    if (fuda_engine_start(e, nseats, seed) != 0) goto fail;
    for (;;) {
        int phase = fuda_engine_phase(e);
        if (phase == FUDA_PHASE_MATCH_OVER) return 0;
        if (fuda_engine_move_count(e) > MAX_MOVES) {
            fuda_buf b = FUDA_BUF_INIT;
            fuda_buf_addf(&b, "the match did not end after %ld moves", MAX_MOVES);
            *err = fuda_buf_take(&b);
            return -1;
        }
        if (phase == FUDA_PHASE_HAND_OVER) {
            if (fuda_engine_next_hand(e) != 0) goto fail;
        } else if (fuda_engine_actors(e) == 0) {
            *err = fuda_xstrdup("the hand is on but no seat can act");
            return -1;
        } else if (bots_act(e, nseats, bots) != 0) {
            goto fail;
        }
    }
fail:
    *err = fuda_xstrdup(fuda_engine_error(e));
    return -1;
}

/* Add the finished match to the totals: the highest column-1 total wins; a
 * tie for the highest is a draw. */
static void count_match(const fuda_engine *e, sim_totals *t) {
    int best = 0, nbest = 0, best_seat = 0;
    for (int seat = 1; seat <= t->nseats; seat++) {
        int total = fuda_engine_total(e, seat, 1);
        t->score[seat] += total;
        if (seat == 1 || total > best) {
            best = total;
            nbest = 1;
            best_seat = seat;
        } else if (total == best) {
            nbest++;
        }
    }
    if (nbest == 1) t->wins[best_seat]++;
    else t->draws++;
    t->matches++;
    t->hands += (long)fuda_engine_state(e)->hand_no;
    t->moves += fuda_engine_move_count(e);
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double rate(long n, double secs) { return secs > 0 ? (double)n / secs : 0.0; }

static double mean(const sim_totals *t, int seat) {
    return t->matches ? (double)t->score[seat] / (double)t->matches : 0.0;
}

/* A JSON string (variant and bot names are plain, but be safe). */
static void json_string(const char *s) {
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') printf("\\%c", c);
        else if (c < 0x20) printf("\\u%04x", c);
        else putchar(c);
    }
    putchar('"');
}

static void print_json(const char *variant, const sim_totals *t, const char *const bots[]) {
    printf("{\"variant\": ");
    json_string(variant);
    printf(", \"seats\": %d, \"bots\": [", t->nseats);
    for (int seat = 1; seat <= t->nseats; seat++) {
        if (seat > 1) printf(", ");
        json_string(bots[seat]);
    }
    printf("], \"matches\": %ld, \"hands\": %ld, \"moves\": %ld, \"wins\": [", t->matches, t->hands, t->moves);
    for (int seat = 1; seat <= t->nseats; seat++) printf("%s%ld", seat > 1 ? ", " : "", t->wins[seat]);
    printf("], \"draws\": %ld, \"mean_score\": [", t->draws);
    for (int seat = 1; seat <= t->nseats; seat++) printf("%s%.2f", seat > 1 ? ", " : "", mean(t, seat));
    printf("], \"elapsed_s\": %.3f, \"matches_per_s\": %.1f, \"hands_per_s\": %.1f, \"moves_per_s\": %.1f}\n",
           t->elapsed, rate(t->matches, t->elapsed), rate(t->hands, t->elapsed), rate(t->moves, t->elapsed));
}

static void print_text(const char *variant, const sim_totals *t, const char *const bots[]) {
    printf("variant     %s\n", variant);
    printf("seats       %d\n", t->nseats);
    printf("bots        ");
    for (int seat = 1; seat <= t->nseats; seat++) printf("%s%s", seat > 1 ? "," : "", bots[seat]);
    printf("\nmatches     %ld\n", t->matches);
    printf("hands       %ld\n", t->hands);
    printf("moves       %ld\n", t->moves);
    for (int seat = 1; seat <= t->nseats; seat++)
        printf("seat %-6d wins %ld, mean score %.2f (%s)\n", seat, t->wins[seat], mean(t, seat), bots[seat]);
    printf("draws       %ld\n", t->draws);
    printf("elapsed     %.3f s\n", t->elapsed);
    printf("matches/s   %.1f\n", rate(t->matches, t->elapsed));
    printf("hands/s     %.1f\n", rate(t->hands, t->elapsed));
    printf("moves/s     %.1f\n", rate(t->moves, t->elapsed));
}

/* Play all the matches; 0 or the exit code. */
static int run_all(fuda_engine *e, const sim_args *s, const char *const bots[], sim_totals *t) {
    double start = now();
    for (long i = 0; i < s->matches; i++) {
        uint64_t seed = s->m.seed + (uint64_t)i;
        char *err;
        if (play_match(e, t->nseats, seed, bots, &err) != 0) {
            int r = fuda_fail("%s: match %ld (seed %llu): %s", s->m.variant, i + 1, (unsigned long long)seed, err);
            free(err);
            return r;
        }
        count_match(e, t);
    }
    t->elapsed = now() - start;
    return 0;
}

int fuda_cmd_sim(int argc, char **argv, const fuda_config *cfg) {
    sim_args s = { 0 };
    int r = parse_args(argc, argv, &s);
    if (r != 0) {
        fuda_match_args_free(&s.m);
        return r < 0 ? FUDA_EXIT_OK : r;
    }
    fuda_engine *e = fuda_open_variant(cfg, &s.m);
    if (!e) {
        fuda_match_args_free(&s.m);
        return FUDA_EXIT_FAIL;
    }
    sim_totals t = { 0 };
    const char *bots[FUDA_MAX_SEATS + 1] = { 0 };
    char **store = NULL;
    t.nseats = fuda_seat_count("sim", e, &s.m);
    if (t.nseats == 0) r = FUDA_EXIT_USAGE;
    else r = fuda_assign_bots("sim", e, s.m.bots, 0, t.nseats, bots, &store);
    if (r == 0) r = run_all(e, &s, bots, &t);
    if (r == 0) {
        const char *name = fuda_engine_info(e)->name;
        if (s.json) print_json(name, &t, bots);
        else print_text(name, &t, bots);
    }
    fuda_words_free(store);
    fuda_engine_free(e);
    fuda_match_args_free(&s.m);
    return r;
}
