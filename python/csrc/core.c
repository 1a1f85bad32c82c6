/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* core.c -- the module u8guard._core: thin calls into libu8guard on any
 * object with the buffer protocol, read in place (never copied), with the
 * GIL released for inputs of U8G_PY_NOGIL_MIN bytes and more. The Python
 * layer (u8guard/__init__.py) gives these their public names, keyword
 * arguments, Kind/Error objects and exceptions. Arguments here are
 * positional and already checked: deny is a set of class bits, handler a
 * u8guard_handler number or -1 for strict. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdbool.h>
#include <stdint.h>

#include <u8guard.h>

#include "errtuple.h"
#include "lossy.h"
#include "stream.h"
#include "tostr.h"

#define NOGIL_BEGIN(len)                                                   \
    {                                                                      \
        PyThreadState *ts_ = (len) >= U8G_PY_NOGIL_MIN ? PyEval_SaveThread() : NULL;
#define NOGIL_END                                                          \
        if (ts_)                                                           \
            PyEval_RestoreThread(ts_);                                     \
    }

#ifndef U8G_PY_HAVE_POLICY
/* Without the policy API nothing can be denied; the Python layer refuses
 * a nonempty deny before calling, so deny is 0 here. */
static bool validate_deny(const void *d, size_t n, unsigned deny, u8guard_error *e)
{
    (void)deny;
    return u8guard_validate(d, n, e);
}
static bool next_error_deny(const void *d, size_t n, unsigned deny, size_t *pos,
                            u8guard_error *e)
{
    (void)deny;
    return u8guard_next_error(d, n, pos, e);
}
static size_t count_deny(const void *d, size_t n, unsigned deny)
{
    (void)deny;
    return u8guard_count_errors(d, n);
}
#else
static bool validate_deny(const void *d, size_t n, unsigned deny, u8guard_error *e)
{
    u8guard_policy p = {deny, U8GUARD_REPLACE};
    return u8guard_validate_with(d, n, &p, e);
}
static bool next_error_deny(const void *d, size_t n, unsigned deny, size_t *pos,
                            u8guard_error *e)
{
    u8guard_policy p = {deny, U8GUARD_REPLACE};
    return u8guard_next_error_with(d, n, &p, pos, e);
}
static size_t count_deny(const void *d, size_t n, unsigned deny)
{
    u8guard_policy p = {deny, U8GUARD_REPLACE};
    return u8guard_count_errors_with(d, n, &p);
}
#endif

PyDoc_STRVAR(is_valid_doc, "is_valid(data, /) -> bool\n\n"
             "True when data (any bytes-like object) is well-formed UTF-8.");

static PyObject *py_is_valid(PyObject *self, PyObject *arg)
{
    Py_buffer v;
    bool ok;

    (void)self;
    if (PyObject_GetBuffer(arg, &v, PyBUF_SIMPLE) < 0)
        return NULL;
    NOGIL_BEGIN((size_t)v.len)
    ok = u8guard_validate(v.buf, (size_t)v.len, NULL);
    NOGIL_END
    PyBuffer_Release(&v);
    return PyBool_FromLong(ok);
}

PyDoc_STRVAR(first_error_doc, "first_error(data, deny, /) -> tuple | None\n\n"
             "The first error as (offset, length, kind, cls, code_point), or None.");

static PyObject *py_first_error(PyObject *self, PyObject *args)
{
    Py_buffer v;
    unsigned deny;
    u8guard_error e;
    bool ok;

    (void)self;
    if (!PyArg_ParseTuple(args, "y*I", &v, &deny))
        return NULL;
    NOGIL_BEGIN((size_t)v.len)
    ok = validate_deny(v.buf, (size_t)v.len, deny, &e);
    NOGIL_END
    PyBuffer_Release(&v);
    if (ok)
        Py_RETURN_NONE;
    return u8g_py_error_tuple(&e, 0);
}

PyDoc_STRVAR(errors_from_doc, "errors_from(data, deny, pos, max, /) -> (list, int | None)\n\n"
             "Up to max errors from pos on (a point where decoding resumes) and\n"
             "where to go on from, or None when the input has no more.");

static PyObject *py_errors_from(PyObject *self, PyObject *args)
{
    Py_buffer v;
    unsigned deny;
    Py_ssize_t spos, max, i, n = 0;
    size_t pos;
    u8guard_error *errs;
    bool more = true;
    PyObject *list = NULL, *t, *res = NULL;

    (void)self;
    if (!PyArg_ParseTuple(args, "y*Inn", &v, &deny, &spos, &max))
        return NULL;
    if (spos < 0 || spos > v.len || max < 1 || max > 65536) {
        PyErr_SetString(PyExc_ValueError, "errors_from: pos or max out of range");
        goto out;
    }
    errs = PyMem_Malloc((size_t)max * sizeof *errs);
    if (errs == NULL) {
        PyErr_NoMemory();
        goto out;
    }
    pos = (size_t)spos;
    NOGIL_BEGIN((size_t)v.len - pos)
    while (n < max && (more = next_error_deny(v.buf, (size_t)v.len, deny, &pos, &errs[n])))
        n++;
    NOGIL_END
    list = PyList_New(n);
    for (i = 0; list != NULL && i < n; i++) {
        t = u8g_py_error_tuple(&errs[i], 0);
        if (t == NULL)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, i, t);
    }
    PyMem_Free(errs);
    if (list == NULL)
        goto out;
    if (more)
        res = Py_BuildValue("(Nn)", list, (Py_ssize_t)pos);
    else
        res = Py_BuildValue("(NO)", list, Py_None);
out:
    PyBuffer_Release(&v);
    return res;
}

PyDoc_STRVAR(count_errors_doc, "count_errors(data, deny, /) -> int\n\n"
             "The number of errors in data.");

static PyObject *py_count_errors(PyObject *self, PyObject *args)
{
    Py_buffer v;
    unsigned deny;
    size_t n;

    (void)self;
    if (!PyArg_ParseTuple(args, "y*I", &v, &deny))
        return NULL;
    NOGIL_BEGIN((size_t)v.len)
    n = count_deny(v.buf, (size_t)v.len, deny);
    NOGIL_END
    PyBuffer_Release(&v);
    return PyLong_FromSize_t(n);
}

/* The handled output of v as a new bytes object. */
static PyObject *lossy_bytes(const Py_buffer *v, unsigned deny, int h)
{
    const unsigned char *d = v->buf;
    size_t len = (size_t)v->len, size;
    PyObject *out;

    NOGIL_BEGIN(len)
    size = u8g_py_lossy_size(d, len, deny, h);
    NOGIL_END
    if (size > (size_t)PY_SSIZE_T_MAX)
        return PyErr_NoMemory();
    out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)size);
    if (out == NULL)
        return NULL;
    NOGIL_BEGIN(len)
    (void)u8g_py_lossy(d, len, deny, h, (unsigned char *)PyBytes_AS_STRING(out), size);
    NOGIL_END
    return out;
}

PyDoc_STRVAR(sanitize_doc, "sanitize(data, deny, handler, /) -> bytes\n\n"
             "data with each error handled (0 replace, 1 drop, 2 escape).");

static PyObject *py_sanitize(PyObject *self, PyObject *args)
{
    Py_buffer v;
    unsigned deny;
    int h;
    PyObject *res;

    (void)self;
    if (!PyArg_ParseTuple(args, "y*Ii", &v, &deny, &h))
        return NULL;
    res = lossy_bytes(&v, deny, h);
    PyBuffer_Release(&v);
    return res;
}

PyDoc_STRVAR(decode_doc, "decode(data, handler, deny, /) -> str | tuple\n\n"
             "The decoding of data. handler -1 is strict: the first error is\n"
             "returned as a tuple instead of a str.");

static PyObject *py_decode(PyObject *self, PyObject *args)
{
    Py_buffer v;
    unsigned deny;
    int h;
    u8guard_error e;
    PyObject *res = NULL, *tmp;
    bool ok = true;

    (void)self;
    if (!PyArg_ParseTuple(args, "y*iI", &v, &h, &deny))
        return NULL;
    if (deny != 0) { /* the fast path below knows no policy: check first */
        NOGIL_BEGIN((size_t)v.len)
        ok = validate_deny(v.buf, (size_t)v.len, deny, &e);
        NOGIL_END
    }
    if (ok) {
        res = u8g_py_decode_strict(v.buf, (size_t)v.len, &e);
        ok = res != NULL || PyErr_Occurred() != NULL;
    }
    if (!ok) {
        if (h < 0) {
            res = u8g_py_error_tuple(&e, 0);
        } else {
            tmp = lossy_bytes(&v, deny, h);
            if (tmp != NULL) {
                res = u8g_py_decode_strict((const unsigned char *)PyBytes_AS_STRING(tmp),
                                           (size_t)PyBytes_GET_SIZE(tmp), &e);
                if (res == NULL && !PyErr_Occurred())
                    PyErr_SetString(PyExc_SystemError, "u8guard: handled output is not valid");
                Py_DECREF(tmp);
            }
        }
    }
    PyBuffer_Release(&v);
    return res;
}

#ifdef U8G_PY_HAVE_POLICY
PyDoc_STRVAR(class_bits_doc, "class_bits(name, /) -> int\n\n"
             "The class bits of a class name (\"all\" included); 0 when unknown.");

static PyObject *py_class_bits(PyObject *self, PyObject *arg)
{
    Py_ssize_t n;
    const char *s;

    (void)self;
    s = PyUnicode_AsUTF8AndSize(arg, &n);
    if (s == NULL)
        return NULL;
    return PyLong_FromUnsignedLong(u8guard_class_from_name(s, (size_t)n));
}

PyDoc_STRVAR(class_name_doc, "class_name(bit, /) -> str | None\n\n"
             "The name of one class bit (or of all of them).");

static PyObject *py_class_name(PyObject *self, PyObject *arg)
{
    unsigned long bit;
    const char *s;

    (void)self;
    bit = PyLong_AsUnsignedLong(arg);
    if (bit == (unsigned long)-1 && PyErr_Occurred())
        return NULL;
    s = u8guard_class_name((u8guard_class)bit);
    if (s == NULL)
        Py_RETURN_NONE;
    return PyUnicode_FromString(s);
}
#endif

PyDoc_STRVAR(kind_name_doc, "kind_name(kind, /) -> str\n\nThe C library's name of a kind number.");

static PyObject *py_kind_name(PyObject *self, PyObject *arg)
{
    long k;

    (void)self;
    k = PyLong_AsLong(arg);
    if (k == -1 && PyErr_Occurred())
        return NULL;
    return PyUnicode_FromString(u8guard_kind_name((u8guard_kind)k));
}

static PyMethodDef methods[] = {
    {"is_valid", py_is_valid, METH_O, is_valid_doc},
    {"first_error", py_first_error, METH_VARARGS, first_error_doc},
    {"errors_from", py_errors_from, METH_VARARGS, errors_from_doc},
    {"count_errors", py_count_errors, METH_VARARGS, count_errors_doc},
    {"sanitize", py_sanitize, METH_VARARGS, sanitize_doc},
    {"decode", py_decode, METH_VARARGS, decode_doc},
    {"kind_name", py_kind_name, METH_O, kind_name_doc},
#ifdef U8G_PY_HAVE_POLICY
    {"class_bits", py_class_bits, METH_O, class_bits_doc},
    {"class_name", py_class_name, METH_O, class_name_doc},
#endif
    {NULL, NULL, 0, NULL},
};

static int exec_module(PyObject *m)
{
#ifdef U8G_PY_HAVE_POLICY
    const int have_policy = 1;
#else
    const int have_policy = 0;
#endif
    if (PyModule_AddIntConstant(m, "HAVE_POLICY", have_policy) < 0 ||
        PyModule_AddIntConstant(m, "NOGIL_MIN", U8G_PY_NOGIL_MIN) < 0 ||
        PyModule_AddStringConstant(m, "LIBRARY_VERSION", u8guard_version()) < 0 ||
        PyModule_AddStringConstant(m, "IMPL", u8guard_impl_name(u8guard_active_impl())) < 0)
        return -1;
    return u8g_py_add_stream_type(m);
}

static PyModuleDef_Slot slots[] = {
    {Py_mod_exec, (void *)exec_module},
    {0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "u8guard._core",
    "libu8guard's functions on bytes-like objects (private: use the u8guard package).",
    0, methods, slots, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void);
PyMODINIT_FUNC PyInit__core(void)
{
    return PyModuleDef_Init(&module);
}
