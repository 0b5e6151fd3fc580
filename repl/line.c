/* line.c -- line input for the REPL and the match prompt. See line.h. */
#include "line.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

char *fuda_line_read(const char *prompt, int echo) {
    fflush(stdout);
    if (fuda_line_tty()) {
        rl_readline_name = "fuda";
        char *line = readline(prompt);
        if (line && *line) add_history(line);
        return line;
    }
    if (echo) fputs(prompt, stdout);
    char *line = read_plain();
    if (echo) printf("%s\n", line ? line : "");
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
