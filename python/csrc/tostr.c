/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* tostr.c -- valid UTF-8 to a Python str in CPython's compact form.
 *
 * CPython stores a str in the narrowest of three forms (1, 2 or 4 bytes per
 * character) and compares strings assuming that form is the narrowest one,
 * so the form must be exact. For valid UTF-8 the largest byte decides it:
 * below 80 the text is ASCII; below C4 (leads C2, C3 only) every character
 * is below U+0100; below F0 every character is in the BMP and one lead of
 * C4..EF puts one at or above U+0100; a lead F0..F4 is a character at or
 * above U+10000. The character count is the number of bytes that are not
 * continuation bytes (80..BF). Both come from one pass over the bytes;
 * then the library's decoders write UTF-16 or UTF-32 straight into the
 * string, validating as they go. */
#include "tostr.h"

#include <string.h>

struct shape {
    unsigned char max; /* largest byte */
    size_t chars;      /* bytes that are not 80..BF */
};

/* A loop the compiler vectorizes: max and count, no branches. */
static struct shape scan(const unsigned char *p, size_t n)
{
    struct shape s = {0, 0};
    unsigned char m = 0;
    size_t cont = 0, i;

    for (i = 0; i < n; i++) {
        unsigned char b = p[i];
        m = b > m ? b : m;
        cont += (size_t)((b & 0xC0) == 0x80);
    }
    s.max = m;
    s.chars = n - cont;
    return s;
}

/* Valid UTF-8 whose characters are all below U+0100 to Latin-1. */
static void fill_latin1(const unsigned char *p, size_t n, Py_UCS1 *out)
{
    size_t i = 0, o = 0;

    while (i < n) {
        unsigned char b = p[i];
        if (b < 0x80) {
            out[o++] = b;
            i++;
        } else {
            out[o++] = (Py_UCS1)(((b & 0x1Fu) << 6) | (p[i + 1] & 0x3Fu));
            i += 2;
        }
    }
}

PyObject *u8g_py_decode_strict(const unsigned char *data, size_t len,
                               u8guard_error *err)
{
    struct shape s;
    PyObject *str;
    Py_UCS4 maxchar;
    bool ok = true, nogil = len >= U8G_PY_NOGIL_MIN;
    size_t got = 0;
    PyThreadState *ts = NULL;

    err->offset = len;
    err->length = 0;
    err->kind = U8GUARD_OK;
    if ((size_t)PY_SSIZE_T_MAX < len) {
        PyErr_NoMemory();
        return NULL;
    }
    if (nogil)
        ts = PyEval_SaveThread();
    s = scan(data, len);
    /* Latin-1 text is filled by a loop that trusts its input: validate it
     * first. The other forms are validated by the decoders that fill them. */
    if (s.max >= 0x80 && s.max < 0xC4)
        ok = u8guard_validate(data, len, err);
    if (nogil)
        PyEval_RestoreThread(ts);
    if (!ok)
        return NULL;

    maxchar = s.max < 0x80 ? 0x7F : s.max < 0xC4 ? 0xFF : s.max < 0xF0 ? 0xFFFF : 0x10FFFF;
    str = PyUnicode_New((Py_ssize_t)s.chars, maxchar);
    if (str == NULL)
        return NULL;
    /* Nobody else can see str yet: filling it needs no GIL. */
    if (nogil)
        ts = PyEval_SaveThread();
    switch (PyUnicode_KIND(str)) {
    case PyUnicode_1BYTE_KIND:
        if (s.max < 0x80)
            memcpy(PyUnicode_1BYTE_DATA(str), data, len);
        else
            fill_latin1(data, len, PyUnicode_1BYTE_DATA(str));
        got = s.chars;
        break;
    case PyUnicode_2BYTE_KIND:
        got = u8guard_decode_utf16(data, len, (uint16_t *)PyUnicode_2BYTE_DATA(str),
                                   s.chars, err);
        ok = err->kind == U8GUARD_OK;
        break;
    default:
        got = u8guard_decode_utf32(data, len, (uint32_t *)PyUnicode_4BYTE_DATA(str),
                                   s.chars, err);
        ok = err->kind == U8GUARD_OK;
        break;
    }
    if (nogil)
        PyEval_RestoreThread(ts);
    if (ok && got != s.chars) { /* cannot happen for valid input: say so loudly */
        Py_DECREF(str);
        PyErr_SetString(PyExc_SystemError, "u8guard: decoded length differs from the count");
        return NULL;
    }
    if (!ok) {
        Py_DECREF(str);
        return NULL;
    }
    return str;
}
