/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_hostile.c -- every implementation equals the scalar reference on
 * long error-dense inputs, where the vector kernels take their errors 64
 * bytes at a time (src/kernels/error_scan.h): E0 repeated, ED A0 80
 * repeated, 80 repeated, random bytes, random bytes over a few byte
 * values that make long runs of half-valid sequences, and valid text with
 * bursts of errors (so the runs start and stop at every block offset).
 * Every public entry point is compared (compare.h): count_errors, each
 * error of the next_error iteration (offset, length, kind), sanitize
 * whole, length-only and cut short, validation, decoding, the stream.
 *
 *   test_hostile [STRIDE]   STRIDE > 1: shorter inputs (sanitizer builds) */
#include "compare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BIG ((size_t)2 << 20) /* many blocks of every kind of run */

/* Bytes that start, continue and break sequences in every way. */
static const uint8_t HOSTILE_BYTES[] = {
    0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
    0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
};

static int run(const uint8_t *in, size_t len, const char *what)
{
    char label[96];

    snprintf(label, sizeof label, "%s, %zu bytes", what, len);
    return compare_all(in, len, label, 0);
}

int main(int argc, char **argv)
{
    size_t stride = argc > 1 ? strtoul(argv[1], NULL, 10) : 1;
    size_t len = BIG / (stride ? stride : 1), i, k, cut;
    uint8_t *in = malloc(len), ch[4];
    uint64_t s = 20261124;
    int bad = 0;

    if (!in) {
        fprintf(stderr, "out of memory\n");
        return 2;
    }
    if (compare_impls_line() == 0) {
        printf("SKIP: no implementation besides the scalar reference\n");
        free(in);
        return SKIP_STATUS;
    }
    memset(in, 0xE0, len);
    bad += run(in, len, "E0 repeated");
    for (i = 0; i < len; i++)
        in[i] = (uint8_t)"\xED\xA0\x80"[i % 3];
    bad += run(in, len, "ED A0 80 repeated");
    memset(in, 0x80, len);
    bad += run(in, len, "80 repeated");
    for (i = 0; i < len; i++)
        in[i] = (uint8_t)rng_next(&s);
    bad += run(in, len, "random bytes");
    for (i = 0; i < len; i++)
        in[i] = HOSTILE_BYTES[rng_next(&s) % sizeof HOSTILE_BYTES];
    bad += run(in, len, "random lead, continuation and invalid bytes");
    /* Valid text (1- to 4-byte characters) with bursts of 1..300 random
     * bytes: runs begin and end at every offset of a block, and inside
     * characters cut across block boundaries. */
    for (i = 0; i < len;) {
        if (rng_next(&s) % 8 == 0) {
            cut = 1 + (size_t)(rng_next(&s) % 300);
            for (k = 0; k < cut && i < len; k++)
                in[i++] = HOSTILE_BYTES[rng_next(&s) % sizeof HOSTILE_BYTES];
            continue;
        }
        k = random_char(&s, 1 + (unsigned)(rng_next(&s) % 4), ch);
        for (cut = 0; cut < k && i < len; cut++)
            in[i++] = ch[cut];
    }
    bad += run(in, len, "valid text with bursts of errors");
    /* Every end: the same text cut at each length near a few block ends. */
    for (k = 0; k < 200; k++) {
        size_t n = 4096 + k;

        bad += run(in + 1000, n, "a cut of the bursts");
        bad += run(in + 1000 + k, 130, "130 bytes of the bursts");
    }
    printf("%lu inputs compared, %lu differences\n", compare_cases(), compare_failures());
    free(in);
    return bad != 0;
}
