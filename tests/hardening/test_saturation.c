/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_saturation.c -- the size arithmetic that no public call can reach.
 *
 * u8guard_sanitize must return SIZE_MAX when the output size does not fit
 * a size_t, which needs an input of about SIZE_MAX / 3 bytes: it cannot
 * be allocated, nor even mapped, on a 64-bit machine (the address space is
 * 2^47 or 2^57 bytes). So this test checks the helper sanitize adds sizes
 * with, u8g_add_sat of src/internal.h, at the edge of size_t directly
 * (white-box: the header's static inline helpers are compiled into this
 * program exactly as into the library).
 *
 * The same goes for u8g_overlap (the overlap refusal of sanitize, the
 * decoders and the stream) at the top of the address space, where a
 * range's end would wrap past zero: no buffer can be placed there, so its
 * arithmetic is checked with addresses made from integers. u8g_mul_sat
 * (the decoders' output size in bytes) is checked directly and through
 * the public API: an out_cap whose size in bytes wraps to 0 must still be
 * refused when out overlaps the input. */
#include "internal.h"

#include <stdio.h>
#include <string.h>

static unsigned failures;

static void expect_sum(size_t a, size_t b, size_t want)
{
    size_t got = u8g_add_sat(a, b);

    if (got != want) {
        printf("FAILED u8g_add_sat(%zu, %zu): expected %zu, got %zu\n", a, b, want, got);
        failures++;
    }
}

static void expect_product(size_t n, size_t unit, size_t want)
{
    size_t got = u8g_mul_sat(n, unit);

    if (got != want) {
        printf("FAILED u8g_mul_sat(%zu, %zu): expected %zu, got %zu\n", n, unit, want, got);
        failures++;
    }
}

int main(void)
{
    expect_sum(0, 0, 0);
    expect_sum(5, 7, 12);
    expect_sum(0, SIZE_MAX, SIZE_MAX);
    expect_sum(SIZE_MAX, 0, SIZE_MAX);
    expect_sum(SIZE_MAX - 3, 3, SIZE_MAX);  /* exactly fits */
    expect_sum(SIZE_MAX - 4, 3, SIZE_MAX - 1);
    expect_sum(SIZE_MAX - 2, 3, SIZE_MAX);  /* would wrap to 0 */
    expect_sum(SIZE_MAX - 1, 3, SIZE_MAX);  /* would wrap to 1 */
    expect_sum(SIZE_MAX, 3, SIZE_MAX);      /* already saturated, stays */
    expect_sum(SIZE_MAX, SIZE_MAX, SIZE_MAX);
    expect_sum(SIZE_MAX / 2 + 1, SIZE_MAX / 2 + 1, SIZE_MAX);
    expect_sum(SIZE_MAX / 2, SIZE_MAX / 2, SIZE_MAX - 1);

    expect_product(0, 4, 0);
    expect_product(7, 4, 28);
    expect_product(SIZE_MAX, 1, SIZE_MAX);
    expect_product(SIZE_MAX / 4, 4, SIZE_MAX / 4 * 4); /* fits: SIZE_MAX - 3 */
    expect_product(SIZE_MAX / 4 + 1, 4, SIZE_MAX);     /* would wrap to 0 */
    expect_product(SIZE_MAX / 2, 2, SIZE_MAX - 1);
    expect_product(SIZE_MAX / 2 + 1, 2, SIZE_MAX);     /* would wrap to 0 */
    expect_product(SIZE_MAX, 4, SIZE_MAX);

    /* overlap at the top of the address space: no end may wrap to 0 */
    {
        static const struct {
            uintptr_t a;
            size_t a_len;
            uintptr_t b;
            size_t b_len;
            bool want;
        } cases[] = {
            {UINTPTR_MAX - 3, 4, UINTPTR_MAX, 1, true},         /* last byte shared */
            {UINTPTR_MAX, 1, UINTPTR_MAX - 3, 4, true},         /* the same, swapped */
            {UINTPTR_MAX - 3, 3, UINTPTR_MAX, SIZE_MAX, false}, /* adjacent */
            {UINTPTR_MAX, SIZE_MAX, UINTPTR_MAX - 3, 3, false}, /* the same, swapped */
            {0x1000, SIZE_MAX, UINTPTR_MAX, 1, true},           /* a reaches to the end */
            {UINTPTR_MAX, 1, 0x1000, SIZE_MAX, true},
            {0x1000, 0, 0x1000, SIZE_MAX, false},               /* empty ranges */
            {0x1000, SIZE_MAX, 0x1000, 0, false},
            {0x1000, 1, 0x1000, 1, true},                       /* one and the same byte */
            {0x1000, 0x10, 0x1010, 0x10, false},
            {0x1000, 0x11, 0x1010, 0x10, true},
        };
        size_t i;

        for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
            if (u8g_overlap((const void *)cases[i].a, cases[i].a_len,
                            (const void *)cases[i].b, cases[i].b_len) != cases[i].want) {
                printf("FAILED u8g_overlap case %zu: expected %d\n", i, (int)cases[i].want);
                failures++;
            }
    }

    /* Through the public API: out is the input itself, and out_cap units
     * of 4 (2) bytes are 2^64 bytes, which wrap to 0 unless saturated;
     * the call must refuse (return 0, error at offset 0) and leave the
     * input as it was, not decode over it. */
    {
        static uint32_t buf32[16];
        static uint16_t buf16[16];
        u8guard_error e = {9, 9, U8GUARD_TRUNCATED, U8GUARD_CLASS_NONE, 0};

        memcpy(buf32, "abcdefgh", 8);
        if (u8guard_decode_utf32(buf32, 8, buf32, SIZE_MAX / 4 + 1, &e) != 0 ||
            e.kind != U8GUARD_OK || e.offset != 0 || memcmp(buf32, "abcdefgh", 8) != 0) {
            printf("FAILED u8guard_decode_utf32 into its own input, out_cap SIZE_MAX / 4 + 1\n");
            failures++;
        }
        memcpy(buf16, "abcdefgh", 8);
        if (u8guard_decode_utf16(buf16, 8, buf16, SIZE_MAX / 2 + 1, &e) != 0 ||
            memcmp(buf16, "abcdefgh", 8) != 0) {
            printf("FAILED u8guard_decode_utf16 into its own input, out_cap SIZE_MAX / 2 + 1\n");
            failures++;
        }
    }
    printf("test_saturation: %s (%u failures)\n", failures ? "FAILED" : "all checks passed",
           failures);
    return failures ? 1 : 0;
}
