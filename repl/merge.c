/* merge.c -- `fuda merge [--json] FILE...`: the report of a run played in
 * shards (`--shard K/N` of sim, check or duel, shard.h), printed exactly as
 * the run unsharded prints it, from the shards' JSON results.
 *
 * The files must be the N shards of one run, each once: the same command,
 * the same whole run (its replay command and its "run" object: fuda's
 * version, the variant file's hash, seeds, matches, seats, bots, options,
 * search budget, limits), the same N. Anything else -- a file that cannot be
 * read or is not a shard result, shards of different runs, a shard missing
 * or given twice, a shard stopped by Ctrl-C -- is said on stderr with the
 * files named, nothing is printed on stdout, and the exit status is 2; 1 is
 * left to the merged run's own failures (a failed match, check's FAILED). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "out.h"
#include "shard.h"

#define MAX_SHARD_BYTES ((size_t)1 << 30)

typedef struct shard_file {
    const char *name;
    char *text;
    size_t len;
    fuda_jv *doc;
    const fuda_jv *shard;
    long part, of;
    const char *command, *whole;
    const fuda_jv *run; /* the run object, or NULL (null) */
} shard_file;

/* "fuda merge: message" on stderr; FUDA_EXIT_USAGE (files that make no run). */
static int refuse(const char *fmt, ...) FUDA_PRINTF(1, 2);
static int refuse(const char *fmt, ...) {
    va_list ap;
    fflush(stdout);
    fputs("fuda merge: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return FUDA_EXIT_USAGE;
}

/* Read a whole regular file (malloc'd, NUL-terminated, its length in *len),
 * never waiting on a FIFO or a device; NULL with the reason in err. */
static char *read_all(const char *path, size_t *len, char *err, size_t errsize) {
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || (size_t)st.st_size > MAX_SHARD_BYTES) {
        if (fd < 0) snprintf(err, errsize, "%s", strerror(errno));
        else if (!S_ISREG(st.st_mode)) snprintf(err, errsize, "not a regular file");
        else snprintf(err, errsize, "larger than %zu MiB", MAX_SHARD_BYTES >> 20);
        if (fd >= 0) close(fd);
        return NULL;
    }
    char *text = fuda_xrealloc(NULL, (size_t)st.st_size + 1);
    size_t n = 0;
    int bad = 0;
    while (n < (size_t)st.st_size) {
        ssize_t got = read(fd, text + n, (size_t)st.st_size - n);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) bad = errno;
        if (got <= 0) break; /* an error, or the file got shorter */
        n += (size_t)got;
    }
    close(fd);
    if (n < (size_t)st.st_size) {
        free(text);
        snprintf(err, errsize, "%s", bad ? strerror(bad) : "it got shorter while read");
        return NULL;
    }
    text[n] = '\0';
    *len = n;
    return text;
}

/* Read, parse and take apart one file; 0 or the exit code (said). */
static int load(shard_file *f) {
    char err[200];
    const char *name = fuda_out_line(f->name);
    f->text = read_all(f->name, &f->len, err, sizeof err);
    if (!f->text) return refuse("cannot read %s: %s", name, err);
    f->doc = fuda_jv_parse(f->text, f->len, err, sizeof err);
    if (!f->doc) return refuse("%s is not JSON: %s", name, err);
    f->shard = fuda_jv_get(f->doc, "shard");
    if (!f->shard || f->shard->type != FUDA_JV_OBJ)
        return refuse("%s is not a shard's result (no \"shard\" object: run sim, check or duel with --shard K/N)",
                      name);
    const fuda_jv *run = fuda_jv_get(f->shard, "run"), *data = fuda_jv_get(f->shard, "data");
    f->command = fuda_jv_str(fuda_jv_get(f->shard, "command"));
    f->whole = fuda_jv_str(fuda_jv_get(f->shard, "whole"));
    if (fuda_jv_long(fuda_jv_get(f->shard, "part"), &f->part) != 0 ||
        fuda_jv_long(fuda_jv_get(f->shard, "of"), &f->of) != 0 || f->part < 1 || f->part > f->of || !f->command ||
        !f->whole || !run || (run->type != FUDA_JV_OBJ && run->type != FUDA_JV_NULL) || !data ||
        data->type != FUDA_JV_OBJ)
        return refuse("%s: its \"shard\" object is not whole (not written by this fuda?)", name);
    f->run = run->type == FUDA_JV_OBJ ? run : NULL;
    if (strcmp(f->command, "sim") != 0 && strcmp(f->command, "check") != 0 && strcmp(f->command, "duel") != 0)
        return refuse("%s: no merge for command '%s'", name, fuda_out_line(f->command));
    return 0;
}

/* The first member of two run objects that differs, for the message. */
static const char *run_difference(const shard_file *a, const shard_file *b) {
    if (!a->run || !b->run) return "run";
    for (int k = 0; k < a->run->n; k++) {
        const fuda_jv *x = &a->run->items[k], *y = fuda_jv_get(b->run, a->run->keys[k]);
        if (!y || x->len != y->len || memcmp(a->text + x->at, b->text + y->at, x->len) != 0) return a->run->keys[k];
    }
    return "run";
}

/* Are b and a shards of the same run? 0, or the exit code (said). */
static int same_run(const shard_file *a, const shard_file *b) {
    char an[4096], bn[4096];
    snprintf(an, sizeof an, "%s", fuda_out_line(a->name));
    snprintf(bn, sizeof bn, "%s", fuda_out_line(b->name));
    if (strcmp(a->whole, b->whole) != 0 || strcmp(a->command, b->command) != 0)
        return refuse("%s and %s are shards of different runs:\n  %s: %s\n  %s: %s", an, bn, an,
                      fuda_out_line(a->whole), bn, fuda_out_line(b->whole));
    if (a->of != b->of)
        return refuse("%s and %s split the run differently: %s is shard %ld/%ld, %s is shard %ld/%ld", an, bn, an,
                      a->part, a->of, bn, b->part, b->of);
    size_t al = a->run ? a->run->len : 0, bl = b->run ? b->run->len : 0;
    if (al != bl || (al && memcmp(a->text + a->run->at, b->text + b->run->at, al) != 0))
        return refuse("%s and %s are shards of different runs: their runs differ in \"%s\" (another fuda, "
                      "variant file, or limits)", an, bn, run_difference(a, b));
    return 0;
}

/* Every part 1..N exactly once: the files in part order in byp (room for
 * n); 0 or the exit code (said). */
static int all_parts(shard_file *f, int n, shard_file **byp) {
    long of = f[0].of;
    if (of > n) { /* one is missing: the first */
        long k = 1;
        for (int again = 1; again;) {
            again = 0;
            for (int i = 0; i < n; i++)
                if (f[i].part == k) k++, again = 1;
        }
        return refuse("shard %ld/%ld is missing (%d of the %ld shards given)", k, of, n, of);
    }
    memset(byp, 0, (size_t)n * sizeof *byp);
    for (int i = 0; i < n; i++) {
        if (byp[f[i].part - 1]) {
            char an[4096];
            snprintf(an, sizeof an, "%s", fuda_out_line(byp[f[i].part - 1]->name));
            return refuse("%s and %s are both shard %ld/%ld", an, fuda_out_line(f[i].name), f[i].part, of);
        }
        byp[f[i].part - 1] = &f[i];
    }
    return 0;
}

static int merge(shard_file *f, int n, int json) {
    int r = 0;
    for (int i = 0; i < n && r == 0; i++) r = load(&f[i]);
    for (int i = 1; i < n && r == 0; i++) r = same_run(&f[0], &f[i]);
    if (r != 0) return r;
    shard_file **byp = fuda_xrealloc(NULL, (size_t)n * sizeof *byp);
    r = all_parts(f, n, byp);
    fuda_shard_in *in = fuda_xrealloc(NULL, (size_t)n * sizeof *in);
    char *run = NULL;
    if (r == 0) {
        for (int k = 0; k < n; k++) {
            memset(&in[k], 0, sizeof in[k]);
            in[k].file = byp[k]->name;
            in[k].data = fuda_jv_get(byp[k]->shard, "data");
        }
        if (f[0].run) { /* "run": {...} as the shards wrote it */
            fuda_buf b = FUDA_BUF_INIT;
            fuda_buf_adds(&b, "\"run\": ");
            fuda_buf_addn(&b, f[0].text + f[0].run->at, f[0].run->len);
            run = fuda_buf_take(&b);
        }
        fuda_shard_set set = { n, in, run, json };
        if (strcmp(f[0].command, "sim") == 0) r = fuda_sim_merge(&set);
        else if (strcmp(f[0].command, "duel") == 0) r = fuda_duel_merge(&set);
        else r = fuda_check_merge(&set);
    }
    free(run);
    free(byp);
    free(in);
    return r;
}

int fuda_cmd_merge(int argc, char **argv, const fuda_config *cfg) {
    (void)cfg;
    int json = 0, n = 0, files_only = 0;
    shard_file *f = fuda_xrealloc(NULL, (size_t)argc * sizeof *f);
    memset(f, 0, (size_t)argc * sizeof *f);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (files_only || a[0] != '-' || !a[1]) {
            f[n++].name = a;
        } else if (strcmp(a, "--") == 0) {
            files_only = 1;
        } else if (strcmp(a, "--json") == 0) {
            json = 1;
        } else {
            free(f);
            if (strcmp(a, "--help") != 0 && strcmp(a, "-h") != 0)
                return fuda_usage_error("merge", "unknown flag '%s'", a);
            fuda_print_help("merge");
            return FUDA_EXIT_OK;
        }
    }
    int r = n == 0 ? fuda_usage_error("merge", "missing FILE (the shards' JSON results)") : merge(f, n, json);
    for (int i = 0; i < n; i++) {
        fuda_jv_free(f[i].doc);
        free(f[i].text);
    }
    free(f);
    return r;
}
