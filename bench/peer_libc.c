/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* peer_libc.c -- bandwidth references: memcpy of the input (what any
 * output-writing pass costs at least) and memchr for a byte that is not in
 * the input (a read-only pass over it). */
#include "peers.h"

#include <string.h>

/* Called through volatile pointers so the compiler cannot see what they
 * do and elide or shrink the calls. */
static void *(*volatile memcpy_fn)(void *, const void *, size_t) = memcpy;
static void *(*volatile memchr_fn)(const void *, int, size_t) = memchr;

static void run_memcpy(const uint8_t *p, size_t len, const bench_buffers *b,
                       bench_result *r)
{
    /* No read-back into the sink: through the volatile pointer the call
     * is opaque already, and a read-modify-write of the volatile sink per
     * call would add a store-to-load chain to every short string's copy
     * and flatter the t/memcpy ratios. */
    memcpy_fn(b->u8, p, len);
    r->valid = true;
    r->err_offset = BENCH_UNKNOWN;
    r->n_out = BENCH_UNKNOWN;
}

static void run_memchr(const uint8_t *p, size_t len, const bench_buffers *b,
                       bench_result *r)
{
    (void)b;
    /* FF never occurs in UTF-8, nor in the planted errors: the whole
     * input is read. valid reports that the byte was indeed absent. */
    r->valid = memchr_fn(p, 0xFF, len) == NULL;
    r->err_offset = BENCH_UNKNOWN;
    r->n_out = BENCH_UNKNOWN;
}

const bench_fn peer_libc_fns[] = {
    {"memcpy", OP_REFERENCE, U8GUARD_IMPL_AUTO, false, false, run_memcpy},
    {"memchr", OP_REFERENCE, U8GUARD_IMPL_AUTO, false, false, run_memchr},
};
const size_t peer_libc_count = sizeof peer_libc_fns / sizeof peer_libc_fns[0];
