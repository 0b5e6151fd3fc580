/* svg.c -- the charts of `fuda sim --svg FILE`: the distribution of final
 * scores, the histogram of match lengths (and the --vs side's beside it),
 * and the lead history of a typical match (each seat's total after every
 * hand), as one self-contained SVG file written atomically. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "report.h"
#include "text_xml.h"

#define W 760         /* the picture's width */
#define PANEL_H 250   /* each chart's height, title included */
#define LEFT 70       /* room for the y labels */
#define RIGHT 30
#define TOP 40        /* room for the title */
#define BOTTOM 40     /* room for the x labels */

static const char *const colours[] = { "#1f77b4", "#d62728", "#2ca02c", "#9467bd",
                                       "#ff7f0e", "#8c564b", "#e377c2", "#7f7f7f" };

/* Text escaped for XML (core/text_xml.h): well-formed whatever the bytes. */
static void esc(fuda_buf *b, const char *s) {
    size_t n = strlen(s);
    fuda_buf_grow(b, FUDA_XML_SIZE(n));
    b->len += fuda_xml_escape(b->p + b->len, s, n);
}

static void text(fuda_buf *b, double x, double y, const char *anchor, int size, const char *s) {
    fuda_buf_addf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%d\">", x, y, anchor, size);
    esc(b, s);
    fuda_buf_adds(b, "</text>\n");
}

static void panel_start(fuda_buf *b, const char *id, int y0, const char *title) {
    fuda_buf_addf(b, "<g id=\"%s\" transform=\"translate(0,%d)\">\n", id, y0);
    text(b, W / 2.0, 24, "middle", 16, title);
    int h = PANEL_H - TOP - BOTTOM;
    fuda_buf_addf(b, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#000\"/>\n", LEFT, TOP + h, W - RIGHT,
                  TOP + h);
    fuda_buf_addf(b, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#000\"/>\n", LEFT, TOP, LEFT, TOP + h);
}

/* Bars of histogram h (and of h2 beside them, when not NULL) in a panel. */
static void hist_bars(fuda_buf *b, const fuda_hist *h, const fuda_hist *h2, const char *what) {
    int plot_w = W - LEFT - RIGHT, plot_h = PANEL_H - TOP - BOTTOM;
    long most = 1, lo = h->lo, hi = h->lo + (long)h->nbins * h->width;
    if (h2) {
        if (h2->lo < lo) lo = h2->lo;
        if (h2->lo + (long)h2->nbins * h2->width > hi) hi = h2->lo + (long)h2->nbins * h2->width;
    }
    for (int k = 0; k < h->nbins; k++) if (h->count[k] > most) most = h->count[k];
    for (int k = 0; h2 && k < h2->nbins; k++) if (h2->count[k] > most) most = h2->count[k];
    double scale = (double)plot_w / (double)(hi - lo);
    for (int set = 0; set < (h2 ? 2 : 1); set++) {
        const fuda_hist *x = set ? h2 : h;
        double bw = x->width * scale / (h2 ? 2 : 1);
        for (int k = 0; k < x->nbins; k++) {
            long from = x->lo + k * x->width;
            double bx = LEFT + (double)(from - lo) * scale + set * bw;
            double bh = (double)x->count[k] * plot_h / (double)most;
            fuda_buf_addf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\">", bx,
                          TOP + plot_h - bh, bw > 1.5 ? bw - 1 : bw, bh, colours[set]);
            fuda_buf_addf(b, "<title>%s%ld", set ? "vs: " : "", from);
            if (x->width > 1) fuda_buf_addf(b, " to %ld", from + x->width - 1);
            fuda_buf_addf(b, " %s: %ld</title></rect>\n", what, x->count[k]);
        }
    }
    char label[64];
    snprintf(label, sizeof label, "%ld", lo);
    text(b, LEFT, TOP + plot_h + 18, "middle", 12, label);
    snprintf(label, sizeof label, "%ld", hi - 1);
    text(b, W - RIGHT, TOP + plot_h + 18, "middle", 12, label);
    snprintf(label, sizeof label, "%ld", most);
    text(b, LEFT - 6, TOP + 10, "end", 12, label);
    text(b, LEFT - 6, TOP + plot_h, "end", 12, "0");
}

/* Each seat's total after every hand of the match in rec->history. */
static void lead_lines(fuda_buf *b, const fuda_match_rec *rec, const char *const bots[]) {
    int plot_w = W - LEFT - RIGHT, plot_h = PANEL_H - TOP - BOTTOM, n = rec->nseats, hands = rec->hands;
    int lo = 0, hi = 1;
    for (int i = 0; i < hands * n; i++) {
        if (rec->history[i] < lo) lo = rec->history[i];
        if (rec->history[i] > hi) hi = rec->history[i];
    }
    double xs = (double)plot_w / (hands > 0 ? hands : 1), ys = (double)plot_h / (hi - lo);
    for (int s = 1; s <= n; s++) {
        fuda_buf_addf(b, "<polyline fill=\"none\" stroke-width=\"2\" stroke=\"%s\" points=\"%d,%.1f",
                      colours[(s - 1) % 8], LEFT, TOP + plot_h - (0 - lo) * ys);
        for (int h = 0; h < hands; h++)
            fuda_buf_addf(b, " %.1f,%.1f", LEFT + (h + 1) * xs, TOP + plot_h - (rec->history[h * n + s - 1] - lo) * ys);
        fuda_buf_adds(b, "\"><title>seat ");
        fuda_buf_addf(b, "%d (", s);
        esc(b, bots[s]);
        fuda_buf_adds(b, ")</title></polyline>\n");
        char label[96];
        snprintf(label, sizeof label, "seat %d (%s)", s, bots[s]);
        fuda_buf_addf(b, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/>\n", LEFT + 10,
                      TOP + 4 + (s - 1) * 16, colours[(s - 1) % 8]);
        text(b, LEFT + 26, TOP + 13 + (s - 1) * 16, "start", 12, label);
    }
    char label[64];
    snprintf(label, sizeof label, "%d", hi);
    text(b, LEFT - 6, TOP + 10, "end", 12, label);
    snprintf(label, sizeof label, "%d", lo);
    text(b, LEFT - 6, TOP + plot_h, "end", 12, label);
    snprintf(label, sizeof label, "hand %d", hands);
    text(b, W - RIGHT, TOP + plot_h + 18, "middle", 12, label);
}

int fuda_report_svg(const fuda_report *r, fuda_engine *e, const char *const bots[], uint64_t seed,
                    const fuda_report *b, const char *path, char *err, size_t errsize) {
    fuda_match_rec rec = { 0 };
    rec.keep_history = 1;
    if (r->typical >= 0) {
        char *perr = NULL;
        if (fuda_play_match(e, r->nseats, seed + (uint64_t)r->typical, bots, &rec, &perr) != 0) {
            snprintf(err, errsize, "replaying the typical match: %s", perr ? perr : "failed");
            free(perr);
            free(rec.history);
            return -1;
        }
    }
    int panels = r->typical >= 0 ? 3 : 2;
    fuda_buf x = FUDA_BUF_INIT;
    fuda_buf_addf(&x, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                      "font-family=\"sans-serif\">\n",
                  W, panels * PANEL_H, W, panels * PANEL_H);
    const char *v = fuda_engine_info(e)->name;
    fuda_buf_adds(&x, "<title>fuda sim report: ");
    esc(&x, v);
    fuda_buf_addf(&x, ", %ld matches</title>\n", r->matches);
    fuda_buf_addf(&x, "<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n", W, panels * PANEL_H);
    char title[160];
    snprintf(title, sizeof title, "Final scores, every seat (%ld matches)", r->matches);
    panel_start(&x, "scores", 0, title);
    hist_bars(&x, &r->score_hist, NULL, "points");
    fuda_buf_adds(&x, "</g>\n");
    snprintf(title, sizeof title, "Match length in hands: mean %.2f, sd %.2f%s", r->length.mean, r->length.sd,
             b ? " (red: the --vs side)" : "");
    panel_start(&x, "length", PANEL_H, title);
    hist_bars(&x, &r->length_hist, b ? &b->length_hist : NULL, "hands");
    fuda_buf_adds(&x, "</g>\n");
    if (r->typical >= 0) {
        snprintf(title, sizeof title, "Lead history of a typical match (match %ld, seed %llu, %d hands)",
                 r->typical + 1, (unsigned long long)(seed + (uint64_t)r->typical), rec.hands);
        panel_start(&x, "lead", 2 * PANEL_H, title);
        lead_lines(&x, &rec, bots);
        fuda_buf_adds(&x, "</g>\n");
    }
    fuda_buf_adds(&x, "</svg>\n");
    free(rec.history);
    int res = fuda_write_file(path, x.p, x.len, err, errsize);
    fuda_buf_free(&x);
    return res;
}
