/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* unit_capacity.c -- the snprintf capacity rule (u8guard.h): for every
 * out_cap from 0 to one more than needed, the return value is the full
 * need, the output holds the longest run of WHOLE code points (UTF-32,
 * UTF-16: a surrogate pair is never split) or whole characters (sanitize:
 * U+FFFD is never split) that fits, and nothing is written past out_cap,
 * nor past the last whole unit inside it (a canary proves it). */
#include "expect.h"
#include "unit_suites.h"

#include <string.h>

#define CANARY32 0xA5A5A5A5u
#define CANARY16 0xA5A5u
#define CANARY8 0xA5u
#define ROOM 64

struct cap_case {
    const char *in;
    size_t len;
    uint32_t cps[16]; /* the decoding of the valid prefix */
    size_t n_cps;
    struct terr first; /* kind U8GUARD_OK: valid */
    const char *sanitized;
    size_t sanitized_len;
    size_t n_errors;
};

#define S(lit) lit, sizeof(lit) - 1
static const struct cap_case CASES[] = {
    /* A, U+00E9, U+4F60, U+1F600, B, U+10FFFF */
    {S("A\xC3\xA9\xE4\xBD\xA0\xF0\x9F\x98\x80" "B\xF4\x8F\xBF\xBF"),
     {0x41, 0xE9, 0x4F60, 0x1F600, 0x42, 0x10FFFF}, 6, {15, 0, U8GUARD_OK},
     S("A\xC3\xA9\xE4\xBD\xA0\xF0\x9F\x98\x80" "B\xF4\x8F\xBF\xBF"), 0},
    /* two supplementary characters in a row, then an error */
    {S("\xF0\x9F\x98\x80\xF0\x90\x80\x80\xC0" "z"),
     {0x1F600, 0x10000}, 2, {8, 1, U8GUARD_OVERLONG},
     S("\xF0\x9F\x98\x80\xF0\x90\x80\x80\xEF\xBF\xBD" "z"), 1},
    /* errors first, between and last: sanitize writes U+FFFD whole */
    {S("\xFF\xC3\xA9\x80\x80" "a\xE4\xBD"),
     {0}, 0, {0, 1, U8GUARD_TOO_LARGE},
     S("\xEF\xBF\xBD\xC3\xA9\xEF\xBF\xBD\xEF\xBF\xBD" "a\xEF\xBF\xBD"), 4},
    {S("\xED\xA0\x80"), {0}, 0, {0, 1, U8GUARD_SURROGATE},
     S("\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"), 3},
    {S(""), {0}, 0, {0, 0, U8GUARD_OK}, S(""), 0},
};
#undef S

/* The length of the longest prefix of s[0..n) that ends on a character
 * boundary and is at most cap bytes. */
static size_t whole_chars(const unsigned char *s, size_t n, size_t cap)
{
    size_t k = cap < n ? cap : n;

    while (k > 0 && k < n && (s[k] & 0xC0) == 0x80)
        k--;
    return k;
}

static void expect_first(const u8guard_error *e, const struct cap_case *c)
{
    if (c->first.kind == U8GUARD_OK)
        EXPECT_ERR(*e, c->len, 0, U8GUARD_OK);
    else
        EXPECT_ERR(*e, c->first.offset, c->first.length, c->first.kind);
}

static void utf32_caps(const struct cap_case *c)
{
    uint32_t out[ROOM];
    size_t cap, r, i, fit;
    u8guard_error e;

    for (cap = 0; cap <= c->n_cps + 1; cap++) {
        for (i = 0; i < ROOM; i++)
            out[i] = CANARY32;
        r = u8guard_decode_utf32(c->in, c->len, cap ? out : NULL, cap, &e);
        EXPECT_EQ(r, c->n_cps);
        expect_first(&e, c);
        fit = cap < c->n_cps ? cap : c->n_cps;
        EXPECT_MEM(out, fit * 4, c->cps, fit * 4);
        for (i = fit; i < ROOM; i++)
            if (!EXPECT_EQ(out[i], CANARY32))
                break;
    }
}

static void utf16_caps(const struct cap_case *c)
{
    uint16_t out[ROOM], want[2 * 16];
    size_t cap, r, i, fit, need = tu_to_utf16(c->cps, c->n_cps, want);
    u8guard_error e;

    for (cap = 0; cap <= need + 1; cap++) {
        for (i = 0; i < ROOM; i++)
            out[i] = CANARY16;
        r = u8guard_decode_utf16(c->in, c->len, cap ? out : NULL, cap, &e);
        EXPECT_EQ(r, need);
        expect_first(&e, c);
        /* whole code points only: do not end between a high and a low
         * surrogate */
        fit = cap < need ? cap : need;
        if (fit > 0 && fit < need && want[fit - 1] >= 0xD800 && want[fit - 1] <= 0xDBFF)
            fit--;
        EXPECT_MEM(out, fit * 2, want, fit * 2);
        for (i = fit; i < ROOM; i++)
            if (!EXPECT_EQ(out[i], CANARY16))
                break;
    }
}

static void sanitize_caps(const struct cap_case *c)
{
    unsigned char out[ROOM];
    const unsigned char *want = (const unsigned char *)c->sanitized;
    size_t cap, r, i, fit, n_err;

    for (cap = 0; cap <= c->sanitized_len + 1; cap++) {
        memset(out, CANARY8, sizeof out);
        r = u8guard_sanitize(c->in, c->len, cap ? out : NULL, cap, &n_err);
        EXPECT_EQ(r, c->sanitized_len);
        EXPECT_EQ(n_err, c->n_errors);
        fit = whole_chars(want, c->sanitized_len, cap);
        EXPECT_MEM(out, fit, want, fit);
        for (i = fit; i < ROOM; i++)
            if (!EXPECT_EQ(out[i], CANARY8))
                break;
    }
    EXPECT_EQ(u8guard_sanitized_length(c->in, c->len), c->sanitized_len);
}

void unit_capacity(void)
{
    size_t i;

    for (i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        check_input(CASES[i].in, CASES[i].len);
        utf32_caps(&CASES[i]);
        utf16_caps(&CASES[i]);
        sanitize_caps(&CASES[i]);
    }
}
