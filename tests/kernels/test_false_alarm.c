/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_false_alarm.c -- white-box test of src/kernels/blocks.h: a vector
 * validator that flags a block it should have passed (a false alarm) must
 * change no result, only the time taken. When the block at s fails, the
 * kernels return u8g_block_failed(p, len, s), which backs up to a
 * character boundary and checks on one character at a time; this test
 * calls it at EVERY s the vector checks could have reached (every byte of
 * p[0..s) passed: s up to the valid prefix, or up to 3 bytes into the
 * character an error cuts short) and requires the scalar reference's
 * valid prefix each time. That is the claim behind the equivalent mutants
 * of avx512.c's error test listed in ci/mutate.py: a mutated check that
 * only adds error bits sends more blocks here, and changes nothing else.
 *
 * Inputs: random text of 1- to 4-byte characters, lengths 0..200, as is,
 * truncated, and with one ill-formed sequence of each kind overwritten at
 * every offset. Also the two facts about the lookup tables that the
 * mutate.py claim needs (check_ternary_claims). Usage: test_false_alarm
 * [STRIDE] (every STRIDE-th length and offset, for the sanitizer
 * builds). */
#include "kernels/blocks.h"

#include <u8guard.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LEN 200

static const char *const PATTERNS[] = {
    "\x80", "\xC0\xAF", "\xC2", "\xE0\x80\x80", "\xE0\xA0", "\xED\xA0\x80",
    "\xF0\x8F\xBF\xBF", "\xF0\x90\x80", "\xF4\x90\x80\x80", "\xF5", "\xFF", "\xC2\x41",
};
#define N_PATTERNS (sizeof PATTERNS / sizeof PATTERNS[0])

static const char *const CHARS[] = {
    "a", "~", "\xC2\x80", "\xDF\xBF", "\xE0\xA0\x80", "\xED\x9F\xBF", "\xEF\xBF\xBF",
    "\xF0\x90\x80\x80", "\xF4\x8F\xBF\xBF",
};
#define N_CHARS (sizeof CHARS / sizeof CHARS[0])

static unsigned long long rng = 0x9E3779B97F4A7C15ull;

static unsigned next_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng >> 32);
}

/* Fills buf with len bytes of valid text (the last character cut short
 * when it does not fit); returns len. */
static size_t make_text(uint8_t *buf, size_t len)
{
    size_t i = 0, k;
    const char *c;

    while (i < len) {
        c = CHARS[next_rand() % N_CHARS];
        for (k = 0; c[k] != '\0' && i < len; k++)
            buf[i++] = (uint8_t)c[k];
    }
    return len;
}

static unsigned long checks, failures;

/* Every s the vector checks could have passed, against the reference. */
static void check_all_s(const uint8_t *p, size_t len, const char *what)
{
    u8guard_error err, cut;
    size_t vp, s, got;

    u8guard_validate(p, len, &err);
    vp = err.offset;
    for (s = 0; s <= len && s <= vp + 3; s++) {
        /* Past vp, p[vp..s) must be the start of one character (what the
         * reference calls a truncated sequence of exactly those bytes). */
        if (s > vp) {
            u8guard_validate(p + vp, s - vp, &cut);
            if (cut.kind != U8GUARD_TRUNCATED || cut.length != s - vp)
                break;
        }
        got = u8g_block_failed(p, len, s);
        checks++;
        if (got != vp) {
            if (failures++ < 10)
                fprintf(stderr, "test_false_alarm: %s, len %zu: block failed at %zu gives %zu, "
                                "the reference %zu\n", what, len, s, got, vp);
        }
    }
}

/* The table facts behind ci/mutate.py's claim about avx512.c's
 * vpternlogd: with a, b, c the lookups by the previous byte's high and low
 * nibble and the current byte's high nibble, immediate 0x81 ((a & b & c) |
 * (~a & ~b & ~c)) leaves bit 7 (the one XORed with the "must be a 3rd or
 * 4th byte" test) as 0x80 has it, so it only adds errors; immediate 0x7F
 * (~(a & b & c)) is nonzero after that XOR, whatever the XOR does.
 * Returns the number of combinations where a fact fails. */
static unsigned long check_ternary_claims(void)
{
    unsigned ph, pl, ch, a, b, c, and3, bad = 0;

    for (ph = 0; ph < 16; ph++)
        for (pl = 0; pl < 16; pl++)
            for (ch = 0; ch < 16; ch++) {
                a = KL_PREV_HIGH[ph];
                b = KL_PREV_LOW[pl];
                c = KL_CUR_HIGH[ch];
                and3 = a & b & c;
                if ((((and3 | (~a & ~b & ~c)) ^ and3) & 0x80u) != 0 ||
                    ((~and3 & 0xFFu) ^ 0x80u) == 0 || (~and3 & 0xFFu) == 0) {
                    if (bad++ < 10)
                        fprintf(stderr, "test_false_alarm: lookups %X/%X/%X: a vpternlogd "
                                        "claim of ci/mutate.py fails\n", ph, pl, ch);
                }
            }
    return bad;
}

int main(int argc, char **argv)
{
    static uint8_t buf[MAX_LEN + 8];
    size_t stride = argc > 1 ? (size_t)strtoul(argv[1], NULL, 10) : 1;
    size_t len, off, k, plen;

    if (stride == 0)
        stride = 1;
    if (!u8guard_set_impl(U8GUARD_IMPL_SCALAR)) {
        fprintf(stderr, "test_false_alarm: cannot select the scalar reference\n");
        return 1;
    }
    for (len = 0; len <= MAX_LEN; len += stride) {
        make_text(buf, len);
        check_all_s(buf, len, "random text");
        for (k = 0; k < N_PATTERNS; k++) {
            plen = strlen(PATTERNS[k]);
            for (off = 0; off + plen <= len; off += stride) {
                make_text(buf, len);
                memcpy(buf + off, PATTERNS[k], plen);
                check_all_s(buf, len, PATTERNS[k][0] == '\x80' ? "lone continuation" : "planted error");
            }
        }
    }
    failures += check_ternary_claims();
    if (stride > 1)
        printf("test_false_alarm: every %zu-th length and offset only\n", stride);
    printf("test_false_alarm: %lu restarts checked, %lu wrong\n", checks, failures);
    return failures == 0 ? 0 : 1;
}
