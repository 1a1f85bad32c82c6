/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* reference.c -- u8guard's own verdict, through the public API only, so
 * the oracles are compared with what users of the library get. */
#include "oracle.h"

#include "u8guard.h"

/* Appends the strict decoding of data[start..stop), which the caller
 * knows is valid, to out[*n..). */
static void append_valid(const uint8_t *data, size_t start, size_t stop,
                         uint32_t *out, size_t *n)
{
    u8guard_error err;

    if (stop == start) /* nothing (and data may be NULL) */
        return;
    *n += u8guard_decode_utf32(data + start, stop - start, out + *n, stop - start, &err);
}

void oracle_reference(const uint8_t *data, size_t len, oracle_verdict *v)
{
    u8guard_error err;
    size_t pos = 0, n = 0;

    v->status = ORACLE_OK;
    v->signal = 0;
    /* out_cap >= len always suffices (u8guard.h). */
    v->n_cps = u8guard_decode_utf32(data, len, v->cps, ORACLE_ROOM(len), &err);
    v->accepted = err.kind == U8GUARD_OK;
    v->err_offset = v->accepted ? len : err.offset;

    v->has_repl = v->repl != NULL;
    v->n_repl = 0;
    if (!v->has_repl)
        return;
    /* Replacement mode: the valid stretches between errors, and one
     * U+FFFD per error (at most one code point per input byte). */
    for (;;) {
        size_t start = pos;
        bool found = u8guard_next_error(data, len, &pos, &err);
        size_t stop = found ? err.offset : len;

        append_valid(data, start, stop, v->repl, &n);
        if (!found)
            break;
        v->repl[n++] = U8GUARD_REPLACEMENT;
    }
    v->n_repl = n;
}
