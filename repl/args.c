/* args.c -- command-line flags: "--flag value" and "--flag=value", whole
 * numbers only, and the flags play and sim share (--seed, --bots, --seats,
 * --option). Bad values are usage errors (exit 2). */
#include "cli.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "search.h"

void fuda_args_init(fuda_args *a, int argc, char **argv) {
    a->cmd = argv[0];
    a->argc = argc;
    a->argv = argv;
    a->i = 1;
}

const char *fuda_args_next(fuda_args *a) { return a->i < a->argc ? a->argv[a->i++] : NULL; }

int fuda_args_flag(fuda_args *a, const char *arg, const char *flag, const char **val) {
    size_t n = strlen(flag);
    if (strncmp(arg, flag, n) != 0) return 0;
    if (arg[n] == '=') {
        *val = arg + n + 1;
        return 1;
    }
    if (arg[n] != '\0') return 0;
    if (a->i >= a->argc) {
        fuda_usage_error(a->cmd, "%s needs a value", flag);
        return -1;
    }
    *val = a->argv[a->i++];
    return 1;
}

int fuda_args_jobs(fuda_args *a, const char *arg, long max, long *jobs) {
    const char *v;
    int r = fuda_args_flag(a, arg, "-j", &v);
    if (r == 0) r = fuda_args_flag(a, arg, "--jobs", &v);
    if (r == 0 && strncmp(arg, "-j", 2) == 0 && arg[2] >= '0' && arg[2] <= '9') v = arg + 2, r = 1; /* -j4 */
    if (r <= 0) return r;
    return fuda_args_long(a->cmd, "-j", v, 1, max, jobs) == 0 ? 1 : -1;
}

int fuda_args_long(const char *cmd, const char *flag, const char *s, long lo, long hi, long *out) {
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (*s == '\0' || *end != '\0' || errno == ERANGE)
        return fuda_usage_error(cmd, "%s: '%s' is not a number", flag, s);
    if (v < lo || v > hi) return fuda_usage_error(cmd, "%s: %ld is out of range (%ld to %ld)", flag, v, lo, hi);
    *out = v;
    return 0;
}

int fuda_args_u64(const char *cmd, const char *flag, const char *s, uint64_t *out) {
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (*s < '0' || *s > '9' || *end != '\0' || errno == ERANGE)
        return fuda_usage_error(cmd, "%s: '%s' is not a number", flag, s);
    *out = (uint64_t)v;
    return 0;
}

int fuda_args_option(const char *cmd, fuda_match_args *m, const char *opt, int copy) {
    const char *eq = strchr(opt, '=');
    if (!eq || eq == opt) return fuda_usage_error(cmd, "--option: '%s' is not name=value", opt);
    if (copy) {
        if (m->nowned == (int)(sizeof m->owned / sizeof m->owned[0]))
            return fuda_usage_error(cmd, "too many options");
        opt = m->owned[m->nowned++] = fuda_xstrdup(opt);
    }
    m->opts = fuda_xrealloc(m->opts, (size_t)(m->nopts + 1) * sizeof *m->opts);
    m->opts[m->nopts++] = opt;
    return 0;
}

int fuda_args_match(fuda_args *a, const char *arg, fuda_match_args *m) {
    const char *v;
    int r;
    if ((r = fuda_args_flag(a, arg, "--seed", &v)) != 0) {
        if (r < 0) return FUDA_EXIT_USAGE;
        m->have_seed = 1;
        return fuda_args_u64(a->cmd, "--seed", v, &m->seed) ? FUDA_EXIT_USAGE : 1;
    }
    if ((r = fuda_args_flag(a, arg, "--seats", &v)) != 0) {
        if (r < 0) return FUDA_EXIT_USAGE;
        return fuda_args_long(a->cmd, "--seats", v, 1, FUDA_MAX_SEATS, &m->seats) ? FUDA_EXIT_USAGE : 1;
    }
    if ((r = fuda_args_flag(a, arg, "--bots", &v)) != 0) {
        if (r < 0) return FUDA_EXIT_USAGE;
        m->bots = v;
        return 1;
    }
    if ((r = fuda_args_flag(a, arg, "--think", &v)) != 0 || (r = fuda_args_flag(a, arg, "--iters", &v)) != 0) {
        if (r < 0) return FUDA_EXIT_USAGE;
        int think = strncmp(arg, "--think", 7) == 0;
        long n, ms, iters;
        if (fuda_args_long(a->cmd, think ? "--think" : "--iters", v, 1, 3600000, &n)) return FUDA_EXIT_USAGE;
        fuda_search_budget(&ms, &iters);
        if (think) fuda_search_set_budget(n, iters);
        else fuda_search_set_budget(ms, n);
        return 1;
    }
    if ((r = fuda_args_flag(a, arg, "--option", &v)) != 0) {
        if (r < 0) return FUDA_EXIT_USAGE;
        return fuda_args_option(a->cmd, m, v, 0) ? FUDA_EXIT_USAGE : 1;
    }
    return 0;
}

void fuda_match_args_free(fuda_match_args *m) {
    for (int i = 0; i < m->nowned; i++) free(m->owned[i]);
    free(m->opts);
    m->opts = NULL;
    m->nopts = m->nowned = 0;
}
