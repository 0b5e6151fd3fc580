/* match_tables.h -- a match of several tables (core/tables.h holds their
 * data): tables.c (the variant's tables, teams, seating and hand_over; a
 * seat's step at its table) and tables_view.c (what the players see of
 * them). match.c plays a seat's step through these; with one table (no
 * tables, or their count 0) they stand aside. Included by match.c and
 * those two files. */
#ifndef FUDA_MATCH_TABLES_H
#define FUDA_MATCH_TABLES_H

#include <stddef.h>
#include "engine.h"

/* ---- tables.c ---- */
int fuda_tables_configure(fuda_engine *e);  /* in a body: read tables/teams (raises) */
void fuda_tables_prepare(fuda_engine *e);   /* in a body, after init_vars: the table slots */
int fuda_tables_begin(fuda_engine *e);      /* setup per table, seating, the deals */
void fuda_tables_enter(fuda_engine *e, int k); /* make slot k the one being played */
int fuda_tables_next_hand(fuda_engine *e);
/* A seat's step: begin enters the seat's table (one where it may act, else
 * -1 with the message) and sets place; with keep, the whole match is kept
 * to put back. end (rc: the step's result at the table) lets the match
 * follow a kept step -- its move count, and when every table has ended its
 * hand, the match's hand_over -- or puts it back when rc or that failed;
 * returns the final result. With one table: place = seat, nothing else. */
typedef struct fuda_tables_step { void *snap; int place; } fuda_tables_step;
int fuda_tables_step_begin(fuda_engine *e, int seat, int keep, fuda_tables_step *st);
int fuda_tables_step_end(fuda_engine *e, fuda_tables_step *st, int rc);
/* The seat's table entered and *place its place there: 1; 0 when it sits
 * out (with playing, also when its table or the match is not playing); -1
 * for a bad seat. With one table: 1 and *place = seat. */
int fuda_tables_find(fuda_engine *e, int seat, int playing, int *place);
/* The pile to arrange: a seat's pile at the seat's table (*owner becomes
 * its place there), a shared pile named "NAME@T" at table T (its NAME,
 * copied to base); that table entered. NULL with the message when neither.
 * With one table: name itself. */
const char *fuda_tables_pile_at(fuda_engine *e, const char *name, int *owner, char *base, size_t size);

/* ---- tables_view.c ---- */
/* Every table; the seat's own in full (malloc'd; NULL with the engine's
 * error for a bad seat). */
char *fuda_tables_view(fuda_engine *e, int seat);

#endif
