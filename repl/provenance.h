/* provenance.h -- what makes a JSON result reproducible from itself: the
 * "run" object every reporting command (sim, check, duel) puts in its JSON --
 * fuda's version, the variant (name, file, a hash of the file's bytes, its
 * base), the seeds, the seats, the bots, the options in effect, the search
 * budget and the script limits, and the command that plays it again. */
#ifndef FUDA_PROVENANCE_H
#define FUDA_PROVENANCE_H

#include "buf.h"
#include "cli.h"
#include "engine.h"

/* fuda's version ("0.9 (v0.9-12-gabc1234)"); a static string. */
const char *fuda_version(void);

/* What a run was. The strings are borrowed for the call. */
typedef struct fuda_run_info {
    const char *command;  /* "sim", "check", "duel" */
    const fuda_engine *e; /* the variant loaded (its options as the run used them) */
    const fuda_match_args *m;
    const fuda_config *cfg;
    uint64_t seed;        /* the first match's seed */
    long matches;
    int seats;            /* 0: every count the variant allows (check) */
    const char *bots;     /* "basic,random" as the run gave each seat, or NULL */
    const char *extra;    /* more flags of the replay command ("--vs gin"), or NULL */
} fuda_run_info;

/* Append `"run": {...}` (no comma before or after) to b. Never fails (an
 * unreadable variant file gives "file_hash": null). */
void fuda_json_run(fuda_buf *b, const fuda_run_info *r);
/* Append the command that plays the run again, as a shell line (the "run"
 * object's "replay"); r->e may be NULL (a variant that did not load). */
void fuda_run_replay(fuda_buf *b, const fuda_run_info *r);

#endif
