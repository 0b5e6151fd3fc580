/* test_symtab.c -- unit tests for core/symtab.c: id 0, intern/lookup/name,
 * lengths and embedded bytes, growth to thousands of strings, limits. */
#include "test.h"
#include "symtab.h"

static void test_empty(void) {
    fuda_symtab *t = fuda_symtab_new();
    CHECK(t != NULL);
    size_t len = 99;
    CHECK_EQ_STR(fuda_symtab_name(t, 0, &len), "");
    CHECK_EQ_INT(len, 0);
    CHECK_EQ_INT(fuda_symtab_lookup(t, "", 0), 0);
    CHECK_EQ_INT(fuda_symtab_intern(t, "", 0), 0);
    CHECK_EQ_INT(fuda_symtab_intern(t, NULL, 0), 0);
    CHECK(fuda_symtab_name(t, 1, NULL) == NULL);
    CHECK(fuda_symtab_name(t, -1, NULL) == NULL);
    CHECK_EQ_INT(fuda_symtab_lookup(t, "x", 1), -1);
    fuda_symtab_free(t);
    fuda_symtab_free(NULL);
}

static void test_intern(void) {
    fuda_symtab *t = fuda_symtab_new();
    int a = fuda_symtab_intern(t, "pass", 4);
    int b = fuda_symtab_intern(t, "pon", 3);
    CHECK_EQ_INT(a, 1);
    CHECK_EQ_INT(b, 2);
    CHECK_EQ_INT(fuda_symtab_intern(t, "pass", 4), a);
    CHECK_EQ_INT(fuda_symtab_intern(t, "password", 4), a); /* only len bytes */
    CHECK_EQ_INT(fuda_symtab_lookup(t, "pon", 3), b);
    CHECK_EQ_INT(fuda_symtab_lookup(t, "po", 2), -1);
    CHECK_EQ_INT(fuda_symtab_lookup(t, "PON", 3), -1); /* case matters */
    size_t len = 0;
    CHECK_EQ_STR(fuda_symtab_name(t, a, &len), "pass");
    CHECK_EQ_INT(len, 4);
    CHECK_EQ_STR(fuda_symtab_name(t, b, NULL), "pon");
    /* embedded NUL is part of the string */
    int z = fuda_symtab_intern(t, "a\0b", 3);
    CHECK(z > b);
    CHECK(fuda_symtab_intern(t, "a", 1) != z);
    const char *s = fuda_symtab_name(t, z, &len);
    CHECK_EQ_INT(len, 3);
    CHECK(s && memcmp(s, "a\0b", 4) == 0);
    fuda_symtab_free(t);
}

static void test_maxlen(void) {
    fuda_symtab *t = fuda_symtab_new();
    char buf[FUDA_SYMTAB_MAXLEN + 2];
    memset(buf, 'x', sizeof buf);
    int id = fuda_symtab_intern(t, buf, FUDA_SYMTAB_MAXLEN);
    CHECK(id > 0);
    size_t len = 0;
    CHECK(fuda_symtab_name(t, id, &len) != NULL);
    CHECK_EQ_INT(len, FUDA_SYMTAB_MAXLEN);
    CHECK_EQ_INT(fuda_symtab_intern(t, buf, FUDA_SYMTAB_MAXLEN + 1), -1);
    CHECK_EQ_INT(fuda_symtab_lookup(t, buf, FUDA_SYMTAB_MAXLEN + 1), -1);
    CHECK_EQ_INT(fuda_symtab_intern(NULL, "a", 1), -1);
    fuda_symtab_free(t);
}

static void test_growth(void) {
    enum { N = 5000 };
    fuda_symtab *t = fuda_symtab_new();
    char buf[32];
    int ok = 1;
    for (int i = 0; i < N; i++) {
        int n = snprintf(buf, sizeof buf, "sym%d", i);
        ok &= fuda_symtab_intern(t, buf, (size_t)n) == i + 1;
    }
    CHECK(ok);
    ok = 1;
    for (int i = 0; i < N; i++) {
        int n = snprintf(buf, sizeof buf, "sym%d", i);
        ok &= fuda_symtab_lookup(t, buf, (size_t)n) == i + 1;
        ok &= fuda_symtab_intern(t, buf, (size_t)n) == i + 1;
        const char *s = fuda_symtab_name(t, i + 1, NULL);
        ok &= s != NULL && strcmp(s, buf) == 0;
    }
    CHECK(ok);
    CHECK_EQ_INT(fuda_symtab_lookup(t, "sym5000", 7), -1);
    CHECK(fuda_symtab_name(t, N + 1, NULL) == NULL);
    /* names stay valid (not moved) while the table grows */
    const char *first = fuda_symtab_name(t, 1, NULL);
    for (int i = 0; i < 1000; i++) {
        int n = snprintf(buf, sizeof buf, "more%d", i);
        fuda_symtab_intern(t, buf, (size_t)n);
    }
    CHECK(first == fuda_symtab_name(t, 1, NULL));
    CHECK_EQ_STR(first, "sym0");
    fuda_symtab_free(t);
}

TEST_MAIN(test_empty, test_intern, test_maxlen, test_growth)
