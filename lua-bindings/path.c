/* path.c -- from a variant's name to its file: the search path, and the
 * confinement of the names a script gives.
 *
 * Search order for a name: the folder of the variant that names it, the
 * configured folders, FUDA_PATH (colon-separated), <exe dir>/variants,
 * <exe dir>/../share/fuda/variants, <exe dir>/../variants. A name may only
 * hold letters, digits, '-' and '_'; anything with a '/' or ending in ".lua"
 * is a path.
 *
 * Who names the file decides what it may be. The variant the user names (on
 * the command line, in a host script, in a log) is trusted: a name is looked
 * up in the folders, a path is taken as it is. What a script names (extends,
 * fuda.import, fuda.variant) must be a file whose real path (symbolic links
 * resolved) lies inside a search folder or the folder of the user's variant;
 * a path is taken relative to the naming script's folder and may not be
 * absolute. A name that breaks the rule gets the same message as a missing
 * one: nothing is told about what lies outside. Reading the file is
 * lloader.c's (C.loadfile). */
#define _XOPEN_SOURCE 700 /* realpath */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <lauxlib.h>
#include "budget.h"
#include "loader.h"
#include "engine_access.h"

static const char TOP_KEY = 't';     /* real path of the user's variant's folder */

static int is_path(const char *name) {
    size_t n = strlen(name);
    return strchr(name, '/') != NULL || (n > 4 && strcmp(name + n - 4, ".lua") == 0);
}

static int good_name(const char *name) {
    if (!*name) return 0;
    for (const char *p = name; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
              *p == '-' || *p == '_'))
            return 0;
    return 1;
}

/* dir[/sub]/name.lua into out; 0 if it does not fit. */
static int name_path(const char *dir, const char *sub, const char *name, char *out, size_t n) {
    if (!dir || !*dir) return 0;
    int len = snprintf(out, n, "%s%s%s/%s.lua", dir, sub ? "/" : "", sub ? sub : "", name);
    return len > 0 && (size_t)len < n;
}

/* Calls fn(dir, ud) for each search folder in order; stops when fn returns 1. */
int fuda_loader_each_dir(fuda_engine *e, int (*fn)(const char *, void *), void *ud) {
    for (char *const *d = fuda_engine_search_dirs(e); d && *d; d++)
        if (fn(*d, ud)) return 1;
    const char *fp = getenv("FUDA_PATH");
    if (fp && *fp) {
        char *copy = strdup(fp), *save = NULL;
        for (char *t = copy ? strtok_r(copy, ":", &save) : NULL; t; t = strtok_r(NULL, ":", &save))
            if (fn(t, ud)) { free(copy); return 1; }
        free(copy);
    }
    const char *exe = fuda_engine_exe(e);
    if (exe) {
        char buf[4096];
        snprintf(buf, sizeof buf, "%s/variants", exe);
        if (fn(buf, ud)) return 1;
        snprintf(buf, sizeof buf, "%s/../share/fuda/variants", exe);
        if (fn(buf, ud)) return 1;
        snprintf(buf, sizeof buf, "%s/../variants", exe); /* build/fuda in a source tree */
        if (fn(buf, ud)) return 1;
    }
    return 0;
}

/* ---- the names the user gives ---- */

struct find_ctx { const char *sub, *name; char *out; size_t n; };

static int find_in(const char *dir, void *ud) {
    struct find_ctx *c = (struct find_ctx *)ud;
    struct stat st;
    return name_path(dir, c->sub, c->name, c->out, c->n) && stat(c->out, &st) == 0;
}

int fuda_loader_find(fuda_engine *e, const char *name, const char *sub, char *path, size_t n) {
    if (is_path(name)) {
        struct stat st;
        if ((size_t)snprintf(path, n, "%s", name) >= n) return -1;
        return stat(path, &st) == 0 ? 0 : -1;
    }
    if (!good_name(name)) return -1;
    struct find_ctx c = {sub, name, path, n};
    return fuda_loader_each_dir(e, find_in, &c) ? 0 : -1;
}

/* ---- the names a script gives: confined to the search path ---- */

typedef struct roots { char **dir; int n; } roots;

static int add_root(const char *dir, void *ud) {
    roots *r = (roots *)ud;
    char *real = realpath(dir, NULL);
    if (!real) return 0;
    char **p = (char **)realloc(r->dir, (size_t)(r->n + 1) * sizeof *p);
    if (!p) { free(real); return 0; }
    r->dir = p;
    r->dir[r->n++] = real;
    return 0;
}

static void free_roots(roots *r) {
    for (int i = 0; i < r->n; i++) free(r->dir[i]);
    free(r->dir);
}

/* The real paths of the search folders and of the user's variant's folder. */
static void get_roots(lua_State *L, fuda_engine *e, roots *r) {
    r->dir = NULL, r->n = 0;
    fuda_loader_each_dir(e, add_root, r);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &TOP_KEY) == LUA_TSTRING) add_root(lua_tostring(L, -1), r);
    lua_pop(L, 1);
}

/* Is the real path `real` inside one of the folders? */
static int inside(const roots *r, const char *real) {
    for (int i = 0; i < r->n; i++) {
        size_t len = strlen(r->dir[i]);
        if (strncmp(real, r->dir[i], len) == 0 &&
            (real[len] == '/' || (len > 0 && r->dir[i][len - 1] == '/')))
            return 1;
    }
    return 0;
}

/* If path resolves into the roots, push it and its real path and return 1. */
static int push_if_inside(lua_State *L, const roots *r, const char *path) {
    char *real = realpath(path, NULL);
    int ok = real && inside(r, real);
    if (ok) {
        lua_pushstring(L, path);
        lua_pushstring(L, real);
    }
    free(real);
    return ok;
}

/* Remember the folder of the user's variant: what it names may come from there. */
static void set_top(lua_State *L, const char *path) {
    const char *slash = strrchr(path, '/');
    if (!slash) lua_pushliteral(L, ".");
    else if (slash == path) lua_pushliteral(L, "/");
    else lua_pushlstring(L, path, (size_t)(slash - path));
    lua_rawsetp(L, LUA_REGISTRYINDEX, &TOP_KEY);
}

static int not_found(lua_State *L, const char *name, const char *sub) {
    lua_pushnil(L);
    if (is_path(name))
        lua_pushfstring(L, "variant file '%s' not found in the variant search path (a script may "
                        "load only files in its own folder or the search folders)", name);
    else if (!good_name(name))
        lua_pushfstring(L, "variant '%s' not found (a name holds letters, digits, - and _)", name);
    else
        lua_pushfstring(L, "variant '%s' not found%s (see `fuda list`; FUDA_PATH adds folders)",
                        name, sub ? " in lib/" : "");
    return 2;
}

/* A file named by the user: path, real path (the path itself when it does
 * not resolve: reading it will say why). */
static int find_trusted(lua_State *L, fuda_engine *e, const char *name, const char *sub) {
    char path[PATH_MAX];
    if (fuda_loader_find(e, name, sub, path, sizeof path) != 0) {
        if (!is_path(name)) return not_found(L, name, sub);
        lua_pushstring(L, name);
        lua_pushstring(L, name);
        return 2;
    }
    char *real = realpath(path, NULL);
    lua_pushstring(L, path);
    lua_pushstring(L, real ? real : path);
    free(real);
    set_top(L, path);
    return 2;
}

struct confined_ctx { lua_State *L; const roots *r; const char *sub, *name; char path[PATH_MAX]; };

static int find_confined_in(const char *dir, void *ud) {
    struct confined_ctx *c = (struct confined_ctx *)ud;
    return dir && name_path(dir, c->sub, c->name, c->path, sizeof c->path) && push_if_inside(c->L, c->r, c->path);
}

/* A file named by a script from folder `from` (NULL: the user's variant's). */
static int find_confined(lua_State *L, fuda_engine *e, const char *name, size_t len,
                         const char *sub, const char *from) {
    if (strlen(name) != len) { /* a NUL inside the name */
        lua_pushnil(L);
        lua_pushliteral(L, "variant names and paths may not hold NUL bytes");
        return 2;
    }
    roots r;
    get_roots(L, e, &r);
    const char *top = lua_rawgetp(L, LUA_REGISTRYINDEX, &TOP_KEY) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    struct confined_ctx c = {L, &r, sub, name, ""};
    int found = 0;
    if (is_path(name)) {
        if (!from) from = top;
        int n = name[0] != '/' && from ? snprintf(c.path, sizeof c.path, "%s/%s", from, name) : -1;
        found = n > 0 && (size_t)n < sizeof c.path && push_if_inside(L, &r, c.path);
    } else if (good_name(name)) {
        found = find_confined_in(from, &c) || fuda_loader_each_dir(e, find_confined_in, &c) ||
                find_confined_in(top, &c);
    }
    free_roots(&r);
    if (!found) return not_found(L, name, sub);
    return 2;
}

/* C.find(name, sub, fromdir, trusted) -> path, real path | nil, message */
int fuda_path_find(lua_State *L) {
    fuda_engine *e = fuda_engine_of(L);
    size_t len;
    const char *name = luaL_checklstring(L, 1, &len);
    const char *sub = luaL_optstring(L, 2, NULL);
    const char *from = luaL_optstring(L, 3, NULL);
    int trusted = lua_toboolean(L, 4);
    lua_settop(L, 4);
    return trusted ? find_trusted(L, e, name, sub) : find_confined(L, e, name, len, sub, from);
}
