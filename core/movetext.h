/* movetext.h -- the one grammar of a move's text, shared by the engine (the
 * moves a hook lists), the log writer and the log reader, so that a move the
 * engine accepts is exactly one that a saved log replays.
 *
 * A move text is 1 to FUDA_MOVE_TEXT_MAX bytes of valid UTF-8 (no overlong
 * forms, no surrogates, nothing past U+10FFFF) with no control character
 * (U+0000-U+001F, U+007F-U+009F), neither starting nor ending with a space,
 * and no two spaces in a row: one line of a log, one word list for a
 * player to type. */
#ifndef FUDA_MOVETEXT_H
#define FUDA_MOVETEXT_H

#include <stddef.h>

#define FUDA_MOVE_TEXT_MAX 256

/* 0 when s[0..len) is a move text. Else -1, *why set to what is wrong
 * (static text: "it is empty", "a control character", ...) and *at to the
 * byte it was found at (from 0). */
int fuda_move_text_check(const char *s, size_t len, const char **why, size_t *at);

#endif
