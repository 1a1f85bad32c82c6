/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* errtuple.h -- how an error crosses to Python: the tuple
 * (offset, length, kind, cls, code_point) of ints, kind numbered as
 * u8guard_kind, cls the class bit (0 unless the kind is disallowed). The
 * package's Error is built from it in Python. */
#ifndef U8GUARD_PY_ERRTUPLE_H
#define U8GUARD_PY_ERRTUPLE_H

#include <Python.h>

#include <u8guard.h>

/* u8g_py_error_tuple returns a new tuple for e, its offset moved by base
 * (stream offsets), or NULL with an exception set. */
PyObject *u8g_py_error_tuple(const u8guard_error *e, unsigned long long base);

#endif
