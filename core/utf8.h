/* utf8.h -- a strict UTF-8 decoder, and the characters no display may get
 * raw. The text sinks (text_term.h, text_json.h, text_xml.h, text_shell.h)
 * share them, so that they agree on what is valid text and what is a control.
 *
 * Strict: a sequence is valid only in its shortest form, never a surrogate
 * (U+D800 to U+DFFF) and never above U+10FFFF (RFC 3629). Everything else is
 * an invalid byte, taken one at a time. */
#ifndef FUDA_UTF8_H
#define FUDA_UTF8_H

#include <stddef.h>

/* The length (1 to 4) of the valid UTF-8 sequence that starts s[0..n), with
 * its code point in *cp; 0 when s does not start with one (a stray
 * continuation byte, an overlong form, a surrogate, a code point above
 * U+10FFFF, or a sequence cut short by n). n >= 1. Never fails otherwise. */
int fuda_utf8_decode(const char *s, size_t n, unsigned long *cp);

/* 1 when s[0..n) (n >= 1) is the beginning, cut short, of a valid sequence
 * longer than n bytes: more bytes may complete it. 0 otherwise. */
int fuda_utf8_partial(const char *s, size_t n);

/* 1 when s[0..n) is valid UTF-8 throughout (an empty text is). */
int fuda_utf8_valid(const char *s, size_t n);

/* 1 for the characters that change what a display does rather than show
 * something: the C0 controls (U+0000-001F: newline and tab among them, which
 * the sinks that keep them say so), DEL (U+007F), the C1 controls
 * (U+0080-009F: CSI, OSC, NEL...), the bidirectional formatting characters
 * that reorder text to disguise it (U+061C, U+200E, U+200F, U+202A-202E,
 * U+2066-2069), and the line and paragraph separators U+2028 and U+2029
 * (line breaks to some readers). 0 for every other code point. */
int fuda_utf8_control(unsigned long cp);

#endif
