/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_decode_windows -- characters and errors at the boundaries of the
 * vector decoders' 8 KiB windows (U8G_DEC_WINDOW in
 * src/kernels/decode_driver.h, which every vector kernel instantiates) and
 * of their blocks and steps, compared with the scalar reference through every
 * public entry point (compare.c). A window that cuts a character must
 * stop short of it and the next window start there; an error just before
 * or after a boundary must be reported exactly where the reference
 * reports it. (Sanitize's 16 KiB windows: tests/hardening/test_windows.)
 *
 * Usage: test_decode_windows [STRIDE]  (every STRIDE-th offset) */
#include "compare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WINDOW 8192
#define MAX_LEN (2 * WINDOW + 64)

/* The text around the boundary: one class of character before it and one
 * after it (ASCII, 2-, 3-, 4-byte, the largest scalar value). */
static const char *const FILL[] = {
    "a", "\xC3\xA9", "\xE4\xB8\xAD", "\xF0\x9F\x98\x80", "\xF4\x8F\xBF\xBF",
};
#define N_FILL (sizeof FILL / sizeof FILL[0])

/* What is put at the boundary: nothing, or an ill-formed sequence. */
static const char *const BAD[] = {
    "", "\x80", "\xF0\x9F\x98", "\xED\xA0\x80", "\xC3", "\xFF", "\xE4\xB8",
};
#define N_BAD (sizeof BAD / sizeof BAD[0])

int main(int argc, char **argv)
{
    static uint8_t buf[MAX_LEN + 256];
    static const size_t bounds[] = {WINDOW, 2 * WINDOW};
    size_t stride = argc > 1 ? (size_t)strtoul(argv[1], NULL, 10) : 1;
    size_t f, g, b, e, off, n, k, len;
    char what[160];

    if (stride == 0) {
        fprintf(stderr, "usage: test_decode_windows [STRIDE]\n");
        return 2;
    }
    if (compare_impls_line() == 0) {
        printf("SKIP: no implementation besides scalar is supported here\n");
        return SKIP_STATUS;
    }
    for (b = 0; b < sizeof bounds / sizeof bounds[0]; b++)
        for (f = 0; f < N_FILL; f++)
            for (g = 0; g < N_FILL; g++)
                for (e = 0; e < N_BAD; e++)
                    for (off = bounds[b] - 8; off < bounds[b] + 4; off += stride) {
                        /* FILL[f] up to off (padded with 'b'), BAD[e],
                         * then 20 characters FILL[g]. */
                        len = strlen(FILL[f]);
                        for (n = 0; n + len <= off; n += len)
                            memcpy(buf + n, FILL[f], len);
                        while (n < off)
                            buf[n++] = 'b';
                        memcpy(buf + n, BAD[e], strlen(BAD[e]));
                        n += strlen(BAD[e]);
                        for (k = 0; k < 20; k++) {
                            memcpy(buf + n, FILL[g], strlen(FILL[g]));
                            n += strlen(FILL[g]);
                        }
                        snprintf(what, sizeof what, "fill %zu, bad %zu at %zu, then fill %zu",
                                 f, e, off, g);
                        compare_all(buf, n, what, 0);
                        /* and cut inside the last character */
                        compare_all(buf, n - 1, what, 0);
                    }
    if (stride > 1)
        printf("every %zu-th offset only\n", stride);
    printf("%lu inputs, %lu differences\n", compare_cases(), compare_failures());
    return compare_failures() == 0 ? 0 : 1;
}
