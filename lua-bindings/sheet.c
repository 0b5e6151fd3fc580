/* sheet.c -- the scoresheet as text (engine.h: fuda_engine_scoresheet_fit).
 *
 * A row for each line the variant scored (g:score), its running total in
 * the cell of its seat and score column, its note beside; the totals last.
 * Only columns with something in them are shown: every seat of the first
 * score column (each team's first seat when the variant has teams, since a
 * team's points go there), and of the other columns (Hollywood's games 2
 * and 3, Cutthroat's pair settlements) the seats that scored in them. Each
 * cell is as wide as its widest figure.
 *
 * Laid out to a width: while every note fits beside its row, a table; else
 * a line per score line under its hand ("hand 7", then "seats 2-3: seat 3
 * +375 (total 375): seat 2 pays seat 3"), broken between words, and the
 * totals a table below when the cells fit, else lines too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"
#include "sbuf.h"
#include "width.h"
#include "engine_access.h"

#define LEAD 5     /* the hand number's column: "%4d ", "total" */
#define GAP 2      /* between two score columns */
#define NOTE_GAP 3 /* between the cells and the note */
#define NOTE_INDENT 6

typedef struct cell {
    int col, seat; /* from 1 */
    int width;     /* of its figures and its heading, the space before it not counted */
} cell;

typedef struct sheet {
    fuda_engine *e;
    int ncells;
    cell cells[FUDA_MAX_COLS * FUDA_MAX_SEATS];
    int ncol;      /* score columns in use (rows, names) */
    int named;     /* the columns' names are shown above them */
    int width;     /* the line's limit, 0: none */
    fuda_sbuf *b;
} sheet;

static int digits(long v) {
    char s[24];
    return snprintf(s, sizeof s, "%ld", v);
}

/* The name of score column c (from 1) in buf. */
static const char *col_name(const fuda_engine *e, int c, char *buf, size_t size) {
    const fuda_variant_info *info = fuda_engine_info(e);
    if (c <= info->ncols) return info->columns[c - 1];
    snprintf(buf, size, "column %d", c);
    return buf;
}

/* Is seat s (from 1) the first seat of a team? */
static int team_first(const fuda_engine *e, int s) {
    const unsigned *team;
    int nteams = fuda_engine_teams(e, &team);
    for (int t = 0; t < nteams; t++)
        if (team[t] & (1u << (s - 1))) return (team[t] & ((1u << (s - 1)) - 1)) == 0;
    return 0;
}

/* Which cells to show, and how wide: see the top of the file. */
static void pick_cells(sheet *sh) {
    fuda_engine *e = sh->e;
    int n = fuda_engine_state(e)->nseats, used[FUDA_MAX_COLS][FUDA_MAX_SEATS] = { { 0 } };
    long run[FUDA_MAX_COLS][FUDA_MAX_SEATS] = { { 0 } };
    int widest[FUDA_MAX_COLS][FUDA_MAX_SEATS] = { { 0 } };
    int ncols = fuda_engine_info(e)->ncols, nrows;
    const fuda_row *rows = fuda_engine_rows(e, &nrows);
    const unsigned *team;
    int nteams = fuda_engine_teams(e, &team);
    sh->ncol = ncols > 1 ? ncols : 1;
    for (int i = 0; i < nrows; i++) {
        const fuda_row *r = &rows[i];
        int c = r->col - 1, s = r->seat - 1;
        if (r->col > sh->ncol) sh->ncol = r->col;
        used[c][s] = 1;
        run[c][s] += r->points;
        if (digits(run[c][s]) > widest[c][s]) widest[c][s] = digits(run[c][s]);
    }
    sh->ncells = 0;
    int groups = 0;
    for (int c = 1; c <= sh->ncol; c++) {
        int any = 0;
        for (int s = 1; s <= n; s++) {
            int total = fuda_engine_total(e, s, c);
            int show = used[c - 1][s - 1] || total != 0 || (c == 1 && (nteams == 0 || team_first(e, s)));
            if (!show) continue;
            cell *x = &sh->cells[sh->ncells++];
            char head[16];
            x->col = c, x->seat = s;
            x->width = snprintf(head, sizeof head, "seat %d", s);
            if (widest[c - 1][s - 1] > x->width) x->width = widest[c - 1][s - 1];
            if (digits(total) > x->width) x->width = digits(total);
            any = 1;
        }
        groups += any;
    }
    sh->named = ncols > 1 || groups > 1 || (sh->ncells && sh->cells[0].col > 1);
}

/* The cells of score column c: [*from, *to). */
static void group(const sheet *sh, int c, int *from, int *to) {
    int i = 0;
    while (i < sh->ncells && sh->cells[i].col != c) i++;
    *from = i;
    while (i < sh->ncells && sh->cells[i].col == c) i++;
    *to = i;
}

/* Widen each column's last cell to hold its name; the table's width. */
static int table_width(sheet *sh) {
    int w = LEAD;
    for (int c = 1; c <= sh->ncol; c++) {
        int from, to, gw = 0;
        group(sh, c, &from, &to);
        if (from == to) continue;
        for (int i = from; i < to; i++) gw += 1 + sh->cells[i].width;
        if (sh->named) {
            char buf[32];
            const char *name = col_name(sh->e, c, buf, sizeof buf);
            int need = 1 + fuda_columns(name, strlen(name));
            if (need > gw) sh->cells[to - 1].width += need - gw, gw = need;
            w += GAP;
        }
        w += gw;
    }
    return w;
}

/* Drop the spaces at the end of the text since `start`. */
static void trim(fuda_sbuf *b, size_t start) {
    while (b->n > start && b->s[b->n - 1] == ' ') b->s[--b->n] = '\0';
}

/* The headings: the columns' names (when shown), then "hand seat 1 ..."
 * (with `rows` 0, above the totals alone, no "hand"). */
static void headings(sheet *sh, int rows) {
    fuda_sbuf *b = sh->b;
    size_t start = b->n;
    if (sh->named) {
        fuda_sb_add(b, "%*s", LEAD, "");
        for (int c = 1; c <= sh->ncol; c++) {
            int from, to, gw = 0;
            group(sh, c, &from, &to);
            if (from == to) continue;
            for (int i = from; i < to; i++) gw += 1 + sh->cells[i].width;
            char buf[32];
            const char *name = col_name(sh->e, c, buf, sizeof buf);
            fuda_sb_add(b, "%*s %s%*s", GAP, "", name, gw - 1 - fuda_columns(name, strlen(name)), "");
        }
        trim(b, start);
        fuda_sb_add(b, "\n");
    }
    fuda_sb_add(b, "%-*s", LEAD, rows ? "hand" : "");
    for (int i = 0; i < sh->ncells; i++) {
        if (sh->named && (i == 0 || sh->cells[i - 1].col != sh->cells[i].col)) fuda_sb_add(b, "%*s", GAP, "");
        char head[16];
        snprintf(head, sizeof head, "seat %d", sh->cells[i].seat);
        fuda_sb_add(b, " %*s", sh->cells[i].width, head);
    }
    fuda_sb_add(b, "\n");
}

/* A row of cells: row r's running total in its cell ("." elsewhere), or with
 * r NULL the totals. */
static void cells_line(sheet *sh, const fuda_row *r, long value) {
    fuda_sbuf *b = sh->b;
    if (r) fuda_sb_add(b, "%4d ", r->hand);
    else fuda_sb_add(b, "total");
    for (int i = 0; i < sh->ncells; i++) {
        const cell *x = &sh->cells[i];
        if (sh->named && (i == 0 || sh->cells[i - 1].col != x->col)) fuda_sb_add(b, "%*s", GAP, "");
        if (!r) fuda_sb_add(b, " %*d", x->width, fuda_engine_total(sh->e, x->seat, x->col));
        else if (r->col == x->col && r->seat == x->seat) fuda_sb_add(b, " %*ld", x->width, value);
        else fuda_sb_add(b, " %*s", x->width, ".");
    }
}

/* text broken between words to the width: the first line after `first`
 * columns already on it, the others indented by `indent`. */
static void add_wrapped(sheet *sh, const char *text, int first, int indent) {
    size_t n = strlen(text), at = 0;
    int avail = sh->width > 0 ? sh->width - first : 1 << 30;
    while (at < n) {
        size_t len, next = fuda_break_line(text + at, n - at, avail, &len);
        fuda_sb_add(sh->b, "%.*s\n", (int)len, text + at);
        at += next;
        if (at < n) fuda_sb_add(sh->b, "%*s", indent, "");
        avail = sh->width > 0 ? sh->width - indent : 1 << 30;
    }
    if (n == 0) fuda_sb_add(sh->b, "\n");
}

/* "seat 3 +21: knock 21" */
static char *row_note(const fuda_row *r) {
    fuda_sbuf t = { NULL, 0, 0 };
    fuda_sb_add(&t, "seat %d %+d%s%s", r->seat, r->points, r->note[0] ? ": " : "", r->note);
    return t.s;
}

/* Does every row's note fit beside its cells, the table being tw wide? */
static int notes_fit(const sheet *sh, int tw) {
    if (sh->width <= 0) return 1;
    int nrows;
    const fuda_row *rows = fuda_engine_rows(sh->e, &nrows);
    for (int i = 0; i < nrows; i++) {
        char *note = row_note(&rows[i]);
        int fits = note && tw + NOTE_GAP + fuda_columns(note, strlen(note)) <= sh->width;
        free(note);
        if (!fits) return 0;
    }
    return 1;
}

static void as_table(sheet *sh) {
    long run[FUDA_MAX_COLS][FUDA_MAX_SEATS] = { { 0 } };
    headings(sh, 1);
    int nrows;
    const fuda_row *rows = fuda_engine_rows(sh->e, &nrows);
    for (int i = 0; i < nrows; i++) {
        const fuda_row *r = &rows[i];
        run[r->col - 1][r->seat - 1] += r->points;
        cells_line(sh, r, run[r->col - 1][r->seat - 1]);
        char *note = row_note(r);
        fuda_sb_add(sh->b, "%*s%s\n", NOTE_GAP, "", note ? note : "");
        free(note);
    }
    cells_line(sh, NULL, 0);
    fuda_sb_add(sh->b, "\n");
}

/* Each row as a line under its hand. */
static void rows_as_lines(sheet *sh) {
    fuda_engine *e = sh->e;
    long run[FUDA_MAX_COLS][FUDA_MAX_SEATS] = { { 0 } };
    char buf[32];
    int nrows;
    const fuda_row *rows = fuda_engine_rows(e, &nrows);
    for (int i = 0; i < nrows; i++) {
        const fuda_row *r = &rows[i];
        long v = run[r->col - 1][r->seat - 1] += r->points;
        if (i == 0 || rows[i - 1].hand != r->hand) fuda_sb_add(sh->b, "hand %d\n", r->hand);
        const char *name = col_name(e, r->col, buf, sizeof buf);
        size_t nl = strlen(name);
        const char *note = r->note;
        int named = strncmp(note, name, nl) == 0 && note[nl] == ':'; /* "game 2: knock 53" */
        if (named) note += nl + 1 + (note[nl + 1] == ' ');
        fuda_sbuf t = { NULL, 0, 0 };
        if (named || r->col > 1) fuda_sb_add(&t, "%s: ", name);
        fuda_sb_add(&t, "seat %d %+d (total %ld)%s%s", r->seat, r->points, v, *note ? ": " : "", note);
        if (!t.s) continue;
        fuda_sb_add(sh->b, "  ");
        add_wrapped(sh, t.s, 2, 6);
        free(t.s);
    }
}

/* The totals as lines, a line per score column. */
static void totals_as_lines(sheet *sh) {
    fuda_engine *e = sh->e;
    char buf[32];
    fuda_sb_add(sh->b, "total%s", sh->named ? "\n" : "");
    for (int c = 1; c <= sh->ncol; c++) {
        int from, to;
        group(sh, c, &from, &to);
        if (from == to) continue;
        fuda_sbuf t = { NULL, 0, 0 };
        if (sh->named) fuda_sb_add(&t, "%s: ", col_name(e, c, buf, sizeof buf));
        for (int k = from; k < to; k++)
            fuda_sb_add(&t, "%sseat %d %d", k > from ? ", " : "", sh->cells[k].seat,
                        fuda_engine_total(e, sh->cells[k].seat, c));
        if (!t.s) continue;
        fuda_sb_add(sh->b, "  ");
        add_wrapped(sh, t.s, sh->named ? 2 : LEAD + 2, 6);
        free(t.s);
    }
}

char *fuda_engine_scoresheet_fit(fuda_engine *e, int width) {
    fuda_sbuf b = { NULL, 0, 0 };
    fuda_sb_add(&b, "");
    if (!fuda_engine_started(e)) return b.s;
    sheet sh = { 0 };
    sh.e = e, sh.b = &b, sh.width = width;
    pick_cells(&sh);
    int tw = table_width(&sh), fits = width <= 0 || tw <= width;
    if (fits && notes_fit(&sh, tw)) {
        as_table(&sh);
        return b.s;
    }
    rows_as_lines(&sh);
    if (fits) {
        headings(&sh, 0);
        cells_line(&sh, NULL, 0);
        fuda_sb_add(&b, "\n");
    } else {
        totals_as_lines(&sh);
    }
    return b.s;
}

char *fuda_engine_scoresheet(fuda_engine *e) { return fuda_engine_scoresheet_fit(e, 0); }
