/* width.c -- the columns text takes on a terminal (width.h): the wide and
 * the zero-width code points, then a walk over UTF-8 text that skips escape
 * sequences; and where a line breaks: at spaces, and between Japanese
 * characters where the rules of kinsoku allow. */
#include "width.h"

#include <string.h>

#include "utf8.h"

typedef struct range { unsigned long lo, hi; } range;

/* East Asian Wide and Fullwidth, in order. */
static const range wide[] = {
    { 0x1100, 0x115f },   /* Hangul Jamo initial consonants */
    { 0x231a, 0x231b },   /* watch, hourglass */
    { 0x2329, 0x232a },   /* angle brackets */
    { 0x23e9, 0x23ec },   { 0x23f0, 0x23f0 }, { 0x23f3, 0x23f3 },
    { 0x25fd, 0x25fe },   { 0x2614, 0x2615 }, { 0x2648, 0x2653 }, { 0x267f, 0x267f },
    { 0x2693, 0x2693 },   { 0x26a1, 0x26a1 }, { 0x26aa, 0x26ab }, { 0x26bd, 0x26be },
    { 0x26c4, 0x26c5 },   { 0x26ce, 0x26ce }, { 0x26d4, 0x26d4 }, { 0x26ea, 0x26ea },
    { 0x26f2, 0x26f3 },   { 0x26f5, 0x26f5 }, { 0x26fa, 0x26fa }, { 0x26fd, 0x26fd },
    { 0x2705, 0x2705 },   { 0x270a, 0x270b }, { 0x2728, 0x2728 }, { 0x274c, 0x274c },
    { 0x274e, 0x274e },   { 0x2753, 0x2755 }, { 0x2757, 0x2757 }, { 0x2795, 0x2797 },
    { 0x27b0, 0x27b0 },   { 0x27bf, 0x27bf }, { 0x2b1b, 0x2b1c }, { 0x2b50, 0x2b50 },
    { 0x2b55, 0x2b55 },
    { 0x2e80, 0x303e },   /* CJK radicals, ideographic description, CJK symbols and punctuation */
    { 0x3041, 0x33ff },   /* hiragana, katakana, bopomofo, hangul compatibility jamo, kanbun, ... */
    { 0x3400, 0x4dbf },   /* CJK extension A */
    { 0x4e00, 0x9fff },   /* CJK unified ideographs */
    { 0xa000, 0xa4cf },   /* Yi */
    { 0xa960, 0xa97f },   /* Hangul Jamo extended A */
    { 0xac00, 0xd7a3 },   /* Hangul syllables */
    { 0xf900, 0xfaff },   /* CJK compatibility ideographs */
    { 0xfe10, 0xfe19 },   /* vertical forms */
    { 0xfe30, 0xfe6f },   /* CJK compatibility forms, small form variants */
    { 0xff00, 0xff60 },   /* fullwidth forms */
    { 0xffe0, 0xffe6 },
    { 0x16fe0, 0x18cff }, /* Tangut, Khitan */
    { 0x1b000, 0x1b2ff }, /* kana supplement and extensions, Nushu */
    { 0x1f004, 0x1f004 }, { 0x1f0cf, 0x1f0cf }, { 0x1f18e, 0x1f18e }, { 0x1f191, 0x1f19a },
    { 0x1f200, 0x1f251 }, /* enclosed ideographic supplement */
    { 0x1f260, 0x1f265 },
    { 0x1f300, 0x1f64f }, /* pictographs, emoticons (most are wide) */
    { 0x1f680, 0x1f6ff }, /* transport and map symbols */
    { 0x1f7e0, 0x1f7eb },
    { 0x1f90c, 0x1f9ff }, /* supplemental symbols and pictographs */
    { 0x1fa70, 0x1faff },
    { 0x20000, 0x2fffd }, /* CJK extensions B to F, compatibility supplement */
    { 0x30000, 0x3fffd }, /* CJK extension G and on */
};

/* Combining marks and characters that take no column, in order. */
static const range zero[] = {
    { 0x0300, 0x036f }, { 0x0483, 0x0489 }, { 0x0591, 0x05bd }, { 0x0610, 0x061a },
    { 0x064b, 0x065f }, { 0x0e31, 0x0e31 }, { 0x0e34, 0x0e3a }, { 0x0e47, 0x0e4e },
    { 0x1ab0, 0x1aff }, { 0x1dc0, 0x1dff }, { 0x200b, 0x200f }, { 0x2028, 0x202e },
    { 0x2060, 0x2064 }, { 0x20d0, 0x20ff }, { 0x3099, 0x309a }, { 0xfe00, 0xfe0f },
    { 0xfe20, 0xfe2f }, { 0xfeff, 0xfeff }, { 0xe0100, 0xe01ef },
};

static int in(const range *r, size_t n, unsigned long cp) {
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (cp < r[mid].lo) hi = mid;
        else if (cp > r[mid].hi) lo = mid + 1;
        else return 1;
    }
    return 0;
}

int fuda_cp_columns(unsigned long cp) {
    if (in(zero, sizeof zero / sizeof zero[0], cp)) return 0;
    if (cp >= 0x1100 && in(wide, sizeof wide / sizeof wide[0], cp)) return 2;
    return 1;
}

/* The bytes and columns of the character or escape sequence at s[0..n). */
static size_t step(const char *s, size_t n, int *cols) {
    if (s[0] == '\033') { /* ESC, then up to the final letter of a CSI sequence */
        size_t i = 1;
        if (i < n && s[i] == '[') {
            i++;
            while (i < n && !((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z'))) i++;
            if (i < n) i++;
        }
        *cols = 0;
        return i;
    }
    unsigned long cp;
    int len = fuda_utf8_decode(s, n, &cp);
    if (len == 0) {
        *cols = 1;
        return 1;
    }
    *cols = fuda_cp_columns(cp);
    return (size_t)len;
}

int fuda_columns(const char *s, size_t n) {
    int cols = 0;
    for (size_t i = 0; i < n;) {
        int c;
        i += step(s + i, n - i, &c);
        cols += c;
    }
    return cols;
}

/* Kinsoku: no line starts with a closing mark or a small kana, and none
 * ends with an opening mark; a quote stays with the text beside it; and a
 * katakana word (a loanword) is not broken. */
static int katakana(unsigned long cp) { return cp >= 0x30a0 && cp <= 0x30ff; }

static int no_break_before(unsigned long cp) {
    static const char ascii[] = ")]},.:;!?%\"'";
    if (cp < 0x80) return cp && strchr(ascii, (int)cp) != NULL;
    static const range closing[] = {
        { 0x3001, 0x3002 }, { 0x3005, 0x3005 }, { 0x3009, 0x3009 }, { 0x300b, 0x300b }, { 0x300d, 0x300d },
        { 0x300f, 0x300f }, { 0x3011, 0x3011 }, { 0x3015, 0x3015 }, { 0x3041, 0x3041 }, { 0x3043, 0x3043 },
        { 0x3045, 0x3045 }, { 0x3047, 0x3047 }, { 0x3049, 0x3049 }, { 0x3063, 0x3063 }, { 0x3083, 0x3083 },
        { 0x3085, 0x3085 }, { 0x3087, 0x3087 }, { 0x308e, 0x308e }, { 0x309b, 0x309e }, { 0x30a1, 0x30a1 },
        { 0x30a3, 0x30a3 }, { 0x30a5, 0x30a5 }, { 0x30a7, 0x30a7 }, { 0x30a9, 0x30a9 }, { 0x30c3, 0x30c3 },
        { 0x30e3, 0x30e3 }, { 0x30e5, 0x30e5 }, { 0x30e7, 0x30e7 }, { 0x30ee, 0x30ee }, { 0x30f5, 0x30f6 },
        { 0x30fb, 0x30fe }, { 0xff01, 0xff01 }, { 0xff09, 0xff09 }, { 0xff0c, 0xff0c }, { 0xff0e, 0xff0e },
        { 0xff1a, 0xff1b }, { 0xff1f, 0xff1f }, { 0xff3d, 0xff3d }, { 0xff5d, 0xff5d },
    };
    return in(closing, sizeof closing / sizeof closing[0], cp);
}

static int no_break_after(unsigned long cp) {
    if (cp < 0x80) return cp == '(' || cp == '[' || cp == '{' || cp == '"' || cp == '\'';
    static const range opening[] = {
        { 0x3008, 0x3008 }, { 0x300a, 0x300a }, { 0x300c, 0x300c }, { 0x300e, 0x300e }, { 0x3010, 0x3010 },
        { 0x3014, 0x3014 }, { 0xff08, 0xff08 }, { 0xff3b, 0xff3b }, { 0xff5b, 0xff5b },
    };
    return in(opening, sizeof opening / sizeof opening[0], cp);
}

size_t fuda_break_line(const char *s, size_t n, int cols, size_t *len) {
    size_t i = 0, cut = 0, next = 0, end = 0; /* the last place to break: the line ends at cut, the rest starts at next */
    int col = 0, have = 0, started = 0, prev_wide = 0;
    unsigned long prev = ' ';
    while (i < n) {
        if (s[i] == ' ') {
            size_t j = i;
            while (j < n && s[j] == ' ') j++;
            if (started) cut = i, next = j, have = 1;
            col += (int)(j - i);
            i = j;
            prev = ' ', prev_wide = 0;
            continue;
        }
        unsigned long cp = 0;
        int w, l = s[i] == '\033' ? 0 : fuda_utf8_decode(s + i, n - i, &cp);
        size_t step_len = step(s + i, n - i, &w);
        if (s[i] != '\033') { /* between two characters, one of them wide: a place to break, kinsoku aside */
            if (l == 0) cp = 0xfffd;
            if (started && prev != ' ' && (prev_wide || w == 2) && !no_break_before(cp) && !no_break_after(prev) &&
                !(katakana(prev) && katakana(cp)))
                cut = i, next = i, have = 1;
            else if (started && prev == '/' && cp != '/') /* a path too long for a line: after a slash */
                cut = i, next = i, have = 1;
            if (started && have && col + w > cols) break;
            prev = cp, prev_wide = w == 2, started = 1;
        }
        col += w;
        i += step_len;
        end = i;
    }
    if (i >= n) {
        *len = end;
        return n;
    }
    *len = cut;
    while (next < n && s[next] == ' ') next++;
    return next;
}
