/* strict.h -- strict.c: tables whose field names are fixed (a typo raises,
 * with a "did you mean"), and the check of the spec tables a script gives
 * fuda. Included by the bindings that make such tables or read such specs
 * (the game object's files, the loader, lmeld.c, tables.c, host.c, ...).
 * names[] lists the known names, NULL-terminated, and outlives the state. */
#ifndef FUDA_STRICT_H
#define FUDA_STRICT_H

#include <stddef.h>
#include <lua.h>

/* Make the table at idx strict: reading or writing a name that is neither in
 * names nor a field it has now raises "WHAT has no field 'k' (...)"; a known
 * name reads nil. Replaces its metatable (check fuda_strict_can_set first). */
void fuda_strict_own(lua_State *L, int idx, const char *what, const char *const *names);
/* The same with exactly names (one metatable per names[] per state, kept in
 * the registry): for the tables fuda makes, cheap enough for hot paths. */
void fuda_strict_fixed(lua_State *L, int idx, const char *what, const char *const *names);
/* strict(t, what, names): the same for fuda's own Lua (the loader), names
 * a list of strings; returns t. */
int fuda_strict_lua(lua_State *L);
/* The string key of the tables at t1 and t2 (0: none) closest to typed, for
 * a "did you mean"; NULL when none is close. Points into the tables' keys. */
const char *fuda_closest_key(lua_State *L, const char *typed, int t1, int t2);
/* Raise "HEAD 'K' (did you mean 'X'?)" or "HEAD 'K' (LIST: a, b)" for the
 * key at index key among names[0..n) (LIST: "fields", "options"), at the
 * script's line. Never returns. */
int fuda_strict_unknown(lua_State *L, const char *head, int key, const char **names, size_t n,
                        const char *list);
/* 1 if the table at idx has no metatable or a strict one, else 0. */
int fuda_strict_can_set(lua_State *L, int idx);
/* A spec table a script gives fuda (at idx): raises "WHERE: unknown field
 * 'k' (did you mean 'x'?)" at the caller's line for a key not in names. */
void fuda_check_fields(lua_State *L, int idx, const char *where, const char *const *names);

#endif
