/* progress.c -- the progress line of a long run (see progress.h): a bar,
 * units done, seconds so far and, at the pace so far, about how long is
 * left, narrowed to the terminal's width. */
#include "progress.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "out.h"
#include "render.h" /* fuda_term_width */

#define BAR_WIDTH 20
#define BAR_AFTER 0.5  /* seconds before the first line */
#define BAR_EVERY 0.09 /* seconds between lines, at least (a tenth, give or take a wakeup) */

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* "[####......] 512/2000 matches 3.2 s, about 5 min left" in out (size at
 * least BAR_WIDTH + 160), the bar narrowed, or dropped, to leave the
 * terminal's last three columns free: a ^C echoed there must not wrap the
 * line, which could then not be wiped. */
static void bar_line(char *out, size_t size, long done, long count, const char *unit, double secs, int width) {
    char tail[128], left[48] = "";
    if (done > 0 && done < count) { /* at the pace so far */
        double rest = secs / (double)done * (double)(count - done);
        if (rest < 90) snprintf(left, sizeof left, ", about %.0f s left", rest);
        else if (rest < 5400) snprintf(left, sizeof left, ", about %.0f min left", rest / 60);
        else snprintf(left, sizeof left, ", about %.1f h left", rest / 3600);
    }
    snprintf(tail, sizeof tail, "%ld/%ld %s %.1f s%s", done, count, unit, secs, left);
    int cols = BAR_WIDTH;
    if (width > 0 && (int)strlen(tail) + 3 + cols + 3 > width) cols = width - 3 - 3 - (int)strlen(tail);
    if (cols < 5) {
        snprintf(out, size, "\r%s\033[K", tail);
        return;
    }
    char line[BAR_WIDTH + 1];
    int fill = count > 0 ? (int)((double)done * cols / (double)count) : 0;
    for (int k = 0; k < cols; k++) line[k] = k < fill ? '#' : '.';
    line[cols] = '\0';
    snprintf(out, size, "\r[%s] %s\033[K", line, tail);
}

void fuda_progress_begin(fuda_progress *p, int on, long count, const char *unit) {
    memset(p, 0, sizeof *p);
    p->on = on;
    p->count = count;
    p->unit = unit;
    p->start = now();
}

double fuda_progress_elapsed(const fuda_progress *p) { return now() - p->start; }

void fuda_progress_show(fuda_progress *p, long done) {
    if (!p->on) return;
    double t = now(), secs = t - p->start;
    if (secs < BAR_AFTER || (p->shown && t - p->last < BAR_EVERY)) return;
    p->last = t;
    char text[BAR_WIDTH + 160];
    bar_line(text, sizeof text, done, p->count, p->unit, secs, fuda_term_width(stderr));
    fuda_out_raw(stderr, text, strlen(text)); /* fuda's own \r and escape */
    p->shown = 1;
}

void fuda_progress_end(fuda_progress *p) {
    if (p->shown) fuda_out_raw(stderr, "\r\033[K", 4);
    p->shown = 0;
}
