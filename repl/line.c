/* line.c -- line input for the REPL and the match prompt. See line.h. */
#include "line.h"
#include "complete.h"
#include "out.h"
#include "text_term.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <unistd.h>

#include <readline/history.h>
#include <readline/readline.h>

#define HISTORY_LINES 1000

int fuda_line_tty(void) { return isatty(STDIN_FILENO); }

/* A line from stdio, without its newline; NULL at end of input. */
static char *read_plain(void) {
    char *line = NULL;
    size_t cap = 0;
    ssize_t n = getline(&line, &cap, stdin);
    if (n < 0) {
        free(line);
        return NULL;
    }
    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r')) line[--n] = '\0';
    return line;
}

/* ---- Tab completion ---- */

static fuda_line_completer completer;

fuda_line_completer fuda_line_set_completer(fuda_line_completer c) {
    fuda_line_completer old = completer;
    completer = c;
    return old;
}

/* Candidate s, found for a word starting at byte `mine` of the line, made to
 * replace readline's word starting at `theirs` (malloc'd: readline frees it). */
static char *shift(const char *s, int mine, int theirs) {
    if (mine >= theirs) {
        size_t k = (size_t)(mine - theirs), n = strlen(s);
        char *r = malloc(k + n + 1);
        if (!r) return NULL;
        memcpy(r, rl_line_buffer + theirs, k);
        memcpy(r + k, s, n + 1);
        return r;
    }
    size_t skip = (size_t)(theirs - mine);
    return strdup(strlen(s) >= skip ? s + skip : "");
}

/* readline's rl_attempted_completion_function: the completer's candidates
 * as readline wants them, the common start first. NULL: none (or file names
 * when the completer asks for them). */
static char **attempt(const char *text, int start, int end) {
    (void)text;
    rl_attempted_completion_over = 1;
    if (!completer.fn) return NULL;
    fuda_cands c = FUDA_CANDS_INIT;
    completer.fn(completer.ud, rl_line_buffer, end, &c);
    int kept = 0; /* readline writes them to the terminal as they are: none with a control in it */
    for (int i = 0; i < c.n; i++) {
        if (fuda_term_clean(c.v[i], strlen(c.v[i]), FUDA_TERM_LINE)) c.v[kept++] = c.v[i];
        else free(c.v[i]);
    }
    c.n = kept;
    char **m = NULL;
    if (c.files) rl_attempted_completion_over = 0;
    if (c.n > 0) m = calloc((size_t)c.n + 2, sizeof *m);
    if (m) {
        rl_completion_append_character = c.append;
        char *common = fuda_cands_common(&c);
        m[0] = shift(c.n == 1 ? c.v[0] : common, c.start, start);
        for (int i = 0; c.n > 1 && i < c.n; i++) m[i + 1] = shift(c.v[i], c.start, start);
        free(common);
    }
    fuda_cands_free(&c);
    return m;
}

/* ---- the terminal: readline's callback interface, so that Ctrl-C can
 * cancel the line (the way CPython's readline module does it) ---- */

static volatile sig_atomic_t got_sigint;
static char *tty_line;
static int tty_done;

static void on_sigint(int sig) {
    (void)sig;
    got_sigint = 1;
}

static void on_line(char *line) {
    tty_line = line;
    tty_done = 1;
    rl_callback_handler_remove();
}

/* A line typed at the terminal (NULL at end of input); Ctrl-C abandons it:
 * NULL with *cancelled set. SIGINT is caught only while reading. */
static char *read_tty(const char *prompt, int *cancelled) {
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint; /* no SA_RESTART: select returns EINTR */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old);
    rl_readline_name = "fuda";
    rl_attempted_completion_function = attempt;
    rl_basic_word_break_characters = " \t\n\"'`@$><=;|&{(,+*/%^~#)}[]";
    rl_catch_signals = 0; /* SIGINT is ours; readline keeps SIGWINCH */
    rl_outstream = fuda_out_unfiltered(stdout); /* its editing is escape sequences: past the sink */
    got_sigint = 0;
    tty_done = 0;
    tty_line = NULL;
    *cancelled = 0;
    rl_callback_handler_install(prompt, on_line);
    int fd = fileno(rl_instream ? rl_instream : stdin);
    while (!tty_done) {
        int n = 0;
        if (!got_sigint) {
            fd_set in;
            FD_ZERO(&in);
            FD_SET(fd, &in);
            n = select(fd + 1, &in, NULL, NULL, NULL);
        }
        if (got_sigint) {
            FILE *out = rl_outstream ? rl_outstream : stdout;
            rl_point = rl_end; /* "^C" after the whole line, as the shells do */
            rl_redisplay();
            fputs("^C", out);
            fflush(out);
            rl_free_line_state();
            rl_callback_sigcleanup();
            rl_cleanup_after_signal();
            rl_callback_handler_remove();
            fputc('\n', out);
            fflush(out);
            *cancelled = 1;
            break;
        }
        if (n > 0) {
            rl_callback_read_char();
        } else if (n < 0 && errno != EINTR) {
            rl_callback_handler_remove(); /* the terminal is gone: end of input */
            break;
        }
    }
    sigaction(SIGINT, &old, NULL);
    return tty_line;
}

/* fuda_line_read_or_cancel with the prompt shown as it is. */
static char *read_prompted(const char *prompt, int echo, int *cancelled) {
    if (fuda_line_tty()) {
        char *line = read_tty(prompt, cancelled);
        if (*cancelled) return strdup("");
        if (line && *line) add_history(line);
        return line;
    }
    if (echo) {
        fputs(prompt, stdout);
        fflush(stdout); /* a program driving fuda through a pipe waits for the prompt */
    }
    char *line = read_plain();
    if (echo) printf("%s\n", line ? line : "");
    return line;
}

char *fuda_line_read_or_cancel(const char *prompt, int echo, int *cancelled) {
    *cancelled = 0;
    fflush(stdout);
    char *shown = fuda_term_dup(prompt, FUDA_TERM_LINE); /* a variant's name or question: one line, harmless */
    char *line = read_prompted(shown ? shown : "> ", echo, cancelled);
    free(shown);
    return line;
}

char *fuda_line_read(const char *prompt, int echo) {
    int cancelled;
    char *line;
    while ((line = fuda_line_read_or_cancel(prompt, echo, &cancelled)) != NULL && cancelled) free(line);
    return line;
}

void fuda_line_history_load(const char *path) {
    if (!fuda_line_tty() || !path) return;
    stifle_history(HISTORY_LINES);
    read_history(path);
}

void fuda_line_history_save(const char *path) {
    if (!fuda_line_tty() || !path) return;
    write_history(path);
}

void *fuda_line_history_enter(const char *path) {
    if (!fuda_line_tty()) return NULL;
    HISTORY_STATE *outer = history_get_history_state();
    history_set_history_state(&(HISTORY_STATE){0});
    fuda_line_history_load(path);
    return outer;
}

void fuda_line_history_leave(void *outer, const char *path) {
    if (!fuda_line_tty()) return;
    fuda_line_history_save(path);
    clear_history();
    HISTORY_STATE *inner = history_get_history_state();
    if (inner) {
        free(inner->entries); /* the context's own list, emptied above */
        free(inner);
    }
    history_set_history_state(outer ? (HISTORY_STATE *)outer : &(HISTORY_STATE){0});
    free(outer);
}
