/* report.c -- the figures of `fuda sim --report` and `--vs` (see report.h). */
#include "report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "json.h" /* fuda_json_str */
#include "buf.h"
#include "out.h"
#include "render.h"

int fuda_report_flag(fuda_args *a, const char *arg, int *report, const char **svg, int *vs, fuda_match_args *vs_m) {
    const char *v;
    int r;
    if (strcmp(arg, "--report") == 0) {
        *report = 1;
        return 1;
    }
    if ((r = fuda_args_flag(a, arg, "--svg", &v)) != 0) {
        if (r < 0) return FUDA_EXIT_USAGE;
        if (!*v) return fuda_usage_error(a->cmd, "--svg needs a file name");
        *svg = v;
        return 1;
    }
    if ((r = fuda_args_flag(a, arg, "--vs-option", &v)) != 0) {
        if (r < 0) return FUDA_EXIT_USAGE;
        *vs = 1;
        return fuda_args_option(a->cmd, vs_m, v, 0) ? FUDA_EXIT_USAGE : 1;
    }
    if ((r = fuda_args_flag(a, arg, "--vs", &v)) != 0) {
        if (r < 0) return FUDA_EXIT_USAGE;
        if (vs_m->variant) return fuda_usage_error(a->cmd, "--vs given twice");
        *vs = 1;
        vs_m->variant = v;
        return 1;
    }
    return 0;
}

char *fuda_report_vs_label(const fuda_match_args *vs_m) {
    fuda_buf b = FUDA_BUF_INIT;
    if (vs_m->variant) fuda_buf_adds(&b, vs_m->variant);
    for (int i = 0; i < vs_m->nopts; i++) fuda_buf_addf(&b, "%s%s", b.len ? (vs_m->variant ? " " : ", ") : "", vs_m->opts[i]);
    return fuda_buf_take(&b);
}

char *fuda_report_side_label(const fuda_match_args *m, int with_variant) {
    fuda_buf b = FUDA_BUF_INIT;
    if (with_variant) fuda_buf_adds(&b, m->variant);
    for (int i = 0; i < m->nopts; i++)
        fuda_buf_addf(&b, "%s%s", i ? ", " : with_variant ? " (" : "", m->opts[i]);
    if (with_variant && m->nopts) fuda_buf_addc(&b, ')');
    if (!b.len) fuda_buf_adds(&b, "default");
    return fuda_buf_take(&b);
}

int fuda_report_vs_args(const char *cmd, const fuda_match_args *m, fuda_match_args *vs_m) {
    (void)cmd;
    if (!vs_m->variant) { /* the same variant: its options, then the --vs-option ones (the last wins) */
        vs_m->variant = m->variant;
        const char **own = vs_m->opts;
        int nown = vs_m->nopts;
        vs_m->opts = NULL;
        vs_m->nopts = 0;
        for (int i = 0; i < m->nopts; i++) fuda_args_option(cmd, vs_m, m->opts[i], 0);
        for (int i = 0; i < nown; i++) fuda_args_option(cmd, vs_m, own[i], 0);
        free(own);
    }
    vs_m->bots = m->bots;
    vs_m->seats = m->seats;
    vs_m->seed = m->seed;
    vs_m->have_seed = m->have_seed;
    return 0;
}

static int cmp_long(const void *a, const void *b) {
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

fuda_report *fuda_report_new(const fuda_match_rec *recs, long n, int nseats, const fuda_tally *tallies,
                             int ntallies) {
    fuda_report *r = calloc(1, sizeof *r);
    if (!r) abort();
    r->nseats = nseats;
    fuda_moments len = { 0 }, hmoves = { 0 }, leads = { 0 }, drama = { 0 };
    long wins[FUDA_MAX_SEATS + 1] = { 0 }, draws = 0, first_hands = 0, first_wins = 0, last = 0, sole = 0, back = 0;
    long minlen = 0, maxlen = 0, mintot = 0, maxtot = 0, minhm = 0, maxhm = 0, nhm = 0;
    for (long i = 0; i < n; i++) {
        const fuda_match_rec *m = &recs[i];
        if (!m->done) continue;
        if (r->matches == 0) minlen = maxlen = m->hands, mintot = maxtot = m->total[1];
        r->matches++;
        r->hands += m->hands;
        if (m->hands < minlen) minlen = m->hands;
        if (m->hands > maxlen) maxlen = m->hands;
        for (int s = 1; s <= nseats; s++) {
            if (m->total[s] < mintot) mintot = m->total[s];
            if (m->total[s] > maxtot) maxtot = m->total[s];
            if (m->winners & (1u << (s - 1))) wins[s]++;
        }
        if (!m->winners) draws++;
        fuda_moments_add(&len, m->hands);
        hmoves.n += m->hands;
        hmoves.sum += m->hand_moves_sum;
        hmoves.sumsq += m->hand_moves_sumsq;
        for (int h = 0; m->hand_moves && h < m->hands; h++) {
            if (nhm++ == 0) minhm = maxhm = m->hand_moves[h];
            if (m->hand_moves[h] < minhm) minhm = m->hand_moves[h];
            if (m->hand_moves[h] > maxhm) maxhm = m->hand_moves[h];
        }
        fuda_moments_add(&leads, m->lead_changes);
        first_hands += m->first_hands;
        first_wins += m->first_wins;
        if (m->winners && !(m->winners & (m->winners - 1))) {
            sole++;
            last += m->last_hand;
            back += m->drama > 0;
            fuda_moments_add(&drama, m->drama);
        }
    }
    for (int s = 1; s <= nseats; s++) r->seat_win[s] = fuda_wilson((double)wins[s], (double)r->matches, FUDA_Z95);
    r->draw = fuda_wilson((double)draws, (double)r->matches, FUDA_Z95);
    r->first_mover = fuda_wilson((double)first_wins, (double)first_hands, FUDA_Z95);
    r->length = fuda_mean_ci(&len, FUDA_Z95);
    r->hand_moves = fuda_mean_ci(&hmoves, FUDA_Z95);
    r->last_hand = fuda_wilson((double)last, (double)sole, FUDA_Z95);
    r->lead_changes = fuda_mean_ci(&leads, FUDA_Z95);
    r->drama = fuda_mean_ci(&drama, FUDA_Z95);
    r->comeback = fuda_wilson((double)back, (double)sole, FUDA_Z95);
    fuda_hist_init(&r->length_hist, minlen, maxlen, 20);
    fuda_hist_init(&r->score_hist, mintot, maxtot, 20);
    fuda_hist_init(&r->hand_hist, minhm, maxhm, 20);
    long *lens = malloc((size_t)(r->matches ? r->matches : 1) * sizeof *lens);
    if (!lens) abort();
    long k = 0;
    for (long i = 0; i < n; i++) {
        if (!recs[i].done) continue;
        fuda_hist_add(&r->length_hist, recs[i].hands);
        for (int s = 1; s <= nseats; s++) fuda_hist_add(&r->score_hist, recs[i].total[s]);
        for (int h = 0; recs[i].hand_moves && h < recs[i].hands; h++) fuda_hist_add(&r->hand_hist, recs[i].hand_moves[h]);
        lens[k++] = recs[i].hands;
    }
    r->typical = -1;
    if (k > 0) {
        qsort(lens, (size_t)k, sizeof *lens, cmp_long);
        long median = lens[(k - 1) / 2];
        for (long i = 0; i < n && r->typical < 0; i++)
            if (recs[i].done && recs[i].hands == median) r->typical = i;
    }
    free(lens);
    r->ntallies = ntallies;
    r->tally_names = calloc((size_t)(ntallies + 1), sizeof *r->tally_names);
    r->tally_counts = calloc((size_t)(ntallies + 1), sizeof *r->tally_counts);
    if (!r->tally_names || !r->tally_counts) abort();
    for (int i = 0; i < ntallies; i++) {
        r->tally_names[i] = fuda_xstrdup(tallies[i].name);
        r->tally_counts[i] = tallies[i].count;
    }
    return r;
}

void fuda_report_free(fuda_report *r) {
    if (!r) return;
    fuda_hist_free(&r->length_hist);
    fuda_hist_free(&r->score_hist);
    fuda_hist_free(&r->hand_hist);
    for (int i = 0; i < r->ntallies; i++) free(r->tally_names[i]);
    free(r->tally_names);
    free(r->tally_counts);
    free(r);
}

/* ---- text ---- */

static void print_rate(FILE *f, const char *label, fuda_rate x, const char *of) {
    fprintf(f, "%-18s %5.1f%% (95%% CI %.1f%% to %.1f%%)%s\n", label, 100 * x.p, 100 * x.lo, 100 * x.hi, of);
}

static void print_mean(FILE *f, const char *label, fuda_mean x, const char *unit) {
    fprintf(f, "%-18s %.2f%s (95%% CI %.2f to %.2f), sd %.2f\n", label, x.mean, unit, x.lo, x.hi, x.sd);
}

static void print_hist(FILE *f, const char *label, const fuda_hist *h) {
    long most = 1;
    for (int b = 0; b < h->nbins; b++)
        if (h->count[b] > most) most = h->count[b];
    fprintf(f, "%s\n", label);
    for (int b = 0; b < h->nbins; b++) {
        long lo = h->lo + b * h->width, hi = lo + h->width - 1;
        char range[48];
        if (hi > lo) snprintf(range, sizeof range, "%ld-%ld", lo, hi);
        else snprintf(range, sizeof range, "%ld", lo);
        int bar = (int)((h->count[b] * 40 + most - 1) / most);
        fprintf(f, "  %9s %7ld ", range, h->count[b]);
        for (int k = 0; k < bar; k++) fputc('#', f);
        fputc('\n', f);
    }
}

/* A tally as a rate: per hand with an interval when it happens at most once a
 * hand, else per match. */
static void print_tally(FILE *f, const fuda_report *r, int i) {
    long c = r->tally_counts[i];
    if (c <= r->hands && r->hands > 0) {
        fuda_rate x = fuda_wilson((double)c, (double)r->hands, FUDA_Z95);
        fprintf(f, "  %-22s %7.4f per hand (95%% CI %.4f to %.4f)\n", fuda_out_line(r->tally_names[i]), x.p,
                x.lo, x.hi);
    } else {
        fprintf(f, "  %-22s %7.2f per match\n", fuda_out_line(r->tally_names[i]),
                r->matches ? (double)c / r->matches : 0.0);
    }
}

void fuda_report_print(const fuda_report *r, const char *const bots[], FILE *f) {
    char buf[64];
    fprintf(f, "\nreport      %ld matches, %ld hands (95%% intervals)\n", r->matches, r->hands);
    for (int s = 1; s <= r->nseats; s++) {
        snprintf(buf, sizeof buf, "seat %d wins", s);
        char of[64];
        snprintf(of, sizeof of, " (%s)", fuda_out_line(bots[s]));
        print_rate(f, buf, r->seat_win[s], of);
    }
    if (r->draw.p > 0) print_rate(f, "draws", r->draw, "");
    snprintf(buf, sizeof buf, " of hands (even: %.1f%%)", 100.0 / r->nseats);
    print_rate(f, "first mover wins", r->first_mover, buf);
    print_mean(f, "hands per match", r->length, "");
    print_mean(f, "moves per hand", r->hand_moves, "");
    print_rate(f, "decided last hand", r->last_hand, " of matches");
    print_mean(f, "lead changes", r->lead_changes, " per match");
    print_mean(f, "drama", r->drama, " points the winner trailed by");
    print_rate(f, "comebacks", r->comeback, " of matches (the winner trailed)");
    print_hist(f, "match length (hands)", &r->length_hist);
    if (r->hand_hist.total) print_hist(f, "hand length (moves)", &r->hand_hist);
    print_hist(f, "final scores (every seat)", &r->score_hist);
    if (r->ntallies) fprintf(f, "tallies\n");
    for (int i = 0; i < r->ntallies; i++) print_tally(f, r, i);
}

/* ---- JSON ---- */

static void json_rate(fuda_buf *b, const char *key, fuda_rate x) {
    fuda_buf_addf(b, "\"%s\": {\"rate\": %.4f, \"ci_low\": %.4f, \"ci_high\": %.4f}", key, x.p, x.lo, x.hi);
}

static void json_mean(fuda_buf *b, const char *key, fuda_mean x) {
    fuda_buf_addf(b, "\"%s\": {\"mean\": %.4f, \"sd\": %.4f, \"ci_low\": %.4f, \"ci_high\": %.4f}", key, x.mean, x.sd,
                  x.lo, x.hi);
}

static void json_hist(fuda_buf *b, const char *key, const fuda_hist *h) {
    fuda_buf_addf(b, "\"%s\": {\"lo\": %ld, \"width\": %ld, \"counts\": [", key, h->lo, h->width);
    for (int i = 0; i < h->nbins; i++) fuda_buf_addf(b, "%s%ld", i ? ", " : "", h->count[i]);
    fuda_buf_adds(b, "]}");
}

char *fuda_report_json(const fuda_report *r) {
    fuda_buf b = FUDA_BUF_INIT;
    fuda_buf_addf(&b, "{\"matches\": %ld, \"hands\": %ld, \"seat_win\": [", r->matches, r->hands);
    for (int s = 1; s <= r->nseats; s++)
        fuda_buf_addf(&b, "%s{\"rate\": %.4f, \"ci_low\": %.4f, \"ci_high\": %.4f}", s > 1 ? ", " : "",
                      r->seat_win[s].p, r->seat_win[s].lo, r->seat_win[s].hi);
    fuda_buf_adds(&b, "], ");
    json_rate(&b, "draw", r->draw);
    fuda_buf_adds(&b, ", ");
    json_rate(&b, "first_mover", r->first_mover);
    fuda_buf_adds(&b, ", ");
    json_mean(&b, "hands_per_match", r->length);
    fuda_buf_adds(&b, ", ");
    json_mean(&b, "moves_per_hand", r->hand_moves);
    fuda_buf_adds(&b, ", ");
    json_rate(&b, "decided_last_hand", r->last_hand);
    fuda_buf_adds(&b, ", ");
    json_mean(&b, "lead_changes", r->lead_changes);
    fuda_buf_adds(&b, ", ");
    json_mean(&b, "drama", r->drama);
    fuda_buf_adds(&b, ", ");
    json_rate(&b, "comeback", r->comeback);
    fuda_buf_adds(&b, ", ");
    json_hist(&b, "length_hist", &r->length_hist);
    fuda_buf_adds(&b, ", ");
    json_hist(&b, "score_hist", &r->score_hist);
    fuda_buf_adds(&b, ", ");
    json_hist(&b, "hand_length_hist", &r->hand_hist);
    fuda_buf_adds(&b, ", \"tallies\": {");
    for (int i = 0; i < r->ntallies; i++) {
        long c = r->tally_counts[i];
        if (i) fuda_buf_adds(&b, ", ");
        fuda_json_str(&b, r->tally_names[i]);
        fuda_buf_addf(&b, ": {\"count\": %ld, \"per_match\": %.4f", c, r->matches ? (double)c / r->matches : 0.0);
        if (c <= r->hands && r->hands > 0) {
            fuda_rate x = fuda_wilson((double)c, (double)r->hands, FUDA_Z95);
            fuda_buf_addf(&b, ", \"per_hand\": %.4f, \"ci_low\": %.4f, \"ci_high\": %.4f", x.p, x.lo, x.hi);
        }
        fuda_buf_adds(&b, "}");
    }
    fuda_buf_addf(&b, "}, \"typical_match\": %ld}", r->typical + 1);
    return fuda_buf_take(&b);
}

/* ---- comparison ---- */

static fuda_figure_diff mean_diff(const char *key, const char *label, const char *unit, fuda_mean a, fuda_mean b) {
    fuda_mean d = fuda_mean_diff(&a, &b, FUDA_Z95);
    fuda_figure_diff f = { key, label, unit, a.mean, b.mean, d.mean, d.lo, d.hi, 0, 0 };
    return f;
}

static fuda_figure_diff rate_diff(const char *key, const char *label, fuda_rate a, fuda_rate b) {
    fuda_rate d = fuda_rate_diff(&a, &b);
    fuda_figure_diff f = { key, label, " points", a.p, b.p, d.p, d.lo, d.hi, 1, 0 };
    return f;
}

int fuda_report_diffs(const fuda_report *a, const fuda_report *b, fuda_figure_diff *out) {
    int n = 0;
    out[n++] = mean_diff("hands_per_match", "hands per match", " hands", a->length, b->length);
    out[n++] = mean_diff("moves_per_hand", "moves per hand", " moves", a->hand_moves, b->hand_moves);
    out[n++] = rate_diff("seat1_win", "seat 1 wins", a->seat_win[1], b->seat_win[1]);
    out[n++] = rate_diff("first_mover", "first mover wins", a->first_mover, b->first_mover);
    out[n++] = rate_diff("decided_last_hand", "decided last hand", a->last_hand, b->last_hand);
    out[n++] = mean_diff("lead_changes", "lead changes", " lead changes", a->lead_changes, b->lead_changes);
    out[n++] = mean_diff("drama", "drama", " points", a->drama, b->drama);
    out[n++] = rate_diff("comeback", "comebacks", a->comeback, b->comeback);
    long m = a->matches < b->matches ? a->matches : b->matches;
    for (int i = 0; i < n; i++)
        out[i].needed = fuda_round2(fuda_sample_needed((double)m, out[i].d, out[i].lo, out[i].hi));
    return n;
}

int fuda_figure_significant(const fuda_figure_diff *f) { return f->lo > 0 || f->hi < 0; }

int fuda_report_closest(const fuda_figure_diff *d, int n) {
    int best = -1;
    for (int i = 0; i < n; i++)
        if (d[i].needed > 0 && (best < 0 || d[i].needed < d[best].needed)) best = i;
    return best;
}

/* 3700 -> "3,700" */
static void with_commas(char *buf, size_t size, double x) {
    char digits[32];
    snprintf(digits, sizeof digits, "%.0f", x);
    size_t n = strlen(digits), k = 0;
    for (size_t i = 0; i < n && k + 2 < size; i++) {
        if (i > 0 && (n - i) % 3 == 0) buf[k++] = ',';
        buf[k++] = digits[i];
    }
    buf[k] = '\0';
}

void fuda_report_power_words(const fuda_figure_diff *f, char *buf, size_t size) {
    double k = f->pct ? 100 : 1;
    char n[32];
    with_commas(n, sizeof n, f->needed);
    snprintf(buf, size, "a difference the size of the one seen in %s (%+.2f%s) would take about %s matches a side to "
             "show (a rough estimate: 80%% power, if that were the true difference)",
             f->label, k * f->d, f->pct ? " points" : "", n);
}

void fuda_report_compare_print(const fuda_report *a, const fuda_report *b, const char *label, FILE *f) {
    fuda_figure_diff d[16];
    int n = fuda_report_diffs(a, b, d);
    fprintf(f, "compare     vs minus main, 95%% intervals (* significant; ~N: matches a side that would\n"
               "            show the difference seen, roughly)\n");
    for (int i = 0; i < n; i++) {
        double k = d[i].pct ? 100 : 1;
        char need[40] = "";
        if (!fuda_figure_significant(&d[i]) && d[i].needed > 0) {
            char num[32];
            with_commas(num, sizeof num, d[i].needed);
            snprintf(need, sizeof need, "  ~%s", num);
        }
        fprintf(f, "%-18s %8.2f%s -> %8.2f%s  %+.2f (%+.2f to %+.2f)%s%s\n", d[i].label, k * d[i].a,
                d[i].pct ? "%" : " ", k * d[i].b, d[i].pct ? "%" : " ", k * d[i].d, k * d[i].lo, k * d[i].hi,
                fuda_figure_significant(&d[i]) ? " *" : "", need);
    }
    int any = 0;
    for (int i = 0; i < n; i++) {
        if (!fuda_figure_significant(&d[i])) continue;
        double k = d[i].pct ? 100 : 1, half = k * (d[i].hi - d[i].lo) / 2;
        if (i == 0) {
            fprintf(f, "in words    %s makes matches %.1f hands %s, +/- %.1f\n", fuda_out_line(label),
                    fabs(k * d[i].d), d[i].d > 0 ? "longer" : "shorter", half);
        } else {
            fprintf(f, "in words    %s: %s %s by %.1f%s, +/- %.1f\n", fuda_out_line(label), d[i].label,
                    d[i].d > 0 ? "up" : "down", fabs(k * d[i].d), d[i].pct ? " points" : "", half);
        }
        any = 1;
    }
    if (any) return;
    int c = fuda_report_closest(d, n);
    fprintf(f, "in words    no difference is significant at 95%%%s\n", c >= 0 ? ";" : "");
    if (c < 0) return;
    char words[320];
    fuda_report_power_words(&d[c], words, sizeof words);
    fuda_buf w = FUDA_BUF_INIT;
    fuda_buf_adds(&w, "            ");
    fuda_fill(&w, words, 92, 12, 12);
    fputs(w.p, f);
    fuda_buf_free(&w);
}

char *fuda_report_compare_json(const fuda_report *a, const fuda_report *b) {
    fuda_figure_diff d[16];
    int n = fuda_report_diffs(a, b, d);
    fuda_buf x = FUDA_BUF_INIT;
    fuda_buf_adds(&x, "{");
    for (int i = 0; i < n; i++) {
        fuda_buf_addf(&x, "%s\"%s\": {\"main\": %.4f, \"vs\": %.4f, \"diff\": %.4f, \"ci_low\": %.4f, "
                          "\"ci_high\": %.4f, \"significant\": %s, \"matches_needed\": ",
                      i ? ", " : "", d[i].key, d[i].a, d[i].b, d[i].d, d[i].lo, d[i].hi,
                      fuda_figure_significant(&d[i]) ? "true" : "false");
        if (d[i].needed > 0) fuda_buf_addf(&x, "%.0f}", d[i].needed);
        else fuda_buf_adds(&x, "null}");
    }
    fuda_buf_adds(&x, "}");
    return fuda_buf_take(&x);
}
