/* out.h -- one way out to the terminal: fuda's standard output and standard
 * error pass the terminal sink (core/text_term.h) as they are written.
 *
 * fuda_out_init, first thing in main, puts streams of its own in place of
 * stdout and stderr that write to the same file descriptors through the sink
 * in its block form: newline and tab pass, every other control character,
 * escape sequence, C1 or bidi control and invalid UTF-8 byte is shown as an
 * escape (\x1b, \r, <U+202E>, \xff). Whatever writes there -- printf, Lua's
 * own print and messages, a printer added later -- cannot put a raw escape
 * sequence on the user's terminal, whatever text of a script it writes.
 * Valid printable text, which is all fuda writes in a normal game, passes
 * byte for byte.
 *
 * fuda's own escape sequences (colours, the progress bar's "\r...\033[K",
 * clearing the screen in a hot-seat match) are written with fuda_out_raw,
 * and only those: whatever a script chose in such text must have passed the
 * sink before (play_io.c's fuda_play_show: fuda_term_escape, then the cards coloured).
 *
 * The sink shows text; it does not stop a script's newline from starting a
 * line that looks like fuda's. Text shown inside one of fuda's own lines (a
 * name, a title, a message, the script's part of a verdict) takes the line
 * form: fuda_out_line.
 *
 * The streams are line buffered on a terminal, fully buffered otherwise
 * (stdout) and unbuffered (stderr), as the standard ones are. fileno() of
 * them is -1: ask isatty(STDOUT_FILENO). It needs the GNU C library
 * (fopencookie, and stdout that may be assigned); elsewhere the standard
 * streams stay as they are, and only the explicit sinks stand. */
#ifndef FUDA_OUT_H
#define FUDA_OUT_H

#include <stddef.h>
#include <stdio.h>

/* Put the filtered streams in place of stdout and stderr. Once, before any
 * output and before threads start. Exits with "out of memory" if the streams
 * cannot be made. */
void fuda_out_init(void);

/* Write s[0..n) to f (stdout or stderr) past the sink, in order with what was
 * written to f before and after: for fuda's own escape sequences only. On any
 * other stream, an ordinary fwrite. */
void fuda_out_raw(FILE *f, const char *s, size_t n);

/* The stream on f's file descriptor that is not filtered (readline writes
 * its prompt and its editing there, after fuda flushed f); f itself when f
 * is not one of the filtered streams. */
FILE *fuda_out_unfiltered(FILE *f);

/* s in the line form of the sink (newline and tab shown as \n and \t too),
 * for an argument of printf: s itself when nothing in it needs showing
 * otherwise, else a copy kept until the eighth next call in the same thread.
 * Exits with "out of memory" when the copy cannot be made. */
const char *fuda_out_line(const char *s);

/* Print a variant's text on stdout, ending the line: first what the script
 * chose in it is made harmless (the sink, in its block form), then its {7h}
 * marks are rendered in `style` (render.h: fuda's own colours) and its lines
 * wrapped to the terminal's width. Out of memory exits. */
void fuda_out_show(const char *text, int style);

#endif
