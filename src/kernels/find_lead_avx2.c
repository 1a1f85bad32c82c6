/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* find_lead_avx2.c -- policy checking's byte-set scan (struct
 * u8g_leadset) with AVX2 byte shuffles, 64 bytes per step: each byte
 * looks up its low nibble in set->lo and its high nibble in set->hi, and
 * is in the set when the two share a bit. */
#include "kernels.h"

#if U8G_HAVE_X86_KERNELS
#if !defined(__AVX2__)
#error "find_lead_avx2.c must be compiled with -mavx2 (see src/CMakeLists.txt)"
#endif

#include <immintrin.h>

static inline __m256i hits(__m256i x, __m256i lo, __m256i hi, __m256i nib)
{
    __m256i a = _mm256_shuffle_epi8(lo, _mm256_and_si256(x, nib));
    __m256i b = _mm256_shuffle_epi8(hi, _mm256_and_si256(_mm256_srli_epi16(x, 4), nib));

    return _mm256_and_si256(a, b);
}

/* The bytes of h that are not zero, as a 32-bit mask. */
static inline uint32_t mask32(__m256i h)
{
    return ~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(h, _mm256_setzero_si256()));
}

size_t u8g_avx2_find_lead(const uint8_t *p, size_t len,
                          const struct u8g_leadset *set)
{
    const __m256i lo = _mm256_broadcastsi128_si256(
        _mm_loadu_si128((const __m128i *)(const void *)set->lo));
    const __m256i hi = _mm256_broadcastsi128_si256(
        _mm_loadu_si128((const __m128i *)(const void *)set->hi));
    const __m256i nib = _mm256_set1_epi8(0x0F);
    __m256i h0, h1;
    size_t i = 0;
    uint32_t m;

    for (; len - i >= 64; i += 64) {
        h0 = hits(_mm256_loadu_si256((const __m256i *)(const void *)(p + i)), lo, hi, nib);
        h1 = hits(_mm256_loadu_si256((const __m256i *)(const void *)(p + i + 32)), lo, hi, nib);
        if (_mm256_testz_si256(_mm256_or_si256(h0, h1), _mm256_or_si256(h0, h1)))
            continue;
        if ((m = mask32(h0)) != 0)
            return i + (size_t)__builtin_ctz(m);
        return i + 32 + (size_t)__builtin_ctz(mask32(h1));
    }
    if (len - i >= 32) {
        m = mask32(hits(_mm256_loadu_si256((const __m256i *)(const void *)(p + i)), lo, hi, nib));
        if (m != 0)
            return i + (size_t)__builtin_ctz(m);
        i += 32;
    }
    return i + u8g_find_lead_table(p + i, len - i, set);
}

#endif
