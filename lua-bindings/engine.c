/* engine.c -- one match of one variant (see engine.h): calling the variant's
 * hooks under the sandbox limits, applying moves all or nothing, the claim
 * window protocol, bots, the event stream, the scoresheet and the log (its
 * text and replaying it: log.c).
 *
 * Every entry point that touches the Lua state does all of it inside one
 * protected call under the sandbox limits (engine_pcall): reading what a hook
 * returned, its metamethods, running out of memory or time all end in a
 * message, never in Lua's panic. What the engine keeps of a hook's results
 * (the move list, a bot's choice, a view) is copied into its own memory
 * before the call returns, so a script that keeps and changes the tables it
 * returned changes nothing the engine decided.
 *
 * All-or-nothing: before a hook may change anything, the engine copies the
 * core state (a memcpy) and remembers how long the scoresheet and the event
 * list are; if the hook fails, or leaves a hand with nobody to act (or, in
 * a paranoid engine, breaks the core state or the variant's check.invariant),
 * both are put back and the message is kept for fuda_engine_error. */
#include "engine_impl.h"

/* ---- life cycle ---- */

static void free_variant(fuda_engine *e) {
    for (int i = 0; i < e->nopts; i++) {
        free(e->opts[i].name); free(e->opts[i].doc); free(e->opts[i].text);
        free(e->opts[i].sval); free(e->opts[i].one_of);
    }
    e->nopts = 0;
    free(e->opts);
    free(e->optinfo);
    e->opts = NULL, e->optinfo = NULL;
    for (int i = 0; i < e->nbotnames; i++) free(e->botnames[i]);
    free(e->botnames);
    e->botnames = NULL, e->nbotnames = 0;
    for (int i = 0; i < e->nexpect; i++) free(e->expect[i]);
    free(e->expect);
    e->expect = NULL, e->nexpect = 0;
    for (int i = 0; i < e->ncols; i++) free(e->colnames[i]);
    e->ncols = 0;
    for (int i = 0; i < e->nverbs; i++) free(e->verbusage[i]), free(e->verbdoc[i]);
    free(e->verbusage), free(e->verbdoc);
    e->verbusage = e->verbdoc = NULL, e->nverbs = 0;
    free(e->name); free(e->title); free(e->file); free(e->extends); free(e->round);
    e->name = e->title = e->file = e->extends = e->round = NULL;
    fuda_sandbox_cfree(e, e->variant_bytes);
    e->variant_bytes = 0;
    memset(&e->info, 0, sizeof e->info);
    e->loaded = 0;
    e->started = 0;
}

static void free_match(fuda_engine *e) {
    fuda_record_rows_drop(e, 0);
    fuda_record_events_drop(e, 0);
    fuda_record_log_clear(e);
    fuda_record_moves_clear(e);
    e->started = 0;
}

static void close_state(fuda_engine *e) {
    free_match(e);
    free_variant(e);
    if (e->L) lua_close(e->L);
    e->L = NULL;
    e->ref_game = e->ref_piles = e->ref_variant = e->ref_options = e->ref_invariant = LUA_NOREF;
    e->ref_mvids = e->ref_mvstrs = LUA_NOREF;
    for (int h = 0; h < FUDA_NHOOKS; h++) e->ref_hook[h] = LUA_NOREF;
    e->mem_used = 0;
}

static char *exe_dir(const char *exe) {
    char buf[4096];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n > 0) buf[n] = 0;
    else if (exe) snprintf(buf, sizeof buf, "%s", exe);
    else return NULL;
    char *slash = strrchr(buf, '/');
    if (!slash) return strdup(".");
    *slash = 0;
    return strdup(buf);
}

fuda_engine *fuda_engine_new(const fuda_config *cfg) {
    fuda_engine *e = (fuda_engine *)calloc(1, sizeof *e);
    if (!e) return NULL;
    e->mem_limit = cfg && cfg->mem_limit ? cfg->mem_limit : FUDA_DEFAULT_MEM;
    e->instr_limit = cfg && cfg->instr_limit ? cfg->instr_limit : FUDA_DEFAULT_INSTR;
    e->time_limit = cfg && cfg->time_limit ? cfg->time_limit : FUDA_DEFAULT_TIME;
    e->match_time_limit = !cfg || !cfg->match_time_limit ? FUDA_DEFAULT_MATCH_TIME
                          : cfg->match_time_limit < 0 ? 0 : cfg->match_time_limit;
    e->match_epoch = 1; /* match_over (0) names no epoch: no budget is spent */
    e->paranoid = cfg ? cfg->paranoid : 0;
    int n = 0;
    while (cfg && cfg->search_path && cfg->search_path[n]) n++;
    e->search = (char **)calloc((size_t)n + 1, sizeof(char *));
    for (int i = 0; e->search && i < n; i++) e->search[i] = strdup(cfg->search_path[i]);
    e->exe = exe_dir(cfg ? cfg->exe : NULL);
    e->syms = fuda_symtab_new();
    e->ref_game = e->ref_piles = e->ref_variant = e->ref_options = e->ref_invariant = LUA_NOREF;
    e->ref_mvids = e->ref_mvstrs = LUA_NOREF;
    e->bot_id = -1;
    for (int h = 0; h < FUDA_NHOOKS; h++) e->ref_hook[h] = LUA_NOREF;
    if (!e->search || !e->syms || fuda_sandbox_watch(e) < 0) {
        fuda_engine_free(e);
        return NULL;
    }
    return e;
}

void fuda_engine_free(fuda_engine *e) {
    if (!e) return;
    fuda_sandbox_unwatch(e);
    close_state(e);
    free(e->tb);
    for (int i = 0; i < FUDA_MAX_SEATS; i++) free(e->search_memo[i]);
    for (char **d = e->search; d && *d; d++) free(*d);
    free(e->search);
    free(e->exe);
    free(e->variant_arg);
    for (int i = 0; i < e->noptset; i++) free(e->optset[i]);
    free(e->optset);
    fuda_symtab_free(e->syms);
    fuda_engine_clear_tallies(e);
    free(e->tallies);
    free(e->err); free(e->rows); free(e->evs); free(e->log); free(e->moves); free(e->mvids); free(e->mvtab);
    free(e);
}

/* Loading, and then collecting what loading left behind before matches
 * keep the state: under the limits, like every touch of the state that may
 * run the collector (its work on a script's weak tables can be long). */
static int load_body(fuda_engine *e, void *ud) {
    if (fuda_loader_load(e, (const char *)ud) < 0) return -1;
    fuda_engine_cache_hooks(e);
    fuda_sandbox_blame(e, e->file);
    lua_gc(e->L, LUA_GCCOLLECT, 0);
    return 0;
}

int fuda_engine_load(fuda_engine *e, const char *variant, const char *const *options, int nopts) {
    close_state(e);
    if (e->err) e->err[0] = 0;
    e->err_oom = 0;
    for (int i = 0; i < e->noptset; i++) free(e->optset[i]);
    free(e->optset);
    e->optset = (char **)calloc((size_t)nopts + 1, sizeof(char *));
    e->noptset = 0;
    for (int i = 0; e->optset && i < nopts; i++) e->optset[e->noptset++] = strdup(options[i]);
    e->L = fuda_sandbox_state(e, fuda_open_game_libs);
    if (!e->L) {
        fuda_engine_seterr(e, "out of memory");
        return -1;
    }
    __atomic_store_n(&e->match_epoch, e->match_epoch + 1, __ATOMIC_RELEASE); /* loading: a budget of its own */
    if (fuda_engine_pcall(e, load_body, (void *)variant) < 0) {
        close_state(e);
        return -1;
    }
    free(e->variant_arg);
    e->variant_arg = strdup(variant);
    e->loaded = 1;
    return 0;
}

void fuda_engine_unload(fuda_engine *e) { close_state(e); }

const fuda_variant_info *fuda_engine_info(const fuda_engine *e) {
    return e->loaded ? &e->info : NULL;
}

void fuda_engine_on_event(fuda_engine *e, fuda_event_fn fn, void *ud) {
    e->ev_fn = fn;
    e->ev_ud = ud;
}

/* ---- the variant list ---- */

struct list_ctx { char **names; int n, cap; };

static int add_name(struct list_ctx *c, const char *name) {
    for (int i = 0; i < c->n; i++)
        if (strcmp(c->names[i], name) == 0) return 0;
    if (fuda_record_grow((void **)&c->names, &c->cap, c->n + 1, sizeof(char *)) < 0) return -1;
    c->names[c->n++] = strdup(name);
    return 0;
}

#include <dirent.h>
static int list_dir(const char *dir, void *ud) {
    DIR *d = opendir(dir);
    if (!d) return 0;
    struct dirent *ent;
    while ((ent = readdir(d)) != NULL) {
        size_t n = strlen(ent->d_name);
        if (n > 4 && strcmp(ent->d_name + n - 4, ".lua") == 0 && ent->d_name[0] != '.') {
            char name[256];
            snprintf(name, sizeof name, "%.*s", (int)(n - 4), ent->d_name);
            add_name((struct list_ctx *)ud, name);
        }
    }
    closedir(d);
    return 0;
}

static int cmp_str(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int fuda_engine_list(fuda_engine *e, char ***names) {
    struct list_ctx c = {NULL, 0, 0};
    fuda_loader_each_dir(e, list_dir, &c);
    if (fuda_record_grow((void **)&c.names, &c.cap, c.n + 1, sizeof(char *)) < 0) return -1;
    qsort(c.names, (size_t)c.n, sizeof(char *), cmp_str);
    c.names[c.n] = NULL;
    *names = c.names;
    return c.n;
}

void fuda_free_names(char **names) {
    for (char **p = names; p && *p; p++) free(*p);
    free(names);
}

/* ---- a match ---- */

/* Set the declared variables to their initial values. */
static int init_vars(fuda_engine *e) {
    lua_State *L = e->L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->ref_varinit);
    int n = (int)luaL_len(L, -1);
    for (int i = 1; i <= n; i++) {
        lua_rawgeti(L, -1, i);
        lua_rawgeti(L, -1, 1);
        int slot = (int)lua_tointeger(L, -1);
        lua_rawgeti(L, -2, 3);
        int per_seat = lua_toboolean(L, -1);
        lua_rawgeti(L, -3, 2);
        for (int s = 0; s < (per_seat ? FUDA_MAX_SEATS : 1); s++) {
            int k = per_seat ? e->nvars + slot * FUDA_MAX_SEATS + s : slot;
            switch (lua_type(L, -1)) {
            case LUA_TBOOLEAN: e->st.var_type[k] = FUDA_VAR_BOOL; e->st.var[k] = lua_toboolean(L, -1); break;
            case LUA_TSTRING: {
                size_t len;
                const char *str = lua_tolstring(L, -1, &len);
                e->st.var_type[k] = FUDA_VAR_SYM;
                e->st.var[k] = fuda_symtab_intern(e->syms, str, len);
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
    fuda_sandbox_cfree(e, e->sym_bytes);
    e->sym_bytes = 0;
    fuda_symtab_free(e->syms);
    e->syms = t;
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
    e->in_setup = 1;
    fuda_call_simple(e, FUDA_HOOK_SETUP);
    e->in_setup = 0;
    e->st.phase = FUDA_PHASE_PLAYING;
    e->st.hand_no = 1;
    fuda_call_simple(e, FUDA_HOOK_DEAL);
    return 0;
}

int fuda_engine_start(fuda_engine *e, int nseats, uint64_t seed) {
    if (!e->loaded) {
        fuda_engine_seterr(e, "no variant loaded");
        return -1;
    }
    if (nseats == 0) nseats = e->info.default_seats;
    if (nseats < e->info.min_seats || nseats > e->info.max_seats ||
        (e->info.seat_step > 1 && (nseats - e->info.min_seats) % e->info.seat_step)) {
        if (e->info.min_seats == e->info.max_seats)
            fuda_engine_seterr(e, "%s is for %d players, not %d", e->name, e->info.min_seats, nseats);
        else if (e->info.seat_step > 1)
            fuda_engine_seterr(e, "%s is for %d to %d players, every %d (%d, %d, ...), not %d", e->name,
                               e->info.min_seats, e->info.max_seats, e->info.seat_step, e->info.min_seats,
                               e->info.min_seats + e->info.seat_step, nseats);
        else
            fuda_engine_seterr(e, "%s is for %d to %d players, not %d", e->name, e->info.min_seats,
                               e->info.max_seats, nseats);
        return -1;
    }
    free_match(e);
    if (new_symbols(e) < 0) return -1;
    if (e->tb) memset(e->tb, 0, offsetof(fuda_tables, slot));
    e->tb_inner = e->seats_stale = e->nteams = 0;
    if (fuda_state_init(&e->st, nseats, seed, e->syms) < 0) { /* the loader keeps the counts in range */
        fuda_engine_seterr(e, "%s: cannot seat %d players (at most %d)", e->name, nseats, FUDA_MAX_SEATS);
        return -1;
    }
    fuda_rng_seed(&e->bot_rng, seed, 1);
    e->seed = seed;
    e->practice = 0;
    static uint64_t matches; /* every match of the process gets its own id, for marks */
    e->match_id = __atomic_add_fetch(&matches, 1, __ATOMIC_RELAXED);
    __atomic_store_n(&e->match_epoch, e->match_epoch + 1, __ATOMIC_RELEASE); /* a new script-time budget */
    e->started = 1;
    int rc = fuda_engine_pcall(e, start_body, NULL);
    e->in_setup = 0;
    if (rc == 0 && fuda_tb_n(e)) rc = fuda_tables_begin(e);
    else if (rc == 0) rc = fuda_engine_progress(e, "deal");
    e->empty_run = 0;
    if (rc == 0 && !fuda_tb_n(e)) fuda_engine_count_empty_hand(e, &e->st);
    fuda_state_observe(&e->st);
    if (rc < 0) {
        e->started = 0;
        fuda_record_events_drop(e, 0);
        fuda_record_rows_drop(e, 0);
        return -1;
    }
    fuda_engine_flush(e);
    return 0;
}

int fuda_engine_phase(const fuda_engine *e) {
    return e->started ? fuda_engine_state(e)->phase : FUDA_PHASE_IDLE;
}

/* A hand that ended in its deal counts as a move (one more in the state's
 * move count, as a move would): every loop that plays a match bounds its
 * moves (check.max_moves, FUDA_MAX_MOVES). And FUDA_MAX_EMPTY_HANDS such
 * hands in a row end the match with an error: a variant whose deal ends
 * every hand at once cannot make anybody deal for ever. st: the match's
 * state (at several tables, the header's). */
void fuda_engine_count_empty_hand(fuda_engine *e, fuda_state *st) {
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
                       "hook ends every hand): the match is stopped", e->file, FUDA_MAX_EMPTY_HANDS);
    return -1;
}

int fuda_engine_next_hand(fuda_engine *e) {
    if (e->started && empty_hands(e) < 0) return -1;
    if (e->started && fuda_tb_n(e)) return fuda_tables_next_hand(e);
    if (!e->started || e->st.phase != FUDA_PHASE_HAND_OVER) {
        fuda_engine_seterr(e, "no hand to deal: the %s", e->started && e->st.phase == FUDA_PHASE_MATCH_OVER
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
    fuda_engine_count_empty_hand(e, &e->st);
    fuda_state_observe(&e->st);
    fuda_engine_log_line(e, "next");
    fuda_engine_flush(e);
    return 0;
}

unsigned fuda_engine_actors(const fuda_engine *e) {
    if (e->started && fuda_tb_n(e) && !e->tb_inner) return fuda_tables_actors(e->tb, &e->st);
    return e->started ? fuda_state_actors(&e->st) : 0;
}

const char *fuda_engine_claim(const fuda_engine *e) {
    if (e->started && fuda_tb_n(e) && !e->tb_inner) {
        for (int t = 1; t <= fuda_tb_n(e); t++) {
            const fuda_state *s = fuda_tables_slot(e->tb, &e->st, t);
            if (s->claim_open) return fuda_sym_text((fuda_engine *)e, s->claim_kind);
        }
        return NULL;
    }
    if (!e->started || !e->st.claim_open) return NULL;
    return fuda_sym_text((fuda_engine *)e, e->st.claim_kind);
}

unsigned fuda_engine_winners(const fuda_engine *e) { return e->started ? fuda_engine_state(e)->winners : 0; }

int fuda_engine_total(const fuda_engine *e, int seat, int col) {
    const fuda_state *s = fuda_engine_state(e);
    if (!e->started || seat < 1 || seat > s->nseats || col < 1 || col > FUDA_MAX_COLS) return 0;
    return s->total[col - 1][seat - 1];
}

int fuda_engine_teams(const fuda_engine *e, const unsigned **masks) {
    *masks = e->team;
    return e->started ? e->nteams : 0;
}

int fuda_engine_team_total(const fuda_engine *e, int team, int col) {
    if (!e->started || team < 1 || team > e->nteams) return 0;
    long long sum = 0; /* totals are 32-bit: a team's sum may not be */
    for (int s = 0; s < FUDA_MAX_SEATS; s++)
        if (e->team[team - 1] & (1u << s)) sum += fuda_engine_total(e, s + 1, col);
    return sum > INT_MAX ? INT_MAX : sum < INT_MIN ? INT_MIN : (int)sum;
}

const fuda_state *fuda_engine_state(const fuda_engine *e) {
    return fuda_tb_n(e) && !e->tb_inner ? fuda_tables_slot(e->tb, &e->st, 0) : &e->st;
}

uint64_t fuda_engine_hash(const fuda_engine *e) {
    return fuda_tb_n(e) ? fuda_tables_hash(e->tb, &e->st) : fuda_state_hash(&e->st);
}

long fuda_engine_move_count(const fuda_engine *e) { return e->started ? (long)fuda_engine_state(e)->move_no : 0; }

void fuda_engine_count_hooks(fuda_engine *e, int on) { e->count_hooks = on; }
void fuda_engine_count_tallies(fuda_engine *e, int on) { e->no_tallies = !on; }
