/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* scalar.c -- the reference decoder: RFC 3629 section 4, which is the
 * Unicode Standard's Table 3-7 (Well-Formed UTF-8 Byte Sequences), and the
 * error classification of doc/contract.md section 2.
 *
 * It is written to be obviously right rather than fast: every other
 * implementation is proven equal to it. A lead byte selects a row of
 * LEAD_RULES; the row says how long the sequence is and which second bytes
 * it allows, because the second byte is where Table 3-7 is irregular. Every
 * later byte must be UTF8-tail (80..BF). */
#include "internal.h"

#define TAIL_LO 0x80 /* UTF8-tail = %x80-BF */
#define TAIL_HI 0xBF

struct lead_rule {
    uint8_t len;            /* sequence length, 0: this byte cannot lead */
    uint8_t lo, hi;         /* the second bytes Table 3-7 allows */
    uint8_t base;           /* len >= 2: the lowest lead of this length
                               (C0, E0, F0); the lead less it is its payload */
    u8guard_kind not_lead;  /* len == 0: the error this byte is */
    u8guard_kind below;     /* second byte in TAIL_LO..lo-1 */
    u8guard_kind above;     /* second byte in hi+1..TAIL_HI */
};

#define BAD U8GUARD_BAD_CONTINUATION
static const struct lead_rule LEAD_RULES[] = {
    /* 0: UTF8-1 = %x00-7F */
    {1, 0, 0, 0, U8GUARD_OK, BAD, BAD},
    /* 1: 80..BF is UTF8-tail, which never starts a sequence */
    {0, 0, 0, 0, U8GUARD_UNEXPECTED_CONTINUATION, BAD, BAD},
    /* 2: C0, C1 could only encode U+0000..U+007F in two bytes */
    {0, 0, 0, 0, U8GUARD_OVERLONG, BAD, BAD},
    /* 3: UTF8-2 = %xC2-DF UTF8-tail */
    {2, TAIL_LO, TAIL_HI, 0xC0, U8GUARD_OK, BAD, BAD},
    /* 4: %xE0 %xA0-BF UTF8-tail; E0 80..9F would be U+0000..U+07FF */
    {3, 0xA0, TAIL_HI, 0xE0, U8GUARD_OK, U8GUARD_OVERLONG, BAD},
    /* 5: %xE1-EC 2( UTF8-tail ) */
    {3, TAIL_LO, TAIL_HI, 0xE0, U8GUARD_OK, BAD, BAD},
    /* 6: %xED %x80-9F UTF8-tail; ED A0..BF would be U+D800..U+DFFF */
    {3, TAIL_LO, 0x9F, 0xE0, U8GUARD_OK, BAD, U8GUARD_SURROGATE},
    /* 7: %xEE-EF 2( UTF8-tail ) */
    {3, TAIL_LO, TAIL_HI, 0xE0, U8GUARD_OK, BAD, BAD},
    /* 8: %xF0 %x90-BF 2( UTF8-tail ); F0 80..8F would be below U+10000 */
    {4, 0x90, TAIL_HI, 0xF0, U8GUARD_OK, U8GUARD_OVERLONG, BAD},
    /* 9: %xF1-F3 3( UTF8-tail ) */
    {4, TAIL_LO, TAIL_HI, 0xF0, U8GUARD_OK, BAD, BAD},
    /* 10: %xF4 %x80-8F 2( UTF8-tail ); F4 90..BF would be above U+10FFFF */
    {4, TAIL_LO, 0x8F, 0xF0, U8GUARD_OK, BAD, U8GUARD_TOO_LARGE},
    /* 11: F5..FF would start values above U+10FFFF (or 5- and 6-byte
     * forms that RFC 3629 removed) */
    {0, 0, 0, 0, U8GUARD_TOO_LARGE, BAD, BAD},
};
#undef BAD

/* Which row of LEAD_RULES each byte value uses. */
#define R4(r) r, r, r, r
#define R16(r) R4(r), R4(r), R4(r), R4(r)
static const uint8_t LEAD_ROW[] = {
    /* 00..7F */ R16(0), R16(0), R16(0), R16(0), R16(0), R16(0), R16(0), R16(0),
    /* 80..BF */ R16(1), R16(1), R16(1), R16(1),
    /* C0..CF */ 2, 2, 3, 3, R4(3), R4(3), R4(3),
    /* D0..DF */ R16(3),
    /* E0..EF */ 4, R4(5), R4(5), R4(5), 6, 7, 7,
    /* F0..FF */ 8, 9, 9, 9, 10, 11, 11, 11, R4(11), R4(11),
};
#undef R16
#undef R4
_Static_assert(sizeof LEAD_ROW == 256, "one row for each byte value");

size_t u8g_step(const uint8_t *p, size_t avail, uint32_t *cp,
                u8guard_kind *kind, size_t *sub)
{
    const struct lead_rule *r = &LEAD_RULES[LEAD_ROW[p[0]]];
    size_t i;
    uint32_t v;

    if (r->len == 1) {
        *cp = p[0];
        return 1;
    }
    if (r->len == 0) {
        *kind = r->not_lead;
        i = 1;
        goto fail;
    }
    i = 1;
    if (avail < 2)
        goto truncated;
    if (p[1] < r->lo || p[1] > r->hi) {
        if (p[1] >= TAIL_LO && p[1] < r->lo)
            *kind = r->below;
        else if (p[1] > r->hi && p[1] <= TAIL_HI)
            *kind = r->above;
        else
            *kind = U8GUARD_BAD_CONTINUATION;
        goto fail; /* i == 1: only the lead was accepted */
    }
    /* The lead keeps 7 - len payload bits: 5, 4 or 3, its value less the
     * lowest lead of its length; each tail byte (80..BF, checked) adds its
     * 6 low bits. Written as arithmetic, which for bytes in these ranges
     * equals the masks and shifts, because the proof of the value
     * (doc/proofs.md) reasons in arithmetic: the solvers did not settle
     * the bitwise form. */
    v = (uint32_t)(p[0] - r->base);
    v = v * 64 + (p[1] - TAIL_LO);
    /*@ loop invariant 2 <= i <= r->len && i <= avail;
        loop invariant \forall integer j; 2 <= j < i ==> u8g_tail(p[j]);
        loop invariant i == 2 ==> v == (p[0] - r->base) * 64 + (p[1] - 0x80);
        loop invariant i == 3 ==> v == ((p[0] - r->base) * 64 + (p[1] - 0x80)) * 64 + (p[2] - 0x80);
        loop invariant i == 4 ==> v == (((p[0] - r->base) * 64 + (p[1] - 0x80)) * 64 + (p[2] - 0x80)) * 64 + (p[3] - 0x80);
        loop assigns i, v;
        loop variant r->len - i; */
    for (i = 2; i < r->len; i++) {
        if (i >= avail)
            goto truncated;
        if (p[i] < TAIL_LO || p[i] > TAIL_HI) {
            *kind = U8GUARD_BAD_CONTINUATION;
            goto fail; /* i bytes were accepted */
        }
        v = v * 64 + (p[i] - TAIL_LO);
    }
    *cp = v;
    return r->len;

truncated:
    *kind = U8GUARD_TRUNCATED;
fail:
    *sub = i;
    return 0;
}

void u8g_classify(const uint8_t *p, size_t avail, size_t base,
                  u8guard_error *err)
{
    uint32_t cp;
    size_t sub = 0;
    u8guard_kind kind = U8GUARD_OK;

    (void)u8g_step(p, avail, &cp, &kind, &sub);
    err->offset = base;
    err->length = sub;
    err->kind = kind;
    err->cls = U8GUARD_CLASS_NONE;
    err->code_point = 0;
}

size_t u8g_scalar_valid_prefix(const uint8_t *p, size_t len)
{
    size_t i = 0, n, sub;
    uint32_t cp;
    u8guard_kind kind;

    /*@ loop invariant 0 <= i <= len;
        loop assigns i, n, cp, kind, sub;
        loop variant len - i; */
    while (i < len && (n = u8g_step(p + i, len - i, &cp, &kind, &sub)) != 0) {
        i += n;
        /* Eva (ci/prove/eva.sh) only: one state per offset, whatever the
         * path to it; the empty statement carries the annotations. */
        /*@ split i; */ /*@ slevel merge; */ ;
    }
    return i;
}

size_t u8g_scalar_to_utf32(const uint8_t *p, size_t len, uint32_t *out,
                           size_t *n_out)
{
    size_t i = 0, o = 0, n, sub;
    uint32_t cp;
    u8guard_kind kind;

    /*@ loop invariant 0 <= o <= i <= len;
        loop assigns i, o, n, cp, kind, sub, out[0 .. len - 1];
        loop variant len - i; */
    while (i < len && (n = u8g_step(p + i, len - i, &cp, &kind, &sub)) != 0) {
        out[o++] = cp;
        i += n;
        /*@ split i; */ /*@ slevel merge; */ ; /* Eva only, as above */
    }
    *n_out = o;
    return i;
}

size_t u8g_scalar_to_utf16(const uint8_t *p, size_t len, uint16_t *out,
                           size_t *n_out)
{
    size_t i = 0, o = 0, n, sub;
    uint32_t cp;
    u8guard_kind kind;

    /*@ loop invariant 0 <= o <= i <= len;
        loop assigns i, o, n, cp, kind, sub, out[0 .. len - 1];
        loop variant len - i; */
    while (i < len && (n = u8g_step(p + i, len - i, &cp, &kind, &sub)) != 0) {
        if (cp >= 0x10000) { /* a 4-byte sequence: two units */
            cp -= 0x10000;
            out[o++] = (uint16_t)(0xD800 | (cp >> 10));
            out[o++] = (uint16_t)(0xDC00 | (cp & 0x3FF));
        } else {
            out[o++] = (uint16_t)cp;
        }
        i += n;
        /*@ split i; */ /*@ slevel merge; */ ; /* Eva only, as above */
    }
    *n_out = o;
    return i;
}

U8G_ENTRIES_AS(extern, u8g_scalar, u8g_scalar_valid_prefix)

const struct u8g_kernels u8g_scalar_kernels = {
    U8GUARD_IMPL_SCALAR, u8g_scalar_valid_prefix, u8g_scalar_to_utf32,
    u8g_scalar_to_utf16,
    NULL, /* no fused validate-and-copy: sanitize validates, then copies */
    NULL, /* no one-pass policy check: policy.c validates, then checks */
    NULL, /* the reference classifies each error itself */
    u8g_scalar_validate,
    u8g_scalar_first_error,
    NULL, /* no one-pass copy: no copy with non-temporal stores either */
};
