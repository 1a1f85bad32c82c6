/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* lossy.c -- see lossy.h. The handlers' meanings are doc/contract.md's:
 * replace = one U+FFFD per error, drop = nothing, escape = each byte of an
 * ill-formed subsequence as \xhh (lowercase), which is what CPython's
 * 'replace', 'ignore' and 'backslashreplace' do for UTF-8. */
#include "lossy.h"

#include <stdint.h>
#include <string.h>

size_t u8g_py_emit_size(int h, size_t n)
{
    return h == U8G_PY_REPLACE ? 3 : h == U8G_PY_DROP ? 0 : 4 * n;
}

unsigned char *u8g_py_emit(int h, const unsigned char *bytes, size_t n,
                           unsigned char *out)
{
    static const char hex[] = "0123456789abcdef";
    size_t i;

    if (h == U8G_PY_REPLACE) {
        memcpy(out, U8GUARD_REPLACEMENT_UTF8, 3);
        return out + 3;
    }
    if (h == U8G_PY_ESCAPE) {
        for (i = 0; i < n; i++) {
            *out++ = '\\';
            *out++ = 'x';
            *out++ = (unsigned char)hex[bytes[i] >> 4];
            *out++ = (unsigned char)hex[bytes[i] & 15];
        }
    }
    return out;
}

#ifdef U8G_PY_HAVE_POLICY

size_t u8g_py_lossy_size(const unsigned char *data, size_t len, unsigned deny, int h)
{
    u8guard_policy p = {deny, (u8guard_handler)h};

    return u8guard_sanitized_length_with(data, len, &p);
}

size_t u8g_py_lossy(const unsigned char *data, size_t len, unsigned deny, int h,
                    unsigned char *out, size_t cap)
{
    u8guard_policy p = {deny, (u8guard_handler)h};
    size_t n_errors = 0;

    (void)u8guard_sanitize_with(data, len, out, cap, &p, &n_errors);
    return n_errors;
}

#else /* the library has no policy API: nothing is denied (deny is 0) */

size_t u8g_py_lossy_size(const unsigned char *data, size_t len, unsigned deny, int h)
{
    size_t pos = 0, size = len, add;
    u8guard_error e;

    (void)deny;
    while (u8guard_next_error(data, len, &pos, &e)) {
        add = u8g_py_emit_size(h, e.length);
        if (add > SIZE_MAX - size)
            return SIZE_MAX;
        size = size - e.length + add;
    }
    return size;
}

size_t u8g_py_lossy(const unsigned char *data, size_t len, unsigned deny, int h,
                    unsigned char *out, size_t cap)
{
    size_t pos = 0, from = 0, n = 0;
    u8guard_error e;

    (void)deny;
    (void)cap;
    while (u8guard_next_error(data, len, &pos, &e)) {
        memcpy(out, data + from, e.offset - from);
        out = u8g_py_emit(h, data + e.offset, e.length, out + (e.offset - from));
        from = pos;
        n++;
    }
    memcpy(out, data + from, len - from);
    return n;
}

#endif
