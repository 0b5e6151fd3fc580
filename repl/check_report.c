/* check_report.c -- `fuda check`: the hooks no match reached and why, and
 * the report as text or JSON. */
#include "check.h"

/* ---- what no match reached ---- */

/* A hook (or check.invariant, evaluate, a bot) of the variant that no match
 * reached, and why. */
typedef struct unreached {
    char name[80];
    const char *why;
    int excused; /* the engine never calls it in such a match: no failure under --strict */
} unreached;

static const char *why_unreached(const checker *c, const char *hook) {
    if (strcmp(hook, "prompt") == 0)
        return c->claims ? "no seat was asked in a claim window" : "no claim window was opened";
    if (strcmp(hook, "resolve") == 0) return c->claims ? "no claim window closed" : "no claim window was opened";
    if (strcmp(hook, "result") == 0 || strcmp(hook, "match") == 0)
        return c->hands_ended ? "the engine did not call it when the hands ended" : "no hand ended";
    if (strcmp(hook, "why_not") == 0 || strcmp(hook, "confirm") == 0)
        return "no seat had to act in the matches whose moves are all tried";
    if (strcmp(hook, "evaluate") == 0)
        return c->tables ? "check does not ask it in a match of several tables" : "no seat had to act";
    if (strcmp(hook, "check.invariant") == 0) return "no action was played";
    return "no match called it";
}

/* What the variant defines that no match reached: the count, the list in
 * *out (malloc'd, the caller frees it). */
static int never_reached(const checker *c, const counts *hooks, unreached **out) {
    const fuda_variant_info *info = c->info;
    unreached *u = fuda_xrealloc(NULL, (size_t)(info->nhooks + info->nbots + 2) * sizeof *u);
    int n = 0;
    for (int i = 0; i < info->nhooks; i++)
        if (fuda_check_counts_get(hooks, info->hooks[i]) == 0) {
            snprintf(u[n].name, sizeof u[n].name, "%s", info->hooks[i]);
            u[n].excused = strcmp(info->hooks[i], "match") == 0 && c->tables > 0;
            u[n].why = u[n].excused ? "a match of several tables ends with its hand_over, never with match"
                                    : why_unreached(c, info->hooks[i]);
            n++;
        }
    if (info->check_invariant && fuda_check_counts_get(hooks, "check.invariant") == 0) {
        snprintf(u[n].name, sizeof u[n].name, "check.invariant");
        u[n].excused = 0;
        u[n++].why = why_unreached(c, "check.invariant");
    }
    if (info->has_evaluate && c->evals == 0) {
        snprintf(u[n].name, sizeof u[n].name, "evaluate");
        u[n].excused = 0;
        u[n++].why = why_unreached(c, "evaluate");
    }
    for (int i = 0; i < info->nbots; i++)
        if (fuda_check_counts_get(&c->bots_asked, info->bots[i]) == 0) {
            snprintf(u[n].name, sizeof u[n].name, "bot '%.60s'", info->bots[i]);
            u[n].excused = 0;
            u[n++].why = c->given ? "--bots did not name it"
                                  : "no match of the variant's own bots asked it (they play every other round: "
                                    "more matches with -n)";
        }
    *out = u;
    return n;
}

static void split_tallies(const checker *c, counts *hooks, counts *tallies);

/* --strict: what the variant defines must all have been reached; else the
 * run fails, naming what was not. */
void fuda_check_strict_coverage(checker *c) {
    counts hooks = { 0 }, tallies = { 0 };
    split_tallies(c, &hooks, &tallies);
    unreached *u;
    int n = never_reached(c, &hooks, &u), bad = 0;
    for (int i = 0; i < n; i++) bad += !u[i].excused;
    if (bad > 0) {
        fuda_buf m = FUDA_BUF_INIT;
        fuda_buf_adds(&m, "--strict: never reached: ");
        for (int i = 0, k = 0; i < n; i++)
            if (!u[i].excused) fuda_buf_addf(&m, "%s%s (%s)", k++ ? "; " : "", u[i].name, u[i].why);
        free(c->f.message);
        c->failed = 1;
        c->f.stage_coverage = 1;
        c->f.message = fuda_buf_take(&m);
    }
    free(u);
    fuda_check_counts_free(&hooks);
    fuda_check_counts_free(&tallies);
}

/* ---- the report ---- */

char *fuda_check_run_extra(const checker *c, int with_shard) {
    fuda_buf extra = FUDA_BUF_INIT;
    if (c->a->from > 1) fuda_buf_addf(&extra, "--from %ld ", c->a->from);
    if (c->a->strict) fuda_buf_adds(&extra, "--strict ");
    if (c->a->thorough) fuda_buf_adds(&extra, "--thorough ");
    if (with_shard && c->a->sh.n) fuda_buf_addf(&extra, "--shard %ld/%ld ", c->a->sh.k, c->a->sh.n);
    if (!extra.len) return NULL;
    extra.p[--extra.len] = 0;
    return fuda_buf_take(&extra);
}

/* The hook counts (tallies "hook NAME"), and the variant's own tallies. */
static void split_tallies(const checker *c, counts *hooks, counts *tallies) {
    for (int i = 0; i < c->raw.n; i++) {
        const count *t = &c->raw.v[i];
        if (strncmp(t->name, "hook ", 5) == 0) fuda_check_counts_add(hooks, t->name + 5, strlen(t->name + 5), t->n);
        else fuda_check_counts_add(tallies, t->name, strlen(t->name), t->n);
    }
    fuda_check_counts_sort(hooks);
    fuda_check_counts_sort(tallies);
}

static void json_counts(const char *key, const counts *k) {
    printf(", ");
    fuda_json_put(stdout, key);
    printf(": {");
    for (int i = 0; i < k->n; i++) {
        printf("%s", i ? ", " : "");
        fuda_json_put(stdout, k->v[i].name);
        printf(": %ld", k->v[i].n);
    }
    printf("}");
}

void fuda_check_print_json(checker *c) {
    const fuda_variant_info *info = c->info;
    printf("{\"ok\": %s, \"variant\": ", c->failed ? "false" : "true");
    fuda_json_put(stdout, info ? info->name : c->a->m.variant);
    if (info) {
        printf(", \"file\": ");
        fuda_json_put(stdout, info->file);
    }
    printf(", \"seed\": %llu, \"matches\": %ld, \"moves\": %ld", (unsigned long long)c->a->m.seed, c->matches,
           c->moves);
    printf(", \"capped\": %ld", c->capped);
    printf(", \"seats\": [");
    int first = 1;
    for (int n = 1; n <= FUDA_MAX_SEATS; n++) {
        if (!c->seat_matches[n] && !c->seat_moves[n]) continue;
        printf("%s{\"seats\": %d, \"matches\": %ld, \"moves\": %ld}", first ? "" : ", ", n, c->seat_matches[n],
               c->seat_moves[n]);
        first = 0;
    }
    printf("], \"tried_matches\": %ld, \"tries\": %ld, \"illegal_tries\": %ld, \"views\": %ld, \"replays\": %ld"
           ", \"bot_moves_again\": %ld, \"leak_checks\": %ld, \"event_checks\": %ld, \"log_replays\": %ld"
           ", \"strict\": %s", c->tried, c->tries, c->illegal, c->views, c->replays, c->rebots, c->leaks,
           c->ev_checks, c->log_replays, c->a->strict ? "true" : "false");
    counts hooks = { 0 }, tallies = { 0 };
    split_tallies(c, &hooks, &tallies);
    json_counts("hooks", &hooks);
    fuda_check_counts_sort(&c->verbs);
    json_counts("verbs", &c->verbs);
    json_counts("tallies", &tallies);
    printf(", \"never\": [");
    first = 1;
    for (int i = 0; info && i < info->nexpect; i++)
        if (fuda_check_counts_get(&tallies, info->expect[i]) == 0) {
            printf("%s", first ? "" : ", ");
            fuda_json_put(stdout, info->expect[i]);
            first = 0;
        }
    unreached *u = NULL;
    int nu = info ? never_reached(c, &hooks, &u) : 0;
    printf("], \"never_called\": [");
    for (int i = 0; i < nu; i++) {
        printf("%s", i ? ", " : "");
        fuda_json_put(stdout, u[i].name);
    }
    printf("], \"never_reached\": [");
    for (int i = 0; i < nu; i++) {
        printf("%s{\"hook\": ", i ? ", " : "");
        fuda_json_put(stdout, u[i].name);
        printf(", \"why\": ");
        fuda_json_put(stdout, u[i].why);
        printf("}");
    }
    free(u);
    printf("], \"never_played\": [");
    first = 1;
    fuda_check_counts_sort(&c->listed); /* whichever worker or shard listed them first */
    for (int i = 0; i < c->listed.n; i++)
        if (fuda_check_counts_get(&c->verbs, c->listed.v[i].name) == 0) {
            printf("%s", first ? "" : ", ");
            fuda_json_put(stdout, c->listed.v[i].name);
            first = 0;
        }
    printf("], \"failure\": ");
    if (!c->failed) {
        printf("null");
    } else {
        printf("{\"message\": ");
        fuda_json_put(stdout, c->f.message);
        if (c->f.stage_load) {
            printf(", \"stage\": \"load\"}");
        } else if (c->f.stage_coverage) {
            printf(", \"stage\": \"coverage\"}");
        } else {
            printf(", \"stage\": \"match\", \"match\": %ld, \"seed\": %llu, \"seats\": %d, \"move\": %ld, \"log\": ",
                   c->f.match + 1, (unsigned long long)c->f.seed, c->f.seats, c->f.move);
            if (c->f.log) fuda_json_put(stdout, c->f.log);
            else printf("null");
            printf(", \"replay_command\": ");
            if (c->f.replay_command) fuda_json_put(stdout, c->f.replay_command);
            else printf("null");
            printf(", \"note\": ");
            if (c->f.note) fuda_json_put(stdout, c->f.note);
            else printf("null");
            printf("}");
        }
    }
    if (c->run_json) { /* what makes this result reproducible: the run */
        printf(", %s", c->run_json);
    } else if (info) {
        fuda_buf run = FUDA_BUF_INIT;
        char *extra = fuda_check_run_extra(c, 1);
        fuda_run_info ri = { "check", c->e, &c->a->m, &c->cfg, c->a->m.seed, c->a->matches, (int)c->a->m.seats,
                             c->a->m.bots, extra };
        fuda_json_run(&run, &ri);
        printf(", %s", run.p);
        fuda_buf_free(&run);
        free(extra);
    }
    if (c->shard_json) printf(", %s", c->shard_json);
    printf("}\n");
    fuda_check_counts_free(&hooks);
    fuda_check_counts_free(&tallies);
}

static void print_counts_text(const char *title, const counts *k) {
    if (k->n == 0) return;
    int w = 0;
    for (int i = 0; i < k->n; i++)
        if ((int)strlen(fuda_out_line(k->v[i].name)) > w) w = (int)strlen(fuda_out_line(k->v[i].name));
    printf("%s\n", title);
    for (int i = 0; i < k->n; i++) printf("  %-*s %10ld\n", w, fuda_out_line(k->v[i].name), k->v[i].n);
}

void fuda_check_print_text(checker *c) {
    const fuda_variant_info *info = c->info;
    if (c->failed && c->f.stage_load) {
        printf("%s\ncheck: FAILED (the script does not load)\n", c->f.message);
        return;
    }
    if (c->failed && !c->f.stage_coverage) {
        printf("check: %s\n", fuda_out_line(c->f.message));
        if (c->f.note) printf("  %s\n", fuda_out_line(c->f.note));
        printf("  match %ld, seed %llu, %d seats, move %ld\n", c->f.match + 1, (unsigned long long)c->f.seed,
               c->f.seats, c->f.move);
        if (c->f.log) printf("  log saved to %s\n", fuda_out_line(c->f.log));
        else printf("  the log could not be saved (no writable folder)\n");
        if (c->f.replay_command)
            printf("  replay to just before the failure: %s\n", fuda_out_line(c->f.replay_command));
        printf("check: FAILED\n");
        return;
    }
    printf("variant   %s (%s)\n", fuda_out_line(info->name), fuda_out_line(info->file));
    for (int n = 1; n <= FUDA_MAX_SEATS; n++)
        if (c->seat_matches[n])
            printf("seats %d   %ld matches, %ld moves\n", n, c->seat_matches[n], c->seat_moves[n]);
    printf("tried     every listed move in %ld matches (%ld tries), %ld illegal moves refused\n",
           c->tried, c->tries, c->illegal);
    printf("replayed  %ld matches in a fresh engine with nobody reading events, same state; the bots chose the "
           "same %ld moves again\n", c->replays, c->rebots);
    printf("saved     %ld matches' logs replay to the same state\n", c->log_replays);
    if (!info->check_leaks)
        printf("hidden    not checked: the variant's check.leaks is false (its view shows more than its piles)\n");
    else
        printf("hidden    %ld positions: dealing anew what a seat cannot see changed none of its moves or views, "
               "nor the events it was shown (%ld comparisons)\n", c->leaks, c->ev_checks);
    if (c->capped)
        printf("capped    %ld random-bot matches stopped after %d hands (--thorough plays them to the end)\n",
               c->capped, CHECK_QUICK_HANDS);
    counts hooks = { 0 }, tallies = { 0 };
    split_tallies(c, &hooks, &tallies);
    print_counts_text("hooks", &hooks);
    fuda_check_counts_sort(&c->verbs);
    print_counts_text("verbs", &c->verbs);
    print_counts_text("tallies", &tallies);
    fuda_check_counts_sort(&c->listed); /* whichever worker or shard listed them first */
    for (int i = 0; i < c->listed.n; i++)
        if (fuda_check_counts_get(&c->verbs, c->listed.v[i].name) == 0)
            printf("never played: %s (listed %ld times)\n", fuda_out_line(c->listed.v[i].name), c->listed.v[i].n);
    unreached *u;
    int nu = never_reached(c, &hooks, &u);
    for (int i = 0; i < nu; i++) printf("never reached: %s (%s)\n", fuda_out_line(u[i].name), u[i].why);
    free(u);
    for (int i = 0; i < info->nexpect; i++)
        if (fuda_check_counts_get(&tallies, info->expect[i]) == 0) printf("never: %s\n", fuda_out_line(info->expect[i]));
    if (c->failed) printf("check: FAILED (%s)\n", fuda_out_line(c->f.message));
    else printf("check: OK (%ld matches, %ld moves)\n", c->matches, c->moves);
    fuda_check_counts_free(&hooks);
    fuda_check_counts_free(&tallies);
}
