/* test_render.c -- unit tests for repl/render.c: {card} marks in plain,
 * Unicode and colour styles, text that is not a card left alone, and the
 * style chosen from NO_COLOR and the terminal; long lines broken at spaces, never inside a word or card;
 * the width when not on a terminal; the columns of wide and zero-width characters (core/width.c). */
#include "test.h"
#include "../../repl/render.c"

static char out[256];
static const char *R(const char *text, int style) {
    char *s = fuda_render_cards(text, style);
    snprintf(out, sizeof out, "%s", s);
    free(s);
    return out;
}

static void test_plain(void) {
    CHECK_EQ_STR(R("You draw {7h}.", FUDA_RENDER_PLAIN), "You draw 7h.");
    CHECK_EQ_STR(R("{10d}{Jk} {qs}", FUDA_RENDER_PLAIN), "10dJk Qs");
    CHECK_EQ_STR(R("{H7} {Ts} {joker}", FUDA_RENDER_PLAIN), "7h 10s Jk");
    CHECK_EQ_STR(R("", FUDA_RENDER_PLAIN), "");
    CHECK_EQ_STR(R("no cards", FUDA_RENDER_PLAIN), "no cards");
}

static void test_unicode(void) {
    CHECK_EQ_STR(R("{7h} {10d} {Qs} {Ac} {Jk}", FUDA_RENDER_UNICODE),
                 "7\xe2\x99\xa5 10\xe2\x99\xa6 Q\xe2\x99\xa0 A\xe2\x99\xa3 Jk");
}

static void test_color(void) {
    CHECK_EQ_STR(R("{7h} {Ks}", FUDA_RENDER_COLOR), "\033[31m7\xe2\x99\xa5\033[0m K\xe2\x99\xa0");
    CHECK_EQ_STR(R("{2d}", FUDA_RENDER_COLOR), "\033[31m2\xe2\x99\xa6\033[0m");
    CHECK_EQ_STR(R("{9c}", FUDA_RENDER_COLOR), "9\xe2\x99\xa3");
}

static void test_suits(void) {
    CHECK_EQ_STR(R("names {h} and {S}", FUDA_RENDER_PLAIN), "names h and s");
    CHECK_EQ_STR(R("{s}{h}{d}{c}", FUDA_RENDER_UNICODE),
                 "\xe2\x99\xa0\xe2\x99\xa5\xe2\x99\xa6\xe2\x99\xa3");
    CHECK_EQ_STR(R("{d} {c}", FUDA_RENDER_COLOR), "\033[31m\xe2\x99\xa6\033[0m \xe2\x99\xa3");
    CHECK_EQ_STR(R("{x} {hh} {j}", FUDA_RENDER_UNICODE), "{x} {hh} {j}");
}

static void test_not_cards(void) {
    CHECK_EQ_STR(R("{x} {} {7x} {11h}", FUDA_RENDER_PLAIN), "{x} {} {7x} {11h}");
    CHECK_EQ_STR(R("{{7h}}", FUDA_RENDER_PLAIN), "{7h}");
    CHECK_EQ_STR(R("open { and {7h", FUDA_RENDER_PLAIN), "open { and {7h");
    CHECK_EQ_STR(R("table {a: 1}", FUDA_RENDER_UNICODE), "table {a: 1}");
    CHECK_EQ_STR(R("{ 7h}", FUDA_RENDER_PLAIN), "{ 7h}");
    CHECK_EQ_STR(R("end {", FUDA_RENDER_PLAIN), "end {");
}

static void test_style(void) {
    FILE *f = tmpfile();
    setenv("NO_COLOR", "1", 1);
    CHECK_EQ_INT(fuda_render_style_for(stdout), FUDA_RENDER_PLAIN);
    setenv("NO_COLOR", "", 1);
    CHECK_EQ_INT(fuda_render_style_for(f), FUDA_RENDER_PLAIN); /* not a terminal */
    unsetenv("NO_COLOR");
    CHECK_EQ_INT(fuda_render_style_for(f), FUDA_RENDER_PLAIN);
    setenv("TERM", "dumb", 1);
    CHECK_EQ_INT(fuda_render_style_for(f), FUDA_RENDER_PLAIN); /* still not a terminal */
    fclose(f);
}

static const char *W(const char *text, int width) {
    char *s = fuda_wrap(text, width);
    snprintf(out, sizeof out, "%s", s);
    free(s);
    return out;
}

static void test_wrap(void) {
    CHECK_EQ_STR(W("short line", 20), "short line");
    CHECK_EQ_STR(W("one two three four", 9), "one two\n  three\n  four");
    CHECK_EQ_STR(W("one two\nthree four five", 10), "one two\nthree four\n  five");
    CHECK_EQ_STR(W("abcdefghijkl mn", 5), "abcdefghijkl\n  mn"); /* a long word stays whole */
    CHECK_EQ_STR(W("  indented words here", 12), "  indented\n  words here");
    CHECK_EQ_STR(W("a b c", 0), "a b c");
    CHECK_EQ_STR(W("", 10), "");
    CHECK_EQ_STR(W("end\n", 2), "end\n");
    /* suits take one column each, colour none: 7 cards of 3 columns fit 27 */
    CHECK_EQ_STR(W("7\xe2\x99\xa5 7\xe2\x99\xa5 7\xe2\x99\xa5 7\xe2\x99\xa5 7\xe2\x99\xa5 7\xe2\x99\xa5 7\xe2\x99\xa5", 27),
                 "7\xe2\x99\xa5 7\xe2\x99\xa5 7\xe2\x99\xa5 7\xe2\x99\xa5 7\xe2\x99\xa5 7\xe2\x99\xa5 7\xe2\x99\xa5");
    CHECK_EQ_STR(W("\033[31m7\xe2\x99\xa5\033[0m \033[31m8\xe2\x99\xa5\033[0m x", 5),
                 "\033[31m7\xe2\x99\xa5\033[0m \033[31m8\xe2\x99\xa5\033[0m\n  x");
    CHECK_EQ_STR(W("10\xe2\x99\xa6 10\xe2\x99\xa3", 4), "10\xe2\x99\xa6\n  10\xe2\x99\xa3");
    /* kana take two columns each: 4 of them fill 8 */
    CHECK_EQ_STR(W("\xe3\x81\x9a\xe3\x82\x93\xe3\x81\x9a\xe3\x82\x93 x", 9),
                 "\xe3\x81\x9a\xe3\x82\x93\xe3\x81\x9a\xe3\x82\x93\n  x");
}

/* Not a terminal: COLUMNS when it is a number, else 80; never below 20. */
static void test_width(void) {
    FILE *f = tmpfile();
    setenv("COLUMNS", "60", 1);
    CHECK_EQ_INT(fuda_term_width(f), 60);
    setenv("COLUMNS", "7", 1);
    CHECK_EQ_INT(fuda_term_width(f), FUDA_WIDTH_MIN);
    setenv("COLUMNS", "wide", 1);
    CHECK_EQ_INT(fuda_term_width(f), FUDA_WIDTH_DEFAULT);
    setenv("COLUMNS", "-3", 1);
    CHECK_EQ_INT(fuda_term_width(f), FUDA_WIDTH_DEFAULT);
    unsetenv("COLUMNS");
    CHECK_EQ_INT(fuda_term_width(f), 80);
    fclose(f);
}

/* core/width.c: wide, narrow and zero-width characters, escapes. */
static void test_columns(void) {
    CHECK_EQ_INT(fuda_columns("abc", 3), 3);
    CHECK_EQ_INT(fuda_columns("\xe3\x81\x9a", 3), 2);         /* zu */
    CHECK_EQ_INT(fuda_columns("\xe6\xbc\xa2x", 4), 3);        /* a kanji and x */
    CHECK_EQ_INT(fuda_columns("7\xe2\x99\xa5", 4), 2);        /* suits are narrow */
    CHECK_EQ_INT(fuda_columns("\xc3\x97", 2), 1);              /* the multiplication sign */
    CHECK_EQ_INT(fuda_columns("e\xcc\x81", 3), 1);             /* e and a combining accent */
    CHECK_EQ_INT(fuda_columns("\xef\xbc\x88", 3), 2);         /* a fullwidth parenthesis */
    CHECK_EQ_INT(fuda_columns("\033[31mred\033[0m", 12), 3);
    CHECK_EQ_INT(fuda_columns("\xff", 1), 1);                   /* an invalid byte shows as one */
}

/* core/width.c: where a line breaks, between words only. */
static void test_break(void) {
    size_t len, next;
    next = fuda_break_line("one two three", 13, 9, &len);
    CHECK_EQ_INT((int)len, 7); /* "one two" */
    CHECK_EQ_INT((int)next, 8);
    next = fuda_break_line("one two three", 13, 13, &len);
    CHECK_EQ_INT((int)len, 13);
    CHECK_EQ_INT((int)next, 13);
    next = fuda_break_line("abcdefgh ij", 11, 4, &len); /* a word wider than the line stays whole */
    CHECK_EQ_INT((int)len, 8);
    CHECK_EQ_INT((int)next, 9);
    /* a path too long for the line: cut after its last '/' that fits, never inside "//" */
    next = fuda_break_line("(/home/a/build-asan/../variants/x.lua)", 38, 20, &len);
    CHECK_EQ_INT((int)len, 20); /* "(/home/a/build-asan/" */
    CHECK_EQ_INT((int)next, 20);
    next = fuda_break_line("see (/a/b/c)", 12, 8, &len); /* as much as fits: "see (/a/b/" */
    CHECK_EQ_INT((int)len, 8);
    next = fuda_break_line("x//yyyyyy", 9, 4, &len); /* no cut between two slashes */
    CHECK_EQ_INT((int)len, 3);
    next = fuda_break_line("  ab cd", 7, 4, &len); /* the indent counts */
    CHECK_EQ_INT((int)len, 4);
    CHECK_EQ_INT((int)next, 5);
    next = fuda_break_line("\xe3\x81\x9a\xe3\x82\x93 x", 8, 4, &len); /* two kana fill 4 */
    CHECK_EQ_INT((int)len, 6);
    CHECK_EQ_INT((int)next, 7);
    /* Japanese has no spaces: a line breaks between two characters, not before a closing mark */
    const char *ja = "\xe6\x89\x8b\xe6\x9c\xad\xe3\x80\x81\xe5\xa0\xb4"; /* te fuda, comma, ba */
    next = fuda_break_line(ja, strlen(ja), 5, &len);
    CHECK_EQ_INT((int)len, 3); /* te alone: fuda and the comma do not fit, and the comma may not start a line */
    CHECK_EQ_INT((int)next, 3);
    next = fuda_break_line(ja, strlen(ja), 6, &len);
    CHECK_EQ_INT((int)len, 9); /* te fuda and the comma */
    CHECK_EQ_INT((int)next, 9);
    next = fuda_break_line("a (\xe6\x89\x8b", 6, 4, &len); /* not after an opening parenthesis */
    CHECK_EQ_INT((int)len, 1);
    CHECK_EQ_INT((int)next, 2);
    next = fuda_break_line("   ", 3, 10, &len);
    CHECK_EQ_INT((int)len, 0);
    CHECK_EQ_INT((int)next, 3);
}

TEST_MAIN(test_plain, test_unicode, test_color, test_suits, test_not_cards, test_style, test_wrap, test_width,
          test_columns, test_break)
