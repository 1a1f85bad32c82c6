/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* peer_utf8proc.c -- a loop over utf8proc_iterate, which decodes one
 * character (returning its length) or returns a negative error code. */
#include "peers.h"

#include <utf8proc.h>

static void run_validate(const uint8_t *p, size_t len, const bench_buffers *b,
                         bench_result *r)
{
    size_t i = 0;
    utf8proc_int32_t c;

    (void)b;
    while (i < len) {
        utf8proc_ssize_t k = utf8proc_iterate(p + i, (utf8proc_ssize_t)(len - i), &c);
        if (k <= 0)
            break;
        i += (size_t)k;
    }
    r->valid = i == len;
    r->err_offset = i;
    r->n_out = BENCH_UNKNOWN;
}

static void run_utf32(const uint8_t *p, size_t len, const bench_buffers *b,
                      bench_result *r)
{
    size_t i = 0, k = 0;
    utf8proc_int32_t c;

    while (i < len) {
        utf8proc_ssize_t n = utf8proc_iterate(p + i, (utf8proc_ssize_t)(len - i), &c);
        if (n <= 0)
            break;
        b->u32[k++] = (uint32_t)c;
        i += (size_t)n;
    }
    r->valid = i == len;
    r->err_offset = i;
    r->n_out = k;
}

const bench_fn peer_utf8proc_fns[] = {
    {"utf8proc", OP_VALIDATE, U8GUARD_IMPL_AUTO, true, false, run_validate},
    {"utf8proc", OP_UTF32, U8GUARD_IMPL_AUTO, true, true, run_utf32},
};
const size_t peer_utf8proc_count = sizeof peer_utf8proc_fns / sizeof peer_utf8proc_fns[0];
