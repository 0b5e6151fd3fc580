/* engine_access.c -- the accessors of engine_access.h: struct fuda_engine
 * read or changed for files outside the engine. Each is one field (or the
 * pair that says how the last search ended); none calls another file. */
#include "engine_impl.h"
#include "engine_access.h"

lua_State *fuda_engine_lua(const fuda_engine *e) { return e->L; }
int fuda_engine_started(const fuda_engine *e) { return e->play.started; }
fuda_state *fuda_engine_table_st(fuda_engine *e) { return &e->st; }
fuda_rng *fuda_engine_rng(fuda_engine *e) { return e->play.started ? &e->st.rng : NULL; }
fuda_tables *fuda_engine_tables_of(fuda_engine *e) { return e->tb; }
void fuda_engine_moves_stale(fuda_engine *e) { e->moves_valid = 0; }
int fuda_engine_ref_variant(const fuda_engine *e) { return e->var.ref_variant; }
int fuda_engine_ref_game(const fuda_engine *e) { return e->play.ref_game; }
int fuda_engine_ref_lock(const fuda_engine *e) { return e->play.ref_lock; }
int fuda_engine_ref_varidx(const fuda_engine *e, int seat) { return seat ? e->var.ref_seatvaridx : e->var.ref_varidx; }
int fuda_engine_nvars(const fuda_engine *e) { return e->var.nvars; }
char *const *fuda_engine_search_dirs(const fuda_engine *e) { return e->search; }
const char *fuda_engine_exe(const fuda_engine *e) { return e->exe; }
const fuda_logmove *fuda_engine_log_entries(const fuda_engine *e) { return e->log; }
struct fuda_infer_memo **fuda_engine_search_memo(fuda_engine *e, int i) { return &e->search_memo[i]; }
fuda_variant *fuda_engine_variant(fuda_engine *e) { return &e->var; }
const char *fuda_engine_file(const fuda_engine *e) { return e->var.file; }
const fuda_row *fuda_engine_rows(const fuda_engine *e, int *n) {
    *n = e->nrows;
    return e->rows;
}
const char *fuda_engine_set_calling(fuda_engine *e, const char *name) {
    const char *was = e->calling;
    e->calling = name;
    return was;
}
fuda_rng *fuda_engine_bot_rng(fuda_engine *e) { return &e->bot_rng; }
uint64_t fuda_engine_seed(const fuda_engine *e) { return e->seed; }
int fuda_engine_set_quiet(fuda_engine *e, int quiet) {
    int was = e->quiet;
    e->quiet = quiet;
    return was;
}
void fuda_engine_set_search_end(fuda_engine *e, int stopped, int sure) {
    e->search_stopped = stopped;
    e->search_sure = sure;
}
int fuda_engine_search_stopped(const fuda_engine *e) { return e->search_stopped; }
int fuda_engine_search_sure(const fuda_engine *e) { return e->search_sure; }
