/* play_cmds.c -- what a human can type at `fuda play`'s prompt besides a
 * move: the legal moves listed (and remembered, for help and "why not"),
 * help with the game's verbs, the scoresheet, the view, other tables, piles,
 * rules, the log, save, undo, hint, practice, confirm on|off, `seat N` and
 * `bot N NAME`, quit; and the Tab completion of commands, moves, cards and
 * pile names (complete.c). */
#include "out.h"
#include "input.h"
#include "seats.h"
#include "think.h"
#include "play.h"

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

int fuda_play_get_moves(table *t, int seat, movelist *ml) {
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

void fuda_play_free_moves(movelist *ml) {
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
    fuda_play_show(t, text);
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
const char *fuda_play_yes_no_move(const movelist *ml) {
    if (ml->n != 2) return NULL;
    if (strcmp(ml->v[0], "pass") == 0) return ml->v[1];
    if (strcmp(ml->v[1], "pass") == 0) return ml->v[0];
    return NULL;
}

void fuda_play_print_choices(const table *t, const char *kind, const movelist *ml) {
    printf("%s? your choices:\n", fuda_out_line(kind));
    for (int i = 0; i < ml->n; i++) {
        char num[24], *m = fuda_move_marked(ml->v[i]);
        snprintf(num, sizeof num, "  %d. ", i + 1);
        show_two(t, num, m);
        free(m);
    }
}

/* ---- help ---- */

/* Do moves a and b have the same verb? */
static int same_verb(const char *a, const char *b) {
    size_t n = strcspn(a, " ");
    return n == strcspn(b, " ") && strncmp(a, b, n) == 0;
}

/* Remember a move of each verb met in the legal moves, for help. */
void fuda_play_note_verbs(table *t, const movelist *ml) {
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

/* ---- commands ---- */

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
    fuda_play_show(t, text);
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
    fuda_play_show(t, text);
    free(text);
}

/* `undo`: back to the seat's last decision (UNDONE), or say why not (GO_ON). */
static int undo_move(table *t, int seat) {
    char *why = NULL;
    if (!is_human(t, seat)) {
        fuda_play_show(t, "nothing to undo: no seat of yours has moved");
        return GO_ON;
    }
    int k = fuda_undo_find(&t->undo, t->e, seat, t->humans, t->chose, &why);
    if (k < 0) {
        fuda_play_show(t, why);
        free(why);
        return GO_ON;
    }
    const fuda_undo_point *p = &t->undo.pt[k];
    long after = fuda_engine_move_count(t->e) - (long)p->mk.st.move_no - 1;
    char *mv = fuda_xstrdup(p->move[seat]);
    size_t held[FUDA_MAX_SEATS + 1];
    memcpy(held, p->held, sizeof held);
    if (fuda_undo_go(&t->undo, t->e, k) < 0) {
        fuda_play_show(t, fuda_engine_error(t->e));
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
    fuda_play_show(t, text);
    free(text);
    return GO_ON;
}

/* `practice`: from now on undo goes back freely, and the log and the scores
 * say practice. */
static int start_practice(table *t) {
    if (fuda_engine_practice(t->e)) {
        fuda_play_show(t, "this match is practice already: undo goes back freely");
        return GO_ON;
    }
    fuda_engine_set_practice(t->e);
    fuda_undo_practice(&t->undo, fuda_engine_state(t->e)->hand_no);
    fuda_play_show(t, "practice: to the end of this match undo goes back freely, past cards you have seen and past a "
            "deal; its log and its scores say practice");
    fuda_play_autosave(t, 0);
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
    if (n == 2) fuda_play_autosave(t, 0);
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
        fuda_play_show(t, why);
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
    fuda_play_show(t, b.p);
    fuda_buf_free(&b);
    t->seat_changes++;
    fuda_play_autosave(t, 0);
    return GO_ON;
}

/* The commands of the match prompt. Returns GO_ON when the line was a
 * command (done), QUIT, FAIL, or NOT_COMMAND. */
int fuda_play_run_play_command(table *t, int seat, const movelist *ml, const char *line) {
    char **w;
    int n = fuda_split_words(line, &w), r = GO_ON;
    const char *c = n ? w[0] : "";
    if (n == 1 && strcmp(c, "help") == 0) print_play_help(t, ml);
    else if (n == 1 && strcmp(c, "rules") == 0) fuda_print_rules(t->cfg, t->e);
    else if (n == 1 && strcmp(c, "moves") == 0) print_moves(t, ml);
    else if (n == 1 && strcmp(c, "score") == 0) r = fuda_play_show_scoresheet(t);
    else if (n == 1 && (strcmp(c, "view") == 0 || strcmp(c, "look") == 0)) r = fuda_play_show_view(t, seat);
    else if (n == 2 && (strcmp(c, "table") == 0 || strcmp(c, "look") == 0)) r = fuda_play_show_table(t, seat, w[1]);
    else if (n == 1 && strcmp(c, "log") == 0) r = print_log(t);
    else if (n == 1 && strcmp(c, "undo") == 0) r = undo_move(t, seat);
    else if (n == 1 && strcmp(c, "hint") == 0) r = give_hint(t, seat);
    else if (n == 1 && strcmp(c, "practice") == 0) r = start_practice(t);
    else if (strcmp(c, "confirm") == 0) r = set_confirm(t, w, n);
    else if (strcmp(c, "seat") == 0 || strcmp(c, "bot") == 0) r = change_seat(t, w, n);
    else if (n == 1 && strcmp(c, "pile") == 0) list_piles(t, seat);
    else if ((n == 2 || n == 3) && strcmp(c, "pile") == 0) show_pile(t, seat, w[1], n == 3 ? w[2] : NULL);
    else if (strcmp(c, "save") == 0) r = save_log(t, n == 2 ? w[1] : NULL);
    else if (n == 1 && (strcmp(c, "quit") == 0 || strcmp(c, "exit") == 0)) r = fuda_play_confirm_quit();
    else r = NOT_COMMAND;
    fuda_words_free(w);
    return r;
}

/* ---- Tab completion ---- */

static const char *const play_commands[] = { "help",     "moves",   "view", "look", "table", "score", "rules",
                                             "pile",     "log",     "save", "undo", "hint",  "quit",  "exit",
                                             "practice", "confirm", "seat", "bot",  NULL };


void fuda_play_complete_move(void *ud, const char *line, int point, fuda_cands *out) {
    const completion *c = ud;
    fuda_play_source src = { (const char *const *)c->ml->v, c->ml->n, (const char *const *)c->piles,
                             c->npiles, play_commands };
    fuda_complete_play(line, point, &src, out);
}

void fuda_play_completion_init(completion *c, const table *t, const movelist *ml) {
    const fuda_state *st = fuda_engine_state(t->e);
    c->ml = ml;
    c->npiles = st ? st->npiles : 0;
    c->piles = fuda_xrealloc(NULL, (size_t)(c->npiles + 1) * sizeof *c->piles);
    for (int p = 0; p < c->npiles; p++) c->piles[p] = fuda_xstrdup(st->piles[p].name);
    c->piles[c->npiles] = NULL;
}
