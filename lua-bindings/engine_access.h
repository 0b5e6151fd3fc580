/* engine_access.h -- engine_access.c: what files outside the engine read
 * or change of an engine, one job a function, so that struct fuda_engine
 * stays private to the engine's files (engine_impl.h). engine_access.c
 * calls no other file of lua-bindings: any file may call these without
 * making a cycle. None fails, allocates or raises. Included by current.c,
 * sandbox.c, path.c, surface_walk.c, lmatch.c, resample.c, sheet.c,
 * infer.c, loader.c, search.c, the game object's files (game_impl.h: the
 * variant, the tables, the hook being called; never on a hot path), and
 * watchdog.c for the variant's file. (The limits reach theirs through
 * budget.h's fuda_limits_of, the game object its match through
 * play_data.h's fuda_play_of.) */
#ifndef FUDA_ENGINE_ACCESS_H
#define FUDA_ENGINE_ACCESS_H

#include <lua.h>
#include "engine.h"
#include "record.h"
#include "loader.h"

/* The engine's Lua state; NULL when no variant is loaded. */
lua_State *fuda_engine_lua(const fuda_engine *e);
/* 1 once a match was started (until the variant is loaded anew or
 * unloaded), else 0. */
int fuda_engine_started(const fuda_engine *e);
/* The state of the table being played (with one table, the match's), for
 * the helpers that change it (resample.c, the search): valid
 * while e lives; meaningful once a match was started. */
fuda_state *fuda_engine_table_st(fuda_engine *e);
/* The random generator of that state (what math.random draws from); NULL
 * when no match was started. */
fuda_rng *fuda_engine_rng(fuda_engine *e);
/* The other tables of a match of several (core/tables.h); NULL until the
 * engine's first match of several tables. */
fuda_tables *fuda_engine_tables_of(fuda_engine *e);
/* The state was changed outside a hook: the legal moves must be listed
 * anew. */
void fuda_engine_moves_stale(fuda_engine *e);
/* Registry references in e's Lua state (LUA_NOREF when there is none): the
 * variant table; the game table of the match; the match's lock list
 * (current.c); the table name ->
 * variable index of the game's variables (seat 0) or of the seats'
 * (seat 1). */
int fuda_engine_ref_variant(const fuda_engine *e);
int fuda_engine_ref_game(const fuda_engine *e);
int fuda_engine_ref_lock(const fuda_engine *e);
int fuda_engine_ref_varidx(const fuda_engine *e, int seat);
/* The count of the game's variables (the seats' follow them in the state's
 * slots). */
int fuda_engine_nvars(const fuda_engine *e);
/* The search folders given (NULL-terminated; may be NULL) and the program's
 * folder (NULL when unknown), both owned by the engine. */
char *const *fuda_engine_search_dirs(const fuda_engine *e);
const char *fuda_engine_exe(const fuda_engine *e);
/* The match's log entries (owned by the engine, valid until the log
 * changes); fuda_log_text (record.h) gives an entry's text. */
const fuda_logmove *fuda_engine_log_entries(const fuda_engine *e);
/* The slot of what seat i + 1's searches keep for its next (infer.c's
 * memo, owned by the engine; NULL until its first). */
struct fuda_infer_memo **fuda_engine_search_memo(fuda_engine *e, int i);
/* The loaded variant's part of e (loader.h), for loader.c to fill: valid
 * while e lives. */
fuda_variant *fuda_engine_variant(fuda_engine *e);
/* The variant's file (owned by the engine), NULL when none is loaded. */
const char *fuda_engine_file(const fuda_engine *e);
/* The scoresheet rows of the match, *n of them (owned by the engine, valid
 * until the next move). */
const fuda_row *fuda_engine_rows(const fuda_engine *e, int *n);
/* Name the hook being called (a static text, or NULL) for the messages
 * of a failing call ("... (in result)"); returns the name it replaces, to
 * be given back when that call returns. */
const char *fuda_engine_set_calling(fuda_engine *e, const char *name);
/* The generator of the bots' choices in the match (a search reseeds it
 * for each playout); valid while e lives. */
fuda_rng *fuda_engine_bot_rng(fuda_engine *e);
/* The seed the match was started with. */
uint64_t fuda_engine_seed(const fuda_engine *e);
/* Quiet (1) while a search plays out: no events reach the caller, no
 * tallies are counted; returns what it was, to be given back. */
int fuda_engine_set_quiet(fuda_engine *e, int quiet);
/* How the engine's last search ended, for fuda_search_last (search.h):
 * set by the search, read back here. */
void fuda_engine_set_search_end(fuda_engine *e, int stopped, int sure);
int fuda_engine_search_stopped(const fuda_engine *e);
int fuda_engine_search_sure(const fuda_engine *e);

#endif
