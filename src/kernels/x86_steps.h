/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* x86_steps.h -- the hooks of decode_steps.h that avx2.c and sse42.c
 * share: both load a step's 16 bytes into one SSE register and find its
 * leads with a byte compare and pmovmskb. Included by those two files
 * only (compiled with -mavx2, or -mssse3 -msse4.1 -msse4.2). */
#ifndef U8GUARD_X86_STEPS_H
#define U8GUARD_X86_STEPS_H

#include <immintrin.h>
#include <stdbool.h>
#include <stdint.h>

typedef __m128i step_vec;

struct dec_consts; /* each kernel's own */

/* The 16 bytes at p. */
static inline __m128i load16(const uint8_t *p)
{
    return _mm_loadu_si128((const __m128i *)(const void *)p);
}

static inline bool step_is_ascii(__m128i v)
{
    return _mm_movemask_epi8(v) == 0;
}

/* Bit k (k = 0..15): byte k of v is a lead (not 10xxxxxx: >= -64 as a
 * signed byte). */
static inline uint32_t leads16(__m128i v)
{
    return (uint32_t)_mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8(-65)));
}

/* Bit k (k = 0..7): byte k of v is a lead. */
static inline uint32_t step_leads(__m128i v, const struct dec_consts *c)
{
    (void)c;
    return leads16(v) & 0xFF;
}

/* Whether a lead among bytes 0..7 (lead: step_leads) is >= F0: bytes
 * >= F0 are greater than -17 as signed bytes, and negative. */
static inline bool step_has_lead4(__m128i v, uint32_t lead)
{
    return ((uint32_t)_mm_movemask_epi8(v) & lead &
            (uint32_t)_mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8(-17)))) != 0;
}

#endif
