/* match.c -- a match over its tables: starting it, dealing each hand, and
 * the engine's entry points by seat (engine.h) -- a seat's moves, applying
 * one, a bot's choice (the search among them), its view and its hooks'
 * lines, arranging piles for tests.
 *
 * A match has one table of every seat, unless the variant declares
 * `tables` (tables.c). Every entry point finds the seat's place at its table
 * (fuda_tables_step_begin, fuda_tables_find: with one table the place is
 * the seat and nothing is entered), runs the table-level function there
 * (moves.c, bots.c, search.c, view.c, marks.c, which know nothing of
 * tables), and after a move lets the match follow (fuda_tables_step_end:
 * at several tables the match's hand ends when every table's has, and a
 * failed step puts every table back). This is the top of the engine: no
 * file below calls up into it.
 *
 * Failure: -1 (NULL for texts) with the message in fuda_engine_error, and
 * the match exactly as it was. */
#include <lauxlib.h>
#include "engine_impl.h"
#include "match_tables.h"

/* The match's own state: the header over its tables, else the one table's. */
static fuda_state *header(fuda_engine *e) {
    return fuda_tb_n(e) ? (fuda_state *)fuda_tables_slot(e->tb, &e->st, 0) : &e->st;
}

/* A hand that ended in its deal counts as a move (one more in the state's
 * move count, as a move would): every loop that plays a match bounds its
 * moves (check.max_moves, FUDA_MAX_MOVES). And FUDA_MAX_EMPTY_HANDS such
 * hands in a row end the match with an error: a variant whose deal ends
 * every hand at once cannot make anybody deal for ever. st: the match's
 * state (at several tables, the header's). */
static void count_empty_hand(fuda_engine *e, fuda_state *st) {
    if (st->phase == FUDA_PHASE_HAND_OVER) {
        st->move_no++;
        e->empty_run++;
    } else {
        e->empty_run = 0;
    }
}

/* Too many hands in a row ended in their deal: -1 with the message. */
static int empty_hands(fuda_engine *e) {
    if (e->empty_run < FUDA_MAX_EMPTY_HANDS) return 0;
    fuda_engine_seterr(e, "%s: %d hands in a row ended in their deal, without a move (the deal "
                       "hook ends every hand): the match is stopped", e->var.file, FUDA_MAX_EMPTY_HANDS);
    return -1;
}

/* ---- starting a match ---- */

/* Set the declared variables to their initial values. */
static int init_vars(fuda_engine *e) {
    lua_State *L = e->L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->var.ref_varinit);
    int n = (int)luaL_len(L, -1);
    for (int i = 1; i <= n; i++) {
        lua_rawgeti(L, -1, i);
        lua_rawgeti(L, -1, 1);
        int slot = (int)lua_tointeger(L, -1);
        lua_rawgeti(L, -2, 3);
        int per_seat = lua_toboolean(L, -1);
        lua_rawgeti(L, -3, 2);
        for (int s = 0; s < (per_seat ? FUDA_MAX_SEATS : 1); s++) {
            int k = per_seat ? e->var.nvars + slot * FUDA_MAX_SEATS + s : slot;
            switch (lua_type(L, -1)) {
            case LUA_TBOOLEAN: e->st.var_type[k] = FUDA_VAR_BOOL; e->st.var[k] = lua_toboolean(L, -1); break;
            case LUA_TSTRING: {
                size_t len;
                const char *str = lua_tolstring(L, -1, &len);
                e->st.var_type[k] = FUDA_VAR_SYM;
                e->st.var[k] = fuda_symtab_intern(e->play.syms, str, len);
                if (e->st.var[k] < 0) { lua_pop(L, 5); return -1; }
                break;
            }
            default: e->st.var_type[k] = FUDA_VAR_INT; e->st.var[k] = (int32_t)lua_tointeger(L, -1);
            }
        }
        lua_pop(L, 4);
    }
    lua_pop(L, 1);
    return 0;
}

/* A match starts with an empty symbol table: the strings a script stored in
 * earlier matches do not pile up over a long simulation. */
static int new_symbols(fuda_engine *e) {
    fuda_symtab *t = fuda_symtab_new();
    if (!t) {
        fuda_engine_seterr(e, "out of memory");
        return -1;
    }
    fuda_sandbox_cfree(e, e->play.sym_bytes);
    e->play.sym_bytes = 0;
    fuda_symtab_free(e->play.syms);
    e->play.syms = t;
    return 0;
}

/* Replace the Lua table at registry ref *ref by a new empty one. */
static void new_ref_table(lua_State *L, int *ref) {
    if (*ref != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, *ref);
    *ref = LUA_NOREF;
    lua_newtable(L);
    *ref = luaL_ref(L, LUA_REGISTRYINDEX);
}

static int start_body(fuda_engine *e, void *ud) {
    (void)ud;
    new_ref_table(e->L, &e->ref_mvids);
    new_ref_table(e->L, &e->ref_mvstrs);
    if (fuda_tables_configure(e) < 0) return -1;
    if (init_vars(e) < 0) {
        fuda_engine_seterr(e, "out of memory");
        return -1;
    }
    if (fuda_tb_n(e)) fuda_tables_prepare(e);
    fuda_game_reset(e); /* after init_vars: the game's variable tables copy them */
    if (fuda_tb_n(e)) return 0; /* setup and deal per table: fuda_tables_begin */
    e->play.in_setup = 1;
    fuda_call_simple(e, FUDA_HOOK_SETUP);
    e->play.in_setup = 0;
    e->st.phase = FUDA_PHASE_PLAYING;
    e->st.hand_no = 1;
    fuda_call_simple(e, FUDA_HOOK_DEAL);
    return 0;
}

int fuda_engine_start(fuda_engine *e, int nseats, uint64_t seed) {
    if (!e->var.loaded) {
        fuda_engine_seterr(e, "no variant loaded");
        return -1;
    }
    if (nseats == 0) nseats = e->var.info.default_seats;
    if (nseats < e->var.info.min_seats || nseats > e->var.info.max_seats ||
        (e->var.info.seat_step > 1 && (nseats - e->var.info.min_seats) % e->var.info.seat_step)) {
        if (e->var.info.min_seats == e->var.info.max_seats)
            fuda_engine_seterr(e, "%s is for %d players, not %d", e->var.name, e->var.info.min_seats, nseats);
        else if (e->var.info.seat_step > 1)
            fuda_engine_seterr(e, "%s is for %d to %d players, every %d (%d, %d, ...), not %d", e->var.name,
                               e->var.info.min_seats, e->var.info.max_seats, e->var.info.seat_step, e->var.info.min_seats,
                               e->var.info.min_seats + e->var.info.seat_step, nseats);
        else
            fuda_engine_seterr(e, "%s is for %d to %d players, not %d", e->var.name, e->var.info.min_seats,
                               e->var.info.max_seats, nseats);
        return -1;
    }
    fuda_engine_free_match(e);
    if (new_symbols(e) < 0) return -1;
    if (e->tb) memset(e->tb, 0, offsetof(fuda_tables, slot));
    e->play.seats_stale = e->nteams = 0;
    if (fuda_state_init(&e->st, nseats, seed, e->play.syms) < 0) { /* the loader keeps the counts in range */
        fuda_engine_seterr(e, "%s: cannot seat %d players (at most %d)", e->var.name, nseats, FUDA_MAX_SEATS);
        return -1;
    }
    fuda_rng_seed(&e->bot_rng, seed, 1);
    e->seed = seed;
    e->practice = 0;
    static uint64_t matches; /* every match of the process gets its own id, for marks */
    e->match_id = __atomic_add_fetch(&matches, 1, __ATOMIC_RELAXED);
    __atomic_store_n(&e->lim.match_epoch, e->lim.match_epoch + 1, __ATOMIC_RELEASE); /* a new script-time budget */
    e->play.started = 1;
    int rc = fuda_engine_pcall(e, start_body, NULL);
    e->play.in_setup = 0;
    if (rc == 0 && fuda_tb_n(e)) {
        rc = fuda_tables_begin(e);
        if (rc == 0) count_empty_hand(e, header(e)); /* before the run starts over, as at one table */
    } else if (rc == 0) {
        rc = fuda_engine_progress(e, "deal");
    }
    e->empty_run = 0;
    if (rc == 0 && !fuda_tb_n(e)) count_empty_hand(e, &e->st);
    fuda_state_observe(&e->st);
    if (rc < 0) {
        e->play.started = 0;
        fuda_record_events_drop(e, 0);
        fuda_record_rows_drop(e, 0);
        return -1;
    }
    fuda_engine_flush(e);
    return 0;
}

int fuda_engine_next_hand(fuda_engine *e) {
    if (e->play.started && empty_hands(e) < 0) return -1;
    if (e->play.started && fuda_tb_n(e)) {
        if (fuda_tables_next_hand(e) < 0) return -1;
        count_empty_hand(e, header(e));
        return 0;
    }
    if (!e->play.started || e->st.phase != FUDA_PHASE_HAND_OVER) {
        fuda_engine_seterr(e, "no hand to deal: the %s", e->play.started && e->st.phase == FUDA_PHASE_MATCH_OVER
                           ? "match is over" : "current hand is not over");
        return -1;
    }
    fuda_txn t;
    fuda_txn_begin(e, &t);
    e->st.phase = FUDA_PHASE_PLAYING;
    e->st.hand_no++;
    if (fuda_engine_run_hook(e, FUDA_HOOK_DEAL) < 0 || fuda_engine_progress(e, "deal") < 0) {
        fuda_txn_undo(e, &t);
        return -1;
    }
    count_empty_hand(e, &e->st);
    fuda_state_observe(&e->st);
    fuda_engine_log_line(e, "next");
    fuda_engine_flush(e);
    return 0;
}

/* ---- a seat's step ---- */

static int is_search(const char *name) { return name && strcmp(name, fuda_builtin_bots[1]) == 0; }

enum { STEP_APPLY, STEP_TRY, STEP_BOT, STEP_BOT_APPLY, STEP_SEARCH };

typedef struct step_args {
    int kind;                  /* STEP_* */
    const char *text;          /* the move (apply, try) or the bot's name */
    const char **move;         /* a bot's choice */
    fuda_search_report *rep;   /* the search's figures (may be NULL) */
} step_args;

/* The step at the table, from place p there. */
static int at_table(fuda_engine *e, int p, step_args *a) {
    switch (a->kind) {
    case STEP_APPLY: return fuda_table_apply(e, p, a->text);
    case STEP_TRY: return fuda_table_try(e, p, a->text);
    case STEP_SEARCH: return fuda_table_search(e, p, a->move, a->rep);
    case STEP_BOT:
        return is_search(a->text) ? fuda_table_search(e, p, a->move, NULL) : fuda_table_bot(e, p, a->text, a->move);
    default:
        if (!is_search(a->text)) return fuda_table_bot_apply(e, p, a->text, a->move);
        if (fuda_moves_may_act(e, p) < 0 || fuda_table_search(e, p, a->move, NULL) < 0) return -1;
        return fuda_table_apply(e, p, *a->move);
    }
}

static int step(fuda_engine *e, int seat, step_args *a) {
    fuda_tables_step st;
    int keep = a->kind == STEP_APPLY || a->kind == STEP_BOT_APPLY;
    if (fuda_tables_step_begin(e, seat, keep, &st) < 0) return -1;
    return fuda_tables_step_end(e, &st, at_table(e, st.place, a));
}

int fuda_engine_apply(fuda_engine *e, int seat, const char *move) {
    step_args a = {STEP_APPLY, move, NULL, NULL};
    return step(e, seat, &a);
}

int fuda_engine_try(fuda_engine *e, int seat, const char *move) {
    step_args a = {STEP_TRY, move, NULL, NULL};
    return step(e, seat, &a);
}

int fuda_engine_try_see(fuda_engine *e, int seat, const char *move, fuda_tried_fn fn, void *ud) {
    e->tried_fn = fn, e->tried_ud = ud;
    int rc = fuda_engine_try(e, seat, move);
    e->tried_fn = NULL, e->tried_ud = NULL;
    return rc;
}

int fuda_engine_bot(fuda_engine *e, int seat, const char *name, const char **move) {
    step_args a = {STEP_BOT, name, move, NULL};
    return step(e, seat, &a);
}

int fuda_engine_bot_apply(fuda_engine *e, int seat, const char *name, const char **move) {
    step_args a = {STEP_BOT_APPLY, name, move, NULL};
    return step(e, seat, &a);
}

int fuda_search_move(fuda_engine *e, int seat, const char **move, fuda_search_report *rep) {
    step_args a = {STEP_SEARCH, NULL, move, rep};
    return step(e, seat, &a);
}

/* ---- what a seat sees and is told ---- */

int fuda_engine_moves(fuda_engine *e, int seat, const char *const **moves) {
    int p, rc = fuda_tables_find(e, seat, 1, &p);
    *moves = NULL;
    return rc <= 0 ? rc : fuda_table_moves(e, p, moves);
}

char *fuda_engine_view(fuda_engine *e, int seat) {
    if (e->play.started && fuda_tb_n(e)) return fuda_tables_view(e, seat); /* every table, the seat's own in full */
    return fuda_table_view(e, seat);
}

int fuda_engine_prompt(fuda_engine *e, int seat, char **text) {
    int p, rc = fuda_tables_find(e, seat, 0, &p);
    *text = NULL;
    return rc <= 0 ? rc : fuda_table_prompt(e, p, text);
}

int fuda_engine_why_not(fuda_engine *e, int seat, const char *typed, char **text) {
    int p, rc = fuda_tables_find(e, seat, 0, &p);
    *text = NULL;
    return rc <= 0 ? rc : fuda_table_why_not(e, p, typed, text);
}

int fuda_engine_confirm(fuda_engine *e, int seat, const char *move, char **text) {
    int p, rc = fuda_tables_find(e, seat, 0, &p);
    *text = NULL;
    return rc <= 0 ? rc : fuda_table_confirm(e, p, move, text);
}

/* ---- arranging piles (tests), logged as given ---- */

int fuda_engine_arrange(fuda_engine *e, const char *name, int owner, const fuda_card *cards, int n, int from_top) {
    if (!e->play.started) {
        fuda_engine_seterr(e, "no match is running");
        return -1;
    }
    char base[64];
    int place = owner;
    const char *pile = fuda_tables_pile_at(e, name, &place, base, sizeof base);
    if (!pile || fuda_table_arrange(e, pile, place, cards, n, from_top) < 0) return -1;
    char line[1024];
    int k = snprintf(line, sizeof line, "arrange %s %d %d", name, owner, from_top);
    for (int i = 0; i < n && k < (int)sizeof line - 8; i++) {
        char nm[8];
        fuda_card_name(cards[i], nm);
        k += snprintf(line + k, sizeof line - (size_t)k, " %s", nm);
    }
    return fuda_engine_log_line(e, line);
}
