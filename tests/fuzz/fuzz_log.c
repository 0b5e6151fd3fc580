/* fuzz_log.c -- libFuzzer target for the saved-log reader: replaying any bytes
 * (NULs too) must fail with a "fuzz:LINE: message" and leave the engine with
 * no variant loaded, or succeed; never crash. Variants come from
 * tests/variants (FUDA_PATH set by the caller). */
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
    /* Only built-in names: a log naming a file path is skipped, so the fuzzer
     * does not wander the file system (bytes after a NUL never reach the
     * loader: the reader refuses the NUL first). */
    if (strstr(text, "/") || strstr(text, ".lua")) {
        free(text);
        return 0;
    }
    static const char *const dirs[] = {"tests/variants", NULL};
    fuda_config cfg = { 0 }; /* by field: the struct grows (a positional list set exe to 1, then the match time) */
    cfg.search_path = dirs;
    cfg.mem_limit = (size_t)64 << 20;
    cfg.instr_limit = 2000000L;
    cfg.paranoid = 1;
    fuda_engine *e = fuda_engine_new(&cfg);
    if (!e) abort();
    if (fuda_engine_replay_text(e, "fuzz", text, size, -1) < 0) {
        if (strncmp(fuda_engine_error(e), "fuzz:", 5) != 0) abort();
        if (fuda_engine_info(e) != NULL) abort(); /* as before: nothing loaded */
    } else {
        char *log = fuda_engine_log(e);
        if (!log) abort();
        free(log);
    }
    fuda_engine_free(e);
    free(text);
    return 0;
}
