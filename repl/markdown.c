/* markdown.c -- a rules document as plain text laid out to a width (see
 * markdown.h): the document is cut into blocks (heading, paragraph, list,
 * code, table), each block's inline marks are rendered, then its text is
 * broken between words (render.h: fuda_fill; core/width.h counts a
 * Japanese character two columns). */
#include "markdown.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "render.h"
#include "width.h"

#define CODE_INDENT 4
#define MAX_COLS 16   /* table columns; more are joined into the last */
#define CELL_GAP 2    /* between two table columns */
#define MIN_CELL 8    /* a narrowed column keeps at least this many (or its widest word) */
#define WORD_CAP 16   /* ... or its widest word up to this many */
#define WHOLE_CODE 24 /* a code span up to this many columns is not broken across lines */
#define KEEP '\x01'   /* a space inside such a span while the text is laid out */

typedef struct line {
    const char *s;
    size_t n;
} line;

typedef struct doc {
    line *v;
    int n, i;        /* the lines, and the next one to read */
    int width;       /* <= 0: no limit */
    int list_indent; /* where the last list item's text starts: deeper than 4 past it is code */
    fuda_buf *out;
} doc;

/* ---- lines ---- */

static int indent_of(line l) {
    size_t k = 0;
    while (k < l.n && l.s[k] == ' ') k++;
    return (int)k;
}

static int blank(line l) { return indent_of(l) == (int)l.n; }

static int fence(line l) {
    int k = indent_of(l);
    return l.n >= (size_t)k + 3 && strncmp(l.s + k, "```", 3) == 0;
}

/* The level of a heading line ("## x": 2), else 0. */
static int heading(line l) {
    size_t k = 0;
    while (k < l.n && l.s[k] == '#') k++;
    return k >= 1 && k <= 6 && k < l.n && l.s[k] == ' ' ? (int)k : 0;
}

/* The length of a list item's marker and the space after it ("- ", "12. ")
 * past the indent, else 0. */
static int item(line l) {
    size_t k = (size_t)indent_of(l), m = k;
    if (m < l.n && (l.s[m] == '-' || l.s[m] == '*' || l.s[m] == '+')) m++;
    else {
        while (m < l.n && l.s[m] >= '0' && l.s[m] <= '9' && m - k < 9) m++;
        if (m == k || m >= l.n || (l.s[m] != '.' && l.s[m] != ')')) return 0;
        m++;
    }
    return m < l.n && l.s[m] == ' ' ? (int)(m - k) + 1 : 0;
}

static int table_row(line l) {
    int k = indent_of(l);
    return k < 4 && (size_t)k < l.n && l.s[k] == '|';
}

/* A table's second line: |---|:--:| */
static int table_rule(line l) {
    if (!table_row(l)) return 0;
    int dash = 0;
    for (size_t k = 0; k < l.n; k++) {
        if (l.s[k] == '-') dash = 1;
        else if (!strchr("|: ", l.s[k])) return 0;
    }
    return dash;
}

/* Does line i start a block other than a paragraph? */
static int block_start(const doc *d, int i) {
    line l = d->v[i];
    return fence(l) || heading(l) || item(l) || (table_row(l) && i + 1 < d->n && table_rule(d->v[i + 1]));
}

/* ---- inline marks ---- */

/* Where the run of `ticks` backticks closing a code span starting at s[k]
 * is, or 0. */
static size_t code_end(const char *s, size_t n, size_t k, size_t ticks) {
    for (size_t j = k; j + ticks <= n; j++) {
        if (s[j] != '`') continue;
        size_t r = 0;
        while (j + r < n && s[j + r] == '`') r++;
        if (r == ticks) return j;
        j += r - 1;
    }
    return 0;
}

/* Is there a closing `mark` ("*" or "**") in s[k..n) after a non-space? */
static int closes_later(const char *s, size_t n, size_t k, const char *mark) {
    size_t m = strlen(mark);
    for (size_t j = k + 1; j + m <= n; j++) {
        if (s[j] == '`') {
            size_t t = 0;
            while (j + t < n && s[j + t] == '`') t++;
            size_t e = code_end(s, n, j + t, t);
            if (e) j = e + t - 1;
            continue;
        }
        if (strncmp(s + j, mark, m) == 0 && s[j - 1] != ' ' && (m == 2 || j + 1 >= n || s[j + 1] != '*')) return 1;
        if (m == 1 && s[j] == '*' && j + 1 < n && s[j + 1] == '*') j++;
    }
    return 0;
}

/* A code span's text: in single quotes, unless it is a string in double
 * quotes already or `bare`; its spaces kept (KEEP) when it is short. */
static void add_code(fuda_buf *b, const char *s, size_t n, int bare) {
    int quoted = n >= 2 && s[0] == '"' && s[n - 1] == '"';
    size_t start = b->len;
    if (!bare && !quoted) fuda_buf_addc(b, '\'');
    fuda_buf_addn(b, s, n);
    if (!bare && !quoted) fuda_buf_addc(b, '\'');
    if (fuda_columns(b->p + start, b->len - start) <= WHOLE_CODE)
        for (size_t k = start; k < b->len; k++)
            if (b->p[k] == ' ') b->p[k] = KEEP;
}

/* s[0..n) with its inline marks rendered, appended to b; a code span that is
 * all of s without its quotes when `bare` (a table cell). */
static void add_inline_as(fuda_buf *b, const char *s, size_t n, int bare);

static void add_inline(fuda_buf *b, const char *s, size_t n) { add_inline_as(b, s, n, 0); }

static void add_inline_as(fuda_buf *b, const char *s, size_t n, int bare) {
    int strong = 0, em = 0;
    for (size_t k = 0; k < n; k++) {
        char c = s[k];
        if (c == '\\' && k + 1 < n && strchr("\\`*_[]()#|<>-.!+{}", s[k + 1])) {
            fuda_buf_addc(b, s[++k]);
        } else if (c == '`') {
            size_t t = 0;
            while (k + t < n && s[k + t] == '`') t++;
            size_t e = code_end(s, n, k + t, t);
            if (!e) { /* no closing run: the backticks are text */
                fuda_buf_addn(b, s + k, t);
                k += t - 1;
                continue;
            }
            size_t from = k + t, to = e;
            if (to - from >= 2 && s[from] == ' ' && s[to - 1] == ' ') from++, to--;
            add_code(b, s + from, to - from, bare && k == 0 && e + t == n);
            k = e + t - 1;
        } else if (c == '*' && k + 1 < n && s[k + 1] == '*') {
            if (strong) strong = 0;
            else if (k + 2 < n && s[k + 2] != ' ' && closes_later(s, n, k + 1, "**")) strong = 1;
            else fuda_buf_adds(b, "**");
            k++;
        } else if (c == '*') {
            if (em) em = 0;
            else if (k + 1 < n && s[k + 1] != ' ' && closes_later(s, n, k, "*")) em = 1;
            else fuda_buf_addc(b, '*');
        } else if (c == '[') { /* [text](url) -> text (url) */
            const char *close = memchr(s + k, ']', n - k);
            size_t j = close ? (size_t)(close - s) : n;
            const char *paren = j + 1 < n && s[j + 1] == '(' ? memchr(s + j, ')', n - j) : NULL;
            if (!paren) {
                fuda_buf_addc(b, c);
                continue;
            }
            add_inline(b, s + k + 1, j - k - 1);
            fuda_buf_adds(b, " (");
            fuda_buf_addn(b, s + j + 2, (size_t)(paren - s) - j - 2);
            fuda_buf_addc(b, ')');
            k = (size_t)(paren - s);
        } else {
            fuda_buf_addc(b, c);
        }
    }
}

/* Lines [from, to) joined by spaces (each without its indent), rendered. */
static char *joined(const doc *d, int from, int to, size_t skip_first) {
    fuda_buf raw = FUDA_BUF_INIT, b = FUDA_BUF_INIT;
    for (int i = from; i < to; i++) {
        line l = d->v[i];
        size_t k = i == from ? skip_first : (size_t)indent_of(l);
        while (l.n > k && l.s[l.n - 1] == ' ') l.n--;
        if (raw.len) fuda_buf_addc(&raw, ' ');
        fuda_buf_addn(&raw, l.s + k, l.n - k);
    }
    add_inline(&b, raw.p ? raw.p : "", raw.len);
    fuda_buf_free(&raw);
    if (!b.p) fuda_buf_adds(&b, "");
    return fuda_buf_take(&b);
}

/* ---- blocks ---- */

/* Text broken to the width, every line after `indent` spaces. */
static void paragraph_at(doc *d, const char *text, int indent) {
    fuda_buf_addf(d->out, "%*s", indent, "");
    fuda_fill(d->out, text, d->width, indent, indent);
}

static void do_heading(doc *d) {
    line l = d->v[d->i++];
    int level = heading(l);
    char *text = joined(d, d->i - 1, d->i, (size_t)level + 1);
    fuda_fill(d->out, text, d->width, 0, 0);
    if (level <= 2) {
        int w = fuda_columns(text, strlen(text));
        if (d->width > 0 && w > d->width) w = d->width;
        for (int k = 0; k < w; k++) fuda_buf_addc(d->out, level == 1 ? '=' : '-');
        fuda_buf_addc(d->out, '\n');
    }
    free(text);
    d->list_indent = 0;
}

/* A code line: its text as it is after `indent` spaces, broken at spaces
 * when too long (the rest indented two more). */
static void code_line(doc *d, line l, int strip, int indent) {
    int k = indent_of(l);
    if (k > strip) k = strip;
    fuda_buf text = FUDA_BUF_INIT;
    fuda_buf_addn(&text, l.s + k, l.n - (size_t)k);
    fuda_buf_addf(d->out, "%*s", indent, "");
    fuda_fill(d->out, text.p ? text.p : "", d->width, indent, indent + 2);
    fuda_buf_free(&text);
}

/* The indent of a code block of lines [from, to): CODE_INDENT, or 2 when a
 * line would not fit after it. */
static int code_indent(const doc *d, int from, int to, int strip) {
    for (int i = from; i < to && d->width > 0; i++) {
        line l = d->v[i];
        int k = indent_of(l) < strip ? indent_of(l) : strip;
        if (CODE_INDENT + fuda_columns(l.s + k, l.n - (size_t)k) > d->width) return 2;
    }
    return CODE_INDENT;
}

static void do_fenced(doc *d) {
    int strip = indent_of(d->v[d->i++]), end = d->i;
    while (end < d->n && !fence(d->v[end])) end++;
    int indent = code_indent(d, d->i, end, strip);
    while (d->i < end) code_line(d, d->v[d->i++], strip, indent);
    if (d->i < d->n) d->i++; /* the closing fence */
}

static void do_indented_code(doc *d, int strip) {
    int end = d->i;
    while (end < d->n && (blank(d->v[end]) || indent_of(d->v[end]) >= strip)) end++;
    int indent = code_indent(d, d->i, end, strip);
    while (d->i < d->n) {
        line l = d->v[d->i];
        if (blank(l)) { /* a blank line inside the block, when indented code follows */
            int j = d->i;
            while (j < d->n && blank(d->v[j])) j++;
            if (j == d->n || indent_of(d->v[j]) < strip) return;
            for (; d->i < j; d->i++) fuda_buf_addc(d->out, '\n');
            continue;
        }
        if (indent_of(l) < strip) return;
        code_line(d, l, strip, indent);
        d->i++;
    }
}

/* Consecutive list items, each with the lines that continue it. */
static void do_list(doc *d) {
    while (d->i < d->n && item(d->v[d->i])) {
        int from = d->i++, ind = indent_of(d->v[from]), mark = item(d->v[from]);
        while (d->i < d->n && !blank(d->v[d->i]) && !block_start(d, d->i)) d->i++;
        char *text = joined(d, from, d->i, (size_t)(ind + mark));
        fuda_buf_addf(d->out, "%.*s", ind + mark, d->v[from].s);
        fuda_fill(d->out, text, d->width, ind + mark, ind + mark);
        free(text);
        d->list_indent = ind + mark;
    }
}

static void do_paragraph(doc *d) {
    int from = d->i++, ind = indent_of(d->v[from]);
    while (d->i < d->n && !blank(d->v[d->i]) && !block_start(d, d->i)) d->i++;
    char *text = joined(d, from, d->i, (size_t)ind);
    paragraph_at(d, text, ind);
    free(text);
    if (ind == 0) d->list_indent = 0;
}

/* ---- tables ---- */

typedef struct table {
    int nrows, ncols;
    char **cell;                 /* nrows x MAX_COLS, rendered; row 0 the headings */
    int natural[MAX_COLS];       /* the widest cell of each column */
    int word[MAX_COLS];          /* its widest word */
    int width[MAX_COLS];         /* as laid out */
} table;

static char **cell_at(table *t, int r, int c) { return &t->cell[r * MAX_COLS + c]; }

/* Split a row into rendered cells: at '|' outside code spans and escapes. */
static void split_row(table *t, int r, line l) {
    size_t k = (size_t)indent_of(l) + 1, n = l.n;
    while (n > k && l.s[n - 1] == ' ') n--;
    if (n > k && l.s[n - 1] == '|' && (n < 2 || l.s[n - 2] != '\\')) n--;
    int c = 0;
    while (k <= n && c < MAX_COLS) {
        size_t j = k;
        while (j < n && l.s[j] != '|') {
            if (l.s[j] == '\\') j++;
            else if (l.s[j] == '`') {
                size_t ticks = 0;
                while (j + ticks < n && l.s[j + ticks] == '`') ticks++;
                size_t e = code_end(l.s, n, j + ticks, ticks);
                if (e) j = e + ticks - 1;
            }
            j++;
        }
        if (c == MAX_COLS - 1) j = n; /* the rest joins the last column */
        size_t a = k, z = j < n ? j : n;
        while (a < z && l.s[a] == ' ') a++;
        while (z > a && l.s[z - 1] == ' ') z--;
        fuda_buf b = FUDA_BUF_INIT;
        add_inline_as(&b, l.s + a, z - a, 1);
        if (!b.p) fuda_buf_adds(&b, "");
        *cell_at(t, r, c++) = fuda_buf_take(&b);
        k = j + 1;
    }
    if (c > t->ncols) t->ncols = c;
}

/* The least width a column with text s should get: its widest piece that
 * cannot break (a word; a Japanese character), and its widest run between
 * spaces when that is at most WORD_CAP columns (a Japanese run breaks
 * between characters, but better not). */
static int widest_word(const char *s) {
    int unit = 0, run = 0;
    for (const char *p = s; *p;) {
        size_t n = strlen(p), len, next = fuda_break_line(p, n, 1, &len);
        int w = fuda_columns(p, len);
        if (w > unit) unit = w;
        if (next == 0) break;
        p += next;
    }
    for (const char *p = s; *p;) {
        size_t n = strcspn(p, " ");
        int w = fuda_columns(p, n);
        if (w > run && w <= WORD_CAP) run = w;
        p += n + (p[n] == ' ');
    }
    return unit > run ? unit : run;
}

/* How many lines cell text s takes in `width` columns. */
static int lines_in(const char *s, int width) {
    size_t n = strlen(s), at = 0;
    int k = 0;
    while (at < n) {
        size_t len;
        at += fuda_break_line(s + at, n - at, width, &len);
        k++;
    }
    return k;
}

/* What a layout costs: the lines the table takes in its columns' widths,
 * then (for a tie) the lines of all its cells, so no cell breaks for
 * nothing. */
static long table_cost(table *t) {
    long rows = 0, cells = 0;
    for (int r = 0; r < t->nrows; r++) {
        int most = 1;
        for (int c = 0; c < t->ncols; c++) {
            const char *s = *cell_at(t, r, c);
            int k = s ? lines_in(s, t->width[c]) : 1;
            cells += k;
            if (k > most) most = k;
        }
        rows += most;
    }
    return rows * 100000 + cells;
}

/* Narrow the columns to fit `room`: each keeps its widest word (capped) or
 * MIN_CELL, the space left goes to the columns that want more, a column at a
 * time to the one short of the most; then space moves from one column to
 * another while that makes the table shorter (table_cost). 0 if even the
 * words do not fit. */
static int narrow(table *t, int room) {
    int sum = 0, least[MAX_COLS];
    for (int c = 0; c < t->ncols; c++) {
        least[c] = t->natural[c] < MIN_CELL ? t->natural[c] : MIN_CELL;
        if (t->word[c] > least[c]) least[c] = t->word[c];
        t->width[c] = least[c];
        sum += t->width[c];
    }
    if (sum > room) return 0;
    for (; sum < room; sum++) {
        int best = -1;
        for (int c = 0; c < t->ncols; c++)
            if (t->width[c] < t->natural[c] && (best < 0 || t->natural[c] - t->width[c] > t->natural[best] - t->width[best]))
                best = c;
        if (best < 0) break;
        t->width[best]++;
    }
    for (long cost = table_cost(t), better = 1; better;) {
        better = 0;
        for (int a = 0; a < t->ncols; a++)
            for (int b = 0; b < t->ncols; b++)
                for (int k = 1; a != b && k <= t->width[a] - least[a] && t->width[b] + k <= t->natural[b]; k++) {
                    t->width[a] -= k, t->width[b] += k;
                    long c = table_cost(t);
                    if (c < cost) {
                        cost = c, better = 1;
                        break;
                    }
                    t->width[a] += k, t->width[b] -= k;
                }
    }
    return 1;
}

/* The piece of cell text s that goes on its next line of `width` columns;
 * *s moves past it. */
static void cell_piece(fuda_buf *b, const char **s, int width) {
    size_t n = strlen(*s), len, next = fuda_break_line(*s, n, width, &len);
    fuda_buf_addn(b, *s, len);
    int pad = width - fuda_columns(*s, len);
    *s += next;
    if (pad > 0) fuda_buf_addf(b, "%*s", pad, "");
}

/* Row r laid out in the columns' widths, its cells broken into lines. */
static void table_line(doc *d, table *t, int r) {
    const char *rest[MAX_COLS];
    for (int c = 0; c < t->ncols; c++) rest[c] = *cell_at(t, r, c) ? *cell_at(t, r, c) : "";
    for (;;) {
        int more = 0;
        for (int c = 0; c < t->ncols; c++) more |= *rest[c] != '\0';
        if (!more) break;
        size_t start = d->out->len;
        for (int c = 0; c < t->ncols; c++) {
            if (c) fuda_buf_addf(d->out, "%*s", CELL_GAP, "");
            cell_piece(d->out, &rest[c], t->width[c]);
        }
        while (d->out->len > start && d->out->p[d->out->len - 1] == ' ') d->out->p[--d->out->len] = '\0';
        fuda_buf_addc(d->out, '\n');
    }
}

static void table_as_table(doc *d, table *t) {
    int tall = 0; /* a row of several lines: a blank line between rows */
    for (int r = 0; r < t->nrows; r++)
        for (int c = 0; c < t->ncols; c++) {
            const char *s = *cell_at(t, r, c);
            if (s && fuda_columns(s, strlen(s)) > t->width[c]) tall = 1;
        }
    for (int r = 0; r < t->nrows; r++) {
        if (r > 1 && tall) fuda_buf_addc(d->out, '\n');
        table_line(d, t, r);
        if (r > 0) continue;
        for (int c = 0; c < t->ncols; c++) { /* the rule under the headings */
            if (c) fuda_buf_addf(d->out, "%*s", CELL_GAP, "");
            for (int k = 0; k < t->width[c]; k++) fuda_buf_addc(d->out, '-');
        }
        fuda_buf_addc(d->out, '\n');
    }
}

/* Too narrow for columns: "heading: value" lines, a row at a time. */
static void table_as_lines(doc *d, table *t) {
    for (int r = 1; r < t->nrows; r++) {
        if (r > 1) fuda_buf_addc(d->out, '\n');
        for (int c = 0; c < t->ncols; c++) {
            const char *h = *cell_at(t, 0, c), *v = *cell_at(t, r, c);
            fuda_buf text = FUDA_BUF_INIT;
            fuda_buf_addf(&text, "%s%s%s", h && *h ? h : "", h && *h ? ": " : "", v ? v : "");
            fuda_fill(d->out, text.p, d->width, 0, 2);
            fuda_buf_free(&text);
        }
    }
}

static void do_table(doc *d) {
    int from = d->i;
    while (d->i < d->n && table_row(d->v[d->i])) d->i++;
    table t = { 0 };
    t.cell = calloc((size_t)(d->i - from) * MAX_COLS, sizeof *t.cell);
    if (!t.cell) {
        fputs("fuda: out of memory\n", stderr);
        exit(1);
    }
    for (int i = from; i < d->i; i++)
        if (i != from + 1) split_row(&t, t.nrows++, d->v[i]); /* the rule line is not a row */
    int sum = CELL_GAP * (t.ncols - 1);
    for (int c = 0; c < t.ncols; c++) {
        for (int r = 0; r < t.nrows; r++) {
            const char *s = *cell_at(&t, r, c);
            if (!s) continue;
            int w = fuda_columns(s, strlen(s)), ww = widest_word(s);
            if (w > t.natural[c]) t.natural[c] = w;
            if (ww > t.word[c]) t.word[c] = ww;
        }
        t.width[c] = t.natural[c];
        sum += t.natural[c];
    }
    if (d->width <= 0 || sum <= d->width || narrow(&t, d->width - CELL_GAP * (t.ncols - 1)))
        table_as_table(d, &t);
    else
        table_as_lines(d, &t);
    for (int k = 0; k < t.nrows * MAX_COLS; k++) free(t.cell[k]);
    free(t.cell);
}

/* ---- the document ---- */

static void split_lines(doc *d, const char *md) {
    int cap = 64;
    d->v = fuda_xrealloc(NULL, (size_t)cap * sizeof *d->v);
    for (const char *s = md; *s;) {
        size_t n = strcspn(s, "\n");
        if (d->n == cap) d->v = fuda_xrealloc(d->v, (size_t)(cap *= 2) * sizeof *d->v);
        d->v[d->n].s = s;
        d->v[d->n].n = n > 0 && s[n - 1] == '\r' ? n - 1 : n;
        d->n++;
        s += n + (s[n] == '\n');
    }
}

char *fuda_markdown_text(const char *md, int width) {
    fuda_buf out = FUDA_BUF_INIT;
    doc d = { 0 };
    d.width = width, d.out = &out;
    split_lines(&d, md);
    int first = 1;
    while (d.i < d.n) {
        line l = d.v[d.i];
        if (blank(l)) {
            d.i++;
            continue;
        }
        if (!first) fuda_buf_addc(&out, '\n');
        first = 0;
        if (fence(l)) do_fenced(&d);
        else if (heading(l)) do_heading(&d);
        else if (table_row(l) && d.i + 1 < d.n && table_rule(d.v[d.i + 1])) do_table(&d);
        else if (item(l)) do_list(&d);
        else if (indent_of(l) >= d.list_indent + CODE_INDENT) do_indented_code(&d, indent_of(l));
        else do_paragraph(&d);
    }
    free(d.v);
    if (!out.p) fuda_buf_adds(&out, "");
    for (size_t k = 0; k < out.len; k++)
        if (out.p[k] == KEEP) out.p[k] = ' ';
    return fuda_buf_take(&out);
}
