/* fuzz_log.c -- libFuzzer target for the saved-log reader: replaying any text
 * must fail with a message or succeed, never crash, and leave the engine
 * usable. Variants come from tests/variants (FUDA_PATH set by the caller). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "engine.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = (char *)malloc(size + 1);
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = 0;
    /* Only built-in names: a log naming a file path is refused below, so the
     * fuzzer does not wander the file system. */
    if (strstr(text, "/") || strstr(text, ".lua")) {
        free(text);
        return 0;
    }
    static const char *const dirs[] = {"tests/variants", NULL};
    fuda_config cfg = {dirs, (size_t)64 << 20, 2000000L, NULL, 1};
    fuda_engine *e = fuda_engine_new(&cfg);
    if (!e) abort();
    if (fuda_engine_replay(e, text, -1) < 0) {
        if (!fuda_engine_error(e)[0]) abort();
    } else {
        char *log = fuda_engine_log(e);
        if (!log) abort();
        free(log);
    }
    fuda_engine_free(e);
    free(text);
    return 0;
}
