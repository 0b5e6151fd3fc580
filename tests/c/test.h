/* test.h -- the tiny C test harness: CHECK records a failure and goes on,
 * TEST_MAIN runs the listed functions and prints "N passed, N failed".
 *
 * A test function is `static void name(void)`; every CHECK in it counts as one
 * assertion. Run one binary per file: tests/c/test_<topic>.c. */
#ifndef FUDA_TEST_H
#define FUDA_TEST_H

#include <stdio.h>
#include <string.h>

static int test_passed, test_failed;

#define CHECK(cond) do { \
    if (cond) test_passed++; \
    else { test_failed++; fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); } \
} while (0)

#define CHECK_EQ_INT(a, b) do { \
    long long a_ = (long long)(a), b_ = (long long)(b); \
    if (a_ == b_) test_passed++; \
    else { test_failed++; fprintf(stderr, "%s:%d: %s == %lld, expected %s == %lld\n", \
                                  __FILE__, __LINE__, #a, a_, #b, b_); } \
} while (0)

#define CHECK_EQ_STR(a, b) do { \
    const char *a_ = (a), *b_ = (b); \
    if (a_ && b_ && strcmp(a_, b_) == 0) test_passed++; \
    else { test_failed++; fprintf(stderr, "%s:%d: %s is \"%s\", expected \"%s\"\n", \
                                  __FILE__, __LINE__, #a, a_ ? a_ : "(null)", b_ ? b_ : "(null)"); } \
} while (0)

#define TEST_MAIN(...) int main(void) { \
    void (*tests_[])(void) = { __VA_ARGS__ }; \
    for (size_t i_ = 0; i_ < sizeof tests_ / sizeof tests_[0]; i_++) tests_[i_](); \
    printf("%d passed, %d failed\n", test_passed, test_failed); \
    return test_failed ? 1 : 0; \
}

#endif
