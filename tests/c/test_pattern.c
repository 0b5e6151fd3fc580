/* test_pattern.c -- differential tests of lua-bindings/lpattern.c: fuda's
 * string.find/match/gmatch/gsub against the stock Lua 5.4 library.
 *
 * Two states run the same Lua calls: a stock one (luaL_openlibs) and one whose
 * string table got fuda_open_patterns. Each call's full outcome (every return
 * value with its type, or the error message, plus what replacement functions
 * and __index were called with) is serialised to text by helper code that
 * itself uses no pattern function, and the texts must be equal. Cases: a
 * hand-made corpus (explicit cases and a cross product of feature patterns
 * and subjects) and random subjects/patterns from a fixed-seed generator.
 * Then the meter: fuda_sandbox_tick is defined here, counts its calls and can
 * be told to raise, which must end the match with that error. */
#include <stdlib.h>
#include <stdint.h>
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include "test.h"

void fuda_open_patterns(lua_State *L);
void fuda_sandbox_tick(lua_State *L, long steps);

static long tick_calls, tick_steps, tick_raise_at;  /* raise at that call (0: never) */

void fuda_sandbox_tick(lua_State *L, long steps) {
    tick_calls++;
    tick_steps += steps;
    if (tick_raise_at && tick_calls >= tick_raise_at) luaL_error(L, "tick limit reached");
}

/* Serialises outcomes; F/M/S/G call find/match/gsub/gmatch through pcall. */
static const char helper[] =
    "local log = {}\n"
    "local function ser(v)\n"
    "  local t = type(v)\n"
    "  if t == 'string' then return string.format('%q', v) end\n"
    "  if t == 'number' then\n"
    "    if math.type(v) == 'integer' then return 'i' .. tostring(v) end\n"
    "    return 'f' .. string.format('%.17g', v)\n"
    "  end\n"
    "  if t == 'boolean' or t == 'nil' then return tostring(v) end\n"
    "  return t\n"
    "end\n"
    "local function pack(...)\n"
    "  local out = {}\n"
    "  for i = 1, select('#', ...) do out[i] = ser((select(i, ...))) end\n"
    "  return select('#', ...) .. '[' .. table.concat(out, ',') .. ']'\n"
    "end\n"
    "local function note(...) log[#log + 1] = pack(...) end\n"
    "local flip\n"
    "function CALL(f, ...)\n"
    "  log, flip = {}, false\n"
    "  local r = pack(pcall(f, ...))\n"
    "  return r .. ' log=' .. table.concat(log, ';')\n"
    "end\n"
    "function F(...) return CALL(string.find, ...) end\n"
    "function M(...) return CALL(string.match, ...) end\n"
    "function S(...) return CALL(string.gsub, ...) end\n"
    "function G(...)\n"
    "  log, flip = {}, false\n"
    "  local ok, it = pcall(string.gmatch, ...)\n"
    "  if not ok then return 'gmatch error ' .. ser(it) end\n"
    "  local out = {}\n"
    "  for i = 1, 60 do\n"
    "    local r = table.pack(pcall(it))\n"
    "    out[#out + 1] = pack(table.unpack(r, 1, r.n))\n"
    "    if not r[1] or r.n == 1 or r[2] == nil then break end\n"
    "  end\n"
    "  return table.concat(out, ' ') .. ' log=' .. table.concat(log, ';')\n"
    "end\n"
    "R = {}\n"
    "function R.cat(...)\n"
    "  note(...)\n"
    "  local t = {}\n"
    "  for i = 1, select('#', ...) do t[i] = tostring((select(i, ...))) end\n"
    "  return '<' .. table.concat(t, '|') .. '>'\n"
    "end\n"
    "function R.keep(...) note(...) return nil end\n"
    "function R.no(...) note(...) return false end\n"
    "function R.num(...) note(...) return select('#', ...) + 0.5 end\n"
    "function R.int() return 42 end\n"
    "function R.bad() return {} end\n"
    "function R.badb() return true end\n"
    "function R.alt(...) note(...) flip = not flip if flip then return '#' end end\n"
    "function R.err() error('boom') end\n"
    "function R.nested(m) return (string.gsub(m, '.', '%0.')) end\n"
    "T = {}\n"
    "T.map = {a = 'A', b = false, ab = '<ab>', ['1'] = 'one', [1] = 'int1', [2] = 2.5, c = 7}\n"
    "T.bad = {a = {}, b = true}\n"
    "T.meta = setmetatable({}, {__index = function(_, k)\n"
    "  note(k)\n"
    "  if k == 'b' then return nil end\n"
    "  return '[' .. tostring(k) .. ']'\n"
    "end})\n"
    "function X(s, ...) return CALL(function(...) return s:find(...) end, ...) end\n"
    "function Y(s, ...) return CALL(function(...) return s:gsub(...) end, ...) end\n";

static lua_State *new_state(int ours) {
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    if (ours) {
        lua_getglobal(L, "string");
        fuda_open_patterns(L);
        lua_pop(L, 1);
    }
    if (luaL_dostring(L, helper) != LUA_OK) {
        fprintf(stderr, "helper: %s\n", lua_tostring(L, -1));
        exit(2);
    }
    return L;
}

static lua_State *stock, *ours;
static int shown;

/* Run "return <expr>" in L; the outcome as a new malloc'd string. */
static char *run(lua_State *L, const char *expr) {
    size_t n = strlen(expr) + 8;
    char *src = malloc(n);
    snprintf(src, n, "return %s", expr);
    int rc = luaL_loadbuffer(L, src, strlen(src), "=case");
    free(src);
    if (rc == LUA_OK) rc = lua_pcall(L, 0, 1, 0);
    size_t len;
    const char *s = lua_tolstring(L, -1, &len);
    char *out = malloc(len + 16);
    if (rc != LUA_OK) memcpy(out, "run error: ", 11);
    memcpy(out + (rc != LUA_OK ? 11 : 0), s ? s : "(nil)", s ? len + 1 : 6);
    lua_pop(L, 1);
    return out;
}

/* One differential case: the same outcome in both states, stacks balanced. */
static void same(const char *expr) {
    char *a = run(stock, expr), *b = run(ours, expr);
    int ok = strcmp(a, b) == 0 && lua_gettop(ours) == 0 && strncmp(a, "run error", 9) != 0;
    CHECK(ok);
    if (!ok && shown++ < 25)
        fprintf(stderr, "  case:  %s\n  stock: %s\n  ours:  %s\n", expr, a, b);
    free(a);
    free(b);
}

/* ---- the hand-made corpus ---- */

static const char *const explicit_cases[] = {
    /* find: plain, fast path, init */
    "F('hello world', 'o w')", "F('hello world', 'o', 6)", "F('hello world', 'l', -3)",
    "F('hello', 'l', -100)", "F('hello', 'l', 0)", "F('hello', '', 6)", "F('hello', '', 7)",
    "F('hello', '', 100)", "F('hello', '', -100)", "F('', '')", "F('', '', 1)", "F('', '', 2)",
    "F('', 'a')", "F('a.c', '.', 1, true)", "F('a.c', '.', 1, 1)", "F('a.c', '.', 1, false)",
    "F('a.c', '.', 1, nil)", "F('a(b', '(', 1, true)", "F('a(b', '(')", "F('a]b', ']')",
    "F('a)b', ')')", "F('abc', 'b', math.maxinteger)", "F('abc', 'b', math.mininteger)",
    "F('abc', 'b', 2.0)", "F('abc', 'b', 2.5)", "F('abc', 'b', '2')", "F('abc', 'b', 'x')",
    "F('abc', 'c', -1)", "F('abc', '^b', 2)", "F('abc', '^a', 2)", "F('abc', 'bc$')",
    "F('abc', 'b$')", "F('a$c', '$c')", "F('a$c', 'a$')", "F('aXbXc', 'X', 3, true)",
    "F('abcabc', 'abc', 2, true)", "F('abababx', 'ababx', 1, true)", "F('aaa', 'aaaa', 1, true)",
    "F('a\\0b', '\\0')", "F('a\\0b', '\\0b', 1, true)", "F('a\\0b', '%z')", "F('a\\0b', '%Z+')",
    "F('a\\0b', '[\\0]')", "F('a\\0b', '.\\0.')", "F('x', 'x', 1, {})",
    "F()", "F('abc')", "F('abc', {})", "F({}, 'a')", "F(12345, 3)", "F(1.5, '.')",
    "F('abc', 'b', nil, true)", "F('abc', 'b', {})",
    /* classes */
    "F('  x1_', '%w')", "F('ab12', '%d+')", "F('ab12', '%D+')", "F('aB', '%u')", "F('aB', '%l%u')",
    "F('a b', '%s')", "F('a\\tb', '%S%s%S')", "F('a,b', '%p')", "F('a,b', '%P+')",
    "F('\\1a', '%c')", "F('\\1a', '%C')", "F('0xfg', '%x+')", "F('0xfg', '%X')",
    "F(' \\127~', '%g+')", "F('~', '%G')", "F('%', '%%')", "F('a.b', '%.')", "F('q', '%q')",
    "F('Q', '%Q')", "F('\\200\\255', '%a')", "F('\\200\\255', '%A+')", "F('\\200\\255', '.+')",
    /* sets */
    "F('hello', '[aeiou]')", "F('hello', '[^aeiou]+')", "F('x-y', '[a-]')", "F('x-y', '[-a]')",
    "F('b', '[a-c]')", "F('-', '[a-c]')", "F('c-a', '[c-a]')", "F(']', '[]]')", "F('a]', '[^]]')",
    "F('a]', '[]a]+')", "F('%]', '[%]]+')", "F('a^', '[a^]+')", "F('^', '[%^]')",
    "F('5z', '[%d%a]+')", "F('x-%', '[%-%%]+')", "F('a]', '[a-%%]]')", "F(']', '[a-%%]')",
    "F('x]', '[a-%]]')", "F('abc', '[%a-z]')", "F('-', '[%a-z]')", "F('z', '[%a-]')",
    "F('\\0', '[%z]')", "F('abc', '[]')", "F('abc', '[^]')", "F('abc', '[a')", "F('abc', '[^')",
    "F('abc', '[')", "F('abc', '[%')", "F('abc', '[a', 5)", "F('', '[a')", "F('', 'a[')",
    "S('abc', '[a', 'x', 0)", "S('abc', '[a', 'x', 1)", "G('abc', '[a', 5)", "G('abc', '[a', 4)",
    "M('abc', '%', 5)", "M('abc', '%', 4)", "F('abc', '[%]')", "F('abc', '[a%')",
    "F('\\200', '[\\128-\\255]')", "F('\\200', '[^\\128-\\255]')",
    /* repetition */
    "F('aaab', 'a*')", "F('aaab', 'a*b')", "F('aaab', 'a+b')", "F('b', 'a+b')", "F('aaab', 'a-b')",
    "F('aaab', 'a-')", "F('aaab', 'a?a?b')", "F('ab', 'a?b?c?')", "F('<a><b>', '<.->')",
    "F('<a><b>', '<.*>')", "F('x = 10', '(%w+)%s*=%s*(%w+)')", "F('abc', '.-$')",
    "F('abc', 'b*')", "F('abc', '*')", "F('abc', '+')", "F('abc', '-')", "F('abc', '?')",
    "F('a*', 'a*', 1, true)", "F('a+b', 'a+b')", "F('ab', 'a**')", "F('a*b', 'a**')",
    /* anchors */
    "F('abc', '^abc$')", "F('abc', '^$')", "F('', '^$')", "F('abc', '^')", "F('abc', '$')",
    "F('^abc', '^^')", "F('abc', 'a^')", "F('a^', 'a^')", "F('$$', '$$')", "F('a$', '.$$')",
    /* balance and frontier */
    "F('(foo(bar))baz', '%b()')", "F('((a)', '%b()')", "F('x(a', '%b()')", "F('aaa', '%baa')",
    "F('[[x]]', '%b[]')", "F('f(a(b)c)d', 'f%b()d')", "F('abc', '%b')", "F('abc', '%ba')",
    "F('abc', '%b()', 1, true)", "F('THE (quick) fox', '%f[%a]%a+', 5)",
    "F('hello world', '%f[%w]%w+$')", "F('aXb', '%f[%u]')", "F('aXb', '%f[%U]')",
    "F('abc', '%f[%z]')", "F('abc', '%f[^%z]')", "F('abc', '%f')", "F('abc', '%fa')",
    "F('abc', '%f[a')", "F('THE END', '%f[%a]%u+%f[%A]')",
    /* captures */
    "F('hello', '(h)(e)(l)')", "F('hello', '()ll()')", "F('hello', '(l)%1')", "F('hello', '(l)%2')",
    "F('hello', '%1')", "F('hello', '%0')", "F('abab', '(ab)%1')", "F('aa', '()a%1')",
    "F('hello', '(l(l)o)')", "F('hello', '((((h))))')", "F('abc', '(a')", "M('abc', '(a')",
    "M('abc', 'a)')", "M('abc', ')')", "M('abc', '(a%1)')", "M('abc', '(()a)')", "M('abc', '()')",
    "M('abc', '()', 4)", "M('abc', '()', 5)", "M('abc', '(a)(b)(c)', 2)",
    "M('xyz', '(' .. string.rep('(.?)', 31) .. ')')",
    "M('xyz', string.rep('()', 32))", "M('xyz', string.rep('()', 33))",
    "M('xyz', string.rep('(', 40))", "M(string.rep('a', 40), string.rep('(a)', 32))",
    "M('key=val', '(%w+)=(%w+)')", "M('  trim  ', '^%s*(.-)%s*$')", "M('2024-01-02', '(%d+)-(%d+)-(%d+)')",
    "M('abc', '.-b')", "M('abc', '^(a)(.)$')", "M('', '(.*)')", "M('abc', '^$')",
    /* pattern too complex: stock allows 200 nested tries */
    "F(string.rep('a', 300), string.rep('a?', 199))", "F(string.rep('a', 300), string.rep('a?', 200))",
    "F(string.rep('a', 300), string.rep('a?', 300))", "F('b', string.rep('a?', 300))",
    "F('a', string.rep('a*', 198) .. 'b')", "F(string.rep('a', 5), string.rep('a*', 250) .. 'b')",
    "F(string.rep('a', 300), string.rep('a-', 210) .. 'b')",
    "F('x', string.rep('x*', 250))", "F('', string.rep('x*', 250))",
    "F(string.rep('a', 30), string.rep('(a)', 30) .. string.rep('a?', 150))",
    /* match */
    "M('hello', 'l+')", "M('hello', 'z')", "M('hello', '')", "M('hello', '', 10)", "M('hello', 'o', -1)",
    "M()", "M('a')", "M('abc', '%')", "M('abc', 'a', 2.5)",
    /* gmatch */
    "G('hello world from lua', '%a+')", "G('k1=v1, k2=v2', '(%w+)=(%w+)')", "G('abc', '')",
    "G('abc', '', 2)", "G('abc', '', 4)", "G('abc', '', 5)", "G('abc', '', -1)", "G('abc', '', -10)",
    "G('abc', 'b*')", "G('abc', 'b*', -2)", "G('a^b^', '^.')", "G('^a', '^a')", "G('abc', '()(.)', 2)",
    "G('abc', '(a')", "G('abc', '[a')", "G('abc', 'a', 1.5)", "G()", "G('abc', {})",
    "G('aaa', 'a-')", "G('a,b,,c', '([^,]*)')", "G('one two', '%f[%w]%w+')", "G('(a)(b)', '%b()')",
    "G('abab', '(a)(b)%1')", "G('xyx', '()x()')", "G('abc', '.', 100)", "G('abc', '.', math.mininteger)",
    /* gsub: strings */
    "S('hello world', 'o', '0')", "S('hello world', 'o', '0', 1)", "S('hello world', 'o', '0', 0)",
    "S('hello world', 'o', '0', -1)", "S('hello world', 'o', '0', 1.0)", "S('hello', 'l', 'L', 1.5)",
    "S('hello', 'l', 'L', 'x')", "S('hello', 'l', 'L', '2')", "S('hello world', '(%w+)', '<%1>')",
    "S('hello world', '%w+', '%0 %0', 1)", "S('hello world', '(%w+) (%w+)', '%2 %1')",
    "S('abc', '%w', '%0%0')", "S('abc', '', '-')", "S('abc', 'b*', '-')", "S('abc', '^', '-')",
    "S('abc', '^a*', '-')", "S('aaa', '^a', '-')", "S('abc', '$', '!')", "S('abc', '.-', '-')",
    "S('abc', 'x*', '-', 2)", "S('a.b', '%.', '%%')", "S('abc', 'b', '%')", "S('abc', 'b', '%x')",
    "S('abc', 'b', '100%')", "S('abc', 'b', '%%%')", "S('abc', 'a', '%2')", "S('abc', '(a)', '%2')",
    "S('abc', '(a)', '%1%1%0')", "S('abc', '()', '%1')", "S('abc', '(b)()', '%2%1%0%%')",
    "S('abc', '(a', 'x')", "S('abc', '(a', '%1')", "S('abc', '(a', '%0')", "S('abc', 'b', 12)",
    "S('abc', 'b', 1.5)", "S('abc', 'b', '\\0%%\\0')", "S('abc', 'b', '%\\0')", "S('abc', '', '%1')",
    "S('abc', 'b', '%9')", "S('abc', '(a)(b)(c)', '%3%2%1')", "S('abc', 'b')", "S('abc', 'b', nil)",
    "S('abc', 'b', true)", "S('abc', 'b', nil, 'x')", "S('abc', {}, 'x')", "S()",
    "S('', '', 'x')", "S('', 'a*', 'x')", "S('abc', '.', 'x', math.maxinteger)",
    "S('abc', '.', 'x', math.mininteger)", "S(123, 2, 9)",
    /* gsub: tables */
    "S('abc', '%w', T.map)", "S('abc ab', '%w+', T.map)", "S('abc', '(%w)', T.map)",
    "S('a1b2', '%d', T.map)", "S('abc', '()', T.map)", "S('abc', '()(.)', T.map)",
    "S('abc', '%w', T.bad)", "S('bbb', '%w', T.bad)", "S('abc', '%w', T.meta)",
    "S('abc', '(a', T.map)", "S('abc', '%w', T.map, 1)", "S('c', 'c', T.map)", "S('', '', T.meta)",
    /* gsub: functions */
    "S('hello world', '%w+', R.cat)", "S('hello world', '(%w+)', R.cat)",
    "S('hello world', '(h)(e)', R.cat)", "S('hello', '()(l)()', R.cat)", "S('hello', '', R.cat)",
    "S('hello', 'l', R.keep)", "S('hello', 'l', R.no)", "S('hello', 'l', R.num)",
    "S('hello', '(l)(l)', R.num)", "S('hello', 'l', R.int)", "S('hello', 'l', R.bad)",
    "S('hello', 'l', R.badb)", "S('hello', '.', R.alt)", "S('hello', 'l', R.err)",
    "S('hello', '(l', R.cat)", "S('hello', '.', R.nested)", "S('hello', '.', R.cat, 2)",
    "S('hello', 'x', R.bad)", "S('hello', '^h', R.cat)", "S('hello', 'l*', R.cat)",
    "S('a,b,,c', '[^,]*', R.cat)", "S('abc', '%f[%w]', R.cat)", "S('(a)(b)', '%b()', R.cat)",
    /* the string metatable */
    "X('hello', 'l+')", "X('hello', 'l', 1, true)", "X('hello', '[')", "Y('hello', 'l', 'L')",
    "Y('hello', '(l)', R.cat)", "Y('hello', 'l', {})", "Y('hello', 'l')",
    "CALL(function() return ('key = value'):match('(%w+)%s*=%s*(%w+)') end)",
    "CALL(function() local t = {} for w in ('a b c'):gmatch('%a') do t[#t+1] = w end return table.concat(t) end)",
    /* long subjects */
    "F(string.rep('ab', 5000) .. 'c', '(ab)+c')", "F(string.rep('a', 3000), 'a-b')",
    "S(string.rep('x y ', 2000), '%s+', '')", "S(string.rep('{k}', 1000), '{(%w+)}', T.map)",
    "M(string.rep('a', 5000), '^(a*)$')", "F(string.rep('(', 3000) .. string.rep(')', 3000), '%b()')",
    "F(string.rep('a', 50) , string.rep('a', 60), 1, true)",
};

/* Patterns crossed with subjects, through find, match, gmatch and gsub. */
static const char *const cross_patterns[] = {
    "a", "b", ".", "..", "a*", "a+", "a-", "a?", "^a", "a$", "^a*$", ".-a", ".*a", "a.-b",
    "[ab]", "[^ab]", "[a-c]+", "[%a]", "[%d%s]+", "[]]", "[^]]+", "[a-]", "%a+", "%A", "%d",
    "%s*", "%w+", "%p", "%x+", "%l%u", "%%", "%.", "(a)", "(a)(b)", "()", "(a*)", "(a-)b",
    "()a()", "(a)%1", "((a)(b))", "%b()", "%b[]", "%bab", "%f[%a]", "%f[%A]", "%f[%s]%a",
    "(%a)%1", "^(.-)$", "^(.)(.)", "b*", "x*", "(.)(.)%2", "[a-c]-c", "%(", "%)", "a%", "[a",
    "(a", "a)", "%1", "%bx", "%fx", "", "^", "$", "^$", "%z", "[%z]", "(%w+)=(%w+)", "%s+$",
    "^%s+", "ab?c", "a?b?", "[%w_]+", "%u%l*", "%.%.%.",
};
static const char *const cross_subjects[] = {
    "''", "'a'", "'abc'", "'aab b'", "'(a)(b)[c]'", "'Hello World 123'", "'abab==aa'",
    "'  x=1 y=22  '", "'a.b...c%'", "'\\0a\\0'",
};

static void test_corpus(void) {
    for (size_t i = 0; i < sizeof explicit_cases / sizeof explicit_cases[0]; i++)
        same(explicit_cases[i]);
    static const char *const calls[] = {
        "F(%s, '%s')", "F(%s, '%s', 2)", "M(%s, '%s')", "M(%s, '%s', -2)", "G(%s, '%s')",
        "S(%s, '%s', '<%%0>')", "S(%s, '%s', R.cat)", "S(%s, '%s', T.map, 2)",
    };
    char buf[256];
    for (size_t p = 0; p < sizeof cross_patterns / sizeof cross_patterns[0]; p++)
        for (size_t s = 0; s < sizeof cross_subjects / sizeof cross_subjects[0]; s++)
            for (size_t c = 0; c < sizeof calls / sizeof calls[0]; c++) {
                snprintf(buf, sizeof buf, calls[c], cross_subjects[s], cross_patterns[p]);
                same(buf);
            }
}

/* ---- random cases ---- */

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static unsigned rnd(unsigned n) {   /* xorshift64*, uniform enough for tests */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (unsigned)((rng_state * 0x2545f4914f6cdd1dull) >> 33) % n;
}

static const char *pick(const char *const *list, size_t n) { return list[rnd((unsigned)n)]; }
#define PICK(list) pick(list, sizeof list / sizeof list[0])

/* Append a Lua string literal of bytes s[0..n) to out. */
static void lit(char *out, size_t cap, const char *s, size_t n) {
    size_t o = strlen(out);
    out[o++] = '"';
    for (size_t i = 0; i < n && o + 5 < cap; i++) {
        unsigned char c = (unsigned char)s[i];
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == ' ') out[o++] = (char)c;
        else o += (size_t)sprintf(out + o, "\\%03u", c);
    }
    out[o++] = '"';
    out[o] = 0;
}

static size_t rand_subject(char *s) {
    static const char alphabet[] = "aaabbbc()[]%.-^$ 1\0";
    size_t n = rnd(14);
    for (size_t i = 0; i < n; i++) s[i] = alphabet[rnd(sizeof alphabet)];  /* includes '\0' */
    return n;
}

static size_t rand_pattern(char *p, int anchor_ok) {
    static const char *const items[] = {
        "a", "a", "b", "b", "c", ".", "%a", "%d", "%s", "%w", "%A", "%p", "%%", "%.", "%(", "%]",
        "%z", "[ab]", "[^a]", "[a-c]", "[%a%-]", "[]a]", "[^]]", "[%]]", "[.%]", "-", "$", "^",
        " ", "1", "\0",
    };
    static const char *const quants[] = {"", "", "", "*", "+", "-", "?"};
    static const char *const specials[] = {
        "(", "(", ")", ")", "()", "%b()", "%bab", "%f[a]", "%f[%w]", "%f[^a]", "%1", "%1", "%2",
        "%0", "[", "%", "%b", "%f", "%fa", "[a", "%b(", "*", "+", "?",
    };
    size_t n = 0, k = rnd(7);
    if (anchor_ok && rnd(5) == 0) p[n++] = '^';
    for (size_t i = 0; i < k; i++) {
        const char *t;
        int single = 0;   /* a single-character class may take a repetition mark */
        if (rnd(4) == 0) {
            t = PICK(specials);
            if (rnd(3) && (strcmp(t, "[") == 0 || strcmp(t, "%") == 0 || strcmp(t, "%b") == 0 ||
                           strcmp(t, "%f") == 0 || strcmp(t, "%fa") == 0 || strcmp(t, "[a") == 0 ||
                           strcmp(t, "%b(") == 0))
                t = "a";   /* keep most patterns well formed */
        } else {
            t = PICK(items);
            single = 1;
        }
        size_t tl = *t ? strlen(t) : 1;   /* "\0" is one NUL byte */
        memcpy(p + n, t, tl);
        n += tl;
        if (single) n += (size_t)sprintf(p + n, "%s", PICK(quants));
    }
    if (rnd(8) == 0) p[n++] = '$';
    return n;
}

static void rand_init(char *out) {
    switch (rnd(6)) {
    case 0: strcat(out, "nil"); break;
    case 1: sprintf(out + strlen(out), "%d", (int)rnd(17)); break;
    case 2: sprintf(out + strlen(out), "-%d", (int)rnd(17)); break;
    default: strcat(out, "1"); break;
    }
}

static void rand_repl(char *out, size_t cap) {
    static const char *const fixed[] = {
        "R.cat", "R.keep", "R.no", "R.alt", "R.num", "R.bad", "R.cat", "T.map", "T.meta",
        "T.bad", "7", "2.5", "nil", "true",
    };
    if (rnd(2)) {
        strcat(out, PICK(fixed));
        return;
    }
    static const char alphabet[] = "x-%%%%0123a";
    char r[8];
    size_t n = rnd(6);
    for (size_t i = 0; i < n; i++) r[i] = alphabet[rnd(sizeof alphabet - 1)];
    lit(out, cap, r, n);
}

static void test_random(void) {
    char s[32], p[256], expr[1024];
    for (int i = 0; i < 40000; i++) {
        size_t sl = rand_subject(s);
        int fn = (int)rnd(4);
        size_t pl = rand_pattern(p, fn != 2 || rnd(2));
        strcpy(expr, (const char *[]){"F(", "M(", "G(", "S("}[fn]);
        lit(expr, sizeof expr, s, sl);
        strcat(expr, ", ");
        lit(expr, sizeof expr, p, pl);
        strcat(expr, ", ");
        if (fn == 3) {
            rand_repl(expr, sizeof expr);
            strcat(expr, ", ");
            if (rnd(3) == 0) sprintf(expr + strlen(expr), "%d", (int)rnd(4) - 1);
            else strcat(expr, "nil");
        } else {
            rand_init(expr);
            if (fn == 0 && rnd(4) == 0) strcat(expr, ", true");
        }
        strcat(expr, ")");
        same(expr);
    }
}

/* ---- the meter ---- */

/* Run chunk in our state; its single result (or error message) as text. */
static const char *ours_do(const char *chunk) {
    static char out[512];
    int rc = luaL_loadstring(ours, chunk);
    if (rc == LUA_OK) rc = lua_pcall(ours, 0, 1, 0);
    const char *s = lua_tostring(ours, -1);
    snprintf(out, sizeof out, "%s%s", rc == LUA_OK ? "" : "error: ", s ? s : "(not a string)");
    lua_pop(ours, 1);
    return out;
}

static void test_tick(void) {
    /* A pathological find never ends by itself: a raising tick ends it. */
    tick_calls = tick_steps = 0;
    tick_raise_at = 1000;
    CHECK_EQ_STR(ours_do("return select(2, pcall(string.find, string.rep('a', 5000), 'a*a*a*a*a*b'))"),
                 "tick limit reached");
    CHECK_EQ_INT(tick_calls, 1000);
    CHECK(tick_steps >= 1000L * 1024);
    tick_raise_at = 0;
    CHECK_EQ_INT(lua_gettop(ours), 0);
    CHECK_EQ_STR(ours_do("local a, b = ('hello'):find('l+') return a .. ',' .. b"), "3,4");
    same("F('hello world', '(o)(.)')");

    /* A long but finite backtrack ticks many times and gives stock's result. */
    tick_calls = 0;
    same("F(string.rep('a', 200), 'a*a*a*b')");
    CHECK(tick_calls > 300);

    /* The %b scan, plain find, gsub's copying and gmatch are metered too. */
    tick_calls = 0;
    same("F('(' .. string.rep('x', 200000), '%b()')");
    CHECK(tick_calls > 100);
    tick_calls = 0;
    same("F(string.rep('a', 200000), string.rep('a', 100) .. 'b', 1, true)");
    CHECK(tick_calls > 100);
    tick_calls = 0;
    same("S(string.rep('ab', 60000), 'b', '%0%0')");
    CHECK(tick_calls > 100);
    tick_calls = 0;
    CHECK_EQ_STR(ours_do("local n = 0 for _ in string.gmatch(string.rep('ab', 60000), 'b') do "
                         "n = n + 1 end return n"), "60000");
    CHECK(tick_calls > 100);

    /* A tick error inside gsub with a function replacement: state usable. */
    tick_calls = 0;
    tick_raise_at = 5;
    CHECK_EQ_STR(ours_do("return select(2, pcall(string.gsub, string.rep('ab', 60000), 'b', "
                         "function(x) return x:upper() end))"), "tick limit reached");
    tick_raise_at = 0;
    CHECK_EQ_INT(lua_gettop(ours), 0);
    same("S('hello', 'l', R.cat)");

    /* A tick error inside a gmatch iterator leaves the iterator where it
     * was: the next call gives what the first call should have. */
    CHECK_EQ_STR(ours_do("IT = string.gmatch(string.rep('a', 30000) .. 'b', 'a*b') return 'ok'"), "ok");
    tick_calls = 0;
    tick_raise_at = 1;
    CHECK_EQ_STR(ours_do("return select(2, pcall(IT))"), "tick limit reached");
    tick_raise_at = 0;
    CHECK_EQ_STR(ours_do("return #IT()"), "30001");
    CHECK_EQ_STR(ours_do("return tostring((IT()))"), "nil");
}

static void setup(void) {
    stock = new_state(0);
    ours = new_state(1);
}

static void teardown(void) {
    lua_close(stock);
    lua_close(ours);
}

TEST_MAIN(setup, test_corpus, test_random, test_tick, teardown)
