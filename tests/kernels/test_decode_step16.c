/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_decode_step16 -- the 16-byte UTF-16 steps of the AVX2 decoder
 * (bmp16 and its runs of 32 bytes; put16_supp and its runs, for text
 * with 4-byte characters; src/kernels/avx2.c) at the edges of a run, in
 * every supported implementation against the scalar reference: text of
 * 2-byte characters, of 3-byte characters, of 4-byte characters (after
 * 0..3 ASCII bytes, so the leads fall at every offset of a step, a
 * 4-byte lead in byte 15 among them), random 1..3-byte text, and that
 * text with one 4-byte character at every offset of a stretch (where a
 * BMP run must stop), random 1..4-byte text, and that text with runs of
 * 16..23 ASCII bytes (where a run with 4-byte characters stops), each at
 * every length 257..700 (the windowed path, not the short one; the text
 * cut mid-character too).
 * Besides the count, the units and the error, the output buffer is
 * checked past the units returned: the steps' junk lanes must all be
 * overwritten (decode_steps.h), so that none of it is left, up to
 * out_cap = len and in the canary units after it.
 *
 * Usage: test_decode_step16 [STRIDE]  (every STRIDE-th length) */
#include "compare.h"
#include "u8guard.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MIN_LEN 257
#define MAX_LEN 700
#define CANARY 0xA5A5u
#define CANARY_UNITS 64

static const u8guard_impl IMPLS[] = {
    U8GUARD_IMPL_WORD, U8GUARD_IMPL_SSE42, U8GUARD_IMPL_AVX2,
    U8GUARD_IMPL_AVX512, U8GUARD_IMPL_NEON,
};

static unsigned long failures, cases;

/* Decodes in[0..len) with the implementation chosen, into out (room for
 * len units, then CANARY_UNITS canaries); returns the count. */
static size_t decode(const uint8_t *in, size_t len, uint16_t *out, u8guard_error *e)
{
    size_t i;

    for (i = 0; i < len + CANARY_UNITS; i++)
        out[i] = CANARY;
    return u8guard_decode_utf16(in, len, out, len, e);
}

/* Compares every implementation with the scalar reference on in[0..len). */
static void check(const uint8_t *in, size_t len, const char *what)
{
    static uint16_t ref[MAX_LEN + CANARY_UNITS], got[MAX_LEN + CANARY_UNITS];
    u8guard_error re, ge;
    size_t rn, gn, i, k;

    (void)u8guard_set_impl(U8GUARD_IMPL_SCALAR);
    rn = decode(in, len, ref, &re);
    for (k = 0; k < sizeof IMPLS / sizeof IMPLS[0]; k++) {
        if (!compare_selected(IMPLS[k]) || !u8guard_set_impl(IMPLS[k]))
            continue;
        cases++;
        gn = decode(in, len, got, &ge);
        if (gn != rn || ge.offset != re.offset || ge.length != re.length ||
            ge.kind != re.kind || memcmp(got, ref, rn * sizeof *ref) != 0) {
            if (failures++ < 10)
                fprintf(stderr, "%s, length %zu, impl %d: count %zu (want %zu), error at %zu "
                        "(want %zu), or different units\n",
                        what, len, (int)IMPLS[k], gn, rn, ge.offset, re.offset);
            continue;
        }
        for (i = gn; i < len + CANARY_UNITS; i++)
            if (got[i] != CANARY) {
                if (failures++ < 10)
                    fprintf(stderr, "%s, length %zu, impl %d: unit %zu written past the "
                            "%zu returned\n", what, len, (int)IMPLS[k], i, gn);
                break;
            }
    }
}

/* Fills buf[0..MAX_LEN) with copies of the character c (n bytes) after
 * `pre` ASCII bytes. */
static void fill(uint8_t *buf, size_t pre, const char *c, size_t n)
{
    size_t i;

    memset(buf, 'a', pre);
    for (i = pre; i < MAX_LEN; i++)
        buf[i] = (uint8_t)c[(i - pre) % n];
}

/* Checks in[0..len) at every step-th length from MIN_LEN to MAX_LEN. */
static void check_lengths(const uint8_t *in, size_t step, const char *what)
{
    size_t len;

    for (len = MIN_LEN; len <= MAX_LEN; len += step)
        check(in, len, what);
}

/* Appends up to n random characters of 1..max_bytes bytes to t from *i,
 * whole ones only, up to MAX_LEN. Returns false when one did not fit. */
static bool random_chars(uint8_t *t, size_t *i, size_t n, uint64_t *rng, unsigned max_bytes)
{
    uint8_t ch[4];

    for (; n > 0 && *i < MAX_LEN; n--) {
        size_t m = random_char(rng, (unsigned)(1 + rng_next(rng) % max_bytes), ch);
        if (*i + m > MAX_LEN)
            return false;
        memcpy(t + *i, ch, m);
        *i += m;
    }
    return true;
}

/* The characters of the texts of one character repeated. */
static const struct {
    const char *name, *c;
    size_t n;
} REPEATED[] = {
    {"2-byte", "\xD0\x96", 2},
    {"3-byte", "\xE4\xB8\xAD", 3},
    {"4-byte", "\xF4\x8F\xBF\xBF", 4},
    {"U+10000", "\xF0\x90\x80\x80", 4},
};

int main(int argc, char **argv)
{
    static uint8_t buf[MAX_LEN], text[MAX_LEN];
    size_t stride = argc > 1 ? strtoul(argv[1], NULL, 10) : 1, len, pre, r, i, at;
    uint64_t rng = 0x9E3779B97F4A7C15u;
    char what[64];

    if (stride == 0)
        stride = 1;
    for (len = MIN_LEN; len <= MAX_LEN; len += stride) {
        for (pre = 0; pre < 4; pre++) {
            for (r = 0; r < sizeof REPEATED / sizeof REPEATED[0]; r++) {
                fill(buf, pre, REPEATED[r].c, REPEATED[r].n);
                snprintf(what, sizeof what, "%s text after %zu ASCII", REPEATED[r].name, pre);
                check(buf, len, what);
            }
        }
    }
    /* random 1..3-byte text (whole characters up to MAX_LEN) */
    i = 0;
    (void)random_chars(text, &i, SIZE_MAX, &rng, 3);
    memset(text + i, 'b', MAX_LEN - i);
    check_lengths(text, stride, "random 1..3-byte text");
    /* the same with a 4-byte character at each lead at 200..299
     * (overwriting what is there, the bytes after it up to the next lead
     * made ASCII) */
    for (at = 200; at < 300; at++) {
        memcpy(buf, text, MAX_LEN);
        if ((buf[at] & 0xC0) == 0x80) /* a character's middle: whole ones only */
            continue;
        memcpy(buf + at, "\xF0\x9F\x98\x80", 4);
        for (i = at + 4; i < MAX_LEN && (buf[i] & 0xC0) == 0x80; i++)
            buf[i] = 'c';
        snprintf(what, sizeof what, "random text, 4-byte at %zu", at);
        check_lengths(buf, stride * 7, what);
    }
    /* random 1..4-byte text, then with an ASCII run of 16..23 bytes
     * after every 40..103 bytes (at a character boundary) */
    i = 0;
    (void)random_chars(text, &i, SIZE_MAX, &rng, 4);
    memset(text + i, 'd', MAX_LEN - i);
    check_lengths(text, stride, "random 1..4-byte text");
    for (i = 0; i < MAX_LEN;) {
        size_t run;
        bool fitted = random_chars(text, &i, 40 + rng_next(&rng) % 64, &rng, 4);

        for (run = 16 + rng_next(&rng) % 8; run > 0 && i < MAX_LEN; run--)
            text[i++] = 'e';
        if (!fitted) /* the next character did not fit */
            break;
    }
    memset(text + i, 'f', MAX_LEN - i);
    check_lengths(text, stride, "random 1..4-byte text with ASCII runs");
    printf("test_decode_step16: %lu cases, %lu failures\n", cases, failures);
    return failures != 0;
}
