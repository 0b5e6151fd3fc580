/* sim_totals.c -- the totals of a `fuda sim` run (sim.h): a finished match
 * added in (its seats' scores and wins, the teams', hands and moves), the
 * variant's tallies summed by name, what to say of the failed matches, and
 * the totals printed as text or as one JSON object. Every total is a sum
 * of integers, so they do not depend on the order the matches are added in
 * (by the workers of sim.c, or by the merge of sim_shard.c). */
#include "sim.h"

static double rate(long n, double secs) { return secs > 0 ? (double)n / secs : 0.0; }

static double mean(const sim_totals *t, int seat) {
    return t->matches ? (double)t->score[seat] / (double)t->matches : 0.0;
}

static double col_mean(const sim_totals *t, int col, int seat) {
    return t->matches ? (double)t->colscore[col][seat] / (double)t->matches : 0.0;
}

/* "1,3": the seats of team k. */
static const char *team_seats(const sim_totals *t, int k, char *buf, size_t n) {
    size_t at = 0;
    buf[0] = '\0';
    for (int s = 1; s <= t->nseats && at < n; s++)
        if (t->team[k] & (1u << (s - 1))) at += (size_t)snprintf(buf + at, n - at, "%s%d", at ? "," : "", s);
    return buf;
}

static double team_mean(const sim_totals *t, int k) {
    return t->matches ? (double)t->team_score[k] / (double)t->matches : 0.0;
}

/* The totals as one JSON object; `extra` (NULL: none) is spliced in before
 * its closing brace (", \"report\": {...}"). */
void fuda_sim_print_json(const char *variant, const sim_totals *t, const char *const bots[], const char *extra) {
    printf("{\"variant\": ");
    fuda_json_put(stdout, variant);
    printf(", \"seats\": %d, \"bots\": [", t->nseats);
    for (int seat = 1; seat <= t->nseats; seat++) {
        if (seat > 1) printf(", ");
        fuda_json_put(stdout, bots[seat]);
    }
    printf("], \"matches\": %ld, \"hands\": %ld, \"moves\": %ld, \"wins\": [", t->matches, t->hands, t->moves);
    for (int seat = 1; seat <= t->nseats; seat++) printf("%s%ld", seat > 1 ? ", " : "", t->wins[seat]);
    printf("], \"draws\": %ld, \"mean_score\": [", t->draws);
    for (int seat = 1; seat <= t->nseats; seat++) printf("%s%.2f", seat > 1 ? ", " : "", mean(t, seat));
    printf("]");
    if (t->ncols > 1) {
        printf(", \"columns\": [");
        for (int c = 0; c < t->ncols; c++) {
            printf("%s{\"name\": ", c ? ", " : "");
            fuda_json_put(stdout, t->colnames[c]);
            printf(", \"mean_score\": [");
            for (int seat = 1; seat <= t->nseats; seat++) printf("%s%.2f", seat > 1 ? ", " : "", col_mean(t, c, seat));
            printf("]}");
        }
        printf("]");
    }
    if (t->nteams) {
        printf(", \"teams\": [");
        for (int k = 0; k < t->nteams; k++) {
            char buf[64];
            printf("%s{\"seats\": [%s], \"wins\": %ld, \"mean_score\": %.2f}", k ? ", " : "",
                   team_seats(t, k, buf, sizeof buf), t->team_wins[k], team_mean(t, k));
        }
        printf("]");
    }
    printf(", \"tallies\": {");
    for (int i = 0; i < t->ntallies; i++) {
        if (i > 0) printf(", ");
        fuda_json_put(stdout, t->tallies[i].name);
        printf(": %ld", t->tallies[i].count);
    }
    printf("}, ");
    if (t->failed) printf("\"failed\": %ld, ", t->failed);
    if (t->interrupted) printf("\"interrupted\": true, ");
    printf("\"elapsed_s\": %.3f, \"matches_per_s\": %.1f, \"hands_per_s\": %.1f, \"moves_per_s\": %.1f%s}",
           t->elapsed, rate(t->matches, t->elapsed), rate(t->hands, t->elapsed), rate(t->moves, t->elapsed),
           extra ? extra : "");
}

void fuda_sim_print_text(const char *variant, const sim_totals *t, const char *const bots[]) {
    printf("variant     %s\n", fuda_out_line(variant));
    printf("seats       %d\n", t->nseats);
    printf("bots        ");
    for (int seat = 1; seat <= t->nseats; seat++) printf("%s%s", seat > 1 ? "," : "", fuda_out_line(bots[seat]));
    printf("\nmatches     %ld\n", t->matches);
    printf("hands       %ld\n", t->hands);
    printf("moves       %ld\n", t->moves);
    for (int seat = 1; seat <= t->nseats; seat++)
        printf("seat %-6d wins %ld, mean score %.2f (%s)\n", seat, t->wins[seat], mean(t, seat),
               fuda_out_line(bots[seat]));
    printf("draws       %ld\n", t->draws);
    for (int k = 0; k < t->nteams; k++) {
        char buf[64];
        printf("team %-6d wins %ld, mean score %.2f (seats %s)\n", k + 1, t->team_wins[k], team_mean(t, k),
               team_seats(t, k, buf, sizeof buf));
    }
    for (int c = 0; c < t->ncols && t->ncols > 1; c++) {
        printf("column      %s: mean score", fuda_out_line(t->colnames[c]));
        for (int seat = 1; seat <= t->nseats; seat++) printf("%s %.2f", seat > 1 ? "," : "", col_mean(t, c, seat));
        printf("\n");
    }
    for (int i = 0; i < t->ntallies; i++)
        printf("tally %s %ld\n", fuda_out_line(t->tallies[i].name), t->tallies[i].count);
    if (t->failed) printf("failed      %ld matches (not counted above)\n", t->failed);
    if (t->interrupted) printf("(interrupted after %ld matches)\n", t->matches + t->failed);
    printf("elapsed     %.3f s\n", t->elapsed);
    printf("matches/s   %.1f\n", rate(t->matches, t->elapsed));
    printf("hands/s     %.1f\n", rate(t->hands, t->elapsed));
    printf("moves/s     %.1f\n", rate(t->moves, t->elapsed));
}

/* ---- tallies ---- */

/* Add `count` of `name` to t's tallies (kept unsorted until tallies_sort). */
void fuda_sim_tallies_add(sim_totals *t, const char *name, long count) {
    for (int i = 0; i < t->ntallies; i++)
        if (strcmp(t->tallies[i].name, name) == 0) {
            t->tallies[i].count += count;
            return;
        }
    t->tallies = fuda_xrealloc(t->tallies, (size_t)(t->ntallies + 1) * sizeof *t->tallies);
    t->tallies[t->ntallies].name = fuda_xstrdup(name);
    t->tallies[t->ntallies++].count = count;
}

static int tally_cmp(const void *a, const void *b) {
    return strcmp(((const fuda_tally *)a)->name, ((const fuda_tally *)b)->name);
}

void fuda_sim_tallies_sort(sim_totals *t) {
    if (t->ntallies > 1) qsort(t->tallies, (size_t)t->ntallies, sizeof *t->tallies, tally_cmp);
}

void fuda_sim_tallies_free(sim_totals *t) {
    for (int i = 0; i < t->ntallies; i++) free((char *)t->tallies[i].name);
    free(t->tallies);
    t->tallies = NULL;
    t->ntallies = 0;
}

/* Add the finished match to the totals: the seats the match format named
 * winners (each a win; Straight Gin's series, a team), else the highest
 * column-1 total; a tie for the highest is a draw. */
void fuda_sim_count_match(const fuda_engine *e, sim_totals *t) {
    int best = 0, nbest = 0, best_seat = 0;
    unsigned named = fuda_engine_winners(e);
    for (int seat = 1; seat <= t->nseats; seat++) {
        int total = fuda_engine_total(e, seat, 1);
        t->score[seat] += total;
        for (int c = 1; c <= t->ncols && t->ncols > 1; c++) t->colscore[c - 1][seat] += fuda_engine_total(e, seat, c);
        if (named & (1u << (seat - 1))) t->wins[seat]++;
        if (seat == 1 || total > best) {
            best = total;
            nbest = 1;
            best_seat = seat;
        } else if (total == best) {
            nbest++;
        }
    }
    const unsigned *teams;
    int nteams = fuda_engine_teams(e, &teams);
    if (nteams > 0 && nteams <= FUDA_MAX_SEATS) {
        t->nteams = nteams;
        for (int k = 0; k < nteams; k++) {
            t->team[k] = teams[k];
            t->team_score[k] += fuda_engine_team_total(e, k + 1, 1);
            if (named && (named & teams[k]) == teams[k]) t->team_wins[k]++;
        }
    }
    if (!named && nbest == 1) t->wins[best_seat]++;
    else if (!named) t->draws++;
    t->matches++;
    t->hands += (long)fuda_engine_state(e)->hand_no;
    t->moves += fuda_engine_move_count(e);
}

/* What to say about t's failed matches (malloc'd), or NULL when none failed. */
char *fuda_sim_first_fail(const char *variant, uint64_t seed, const sim_totals *t) {
    if (t->fail_match < 0) return NULL;
    fuda_buf b = FUDA_BUF_INIT;
    fuda_buf_addf(&b, "%s: %ld failed match%s; the first: match %ld (seed %llu): %s", variant, t->failed,
                  t->failed == 1 ? "" : "es", t->fail_match + 1, (unsigned long long)(seed + (uint64_t)t->fail_match),
                  t->fail_msg);
    return fuda_buf_take(&b);
}
