/* lrepl.c -- the REPL's Lua lines, in the host's state: a line evaluated
 * the way lua.c does (fuda_host_eval), its results shown as text without
 * running any script code (tables print their contents), and the tab
 * completion of Lua names (fuda_host_complete). The program's REPL
 * (repl/repl.c) calls these through host.h. */
#include <stdio.h>
#include <lauxlib.h>
#include "host_impl.h"
#include "lmatch.h"

/* ---- showing a result (the REPL) ----
 * A table prints its contents, { "7h", "8h", n = 2 }: the list part first,
 * then the other keys (strings sorted, then the rest). Only raw reads, so no
 * metamethod (nor any other script code) runs; a table met again on its own
 * path prints as <cycle>, nesting deeper than SHOW_DEPTH as {...}, after
 * SHOW_ITEMS values in all the rest is "...", and a string longer than
 * SHOW_STRING is cut ("..." after it). Values inside tables never run
 * __tostring either: a function or userdata prints as its type and address. */
#define SHOW_DEPTH 4
#define SHOW_ITEMS 200
#define SHOW_STRING 200

typedef struct shower {
    char *p;
    size_t len, cap;
    const void *path[SHOW_DEPTH + 1]; /* the tables being shown, outermost first */
    int depth;
    int items;
} shower;

static void show_add(shower *w, const char *s, size_t n) {
    if (w->len + n + 1 > w->cap) {
        size_t cap = (w->cap + n + 1) * 2;
        char *p = (char *)realloc(w->p, cap);
        if (!p) return; /* out of memory: the text is cut */
        w->p = p, w->cap = cap;
    }
    memcpy(w->p + w->len, s, n);
    w->len += n;
    w->p[w->len] = '\0';
}

static void show_adds(shower *w, const char *s) { show_add(w, s, strlen(s)); }

static void show_value(lua_State *L, shower *w, int idx);

static void show_string(shower *w, const char *s, size_t len) {
    show_adds(w, "\"");
    for (size_t i = 0; i < len && i < SHOW_STRING; i++) {
        unsigned char ch = (unsigned char)s[i];
        char esc[8];
        if (ch == '"' || ch == '\\') {
            esc[0] = '\\', esc[1] = (char)ch;
            show_add(w, esc, 2);
        } else if (ch == '\n') {
            show_adds(w, "\\n");
        } else if (ch < 32 || ch == 127) {
            snprintf(esc, sizeof esc, "\\%d", ch);
            show_adds(w, esc);
        } else {
            show_add(w, (const char *)&s[i], 1);
        }
    }
    show_adds(w, len > SHOW_STRING ? "\"..." : "\"");
}

/* Is s (len bytes) a Lua name, not a keyword, of at most NAME_MAX_LEN bytes? */
#define NAME_MAX_LEN 256
static int is_name(const char *s, size_t len) {
    static const char *const keywords[] = { "and", "break", "do", "else", "elseif", "end", "false", "for",
                                            "function", "goto", "if", "in", "local", "nil", "not", "or",
                                            "repeat", "return", "then", "true", "until", "while", NULL };
    if (len == 0 || len > NAME_MAX_LEN || (s[0] >= '0' && s[0] <= '9')) return 0;
    for (size_t i = 0; i < len; i++)
        if (!(s[i] == '_' || (s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
              (s[i] >= '0' && s[i] <= '9')))
            return 0;
    for (const char *const *k = keywords; *k; k++)
        if (strlen(*k) == len && memcmp(*k, s, len) == 0) return 0;
    return 1;
}

/* A key, as it is written before " = ". */
static void show_key(lua_State *L, shower *w, int idx) {
    size_t len;
    if (lua_type(L, idx) == LUA_TSTRING) {
        const char *s = lua_tolstring(L, idx, &len);
        if (is_name(s, len)) {
            show_add(w, s, len);
            return;
        }
    }
    show_adds(w, "[");
    show_value(L, w, idx);
    show_adds(w, "]");
}

/* Does key a come before key b? Strings in byte order, then numbers, then
 * the others by type (their order among themselves is the table's). */
static int key_before(lua_State *L, int a, int b) {
    int ta = lua_type(L, a), tb = lua_type(L, b);
    if (ta == LUA_TSTRING && tb == LUA_TSTRING) return strcmp(lua_tostring(L, a), lua_tostring(L, b)) < 0;
    if (ta == LUA_TNUMBER && tb == LUA_TNUMBER) return lua_tonumber(L, a) < lua_tonumber(L, b);
    if (ta == tb) return 0;
    if (ta == LUA_TSTRING) return 1;
    if (tb == LUA_TSTRING) return 0;
    if (ta == LUA_TNUMBER) return 1;
    if (tb == LUA_TNUMBER) return 0;
    return ta < tb;
}

/* The keys of the table at idx but its list part 1..n, at most SHOW_ITEMS + 1
 * of them, sorted, as a new list on the stack (insertion sort: few keys). */
static void sorted_keys(lua_State *L, int idx, lua_Integer n) {
    lua_newtable(L);
    int keys = lua_gettop(L);
    lua_Integer k = 0;
    lua_pushnil(L);
    while (lua_next(L, idx) != 0) {
        lua_pop(L, 1);
        if (lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 1 && lua_tointeger(L, -1) <= n) continue;
        lua_Integer j = k++;
        for (; j >= 1; j--) { /* shift the keys after this one up */
            lua_rawgeti(L, keys, j);
            int after = key_before(L, -2, -1);
            if (!after) {
                lua_pop(L, 1);
                break;
            }
            lua_rawseti(L, keys, j + 1);
        }
        lua_pushvalue(L, -1);
        lua_rawseti(L, keys, j + 1);
        if (k > SHOW_ITEMS) {
            lua_pop(L, 1);
            break;
        }
    }
}

static void show_table(lua_State *L, shower *w, int idx) {
    const void *p = lua_topointer(L, idx);
    for (int i = 0; i < w->depth; i++)
        if (w->path[i] == p) {
            show_adds(w, "<cycle>");
            return;
        }
    if (w->depth >= SHOW_DEPTH) {
        show_adds(w, "{...}");
        return;
    }
    luaL_checkstack(L, 8, "showing a table");
    w->path[w->depth++] = p;
    lua_Integer n = 0;
    int first = 1;
    show_adds(w, "{");
    while (w->items < SHOW_ITEMS && lua_rawgeti(L, idx, n + 1) != LUA_TNIL) {
        show_adds(w, first ? " " : ", ");
        first = 0;
        w->items++;
        show_value(L, w, lua_gettop(L));
        lua_pop(L, 1);
        n++;
    }
    lua_pop(L, 1);
    int more = w->items >= SHOW_ITEMS;
    if (!more) {
        sorted_keys(L, idx, n);
        int keys = lua_gettop(L);
        lua_Integer nk = (lua_Integer)lua_rawlen(L, keys);
        for (lua_Integer k = 1; k <= nk && !more; k++) {
            if (w->items >= SHOW_ITEMS) {
                more = 1;
                break;
            }
            show_adds(w, first ? " " : ", ");
            first = 0;
            w->items++;
            lua_rawgeti(L, keys, k);
            show_key(L, w, lua_gettop(L));
            show_adds(w, " = ");
            lua_rawget(L, idx);
            show_value(L, w, lua_gettop(L));
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    if (more) show_adds(w, first ? " ..." : ", ...");
    show_adds(w, first ? "}" : " }");
    w->depth--;
}

/* One value at idx, shown. */
static void show_value(lua_State *L, shower *w, int idx) {
    char tmp[64];
    size_t len;
    const char *s;
    switch (lua_type(L, idx)) {
    case LUA_TSTRING:
        s = lua_tolstring(L, idx, &len);
        show_string(w, s, len);
        break;
    case LUA_TNUMBER:
        if (lua_isinteger(L, idx)) snprintf(tmp, sizeof tmp, LUA_INTEGER_FMT, lua_tointeger(L, idx));
        else snprintf(tmp, sizeof tmp, LUA_NUMBER_FMT, lua_tonumber(L, idx));
        show_adds(w, tmp);
        break;
    case LUA_TBOOLEAN: show_adds(w, lua_toboolean(L, idx) ? "true" : "false"); break;
    case LUA_TNIL: show_adds(w, "nil"); break;
    case LUA_TTABLE: show_table(L, w, idx); break;
    default:
        snprintf(tmp, sizeof tmp, "%s: %p", luaL_typename(L, idx), lua_topointer(L, idx));
        show_adds(w, tmp);
        break;
    }
}

/* Push the text of the table at idx (protected by the caller's pcall: only
 * running out of stack or memory raises). */
static int show_pushed(lua_State *L) {
    shower w = { NULL, 0, 0, { NULL }, 0, 0 };
    show_value(L, &w, 1);
    lua_pushstring(L, w.p ? w.p : "");
    free(w.p);
    return 1;
}

/* Is the syntax error on top of the stack an unfinished statement? */
static int incomplete(lua_State *L) {
    size_t len;
    const char *msg = lua_tolstring(L, -1, &len);
    return msg && len >= 5 && strcmp(msg + len - 5, "<eof>") == 0;
}

int fuda_host_eval(fuda_host *h, const char *chunk, const char **out) {
    lua_State *L = h->L;
    lua_settop(L, 0);
    fuda_host_forget_variants(L); /* a variant edited since the last line is read afresh */
    lua_pushcfunction(L, traceback);
    const char *ret = lua_pushfstring(L, "return %s;", chunk);
    int rc = luaL_loadbufferx(L, ret, strlen(ret), "=stdin", "t");
    lua_remove(L, -2);
    if (rc != LUA_OK) {
        lua_pop(L, 1);
        rc = luaL_loadbufferx(L, chunk, strlen(chunk), "=stdin", "t");
        if (rc == LUA_ERRSYNTAX && incomplete(L)) {
            lua_settop(L, 0);
            return 1;
        }
        if (rc != LUA_OK) {
            set_out(h, lua_tostring(L, -1));
            *out = h->out;
            lua_settop(L, 0);
            return -1;
        }
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, h->ref_env);
    lua_setupvalue(L, -2, 1);
    if (lua_pcall(L, 0, LUA_MULTRET, 1) != LUA_OK) {
        set_out(h, lua_tostring(L, -1));
        *out = h->out;
        lua_settop(L, 0);
        return -1;
    }
    luaL_Buffer b;
    int n = lua_gettop(L);
    luaL_buffinit(L, &b);
    for (int i = 2; i <= n; i++) {
        if (i > 2) luaL_addchar(&b, '\t');
        if (lua_type(L, i) == LUA_TTABLE) {
            lua_pushcfunction(L, show_pushed);
            lua_pushvalue(L, i);
            if (lua_pcall(L, 1, 1, 0) != LUA_OK) lua_pushliteral(L, "<table: too big to show>");
            luaL_addvalue(&b);
        } else {
            luaL_tolstring(L, i, NULL);
            luaL_addvalue(&b);
        }
    }
    luaL_pushresult(&b);
    set_out(h, lua_tostring(L, -1));
    *out = h->out;
    lua_settop(L, 0);
    return 0;
}

/* ---- Tab completion of Lua names (the REPL) ----
 * Tables are read with raw access only (lua_rawget, lua_next,
 * lua_getmetatable): no metamethod, so no script code, runs. __index is
 * followed only when it is a table, at most WALK_DEPTH times (a cycle ends
 * there), and at most WALK_KEYS keys are looked at in all. */

#define WALK_DEPTH 16
#define WALK_KEYS 100000
#define WALK_NAME_MAX NAME_MAX_LEN

typedef struct complete_req {
    const char *word;
    fuda_host_add_fn add;
    void *ud;
} complete_req;

/* Replace the value on top with its metatable's __index when that is a
 * table; 0 (top popped) otherwise. */
static int next_index(lua_State *L) {
    if (!lua_getmetatable(L, -1)) {
        lua_pop(L, 1);
        return 0;
    }
    lua_pushliteral(L, "__index");
    lua_rawget(L, -2);
    lua_remove(L, -2);
    lua_remove(L, -2);
    if (lua_type(L, -1) == LUA_TTABLE) return 1;
    lua_pop(L, 1);
    return 0;
}

/* Replace the value on top with its field key (raw, along the __index
 * tables); nil when there is none. */
static void raw_field(lua_State *L, const char *key, size_t len) {
    for (int d = 0; d < WALK_DEPTH; d++) {
        if (lua_type(L, -1) == LUA_TTABLE) {
            lua_pushlstring(L, key, len);
            if (lua_rawget(L, -2) != LUA_TNIL) {
                lua_remove(L, -2);
                return;
            }
            lua_pop(L, 1);
        }
        if (!next_index(L)) {
            lua_pushnil(L);
            return;
        }
    }
    lua_pop(L, 1);
    lua_pushnil(L);
}

/* Call add(head .. key) for each name key of the value on top (popped) and
 * of its __index tables that starts with prefix. */
static void list_names(lua_State *L, const complete_req *r, size_t headlen, const char *prefix) {
    char name[2 * WALK_NAME_MAX + 2];
    size_t plen = strlen(prefix);
    long budget = WALK_KEYS;
    int base = lua_gettop(L);
    for (int d = 0; d < WALK_DEPTH && budget > 0; d++) {
        if (lua_type(L, -1) == LUA_TTABLE) {
            lua_pushnil(L);
            while (budget-- > 0 && lua_next(L, -2)) {
                lua_pop(L, 1);
                size_t len;
                const char *key = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : NULL;
                if (key && is_name(key, len) && len >= plen && memcmp(key, prefix, plen) == 0) {
                    memcpy(name, r->word, headlen);
                    memcpy(name + headlen, key, len);
                    name[headlen + len] = '\0';
                    r->add(r->ud, name);
                }
            }
            lua_settop(L, base);
        }
        if (!next_index(L)) return;
    }
    lua_settop(L, base - 1);
}

/* lua_CFunction: the walk for the complete_req at index 1, the globals at 2. */
static int complete_walk(lua_State *L) {
    const complete_req *r = lua_touserdata(L, 1);
    const char *w = r->word, *sep = NULL;
    for (const char *p = w; *p; p++)
        if (*p == '.' || *p == ':') sep = p;
    if (strlen(w) > WALK_NAME_MAX) return 0;
    size_t headlen = sep ? (size_t)(sep - w) + 1 : 0;
    const char *seg = w;
    while (sep && seg < sep) { /* down the path a.b.c */
        size_t len = strcspn(seg, ".:");
        if (seg + len != sep && seg[len] == ':') return 0; /* a:b.c is no name */
        if (!is_name(seg, len)) return 0;
        raw_field(L, seg, len);
        seg += len + 1;
    }
    list_names(L, r, headlen, sep ? sep + 1 : w);
    return 0;
}

void fuda_host_complete(fuda_host *h, const char *word, fuda_host_add_fn add, void *ud) {
    lua_State *L = h->L;
    int top = lua_gettop(L);
    complete_req r = { word, add, ud };
    if (lua_checkstack(L, 8)) {
        lua_pushcfunction(L, complete_walk);
        lua_pushlightuserdata(L, &r);
        lua_rawgeti(L, LUA_REGISTRYINDEX, h->ref_env);
        lua_pcall(L, 2, 0, 0); /* out of memory: fewer names, nothing more */
    }
    lua_settop(L, top);
}
