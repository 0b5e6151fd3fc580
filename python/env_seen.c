/* env_seen.c -- what a seat of a fuda._fuda.Env sees (its observation as
 * the agent protocol's JSON, its tensor, the variant's view) and what the
 * Env tells of its match (rewards, totals, winners, who is to act, its
 * hash, log and attributes). Never anything hidden from the seat: the
 * engine's observe.c and tensor.c decide what a seat may see. */
#include "env.h"

#include <stdlib.h>
#include <string.h>

#include "observe.h"
#include "search.h"

/* ---- what a seat sees ---- */

/* _observe(seat) -> the observation's JSON text (observe.h) */
PyObject *fuda_py_env_observe(EnvObject *o, PyObject *arg) {
    int seat = fuda_py_seat_arg(o, arg);
    if (!seat) return NULL;
    char *text = fuda_engine_observe(o->e, seat, (const char *const *)o->q[seat].ev, o->q[seat].n);
    if (!text) return fuda_py_engine_error(o, fuda_py_error);
    PyObject *r = PyUnicode_FromString(text);
    free(text);
    return r;
}

/* _tensor(seat) -> a bytearray of float32 values, or None when the variant
 * declares no tensor */
PyObject *fuda_py_env_tensor(EnvObject *o, PyObject *arg) {
    int seat = fuda_py_seat_arg(o, arg), n;
    float *v;
    if (!seat) return NULL;
    int rc = fuda_engine_tensor(o->e, seat, &v, &n);
    if (rc < 0) return fuda_py_engine_error(o, fuda_py_error);
    if (rc > 0) Py_RETURN_NONE;
    PyObject *r = PyByteArray_FromStringAndSize((const char *)v, (Py_ssize_t)n * (Py_ssize_t)sizeof *v);
    free(v);
    return r;
}

/* view(seat) -> the variant's view text for seat (0: a spectator) */
PyObject *fuda_py_env_view(EnvObject *o, PyObject *arg) {
    long seat = PyLong_AsLong(arg);
    if (seat == -1 && PyErr_Occurred()) return NULL;
    if (!o->e) return fuda_py_seat_arg(o, NULL), NULL;
    if (seat < 0 || seat > o->seats) return PyErr_Format(PyExc_ValueError, "bad seat %ld (seats are 0..%d)", seat, o->seats);
    char *text = fuda_engine_view(o->e, (int)seat);
    if (!text) return fuda_py_engine_error(o, fuda_py_error);
    PyObject *r = PyUnicode_FromString(text);
    free(text);
    return r;
}

static PyObject *seat_ints(EnvObject *o, int col, const int32_t *vals) {
    PyObject *list = PyList_New(o->seats);
    for (int s = 1; list && s <= o->seats; s++) {
        PyObject *v = PyLong_FromLong(vals ? vals[s - 1] : fuda_engine_total(o->e, s, col));
        if (!v) return Py_DECREF(list), NULL;
        PyList_SET_ITEM(list, s - 1, v);
    }
    return list;
}

/* rewards() -> column-1 points each seat gained by the last step */
PyObject *fuda_py_env_rewards(EnvObject *o, PyObject *unused) {
    if (!o->e) return fuda_py_seat_arg(o, NULL), NULL;
    return seat_ints(o, 1, o->gained);
}

/* returns(column=1) -> each seat's total in that score column */
PyObject *fuda_py_env_returns(EnvObject *o, PyObject *args) {
    int col = 1;
    if (!PyArg_ParseTuple(args, "|i", &col)) return NULL;
    if (!o->e) return fuda_py_seat_arg(o, NULL), NULL;
    if (col < 1 || col > FUDA_MAX_COLS) return PyErr_Format(PyExc_ValueError, "columns are 1..%d", FUDA_MAX_COLS);
    return seat_ints(o, col, NULL);
}

/* winners() -> the seats that won the match ([] while it goes on): those
 * the match format named, else the one highest column-1 total */
PyObject *fuda_py_env_winners(EnvObject *o, PyObject *unused) {
    if (!o->e) return fuda_py_seat_arg(o, NULL), NULL;
    PyObject *list = PyList_New(0);
    if (!list || fuda_engine_phase(o->e) != FUDA_PHASE_MATCH_OVER) return list;
    unsigned w = fuda_engine_winners(o->e);
    int best = 0, nbest = 0;
    for (int s = 1; s <= o->seats; s++) {
        int t = fuda_engine_total(o->e, s, 1);
        if (s == 1 || t > best) best = t, nbest = 1;
        else if (t == best) nbest++;
    }
    for (int s = 1; s <= o->seats; s++) {
        int won = w ? (w >> (s - 1)) & 1 : nbest == 1 && fuda_engine_total(o->e, s, 1) == best;
        PyObject *v = won ? PyLong_FromLong(s) : NULL;
        if (won && (!v || PyList_Append(list, v) != 0)) {
            Py_XDECREF(v);
            Py_DECREF(list);
            return NULL;
        }
        Py_XDECREF(v);
    }
    return list;
}

/* current_players() -> the seats that must act now (several in a claim window) */
PyObject *fuda_py_env_current_players(EnvObject *o, PyObject *unused) {
    if (!o->e) return fuda_py_seat_arg(o, NULL), NULL;
    unsigned a = fuda_engine_actors(o->e);
    PyObject *list = PyList_New(0);
    for (int s = 1; list && s <= o->seats; s++) {
        if (!(a & (1u << (s - 1)))) continue;
        PyObject *v = PyLong_FromLong(s);
        if (!v || PyList_Append(list, v) != 0) {
            Py_XDECREF(v);
            Py_DECREF(list);
            return NULL;
        }
        Py_DECREF(v);
    }
    return list;
}

/* ---- about the match ---- */

PyObject *fuda_py_env_hash(EnvObject *o, PyObject *unused) {
    if (!o->e) return fuda_py_seat_arg(o, NULL), NULL;
    return PyLong_FromUnsignedLongLong(fuda_engine_hash(o->e));
}

PyObject *fuda_py_env_log(EnvObject *o, PyObject *unused) {
    if (!o->e) return fuda_py_seat_arg(o, NULL), NULL;
    char *text = fuda_engine_log(o->e);
    if (!text) return PyErr_NoMemory();
    PyObject *r = PyUnicode_FromString(text);
    free(text);
    return r;
}

PyObject *fuda_py_get_done(EnvObject *o, void *unused) {
    return PyBool_FromLong(o->e && fuda_engine_phase(o->e) == FUDA_PHASE_MATCH_OVER);
}

PyObject *fuda_py_get_current_player(EnvObject *o, void *unused) {
    int s = o->e ? fuda_py_first_actor(o->e) : 0;
    if (!s) Py_RETURN_NONE;
    return PyLong_FromLong(s);
}

PyObject *fuda_py_get_num_seats(EnvObject *o, void *unused) { return PyLong_FromLong(o->seats); }
PyObject *fuda_py_get_seed(EnvObject *o, void *unused) { return PyLong_FromUnsignedLongLong(o->seed); }

PyObject *fuda_py_get_hand(EnvObject *o, void *unused) {
    return PyLong_FromUnsignedLong(o->e ? fuda_engine_state(o->e)->hand_no : 0);
}

PyObject *fuda_py_get_move_count(EnvObject *o, void *unused) {
    return PyLong_FromLong(o->e ? fuda_engine_move_count(o->e) : 0);
}

PyObject *fuda_py_get_claim(EnvObject *o, void *unused) {
    const char *k = o->e ? fuda_engine_claim(o->e) : NULL;
    if (!k) Py_RETURN_NONE;
    return PyUnicode_FromString(k);
}

static PyObject *str_list(const char *const *s, int n) {
    PyObject *list = PyList_New(n);
    for (int i = 0; list && i < n; i++) {
        PyObject *v = PyUnicode_FromString(s[i]);
        if (!v) return Py_DECREF(list), NULL;
        PyList_SET_ITEM(list, i, v);
    }
    return list;
}

/* info -> a dict of what the variant declares ("tensor": it has a tensor
 * hook, and the match is of one table, where a tensor can be had) */
PyObject *fuda_py_get_info(EnvObject *o, void *unused) {
    const fuda_variant_info *in = o->e ? fuda_engine_info(o->e) : NULL;
    if (!in) return fuda_py_seat_arg(o, NULL), NULL;
    PyObject *opts = PyDict_New();
    for (int i = 0; opts && i < in->nopts; i++) {
        PyObject *v = PyUnicode_FromString(in->opts[i].value);
        if (!v || PyDict_SetItemString(opts, in->opts[i].name, v) != 0) {
            Py_XDECREF(v);
            Py_CLEAR(opts);
            break;
        }
        Py_DECREF(v);
    }
    PyObject *bots = str_list(in->bots, in->nbots);
    PyObject *builtin = str_list(fuda_builtin_bots, 2);
    PyObject *r = NULL;
    if (opts && bots && builtin && PyList_SetSlice(bots, in->nbots, in->nbots, builtin) == 0)
        r = Py_BuildValue("{s:s,s:s,s:s,s:i,s:i,s:i,s:O,s:O,s:O}", "name", in->name, "title", in->title, "file",
                          in->file, "min_seats", in->min_seats, "max_seats", in->max_seats, "default_seats",
                          in->default_seats, "options", opts, "bots", bots, "tensor",
                          in->has_tensor && !fuda_engine_tables(o->e) ? Py_True : Py_False);
    Py_XDECREF(opts);
    Py_XDECREF(bots);
    Py_XDECREF(builtin);
    return r;
}

