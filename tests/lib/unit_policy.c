/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* unit_policy.c -- policy classes, error handlers and lossy decoding
 * (doc/contract.md), exact outputs, with the implementation selected:
 *
 *   - every class boundary: the first and last code point of each range
 *     and the neighbours outside it, through u8guard_class_of,
 *     validate_with, next_error_with, count_errors_with, sanitize_with
 *     with each handler and both lossy decoders, denying that class, all
 *     classes, and every other class;
 *   - the handlers on ill-formed input, written out by hand;
 *   - the stream, for every split of tricky inputs into two and three
 *     chunks, in each form and with each handler, equal to one-shot;
 *   - the capacity rule (whole characters and whole escapes only) for
 *     every out_cap, NULL and overlap refusals, bad policies.
 * The class table below is written from the contract, not from
 * src/policy.c. */
#include "unit_suites.h"

#include <stdlib.h>
#include <string.h>

static const struct range {
    uint32_t lo, hi;
    unsigned cls;
} RANGES[] = {
    {0x0000, 0x0000, U8GUARD_CLASS_NUL},
    {0x0001, 0x0008, U8GUARD_CLASS_C0},
    {0x000B, 0x000C, U8GUARD_CLASS_C0},
    {0x000E, 0x001F, U8GUARD_CLASS_C0},
    {0x007F, 0x007F, U8GUARD_CLASS_DEL},
    {0x0080, 0x009F, U8GUARD_CLASS_C1},
    {0x061C, 0x061C, U8GUARD_CLASS_BIDI},
    {0x200E, 0x200F, U8GUARD_CLASS_BIDI},
    {0x202A, 0x202E, U8GUARD_CLASS_BIDI},
    {0x2066, 0x2069, U8GUARD_CLASS_BIDI},
    {0xFDD0, 0xFDEF, U8GUARD_CLASS_NONCHARACTER},
    {0xFFFE, 0xFFFF, U8GUARD_CLASS_NONCHARACTER},
    {0x1FFFE, 0x1FFFF, U8GUARD_CLASS_NONCHARACTER},
    {0x2FFFE, 0x2FFFF, U8GUARD_CLASS_NONCHARACTER},
    {0x3FFFE, 0x3FFFF, U8GUARD_CLASS_NONCHARACTER},
    {0x4FFFE, 0x4FFFF, U8GUARD_CLASS_NONCHARACTER},
    {0x5FFFE, 0x5FFFF, U8GUARD_CLASS_NONCHARACTER},
    {0x6FFFE, 0x6FFFF, U8GUARD_CLASS_NONCHARACTER},
    {0x7FFFE, 0x7FFFF, U8GUARD_CLASS_NONCHARACTER},
    {0x8FFFE, 0x8FFFF, U8GUARD_CLASS_NONCHARACTER},
    {0x9FFFE, 0x9FFFF, U8GUARD_CLASS_NONCHARACTER},
    {0xAFFFE, 0xAFFFF, U8GUARD_CLASS_NONCHARACTER},
    {0xBFFFE, 0xBFFFF, U8GUARD_CLASS_NONCHARACTER},
    {0xCFFFE, 0xCFFFF, U8GUARD_CLASS_NONCHARACTER},
    {0xDFFFE, 0xDFFFF, U8GUARD_CLASS_NONCHARACTER},
    {0xEFFFE, 0xEFFFF, U8GUARD_CLASS_NONCHARACTER},
    {0xFFFFE, 0xFFFFF, U8GUARD_CLASS_NONCHARACTER},
    {0x10FFFE, 0x10FFFF, U8GUARD_CLASS_NONCHARACTER},
    {0xE000, 0xF8FF, U8GUARD_CLASS_PRIVATE_USE},
    {0xF0000, 0xFFFFD, U8GUARD_CLASS_PRIVATE_USE},
    {0x100000, 0x10FFFD, U8GUARD_CLASS_PRIVATE_USE},
    {0xFEFF, 0xFEFF, U8GUARD_CLASS_BOM},
    {0xE0000, 0xE007F, U8GUARD_CLASS_TAG},
    {0x2028, 0x2029, U8GUARD_CLASS_SEPARATOR},
};
#define N_RANGES (sizeof RANGES / sizeof RANGES[0])

static unsigned table_class(uint32_t cp)
{
    size_t i;

    for (i = 0; i < N_RANGES; i++)
        if (cp >= RANGES[i].lo && cp <= RANGES[i].hi)
            return RANGES[i].cls;
    return 0;
}

/* "\uhhhh" or "\Uhhhhhhhh" for cp, lowercase; returns its length. */
static size_t escape_of(uint32_t cp, char *out)
{
    static const char hex[] = "0123456789abcdef";
    int digits = cp > 0xFFFF ? 8 : 4, i;

    out[0] = '\\';
    out[1] = cp > 0xFFFF ? 'U' : 'u';
    for (i = 0; i < digits; i++)
        out[2 + i] = hex[(cp >> (4 * (digits - 1 - i))) & 15];
    return (size_t)(2 + digits);
}

/* Checks "a" cp "b" under deny, with every function. */
static void check_char(uint32_t cp, unsigned deny)
{
    unsigned char in[8], ch[4], want8[32];
    uint32_t want32[16], got32[16];
    uint16_t want16[16], got16[16];
    char esc[12];
    size_t n = u8guard_encode(cp, ch), len = n + 2, i, w8, w32, w16, e_len;
    unsigned cls = table_class(cp);
    bool denied = (cls & deny) != 0;
    u8guard_policy pol = {deny, U8GUARD_REPLACE};
    u8guard_error e;
    size_t pos = 0, errs = 99;
    int h;

    in[0] = 'a';
    memcpy(in + 1, ch, n);
    in[n + 1] = 'b';
    check_input(in, len);
    EXPECT_EQ(u8guard_class_of(cp), cls);
    EXPECT_EQ(u8guard_validate_with(in, len, &pol, &e), !denied);
    if (denied) {
        EXPECT_ERR(e, 1, n, U8GUARD_DISALLOWED);
        EXPECT_EQ(e.cls, cls);
        EXPECT_EQ(e.code_point, cp);
    } else {
        EXPECT_ERR(e, len, 0, U8GUARD_OK);
        EXPECT_EQ(e.cls, 0);
        EXPECT_EQ(e.code_point, 0);
    }
    EXPECT_EQ(u8guard_next_error_with(in, len, &pol, &pos, &e), denied);
    EXPECT_EQ(pos, denied ? 1 + n : len);
    if (denied)
        EXPECT_EQ(u8guard_next_error_with(in, len, &pol, &pos, &e), false);
    EXPECT_EQ(pos, len);
    EXPECT_EQ(u8guard_count_errors_with(in, len, &pol), denied);
    for (h = U8GUARD_REPLACE; h <= U8GUARD_ESCAPE; h++) {
        pol.handler = (u8guard_handler)h;
        w8 = w32 = w16 = 0;
        want8[w8++] = 'a';
        want32[w32++] = 'a';
        want16[w16++] = 'a';
        if (!denied) {
            memcpy(want8 + w8, ch, n);
            w8 += n;
            want32[w32++] = cp;
            if (cp >= 0x10000) {
                want16[w16++] = (uint16_t)(0xD800 | ((cp - 0x10000) >> 10));
                want16[w16++] = (uint16_t)(0xDC00 | (cp & 0x3FF));
            } else {
                want16[w16++] = (uint16_t)cp;
            }
        } else if (h == U8GUARD_REPLACE) {
            memcpy(want8 + w8, "\xEF\xBF\xBD", 3);
            w8 += 3;
            want32[w32++] = 0xFFFD;
            want16[w16++] = 0xFFFD;
        } else if (h == U8GUARD_ESCAPE) {
            e_len = escape_of(cp, esc);
            for (i = 0; i < e_len; i++) {
                want8[w8++] = (unsigned char)esc[i];
                want32[w32++] = (unsigned char)esc[i];
                want16[w16++] = (unsigned char)esc[i];
            }
        }
        want8[w8++] = 'b';
        want32[w32++] = 'b';
        want16[w16++] = 'b';
        {
            unsigned char got8[32];
            size_t r = u8guard_sanitize_with(in, len, got8, sizeof got8, &pol, &errs);
            EXPECT_MEM(got8, r, want8, w8);
            EXPECT_EQ(errs, denied);
            EXPECT_EQ(u8guard_sanitized_length_with(in, len, &pol), w8);
            r = u8guard_decode_utf32_lossy_with(in, len, got32, 16, &pol, &errs);
            EXPECT_MEM(got32, r * 4, want32, w32 * 4);
            EXPECT_EQ(errs, denied);
            r = u8guard_decode_utf16_lossy_with(in, len, got16, 16, &pol, &errs);
            EXPECT_MEM(got16, r * 2, want16, w16 * 2);
            EXPECT_EQ(errs, denied);
        }
    }
}

static void class_boundaries(void)
{
    size_t i;
    int k;
    uint32_t pts[4], cp;
    unsigned c;

    for (i = 0; i < N_RANGES; i++) {
        pts[0] = RANGES[i].lo - 1; /* wraps for U+0000: skipped below */
        pts[1] = RANGES[i].lo;
        pts[2] = RANGES[i].hi;
        pts[3] = RANGES[i].hi + 1;
        for (k = 0; k < 4; k++) {
            cp = pts[k];
            if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
                continue;
            check_char(cp, 0);
            check_char(cp, U8GUARD_CLASS_ALL);
            check_char(cp, RANGES[i].cls);
            check_char(cp, U8GUARD_CLASS_ALL & ~RANGES[i].cls);
            for (c = 1; c < U8GUARD_CLASS_ALL; c <<= 1)
                check_char(cp, c);
        }
    }
}

/* Every scalar value in one long text, in order, after shift bytes of
 * ASCII: under deny the errors are exactly the denied characters, at
 * their offsets (the vector kernels test them inside their validating
 * loop: this puts each at many positions of a block). */
static void every_code_point_shift(size_t shift, const unsigned *deny, size_t n_deny)
{
    size_t cap = shift + 4 * 0x110000, len = shift, pos, k, d, want;
    unsigned char *buf = malloc(cap);
    size_t *at = malloc(0x110000 * sizeof *at);
    uint32_t cp;
    u8guard_policy pol = {0, U8GUARD_REPLACE};
    u8guard_error e;

    if (buf == NULL || at == NULL) {
        check_fail_msg(__FILE__, __LINE__, "out of memory");
        free(buf);
        free(at);
        return;
    }
    memset(buf, 'x', shift);
    for (cp = 0; cp <= 0x10FFFF; cp++) {
        at[cp] = len;
        if (cp < 0xD800 || cp > 0xDFFF)
            len += u8guard_encode(cp, buf + len);
    }
    for (d = 0; d < n_deny; d++) {
        pol.deny = deny[d];
        pos = 0;
        want = 0;
        cp = 0;
        while (u8guard_next_error_with(buf, len, &pol, &pos, &e)) {
            while (cp <= 0x10FFFF && ((cp >= 0xD800 && cp <= 0xDFFF) ||
                                      (table_class(cp) & deny[d]) == 0))
                cp++;
            if (!EXPECT_TRUE(cp <= 0x10FFFF) || !EXPECT_EQ(e.offset, at[cp]) ||
                !EXPECT_EQ(e.kind, U8GUARD_DISALLOWED) || !EXPECT_EQ(e.code_point, cp))
                break;
            want++;
            cp++;
        }
        for (k = cp; k <= 0x10FFFF; k++)
            if ((k < 0xD800 || k > 0xDFFF) && (table_class((uint32_t)k) & deny[d]) != 0)
                want++;
        EXPECT_EQ(u8guard_count_errors_with(buf, len, &pol), want);
    }
    free(buf);
    free(at);
}

static void every_code_point(void)
{
    static const unsigned DENY[] = {
        U8GUARD_CLASS_ALL, U8GUARD_CLASS_NUL, U8GUARD_CLASS_C0, U8GUARD_CLASS_DEL,
        U8GUARD_CLASS_C1, U8GUARD_CLASS_BIDI, U8GUARD_CLASS_NONCHARACTER,
        U8GUARD_CLASS_PRIVATE_USE, U8GUARD_CLASS_BOM, U8GUARD_CLASS_TAG,
        U8GUARD_CLASS_SEPARATOR, U8GUARD_CLASS_BIDI | U8GUARD_CLASS_SEPARATOR,
        U8GUARD_CLASS_ALL & ~(unsigned)U8GUARD_CLASS_PRIVATE_USE,
    };

    every_code_point_shift(0, DENY, sizeof DENY / sizeof DENY[0]);
    every_code_point_shift(37, DENY, 2);
}

static void names(void)
{
    static const char *const N[] = {"nul", "c0", "del", "c1", "bidi", "noncharacter",
                                    "private_use", "bom", "tag", "separator"};
    unsigned i;

    check_input(NULL, 0);
    for (i = 0; i < 10; i++) {
        EXPECT_EQ(strcmp(u8guard_class_name((u8guard_class)(1u << i)), N[i]), 0);
        EXPECT_EQ(u8guard_class_from_name(N[i], strlen(N[i])), 1u << i);
    }
    EXPECT_EQ(strcmp(u8guard_class_name(U8GUARD_CLASS_ALL), "all"), 0);
    EXPECT_EQ(u8guard_class_from_name("all", 3), U8GUARD_CLASS_ALL);
    EXPECT_EQ(u8guard_class_from_name("allx", 3), U8GUARD_CLASS_ALL); /* len counts */
    EXPECT_EQ(u8guard_class_from_name("alz", 3), 0);
    EXPECT_EQ(u8guard_class_from_name("bidix", 4), U8GUARD_CLASS_BIDI); /* len counts */
    EXPECT_EQ(u8guard_class_from_name("bidi", 3), 0);
    EXPECT_EQ(u8guard_class_from_name("BIDI", 4), 0);
    EXPECT_EQ(u8guard_class_from_name("", 0), 0);
    EXPECT_EQ(u8guard_class_from_name(NULL, 4), 0);
    EXPECT_TRUE(u8guard_class_name(U8GUARD_CLASS_NONE) == NULL);
    EXPECT_TRUE(u8guard_class_name((u8guard_class)3) == NULL);
    EXPECT_TRUE(u8guard_class_name((u8guard_class)0x400) == NULL);
    EXPECT_EQ(strcmp(u8guard_kind_name(U8GUARD_DISALLOWED), "disallowed"), 0);
    EXPECT_EQ(u8guard_class_of(0xD800), 0);
    EXPECT_EQ(u8guard_class_of(0x110000), 0);
    EXPECT_EQ(u8guard_class_of(0x11FFFE), 0);
    EXPECT_EQ(u8guard_class_of(0xFFFFFFFFu), 0);
}

/* One input and its exact outputs under { deny, handler }. */
struct hcase {
    const char *in;
    size_t len;
    unsigned deny;
    u8guard_handler h;
    const char *out8; /* the UTF-8 output; the lossy outputs are its decoding */
    size_t out8_len;
    size_t n_errors;
};

#define S(lit) lit, sizeof(lit) - 1
static const struct hcase HCASES[] = {
    {S("a\xC0\x80z"), 0, U8GUARD_REPLACE, S("a\xEF\xBF\xBD\xEF\xBF\xBDz"), 2},
    {S("a\xC0\x80z"), 0, U8GUARD_DROP, S("az"), 2},
    {S("a\xC0\x80z"), 0, U8GUARD_ESCAPE, S("a\\xc0\\x80z"), 2},
    {S("\xE4\xBD"), 0, U8GUARD_ESCAPE, S("\\xe4\\xbd"), 1},
    {S("\xF0\x9F\x98" "A"), 0, U8GUARD_ESCAPE, S("\\xf0\\x9f\\x98A"), 1},
    {S("\xF0\x9F\x98"), 0, U8GUARD_DROP, S(""), 1},
    {S("\xFF\xFE"), 0, U8GUARD_ESCAPE, S("\\xff\\xfe"), 2},
    {S("\xED\xA0\x80"), 0, U8GUARD_ESCAPE, S("\\xed\\xa0\\x80"), 3},
    {S("x\xE2\x80\xAEy"), U8GUARD_CLASS_BIDI, U8GUARD_ESCAPE, S("x\\u202ey"), 1},
    {S("x\xE2\x80\xAEy"), U8GUARD_CLASS_BIDI, U8GUARD_DROP, S("xy"), 1},
    {S("x\xF3\xA0\x81\x81y"), U8GUARD_CLASS_TAG, U8GUARD_ESCAPE, S("x\\U000e0041y"), 1},
    {S("\x00\x01\t\n\r\x7F"), U8GUARD_CLASS_ALL, U8GUARD_ESCAPE,
     S("\\u0000\\u0001\t\n\r\\u007f"), 3},
    {S("\xEF\xBB\xBF" "A\xC3\x28"), U8GUARD_CLASS_BOM, U8GUARD_REPLACE,
     S("\xEF\xBF\xBD" "A\xEF\xBF\xBD("), 2},
    {S("\xC2\x85\xC2\xA0\xE2\x80\xA8"), U8GUARD_CLASS_ALL, U8GUARD_ESCAPE,
     S("\\u0085\xC2\xA0\\u2028"), 2},
};
#undef S

/* Decodes the valid UTF-8 s[0..n) into code points; returns how many. */
static size_t to_cps(const char *s, size_t n, uint32_t *cps)
{
    size_t i = 0, k = 0;
    const unsigned char *u = (const unsigned char *)s;

    while (i < n) {
        if (u[i] < 0x80) {
            cps[k++] = u[i++];
        } else if (u[i] < 0xE0) {
            cps[k++] = ((uint32_t)(u[i] & 0x1F) << 6) | (u[i + 1] & 0x3F);
            i += 2;
        } else if (u[i] < 0xF0) {
            cps[k++] = ((uint32_t)(u[i] & 0x0F) << 12) | ((uint32_t)(u[i + 1] & 0x3F) << 6) |
                       (u[i + 2] & 0x3F);
            i += 3;
        } else {
            cps[k++] = ((uint32_t)(u[i] & 0x07) << 18) | ((uint32_t)(u[i + 1] & 0x3F) << 12) |
                       ((uint32_t)(u[i + 2] & 0x3F) << 6) | (u[i + 3] & 0x3F);
            i += 4;
        }
    }
    return k;
}

static size_t to_units16(const uint32_t *cps, size_t n, uint16_t *u)
{
    size_t i, k = 0;

    for (i = 0; i < n; i++) {
        if (cps[i] >= 0x10000) {
            u[k++] = (uint16_t)(0xD800 | ((cps[i] - 0x10000) >> 10));
            u[k++] = (uint16_t)(0xDC00 | (cps[i] & 0x3FF));
        } else {
            u[k++] = (uint16_t)cps[i];
        }
    }
    return k;
}

static void handlers(void)
{
    size_t i, r, errs, n32, n16;
    unsigned char got8[64];
    uint32_t want32[64], got32[64];
    uint16_t want16[64], got16[64];

    for (i = 0; i < sizeof HCASES / sizeof HCASES[0]; i++) {
        const struct hcase *c = &HCASES[i];
        u8guard_policy pol = {c->deny, c->h};

        check_input(c->in, c->len);
        n32 = to_cps(c->out8, c->out8_len, want32);
        n16 = to_units16(want32, n32, want16);
        r = u8guard_sanitize_with(c->in, c->len, got8, sizeof got8, &pol, &errs);
        EXPECT_MEM(got8, r, c->out8, c->out8_len);
        EXPECT_EQ(errs, c->n_errors);
        r = u8guard_decode_utf32_lossy_with(c->in, c->len, got32, 64, &pol, &errs);
        EXPECT_MEM(got32, r * 4, want32, n32 * 4);
        EXPECT_EQ(errs, c->n_errors);
        r = u8guard_decode_utf16_lossy_with(c->in, c->len, got16, 64, &pol, &errs);
        EXPECT_MEM(got16, r * 2, want16, n16 * 2);
        EXPECT_EQ(errs, c->n_errors);
        EXPECT_EQ(u8guard_count_errors_with(c->in, c->len, &pol), c->n_errors);
        if (c->deny == 0 && c->h == U8GUARD_REPLACE) { /* the fixed points */
            r = u8guard_decode_utf32_lossy(c->in, c->len, got32, 64, &errs);
            EXPECT_MEM(got32, r * 4, want32, n32 * 4);
            r = u8guard_decode_utf16_lossy(c->in, c->len, got16, 64, &errs);
            EXPECT_MEM(got16, r * 2, want16, n16 * 2);
        }
    }
}

/* ---- Capacity: every out_cap, whole items only ----------------------- */

/* The item boundaries of an output of n units: an item is a character
 * (a surrogate pair in UTF-16) or one error's whole handler output. The
 * errors' outputs are found from the error list; cut[] gets every
 * boundary. unit: 1 (UTF-8), 2, 4. */
static size_t boundaries(const char *in, size_t len, const u8guard_policy *pol,
                         size_t unit, size_t *cut)
{
    size_t pos = 0, o = 0, k = 0, epos = 0, eo;
    u8guard_error e;
    bool more;
    unsigned char b;
    uint32_t cp;

    cut[k++] = 0;
    more = u8guard_next_error_with(in, len, pol, &epos, &e);
    while (pos < len) {
        if (more && pos == e.offset) {
            if (pol->handler == U8GUARD_REPLACE)
                eo = unit == 1 ? 3 : 1;
            else if (pol->handler == U8GUARD_DROP)
                eo = 0;
            else if (e.kind == U8GUARD_DISALLOWED)
                eo = e.code_point > 0xFFFF ? 10 : 6;
            else
                eo = 4 * e.length;
            pos += e.length;
            more = u8guard_next_error_with(in, len, pol, &epos, &e);
        } else {
            b = (unsigned char)in[pos];
            eo = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
            pos += eo;
            cp = eo == 4 ? 0x10000 : 0;
            if (unit != 1)
                eo = unit == 2 && cp ? 2 : 1;
        }
        if (eo != 0)
            cut[k++] = (o += eo);
    }
    return k;
}

static void capacity_one(const char *in, size_t len, const u8guard_policy *pol)
{
    unsigned char full8[256], got8[260];
    uint32_t full32[256], got32[260];
    uint16_t full16[256], got16[260];
    size_t cut8[256], cut16[256], cut32[256], k8, k16, k32;
    size_t need8, need16, need32, cap, want, j, r;

    need8 = u8guard_sanitize_with(in, len, full8, sizeof full8, pol, NULL);
    need32 = u8guard_decode_utf32_lossy_with(in, len, full32, 256, pol, NULL);
    need16 = u8guard_decode_utf16_lossy_with(in, len, full16, 256, pol, NULL);
    k8 = boundaries(in, len, pol, 1, cut8);
    k16 = boundaries(in, len, pol, 2, cut16);
    k32 = boundaries(in, len, pol, 4, cut32);
    EXPECT_EQ(cut8[k8 - 1], need8);
    EXPECT_EQ(cut16[k16 - 1], need16);
    EXPECT_EQ(cut32[k32 - 1], need32);
    for (cap = 0; cap <= need8 + 1; cap++) {
        memset(got8, 0xA5, sizeof got8);
        r = u8guard_sanitize_with(in, len, cap ? got8 : NULL, cap, pol, NULL);
        EXPECT_EQ(r, need8);
        for (want = 0, j = 0; j < k8; j++)
            if (cut8[j] <= cap)
                want = cut8[j];
        EXPECT_MEM(got8, want, full8, want);
        for (j = want; j < cap + 2; j++)
            if (!EXPECT_EQ(got8[j], 0xA5))
                break;
    }
    for (cap = 0; cap <= need32 + 1; cap++) {
        memset(got32, 0xA5, sizeof got32);
        r = u8guard_decode_utf32_lossy_with(in, len, cap ? got32 : NULL, cap, pol, NULL);
        EXPECT_EQ(r, need32);
        for (want = 0, j = 0; j < k32; j++)
            if (cut32[j] <= cap)
                want = cut32[j];
        EXPECT_MEM(got32, want * 4, full32, want * 4);
        for (j = want; j < cap + 2; j++)
            if (!EXPECT_EQ(got32[j], 0xA5A5A5A5u))
                break;
    }
    for (cap = 0; cap <= need16 + 1; cap++) {
        memset(got16, 0xA5, sizeof got16);
        r = u8guard_decode_utf16_lossy_with(in, len, cap ? got16 : NULL, cap, pol, NULL);
        EXPECT_EQ(r, need16);
        for (want = 0, j = 0; j < k16; j++)
            if (cut16[j] <= cap)
                want = cut16[j];
        EXPECT_MEM(got16, want * 2, full16, want * 2);
        for (j = want; j < cap + 2; j++)
            if (!EXPECT_EQ(got16[j], 0xA5A5))
                break;
    }
}

#define TRICKY_N 6
static const struct {
    const char *s;
    size_t len;
} TRICKY[TRICKY_N] = {
#define S(lit) {lit, sizeof(lit) - 1}
    S("a\xF0\x9F\x98\x80\xC0\x80\xE2\x80\xAE\xF3\xA0\x81\x81z"),
    S("\xE4\xBD\xA0\xF0\x9F\x98\xE2\x80\xA8\x00\x01\xC2\x85\xEF\xBB\xBF\xF4\x8F\xBF\xBF"),
    S("\xED\xA0\x80\xF4\x90\x80\x80\xEF\xB7\x90\xEE\x80\x80\xF0\x9F\xBF\xBE\xE2\x81\xA6"),
    S("ab\xE2\x80\x8E\xE2\x80\x8F\xD8\x9C\xC3\xA9\xF0\x9F\x98"),
    S("\x7F\x1B[31m\t\r\n\xF3\xB0\x80\x80\xF4\x8F\xBF\xBD\xE4\xBD"),
    S(""),
#undef S
};

static void capacity(void)
{
    static const unsigned DENY[] = {0, U8GUARD_CLASS_ALL, U8GUARD_CLASS_BIDI};
    size_t t, d;
    int h;

    for (t = 0; t < TRICKY_N; t++)
        for (d = 0; d < 3; d++)
            for (h = U8GUARD_REPLACE; h <= U8GUARD_ESCAPE; h++) {
                u8guard_policy pol = {DENY[d], (u8guard_handler)h};

                check_input(TRICKY[t].s, TRICKY[t].len);
                capacity_one(TRICKY[t].s, TRICKY[t].len, &pol);
            }
}

/* ---- Refusals --------------------------------------------------------- */

/* Feeds "a", 100 bytes C0 and "b" in one final chunk to a stream with no
 * error callback, made with pol (NULL: u8guard_stream_init) and form f, into
 * out (NULL: no output); checks 100 errors and returns the units written. */
static size_t feed_c0_run(const u8guard_policy *pol, u8guard_form f, void *out, size_t cap)
{
    unsigned char in[102];
    u8guard_stream s;
    size_t r;

    memset(in, 0xC0, sizeof in);
    in[0] = 'a';
    in[101] = 'b';
    if (pol == NULL)
        u8guard_stream_init(&s);
    else
        u8guard_stream_init_with(&s, pol, f);
    r = u8guard_stream_feed(&s, in, sizeof in, true, NULL, NULL, out, cap);
    EXPECT_EQ(u8guard_stream_error_count(&s), 100);
    return r;
}

/* Errors no callback asks for go to the kernels' error runs only with no
 * policy and plain UTF-8 (or no) output; every other stream takes them one
 * at a time. Each case gives exactly what the one-shot functions give. */
static void stream_without_callback(void)
{
    static const u8guard_policy bidi = {U8GUARD_CLASS_BIDI, U8GUARD_REPLACE};
    static const u8guard_policy rep = {0, U8GUARD_REPLACE};
    static const u8guard_policy esc = {0, U8GUARD_ESCAPE};
    static unsigned char out[1024], want[1024];
    static uint16_t o16[512], w16[512];
    size_t n;

    /* no output at all */
    EXPECT_EQ(feed_c0_run(NULL, U8GUARD_FORM_UTF8, NULL, 0), 0);
    /* a policy denies a class: "a", 100 U+FFFD, "b" */
    n = feed_c0_run(&bidi, U8GUARD_FORM_UTF8, out, sizeof out);
    EXPECT_EQ(n, 302);
    EXPECT_MEM(out, 4, "a\xEF\xBF\xBD", 4);
    EXPECT_MEM(out + 298, 4, "\xEF\xBF\xBD" "b", 4);
    memset(want, 0xC0, 102);
    want[0] = 'a';
    want[101] = 'b';
    EXPECT_EQ(u8guard_sanitize_with(want, 102, want + 102, 512, &bidi, NULL), 302);
    EXPECT_MEM(out, n, want + 102, 302);
    /* UTF-16 output */
    n = feed_c0_run(&rep, U8GUARD_FORM_UTF16, o16, 512);
    EXPECT_EQ(n, 102);
    EXPECT_EQ(u8guard_decode_utf16_lossy(want, 102, w16, 512, NULL), 102);
    EXPECT_MEM(o16, 2 * n, w16, 2 * 102);
    EXPECT_EQ(o16[0], 'a');
    EXPECT_EQ(o16[50], 0xFFFD);
    EXPECT_EQ(o16[101], 'b');
    /* the escape handler: "a", 100 times "\xc0", "b" */
    n = feed_c0_run(&esc, U8GUARD_FORM_UTF8, out, sizeof out);
    EXPECT_EQ(n, 402);
    EXPECT_MEM(out, 5, "a\\xc0", 5);
    EXPECT_MEM(out + 397, 5, "\\xc0b", 5);
}

static void refusals(void)
{
    static union {
        char c[64];
        uint32_t u32[16];
        uint16_t u16[32];
    } m = {"abc\xE2\x80\xAE"};
    char *buf = m.c;
    uint32_t o32[8];
    uint16_t o16[8];
    u8guard_policy ok = {U8GUARD_CLASS_ALL, U8GUARD_ESCAPE};
    u8guard_policy bad_deny = {0x400, U8GUARD_REPLACE};
    u8guard_policy bad_h = {0, (u8guard_handler)3};
    u8guard_error e = {9, 9, U8GUARD_TRUNCATED, U8GUARD_CLASS_BIDI, 7};
    size_t errs = 9, pos = 0;
    u8guard_stream s;

    check_input(buf, 6);
    /* NULL data with a length */
    EXPECT_EQ(u8guard_validate_with(NULL, 1, &ok, &e), false);
    EXPECT_ERR(e, 0, 0, U8GUARD_OK);
    EXPECT_EQ(u8guard_sanitize_with(NULL, 1, NULL, 0, &ok, &errs), SIZE_MAX);
    EXPECT_EQ(errs, 0);
    errs = 9;
    EXPECT_EQ(u8guard_decode_utf32_lossy(NULL, 1, o32, 8, &errs), SIZE_MAX);
    EXPECT_EQ(errs, 0);
    EXPECT_EQ(u8guard_decode_utf16_lossy(NULL, 1, o16, 8, NULL), SIZE_MAX);
    EXPECT_EQ(u8guard_decode_utf32_lossy_with(NULL, 1, o32, 8, &ok, NULL), SIZE_MAX);
    EXPECT_EQ(u8guard_decode_utf16_lossy_with(NULL, 1, o16, 8, &ok, NULL), SIZE_MAX);
    EXPECT_EQ(u8guard_count_errors_with(NULL, 1, &ok), 0);
    EXPECT_EQ(u8guard_next_error_with(NULL, 1, &ok, &pos, &e), false);
    EXPECT_EQ(u8guard_next_error_with(buf, 6, &ok, NULL, &e), false);
    pos = 7;
    EXPECT_EQ(u8guard_next_error_with(buf, 6, &ok, &pos, &e), false);
    EXPECT_EQ(pos, 7);
    /* NULL output with a capacity */
    EXPECT_EQ(u8guard_decode_utf32_lossy(buf, 6, NULL, 1, NULL), SIZE_MAX);
    EXPECT_EQ(u8guard_decode_utf16_lossy_with(buf, 6, NULL, 1, &ok, NULL), SIZE_MAX);
    EXPECT_EQ(u8guard_sanitize_with(buf, 6, NULL, 1, &ok, NULL), SIZE_MAX);
    EXPECT_EQ(u8guard_decode_utf32_lossy(buf, 0, NULL, 1, &errs), SIZE_MAX); /* even empty */
    EXPECT_EQ(u8guard_decode_utf16_lossy(buf, 0, NULL, 1, &errs), SIZE_MAX);
    EXPECT_EQ(u8guard_decode_utf32_lossy(buf, 3, NULL, 8, &errs), SIZE_MAX); /* room for all */
    EXPECT_EQ(u8guard_decode_utf16_lossy(buf, 3, NULL, 8, NULL), SIZE_MAX);
    /* the empty input, and NULL with length 0 */
    EXPECT_EQ(u8guard_decode_utf32_lossy(NULL, 0, NULL, 0, &errs), 0);
    EXPECT_EQ(u8guard_sanitize_with(NULL, 0, NULL, 0, &ok, &errs), 0);
    EXPECT_EQ(u8guard_validate_with(NULL, 0, &ok, &e), true);
    /* output overlapping the input */
    EXPECT_EQ(u8guard_sanitize_with(buf, 6, buf + 5, 10, &ok, &errs), SIZE_MAX);
    EXPECT_EQ(u8guard_decode_utf32_lossy(buf, 6, m.u32 + 2, 1, NULL), 4); /* adjacent: fine */
    EXPECT_EQ(m.u32[2], 'a');
    memcpy(buf, "abc\xE2\x80\xAE", 6);
    EXPECT_EQ(u8guard_decode_utf32_lossy(buf, 8, m.u32 + 1, 2, NULL), SIZE_MAX);
    EXPECT_EQ(u8guard_decode_utf16_lossy_with(buf, 8, m.u16 + 3, 2, &ok, NULL), SIZE_MAX);
    /* ... with room for the whole input and no policy (the fast path's check) */
    EXPECT_EQ(u8guard_decode_utf32_lossy(buf, 6, m.u32 + 1, 8, &errs), SIZE_MAX);
    EXPECT_EQ(errs, 0);
    EXPECT_EQ(u8guard_decode_utf16_lossy(buf, 6, m.u16 + 2, 8, NULL), SIZE_MAX);
    EXPECT_MEM(buf, 6, "abc\xE2\x80\xAE", 6);
    /* bad policies */
    EXPECT_EQ(u8guard_validate_with(buf, 3, &bad_deny, &e), false);
    EXPECT_ERR(e, 0, 0, U8GUARD_OK);
    EXPECT_EQ(u8guard_validate_with(buf, 3, &bad_h, &e), false);
    EXPECT_EQ(u8guard_sanitize_with(buf, 3, NULL, 0, &bad_h, NULL), SIZE_MAX);
    EXPECT_EQ(u8guard_sanitized_length_with(buf, 3, &bad_deny), SIZE_MAX);
    EXPECT_EQ(u8guard_decode_utf32_lossy_with(buf, 3, o32, 8, &bad_deny, NULL), SIZE_MAX);
    EXPECT_EQ(u8guard_decode_utf16_lossy_with(buf, 3, o16, 8, &bad_h, NULL), SIZE_MAX);
    EXPECT_EQ(u8guard_count_errors_with(buf, 6, &bad_h), 0);
    pos = 0;
    EXPECT_EQ(u8guard_next_error_with(buf, 6, &bad_deny, &pos, &e), false);
    EXPECT_EQ(pos, 0);
    u8guard_stream_init_with(&s, &bad_h, U8GUARD_FORM_UTF8);
    EXPECT_EQ(u8guard_stream_feed(&s, "a", 1, true, NULL, NULL, NULL, 0), SIZE_MAX);
    u8guard_stream_init_with(&s, &ok, (u8guard_form)3);
    EXPECT_EQ(u8guard_stream_feed(&s, "a", 1, true, NULL, NULL, NULL, 0), SIZE_MAX);
    /* NULL policy: exactly the functions without _with */
    EXPECT_EQ(u8guard_validate_with(buf, 6, NULL, &e), true);
    EXPECT_EQ(u8guard_sanitized_length_with("\xC0", 1, NULL), 3);
    /* stream_out_max */
    EXPECT_EQ(u8guard_stream_out_max(NULL, 1), SIZE_MAX);
    u8guard_stream_init(&s);
    EXPECT_EQ(u8guard_stream_out_max(&s, 5), U8GUARD_STREAM_OUT_MAX(5));
    EXPECT_EQ(u8guard_stream_out_max(&s, SIZE_MAX / 3 - 3), SIZE_MAX);
    EXPECT_EQ(u8guard_stream_out_max(&s, SIZE_MAX / 3 - 2), SIZE_MAX);
    u8guard_stream_init_with(&s, &ok, U8GUARD_FORM_UTF16);
    EXPECT_EQ(u8guard_stream_out_max(&s, 5), 48);
    EXPECT_EQ(u8guard_stream_feed(&s, buf, 6, true, NULL, NULL, o16, 8), SIZE_MAX); /* < 54 */
    EXPECT_EQ(sizeof(u8guard_stream), 64);
    {
        u8guard_policy rep16 = {0, U8GUARD_REPLACE};
        uint16_t big[16];

        u8guard_stream_init_with(&s, &rep16, U8GUARD_FORM_UTF16);
        EXPECT_EQ(u8guard_stream_out_max(&s, 5), 8);
        EXPECT_EQ(u8guard_stream_feed(&s, buf, 5, false, NULL, NULL, big, 7), SIZE_MAX);
        EXPECT_EQ(u8guard_stream_feed(&s, buf, 5, false, NULL, NULL, big, 8), 3); /* "abc", E2 80 pending */
        EXPECT_EQ(u8guard_stream_feed(&s, buf + 5, 1, true, NULL, NULL, big + 3, 4), 1);
        {
            /* units, not bytes: the same on big- and little-endian targets */
            static const uint16_t want[4] = {'a', 'b', 'c', 0x202E};

            EXPECT_MEM(big, 8, want, 8);
        }
    }
    /* A denied character with err NULL: the answer alone. */
    EXPECT_EQ(u8guard_validate_with(buf, 6, &ok, NULL), false);
    /* A NULL stream: nothing to initialise, no crash. */
    u8guard_stream_init_with(NULL, &ok, U8GUARD_FORM_UTF8);
    {
        /* An error with on_error NULL: counted and replaced all the same. */
        uint8_t o8[12];

        u8guard_stream_init(&s);
        EXPECT_EQ(u8guard_stream_feed(&s, "\xC0", 1, true, NULL, NULL, o8, sizeof o8), 3);
        EXPECT_MEM(o8, 3, "\xEF\xBF\xBD", 3);
        EXPECT_EQ(s.n_errors, 1);
    }
    stream_without_callback();
}

/* ---- The stream at every split ---------------------------------------- */

struct elog {
    size_t n;
    u8guard_error e[64];
};

static void log_error(void *ctx, const u8guard_error *e)
{
    struct elog *l = ctx;

    if (l->n < 64)
        l->e[l->n] = *e;
    l->n++;
}

static size_t unit_size(u8guard_form f)
{
    return f == U8GUARD_FORM_UTF32 ? 4 : f == U8GUARD_FORM_UTF16 ? 2 : 1;
}

/* Feeds in[0..len) cut at a <= b into s; returns the output bytes. */
static size_t feed3(const u8guard_policy *pol, u8guard_form f, const char *in,
                    size_t len, size_t a, size_t b, unsigned char *out,
                    struct elog *l)
{
    u8guard_stream s;
    size_t o = 0, u = unit_size(f), r, cuts[4] = {0, a, b, len};
    int i;

    u8guard_stream_init_with(&s, pol, f);
    for (i = 0; i < 3; i++) {
        size_t n = cuts[i + 1] - cuts[i];

        r = u8guard_stream_feed(&s, in + cuts[i], n, i == 2, log_error, l,
                                out + o, u8guard_stream_out_max(&s, n));
        if (!EXPECT_TRUE(r != SIZE_MAX))
            return o;
        o += r * u;
    }
    return o;
}

static void stream_splits(void)
{
    static const unsigned DENY[] = {0, U8GUARD_CLASS_ALL, U8GUARD_CLASS_BIDI};
    static unsigned char want[2048], got[2048];
    struct elog wl, gl;
    size_t t, d, a, b, n, wn, pos, i;
    int h, f;
    u8guard_error e;

    for (t = 0; t < TRICKY_N; t++)
        for (d = 0; d < 3; d++)
            for (h = U8GUARD_REPLACE; h <= U8GUARD_ESCAPE; h++)
                for (f = U8GUARD_FORM_UTF8; f <= U8GUARD_FORM_UTF32; f++) {
                    u8guard_policy pol = {DENY[d], (u8guard_handler)h};
                    const char *in = TRICKY[t].s;
                    size_t len = TRICKY[t].len;

                    check_input(in, len);
                    if (f == U8GUARD_FORM_UTF8)
                        wn = u8guard_sanitize_with(in, len, want, sizeof want, &pol, NULL);
                    else if (f == U8GUARD_FORM_UTF16)
                        wn = 2 * u8guard_decode_utf16_lossy_with(in, len, (uint16_t *)(void *)want, 1024, &pol, NULL);
                    else
                        wn = 4 * u8guard_decode_utf32_lossy_with(in, len, (uint32_t *)(void *)want, 512, &pol, NULL);
                    wl.n = 0;
                    pos = 0;
                    while (u8guard_next_error_with(in, len, &pol, &pos, &e))
                        log_error(&wl, &e);
                    for (a = 0; a <= len; a++)
                        for (b = a; b <= len; b++) {
                            gl.n = 0;
                            n = feed3(&pol, (u8guard_form)f, in, len, a, b, got, &gl);
                            if (!EXPECT_MEM(got, n, want, wn))
                                return;
                            if (!EXPECT_EQ(gl.n, wl.n))
                                return;
                            for (i = 0; i < wl.n && i < 64; i++) {
                                if (!EXPECT_ERR(gl.e[i], wl.e[i].offset, wl.e[i].length, wl.e[i].kind) ||
                                    !EXPECT_EQ(gl.e[i].cls, wl.e[i].cls) ||
                                    !EXPECT_EQ(gl.e[i].code_point, wl.e[i].code_point))
                                    return;
                            }
                        }
                }
}

/* Every one of the 1023 non-empty class sets on a text holding one
 * character of each class, in class order, between long ASCII runs (so
 * that the kernels' one-pass check runs, and the table cache of policy.c
 * fills up and is bypassed): the first error is the first character of a
 * denied class, and there are as many errors as classes denied. */
static void every_class_set(void)
{
    static const struct {
        const char *s;
        uint32_t cp;
    } REP[10] = {
        {"\x00", 0x0},          {"\x01", 0x1},          {"\x7F", 0x7F},
        {"\xC2\x85", 0x85},     {"\xE2\x80\xAE", 0x202E}, {"\xEF\xBF\xBE", 0xFFFE},
        {"\xEE\x80\x80", 0xE000}, {"\xEF\xBB\xBF", 0xFEFF}, {"\xF3\xA0\x81\x81", 0xE0041},
        {"\xE2\x80\xA8", 0x2028},
    };
    static unsigned char text[1024];
    size_t at[10], len[10], n = 0, k, count;
    unsigned deny;
    u8guard_error e;

    memset(text, 'a', 300);
    n = 300;
    for (k = 0; k < 10; k++) {
        len[k] = k == 0 ? 1 : strlen(REP[k].s);
        at[k] = n;
        memcpy(text + n, REP[k].s, len[k]);
        n += len[k];
        memset(text + n, 'x', 20);
        n += 20;
    }
    memset(text + n, 'b', 300);
    n += 300;
    for (deny = 1; deny <= U8GUARD_CLASS_ALL; deny++) {
        u8guard_policy pol = {deny, U8GUARD_REPLACE};

        for (k = 0; (deny & (1u << k)) == 0; k++)
            ;
        count = 0;
        for (size_t c = 0; c < 10; c++)
            count += (deny >> c) & 1u;
        if (!EXPECT_EQ(u8guard_validate_with(text, n, &pol, &e), false))
            continue;
        EXPECT_ERR(e, at[k], len[k], U8GUARD_DISALLOWED);
        EXPECT_EQ(e.cls, 1u << k);
        EXPECT_EQ(e.code_point, REP[k].cp);
        EXPECT_EQ(u8guard_count_errors_with(text, n, &pol), count);
    }
}

/* Each class's first and last code point (of every range of the table
 * above) planted at every offset of a 260-byte stretch of a text in one
 * script, so that it straddles each boundary of the kernels' 16- to
 * 256-byte blocks in every way: in ASCII, in Cyrillic (2-byte) and in CJK
 * (3-byte) text, none of whose bytes starts a denied character, so that
 * where a character's lead ends a block the block after it holds nothing
 * else to look at. The only error is that character, with its class
 * denied, and with all classes denied; and the text without it passes. */
static void block_straddle(void)
{
    static const char *const BACK[] = {"a", "\xD0\xB4", "\xE4\xB8\x80"};
    static unsigned char text[1024];
    unsigned char ch[4];
    size_t r, b, o, at, n, len, unit, cl, k;
    /* 256 offsets: every place in the largest block (AVX-512: 4 x 64) */
    uint32_t cp;
    u8guard_error e;

    for (b = 0; b < sizeof BACK / sizeof BACK[0]; b++) {
        unit = strlen(BACK[b]);
        for (o = 64; o < 64 + 260; o++) {
            /* o % unit bytes of ASCII, then the script up to o */
            memset(text, 'x', o % unit);
            for (at = o % unit; at < o; at += unit)
                memcpy(text + at, BACK[b], unit);
            for (r = 0; r < 2 * N_RANGES; r++) {
                cp = r % 2 == 0 ? RANGES[r / 2].lo : RANGES[r / 2].hi;
                /* planes 2..15's noncharacters are planes 1 and 16's, but
                 * for the second byte: one pair of them is enough */
                if (cp >= 0x2FFFE && cp <= 0xFFFFF)
                    continue;
                cl = u8guard_encode(cp, ch);
                memcpy(text + o, ch, cl);
                for (len = o + cl; len + unit <= o + 300; len += unit)
                    memcpy(text + len, BACK[b], unit);
                for (k = 0; k < 2; k++) {
                    u8guard_policy pol = {k == 0 ? RANGES[r / 2].cls : U8GUARD_CLASS_ALL,
                                          U8GUARD_REPLACE};

                    if (!EXPECT_EQ(u8guard_validate_with(text, len, &pol, &e), false))
                        return;
                    if (!EXPECT_ERR(e, o, cl, U8GUARD_DISALLOWED) ||
                        !EXPECT_EQ(e.code_point, cp) ||
                        (k == 0 && !EXPECT_EQ(u8guard_count_errors_with(text, len, &pol), 1)))
                        return;
                }
            }
            /* the same text with the script in place of the character */
            for (n = o; n + unit <= o + 300; n += unit)
                memcpy(text + n, BACK[b], unit);
            {
                u8guard_policy all = {U8GUARD_CLASS_ALL, U8GUARD_REPLACE};

                if (!EXPECT_EQ(u8guard_validate_with(text, n, &all, &e), true))
                    return;
            }
        }
    }
}

void unit_policy(void)
{
    names();
    class_boundaries();
    every_code_point();
    every_class_set();
    block_straddle();
    handlers();
    capacity();
    refusals();
    stream_splits();
}
