/* record.h -- record.c: what a match keeps besides its state (the
 * engine's error message, the events of the move being made, the
 * scoresheet rows, the log of moves) as the rest of lua-bindings records
 * into it. The engine's own helpers of record.c are engine_impl.h's.
 * Included by the engine's files (engine_impl.h), the game object's
 * (game_impl.h: events, score lines), engine_access.h, and the other files that set the engine's error or read
 * its rows or log: loader.c, sheet.c, surface_walk.c, infer.c, resample.c,
 * search.c, observe.c. */
#ifndef FUDA_RECORD_H
#define FUDA_RECORD_H

#include <stddef.h>
#include <stdint.h>
#include "engine.h"

#define FUDA_ERRLEN 8192  /* bytes of a message kept (a longer one is cut) */

typedef struct fuda_row {  /* one scoresheet line */
    int hand, col, seat, points;
    char *note;
} fuda_row;

typedef struct fuda_ev {   /* an event waiting for the move to succeed */
    int seat;
    char *text;  /* NULL when nobody listens (nothing to show) */
    size_t size; /* bytes counted against the memory limit for it, listened to or not */
} fuda_ev;

typedef struct fuda_logmove {
    int seat;      /* the seat that moved; 0 for a "next" or "arrange" line */
    int id;        /* a move: its id in the match's move table (text NULL) */
    char *text;    /* a line: its text, owned by the log */
    uint64_t serial; /* never given twice in an engine's life: a mark knows its history by it */
} fuda_logmove;

/* Keep the message of a failure for fuda_engine_error: one line, the text a
 * script chose in it shown harmlessly (core/text_term.h: newlines, escape
 * sequences as \n, \x1b). On out of memory the error is "out of memory". */
void fuda_engine_seterr(fuda_engine *e, const char *fmt, ...);
/* The same for a message of several lines (the loader's problems, each one
 * line already): its newlines kept. */
void fuda_engine_seterr_lines(fuda_engine *e, const char *text);
/* Room for an event of len bytes for seat (0: everybody, a table's place is
 * turned into its seat; -1: a tally, always kept), counted against the limits
 * (events in one move, memory) whether anybody listens or not, so that a
 * script plays the same either way: *text is a buffer of len + 1 bytes that
 * the caller fills, or NULL when nobody listens. Raises a Lua error at a
 * limit; -1 when out of memory. */
int fuda_engine_event_room(fuda_engine *e, int seat, size_t len, char **text);
/* The same with the text given (copied): 0, or -1 when out of memory. */
int fuda_engine_event(fuda_engine *e, int seat, const char *text);
/* Deliver the events of the move made to the event callback. */
void fuda_engine_flush(fuda_engine *e);
/* A scoresheet row of points for seat (a place of the table played) in
 * column col, note copied (NULL: none): 0, or -1 when out of memory; raises
 * the memory limit. */
int fuda_engine_record(fuda_engine *e, int seat, int col, int points, const char *note);
/* Add a line of text to the log (copied): 0, or -1 when out of memory. */
int fuda_engine_log_line(fuda_engine *e, const char *line);
/* The text of log entry i (owned by the log). */
const char *fuda_log_text(const fuda_engine *e, long i);

#endif
