/* shard.h -- runs larger than one machine. `--shard K/N` on sim, check and
 * duel plays shard K of N of the run's matches (duel: deals); the shard
 * writes one JSON object, its own report with a "shard" member holding what
 * `fuda merge` needs to print the report of the whole run exactly as the
 * run unsharded prints it (merge.c): the run's identity and the raw sums or
 * records of its matches.
 *
 * The split is in contiguous blocks: of the run's `count` units (match or
 * deal indices from the first one played), shard K plays those from
 * floor((K-1) count / N) to floor(K count / N) - 1, so the shards differ by
 * one unit at most and a deal stays whole in one shard. Not striding: what
 * goes round along a run (check's seat counts and its random and own-bot
 * rounds, with a period of 2 in a game of one seat count) would fall on
 * the shards unevenly, all random rounds in one shard of two; a block gets
 * every kind in turn, and check spreads its sampled matches evenly over the
 * run. */
#ifndef FUDA_SHARD_H
#define FUDA_SHARD_H

#include <stdint.h>

#include "buf.h"
#include "cli.h"
#include "json_read.h"
#include "provenance.h"

typedef struct fuda_shard {
    long k, n;       /* shard k of n (1 <= k <= n); n == 0: the run is not sharded */
    long first, len; /* its units: first .. first + len - 1 of the run's (fuda_shard_split) */
} fuda_shard;

/* If arg is --shard K/N (or --shard=K/N), store it and return 1; 0 if it is
 * another argument; -1 after a usage error (printed): not K/N, K or N below
 * 1, K above N. */
int fuda_args_shard(fuda_args *a, const char *arg, fuda_shard *sh);
/* Split the run's `count` units: set sh->first and sh->len to shard sh's
 * block (all of them when not sharded). 0, or FUDA_EXIT_USAGE (printed,
 * naming the unit, "matches" or "deals") when N is above count: a shard
 * would have none. */
int fuda_shard_split(const char *cmd, fuda_shard *sh, long count, const char *unit);
/* The run's unit (from 0) that is shard sh's j-th (from 0). */
long fuda_shard_unit(const fuda_shard *sh, long j);

/* Append `"shard": {...}` (no comma around it) to b: the part, the command,
 * the whole run's replay command and "run" object (whole: its info, the
 * --shard left out; whole->e NULL when the variant did not load: "run" is
 * null), and `data` (a JSON object's text, the command's own). */
void fuda_shard_json(fuda_buf *b, const fuda_shard *sh, const fuda_run_info *whole, const char *data);
/* "--shard K/N", the shard's flag for its replay command, in buf. */
const char *fuda_shard_flag(const fuda_shard *sh, char *buf, size_t size);

/* ---- reading a shard's data back (merge.c and the commands' merges) ---- */

/* One shard file's data, read with a note of the first thing wrong. */
typedef struct fuda_shard_in {
    const char *file;    /* the file's name, for messages */
    const fuda_jv *data; /* its shard.data object */
    const char *bad;     /* the first key missing or not as it should be, or NULL */
} fuda_shard_in;

/* Member `key` of o (in->data when o is NULL) as a whole number, a string
 * (NULL when missing), an array of `n` members (n < 0: any), an object; a
 * value missing or of another kind is noted in in->bad and gives 0, NULL. */
long fuda_shard_long(fuda_shard_in *in, const fuda_jv *o, const char *key);
uint64_t fuda_shard_u64(fuda_shard_in *in, const fuda_jv *o, const char *key);
const char *fuda_shard_str(fuda_shard_in *in, const fuda_jv *o, const char *key);
const fuda_jv *fuda_shard_arr(fuda_shard_in *in, const fuda_jv *o, const char *key, int n);
const fuda_jv *fuda_shard_obj(fuda_shard_in *in, const fuda_jv *o, const char *key);
/* Member k of array a as a whole number (noted as `key` when it is not). */
long fuda_shard_item(fuda_shard_in *in, const fuda_jv *a, int k, const char *key);
/* Say what in->bad names ("fuda merge: FILE: the shard's data has no valid
 * 'KEY'"); FUDA_EXIT_USAGE, merge's code for files that make no run. */
int fuda_shard_bad(const fuda_shard_in *in);
/* "fuda merge: FILE: message" on stderr; FUDA_EXIT_USAGE. */
int fuda_shard_say(const fuda_shard_in *in, const char *fmt, ...) FUDA_PRINTF(2, 3);

/* What the merges of the commands get: the shards' data in part order, the
 * whole run's "run" member as the shards wrote it ("\"run\": {...}"; NULL
 * when it is null), --json. */
typedef struct fuda_shard_set {
    int n;
    fuda_shard_in *in;
    const char *run;
    int json;
} fuda_shard_set;

/* Print the report of the whole run from its shards, as the command run
 * unsharded prints it; the exit code it would give (failures said on stderr
 * as it says them), or FUDA_EXIT_USAGE for a shard's data that is not
 * whole or a shard that was interrupted (said, nothing printed on stdout).
 * In sim.c, duel.c and check_shard.c. */
int fuda_sim_merge(const fuda_shard_set *set);
int fuda_duel_merge(const fuda_shard_set *set);
int fuda_check_merge(const fuda_shard_set *set);

/* merge.c: the command. */
int fuda_cmd_merge(int argc, char **argv, const fuda_config *cfg);

#endif
