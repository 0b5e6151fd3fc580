/* module.c -- the CPython extension fuda._fuda: the Env type (env.c), the
 * exceptions, the variants' search folders, the search bot's budget, and
 * confine(), which puts the whole Python process under the OS layer the
 * fuda program puts its worker under (repl/confine.c: rlimits, Landlock,
 * seccomp). The package fuda (python/fuda/) is the face users import. */
#include "pyfuda.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "confine.h"
#include "search.h"

PyObject *fuda_py_error;
PyObject *fuda_py_untrusted;

static char **search_dirs;  /* NULL-terminated, owned */
static const char *const no_dirs[] = {NULL};
static int confined;

const char *const *fuda_py_search_path(void) {
    return search_dirs ? (const char *const *)search_dirs : no_dirs;
}

int fuda_py_confined(void) { return confined; }

static void free_strs(char **v) {
    for (char **p = v; p && *p; p++) free(*p);
    free(v);
}

/* A list of str as a NULL-terminated array of copies; NULL with a Python error. */
static char **str_array(PyObject *seq, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    char **v = calloc((size_t)n + 1, sizeof *v);
    if (!v) {
        Py_DECREF(fast);
        return (char **)PyErr_NoMemory();
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(fast, i);
        PyObject *path = PyOS_FSPath(item);
        PyObject *bytes = path ? PyUnicode_EncodeFSDefault(path) : NULL;
        Py_XDECREF(path);
        if (!bytes || !(v[i] = strdup(PyBytes_AS_STRING(bytes)))) {
            Py_XDECREF(bytes);
            Py_DECREF(fast);
            free_strs(v);
            if (!PyErr_Occurred()) PyErr_NoMemory();
            return NULL;
        }
        Py_DECREF(bytes);
    }
    Py_DECREF(fast);
    return v;
}

/* _set_search_path(list): the folders searched for variants by name, before
 * FUDA_PATH (the package sets the built-in ones at import) */
static PyObject *m_set_search_path(PyObject *self, PyObject *arg) {
    char **v = str_array(arg, "_set_search_path takes a list of folders");
    if (!v) return NULL;
    free_strs(search_dirs);
    search_dirs = v;
    Py_RETURN_NONE;
}

/* list_variants() -> the names of the variants found by name */
static PyObject *m_list_variants(PyObject *self, PyObject *unused) {
    fuda_config cfg = {0};
    cfg.search_path = fuda_py_search_path();
    fuda_engine *e = fuda_engine_new(&cfg);
    if (!e) return PyErr_NoMemory();
    char **names;
    int n = fuda_engine_list(e, &names);
    PyObject *list = PyList_New(0);
    for (int i = 0; list && i < n; i++) {
        PyObject *s = PyUnicode_FromString(names[i]);
        if (!s || PyList_Append(list, s) != 0) Py_CLEAR(list);
        Py_XDECREF(s);
    }
    if (n >= 0) fuda_free_names(names);
    fuda_engine_free(e);
    return list;
}

/* search_budget(think_ms=0, iters=0): the search bot's budget for every
 * search of the process (search.h); iters > 0 makes it not depend on the
 * machine's speed. */
static PyObject *m_search_budget(PyObject *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"think_ms", "iters", NULL};
    long think = 0, iters = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|ll", names, &think, &iters)) return NULL;
    fuda_search_set_budget(think, iters);
    Py_RETURN_NONE;
}

/* Threads of this process, from /proc/self/status; -1 when unknown. */
static int thread_count(void) {
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    int n = -1;
    if (!f) return -1;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "Threads: %d", &n) == 1) break;
    fclose(f);
    return n;
}

/* _confine(read, write, address_space=0) -> what is in force, one line.
 * Raises fuda.Error when the process has more than one thread (Landlock
 * binds only the calling thread: confine before any Env, whose time limit
 * starts a thread, and before anything else starts one) or a layer failed
 * half-way. */
static PyObject *m_confine(PyObject *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"read", "write", "address_space", NULL};
    PyObject *rd, *wr;
    unsigned long long as = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|K", names, &rd, &wr, &as)) return NULL;
    if (confined) return PyErr_Format(fuda_py_error, "the process is confined already");
    int nt = thread_count();
    if (nt != 1)
        return PyErr_Format(fuda_py_error,
                            "fuda.confine() needs a process of one thread, and this one has %d: call it before "
                            "the first Env and before anything starts a thread", nt);
    char **r = str_array(rd, "read must be a list of paths"), **w = r ? str_array(wr, "write must be a list of paths") : NULL;
    if (!w) {
        free_strs(r);
        return NULL;
    }
    fuda_confine_spec spec = {(const char *const *)r, (const char *const *)w, (size_t)as};
    fuda_confine_status st;
    int rc = fuda_confine(&spec, &st);
    free_strs(r);
    free_strs(w);
    if (rc < 0) return PyErr_Format(fuda_py_error, "confine failed half-way: %s", fuda_confine_describe(&st));
    confined = 1;
    return PyUnicode_FromString(fuda_confine_describe(&st));
}

static PyObject *m_confined(PyObject *self, PyObject *unused) { return PyBool_FromLong(confined); }

static PyMethodDef module_methods[] = {
    {"_set_search_path", m_set_search_path, METH_O, "the folders searched for variants by name"},
    {"list_variants", m_list_variants, METH_NOARGS, "list_variants() -> names of the variants found by name"},
    {"search_budget", (PyCFunction)(void (*)(void))m_search_budget, METH_VARARGS | METH_KEYWORDS,
     "search_budget(think_ms=0, iters=0): the search bot's budget"},
    {"_confine", (PyCFunction)(void (*)(void))m_confine, METH_VARARGS | METH_KEYWORDS,
     "_confine(read, write, address_space=0): the OS layer on this process"},
    {"confined", m_confined, METH_NOARGS, "confined() -> True once fuda.confine() took effect"},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "fuda._fuda", "fuda's engine for Python (docs/python.md)", -1, module_methods,
    NULL, NULL, NULL, NULL
};

PyMODINIT_FUNC PyInit__fuda(void);
PyMODINIT_FUNC PyInit__fuda(void) {
    if (fuda_py_env_init() != 0) return NULL;
    PyObject *m = PyModule_Create(&module_def);
    if (!m) return NULL;
    fuda_py_error = PyErr_NewExceptionWithDoc("fuda.Error", "the engine or a variant's script failed",
                                              PyExc_RuntimeError, NULL);
    PyObject *bases = fuda_py_error ? PyTuple_Pack(2, fuda_py_error, PyExc_PermissionError) : NULL;
    fuda_py_untrusted = bases ? PyErr_NewExceptionWithDoc("fuda.UntrustedError",
                                                          "a script given by path that is not trusted", bases, NULL)
                              : NULL;
    Py_XDECREF(bases);
    Py_INCREF(&fuda_py_env_type);
    if (!fuda_py_untrusted || PyModule_AddObject(m, "Env", (PyObject *)&fuda_py_env_type) != 0 ||
        PyModule_AddObjectRef(m, "Error", fuda_py_error) != 0 ||
        PyModule_AddObjectRef(m, "UntrustedError", fuda_py_untrusted) != 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
