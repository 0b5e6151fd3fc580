/* table.h -- the engine's entry points at one table: what engine.h's
 * fuda_engine_* of the same name do, for place p of the table being played
 * (e->st). match.c maps a seat of the match to its table and place and
 * calls these; they, and the search and inference built on them, know
 * nothing of tables (a match of one table: the place is the seat).
 * Failure as in engine.h: -1 (NULL) with the message, the match as it was. */
#ifndef FUDA_TABLE_H
#define FUDA_TABLE_H

#include "engine.h"
#include "search.h"

int fuda_table_moves(fuda_engine *e, int p, const char *const **moves); /* moves.c */
int fuda_table_apply(fuda_engine *e, int p, const char *move);
int fuda_table_try(fuda_engine *e, int p, const char *move);
/* bots.c: the variant's bots and random, not the search */
int fuda_table_bot(fuda_engine *e, int p, const char *name, const char **move);
int fuda_table_bot_apply(fuda_engine *e, int p, const char *name, const char **move);
/* search.c: the search bot */
int fuda_table_search(fuda_engine *e, int p, const char **move, fuda_search_report *rep);
/* resample.c: deal anew from r what seat (1-based, valid) can neither see
 * nor know (at several tables: the seat's own table from its place, the
 * others as a looker-on); the count of cards dealt anew */
int fuda_resample_with(fuda_engine *e, int seat, fuda_rng *r);
char *fuda_table_view(fuda_engine *e, int p); /* view.c */
int fuda_table_prompt(fuda_engine *e, int p, char **text);
int fuda_table_why_not(fuda_engine *e, int p, const char *typed, char **text);
int fuda_table_confirm(fuda_engine *e, int p, const char *move, char **text);
/* marks.c: not logged (match.c logs it as given) */
int fuda_table_arrange(fuda_engine *e, const char *name, int p, const fuda_card *cards, int n, int from_top);


#endif
