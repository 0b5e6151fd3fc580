/* symtab.h -- interned strings shared by a game and all its clones.
 *
 * Game states store short strings (a phase name, a player's decision in a claim
 * window) as small integer ids so that a state stays a flat value that can be
 * copied and hashed. The table only grows; ids are never reused, so clones that
 * share one table stay valid. Id 0 is the empty string. Ids depend on the order
 * of interning: hash the string (fuda_symtab_name), never the id. */
#ifndef FUDA_SYMTAB_H
#define FUDA_SYMTAB_H

#include <stddef.h>

typedef struct fuda_symtab fuda_symtab;

/* New empty table (holding only ""). Returns NULL when out of memory. The
 * caller owns it and frees it with fuda_symtab_free. */
fuda_symtab *fuda_symtab_new(void);
void fuda_symtab_free(fuda_symtab *t);

/* Id of the string s (len bytes), interning a copy if it is new. Returns -1
 * when out of memory or when len exceeds FUDA_SYMTAB_MAXLEN. */
#define FUDA_SYMTAB_MAXLEN 255
int fuda_symtab_intern(fuda_symtab *t, const char *s, size_t len);

/* Id of s if present, else -1. Never allocates. */
int fuda_symtab_lookup(const fuda_symtab *t, const char *s, size_t len);

/* The string for id (NUL-terminated, owned by the table), or NULL for an
 * unknown id. *len receives its length when len is not NULL. */
const char *fuda_symtab_name(const fuda_symtab *t, int id, size_t *len);

#endif
