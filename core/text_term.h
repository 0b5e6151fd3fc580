/* text_term.h -- the terminal sink: text that came from a script or an agent,
 * made harmless to show on a terminal.
 *
 * Valid UTF-8 that a terminal prints as characters passes unchanged (card
 * suits, Japanese, accents). What would act instead of showing -- move the
 * cursor, clear the screen, set the clipboard (OSC 52), overwrite a line, or
 * reorder text to disguise it -- is shown visibly as plain ASCII:
 *
 *   newline, tab     kept in a block (FUDA_TERM_BLOCK); \n and \t in a line
 *   carriage return  \r (always: it would let text overwrite a line)
 *   other C0, DEL    \xNN, e.g. ESC is \x1b
 *   C1 controls,     <U+XXXX>, e.g. <U+009B>, <U+202E>
 *   bidi controls,
 *   U+2028, U+2029
 *   invalid UTF-8    \xNN for each byte that starts no valid sequence
 *
 * (which code points count as controls: fuda_utf8_control in utf8.h). The
 * result holds no byte below 0x20 but newline and tab (in a block), no DEL,
 * no C1 or bidi control, and is valid UTF-8. The escapes are not meant to be
 * read back: a backslash of the text itself is left as it is.
 *
 * FUDA_TERM_LINE is for text shown inside one of fuda's own lines (names,
 * titles, error messages, the script's parts of a verdict): there a newline
 * would let the text forge a line of fuda's own output ("check: OK"). */
#ifndef FUDA_TEXT_TERM_H
#define FUDA_TEXT_TERM_H

#include <stddef.h>
#include <stdio.h>

enum fuda_term_mode {
    FUDA_TERM_BLOCK = 0, /* several lines: newline and tab kept */
    FUDA_TERM_LINE = 1   /* one line: newline and tab shown as \n and \t */
};

/* Room for the shown form of n bytes, its NUL included (an escape is at most
 * four bytes for each byte it replaces). */
#define FUDA_TERM_SIZE(n) (4 * (size_t)(n) + 1)
/* The most bytes one character's shown form takes ("<U+202E>"). */
#define FUDA_TERM_CHAR_MAX 8

/* Write the shown form of s[0..n) to out, which has room for
 * FUDA_TERM_SIZE(n) bytes, NUL-terminated; returns its length. Never fails. */
size_t fuda_term_escape(char *out, const char *s, size_t n, int mode);

/* The shown form of the first character of s[0..n) (n >= 1) into out (no
 * NUL; at most FUDA_TERM_CHAR_MAX bytes): returns its length, and in *used
 * how many bytes of s it stands for (1 for an invalid byte). */
size_t fuda_term_char(char *out, const char *s, size_t n, int mode, size_t *used);

/* 1 when s[0..n) would be shown unchanged in `mode`. */
int fuda_term_clean(const char *s, size_t n, int mode);

/* The shown form of the string s, malloc'd (the caller frees it); NULL when
 * out of memory. */
char *fuda_term_dup(const char *s, int mode);

/* The length of the shown form of s[0..n) (what fuda_term_write writes),
 * counted without writing it. Never fails. */
size_t fuda_term_len(const char *s, size_t n, int mode);

/* Write the shown form of s[0..n) to f, in pieces (no allocation: a script's
 * megabytes cost no copy). 0, or EOF when writing failed. */
int fuda_term_write(FILE *f, const char *s, size_t n, int mode);

#endif
