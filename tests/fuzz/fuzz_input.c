/* fuzz_input.c -- libFuzzer target for what a player types: splitting a line
 * into words and matching it against legal moves must never crash, and a
 * match is an index into the list, or -1 or FUDA_INPUT_NOT_LEGAL with a
 * message; the reasons why not are made for any line too. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const moves[] = {
    "draw", "take", "pass", "discard 7h", "knock 7h", "gin 7h", "discard 10d", "play 8s name h d",
    "play 8s", "play 9h 9s 9c", "zun", "dobon", "play Jh name s h d c", "play Jk"
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *line = (char *)malloc(size + 1);
    if (!line) return 0;
    memcpy(line, data, size);
    line[size] = 0;
    char **words = NULL;
    int n = fuda_split_words(line, &words);
    if (n < 0) abort();
    for (int i = 0; i < n; i++)
        if (!words[i]) abort();
    fuda_words_free(words);
    int count = (int)(sizeof moves / sizeof moves[0]);
    for (int k = 0; k <= count; k += 7) {
        char *msg = NULL;
        int m = fuda_input_match(line, moves, count - k, &msg);
        if (m < FUDA_INPUT_NOT_LEGAL || m >= count - k) abort();
        if (m < 0 && !msg) abort();
        free(msg);
        static const int held[] = { 0x17, 0x21, 0x3d };
        fuda_why_facts f = { 1, k % 3, held, k % 2 ? 3 : -1, moves, count - k };
        char *why = fuda_input_why_not(line, moves, count - k, &f);
        msg = fuda_input_refusal(line, why, moves, count - k);
        if (!msg) abort();
        free(why);
        free(msg);
    }
    free(line);
    return 0;
}
