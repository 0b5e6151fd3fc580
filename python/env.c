/* env.c -- fuda._fuda.Env: one match of one variant, stepped from Python
 * (docs/python.md): its life, its steps, its copies (what a seat sees and
 * what the Env tells of its match: env_seen.c). The pure-Python fuda.Env
 * over it adds the observation as a dict and the tensor as a numpy array.
 *
 * Seats are numbered from 1, as everywhere in fuda; lists of per-seat values
 * (rewards, returns) hold seat k at index k - 1, as the agent protocol's
 * "scores". An action is an index into the seat's legal moves now
 * (fuda_engine_moves: the engine's order, the same in the same state), or
 * the text of one.
 *
 * The Env keeps what happened to its match in order (each applied move, each
 * resample) so that clone() can make an independent copy by playing it again
 * on a new engine that shares the variant's Lua state (fuda_engine_new_sharing:
 * no load, a few KB a copy): the same state (the same hash), the bots'
 * generator copied too. A hand that ends is followed by the next at once, so a step
 * never leaves the match between hands. Events go to the seats that may see
 * them; each seat keeps those since its own last move (at most MAX_EVENTS,
 * the oldest dropped), and the observation shows them. */
#include "env.h"

#include <stdlib.h>
#include <string.h>

#include "observe.h"
#include "search.h"

/* ---- small helpers ---- */

static char *xstrdup(const char *s) {
    char *p = strdup(s);
    if (!p) PyErr_NoMemory();
    return p;
}

PyObject *fuda_py_engine_error(EnvObject *o, PyObject *type) {
    PyErr_SetString(type, fuda_engine_error(o->e));
    return NULL;
}

static void q_clear(evq *q) {
    for (int i = 0; i < q->n; i++) free(q->ev[i]);
    free(q->ev);
    q->ev = NULL, q->n = 0;
}

/* Drop the first k events of q. */
static void q_drop(evq *q, int k) {
    for (int i = 0; i < k; i++) free(q->ev[i]);
    memmove(q->ev, q->ev + k, (size_t)(q->n - k) * sizeof *q->ev);
    q->n -= k;
}

static void q_push(evq *q, const char *text) {
    if (!q->ev && !(q->ev = malloc(MAX_EVENTS * sizeof *q->ev))) return;
    if (q->n == MAX_EVENTS) q_drop(q, 1);
    char *t = strdup(text);
    if (t) q->ev[q->n++] = t;
}

static void on_event(void *ud, int seat, const char *text) {
    EnvObject *o = ud;
    for (int s = 1; s <= o->seats; s++)
        if (seat == 0 || seat == s) q_push(&o->q[s], text);
}

static void hist_clear(EnvObject *o) {
    for (long i = 0; i < o->nhist; i++) free(o->hist[i].move);
    o->nhist = 0;
}

static int hist_add(EnvObject *o, int seat, int resample, uint64_t seed, const char *move) {
    if (o->nhist == o->caphist) {
        long cap = o->caphist ? 2 * o->caphist : 256;
        env_rec *h = realloc(o->hist, (size_t)cap * sizeof *h);
        if (!h) return -1;
        o->hist = h, o->caphist = cap;
    }
    env_rec *r = &o->hist[o->nhist];
    r->seat = seat, r->resample = resample, r->seed = seed, r->move = NULL;
    if (move && !(r->move = strdup(move))) return -1;
    o->nhist++;
    return 0;
}

/* The first seat that must act, or 0. */
int fuda_py_first_actor(fuda_engine *e) {
    unsigned a = fuda_engine_actors(e);
    return a ? __builtin_ctz(a) + 1 : 0;
}

/* A hand that ended is followed by the next. -1 with the engine's error. */
static int next_hands(fuda_engine *e) {
    while (fuda_engine_phase(e) == FUDA_PHASE_HAND_OVER)
        if (fuda_engine_next_hand(e) != 0) return -1;
    return 0;
}

/* The seat argument: None means the first seat that must act. 0 with a
 * Python error set when there is none or the seat is out of range. */
int fuda_py_seat_arg(EnvObject *o, PyObject *arg) {
    if (!o->e) {
        PyErr_SetString(fuda_py_error, "the Env was not made (its __init__ failed)");
        return 0;
    }
    if (!arg || arg == Py_None) {
        int s = fuda_py_first_actor(o->e);
        if (!s)
            PyErr_SetString(PyExc_ValueError, fuda_engine_phase(o->e) == FUDA_PHASE_MATCH_OVER
                                                  ? "no seat can act: the match is over (reset() starts another)"
                                                  : "no seat can act now");
        return s;
    }
    long s = PyLong_AsLong(arg);
    if (s == -1 && PyErr_Occurred()) return 0;
    if (s < 1 || s > o->seats) {
        PyErr_Format(PyExc_ValueError, "bad seat %ld (seats are 1..%d)", s, o->seats);
        return 0;
    }
    return (int)s;
}

/* Start match with seed on o's engine: events on, queues and history
 * emptied. -1 with a Python error. */
static int start_match(EnvObject *o, uint64_t seed) {
    for (int s = 0; s <= FUDA_MAX_SEATS; s++) q_clear(&o->q[s]);
    hist_clear(o);
    memset(o->gained, 0, sizeof o->gained);
    o->resamples = 0;
    o->seed = seed;
    fuda_engine_on_event(o->e, o->keep_events ? on_event : NULL, o);
    o->seats = o->want_seats ? o->want_seats : fuda_engine_info(o->e)->default_seats; /* the deal's events */
    if (fuda_engine_start(o->e, o->want_seats, seed) != 0 || next_hands(o->e) != 0) {
        fuda_py_engine_error(o, fuda_py_error);
        return -1;
    }
    o->seats = fuda_engine_state(o->e)->nseats;
    return 0;
}

/* ---- life ---- */

static int is_path(const char *name) {
    size_t n = strlen(name);
    return strchr(name, '/') != NULL || (n > 4 && strcmp(name + n - 4, ".lua") == 0);
}

static void env_free_parts(EnvObject *o) {
    if (o->e) fuda_engine_free(o->e);
    o->e = NULL;
    for (int s = 0; s <= FUDA_MAX_SEATS; s++) q_clear(&o->q[s]);
    hist_clear(o);
    free(o->hist);
    o->hist = NULL, o->caphist = 0;
    for (int i = 0; i < o->nopts; i++) free(o->opts[i]);
    free(o->opts);
    o->opts = NULL, o->nopts = 0;
    free(o->variant);
    o->variant = NULL;
}

static void env_dealloc(EnvObject *o) {
    env_free_parts(o);
    Py_TYPE(o)->tp_free((PyObject *)o);
}

/* A new engine for o's config with o's variant loaded. -1 with a Python error. */
static int open_engine(EnvObject *o) {
    o->cfg.search_path = fuda_py_search_path();
    o->e = fuda_engine_new(&o->cfg);
    if (!o->e) {
        PyErr_SetString(fuda_py_error, "cannot make an engine (out of memory, or no watchdog thread)");
        return -1;
    }
    if (fuda_engine_load(o->e, o->variant, (const char *const *)o->opts, o->nopts) != 0) {
        fuda_py_engine_error(o, fuda_py_error);
        return -1;
    }
    return 0;
}

/* The options dict as "name=value" texts: True/False as true/false. */
static int take_options(EnvObject *o, PyObject *options) {
    if (!options || options == Py_None) return 0;
    if (!PyDict_Check(options)) {
        PyErr_SetString(PyExc_TypeError, "options must be a dict {name: value}");
        return -1;
    }
    Py_ssize_t n = PyDict_Size(options), pos = 0;
    PyObject *k, *v;
    if (!(o->opts = calloc((size_t)n + 1, sizeof *o->opts))) return PyErr_NoMemory(), -1;
    while (PyDict_Next(options, &pos, &k, &v)) {
        if (!PyUnicode_Check(k)) {
            PyErr_SetString(PyExc_TypeError, "option names must be str");
            return -1;
        }
        PyObject *text = v == Py_True ? PyUnicode_FromString("true")
                       : v == Py_False ? PyUnicode_FromString("false") : PyObject_Str(v);
        if (!text) return -1;
        PyObject *kv = PyUnicode_FromFormat("%U=%U", k, text);
        Py_DECREF(text);
        if (!kv) return -1;
        const char *s = PyUnicode_AsUTF8(kv);
        o->opts[o->nopts] = s ? xstrdup(s) : NULL;
        Py_DECREF(kv);
        if (!o->opts[o->nopts]) return -1;
        o->nopts++;
    }
    return 0;
}

/* Env(variant, seats=0, seed=1, options=None, trusted=False, events=True,
 *     memory=0, instructions=-1, time=0, match_time=0): the limits as
 * fuda_config takes them (memory in MiB; 0 the defaults, instructions -1 the
 * default of none, match_time -1 none). */
static int env_init(EnvObject *o, PyObject *args, PyObject *kw) {
    static char *names[] = {"variant", "seats", "seed", "options", "trusted", "events",
                            "memory", "instructions", "time", "match_time", NULL};
    const char *variant;
    int seats = 0, trusted = 0, events = 1;
    unsigned long long seed = 1;
    long long memory = 0, instructions = -1, time_ms = 0, match_ms = 0;
    PyObject *options = NULL;
    if (o->e) {
        PyErr_SetString(fuda_py_error, "an Env is made once");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s|iKOppLLLL", names, &variant, &seats, &seed, &options, &trusted,
                                     &events, &memory, &instructions, &time_ms, &match_ms))
        return -1;
    if (is_path(variant) && !trusted && !fuda_py_confined()) {
        PyErr_Format(fuda_py_untrusted,
                     "'%s' is a script given by path: pass trusted=True if you trust it, or call fuda.confine() "
                     "first (docs/python.md, \"Scripts from strangers\")", variant);
        return -1;
    }
    if (seats < 0 || seats > FUDA_MAX_SEATS) {
        PyErr_Format(PyExc_ValueError, "seats must be 1..%d (0: the variant's default), not %d", FUDA_MAX_SEATS, seats);
        return -1;
    }
    if (memory < 0 || memory > (1LL << 20) || (instructions != -1 && instructions != 0 && instructions < 1000) ||
        time_ms < 0 || time_ms > 3600LL * 1000 || match_ms < -1 || match_ms > 24LL * 3600 * 1000) {
        PyErr_SetString(PyExc_ValueError, "limits: memory 1..1048576 MiB, instructions 1000 or more (0: none), "
                                          "time 1..3600000 ms, match_time 1..86400000 ms (-1: none)");
        return -1;
    }
    memset(&o->cfg, 0, sizeof o->cfg);
    o->cfg.mem_limit = (size_t)memory << 20;
    o->cfg.instr_limit = instructions > 0 ? (long)instructions : 0;
    o->cfg.time_limit = (long)time_ms;
    o->cfg.match_time_limit = (long)match_ms;
    o->want_seats = seats;
    o->keep_events = events;
    if (!(o->variant = xstrdup(variant)) || take_options(o, options) != 0 || open_engine(o) != 0 ||
        start_match(o, (uint64_t)seed) != 0) {
        env_free_parts(o);
        return -1;
    }
    return 0;
}

/* reset(seed=None): a new match; without a seed, the one after the last
 * match's (seed + 1). */
static PyObject *env_reset(EnvObject *o, PyObject *args, PyObject *kw) {
    static char *names[] = {"seed", NULL};
    PyObject *seed = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|O", names, &seed)) return NULL;
    if (!o->e) return fuda_py_seat_arg(o, NULL), NULL;
    uint64_t s = o->seed + 1;
    if (seed != Py_None) {
        s = PyLong_AsUnsignedLongLongMask(seed);
        if (PyErr_Occurred()) return NULL;
    }
    if (start_match(o, s) != 0) return NULL;
    Py_RETURN_NONE;
}

/* ---- what a seat may do ---- */

/* The legal moves of seat: the count, or -1 with a Python error. */
static int moves_of(EnvObject *o, int seat, const char *const **moves) {
    int n = fuda_engine_moves(o->e, seat, moves);
    if (n < 0) fuda_py_engine_error(o, fuda_py_error);
    return n;
}

/* Parse (arg1 [, seat]) of a fast call with an optional keyword "seat". */
static int fast_args(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames, int want, const char *fn,
                     PyObject **first, PyObject **seat) {
    *first = NULL, *seat = NULL;
    Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    if (nargs + nkw > want + 1 || nargs > want + 1) {
        PyErr_Format(PyExc_TypeError, "%s takes at most %d arguments", fn, want + 1);
        return -1;
    }
    if (want && nargs >= 1) *first = args[0];
    if (nargs == want + 1) *seat = args[want];
    for (Py_ssize_t i = 0; i < nkw; i++) {
        const char *k = PyUnicode_AsUTF8(PyTuple_GET_ITEM(kwnames, i));
        if (!k) return -1;
        if (strcmp(k, "seat") == 0 && !*seat) *seat = args[nargs + i];
        else if (want && strcmp(k, "action") == 0 && !*first) *first = args[nargs + i];
        else {
            PyErr_Format(PyExc_TypeError, "%s got an unexpected keyword argument '%s'", fn, k);
            return -1;
        }
    }
    if (want && !*first) {
        PyErr_Format(PyExc_TypeError, "%s needs an action", fn);
        return -1;
    }
    return 0;
}

/* legal_actions(seat=None) -> [0, 1, ..., n-1] */
static PyObject *env_legal_actions(EnvObject *o, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    PyObject *a, *sa;
    const char *const *moves;
    int seat, n;
    if (fast_args(args, nargs, kwnames, 0, "legal_actions", &a, &sa) != 0) return NULL;
    if (!(seat = fuda_py_seat_arg(o, sa)) || (n = moves_of(o, seat, &moves)) < 0) return NULL;
    PyObject *list = PyList_New(n);
    for (int i = 0; list && i < n; i++) {
        PyObject *v = PyLong_FromLong(i);
        if (!v) return Py_DECREF(list), NULL;
        PyList_SET_ITEM(list, i, v);
    }
    return list;
}

/* legal_moves(seat=None) -> the texts of the legal actions, in their order */
static PyObject *env_legal_moves(EnvObject *o, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    PyObject *a, *sa;
    const char *const *moves;
    int seat, n;
    if (fast_args(args, nargs, kwnames, 0, "legal_moves", &a, &sa) != 0) return NULL;
    if (!(seat = fuda_py_seat_arg(o, sa)) || (n = moves_of(o, seat, &moves)) < 0) return NULL;
    PyObject *list = PyList_New(n);
    for (int i = 0; list && i < n; i++) {
        PyObject *v = PyUnicode_FromString(moves[i]);
        if (!v) return Py_DECREF(list), NULL;
        PyList_SET_ITEM(list, i, v);
    }
    return list;
}

/* The move an action names for seat: a legal move's text (the engine's,
 * valid for the match), or for a text that is no legal move the text itself
 * with *listed 0. NULL with a Python error. */
static const char *action_move(EnvObject *o, int seat, PyObject *action, int *listed) {
    const char *const *moves;
    int n = moves_of(o, seat, &moves);
    if (n < 0) return NULL;
    *listed = 1;
    if (PyUnicode_Check(action)) {
        const char *text = PyUnicode_AsUTF8(action);
        if (!text) return NULL;
        for (int i = 0; i < n; i++)
            if (strcmp(moves[i], text) == 0) return moves[i];
        *listed = 0;
        return text;
    }
    long k = PyLong_AsLong(action);
    if (k == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "an action is an int (an index into legal_actions) or a move's text, not %s",
                     Py_TYPE(action)->tp_name);
        return NULL;
    }
    if (k < 0 || k >= n) {
        if (n == 0) PyErr_Format(PyExc_ValueError, "action %ld: seat %d has no move now", k, seat);
        else PyErr_Format(PyExc_ValueError, "action %ld is not legal: seat %d has %d legal actions (0..%d)", k, seat, n,
                          n - 1);
        return NULL;
    }
    return moves[k];
}

/* action_text(action, seat=None) -> the move's text */
static PyObject *env_action_text(EnvObject *o, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    PyObject *a, *sa;
    int seat, listed;
    const char *mv;
    if (fast_args(args, nargs, kwnames, 1, "action_text", &a, &sa) != 0) return NULL;
    if (!(seat = fuda_py_seat_arg(o, sa)) || !(mv = action_move(o, seat, a, &listed))) return NULL;
    if (!listed) return PyErr_Format(PyExc_ValueError, "'%s' is not a legal move of seat %d now", mv, seat);
    return PyUnicode_FromString(mv);
}

/* step(action, seat=None): apply the action of seat (the first seat that
 * must act when None). A move that is not legal raises ValueError with the
 * engine's message, a script's failure fuda.Error; either way the match is
 * as it was. */
static PyObject *env_step(EnvObject *o, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    PyObject *a, *sa;
    int seat, listed;
    const char *mv;
    if (fast_args(args, nargs, kwnames, 1, "step", &a, &sa) != 0) return NULL;
    if (!(seat = fuda_py_seat_arg(o, sa)) || !(mv = action_move(o, seat, a, &listed))) return NULL;
    int32_t before[FUDA_MAX_SEATS];
    for (int s = 1; s <= o->seats; s++) before[s - 1] = fuda_engine_total(o->e, s, 1);
    int had = o->q[seat].n;
    if (fuda_engine_apply(o->e, seat, mv) != 0) return fuda_py_engine_error(o, listed ? fuda_py_error : PyExc_ValueError);
    q_drop(&o->q[seat], had); /* the seat has acted: what it saw before is behind it */
    if (hist_add(o, seat, 0, 0, mv) != 0) return PyErr_NoMemory();
    for (int s = 1; s <= o->seats; s++) o->gained[s - 1] = fuda_engine_total(o->e, s, 1) - before[s - 1];
    if (next_hands(o->e) != 0) return fuda_py_engine_error(o, fuda_py_error);
    for (int s = 1; s <= o->seats; s++) o->gained[s - 1] = fuda_engine_total(o->e, s, 1) - before[s - 1];
    if (fuda_engine_phase(o->e) == FUDA_PHASE_PLAYING && fuda_engine_actors(o->e) == 0)
        return PyErr_Format(fuda_py_error, "the hand is on but no seat can act (after seat %d's '%s')", seat, mv);
    Py_RETURN_NONE;
}

/* bot_action(seat=None, bot=None) -> the action bot chooses (an index into
 * legal_actions); bot None: the variant's first bot ("random" without one). */
static PyObject *env_bot_action(EnvObject *o, PyObject *args, PyObject *kw) {
    static char *names[] = {"seat", "bot", NULL};
    PyObject *sa = Py_None;
    const char *bot = NULL, *choice;
    const char *const *moves;
    int seat, n;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|Oz", names, &sa, &bot)) return NULL;
    if (!(seat = fuda_py_seat_arg(o, sa))) return NULL;
    if (!bot) bot = fuda_variant_first_bot(fuda_engine_info(o->e));
    if (fuda_engine_bot(o->e, seat, bot, &choice) != 0) return fuda_py_engine_error(o, fuda_py_error);
    char *mv = xstrdup(choice);
    if (!mv) return NULL;
    n = moves_of(o, seat, &moves);
    for (int i = 0; i < n; i++)
        if (strcmp(moves[i], mv) == 0) {
            free(mv);
            return PyLong_FromLong(i);
        }
    if (n >= 0) PyErr_Format(fuda_py_error, "bot '%s' chose '%s', which is not a legal move", bot, mv);
    free(mv);
    return NULL;
}

/* ---- copies and deals ---- */

/* resample(seat, seed=None) -> cards dealt anew: the cards seat neither
 * sees nor knows are dealt again at random (fuda_engine_resample); the
 * seat's observation is unchanged. Without a seed, one that follows from
 * the match's seed and the resamples before. */
static PyObject *env_resample(EnvObject *o, PyObject *args, PyObject *kw) {
    static char *names[] = {"seat", "seed", NULL};
    PyObject *sa, *sd = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O", names, &sa, &sd)) return NULL;
    int seat = fuda_py_seat_arg(o, sa);
    if (!seat) return NULL;
    uint64_t seed;
    if (sd == Py_None) {
        seed = o->seed * 0x9E3779B97F4A7C15ull + ++o->resamples;
    } else {
        seed = PyLong_AsUnsignedLongLongMask(sd);
        if (PyErr_Occurred()) return NULL;
    }
    int n = fuda_engine_resample(o->e, seat, seed);
    if (n < 0) return fuda_py_engine_error(o, fuda_py_error);
    if (hist_add(o, seat, 1, seed, NULL) != 0) return PyErr_NoMemory();
    return PyLong_FromLong(n);
}

/* Play o's history again on c's engine (new, with o's variant). -1 with a
 * Python error. */
static int replay_into(EnvObject *o, EnvObject *c) {
    fuda_engine_on_event(c->e, NULL, NULL);
    if (fuda_engine_start(c->e, o->seats, o->seed) != 0 || next_hands(c->e) != 0) goto fail;
    for (long i = 0; i < o->nhist; i++) {
        const env_rec *r = &o->hist[i];
        if (r->resample ? fuda_engine_resample(c->e, r->seat, r->seed) < 0
                        : fuda_engine_apply(c->e, r->seat, r->move) != 0 || next_hands(c->e) != 0)
            goto fail;
        if (hist_add(c, r->seat, r->resample, r->seed, r->move) != 0) return PyErr_NoMemory(), -1;
    }
    fuda_mark m;
    if (fuda_engine_mark(o->e, &m) != 0) goto fail;
    fuda_engine_set_bot_rng(c->e, &m.bot_rng);
    if (fuda_engine_hash(c->e) != fuda_engine_hash(o->e)) {
        PyErr_SetString(fuda_py_error, "clone: the copy is not the same match (the variant is not deterministic?)");
        return -1;
    }
    fuda_engine_on_event(c->e, c->keep_events ? on_event : NULL, c);
    return 0;
fail:
    PyErr_Format(fuda_py_error, "clone: %s", fuda_engine_error(c->e));
    return -1;
}

/* clone() -> an independent copy of the Env, at the same point of the same
 * match (the same hash, the same events waiting, the same rewards). */
static PyObject *env_clone(EnvObject *o, PyObject *unused) {
    if (!o->e) return fuda_py_seat_arg(o, NULL), NULL;
    EnvObject *c = (EnvObject *)Py_TYPE(o)->tp_alloc(Py_TYPE(o), 0);
    if (!c) return NULL;
    c->cfg = o->cfg;
    c->want_seats = o->want_seats, c->seats = o->seats, c->seed = o->seed, c->resamples = o->resamples;
    c->keep_events = o->keep_events;
    memcpy(c->gained, o->gained, sizeof c->gained);
    if (!(c->variant = xstrdup(o->variant)) || !(c->opts = calloc((size_t)o->nopts + 1, sizeof *c->opts))) goto fail;
    for (; c->nopts < o->nopts; c->nopts++)
        if (!(c->opts[c->nopts] = xstrdup(o->opts[c->nopts]))) goto fail;
    c->e = fuda_engine_new_sharing(o->e); /* o's variant, loaded once for all its copies */
    if (!c->e) {
        PyErr_SetString(fuda_py_error, "cannot make an engine (out of memory, or no watchdog thread)");
        goto fail;
    }
    if (replay_into(o, c) != 0) goto fail;
    for (int s = 1; s <= o->seats; s++)
        for (int i = 0; i < o->q[s].n; i++) q_push(&c->q[s], o->q[s].ev[i]);
    return (PyObject *)c;
fail:
    if (!PyErr_Occurred()) PyErr_NoMemory();
    Py_DECREF(c);
    return NULL;
}

static PyMethodDef env_methods[] = {
    {"reset", (PyCFunction)(void (*)(void))env_reset, METH_VARARGS | METH_KEYWORDS,
     "reset(seed=None): a new match (without a seed, the last match's seed + 1)"},
    {"legal_actions", (PyCFunction)(void (*)(void))env_legal_actions, METH_FASTCALL | METH_KEYWORDS,
     "legal_actions(seat=None) -> [0..n-1]: indexes into legal_moves(seat)"},
    {"legal_moves", (PyCFunction)(void (*)(void))env_legal_moves, METH_FASTCALL | METH_KEYWORDS,
     "legal_moves(seat=None) -> the legal moves' texts, in the order of legal_actions"},
    {"action_text", (PyCFunction)(void (*)(void))env_action_text, METH_FASTCALL | METH_KEYWORDS,
     "action_text(action, seat=None) -> the move's text"},
    {"step", (PyCFunction)(void (*)(void))env_step, METH_FASTCALL | METH_KEYWORDS,
     "step(action, seat=None): play an action (an index or a move's text) of seat (default: the first to act)"},
    {"bot_action", (PyCFunction)(void (*)(void))env_bot_action, METH_VARARGS | METH_KEYWORDS,
     "bot_action(seat=None, bot=None) -> the action the bot chooses"},
    {"_observe", (PyCFunction)fuda_py_env_observe, METH_O, "_observe(seat) -> the observation as JSON text"},
    {"_tensor", (PyCFunction)fuda_py_env_tensor, METH_O, "_tensor(seat) -> float32 bytes, or None"},
    {"view", (PyCFunction)fuda_py_env_view, METH_O, "view(seat) -> the variant's view text ({7h} marks cards)"},
    {"rewards", (PyCFunction)fuda_py_env_rewards, METH_NOARGS, "rewards() -> points each seat gained by the last step"},
    {"returns", (PyCFunction)fuda_py_env_returns, METH_VARARGS, "returns(column=1) -> each seat's total"},
    {"winners", (PyCFunction)fuda_py_env_winners, METH_NOARGS, "winners() -> the seats that won ([] until the end)"},
    {"current_players", (PyCFunction)fuda_py_env_current_players, METH_NOARGS, "current_players() -> the seats to act"},
    {"resample", (PyCFunction)(void (*)(void))env_resample, METH_VARARGS | METH_KEYWORDS,
     "resample(seat, seed=None) -> cards dealt anew that seat neither sees nor knows"},
    {"clone", (PyCFunction)env_clone, METH_NOARGS, "clone() -> an independent copy"},
    {"hash", (PyCFunction)fuda_py_env_hash, METH_NOARGS, "hash() -> the 64-bit hash of the match's state"},
    {"log", (PyCFunction)fuda_py_env_log, METH_NOARGS, "log() -> the match's log (fuda replay reads it)"},
    {NULL, NULL, 0, NULL}
};

static PyGetSetDef env_getset[] = {
    {"done", (getter)fuda_py_get_done, NULL, "the match is over", NULL},
    {"current_player", (getter)fuda_py_get_current_player, NULL, "the first seat to act, or None", NULL},
    {"num_seats", (getter)fuda_py_get_num_seats, NULL, "seats of the match", NULL},
    {"seed", (getter)fuda_py_get_seed, NULL, "the match's seed", NULL},
    {"hand", (getter)fuda_py_get_hand, NULL, "hands begun in the match", NULL},
    {"move_count", (getter)fuda_py_get_move_count, NULL, "moves played in the match", NULL},
    {"claim", (getter)fuda_py_get_claim, NULL, "the open claim window's kind, or None", NULL},
    {"info", (getter)fuda_py_get_info, NULL, "what the variant declares", NULL},
    {NULL, NULL, NULL, NULL, NULL}
};

PyTypeObject fuda_py_env_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "fuda._fuda.Env",
    .tp_basicsize = sizeof(EnvObject),
    .tp_dealloc = (destructor)env_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "One match of one fuda variant (docs/python.md)",
    .tp_methods = env_methods,
    .tp_getset = env_getset,
    .tp_init = (initproc)env_init,
    .tp_new = PyType_GenericNew,
};

int fuda_py_env_init(void) { return PyType_Ready(&fuda_py_env_type); }
