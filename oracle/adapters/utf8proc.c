/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* utf8proc.c -- utf8proc_iterate from libutf8proc, one code point at a
 * time; a negative return (UTF8PROC_ERROR_INVALIDUTF8) is an ill-formed
 * sequence at the current position. utf8proc has no replacement mode.
 * On Debian 12 (utf8proc 2.8) it rejects surrogates, overlongs and values
 * above U+10FFFF and accepts noncharacters and U+0000, as doc/contract.md does;
 * no divergence is documented. */
#include "adapters/adapter.h"

#include <stdint.h>
#include <utf8proc.h>

static const char *utf8proc_open(void)
{
    return NULL;
}

static void utf8proc_close(void)
{
}

static void run_one(const uint8_t *data, size_t len, oracle_verdict *v)
{
    size_t i = 0;

    adapter_clear(v);
    /* utf8proc_iterate takes a signed length; a negative one means
     * NUL-terminated, so longer inputs cannot be given to it. */
    if (len > (size_t)PTRDIFF_MAX) {
        v->status = ORACLE_FAILED;
        return;
    }
    while (i < len) {
        utf8proc_int32_t c;
        utf8proc_ssize_t r = utf8proc_iterate(data + i,
                                              (utf8proc_ssize_t)(len - i), &c);
        /* c is -1 exactly when r is an error code (negative); r is 1..4
         * otherwise, as len - i > 0 */
        if (c < 0) {
            v->err_offset = i;
            return;
        }
        (void)adapter_push(v->cps, &v->n_cps, ORACLE_ROOM(len), (uint32_t)c);
        i += (size_t)r;
    }
    v->accepted = true;
    v->err_offset = len;
}

static int utf8proc_run(const oracle_input *in, size_t n, oracle_verdict *out)
{
    for (size_t i = 0; i < n; i++)
        run_one(in[i].data, in[i].len, &out[i]);
    return 0;
}

const oracle oracle_utf8proc = {
    .name = "utf8proc",
    .what = "utf8proc_iterate (libutf8proc), strict",
    .open = utf8proc_open,
    .run = utf8proc_run,
    .close = utf8proc_close,
    .known_divergence = NULL,
};
