/* engine.c -- an engine's life (engine.h): made with its limits, a variant
 * loaded into a fresh sandboxed Lua state or shared with another engine's
 * (share.c), freed; the list of variants on
 * the search path; and what the match as a whole shows (its phase, who is
 * to act, an open claim, totals, teams, the state and its hash: the header
 * over the tables when it has several). Starting a match and every entry
 * point by seat are match.c's; how the engine keeps a hook's work all or
 * nothing is said in engine_impl.h. */
#include <stddef.h>
#include <lauxlib.h>
#include "engine_impl.h"
#include "share.h"
#include "loader.h"

/* ---- life cycle ---- */

/* The engine's variant part emptied (its texts freed or still another
 * engine's, see share.c). */
static void forget_variant(fuda_engine *e) {
    fuda_sandbox_cfree(e, e->var.variant_bytes);
    memset(&e->var, 0, sizeof e->var);
    e->var.ref_variant = e->var.ref_options = e->var.ref_varidx = e->var.ref_seatvaridx = e->var.ref_varinit = LUA_NOREF;
    e->var.ref_invariant = LUA_NOREF;
    for (int h = 0; h < FUDA_NHOOKS; h++) e->var.ref_hook[h] = LUA_NOREF;
    e->play.started = 0;
}

/* Free the variant's texts (the engine is its state's last). */
static void free_variant(fuda_engine *e) {
    for (int i = 0; i < e->var.nopts; i++) {
        free(e->var.opts[i].name); free(e->var.opts[i].doc); free(e->var.opts[i].text);
        free(e->var.opts[i].sval); free(e->var.opts[i].one_of);
    }
    e->var.nopts = 0;
    free(e->var.opts);
    free(e->var.optinfo);
    e->var.opts = NULL, e->var.optinfo = NULL;
    for (int i = 0; i < e->var.nbotnames; i++) free(e->var.botnames[i]);
    free(e->var.botnames);
    e->var.botnames = NULL, e->var.nbotnames = 0;
    for (int i = 0; i < e->var.nexpect; i++) free(e->var.expect[i]);
    free(e->var.expect);
    e->var.expect = NULL, e->var.nexpect = 0;
    for (int i = 0; i < e->var.ncols; i++) free(e->var.colnames[i]);
    e->var.ncols = 0;
    for (int i = 0; i < e->var.nverbs; i++) free(e->var.verbusage[i]), free(e->var.verbdoc[i]);
    free(e->var.verbusage), free(e->var.verbdoc);
    e->var.verbusage = e->var.verbdoc = NULL, e->var.nverbs = 0;
    free(e->var.name); free(e->var.title); free(e->var.file); free(e->var.extends); free(e->var.round);
    e->var.name = e->var.title = e->var.file = e->var.extends = e->var.round = NULL;
    free(e->var.variant_arg);
    for (int i = 0; i < e->var.noptset; i++) free(e->var.optset[i]);
    free(e->var.optset);
    forget_variant(e);
}

void fuda_engine_free_match(fuda_engine *e) {
    fuda_record_rows_drop(e, 0);
    fuda_record_events_drop(e, 0);
    fuda_record_log_clear(e);
    fuda_record_moves_clear(e);
    e->play.started = 0;
}

/* The engine leaves its state (the last one closes it) and forgets its
 * variant. */
static void close_state(fuda_engine *e) {
    fuda_engine_free_match(e);
    if (fuda_vm_leave(e)) free_variant(e);
    else forget_variant(e);
    e->play.ref_game = e->play.ref_piles = e->play.ref_lock = LUA_NOREF;
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
    e->lim.mem_limit = cfg && cfg->mem_limit ? cfg->mem_limit : FUDA_DEFAULT_MEM;
    e->lim.instr_limit = cfg && cfg->instr_limit ? cfg->instr_limit : FUDA_DEFAULT_INSTR;
    e->lim.time_limit = cfg && cfg->time_limit ? cfg->time_limit : FUDA_DEFAULT_TIME;
    e->lim.match_time_limit = !cfg || !cfg->match_time_limit ? FUDA_DEFAULT_MATCH_TIME
                          : cfg->match_time_limit < 0 ? 0 : cfg->match_time_limit;
    e->lim.match_epoch = 1; /* match_over (0) names no epoch: no budget is spent */
    e->play.st = &e->st;
    e->paranoid = cfg ? cfg->paranoid : 0;
    int n = 0;
    while (cfg && cfg->search_path && cfg->search_path[n]) n++;
    e->search = (char **)calloc((size_t)n + 1, sizeof(char *));
    for (int i = 0; e->search && i < n; i++) e->search[i] = strdup(cfg->search_path[i]);
    e->exe = exe_dir(cfg ? cfg->exe : NULL);
    e->play.syms = fuda_symtab_new();
    forget_variant(e);
    e->play.ref_game = e->play.ref_piles = e->play.ref_lock = e->ref_mvids = e->ref_mvstrs = LUA_NOREF;
    e->bot_id = -1;
    if (!e->search || !e->play.syms || fuda_sandbox_watch(e) < 0) {
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
    fuda_symtab_free(e->play.syms);
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
    fuda_sandbox_blame(e, e->var.file);
    lua_gc(e->L, LUA_GCCOLLECT, 0);
    return 0;
}

int fuda_engine_load(fuda_engine *e, const char *variant, const char *const *options, int nopts) {
    close_state(e);
    if (e->err) e->err[0] = 0;
    e->err_oom = 0;
    e->var.optset = (char **)calloc((size_t)nopts + 1, sizeof(char *));
    e->var.noptset = 0;
    for (int i = 0; e->var.optset && i < nopts; i++) e->var.optset[e->var.noptset++] = strdup(options[i]);
    if (fuda_vm_open(e) < 0) {
        close_state(e);
        fuda_engine_seterr(e, "out of memory");
        return -1;
    }
    __atomic_store_n(&e->lim.match_epoch, e->lim.match_epoch + 1, __ATOMIC_RELEASE); /* loading: a budget of its own */
    if (fuda_engine_pcall(e, load_body, (void *)variant) < 0) {
        close_state(e);
        return -1;
    }
    e->var.variant_arg = strdup(variant);
    e->var.loaded = 1;
    return 0;
}

fuda_engine *fuda_engine_new_sharing(fuda_engine *owner) {
    if (!owner || !owner->var.loaded || !owner->lim.vm) return NULL;
    fuda_config cfg = {(const char *const *)owner->search, owner->lim.mem_limit, owner->lim.instr_limit,
                       owner->lim.time_limit, owner->lim.match_time_limit ? owner->lim.match_time_limit : -1, NULL,
                       owner->paranoid};
    fuda_engine *e = fuda_engine_new(&cfg);
    if (!e) return NULL;
    free(e->exe);
    e->exe = owner->exe ? strdup(owner->exe) : NULL;
    fuda_vm_join(e, owner);
    return e;
}

void fuda_engine_unload(fuda_engine *e) { close_state(e); }

const fuda_variant_info *fuda_engine_info(const fuda_engine *e) {
    return e->var.loaded ? &e->var.info : NULL;
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

/* ---- the match as a whole: over its tables' header when it has several ---- */

int fuda_engine_phase(const fuda_engine *e) {
    return e->play.started ? fuda_engine_state(e)->phase : FUDA_PHASE_IDLE;
}

unsigned fuda_engine_actors(const fuda_engine *e) {
    if (e->play.started && fuda_tb_n(e)) return fuda_tables_actors(e->tb, &e->st);
    return e->play.started ? fuda_state_actors(&e->st) : 0;
}

const char *fuda_engine_claim(const fuda_engine *e) {
    if (e->play.started && fuda_tb_n(e)) {
        for (int t = 1; t <= fuda_tb_n(e); t++) {
            const fuda_state *s = fuda_tables_slot(e->tb, &e->st, t);
            if (s->claim_open) return fuda_sym_text((fuda_engine *)e, s->claim_kind);
        }
        return NULL;
    }
    if (!e->play.started || !e->st.claim_open) return NULL;
    return fuda_sym_text((fuda_engine *)e, e->st.claim_kind);
}

unsigned fuda_engine_winners(const fuda_engine *e) { return e->play.started ? fuda_engine_state(e)->winners : 0; }

int fuda_engine_total(const fuda_engine *e, int seat, int col) {
    const fuda_state *s = fuda_engine_state(e);
    if (!e->play.started || seat < 1 || seat > s->nseats || col < 1 || col > FUDA_MAX_COLS) return 0;
    return s->total[col - 1][seat - 1];
}

int fuda_engine_teams(const fuda_engine *e, const unsigned **masks) {
    *masks = e->team;
    return e->play.started ? e->nteams : 0;
}

int fuda_engine_team_total(const fuda_engine *e, int team, int col) {
    if (!e->play.started || team < 1 || team > e->nteams) return 0;
    long long sum = 0; /* totals are 32-bit: a team's sum may not be */
    for (int s = 0; s < FUDA_MAX_SEATS; s++)
        if (e->team[team - 1] & (1u << s)) sum += fuda_engine_total(e, s + 1, col);
    return sum > INT_MAX ? INT_MAX : sum < INT_MIN ? INT_MIN : (int)sum;
}

const fuda_state *fuda_engine_state(const fuda_engine *e) {
    return fuda_tb_n(e) ? fuda_tables_slot(e->tb, &e->st, 0) : &e->st;
}

uint64_t fuda_engine_hash(const fuda_engine *e) {
    return fuda_tb_n(e) ? fuda_tables_hash(e->tb, &e->st) : fuda_state_hash(&e->st);
}

long fuda_engine_move_count(const fuda_engine *e) { return e->play.started ? (long)fuda_engine_state(e)->move_no : 0; }

void fuda_engine_count_hooks(fuda_engine *e, int on) { e->count_hooks = on; }
void fuda_engine_count_tallies(fuda_engine *e, int on) { e->no_tallies = !on; }
