/* avx512.c -- the AVX-512 (F, BW, VL) implementation: Keiser-Lemire
 * validation (blocks.h) 64 bytes per vector, 128 bytes per step; the end
 * of the input read with a masked load (which never touches the bytes the
 * mask excludes, so nothing past len is read); ASCII widened 64 bytes at a
 * time when decoding.
 *
 * This file is compiled with -mavx512f -mavx512bw -mavx512vl
 * (src/CMakeLists.txt) and its functions run only after cpu.c has
 * confirmed those and OS support for the ZMM and mask registers. VBMI and
 * VBMI2 are not used, so the kernel runs on every AVX-512 BW/VL CPU. */
#include "kernels.h"

#if U8G_HAVE_X86_KERNELS
#if !defined(__AVX512F__) || !defined(__AVX512BW__) || !defined(__AVX512VL__)
#error "avx512.c must be compiled with -mavx512f -mavx512bw -mavx512vl"
#endif

#include "blocks.h"
#include "utf8_char.h"

#include <immintrin.h>

#define VEC 64 /* bytes per vector */

struct tables {
    __m512i prev_high, prev_low, cur_high; /* nibble lookups */
    __m512i incomplete_max;                /* see KL_INCOMPLETE_MAX */
};

static inline __m512i load(const uint8_t *p)
{
    return _mm512_loadu_si512((const void *)p);
}

static inline __m512i broadcast16(const uint8_t table[16])
{
    return _mm512_broadcast_i32x4(
        _mm_loadu_si128((const __m128i *)(const void *)table));
}

static inline void load_tables(struct tables *t)
{
    t->prev_high = broadcast16(KL_PREV_HIGH);
    t->prev_low = broadcast16(KL_PREV_LOW);
    t->cur_high = broadcast16(KL_CUR_HIGH);
    t->incomplete_max = _mm512_inserti32x4(
        _mm512_set1_epi8(-1),
        _mm_loadu_si128((const __m128i *)(const void *)KL_INCOMPLETE_MAX), 3);
}

/* The error bits of each byte of in, whose preceding 64 bytes are prev:
 * nonzero where a rule of Table 3-7 is broken. */
static inline __m512i check(__m512i in, __m512i prev, const struct tables *t)
{
    const __m512i nibble = _mm512_set1_epi8(0x0F);
    /* in moved up one 128-bit lane, prev's last lane below it, so that
     * the in-lane alignr can look back across lane boundaries. */
    __m512i mid = _mm512_alignr_epi32(in, prev, 12);
    __m512i prev1 = _mm512_alignr_epi8(in, mid, 15);
    __m512i prev2 = _mm512_alignr_epi8(in, mid, 14);
    __m512i prev3 = _mm512_alignr_epi8(in, mid, 13);
    __m512i a = _mm512_shuffle_epi8(
        t->prev_high, _mm512_and_si512(_mm512_srli_epi16(prev1, 4), nibble));
    __m512i b = _mm512_shuffle_epi8(t->prev_low, _mm512_and_si512(prev1, nibble));
    __m512i c = _mm512_shuffle_epi8(
        t->cur_high, _mm512_and_si512(_mm512_srli_epi16(in, 4), nibble));
    __m512i must23 = _mm512_or_si512(
        _mm512_subs_epu8(prev2, _mm512_set1_epi8(KL_THIRD_SUB)),
        _mm512_subs_epu8(prev3, _mm512_set1_epi8(KL_FOURTH_SUB)));

    /* (a & b & c) ^ (must23 & 0x80): 0x80 selects a & b & c, then the
     * XOR with bit 7 of must23, done as two ternary logic operations. */
    return _mm512_ternarylogic_epi32(_mm512_ternarylogic_epi32(a, b, c, 0x80),
                                     must23, _mm512_set1_epi8((char)0x80),
                                     0x78); /* A ^ (B & C) */
}

static inline bool any(__m512i v)
{
    return _mm512_test_epi8_mask(v, v) != 0;
}

static size_t avx512_valid_prefix(const uint8_t *p, size_t len)
{
    struct tables t;
    __m512i prev = _mm512_setzero_si512(), a, b, err;
    __mmask64 m;
    size_t i = 0;

    load_tables(&t);
    for (; len - i >= 2 * VEC; i += 2 * VEC) {
        a = load(p + i);
        b = load(p + i + VEC);
        if (_mm512_movepi8_mask(_mm512_or_si512(a, b)) == 0)
            err = _mm512_subs_epu8(prev, t.incomplete_max);
        else
            err = _mm512_or_si512(check(a, prev, &t), check(b, a, &t));
        if (any(err))
            return u8g_block_failed(p, len, i);
        prev = b;
    }
    if (len - i >= VEC) {
        a = load(p + i);
        if (any(check(a, prev, &t)))
            return u8g_block_failed(p, len, i);
        prev = a;
        i += VEC;
    }
    /* The last len - i < 64 bytes, zero-filled by the masked load: at
     * least one zero byte follows them, so a character cut off by the end
     * fails too. */
    m = len - i == 0 ? 0 : (~(__mmask64)0 >> (VEC - (len - i)));
    a = _mm512_maskz_loadu_epi8(m, p + i);
    if (any(check(a, prev, &t)))
        return u8g_block_failed(p, len, i);
    return len;
}

/* Number of ASCII bytes at the start of v (64: all of them). */
static inline size_t ascii_run(__m512i v)
{
    uint64_t m = _mm512_movepi8_mask(v);

    return m == 0 ? VEC : (size_t)__builtin_ctzll(m);
}

static size_t avx512_to_utf32(const uint8_t *p, size_t len, uint32_t *out,
                              size_t *n_out)
{
    size_t n = avx512_valid_prefix(p, len), i = 0, o = 0, k, m;
    __m512i v;

    while (i < n) {
        if (n - i >= VEC) {
            v = load(p + i);
            m = ascii_run(v);
            if (m == VEC) {
                _mm512_storeu_si512(out + o, _mm512_cvtepu8_epi32(_mm512_castsi512_si128(v)));
                _mm512_storeu_si512(out + o + 16,
                                    _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(v, 1)));
                _mm512_storeu_si512(out + o + 32,
                                    _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(v, 2)));
                _mm512_storeu_si512(out + o + 48,
                                    _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(v, 3)));
                i += VEC;
                o += VEC;
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

static size_t avx512_to_utf16(const uint8_t *p, size_t len, uint16_t *out,
                              size_t *n_out)
{
    size_t n = avx512_valid_prefix(p, len), i = 0, o = 0, k, m;
    __m512i v;

    while (i < n) {
        if (n - i >= VEC) {
            v = load(p + i);
            m = ascii_run(v);
            if (m == VEC) {
                _mm512_storeu_si512(out + o, _mm512_cvtepu8_epi16(_mm512_castsi512_si256(v)));
                _mm512_storeu_si512(out + o + 32,
                                    _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64(v, 1)));
                i += VEC;
                o += VEC;
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

const struct u8g_kernels u8g_avx512_kernels = {
    U8GUARD_IMPL_AVX512, avx512_valid_prefix, avx512_to_utf32, avx512_to_utf16,
};

#endif
