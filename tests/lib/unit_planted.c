/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* unit_planted.c -- long valid texts (260 bytes of 1- to 4-byte
 * characters) with one ill-formed sequence planted so that it starts at,
 * just before, or just after the 16/32/64/128-byte boundaries where
 * vectorized kernels switch blocks -- including sequences that straddle a
 * boundary (lead at 63, continuation at 64). The errors of each planted
 * sequence are written out by hand, relative to where it starts. */
#include "expect.h"
#include "unit_suites.h"

#include <string.h>

#define TOTAL 260

struct plant {
    const char *bytes;
    size_t len;
    size_t n_err;
    struct terr errs[5]; /* offsets relative to the plant */
    int at_end;          /* only meaningful at the end of input */
};

#define P(lit) lit, sizeof(lit) - 1
static const struct plant PLANTS[] = {
    {P("\x80"), 1, {{0, 1, UC}}, 0},
    {P("\xBF\xBF"), 2, {{0, 1, UC}, {1, 1, UC}}, 0},
    {P("\xC0\xAF"), 2, {{0, 1, OL}, {1, 1, UC}}, 0},
    {P("\xE0\x80\xAF"), 3, {{0, 1, OL}, {1, 1, UC}, {2, 1, UC}}, 0},
    {P("\xF0\x8F\xBF\xBF"), 4, {{0, 1, OL}, {1, 1, UC}, {2, 1, UC}, {3, 1, UC}}, 0},
    {P("\xED\xA0\x80"), 3, {{0, 1, SG}, {1, 1, UC}, {2, 1, UC}}, 0},
    {P("\xED\xBF\xBF"), 3, {{0, 1, SG}, {1, 1, UC}, {2, 1, UC}}, 0},
    {P("\xF4\x90\x80\x80"), 4, {{0, 1, TL}, {1, 1, UC}, {2, 1, UC}, {3, 1, UC}}, 0},
    {P("\xF5"), 1, {{0, 1, TL}}, 0},
    {P("\xFF"), 1, {{0, 1, TL}}, 0},
    {P("\xC2\x41"), 1, {{0, 1, BC}}, 0},
    {P("\xE1\x80\x41"), 1, {{0, 2, BC}}, 0},
    {P("\xF1\x80\x80\x41"), 1, {{0, 3, BC}}, 0},
    {P("\xF4\x8F\xBF\xC0"), 2, {{0, 3, BC}, {3, 1, OL}}, 0},
    {P("\xC2"), 1, {{0, 1, TR}}, 1},
    {P("\xE1\x80"), 1, {{0, 2, TR}}, 1},
    {P("\xF1\x80\x80"), 1, {{0, 3, TR}}, 1},
};
#undef P

/* The code points the filler cycles through: 1, 2, 3 and 4 bytes long. */
static const uint32_t FILL_CPS[] = {0x41, 0xE9, 0x4F60, 0x1F600, 0x7A, 0x10FFFF,
                                    0x800, 0x7FF, 0xFFFD, 0x10000, 0x30};

/* Writes exactly n bytes of valid text to out, starting the cycle at
 * phase; characters too long for the space left become ASCII. */
static void fill(unsigned char *out, size_t n, size_t phase)
{
    size_t o = 0, i = phase, k;
    unsigned char tmp[4];

    while (o < n) {
        k = tu_encode(FILL_CPS[i++ % (sizeof FILL_CPS / sizeof FILL_CPS[0])], tmp);
        if (k > n - o) {
            tmp[0] = '.';
            k = 1;
        }
        memcpy(out + o, tmp, k);
        o += k;
    }
}

void unit_planted(void)
{
    static const size_t BOUNDS[] = {16, 32, 64, 128};
    unsigned char in[TOTAL];
    struct terr errs[5];
    size_t b, d, p, phase, at, len, k;

    for (b = 0; b < sizeof BOUNDS / sizeof BOUNDS[0]; b++) {
        for (d = 0; d < 6; d++) { /* start at bound-4 .. bound+1 */
            at = BOUNDS[b] + d - 4;
            for (p = 0; p < sizeof PLANTS / sizeof PLANTS[0]; p++) {
                const struct plant *pl = &PLANTS[p];

                for (phase = 0; phase < 4; phase++) {
                    fill(in, at, phase);
                    memcpy(in + at, pl->bytes, pl->len);
                    len = pl->at_end ? at + pl->len : TOTAL;
                    fill(in + at + pl->len, len - at - pl->len, phase + 1);
                    for (k = 0; k < pl->n_err; k++) {
                        errs[k] = pl->errs[k];
                        errs[k].offset += at;
                    }
                    expect_errors(in, len, errs, pl->n_err);
                }
            }
        }
    }
    /* And the texts themselves, valid, at every length up to TOTAL. */
    for (len = 0; len <= TOTAL; len++) {
        fill(in, len, len);
        expect_errors(in, len, NO_ERRS);
    }
}
