/* neon.c -- the AArch64 Advanced SIMD implementation: Keiser-Lemire
 * validation (blocks.h) 16 bytes per vector, 64 bytes per step; ASCII
 * widened 16 bytes at a time when decoding. Advanced SIMD is part of
 * AArch64, so no flags and no runtime check are needed. */
#include "kernels.h"

#if U8G_HAVE_NEON_KERNEL

#include "blocks.h"
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

/* The longest valid prefix of p[0..len), by blocks (see blocks.h). */
static size_t neon_blocks(const uint8_t *p, size_t len)
{
    struct tables t;
    uint8x16_t prev = vdupq_n_u8(0), v[4], err;
    uint8_t tail[STEP];
    size_t i;

    load_tables(&t);
    for (i = 0; len - i >= STEP; i += STEP) {
        v[0] = vld1q_u8(p + i);
        v[1] = vld1q_u8(p + i + 16);
        v[2] = vld1q_u8(p + i + 32);
        v[3] = vld1q_u8(p + i + 48);
        if (vmaxvq_u8(vorrq_u8(vorrq_u8(v[0], v[1]), vorrq_u8(v[2], v[3]))) < 0x80)
            err = vqsubq_u8(prev, t.incomplete_max);
        else
            err = check4(v, prev, &t);
        if (any(err))
            return u8g_block_failed(p, len, i);
        prev = v[3];
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
        return u8g_block_failed(p, len, i);
    return len;
}

static size_t neon_valid_prefix(const uint8_t *p, size_t len)
{
    bool stop;
    size_t h = u8g_head(p, len, &stop);

    return stop ? h : h + neon_blocks(p + h, len - h);
}

/* Number of ASCII bytes at the start of v (16: all of them). */
static inline size_t ascii_run(uint8x16_t v)
{
    /* Each byte becomes 0xF or 0x0 in a nibble of a 64-bit mask. */
    uint8x8_t nib = vshrn_n_u16(vreinterpretq_u16_u8(vcltq_u8(v, vdupq_n_u8(0x80))), 4);
    uint64_t ascii = vget_lane_u64(vreinterpret_u64_u8(nib), 0);

    return ascii == ~0ull ? 16 : (size_t)__builtin_ctzll(~ascii) / 4;
}

static size_t neon_to_utf32(const uint8_t *p, size_t len, uint32_t *out,
                            size_t *n_out)
{
    size_t n = neon_valid_prefix(p, len), i = 0, o = 0, k, m;
    uint8x16_t v;
    uint16x8_t lo, hi;

    while (i < n) {
        if (n - i >= 16) {
            v = vld1q_u8(p + i);
            m = ascii_run(v);
            if (m == 16) {
                lo = vmovl_u8(vget_low_u8(v));
                hi = vmovl_u8(vget_high_u8(v));
                vst1q_u32(out + o, vmovl_u16(vget_low_u16(lo)));
                vst1q_u32(out + o + 4, vmovl_u16(vget_high_u16(lo)));
                vst1q_u32(out + o + 8, vmovl_u16(vget_low_u16(hi)));
                vst1q_u32(out + o + 12, vmovl_u16(vget_high_u16(hi)));
                i += 16;
                o += 16;
                continue;
            }
            for (k = 0; k < m; k++)
                out[o + k] = p[i + k];
            i += m;
            o += m;
        }
        i = u8g_run_utf32(p, i, n, out, &o);
    }
    *n_out = o;
    return n;
}

static size_t neon_to_utf16(const uint8_t *p, size_t len, uint16_t *out,
                            size_t *n_out)
{
    size_t n = neon_valid_prefix(p, len), i = 0, o = 0, k, m;
    uint8x16_t v;

    while (i < n) {
        if (n - i >= 16) {
            v = vld1q_u8(p + i);
            m = ascii_run(v);
            if (m == 16) {
                vst1q_u16(out + o, vmovl_u8(vget_low_u8(v)));
                vst1q_u16(out + o + 8, vmovl_u8(vget_high_u8(v)));
                i += 16;
                o += 16;
                continue;
            }
            for (k = 0; k < m; k++)
                out[o + k] = p[i + k];
            i += m;
            o += m;
        }
        i = u8g_run_utf16(p, i, n, out, &o);
    }
    *n_out = o;
    return n;
}

const struct u8g_kernels u8g_neon_kernels = {
    U8GUARD_IMPL_NEON, neon_valid_prefix, neon_to_utf32, neon_to_utf16,
    NULL, /* no fused validate-and-copy: sanitize validates, then copies */
};

#endif
