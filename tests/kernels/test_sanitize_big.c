/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_sanitize_big.c -- u8guard_sanitize on inputs large enough for its
 * out-of-cache path (src/sanitize.c, OUT_OF_CACHE = 2 MiB): there, a
 * window whose output is at the same offset from a 64-byte boundary as its
 * input is validated and then copied with memcpy, any other window is
 * validated and copied in one pass by the kernel. Every implementation
 * must give the scalar reference's bytes, length and error count with the
 * output equally aligned and misaligned by one, on 2.5 MiB of mixed text
 * with errors planted at random offsets and across the 16 KiB windows
 * (an error shifts the output's alignment: 3 bytes of U+FFFD replace a
 * subpart of another length, so both paths alternate within one call). */
#include "compare.h"

#include <u8guard.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LEN ((size_t)5 << 19) /* 2.5 MiB */
#define SANITIZE_WINDOW 16384
#define CAP (3 * LEN)

/* Ill-formed sequences to plant, one of each kind of Table 3-7 breach. */
static const char *const BAD[] = {
    "\x80", "\xF0\x9F\x98", "\xED\xA0\x80", "\xC3", "\xFF", "\xC0\xAF", "\xF4\x90\x80\x80",
};
#define N_BAD (sizeof BAD / sizeof BAD[0])

/* Fills in[0..LEN) with mixed text and plants errors; returns how many
 * were planted. */
static size_t make_input(uint8_t *in, int with_errors)
{
    uint64_t s = 20261123;
    size_t i = 0, k, planted = 0;
    uint8_t ch[4];
    const char *b;

    while (i < LEN) {
        unsigned r = (unsigned)(rng_next(&s) % 100);
        size_t n = random_char(&s, r < 70 ? 1 : r < 90 ? 2 : r < 98 ? 3 : 4, ch);

        if (i + n > LEN)
            n = random_char(&s, 1, ch);
        memcpy(in + i, ch, n);
        i += n;
    }
    if (!with_errors)
        return 0;
    for (k = 0; k < 40; k++) {
        /* Half at random offsets, half just before a window boundary. */
        size_t at = k % 2 ? (size_t)(rng_next(&s) % (LEN - 8))
                          : (k + 1) * 3 * SANITIZE_WINDOW - 1 - k % 4;

        b = BAD[k % N_BAD];
        memcpy(in + at, b, strlen(b));
        planted++;
    }
    return planted;
}

/* Runs u8guard_sanitize under impl; returns 0 when it equals the
 * reference's (want, want_n, want_errors). */
static int check(const uint8_t *in, uint8_t *out, const char *label, u8guard_impl impl,
                 const uint8_t *want, size_t want_n, size_t want_errors)
{
    size_t n, errors;

    if (!u8guard_set_impl(impl)) {
        fprintf(stderr, "FAIL %s: u8guard_set_impl(%s) refused\n", label, u8guard_impl_name(impl));
        return 1;
    }
    memset(out, 0xAA, CAP);
    n = u8guard_sanitize(in, LEN, out, CAP, &errors);
    if (n != want_n || errors != want_errors || memcmp(out, want, n) != 0) {
        size_t d = 0;

        while (d < n && d < want_n && out[d] == want[d])
            d++;
        fprintf(stderr,
                "FAIL %s, impl %s: length %zu (want %zu), errors %zu (want %zu), "
                "first differing output byte %zu\n",
                label, u8guard_impl_name(impl), n, want_n, errors, want_errors, d);
        return 1;
    }
    return 0;
}

/* align64 returns the first 64-byte aligned address at or after p (NULL
 * for NULL). */
static uint8_t *align64(uint8_t *p)
{
    return p == NULL ? NULL : p + ((64 - (uintptr_t)p % 64) % 64);
}

int main(void)
{
    /* 64-byte aligned blocks, used at offsets 5 (input) and 5 or 6
     * (output): equally aligned, and not. Aligned by hand: C11's
     * aligned_alloc is missing from some C libraries (mingw-w64's msvcrt). */
    uint8_t *in_mem = malloc(LEN + 128 + 63);
    uint8_t *out_mem = malloc(CAP + 128 + 63);
    uint8_t *in_block = align64(in_mem), *out_block = align64(out_mem);
    uint8_t *want = malloc(CAP);
    uint8_t *in = in_block + 5;
    size_t want_n, want_errors, planted;
    int with_errors, shift, i, failures = 0, impls = 0;
    char label[96];

    if (in_mem == NULL || out_mem == NULL || want == NULL) {
        fprintf(stderr, "test_sanitize_big: out of memory\n");
        return 1;
    }
    for (with_errors = 0; with_errors < 2; with_errors++) {
        planted = make_input(in, with_errors);
        if (!u8guard_set_impl(U8GUARD_IMPL_SCALAR))
            return 1;
        want_n = u8guard_sanitize(in, LEN, want, CAP, &want_errors);
        /* The reference itself: every planted error is found (some are
         * more than one maximal subpart), valid text comes out as is. */
        if (with_errors ? want_errors < planted : (want_n != LEN || want_errors != 0 ||
                                                   memcmp(want, in, LEN) != 0)) {
            fprintf(stderr, "FAIL reference: %zu errors for %zu planted, length %zu\n",
                    want_errors, planted, want_n);
            return 1;
        }
        for (shift = 5; shift <= 6; shift++) {
            snprintf(label, sizeof label, "%s, output %s", with_errors ? "with errors" : "valid",
                     shift == 5 ? "equally aligned" : "misaligned by 1");
            for (i = U8GUARD_IMPL_SCALAR + 1; i < U8GUARD_IMPL_COUNT_; i++) {
                if (!u8guard_impl_supported((u8guard_impl)i))
                    continue;
                failures += check(in, out_block + shift, label, (u8guard_impl)i, want, want_n,
                                  want_errors);
                impls += shift == 5 && with_errors;
            }
        }
        printf("test_sanitize_big: %s: %zu bytes in, %zu out, %zu errors\n",
               with_errors ? "with errors" : "valid", LEN, want_n, want_errors);
    }
    printf("test_sanitize_big: %d implementation(s) compared with scalar, %d failure(s)\n", impls,
           failures);
    free(in_mem);
    free(out_mem);
    free(want);
    return failures != 0;
}
