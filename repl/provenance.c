/* provenance.c -- the "run" object of a JSON result (see provenance.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "file.h"
#include "fnv.h"
#include "provenance.h"
#include "search.h"
#include "text_shell.h"
#include "version.h"

const char *fuda_version(void) { return FUDA_VERSION; }

/* FNV-1a (64 bits) of the file's bytes as "fnv1a64:0123abcd...", into out;
 * 0, or -1 when the file cannot be read. */
static int file_hash(const char *path, char *out, size_t size) {
    char err[128];
    size_t len;
    char *text = path ? fuda_file_read(path, FUDA_MAX_VARIANT_BYTES, &len, err, sizeof err) : NULL;
    if (!text) return -1;
    uint64_t h = fuda_fnv1a(FUDA_FNV_BASIS, text, len);
    free(text);
    snprintf(out, size, "fnv1a64:%016llx", (unsigned long long)h);
    return 0;
}

static void json_key(fuda_buf *b, const char *k, const char *v) {
    fuda_buf_addf(b, ", \"%s\": ", k);
    if (v) fuda_json_str(b, v);
    else fuda_buf_adds(b, "null");
}

/* The command that plays the run again, as a shell line. */
void fuda_run_replay(fuda_buf *b, const fuda_run_info *r) {
    const fuda_variant_info *info = r->e ? fuda_engine_info(r->e) : NULL;
    const fuda_config *c = r->cfg;
    fuda_buf_adds(b, "fuda ");
    if (c && c->mem_limit && c->mem_limit != FUDA_DEFAULT_MEM) fuda_buf_addf(b, "--max-memory %zu ", c->mem_limit >> 20);
    if (c && c->time_limit && c->time_limit != FUDA_DEFAULT_TIME) fuda_buf_addf(b, "--max-time %ld ", c->time_limit);
    if (c && c->instr_limit) fuda_buf_addf(b, "--max-instructions %ld ", c->instr_limit);
    if (c && c->match_time_limit && c->match_time_limit != FUDA_DEFAULT_MATCH_TIME)
        fuda_buf_addf(b, "--max-match-time %ld ", c->match_time_limit < 0 ? 0L : c->match_time_limit);
    fuda_buf_shell(b, r->command);
    fuda_buf_addc(b, ' ');
    fuda_buf_shell(b, r->m && r->m->variant ? r->m->variant : info ? info->name : "?");
    fuda_buf_addf(b, " --seed %llu -n %ld", (unsigned long long)r->seed, r->matches);
    if (r->seats > 0) fuda_buf_addf(b, " --seats %d", r->seats);
    if (r->bots) {
        fuda_buf_adds(b, " --bots ");
        fuda_buf_shell(b, r->bots);
    }
    for (int i = 0; r->m && i < r->m->nopts; i++) {
        fuda_buf_adds(b, " --option ");
        fuda_buf_shell(b, r->m->opts[i]);
    }
    long ms, iters;
    fuda_search_budget(&ms, &iters);
    if (iters > 0) fuda_buf_addf(b, " --iters %ld", iters);
    else if (ms > 0) fuda_buf_addf(b, " --think %ld", ms);
    if (r->extra) fuda_buf_addf(b, " %s", r->extra);
}

void fuda_json_run(fuda_buf *b, const fuda_run_info *r) {
    const fuda_variant_info *info = fuda_engine_info(r->e);
    char hash[40];
    fuda_buf_adds(b, "\"run\": {\"fuda\": ");
    fuda_json_str(b, fuda_version());
    json_key(b, "command", r->command);
    json_key(b, "variant", info->name);
    json_key(b, "file", info->file);
    json_key(b, "file_hash", file_hash(info->file, hash, sizeof hash) == 0 ? hash : NULL);
    json_key(b, "extends", info->extends);
    fuda_buf_addf(b, ", \"seed\": %llu, \"matches\": %ld", (unsigned long long)r->seed, r->matches);
    if (r->seats > 0) fuda_buf_addf(b, ", \"seats\": %d", r->seats);
    else fuda_buf_adds(b, ", \"seats\": null");
    json_key(b, "bots", r->bots);
    fuda_buf_adds(b, ", \"options\": {");
    for (int i = 0; i < info->nopts; i++) {
        if (i) fuda_buf_adds(b, ", ");
        fuda_json_str(b, info->opts[i].name);
        fuda_buf_adds(b, ": ");
        fuda_json_str(b, info->opts[i].value);
    }
    long ms, iters;
    fuda_search_budget(&ms, &iters);
    fuda_buf_addf(b, "}, \"search\": {\"think_ms\": %ld, \"iters\": %ld}", ms, iters);
    const fuda_config *c = r->cfg;
    fuda_buf_addf(b, ", \"limits\": {\"max_memory_mib\": %zu, \"max_time_ms\": %ld, \"max_instructions\": %ld, "
                  "\"max_match_time_ms\": %ld}",
                  (c && c->mem_limit ? c->mem_limit : FUDA_DEFAULT_MEM) >> 20,
                  c && c->time_limit ? c->time_limit : FUDA_DEFAULT_TIME, c ? c->instr_limit : 0L,
                  c && c->match_time_limit ? c->match_time_limit : FUDA_DEFAULT_MATCH_TIME);
    fuda_buf b2 = FUDA_BUF_INIT;
    fuda_run_replay(&b2, r);
    json_key(b, "replay", b2.p);
    fuda_buf_free(&b2);
    fuda_buf_addc(b, '}');
}
