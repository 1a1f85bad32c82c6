/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* utf8_model.c -- the sets behind utf8_model.h. */
#include "utf8_model.h"

#include <stdlib.h>

/* Bitmaps indexed by the bytes of a sequence read big-endian. full4 only
 * covers leads F0..F4 (the only ones a 4-byte encoding can start with):
 * index ((b0 - 0xF0) << 24) | b1 << 16 | b2 << 8 | b3. */
static uint8_t *full2, *full3, *full4; /* complete encodings */
static uint8_t *pre1, *pre2, *pre3;    /* proper prefixes of encodings */
static uint8_t full1[256 / 8];

#define BIT_SET(map, i) ((map)[(i) >> 3] |= (uint8_t)(1u << ((i) & 7)))
#define BIT_GET(map, i) (((map)[(i) >> 3] >> ((i) & 7)) & 1u)

/* The model's encoder: the number of bytes is the smallest that holds the
 * value's bits (7, 11, 16, 21); the lead carries the length in its high
 * bits, each continuation byte 10xxxxxx six bits, high bits first. */
static size_t model_encode(uint32_t cp, uint8_t out[4])
{
    static const uint8_t LEAD_MARK[5] = {0, 0x00, 0xC0, 0xE0, 0xF0};
    size_t n = cp < (1u << 7) ? 1 : cp < (1u << 11) ? 2 : cp < (1u << 16) ? 3 : 4;
    size_t k;

    for (k = n - 1; k > 0; k--) {
        out[k] = (uint8_t)(0x80 | (cp & 0x3F));
        cp >>= 6;
    }
    out[0] = (uint8_t)(LEAD_MARK[n] | cp);
    return n;
}

bool model_build(void)
{
    uint32_t cp;
    uint8_t b[4];
    size_t n;

    full2 = calloc(1u << 13, 1);
    full3 = calloc(1u << 21, 1);
    full4 = calloc((size_t)5 << 21, 1);
    pre1 = calloc(1u << 5, 1);
    pre2 = calloc(1u << 13, 1);
    pre3 = calloc(1u << 21, 1);
    if (!full2 || !full3 || !full4 || !pre1 || !pre2 || !pre3) {
        model_free();
        return false;
    }
    for (cp = 0; cp <= 0x10FFFF; cp++) {
        if (cp >= 0xD800 && cp <= 0xDFFF) /* surrogates: not scalar values */
            continue;
        n = model_encode(cp, b);
        if (n >= 2)
            BIT_SET(pre1, b[0]);
        if (n >= 3)
            BIT_SET(pre2, (uint32_t)b[0] << 8 | b[1]);
        if (n == 4)
            BIT_SET(pre3, (uint32_t)b[0] << 16 | (uint32_t)b[1] << 8 | b[2]);
        if (n == 1)
            BIT_SET(full1, b[0]);
        else if (n == 2)
            BIT_SET(full2, (uint32_t)b[0] << 8 | b[1]);
        else if (n == 3)
            BIT_SET(full3, (uint32_t)b[0] << 16 | (uint32_t)b[1] << 8 | b[2]);
        else
            BIT_SET(full4, (uint32_t)(b[0] - 0xF0) << 24 | (uint32_t)b[1] << 16 |
                               (uint32_t)b[2] << 8 | b[3]);
    }
    return true;
}

void model_free(void)
{
    free(full2);
    free(full3);
    free(full4);
    free(pre1);
    free(pre2);
    free(pre3);
    full2 = full3 = full4 = pre1 = pre2 = pre3 = NULL;
}

void model_count(size_t out[4])
{
    size_t i;

    out[0] = out[1] = out[2] = out[3] = 0;
    for (i = 0; i < 256; i++)
        out[0] += BIT_GET(full1, i);
    for (i = 0; i < (1u << 16); i++)
        out[1] += BIT_GET(full2, i);
    for (i = 0; i < (1u << 24); i++)
        out[2] += BIT_GET(full3, i);
    for (i = 0; i < ((size_t)5 << 24); i++)
        out[3] += BIT_GET(full4, i);
}

/* Is b[0..k) a complete encoding? */
static bool is_full(const uint8_t *b, size_t k)
{
    switch (k) {
    case 1:
        return BIT_GET(full1, b[0]);
    case 2:
        return BIT_GET(full2, (uint32_t)b[0] << 8 | b[1]);
    case 3:
        return BIT_GET(full3, (uint32_t)b[0] << 16 | (uint32_t)b[1] << 8 | b[2]);
    default:
        return b[0] >= 0xF0 && b[0] <= 0xF4 &&
               BIT_GET(full4, (uint32_t)(b[0] - 0xF0) << 24 | (uint32_t)b[1] << 16 |
                                  (uint32_t)b[2] << 8 | b[3]);
    }
}

/* Is b[0..k) (k = 1..3) a proper prefix of some encoding? */
static bool is_prefix(const uint8_t *b, size_t k)
{
    if (k == 1)
        return BIT_GET(pre1, b[0]);
    if (k == 2)
        return BIT_GET(pre2, (uint32_t)b[0] << 8 | b[1]);
    return BIT_GET(pre3, (uint32_t)b[0] << 16 | (uint32_t)b[1] << 8 | b[2]);
}

/* The value of a complete encoding: its payload bits, high first. */
static uint32_t value_of(const uint8_t *b, size_t k)
{
    static const uint8_t LEAD_BITS[5] = {0, 0x7F, 0x1F, 0x0F, 0x07};
    uint32_t v = b[0] & LEAD_BITS[k];
    size_t i;

    for (i = 1; i < k; i++)
        v = v << 6 | (b[i] & 0x3F);
    return v;
}

/* doc/contract.md section 2.2's kinds, for an error whose maximal subpart is sub
 * bytes (0 when not even b[0] starts an encoding) and where the input has
 * rem bytes left. */
static u8guard_kind kind_of(const uint8_t *b, size_t sub, size_t rem)
{
    uint8_t x;

    if (sub == 0) { /* b[0] cannot start a sequence */
        if (b[0] >= 0x80 && b[0] <= 0xBF)
            return U8GUARD_UNEXPECTED_CONTINUATION;
        if (b[0] == 0xC0 || b[0] == 0xC1)
            return U8GUARD_OVERLONG;
        if (b[0] >= 0xF5)
            return U8GUARD_TOO_LARGE;
        return U8GUARD_OK; /* impossible: every other byte starts one */
    }
    if (sub == rem) /* the input ends inside a well-formed-so-far sequence */
        return U8GUARD_TRUNCATED;
    x = b[sub]; /* the byte that breaks it */
    if (sub == 1) {
        if (b[0] == 0xE0 && x >= 0x80 && x <= 0x9F)
            return U8GUARD_OVERLONG;
        if (b[0] == 0xF0 && x >= 0x80 && x <= 0x8F)
            return U8GUARD_OVERLONG;
        if (b[0] == 0xED && x >= 0xA0 && x <= 0xBF)
            return U8GUARD_SURROGATE;
        if (b[0] == 0xF4 && x >= 0x90 && x <= 0xBF)
            return U8GUARD_TOO_LARGE;
    }
    return U8GUARD_BAD_CONTINUATION;
}

bool model_scan(const uint8_t *b, size_t n, struct model_result *r)
{
    size_t i = 0, k, rem, sub;

    r->n_cps = 0;
    r->n_errs = 0;
    while (i < n) {
        rem = n - i;
        /* UTF-8 is prefix-free: at most one length is a character. */
        for (k = 1; k <= rem && k <= 4; k++)
            if (is_full(b + i, k))
                break;
        if (k <= rem && k <= 4) {
            r->cps[r->n_cps++] = value_of(b + i, k);
            i += k;
            continue;
        }
        /* The maximal subpart: the longest prefix of an encoding. */
        sub = 0;
        for (k = 1; k <= rem && k <= 3; k++)
            if (is_prefix(b + i, k))
                sub = k;
        r->errs[r->n_errs].offset = i;
        r->errs[r->n_errs].length = sub ? sub : 1;
        r->errs[r->n_errs].kind = kind_of(b + i, sub, rem);
        r->n_errs++;
        i += sub ? sub : 1;
    }
    return r->n_errs == 0;
}
