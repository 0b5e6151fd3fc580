/* test_input.c -- unit tests for repl/input.c: splitting typed lines into
 * words, and matching typed moves against legal moves (exact, by prefix,
 * with words left out, ambiguous, not a card, not legal). */
#include "test.h"
#include "../../repl/input.c"

static const char *const gin[] = { "draw", "take", "discard 7h", "knock 7h", "discard 10d",
                                   "discard Qc", "discard As", "knock As" };
#define NGIN ((int)(sizeof gin / sizeof gin[0]))

/* The move matched by line, or the message (the test owns neither). */
static char last_msg[512];
static const char *M(const char *line) {
    char *msg = NULL;
    int i = fuda_input_match(line, gin, NGIN, &msg);
    snprintf(last_msg, sizeof last_msg, "%s", msg ? msg : "");
    free(msg);
    return i >= 0 ? gin[i] : last_msg;
}

static void test_split_words(void) {
    char **w;
    CHECK_EQ_INT(fuda_split_words("  play gin  --seed 3 ", &w), 4);
    CHECK_EQ_STR(w[0], "play");
    CHECK_EQ_STR(w[3], "3");
    CHECK(w[4] == NULL);
    fuda_words_free(w);
    CHECK_EQ_INT(fuda_split_words("run 'my file.lua' \"a b\" c", &w), 4);
    CHECK_EQ_STR(w[1], "my file.lua");
    CHECK_EQ_STR(w[2], "a b");
    CHECK_EQ_STR(w[3], "c");
    fuda_words_free(w);
    CHECK_EQ_INT(fuda_split_words("", &w), 0);
    CHECK(w[0] == NULL);
    fuda_words_free(w);
    CHECK_EQ_INT(fuda_split_words("x'y z'w", &w), 1);
    CHECK_EQ_STR(w[0], "xy zw");
    fuda_words_free(w);
    CHECK_EQ_INT(fuda_split_words("'open", &w), 1);
    CHECK_EQ_STR(w[0], "open");
    fuda_words_free(w);
}

static void test_exact(void) {
    CHECK_EQ_STR(M("draw"), "draw");
    CHECK_EQ_STR(M("discard 7h"), "discard 7h");
    CHECK_EQ_STR(M("  DISCARD   7H "), "discard 7h");
    CHECK_EQ_STR(M("discard H7"), "discard 7h");
    CHECK_EQ_STR(M("discard Td"), "discard 10d");
    CHECK_EQ_STR(M("discard qc"), "discard Qc");
    CHECK_EQ_STR(M("discard 1s"), "discard As");
    CHECK_EQ_STR(M("discard ♥7"), "discard 7h");
    CHECK_EQ_STR(M("knock as"), "knock As");
}

static void test_prefix_and_skip(void) {
    CHECK_EQ_STR(M("ta"), "take");
    CHECK_EQ_STR(M("dr"), "draw");
    CHECK_EQ_STR(M("k 7h"), "knock 7h");
    CHECK_EQ_STR(M("kn h7"), "knock 7h");
    CHECK_EQ_STR(M("d 7h"), "discard 7h");
    CHECK_EQ_STR(M("10d"), "discard 10d");
    CHECK_EQ_STR(M("dt"), "discard 10d");
    CHECK_EQ_STR(M("Qc"), "discard Qc");
    CHECK_EQ_STR(M("cq"), "discard Qc");
}

static void test_ambiguous(void) {
    CHECK_EQ_STR(M("7h"), "ambiguous: discard {7h} or knock {7h}");
    CHECK_EQ_STR(M("as"), "ambiguous: discard {As} or knock {As}");
    CHECK_EQ_STR(M("k"), "ambiguous: knock {7h} or knock {As}");
    /* "d" fits draw best, but it reads discard as well: ask */
    CHECK_EQ_STR(M("d"), "'d' could be: draw, or discard {7h}, discard {10d}, discard {Qc}, discard {As}");
    /* "t" is take, or a ten typed short */
    CHECK_EQ_STR(M("t"), "'t' could be: take, or the ten {10d}");
    CHECK_EQ_STR(M("di"), "ambiguous: discard {7h}, discard {10d}, discard {Qc} or discard {As}");
    CHECK_EQ_STR(M("discard"), "ambiguous: discard {7h}, discard {10d}, discard {Qc} or discard {As}");
}

static void test_not_a_card(void) {
    const char *want = "'7x' is not a card (cards are typed like 7h, H7, 10s, Ts, Qd)";
    CHECK_EQ_STR(M("discard 7x"), want);
    CHECK_EQ_STR(M("7x"), want);
    CHECK_EQ_STR(M("discard 11h"), "'11h' is not a card (cards are typed like 7h, H7, 10s, Ts, Qd)");
    CHECK_EQ_STR(M("zz3"), "'zz3' is not a card (cards are typed like 7h, H7, 10s, Ts, Qd)");
}

static void test_not_legal(void) {
    const char *list = "draw, take, discard {7h}, knock {7h}, discard {10d}, discard {Qc}, discard {As}, knock {As}";
    char want[512];
    snprintf(want, sizeof want, "'discard 8h' is not a legal move now; legal moves: %s", list);
    CHECK_EQ_STR(M("discard 8h"), want);
    snprintf(want, sizeof want, "'fold' is not a legal move now; legal moves: %s", list);
    CHECK_EQ_STR(M("  fold "), want);
    snprintf(want, sizeof want, "'knock 10d' is not a legal move now; legal moves: %s", list);
    CHECK_EQ_STR(M("knock 10d"), want);
    snprintf(want, sizeof want, "type a move; legal moves: %s", list);
    CHECK_EQ_STR(M(""), want);
    /* words out of order do not match */
    snprintf(want, sizeof want, "'7h discard' is not a legal move now; legal moves: %s", list);
    CHECK_EQ_STR(M("7h discard"), want);
}

static void test_fewest_words(void) {
    static const char *const mv[] = { "pass", "pass on", "take stock", "take" };
    char *msg = NULL;
    CHECK_EQ_INT(fuda_input_match("pa", mv, 4, &msg), 0);
    CHECK(msg == NULL);
    CHECK_EQ_INT(fuda_input_match("t", mv, 4, &msg), 3);
    CHECK_EQ_INT(fuda_input_match("t s", mv, 4, &msg), 2);
    CHECK_EQ_INT(fuda_input_match("on", mv, 4, &msg), 1);
    /* Zun: an 8 may name suits */
    static const char *const zun[] = { "draw", "play 8c", "play 8c name s", "play 8c name h",
                                       "play 8c name s h", "play Qs", "play 5h 5d" };
    CHECK_EQ_INT(fuda_input_match("8c", zun, 7, &msg), -1); /* play 8c, or naming suits? asked */
    free(msg);
    msg = NULL;
    CHECK_EQ_INT(fuda_input_match("p 8c", zun, 7, &msg), 1); /* the verb typed: the move as typed */
    CHECK_EQ_INT(fuda_input_match("play 8c", zun, 7, &msg), 1);
    CHECK_EQ_INT(fuda_input_match("8c s", zun, 7, &msg), 2);
    CHECK_EQ_INT(fuda_input_match("8c name s h", zun, 7, &msg), 4);
    CHECK_EQ_INT(fuda_input_match("c8 h s", zun, 7, &msg), FUDA_INPUT_NOT_LEGAL); /* suits in order */
    free(msg);
    CHECK_EQ_INT(fuda_input_match("5h", zun, 7, &msg), 6);
    CHECK_EQ_INT(fuda_input_match("p qs", zun, 7, &msg), 5);
    CHECK_EQ_INT(fuda_input_match("p", zun, 7, &msg), -1);
    CHECK_EQ_STR(msg, "ambiguous: play {8c} or play {Qs}");
    free(msg);
}

static void test_duplicates_and_empty(void) {
    static const char *const mv[] = { "discard 7h", "discard 7h", "draw" };
    char *msg = NULL;
    CHECK_EQ_INT(fuda_input_match("7h", mv, 3, &msg), 0);
    CHECK(msg == NULL);
    CHECK_EQ_INT(fuda_input_match("x", mv, 0, &msg), FUDA_INPUT_NOT_LEGAL);
    CHECK_EQ_STR(msg, "'x' is not a legal move now; legal moves: ");
    free(msg);
}

/* A card is typed whole: a stray letter never plays one (in gin, "k" meant
 * to knock once discarded the king of diamonds, and "a" the ace of clubs). */
static void test_cards_whole(void) {
    static const char *const mv[] = { "draw", "discard 7h", "discard Kd", "discard Ac" };
    char *msg = NULL;
    CHECK_EQ_INT(fuda_input_match("k", mv, 4, &msg), FUDA_INPUT_NOT_LEGAL);
    CHECK_EQ_STR(msg, "'k' is not a legal move now; legal moves: draw, discard {7h}, discard {Kd}, discard {Ac}");
    free(msg);
    CHECK_EQ_INT(fuda_input_match("a", mv, 4, &msg), FUDA_INPUT_NOT_LEGAL);
    CHECK_EQ_STR(msg, "'a' is not a legal move now; legal moves: draw, discard {7h}, discard {Kd}, discard {Ac}");
    free(msg);
    CHECK_EQ_INT(fuda_input_match("d k", mv, 4, &msg), FUDA_INPUT_NOT_LEGAL);
    free(msg);
    CHECK_EQ_INT(fuda_input_match("7", mv, 4, &msg), FUDA_INPUT_NOT_LEGAL);
    free(msg);
    CHECK_EQ_INT(fuda_input_match("kd", mv, 4, &msg), 2);
    CHECK(msg == NULL);
    CHECK_EQ_INT(fuda_input_match("d KD", mv, 4, &msg), 2);
    CHECK_EQ_INT(fuda_input_match("ca", mv, 4, &msg), 3);
    CHECK_EQ_INT(fuda_input_match("dr", mv, 4, &msg), 0); /* the word draw, not a card */
}

/* A short form that could mean two things asks instead of acting. */
static void test_safe_abbreviations(void) {
    static const char *const gin2[] = { "discard 7h", "discard Kd", "knock 7h" };
    char *msg = NULL;
    CHECK_EQ_INT(fuda_input_match("k", gin2, 3, &msg), -1);
    CHECK_EQ_STR(msg, "'k' could be: knock {7h}, or the king {Kd}");
    free(msg);
    CHECK_EQ_INT(fuda_input_match("kn", gin2, 3, &msg), 2); /* a verb typed longer: no king */
    CHECK(msg == NULL);
    CHECK_EQ_INT(fuda_input_match("k 7h", gin2, 3, &msg), 2); /* no move has a king and 7h */
    CHECK(msg == NULL);
    static const char *const kings[] = { "draw", "knock 7h", "discard Kd", "discard Ks" };
    CHECK_EQ_INT(fuda_input_match(" k ", kings, 4, &msg), -1);
    CHECK_EQ_STR(msg, "'k' could be: knock {7h}, or the kings {Kd}, {Ks}");
    free(msg);
    static const char *const dobon[] = { "play 7h", "pass", "dobon" };
    CHECK_EQ_INT(fuda_input_match("p", dobon, 3, &msg), -1);
    CHECK_EQ_STR(msg, "'p' could be: pass, or play {7h}");
    free(msg);
    CHECK_EQ_INT(fuda_input_match("pa", dobon, 3, &msg), 1);
    CHECK_EQ_INT(fuda_input_match("p 7h", dobon, 3, &msg), 0);
    CHECK(msg == NULL);
    /* a short form that longer moves fit too (an 8 naming no suit, or one): asked, not taken */
    static const char *const zun[] = { "play 8c", "play 8c name s", "draw" };
    CHECK_EQ_INT(fuda_input_match("8c", zun, 3, &msg), -1);
    CHECK_EQ_STR(msg, "ambiguous: play {8c} or play {8c} name s; type the whole move (this alone is 'play {8c}')");
    free(msg);
    CHECK_EQ_INT(fuda_input_match("play 8c", zun, 3, &msg), 0); /* the whole move: taken */
    CHECK(msg == NULL);
    CHECK_EQ_INT(fuda_input_match("8c name s", zun, 3, &msg), 1);
    CHECK(msg == NULL);
    /* jokers have no rank letter; "j" is a jack */
    static const char *const jk[] = { "jump", "play Jk", "play Jh" };
    CHECK_EQ_INT(fuda_input_match("j", jk, 3, &msg), -1);
    CHECK_EQ_STR(msg, "'j' could be: jump, or the jack {Jh}");
    free(msg);
}

static char *why(const char *line, const char *const *mv, int n, int seat, int turn, const char *held) {
    int cards[16], nheld = 0;
    char **w;
    int nw = fuda_split_words(held, &w);
    for (int i = 0; i < nw; i++) {
        fuda_card c;
        if (fuda_card_parse(w[i], strlen(w[i]), &c) == 0) cards[nheld++] = c;
    }
    fuda_words_free(w);
    static const char *const verbs[] = { "draw", "take", "discard", "knock" };
    fuda_why_facts f = { seat, turn, cards, nheld, verbs, 4 };
    return fuda_input_why_not(line, mv, n, &f);
}

static void test_why_not(void) {
    static const char *const mv[] = { "discard 7h", "discard As", "knock 7h" };
    char *r = why("discard 9c", mv, 3, 1, 1, "7h As 8d");
    CHECK_EQ_STR(r, "you hold no {9c}");
    free(r);
    r = why("9c", mv, 3, 1, 1, "7h As 8d");
    CHECK_EQ_STR(r, "you hold no {9c}");
    free(r);
    r = why("knock 8d", mv, 3, 1, 1, "7h As 8d");
    CHECK_EQ_STR(r, "you may knock only as: knock {7h}");
    free(r);
    r = why("dis 8d", mv, 3, 1, 1, "7h As 8d");
    CHECK_EQ_STR(r, "you may discard only as: discard {7h}, discard {As}");
    free(r);
    r = why("draw", mv, 3, 1, 1, "7h As 8d");
    CHECK_EQ_STR(r, "you cannot draw now");
    free(r);
    r = why("draw", mv, 3, 1, 2, "7h As 8d");
    CHECK_EQ_STR(r, "it is seat 2's turn");
    free(r);
    CHECK(why("fold", mv, 3, 1, 1, "7h") == NULL);
    static const char *const take[] = { "take" };
    r = why("k", take, 1, 1, 1, "7h");
    CHECK_EQ_STR(r, "you cannot knock now");
    free(r);
    CHECK(why("d", take, 1, 1, 1, "7h") == NULL); /* draw or discard: no one verb */
    CHECK(why("8d", mv, 3, 1, 1, "7h As 8d") == NULL); /* held: the program cannot tell why */
    CHECK(why("", mv, 3, 1, 1, "7h") == NULL);
    r = fuda_input_refusal(" knock 8d ", "you may knock only as: knock 7h", mv, 3);
    CHECK_EQ_STR(r, "'knock 8d' is not a legal move now: you may knock only as: knock 7h; "
                    "legal moves: discard {7h}, discard {As}, knock {7h}");
    free(r);
    r = fuda_input_refusal("fold", NULL, mv, 1);
    CHECK_EQ_STR(r, "'fold' is not a legal move now; legal moves: discard {7h}");
    free(r);
}

static void test_join(void) {
    char *s = fuda_moves_join(gin, 3, ", ");
    CHECK_EQ_STR(s, "draw, take, discard {7h}");
    free(s);
    s = fuda_moves_join(gin, 0, ", ");
    CHECK_EQ_STR(s, "");
    free(s);
}

static void test_marked(void) {
    char *m = fuda_move_marked("play 10d Jk");
    CHECK_EQ_STR(m, "play {10d} {Jk}");
    free(m);
    m = fuda_move_marked("as As 10H name"); /* the verb, and what the engine would not write */
    CHECK_EQ_STR(m, "as {As} 10H name");
    free(m);
    m = fuda_move_marked("pass");
    CHECK_EQ_STR(m, "pass");
    free(m);
}

TEST_MAIN(test_marked, test_split_words, test_exact, test_prefix_and_skip, test_ambiguous, test_not_a_card,
          test_not_legal, test_fewest_words, test_duplicates_and_empty, test_cards_whole, test_safe_abbreviations,
          test_why_not, test_join)
