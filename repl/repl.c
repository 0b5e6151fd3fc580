/* repl.c -- `fuda` with no command: an interactive session. A line whose
 * first word is a command (play, sim, list, rules, run, help, quit, exit) runs
 * it, with the same syntax as on the command line; anything else is Lua,
 * evaluated the way lua.c does (expressions print their values, incomplete
 * statements continue on the next line). History is kept in $XDG_STATE_HOME/fuda/repl_history
 * when stdin is a terminal. Ctrl-C cancels the line being typed (and a Lua
 * statement being continued) and shows a new prompt.
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
#include "host.h"
#include "input.h"
#include "line.h"

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
static int run_command_line(const char *line, const fuda_config *cfg) {
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
                 "quit, exit or Ctrl-D leave.");
        } else
            fuda_run_command(n, w, cfg);
    }
    fuda_words_free(w);
    return r;
}

/* Print the result of an evaluation. */
static void print_result(int status, const char *out) {
    if (!out || !*out) return;
    FILE *f = status == 0 ? stdout : stderr;
    if (f == stderr) fflush(stdout);
    fputs(out, f);
    if (out[strlen(out) - 1] != '\n') fputc('\n', f);
    fflush(f);
}

/* Evaluate the Lua chunk that starts with `line`, reading more lines while it
 * is incomplete. Returns 0, or -1 when input ended inside the chunk. */
static int eval_lua(fuda_host *h, const char *line, int echo, budget *bud) {
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
        int status = fuda_host_eval(h, chunk.p, &out);
        if (status != 1) {
            print_result(status, out);
            break;
        }
        int cancelled;
        char *more = fuda_line_read_or_cancel(PROMPT_MORE, echo, &cancelled);
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

int fuda_cmd_repl(const fuda_config *cfg) {
    fuda_host *h = fuda_host_new(cfg);
    if (!h) return fuda_fail("out of memory");
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
        r = line[strspn(line, " \t")] ? run_command_line(line, cfg) : LINE_DONE;
        if (r == LINE_LUA && eval_lua(h, line, 0, &bud) != 0) r = LINE_QUIT;
        free(line);
    }
    fuda_line_history_save(hist);
    free(hist);
    fuda_host_free(h);
    return FUDA_EXIT_OK;
}
