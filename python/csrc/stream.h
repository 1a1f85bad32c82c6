/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* stream.h -- u8guard._core.Stream, the streaming decoder under the
 * package's StreamDecoder. */
#ifndef U8GUARD_PY_STREAM_H
#define U8GUARD_PY_STREAM_H

#include <Python.h>

/* u8g_py_add_stream_type adds the type Stream to module m. Returns 0, or
 * -1 with an exception set. */
int u8g_py_add_stream_type(PyObject *m);

#endif
