/* say.h -- say.c: the text of g:say(fmt, ...) and g:tell(seat, fmt, ...).
 * Included by lgame.c. */
#ifndef FUDA_SAY_H
#define FUDA_SAY_H

#include <stddef.h>
#include <lua.h>

/* The format fmt (len bytes, the string at idx) over the values after idx.
 * fuda_say_length checks them (raises as a bad argument of fname) and gives
 * the text's exact length; fuda_say_render writes it (size: that length + 1). */
size_t fuda_say_length(lua_State *L, int idx, const char *fmt, size_t len, const char *fname);
void fuda_say_render(lua_State *L, int idx, const char *fmt, size_t len, const char *fname, char *out,
                     size_t size);

#endif
