/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* short_x86.h -- the valid prefix of a short input (1..U8G_SHORT_X86_MAX
 * bytes) for the SSE4.2 and AVX2 kernels, which have no masked byte
 * loads: nothing outside p[0..len) may be read, and a short string must
 * not pay for the block loop's set-up (the scalar head, the zero-padded
 * copy of the tail).
 *
 * - 16 bytes or more: 16-byte vectors at 0, 16, 32, 48 while they fit,
 *   and one more that ends at len (it overlaps the one before). ASCII is
 *   answered by one test of the OR of them all. Otherwise each vector is
 *   checked (Keiser-Lemire, blocks.h) with the 3 bytes before it taken
 *   from a register: zero at the start of the input (a boundary), the
 *   vector before it, or, for the overlapping last one, the bytes before
 *   it inserted one by one. A byte's checks depend only on it and the
 *   bytes before it, so a byte checked twice gets the same answer twice.
 *   The last vector ends at len and gets the end-of-input test
 *   (KL_INCOMPLETE_MAX).
 * - Under 16 bytes: ASCII is answered by two overlapping word loads;
 *   other text is checked one character at a time (at most 15 bytes).
 *
 * Included by sse42.c and avx2.c (compiled with at least -mssse3
 * -msse4.1), after blocks.h. */
#ifndef U8GUARD_SHORT_X86_H
#define U8GUARD_SHORT_X86_H

#include "blocks.h"
#include "check16_x86.h"
#include "utf8_char.h"

#include <immintrin.h>
#include <stdint.h>
#include <string.h>

/* The inputs short_x86_prefix takes. */
#define U8G_SHORT_X86_MAX U8G_SHORT_MAX

static inline __m128i short_load16(const uint8_t *p)
{
    return _mm_loadu_si128((const __m128i *)(const void *)p);
}

/* The error bits of the 16 bytes in, whose 3 bytes before are the top 3
 * bytes of before (see blocks.h). */
static inline __m128i short_check16(__m128i in, __m128i before)
{
    return check16(in, _mm_alignr_epi8(in, before, 15), _mm_alignr_epi8(in, before, 14),
                   _mm_alignr_epi8(in, before, 13), short_load16(KL_PREV_HIGH),
                   short_load16(KL_PREV_LOW), short_load16(KL_CUR_HIGH));
}

static inline uint64_t short_word(const uint8_t *p, size_t n)
{
    uint64_t w = 0;

    memcpy(&w, p, n); /* n is a constant at each call: one load */
    return w;
}

/* Whether p[0..len), 1 <= len < 16, is all ASCII: two overlapping loads
 * of 8 or 4 bytes, or the first, middle and last bytes. */
static inline bool short_ascii15(const uint8_t *p, size_t len)
{
    uint64_t w;

    if (len >= 8)
        w = short_word(p, 8) | short_word(p + len - 8, 8);
    else if (len >= 4)
        w = short_word(p, 4) | short_word(p + len - 4, 4);
    else
        w = (uint64_t)p[0] | p[len / 2] | p[len - 1];
    return (w & 0x8080808080808080u) == 0;
}

/* short_x86_prefix returns the length of the longest valid prefix of
 * p[0..len), 1 <= len <= U8G_SHORT_X86_MAX. */
static inline size_t short_x86_prefix(const uint8_t *p, size_t len)
{
    __m128i v, before, acc, err;
    size_t i, n, last;
    uint32_t cp;

    if (len < 16) {
        if (short_ascii15(p, len))
            return len;
        i = 0;
        while (i < len && (n = u8g_char_check(p + i, len - i, &cp)) != 0)
            i += n;
        return i;
    }
    last = len - 16; /* the last vector: p[last..len) */
    acc = short_load16(p + last);
    for (i = 0; i < last; i += 16) /* p[0..last) in 16s, the last overlapping */
        acc = _mm_or_si128(acc, short_load16(p + i));
    if (_mm_movemask_epi8(acc) == 0)
        return len;
    before = _mm_setzero_si128();
    v = acc;
    for (i = 0; i + 16 <= len; i += 16) {
        v = short_load16(p + i);
        err = short_check16(v, before);
        if (!_mm_testz_si128(err, err))
            return u8g_block_failed(p, len, i);
        before = v;
    }
    if (i < len) {
        /* The overlapping last vector: the 3 bytes before p + last, where
         * they exist (last >= 1 here). */
        before = _mm_insert_epi8(_mm_setzero_si128(), p[last - 1], 15);
        if (last >= 2)
            before = _mm_insert_epi8(before, p[last - 2], 14);
        if (last >= 3)
            before = _mm_insert_epi8(before, p[last - 3], 13);
        v = short_load16(p + last);
        err = short_check16(v, before);
        if (!_mm_testz_si128(err, err))
            return u8g_block_failed(p, len, last); /* p[0..last) passed */
    }
    /* The end of the input: the last vector (v, ending at len) must not
     * end inside a character. */
    err = _mm_subs_epu8(v, short_load16(KL_INCOMPLETE_MAX));
    if (!_mm_testz_si128(err, err))
        return u8g_block_failed(p, len, last);
    return len;
}

/* short_x86_valid returns whether p[0..len), 1 <= len <=
 * U8G_SHORT_X86_MAX, is valid (the kernels' entries, U8G_ENTRIES_SHORT). */
static inline bool short_x86_valid(const uint8_t *p, size_t len)
{
    return short_x86_prefix(p, len) == len;
}

#endif
