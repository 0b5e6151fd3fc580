/* host_impl.h -- what the two files of the host share: host.c (the Lua
 * state of authors' scripts, `fuda run`) and lrepl.c (the REPL's Lua lines:
 * evaluated, their results shown, names completed). Private to them. */
#ifndef FUDA_HOST_IMPL_H
#define FUDA_HOST_IMPL_H

#include <stdlib.h>
#include <string.h>
#include <lua.h>
#include <lauxlib.h>
#include "host.h"

struct fuda_host {
    lua_State *L;
    fuda_config cfg;
    char **search;
    char *exe;
    int ref_env;
    char *out;
};

/* Keep a copy of s as the text the host's last call gives back (h->out). */
static inline void set_out(fuda_host *h, const char *s) {
    free(h->out);
    h->out = strdup(s ? s : "");
}

/* The message handler of the host's calls: the error with a traceback. */
static inline int traceback(lua_State *L) {
    const char *msg = lua_tostring(L, 1);
    if (!msg) msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    luaL_traceback(L, L, msg, 1);
    return 1;
}

#endif
