/* text_shell.h -- the shell sink: a word quoted so that pasting it into a
 * shell gives exactly one argument, byte for byte, and runs nothing (the
 * commands fuda prints for the user to copy: check's replay command).
 *
 * The quoted word is always printable text, safe on a terminal, in the first
 * form that fits:
 *
 *   - as it is, when it is not empty and holds only letters, digits and
 *     _ - . / : , + @ % (and = but not first: zsh expands a leading =);
 *   - in single quotes when every character is printable (valid UTF-8 and no
 *     control, fuda_utf8_control): 'two words', "it's" as 'it'\''s' (a quote
 *     outside the quotes, so '' never appears: zsh's RC_QUOTES reads that as
 *     a quote);
 *   - else in ANSI-C quotes $'...', every byte of a control character and
 *     every byte that is not valid UTF-8 as a three-digit octal escape (\033),
 *     backslash and quote as \\ and \'. bash, zsh, ksh93, mksh, busybox sh
 *     and POSIX.1-2024 sh read $'...'; dash before 0.5.13 (Debian 12's
 *     /bin/sh) does not. No form that older POSIX shells read can hold a
 *     control byte without showing it raw (a trailing newline needs one), so
 *     such words need one of those shells; printable words, the usual ones,
 *     need none. */
#ifndef FUDA_TEXT_SHELL_H
#define FUDA_TEXT_SHELL_H

#include <stddef.h>

/* Room for the quoted form of n bytes, NUL included. */
#define FUDA_SHELL_SIZE(n) (4 * (size_t)(n) + 4)

/* Write s[0..n) quoted as one shell word to out, which has room for
 * FUDA_SHELL_SIZE(n) bytes, NUL-terminated; returns its length. An empty word
 * is ''. Never fails. */
size_t fuda_shell_quote(char *out, const char *s, size_t n);

#endif
