/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* peer_iconv.c -- the C library's iconv, UTF-8 -> UTF-32LE (no byte order
 * mark; native order on the little-endian machines this runs on, so the
 * output is compared as uint32_t). iconv stops at an ill-formed sequence
 * (EILSEQ) or an incomplete one at the end (EINVAL) with the input pointer
 * on its first byte: that is the error offset. */
#include "peers.h"

#include <errno.h>
#include <iconv.h>
#include <stdint.h>

static iconv_t cd = (iconv_t)-1;

const char *peer_iconv_open(void)
{
    if (cd != (iconv_t)-1)
        return NULL;
    cd = iconv_open("UTF-32LE", "UTF-8");
    return cd == (iconv_t)-1 ? "iconv_open(\"UTF-32LE\", \"UTF-8\") failed" : NULL;
}

void peer_iconv_close(void)
{
    if (cd != (iconv_t)-1)
        iconv_close(cd);
    cd = (iconv_t)-1;
}

static void run_iconv(const uint8_t *p, size_t len, const bench_buffers *b,
                      bench_result *r)
{
    /* iconv's prototype takes char ** but does not write the input. */
    char *in = (char *)(uintptr_t)p;
    char *out = (char *)b->u32;
    size_t in_left = len, out_left = b->cap * sizeof *b->u32;
    size_t rc;

    iconv(cd, NULL, NULL, NULL, NULL); /* initial state */
    rc = iconv(cd, &in, &in_left, &out, &out_left);
    r->n_out = (b->cap * sizeof *b->u32 - out_left) / sizeof *b->u32;
    r->valid = rc != (size_t)-1;
    r->err_offset = r->valid ? len
                    : (errno == EILSEQ || errno == EINVAL) ? (size_t)(in - (char *)(uintptr_t)p)
                                                           : BENCH_UNKNOWN;
}

const bench_fn peer_iconv_fns[] = {
    {"iconv", OP_UTF32, U8GUARD_IMPL_AUTO, true, true, run_iconv},
};
const size_t peer_iconv_count = sizeof peer_iconv_fns / sizeof peer_iconv_fns[0];
