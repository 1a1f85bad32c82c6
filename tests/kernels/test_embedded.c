/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_embedded.c -- every implementation's valid prefix equals the scalar
 * reference's for every 2-byte input, and for every 3-byte input over a
 * set of byte values that covers each boundary of Table 3-7, embedded at
 * every offset 0..70 of a 128-byte block of ASCII or of multi-byte text.
 * Offsets 0..70 put the sequence across the 16-, 32- and 64-byte vector
 * boundaries, where the kernels carry the previous block over; the
 * ASCII block also exercises the "previous block ended inside a
 * character" check of all-ASCII steps. A sample is compared through the
 * whole public API; the sweep itself compares valid_prefix (the other
 * functions are built on it, and test_random_text covers them).
 *
 *   test_embedded pairs      every 2-byte input
 *   test_embedded triples    3-byte inputs over the boundary values
 *   test_embedded full3      every 3-byte input (hours: label "slow")
 * A second argument STRIDE checks only every STRIDE-th sequence (the
 * sanitizer builds use it: there every check costs 20 times more). */
#include "compare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK 128
#define MAX_OFFSET 70

/* Byte values at every edge of Table 3-7 (and of the nibble tables). */
static const uint8_t EDGES[] = {
    0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2,
    0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5,
    0xF7, 0xF8, 0xFC, 0xFF,
};
#define N_EDGES (sizeof EDGES / sizeof EDGES[0])

/* Fills out[0..n) with whole characters: ASCII, or (multi) a repeating
 * mix of 2-, 3- and 4-byte characters, padded with ASCII to fit. */
static void fill(uint8_t *out, size_t n, int multi)
{
    static const char MIX[] = "\xC3\xA9\xE4\xBD\xA0\xF0\x9F\x98\x80\xD0\xAF\xE2\x82\xAC";
    static const uint8_t LENS[] = {2, 3, 4, 2, 3};
    size_t i = 0, c = 0, at = 0;

    while (i < n) {
        if (multi && LENS[c] <= n - i) {
            memcpy(out + i, MIX + at, LENS[c]);
            i += LENS[c];
        } else {
            out[i] = (uint8_t)('a' + i % 26);
            i++;
        }
        at += LENS[c];
        c = (c + 1) % 5;
        if (c == 0)
            at = 0;
    }
}

/* FILLED[multi][n] is fill(., n, multi): made once, copied per input
 * (filling byte by byte took a seventh of the sweep). */
static uint8_t FILLED[2][BLOCK + 1][BLOCK];

static void make_fills(void)
{
    size_t n;

    for (n = 0; n <= BLOCK; n++) {
        fill(FILLED[0][n], n, 0);
        fill(FILLED[1][n], n, 1);
    }
}

/* Where a sequence sits, for the label of a difference. */
struct place {
    const uint8_t *seq;
    size_t n, off;
    int multi;
};

static void describe_place(char *buf, size_t size, const void *ctx)
{
    const struct place *w = ctx;

    snprintf(buf, size, "%02X %02X %02X (first %zu) at %zu in %s block", w->seq[0],
             w->seq[1], w->n > 2 ? w->seq[2] : 0, w->n, w->off,
             w->multi ? "multi-byte" : "ASCII");
}

/* Checks seq[0..n) at every offset of both kinds of block; full: through
 * the whole public API. */
static void sweep(const uint8_t *seq, size_t n, int full)
{
    uint8_t block[BLOCK];
    struct place w = {seq, n, 0, 0};

    for (w.multi = 0; w.multi <= 1; w.multi++)
        for (w.off = 0; w.off <= MAX_OFFSET; w.off++) {
            memcpy(block, FILLED[w.multi][w.off], w.off);
            memcpy(block + w.off, seq, n);
            memcpy(block + w.off + n, FILLED[w.multi][BLOCK - w.off - n], BLOCK - w.off - n);
            compare_all_described(block, BLOCK, describe_place, &w, !full);
        }
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    unsigned long stride = argc > 2 ? strtoul(argv[2], NULL, 10) : 1, seqno = 0;
    unsigned a, b, c;
    uint8_t seq[3];

    if ((strcmp(mode, "pairs") != 0 && strcmp(mode, "triples") != 0 &&
         strcmp(mode, "full3") != 0) || stride == 0) {
        fprintf(stderr, "usage: test_embedded pairs|triples|full3 [STRIDE]\n");
        return 2;
    }
    if (compare_impls_line() == 0) {
        printf("SKIP: no implementation besides scalar is supported here\n");
        return SKIP_STATUS;
    }
    make_fills();
    if (strcmp(mode, "full3") == 0) {
        for (a = 0; a < 256; a++)
            for (b = 0; b < 256; b++)
                for (c = 0; c < 256; c++) {
                    seq[0] = (uint8_t)a;
                    seq[1] = (uint8_t)b;
                    seq[2] = (uint8_t)c;
                    if (seqno++ % stride == 0)
                        sweep(seq, 3, 0);
                }
    } else if (strcmp(mode, "pairs") == 0) {
        for (a = 0; a < 256; a++)
            for (b = 0; b < 256; b++) {
                seq[0] = (uint8_t)a;
                seq[1] = (uint8_t)b;
                if (seqno++ % stride == 0)
                    sweep(seq, 2, (a * 256 + b) % 97 == 0);
            }
    } else {
        for (a = 0; a < N_EDGES; a++)
            for (b = 0; b < N_EDGES; b++)
                for (c = 0; c < N_EDGES; c++) {
                    seq[0] = EDGES[a];
                    seq[1] = EDGES[b];
                    seq[2] = EDGES[c];
                    if (seqno++ % stride == 0)
                        sweep(seq, 3, (a + b + c) % 13 == 0);
                }
    }
    if (stride > 1)
        printf("checked every %lu-th sequence only\n", stride);
    printf("%lu inputs, %lu differences\n", compare_cases(), compare_failures());
    return compare_failures() == 0 ? 0 : 1;
}
