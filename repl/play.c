/* play.c -- `fuda play`: one match in the terminal. Humans type their moves
 * at a prompt, bots play the other seats, the variant's events are shown to
 * the seats allowed to see them.
 *
 * Hot seat: with several human seats, the one who must act takes the keyboard
 * ("Pass the keyboard to seat K"); events private to a human who is away are
 * held and shown when that seat next takes the keyboard. Private events of
 * bots are never shown, nor anything about claim windows the human at the
 * keyboard is not in.
 *
 * Tab at the prompt completes the commands, the legal moves word by word and
 * the cards in them, and pile names after `pile` (complete.c).
 *
 * Undo: before each step in which a human moves, the match is marked (see
 * undo.h); `undo` goes back to the typing seat's last decision, unless since
 * then it learned something (a card, a private event) or another human
 * moved, and says why not. A practice match (--practice, `practice`) goes
 * back freely, past a deal too; its log and scores say practice.
 *
 * A human's move that the variant's confirm hook flags asks first
 * (confirm.h; --no-confirm, `confirm off`). A bot that fails, choosing or
 * playing its move, leaves the match as it was and the seat to a new
 * player: `seat N` or `bot N NAME`, typed at the seat's own prompt
 * (seats.h), where the other commands work too.
 *
 * The match is kept in the user's data folder (saved.h) after each step in
 * which a human moved, when it ends and when it is abandoned; `--resume`
 * replays it and goes on. Writing it costs about a millisecond (the log is a
 * few kilobytes, written to a temporary file, flushed and renamed): nothing
 * next to a human's move.
 *
 * `help` lists the verbs of the game (the ones it declares with their docs,
 * else the ones met in the legal moves), `rules` shows its rules page. A
 * claim window's question says why it asks (the variant's prompt hook); a
 * seat whose only choice is to pass is not asked. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "cli.h"
#include "confirm.h"
#include "input.h"
#include "line.h"
#include "out.h"
#include "render.h"
#include "saved.h"
#include "search.h"
#include "seats.h"
#include "think.h"
#include "undo.h"

#define CLEAR_SCREEN "\033[H\033[2J"
#define MAX_MOVES 100000L /* a bot-only match still going after this many moves is stuck */
#define MAX_VERBS 64      /* verbs remembered for help */
#define SAVED_NAME "last-match.log"

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

static int is_human(const table *t, int seat) { return seat > 0 && ((t->humans >> (seat - 1)) & 1u); }
static void autosave(table *t, int finished);

/* Report the engine's error; returns FAIL. */
static int engine_failed(const table *t) {
    fuda_fail("%s", fuda_engine_error(t->e));
    return FAIL;
}

/* ---- output ---- */

/* Print variant text, ending the line: made harmless, cards rendered in
 * fuda's own colours, lines wrapped (out.h). */
static void show(const table *t, const char *text) { fuda_out_show(text, t->style); }

/* Keep an event for a human away from the keyboard. */
static void hold(table *t, int seat, const char *text) {
    fuda_buf_adds(&t->held[seat], text);
    if (*text && text[strlen(text) - 1] != '\n') fuda_buf_addc(&t->held[seat], '\n');
}

/* Events: shown if everybody or the human at the keyboard may see them;
 * held for a human who is away. When the screen is cleared at each change
 * of keyboard, public events are held too, so nobody misses them. */
static void on_event(void *ud, int seat, const char *text) {
    table *t = ud;
    int cleared = t->nhumans > 1 && t->tty_out;
    if (t->nhumans) fuda_undo_event(&t->undo, seat, text); /* what undo must know was shown */
    if (seat == 0 || seat == t->keyboard) show(t, text);
    for (int h = 1; h <= t->nseats; h++)
        if (is_human(t, h) && h != t->keyboard && (seat == h || (seat == 0 && cleared))) hold(t, h, text);
}

/* "seat 2 (random)", "seat 1 (you)" */
static void seat_label(const table *t, int seat, char *buf, size_t size) {
    if (!is_human(t, seat)) snprintf(buf, size, "seat %d (%s)", seat, fuda_out_line(t->bots[seat]));
    else if (t->nhumans == 1) snprintf(buf, size, "seat %d (you)", seat);
    else snprintf(buf, size, "seat %d", seat);
}

static int show_view(table *t, int seat) {
    char *v = fuda_engine_view(t->e, seat);
    if (!v) return engine_failed(t);
    show(t, v);
    free(v);
    return GO_ON;
}

/* `table N`: table N of a match of several, as seat may see it. */
static int show_table(table *t, int seat, const char *arg) {
    char *end;
    long k = strtol(arg, &end, 10);
    int n = fuda_engine_tables(t->e);
    if (n == 0) {
        show(t, "this match is played at one table: 'view' shows it");
        return GO_ON;
    }
    if (end == arg || *end || k < 1 || k > n) {
        char msg[80];
        snprintf(msg, sizeof msg, "no table '%s': the tables are 1 to %d", arg, n);
        show(t, msg);
        return GO_ON;
    }
    char *v = fuda_engine_view_table(t->e, seat, (int)k);
    show(t, v ? v : fuda_engine_error(t->e));
    free(v);
    return GO_ON;
}

static int show_scoresheet(table *t) {
    char *s = fuda_engine_scoresheet_fit(t->e, fuda_term_width(stdout));
    if (!s) return engine_failed(t);
    if (fuda_engine_practice(t->e)) puts("practice match");
    show(t, s);
    free(s);
    return GO_ON;
}

/* Do moves a and b have the same verb? */
static int same_verb(const char *a, const char *b) {
    size_t n = strcspn(a, " ");
    return n == strcspn(b, " ") && strncmp(a, b, n) == 0;
}

/* Remember a move of each verb met in the legal moves, for help. */
static void note_verbs(table *t, const movelist *ml) {
    for (int i = 0; i < ml->n && t->nseen < MAX_VERBS; i++) {
        int k = 0;
        while (k < t->nseen && !same_verb(t->seen[k], ml->v[i])) k++;
        if (k == t->nseen) t->seen[t->nseen++] = fuda_xstrdup(ml->v[i]);
    }
}

/* Is the verb of move `seen` one the variant declares? */
static int declared(const fuda_variant_info *info, const char *seen) {
    for (int i = 0; i < info->nverbs; i++)
        if (same_verb(info->verbs[i], seen)) return 1;
    return 0;
}

/* The verbs of the game, one line each: the declared ones with their docs,
 * then those met in the legal moves with a move of each. */
static void print_verbs(const table *t) {
    const fuda_variant_info *info = fuda_engine_info(t->e);
    int width = 4, listed = 0;
    for (int i = 0; i < info->nverbs; i++)
        if ((int)strlen(info->verbs[i]) > width) width = (int)strlen(info->verbs[i]);
    if (width > 30) width = 30;
    printf("Moves of %s%s:\n", fuda_out_line(info->title), info->nverbs ? "" : " (the ones met so far)");
    for (int i = 0; i < info->nverbs; i++, listed++) {
        const char *doc = info->verb_docs[i];
        if (*doc) printf("  %-*s  %s\n", width, fuda_out_line(info->verbs[i]), fuda_out_line(doc));
        else printf("  %s\n", fuda_out_line(info->verbs[i]));
    }
    for (int k = 0; k < t->nseen; k++) {
        if (declared(info, t->seen[k])) continue;
        size_t n = strcspn(t->seen[k], " ");
        fuda_buf verb = FUDA_BUF_INIT;
        fuda_buf_addn(&verb, t->seen[k], n);
        if (t->seen[k][n]) printf("  %-*s  as in '%s'\n", width, fuda_out_line(verb.p), fuda_out_line(t->seen[k]));
        else printf("  %s\n", fuda_out_line(t->seen[k]));
        fuda_buf_free(&verb);
        listed++;
    }
    if (!listed) puts("  (none met yet: type 'moves')");
}

static void print_play_help(const table *t, const movelist *ml) {
    print_verbs(t);
    const char *example = ml->n ? ml->v[0] : NULL;
    for (int i = 0; i < ml->n; i++)
        if (strchr(ml->v[i], ' ')) {
            example = ml->v[i];
            break;
        }
    puts("Commands:\n"
         "  moves        the legal moves now\n"
         "  view, look   your hand and the table again\n"
         "  score        the scoresheet\n"
         "  table N      (several tables) table N as you may see it: your own, or,\n"
         "               once your table's hand is over, another (a partner's as they see it)\n"
         "  rules        the rules of this game (as fuda rules NAME shows them)\n"
         "  pile [NAME]  the piles and what you see of each; NAME: every card of a pile\n"
         "               you may see whole (an open discard pile, your hand)\n"
         "  undo         take back your last move (and the bots' moves after it); again\n"
         "               to go further back, but not past a card or a deal you have seen\n"
         "  practice     from now on undo goes back freely (the match is marked practice)\n"
         "  confirm off  no question before a move the game flags (on: ask again)\n"
         "  seat N       take bot seat N yourself; bot N NAME: let bot NAME play it\n"
         "  hint         the move the search bot would play, and why\n"
         "  log          the log of this match\n"
         "  save FILE    save the log (continue it with: fuda play --replay FILE)\n"
         "  quit         abandon the match (Ctrl-D asks the same); it is kept, and\n"
         "               fuda play --resume goes on with it");
    if (example)
        printf("Anything else is a move: type it as listed ('%s'), or just enough\n", fuda_out_line(example));
    else puts("Anything else is a move: type it as listed, or just enough");
    puts("to tell it apart: a card alone, or the first letters of a verb, when only\n"
         "one legal move fits. Cards are typed like 7h, H7, 10s, Ts, Qd (Jk for a\n"
         "joker), in any case.\n"
         "On a terminal Tab completes commands, moves and cards; Tab Tab lists them.");
}

/* ---- the keyboard ---- */

/* End of input during the match: the same as quitting. */
static int end_of_input(void) {
    puts("end of input: match abandoned");
    return QUIT;
}

/* Read a line for `prompt`; NULL at end of input. */
static char *ask(const char *prompt) { return fuda_line_read(prompt, 1); }

/* Ask a yes/no question: 1 yes, 0 no, -1 end of input. */
static int ask_yes(const char *question) {
    char *line = ask(question);
    if (!line) return -1;
    int yes = line[0] == 'y' || line[0] == 'Y';
    free(line);
    return yes;
}

static int confirm_quit(void) {
    fuda_line_completer moves = fuda_line_set_completer((fuda_line_completer){ NULL, NULL });
    int yes = ask_yes("Abandon this match? [y/N] "); /* Tab offers no moves here */
    fuda_line_set_completer(moves);
    if (yes < 0) return end_of_input();
    if (yes) puts("match abandoned");
    return yes ? QUIT : GO_ON;
}

/* Ctrl-D at a "press Enter" prompt on a terminal: ask as quit does (GO_ON
 * goes on as Enter would). */
static int eof_at_enter(void) {
    putchar('\n');
    return confirm_quit();
}

/* Hand the keyboard to human `seat`: with several humans, ask for the pass
 * and clear the screen, then show the events held for that seat. */
static int take_keyboard(table *t, int seat) {
    if (t->keyboard == seat) return GO_ON;
    if (t->nhumans > 1) {
        char prompt[64];
        snprintf(prompt, sizeof prompt, "Pass the keyboard to seat %d and press Enter ", seat);
        if (t->tty_in) {
            char *line = ask(prompt);
            if (!line && eof_at_enter() == QUIT) return QUIT;
            free(line);
        } else {
            puts(prompt);
        }
        if (t->tty_out) fuda_out_raw(stdout, CLEAR_SCREEN, strlen(CLEAR_SCREEN));
    }
    t->keyboard = seat;
    if (t->held[seat].len) show(t, t->held[seat].p);
    fuda_buf_free(&t->held[seat]);
    return GO_ON;
}

/* ---- moves ---- */

/* Remember the first word of move (when not a card) as a verb of the match. */
static void note_verb(table *t, const char *move) {
    size_t len = strcspn(move, " ");
    fuda_card c;
    if (len == 0 || len > 32 || fuda_card_parse(move, len, &c) == 0) return;
    for (int i = 0; i < t->nverbs; i++)
        if (strlen(t->verbs[i]) == len && strncmp(t->verbs[i], move, len) == 0) return;
    if (t->nverbs >= 64) return;
    t->verbs = fuda_xrealloc(t->verbs, (size_t)(t->nverbs + 1) * sizeof *t->verbs);
    char *v = fuda_xrealloc(NULL, len + 1);
    memcpy(v, move, len);
    v[len] = '\0';
    t->verbs[t->nverbs++] = v;
}

static int get_moves(table *t, int seat, movelist *ml) {
    const char *const *mv;
    int n = fuda_engine_moves(t->e, seat, &mv);
    if (n < 0) return engine_failed(t);
    ml->n = n;
    ml->v = fuda_xrealloc(NULL, (size_t)(n + 1) * sizeof *ml->v);
    for (int i = 0; i < n; i++) ml->v[i] = fuda_xstrdup(mv[i]);
    ml->v[n] = NULL;
    for (int i = 0; i < n; i++) note_verb(t, mv[i]);
    return GO_ON;
}

static void free_moves(movelist *ml) {
    fuda_words_free(ml->v);
    ml->v = NULL;
    ml->n = 0;
}

/* Show the text `head` followed by `tail` (both with {card} marks). */
static void show_two(const table *t, const char *head, const char *tail) {
    fuda_buf b = FUDA_BUF_INIT;
    fuda_buf_adds(&b, head);
    fuda_buf_adds(&b, tail);
    char *text = fuda_buf_take(&b);
    show(t, text);
    free(text);
}

/* The legal moves, their cards shown as in the hand. */
static void print_moves(const table *t, const movelist *ml) {
    char *s = fuda_moves_join((const char *const *)ml->v, ml->n, ", ");
    show_two(t, "legal moves: ", s);
    free(s);
}

/* In a claim window whose moves are "pass" and one other: that other, else
 * NULL. */
static const char *yes_no_move(const movelist *ml) {
    if (ml->n != 2) return NULL;
    if (strcmp(ml->v[0], "pass") == 0) return ml->v[1];
    if (strcmp(ml->v[1], "pass") == 0) return ml->v[0];
    return NULL;
}

static void print_choices(const table *t, const char *kind, const movelist *ml) {
    printf("%s? your choices:\n", fuda_out_line(kind));
    for (int i = 0; i < ml->n; i++) {
        char num[24], *m = fuda_move_marked(ml->v[i]);
        snprintf(num, sizeof num, "  %d. ", i + 1);
        show_two(t, num, m);
        free(m);
    }
}

/* ---- one human decision ---- */

static int print_log(table *t) {
    char *log = fuda_engine_log(t->e);
    if (!log) return engine_failed(t);
    fputs(log, stdout);
    free(log);
    return GO_ON;
}

static int save_log(table *t, const char *path) {
    if (!path) {
        puts("usage: save FILE");
        return GO_ON;
    }
    char *log = fuda_engine_log(t->e);
    if (!log) return engine_failed(t);
    char why[128];
    if (fuda_write_file(path, log, strlen(log), why, sizeof why) == 0)
        printf("saved the log to %s (%ld moves)\n", path, fuda_engine_move_count(t->e));
    else
        printf("could not save the log to %s: %s (the match goes on)\n", path, why);
    free(log);
    return GO_ON;
}

/* ---- piles: `pile` lists them, `pile NAME` shows one the seat may see whole ---- */

/* What `seat` (1-based; piles keep owners 0-based) sees of pile p: "all",
 * "top card", "face down" or "owner only". */
static const char *pile_sight(const fuda_state *st, int p, int seat) {
    const fuda_pile *pl = &st->piles[p];
    if (pl->vis == FUDA_VIS_PUBLIC || (pl->vis == FUDA_VIS_OWNER && pl->owner == seat - 1)) return "all";
    if (pl->vis == FUDA_VIS_TOP) return "top card";
    if (pl->vis == FUDA_VIS_HIDDEN) return "face down";
    return "owner only";
}

/* Append the cards of pile p to b as "{7h} {8h}", bottom to top, or (by_suit)
 * sorted by suit then rank with " | " between suits. */
static void add_cards(fuda_buf *b, const fuda_state *st, int p, int by_suit) {
    int n = fuda_pile_len(st, p), first = 1;
    for (int suit = 0; suit <= (by_suit ? FUDA_SUIT_JOKER : 0); suit++) {
        int any = 0;
        for (int rank = 0; rank <= (by_suit ? 13 : 0); rank++) {
            for (int i = 0; i < n; i++) {
                fuda_card c = fuda_pile_at(st, p, i);
                if (by_suit && (fuda_card_suit(c) != suit || fuda_card_rank(c) != rank)) continue;
                char name[8];
                fuda_card_name(c, name);
                if (by_suit && !any && !first) fuda_buf_adds(b, " |");
                fuda_buf_addf(b, "%s{%s}", first ? "" : " ", name);
                first = 0;
                any = 1;
            }
        }
    }
}

/* `pile`: every pile with its count and what the seat sees of it. */
static void list_piles(table *t, int seat) {
    const fuda_state *st = fuda_engine_state(t->e);
    fuda_buf b = { 0 };
    for (int p = 0; p < st->npiles; p++) {
        const fuda_pile *pl = &st->piles[p];
        fuda_buf_addf(&b, "  %-16s", pl->name);
        if (pl->owner >= 0) fuda_buf_addf(&b, "seat %d  ", pl->owner + 1);
        else fuda_buf_adds(&b, "        ");
        fuda_buf_addf(&b, "%3d card%s  you see: %s\n", pl->len, pl->len == 1 ? " " : "s", pile_sight(st, p, seat));
    }
    fuda_buf_adds(&b, "'pile NAME' shows a pile you see all of (NAME SEAT for another seat's).");
    char *text = fuda_buf_take(&b);
    show(t, text);
    free(text);
}

/* `pile NAME [SEAT]`: the cards of a pile the seat may see whole, bottom to
 * top and by suit; a pile it may not see says so. The seat's own pile of
 * that name comes first, then a shared one. */
static void show_pile(table *t, int seat, const char *name, const char *owner_text) {
    const fuda_state *st = fuda_engine_state(t->e);
    int owner = owner_text ? atoi(owner_text) : seat;
    int p = owner >= 1 ? fuda_pile_find(st, name, owner - 1) : -1;
    if (p < 0 && !owner_text) p = fuda_pile_find(st, name, -1);
    if (p < 0) {
        printf("no pile '%s'%s (type 'pile' for the list)\n", fuda_out_line(name), owner_text ? " of that seat" : "");
        return;
    }
    const char *sight = pile_sight(st, p, seat);
    fuda_buf b = { 0 };
    int n = fuda_pile_len(st, p);
    fuda_buf_addf(&b, "%s: %d card%s", name, n, n == 1 ? "" : "s");
    if (strcmp(sight, "all") != 0) {
        fuda_buf_addf(&b, ", you see: %s", sight);
        if (strcmp(sight, "top card") == 0 && n > 0) {
            char top[8];
            fuda_card_name(fuda_pile_at(st, p, n - 1), top);
            fuda_buf_addf(&b, " {%s}", top);
        }
    } else if (n > 0) {
        fuda_buf_adds(&b, "\n  bottom to top: ");
        add_cards(&b, st, p, 0);
        fuda_buf_adds(&b, "\n  by suit:       ");
        add_cards(&b, st, p, 1);
    }
    char *text = fuda_buf_take(&b);
    show(t, text);
    free(text);
}

/* `undo`: back to the seat's last decision (UNDONE), or say why not (GO_ON). */
static int undo_move(table *t, int seat) {
    char *why = NULL;
    if (!is_human(t, seat)) {
        show(t, "nothing to undo: no seat of yours has moved");
        return GO_ON;
    }
    int k = fuda_undo_find(&t->undo, t->e, seat, t->humans, t->chose, &why);
    if (k < 0) {
        show(t, why);
        free(why);
        return GO_ON;
    }
    const fuda_undo_point *p = &t->undo.pt[k];
    long after = fuda_engine_move_count(t->e) - (long)p->mk.st.move_no - 1;
    char *mv = fuda_xstrdup(p->move[seat]);
    size_t held[FUDA_MAX_SEATS + 1];
    memcpy(held, p->held, sizeof held);
    if (fuda_undo_go(&t->undo, t->e, k) < 0) {
        show(t, fuda_engine_error(t->e));
        free(mv);
        return GO_ON;
    }
    for (int h = 1; h <= t->nseats; h++) /* what the others were to be shown of the undone moves */
        if (t->held[h].len > held[h]) {
            t->held[h].len = held[h];
            t->held[h].p[held[h]] = '\0';
        }
    if (after > 0) printf("undone: '%s' and %ld move%s after it\n", fuda_out_line(mv), after, after == 1 ? "" : "s");
    else printf("undone: '%s'\n", fuda_out_line(mv));
    free(mv);
    return UNDONE;
}

/* `hint`: the search bot's move for the seat, with its cards marked for
 * rendering, and how sure it is, in one line; Ctrl-C stops it (think.h).
 * The game is left exactly as it was. */
static int give_hint(table *t, int seat) {
    char *text = fuda_think_hint(t->e, seat);
    if (!text) {
        printf("no hint: %s\n", fuda_engine_error(t->e));
        return GO_ON;
    }
    show(t, text);
    free(text);
    return GO_ON;
}

/* `practice`: from now on undo goes back freely, and the log and the scores
 * say practice. */
static int start_practice(table *t) {
    if (fuda_engine_practice(t->e)) {
        show(t, "this match is practice already: undo goes back freely");
        return GO_ON;
    }
    fuda_engine_set_practice(t->e);
    fuda_undo_practice(&t->undo, fuda_engine_state(t->e)->hand_no);
    show(t, "practice: to the end of this match undo goes back freely, past cards you have seen and past a "
            "deal; its log and its scores say practice");
    autosave(t, 0);
    return GO_ON;
}

/* `confirm [on|off]`: the question before a move the game flags. */
static int set_confirm(table *t, char **w, int n) {
    if (n > 2 || (n == 2 && strcmp(w[1], "on") != 0 && strcmp(w[1], "off") != 0)) {
        puts("usage: confirm on|off");
        return GO_ON;
    }
    if (n == 2) t->no_confirm = strcmp(w[1], "off") == 0;
    printf("confirm %s: %s\n", t->no_confirm ? "off" : "on",
           t->no_confirm ? "every move is played as typed" : "a move the game says throws something away asks first");
    if (n == 2) autosave(t, 0);
    return GO_ON;
}

/* `seat N`, `bot N NAME`: another player for a bot seat; NOT_COMMAND when
 * the words are neither. */
static int change_seat(table *t, char **w, int n) {
    fuda_seat_change ch;
    char *why;
    int rc = fuda_seat_command(w, n, t->nseats, t->humans, fuda_engine_info(t->e), &ch, &why);
    if (rc == 0) return NOT_COMMAND;
    if (rc < 0) {
        show(t, why);
        free(why);
        return GO_ON;
    }
    t->bots[ch.seat] = ch.bot;
    fuda_buf b = FUDA_BUF_INIT;
    if (ch.bot) {
        fuda_buf_addf(&b, "seat %d: bot %s plays it from now on", ch.seat, ch.bot);
    } else {
        t->humans |= 1u << (ch.seat - 1);
        t->nhumans++;
        fuda_buf_addf(&b, "seat %d: played at the keyboard from now on%s", ch.seat,
                      t->nhumans > 1 ? " (hot seat: fuda asks to pass the keyboard)" : "");
    }
    show(t, b.p);
    fuda_buf_free(&b);
    t->seat_changes++;
    autosave(t, 0);
    return GO_ON;
}

/* The commands of the match prompt. Returns GO_ON when the line was a
 * command (done), QUIT, FAIL, or NOT_COMMAND. */
static int run_play_command(table *t, int seat, const movelist *ml, const char *line) {
    char **w;
    int n = fuda_split_words(line, &w), r = GO_ON;
    const char *c = n ? w[0] : "";
    if (n == 1 && strcmp(c, "help") == 0) print_play_help(t, ml);
    else if (n == 1 && strcmp(c, "rules") == 0) fuda_print_rules(t->cfg, t->e);
    else if (n == 1 && strcmp(c, "moves") == 0) print_moves(t, ml);
    else if (n == 1 && strcmp(c, "score") == 0) r = show_scoresheet(t);
    else if (n == 1 && (strcmp(c, "view") == 0 || strcmp(c, "look") == 0)) r = show_view(t, seat);
    else if (n == 2 && (strcmp(c, "table") == 0 || strcmp(c, "look") == 0)) r = show_table(t, seat, w[1]);
    else if (n == 1 && strcmp(c, "log") == 0) r = print_log(t);
    else if (n == 1 && strcmp(c, "undo") == 0) r = undo_move(t, seat);
    else if (n == 1 && strcmp(c, "hint") == 0) r = give_hint(t, seat);
    else if (n == 1 && strcmp(c, "practice") == 0) r = start_practice(t);
    else if (strcmp(c, "confirm") == 0) r = set_confirm(t, w, n);
    else if (strcmp(c, "seat") == 0 || strcmp(c, "bot") == 0) r = change_seat(t, w, n);
    else if (n == 1 && strcmp(c, "pile") == 0) list_piles(t, seat);
    else if ((n == 2 || n == 3) && strcmp(c, "pile") == 0) show_pile(t, seat, w[1], n == 3 ? w[2] : NULL);
    else if (strcmp(c, "save") == 0) r = save_log(t, n == 2 ? w[1] : NULL);
    else if (n == 1 && (strcmp(c, "quit") == 0 || strcmp(c, "exit") == 0)) r = confirm_quit();
    else r = NOT_COMMAND;
    fuda_words_free(w);
    return r;
}

/* The cards seat holds (in the piles it owns) into held[]; the count. */
static int held_cards(const table *t, int seat, int *held, int max) {
    const fuda_state *st = fuda_engine_state(t->e);
    int n = 0;
    for (int p = 0; st && p < st->npiles; p++)
        if (st->piles[p].owner == seat - 1)
            for (int i = 0; i < st->piles[p].len && n < max; i++) held[n++] = fuda_pile_at(st, p, i);
    return n;
}

/* Tell the user why `typed` is not a legal move: the variant's reason (its
 * why_not hook), else the program's own, else just the legal moves. A hook
 * that fails is reported to the author's eye but never stops the prompt. */
static void refuse(table *t, int seat, const movelist *ml, const char *typed) {
    char *reason = NULL, *msg;
    if (fuda_engine_why_not(t->e, seat, typed, &reason) < 0)
        printf("(the variant's why_not failed: %s)\n", fuda_engine_error(t->e));
    if (!reason) {
        int held[FUDA_MAX_CARDS];
        const fuda_state *st = fuda_engine_state(t->e);
        /* the verbs: those the variant declares, then those met in its moves */
        const fuda_variant_info *info = fuda_engine_info(t->e);
        const char *verbs[2 * MAX_VERBS];
        int nv = 0;
        for (int i = 0; info && i < info->nverbs && nv < MAX_VERBS; i++) verbs[nv++] = info->verbs[i];
        for (int i = 0; i < t->nverbs && nv < 2 * MAX_VERBS; i++) verbs[nv++] = t->verbs[i];
        fuda_why_facts f = { seat, st && st->turn >= 0 ? st->turn + 1 : 0, held, 0, verbs, nv };
        f.nheld = held_cards(t, seat, held, FUDA_MAX_CARDS);
        reason = fuda_input_why_not(typed, (const char *const *)ml->v, ml->n, &f);
    }
    msg = fuda_input_refusal(typed, reason, (const char *const *)ml->v, ml->n);
    show(t, msg);
    free(msg);
    free(reason);
}

/* Turn a line into a move for the seat (index into ml), or -1 after telling
 * the user why not. `yes` is the move of a yes/no question, else NULL. */
static int line_to_move(table *t, int seat, const movelist *ml, const char *line, const char *yes,
                        int numbered) {
    const char *s = line + strspn(line, " \t");
    if (yes) {
        if (!*s || strcmp(s, "n") == 0 || strcmp(s, "no") == 0 || strcmp(s, "N") == 0) s = "pass";
        else if (strcmp(s, "y") == 0 || strcmp(s, "yes") == 0 || strcmp(s, "Y") == 0) s = yes;
    }
    if (numbered) {
        char *end;
        long k = strtol(s, &end, 10);
        if (end != s && *end == '\0' && k >= 1 && k <= ml->n) return (int)k - 1;
    }
    char *msg = NULL;
    int i = fuda_input_match(s, (const char *const *)ml->v, ml->n, &msg);
    if (i == FUDA_INPUT_NOT_LEGAL) refuse(t, seat, ml, s);
    else if (i < 0) show(t, msg);
    free(msg);
    return i < 0 ? -1 : i;
}

/* ---- Tab completion ---- */

static const char *const play_commands[] = { "help",     "moves",   "view", "look", "table", "score", "rules",
                                             "pile",     "log",     "save", "undo", "hint",  "quit",  "exit",
                                             "practice", "confirm", "seat", "bot",  NULL };

/* What the prompt completes from: the legal moves and the pile names. */
typedef struct completion {
    const movelist *ml;
    char **piles; /* copies, NULL-terminated */
    int npiles;
} completion;

static void complete_move(void *ud, const char *line, int point, fuda_cands *out) {
    const completion *c = ud;
    fuda_play_source src = { (const char *const *)c->ml->v, c->ml->n, (const char *const *)c->piles,
                             c->npiles, play_commands };
    fuda_complete_play(line, point, &src, out);
}

static void completion_init(completion *c, const table *t, const movelist *ml) {
    const fuda_state *st = fuda_engine_state(t->e);
    c->ml = ml;
    c->npiles = st ? st->npiles : 0;
    c->piles = fuda_xrealloc(NULL, (size_t)(c->npiles + 1) * sizeof *c->piles);
    for (int p = 0; p < c->npiles; p++) c->piles[p] = fuda_xstrdup(st->piles[p].name);
    c->piles[c->npiles] = NULL;
}

/* The question of a claim window whose choice is `yes` or pass, and why it
 * asks (the variant's reason, else the window's kind when it is not the
 * move's), as a malloc'd prompt in *prompt; GO_ON or FAIL. */
static int yes_no_prompt(table *t, int seat, const char *claim, const char *yes, char **prompt) {
    char *why = NULL;
    if (fuda_engine_prompt(t->e, seat, &why) != 0) return engine_failed(t);
    fuda_buf b = FUDA_BUF_INIT;
    char *marked = fuda_move_marked(yes);
    int width = fuda_term_width(stdout);
    if (why && width > 0 && strlen(marked) + strlen(why) + 16 > (size_t)width) {
        show(t, why); /* a long reason above, so the prompt line does not wrap */
        fuda_buf_addf(&b, "%s? [y/N] ", marked);
    } else if (why) fuda_buf_addf(&b, "%s? %s [y/N] ", marked, why);
    else if (strcmp(claim, yes) != 0) fuda_buf_addf(&b, "%s? (%s) [y/N] ", marked, claim); /* "zun? (kaeshi)" */
    else fuda_buf_addf(&b, "%s? [y/N] ", marked);
    free(marked);
    free(why);
    char *text = fuda_buf_take(&b);
    /* no colour: the line editor would count its escapes as columns */
    *prompt = fuda_render_cards(text, t->style == FUDA_RENDER_COLOR ? FUDA_RENDER_UNICODE : t->style);
    free(text);
    return GO_ON;
}

/* A claim window with several choices: why it asks, then the choices. */
static int print_claim_choices(table *t, int seat, const char *claim, const movelist *ml) {
    char *why = NULL;
    if (fuda_engine_prompt(t->e, seat, &why) != 0) return engine_failed(t);
    if (why) show(t, why);
    free(why);
    print_choices(t, claim, ml);
    return GO_ON;
}

/* Ask human `seat` for a move: GO_ON with the move in *move (malloc'd),
 * QUIT or FAIL. In a claim window where passing is the only choice the seat
 * is not asked: *move is "pass" and *asked 0. */
static int ask_human(table *t, int seat, char **move, int *asked) {
    movelist ml = { 0, NULL };
    const char *claim = fuda_engine_claim(t->e);
    char *prompt = NULL;
    *move = NULL;
    *asked = 1;
    int r = get_moves(t, seat, &ml);
    if (r == GO_ON && claim && ml.n == 1 && strcmp(ml.v[0], "pass") == 0) {
        *move = fuda_xstrdup("pass");
        *asked = 0;
        free_moves(&ml);
        return GO_ON;
    }
    if (r == GO_ON) r = take_keyboard(t, seat);
    if (r == GO_ON) note_verbs(t, &ml);
    if (r == GO_ON) r = show_view(t, seat);
    const char *yes = claim ? yes_no_move(&ml) : NULL;
    if (r == GO_ON && yes) {
        r = yes_no_prompt(t, seat, claim, yes, &prompt);
    } else if (r == GO_ON) {
        fuda_buf b = FUDA_BUF_INIT;
        fuda_buf_addf(&b, "%s [seat %d]> ", t->name, seat);
        prompt = fuda_buf_take(&b);
        if (claim) r = print_claim_choices(t, seat, claim, &ml);
    }
    *move = NULL;
    completion comp = { NULL, NULL, 0 };
    completion_init(&comp, t, &ml);
    fuda_line_completer outer = fuda_line_set_completer((fuda_line_completer){ complete_move, &comp });
    while (r == GO_ON && !*move) {
        char *line = ask(prompt);
        if (!line && t->tty_in) { /* Ctrl-D at the keyboard: ask, as quit does */
            putchar('\n');
            r = confirm_quit();
            continue;
        }
        if (!line) {
            r = end_of_input();
            break;
        }
        const char *s = line + strspn(line, " \t");
        int c = *s ? run_play_command(t, seat, &ml, s) : NOT_COMMAND;
        if (c == NOT_COMMAND && (*s || yes)) {
            int i = line_to_move(t, seat, &ml, s, yes, claim != NULL);
            if (i >= 0 && (t->no_confirm || fuda_confirm_move(t->e, seat, ml.v[i], t->style)))
                *move = fuda_xstrdup(ml.v[i]);
        } else if (c != NOT_COMMAND) {
            r = c;
        }
        free(line);
    }
    fuda_line_set_completer(outer);
    fuda_words_free(comp.piles);
    free_moves(&ml);
    free(prompt);
    return r;
}

/* ---- the match ---- */

/* Keep the match in the data folder for --resume (saved.h). A failure is
 * reported once, on stderr, and the match goes on. */
static void autosave(table *t, int finished) {
    if (!t->save_path) return;
    char *log = fuda_engine_log(t->e);
    if (!log) return;
    char *text = fuda_saved_format(log, t->variant_as, t->humans, t->nseats, (const char *const *)t->bots, finished,
                                   t->no_confirm);
    char why[128];
    if (fuda_write_file(t->save_path, text, strlen(text), why, sizeof why) != 0 && !t->save_warned) {
        fflush(stdout);
        fprintf(stderr, "fuda: cannot keep this match in %s: %s (the match goes on)\n", t->save_path, why);
        t->save_warned = 1;
    }
    free(text);
    free(log);
}

/* A seat's bot failed with `error`, choosing (move NULL) or playing `move`;
 * the match is as before that move. Say so, and ask at a prompt where the
 * commands work (undo, save, quit...) who plays the seat now: GO_ON once
 * `seat N` or `bot N NAME` gave it a player, UNDONE, QUIT, or FAIL when the
 * input ends (a match left with a seat nobody plays has failed). */
static int rescue_seat(table *t, int seat, const char *move, const char *error) {
    char *text = fuda_seat_failed_text(seat, t->bots[seat], move, error, fuda_engine_info(t->e));
    show(t, text);
    free(text);
    char prompt[96];
    snprintf(prompt, sizeof prompt, "%s [seat %d has no player]> ", fuda_out_line(t->name), seat);
    movelist none = { 0, NULL };
    long changes = t->seat_changes;
    int r = GO_ON;
    while (r == GO_ON && t->seat_changes == changes) {
        char *line = ask(prompt);
        if (!line && t->tty_in) {
            putchar('\n');
            r = confirm_quit();
            continue;
        }
        if (!line) {
            printf("end of input: match abandoned (seat %d has no player)\n", seat);
            return FAIL;
        }
        const char *s = line + strspn(line, " \t");
        int c = *s ? run_play_command(t, t->keyboard, &none, s) : GO_ON;
        if (c == NOT_COMMAND)
            printf("seat %d has no player: type 'seat %d' or 'bot %d random' first\n", seat, seat, seat);
        else r = c;
        free(line);
    }
    return r;
}

/* A move for seat in *move (malloc'd); *asked 0 when a human seat was not
 * asked (nothing but "pass" to choose). A bot that fails leaves the seat to
 * another player first. */
static int decide(table *t, int seat, char **move, int *asked) {
    *asked = 0;
    const char *mv;
    char *note = NULL; /* Ctrl-C stopped a search bot's thinking */
    for (;;) {
        if (is_human(t, seat)) return ask_human(t, seat, move, asked);
        if (fuda_think_bot(t->e, seat, t->bots[seat], &mv, &note) == 0) break;
        char *error = fuda_xstrdup(fuda_engine_error(t->e));
        int r = rescue_seat(t, seat, NULL, error);
        free(error);
        if (r != GO_ON) return r;
    }
    if (note) show(t, note);
    free(note);
    *move = fuda_xstrdup(mv);
    return GO_ON;
}

/* Every seat that must act decides, then the moves are applied in seat order
 * (in a claim window nobody sees the others' choices). A human's move that
 * fails is reported and asked again; a bot's, and a bot that fails to
 * choose, leave the seat to be played by someone else (rescue_seat). */
static int step(table *t) {
    unsigned actors = fuda_engine_actors(t->e), applied = 0, asked = 0;
    char *chosen[FUDA_MAX_SEATS + 1] = { 0 }, *error = NULL;
    int r = GO_ON, failed = 0; /* a bot seat whose move failed */
    if (!actors) {
        fuda_fail("the hand is on but no seat can act");
        return FAIL;
    }
    fuda_undo_hand(&t->undo, fuda_engine_state(t->e)->hand_no);
    fuda_mark mk; /* the point a human's move here can be undone to */
    long nev = t->undo.nev;
    size_t held[FUDA_MAX_SEATS + 1];
    for (int h = 0; h <= FUDA_MAX_SEATS; h++) held[h] = t->held[h].len;
    int marked = (actors & t->humans) && fuda_engine_mark(t->e, &mk) == 0;
    t->chose = 0;
    for (int seat = 1; seat <= t->nseats && r == GO_ON; seat++) {
        if (!(actors & (1u << (seat - 1)))) continue;
        int was_asked;
        r = decide(t, seat, &chosen[seat], &was_asked);
        if (r == GO_ON && was_asked) t->chose |= 1u << (seat - 1), asked |= 1u << (seat - 1);
    }
    t->chose = 0;
    if (r == UNDONE) r = GO_ON; /* the match went back: nothing chosen here counts */
    else for (int seat = 1; seat <= t->nseats && r == GO_ON; seat++) {
        if (!chosen[seat]) continue;
        if (fuda_engine_apply(t->e, seat, chosen[seat]) == 0) {
            applied |= asked & (1u << (seat - 1)); /* the humans' own decisions */
            continue;
        }
        if (is_human(t, seat)) show(t, fuda_engine_error(t->e)); /* the state is unchanged: ask again */
        else failed = seat, error = fuda_xstrdup(fuda_engine_error(t->e));
        break;
    }
    if (applied && marked) fuda_undo_push(&t->undo, &mk, nev, applied, chosen, held);
    if (applied) autosave(t, 0);
    if (failed && (r = rescue_seat(t, failed, chosen[failed], error)) == UNDONE) r = GO_ON;
    for (int seat = 1; seat <= t->nseats; seat++) free(chosen[seat]);
    free(error);
    return r;
}

static int hand_over(table *t) {
    putchar('\n');
    if (show_scoresheet(t) != GO_ON) return FAIL;
    const char *round = fuda_engine_info(t->e)->round;
    char prompt[64];
    snprintf(prompt, sizeof prompt, "Press Enter for the next %s ", fuda_out_line(round));
    if (t->tty_in) {
        char *line = ask(prompt);
        if (!line && eof_at_enter() == QUIT) return QUIT;
        free(line);
    } else {
        printf("%.*s\n", (int)strlen(prompt) - 1, prompt); /* not a terminal: go on */
    }
    if (fuda_engine_next_hand(t->e) != 0) return engine_failed(t);
    if (t->nhumans) autosave(t, 0);
    return GO_ON;
}

/* The highest column-1 total, and the seats that have it (a mask). */
static unsigned column_leaders(const table *t, int *best) {
    unsigned lead = 0;
    for (int seat = 1; seat <= t->nseats; seat++) {
        int total = fuda_engine_total(t->e, seat, 1);
        if (seat == 1 || total > *best) {
            *best = total;
            lead = 0;
        }
        if (total == *best) lead |= 1u << (seat - 1);
    }
    return lead;
}

/* "Match", or "Practice match" when it is one. */
static const char *match_word(const table *t) { return fuda_engine_practice(t->e) ? "Practice match" : "Match"; }

/* "Match over: seat 2 (basic) wins with 217." -- the seats the match format
 * named, else the highest column-1 total. The total is said when the winners
 * are the column-1 leaders of a one-column game (a series won with fewer
 * points, or Hollywood's three games, leave it to the scoresheet above). */
static void announce_winners(const table *t) {
    const unsigned *teams;
    int nteams = fuda_engine_teams(t->e, &teams), best = 0;
    for (int k = 0; k < nteams; k++) {
        if (teams[k] != fuda_engine_winners(t->e)) continue;
        /* "Match over: team 1 (seats 1 and 3) wins with 390." */
        fuda_buf b = FUDA_BUF_INIT;
        fuda_buf_addf(&b, "%s over: team %d (seats", match_word(t), k + 1);
        int n = 0, members = 0;
        for (int seat = 1; seat <= t->nseats; seat++) members += (teams[k] >> (seat - 1)) & 1u;
        for (int seat = 1; seat <= t->nseats; seat++) {
            if (!((teams[k] >> (seat - 1)) & 1u)) continue;
            fuda_buf_addf(&b, "%s%d", n == 0 ? " " : (n == members - 1 ? " and " : ", "), seat);
            n++;
        }
        fuda_buf_addf(&b, ") wins with %d.", fuda_engine_team_total(t->e, k + 1, 1));
        char *text = fuda_buf_take(&b);
        show(t, text);
        free(text);
        return;
    }
    unsigned lead = column_leaders(t, &best), named = fuda_engine_winners(t->e);
    unsigned won = named ? named : lead;
    int nwon = 0, k = 0;
    for (int seat = 1; seat <= t->nseats; seat++) nwon += (won >> (seat - 1)) & 1u;
    fuda_buf b = FUDA_BUF_INIT;
    fuda_buf_addf(&b, "%s over: ", match_word(t));
    for (int seat = 1; seat <= t->nseats; seat++) {
        if (!((won >> (seat - 1)) & 1u)) continue;
        char label[64];
        seat_label(t, seat, label, sizeof label);
        fuda_buf_addf(&b, "%s%s", k == 0 ? "" : (k == nwon - 1 ? " and " : ", "), label);
        k++;
    }
    if (won == lead && fuda_engine_info(t->e)->ncols == 0) fuda_buf_addf(&b, nwon == 1 ? " wins with %d." : " share the win with %d.", best);
    else fuda_buf_adds(&b, nwon == 1 ? " wins." : " share the win.");
    char *text = fuda_buf_take(&b);
    show(t, text);
    free(text);
}

static int match_over(table *t) {
    autosave(t, 1);
    putchar('\n');
    if (show_scoresheet(t) != GO_ON) return FAIL;
    announce_winners(t);
    return QUIT;
}

/* A match of several tables: a human whose table has ended its hand while
 * others play on is told so once a hand, and (at a terminal) may look at the
 * tables ('table N') before the others go on. QUIT or GO_ON. */
static int wait_for_tables(table *t) {
    int n = fuda_engine_tables(t->e);
    unsigned hand = fuda_engine_state(t->e)->hand_no;
    if (n == 0 || !t->nhumans) return GO_ON;
    if (t->waited_hand != hand) t->waited = 0, t->waited_hand = hand;
    for (int seat = 1; seat <= t->nseats; seat++) {
        if (!is_human(t, seat) || (t->waited & (1u << (seat - 1)))) continue;
        int own = fuda_engine_table_of(t->e, seat, NULL);
        if (own && fuda_engine_table_playing(t->e, own) == 1) continue;
        t->waited |= 1u << (seat - 1);
        printf("\nSeat %d: %s; the other tables play on.\n", seat,
               own ? "your table has ended its hand and waits" : "you sit out this hand");
        if (!t->tty_in) continue;
        for (;;) {
            char prompt[96];
            snprintf(prompt, sizeof prompt, "Enter to go on, 'table N' to look at table N (1-%d): ", n);
            char *line = ask(prompt);
            if (!line) return eof_at_enter() == QUIT ? QUIT : GO_ON;
            char **w;
            int nw = fuda_split_words(line, &w);
            free(line);
            if (nw == 0) {
                fuda_words_free(w);
                break;
            }
            if (nw == 2 && (strcmp(w[0], "table") == 0 || strcmp(w[0], "look") == 0)) show_table(t, seat, w[1]);
            else puts("type 'table N' to look at a table, or press Enter to go on");
            fuda_words_free(w);
        }
    }
    return GO_ON;
}

static int play_loop(table *t) {
    int r = GO_ON;
    while (r == GO_ON) {
        int phase = fuda_engine_phase(t->e);
        if (phase == FUDA_PHASE_MATCH_OVER) return match_over(t) == FAIL ? FAIL : GO_ON;
        if (fuda_engine_move_count(t->e) > MAX_MOVES) { /* (a hand that ends in its deal counts) */
            fuda_fail("the match did not end after %ld moves", MAX_MOVES);
            return FAIL;
        }
        if (phase == FUDA_PHASE_HAND_OVER) r = hand_over(t);
        else if ((r = wait_for_tables(t)) == GO_ON) r = step(t);
    }
    autosave(t, 0); /* abandoned (or failed): kept to go on with */
    return r == FAIL ? FAIL : GO_ON;
}

/* ---- setting up ---- */

static int parse_args(int argc, char **argv, play_args *p) {
    fuda_args a;
    fuda_args_init(&a, argc, argv);
    const char *arg, *v;
    int r;
    p->replay_to = -1;
    while ((arg = fuda_args_next(&a)) != NULL) {
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            fuda_print_help("play");
            return -1;
        }
        if ((r = fuda_args_match(&a, arg, &p->m)) != 0) {
            if (r != 1) return r;
        } else if ((r = fuda_args_flag(&a, arg, "--seat", &v)) != 0) {
            if (r < 0 || fuda_args_long("play", "--seat", v, 1, FUDA_MAX_SEATS, &p->seat)) return FUDA_EXIT_USAGE;
        } else if ((r = fuda_args_flag(&a, arg, "--humans", &v)) != 0) {
            if (r < 0) return FUDA_EXIT_USAGE;
            p->humans = v;
        } else if ((r = fuda_args_flag(&a, arg, "--target", &v)) != 0) {
            if (r < 0) return FUDA_EXIT_USAGE;
            fuda_buf b = FUDA_BUF_INIT;
            fuda_buf_addf(&b, "target=%s", v);
            r = fuda_args_option("play", &p->m, b.p, 1);
            fuda_buf_free(&b);
            if (r) return r;
        } else if ((r = fuda_args_flag(&a, arg, "--replay", &v)) != 0) {
            if (r < 0) return FUDA_EXIT_USAGE;
            p->replay = v;
        } else if (strcmp(arg, "--resume") == 0) {
            p->resume = 1;
        } else if (strcmp(arg, "--practice") == 0) {
            p->practice = 1;
        } else if (strcmp(arg, "--no-confirm") == 0) {
            p->no_confirm = 1;
        } else if ((r = fuda_args_flag(&a, arg, "--to", &v)) != 0) {
            if (r < 0 || fuda_args_long("play", "--to", v, 0, 1000000000L, &p->replay_to)) return FUDA_EXIT_USAGE;
        } else if (arg[0] == '-' && arg[1]) {
            return fuda_usage_error("play", "unknown flag '%s'", arg);
        } else if (p->m.variant) {
            return fuda_usage_error("play", "unexpected argument '%s'", arg);
        } else {
            p->m.variant = arg;
        }
    }
    if (p->replay && (p->m.have_seed || p->m.seats || p->m.nopts))
        return fuda_usage_error("play", "--replay takes the options, seats and seed from the log");
    if (p->replay_to >= 0 && !p->replay) return fuda_usage_error("play", "--to needs --replay");
    if (p->resume && (p->m.variant || p->replay || p->m.have_seed || p->m.seats || p->m.nopts || p->m.bots ||
                      p->humans || p->seat || p->practice || p->no_confirm))
        return fuda_usage_error("play", "--resume goes on with the saved match as it was (no VARIANT or other flags)");
    if (p->resume) return 0;
    if (!p->m.variant && !p->replay) return fuda_usage_error("play", "missing VARIANT");
    return 0;
}

/* The human seats (bit seat-1) from --humans and --seat; 0 or
 * FUDA_EXIT_USAGE (printed). */
static int human_seats(const play_args *p, int nseats, unsigned *mask) {
    *mask = 0;
    if (p->humans && strcmp(p->humans, "none") != 0) {
        char *list = fuda_xstrdup(p->humans), **w;
        for (char *c = list; *c; c++)
            if (*c == ',') *c = ' ';
        fuda_split_words(list, &w);
        free(list);
        int r = 0;
        for (char **s = w; *s && r == 0; s++) {
            long k;
            r = fuda_args_long("play", "--humans", *s, 1, nseats, &k);
            if (r == 0) *mask |= 1u << (k - 1);
        }
        fuda_words_free(w);
        if (r) return r;
    }
    if (p->seat > nseats) return fuda_usage_error("play", "--seat: %ld is out of range (1 to %d)", p->seat, nseats);
    if (p->seat) *mask |= 1u << (p->seat - 1);
    else if (!p->humans) *mask |= 1u;
    return 0;
}

/* Load the log of --replay and replay it; 0 or FUDA_EXIT_FAIL. */
static int replay_log(table *t, const play_args *p) {
    if (fuda_engine_replay_file_as(t->e, p->m.variant, p->replay, p->replay_to) != 0)
        return fuda_fail("%s", fuda_engine_error(t->e));
    printf("replayed %ld moves of %s\n", fuda_engine_move_count(t->e), p->replay);
    t->nseats = fuda_engine_state(t->e)->nseats;
    return 0;
}

/* The seed line of a log's text, for a message ("?" if none). */
static void log_seed(const char *text, char *buf, size_t size) {
    const char *s = strstr(text, "\nseed ");
    if (s) snprintf(buf, size, "%.*s", (int)strcspn(s + 6, "\n"), s + 6);
    else snprintf(buf, size, "?");
}

/* Replay the saved match of --resume (read by read_saved); 0 or
 * FUDA_EXIT_FAIL. The saved file is left as it is on a failure. */
static int resume_saved(table *t, const play_args *p) {
    const fuda_saved *sv = &p->saved;
    if (fuda_engine_replay_as(t->e, sv->variant, t->save_path, sv->text, sv->len, -1) != 0)
        return fuda_fail("cannot resume: %s", fuda_engine_error(t->e));
    char seed[32];
    log_seed(sv->text, seed, sizeof seed);
    long moves = fuda_engine_move_count(t->e);
    printf("resuming the last match: %s, seed %s, %ld move%s in (kept in %s)\n",
           fuda_out_line(fuda_engine_info(t->e)->name), fuda_out_line(seed), moves, moves == 1 ? "" : "s", t->save_path);
    t->nseats = fuda_engine_state(t->e)->nseats;
    return 0;
}

/* Read the saved match for --resume and take its seats from it; 0 or
 * FUDA_EXIT_FAIL after saying why not (nothing saved, the last match is
 * over, a bad file). */
static int read_saved(const char *path, play_args *p) {
    struct stat st;
    if (!path) return fuda_fail("nothing to resume: no data folder (HOME and XDG_DATA_HOME are not set)");
    if (stat(path, &st) != 0 && errno == ENOENT) return fuda_fail("nothing to resume: no match kept in %s", path);
    char why[256];
    if (fuda_saved_read(path, &p->saved, why, sizeof why) != 0) return fuda_fail("cannot resume: %s", why);
    if (p->saved.finished) {
        fuda_buf cmd = FUDA_BUF_INIT;
        fuda_buf_shell(&cmd, path);
        int r = fuda_fail("nothing to resume: the last match is over (see it again with fuda play --replay %s)",
                          cmd.p);
        fuda_buf_free(&cmd);
        return r;
    }
    p->humans = p->saved.humans;
    p->m.bots = p->saved.bots[0] ? p->saved.bots : NULL;
    return 0;
}

/* Start a new match (the events are shown from the deal on). */
static int start_new(table *t, const play_args *p) {
    uint64_t seed = p->m.have_seed ? p->m.seed : (uint64_t)time(NULL);
    printf("seed %llu\n", (unsigned long long)seed);
    fuda_engine_on_event(t->e, on_event, t);
    if (fuda_engine_start(t->e, t->nseats, seed) != 0) return fuda_fail("%s", fuda_engine_error(t->e));
    return 0;
}

/* Seat the humans and the bots; 0 or an exit code. */
static int seat_players(table *t, const play_args *p, char ***store) {
    int r = human_seats(p, t->nseats, &t->humans);
    if (r) return r;
    for (int seat = 1; seat <= t->nseats; seat++) t->nhumans += is_human(t, seat);
    for (int seat = 1; seat <= t->nseats && t->nhumans == 1; seat++)
        if (is_human(t, seat)) t->keyboard = seat;
    return fuda_assign_bots("play", t->e, p->m.bots, t->humans, t->nseats, t->bots, store);
}

static void print_header(const table *t) {
    fuda_buf b = FUDA_BUF_INIT;
    fuda_buf_addf(&b, "%s\n", fuda_out_line(fuda_engine_info(t->e)->title));
    for (int seat = 1; seat <= t->nseats; seat++) {
        char label[64];
        seat_label(t, seat, label, sizeof label);
        fuda_buf_addf(&b, "%s%s", seat > 1 ? ", " : "", label);
    }
    fuda_buf_adds(&b, "\nType 'help' for the commands and how to type moves.");
    char *text = fuda_buf_take(&b);
    show(t, text);
    free(text);
}

/* The engine with the match started (or replayed) and the seats taken; 0 or
 * an exit code. */
static int set_table(table *t, const fuda_config *cfg, const play_args *p, char ***store) {
    t->style = fuda_render_style_for(stdout);
    t->tty_in = fuda_line_tty();
    t->tty_out = isatty(STDOUT_FILENO);
    int r = 0;
    if (p->replay || p->resume) {
        t->e = fuda_engine_new(cfg);
        if (!t->e) return fuda_fail("out of memory");
        r = p->resume ? resume_saved(t, p) : replay_log(t, p);
    } else {
        t->e = fuda_open_variant(cfg, &p->m);
        if (!t->e) return FUDA_EXIT_FAIL;
        t->nseats = fuda_seat_count("play", t->e, &p->m);
        if (t->nseats == 0) r = FUDA_EXIT_USAGE;
    }
    if (r == 0) r = seat_players(t, p, store);
    if (r) return r;
    t->name = fuda_engine_info(t->e)->name;
    t->variant_as = p->resume ? p->saved.variant : p->m.variant;
    print_header(t);
    if (p->replay || p->resume) fuda_engine_on_event(t->e, on_event, t);
    else if ((r = start_new(t, p)) != 0) return r;
    t->no_confirm = p->no_confirm || (p->resume && p->saved.no_confirm);
    if (p->practice) fuda_engine_set_practice(t->e);
    if (fuda_engine_practice(t->e)) {
        fuda_undo_practice(&t->undo, fuda_engine_state(t->e)->hand_no);
        show(t, "practice match: undo goes back freely; the log and the scores say practice");
    }
    return 0;
}

int fuda_cmd_play(int argc, char **argv, const fuda_config *cfg) {
    play_args p = { 0 };
    int r = parse_args(argc, argv, &p);
    if (r != 0) {
        fuda_match_args_free(&p.m);
        return r < 0 ? FUDA_EXIT_OK : r;
    }
    table t;
    memset(&t, 0, sizeof t);
    t.cfg = cfg;
    t.save_path = fuda_data_file(SAVED_NAME);
    char **store = NULL;
    if (p.resume) r = read_saved(t.save_path, &p);
    if (r == 0) r = set_table(&t, cfg, &p, &store);
    if (r == 0) {
        char *hist = fuda_state_file("play_history"); /* moves typed, apart from the REPL's lines */
        void *outer = fuda_line_history_enter(hist);
        /* Tab completes nothing but at the move prompt (not the REPL's Lua names) */
        fuda_line_completer outer_tab = fuda_line_set_completer((fuda_line_completer){ NULL, NULL });
        r = play_loop(&t) == FAIL ? FUDA_EXIT_FAIL : FUDA_EXIT_OK;
        fuda_line_set_completer(outer_tab);
        fuda_line_history_leave(outer, hist);
        free(hist);
    }
    fflush(stdout);
    for (int seat = 0; seat <= FUDA_MAX_SEATS; seat++) fuda_buf_free(&t.held[seat]);
    fuda_undo_free(&t.undo);
    for (int k = 0; k < t.nseen; k++) free(t.seen[k]);
    free(t.save_path);
    fuda_saved_free(&p.saved);
    for (int i = 0; i < t.nverbs; i++) free(t.verbs[i]);
    free(t.verbs);
    fuda_words_free(store);
    if (t.e) fuda_engine_free(t.e);
    fuda_match_args_free(&p.m);
    return r;
}
