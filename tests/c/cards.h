/* cards.h -- card helpers shared by the C tests of the state: C("7h") is a
 * card by its name (FUDA_NOCARD when the name is bad), add() creates cards
 * named in a space-separated list on top of a pile, checking that it works.
 * Include after test.h and state.h. */
#ifndef FUDA_TEST_CARDS_H
#define FUDA_TEST_CARDS_H

#include <stdio.h>
#include <string.h>

static fuda_card C(const char *name) {
    fuda_card c = FUDA_NOCARD;
    fuda_card_parse(name, (size_t)-1, &c);
    return c;
}

static void add(fuda_state *s, int p, const char *names) {
    fuda_card cs[64];
    int n = 0;
    char tmp[256];
    snprintf(tmp, sizeof tmp, "%s", names);
    for (char *t = strtok(tmp, " "); t && n < 64; t = strtok(NULL, " ")) cs[n++] = C(t);
    CHECK_EQ_INT(fuda_pile_create_cards(s, p, cs, n), 0);
}

#endif
