/* text_json.h -- the JSON sink: any bytes as one JSON string, the only JSON
 * string writer of the program (repl/agent.c's fuda_json_str is it on a
 * buffer).
 *
 * The result is valid JSON (RFC 8259) and valid UTF-8 for any input: quote
 * and backslash are escaped; newline, tab, carriage return, backspace and
 * form feed as \n \t \r \b \f; the other C0 controls, DEL, the C1 controls,
 * the bidi controls and U+2028/2029 (fuda_utf8_control) as \u00XX / \uXXXX,
 * so the output holds no control character raw and is safe on a terminal
 * too; each byte that starts no valid UTF-8 sequence as \ufffd (the
 * replacement character). Valid text reads back unchanged: a parser gives
 * back exactly the input when it is valid UTF-8. */
#ifndef FUDA_TEXT_JSON_H
#define FUDA_TEXT_JSON_H

#include <stddef.h>

/* Room for the JSON string of n bytes: quotes and NUL included (each byte
 * becomes at most six: \u001b, \ufffd). */
#define FUDA_JSON_SIZE(n) (6 * (size_t)(n) + 3)

/* Write s[0..n) as a JSON string, with its quotes, to out, which has room for
 * FUDA_JSON_SIZE(n) bytes, NUL-terminated; returns its length. Never fails. */
size_t fuda_json_quote(char *out, const char *s, size_t n);

#endif
