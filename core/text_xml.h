/* text_xml.h -- the XML sink: any bytes as the text of an element or the
 * value of an attribute in quotes (the SVG pictures of `fuda sim --svg`).
 *
 * The markup characters & < > " ' are written as &amp; &lt; &gt; &quot; &#39;.
 * What XML 1.0 does not allow in a document -- the C0 controls other than tab,
 * newline and carriage return, U+FFFE, U+FFFF, bytes that are not valid UTF-8
 * -- and the controls a reader must not get raw (fuda_utf8_control: carriage
 * return, DEL, the C1 controls, the bidi controls that would disguise a
 * label, U+2028/2029) become U+FFFD, the replacement character. Tab and
 * newline are kept. The result is well-formed and valid UTF-8 for any input;
 * other text passes unchanged. */
#ifndef FUDA_TEXT_XML_H
#define FUDA_TEXT_XML_H

#include <stddef.h>

/* Room for the escaped form of n bytes, NUL included (&quot; is six). */
#define FUDA_XML_SIZE(n) (6 * (size_t)(n) + 1)

/* Write the escaped form of s[0..n) to out, which has room for
 * FUDA_XML_SIZE(n) bytes, NUL-terminated; returns its length. Never fails. */
size_t fuda_xml_escape(char *out, const char *s, size_t n);

#endif
