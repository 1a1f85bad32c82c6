/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* icu_u8next.c -- ICU's inline macros from <unicode/utf8.h>: U8_NEXT
 * (strict: a negative code point marks an ill-formed sequence, and the
 * index has moved past its maximal subpart) and U8_NEXT_OR_FFFD
 * (replacement). These are a separate code path from the converters in
 * icu_ucnv.c, compiled into the caller. ICU 72 agrees with doc/contract.md
 * here, so no divergence is documented. */
#include "adapters/adapter.h"

#include <unicode/utf8.h>

static const char *icu_u8next_open(void)
{
    return NULL; /* header-only: always available when compiled */
}

static void icu_u8next_close(void)
{
}

static void run_one(const uint8_t *s, size_t len, oracle_verdict *v)
{
    int32_t i = 0, n = (int32_t)len;
    UChar32 c;

    adapter_clear(v);
    /* The macros index with int32_t; a negative length would mean a
     * NUL-terminated string, so longer inputs cannot be given to them. */
    if (len > (size_t)INT32_MAX) {
        v->status = ORACLE_FAILED;
        return;
    }
    v->accepted = true;
    v->err_offset = len;
    while (i < n) {
        int32_t start = i;
        U8_NEXT(s, i, n, c);
        if (c < 0) {
            v->accepted = false;
            v->err_offset = (size_t)start;
            break;
        }
        (void)adapter_push(v->cps, &v->n_cps, ORACLE_ROOM(len), (uint32_t)c);
    }
    if (!v->repl)
        return;
    i = 0;
    while (i < n) {
        U8_NEXT_OR_FFFD(s, i, n, c);
        (void)adapter_push(v->repl, &v->n_repl, ORACLE_ROOM(len), (uint32_t)c);
    }
    v->has_repl = true;
}

static int icu_u8next_run(const oracle_input *in, size_t n, oracle_verdict *out)
{
    for (size_t i = 0; i < n; i++)
        run_one(in[i].data, in[i].len, &out[i]);
    return 0;
}

const oracle oracle_icu_u8next = {
    .name = "icu-u8next",
    .what = "ICU U8_NEXT (strict) and U8_NEXT_OR_FFFD (replacement) macros",
    .open = icu_u8next_open,
    .run = icu_u8next_run,
    .close = icu_u8next_close,
    .known_divergence = NULL,
};
