/* rules.c -- a variant's rules page, what `fuda rules NAME` and the `rules`
 * command of fuda play show: title, players, options with their values and
 * what they do, bots, then its rules document (docs/rules/NAME.md, its
 * base's or its family's) rendered to the terminal's width. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cli.h"
#include "markdown.h"
#include "out.h"
#include "render.h"
#include "search.h"
#include "width.h"

/* The folder of the executable (malloc'd), "." if unknown. */
static char *exe_dir(const char *exe) {
    const char *slash = exe ? strrchr(exe, '/') : NULL;
    if (!slash) return fuda_xstrdup(".");
    size_t n = (size_t)(slash - exe);
    char *d = fuda_xrealloc(NULL, n + 1);
    memcpy(d, exe, n);
    d[n] = '\0';
    return d;
}

/* Is name a plain variant name (letters, digits, '-', '_')? Only such a name
 * makes a document's path: `extends` comes from a script. */
static int plain_name(const char *name) {
    if (!*name) return 0;
    for (const char *p = name; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
              *p == '-' || *p == '_'))
            return 0;
    return 1;
}

/* The rules document of variant `name` (malloc'd text), or NULL. */
static char *find_rules_doc(const char *exe, const char *name) {
    static const char *const dirs[] = { "/docs/rules/", "/../share/fuda/docs/rules/", "/../docs/rules/" };
    if (!plain_name(name)) return NULL;
    char *dir = exe_dir(exe);
    char *text = NULL;
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0] && !text; i++) {
        fuda_buf path = FUDA_BUF_INIT;
        fuda_buf_addf(&path, "%s%s%s.md", dir, dirs[i], name);
        text = fuda_read_file(path.p);
        fuda_buf_free(&path);
    }
    free(dir);
    return text;
}

/* The rules document for a variant: NAME.md, else its base's, else its
 * family's (the name up to the first '-': gin-bicycle -> gin). */
static char *rules_doc(const char *exe, const fuda_variant_info *info) {
    char *doc = find_rules_doc(exe, info->name);
    if (!doc && info->extends) doc = find_rules_doc(exe, info->extends);
    size_t family = strcspn(info->name, "-");
    if (!doc && info->name[family]) {
        char *name = fuda_xstrdup(info->name);
        name[family] = '\0';
        doc = find_rules_doc(exe, name);
        free(name);
    }
    return doc;
}

/* A line of the rules' head: `label` (padded to 10 columns) and text broken
 * between words to the width, its later lines under the text. */
static void head_line(fuda_buf *b, const char *label, const char *text, int width) {
    fuda_buf_addf(b, "%-9s ", label);
    fuda_fill(b, text, width, 10, 10);
}

static void print_players(fuda_buf *b, const fuda_variant_info *info, int width) {
    char text[160];
    if (info->min_seats == info->max_seats)
        snprintf(text, sizeof text, "%d", info->min_seats);
    else
        snprintf(text, sizeof text, "%d to %d%s (default %d)", info->min_seats, info->max_seats,
                 info->seat_step == 2 ? ", an even number" : info->seat_step > 2 ? ", not every count" : "",
                 info->default_seats);
    head_line(b, "players", text, width);
}

/* "  name = value   what it does": the docs in a column while it leaves them
 * 40 columns, else each under its option. */
static void print_options(fuda_buf *b, const fuda_variant_info *info, int width) {
    if (info->nopts == 0) return;
    int col = 0;
    for (int i = 0; i < info->nopts; i++) {
        const char *name = fuda_out_line(info->opts[i].name), *value = fuda_out_line(info->opts[i].value);
        int w = fuda_columns(name, strlen(name)) + fuda_columns(value, strlen(value)) + 3;
        if (w > col) col = w;
    }
    int beside = width <= 0 || width - (col + 4) >= 40;
    fuda_buf_adds(b, "options\n");
    for (int i = 0; i < info->nopts; i++) {
        const fuda_option_info *o = &info->opts[i];
        char *name = fuda_xstrdup(fuda_out_line(o->name)), *value = fuda_xstrdup(fuda_out_line(o->value));
        int at = 5 + fuda_columns(name, strlen(name)), head = at + fuda_columns(value, strlen(value));
        fuda_buf_addf(b, "  %s = ", name);
        if (o->doc[0] && beside) { /* the doc in its column */
            fuda_buf_addf(b, "%s%*s", value, col + 4 - head, "");
            fuda_fill(b, fuda_out_line(o->doc), width, col + 4, col + 4);
        } else {
            fuda_fill(b, value, width, at, at);
            if (o->doc[0]) {
                fuda_buf_adds(b, "      ");
                fuda_fill(b, fuda_out_line(o->doc), width, 6, 6);
            }
        }
        free(name);
        free(value);
    }
}

static void print_bots(fuda_buf *b, const fuda_variant_info *info, int width) {
    char *names = fuda_bot_names(info);
    head_line(b, "bots", fuda_out_line(names), width);
    free(names);
    if (info->search_by_winner)
        head_line(b, "search", "judges a hand before the match's last by who won it (search.hands)", width);
    const char *own = fuda_variant_search_bot(info), *others = fuda_variant_others_bot(info);
    if (strcmp(own, fuda_variant_first_bot(info)) != 0 || strcmp(others, fuda_variant_first_bot(info)) != 0) {
        fuda_buf t = FUDA_BUF_INIT;
        int by_bot = info->search_bot >= 0, by_others = info->search_others >= 0;
        fuda_buf_addf(&t, "plays the seat as %s in its playouts, the others as %s (%s%s%s)", fuda_out_line(own),
                      fuda_out_line(others), by_bot ? "search.bot" : "", by_bot && by_others ? ", " : "",
                      by_others ? "search.others" : "");
        head_line(b, "search", t.p, width);
        fuda_buf_free(&t);
    }
    if (info->search_sure >= 0) {
        char t[160];
        snprintf(t, sizeof t, "leaves its bot's move on a lead of %g standard errors (search.sure)",
                 info->search_sure);
        head_line(b, "search", t, width);
    }
    if (info->has_evaluate) {
        char t[160];
        snprintf(t, sizeof t, "stops a playout %d moves in and scores it by the variant's estimate (evaluate)",
                 FUDA_SEARCH_CUT);
        head_line(b, "search", t, width);
    }
}

void fuda_print_rules(const fuda_config *cfg, const fuda_engine *e) {
    const fuda_variant_info *info = fuda_engine_info(e);
    int width = fuda_term_width(stdout);
    fuda_buf b = FUDA_BUF_INIT, t = FUDA_BUF_INIT;
    fuda_fill(&b, fuda_out_line(info->title), width, 0, 0);
    fuda_buf_addf(&t, "%s (%s)", fuda_out_line(info->name), fuda_out_line(info->file));
    head_line(&b, "variant", t.p, width);
    fuda_buf_free(&t);
    if (info->extends) head_line(&b, "extends", fuda_out_line(info->extends), width);
    print_players(&b, info, width);
    print_options(&b, info, width);
    print_bots(&b, info, width);
    char *doc = rules_doc(cfg->exe, info);
    if (doc) {
        char *text = fuda_markdown_text(doc, width);
        fuda_buf_addf(&b, "\n%s", text);
        free(text);
    }
    free(doc);
    fputs(b.p, stdout);
    fuda_buf_free(&b);
}
