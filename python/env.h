/* env.h -- what the files of fuda._fuda.Env share (env.c: its life, its
 * steps and its copies; env_seen.c: what a seat sees and what the Env tells
 * of its match). Private to python/. */
#ifndef FUDA_PY_ENV_H
#define FUDA_PY_ENV_H

#include "pyfuda.h"

#define MAX_EVENTS 1000 /* events a seat keeps */

typedef struct env_rec {
    int seat;
    int resample;   /* 0: the move `move`; 1: fuda_engine_resample(seat, seed) */
    uint64_t seed;
    char *move;     /* owned */
} env_rec;

typedef struct evq { char **ev; int n; } evq;

typedef struct EnvObject {
    PyObject_HEAD
    fuda_engine *e;
    fuda_config cfg;
    char *variant;         /* as the user named it */
    char **opts;           /* "name=value", nopts of them */
    int nopts;
    int want_seats;        /* as asked, 0: the variant's default */
    int seats;             /* of the running match */
    uint64_t seed;         /* the running match's */
    uint64_t resamples;    /* resamples without a seed so far (their seeds follow from it) */
    int keep_events;
    env_rec *hist;
    long nhist, caphist;
    int32_t gained[FUDA_MAX_SEATS]; /* column-1 points each seat gained by the last step */
    evq q[FUDA_MAX_SEATS + 1];
} EnvObject;

/* The engine's last error as a Python exception of type; NULL. */
PyObject *fuda_py_engine_error(EnvObject *o, PyObject *type);
/* The seat argument: None means the first seat that must act. 0 with a
 * Python error set when there is none or the seat is out of range. */
int fuda_py_seat_arg(EnvObject *o, PyObject *arg);
/* The first seat that must act, or 0. */
int fuda_py_first_actor(fuda_engine *e);

/* env_seen.c: the methods and attributes of what a seat sees and of the match */
PyObject *fuda_py_env_observe(EnvObject *o, PyObject *arg);
PyObject *fuda_py_env_tensor(EnvObject *o, PyObject *arg);
PyObject *fuda_py_env_view(EnvObject *o, PyObject *arg);
PyObject *fuda_py_env_rewards(EnvObject *o, PyObject *unused);
PyObject *fuda_py_env_returns(EnvObject *o, PyObject *args);
PyObject *fuda_py_env_winners(EnvObject *o, PyObject *unused);
PyObject *fuda_py_env_current_players(EnvObject *o, PyObject *unused);
PyObject *fuda_py_env_hash(EnvObject *o, PyObject *unused);
PyObject *fuda_py_env_log(EnvObject *o, PyObject *unused);
PyObject *fuda_py_get_done(EnvObject *o, void *unused);
PyObject *fuda_py_get_current_player(EnvObject *o, void *unused);
PyObject *fuda_py_get_num_seats(EnvObject *o, void *unused);
PyObject *fuda_py_get_seed(EnvObject *o, void *unused);
PyObject *fuda_py_get_hand(EnvObject *o, void *unused);
PyObject *fuda_py_get_move_count(EnvObject *o, void *unused);
PyObject *fuda_py_get_claim(EnvObject *o, void *unused);
PyObject *fuda_py_get_info(EnvObject *o, void *unused);

#endif
