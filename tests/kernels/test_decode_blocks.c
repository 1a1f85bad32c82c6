/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_decode_blocks -- the boundaries of the decoders' block paths,
 * compared with the scalar reference through every public entry point
 * (compare.c) in every supported implementation:
 *
 * - the AVX-512 UTF-16 path for 64-byte blocks without 4-byte characters
 *   (bmp_block in src/kernels/avx512.c): characters of 1, 2 and 3 bytes
 *   whose leads lie at every offset of a block, so that the bytes after
 *   the block's last lead come from the next block; a 4-byte character
 *   whose lead is at offsets 56..63 (its low surrogate's bytes fall in
 *   the next block, which must then not take that path); every length
 *   from 1 to 300 (whole blocks, a short last block, the tail);
 * - the all-ASCII blocks widened before validation (U8G_DRIVER_ASCII in
 *   src/kernels/decode_driver.h): ASCII runs of 64k - 1 .. 64k + 1 bytes
 *   followed by each kind of character and by each kind of error;
 * - an error planted at every position of 2- and 3-byte text.
 *
 * Usage: test_decode_blocks [STRIDE]  (every STRIDE-th length/position) */
#include "compare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LEN 600

/* The characters the text is made of. */
static const char *const CHARS[] = {
    "a", "\xC3\xA9", "\xD0\x96", "\xE4\xB8\xAD", "\xEF\xBF\xBD", "\xE0\xA0\x80",
    "\xF0\x9F\x98\x80", "\xF4\x8F\xBF\xBF",
};

/* Ill-formed sequences planted into the text. */
static const char *const BAD[] = {
    "\x80", "\xC3", "\xE4\xB8", "\xF0\x9F\x98", "\xED\xA0\x80", "\xC0\xAF", "\xFF",
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Appends the character s to buf at *n. */
static void put(uint8_t *buf, size_t *n, const char *s)
{
    size_t l = strlen(s);

    memcpy(buf + *n, s, l);
    *n += l;
}

/* Text of the characters CHARS[first..last] in turn (pattern seed: which
 * of them comes at each position), filled up to at least len bytes;
 * returns its length (a character boundary, at most len + 3). */
static size_t text(uint8_t *buf, size_t len, size_t first, size_t last, uint64_t seed)
{
    uint64_t s = seed | 1;
    size_t n = 0;

    while (n < len)
        put(buf, &n, CHARS[first + (size_t)(rng_next(&s) % (last - first + 1))]);
    return n;
}

int main(int argc, char **argv)
{
    static uint8_t buf[MAX_LEN + 64], tmp[MAX_LEN + 64];
    size_t stride = argc > 1 ? (size_t)strtoul(argv[1], NULL, 10) : 1;
    size_t len, n, shift, off, j, c, b, k, run;
    char what[160];

    if (stride == 0) {
        fprintf(stderr, "usage: test_decode_blocks [STRIDE]\n");
        return 2;
    }
    if (compare_impls_line() == 0) {
        printf("SKIP: no implementation besides scalar is supported here\n");
        return SKIP_STATUS;
    }
    /* 1-, 2- and 3-byte text (the BMP path), and 2-byte text alone, at
     * every length, shifted by 0..3 ASCII bytes so that the leads fall at
     * every offset of a block. */
    for (len = 1; len <= 300; len += stride)
        for (shift = 0; shift < 4; shift++) {
            memset(buf, 'x', shift);
            n = shift + text(buf + shift, len, 0, 5, len * 7 + shift);
            snprintf(what, sizeof what, "BMP text, %zu bytes after %zu ASCII", n - shift, shift);
            compare_all(buf, n, what, 0);
            n = shift + text(buf + shift, len, 1, 2, len * 11 + shift);
            snprintf(what, sizeof what, "2-byte text, %zu bytes after %zu ASCII", n - shift, shift);
            compare_all(buf, n, what, 0);
        }
    /* A 4-byte character with its lead at offset off of a block, in 2- and
     * 3-byte text before and after it. */
    for (off = 52; off < 68; off++)
        for (c = 6; c < COUNT(CHARS); c++)
            for (k = 1; k < 4; k++) {
                n = 0; /* 2-byte characters (k < 3) or ASCII up to off */
                while (k < 3 && off - n >= 2)
                    put(buf, &n, CHARS[1]);
                while (n < off)
                    put(buf, &n, "b");
                put(buf, &n, CHARS[c]);
                n += text(buf + n, 64 * k, k == 2 ? 3 : 1, k == 2 ? 4 : 2, off * 3 + k);
                snprintf(what, sizeof what, "4-byte character at %zu, then %zu bytes", off,
                         n - off - 4);
                compare_all(buf, n, what, 0);
            }
    /* ASCII runs around whole blocks, then each character and each error. */
    for (run = 60; run <= 260; run += (run % 64 == 63 || run % 64 == 0) ? 1 : 61)
        for (c = 0; c < COUNT(CHARS) + COUNT(BAD); c++) {
            memset(buf, 'q', run);
            n = run;
            put(buf, &n, c < COUNT(CHARS) ? CHARS[c] : BAD[c - COUNT(CHARS)]);
            n += text(buf + n, 70, 0, 7, run + c);
            snprintf(what, sizeof what, "%zu ASCII bytes, then sequence %zu", run, c);
            compare_all(buf, n, what, 0);
        }
    /* An error at every position of 2- and 3-byte text of 200 bytes. */
    for (k = 0; k < 2; k++) {
        len = text(tmp, 200, k == 0 ? 1 : 0, k == 0 ? 2 : 5, 99 + k);
        for (j = 0; j < len; j += stride)
            for (b = 0; b < COUNT(BAD); b++) {
                memcpy(buf, tmp, j);
                n = j;
                put(buf, &n, BAD[b]);
                memcpy(buf + n, tmp + j, len - j);
                n += len - j;
                snprintf(what, sizeof what, "%s text, error %zu at %zu",
                         k == 0 ? "2-byte" : "BMP", b, j);
                compare_all(buf, n, what, 0);
            }
    }
    printf("%lu inputs compared, %lu differences\n", compare_cases(), compare_failures());
    return compare_failures() == 0 ? 0 : 1;
}
