/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_decode_tables.c -- U8G_UTF16_PAIRS (src/kernels/decode_tables.h),
 * the shuffles with which the sse42, avx2 and neon kernels pack UTF-16
 * surrogate pairs, and the claim that only the first
 * U8G_UTF16_PAIRS_LIVE[m] bytes of row m can reach the output.
 *
 * 1. The claim (white-box): every step the kernels can take on the
 *    surrogate-pair path is enumerated: 0..3 continuation bytes before
 *    the first lead, every lead mask of the 8 bytes whose gaps are 1..4,
 *    every length 1..4 of the last character that covers the rest of the
 *    8 bytes, kept when there are k >= 3 characters and a 4-byte one
 *    (decode_steps.h: steps16). For each group of 4 lanes (characters
 *    0..3 and 4..7) the real lanes are the first k_g, their pairs the
 *    4-byte characters; the junk lanes after them are pairs or not.
 *    The junk lanes all decode the same bytes, so they are all pairs or
 *    none. The largest number of real output bytes of each row must equal
 *    U8G_UTF16_PAIRS_LIVE, so a change that makes more of a row reachable
 *    (a wider step, another selection rule) fails here, and ci/mutate.py's
 *    list of equivalent entries, read from that macro, has to follow.
 * 2. The live entries (white-box): below U8G_UTF16_PAIRS_LIVE[m], row m
 *    must pack lane by lane: lane j's low unit (bytes 4j, 4j + 1), and
 *    when j is in m its high unit (4j + 2, 4j + 3).
 * 3. Through the public API: each enumerated step is written as text
 *    (distinct code points in 4 variants, ASCII around it, the step at
 *    each of 8 alignments, in a short and a long input) and decoded to UTF-16 by
 *    the scalar reference, whose units must equal the expected ones, and
 *    by every other implementation (compare_all), which must equal the
 *    reference's (U8GUARD_TEST_IMPLS restricts them).
 *
 *   test_decode_tables [STRIDE]   part 3 on every STRIDE-th step only */
#include "compare.h"
#include "kernels/decode_tables.h"

#include <u8guard.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const unsigned LIVE[16] = U8G_UTF16_PAIRS_LIVE;

static unsigned failures;

#define CHECK(cond, ...)                                                      \
    do {                                                                      \
        if (!(cond)) {                                                        \
            failures++;                                                       \
            fprintf(stderr, __VA_ARGS__);                                     \
            fputc('\n', stderr);                                              \
        }                                                                     \
    } while (0)

/* A step of the surrogate-pair path: l0 continuation bytes, then k
 * characters of the given lengths (leads in bytes l0..7). */
struct step {
    unsigned l0, k, len[8];
};

#define MAX_STEPS 1024
static struct step steps[MAX_STEPS];
static size_t n_steps;

static void enumerate(void)
{
    unsigned l0, mask, last, b, j;

    for (l0 = 0; l0 < 4; l0++)
        for (mask = 1; mask < 256; mask++) {
            unsigned lead[8], k = 0, ok = 1;

            for (b = 0; b < 8; b++)
                if (mask >> b & 1u)
                    lead[k++] = b;
            if (lead[0] != l0)
                continue;
            for (j = 0; j + 1 < k; j++)
                if (lead[j + 1] - lead[j] > 4)
                    ok = 0;
            if (!ok || k < 3)
                continue;
            for (last = 8 - lead[k - 1] > 1 ? 8 - lead[k - 1] : 1; last <= 4; last++) {
                struct step s = {l0, k, {0}};
                unsigned has4 = 0;

                for (j = 0; j + 1 < k; j++)
                    s.len[j] = lead[j + 1] - lead[j];
                s.len[k - 1] = last;
                for (j = 0; j < k; j++)
                    has4 |= s.len[j] == 4;
                if (!has4)
                    continue;
                if (n_steps == MAX_STEPS) {
                    fprintf(stderr, "more than %d steps\n", MAX_STEPS);
                    exit(1);
                }
                steps[n_steps++] = s;
            }
        }
}

/* Part 1: the largest real output of each row, in bytes. */
static void check_live(void)
{
    unsigned most[16] = {0}, selected[16] = {0}, r, g, j, junk;
    size_t i;

    for (i = 0; i < n_steps; i++)
        for (g = 0; g < 2; g++) {
            unsigned kg = steps[i].k > 4 * g ? steps[i].k - 4 * g : 0, real = 0, pairs = 0;

            if (kg > 4)
                kg = 4;
            for (j = 0; j < kg; j++)
                if (steps[i].len[4 * g + j] == 4) {
                    real |= 1u << j;
                    pairs++;
                }
            /* The junk lanes kg..3 all decode the same bytes (position
             * 0): all pairs or none, whatever those bytes are. */
            for (junk = 0; junk < 2; junk++) {
                r = junk ? real | (15u & ~((1u << kg) - 1u)) : real;
                if (most[r] < 2 * (kg + pairs))
                    most[r] = 2 * (kg + pairs);
                selected[r] = 1;
            }
        }
    for (r = 0; r < 16; r++) {
        printf("row %2u: up to %2u bytes of real output (U8G_UTF16_PAIRS_LIVE: %2u)\n", r,
               most[r], LIVE[r]);
        CHECK(most[r] == LIVE[r], "row %u: %u bytes can be real output, U8G_UTF16_PAIRS_LIVE says %u",
              r, most[r], LIVE[r]);
    }
    /* The row of the whole-tree survivor (issue 17), lanes 0, 2 and 3,
     * is selected (k = 3 and a 4-byte character 0, repeated by the junk
     * lane 3), with at most 5 real units; rows 3, 7 and 11 never are. */
    CHECK(selected[13] && most[13] == 10, "row 13: selected %u, %u real bytes, not 10",
          selected[13], most[13]);
    for (r = 3; r < 16; r += 4)
        CHECK(selected[r] == (r == 15), "row %u: selected %u", r, selected[r]);
}

/* Part 2: the live entries pack lane by lane. */
static void check_entries(void)
{
    unsigned r, j, at;

    for (r = 0; r < 16; r++) {
        unsigned want[16], n = 0;

        for (j = 0; j < 4; j++) {
            want[n++] = 4 * j;
            want[n++] = 4 * j + 1;
            if (r >> j & 1u) {
                want[n++] = 4 * j + 2;
                want[n++] = 4 * j + 3;
            }
        }
        for (at = 0; at < LIVE[r]; at++)
            CHECK(U8G_UTF16_PAIRS[r][at] == want[at], "U8G_UTF16_PAIRS[%u][%u] is %u, want %u", r,
                  at, U8G_UTF16_PAIRS[r][at], want[at]);
        for (at = n; at < 16; at++)
            CHECK(U8G_UTF16_PAIRS[r][at] == 0x80, "U8G_UTF16_PAIRS[%u][%u] is %u, want 0x80 (pad)",
                  r, at, U8G_UTF16_PAIRS[r][at]);
    }
}

/* Appends the UTF-8 of cp to t (at *n) and its UTF-16 to u (at *nu). */
static void put(uint8_t *t, size_t *n, uint16_t *u, size_t *nu, uint32_t cp)
{
    if (cp < 0x80) {
        t[(*n)++] = (uint8_t)cp;
    } else if (cp < 0x800) {
        t[(*n)++] = (uint8_t)(0xC0 | cp >> 6);
        t[(*n)++] = (uint8_t)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        t[(*n)++] = (uint8_t)(0xE0 | cp >> 12);
        t[(*n)++] = (uint8_t)(0x80 | (cp >> 6 & 0x3F));
        t[(*n)++] = (uint8_t)(0x80 | (cp & 0x3F));
    } else {
        t[(*n)++] = (uint8_t)(0xF0 | cp >> 18);
        t[(*n)++] = (uint8_t)(0x80 | (cp >> 12 & 0x3F));
        t[(*n)++] = (uint8_t)(0x80 | (cp >> 6 & 0x3F));
        t[(*n)++] = (uint8_t)(0x80 | (cp & 0x3F));
    }
    if (cp < 0x10000) {
        u[(*nu)++] = (uint16_t)cp;
    } else {
        u[(*nu)++] = (uint16_t)(0xD800 | (cp - 0x10000) >> 10);
        u[(*nu)++] = (uint16_t)(0xDC00 | (cp & 0x3FF));
    }
}

/* A code point of len bytes for character j of a step (j = 9: the
 * character cut by the step's start), different for each j, whose units
 * have unequal bytes. The junk lanes decode the bytes at the step's
 * position 0, and when that is a continuation byte what they hold (a
 * pair or not) depends on the bytes there (sse42: both must be low; avx2
 * and neon: bits 4..5 of byte 1): so variant 1 takes the lowest code
 * points of each length (continuation bytes 80, ASCII from 'A'), variant
 * 2 the highest (BF, ASCII from 'p'), variant 0 others, and variant 3
 * those of variant 0 after the lowest cut character (a step whose byte 0
 * is 80 and byte 1 a 4-byte lead has no junk pair in sse42). */
static uint32_t code_point(unsigned len, unsigned j, unsigned variant, unsigned salt)
{
    static const uint32_t LOW[5] = {0, 0x41, 0x80, 0x800, 0x10000};
    static const uint32_t HIGH[5] = {0, 0x70, 0x7FF, 0xFFFD, 0x10FFFF};

    if (variant == 1 || (variant == 3 && j == 9))
        return j == 9 ? LOW[len] : len == 4 ? LOW[4] + 0x401 * j : LOW[len] + j;
    if (variant == 2)
        return j == 9 ? HIGH[len] : len == 4 ? HIGH[4] - 0x401 * j
                                 : len == 1 ? HIGH[1] + j : HIGH[len] - j;
    switch (len) {
    case 1:
        return 0x41 + j;
    case 2:
        return 0x391 + 3 * j + salt % 5;
    case 3:
        return 0x4E2D + 0x101 * j + salt % 7;
    default:
        return 0x1F600 + 0x2345 * j + 0x11 * (salt % 9);
    }
}

#define PREFIX_MAX 400
#define TEXT_MAX (PREFIX_MAX + 64 + 80)

/* Part 3: the step s, after pre ASCII bytes and a character of prev
 * bytes (prev > l0) whose last l0 bytes start the step, followed by 64
 * ASCII bytes. */
static void check_text(const struct step *s, size_t pre, unsigned prev, unsigned variant,
                       unsigned salt)
{
    uint8_t t[TEXT_MAX];
    uint16_t want[TEXT_MAX], got[TEXT_MAX];
    size_t n = 0, nu = 0, i, units;
    u8guard_error err;
    char what[96];
    unsigned j;

    for (i = 0; i + (s->l0 > 0 ? prev - s->l0 : 0) < pre; i++)
        put(t, &n, want, &nu, 'a' + (uint32_t)(i % 26));
    if (s->l0 > 0)
        put(t, &n, want, &nu, code_point(prev, 9, variant, salt));
    for (j = 0; j < s->k; j++)
        put(t, &n, want, &nu, code_point(s->len[j], j, variant, salt));
    for (i = 0; i < 64; i++)
        put(t, &n, want, &nu, 'z' - (uint32_t)(i % 26));
    snprintf(what, sizeof what, "step l0 %u k %u lens %u%u%u%u%u%u%u%u at %zu, prev %u, variant %u",
             s->l0, s->k, s->len[0], s->len[1], s->len[2], s->len[3], s->len[4], s->len[5],
             s->len[6], s->len[7], pre, prev, variant);
    if (!u8guard_set_impl(U8GUARD_IMPL_SCALAR)) {
        fprintf(stderr, "cannot select the scalar implementation\n");
        exit(1);
    }
    units = u8guard_decode_utf16(t, n, got, TEXT_MAX, &err);
    CHECK(err.kind == U8GUARD_OK && units == nu && memcmp(got, want, nu * sizeof *got) == 0,
          "%s: the reference gives %zu units (kind %d), want %zu", what, units, (int)err.kind, nu);
    CHECK(compare_all(t, n, what, 0) == 0, "%s: an implementation differs", what);
}

int main(int argc, char **argv)
{
    size_t stride = argc > 1 ? strtoul(argv[1], NULL, 10) : 1, i, checked = 0;
    static const size_t BASES[] = {64, 320};
    unsigned b, shift, prev, variant;

    if (stride == 0)
        stride = 1;
    enumerate();
    printf("%zu steps of the surrogate-pair path\n", n_steps);
    CHECK(n_steps == 271, "%zu steps enumerated, 271 expected", n_steps);
    check_live();
    check_entries();
    (void)compare_impls_line();
    for (i = 0; i < n_steps; i += stride)
        for (b = 0; b < 2; b++)
            for (shift = 0; shift < 8; shift++)
                for (prev = steps[i].l0 + 1; prev <= 4; prev++) {
                    if (steps[i].l0 == 0 && prev > 1)
                        break;
                    for (variant = 0; variant < 4; variant++) {
                        check_text(&steps[i], BASES[b] + shift, prev, variant, (unsigned)i);
                        checked++;
                    }
                }
    printf("%zu texts decoded, %lu compared with the reference\n", checked, compare_cases());
    if (failures != 0) {
        printf("FAILED: %u checks\n", failures);
        return 1;
    }
    printf("ok\n");
    return 0;
}
