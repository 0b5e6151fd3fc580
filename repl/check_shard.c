/* check_shard.c -- `fuda check --shard K/N` and its merge: what a shard of a
 * check writes for `fuda merge` (every count of what its matches exercised,
 * what the report needs of the variant, its failure), and the report of the
 * whole run made from those, printed by check_report.c as the run unsharded
 * prints it.
 *
 * Every count is a sum over matches, so the shards' sums are the run's. The
 * failure reported is the shard's whose failing match comes first: the one
 * the run unsharded stops at. (After a failure the counts of JSON are of the
 * matches played, which depend on the threads as much as on the shards.)
 * --strict is judged here, on the sums: a hook one shard never reached may
 * have been reached in another. */
#include <stddef.h>

#include "check.h"

/* The checker's counts of what was exercised, by name in the data. */
static const struct {
    const char *name;
    size_t at;
} scalars[] = {
    { "matches", offsetof(checker, matches) },       { "moves", offsetof(checker, moves) },
    { "tried", offsetof(checker, tried) },           { "tries", offsetof(checker, tries) },
    { "illegal", offsetof(checker, illegal) },       { "replays", offsetof(checker, replays) },
    { "views", offsetof(checker, views) },           { "capped", offsetof(checker, capped) },
    { "rebots", offsetof(checker, rebots) },         { "leaks", offsetof(checker, leaks) },
    { "ev_checks", offsetof(checker, ev_checks) },   { "log_replays", offsetof(checker, log_replays) },
    { "prompts", offsetof(checker, prompts) },       { "evals", offsetof(checker, evals) },
    { "claims", offsetof(checker, claims) },         { "hands_ended", offsetof(checker, hands_ended) },
};
#define NSCALARS ((int)(sizeof scalars / sizeof scalars[0]))

static long *scalar(checker *c, int k) { return (long *)((char *)c + scalars[k].at); }

/* ---- writing ---- */

static void put_str(fuda_buf *b, const char *key, const char *v) {
    fuda_buf_addf(b, ", \"%s\": ", key);
    if (v) fuda_json_str(b, v);
    else fuda_buf_adds(b, "null");
}

static void put_strings(fuda_buf *b, const char *key, const char *const *v, int n) {
    fuda_buf_addf(b, ", \"%s\": [", key);
    for (int i = 0; i < n; i++) {
        fuda_buf_adds(b, i ? ", " : "");
        fuda_json_str(b, v[i]);
    }
    fuda_buf_adds(b, "]");
}

static void put_counts(fuda_buf *b, const char *key, const counts *k) {
    fuda_buf_addf(b, ", \"%s\": {", key);
    for (int i = 0; i < k->n; i++) {
        fuda_buf_adds(b, i ? ", " : "");
        fuda_json_str(b, k->v[i].name);
        fuda_buf_addf(b, ": %ld", k->v[i].n);
    }
    fuda_buf_adds(b, "}");
}

static void put_seat_counts(fuda_buf *b, const char *key, const long *v) {
    fuda_buf_addf(b, ", \"%s\": [", key);
    for (int n = 0; n <= FUDA_MAX_SEATS; n++) fuda_buf_addf(b, "%s%ld", n ? ", " : "", v[n]);
    fuda_buf_adds(b, "]");
}

/* What the report needs of the variant; null when it did not load. */
static void put_info(fuda_buf *b, const checker *c) {
    const fuda_variant_info *info = c->info;
    if (!info) {
        fuda_buf_adds(b, ", \"info\": null");
        return;
    }
    fuda_buf_adds(b, ", \"info\": {\"name\": ");
    fuda_json_str(b, info->name);
    put_str(b, "file", info->file);
    fuda_buf_addf(b, ", \"check_leaks\": %s, \"check_invariant\": %s, \"has_evaluate\": %s",
                  info->check_leaks ? "true" : "false", info->check_invariant ? "true" : "false",
                  info->has_evaluate ? "true" : "false");
    put_strings(b, "hooks", info->hooks, info->nhooks);
    put_strings(b, "bots", info->bots, info->nbots);
    put_strings(b, "expect", info->expect, info->nexpect);
    fuda_buf_adds(b, "}");
}

static void put_failure(fuda_buf *b, const checker *c) {
    const failure *f = &c->f;
    if (!c->failed) {
        fuda_buf_adds(b, ", \"failure\": null");
        return;
    }
    fuda_buf_adds(b, ", \"failure\": {\"message\": ");
    fuda_json_str(b, f->message ? f->message : "");
    fuda_buf_addf(b, ", \"stage_load\": %s, \"match\": %ld, \"seed\": %llu, \"seats\": %d, \"move\": %ld, \"to\": %ld",
                  f->stage_load ? "true" : "false", f->match, (unsigned long long)f->seed, f->seats, f->move, f->to);
    put_str(b, "log", f->log);
    put_str(b, "replay_command", f->replay_command);
    put_str(b, "note", f->note);
    fuda_buf_addf(b, ", \"log_checked\": %s}", f->log_checked ? "true" : "false");
}

char *fuda_check_shard_json(const checker *c) {
    const check_args *a = c->a;
    fuda_buf d = FUDA_BUF_INIT;
    fuda_buf_adds(&d, "{\"variant_arg\": ");
    fuda_json_str(&d, a->m.variant);
    fuda_buf_addf(&d, ", \"seed\": %llu, \"strict\": %s, \"given\": %s, \"tables\": %d", (unsigned long long)a->m.seed,
                  a->strict ? "true" : "false", c->given ? "true" : "false", c->tables);
    put_info(&d, c);
    fuda_buf_adds(&d, ", \"counts\": {");
    for (int k = 0; k < NSCALARS; k++) fuda_buf_addf(&d, "%s\"%s\": %ld", k ? ", " : "", scalars[k].name,
                                                     *scalar((checker *)c, k));
    fuda_buf_adds(&d, "}");
    put_seat_counts(&d, "seat_matches", c->seat_matches);
    put_seat_counts(&d, "seat_moves", c->seat_moves);
    put_counts(&d, "bots_asked", &c->bots_asked);
    put_counts(&d, "verbs", &c->verbs);
    put_counts(&d, "listed", &c->listed);
    put_counts(&d, "raw", &c->raw);
    put_failure(&d, c);
    fuda_buf_adds(&d, "}");
    /* the whole run: its flags without --shard */
    char *extra = fuda_check_run_extra(c, 0);
    fuda_run_info whole = { "check", c->info ? c->e : NULL, &a->m, &c->cfg, a->m.seed, a->matches, (int)a->m.seats,
                            a->m.bots, extra };
    fuda_buf b = FUDA_BUF_INIT;
    fuda_shard_json(&b, &a->sh, &whole, d.p);
    free(extra);
    fuda_buf_free(&d);
    return fuda_buf_take(&b);
}

/* ---- merging ---- */

static int get_bool(fuda_shard_in *in, const fuda_jv *o, const char *key) {
    const fuda_jv *v = fuda_jv_get(o ? o : in->data, key);
    if (!v || v->type != FUDA_JV_BOOL) {
        if (!in->bad) in->bad = key;
        return 0;
    }
    return v->boolean;
}

/* The strings of array `key` of o, in a malloc'd array (borrowed from the
 * data); their count in *n. */
static const char **get_strings(fuda_shard_in *in, const fuda_jv *o, const char *key, int *n) {
    const fuda_jv *v = fuda_shard_arr(in, o, key, -1);
    const char **s = fuda_xrealloc(NULL, (size_t)(v ? v->n + 1 : 1) * sizeof *s);
    *n = 0;
    for (int i = 0; v && i < v->n; i++)
        if (!(s[(*n)++] = fuda_jv_str(&v->items[i])) && !in->bad) in->bad = key;
    return s;
}

/* The variant as the shard saw it, in vi (its arrays malloc'd: free_info). */
static void get_info(fuda_shard_in *in, const fuda_jv *o, fuda_variant_info *vi) {
    int nhooks;
    const char **hooks = get_strings(in, o, "hooks", &nhooks);
    vi->name = fuda_shard_str(in, o, "name");
    vi->file = fuda_jv_str(fuda_jv_get(o, "file"));
    vi->check_leaks = get_bool(in, o, "check_leaks");
    vi->check_invariant = get_bool(in, o, "check_invariant");
    vi->has_evaluate = get_bool(in, o, "has_evaluate");
    if (nhooks > (int)(sizeof vi->hooks / sizeof vi->hooks[0])) in->bad = "hooks";
    for (int i = 0; i < nhooks && !in->bad; i++) vi->hooks[vi->nhooks++] = hooks[i];
    free(hooks);
    vi->bots = get_strings(in, o, "bots", &vi->nbots);
    vi->expect = get_strings(in, o, "expect", &vi->nexpect);
}

static void free_info(fuda_variant_info *vi) {
    free((void *)vi->bots);
    free((void *)vi->expect);
}

static void add_counts(fuda_shard_in *in, const char *key, counts *to) {
    const fuda_jv *o = fuda_shard_obj(in, NULL, key);
    for (int i = 0; o && i < o->n; i++) {
        long n = 0;
        if (fuda_jv_long(&o->items[i], &n) != 0 && !in->bad) in->bad = key;
        fuda_check_counts_add(to, o->keys[i], strlen(o->keys[i]), n);
    }
}

static char *dup_or_null(const char *s) { return s ? fuda_xstrdup(s) : NULL; }

/* The shard's failure in c->f when it comes before the one there. */
static void take_failure(fuda_shard_in *in, checker *c) {
    const fuda_jv *f = fuda_jv_get(in->data, "failure");
    if (!f || f->type != FUDA_JV_OBJ) return;
    long match = fuda_shard_long(in, f, "match"), seats = fuda_shard_long(in, f, "seats");
    long move = fuda_shard_long(in, f, "move"), to = fuda_shard_long(in, f, "to");
    uint64_t seed = fuda_shard_u64(in, f, "seed");
    const char *message = fuda_shard_str(in, f, "message");
    int load = get_bool(in, f, "stage_load"), checked = get_bool(in, f, "log_checked");
    if (in->bad || (c->failed && (c->f.stage_load || match >= c->f.match))) return;
    free(c->f.message);
    free(c->f.log);
    free(c->f.replay_command);
    free(c->f.note);
    memset(&c->f, 0, sizeof c->f);
    c->failed = 1;
    c->f.message = fuda_xstrdup(message);
    c->f.stage_load = load;
    c->f.match = match;
    c->f.seed = seed;
    c->f.seats = (int)seats;
    c->f.move = move;
    c->f.to = to;
    c->f.log = dup_or_null(fuda_jv_str(fuda_jv_get(f, "log")));
    c->f.replay_command = dup_or_null(fuda_jv_str(fuda_jv_get(f, "replay_command")));
    c->f.note = dup_or_null(fuda_jv_str(fuda_jv_get(f, "note")));
    c->f.log_checked = checked;
}

/* Add shard in's counts and failure to c. */
static void add_shard(fuda_shard_in *in, checker *c) {
    const fuda_jv *sc = fuda_shard_obj(in, NULL, "counts");
    for (int k = 0; k < NSCALARS && sc; k++) *scalar(c, k) += fuda_shard_long(in, sc, scalars[k].name);
    const fuda_jv *sm = fuda_shard_arr(in, NULL, "seat_matches", FUDA_MAX_SEATS + 1);
    const fuda_jv *sv = fuda_shard_arr(in, NULL, "seat_moves", FUDA_MAX_SEATS + 1);
    for (int n = 0; n <= FUDA_MAX_SEATS && sm && sv; n++) {
        c->seat_matches[n] += fuda_shard_item(in, sm, n, "seat_matches");
        c->seat_moves[n] += fuda_shard_item(in, sv, n, "seat_moves");
    }
    add_counts(in, "bots_asked", &c->bots_asked);
    add_counts(in, "verbs", &c->verbs);
    add_counts(in, "listed", &c->listed);
    add_counts(in, "raw", &c->raw);
    long tables = fuda_shard_long(in, NULL, "tables");
    if (tables > c->tables) c->tables = (int)tables;
    take_failure(in, c);
}

int fuda_check_merge(const fuda_shard_set *set) {
    fuda_shard_in *in0 = &set->in[0];
    check_args a = { 0 };
    fuda_variant_info vi = { 0 };
    static char *given[] = { NULL };
    checker *c = fuda_xrealloc(NULL, sizeof *c);
    memset(c, 0, sizeof *c);
    c->a = &a;
    c->run_json = set->run;
    a.m.variant = fuda_shard_str(in0, NULL, "variant_arg");
    a.m.seed = fuda_shard_u64(in0, NULL, "seed");
    a.strict = get_bool(in0, NULL, "strict");
    if (get_bool(in0, NULL, "given")) c->given = given;
    const fuda_jv *info = fuda_jv_get(in0->data, "info");
    if (info && info->type == FUDA_JV_OBJ) {
        get_info(in0, info, &vi);
        c->info = &vi;
    }
    int r = in0->bad ? fuda_shard_bad(in0) : 0;
    for (int k = 0; k < set->n && r == 0; k++) {
        add_shard(&set->in[k], c);
        if (set->in[k].bad) r = fuda_shard_bad(&set->in[k]);
    }
    if (r == 0) {
        if (a.strict && c->info && !c->failed) fuda_check_strict_coverage(c);
        if (set->json) fuda_check_print_json(c);
        else fuda_check_print_text(c);
        fflush(stdout);
        r = c->failed ? FUDA_EXIT_FAIL : FUDA_EXIT_OK;
    }
    free(c->f.message);
    free(c->f.log);
    free(c->f.replay_command);
    free(c->f.note);
    fuda_check_counts_free(&c->bots_asked);
    fuda_check_counts_free(&c->verbs);
    fuda_check_counts_free(&c->listed);
    fuda_check_counts_free(&c->raw);
    free_info(&vi);
    free(c);
    return r;
}
