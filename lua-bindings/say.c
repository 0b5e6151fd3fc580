/* say.c -- the text of an event made with a format, g:say(fmt, ...) and
 * g:tell(seat, fmt, ...): string.format's conversions over plain values,
 * checked when the event is made, rendered in C only when somebody reads
 * events.
 *
 * A match must play the same whether anybody reads its events (fuda play,
 * fuda check, a host script) or not (fuda sim, a search's playouts), so
 * nothing a script can notice may depend on it: the format and its values
 * are checked every time (a bad one raises at the line of the g:say, read or
 * not); the values are strings, numbers, booleans or nil, whose text comes
 * from no script code (a table's __tostring would run the script only when
 * somebody reads); and the text's exact length, which the engine counts
 * against the memory limit, is known without making the text, which is
 * written into the engine's C memory, never into Lua's.
 *
 * Conversions: %d %i %c %o %x %X (integers), %a %A %e %E %f %F %g %G
 * (numbers), %s (a string, or the text tostring gives a number, boolean or
 * nil), %q (a literal), %%, with string.format's flags, width and precision
 * (two digits each at most); the text is string.format's for the same format
 * and values. %p (an address) and any other conversion are refused.
 *
 * Failure: fuda_say_length raises a Lua error ("bad argument #2 to 'say'
 * (number expected, got string)", "invalid conversion '%y' to 'say'");
 * fuda_say_render, given what fuda_say_length accepted, cannot fail. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <lauxlib.h>
#include "say.h"

/* Where the text goes: counted only (out NULL), or written into out. */
typedef struct sink {
    char *out;
    size_t n, cap; /* bytes of text so far; room in out, its final NUL included */
} sink;

static void add(sink *k, const char *s, size_t len) {
    if (k->out && k->n < k->cap) {
        size_t room = k->cap - 1 - k->n;
        memcpy(k->out + k->n, s, len < room ? len : room);
    }
    k->n += len;
}

/* snprintf of one value into the sink (spec is a C format of one conversion). */
#define ADDF(k, spec, v)                                                                  \
    do {                                                                                  \
        int m_ = (k)->out && (k)->n < (k)->cap ? snprintf((k)->out + (k)->n, (k)->cap - (k)->n, spec, v) \
                                               : snprintf(NULL, 0, spec, v);              \
        if (m_ > 0) (k)->n += (size_t)m_;                                                 \
    } while (0)

/* One conversion: flags, width, precision and the letter. */
typedef struct spec {
    char c[24];  /* the C format: "%", flags, width, ".precision", length modifier, letter */
    int plain;   /* no flags, width or precision ("%s") */
    int has_dot; /* a precision was given */
    char conv;
} spec;

/* Parse the conversion at *p (just after '%'), end at e; raises on a bad one. */
static const char *parse_spec(lua_State *L, const char *p, const char *e, spec *sp, const char *fname) {
    const char *start = p;
    size_t n = 1;
    sp->c[0] = '%';
    sp->has_dot = 0;
    if (*p == 's' || *p == 'd') { /* the usual ones, at once (sp->c is not needed for them) */
        sp->plain = 1, sp->conv = *p;
        return p + 1;
    }
    while (p < e && *p && strchr("-+ #0", *p)) {
        if (n > 6) luaL_error(L, "invalid format (repeated flags) to '%s'", fname);
        sp->c[n++] = *p++;
    }
    size_t nflags = n - 1;
    for (int d = 0; d < 2 && p < e && isdigit((unsigned char)*p); d++) sp->c[n++] = *p++;
    if (p < e && *p == '.') {
        sp->has_dot = 1;
        sp->c[n++] = *p++;
        for (int d = 0; d < 2 && p < e && isdigit((unsigned char)*p); d++) sp->c[n++] = *p++;
    }
    if (p >= e || !isalpha((unsigned char)*p)) {
        const char *bad = p < e ? p + 1 : e;
        luaL_error(L, "invalid conversion '%%%s' to '%s'",
                   lua_pushlstring(L, start, (size_t)(bad - start) > 10 ? 10 : (size_t)(bad - start)), fname);
    }
    sp->conv = *p++;
    sp->plain = n == 1;
    /* the flags each conversion allows (string.format's), no width starting with 0 */
    const char *flags, *where = sp->c + 1;
    int prec = 1;
    switch (sp->conv) {
    case 'd': case 'i': flags = "-+ 0"; break;
    case 'o': case 'x': case 'X': flags = "-#0"; break;
    case 'a': case 'A': case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': flags = "-+ #0"; break;
    case 'c': flags = "-", prec = 0; break;
    case 's': flags = "-"; break;
    case 'q':
        if (!sp->plain) luaL_error(L, "specifier '%%q' cannot have modifiers (in '%s')", fname);
        flags = "";
        break;
    default:
        luaL_error(L, "invalid conversion '%%%s' to '%s'",
                   lua_pushlstring(L, start, (size_t)(p - start) > 10 ? 10 : (size_t)(p - start)), fname);
        return p;
    }
    for (size_t i = 0; i < nflags; i++)
        if (!strchr(flags, where[i])) {
            sp->c[n] = sp->conv, sp->c[n + 1] = '\0';
            luaL_error(L, "invalid conversion '%s' to '%s'", sp->c, fname);
        }
    if (sp->has_dot && !prec) {
        sp->c[n] = sp->conv, sp->c[n + 1] = '\0';
        luaL_error(L, "invalid conversion '%s' to '%s'", sp->c, fname);
    }
    if (strchr("dioxX", sp->conv)) sp->c[n++] = 'l', sp->c[n++] = 'l';
    sp->c[n++] = sp->conv;
    sp->c[n] = '\0';
    return p;
}

/* The text tostring gives a number (Lua's: "%.14g", ".0" after a float
 * that looks like an integer). */
static size_t number_text(lua_State *L, int arg, char *buf, size_t size) {
    int n;
    if (lua_isinteger(L, arg)) {
        n = snprintf(buf, size, LUA_INTEGER_FMT, (LUAI_UACINT)lua_tointeger(L, arg));
    } else {
        n = snprintf(buf, size, LUA_NUMBER_FMT, (LUAI_UACNUMBER)lua_tonumber(L, arg));
        if (n > 0 && (size_t)n + 2 < size && buf[strspn(buf, "-0123456789")] == '\0')
            buf[n++] = '.', buf[n++] = '0', buf[n] = '\0';
    }
    return n > 0 ? (size_t)n : 0;
}

/* The text of a value for %s and %q: a string's own bytes, or the text of a
 * number, boolean or nil; any other type raises (its text would come from
 * the script, or from an address). */
static const char *plain_text(lua_State *L, int arg, char *buf, size_t size, size_t *len, const char *fname) {
    switch (lua_type(L, arg)) {
    case LUA_TSTRING: return lua_tolstring(L, arg, len);
    case LUA_TNUMBER: *len = number_text(L, arg, buf, size); return buf;
    case LUA_TBOOLEAN: *len = lua_toboolean(L, arg) ? 4 : 5; return lua_toboolean(L, arg) ? "true" : "false";
    case LUA_TNIL: *len = 3; return "nil";
    default:
        luaL_typeerror(L, arg, "string, number, boolean or nil");
        (void)fname;
        return "";
    }
}

/* %q of a string: string.format's quoting. */
static void add_quoted(sink *k, const char *s, size_t len) {
    add(k, "\"", 1);
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (ch == '"' || ch == '\\' || ch == '\n') {
            char two[2] = { '\\', (char)ch };
            add(k, two, 2);
        } else if (iscntrl(ch)) {
            char esc[8];
            int m = snprintf(esc, sizeof esc, i + 1 < len && isdigit((unsigned char)s[i + 1]) ? "\\%03d" : "\\%d", ch);
            add(k, esc, (size_t)m);
        } else {
            add(k, (const char *)&s[i], 1);
        }
    }
    add(k, "\"", 1);
}

/* %q: a literal Lua reads back as the same value. */
static void add_literal(lua_State *L, sink *k, int arg, const char *fname) {
    char buf[64];
    size_t len;
    if (lua_type(L, arg) == LUA_TSTRING) {
        const char *s = lua_tolstring(L, arg, &len);
        add_quoted(k, s, len);
    } else if (lua_type(L, arg) == LUA_TNUMBER && !lua_isinteger(L, arg)) {
        lua_Number x = lua_tonumber(L, arg);
        if (x == (lua_Number)HUGE_VAL) add(k, "1e9999", 6);
        else if (x == -(lua_Number)HUGE_VAL) add(k, "-1e9999", 7);
        else if (x != x) add(k, "(0/0)", 5);
        else ADDF(k, "%a", (LUAI_UACNUMBER)x);
    } else if (lua_type(L, arg) == LUA_TNUMBER) {
        lua_Integer n = lua_tointeger(L, arg);
        if (n == LUA_MININTEGER) ADDF(k, "0x%llx", (unsigned long long)n);
        else ADDF(k, LUA_INTEGER_FMT, (LUAI_UACINT)n);
    } else {
        const char *s = plain_text(L, arg, buf, sizeof buf, &len, fname);
        add(k, s, len);
    }
}

/* %s: the whole text when there are no modifiers, or when it is long and no
 * precision cuts it; else as C's printf does. */
static void add_string(lua_State *L, sink *k, int arg, const spec *sp, const char *fname) {
    char buf[64];
    size_t len;
    const char *s = lua_type(L, arg) == LUA_TSTRING ? lua_tolstring(L, arg, &len)
                                                     : plain_text(L, arg, buf, sizeof buf, &len, fname);
    if (sp->plain) {
        add(k, s, len);
        return;
    }
    luaL_argcheck(L, len == strlen(s), arg, "string contains zeros");
    if (!sp->has_dot && len >= 100) add(k, s, len);
    else ADDF(k, sp->c, s);
}

/* The integer value at arg (a number or a numeral with an integer value). */
static lua_Integer integer_at(lua_State *L, int arg) {
    int isnum;
    lua_Integer n = lua_tointegerx(L, arg, &isnum);
    return isnum ? n : luaL_checkinteger(L, arg); /* raises the message */
}

/* %d of n: a plain one counted without printf. */
static void add_integer(sink *k, const spec *sp, lua_Integer n) {
    if (!sp->plain) {
        ADDF(k, sp->c, (LUAI_UACINT)n);
    } else if (k->out) {
        ADDF(k, LUA_INTEGER_FMT, (LUAI_UACINT)n);
    } else {
        lua_Unsigned u = n < 0 ? (lua_Unsigned)0 - (lua_Unsigned)n : (lua_Unsigned)n;
        size_t digits = 1;
        while (u >= 10) u /= 10, digits++;
        k->n += digits + (n < 0);
    }
}

/* Walk the format at idx over the values after it: count its text (k->out
 * NULL) or write it. Raises on a bad format or value. */
static void run(lua_State *L, int idx, const char *p, size_t flen, sink *k, const char *fname) {
    const char *e = p + flen;
    int top = lua_gettop(L), arg = idx;
    while (p < e) {
        const char *pct = memchr(p, '%', (size_t)(e - p));
        if (!pct) {
            add(k, p, (size_t)(e - p));
            break;
        }
        add(k, p, (size_t)(pct - p));
        p = pct + 1;
        if (p < e && *p == '%') {
            add(k, "%", 1);
            p++;
            continue;
        }
        spec sp;
        p = parse_spec(L, p, e, &sp, fname);
        if (++arg > top) luaL_argerror(L, arg, "no value");
        switch (sp.conv) {
        case 'c': ADDF(k, sp.c, (int)integer_at(L, arg)); break;
        case 'd': case 'i': add_integer(k, &sp, integer_at(L, arg)); break;
        case 'o': case 'x': case 'X': ADDF(k, sp.c, (LUAI_UACINT)integer_at(L, arg)); break;
        case 's': add_string(L, k, arg, &sp, fname); break;
        case 'q': add_literal(L, k, arg, fname); break;
        default: ADDF(k, sp.c, (LUAI_UACNUMBER)luaL_checknumber(L, arg)); break;
        }
    }
}

size_t fuda_say_length(lua_State *L, int idx, const char *fmt, size_t len, const char *fname) {
    sink k = { NULL, 0, 0 };
    run(L, idx, fmt, len, &k, fname);
    return k.n;
}

void fuda_say_render(lua_State *L, int idx, const char *fmt, size_t len, const char *fname, char *out,
                     size_t size) {
    sink k = { out, 0, size };
    run(L, idx, fmt, len, &k, fname);
    out[k.n < size ? k.n : size - 1] = '\0';
}
