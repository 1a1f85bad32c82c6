/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* find_lead_avx512.c -- policy checking's byte-set scan (struct
 * u8g_leadset) with AVX-512BW/VBMI, 128 bytes per step: each byte looks up
 * its low nibble in set->lo and its high nibble in set->hi (a byte
 * shuffle), the byte after it looks up its low 6 bits in set->next (a
 * 64-entry permute), and it is a candidate when the three share a bit.
 * The second-byte test keeps the scan going over text whose lead bytes
 * are those of denied classes but whose characters are not (Arabic
 * letters after D8, Latin-1 after C2). The tail is masked loads (masked-off
 * bytes are not read). */
#include "kernels.h"

#if U8G_HAVE_X86_KERNELS
#if !defined(__AVX512F__) || !defined(__AVX512BW__) || !defined(__AVX512VBMI__)
#error "find_lead_avx512.c must be compiled with -mavx512f -mavx512bw -mavx512vbmi (see src/CMakeLists.txt)"
#endif

#include <immintrin.h>

struct tabs {
    __m512i lo, hi, next, nib;
};

/* The candidates among the 64 bytes x, whose next bytes are y. */
static inline __mmask64 hits(__m512i x, __m512i y, const struct tabs *t)
{
    __m512i a = _mm512_shuffle_epi8(t->lo, _mm512_and_si512(x, t->nib));
    __m512i b = _mm512_shuffle_epi8(t->hi, _mm512_and_si512(_mm512_srli_epi16(x, 4), t->nib));
    __m512i c = _mm512_permutexvar_epi8(y, t->next); /* low 6 bits of y */

    return _mm512_test_epi8_mask(_mm512_and_si512(a, b), c);
}

/* n bytes (0..64) as a load mask. */
static inline __mmask64 first_n(size_t n)
{
    return n >= 64 ? ~(__mmask64)0 : (((__mmask64)1 << n) - 1);
}

size_t u8g_avx512_find_lead(const uint8_t *p, size_t len,
                            const struct u8g_leadset *set)
{
    struct tabs t;
    __mmask64 m0, m1;
    size_t i = 0;

    t.lo = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)set->lo));
    t.hi = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)set->hi));
    t.next = _mm512_loadu_si512((const void *)set->next);
    t.nib = _mm512_set1_epi8(0x0F);
    for (; len - i >= 129; i += 128) {
        m0 = hits(_mm512_loadu_si512((const void *)(p + i)),
                  _mm512_loadu_si512((const void *)(p + i + 1)), &t);
        m1 = hits(_mm512_loadu_si512((const void *)(p + i + 64)),
                  _mm512_loadu_si512((const void *)(p + i + 65)), &t);
        if ((m0 | m1) == 0)
            continue;
        if (m0 != 0)
            return i + (size_t)__builtin_ctzll(m0);
        return i + 64 + (size_t)__builtin_ctzll(m1);
    }
    for (; i < len; i += 64) {
        /* Past the end the next byte reads as 00: only a 1-byte
         * character can end a well-formed buffer, and its bit is set in
         * every entry of set->next. */
        m0 = hits(_mm512_maskz_loadu_epi8(first_n(len - i), p + i),
                  _mm512_maskz_loadu_epi8(first_n(len - i - 1), p + i + 1), &t) &
             first_n(len - i);
        if (m0 != 0)
            return i + (size_t)__builtin_ctzll(m0);
    }
    return len;
}

#endif
