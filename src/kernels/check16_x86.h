/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* check16_x86.h -- the Keiser-Lemire check (blocks.h) of one 16-byte SSE
 * vector, written once for the SSE4.2 kernel's loop (sse42.c, which loads
 * the bytes before from memory) and the short path of the SSE4.2 and AVX2
 * kernels (short_x86.h, which takes them from registers). Included by
 * those files only (compiled with at least -mssse3), after blocks.h. */
#ifndef U8GUARD_CHECK16_X86_H
#define U8GUARD_CHECK16_X86_H

#include "blocks.h"

#include <immintrin.h>

/* The error bits of the 16 bytes in (nonzero where a rule of Table 3-7 is
 * broken), given the bytes 1, 2 and 3 before each of them and the nibble
 * tables KL_PREV_HIGH, KL_PREV_LOW and KL_CUR_HIGH in registers. */
static inline __m128i check16(__m128i in, __m128i prev1, __m128i prev2, __m128i prev3,
                              __m128i prev_high, __m128i prev_low, __m128i cur_high)
{
    const __m128i nibble = _mm_set1_epi8(0x0F);
    __m128i a = _mm_shuffle_epi8(prev_high, _mm_and_si128(_mm_srli_epi16(prev1, 4), nibble));
    __m128i b = _mm_shuffle_epi8(prev_low, _mm_and_si128(prev1, nibble));
    __m128i c = _mm_shuffle_epi8(cur_high, _mm_and_si128(_mm_srli_epi16(in, 4), nibble));
    __m128i special = _mm_and_si128(_mm_and_si128(a, b), c);
    __m128i must23 = _mm_and_si128(
        _mm_or_si128(_mm_subs_epu8(prev2, _mm_set1_epi8(KL_THIRD_SUB)),
                     _mm_subs_epu8(prev3, _mm_set1_epi8(KL_FOURTH_SUB))),
        _mm_set1_epi8((char)0x80));

    return _mm_xor_si128(must23, special);
}

#endif
