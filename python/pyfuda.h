/* pyfuda.h -- what the files of the CPython extension fuda._fuda share:
 * module.c (the module, its functions, the exception, confinement) and
 * env.c (the Env type: one match of one variant over the engine).
 *
 * The extension holds the GIL in every call into the engine: an engine is
 * not for two threads at once, and its calls are short (a hook call is
 * bounded by the engine's time limit). */
#ifndef FUDA_PYFUDA_H
#define FUDA_PYFUDA_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "engine.h"

/* fuda.Error: the engine or a variant's script failed (the message names
 * the script's file:line when the script is at fault). */
extern PyObject *fuda_py_error;
/* fuda.UntrustedError: a variant given by path, neither trusted=True nor
 * the process confined (fuda.confine). */
extern PyObject *fuda_py_untrusted;

/* The folders searched for variants by name before FUDA_PATH
 * (fuda._fuda._set_search_path), NULL-terminated; never NULL. */
const char *const *fuda_py_search_path(void);

/* 1 once fuda.confine() put the process under the OS layer. */
int fuda_py_confined(void);

/* The Env type, ready (PyType_Ready) by fuda_py_env_init: 0, or -1 with a
 * Python error set. */
extern PyTypeObject fuda_py_env_type;
int fuda_py_env_init(void);

#endif
