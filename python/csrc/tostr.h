/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* tostr.h -- a Python str from UTF-8, written straight into the string's
 * own storage (one pass to size it, one to fill it; no intermediate). */
#ifndef U8GUARD_PY_TOSTR_H
#define U8GUARD_PY_TOSTR_H

#include <Python.h>
#include <stdbool.h>

#include <u8guard.h>

/* Inputs at least this long are worked on with the GIL released. */
#define U8G_PY_NOGIL_MIN 8192

/* u8g_py_decode_strict returns a new str holding the decoding of
 * data[0..len) when it is valid UTF-8 (then err->kind == U8GUARD_OK).
 * When it is not, it returns NULL with no Python exception set and *err is
 * the first error. Returns NULL with an exception set (MemoryError) when
 * the string cannot be allocated. The GIL is released for long inputs;
 * data must stay alive and unchanged meanwhile (a held Py_buffer does). */
PyObject *u8g_py_decode_strict(const unsigned char *data, size_t len,
                               u8guard_error *err);

#endif
