/* msg.c -- the program's own messages on stderr: "fuda: message" for a
 * failure and "fuda CMD: message" with the command's usage line for a usage
 * error, each made so that nothing in it can pass for a line of fuda's. */
#include <stdarg.h>
#include <stdio.h>

#include "buf.h"
#include "cli.h"

/* Write a message to stderr: a line of its own after fuda's "fuda: ", and
 * any further line of it indented, so that no text in it (a name or an
 * error a script chose, one problem a line in a load error) starts a line
 * that could pass for fuda's ("check: OK ..."). Escape sequences are shown
 * harmlessly by stderr's sink (out.h). */
static void put_message(const char *fmt, va_list ap) {
    fuda_buf b = FUDA_BUF_INIT;
    va_list aq;
    va_copy(aq, ap);
    int n = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    if (n < 0) return;
    fuda_buf_grow(&b, (size_t)n);
    vsnprintf(b.p, (size_t)n + 1, fmt, ap);
    for (const char *p = b.p; *p; p++) {
        fputc(*p, stderr);
        if (*p == '\n' && p[1]) fputs("  ", stderr);
    }
    fuda_buf_free(&b);
}

int fuda_usage_error(const char *cmd, const char *fmt, ...) {
    va_list ap;
    fflush(stdout);
    fprintf(stderr, "fuda%s%s: ", cmd ? " " : "", cmd ? cmd : "");
    va_start(ap, fmt);
    put_message(fmt, ap);
    va_end(ap);
    const char *usage = cmd ? fuda_command_usage(cmd) : NULL;
    if (usage)
        fprintf(stderr, "\nusage: fuda %s\nTry 'fuda %s --help'.\n", usage, cmd);
    else
        fputs("\nusage: fuda [COMMAND [ARGS...]]\nTry 'fuda help'.\n", stderr);
    return FUDA_EXIT_USAGE;
}

int fuda_fail(const char *fmt, ...) {
    va_list ap;
    fflush(stdout);
    fputs("fuda: ", stderr);
    va_start(ap, fmt);
    put_message(fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return FUDA_EXIT_FAIL;
}
