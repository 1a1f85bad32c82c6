/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_short_errors.c -- the short-string paths' boundaries with exact
 * expected answers, not only agreement with the reference: in every
 * supported implementation (forced with u8guard_set_impl), for every
 * length 0..300 (the 16-, 32-, 64-byte vectors and the 256-byte short
 * limit on both sides) and every offset, one error sequence planted in
 * ASCII text, or after whole 3-byte characters (at offsets that are a
 * multiple of 3), followed by ASCII. Each of u8guard_validate,
 * u8guard_next_error (from offset 0), u8guard_decode_utf32,
 * u8guard_decode_utf16 and u8guard_sanitize must report the error at
 * exactly that offset with exactly the length and kind that
 * doc/contract.md gives (TRUNCATED where the end of the input cuts the
 * sequence), decode exactly the characters before it, and sanitize to
 * those characters and U+FFFD; the valid strings of every length are
 * checked the same way.
 *
 *   test_short_errors [STRIDE]   check only every STRIDE-th case (sanitizers) */
#include "compare.h"

#include <u8guard.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LEN 300

/* A planted sequence and the error it is when followed by ASCII; when the
 * input ends after its first `trunc` bytes or fewer, it is TRUNCATED with
 * the length of what is present instead. */
static const struct seq {
    const char *bytes;
    size_t len;
    u8guard_kind kind;
    size_t err_len;
    size_t trunc;
} SEQS[] = {
    {"\x80", 1, U8GUARD_UNEXPECTED_CONTINUATION, 1, 0},
    {"\xC0\xAF", 2, U8GUARD_OVERLONG, 1, 0},
    {"\xE0\x80\xAF", 3, U8GUARD_OVERLONG, 1, 1},
    {"\xED\xA0\x80", 3, U8GUARD_SURROGATE, 1, 1},
    {"\xF5", 1, U8GUARD_TOO_LARGE, 1, 0},
    {"\xF4\x90\x80\x80", 4, U8GUARD_TOO_LARGE, 1, 1},
    {"\xC3", 1, U8GUARD_BAD_CONTINUATION, 1, 1},
    {"\xE4\xBD", 2, U8GUARD_BAD_CONTINUATION, 2, 2},
    {"\xF0\x9F\x98", 3, U8GUARD_BAD_CONTINUATION, 3, 3},
};
#define N_SEQS (sizeof SEQS / sizeof SEQS[0])

static const u8guard_impl IMPLS[] = {
    U8GUARD_IMPL_SCALAR, U8GUARD_IMPL_WORD, U8GUARD_IMPL_SSE42,
    U8GUARD_IMPL_AVX2,   U8GUARD_IMPL_AVX512, U8GUARD_IMPL_NEON,
};

static unsigned long failures, cases;

static void fail(const char *impl, const char *what, size_t len, size_t off, size_t s,
                 int wide, const char *detail)
{
    if (++failures <= 12)
        fprintf(stderr, "FAIL %s: %s, len %zu, %s filler, seq %zu at %zu: %s\n", impl, what,
                len, wide ? "3-byte" : "ASCII", s, off, detail);
}

/* The input: len bytes, before off whole characters (ASCII, or U+4F60
 * when wide, off a multiple of 3), then what fits of seq s (s ==
 * N_SEQS: none) and ASCII. Sets cps[0..*n_cps) to the characters before
 * the first error (all of them when none). */
static void build(uint8_t *in, size_t len, size_t off, size_t s, int wide, uint32_t *cps,
                  size_t *n_cps)
{
    size_t i, n = 0, put;

    for (i = 0; i < off;) {
        if (wide) {
            memcpy(in + i, "\xE4\xBD\xA0", 3);
            cps[n++] = 0x4F60;
            i += 3;
        } else {
            in[i] = (uint8_t)('a' + i % 26);
            cps[n++] = in[i];
            i++;
        }
    }
    put = 0;
    if (s < N_SEQS) {
        put = SEQS[s].len < len - off ? SEQS[s].len : len - off;
        memcpy(in + off, SEQS[s].bytes, put);
    }
    for (i = off + put; i < len; i++) {
        in[i] = (uint8_t)('A' + i % 26);
        if (s == N_SEQS)
            cps[n++] = in[i];
    }
    *n_cps = n;
}

/* Checks one input in the active implementation: the first error is
 * (off, elen, kind), or none when kind == U8GUARD_OK. */
static void check(const char *impl, const uint8_t *in, size_t len, size_t off, size_t s,
                  int wide, const uint32_t *cps, size_t n_cps, size_t elen, u8guard_kind kind)
{
    static uint32_t u32[MAX_LEN];
    static uint16_t u16[MAX_LEN];
    static uint8_t san[3 * MAX_LEN + 3];
    u8guard_error e;
    size_t pos = 0, n, i, nerr;
    bool valid = kind == U8GUARD_OK;
    char d[160];

    cases++;
    memset(&e, 0xAA, sizeof e);
    if (u8guard_validate(in, len, &e) != valid || e.offset != (valid ? len : off) ||
        e.length != elen || e.kind != kind) {
        snprintf(d, sizeof d, "got offset %zu length %zu kind %d", e.offset, e.length, e.kind);
        fail(impl, "u8guard_validate", len, off, s, wide, d);
    }
    memset(&e, 0xAA, sizeof e);
    if (u8guard_next_error(in, len, &pos, &e) != !valid || e.offset != (valid ? len : off) ||
        e.length != elen || e.kind != kind || pos != (valid ? len : off + elen)) {
        snprintf(d, sizeof d, "got offset %zu length %zu kind %d pos %zu", e.offset, e.length,
                 e.kind, pos);
        fail(impl, "u8guard_next_error", len, off, s, wide, d);
    }
    memset(&e, 0xAA, sizeof e);
    n = u8guard_decode_utf32(in, len, u32, MAX_LEN, &e);
    if (n != n_cps || e.offset != (valid ? len : off) || e.length != elen || e.kind != kind ||
        memcmp(u32, cps, n_cps * sizeof *cps) != 0) {
        snprintf(d, sizeof d, "got %zu units, offset %zu length %zu kind %d", n, e.offset,
                 e.length, e.kind);
        fail(impl, "u8guard_decode_utf32", len, off, s, wide, d);
    }
    memset(&e, 0xAA, sizeof e);
    n = u8guard_decode_utf16(in, len, u16, MAX_LEN, &e);
    for (i = 0; i < n_cps && i < n && u16[i] == cps[i]; i++)
        ;
    if (n != n_cps || i != n_cps || e.offset != (valid ? len : off) || e.length != elen ||
        e.kind != kind) {
        snprintf(d, sizeof d, "got %zu units, offset %zu length %zu kind %d", n, e.offset,
                 e.length, e.kind);
        fail(impl, "u8guard_decode_utf16", len, off, s, wide, d);
    }
    /* Sanitize: the text before the error unchanged, then U+FFFD (what
     * follows, other errors included, is test_short's comparison). */
    nerr = 0;
    n = u8guard_sanitize(in, len, san, sizeof san, &nerr);
    if (valid ? (n != len || nerr != 0 || memcmp(san, in, len) != 0)
              : (n < off + 3 || nerr == 0 || memcmp(san, in, off) != 0 ||
                 memcmp(san + off, "\xEF\xBF\xBD", 3) != 0)) {
        snprintf(d, sizeof d, "got %zu bytes, %zu errors", n, nerr);
        fail(impl, "u8guard_sanitize", len, off, s, wide, d);
    }
}

int main(int argc, char **argv)
{
    unsigned long stride = argc > 1 ? strtoul(argv[1], NULL, 10) : 1, k = 0;
    static uint8_t in[MAX_LEN];
    static uint32_t cps[MAX_LEN];
    size_t len, off, s, n_cps, present, i, n_impls = 0;
    int wide;
    const char *name;

    if (stride == 0)
        stride = 1;
    for (i = 0; i < sizeof IMPLS / sizeof IMPLS[0]; i++) {
        if (!compare_use("test_short_errors", IMPLS[i]))
            continue;
        n_impls++;
        name = u8guard_impl_name(IMPLS[i]);
        for (wide = 0; wide < 2; wide++)
            for (len = 0; len <= MAX_LEN; len++) {
                /* valid: whole characters, then ASCII to the end */
                build(in, len, wide ? len / 3 * 3 : len, N_SEQS, wide, cps, &n_cps);
                check(name, in, len, len, N_SEQS, wide, cps, n_cps, 0, U8GUARD_OK);
                for (off = 0; off < len; off += wide ? 3 : 1)
                    for (s = 0; s < N_SEQS; s++) {
                        if (k++ % stride != 0)
                            continue;
                        build(in, len, off, s, wide, cps, &n_cps);
                        present = SEQS[s].len < len - off ? SEQS[s].len : len - off;
                        if (off + present == len && present <= SEQS[s].trunc)
                            check(name, in, len, off, s, wide, cps, n_cps, present,
                                  U8GUARD_TRUNCATED);
                        else
                            check(name, in, len, off, s, wide, cps, n_cps, SEQS[s].err_len,
                                  SEQS[s].kind);
                    }
            }
    }
    u8guard_set_impl(U8GUARD_IMPL_AUTO);
    if (n_impls == 0) {
        printf("test_short_errors: skipped: no implementation both supported and in "
               "U8GUARD_TEST_IMPLS\n");
        return SKIP_STATUS;
    }
    printf("test_short_errors: %zu implementations, %lu inputs (every %lu-th of the sweep), "
           "%lu failures\n",
           n_impls, cases, stride, failures);
    return failures == 0 ? 0 : 1;
}
