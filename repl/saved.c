/* saved.c -- the last match of `fuda play`, written for `--resume` and read
 * back (the format is in saved.h). */
#include "saved.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cli.h"
#include "file.h"

#define END_LINE "# play end\n"

/* Can s be the value of a "# play" line? */
static int one_line(const char *s) {
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || *s == 0x7f) return 0;
    return 1;
}

char *fuda_saved_format(const char *log, const char *variant, unsigned humans, int nseats, const char *const bots[],
                        int finished, int no_confirm) {
    fuda_buf b = FUDA_BUF_INIT, h = FUDA_BUF_INIT, bt = FUDA_BUF_INIT;
    for (int seat = 1; seat <= nseats; seat++) {
        if ((humans >> (seat - 1)) & 1u) fuda_buf_addf(&h, "%s%d", h.len ? "," : "", seat);
        else if (bots[seat]) fuda_buf_addf(&bt, "%s%s", bt.len ? "," : "", bots[seat]);
    }
    const char *rest = strchr(log, '\n');
    rest = rest ? rest + 1 : "";
    fuda_buf_addf(&b, "fuda-log 1\n# fuda play: last match (continue it with fuda play --resume)\n"
                      "# play humans %s\n# play bots %s\n# play state %s\n%s",
                  h.len ? h.p : "none", bt.len ? bt.p : "", finished ? "finished" : "unfinished", "");
    if (variant && *variant && one_line(variant)) fuda_buf_addf(&b, "# play variant %s\n", variant);
    if (no_confirm) fuda_buf_adds(&b, "# play confirm off\n");
    fuda_buf_adds(&b, rest);
    if (b.len && b.p[b.len - 1] != '\n') fuda_buf_addc(&b, '\n');
    fuda_buf_adds(&b, END_LINE);
    fuda_buf_free(&h);
    fuda_buf_free(&bt);
    return fuda_buf_take(&b);
}

/* The value of line "# play KEY VALUE" in text (malloc'd), or NULL. */
static char *field(const char *text, const char *key) {
    char head[32];
    snprintf(head, sizeof head, "\n# play %s ", key);
    const char *p = strstr(text, head);
    if (!p) {
        snprintf(head, sizeof head, "\n# play %s\n", key); /* an empty value */
        return strstr(text, head) ? fuda_xstrdup("") : NULL;
    }
    p += strlen(head);
    size_t n = strcspn(p, "\n");
    char *v = fuda_xrealloc(NULL, n + 1);
    memcpy(v, p, n);
    v[n] = '\0';
    return v;
}

/* Does text end with the end line? */
static int whole(const char *text, size_t len) {
    size_t n = strlen(END_LINE);
    return len >= n && memcmp(text + len - n, END_LINE, n) == 0;
}

int fuda_saved_read(const char *path, fuda_saved *s, char *err, size_t errsize) {
    memset(s, 0, sizeof *s);
    char why[128];
    s->text = fuda_file_read(path, FUDA_MAX_LOG_BYTES, &s->len, why, sizeof why);
    if (!s->text) {
        snprintf(err, errsize, "cannot read %s: %s", path, why);
        return -1;
    }
    char *state = NULL;
    const char *problem = NULL;
    if (memchr(s->text, '\0', s->len)) problem = "holds a NUL byte";
    else if (!(s->humans = field(s->text, "humans")) || !(s->bots = field(s->text, "bots")) ||
             !(state = field(s->text, "state")))
        problem = "is not a match saved by fuda play (its '# play' lines are missing)";
    else if (strcmp(state, "finished") != 0 && strcmp(state, "unfinished") != 0)
        problem = "has a bad '# play state' line";
    else if (!whole(s->text, s->len))
        problem = "is cut short (its last line is not '# play end')";
    if (!problem) {
        s->finished = strcmp(state, "finished") == 0;
        char *confirm = field(s->text, "confirm");
        s->no_confirm = confirm && strcmp(confirm, "off") == 0;
        free(confirm);
        s->variant = field(s->text, "variant");
        if (s->variant && !*s->variant) {
            free(s->variant);
            s->variant = NULL;
        }
    }
    free(state);
    if (problem) {
        snprintf(err, errsize, "%s %s", path, problem);
        fuda_saved_free(s);
        return -1;
    }
    return 0;
}

void fuda_saved_free(fuda_saved *s) {
    free(s->text);
    free(s->humans);
    free(s->bots);
    free(s->variant);
    memset(s, 0, sizeof *s);
}
