/* test_saturation.c -- the size arithmetic that no public call can reach.
 *
 * u8guard_sanitize must return SIZE_MAX when the output size does not fit
 * a size_t, which needs an input of about SIZE_MAX / 3 bytes: it cannot
 * be allocated, nor even mapped, on a 64-bit machine (the address space is
 * 2^47 or 2^57 bytes). So this test compiles src/sanitize.c itself, under
 * other public names, and checks its add_saturating helper at the edge of
 * size_t directly (white-box). The library's own u8guard_sanitize is the
 * same source, compiled into the objects this program links with.
 *
 * The same goes for u8g_overlap (the overlap refusal of sanitize, the
 * decoders and the stream) at the top of the address space, where a
 * range's end would wrap past zero: no buffer can be placed there, so its
 * arithmetic is checked here with addresses made from integers. */
#define u8guard_sanitize hardening_wb_sanitize
#define u8guard_sanitized_length hardening_wb_sanitized_length
#define u8guard_sanitize_with hardening_wb_sanitize_with
#define u8guard_sanitized_length_with hardening_wb_sanitized_length_with
#define u8g_overlap hardening_wb_overlap
#include "../../src/sanitize.c"

#include <stdio.h>

static unsigned failures;

static void expect_sum(size_t a, size_t b, size_t want)
{
    size_t t = a;

    add_saturating(&t, b);
    if (t != want) {
        printf("FAILED add_saturating(%zu, %zu): expected %zu, got %zu\n", a, b, want, t);
        failures++;
    }
}

int main(void)
{
    unsigned char out[16];
    size_t errs = 9;

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
            if (hardening_wb_overlap((const void *)cases[i].a, cases[i].a_len,
                                     (const void *)cases[i].b, cases[i].b_len) != cases[i].want) {
                printf("FAILED u8g_overlap case %zu: expected %d\n", i, (int)cases[i].want);
                failures++;
            }
    }

    /* the white-box copy is the real function: same results */
    if (hardening_wb_sanitize("a\xC0" "b", 3, out, sizeof out, &errs) != 5 || errs != 1 ||
        memcmp(out, "a\xEF\xBF\xBD" "b", 5) != 0) {
        printf("FAILED the compiled-in copy of u8guard_sanitize\n");
        failures++;
    }
    if (hardening_wb_sanitized_length("\xF4\x90", 2) != 6) {
        printf("FAILED the compiled-in copy of u8guard_sanitized_length\n");
        failures++;
    }
    printf("test_saturation: %s (%u failures)\n", failures ? "FAILED" : "all checks passed",
           failures);
    return failures ? 1 : 0;
}
