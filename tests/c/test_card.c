/* test_card.c -- unit tests for core/card.c: every accepted name form, the
 * round trip of all 53 card names, rejected names, suits and the deck. */
#include "test.h"
#include "card.h"

/* Parse s and return the card, or FUDA_NOCARD on failure. */
static fuda_card P(const char *s) {
    fuda_card c = FUDA_NOCARD;
    if (fuda_card_parse(s, (size_t)-1, &c) != 0) return FUDA_NOCARD;
    return c;
}

static void test_parse_rank_first(void) {
    CHECK_EQ_INT(P("7h"), fuda_card_make(7, FUDA_HEARTS));
    CHECK_EQ_INT(P("7H"), fuda_card_make(7, FUDA_HEARTS));
    CHECK_EQ_INT(P("10s"), fuda_card_make(10, FUDA_SPADES));
    CHECK_EQ_INT(P("Ts"), fuda_card_make(10, FUDA_SPADES));
    CHECK_EQ_INT(P("tS"), fuda_card_make(10, FUDA_SPADES));
    CHECK_EQ_INT(P("qd"), fuda_card_make(12, FUDA_DIAMONDS));
    CHECK_EQ_INT(P("Qd"), fuda_card_make(12, FUDA_DIAMONDS));
    CHECK_EQ_INT(P("Jc"), fuda_card_make(11, FUDA_CLUBS));
    CHECK_EQ_INT(P("kC"), fuda_card_make(13, FUDA_CLUBS));
    CHECK_EQ_INT(P("1h"), fuda_card_make(1, FUDA_HEARTS));
    CHECK_EQ_INT(P("ah"), fuda_card_make(1, FUDA_HEARTS));
    CHECK_EQ_INT(P("AH"), fuda_card_make(1, FUDA_HEARTS));
    CHECK_EQ_INT(P("2d"), fuda_card_make(2, FUDA_DIAMONDS));
    CHECK_EQ_INT(P("9c"), fuda_card_make(9, FUDA_CLUBS));
}

static void test_parse_suit_first(void) {
    CHECK_EQ_INT(P("H7"), fuda_card_make(7, FUDA_HEARTS));
    CHECK_EQ_INT(P("h10"), fuda_card_make(10, FUDA_HEARTS));
    CHECK_EQ_INT(P("sq"), fuda_card_make(12, FUDA_SPADES));
    CHECK_EQ_INT(P("SQ"), fuda_card_make(12, FUDA_SPADES));
    CHECK_EQ_INT(P("dA"), fuda_card_make(1, FUDA_DIAMONDS));
    CHECK_EQ_INT(P("c1"), fuda_card_make(1, FUDA_CLUBS));
    CHECK_EQ_INT(P("cT"), fuda_card_make(10, FUDA_CLUBS));
    CHECK_EQ_INT(P("dj"), fuda_card_make(11, FUDA_DIAMONDS));
    CHECK_EQ_INT(P("hk"), fuda_card_make(13, FUDA_HEARTS));
}

static void test_parse_joker(void) {
    const char *forms[] = { "jk", "JK", "Jk", "jK", "jo", "JO", "joker", "JOKER", "Joker", "jOkEr" };
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) CHECK_EQ_INT(P(forms[i]), FUDA_JOKER);
}

static void test_parse_symbols(void) {
    CHECK_EQ_INT(P("7\xe2\x99\xa5"), fuda_card_make(7, FUDA_HEARTS));   /* 7♥ */
    CHECK_EQ_INT(P("\xe2\x99\xa5" "7"), fuda_card_make(7, FUDA_HEARTS)); /* ♥7 */
    CHECK_EQ_INT(P("10\xe2\x99\xa0"), fuda_card_make(10, FUDA_SPADES)); /* 10♠ */
    CHECK_EQ_INT(P("\xe2\x99\xa6Q"), fuda_card_make(12, FUDA_DIAMONDS)); /* ♦Q */
    CHECK_EQ_INT(P("a\xe2\x99\xa3"), fuda_card_make(1, FUDA_CLUBS));    /* a♣ */
    CHECK_EQ_INT(P("K\xe2\x99\xa4"), fuda_card_make(13, FUDA_SPADES));  /* K♤ */
    CHECK_EQ_INT(P("2\xe2\x99\xa1"), fuda_card_make(2, FUDA_HEARTS));   /* 2♡ */
    CHECK_EQ_INT(P("\xe2\x99\xa2" "3"), fuda_card_make(3, FUDA_DIAMONDS)); /* ♢3 */
    CHECK_EQ_INT(P("\xe2\x99\xa7J"), fuda_card_make(11, FUDA_CLUBS));   /* ♧J */
}

static void test_parse_len(void) {
    fuda_card c = FUDA_NOCARD;
    CHECK_EQ_INT(fuda_card_parse("7hxyz", 2, &c), 0);
    CHECK_EQ_INT(c, fuda_card_make(7, FUDA_HEARTS));
    CHECK_EQ_INT(fuda_card_parse("10s", 2, &c), -1); /* "10" has no suit */
    CHECK_EQ_INT(fuda_card_parse("jokers", 5, &c), 0);
    CHECK_EQ_INT(c, FUDA_JOKER);
}

static void test_parse_rejects(void) {
    const char *bad[] = { "11h", "0s", "7x", "", "77h", "h", "10", "7", "7h ", " 7h", "7 h",
                          "T s", "7hh", "h7h", "1", "0", "10ss", "100s", "jok", "jokerx", "j",
                          "kk", "hs", "7\xe2\x99", "\xe2\x99\xa5", "7\xe2\x99\xa8", "x7", "-7h",
                          "7h\n", "Ks7", "as2", "11", "J", "1 0h" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        fuda_card c = 0x55;
        int rc = fuda_card_parse(bad[i], (size_t)-1, &c);
        if (rc != -1) fprintf(stderr, "accepted bad name \"%s\"\n", bad[i]);
        CHECK_EQ_INT(rc, -1);
        CHECK_EQ_INT(c, 0x55); /* *out unchanged */
    }
    fuda_card c = 0;
    CHECK_EQ_INT(fuda_card_parse(NULL, 0, &c), -1);
}

static void test_names(void) {
    char buf[8];
    CHECK_EQ_INT(fuda_card_name(fuda_card_make(1, FUDA_SPADES), buf), 2);
    CHECK_EQ_STR(buf, "As");
    fuda_card_name(fuda_card_make(7, FUDA_HEARTS), buf);
    CHECK_EQ_STR(buf, "7h");
    CHECK_EQ_INT(fuda_card_name(fuda_card_make(10, FUDA_DIAMONDS), buf), 3);
    CHECK_EQ_STR(buf, "10d");
    fuda_card_name(fuda_card_make(12, FUDA_CLUBS), buf);
    CHECK_EQ_STR(buf, "Qc");
    fuda_card_name(fuda_card_make(13, FUDA_DIAMONDS), buf);
    CHECK_EQ_STR(buf, "Kd");
    fuda_card_name(fuda_card_make(11, FUDA_SPADES), buf);
    CHECK_EQ_STR(buf, "Js");
    CHECK_EQ_INT(fuda_card_name(FUDA_JOKER, buf), 2);
    CHECK_EQ_STR(buf, "Jk");
    CHECK_EQ_INT(fuda_card_name(FUDA_NOCARD, buf), 2);
    CHECK_EQ_STR(buf, "??");
    fuda_card_name(0x99, buf);
    CHECK_EQ_STR(buf, "??");
    fuda_card_name(fuda_card_make(14, 0), buf);
    CHECK_EQ_STR(buf, "??");
}

static void test_round_trip(void) {
    fuda_card all[53];
    int n = fuda_deck52(all);
    CHECK_EQ_INT(n, 52);
    all[52] = FUDA_JOKER;
    for (int i = 0; i < 53; i++) {
        char buf[8];
        fuda_card c = FUDA_NOCARD;
        int len = fuda_card_name(all[i], buf);
        CHECK_EQ_INT(len, (int)strlen(buf));
        CHECK_EQ_INT(fuda_card_parse(buf, (size_t)-1, &c), 0);
        CHECK_EQ_INT(c, all[i]);
        /* also through the rank name + suit symbol display form */
        char disp[16];
        snprintf(disp, sizeof disp, "%s%s", fuda_rank_name(fuda_card_rank(all[i])),
                 fuda_suit_symbol(fuda_card_suit(all[i])));
        c = FUDA_NOCARD;
        CHECK_EQ_INT(fuda_card_parse(disp, (size_t)-1, &c), 0);
        CHECK_EQ_INT(c, all[i]);
    }
}

static void test_valid(void) {
    int count = 0;
    for (int b = 0; b < 256; b++) count += fuda_card_valid((fuda_card)b);
    CHECK_EQ_INT(count, 53);
    CHECK(fuda_card_valid(FUDA_JOKER));
    CHECK(!fuda_card_valid(FUDA_NOCARD));
    CHECK(!fuda_card_valid(fuda_card_make(0, 0)));
    CHECK(!fuda_card_valid(fuda_card_make(14, 1)));
    CHECK(!fuda_card_valid(fuda_card_make(1, 4)));
    CHECK(!fuda_card_valid(0x99));
    CHECK(!fuda_card_valid(0xC1));
    CHECK(fuda_card_is_joker(FUDA_JOKER));
    CHECK(!fuda_card_is_joker(fuda_card_make(1, 0)));
    CHECK_EQ_INT(FUDA_CARD_SPACE, FUDA_JOKER + 1);
}

static void test_rank_names(void) {
    CHECK_EQ_STR(fuda_rank_name(0), "Jk");
    CHECK_EQ_STR(fuda_rank_name(1), "A");
    CHECK_EQ_STR(fuda_rank_name(2), "2");
    CHECK_EQ_STR(fuda_rank_name(9), "9");
    CHECK_EQ_STR(fuda_rank_name(10), "10");
    CHECK_EQ_STR(fuda_rank_name(11), "J");
    CHECK_EQ_STR(fuda_rank_name(12), "Q");
    CHECK_EQ_STR(fuda_rank_name(13), "K");
    CHECK_EQ_STR(fuda_rank_name(14), "?");
    CHECK_EQ_STR(fuda_rank_name(-1), "?");
}

static void test_suits(void) {
    CHECK_EQ_INT(fuda_suit_letter(FUDA_SPADES), 's');
    CHECK_EQ_INT(fuda_suit_letter(FUDA_HEARTS), 'h');
    CHECK_EQ_INT(fuda_suit_letter(FUDA_DIAMONDS), 'd');
    CHECK_EQ_INT(fuda_suit_letter(FUDA_CLUBS), 'c');
    CHECK_EQ_INT(fuda_suit_letter(FUDA_SUIT_JOKER), '?');
    CHECK_EQ_INT(fuda_suit_letter(-1), '?');
    CHECK_EQ_STR(fuda_suit_symbol(FUDA_SPADES), "\xe2\x99\xa0");
    CHECK_EQ_STR(fuda_suit_symbol(FUDA_HEARTS), "\xe2\x99\xa5");
    CHECK_EQ_STR(fuda_suit_symbol(FUDA_DIAMONDS), "\xe2\x99\xa6");
    CHECK_EQ_STR(fuda_suit_symbol(FUDA_CLUBS), "\xe2\x99\xa3");
    CHECK_EQ_STR(fuda_suit_symbol(FUDA_SUIT_JOKER), "");
    CHECK_EQ_STR(fuda_suit_symbol(9), "");
    CHECK(!fuda_suit_red(FUDA_SPADES));
    CHECK(fuda_suit_red(FUDA_HEARTS));
    CHECK(fuda_suit_red(FUDA_DIAMONDS));
    CHECK(!fuda_suit_red(FUDA_CLUBS));
}

static int SP(const char *s) { return fuda_suit_parse(s, (size_t)-1); }

static void test_suit_parse(void) {
    CHECK_EQ_INT(SP("s"), FUDA_SPADES);
    CHECK_EQ_INT(SP("H"), FUDA_HEARTS);
    CHECK_EQ_INT(SP("d"), FUDA_DIAMONDS);
    CHECK_EQ_INT(SP("C"), FUDA_CLUBS);
    CHECK_EQ_INT(SP("spades"), FUDA_SPADES);
    CHECK_EQ_INT(SP("Spade"), FUDA_SPADES);
    CHECK_EQ_INT(SP("hearts"), FUDA_HEARTS);
    CHECK_EQ_INT(SP("HEART"), FUDA_HEARTS);
    CHECK_EQ_INT(SP("Diamonds"), FUDA_DIAMONDS);
    CHECK_EQ_INT(SP("diamond"), FUDA_DIAMONDS);
    CHECK_EQ_INT(SP("clubs"), FUDA_CLUBS);
    CHECK_EQ_INT(SP("club"), FUDA_CLUBS);
    CHECK_EQ_INT(SP("\xe2\x99\xa0"), FUDA_SPADES);
    CHECK_EQ_INT(SP("\xe2\x99\xa5"), FUDA_HEARTS);
    CHECK_EQ_INT(SP("\xe2\x99\xa6"), FUDA_DIAMONDS);
    CHECK_EQ_INT(SP("\xe2\x99\xa3"), FUDA_CLUBS);
    CHECK_EQ_INT(SP("\xe2\x99\xa4"), FUDA_SPADES);
    CHECK_EQ_INT(SP("\xe2\x99\xa1"), FUDA_HEARTS);
    CHECK_EQ_INT(SP("\xe2\x99\xa2"), FUDA_DIAMONDS);
    CHECK_EQ_INT(SP("\xe2\x99\xa7"), FUDA_CLUBS);
    CHECK_EQ_INT(fuda_suit_parse("hearts", 1), FUDA_HEARTS);
    CHECK_EQ_INT(SP(""), -1);
    CHECK_EQ_INT(SP("x"), -1);
    CHECK_EQ_INT(SP("hh"), -1);
    CHECK_EQ_INT(SP("heartss"), -1);
    CHECK_EQ_INT(SP("hear"), -1);
    CHECK_EQ_INT(SP(" s"), -1);
    CHECK_EQ_INT(SP("\xe2\x99\xa5x"), -1);
    CHECK_EQ_INT(fuda_suit_parse(NULL, 0), -1);
}

static void test_deck52(void) {
    fuda_card d[52];
    CHECK_EQ_INT(fuda_deck52(d), 52);
    CHECK_EQ_INT(d[0], fuda_card_make(1, FUDA_SPADES));
    CHECK_EQ_INT(d[12], fuda_card_make(13, FUDA_SPADES));
    CHECK_EQ_INT(d[13], fuda_card_make(1, FUDA_HEARTS));
    CHECK_EQ_INT(d[26], fuda_card_make(1, FUDA_DIAMONDS));
    CHECK_EQ_INT(d[51], fuda_card_make(13, FUDA_CLUBS));
    int seen[256] = { 0 }, ok = 1;
    for (int i = 0; i < 52; i++) {
        if (!fuda_card_valid(d[i]) || seen[d[i]]++) ok = 0;
        if (d[i] != fuda_card_make(i % 13 + 1, i / 13)) ok = 0;
    }
    CHECK(ok);
}

TEST_MAIN(test_parse_rank_first, test_parse_suit_first, test_parse_joker, test_parse_symbols,
          test_parse_len, test_parse_rejects, test_names, test_round_trip, test_valid,
          test_rank_names, test_suits, test_suit_parse, test_deck52)
