/* line.h -- reading what the user types: GNU readline (editing, history) when
 * stdin is a terminal, plain stdio when it is a file or a pipe. */
#ifndef FUDA_LINE_H
#define FUDA_LINE_H

#include "complete.h"

/* 1 if stdin is a terminal. */
int fuda_line_tty(void);

/* Read one line without its newline (malloc'd; NULL at end of input). On a
 * terminal the prompt is shown and the line goes into the history. Otherwise
 * the prompt, and the line read after it, are printed only if `echo` is set,
 * so that a transcript of piped input reads like a session. */
char *fuda_line_read(const char *prompt, int echo);
/* On a terminal, Ctrl-C cancels the line being typed: fuda_line_read shows
 * the prompt again on a new line, fuda_line_read_or_cancel returns "" (malloc'd)
 * with *cancelled set. Elsewhere SIGINT keeps its usual effect. */
char *fuda_line_read_or_cancel(const char *prompt, int echo, int *cancelled);

/* Load and save the history file (terminal only; errors are ignored). */
void fuda_line_history_load(const char *path);
void fuda_line_history_save(const char *path);
/* A context with its own history (a match inside the REPL keeps its moves
 * apart from the REPL's lines): enter sets the history aside and loads the
 * file at path; leave saves it there and brings back what was set aside
 * (the value enter returned). Terminal only. */
void *fuda_line_history_enter(const char *path);
void fuda_line_history_leave(void *outer, const char *path);

/* Tab completion on a terminal: fn(ud, line, point, out) fills out (see
 * complete.h) with the candidates for line[0..point). Setting one returns
 * the one it replaces, to be set again after (a match inside the REPL has its
 * own). Tab completes their common start, Tab Tab lists them; a completer
 * with fn NULL completes nothing. */
typedef void (*fuda_line_complete_fn)(void *ud, const char *line, int point, fuda_cands *out);
typedef struct fuda_line_completer {
    fuda_line_complete_fn fn;
    void *ud;
} fuda_line_completer;
fuda_line_completer fuda_line_set_completer(fuda_line_completer c);

#endif
