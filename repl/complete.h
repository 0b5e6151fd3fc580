/* complete.h -- Tab completion: the candidates for the word at the cursor,
 * in the REPL and at the match prompt. Pure functions of the line typed and
 * of lists given by the caller: no readline, no Lua, no engine here (line.c
 * wires them to readline; repl.c and play_cmds.c fill the lists), so that
 * tests/c/test_complete.c can include this file's .c directly. */
#ifndef FUDA_COMPLETE_H
#define FUDA_COMPLETE_H

/* The candidates for one completion. `start` is the byte offset in the line
 * where the word they replace begins (the word ends at the cursor); `append`
 * is the character to add after a single candidate (' ', or '\0' for none).
 * Candidates are filtered by `prefix` as they are added (case-insensitively
 * when `nocase`), kept once each, and owned by the list. */
typedef struct fuda_cands {
    int n, cap;
    char **v;
    int start;
    int append;
    int files;          /* 1: nothing here, complete file names instead */
    const char *prefix; /* the word typed so far ("" or NULL: all) */
    int nocase;
} fuda_cands;

#define FUDA_CANDS_INIT { 0, 0, NULL, 0, ' ', 0, NULL, 0 }

/* Add s (copied) if it starts with c->prefix and is not there yet. */
void fuda_cands_add(fuda_cands *c, const char *s);
/* The same for s[0..len). */
void fuda_cands_addn(fuda_cands *c, const char *s, int len);
/* Sort the candidates (byte order). */
void fuda_cands_sort(fuda_cands *c);
/* The longest text all candidates start with (malloc'd; "" when none),
 * compared case-insensitively when c->nocase. */
char *fuda_cands_common(const fuda_cands *c);
/* Free the candidates; c is empty again (its other fields kept). */
void fuda_cands_free(fuda_cands *c);

/* What the REPL completes from. Each callback adds every name it knows to out
 * with fuda_cands_add (the prefix filter does the rest); any may be NULL. */
typedef struct fuda_repl_source {
    void *ud;
    const char *const *commands; /* NULL-terminated: play, sim, ..., quit, exit */
    /* The usage line and help of a command (its flags are read from them), or NULL. */
    const char *(*usage)(void *ud, const char *cmd);
    void (*variants)(void *ud, fuda_cands *out);
    /* The option names of a variant, as "name=". */
    void (*options)(void *ud, const char *variant, fuda_cands *out);
    /* The Lua names completing `word`, a chain like "fuda.sh" or "s:up"; the
     * candidates are whole chains ("fuda.show"). */
    void (*lua)(void *ud, const char *word, fuda_cands *out);
} fuda_repl_source;

/* Fill out (empty on entry) with the candidates for line[0..point) in the
 * REPL. `first` is 1 on a line that may start with a command, 0 on the
 * continuation of a Lua statement. The first word completes to commands and
 * Lua names; after play/sim/rules/check come their flags (a word starting
 * with '-'), after --option the variant's option names, else variant names;
 * after help the commands; after run file names (out->files). Anything else
 * is Lua: the name chain before the cursor. */
void fuda_complete_repl(const char *line, int point, int first, const fuda_repl_source *src, fuda_cands *out);

/* What the match prompt completes from: the legal moves, the piles, the
 * prompt's own commands (NULL-terminated). */
typedef struct fuda_play_source {
    const char *const *moves;
    int nmoves;
    const char *const *piles;
    int npiles;
    const char *const *commands;
} fuda_play_source;

/* Fill out (empty on entry) with the candidates for line[0..point) at the
 * match prompt, case-insensitively. On an empty line: the legal moves whole.
 * The first word: the commands, the verbs of the legal moves and the cards in
 * them. After "pile": the pile names. After the first words of legal moves
 * (each typed word a prefix of the move's word, or the same card written
 * another way): the next word of those moves ("discard " -> 7h, 10d, ...). */
void fuda_complete_play(const char *line, int point, const fuda_play_source *src, fuda_cands *out);

#endif
