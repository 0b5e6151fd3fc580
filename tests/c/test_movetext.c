/* test_movetext.c -- unit tests for core/movetext.c: the one grammar of a
 * move's text (what the engine takes from a hook, the log writes and reads). */
#include <string.h>
#include "test.h"
#include "movetext.h"

/* The reason and byte (from 1) text is refused for, or "ok". */
static const char *verdict(const char *text, size_t len, size_t *at) {
    const char *why;
    *at = 0;
    if (fuda_move_text_check(text, len, &why, at) == 0) return "ok";
    (*at)++;
    return why;
}

static void test_good(void) {
    size_t at;
    CHECK_EQ_STR(verdict("draw", 4, &at), "ok");
    CHECK_EQ_STR(verdict("play 7h", 7, &at), "ok");
    CHECK_EQ_STR(verdict("pon 5m 5m", 9, &at), "ok");
    CHECK_EQ_STR(verdict("\xe3\x81\x9a\xe3\x82\x93", 6, &at), "ok");       /* ずん */
    CHECK_EQ_STR(verdict("\xf0\x9f\x82\xa1 x", 6, &at), "ok");             /* U+1F0A1 */
    char max[FUDA_MOVE_TEXT_MAX];
    memset(max, 'x', sizeof max);
    CHECK_EQ_STR(verdict(max, sizeof max, &at), "ok");
}

static void test_bad(void) {
    size_t at;
    char big[FUDA_MOVE_TEXT_MAX + 1];
    memset(big, 'x', sizeof big);
    CHECK_EQ_STR(verdict("", 0, &at), "it is empty");
    CHECK_EQ_STR(verdict(big, sizeof big, &at), "it is longer than 256 bytes");
    CHECK_EQ_INT(at, 257);
    CHECK_EQ_STR(verdict(" draw", 5, &at), "it starts with a space");
    CHECK_EQ_STR(verdict("draw ", 5, &at), "it ends with a space");
    CHECK_EQ_INT(at, 5);
    CHECK_EQ_STR(verdict("play  7h", 8, &at), "two spaces in a row");
    CHECK_EQ_INT(at, 5);
    CHECK_EQ_STR(verdict("a\tb", 3, &at), "a control character");
    CHECK_EQ_STR(verdict("a\nb", 3, &at), "a control character");
    CHECK_EQ_STR(verdict("a\x7f", 2, &at), "a control character");
    CHECK_EQ_STR(verdict("a\xc2\x9b", 3, &at), "a control character");      /* C1: CSI */
    CHECK_EQ_INT(at, 2);
    CHECK_EQ_STR(verdict("a\0b", 3, &at), "a control character");
    CHECK_EQ_STR(verdict("\xff", 1, &at), "a byte that is not valid UTF-8");
    CHECK_EQ_STR(verdict("\xc0\xaf", 2, &at), "a byte that is not valid UTF-8");   /* overlong '/' */
    CHECK_EQ_STR(verdict("\xe0\x80\xaf", 3, &at), "a byte that is not valid UTF-8");
    CHECK_EQ_STR(verdict("\xed\xa0\x80", 3, &at), "a byte that is not valid UTF-8"); /* surrogate */
    CHECK_EQ_STR(verdict("\xf4\x90\x80\x80", 4, &at), "a byte that is not valid UTF-8"); /* > U+10FFFF */
    CHECK_EQ_STR(verdict("x\xe3\x81", 3, &at), "a byte that is not valid UTF-8");  /* cut short */
    CHECK_EQ_INT(at, 2);
    CHECK_EQ_STR(verdict("\x80x", 2, &at), "a byte that is not valid UTF-8");
}

TEST_MAIN(test_good, test_bad)
