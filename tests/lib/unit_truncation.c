/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* unit_truncation.c -- every cut of a 2-, 3- and 4-byte sequence. Cut by
 * the end of input, the k bytes present are one error "truncated" of
 * length k; cut by an ASCII byte they are "bad_continuation" of length k
 * and the ASCII byte decodes (doc/contract.md section 2). Also the byte after a
 * valid second byte at its boundary values. */
#include "expect.h"
#include "unit_suites.h"

#include <string.h>

struct seq {
    unsigned char b[4];
    size_t len;
    uint32_t cp;
};

/* The first and last sequence of each row of RFC 3629's table. */
static const struct seq SEQS[] = {
    {{0xC2, 0x80}, 2, 0x80},          {{0xDF, 0xBF}, 2, 0x7FF},
    {{0xE0, 0xA0, 0x80}, 3, 0x800},   {{0xE0, 0xBF, 0xBF}, 3, 0xFFF},
    {{0xE1, 0x80, 0x80}, 3, 0x1000},  {{0xEC, 0xBF, 0xBF}, 3, 0xCFFF},
    {{0xED, 0x80, 0x80}, 3, 0xD000},  {{0xED, 0x9F, 0xBF}, 3, 0xD7FF},
    {{0xEE, 0x80, 0x80}, 3, 0xE000},  {{0xEF, 0xBF, 0xBF}, 3, 0xFFFF},
    {{0xF0, 0x90, 0x80, 0x80}, 4, 0x10000},  {{0xF0, 0xBF, 0xBF, 0xBF}, 4, 0x3FFFF},
    {{0xF1, 0x80, 0x80, 0x80}, 4, 0x40000},  {{0xF3, 0xBF, 0xBF, 0xBF}, 4, 0xFFFFF},
    {{0xF4, 0x80, 0x80, 0x80}, 4, 0x100000}, {{0xF4, 0x8F, 0xBF, 0xBF}, 4, 0x10FFFF},
};

/* Bytes that cannot continue any sequence, and the error each is on its
 * own: ASCII none, C0 overlong, F5/FF too_large, C2/E1/F1 at the end of
 * input truncated. */
static const struct {
    unsigned char b;
    size_t n_err;
    u8guard_kind kind;
} BREAKERS[] = {
    {0x00, 0, U8GUARD_OK}, {0x41, 0, U8GUARD_OK}, {0x7F, 0, U8GUARD_OK},
    {0xC0, 1, OL},         {0xC2, 1, TR},         {0xE1, 1, TR},
    {0xF1, 1, TR},         {0xF5, 1, TL},         {0xFF, 1, TL},
};

void unit_truncation(void)
{
    size_t i, k, j, pre;
    unsigned char in[16];
    struct terr errs[2];

    for (i = 0; i < sizeof SEQS / sizeof SEQS[0]; i++) {
        const struct seq *q = &SEQS[i];

        /* The whole sequence, alone and after two ASCII bytes. */
        expect_errors(q->b, q->len, NO_ERRS);
        expect_decode(q->b, q->len, &q->cp, 1, NULL);
        for (pre = 0; pre <= 2; pre += 2) {
            memcpy(in, "xy", pre);
            for (k = 1; k < q->len; k++) {
                memcpy(in + pre, q->b, k);
                /* cut by the end of input */
                errs[0].offset = pre;
                errs[0].length = k;
                errs[0].kind = TR;
                expect_errors(in, pre + k, errs, 1);
                /* cut by each byte that cannot continue it */
                for (j = 0; j < sizeof BREAKERS / sizeof BREAKERS[0]; j++) {
                    in[pre + k] = BREAKERS[j].b;
                    errs[0].kind = BC;
                    errs[1].offset = pre + k;
                    errs[1].length = 1;
                    errs[1].kind = BREAKERS[j].kind;
                    expect_errors(in, pre + k + 1, errs, 1 + BREAKERS[j].n_err);
                }
                /* cut by ASCII with valid text after it */
                memcpy(in + pre + k, "A\xC3\xA9", 3);
                errs[0].kind = BC;
                expect_errors(in, pre + k + 3, errs, 1);
            }
        }
    }
}
