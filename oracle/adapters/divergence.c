/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* divergence.c -- see divergence.h. */
#include "adapters/divergence.h"

#include <stdlib.h>

#include "u8guard.h"

size_t divergence_per_byte(const uint8_t *p, size_t avail, size_t *n_fffd)
{
    (void)p;
    (void)avail;
    *n_fffd = 1;
    return 1;
}

bool divergence_repl_is(const uint8_t *data, size_t len,
                        const oracle_verdict *theirs, divergence_policy policy)
{
    uint32_t *want;
    size_t pos = 0, n = 0;
    bool same;

    if (!theirs->has_repl)
        return false;
    /* Each input byte gives at most one code point, and each skipped byte
     * at most 3 U+FFFD under any policy written here. */
    want = malloc((3 * len + 1) * sizeof *want);
    if (!want)
        return false;
    for (;;) { /* a valid stretch (maybe empty), then one ill-formed sequence */
        size_t valid = u8guard_valid_prefix(data + pos, len - pos);
        size_t skip, k;
        u8guard_error err;

        if (valid)
            n += u8guard_decode_utf32(data + pos, valid, want + n, valid, &err);
        pos += valid;
        if (pos == len)
            break;
        skip = policy(data + pos, len - pos, &k);
        if (skip == 0 || skip > len - pos || k > 3 * skip)
            break; /* a policy bug: make the result "not this divergence" */
        for (size_t i = 0; i < k; i++)
            want[n++] = U8GUARD_REPLACEMENT;
        pos += skip;
    }
    same = pos == len && n == theirs->n_repl;
    for (size_t i = 0; same && i < n; i++)
        same = want[i] == theirs->repl[i];
    free(want);
    return same;
}
