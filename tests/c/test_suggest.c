/* test_suggest.c -- unit tests for core/suggest.c: the edit distance (swaps
 * count one), its limit, and which names are suggested for a typo. */
#include "test.h"
#include "suggest.h"

static void test_distance(void) {
    CHECK_EQ_INT(fuda_edit_distance("target", "target", 2), 0);
    CHECK_EQ_INT(fuda_edit_distance("taget", "target", 2), 1);
    CHECK_EQ_INT(fuda_edit_distance("traget", "target", 2), 1); /* a swap */
    CHECK_EQ_INT(fuda_edit_distance("discrad", "discard", 2), 1);
    CHECK_EQ_INT(fuda_edit_distance("gni", "gin", 2), 1);
    CHECK_EQ_INT(fuda_edit_distance("", "abc", 5), 3);
    CHECK_EQ_INT(fuda_edit_distance("abcdef", "uvwxyz", 2), 3); /* past the limit: limit + 1 */
    CHECK_EQ_INT(fuda_edit_distance("a", "abcdefgh", 2), 3);
}

static void test_long(void) {
    char a[200], b[200];
    memset(a, 'x', 199), a[199] = 0;
    memcpy(b, a, sizeof a);
    CHECK_EQ_INT(fuda_edit_distance(a, b, 2), 0);
    b[3] = 'y';
    CHECK_EQ_INT(fuda_edit_distance(a, b, 2), 3);
}

static void test_suggest(void) {
    static const char *const opts[] = { "target", "gin_bonus", "undercut_bonus", "hand_size", "box_bonus" };
    CHECK_EQ_STR(fuda_suggest("taget", opts, 5), "target");
    CHECK_EQ_STR(fuda_suggest("undercut_bonsu", opts, 5), "undercut_bonus");
    CHECK(fuda_suggest("target", opts, 5) == NULL);      /* not a typo */
    CHECK(fuda_suggest("jokers", opts, 5) == NULL);      /* nothing close */
    CHECK(fuda_suggest("tx", opts, 5) == NULL);          /* too short to guess */
    static const char *const verbs[] = { "draw", "take", "discard", "knock", "gin", "pass" };
    CHECK_EQ_STR(fuda_suggest("discrad", verbs, 6), "discard");
    CHECK_EQ_STR(fuda_suggest("gni", verbs, 6), "gin");
    CHECK_EQ_STR(fuda_suggest("drwa", verbs, 6), "draw");
    CHECK(fuda_suggest("zzz", verbs, 6) == NULL);
}

TEST_MAIN(test_distance, test_long, test_suggest)
