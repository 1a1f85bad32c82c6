/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* neon.c -- the AArch64 Advanced SIMD implementation: Keiser-Lemire
 * validation (blocks.h) 16 bytes per vector, 64 bytes per step; decoding
 * in validated windows, ASCII widened 16 bytes at a time and other text 8
 * characters at a time with a left-pack table and byte table lookups
 * (decode_tables.h, "Decoding" in avx2.c and below). Advanced SIMD is part
 * of AArch64, so no flags and no runtime check are needed. */
#include "kernels.h"

#ifdef U8G_HAVE_NEON_KERNEL

#include "blocks.h"
#include "decode_tables.h"
#include "utf8_char.h"

#include <arm_neon.h>
#include <string.h>

#define STEP 64 /* bytes per loop iteration: four vectors */

struct tables {
    uint8x16_t prev_high, prev_low, cur_high; /* nibble lookups */
    uint8x16_t incomplete_max;                /* KL_INCOMPLETE_MAX */
};

static inline void load_tables(struct tables *t)
{
    t->prev_high = vld1q_u8(KL_PREV_HIGH);
    t->prev_low = vld1q_u8(KL_PREV_LOW);
    t->cur_high = vld1q_u8(KL_CUR_HIGH);
    t->incomplete_max = vld1q_u8(KL_INCOMPLETE_MAX);
}

/* The error bits of each byte of in, whose preceding 16 bytes are prev:
 * nonzero where a rule of Table 3-7 is broken. */
static inline uint8x16_t check(uint8x16_t in, uint8x16_t prev,
                               const struct tables *t)
{
    uint8x16_t prev1 = vextq_u8(prev, in, 15);
    uint8x16_t prev2 = vextq_u8(prev, in, 14);
    uint8x16_t prev3 = vextq_u8(prev, in, 13);
    uint8x16_t a = vqtbl1q_u8(t->prev_high, vshrq_n_u8(prev1, 4));
    uint8x16_t b = vqtbl1q_u8(t->prev_low, vandq_u8(prev1, vdupq_n_u8(0x0F)));
    uint8x16_t c = vqtbl1q_u8(t->cur_high, vshrq_n_u8(in, 4));
    uint8x16_t special = vandq_u8(vandq_u8(a, b), c);
    uint8x16_t must23 = vandq_u8(
        vorrq_u8(vqsubq_u8(prev2, vdupq_n_u8(KL_THIRD_SUB)),
                 vqsubq_u8(prev3, vdupq_n_u8(KL_FOURTH_SUB))),
        vdupq_n_u8(0x80));

    return veorq_u8(must23, special);
}

/* The error bits of the 64 bytes v[0..4), given the 16 bytes before. */
static inline uint8x16_t check4(const uint8x16_t v[4], uint8x16_t prev,
                                const struct tables *t)
{
    return vorrq_u8(vorrq_u8(check(v[0], prev, t), check(v[1], v[0], t)),
                    vorrq_u8(check(v[2], v[1], t), check(v[3], v[2], t)));
}

static inline bool any(uint8x16_t v)
{
    return vmaxvq_u8(v) != 0;
}

/* Policy checking in the same loop (policy_hits.h). */
typedef uint8x16_t u8g_pv;

static inline uint8x16_t pv_table(const uint8_t t[16])
{
    return vld1q_u8(t);
}

static inline uint8x16_t pv_lookup(uint8x16_t table, uint8x16_t nibbles)
{
    return vqtbl1q_u8(table, nibbles);
}

static inline uint8x16_t pv_lo(uint8x16_t v)
{
    return vandq_u8(v, vdupq_n_u8(0x0F));
}

static inline uint8x16_t pv_hi(uint8x16_t v)
{
    return vshrq_n_u8(v, 4);
}

static inline uint8x16_t pv_and(uint8x16_t a, uint8x16_t b)
{
    return vandq_u8(a, b);
}

static inline uint8x16_t pv_or(uint8x16_t a, uint8x16_t b)
{
    return vorrq_u8(a, b);
}

#include "policy_hits.h"

/* The policy hits of the 64 bytes v[0..4), given the 16 bytes before. */
static inline uint8x16_t hits4(const uint8x16_t v[4], uint8x16_t prev,
                               const struct pol_tabs *pt)
{
    uint8x16_t h = vdupq_n_u8(0), before = prev;
    int k;

    for (k = 0; k < 4; k++) {
        h = vorrq_u8(h, pol_hits(v[k], vextq_u8(before, v[k], 15),
                                 vextq_u8(before, v[k], 14), pt));
        before = v[k];
    }
    return h;
}

/* The control test's u (struct pol_tabs, policy_hits.h) of v: c_add looked up by the low nibble
 * (vqtbl1q gives 0 for indexes >= 16, so the nibble and not the byte;
 * bytes >= 0x80 then give u >= 0x7F, no hit). */
static inline uint8x16_t ctl_u(uint8x16_t v, const struct pol_tabs *pt)
{
    return vaddq_u8(v, vqtbl1q_u8(pt->c_add, pv_lo(v)));
}

/* The exact test of the 1-byte classes but del on the 64 bytes v[0..4):
 * nonzero when one of them is denied. A hit is u < c_thr, so the least
 * u of each position is enough (avx2.c's ctl_hits). */
static inline uint8x16_t ctl_hits(const uint8x16_t v[4], const struct pol_tabs *pt)
{
    return vqsubq_u8(pt->c_thr, vminq_u8(vminq_u8(ctl_u(v[0], pt), ctl_u(v[1], pt)),
                                         vminq_u8(ctl_u(v[2], pt), ctl_u(v[3], pt))));
}

/* The longest valid prefix of p[0..len), by blocks (see blocks.h). With
 * pt != NULL (clean_blocks) the policy's hits are tested in the same
 * loop, a block fails on a hit too, and a failure returns a character
 * boundary before the block (policy.c goes on). */
_Static_assert(U8G_HEAD_BYTES >= 16, "blocks' end reads the 16 bytes before a whole block");

static inline __attribute__((always_inline)) size_t
blocks(const uint8_t *p, size_t len, const struct pol_tabs *pt)
{
    struct tables t;
    uint8x16_t prev = vdupq_n_u8(0), v[4], err, h;
    uint8_t tail[STEP], keep[STEP];
    size_t i;
    int k;

    load_tables(&t);
    for (i = 0; len - i >= STEP; i += STEP) {
        v[0] = vld1q_u8(p + i);
        v[1] = vld1q_u8(p + i + 16);
        v[2] = vld1q_u8(p + i + 32);
        v[3] = vld1q_u8(p + i + 48);
        if (vmaxvq_u8(vorrq_u8(vorrq_u8(v[0], v[1]), vorrq_u8(v[2], v[3]))) < 0x80) {
            err = vqsubq_u8(prev, t.incomplete_max);
            /* The 1-byte classes, exactly, without a branch (ctl_hits;
             * 0x7F, the greatest ASCII byte, by the greatest byte of
             * each position): one lookup per vector (the T lookups of
             * the full test took two). */
            if (pt != NULL && pt->ascii) {
                err = vorrq_u8(err, ctl_hits(v, pt));
                if (pt->del)
                    err = vorrq_u8(err, vqsubq_u8(vmaxq_u8(vmaxq_u8(v[0], v[1]),
                                                           vmaxq_u8(v[2], v[3])),
                                                  vdupq_n_u8(0x7E)));
            }
        } else {
            err = check4(v, prev, &t);
            if (pt != NULL)
                err = vorrq_u8(err, hits4(v, prev, pt));
        }
        if (any(err))
            return pt != NULL ? u8g_restart_point(p, i) : u8g_block_failed(p, len, i);
        prev = v[3];
    }
    if (pt == NULL && i != 0) {
        /* The bare end (blocks.h), after a block: check4 reads the 16
         * bytes before the last 64 (len >= i >= 64, and u8g_head checked
         * at least U8G_HEAD_BYTES >= 16 before p). */
        if (i != len) {
            for (k = 0; k < 4; k++)
                v[k] = vld1q_u8(p + len - STEP + 16 * (size_t)k);
            if (any(check4(v, vld1q_u8(p + len - STEP - 16), &t)))
                return u8g_block_failed(p, len, i);
            prev = v[3];
        }
        return any(vqsubq_u8(prev, t.incomplete_max)) ? u8g_cut_start(p, len) : len;
    }
    /* The last len - i < 64 bytes, zero-padded: at least one zero byte
     * follows them, so a character cut off by the end fails too. */
    memset(tail, 0, sizeof tail);
    memcpy(tail, p + i, len - i);
    v[0] = vld1q_u8(tail);
    v[1] = vld1q_u8(tail + 16);
    v[2] = vld1q_u8(tail + 32);
    v[3] = vld1q_u8(tail + 48);
    if (any(check4(v, prev, &t)))
        return pt != NULL ? u8g_restart_point(p, i) : u8g_block_failed(p, len, i);
    if (pt != NULL) {
        /* The zeros past the end are no characters: their hits do not
         * count (keep: FF for the bytes of the input). */
        memset(keep, 0, sizeof keep);
        memset(keep, 0xFF, len - i);
        for (k = 0; k < 4; k++) {
            h = pol_hits(v[k], vextq_u8(prev, v[k], 15), vextq_u8(prev, v[k], 14), pt);
            if (any(vandq_u8(h, vld1q_u8(keep + 16 * k))))
                return u8g_restart_point(p, i);
            prev = v[k];
        }
    }
    return len;
}

static size_t neon_blocks(const uint8_t *p, size_t len)
{
    return blocks(p, len, NULL);
}

/* Validation and policy checking in one pass (struct u8g_kernels). */
static size_t neon_clean_blocks(const uint8_t *p, size_t len, const struct u8g_polset *set)
{
    struct pol_tabs pt;

    pol_load(&pt, set);
    return blocks(p, len, &pt);
}

static size_t neon_valid_prefix(const uint8_t *p, size_t len)
{
    return u8g_head_then_blocks(p, len, neon_blocks);
}

/* Decoding: in validated windows (decode_driver.h), 8-byte steps
 * (decode_steps.h), as avx2.c ("Decoding"), with the 8 characters of a
 * step in two vectors of 4 lanes. A character's 4 bytes are gathered
 * into its lane in reverse (lead in the lane's top byte), so that two
 * shift-and-inserts (SLI) assemble b0 << 18 | b1 << 12 | b2 << 6 | b3
 * (NEON has no byte multiply-add); USHL by a negative count is the
 * per-lane right shift. */

/* By the high nibble of a lead: -6 * (4 - length), the (right) shift. */
static const int8_t U8G_LEAD_NEG_SHIFT[16] = {
    -18, -18, -18, -18, -18, -18, -18, -18, 0, 0, 0, 0, -12, -12, -6, 0,
};

struct dec_consts {
    uint8x16_t spread[2];  /* group g, byte 4j + k = 4g + j: lead position */
    uint8x16_t offsets;    /* byte 4j + k = 3 - k: the lead's 4 bytes, reversed */
    uint8x16_t lane_high;  /* 0xFF in the top byte of every 32-bit lane */
    uint8x16_t lead_keep;  /* U8G_LEAD_KEEP */
    uint8x16_t neg_shift;  /* U8G_LEAD_NEG_SHIFT */
    uint8x8_t bit_of;      /* byte k = 1 << k */
    uint32x4_t lane_bit;   /* lane j = 1 << j */
};

static inline void dec_consts_load(struct dec_consts *c)
{
    static const uint8_t spread[2][16] = {
        {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3},
        {4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7},
    };
    static const uint8_t bit_of[8] = {1, 2, 4, 8, 16, 32, 64, 128};
    static const uint32_t lane_bit[4] = {1, 2, 4, 8};

    c->spread[0] = vld1q_u8(spread[0]);
    c->spread[1] = vld1q_u8(spread[1]);
    c->offsets = vreinterpretq_u8_u32(vdupq_n_u32(0x00010203));
    c->lane_high = vreinterpretq_u8_u32(vdupq_n_u32(0xFF000000));
    c->lead_keep = vld1q_u8(U8G_LEAD_KEEP);
    c->neg_shift = vreinterpretq_u8_s8(vld1q_s8(U8G_LEAD_NEG_SHIFT));
    c->bit_of = vld1_u8(bit_of);
    c->lane_bit = vld1q_u32(lane_bit);
}

/* The code points of characters 4g .. 4g + 3 of a step: their leads are
 * at the positions pos (U8G_LEFT_PACK, bytes 0..7) of the 16 bytes src
 * (lanes past the number of leads decode the bytes at position 0: junk). */
static inline uint32x4_t decode4(uint8x16_t src, uint8x16_t pos, int g,
                                 const struct dec_consts *c)
{
    /* Lane bytes (b3, b2, b1, b0), lowest first. */
    uint8x16_t b = vqtbl1q_u8(src, vaddq_u8(vqtbl1q_u8(pos, c->spread[g]), c->offsets));
    uint8x16_t nib = vshrq_n_u8(b, 4);
    /* The lead keeps its payload; the other 3 bytes keep 6 bits, so that a
     * byte after the character, whatever it is, stays below the bits the
     * final shift keeps. */
    uint8x16_t keep = vbslq_u8(c->lane_high, vqtbl1q_u8(c->lead_keep, nib), vdupq_n_u8(0x3F));
    uint16x8_t h = vreinterpretq_u16_u8(vandq_u8(b, keep));
    uint32x4_t w;
    int32x4_t shift;

    /* 16-bit halves (lo | hi << 8) -> hi << 6 | lo: b2 << 6 | b3, b0 << 6 | b1 */
    h = vsliq_n_u16(h, vshrq_n_u16(h, 8), 6);
    /* 32-bit lanes -> (b0 << 6 | b1) << 12 | b2 << 6 | b3 */
    w = vreinterpretq_u32_u16(h);
    w = vsliq_n_u32(w, vshrq_n_u32(w, 16), 12);
    /* The lead's negative shift, from the lane's top byte, sign-extended. */
    shift = vshrq_n_s32(vreinterpretq_s32_u8(vqtbl1q_u8(c->neg_shift, nib)), 24);
    return vshlq_u32(w, shift);
}

/* The hooks of decode_steps.h: a step sees 16 bytes. */
typedef uint8x16_t step_vec;

static inline uint8x16_t load16(const uint8_t *p)
{
    return vld1q_u8(p);
}

static inline bool step_is_ascii(uint8x16_t v)
{
    return vmaxvq_u8(v) < 0x80;
}

/* Bit k (k = 0..7): byte k of v is a lead (not 10xxxxxx: >= -64 as a
 * signed byte). */
static inline uint32_t step_leads(uint8x16_t v, const struct dec_consts *c)
{
    uint8x16_t lead = vcgeq_s8(vreinterpretq_s8_u8(v), vdupq_n_s8(-64));

    return vaddv_u8(vand_u8(vget_low_u8(lead), c->bit_of));
}

/* The positions of the leads lead (U8G_LEFT_PACK) in bytes 0..7. */
static inline uint8x16_t lead_positions(uint32_t lead)
{
    return vreinterpretq_u8_u64(vdupq_n_u64(U8G_LEFT_PACK[lead]));
}

/* The 16 ASCII bytes v, widened (the next step looks at the bytes after
 * them); returns 16. */
static inline size_t ascii_utf32(const uint8_t *p, size_t left, uint32_t *out, uint8x16_t v)
{
    uint16x8_t lo = vmovl_u8(vget_low_u8(v)), hi = vmovl_u8(vget_high_u8(v));

    (void)p;
    (void)left;
    vst1q_u32(out, vmovl_u16(vget_low_u16(lo)));
    vst1q_u32(out + 4, vmovl_u16(vget_high_u16(lo)));
    vst1q_u32(out + 8, vmovl_u16(vget_low_u16(hi)));
    vst1q_u32(out + 12, vmovl_u16(vget_high_u16(hi)));
    return 16;
}

/* ascii_utf32 with UTF-16 output. */
static inline size_t ascii_utf16(const uint8_t *p, size_t left, uint16_t *out, uint8x16_t v)
{
    (void)p;
    (void)left;
    vst1q_u16(out, vmovl_u8(vget_low_u8(v)));
    vst1q_u16(out + 8, vmovl_u8(vget_high_u8(v)));
    return 16;
}

/* One step per call (8 bytes). */
static inline size_t step_utf32(const uint8_t *p, uint8x16_t v, uint32_t *out, size_t *o,
                                const struct dec_consts *c)
{
    uint32_t lead = step_leads(v, c);
    uint8x16_t pos = lead_positions(lead);

    (void)p;
    vst1q_u32(out + *o, decode4(v, pos, 0, c));
    vst1q_u32(out + *o + 4, decode4(v, pos, 1, c));
    *o += U8G_POPCOUNT8[lead];
    return 8;
}

/* Bytes 0..7 hold the step's leads; a byte >= F0 among them is a 4-byte
 * lead (continuation bytes are below C0). */
static inline bool step_has_lead4(uint8x16_t v, uint32_t lead)
{
    (void)lead;
    return vmaxv_u8(vget_low_u8(v)) >= 0xF0;
}

/* Every code point is below 0x10000: narrowing keeps it. */
static inline void step_utf16_bmp(uint8x16_t v, uint32_t lead, uint16_t *out,
                                  const struct dec_consts *c)
{
    uint8x16_t pos = lead_positions(lead);

    vst1q_u16(out, vcombine_u16(vmovn_u32(decode4(v, pos, 0, c)), vmovn_u32(decode4(v, pos, 1, c))));
}

/* Stores the UTF-16 of the first k (0..4) code points of cp at out and
 * returns the units they take; 8 units are written, those past the k
 * code points are junk for the caller to overwrite. Each lane becomes its
 * code point or, from U+10000 up, its surrogate pair high | low << 16;
 * U8G_UTF16_PAIRS packs the units. Junk lanes (from k on) come last, so
 * their pairs move no unit of the first k. */
static inline size_t store_utf16x4(uint32x4_t cp, size_t k, uint16_t *out,
                                   const struct dec_consts *c)
{
    uint32x4_t supp = vcgtq_u32(cp, vdupq_n_u32(0xFFFF));
    uint32x4_t s = vsubq_u32(cp, vdupq_n_u32(0x10000));
    uint32x4_t high = vorrq_u32(vshrq_n_u32(s, 10), vdupq_n_u32(0xD800));
    uint32x4_t low = vorrq_u32(vandq_u32(s, vdupq_n_u32(0x3FF)), vdupq_n_u32(0xDC00));
    uint32x4_t lanes = vbslq_u32(supp, vorrq_u32(high, vshlq_n_u32(low, 16)), cp);
    uint32_t m = vaddvq_u32(vandq_u32(supp, c->lane_bit));

    vst1q_u16(out, vreinterpretq_u16_u8(vqtbl1q_u8(vreinterpretq_u8_u32(lanes),
                                                   vld1q_u8(U8G_UTF16_PAIRS[m]))));
    return k + U8G_POPCOUNT8[m & ((1u << k) - 1)];
}

/* The first 4 characters, then the k - 4 others after their units. */
static inline size_t step_utf16_pairs(uint8x16_t v, uint32_t lead, size_t k, uint16_t *out,
                                      const struct dec_consts *c)
{
    uint8x16_t pos = lead_positions(lead);
    size_t k0 = k < 4 ? k : 4, u0;

    u0 = store_utf16x4(decode4(v, pos, 0, c), k0, out, c);
    return u0 + store_utf16x4(decode4(v, pos, 1, c), k - k0, out + u0, c);
}

#include "decode_steps.h"

/* to_utf32, to_utf16: the windowed decoder with this file's validator and
 * decode steps. */
#define U8G_DRIVER_VALID neon_valid_prefix
#include "decode_driver.h"

/* error_scan.h with the portable bit planes (NEON has no movemask). */
#define U8G_SCAN_PLANES u8g_planes_swar
#include "error_scan.h"

U8G_ENTRIES(neon, neon_valid_prefix)

const struct u8g_kernels u8g_neon_kernels = {
    U8GUARD_IMPL_NEON, neon_valid_prefix, driver_to_utf32, driver_to_utf16,
    NULL, /* no fused validate-and-copy: sanitize validates, then copies */
    neon_clean_blocks,
    scan_error_run,
    neon_validate,
    neon_first_error,
    NULL, /* no one-pass copy: no copy with non-temporal stores either */
};

#endif
