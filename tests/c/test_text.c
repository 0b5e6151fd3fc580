/* test_text.c -- unit tests for the text sinks (core/utf8.c, text_term.c,
 * text_json.c, text_xml.c, text_shell.c): every byte value alone, every pair
 * of bytes, sequences of three and four bytes from the ones that matter
 * (controls, lead and continuation bytes, the ends of the valid ranges),
 * overlong forms, surrogates, code points above U+10FFFF and the bidi
 * controls go through each sink, and what comes out is checked against a
 * decoder written here independently: terminal text with no control, valid
 * UTF-8; JSON strings a strict parser reads back as the input (when it was
 * valid UTF-8); well-formed XML text; shell words that bash (and sh, where it
 * reads $'...') turn back into exactly the bytes quoted. */
#include "test.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "text_json.h"
#include "text_shell.h"
#include "text_term.h"
#include "text_xml.h"
#include "utf8.h"

/* ---- an independent decoder: code point first, then the rules ---- */

/* Decode one character at s[0..n): its length (0 if invalid), *cp. */
static int ref_decode(const unsigned char *s, size_t n, uint32_t *cp) {
    int len;
    uint32_t c;
    if (s[0] < 0x80) { *cp = s[0]; return 1; }
    if ((s[0] & 0xe0) == 0xc0) len = 2, c = s[0] & 0x1f;
    else if ((s[0] & 0xf0) == 0xe0) len = 3, c = s[0] & 0x0f;
    else if ((s[0] & 0xf8) == 0xf0) len = 4, c = s[0] & 0x07;
    else return 0;
    if ((size_t)len > n) return 0;
    for (int i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80) return 0;
        c = (c << 6) | (s[i] & 0x3f);
    }
    static const uint32_t least[5] = { 0, 0, 0x80, 0x800, 0x10000 };
    if (c < least[len] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff)) return 0;
    *cp = c;
    return len;
}

static int ref_valid(const char *s, size_t n) {
    size_t i = 0;
    uint32_t cp;
    while (i < n) {
        int len = ref_decode((const unsigned char *)s + i, n - i, &cp);
        if (!len) return 0;
        i += (size_t)len;
    }
    return 1;
}

static int is_bidi(uint32_t cp) {
    return cp == 0x61c || cp == 0x200e || cp == 0x200f || (cp >= 0x202a && cp <= 0x202e) ||
           (cp >= 0x2066 && cp <= 0x2069);
}

/* A control no display may get raw, as this test sees it. */
static int ref_control(uint32_t cp) {
    return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || is_bidi(cp) || cp == 0x2028 || cp == 0x2029;
}

/* ---- the inputs ---- */

/* The bytes that matter: controls, ASCII, continuation bytes, every kind of
 * lead byte, the bytes never valid. */
static const unsigned char interesting[] = { 0x00, 0x07, 0x09, 0x0a, 0x0d, 0x1b, '"', '\'', '\\', '&', '<', 'a',
                                             0x7f, 0x80, 0x85, 0x9b, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf,
                                             0xe0, 0xe2, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff };
#define NINT (sizeof interesting)

/* Call fn on every input: each byte, each pair, the interesting triples and
 * quadruples, and the named sequences. */
static void each_input(void (*fn)(const char *s, size_t n)) {
    char s[8];
    for (int a = 0; a < 256; a++) {
        s[0] = (char)a;
        fn(s, 1);
        for (int b = 0; b < 256; b++) {
            s[1] = (char)b;
            fn(s, 2);
        }
    }
    for (size_t a = 0; a < NINT; a++)
        for (size_t b = 0; b < NINT; b++)
            for (size_t c = 0; c < NINT; c++) {
                s[0] = (char)interesting[a], s[1] = (char)interesting[b], s[2] = (char)interesting[c];
                fn(s, 3);
                for (size_t d = 0; d < NINT; d++) {
                    s[3] = (char)interesting[d];
                    fn(s, 4);
                }
            }
    static const char *const named[] = {
        "\xc0\x80", "\xc1\xbf", "\xe0\x80\x80", "\xe0\x9f\xbf", "\xf0\x80\x80\x80", "\xf0\x8f\xbf\xbf", /* overlong */
        "\xed\xa0\x80", "\xed\xbf\xbf", "\xed\xa0\x80\xed\xb0\x80",                                   /* surrogates */
        "\xf4\x90\x80\x80", "\xf7\xbf\xbf\xbf", "\xf8\x88\x80\x80\x80",                               /* > U+10FFFF */
        "\xe2\x80\xae", "\xe2\x80\xab", "\xe2\x81\xa6", "\xe2\x81\xa9", "\xe2\x80\x8e", "\xd8\x9c",   /* bidi */
        "\xe2\x80\xa8", "\xe2\x80\xa9", "\xc2\x9b", "\xc2\x85",
        "\x1b]52;c;Y3VybCBldmlsLnNoIHwgc2g=\x07", "\x1b[2J\x1b[H", "\r\x1b[2Kcheck: OK (2000 matches, 1 moves)\n",
        "\xe2\x80\xaeKO :kcehc", "\xef\xbf\xbe", "\xef\xbf\xbf", "\xf0\x9f\x82\xa1", "\xf4\x8f\xbf\xbf",
    };
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++) fn(named[i], strlen(named[i]));
}

/* Valid printable text that every sink must leave alone (apart from markup). */
static const char *const plain_texts[] = {
    "7\xe2\x99\xa0 8\xe2\x99\xa5 9\xe2\x99\xa6 10\xe2\x99\xa3",           /* 7♠ 8♥ 9♦ 10♣ */
    "\xe3\x82\xb8\xe3\x83\xb3",                                           /* ジン */
    "\xe3\x81\x9a\xe3\x82\x93 (\xe3\x83\x89\xe3\x83\x9c\xe3\x83\xb3)",    /* ずん (ドボン) */
    "na\xc3\xafve caf\xc3\xa9",                                           /* naïve café */
    "\xf0\x9f\x82\xa1 ace",                                               /* 🂡 */
    "gin: knock 10, undercut +25",
    "",
};

/* ---- utf8.c against the independent decoder ---- */

static long utf8_disagree;
static void utf8_one(const char *s, size_t n) {
    unsigned long cp = 0;
    uint32_t rcp = 0;
    int len = fuda_utf8_decode(s, n, &cp), rlen = ref_decode((const unsigned char *)s, n, &rcp);
    if (len != rlen || (len && cp != rcp) || fuda_utf8_valid(s, n) != ref_valid(s, n)) utf8_disagree++;
    /* partial: some longer input starting with s is valid where s is not */
    int partial = 0;
    if (!rlen && n < 4)
        for (int b = 0x80; b <= 0xbf && !partial; b++) {
            char t[8];
            memcpy(t, s, n);
            for (size_t k = n; k < 4; k++) t[k] = (char)b;
            for (size_t m = n + 1; m <= 4 && !partial; m++) partial = ref_decode((unsigned char *)t, m, &rcp) == (int)m;
        }
    if (fuda_utf8_partial(s, n) != partial) utf8_disagree++;
}

static void test_utf8(void) {
    utf8_disagree = 0;
    each_input(utf8_one);
    CHECK_EQ_INT(utf8_disagree, 0);
    long wrong = 0;
    for (uint32_t cp = 0; cp <= 0x10ffff; cp++) wrong += fuda_utf8_control(cp) != ref_control(cp);
    CHECK_EQ_INT(wrong, 0);
}

/* ---- the terminal ---- */

static long term_bad, term_changed_valid;

/* What a terminal may get: valid UTF-8, no control but newline and tab in a
 * block. */
static int term_safe(const char *t, size_t n, int mode) {
    if (!ref_valid(t, n)) return 0;
    size_t i = 0;
    uint32_t cp;
    while (i < n) {
        int len = ref_decode((const unsigned char *)t + i, n - i, &cp);
        if (ref_control(cp) && !(mode == FUDA_TERM_BLOCK && (cp == '\n' || cp == '\t'))) return 0;
        i += (size_t)len;
    }
    return 1;
}

static void term_one(const char *s, size_t n) {
    char out[FUDA_TERM_SIZE(64)];
    for (int mode = FUDA_TERM_BLOCK; mode <= FUDA_TERM_LINE; mode++) {
        memset(out, 'Z', sizeof out);
        size_t len = fuda_term_escape(out, s, n, mode);
        if (len > 4 * n || out[len] != '\0' || !term_safe(out, len, mode)) term_bad++;
        int same = len == n && memcmp(out, s, n) == 0;
        if (term_safe(s, n, mode) != same) /* what is safe already passes unchanged */ term_changed_valid++;
        if (fuda_term_clean(s, n, mode) != same) term_bad++;
        if (fuda_term_len(s, n, mode) != len) term_bad++; /* what print's cap counts */
    }
}

static void test_term_every_byte(void) {
    term_bad = term_changed_valid = 0;
    each_input(term_one);
    CHECK_EQ_INT(term_bad, 0);
    CHECK_EQ_INT(term_changed_valid, 0);
}

static const char *term(const char *s, int mode) {
    static char out[FUDA_TERM_SIZE(256)];
    fuda_term_escape(out, s, strlen(s), mode);
    return out;
}

static void test_term_forms(void) {
    CHECK_EQ_STR(term("\x1b]52;c;aGk=\x07", FUDA_TERM_BLOCK), "\\x1b]52;c;aGk=\\x07");
    CHECK_EQ_STR(term("\x1b[2J", FUDA_TERM_LINE), "\\x1b[2J");
    CHECK_EQ_STR(term("\r\x1b[2Kcheck: OK\n", FUDA_TERM_BLOCK), "\\r\\x1b[2Kcheck: OK\n");
    CHECK_EQ_STR(term("\r\x1b[2Kcheck: OK\n", FUDA_TERM_LINE), "\\r\\x1b[2Kcheck: OK\\n");
    CHECK_EQ_STR(term("a\tb\nc", FUDA_TERM_BLOCK), "a\tb\nc");
    CHECK_EQ_STR(term("a\tb\nc", FUDA_TERM_LINE), "a\\tb\\nc");
    CHECK_EQ_STR(term("\x7f\x01", FUDA_TERM_BLOCK), "\\x7f\\x01");
    CHECK_EQ_STR(term("\xe2\x80\xae" "abc", FUDA_TERM_BLOCK), "<U+202E>abc");
    CHECK_EQ_STR(term("\xc2\x9b" "31m", FUDA_TERM_BLOCK), "<U+009B>31m");
    CHECK_EQ_STR(term("\xe2\x80\xa8", FUDA_TERM_BLOCK), "<U+2028>");
    CHECK_EQ_STR(term("caf\xe9 \xff\xc0\x80", FUDA_TERM_BLOCK), "caf\\xe9 \\xff\\xc0\\x80");
    CHECK_EQ_STR(term("\xed\xa0\x80", FUDA_TERM_BLOCK), "\\xed\\xa0\\x80");
    CHECK_EQ_STR(term("\xe3\x82", FUDA_TERM_BLOCK), "\\xe3\\x82"); /* cut short */
    CHECK_EQ_STR(term("back\\slash", FUDA_TERM_LINE), "back\\slash");
    for (size_t i = 0; i < sizeof plain_texts / sizeof plain_texts[0]; i++) {
        CHECK_EQ_STR(term(plain_texts[i], FUDA_TERM_LINE), plain_texts[i]);
        CHECK(fuda_term_clean(plain_texts[i], strlen(plain_texts[i]), FUDA_TERM_LINE));
    }
    char *d = fuda_term_dup("x\x1by", FUDA_TERM_LINE);
    CHECK_EQ_STR(d, "x\\x1by");
    free(d);
}

/* fuda_term_write gives what fuda_term_escape gives, also past its pieces. */
static void test_term_write(void) {
    size_t n = 20000;
    char *s = malloc(n), *want = malloc(FUDA_TERM_SIZE(n));
    for (size_t i = 0; i < n; i++) s[i] = (char)"a\x1b\xe2\x80\xae\xe3\x82\xb8\n\xff\xc2\x9b"[i % 13];
    size_t wlen = fuda_term_escape(want, s, n, FUDA_TERM_BLOCK);
    FILE *f = tmpfile();
    CHECK(f != NULL);
    if (!f) return;
    CHECK_EQ_INT(fuda_term_write(f, s, n, FUDA_TERM_BLOCK), 0);
    long got = ftell(f);
    CHECK_EQ_INT(got, (long)wlen);
    CHECK_EQ_INT(fuda_term_len(s, n, FUDA_TERM_BLOCK), wlen);
    rewind(f);
    char *back = malloc(wlen + 1);
    CHECK_EQ_INT(fread(back, 1, wlen, f), wlen);
    CHECK(memcmp(back, want, wlen) == 0);
    fclose(f);
    free(back);
    free(s);
    free(want);
}

/* ---- JSON: a strict parser ---- */

static void put_utf8(char *o, size_t *k, uint32_t cp) {
    if (cp < 0x80) o[(*k)++] = (char)cp;
    else if (cp < 0x800) o[(*k)++] = (char)(0xc0 | (cp >> 6)), o[(*k)++] = (char)(0x80 | (cp & 0x3f));
    else if (cp < 0x10000) {
        o[(*k)++] = (char)(0xe0 | (cp >> 12));
        o[(*k)++] = (char)(0x80 | ((cp >> 6) & 0x3f));
        o[(*k)++] = (char)(0x80 | (cp & 0x3f));
    } else {
        o[(*k)++] = (char)(0xf0 | (cp >> 18));
        o[(*k)++] = (char)(0x80 | ((cp >> 12) & 0x3f));
        o[(*k)++] = (char)(0x80 | ((cp >> 6) & 0x3f));
        o[(*k)++] = (char)(0x80 | (cp & 0x3f));
    }
}

static int hexdig(char c) {
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Parse the JSON string j[0..n) (all of it) into out; its length, or -1
 * when it is not one valid JSON string of valid UTF-8 without a raw control
 * (C1, bidi) that a terminal would act on. */
static long json_parse(const char *j, size_t n, char *out) {
    if (n < 2 || j[0] != '"' || j[n - 1] != '"' || !ref_valid(j, n)) return -1;
    size_t k = 0;
    for (size_t i = 1; i < n - 1;) {
        unsigned char c = (unsigned char)j[i];
        uint32_t cp;
        if (c == '"') return -1;
        if (c != '\\') {
            int len = ref_decode((const unsigned char *)j + i, n - 1 - i, &cp);
            if (!len || ref_control(cp)) return -1;
            memcpy(out + k, j + i, (size_t)len);
            k += (size_t)len, i += (size_t)len;
            continue;
        }
        if (i + 1 >= n - 1) return -1;
        char e = j[i + 1];
        const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t", *p = strchr(from, e);
        if (e && p) {
            out[k++] = to[p - from];
            i += 2;
            continue;
        }
        if (e != 'u' || i + 6 > n - 1) return -1;
        cp = 0;
        for (int d = 2; d < 6; d++) {
            int h = hexdig(j[i + d]);
            if (h < 0) return -1;
            cp = cp * 16 + (uint32_t)h;
        }
        if (cp >= 0xd800 && cp <= 0xdfff) return -1; /* never written: no pairs needed */
        put_utf8(out, &k, cp);
        i += 6;
    }
    return (long)k;
}

static long json_bad, json_changed;

static void json_one(const char *s, size_t n) {
    char out[FUDA_JSON_SIZE(64)], back[FUDA_JSON_SIZE(64)];
    size_t len = fuda_json_quote(out, s, n);
    long b = json_parse(out, len, back);
    if (len + 1 > FUDA_JSON_SIZE(n) || out[len] != '\0' || b < 0) {
        json_bad++;
        return;
    }
    /* valid UTF-8 reads back as it was; else every invalid byte is U+FFFD */
    if (ref_valid(s, n) && ((size_t)b != n || memcmp(back, s, n) != 0)) json_changed++;
}

static void test_json_every_byte(void) {
    json_bad = json_changed = 0;
    each_input(json_one);
    CHECK_EQ_INT(json_bad, 0);
    CHECK_EQ_INT(json_changed, 0);
}

static const char *json(const char *s) {
    static char out[FUDA_JSON_SIZE(256)];
    fuda_json_quote(out, s, strlen(s));
    return out;
}

static void test_json_forms(void) {
    CHECK_EQ_STR(json("a\"b\\c"), "\"a\\\"b\\\\c\"");
    CHECK_EQ_STR(json("\n\t\r\b\f\x01\x1b\x7f"), "\"\\n\\t\\r\\b\\f\\u0001\\u001b\\u007f\"");
    CHECK_EQ_STR(json("\xc2\x9b\xe2\x80\xae\xe2\x80\xa8"), "\"\\u009b\\u202e\\u2028\"");
    CHECK_EQ_STR(json("caf\xe9\xff"), "\"caf\\ufffd\\ufffd\"");
    CHECK_EQ_STR(json("\xe3\x82\xb8\xe3\x83\xb3 7\xe2\x99\xa0"), "\"\xe3\x82\xb8\xe3\x83\xb3 7\xe2\x99\xa0\"");
    CHECK_EQ_STR(json(""), "\"\"");
    CHECK_EQ_STR(json("a/b"), "\"a/b\"");
}

/* ---- XML ---- */

static long xml_bad;

/* Text XML 1.0 allows, with no markup and only the five entities, and no
 * control but tab and newline. */
static int xml_ok(const char *t, size_t n) {
    if (!ref_valid(t, n)) return 0;
    size_t i = 0;
    while (i < n) {
        uint32_t cp;
        int len = ref_decode((const unsigned char *)t + i, n - i, &cp);
        if (cp == '<' || cp == '>' || cp == '"' || cp == '\'' || cp == 0xfffe || cp == 0xffff) return 0;
        if (ref_control(cp) && cp != '\t' && cp != '\n') return 0;
        if (cp == '&') {
            static const char *const ents[] = { "&amp;", "&lt;", "&gt;", "&quot;", "&#39;" };
            int found = 0;
            for (int e = 0; e < 5 && !found; e++) {
                size_t el = strlen(ents[e]);
                if (i + el <= n && memcmp(t + i, ents[e], el) == 0) found = (int)el;
            }
            if (!found) return 0;
            i += (size_t)found;
            continue;
        }
        i += (size_t)len;
    }
    return 1;
}

static void xml_one(const char *s, size_t n) {
    char out[FUDA_XML_SIZE(64)];
    size_t len = fuda_xml_escape(out, s, n);
    if (len + 1 > FUDA_XML_SIZE(n) || out[len] != '\0' || !xml_ok(out, len)) xml_bad++;
}

static void test_xml(void) {
    xml_bad = 0;
    each_input(xml_one);
    CHECK_EQ_INT(xml_bad, 0);
    char out[FUDA_XML_SIZE(64)];
    fuda_xml_escape(out, "<a & 'b'>\"", 10);
    CHECK_EQ_STR(out, "&lt;a &amp; &#39;b&#39;&gt;&quot;");
    { const char *x = "a\x1b\x7f\xff\xe2\x80\xae\xef\xbf\xbe\r\t\n"; fuda_xml_escape(out, x, strlen(x)); }
    CHECK_EQ_STR(out, "a\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\t\n");
    for (size_t i = 0; i < sizeof plain_texts / sizeof plain_texts[0]; i++) {
        fuda_xml_escape(out, plain_texts[i], strlen(plain_texts[i]));
        CHECK_EQ_STR(out, plain_texts[i]);
    }
}

/* ---- shell words ---- */

static const char *shq(const char *s) {
    static char out[FUDA_SHELL_SIZE(64)];
    fuda_shell_quote(out, s, strlen(s));
    return out;
}

static void test_shell_forms(void) {
    CHECK_EQ_STR(shq("gin"), "gin");
    CHECK_EQ_STR(shq("./fuda-check-gin-7.log"), "./fuda-check-gin-7.log");
    CHECK_EQ_STR(shq(""), "''");
    CHECK_EQ_STR(shq("two words"), "'two words'");
    CHECK_EQ_STR(shq("it's"), "'it'\\''s'");
    CHECK_EQ_STR(shq("'"), "\\'");
    CHECK_EQ_STR(shq("=ls"), "'=ls'");
    CHECK_EQ_STR(shq("a=b"), "a=b");
    CHECK_EQ_STR(shq("$(rm -rf ~)`x`;|&"), "'$(rm -rf ~)`x`;|&'");
    CHECK_EQ_STR(shq("\xe3\x82\xb8\xe3\x83\xb3"), "'\xe3\x82\xb8\xe3\x83\xb3'");
    CHECK_EQ_STR(shq("a\x1b[2J'\\\n"), "$'a\\033[2J\\'\\\\\\012'");
    CHECK_EQ_STR(shq("\xe2\x80\xae" "x"), "$'\\342\\200\\256x'");
    CHECK_EQ_STR(shq("caf\xe9"), "$'caf\\351'");
}

/* Every quoted word must be printable text on its own: valid UTF-8, no
 * control, and no more than FUDA_SHELL_SIZE. */
static long shell_bad;
static void shell_one(const char *s, size_t n) {
    char out[FUDA_SHELL_SIZE(64)];
    size_t len = fuda_shell_quote(out, s, n);
    if (len + 1 > FUDA_SHELL_SIZE(n) || !term_safe(out, len, FUDA_TERM_LINE)) shell_bad++;
}

/* Words for the shells: every byte but NUL alone and between letters, every
 * pair of interesting bytes, and the named ones. */
static int shell_words(char ***out) {
    int cap = 2000, n = 0;
    char **w = malloc((size_t)cap * sizeof *w);
    for (int a = 1; a < 256; a++) {
        char s[4] = { (char)a, 0 };
        w[n++] = strdup(s);
        char t[4] = { 'x', (char)a, 'y', 0 };
        w[n++] = strdup(t);
    }
    for (size_t a = 1; a < NINT; a++)
        for (size_t b = 1; b < NINT; b++) {
            char s[3] = { (char)interesting[a], (char)interesting[b], 0 };
            w[n++] = strdup(s);
        }
    static const char *const named[] = { "", "two words", "it's", "''", "a\n", "\n\n", "-n", "-e", "--", "=x", "~",
                                         "~root", "#x", "!x", "$HOME", "`id`", "$(id)", "*", "?", "[a]", "{a,b}",
                                         "\\", "a\\", "\xe3\x82\xb8\xe3\x83\xb3", "\xe2\x80\xae" "abc", "%1", "a;b" };
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++) w[n++] = strdup(named[i]);
    *out = w;
    return n;
}

/* Run each word through `SHELL script` (printf '%s\n' WORD, a NUL between
 * words) and compare what it prints with the words; only the words for which
 * `only_printable` holds when it is set. The number of words compared, or -1
 * when the shell could not be run. */
static int through_shell(const char *shell, char **w, int n, int only_printable, long *wrong) {
    char script[] = "/tmp/fuda-test-shell-XXXXXX";
    int fd = mkstemp(script);
    if (fd < 0) return -1;
    FILE *f = fdopen(fd, "w");
    int used = 0;
    for (int i = 0; i < n; i++) {
        char q[FUDA_SHELL_SIZE(64)];
        fuda_shell_quote(q, w[i], strlen(w[i]));
        if (only_printable && q[0] == '$') continue;
        fprintf(f, "printf '%%s\\000' %s\n", q);
        used++;
    }
    fclose(f);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "%s %s", shell, script);
    FILE *p = popen(cmd, "r");
    if (!p) {
        unlink(script);
        return -1;
    }
    size_t cap = 1 << 20, len = 0;
    char *got = malloc(cap);
    size_t r;
    while ((r = fread(got + len, 1, cap - len, p)) > 0) len += r;
    int st = pclose(p);
    unlink(script);
    size_t at = 0;
    *wrong = st != 0;
    for (int i = 0; i < n; i++) {
        char q[FUDA_SHELL_SIZE(64)];
        fuda_shell_quote(q, w[i], strlen(w[i]));
        if (only_printable && q[0] == '$') continue;
        size_t k = strlen(w[i]);
        if (at + k >= len || memcmp(got + at, w[i], k) != 0 || got[at + k] != '\0') {
            if (*wrong < 5) fprintf(stderr, "%s: the word %s came back otherwise\n", shell, q);
            ++*wrong;
            while (at < len && got[at]) at++; /* resynchronise on the NUL */
            at++;
            continue;
        }
        at += k + 1;
    }
    if (at != len) ++*wrong;
    free(got);
    return used;
}

static void test_shell(void) {
    shell_bad = 0;
    each_input(shell_one);
    CHECK_EQ_INT(shell_bad, 0);
    char **w;
    int n = shell_words(&w);
    long wrong = 0;
    /* bash: every word */
    int used = through_shell("bash", w, n, 0, &wrong);
    CHECK_EQ_INT(used, n);
    CHECK_EQ_INT(wrong, 0);
    /* sh: the printable words always, the $'...' ones where sh reads them */
    FILE *p = popen("sh -c \"printf %s \\$'\\\\101'\" 2>/dev/null", "r");
    char probe[8] = "";
    if (p) {
        if (!fgets(probe, sizeof probe, p)) probe[0] = '\0';
        pclose(p);
    }
    int sh_ansi = strcmp(probe, "A") == 0;
    used = through_shell("sh", w, n, !sh_ansi, &wrong);
    CHECK(used > 200); /* (258 with a sh that reads no $'...') */
    CHECK_EQ_INT(wrong, 0);
    for (int i = 0; i < n; i++) free(w[i]);
    free(w);
}

TEST_MAIN(test_utf8, test_term_every_byte, test_term_forms, test_term_write, test_json_every_byte, test_json_forms,
          test_xml, test_shell_forms, test_shell)
