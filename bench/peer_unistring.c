/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* peer_unistring.c -- GNU libunistring's u8_check, which returns NULL for
 * valid input or a pointer to the first invalid unit. */
#include "peers.h"

#include <unistr.h>

static void run_u8_check(const uint8_t *p, size_t len, const bench_buffers *b,
                         bench_result *r)
{
    const uint8_t *bad;

    (void)b;
    bad = u8_check(p, len);
    r->valid = bad == NULL;
    r->err_offset = bad ? (size_t)(bad - p) : len;
    r->n_out = BENCH_UNKNOWN;
}

const bench_fn peer_unistring_fns[] = {
    {"unistring", OP_VALIDATE, U8GUARD_IMPL_AUTO, true, false, run_u8_check},
};
const size_t peer_unistring_count = sizeof peer_unistring_fns / sizeof peer_unistring_fns[0];
