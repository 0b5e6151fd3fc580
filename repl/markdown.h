/* markdown.h -- a rules document (docs/rules/NAME.md) as plain text laid out to
 * the terminal's width, for `fuda rules`.
 *
 * The Markdown the documents use, rendered simply: headings as their text
 * (underlined with = or - for the first two levels), paragraphs and list
 * items joined and broken between words to the width (a list item's lines
 * under its text), code blocks indented by four, their long lines broken at
 * spaces; **strong** and *emphasis* as the bare words, `code` in single
 * quotes, [text](url) as "text (url)". A table is an aligned text table when
 * it fits, its cells broken into lines when the columns can be narrowed so,
 * else one "heading: value" line per cell, a blank line between rows. */
#ifndef FUDA_MARKDOWN_H
#define FUDA_MARKDOWN_H

/* md rendered to `width` columns (<= 0: no limit) as above. Nothing fails:
 * what is not understood is kept as text. The caller frees the result. */
char *fuda_markdown_text(const char *md, int width);

#endif
