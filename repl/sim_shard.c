/* sim_shard.c -- `fuda sim --shard K/N` and its merge: what a shard of a
 * sim writes for `fuda merge` (its exact sums: wins, scores, columns,
 * teams, tallies, its first failed match), and the figures of the whole run
 * made from those, printed as the run unsharded prints them (sim_totals.c).
 * Every figure is a sum over matches, so the shards' sums are the run's;
 * the failure named is the one of the run's first failed match. */
#include "sim.h"

static void json_strings(fuda_buf *b, const char *key, const char *const *v, int from, int to) {
    fuda_buf_addf(b, ", \"%s\": [", key);
    for (int i = from; i <= to; i++) {
        if (i > from) fuda_buf_adds(b, ", ");
        fuda_json_str(b, v[i]);
    }
    fuda_buf_adds(b, "]");
}

/* "[v[1], ..., v[n]]" */
static void json_sums(fuda_buf *b, const long long *v, int n) {
    fuda_buf_adds(b, "[");
    for (int i = 1; i <= n; i++) fuda_buf_addf(b, "%s%lld", i > 1 ? ", " : "", v[i]);
    fuda_buf_adds(b, "]");
}

/* The shard's "data": its exact sums, and what merge prints with them
 * (malloc'd JSON object). */
char *fuda_sim_shard_data(const sim_side *d) {
    const sim_totals *t = &d->t;
    long long v[FUDA_MAX_SEATS + 1];
    fuda_buf b = FUDA_BUF_INIT;
    fuda_buf_adds(&b, "{\"variant\": ");
    fuda_json_str(&b, fuda_engine_info(d->e)->name);
    fuda_buf_adds(&b, ", \"variant_arg\": ");
    fuda_json_str(&b, d->s.m.variant);
    fuda_buf_addf(&b, ", \"seed\": %llu, \"seats\": %d", (unsigned long long)d->s.m.seed, t->nseats);
    json_strings(&b, "bots", d->bots, 1, t->nseats);
    json_strings(&b, "columns", t->colnames, 0, t->ncols > 1 ? t->ncols - 1 : -1);
    fuda_buf_addf(&b, ", \"matches\": %ld, \"hands\": %ld, \"moves\": %ld, \"draws\": %ld, \"failed\": %ld",
                  t->matches, t->hands, t->moves, t->draws, t->failed);
    for (int seat = 1; seat <= t->nseats; seat++) v[seat] = t->wins[seat];
    fuda_buf_adds(&b, ", \"wins\": ");
    json_sums(&b, v, t->nseats);
    fuda_buf_adds(&b, ", \"score\": ");
    json_sums(&b, t->score, t->nseats);
    fuda_buf_adds(&b, ", \"column_scores\": [");
    for (int c = 0; c < t->ncols && t->ncols > 1; c++) {
        fuda_buf_adds(&b, c ? ", " : "");
        json_sums(&b, t->colscore[c], t->nseats);
    }
    fuda_buf_adds(&b, "], \"teams\": [");
    for (int k = 0; k < t->nteams; k++)
        fuda_buf_addf(&b, "%s[%u, %ld, %lld]", k ? ", " : "", t->team[k], t->team_wins[k], t->team_score[k]);
    fuda_buf_adds(&b, "], \"tallies\": {");
    for (int i = 0; i < t->ntallies; i++) {
        fuda_buf_adds(&b, i ? ", " : "");
        fuda_json_str(&b, t->tallies[i].name);
        fuda_buf_addf(&b, ": %ld", t->tallies[i].count);
    }
    fuda_buf_adds(&b, "}, \"first_fail\": ");
    if (t->fail_match >= 0) {
        fuda_buf_addf(&b, "{\"match\": %ld, \"message\": ", t->fail_match);
        fuda_json_str(&b, t->fail_msg);
        fuda_buf_adds(&b, "}");
    } else {
        fuda_buf_adds(&b, "null");
    }
    fuda_buf_addf(&b, ", \"interrupted\": %s, \"elapsed_us\": %.0f}", t->interrupted ? "true" : "false",
                  t->elapsed * 1e6);
    return fuda_buf_take(&b);
}

/* Add shard in's sums to t (its names kept in t, borrowed from the data). */
static void add_shard(fuda_shard_in *in, sim_totals *t, const char **bots, const char **colnames) {
    long n = fuda_shard_long(in, NULL, "seats");
    if (n < 1 || n > FUDA_MAX_SEATS) in->bad = in->bad ? in->bad : "seats";
    if (in->bad) return;
    t->nseats = (int)n;
    const fuda_jv *names = fuda_shard_arr(in, NULL, "bots", t->nseats), *cols = fuda_shard_arr(in, NULL, "columns", -1);
    const fuda_jv *wins = fuda_shard_arr(in, NULL, "wins", t->nseats), *score = fuda_shard_arr(in, NULL, "score", t->nseats);
    const fuda_jv *colsc = fuda_shard_arr(in, NULL, "column_scores", cols ? cols->n : 0);
    const fuda_jv *teams = fuda_shard_arr(in, NULL, "teams", -1), *tallies = fuda_shard_obj(in, NULL, "tallies");
    if (in->bad || cols->n > FUDA_MAX_COLS || teams->n > FUDA_MAX_SEATS) {
        in->bad = in->bad ? in->bad : "columns";
        return;
    }
    for (int seat = 1; seat <= t->nseats; seat++) {
        bots[seat] = fuda_jv_str(&names->items[seat - 1]);
        if (!bots[seat]) in->bad = "bots";
        t->wins[seat] += fuda_shard_item(in, wins, seat - 1, "wins");
        t->score[seat] += fuda_shard_item(in, score, seat - 1, "score");
    }
    t->ncols = cols->n;
    for (int c = 0; c < cols->n; c++) {
        colnames[c] = fuda_jv_str(&cols->items[c]);
        if (!colnames[c] || colsc->items[c].type != FUDA_JV_ARR) in->bad = "columns";
        for (int seat = 1; seat <= t->nseats && !in->bad; seat++)
            t->colscore[c][seat] += fuda_shard_item(in, &colsc->items[c], seat - 1, "column_scores");
    }
    t->colnames = colnames;
    for (int k = 0; k < teams->n && !in->bad; k++) {
        const fuda_jv *team = &teams->items[k];
        t->team[k] = (unsigned)fuda_shard_item(in, team, 0, "teams");
        t->team_wins[k] += fuda_shard_item(in, team, 1, "teams");
        t->team_score[k] += fuda_shard_item(in, team, 2, "teams");
    }
    if (teams->n) t->nteams = teams->n;
    for (int i = 0; i < tallies->n; i++) {
        long c = 0;
        if (fuda_jv_long(&tallies->items[i], &c) != 0) in->bad = "tallies";
        fuda_sim_tallies_add(t, tallies->keys[i], c);
    }
    t->matches += fuda_shard_long(in, NULL, "matches");
    t->hands += fuda_shard_long(in, NULL, "hands");
    t->moves += fuda_shard_long(in, NULL, "moves");
    t->draws += fuda_shard_long(in, NULL, "draws");
    t->failed += fuda_shard_long(in, NULL, "failed");
    t->elapsed += (double)fuda_shard_long(in, NULL, "elapsed_us") / 1e6;
    const fuda_jv *ff = fuda_jv_get(in->data, "first_fail");
    if (ff && ff->type == FUDA_JV_OBJ) {
        long m = fuda_shard_long(in, ff, "match");
        const char *msg = fuda_shard_str(in, ff, "message");
        if (!in->bad && (t->fail_match < 0 || m < t->fail_match)) {
            t->fail_match = m;
            free(t->fail_msg);
            t->fail_msg = fuda_xstrdup(msg);
        }
    }
}

int fuda_sim_merge(const fuda_shard_set *set) {
    sim_totals t = { 0 };
    const char *bots[FUDA_MAX_SEATS + 1] = { 0 }, *colnames[FUDA_MAX_COLS] = { 0 };
    const char *variant = NULL, *variant_arg = NULL;
    uint64_t seed = 0;
    int r = 0;
    t.fail_match = -1;
    for (int k = 0; k < set->n && r == 0; k++) {
        fuda_shard_in *in = &set->in[k];
        const fuda_jv *stop = fuda_jv_get(in->data, "interrupted");
        if (stop && stop->type == FUDA_JV_BOOL && stop->boolean)
            r = fuda_shard_say(in, "this shard was stopped (Ctrl-C) before its end: play it again");
        variant = fuda_shard_str(in, NULL, "variant");
        variant_arg = fuda_shard_str(in, NULL, "variant_arg");
        seed = fuda_shard_u64(in, NULL, "seed");
        if (r == 0) add_shard(in, &t, bots, colnames);
        if (r == 0 && in->bad) r = fuda_shard_bad(in);
    }
    if (r == 0) {
        fuda_sim_tallies_sort(&t);
        t.first_fail = fuda_sim_first_fail(variant_arg, seed, &t);
        if (set->json) {
            fuda_buf x = FUDA_BUF_INIT;
            if (set->run) fuda_buf_addf(&x, ", %s", set->run);
            fuda_sim_print_json(variant, &t, bots, x.p);
            printf("\n");
            fuda_buf_free(&x);
        } else {
            fuda_sim_print_text(variant, &t, bots);
        }
        if (t.first_fail) r = fuda_fail("%s", t.first_fail);
    }
    free(t.first_fail);
    free(t.fail_msg);
    fuda_sim_tallies_free(&t);
    return r;
}
