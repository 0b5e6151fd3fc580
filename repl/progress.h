/* progress.h -- the progress line of a long run (fuda sim, duel, check):
 * "[####......] 512/2000 matches 3.2 s, about 5 min left" on stderr, redrawn
 * in place, wiped at the end. Drawn only when the caller says so (on: not
 * --json and stderr a terminal); nothing else is written then. */
#ifndef FUDA_PROGRESS_H
#define FUDA_PROGRESS_H

typedef struct fuda_progress {
    int on;           /* draw at all */
    int shown;        /* a line is on the screen (to wipe) */
    long count;       /* units in the run */
    const char *unit; /* "matches" */
    double start, last;
} fuda_progress;

/* Start timing a run of count units; nothing is drawn yet. */
void fuda_progress_begin(fuda_progress *p, int on, long count, const char *unit);
/* Draw the line for done units, once half a second has passed and at most
 * ten times a second; a call in between does nothing. Not thread-safe: one
 * thread draws. */
void fuda_progress_show(fuda_progress *p, long done);
/* Wipe the line if one was drawn. */
void fuda_progress_end(fuda_progress *p);
/* Seconds since begin. */
double fuda_progress_elapsed(const fuda_progress *p);

#endif
