/* saved.h -- the match `fuda play` keeps in the user's data folder
 * ($XDG_DATA_HOME/fuda/last-match.log) so that `fuda play --resume` can go
 * on with it: the match's log (see engine.h: fuda_engine_log) with comment
 * lines after its first line that say who played and whether it ended:
 *
 *     fuda-log 1
 *     # fuda play: last match (continue it with fuda play --resume)
 *     # play humans 1
 *     # play bots basic,basic,basic
 *     # play state unfinished
 *     # play variant ./my-zun.lua
 *     # play confirm off
 *     variant zun
 *     ...
 *     # play end
 *
 * "# play variant" keeps the variant as the user named it (a path, say),
 * since the log itself names it by name only; it is left out when that
 * text cannot be a line. "# play confirm off" (only when so) keeps
 * --no-confirm or `confirm off`. The last line tells a whole file from one cut short. The log reader skips
 * comments, so the file is also a log for `fuda play --replay`. */
#ifndef FUDA_SAVED_H
#define FUDA_SAVED_H

#include <stddef.h>
#include "engine.h"

typedef struct fuda_saved {
    char *text;   /* the whole file, owned */
    size_t len;
    char *humans; /* "1,3" or "none", owned */
    char *bots;   /* "basic,random" (the bot seats in order) or "" when all are human, owned */
    char *variant; /* the variant as the user named it, owned; NULL: the log's name */
    int finished; /* the match ended */
    int no_confirm; /* "# play confirm off": no question before a flagged move */
} fuda_saved;

/* The text of the file for a match: its log, the variant as the user named
 * it (NULL: none), the human seats (bit seat-1),
 * the bots of the nseats seats (bots[seat], NULL for a human), whether it
 * ended, and whether the questions before flagged moves are off. The caller
 * frees the result. */
char *fuda_saved_format(const char *log, const char *variant, unsigned humans, int nseats, const char *const bots[],
                        int finished, int no_confirm);

/* Read the file at path into s: 0, or -1 with the reason in err ("cannot
 * read ...: No such file or directory", "... is cut short ..."); then s holds
 * nothing. The log itself is checked only by the replay. */
int fuda_saved_read(const char *path, fuda_saved *s, char *err, size_t errsize);

void fuda_saved_free(fuda_saved *s);

#endif
