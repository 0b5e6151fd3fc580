/* loader.c -- finding and loading variant files: the search path, the C
 * helpers of the Lua loader (loader.lua, compiled in), and taking a loaded
 * definition into the engine (options, variable slots, bots, info).
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
 * one: nothing is told about what lies outside. Either way only a regular
 * file of at most FUDA_MAX_VARIANT_BYTES is read (file.c: a FIFO or a device
 * is refused, never waited on), once, and kept in memory: C.source answers
 * from that copy. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lfuda.h"
#include "file.h"
#include "suggest.h"
#include "text_term.h"

static const char LOADER_KEY = 'l';
static const char TOP_KEY = 't';     /* real path of the user's variant's folder */
static const char SOURCES_KEY = 's'; /* display path -> text of each file loaded */

static const char loader_src[] =
#include "loader_lua.h"
    ;
static const char AUTHOR_KEY = 'a';   /* the authoring pieces (author.lua), kept for the state's life */
static const char author_src[] =
#include "author_lua.h"
    ;

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
    for (char **d = e->search; d && *d; d++)
        if (fn(*d, ud)) return 1;
    const char *fp = getenv("FUDA_PATH");
    if (fp && *fp) {
        char *copy = strdup(fp), *save = NULL;
        for (char *t = copy ? strtok_r(copy, ":", &save) : NULL; t; t = strtok_r(NULL, ":", &save))
            if (fn(t, ud)) { free(copy); return 1; }
        free(copy);
    }
    if (e->exe) {
        char buf[4096];
        snprintf(buf, sizeof buf, "%s/variants", e->exe);
        if (fn(buf, ud)) return 1;
        snprintf(buf, sizeof buf, "%s/../share/fuda/variants", e->exe);
        if (fn(buf, ud)) return 1;
        snprintf(buf, sizeof buf, "%s/../variants", e->exe); /* build/fuda in a source tree */
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
static int c_find(lua_State *L) {
    fuda_engine *e = fuda_engine_of(L);
    size_t len;
    const char *name = luaL_checklstring(L, 1, &len);
    const char *sub = luaL_optstring(L, 2, NULL);
    const char *from = luaL_optstring(L, 3, NULL);
    int trusted = lua_toboolean(L, 4);
    lua_settop(L, 4);
    return trusted ? find_trusted(L, e, name, sub) : find_confined(L, e, name, len, sub, from);
}

/* Push text[0..len) as a string (run protected: pushing may raise). */
static int push_text(lua_State *L) {
    lua_pushlstring(L, (const char *)lua_touserdata(L, 1), (size_t)lua_tointeger(L, 2));
    return 1;
}

/* C.loadfile(path, real) -> chunk with a fresh sandbox environment | nil,
 * message. Reads real (at most FUDA_MAX_VARIANT_BYTES, a regular file only),
 * names the chunk "@path" and keeps the text for C.source. */
static int c_loadfile(lua_State *L) {
    const char *path = luaL_checkstring(L, 1);
    const char *real = luaL_optstring(L, 2, path);
    char why[128];
    size_t len;
    char *text = fuda_file_read(real, FUDA_MAX_VARIANT_BYTES, &len, why, sizeof why);
    if (!text) {
        lua_pushnil(L);
        lua_pushfstring(L, "cannot read variant file '%s': %s", path, why);
        return 2;
    }
    lua_settop(L, 2);
    lua_pushcfunction(L, push_text);
    lua_pushlightuserdata(L, text);
    lua_pushinteger(L, (lua_Integer)len);
    int rc = lua_pcall(L, 2, 1, 0);
    free(text);
    if (rc != LUA_OK) return lua_error(L);
    int t = lua_gettop(L);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &SOURCES_KEY); /* created by push_loader */
    lua_pushvalue(L, t);
    lua_setfield(L, -2, path);
    lua_pop(L, 1);
    const char *s = lua_tolstring(L, t, &len);
    if (len >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0) s += 3, len -= 3; /* a UTF-8 mark */
    if (len && *s == '#') { /* a "#!" first line: skipped, its newline kept */
        const char *nl = memchr(s, '\n', len);
        len = nl ? len - (size_t)(nl - s) : 0;
        s = nl ? nl : s;
    }
    const char *chunkname = lua_pushfstring(L, "@%s", path);
    if (fuda_sandbox_load(L, s, len, chunkname) != LUA_OK) {
        lua_pushnil(L);
        lua_insert(L, -2);
        return 2;
    }
    fuda_sandbox_env(L);
    lua_setupvalue(L, -2, 1);
    fuda_sandbox_note_function(fuda_engine_of(L), -1); /* until it runs, the script is at its top */
    return 1;
}

/* C.source(path) -> the text C.loadfile read from path | nil. Never reads. */
static int c_source(lua_State *L) {
    luaL_checkstring(L, 1);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &SOURCES_KEY);
    if (!lua_istable(L, -1)) return 0;
    lua_pushvalue(L, 1);
    lua_rawget(L, -2);
    return 1;
}

/* Give fuda's own chunk on top (loader.lua, author.lua) a sandbox
 * environment, the same names a script has (it reaches nothing a script
 * could not: the list of surface.c covers it). The loader also gets the
 * stock pcall: it catches a script's error to undo its own bookkeeping
 * (a limit stays hit, and raises again at the script's next instruction). */
static void set_code_env(lua_State *L, int stock_pcall) {
    fuda_sandbox_env(L);
    if (stock_pcall) {
        lua_pushliteral(L, "pcall");
        lua_getglobal(L, "pcall");
        lua_rawset(L, -3);
    }
    lua_setupvalue(L, -2, 1);
}

/* Push the authoring pieces (author.lua, built once per state: the hooks it
 * makes for a variant outlive the loader). */
static void push_author(lua_State *L) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &AUTHOR_KEY) == LUA_TTABLE) return;
    lua_pop(L, 1);
    if (luaL_loadbufferx(L, author_src, sizeof author_src - 1, "=author", "t") != LUA_OK)
        lua_error(L);
    set_code_env(L, 0);
    fuda_push_card_names(L);
    lua_call(L, 1, 1);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &AUTHOR_KEY);
}

/* C.author() -> the authoring pieces. */
static int c_author(lua_State *L) {
    push_author(L);
    return 1;
}

/* C.oneline(message) -> the message as one line, the text a script chose in
 * it shown harmlessly (core/text_term.h): a problem's newline must not start
 * a line of its own in the list of problems. */
static int c_oneline(lua_State *L) {
    size_t n;
    const char *s = luaL_checklstring(L, 1, &n);
    lua_settop(L, 1);
    if (fuda_term_clean(s, n, FUDA_TERM_LINE)) return 1;
    luaL_Buffer b;
    char *out = luaL_buffinitsize(L, &b, FUDA_TERM_SIZE(n));
    luaL_pushresultsize(&b, fuda_term_escape(out, s, n, FUDA_TERM_LINE));
    return 1;
}

/* What loader.lua gets as C. */
static const luaL_Reg loader_helpers[] = {
    {"find", c_find}, {"loadfile", c_loadfile}, {"source", c_source}, {"author", c_author},
    {"oneline", c_oneline}, {"place", fuda_place_error}, {"strict", fuda_strict_lua}, {NULL, NULL}
};

/* The loader's chunk (on top) is known to find_place (sandbox.c) by the
 * address of its name, kept alive in the registry: a short string, so the
 * same for every load of the loader in this state. No script can make a
 * chunk of that name (load renames every chunk it makes). */
static const char LOADER_NAME_KEY = 'n';
static void note_loader(lua_State *L) {
    fuda_engine *e = fuda_engine_of(L);
    lua_Debug ar;
    if (!e) return;
    lua_pushvalue(L, -1);
    if (!lua_getinfo(L, ">S", &ar)) return;
    lua_pushstring(L, ar.source);
    e->loader_src = lua_tostring(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &LOADER_NAME_KEY);
}

/* Push the loader module (built once per state). */
static void push_loader(lua_State *L) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &LOADER_KEY) == LUA_TTABLE) return;
    lua_pop(L, 1);
    lua_newtable(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &SOURCES_KEY);
    if (luaL_loadbufferx(L, loader_src, sizeof loader_src - 1, "=loader", "t") != LUA_OK)
        lua_error(L);
    set_code_env(L, 1);
    note_loader(L);
    luaL_newlib(L, loader_helpers);
    lua_newtable(L); /* C.builtin_bots: the names no variant may give its own bot */
    for (int i = 0; fuda_builtin_bots[i]; i++) {
        lua_pushstring(L, fuda_builtin_bots[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "builtin_bots");
    lua_call(L, 1, 1);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &LOADER_KEY);
}

void fuda_loader_push_code(lua_State *L) {
    push_loader(L);
    push_author(L);
}

static int call_loader(lua_State *L, const char *fn) {
    int n = lua_gettop(L);
    push_loader(L);
    lua_getfield(L, -1, fn);
    lua_remove(L, -2);
    lua_insert(L, 1);
    lua_call(L, n, 1);
    return 1;
}

static int l_variant(lua_State *L) { luaL_checkstring(L, 1); lua_settop(L, 1); return call_loader(L, "variant"); }
static int l_import(lua_State *L) { luaL_checkstring(L, 1); lua_settop(L, 1); return call_loader(L, "import"); }

/* fuda.plural(n, word) -> "1 card", "2 cards" (in C: event texts call it on every move). */
static int l_plural(lua_State *L) {
    lua_Integer n = luaL_checkinteger(L, 1);
    const char *word = luaL_checkstring(L, 2);
    lua_pushfstring(L, "%I %s%s", (LUAI_UACINT)n, word, n == 1 ? "" : "s");
    return 1;
}

/* fuda.moves, fuda.seat_lines: the authoring pieces' functions (upvalue 1 names it). */
static int call_author(lua_State *L) {
    int n = lua_gettop(L);
    push_author(L);
    lua_getfield(L, -1, lua_tostring(L, lua_upvalueindex(1)));
    lua_remove(L, -2);
    lua_insert(L, 1);
    lua_call(L, n, 1);
    return 1;
}

void fuda_open_loader(lua_State *L) {
    lua_pushcfunction(L, l_variant);
    lua_setfield(L, -2, "variant");
    lua_pushcfunction(L, l_import);
    lua_setfield(L, -2, "import");
}

void fuda_open_author(lua_State *L) {
    static const char *const names[] = { "moves", "seat_lines", NULL };
    for (int i = 0; names[i]; i++) {
        lua_pushstring(L, names[i]);
        lua_pushcclosure(L, call_author, 1);
        lua_setfield(L, -2, names[i]);
    }
    lua_pushcfunction(L, l_plural);
    lua_setfield(L, -2, "plural");
}

/* ---- taking a definition into the engine ---- */

/* A copy of s the engine keeps for the variant's life: charged to the
 * script's memory (a script's string may be huge, and one string named a
 * thousand times is a thousand copies), given back by free_variant. Raises
 * the memory limit when over it; NULL when malloc fails. */
static char *kept_dup(fuda_engine *e, const char *s) {
    size_t n = strlen(s) + 1;
    fuda_sandbox_cmem(e->L, e, n);
    char *r = (char *)malloc(n);
    if (!r) {
        fuda_sandbox_cfree(e, n);
        return NULL;
    }
    e->variant_bytes += n;
    return memcpy(r, s, n);
}

static char *dup_field(lua_State *L, int t, const char *k) {
    lua_getfield(L, t, k);
    const char *s = lua_tostring(L, -1);
    char *r = s ? kept_dup(fuda_engine_of(L), s) : NULL;
    lua_pop(L, 1);
    return r;
}

/* Integer field k of table t (the loader checked its range), def when it is
 * no integer or does not fit an int (never truncated). */
static int int_field(lua_State *L, int t, const char *k, int def) {
    lua_getfield(L, t, k);
    lua_Integer v = lua_isinteger(L, -1) ? lua_tointeger(L, -1) : def;
    lua_pop(L, 1);
    return v >= INT_MIN && v <= INT_MAX ? (int)v : def;
}

/* Push the sorted keys of the table at t as a list. */
static void sorted_keys(lua_State *L, int t) {
    push_loader(L);
    lua_getfield(L, -1, "sorted_keys");
    lua_remove(L, -2);
    lua_pushvalue(L, t);
    lua_call(L, 1, 1);
}

static void value_text(lua_State *L, int idx, fuda_opt *o) {
    o->text = kept_dup(fuda_engine_of(L), luaL_tolstring(L, idx, NULL));
    lua_pop(L, 1);
}

static int readonly_newindex(lua_State *L) {
    return luaL_error(L, "options are read only (cannot set '%s')", luaL_tolstring(L, 2, NULL));
}

/* g.options.NAME where the values table has no NAME (the view's __index is
 * that table, whose own __index is this): a name the variant does not
 * declare raises, with the closest declared one -- a typo in a house rule
 * (g.options.taget) would otherwise read nil and change nothing. A declared
 * name never gets here: reading it is a table lookup. */
static int options_missing(lua_State *L) {
    lua_settop(L, 2);
    fuda_engine *e = fuda_engine_of(L);
    const char *names[FUDA_MAX_OPTS];
    size_t n = 0, klen = 0;
    for (int i = 0; e && i < e->nopts && n < FUDA_MAX_OPTS; i++) names[n++] = e->opts[i].name;
    const char *k = lua_type(L, 2) == LUA_TSTRING ? lua_tolstring(L, 2, &klen) : NULL;
    const char *best = k && klen <= 64 ? fuda_suggest(k, names, n) : NULL;
    char shown[72];
    if (k) snprintf(shown, sizeof shown, "%.64s%s", k, klen > 64 ? "..." : "");
    else snprintf(shown, sizeof shown, "%s", luaL_typename(L, 2));
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (size_t i = 0; i < n; i++) {
        if (i) luaL_addstring(&b, ", ");
        luaL_addstring(&b, names[i]);
    }
    luaL_pushresult(&b);
    if (best) return luaL_error(L, "g.options has no option '%s' (did you mean '%s'?)", shown, best);
    return luaL_error(L, "g.options has no option '%s' (options: %s)", shown, n ? lua_tostring(L, -1) : "none");
}

/* pairs(g.options): one step over the values (upvalue 1), in next's order. */
static int options_next(lua_State *L) {
    lua_settop(L, 2);
    if (lua_next(L, lua_upvalueindex(1))) return 2;
    lua_pushnil(L);
    return 1;
}

/* __pairs of g.options: the step function, the view, nil; the values
 * table itself never reaches the script. */
static int options_pairs(lua_State *L) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushcclosure(L, options_next, 1);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

/* Options: e->opts and the read-only g.options view. def at index d. */
static void take_options(fuda_engine *e, int d) {
    lua_State *L = e->L;
    lua_getfield(L, d, "options");
    int opts = lua_gettop(L);
    sorted_keys(L, opts);
    int keys = lua_gettop(L);
    lua_newtable(L); /* values */
    int vals = lua_gettop(L);
    int n = (int)luaL_len(L, keys);
    if (n > FUDA_MAX_OPTS) n = FUDA_MAX_OPTS;
    e->nopts = 0;
    e->opts = n ? (fuda_opt *)calloc((size_t)n, sizeof *e->opts) : NULL;
    e->optinfo = n ? (fuda_option_info *)calloc((size_t)n, sizeof *e->optinfo) : NULL;
    if (n && (!e->opts || !e->optinfo)) luaL_error(L, "out of memory");
    for (int i = 1; i <= n; i++) {
        lua_rawgeti(L, keys, i);
        const char *name = lua_tostring(L, -1);
        lua_rawget(L, opts);
        int spec = lua_gettop(L);
        fuda_opt *o = &e->opts[e->nopts++];
        memset(o, 0, sizeof *o);
        o->name = kept_dup(e, name);
        o->doc = dup_field(L, spec, "doc");
        lua_getfield(L, spec, "value");
        value_text(L, -1, o);
        lua_setfield(L, vals, name);
        lua_pop(L, 1);
        e->optinfo[e->nopts - 1].name = o->name;
        e->optinfo[e->nopts - 1].value = o->text;
        e->optinfo[e->nopts - 1].doc = o->doc ? o->doc : "";
    }
    /* the view: a userdata, so no raw access (rawset, rawget, next) reaches
     * the values; reads go to vals, writes fail, pairs walks vals */
    lua_createtable(L, 0, 1); /* the values' own metatable: a missing name raises */
    lua_pushcfunction(L, options_missing);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, vals);
    lua_newuserdatauv(L, 0, 0);
    lua_createtable(L, 0, 5);
    lua_pushvalue(L, vals);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, readonly_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pushvalue(L, vals);
    lua_pushcclosure(L, options_pairs, 1);
    lua_setfield(L, -2, "__pairs");
    lua_pushliteral(L, "options");
    lua_setfield(L, -2, "__name");
    lua_pushliteral(L, "read only");
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
    e->ref_options = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_settop(L, opts - 1);
}

/* name -> slot tables for state and seat_state; initial values list. */
static int take_vars(fuda_engine *e, int d) {
    lua_State *L = e->L;
    lua_newtable(L); /* init: list of {slot, value, seatvar} */
    int init = lua_gettop(L);
    int ninit = 0;
    const char *fields[2] = {"state", "seat_state"};
    for (int f = 0; f < 2; f++) {
        lua_getfield(L, d, fields[f]);
        int t = lua_gettop(L);
        sorted_keys(L, t);
        int keys = lua_gettop(L);
        lua_newtable(L);
        int idx = lua_gettop(L);
        int n = (int)luaL_len(L, keys);
        for (int i = 1; i <= n; i++) {
            lua_rawgeti(L, keys, i);
            lua_pushinteger(L, i - 1);
            lua_setfield(L, idx, lua_tostring(L, -2));
            lua_createtable(L, 3, 0);
            lua_pushinteger(L, i - 1);
            lua_rawseti(L, -2, 1);
            lua_pushvalue(L, -2);
            lua_rawget(L, t);
            lua_rawseti(L, -2, 2);
            lua_pushboolean(L, f);
            lua_rawseti(L, -2, 3);
            lua_rawseti(L, init, ++ninit);
            lua_pop(L, 1);
        }
        if (f == 0) { e->nvars = n; e->ref_varidx = luaL_ref(L, LUA_REGISTRYINDEX); }
        else { e->nseatvars = n; e->ref_seatvaridx = luaL_ref(L, LUA_REGISTRYINDEX); }
        lua_settop(L, init);
    }
    e->ref_varinit = luaL_ref(L, LUA_REGISTRYINDEX);
    if (e->nvars + e->nseatvars * FUDA_MAX_SEATS > FUDA_MAX_VARS) {
        fuda_engine_seterr(e, "%s: too many variables (%d game + %d per seat; at most %d game "
                           "variables + 8 x seat variables)", e->file, e->nvars, e->nseatvars,
                           FUDA_MAX_VARS);
        return -1;
    }
    return 0;
}

static void take_bots(fuda_engine *e, int d) {
    lua_State *L = e->L;
    lua_getfield(L, d, "bots");
    sorted_keys(L, lua_gettop(L));
    int n = (int)luaL_len(L, -1);
    e->botnames = (char **)calloc((size_t)n + 1, sizeof(char *));
    e->nbotnames = 0;
    for (int i = 1; e->botnames && i <= n; i++) {
        lua_rawgeti(L, -1, i);
        const char *name = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        if (name && (e->botnames[e->nbotnames] = kept_dup(e, name)) != NULL) e->nbotnames++;
        lua_pop(L, 1);
    }
    lua_pop(L, 2);
}

/* The variant's check table: max_moves, zero_sum, expect = { names },
 * invariant (a function kept in the registry for a paranoid engine). */
static void take_check(fuda_engine *e, int d) {
    lua_State *L = e->L;
    lua_getfield(L, d, "check");
    int c = lua_gettop(L);
    e->info.check_max_moves = int_field(L, c, "max_moves", 0);
    lua_getfield(L, c, "zero_sum");
    e->info.check_zero_sum = lua_toboolean(L, -1);
    lua_pop(L, 1);
    lua_getfield(L, c, "leaks");
    e->info.check_leaks = lua_isnil(L, -1) || lua_toboolean(L, -1);
    lua_pop(L, 1);
    lua_getfield(L, c, "random");
    e->info.check_random = lua_isnumber(L, -1) ? lua_tonumber(L, -1) : 1.0;
    lua_pop(L, 1);
    if (lua_getfield(L, c, "invariant") == LUA_TFUNCTION) e->ref_invariant = luaL_ref(L, LUA_REGISTRYINDEX);
    else lua_pop(L, 1);
    e->info.check_invariant = e->ref_invariant != LUA_NOREF;
    if (lua_getfield(L, c, "expect") == LUA_TTABLE) {
        /* raw: a __len of the script's must not size this (no limit watches a C loop) */
        lua_Unsigned len = lua_rawlen(L, -1);
        int n = len > FUDA_MAX_TALLIES ? FUDA_MAX_TALLIES : (int)len;
        e->expect = (char **)calloc((size_t)n + 1, sizeof(char *));
        for (int i = 1; e->expect && i <= n; i++) {
            lua_rawgeti(L, -1, i);
            if (lua_type(L, -1) == LUA_TSTRING && (e->expect[e->nexpect] = kept_dup(e, lua_tostring(L, -1))))
                e->nexpect++;
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 2);
    e->info.nexpect = e->nexpect;
    e->info.expect = (const char *const *)e->expect;
}

/* The variant's column names (checked by the loader: 1 to 4 strings). */
static void take_columns(fuda_engine *e, int d) {
    lua_State *L = e->L;
    e->ncols = 0;
    if (lua_getfield(L, d, "columns") == LUA_TTABLE) {
        for (int i = 1; i <= FUDA_MAX_COLS; i++) {
            if (lua_rawgeti(L, -1, i) == LUA_TSTRING && (e->colnames[e->ncols] = strdup(lua_tostring(L, -1))))
                e->ncols++;
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    e->info.ncols = e->ncols;
    e->info.columns = (const char *const *)e->colnames;
}

#define MAX_HELP_VERBS 256 /* verbs `help` lists at most */
#define MAX_HELP_TEXT 200  /* bytes of a verb's usage or doc line kept for `help` */

/* The declared verbs' usage and doc lines (def.verb_help, made by the
 * loader from fuda.moves: a list of { usage, doc }); none when the variant
 * declares no verbs or memory runs out. */
static void take_verbs(fuda_engine *e, int d) {
    lua_State *L = e->L;
    e->nverbs = 0;
    if (lua_getfield(L, d, "verb_help") == LUA_TTABLE) {
        /* bounded: a script's verbs must not size C-side memory no limit counts */
        lua_Unsigned len = lua_rawlen(L, -1);
        int n = len > MAX_HELP_VERBS ? MAX_HELP_VERBS : (int)len;
        e->verbusage = (char **)calloc((size_t)n + 1, sizeof(char *));
        e->verbdoc = (char **)calloc((size_t)n + 1, sizeof(char *));
        for (int i = 1; e->verbusage && e->verbdoc && i <= n; i++) {
            lua_rawgeti(L, -1, i);
            lua_rawgeti(L, -1, 1);
            lua_rawgeti(L, -2, 2);
            const char *u = lua_tostring(L, -2), *doc = lua_tostring(L, -1);
            char *us = u ? strndup(u, MAX_HELP_TEXT) : NULL, *ds = strndup(doc ? doc : "", MAX_HELP_TEXT);
            if (us && ds) e->verbusage[e->nverbs] = us, e->verbdoc[e->nverbs++] = ds;
            else free(us), free(ds);
            lua_pop(L, 3);
        }
    }
    lua_pop(L, 1);
    e->info.nverbs = e->nverbs;
    e->info.verbs = (const char *const *)e->verbusage;
    e->info.verb_docs = (const char *const *)e->verbdoc;
}

/* The search's settings (the loader checked them): how it judges a hand, how sure it must be to
 * leave its own bot's move, and the index of that bot among e->botnames (take_bots comes first). */
static void take_search(fuda_engine *e, int d) {
    lua_State *L = e->L;
    e->info.search_by_winner = 0;
    e->info.search_bot = -1;
    e->info.search_sure = -1;
    if (lua_getfield(L, d, "search") == LUA_TTABLE) {
        if (lua_getfield(L, -1, "sure") == LUA_TNUMBER) e->info.search_sure = lua_tonumber(L, -1);
        lua_pop(L, 1);
        lua_getfield(L, -1, "hands");
        e->info.search_by_winner = lua_type(L, -1) == LUA_TSTRING && strcmp(lua_tostring(L, -1), "winner") == 0;
        lua_pop(L, 1);
        if (lua_getfield(L, -1, "bot") == LUA_TSTRING)
            for (int i = 0; i < e->nbotnames; i++)
                if (strcmp(e->botnames[i], lua_tostring(L, -1)) == 0) e->info.search_bot = i;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

static void take_info(fuda_engine *e, int d) {
    lua_State *L = e->L;
    e->name = dup_field(L, d, "name");
    e->title = dup_field(L, d, "title");
    e->file = dup_field(L, d, "file");
    e->extends = dup_field(L, d, "extends");
    e->round = dup_field(L, d, "round");
    lua_getfield(L, d, "players");
    int p = lua_gettop(L);
    e->info.min_seats = int_field(L, p, "min", 2);
    e->info.max_seats = int_field(L, p, "max", 2);
    e->info.default_seats = int_field(L, p, "default", e->info.min_seats);
    e->info.seat_step = int_field(L, p, "step", 1);
    lua_pop(L, 1);
    lua_getfield(L, d, "abstract");
    e->info.abstract = lua_toboolean(L, -1);
    lua_pop(L, 1);
    e->info.name = e->name;
    e->info.title = e->title ? e->title : e->name;
    e->info.file = e->file;
    e->info.extends = e->extends;
    e->info.round = e->round ? e->round : "hand";
}

static int load_def(lua_State *L) {
    const char *name = lua_tostring(L, 1);
    int nsets = (int)lua_tointeger(L, 2);
    char **sets = (char **)lua_touserdata(L, 3);
    push_loader(L);
    lua_getfield(L, -1, "load");
    lua_pushstring(L, name);
    lua_createtable(L, nsets, 0);
    for (int i = 0; i < nsets; i++) {
        lua_pushstring(L, sets[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_call(L, 2, 1);
    return 1;
}

/* After a load the loader (its code, the source texts and lines it kept for
 * messages, its cache of definitions) is not needed any more: a match keeps
 * only the variant. A later fuda.variant or fuda.import (from a hook) builds
 * the loader again and reads its files afresh. */
static void forget_loader(lua_State *L) {
    lua_pushnil(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &SOURCES_KEY);
    lua_pushnil(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &LOADER_KEY);
}

int fuda_loader_load(fuda_engine *e, const char *variant) {
    lua_State *L = e->L;
    lua_pushcfunction(L, load_def);
    lua_pushstring(L, variant);
    lua_pushinteger(L, e->noptset);
    lua_pushlightuserdata(L, e->optset);
    if (fuda_sandbox_pcall(e, 3, 1) != LUA_OK) {
        fuda_engine_seterr_lines(e, lua_tostring(L, -1)); /* one problem a line (C.oneline) */
        lua_pop(L, 1);
        return -1;
    }
    int d = lua_gettop(L);
    take_info(e, d);
    fuda_sandbox_blame(e, e->file); /* what the engine copies now (a limit hit) is the variant's */
    take_options(e, d);
    take_bots(e, d);
    take_check(e, d);
    lua_getfield(L, d, "evaluate");
    e->info.has_evaluate = lua_isfunction(L, -1);
    lua_pop(L, 1);
    take_search(e, d);
    take_columns(e, d);
    take_verbs(e, d);
    if (take_vars(e, d) < 0) { lua_pop(L, 1); return -1; }
    e->info.nopts = e->nopts;
    e->info.opts = e->optinfo;
    e->info.nbots = e->nbotnames;
    e->info.bots = (const char *const *)e->botnames;
    e->ref_variant = luaL_ref(L, LUA_REGISTRYINDEX);
    forget_loader(L);
    return 0;
}

/* The bots every variant has (engine.h): the loader refuses a variant bot of
 * one of these names; bots.c plays them. */
const char *const fuda_builtin_bots[] = {"random", "search", NULL};
