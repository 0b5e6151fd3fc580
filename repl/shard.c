/* shard.c -- the --shard K/N flag, the split of a run's matches among
 * shards, the "shard" object a shard writes, and reading its data back (see
 * shard.h). */
#include "shard.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "out.h"

/* A whole number of 1..LONG_MAX at s, up to `end`; -1 if there is none. */
static long part(const char *s, const char *end) {
    if (s == end || *s < '0' || *s > '9') return -1;
    char *stop;
    errno = 0;
    long v = strtol(s, &stop, 10);
    if (stop != end || errno == ERANGE || v < 1) return -1;
    return v;
}

int fuda_args_shard(fuda_args *a, const char *arg, fuda_shard *sh) {
    const char *v;
    int r = fuda_args_flag(a, arg, "--shard", &v);
    if (r <= 0) return r;
    const char *slash = strchr(v, '/');
    long k = slash ? part(v, slash) : -1, n = slash ? part(slash + 1, slash + 1 + strlen(slash + 1)) : -1;
    if (k < 0 || n < 0) {
        fuda_usage_error(a->cmd, "--shard: '%s' is not K/N (shard K of N, both from 1, as in --shard 2/8)", v);
        return -1;
    }
    if (k > n) {
        fuda_usage_error(a->cmd, "--shard %ld/%ld: there is no shard %ld of %ld (K goes from 1 to N)", k, n, k, n);
        return -1;
    }
    sh->k = k;
    sh->n = n;
    return 1;
}

/* floor(k * count / n) without overflow (count and n below 2^63). */
static long block_start(long k, long count, long n) {
    return (long)((unsigned long long)(count / n) * (unsigned long long)k +
                  (unsigned long long)(count % n) * (unsigned long long)k / (unsigned long long)n);
}

int fuda_shard_split(const char *cmd, fuda_shard *sh, long count, const char *unit) {
    if (sh->n == 0) {
        sh->first = 0;
        sh->len = count;
        return 0;
    }
    if (sh->n > count)
        return fuda_usage_error(cmd, "--shard %ld/%ld: %ld %s cannot be split into %ld shards", sh->k, sh->n, count,
                                unit, sh->n);
    sh->first = block_start(sh->k - 1, count, sh->n);
    sh->len = block_start(sh->k, count, sh->n) - sh->first;
    return 0;
}

long fuda_shard_unit(const fuda_shard *sh, long j) { return sh->first + j; }

const char *fuda_shard_flag(const fuda_shard *sh, char *buf, size_t size) {
    snprintf(buf, size, "--shard %ld/%ld", sh->k, sh->n);
    return buf;
}

void fuda_shard_json(fuda_buf *b, const fuda_shard *sh, const fuda_run_info *whole, const char *data) {
    fuda_buf_addf(b, "\"shard\": {\"part\": %ld, \"of\": %ld, \"command\": ", sh->k, sh->n);
    fuda_json_str(b, whole->command);
    fuda_buf replay = FUDA_BUF_INIT;
    fuda_run_replay(&replay, whole);
    fuda_buf_adds(b, ", \"whole\": ");
    fuda_json_str(b, replay.p);
    fuda_buf_free(&replay);
    fuda_buf_adds(b, ", ");
    if (whole->e) fuda_json_run(b, whole);
    else fuda_buf_adds(b, "\"run\": null");
    fuda_buf_addf(b, ", \"data\": %s}", data);
}

/* ---- reading the data back ---- */

static const fuda_jv *member(fuda_shard_in *in, const fuda_jv *o, const char *key, fuda_jv_type type) {
    const fuda_jv *v = fuda_jv_get(o ? o : in->data, key);
    if (v && v->type == type) return v;
    if (!in->bad) in->bad = key;
    return NULL;
}

long fuda_shard_long(fuda_shard_in *in, const fuda_jv *o, const char *key) {
    long x = 0;
    if (fuda_jv_long(member(in, o, key, FUDA_JV_NUM), &x) != 0 && !in->bad) in->bad = key;
    return x;
}

uint64_t fuda_shard_u64(fuda_shard_in *in, const fuda_jv *o, const char *key) {
    uint64_t x = 0;
    if (fuda_jv_u64(member(in, o, key, FUDA_JV_NUM), &x) != 0 && !in->bad) in->bad = key;
    return x;
}

const char *fuda_shard_str(fuda_shard_in *in, const fuda_jv *o, const char *key) {
    const fuda_jv *v = member(in, o, key, FUDA_JV_STR);
    return v ? v->str : NULL;
}

const fuda_jv *fuda_shard_arr(fuda_shard_in *in, const fuda_jv *o, const char *key, int n) {
    const fuda_jv *v = member(in, o, key, FUDA_JV_ARR);
    if (v && n >= 0 && v->n != n) {
        if (!in->bad) in->bad = key;
        return NULL;
    }
    return v;
}

const fuda_jv *fuda_shard_obj(fuda_shard_in *in, const fuda_jv *o, const char *key) {
    return member(in, o, key, FUDA_JV_OBJ);
}

long fuda_shard_item(fuda_shard_in *in, const fuda_jv *a, int k, const char *key) {
    long x = 0;
    if ((!a || k >= a->n || fuda_jv_long(&a->items[k], &x) != 0) && !in->bad) in->bad = key;
    return x;
}

int fuda_shard_say(const fuda_shard_in *in, const char *fmt, ...) {
    va_list ap;
    fflush(stdout);
    fprintf(stderr, "fuda merge: %s: ", fuda_out_line(in->file));
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return FUDA_EXIT_USAGE;
}

int fuda_shard_bad(const fuda_shard_in *in) {
    return fuda_shard_say(in, "the shard's data has no valid '%s' (not written by this fuda?)", in->bad);
}
