/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* find_lead_sse42.c -- policy checking's byte-set scan (struct
 * u8g_leadset) with SSSE3 byte shuffles, 64 bytes per step: each byte
 * looks up its low nibble in set->lo and its high nibble in set->hi, and
 * is in the set when the two share a bit. */
#include "kernels.h"

#if U8G_HAVE_X86_KERNELS
#if !defined(__SSSE3__)
#error "find_lead_sse42.c must be compiled with -mssse3 (see src/CMakeLists.txt)"
#endif

#include <immintrin.h>

/* The bytes of x that are in the set, as a 16-bit mask. */
static inline __m128i hits(__m128i x, __m128i lo, __m128i hi, __m128i nib)
{
    __m128i a = _mm_shuffle_epi8(lo, _mm_and_si128(x, nib));
    __m128i b = _mm_shuffle_epi8(hi, _mm_and_si128(_mm_srli_epi16(x, 4), nib));

    return _mm_and_si128(a, b);
}

static inline unsigned mask16(__m128i h)
{
    return ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(h, _mm_setzero_si128())) & 0xFFFFu;
}

size_t u8g_sse42_find_lead(const uint8_t *p, size_t len,
                           const struct u8g_leadset *set)
{
    const __m128i lo = _mm_loadu_si128((const __m128i *)(const void *)set->lo);
    const __m128i hi = _mm_loadu_si128((const __m128i *)(const void *)set->hi);
    const __m128i nib = _mm_set1_epi8(0x0F);
    __m128i h0, h1, h2, h3;
    size_t i = 0;
    unsigned m;

    for (; len - i >= 64; i += 64) {
        h0 = hits(_mm_loadu_si128((const __m128i *)(const void *)(p + i)), lo, hi, nib);
        h1 = hits(_mm_loadu_si128((const __m128i *)(const void *)(p + i + 16)), lo, hi, nib);
        h2 = hits(_mm_loadu_si128((const __m128i *)(const void *)(p + i + 32)), lo, hi, nib);
        h3 = hits(_mm_loadu_si128((const __m128i *)(const void *)(p + i + 48)), lo, hi, nib);
        if (mask16(_mm_or_si128(_mm_or_si128(h0, h1), _mm_or_si128(h2, h3))) == 0)
            continue;
        if ((m = mask16(h0)) != 0)
            return i + (size_t)__builtin_ctz(m);
        if ((m = mask16(h1)) != 0)
            return i + 16 + (size_t)__builtin_ctz(m);
        if ((m = mask16(h2)) != 0)
            return i + 32 + (size_t)__builtin_ctz(m);
        return i + 48 + (size_t)__builtin_ctz(mask16(h3));
    }
    for (; len - i >= 16; i += 16) {
        m = mask16(hits(_mm_loadu_si128((const __m128i *)(const void *)(p + i)), lo, hi, nib));
        if (m != 0)
            return i + (size_t)__builtin_ctz(m);
    }
    return i + u8g_find_lead_table(p + i, len - i, set);
}

#endif
