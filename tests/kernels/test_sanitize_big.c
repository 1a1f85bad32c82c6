/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_sanitize_big.c -- u8guard_sanitize on inputs large enough for its
 * out-of-cache paths (src/sanitize.c, OUT_OF_CACHE = 2 MiB): there, a
 * kernel with copy_nt validates and copies 256 KiB windows in one pass
 * with non-temporal stores, whose lines are aligned to the output (its
 * offset from a 64-byte boundary matters); without one, a window whose
 * output is at the same offset from a 64-byte boundary as its input is
 * validated and then copied with memcpy, any other window is validated
 * and copied in one pass by the kernel. Every implementation must give
 * the scalar reference's bytes, length and error count (those named in
 * U8GUARD_TEST_IMPLS, when it is set), with the output
 * at several offsets from a 64-byte boundary (equal to the input's and
 * not), on 16 MiB + 5 bytes of mixed text, valid and with errors planted
 * at random offsets, across the 16 KiB and 256 KiB windows and at the
 * very end (an error shifts the output's alignment: 3 bytes of U+FFFD
 * replace a subpart of another length), and with an output capacity that
 * is exactly enough and one that cuts the output (nothing may be written
 * past it). */
#include "compare.h"

#include <u8guard.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LEN (((size_t)16 << 20) + 5)
#define SANITIZE_WINDOW 16384
#define NT_WINDOW ((size_t)256 * 1024)
#define N_PLANT 60
/* Room for the output of every input made here: each planted error adds
 * at most 3 bytes of U+FFFD (and 2 more where it cuts a character). */
#define CAP (LEN + 8 * N_PLANT)

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
    for (k = 0; k < N_PLANT; k++) {
        /* A third at random offsets, a third just before a 16 KiB window
         * boundary, a third around a 256 KiB one. */
        size_t at = k % 3 == 0   ? (size_t)(rng_next(&s) % (LEN - 8))
                    : k % 3 == 1 ? (k + 1) * 3 * SANITIZE_WINDOW - 1 - k % 4
                                 : (k / 3 + 1) * NT_WINDOW - 2 + k % 5;

        b = BAD[k % N_BAD];
        memcpy(in + at, b, strlen(b));
        planted++;
    }
    /* And a sequence cut off by the end of the input. */
    memcpy(in + LEN - 3, "\xF0\x9F\x98", 3);
    planted++;
    return planted;
}

/* Runs u8guard_sanitize under impl with out_cap cap; returns 0 when it
 * equals the reference's (want[0..cap), want_n, want_errors, from the
 * same cap) and nothing past cap was written. */
static int check(const uint8_t *in, uint8_t *out, size_t cap, const char *label,
                 u8guard_impl impl, const uint8_t *want, size_t want_n, size_t want_errors)
{
    size_t n, errors, d = 0;

    if (!u8guard_set_impl(impl)) {
        fprintf(stderr, "FAIL %s: u8guard_set_impl(%s) refused\n", label, u8guard_impl_name(impl));
        return 1;
    }
    memset(out, 0xAA, CAP + 64);
    n = u8guard_sanitize(in, LEN, out, cap, &errors);
    while (d < cap && out[d] == want[d])
        d++;
    if (n != want_n || errors != want_errors || d != cap) {
        fprintf(stderr,
                "FAIL %s, impl %s: length %zu (want %zu), errors %zu (want %zu), "
                "first differing output byte %zu (capacity %zu)\n",
                label, u8guard_impl_name(impl), n, want_n, errors, want_errors, d, cap);
        return 1;
    }
    for (d = cap; d < CAP + 64; d++)
        if (out[d] != 0xAA) {
            fprintf(stderr, "FAIL %s, impl %s: byte %zu written, past the capacity %zu\n", label,
                    u8guard_impl_name(impl), d, cap);
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

/* The reference's output with capacity cap: want[0..cap) (0xAA where
 * nothing is written), its length and error count. */
static void reference(const uint8_t *in, uint8_t *want, size_t cap, size_t *n, size_t *errors)
{
    memset(want, 0xAA, CAP);
    (void)u8guard_set_impl(U8GUARD_IMPL_SCALAR);
    *n = u8guard_sanitize(in, LEN, want, cap, errors);
}

int main(void)
{
    /* 64-byte aligned blocks, used at offset 5 (input) and at offsets 0,
     * 1, 5 (the input's), 6 and 63 (output). Aligned by hand: C11's
     * aligned_alloc is missing from some C libraries (mingw-w64's msvcrt). */
    static const size_t SHIFTS[] = {5, 6, 0, 1, 63};
    uint8_t *in_mem = malloc(LEN + 128 + 63);
    uint8_t *out_mem = malloc(CAP + 128 + 63);
    uint8_t *in_block = align64(in_mem), *out_block = align64(out_mem);
    uint8_t *want = malloc(CAP);
    uint8_t *in = in_block + 5;
    size_t want_n, want_errors, planted, full, cap, si;
    int with_errors, c, i, failures = 0, impls = 0;
    char label[128];

    if (in_mem == NULL || out_mem == NULL || want == NULL) {
        fprintf(stderr, "test_sanitize_big: out of memory\n");
        return 1;
    }
    for (with_errors = 0; with_errors < 2; with_errors++) {
        planted = make_input(in, with_errors);
        reference(in, want, CAP, &want_n, &want_errors);
        /* The reference itself: every planted error is found (some are
         * more than one maximal subpart), valid text comes out as is. */
        if (with_errors ? want_errors < planted : (want_n != LEN || want_errors != 0 ||
                                                   memcmp(want, in, LEN) != 0)) {
            fprintf(stderr, "FAIL reference: %zu errors for %zu planted, length %zu\n",
                    want_errors, planted, want_n);
            return 1;
        }
        full = want_n;
        /* Capacities: all there is room for; exactly the output; the
         * output cut 100 000 bytes before its end. */
        for (c = 0; c < 3; c++) {
            cap = c == 0 ? CAP : c == 1 ? full : full - 100000;
            reference(in, want, cap, &want_n, &want_errors);
            for (si = 0; si < sizeof SHIFTS / sizeof SHIFTS[0]; si++) {
                snprintf(label, sizeof label, "%s, output at 64k + %zu (input at 64k + 5), %s",
                         with_errors ? "with errors" : "valid", SHIFTS[si],
                         c == 0 ? "room to spare" : c == 1 ? "exact capacity" : "capacity cut");
                for (i = U8GUARD_IMPL_SCALAR + 1; i < U8GUARD_IMPL_COUNT_; i++) {
                    if (!compare_selected((u8guard_impl)i))
                        continue;
                    failures += check(in, out_block + SHIFTS[si], cap, label, (u8guard_impl)i,
                                      want, want_n, want_errors);
                    impls += si == 0 && c == 0 && with_errors;
                }
            }
        }
        printf("test_sanitize_big: %s: %zu bytes in, %zu out, %zu errors\n",
               with_errors ? "with errors" : "valid", LEN, full, want_errors);
    }
    printf("test_sanitize_big: %d implementation(s) compared with scalar, %d failure(s)\n", impls,
           failures);
    free(in_mem);
    free(out_mem);
    free(want);
    if (impls == 0) {
        printf("test_sanitize_big: skipped: no implementation but scalar both supported and in "
               "U8GUARD_TEST_IMPLS\n");
        return SKIP_STATUS;
    }
    return failures != 0;
}
