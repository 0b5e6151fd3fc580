/* fuzz_card.c -- libFuzzer target for the card parser: any bytes either fail
 * to parse or give a valid card whose canonical name parses back to it. */
#include <stdint.h>
#include <stdlib.h>
#include "card.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuda_card c = FUDA_NOCARD, back = FUDA_NOCARD;
    if (fuda_card_parse((const char *)data, size, &c) != 0) return 0;
    if (!fuda_card_valid(c)) abort();
    char name[8];
    int n = fuda_card_name(c, name);
    if (n <= 0 || n > 3 || fuda_card_parse(name, (size_t)n, &back) != 0 || back != c) abort();
    return 0;
}
