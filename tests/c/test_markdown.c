/* test_markdown.c -- unit tests for repl/markdown.c: a rules document as
 * plain text laid out to a width -- headings, inline marks, paragraphs and
 * lists broken between words, code blocks, tables as tables, narrowed
 * tables and "heading: value" lines, Japanese text. */
#include "test.h"
#include "../../repl/render.c"
#include "../../repl/markdown.c"

static char out[4096];
static const char *M(const char *md, int width) {
    char *s = fuda_markdown_text(md, width);
    snprintf(out, sizeof out, "%s", s);
    free(s);
    return out;
}

/* Does every line of the last result fit in width columns? */
static int fits(int width) {
    for (const char *s = out; *s;) {
        size_t n = strcspn(s, "\n");
        if (fuda_columns(s, n) > width) return 0;
        s += n + (s[n] == '\n');
    }
    return 1;
}

static void test_headings(void) {
    CHECK_EQ_STR(M("# Zun rules\n\nText.\n", 0), "Zun rules\n=========\n\nText.\n");
    CHECK_EQ_STR(M("## Cards\n", 0), "Cards\n-----\n");
    CHECK_EQ_STR(M("### Counter\n", 0), "Counter\n");
    /* a wide heading is underlined as wide as it shows */
    CHECK_EQ_STR(M("## \xe5\xbd\xb9 yaku\n", 0), "\xe5\xbd\xb9 yaku\n-------\n");
}

static void test_inline(void) {
    CHECK_EQ_STR(M("the **lowest** sits *out*\n", 0), "the lowest sits out\n");
    CHECK_EQ_STR(M("type `take` or `draw`\n", 0), "type 'take' or 'draw'\n");
    CHECK_EQ_STR(M("`\"by_wins\"` is a string\n", 0), "\"by_wins\" is a string\n");
    CHECK_EQ_STR(M("2 * 3 and a * alone\n", 0), "2 * 3 and a * alone\n");
    CHECK_EQ_STR(M("a \\*literal\\* star\n", 0), "a *literal* star\n");
    CHECK_EQ_STR(M("**unclosed\n", 0), "**unclosed\n");
    CHECK_EQ_STR(M("see [the page](https://x.example)\n", 0), "see the page (https://x.example)\n");
    CHECK_EQ_STR(M("`a ``b`` c`\n", 0), "'a ``b`` c'\n");
}

static void test_paragraphs(void) {
    CHECK_EQ_STR(M("one two\nthree four five\n", 10), "one two\nthree four\nfive\n");
    CHECK_EQ_STR(M("a\n\n\n\nb\n", 0), "a\n\nb\n");
    /* a short code span is not broken at its spaces */
    CHECK_EQ_STR(M("say `play 8s name h` now\n", 16), "say\n'play 8s name h'\nnow\n");
    /* Japanese breaks between characters, not before a comma */
    M("\xe6\x89\x8b\xe6\x9c\xad\xe3\x81\xae\xe5\x90\x88\xe8\xa8\x88\xe3\x80\x81\xe5\xa0\xb4\xe3\x81\xae\xe6\x95\xb0\n", 7);
    CHECK(fits(7));
    CHECK(strstr(out, "\n\xe3\x80\x81") == NULL);
}

static void test_lists(void) {
    CHECK_EQ_STR(M("- one two three\n- four\n", 10), "- one two\n  three\n- four\n");
    CHECK_EQ_STR(M("1. **Deal.** Each\n   gets 3.\n2. Flip.\n", 0), "1. Deal. Each gets 3.\n2. Flip.\n");
    CHECK_EQ_STR(M("- a\n  - nested item\n", 10), "- a\n  - nested\n    item\n");
    /* a paragraph inside an item after a blank line keeps its indent, and is no code block */
    CHECK_EQ_STR(M("5. Turns:\n   - play\n\n   You never have to play.\n", 0),
                 "5. Turns:\n   - play\n\n   You never have to play.\n");
}

static void test_code(void) {
    CHECK_EQ_STR(M("```\nfuda play zun\n```\n", 0), "    fuda play zun\n");
    CHECK_EQ_STR(M("text\n\n    SC x 2 = points\n", 0), "text\n\n    SC x 2 = points\n");
    /* too long for four spaces: two, and broken at a space */
    CHECK_EQ_STR(M("```\nfuda sim gin -n 2000\n```\n", 16), "  fuda sim gin\n    -n 2000\n");
    CHECK_EQ_STR(M("```\nfuda sim gin\n```\n", 16), "    fuda sim gin\n");
}

static const char *TABLE = "| option | default | meaning |\n| --- | --- | --- |\n"
                           "| `target` | `100` | points that win the match |\n"
                           "| `box_bonus` | `25` | bonus per hand won, to each player |\n";

static void test_tables(void) {
    CHECK_EQ_STR(M(TABLE, 0), "option     default  meaning\n"
                              "---------  -------  ----------------------------------\n"
                              "target     100      points that win the match\n"
                              "box_bonus  25       bonus per hand won, to each player\n");
    M(TABLE, 40); /* narrowed: the meanings broken into lines, a blank line between rows */
    CHECK(fits(40));
    CHECK_EQ_STR(out, "option     default  meaning\n"
                      "---------  -------  --------------------\n"
                      "target     100      points that win the\n"
                      "                    match\n"
                      "\n"
                      "box_bonus  25       bonus per hand won,\n"
                      "                    to each player\n");
    M(TABLE, 24); /* too narrow for columns: a line per cell */
    CHECK(fits(24));
    CHECK_EQ_STR(out, "option: target\ndefault: 100\nmeaning: points that win\n  the match\n\n"
                      "option: box_bonus\ndefault: 25\nmeaning: bonus per hand\n  won, to each player\n");
    CHECK(strstr(M("| a | b |\n|---|:-:|\n| `x|y` | \\| |\n", 0), "x|y  |") != NULL); /* '|' in code, escaped */
    CHECK_EQ_STR(M("| not | a table |\nno rule below\n", 0), "| not | a table | no rule below\n");
}

TEST_MAIN(test_headings, test_inline, test_paragraphs, test_lists, test_code, test_tables)
