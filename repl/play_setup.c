/* play_setup.c -- setting up `fuda play`: its flags, which seats are
 * humans and which bots, a new match (its seed said), a log replayed
 * (--replay, --to) or the saved match resumed (--resume), the header line
 * and practice mode. */
#include <errno.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "input.h"
#include "line.h"
#include "out.h"
#include "render.h"
#include "play.h"

/* ---- setting up ---- */

int fuda_play_parse_args(int argc, char **argv, play_args *p) {
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

/* Replay the saved match of --resume (read by fuda_play_read_saved); 0 or
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
int fuda_play_read_saved(const char *path, play_args *p) {
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
    fuda_engine_on_event(t->e, fuda_play_on_event, t);
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
        fuda_play_seat_label(t, seat, label, sizeof label);
        fuda_buf_addf(&b, "%s%s", seat > 1 ? ", " : "", label);
    }
    fuda_buf_adds(&b, "\nType 'help' for the commands and how to type moves.");
    char *text = fuda_buf_take(&b);
    fuda_play_show(t, text);
    free(text);
}

/* The engine with the match started (or replayed) and the seats taken; 0 or
 * an exit code. */
int fuda_play_set_table(table *t, const fuda_config *cfg, const play_args *p, char ***store) {
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
    if (p->replay || p->resume) fuda_engine_on_event(t->e, fuda_play_on_event, t);
    else if ((r = start_new(t, p)) != 0) return r;
    t->no_confirm = p->no_confirm || (p->resume && p->saved.no_confirm);
    if (p->practice) fuda_engine_set_practice(t->e);
    if (fuda_engine_practice(t->e)) {
        fuda_undo_practice(&t->undo, fuda_engine_state(t->e)->hand_no);
        fuda_play_show(t, "practice match: undo goes back freely; the log and the scores say practice");
    }
    return 0;
}
