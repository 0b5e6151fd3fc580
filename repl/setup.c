/* setup.c -- getting a match ready for play and sim: load the variant with
 * the options of the command line, count the seats, seat the bots. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"

fuda_engine *fuda_open_variant(const fuda_config *cfg, const fuda_match_args *m) {
    fuda_engine *e = fuda_engine_new(cfg);
    if (!e) {
        fuda_fail("out of memory");
        return NULL;
    }
    if (fuda_engine_load(e, m->variant, m->opts, m->nopts) != 0) {
        fuda_fail("%s", fuda_engine_error(e));
        fuda_engine_free(e);
        return NULL;
    }
    return e;
}

int fuda_seat_count(const char *cmd, const fuda_engine *e, const fuda_match_args *m) {
    const fuda_variant_info *info = fuda_engine_info(e);
    int n = m->seats ? (int)m->seats : info->default_seats;
    int step = info->seat_step > 1 ? info->seat_step : 1;
    if (n >= info->min_seats && n <= info->max_seats && n <= FUDA_MAX_SEATS && (n - info->min_seats) % step == 0)
        return n;
    if (info->min_seats == info->max_seats)
        fuda_usage_error(cmd, "%s is played by %d players, not %d", info->name, info->min_seats, n);
    else
        fuda_usage_error(cmd, "%s is played by %d to %d players%s, not %d", info->name, info->min_seats,
                         info->max_seats, step == 2 ? ", an even number" : step > 2 ? ", not every count" : "", n);
    return 0;
}

/* 1 if the variant knows the bot. */
static int bot_known(const fuda_variant_info *info, const char *name) {
    if (fuda_engine_builtin_bot(name)) return 1;
    for (int i = 0; i < info->nbots; i++)
        if (strcmp(info->bots[i], name) == 0) return 1;
    return 0;
}

char *fuda_bot_names(const fuda_variant_info *info) {
    fuda_buf b = FUDA_BUF_INIT;
    for (int i = 0; i < info->nbots; i++) { /* a script's names: each in one line (text_term.h) */
        fuda_buf_term(&b, info->bots[i], FUDA_TERM_LINE);
        fuda_buf_adds(&b, ", ");
    }
    for (int i = 0; fuda_builtin_bots[i]; i++) fuda_buf_addf(&b, "%s%s", i ? ", " : "", fuda_builtin_bots[i]);
    return fuda_buf_take(&b);
}

/* Split "a,b,c" at the commas into a NULL-terminated array. */
static char **split_commas(const char *list) {
    char **v = fuda_xrealloc(NULL, sizeof *v);
    int n = 0;
    const char *s = list;
    for (;;) {
        size_t len = strcspn(s, ",");
        v = fuda_xrealloc(v, (size_t)(n + 2) * sizeof *v);
        v[n] = fuda_xrealloc(NULL, len + 1);
        memcpy(v[n], s, len);
        v[n++][len] = '\0';
        if (!s[len]) break;
        s += len + 1;
    }
    v[n] = NULL;
    return v;
}

/* 1 if name is "cmd:PROGRAM", an external agent (agent.h), and cmd one of
 * the commands that run agents (runner.c): sim, duel and agent. */
static int agent_bot(const char *cmd, const char *name) {
    if (strncmp(name, "cmd:", 4) != 0 || !name[4]) return 0;
    return strcmp(cmd, "sim") == 0 || strcmp(cmd, "duel") == 0 || strcmp(cmd, "agent") == 0;
}

int fuda_assign_bots(const char *cmd, const fuda_engine *e, const char *list, unsigned humans,
                     int nseats, const char *bots[], char ***store) {
    const fuda_variant_info *info = fuda_engine_info(e);
    char **names = split_commas(list ? list : fuda_variant_first_bot(info));
    *store = names;
    for (char **p = names; *p; p++) {
        /* an external agent only from the command line, never a name from the script */
        if (bot_known(info, *p) && strncmp(*p, "cmd:", 4) != 0) continue;
        if (list && agent_bot(cmd, *p)) continue;
        char *known = fuda_bot_names(info);
        fuda_usage_error(cmd, "%s has no bot '%s' (bots: %s)", info->name, *p, known);
        free(known);
        return FUDA_EXIT_USAGE;
    }
    int k = 0;
    for (int seat = 1; seat <= nseats; seat++) {
        bots[seat] = NULL;
        if (humans & (1u << (seat - 1))) continue;
        bots[seat] = names[k];
        if (names[k + 1]) k++;
    }
    return 0;
}
