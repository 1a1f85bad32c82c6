/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* stream.c -- Stream(deny, handler): a u8guard_stream and what it needs
 * around it. feed(data, final) returns (text, errors): the str the chunk
 * completes and the error tuples it reports (offsets from the start of the
 * stream). A chunk is fed to the library in pieces of PIECE bytes, so the
 * output buffer stays small whatever the chunk's size.
 *
 * Without the library's policy API the stream writes only the replace
 * form. drop and escape are then made from it: between errors the output
 * is the input byte for byte and each error is one U+FFFD, so the U+FFFD
 * of the j-th error of a piece sits at (its offset - where the piece's
 * output starts in the input) - (the lengths of the errors before it) +
 * 3 (j - 1) in the piece's output, and its bytes are in the piece or in
 * the last 3 bytes before it (the library keeps at most 3 pending). */
#define PY_SSIZE_T_CLEAN
#include "stream.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <u8guard.h>

#include "errtuple.h"
#include "lossy.h"
#include "tostr.h"

#define PIECE ((size_t)1 << 20)

typedef struct {
    PyObject_HEAD
    u8guard_stream s;
    unsigned deny;
    int handler;          /* u8guard_handler number; -1 strict (replace form inside) */
    bool busy;            /* a feed is running (with the GIL released) */
    bool finished;        /* the final chunk has been fed */
    uint64_t consumed;    /* input bytes whose output has been written */
    unsigned char tail[3];/* the last input bytes fed */
    size_t tail_len;
} Stream;

/* Growable buffers, used without the GIL (PyMem_Raw*). */
struct bytesbuf { unsigned char *p; size_t n, cap; };
struct errbuf { u8guard_error *p; size_t n, cap; bool failed; };

static bool reserve(void **p, size_t *cap, size_t need, size_t elem)
{
    size_t c = *cap ? *cap : 64;
    void *q;

    if (need <= *cap)
        return true;
    while (c < need)
        c = c > SIZE_MAX / 2 / elem ? need : 2 * c;
    if (c > SIZE_MAX / elem)
        return false;
    q = PyMem_RawRealloc(*p, c * elem);
    if (q == NULL)
        return false;
    *p = q;
    *cap = c;
    return true;
}

static void on_error(void *ctx, const u8guard_error *e)
{
    struct errbuf *eb = ctx;

    if (eb->failed || !reserve((void **)&eb->p, &eb->cap, eb->n + 1, sizeof *eb->p)) {
        eb->failed = true;
        return;
    }
    eb->p[eb->n++] = *e;
}

static void stream_init(Stream *st)
{
#ifdef U8G_PY_HAVE_POLICY
    u8guard_policy p = {st->deny, (u8guard_handler)(st->handler < 0 ? 0 : st->handler)};
    u8guard_stream_init_with(&st->s, &p, U8GUARD_FORM_UTF8);
#else
    u8guard_stream_init(&st->s);
#endif
    st->consumed = 0;
    st->tail_len = 0;
    st->finished = false;
}

static size_t out_max(const Stream *st, size_t n)
{
#ifdef U8G_PY_HAVE_POLICY
    return u8guard_stream_out_max(&st->s, n);
#else
    (void)st;
    return U8GUARD_STREAM_OUT_MAX(n);
#endif
}

/* The byte at stream offset off, which lies in p[0..n) (at stream offset
 * p0) or in the tail before it. */
static unsigned char byte_at(const Stream *st, const unsigned char *p, uint64_t p0, uint64_t off)
{
    if (off >= p0)
        return p[off - p0];
    return st->tail[st->tail_len - (size_t)(p0 - off)];
}

/* Appends the piece's output o[0..w) to out, with errors e[0..k) turned
 * from U+FFFD into the handler's form (drop, escape; no policy API). */
static bool rewrite(Stream *st, const unsigned char *p, uint64_t p0, const unsigned char *o,
                    size_t w, const u8guard_error *e, size_t k, struct bytesbuf *out)
{
    unsigned char bytes[4];
    size_t j, i, q, from = 0, before = 0, need = w;
    uint64_t c0 = st->consumed;

    for (j = 0; j < k; j++)
        need += u8g_py_emit_size(st->handler, e[j].length);
    if (!reserve((void **)&out->p, &out->cap, out->n + need, 1))
        return false;
    for (j = 0; j < k; j++) {
        q = (size_t)(e[j].offset - c0) - before + 3 * j;
        memcpy(out->p + out->n, o + from, q - from);
        out->n += q - from;
        for (i = 0; i < e[j].length; i++)
            bytes[i] = byte_at(st, p, p0, (uint64_t)e[j].offset + i);
        out->n = (size_t)(u8g_py_emit(st->handler, bytes, e[j].length, out->p + out->n) - out->p);
        from = q + 3;
        before += e[j].length;
    }
    if (w > from) { /* out->p is still NULL when nothing was ever written */
        memcpy(out->p + out->n, o + from, w - from);
        out->n += w - from;
    }
    st->consumed = c0 + (w - 3 * k) + before;
    return true;
}

/* Keeps the last 3 input bytes after a piece p[0..n). */
static void keep_tail(Stream *st, const unsigned char *p, size_t n)
{
    unsigned char t[6];
    size_t m = st->tail_len, take = n < 3 ? n : 3, keep;

    memcpy(t, st->tail, m);
    memcpy(t + m, p + n - take, take);
    m += take;
    keep = m < 3 ? m : 3;
    memcpy(st->tail, t + m - keep, keep);
    st->tail_len = keep;
}

/* Feeds data[0..len) in pieces. Returns false when memory ran out. */
static bool feed_all(Stream *st, const unsigned char *data, size_t len, bool final,
                     struct bytesbuf *out, struct errbuf *eb)
{
    struct bytesbuf tmp = {NULL, 0, 0};
    size_t at = 0, n, w, k0, need;
    bool direct = st->handler <= 0, ok = true;
#ifdef U8G_PY_HAVE_POLICY
    direct = true; /* the library writes every handler's form itself */
#endif

    do {
        uint64_t p0 = u8guard_stream_position(&st->s);
        n = len - at < PIECE ? len - at : PIECE;
        need = out_max(st, n);
        k0 = eb->n;
        if (direct) {
            if (!reserve((void **)&out->p, &out->cap, out->n + need, 1)) {
                ok = false;
                break;
            }
            w = u8guard_stream_feed(&st->s, data + at, n, final && at + n == len,
                                    on_error, eb, out->p + out->n, need);
            out->n += w;
        } else {
            if (!reserve((void **)&tmp.p, &tmp.cap, need, 1)) {
                ok = false;
                break;
            }
            w = u8guard_stream_feed(&st->s, data + at, n, final && at + n == len,
                                    on_error, eb, tmp.p, need);
            if (w != SIZE_MAX && !eb->failed &&
                !rewrite(st, data + at, p0, tmp.p, w, eb->p + k0, eb->n - k0, out)) {
                ok = false;
                break;
            }
        }
        if (w == SIZE_MAX || eb->failed) {
            ok = false;
            break;
        }
        keep_tail(st, data + at, n);
        at += n;
    } while (at < len);
    PyMem_RawFree(tmp.p);
    return ok;
}

static PyObject *stream_feed(Stream *st, PyObject *args)
{
    Py_buffer v;
    int final = 0, as_bytes = 0;
    struct bytesbuf out = {NULL, 0, 0};
    struct errbuf eb = {NULL, 0, 0, false};
    u8guard_error e;
    PyObject *text = NULL, *list = NULL, *t, *res = NULL;
    PyThreadState *ts = NULL;
    bool ok;
    size_t i;

    if (!PyArg_ParseTuple(args, "y*|pp", &v, &final, &as_bytes))
        return NULL;
    if (st->busy) {
        PyErr_SetString(PyExc_RuntimeError, "StreamDecoder.feed called while another feed runs");
        PyBuffer_Release(&v);
        return NULL;
    }
    if (st->finished) {
        PyErr_SetString(PyExc_ValueError, "the stream is finished: call reset() to start again");
        PyBuffer_Release(&v);
        return NULL;
    }
    st->busy = true;
    if ((size_t)v.len >= U8G_PY_NOGIL_MIN)
        ts = PyEval_SaveThread();
    ok = feed_all(st, v.buf, (size_t)v.len, final != 0, &out, &eb);
    if (ts)
        PyEval_RestoreThread(ts);
    st->busy = false;
    st->finished = final != 0;
    PyBuffer_Release(&v);
    if (!ok) {
        PyErr_NoMemory();
        goto done;
    }
    if (as_bytes)
        text = PyBytes_FromStringAndSize((const char *)out.p, (Py_ssize_t)out.n);
    else
        text = u8g_py_decode_strict(out.p ? out.p : (const unsigned char *)"", out.n, &e);
    if (text == NULL) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_SystemError, "u8guard: stream output is not valid");
        goto done;
    }
    list = PyList_New((Py_ssize_t)eb.n);
    for (i = 0; list != NULL && i < eb.n; i++) {
        t = u8g_py_error_tuple(&eb.p[i], 0);
        if (t == NULL)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, (Py_ssize_t)i, t);
    }
    if (list != NULL)
        res = PyTuple_Pack(2, text, list);
done:
    Py_XDECREF(text);
    Py_XDECREF(list);
    PyMem_RawFree(out.p);
    PyMem_RawFree(eb.p);
    return res;
}

static PyObject *stream_reset(Stream *st, PyObject *unused)
{
    (void)unused;
    if (st->busy) {
        PyErr_SetString(PyExc_RuntimeError, "StreamDecoder.reset called while a feed runs");
        return NULL;
    }
    stream_init(st);
    Py_RETURN_NONE;
}

static PyObject *stream_position(Stream *st, void *closure)
{
    (void)closure;
    return PyLong_FromUnsignedLongLong(u8guard_stream_position(&st->s));
}

static int stream_tp_init(Stream *st, PyObject *args, PyObject *kw)
{
    static char *names[] = {"deny", "handler", NULL};
    unsigned deny;
    int handler;

    if (!PyArg_ParseTupleAndKeywords(args, kw, "Ii", names, &deny, &handler))
        return -1;
    if (handler < -1 || handler > 2) {
        PyErr_SetString(PyExc_ValueError, "handler must be -1, 0, 1 or 2");
        return -1;
    }
#ifndef U8G_PY_HAVE_POLICY
    if (deny != 0) {
        PyErr_SetString(PyExc_NotImplementedError, "this libu8guard has no policy API");
        return -1;
    }
#endif
    if (st->busy) {
        PyErr_SetString(PyExc_RuntimeError, "Stream re-initialized while a feed runs");
        return -1;
    }
    st->deny = deny;
    st->handler = handler;
    stream_init(st);
    return 0;
}

static PyMethodDef stream_methods[] = {
    {"feed", (PyCFunction)(void (*)(void))stream_feed, METH_VARARGS,
     "feed(data, final=False, as_bytes=False, /) -> (str | bytes, list)\n\n"
     "Decode the next chunk; as_bytes gives the output as UTF-8 bytes."},
    {"reset", (PyCFunction)(void (*)(void))stream_reset, METH_NOARGS,
     "reset() -> None\n\nStart again at offset 0."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef stream_getset[] = {
    {"position", (getter)(void (*)(void))stream_position, NULL,
     "Bytes fed so far, pending ones included.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject StreamType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "u8guard._core.Stream",
    .tp_basicsize = sizeof(Stream),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Stream(deny, handler): libu8guard's streaming decoder (private).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)(void (*)(void))stream_tp_init,
    .tp_methods = stream_methods,
    .tp_getset = stream_getset,
};

int u8g_py_add_stream_type(PyObject *m)
{
    if (PyType_Ready(&StreamType) < 0)
        return -1;
    Py_INCREF(&StreamType);
    if (PyModule_AddObject(m, "Stream", (PyObject *)&StreamType) < 0) {
        Py_DECREF(&StreamType);
        return -1;
    }
    return 0;
}
