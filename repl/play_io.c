/* play_io.c -- what `fuda play` shows and reads: variant text shown to the
 * seats allowed to see it, and for a hot seat the events private to a human
 * away from the keyboard held until that seat takes it ("Pass the keyboard
 * to seat K", the screen cleared); the keyboard (a line, a yes/no question,
 * quitting, end of input); and the match kept in the user's data folder for
 * --resume (saved.h). */
#include "line.h"
#include "out.h"
#include "render.h"
#include "play.h"

#define CLEAR_SCREEN "\033[H\033[2J"

/* ---- output ---- */

/* Print variant text, ending the line: made harmless, cards rendered in
 * fuda's own colours, lines wrapped (out.h). */
void fuda_play_show(const table *t, const char *text) { fuda_out_show(text, t->style); }

/* Keep an event for a human away from the keyboard. */
static void hold(table *t, int seat, const char *text) {
    fuda_buf_adds(&t->held[seat], text);
    if (*text && text[strlen(text) - 1] != '\n') fuda_buf_addc(&t->held[seat], '\n');
}

/* Events: shown if everybody or the human at the keyboard may see them;
 * held for a human who is away. When the screen is cleared at each change
 * of keyboard, public events are held too, so nobody misses them. */
void fuda_play_on_event(void *ud, int seat, const char *text) {
    table *t = ud;
    int cleared = t->nhumans > 1 && t->tty_out;
    if (t->nhumans) fuda_undo_event(&t->undo, seat, text); /* what undo must know was shown */
    if (seat == 0 || seat == t->keyboard) fuda_play_show(t, text);
    for (int h = 1; h <= t->nseats; h++)
        if (is_human(t, h) && h != t->keyboard && (seat == h || (seat == 0 && cleared))) hold(t, h, text);
}

/* "seat 2 (random)", "seat 1 (you)" */
void fuda_play_seat_label(const table *t, int seat, char *buf, size_t size) {
    if (!is_human(t, seat)) snprintf(buf, size, "seat %d (%s)", seat, fuda_out_line(t->bots[seat]));
    else if (t->nhumans == 1) snprintf(buf, size, "seat %d (you)", seat);
    else snprintf(buf, size, "seat %d", seat);
}

int fuda_play_show_view(table *t, int seat) {
    char *v = fuda_engine_view(t->e, seat);
    if (!v) return engine_failed(t);
    fuda_play_show(t, v);
    free(v);
    return GO_ON;
}

/* `table N`: table N of a match of several, as seat may see it. */
int fuda_play_show_table(table *t, int seat, const char *arg) {
    char *end;
    long k = strtol(arg, &end, 10);
    int n = fuda_engine_tables(t->e);
    if (n == 0) {
        fuda_play_show(t, "this match is played at one table: 'view' shows it");
        return GO_ON;
    }
    if (end == arg || *end || k < 1 || k > n) {
        char msg[80];
        snprintf(msg, sizeof msg, "no table '%s': the tables are 1 to %d", arg, n);
        fuda_play_show(t, msg);
        return GO_ON;
    }
    char *v = fuda_engine_view_table(t->e, seat, (int)k);
    fuda_play_show(t, v ? v : fuda_engine_error(t->e));
    free(v);
    return GO_ON;
}

int fuda_play_show_scoresheet(table *t) {
    char *s = fuda_engine_scoresheet_fit(t->e, fuda_term_width(stdout));
    if (!s) return engine_failed(t);
    if (fuda_engine_practice(t->e)) puts("practice match");
    fuda_play_show(t, s);
    free(s);
    return GO_ON;
}

/* ---- the keyboard ---- */

/* End of input during the match: the same as quitting. */
int fuda_play_end_of_input(void) {
    puts("end of input: match abandoned");
    return QUIT;
}

/* Read a line for `prompt`; NULL at end of input. */
char *fuda_play_ask(const char *prompt) { return fuda_line_read(prompt, 1); }

/* Ask a yes/no question: 1 yes, 0 no, -1 end of input. */
static int ask_yes(const char *question) {
    char *line = fuda_play_ask(question);
    if (!line) return -1;
    int yes = line[0] == 'y' || line[0] == 'Y';
    free(line);
    return yes;
}

int fuda_play_confirm_quit(void) {
    fuda_line_completer moves = fuda_line_set_completer((fuda_line_completer){ NULL, NULL });
    int yes = ask_yes("Abandon this match? [y/N] "); /* Tab offers no moves here */
    fuda_line_set_completer(moves);
    if (yes < 0) return fuda_play_end_of_input();
    if (yes) puts("match abandoned");
    return yes ? QUIT : GO_ON;
}

/* Ctrl-D at a "press Enter" prompt on a terminal: ask as quit does (GO_ON
 * goes on as Enter would). */
int fuda_play_eof_at_enter(void) {
    putchar('\n');
    return fuda_play_confirm_quit();
}

/* Hand the keyboard to human `seat`: with several humans, ask for the pass
 * and clear the screen, then show the events held for that seat. */
int fuda_play_take_keyboard(table *t, int seat) {
    if (t->keyboard == seat) return GO_ON;
    if (t->nhumans > 1) {
        char prompt[64];
        snprintf(prompt, sizeof prompt, "Pass the keyboard to seat %d and press Enter ", seat);
        if (t->tty_in) {
            char *line = fuda_play_ask(prompt);
            if (!line && fuda_play_eof_at_enter() == QUIT) return QUIT;
            free(line);
        } else {
            puts(prompt);
        }
        if (t->tty_out) fuda_out_raw(stdout, CLEAR_SCREEN, strlen(CLEAR_SCREEN));
    }
    t->keyboard = seat;
    if (t->held[seat].len) fuda_play_show(t, t->held[seat].p);
    fuda_buf_free(&t->held[seat]);
    return GO_ON;
}

/* ---- the match kept ---- */

/* Keep the match in the data folder for --resume (saved.h). A failure is
 * reported once, on stderr, and the match goes on. */
void fuda_play_autosave(table *t, int finished) {
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
