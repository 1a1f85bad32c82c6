/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* lossy.h -- the error handlers (replace, drop, escape) applied to a whole
 * input, giving valid UTF-8. With the library's policy API
 * (U8G_PY_HAVE_POLICY) this is u8guard_sanitize_with; without it, the
 * same output is built here from u8guard_next_error (nothing can be
 * denied then). Callable without the GIL. */
#ifndef U8GUARD_PY_LOSSY_H
#define U8GUARD_PY_LOSSY_H

#include <stddef.h>

#include <u8guard.h>

/* The handlers, numbered as the library's u8guard_handler. */
enum u8g_py_handler { U8G_PY_REPLACE = 0, U8G_PY_DROP = 1, U8G_PY_ESCAPE = 2 };

/* u8g_py_emit_size returns the bytes handler h writes for an ill-formed
 * subsequence of n bytes. */
size_t u8g_py_emit_size(int h, size_t n);

/* u8g_py_emit writes what handler h makes of the ill-formed subsequence
 * bytes[0..n) at out (u8g_py_emit_size(h, n) bytes) and returns the end. */
unsigned char *u8g_py_emit(int h, const unsigned char *bytes, size_t n,
                           unsigned char *out);

/* u8g_py_lossy_size returns the size of the handled output of
 * data[0..len) with the classes deny denied, or SIZE_MAX when it does not
 * fit a size_t. */
size_t u8g_py_lossy_size(const unsigned char *data, size_t len, unsigned deny, int h);

/* u8g_py_lossy writes that output to out, which has room for exactly
 * u8g_py_lossy_size(...) bytes, and returns the number of errors. */
size_t u8g_py_lossy(const unsigned char *data, size_t len, unsigned deny, int h,
                    unsigned char *out, size_t cap);

#endif
