/* repl.c -- `fuda` with no command: an interactive session. A line whose
 * first word is a command (play, sim, list, rules, run, help, quit, exit) runs
 * it, with the same syntax as on the command line; anything else is Lua,
 * evaluated the way lua.c does (expressions print their values, incomplete
 * statements continue on the next line). History is kept in $XDG_STATE_HOME/fuda/repl_history
 * when stdin is a terminal. Ctrl-C cancels the line being typed (and a Lua
 * statement being continued) and shows a new prompt. Tab completes commands,
 * their flags, variant and option names, and Lua names (complete.c).
 *
 * A statement that goes on over several lines is parsed again at each new
 * line, as lua.c does, which costs time in the square of its length. So the
 * session keeps the bytes parsed within PARSE_SLACK + PARSE_PER_BYTE times the
 * bytes read: a statement that would go past is dropped with a message, and
 * input of any shape is handled in time linear in its size. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "cli.h"
#include "complete.h"
#include "host.h"
#include "input.h"
#include "line.h"
#include "out.h"
#include "render.h"

#define PROMPT "fuda> "
#define PROMPT_MORE ">> "

#define PARSE_SLACK ((size_t)64 << 20)
#define PARSE_PER_BYTE 32

enum { LINE_LUA, LINE_DONE, LINE_QUIT };

/* Bytes read from the user and bytes given to the Lua parser so far. */
typedef struct budget { size_t read, parsed; } budget;

static int over_budget(const budget *b, size_t more) {
    return b->parsed + more > PARSE_SLACK + PARSE_PER_BYTE * b->read;
}

/* The session: its Lua state, and what Tab completes from (an engine made
 * at the first need lists the variants and loads one for its options). */
typedef struct session {
    fuda_host *h;
    const fuda_config *cfg;
    fuda_engine *e;
    char **variants;
    fuda_buf usage;
    int first; /* 1 at the first line of a statement, 0 on a continued one */
} session;

static fuda_engine *session_engine(session *s) {
    if (!s->e) s->e = fuda_engine_new(s->cfg);
    return s->e;
}

static const char *src_usage(void *ud, const char *cmd) {
    session *s = ud;
    const char *usage = fuda_command_usage(cmd), *help = fuda_command_help(cmd);
    if (!usage) return NULL;
    fuda_buf_free(&s->usage);
    fuda_buf_addf(&s->usage, "%s\n%s", usage, help ? help : "");
    return s->usage.p;
}

/* The variants as `list` shows them (not the abstract bases), listed once. */
static void src_variants(void *ud, fuda_cands *out) {
    session *s = ud;
    if (!s->variants && session_engine(s) && fuda_engine_list(s->e, &s->variants) >= 0) {
        char **keep = s->variants;
        for (char **v = s->variants; *v; v++) {
            if (fuda_engine_load(s->e, *v, NULL, 0) == 0 && fuda_engine_info(s->e)->abstract) free(*v);
            else *keep++ = *v;
        }
        *keep = NULL;
    }
    for (char **v = s->variants; v && *v; v++) fuda_cands_add(out, *v);
}

static void src_options(void *ud, const char *variant, fuda_cands *out) {
    session *s = ud;
    if (!session_engine(s) || fuda_engine_load(s->e, variant, NULL, 0) != 0) return;
    const fuda_variant_info *info = fuda_engine_info(s->e);
    for (int i = 0; i < info->nopts; i++) {
        fuda_buf b = FUDA_BUF_INIT;
        fuda_buf_addf(&b, "%s=", info->opts[i].name);
        fuda_cands_add(out, b.p);
        fuda_buf_free(&b);
    }
}

static void add_name(void *ud, const char *name) { fuda_cands_add(ud, name); }

static void src_lua(void *ud, const char *word, fuda_cands *out) {
    session *s = ud;
    fuda_host_complete(s->h, word, add_name, out);
}

/* The session's completer (see fuda_line_set_completer). */
static void complete(void *ud, const char *line, int point, fuda_cands *out) {
    session *s = ud;
    fuda_repl_source src = { s, fuda_command_names(), src_usage, src_variants, src_options, src_lua };
    fuda_complete_repl(line, point, s->first, &src, out);
}

/* The REPL's history file (malloc'd), or NULL: $XDG_STATE_HOME/fuda/repl_history
 * (see fuda_state_file). A history still in the old place, ~/.fuda_history,
 * is read the first time, before the new file exists. */
static char *history_path(void) {
    char *path = fuda_state_file("repl_history");
    const char *home = getenv("HOME");
    if (path && home && *home && access(path, F_OK) != 0) {
        fuda_buf b = FUDA_BUF_INIT;
        fuda_buf_addf(&b, "%s/.fuda_history", home);
        char *old = fuda_buf_take(&b);
        fuda_line_history_load(old);
        free(old);
    }
    return path;
}

/* Is this line a command? Its first word must name one, and the second must
 * not make it Lua ("list = {}"). */
static int is_command_line(char **w, int n) {
    if (n == 0) return 0;
    if (strcmp(w[0], "quit") && strcmp(w[0], "exit") && !fuda_is_command(w[0])) return 0;
    return n == 1 || w[1][0] != '=';
}

/* Run the line if it is a command: LINE_DONE, LINE_QUIT, or LINE_LUA when it
 * is not a command. */
static int run_command_line(const char *line, const fuda_config *cfg, fuda_command_fn run) {
    char **w;
    int n = fuda_split_words(line, &w);
    int r = LINE_LUA;
    if (is_command_line(w, n)) {
        r = LINE_DONE;
        if (strcmp(w[0], "quit") == 0 || strcmp(w[0], "exit") == 0)
            r = LINE_QUIT;
        else if (strcmp(w[0], "help") == 0 && n == 1) {
            fuda_print_help(NULL);
            puts("\nIn this session: any other line is Lua ('return 1+1', 'print(fuda)');\n"
                 "quit, exit or Ctrl-D leave. Tab completes commands, variants, flags and Lua names.");
        } else
            run(n, w, cfg);
    }
    fuda_words_free(w);
    return r;
}

/* Print the result of an evaluation: values with their card marks rendered
 * as everywhere else (fuda.show's {7h} is 7h, or 7♥ in colour), errors as
 * they are. A value may be a variant's text (m:view()): what the script
 * chose in it is made harmless first (out.h), the colours are fuda's. */
static void print_result(int status, const char *out) {
    if (!out || !*out) return;
    FILE *f = status == 0 ? stdout : stderr;
    if (f == stderr) fflush(stdout);
    fuda_buf safe = FUDA_BUF_INIT;
    fuda_buf_term(&safe, out, FUDA_TERM_BLOCK);
    char *shown = status == 0 ? fuda_render_cards(safe.p, fuda_render_style_for(f)) : NULL;
    const char *text = shown ? shown : safe.p;
    fuda_out_raw(f, text, strlen(text));
    if (*text && text[strlen(text) - 1] != '\n') fputc('\n', f);
    fuda_buf_free(&safe);
    free(shown);
    fflush(f);
}

/* Evaluate the Lua chunk that starts with `line`, reading more lines while it
 * is incomplete. Returns 0, or -1 when input ended inside the chunk. */
static int eval_lua(session *s, const char *line, int echo, budget *bud) {
    fuda_buf chunk = FUDA_BUF_INIT;
    fuda_buf_adds(&chunk, line);
    for (int lines = 1;; lines++) {
        const char *out = NULL;
        if (lines > 1 && over_budget(bud, chunk.len)) {
            fuda_fail("a Lua statement going on for %d lines (%zu bytes) is too long to read at "
                      "this prompt: dropped (put it in a file and use `run FILE`)", lines, chunk.len);
            break;
        }
        bud->parsed += chunk.len;
        int status = fuda_host_eval(s->h, chunk.p, &out);
        if (status != 1) {
            print_result(status, out);
            break;
        }
        int cancelled;
        s->first = 0;
        char *more = fuda_line_read_or_cancel(PROMPT_MORE, echo, &cancelled);
        s->first = 1;
        if (!more) {
            fuda_buf_free(&chunk);
            return -1;
        }
        if (cancelled) { /* Ctrl-C drops the whole statement */
            free(more);
            break;
        }
        bud->read += strlen(more) + 1;
        fuda_buf_addc(&chunk, '\n');
        fuda_buf_adds(&chunk, more);
        free(more);
    }
    fuda_buf_free(&chunk);
    return 0;
}

int fuda_cmd_repl(const fuda_config *cfg, fuda_command_fn run) {
    session s = { fuda_host_new(cfg), cfg, NULL, NULL, FUDA_BUF_INIT, 1 };
    if (!s.h) return fuda_fail("out of memory");
    fuda_line_completer outer = fuda_line_set_completer((fuda_line_completer){ complete, &s });
    int tty = fuda_line_tty();
    char *hist = history_path();
    fuda_line_history_load(hist);
    if (tty) puts("fuda -- type Lua, or a command (help lists them); Ctrl-D quits.");
    int r = LINE_DONE;
    budget bud = { 0, 0 };
    while (r != LINE_QUIT) {
        char *line = fuda_line_read(PROMPT, 0);
        if (!line) break; /* readline itself ends the line after Ctrl-D */
        bud.read += strlen(line) + 1;
        r = line[strspn(line, " \t")] ? run_command_line(line, cfg, run) : LINE_DONE;
        if (r == LINE_LUA && eval_lua(&s, line, 0, &bud) != 0) r = LINE_QUIT;
        free(line);
    }
    fuda_line_history_save(hist);
    free(hist);
    fuda_line_set_completer(outer);
    fuda_free_names(s.variants);
    if (s.e) fuda_engine_free(s.e);
    fuda_buf_free(&s.usage);
    fuda_host_free(s.h);
    return FUDA_EXIT_OK;
}
