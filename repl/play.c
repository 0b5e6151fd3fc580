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
 * seat whose only choice is to pass is not asked.
 *
 * This file: the command, the match loop (a step of every seat that must
 * act, the end of a hand and of the match, a failing bot's seat given to a
 * new player) and a human's decision at the prompt. What is shown and read,
 * the commands, and the setting up are in the files play.h lists. */
#include "confirm.h"
#include "input.h"
#include "line.h"
#include "out.h"
#include "render.h"
#include "seats.h"
#include "think.h"
#include "play.h"

#define MAX_MOVES 100000L /* a bot-only match still going after this many moves is stuck */
#define SAVED_NAME "last-match.log"

/* ---- one human decision ---- */

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
    fuda_play_show(t, msg);
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
    else if (i < 0) fuda_play_show(t, msg);
    free(msg);
    return i < 0 ? -1 : i;
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
        fuda_play_show(t, why); /* a long reason above, so the prompt line does not wrap */
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
    if (why) fuda_play_show(t, why);
    free(why);
    fuda_play_print_choices(t, claim, ml);
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
    int r = fuda_play_get_moves(t, seat, &ml);
    if (r == GO_ON && claim && ml.n == 1 && strcmp(ml.v[0], "pass") == 0) {
        *move = fuda_xstrdup("pass");
        *asked = 0;
        fuda_play_free_moves(&ml);
        return GO_ON;
    }
    if (r == GO_ON) r = fuda_play_take_keyboard(t, seat);
    if (r == GO_ON) fuda_play_note_verbs(t, &ml);
    if (r == GO_ON) r = fuda_play_show_view(t, seat);
    const char *yes = claim ? fuda_play_yes_no_move(&ml) : NULL;
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
    fuda_play_completion_init(&comp, t, &ml);
    fuda_line_completer outer = fuda_line_set_completer((fuda_line_completer){ fuda_play_complete_move, &comp });
    while (r == GO_ON && !*move) {
        char *line = fuda_play_ask(prompt);
        if (!line && t->tty_in) { /* Ctrl-D at the keyboard: fuda_play_ask, as quit does */
            putchar('\n');
            r = fuda_play_confirm_quit();
            continue;
        }
        if (!line) {
            r = fuda_play_end_of_input();
            break;
        }
        const char *s = line + strspn(line, " \t");
        int c = *s ? fuda_play_run_play_command(t, seat, &ml, s) : NOT_COMMAND;
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
    fuda_play_free_moves(&ml);
    free(prompt);
    return r;
}

/* ---- the match ---- */

/* A seat's bot failed with `error`, choosing (move NULL) or playing `move`;
 * the match is as before that move. Say so, and ask at a prompt where the
 * commands work (undo, save, quit...) who plays the seat now: GO_ON once
 * `seat N` or `bot N NAME` gave it a player, UNDONE, QUIT, or FAIL when the
 * input ends (a match left with a seat nobody plays has failed). */
static int rescue_seat(table *t, int seat, const char *move, const char *error) {
    char *text = fuda_seat_failed_text(seat, t->bots[seat], move, error, fuda_engine_info(t->e));
    fuda_play_show(t, text);
    free(text);
    char prompt[96];
    snprintf(prompt, sizeof prompt, "%s [seat %d has no player]> ", fuda_out_line(t->name), seat);
    movelist none = { 0, NULL };
    long changes = t->seat_changes;
    int r = GO_ON;
    while (r == GO_ON && t->seat_changes == changes) {
        char *line = fuda_play_ask(prompt);
        if (!line && t->tty_in) {
            putchar('\n');
            r = fuda_play_confirm_quit();
            continue;
        }
        if (!line) {
            printf("end of input: match abandoned (seat %d has no player)\n", seat);
            return FAIL;
        }
        const char *s = line + strspn(line, " \t");
        int c = *s ? fuda_play_run_play_command(t, t->keyboard, &none, s) : GO_ON;
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
    if (note) fuda_play_show(t, note);
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
        if (is_human(t, seat)) fuda_play_show(t, fuda_engine_error(t->e)); /* the state is unchanged: ask again */
        else failed = seat, error = fuda_xstrdup(fuda_engine_error(t->e));
        break;
    }
    if (applied && marked) fuda_undo_push(&t->undo, &mk, nev, applied, chosen, held);
    if (applied) fuda_play_autosave(t, 0);
    if (failed && (r = rescue_seat(t, failed, chosen[failed], error)) == UNDONE) r = GO_ON;
    for (int seat = 1; seat <= t->nseats; seat++) free(chosen[seat]);
    free(error);
    return r;
}

static int hand_over(table *t) {
    putchar('\n');
    if (fuda_play_show_scoresheet(t) != GO_ON) return FAIL;
    const char *round = fuda_engine_info(t->e)->round;
    char prompt[64];
    snprintf(prompt, sizeof prompt, "Press Enter for the next %s ", fuda_out_line(round));
    if (t->tty_in) {
        char *line = fuda_play_ask(prompt);
        if (!line && fuda_play_eof_at_enter() == QUIT) return QUIT;
        free(line);
    } else {
        printf("%.*s\n", (int)strlen(prompt) - 1, prompt); /* not a terminal: go on */
    }
    if (fuda_engine_next_hand(t->e) != 0) return engine_failed(t);
    if (t->nhumans) fuda_play_autosave(t, 0);
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
        fuda_play_show(t, text);
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
        fuda_play_seat_label(t, seat, label, sizeof label);
        fuda_buf_addf(&b, "%s%s", k == 0 ? "" : (k == nwon - 1 ? " and " : ", "), label);
        k++;
    }
    if (won == lead && fuda_engine_info(t->e)->ncols == 0) fuda_buf_addf(&b, nwon == 1 ? " wins with %d." : " share the win with %d.", best);
    else fuda_buf_adds(&b, nwon == 1 ? " wins." : " share the win.");
    char *text = fuda_buf_take(&b);
    fuda_play_show(t, text);
    free(text);
}

static int match_over(table *t) {
    fuda_play_autosave(t, 1);
    putchar('\n');
    if (fuda_play_show_scoresheet(t) != GO_ON) return FAIL;
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
            char *line = fuda_play_ask(prompt);
            if (!line) return fuda_play_eof_at_enter() == QUIT ? QUIT : GO_ON;
            char **w;
            int nw = fuda_split_words(line, &w);
            free(line);
            if (nw == 0) {
                fuda_words_free(w);
                break;
            }
            if (nw == 2 && (strcmp(w[0], "table") == 0 || strcmp(w[0], "look") == 0)) fuda_play_show_table(t, seat, w[1]);
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
    fuda_play_autosave(t, 0); /* abandoned (or failed): kept to go on with */
    return r == FAIL ? FAIL : GO_ON;
}

int fuda_cmd_play(int argc, char **argv, const fuda_config *cfg) {
    play_args p = { 0 };
    int r = fuda_play_parse_args(argc, argv, &p);
    if (r != 0) {
        fuda_match_args_free(&p.m);
        return r < 0 ? FUDA_EXIT_OK : r;
    }
    table t;
    memset(&t, 0, sizeof t);
    t.cfg = cfg;
    t.save_path = fuda_data_file(SAVED_NAME);
    char **store = NULL;
    if (p.resume) r = fuda_play_read_saved(t.save_path, &p);
    if (r == 0) r = fuda_play_set_table(&t, cfg, &p, &store);
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
