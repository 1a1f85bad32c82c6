/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* find_lead_avx512.c -- policy checking's byte-set scan (struct
 * u8g_leadset) with AVX-512BW byte shuffles, 128 bytes per step: each byte
 * looks up its low nibble in set->lo and its high nibble in set->hi, and
 * is in the set when the two share a bit. The tail is one masked load
 * (masked-off bytes are not read). */
#include "kernels.h"

#if U8G_HAVE_X86_KERNELS
#if !defined(__AVX512F__) || !defined(__AVX512BW__)
#error "find_lead_avx512.c must be compiled with -mavx512f -mavx512bw (see src/CMakeLists.txt)"
#endif

#include <immintrin.h>

static inline __mmask64 hits(__m512i x, __m512i lo, __m512i hi, __m512i nib)
{
    __m512i a = _mm512_shuffle_epi8(lo, _mm512_and_si512(x, nib));
    __m512i b = _mm512_shuffle_epi8(hi, _mm512_and_si512(_mm512_srli_epi16(x, 4), nib));

    return _mm512_test_epi8_mask(a, b);
}

size_t u8g_avx512_find_lead(const uint8_t *p, size_t len,
                            const struct u8g_leadset *set)
{
    const __m512i lo = _mm512_broadcast_i32x4(
        _mm_loadu_si128((const __m128i *)(const void *)set->lo));
    const __m512i hi = _mm512_broadcast_i32x4(
        _mm_loadu_si128((const __m128i *)(const void *)set->hi));
    const __m512i nib = _mm512_set1_epi8(0x0F);
    __mmask64 m0, m1, tail;
    size_t i = 0;

    for (; len - i >= 128; i += 128) {
        m0 = hits(_mm512_loadu_si512((const void *)(p + i)), lo, hi, nib);
        m1 = hits(_mm512_loadu_si512((const void *)(p + i + 64)), lo, hi, nib);
        if ((m0 | m1) == 0)
            continue;
        if (m0 != 0)
            return i + (size_t)__builtin_ctzll(m0);
        return i + 64 + (size_t)__builtin_ctzll(m1);
    }
    for (; i < len; i += 64) {
        tail = len - i >= 64 ? ~(__mmask64)0 : (((__mmask64)1 << (len - i)) - 1);
        m0 = hits(_mm512_maskz_loadu_epi8(tail, p + i), lo, hi, nib) & tail;
        if (m0 != 0)
            return i + (size_t)__builtin_ctzll(m0);
    }
    return len;
}

#endif
