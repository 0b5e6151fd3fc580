/* svg.c -- the picture of `fuda sim --svg FILE` (report.h: fuda_report_svg),
 * one self-contained SVG file written atomically.
 *
 * Its title says what was played and compared ("gin: undercut_bonus=10 vs
 * default, 2,000 matches each"), its panels say what they show, each axis
 * has a title and round ticks, and a colour means one thing in the whole
 * picture: the main side blue, the --vs side orange, the seats of the lead
 * history colours of their own. The panels:
 *
 *   compare  (with --vs) each figure's difference with its 95% interval, a
 *            row each, filled when significant; under them, when none is,
 *            about how many matches would show the difference seen;
 *   scores   the final score of every seat in every match, both sides in
 *            the same bins;
 *   length   hands per match, both sides, with each side's mean;
 *   lead     a typical match of the main side (the first of median length,
 *            replayed from its seed): each seat's total after each hand. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "report.h"
#include "text_xml.h"

#define W 820         /* the picture's width */
#define LEFT 80       /* room for the y ticks and the y axis title */
#define RIGHT 30
#define HEAD_H 64     /* the title and the line under it */
#define PANEL_H 292   /* a chart: its title and the line under it, the plot, the x ticks and title */
#define TOP 56        /* from a chart's top to its plot */
#define PLOT_H 176
#define ROW_H 34      /* a row of the compare panel */
#define LEAD_RIGHT 140 /* room for the seats' names at the lines' ends */

#define MAIN_COLOUR "#1f77b4"
#define VS_COLOUR "#ff7f0e"
#define INK "#222"
#define GREY "#777"
#define GRID "#e4e4e4"

/* The seats' colours: none of them blue or orange, which are the sides'. */
static const char *const seat_colours[] = { "#2ca02c", "#9467bd", "#8c564b", "#e377c2",
                                            "#17becf", "#bcbd22", "#d62728", "#7f7f7f" };

/* ---- text ---- */

/* Text escaped for XML (core/text_xml.h): well-formed whatever the bytes. */
static void esc(fuda_buf *b, const char *s) {
    size_t n = strlen(s);
    fuda_buf_grow(b, FUDA_XML_SIZE(n));
    b->len += fuda_xml_escape(b->p + b->len, s, n);
}

/* style: "" or attributes such as "font-weight=\"bold\"" */
static void text(fuda_buf *b, double x, double y, const char *anchor, int size, const char *style, const char *s) {
    fuda_buf_addf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%d\" %s>", x, y, anchor, size,
                  style);
    esc(b, s);
    fuda_buf_adds(b, "</text>\n");
}

/* 2000 -> "2,000"; a fraction with as many decimals as `step` needs. */
static void number(char *buf, size_t size, double x, double step) {
    int decimals = 0;
    for (double s = step; decimals < 4 && fabs(s - round(s)) > 1e-9; s *= 10) decimals++;
    char raw[48];
    if (fabs(x) < 1e-12) decimals = 0; /* "0", not "0.0" */
    snprintf(raw, sizeof raw, "%.*f", decimals, fabs(x) < 1e-12 ? 0.0 : x);
    const char *digits = raw + (raw[0] == '-');
    size_t whole = strcspn(digits, "."), k = 0;
    if (raw[0] == '-' && k + 1 < size) buf[k++] = '-';
    for (size_t i = 0; digits[i] && k + 2 < size; i++) {
        if (i > 0 && i < whole && (whole - i) % 3 == 0) buf[k++] = ',';
        buf[k++] = digits[i];
    }
    buf[k] = '\0';
}

static void count_words(char *buf, size_t size, long n) { number(buf, size, (double)n, 1); }

/* ---- scales ---- */

/* A round step (1, 2 or 5 times a power of ten) near span / ticks. */
static double nice_step(double span, int ticks) {
    if (span <= 0) return 1;
    double raw = span / ticks, p = pow(10, floor(log10(raw))), f = raw / p;
    return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * p;
}

typedef struct axis {
    double lo, hi;     /* the values at the ends */
    double from, to;   /* their place on the picture */
} axis;

static double at(const axis *a, double v) { return a->from + (v - a->lo) * (a->to - a->from) / (a->hi - a->lo); }

/* The y axis: ticks and grid lines every round step from lo, and its title
 * written upwards. */
static void y_axis(fuda_buf *b, const axis *y, double step, double x0, double x1, const char *title) {
    char label[48];
    for (double v = ceil(y->lo / step - 1e-9) * step; v <= y->hi + 1e-9; v += step) {
        double py = at(y, v);
        fuda_buf_addf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", x0, py, x1, py,
                      fabs(v) < 1e-9 ? GREY : GRID);
        number(label, sizeof label, v, step);
        text(b, x0 - 6, py + 4, "end", 11, "", label);
    }
    double mid = (y->from + y->to) / 2;
    fuda_buf_addf(b, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"12\" "
                     "transform=\"rotate(-90 %d %.1f)\">", 18, mid, 18, mid);
    esc(b, title);
    fuda_buf_adds(b, "</text>\n");
}

/* The x axis line at y0, ticks every round step (at the middle of a
 * whole-number bin when `centred`), and its title under them. */
static void x_axis(fuda_buf *b, const axis *x, double step, double y0, int centred, const char *title) {
    char label[48];
    fuda_buf_addf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", x->from, y0, x->to,
                  y0, INK);
    double first = ceil(x->lo / step - 1e-9) * step;
    for (double v = first; v <= x->hi + 1e-9 - (centred ? 1 : 0); v += step) {
        double px = at(x, v + (centred ? 0.5 : 0));
        fuda_buf_addf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", px, y0, px, y0 + 5,
                      INK);
        number(label, sizeof label, v, step);
        text(b, px, y0 + 18, "middle", 11, "", label);
    }
    text(b, (x->from + x->to) / 2, y0 + 36, "middle", 12, "", title);
}

/* A panel: its title, and under it in grey what else to know. */
static void panel_start(fuda_buf *b, const char *id, int y0, const char *title, const char *note) {
    fuda_buf_addf(b, "<g id=\"%s\" transform=\"translate(0,%d)\">\n", id, y0);
    text(b, LEFT, 24, "start", 15, "font-weight=\"bold\"", title);
    text(b, LEFT, 42, "start", 12, "fill=\"" GREY "\"", note);
}

/* About how wide text of n bytes is at 12 px. */
static double text_width(const char *s) { return 6.8 * (double)strlen(s); }

/* A legend entry: a square of colour and what it stands for, from x; the x
 * after it. */
static double legend(fuda_buf *b, double x, double y, const char *colour, const char *what) {
    fuda_buf_addf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"10\" height=\"10\" fill=\"%s\"/>\n", x, y - 9, colour);
    text(b, x + 14, y, "start", 12, "", what);
    return x + 14 + text_width(what) + 16;
}

/* ---- histograms of the two sides in the same bins ---- */

typedef struct bins {
    long lo, width;
    int n;
    long count[2][200];
} bins;

/* Bins of a round width over [min, max], about 20 of them (whole numbers:
 * width 1 up to 40 values). */
static void bins_init(bins *h, long min, long max) {
    long span = max - min + 1;
    h->width = span <= 40 ? 1 : (long)nice_step((double)span, 20);
    if (h->width < 1) h->width = 1;
    h->lo = (long)floor((double)min / (double)h->width) * h->width;
    h->n = (int)((max - h->lo) / h->width + 1);
    if (h->n > 200) h->n = 200;
    memset(h->count, 0, sizeof h->count);
}

static void bins_add(bins *h, int side, long v) {
    long k = (v - h->lo) / h->width;
    if (k < 0) k = 0;
    if (k >= h->n) k = h->n - 1;
    h->count[side][k]++;
}

/* The side-by-side bars of h (one set per side) in a panel at y0 (plot
 * coordinates from TOP), x titled `xtitle`, y `ytitle`; *x gets the x axis. */
static void hist_panel(fuda_buf *b, const bins *h, int sides, const char *xtitle, const char *ytitle,
                       const char *const labels[2], const char *unit, axis *xout) {
    long most = 1;
    for (int s = 0; s < sides; s++)
        for (int k = 0; k < h->n; k++)
            if (h->count[s][k] > most) most = h->count[s][k];
    double ystep = nice_step((double)most, 4);
    axis y = { 0, ceil((double)most / ystep) * ystep, TOP + PLOT_H, TOP };
    axis x = { (double)h->lo, (double)(h->lo + h->n * h->width), LEFT, W - RIGHT };
    y_axis(b, &y, ystep, LEFT, W - RIGHT, ytitle);
    double bw = (x.to - x.from) / h->n / sides;
    for (int s = 0; s < sides; s++)
        for (int k = 0; k < h->n; k++) {
            long from = h->lo + k * h->width;
            double bx = at(&x, (double)from) + s * bw, top = at(&y, (double)h->count[s][k]);
            fuda_buf_addf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>", bx, top,
                          bw > 2 ? bw - 1 : bw, TOP + PLOT_H - top, s ? VS_COLOUR : MAIN_COLOUR);
            esc(b, labels[s]);
            fuda_buf_addf(b, ": %ld", from);
            if (h->width > 1) fuda_buf_addf(b, " to %ld", from + h->width - 1);
            fuda_buf_addf(b, " %s: %ld</title></rect>\n", unit, h->count[s][k]);
        }
    double span = (double)(h->n * h->width), step = nice_step(span, 8);
    if (step < (double)h->width) step = (double)h->width;
    x_axis(b, &x, step, TOP + PLOT_H, h->width == 1, xtitle);
    *xout = x;
}

/* The legend of the two sides, on the title's line at the right. */
static void sides_legend(fuda_buf *b, const char *const labels[2], int sides) {
    double wide = 30 + text_width(labels[0]) + (sides > 1 ? 30 + text_width(labels[1]) : 0);
    double x = W - RIGHT - wide;
    x = legend(b, x, 24, MAIN_COLOUR, labels[0]);
    if (sides > 1) legend(b, x, 24, VS_COLOUR, labels[1]);
}

static void scores_panel(fuda_buf *b, const fuda_svg_side *a, const fuda_svg_side *v, int y0) {
    const fuda_svg_side *sd[2] = { a, v };
    int sides = v ? 2 : 1, any = 0;
    long min = 0, max = 0;
    for (int s = 0; s < sides; s++)
        for (long i = 0; i < sd[s]->n; i++)
            for (int k = 1; sd[s]->recs[i].done && k <= sd[s]->recs[i].nseats; k++) {
                long t = sd[s]->recs[i].total[k];
                if (!any || t < min) min = t;
                if (!any || t > max) max = t;
                any = 1;
            }
    bins h;
    bins_init(&h, min, max);
    for (int s = 0; s < sides; s++)
        for (long i = 0; i < sd[s]->n; i++)
            for (int k = 1; sd[s]->recs[i].done && k <= sd[s]->recs[i].nseats; k++) bins_add(&h, s, sd[s]->recs[i].total[k]);
    char note[96], w[32];
    number(w, sizeof w, (double)h.width, 1);
    snprintf(note, sizeof note, "one count for every seat of every match; bins of %s point%s", w, h.width > 1 ? "s" : "");
    panel_start(b, "scores", y0, "Final score of each seat", note);
    const char *labels[2] = { a->label, v ? v->label : "" };
    sides_legend(b, labels, sides);
    axis x;
    hist_panel(b, &h, sides, "final score (points)", "seats ending there", labels, "points", &x);
    fuda_buf_adds(b, "</g>\n");
}

static void length_panel(fuda_buf *b, const fuda_svg_side *a, const fuda_svg_side *v, int y0) {
    const fuda_svg_side *sd[2] = { a, v };
    int sides = v ? 2 : 1, any = 0;
    long min = 0, max = 0;
    for (int s = 0; s < sides; s++)
        for (long i = 0; i < sd[s]->n; i++) {
            if (!sd[s]->recs[i].done) continue;
            long t = sd[s]->recs[i].hands;
            if (!any || t < min) min = t;
            if (!any || t > max) max = t;
            any = 1;
        }
    bins h;
    bins_init(&h, min, max);
    for (int s = 0; s < sides; s++)
        for (long i = 0; i < sd[s]->n; i++)
            if (sd[s]->recs[i].done) bins_add(&h, s, sd[s]->recs[i].hands);
    panel_start(b, "length", y0, "Match length", sides > 1 ? "dashed: each side's mean" : "dashed: the mean");
    const char *labels[2] = { a->label, v ? v->label : "" };
    sides_legend(b, labels, sides);
    axis x;
    hist_panel(b, &h, sides, "hands in the match", "matches", labels, "hands", &x);
    for (int s = 0; s < sides; s++) { /* the mean: a dashed line, its figure on the side away from the other */
        double m = sd[s]->rep->length.mean, other = sides > 1 ? sd[1 - s]->rep->length.mean : m;
        int right = m >= other && !(m == other && s == 1);
        double px = at(&x, m + (h.width == 1 ? 0.5 : 0));
        char label[64];
        snprintf(label, sizeof label, "mean %.2f", m);
        fuda_buf_addf(b, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#fff\" stroke-width=\"4\"/>\n"
                         "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\" "
                         "stroke-dasharray=\"5,3\"/>\n", px, TOP, px, TOP + PLOT_H, px, TOP, px, TOP + PLOT_H,
                      s ? VS_COLOUR : MAIN_COLOUR);
        text(b, px + (right ? 5 : -5), TOP + 10, right ? "start" : "end", 11, /* a white outline keeps it legible on a bar */
             s ? "font-weight=\"bold\" paint-order=\"stroke\" stroke=\"#fff\" stroke-width=\"3\" fill=\"" VS_COLOUR "\""
               : "font-weight=\"bold\" paint-order=\"stroke\" stroke=\"#fff\" stroke-width=\"3\" fill=\"" MAIN_COLOUR "\"",
             label);
    }
    fuda_buf_adds(b, "</g>\n");
}

/* ---- the differences ---- */

/* The half-range of a row's scale: a round number past the interval. */
static double row_range(const fuda_figure_diff *f) {
    double k = f->pct ? 100 : 1, m = fmax(fabs(k * f->lo), fabs(k * f->hi));
    if (m <= 0) m = 1;
    double step = nice_step(m, 1);
    return ceil(m / step - 1e-9) * step;
}

/* Lines of at most `cols` characters, broken at spaces, each as a text line
 * from (x, y) down; returns how many. */
static int text_lines(fuda_buf *b, double x, double y, int cols, int size, const char *style, const char *s) {
    int lines = 0;
    char line[256];
    while (*s) {
        size_t n = strlen(s), cut = n;
        if ((int)n > cols) {
            cut = (size_t)cols;
            while (cut > 0 && s[cut] != ' ') cut--;
            if (cut == 0) cut = (size_t)cols;
        }
        if (cut >= sizeof line) cut = sizeof line - 1;
        memcpy(line, s, cut);
        line[cut] = '\0';
        text(b, x, y + lines * (size + 4), "start", size, style, line);
        lines++;
        s += cut;
        while (*s == ' ') s++;
    }
    return lines;
}

#define ROWS_TOP (TOP + 6) /* the first row's top in the compare panel */

static int compare_height(int n) { return ROWS_TOP + n * ROW_H + 60; }

static void compare_panel(fuda_buf *b, const fuda_svg_side *a, const fuda_svg_side *v, int y0) {
    fuda_figure_diff d[16];
    int n = fuda_report_diffs(a->rep, v->rep, d);
    char title[256], line[400];
    snprintf(title, sizeof title, "The difference, %s minus %s, with its 95%% interval", v->label, a->label);
    panel_start(b, "compare", y0, title,
                "each row on its own scale; rates in percentage points; filled and bold: significant (the "
                "interval leaves out 0)");
    double rate_range = 0;
    for (int i = 0; i < n; i++)
        if (d[i].pct && row_range(&d[i]) > rate_range) rate_range = row_range(&d[i]);
    double x0 = 200, x1 = 480;
    for (int i = 0; i < n; i++) {
        const fuda_figure_diff *f = &d[i];
        double k = f->pct ? 100 : 1, m = f->pct ? rate_range : row_range(f), cy = ROWS_TOP + i * ROW_H + 12;
        axis x = { -m, m, x0, x1 };
        int sig = fuda_figure_significant(f);
        if (i % 2 == 0)
            fuda_buf_addf(b, "<rect x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%d\" fill=\"#f6f6f6\"/>\n", 10,
                          cy - 14, W - 20, ROW_H);
        text(b, 20, cy + 4, "start", 13, "", f->label);
        fuda_buf_addf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", x0, cy + 8, x1,
                      cy + 8, GREY);
        for (int t = -1; t <= 1; t++) { /* -m, 0, +m under the row */
            char label[48], signed_label[52];
            number(label, sizeof label, t * m, m);
            snprintf(signed_label, sizeof signed_label, "%s%s", t > 0 ? "+" : "", label);
            double px = at(&x, t * m);
            fuda_buf_addf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"%s/>\n", px,
                          t ? cy + 5 : cy - 12, px, cy + 11, GREY, t ? "" : " stroke-dasharray=\"3,2\"");
            text(b, px, cy + 20, "middle", 10, "fill=\"" GREY "\"", signed_label);
        }
        double lo = at(&x, k * f->lo), hi = at(&x, k * f->hi), pd = at(&x, k * f->d);
        fuda_buf_addf(b, "<g stroke=\"%s\" stroke-width=\"2\"><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
                         "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/><line x1=\"%.1f\" y1=\"%.1f\" "
                         "x2=\"%.1f\" y2=\"%.1f\"/></g>\n",
                      INK, lo, cy, hi, cy, lo, cy - 5, lo, cy + 5, hi, cy - 5, hi, cy + 5);
        fuda_buf_addf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"%s\" stroke=\"%s\" stroke-width=\"2\">"
                         "<title>", pd, cy, sig ? INK : "#fff", INK);
        esc(b, f->label);
        fuda_buf_addf(b, ": %+.2f%s</title></circle>\n", k * f->d, f->pct ? " points" : "");
        snprintf(line, sizeof line, "%+.2f%s (%+.2f to %+.2f)", k * f->d, f->pct ? " points" : f->unit, k * f->lo,
                 k * f->hi);
        text(b, x1 + 20, cy + 4, "start", 12, sig ? "font-weight=\"bold\"" : "", line);
    }
    double y = ROWS_TOP + n * ROW_H + 16;
    int any = 0;
    for (int i = 0; i < n; i++) any |= fuda_figure_significant(&d[i]);
    int c = fuda_report_closest(d, n);
    if (!any) {
        char words[320];
        if (c >= 0) fuda_report_power_words(&d[c], words, sizeof words);
        snprintf(line, sizeof line, "No difference is significant at 95%%%s%s.", c >= 0 ? ": " : "", c >= 0 ? words : "");
    } else {
        snprintf(line, sizeof line, "Significant at 95%%:");
        for (int i = 0, k = 0; i < n; i++)
            if (fuda_figure_significant(&d[i]))
                snprintf(line + strlen(line), sizeof line - strlen(line), "%s %s", k++ ? "," : "", d[i].label);
        snprintf(line + strlen(line), sizeof line - strlen(line), ".");
    }
    text_lines(b, 20, y, 120, 12, "", line);
    fuda_buf_adds(b, "</g>\n");
}

/* ---- the lead history ---- */

/* Each seat's total after every hand of the match in rec->history; each
 * line named at its end. */
static void lead_panel(fuda_buf *b, const fuda_match_rec *rec, const fuda_svg_side *a, long index, uint64_t seed,
                       int y0) {
    int n = rec->nseats, hands = rec->hands;
    char title[320], note[160], mseed[48];
    count_words(mseed, sizeof mseed, (long)seed);
    snprintf(title, sizeof title, "A typical match of %s: each seat's total after each hand", a->label);
    snprintf(note, sizeof note, "match %ld (seed %s), %d hands: the first match of the median length", index + 1,
             mseed, hands);
    panel_start(b, "lead", y0, title, note);
    int lo = 0, hi = 1;
    for (int i = 0; i < hands * n; i++) {
        if (rec->history[i] < lo) lo = rec->history[i];
        if (rec->history[i] > hi) hi = rec->history[i];
    }
    double ystep = nice_step((double)(hi - lo), 5);
    axis y = { floor(lo / ystep) * ystep, ceil(hi / ystep) * ystep, TOP + PLOT_H, TOP };
    axis x = { 0, hands > 0 ? hands : 1, LEFT, W - LEAD_RIGHT };
    y_axis(b, &y, ystep, LEFT, W - LEAD_RIGHT, "total (points)");
    double xstep = nice_step(x.hi, 8);
    if (xstep < 1) xstep = 1;
    x_axis(b, &x, xstep, TOP + PLOT_H, 0, "hands played");
    double ends[FUDA_MAX_SEATS + 1];
    for (int s = 1; s <= n; s++) {
        const char *colour = seat_colours[(s - 1) % 8];
        fuda_buf_addf(b, "<polyline fill=\"none\" stroke-width=\"2\" stroke=\"%s\"%s points=\"%.1f,%.1f", colour,
                      s > 8 ? " stroke-dasharray=\"6,3\"" : "", at(&x, 0), at(&y, 0));
        for (int h = 0; h < hands; h++) fuda_buf_addf(b, " %.1f,%.1f", at(&x, h + 1), at(&y, rec->history[h * n + s - 1]));
        fuda_buf_addf(b, "\"><title>seat %d (", s);
        esc(b, a->bots[s]);
        fuda_buf_adds(b, ")</title></polyline>\n");
        ends[s] = at(&y, hands > 0 ? rec->history[(hands - 1) * n + s - 1] : 0);
    }
    int order[FUDA_MAX_SEATS + 1];
    for (int s = 1; s <= n; s++) order[s - 1] = s;
    for (int i = 1; i < n; i++) /* by where the lines end, top first */
        for (int j = i; j > 0 && ends[order[j]] < ends[order[j - 1]]; j--) {
            int t = order[j];
            order[j] = order[j - 1], order[j - 1] = t;
        }
    double last = -1e9;
    for (int i = 0; i < n; i++) { /* the names at the lines' ends, 13 apart at least */
        int s = order[i];
        double ly = ends[s] + 4 < last + 13 ? last + 13 : ends[s] + 4;
        char label[96], style[32];
        snprintf(label, sizeof label, "seat %d (%s)", s, a->bots[s]);
        snprintf(style, sizeof style, "fill=\"%s\"", seat_colours[(s - 1) % 8]);
        text(b, W - LEAD_RIGHT + 8, ly, "start", 12, style, label);
        last = ly;
    }
    fuda_buf_adds(b, "</g>\n");
}

/* ---- the picture ---- */

static void head(fuda_buf *x, const char *subject, const fuda_svg_side *a, const fuda_svg_side *v, uint64_t seed) {
    char title[512], n[48], s1[48], s2[48], bots[256] = "";
    count_words(n, sizeof n, a->rep->matches);
    if (v && subject) snprintf(title, sizeof title, "%s: %s vs %s, %s matches each", subject, v->label, a->label, n);
    else if (v) snprintf(title, sizeof title, "%s vs %s, %s matches each", v->label, a->label, n);
    else snprintf(title, sizeof title, "%s, %s matches", subject ? subject : a->label, n);
    text(x, 20, 28, "start", 18, "font-weight=\"bold\"", title);
    count_words(s1, sizeof s1, (long)seed);
    count_words(s2, sizeof s2, (long)seed + a->n - 1);
    for (int s = 1; s <= a->rep->nseats && a->bots[s]; s++)
        snprintf(bots + strlen(bots), sizeof bots - strlen(bots), "%s%s", s > 1 ? ", " : "", a->bots[s]);
    char sub[640];
    snprintf(sub, sizeof sub, "seeds %s to %s%s; bots by seat: %s; intervals at 95%%", s1, s2,
             v ? " (the same deals for both sides)" : "", bots);
    text(x, 20, 50, "start", 12, "fill=\"" GREY "\"", sub);
}

int fuda_report_svg(const char *subject, const fuda_svg_side *a, const fuda_svg_side *v, fuda_engine *e,
                    uint64_t seed, const char *path, char *err, size_t errsize) {
    const fuda_report *r = a->rep;
    fuda_match_rec rec = { 0 };
    rec.keep_history = 1;
    if (r->typical >= 0) {
        char *perr = NULL;
        if (fuda_play_match(e, r->nseats, seed + (uint64_t)r->typical, a->bots, &rec, &perr) != 0) {
            snprintf(err, errsize, "replaying the typical match: %s", perr ? perr : "failed");
            free(perr);
            free(rec.history);
            return -1;
        }
    }
    fuda_figure_diff d[16];
    int rows = v ? fuda_report_diffs(a->rep, v->rep, d) : 0;
    int height = HEAD_H + (v ? compare_height(rows) : 0) + 2 * PANEL_H + (r->typical >= 0 ? PANEL_H : 0);
    fuda_buf x = FUDA_BUF_INIT;
    fuda_buf_addf(&x, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                      "font-family=\"sans-serif\" fill=\"" INK "\">\n",
                  W, height, W, height);
    fuda_buf_adds(&x, "<title>fuda sim: ");
    esc(&x, fuda_engine_info(e)->name);
    fuda_buf_addf(&x, ", %ld matches%s</title>\n", r->matches, v ? " each side" : "");
    fuda_buf_addf(&x, "<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n", W, height);
    head(&x, subject, a, v, seed);
    int y = HEAD_H;
    if (v) {
        compare_panel(&x, a, v, y);
        y += compare_height(rows);
    }
    scores_panel(&x, a, v, y);
    y += PANEL_H;
    length_panel(&x, a, v, y);
    y += PANEL_H;
    if (r->typical >= 0) lead_panel(&x, &rec, a, r->typical, seed + (uint64_t)r->typical, y);
    fuda_buf_adds(&x, "</svg>\n");
    free(rec.history);
    int res = fuda_write_file(path, x.p, x.len, err, errsize);
    fuda_buf_free(&x);
    return res;
}
