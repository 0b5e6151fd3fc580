/* msg.c -- the program's own messages on stderr: "fuda: message" for a
 * failure and "fuda CMD: message" with the command's usage line for a usage
 * error, each made so that nothing in it can pass for a line of fuda's. */
#include <stdarg.h>
#include <stdio.h>

#include "buf.h"
#include "cli.h"

/* Add a message to b: after fuda's "fuda: ", any further line of it
 * indented, so that no text in it (a name or an error a script chose, one
 * problem a line in a load error) starts a line that could pass for fuda's
 * ("check: OK ..."). Escape sequences are shown harmlessly by stderr's sink
 * (out.h). The caller writes b in one piece: stderr is unbuffered, and
 * another process (an agent, a worker) may write to it at the same time. */
static void add_message(fuda_buf *b, const char *fmt, va_list ap) {
    fuda_buf m = FUDA_BUF_INIT;
    va_list aq;
    va_copy(aq, ap);
    int n = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    if (n < 0) return;
    fuda_buf_grow(&m, (size_t)n);
    vsnprintf(m.p, (size_t)n + 1, fmt, ap);
    for (const char *p = m.p; *p; p++) {
        fuda_buf_addc(b, *p);
        if (*p == '\n' && p[1]) fuda_buf_adds(b, "  ");
    }
    fuda_buf_free(&m);
}

/* Write b to stderr in one piece, and free it. */
static void put(fuda_buf *b) {
    if (b->p) fputs(b->p, stderr);
    fuda_buf_free(b);
}

int fuda_usage_error(const char *cmd, const char *fmt, ...) {
    va_list ap;
    fuda_buf b = FUDA_BUF_INIT;
    fflush(stdout);
    fuda_buf_addf(&b, "fuda%s%s: ", cmd ? " " : "", cmd ? cmd : "");
    va_start(ap, fmt);
    add_message(&b, fmt, ap);
    va_end(ap);
    const char *usage = cmd ? fuda_command_usage(cmd) : NULL;
    if (usage)
        fuda_buf_addf(&b, "\nusage: fuda %s\nTry 'fuda %s --help'.\n", usage, cmd);
    else
        fuda_buf_adds(&b, "\nusage: fuda [COMMAND [ARGS...]]\nTry 'fuda help'.\n");
    put(&b);
    return FUDA_EXIT_USAGE;
}

int fuda_fail(const char *fmt, ...) {
    va_list ap;
    fuda_buf b = FUDA_BUF_INIT;
    fflush(stdout);
    fuda_buf_adds(&b, "fuda: ");
    va_start(ap, fmt);
    add_message(&b, fmt, ap);
    va_end(ap);
    fuda_buf_addc(&b, '\n');
    put(&b);
    return FUDA_EXIT_FAIL;
}
