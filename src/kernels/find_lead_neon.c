/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* find_lead_neon.c -- policy checking's byte-set scan (struct
 * u8g_leadset) with NEON table lookups, 64 bytes per step: each byte
 * looks up its low nibble in set->lo and its high nibble in set->hi, and
 * is in the set when the two share a bit. */
#include "kernels.h"

#if U8G_HAVE_NEON_KERNEL

#include <arm_neon.h>

static inline uint8x16_t hits(uint8x16_t x, uint8x16_t lo, uint8x16_t hi)
{
    return vtstq_u8(vqtbl1q_u8(lo, vandq_u8(x, vdupq_n_u8(0x0F))),
                    vqtbl1q_u8(hi, vshrq_n_u8(x, 4)));
}

/* The first byte of h (0x00 or 0xFF each) that is set, or 16. */
static inline size_t first(uint8x16_t h)
{
    uint64_t m = vget_lane_u64(vreinterpret_u64_u8(
        vshrn_n_u16(vreinterpretq_u16_u8(h), 4)), 0); /* 4 bits per byte */

    return m == 0 ? 16 : (size_t)__builtin_ctzll(m) / 4;
}

size_t u8g_neon_find_lead(const uint8_t *p, size_t len,
                          const struct u8g_leadset *set)
{
    const uint8x16_t lo = vld1q_u8(set->lo), hi = vld1q_u8(set->hi);
    uint8x16_t h0, h1, h2, h3;
    size_t i = 0, j;

    for (; len - i >= 64; i += 64) {
        h0 = hits(vld1q_u8(p + i), lo, hi);
        h1 = hits(vld1q_u8(p + i + 16), lo, hi);
        h2 = hits(vld1q_u8(p + i + 32), lo, hi);
        h3 = hits(vld1q_u8(p + i + 48), lo, hi);
        if (vmaxvq_u8(vorrq_u8(vorrq_u8(h0, h1), vorrq_u8(h2, h3))) == 0)
            continue;
        if ((j = first(h0)) < 16)
            return i + j;
        if ((j = first(h1)) < 16)
            return i + 16 + j;
        if ((j = first(h2)) < 16)
            return i + 32 + j;
        return i + 48 + first(h3);
    }
    for (; len - i >= 16; i += 16)
        if ((j = first(hits(vld1q_u8(p + i), lo, hi))) < 16)
            return i + j;
    return i + u8g_find_lead_table(p + i, len - i, set);
}

#endif
