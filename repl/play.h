/* play.h -- what the parts of `fuda play` share (play.c: the command, the
 * match loop and a human's decision; play_io.c: what the seats are shown,
 * held for a human away from the keyboard, the keyboard itself, the match
 * kept for --resume; play_cmds.c: the legal moves as listed, the commands
 * typed at the prompt, their Tab completion; play_setup.c: flags, seats, a
 * replayed or resumed match). Private to them. */
#ifndef FUDA_PLAY_H
#define FUDA_PLAY_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cli.h"
#include "complete.h"
#include "saved.h"
#include "undo.h"

#define MAX_VERBS 64      /* verbs remembered for help */

enum { GO_ON = 0, QUIT = 1, FAIL = -1, NOT_COMMAND = 2, UNDONE = 3 };

typedef struct play_args {
    fuda_match_args m;
    const char *humans; /* "1,3" or "none"; NULL: just --seat */
    long seat;          /* 0: not given */
    const char *replay; /* log file */
    long replay_to;     /* -1: all the moves */
    int resume;         /* --resume: the saved match */
    int practice;       /* --practice: undo goes back freely, the match is marked practice */
    int no_confirm;     /* --no-confirm: no question before a move the variant flags */
    fuda_saved saved;   /* its file, read */
} play_args;

/* One match at the terminal. */
typedef struct table {
    fuda_engine *e;
    const char *name; /* variant name, for the prompt */
    int nseats;
    unsigned humans; /* bit seat-1 */
    int nhumans;
    const char *bots[FUDA_MAX_SEATS + 1];
    int keyboard; /* the human seat at the keyboard, 0 none */
    int style;    /* render style */
    int tty_in, tty_out;
    fuda_buf held[FUDA_MAX_SEATS + 1]; /* events for humans away from the keyboard */
    fuda_undo undo;  /* the hand's points to go back to, the events shown */
    unsigned chose;  /* humans who chose already in the step under way */
    const fuda_config *cfg;
    char *save_path; /* where the match is kept for --resume, NULL: nowhere */
    const char *variant_as; /* the variant as the user named it, kept with the match; NULL: by name */
    int save_warned; /* a failure to keep it was reported */
    char *seen[MAX_VERBS]; /* a move of each verb met in the legal moves, owned */
    int nseen;
    char **verbs;    /* the first words of the moves listed so far, for "why not" */
    int nverbs;
    unsigned waited; /* humans told their table waits for the others, this hand */
    unsigned waited_hand;
    int no_confirm;  /* no question before a move the variant's confirm hook flags */
    long seat_changes; /* `seat N` and `bot N NAME` done so far */
} table;

/* A copy of one seat's legal moves (the engine's are valid only until its
 * next call). */
typedef struct movelist {
    int n;
    char **v;
} movelist;

static inline int is_human(const table *t, int seat) { return seat > 0 && ((t->humans >> (seat - 1)) & 1u); }

/* Report the engine's error; returns FAIL. */
static inline int engine_failed(const table *t) {
    fuda_fail("%s", fuda_engine_error(t->e));
    return FAIL;
}

/* What the prompt completes from: the legal moves and the pile names. */
typedef struct completion {
    const movelist *ml;
    char **piles; /* copies, NULL-terminated */
    int npiles;
} completion;

/* ---- play_io.c ---- */
/* Print variant text, ending the line (out.h: made harmless, cards in
 * colour, wrapped). */
void fuda_play_show(const table *t, const char *text);
/* The engine's event callback (ud: the table): shown, or held for a human
 * away from the keyboard. */
void fuda_play_on_event(void *ud, int seat, const char *text);
/* "seat 2 (random)", "seat 1 (you)" into buf (cut to size). */
void fuda_play_seat_label(const table *t, int seat, char *buf, size_t size);
/* The view of seat; the scoresheet; `table N` (arg: N as typed). GO_ON, or
 * FAIL after reporting the engine's error. */
int fuda_play_show_view(table *t, int seat);
int fuda_play_show_table(table *t, int seat, const char *arg);
int fuda_play_show_scoresheet(table *t);
/* A line read at `prompt` (malloc'd), NULL at end of input. */
char *fuda_play_ask(const char *prompt);
/* "Abandon this match?": QUIT or GO_ON. End of input, said: QUIT. Ctrl-D at
 * a "press Enter" prompt asks the same. */
int fuda_play_confirm_quit(void);
int fuda_play_eof_at_enter(void);
int fuda_play_end_of_input(void);
/* Hand the keyboard to human seat (hot seat: the pass asked, the screen
 * cleared, the held events shown): GO_ON or QUIT. */
int fuda_play_take_keyboard(table *t, int seat);
/* Keep the match for --resume (a failure said once on stderr, the match
 * goes on); finished: the match is over. */
void fuda_play_autosave(table *t, int finished);

/* ---- play_cmds.c ---- */
/* A copy of seat's legal moves into ml (free with fuda_play_free_moves):
 * GO_ON, or FAIL after reporting the engine's error. */
int fuda_play_get_moves(table *t, int seat, movelist *ml);
void fuda_play_free_moves(movelist *ml);
/* Remember a move of each verb met, for help. */
void fuda_play_note_verbs(table *t, const movelist *ml);
/* The move of a yes/no claim window (its moves: pass and one other), else NULL. */
const char *fuda_play_yes_no_move(const movelist *ml);
/* "KIND? your choices:" and the numbered moves. */
void fuda_play_print_choices(const table *t, const char *kind, const movelist *ml);
/* A line typed at the prompt of seat, as a command: GO_ON (done), QUIT,
 * FAIL, UNDONE, or NOT_COMMAND (the line is no command). */
int fuda_play_run_play_command(table *t, int seat, const movelist *ml, const char *line);
/* Tab at the move prompt: c (its pile names malloc'd, freed with
 * fuda_words_free(c->piles)) made for ml; the completer (ud: c). */
void fuda_play_completion_init(completion *c, const table *t, const movelist *ml);
void fuda_play_complete_move(void *ud, const char *line, int point, fuda_cands *out);

/* ---- play_setup.c ---- */
/* The flags into p: 0, -1 after --help, or an exit code (said). */
int fuda_play_parse_args(int argc, char **argv, play_args *p);
/* --resume: the saved match at path into p->saved, its seats into p; 0 or
 * FUDA_EXIT_FAIL after saying why not. */
int fuda_play_read_saved(const char *path, play_args *p);
/* The engine with the match started (or replayed, resumed) and the seats
 * taken (bot names kept in *store, freed with fuda_words_free); 0 or an
 * exit code (said). */
int fuda_play_set_table(table *t, const fuda_config *cfg, const play_args *p, char ***store);

#endif
