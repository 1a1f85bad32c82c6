/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* blocks.h -- what the vectorized validators share: the lookup tables of
 * the Keiser-Lemire method, and how a block found bad is finished one
 * character at a time.
 *
 * The method (J. Keiser, D. Lemire, "Validating UTF-8 in less than one
 * instruction per byte", Software: Practice and Experience, 2021): every
 * rule of Table 3-7 that involves two adjacent bytes is decided by the
 * high nibble of the previous byte, the low nibble of the previous byte
 * and the high nibble of the current byte. Each of the three nibbles
 * selects a byte of error bits from a 16-entry table (one pshufb / tbl);
 * the AND of the three is nonzero exactly where a pair breaks a rule.
 * The only rule a pair cannot see, "the 3rd byte after a 3- or 4-byte lead
 * and the 4th byte after a 4-byte lead are continuations", is checked by
 * looking 2 and 3 bytes back: there a continuation-after-continuation pair
 * (TWO_CONTS) is required, everywhere else it is an error, so the
 * requirement is XORed into the TWO_CONTS bit.
 *
 * A vector validator never locates an error itself (error_scan.h, which
 * counts and replaces errors 64 bytes at a time, is another matter). When
 * a block (or the zero-padded end of the input) fails, it backs up to a character
 * boundary at most 3 bytes before the block and checks on from there one
 * character at a time with u8g_char_check (utf8_char.h), which finds the
 * exact end of the valid prefix. So a block that fails although it is
 * valid costs time but changes no result, and a kernel's valid_prefix
 * equals the scalar reference's because u8g_char_check does on every
 * input (tests/lib/test_exhaustive runs the word kernel, which is
 * u8g_char_check alone, on every input of 1 to 3 bytes and on the 4-byte
 * ones). The error's
 * kind and length are the scalar reference's (u8g_classify, called by the
 * public functions at the offset the kernel returns). */
#ifndef U8GUARD_BLOCKS_H
#define U8GUARD_BLOCKS_H

#include "internal.h"
#include "utf8_char.h"

#include <stdbool.h>

/* Error bits. A set bit in the AND of the three lookups is an error. */
#define KL_TOO_SHORT (1u << 0)  /* lead, then not a continuation */
#define KL_TOO_LONG (1u << 1)   /* ASCII, then a continuation */
#define KL_OVERLONG_3 (1u << 2) /* E0, then 80..9F */
#define KL_TOO_LARGE (1u << 3)  /* F4, then 90..BF; F5..FF, then 90..BF */
#define KL_SURROGATE (1u << 4)  /* ED, then A0..BF */
#define KL_OVERLONG_2 (1u << 5) /* C0 or C1, then a continuation */
/* F0, then 80..8F (overlong 4) and F5..FF, then 80..8F (too large): one
 * bit serves both because their previous-byte low nibbles differ. */
#define KL_OVERLONG_4 (1u << 6)
#define KL_TOO_LARGE_1000 (1u << 6)
#define KL_TWO_CONTS (1u << 7)  /* continuation, then continuation */
/* The rules that hold whatever the previous byte's low nibble is. */
#define KL_CARRY (KL_TOO_SHORT | KL_TOO_LONG | KL_TWO_CONTS)

/* Indexed by the high nibble of the previous byte. */
static const uint8_t KL_PREV_HIGH[16] = {
    /* 0..7 ASCII */
    KL_TOO_LONG, KL_TOO_LONG, KL_TOO_LONG, KL_TOO_LONG,
    KL_TOO_LONG, KL_TOO_LONG, KL_TOO_LONG, KL_TOO_LONG,
    /* 8..B continuation */
    KL_TWO_CONTS, KL_TWO_CONTS, KL_TWO_CONTS, KL_TWO_CONTS,
    /* C: 2-byte leads (C0, C1 overlong) */
    KL_TOO_SHORT | KL_OVERLONG_2,
    /* D: 2-byte leads */
    KL_TOO_SHORT,
    /* E: 3-byte leads (E0 overlong, ED surrogates) */
    KL_TOO_SHORT | KL_OVERLONG_3 | KL_SURROGATE,
    /* F: 4-byte leads (F0 overlong, F4 too large) and F5..FF
     * (KL_TOO_LARGE_1000 is also KL_OVERLONG_4) */
    KL_TOO_SHORT | KL_TOO_LARGE | KL_TOO_LARGE_1000,
};

/* Indexed by the low nibble of the previous byte. */
static const uint8_t KL_PREV_LOW[16] = {
    /* x0: C0, E0, F0 */
    KL_CARRY | KL_OVERLONG_2 | KL_OVERLONG_3 | KL_OVERLONG_4,
    /* x1: C1 */
    KL_CARRY | KL_OVERLONG_2,
    /* x2, x3 */
    KL_CARRY, KL_CARRY,
    /* x4: F4 */
    KL_CARRY | KL_TOO_LARGE,
    /* x5..xC: F5..FC */
    KL_CARRY | KL_TOO_LARGE | KL_TOO_LARGE_1000,
    KL_CARRY | KL_TOO_LARGE | KL_TOO_LARGE_1000,
    KL_CARRY | KL_TOO_LARGE | KL_TOO_LARGE_1000,
    KL_CARRY | KL_TOO_LARGE | KL_TOO_LARGE_1000,
    KL_CARRY | KL_TOO_LARGE | KL_TOO_LARGE_1000,
    KL_CARRY | KL_TOO_LARGE | KL_TOO_LARGE_1000,
    KL_CARRY | KL_TOO_LARGE | KL_TOO_LARGE_1000,
    KL_CARRY | KL_TOO_LARGE | KL_TOO_LARGE_1000,
    /* xD: ED, FD */
    KL_CARRY | KL_TOO_LARGE | KL_TOO_LARGE_1000 | KL_SURROGATE,
    /* xE, xF: FE, FF */
    KL_CARRY | KL_TOO_LARGE | KL_TOO_LARGE_1000,
    KL_CARRY | KL_TOO_LARGE | KL_TOO_LARGE_1000,
};

/* Indexed by the high nibble of the current byte. */
static const uint8_t KL_CUR_HIGH[16] = {
    /* 0..7 ASCII: after a lead, too short */
    KL_TOO_SHORT, KL_TOO_SHORT, KL_TOO_SHORT, KL_TOO_SHORT,
    KL_TOO_SHORT, KL_TOO_SHORT, KL_TOO_SHORT, KL_TOO_SHORT,
    /* 8: 80..8F (KL_TOO_LARGE_1000 is also KL_OVERLONG_4) */
    KL_TOO_LONG | KL_OVERLONG_2 | KL_TWO_CONTS | KL_OVERLONG_3 | KL_TOO_LARGE_1000,
    /* 9: 90..9F */
    KL_TOO_LONG | KL_OVERLONG_2 | KL_TWO_CONTS | KL_OVERLONG_3 | KL_TOO_LARGE,
    /* A, B: A0..BF */
    KL_TOO_LONG | KL_OVERLONG_2 | KL_TWO_CONTS | KL_SURROGATE | KL_TOO_LARGE,
    KL_TOO_LONG | KL_OVERLONG_2 | KL_TWO_CONTS | KL_SURROGATE | KL_TOO_LARGE,
    /* C..F leads: after a lead, too short */
    KL_TOO_SHORT, KL_TOO_SHORT, KL_TOO_SHORT, KL_TOO_SHORT,
};

/* The "must be a 3rd or 4th byte" test saturating-subtracts these from
 * the bytes 2 and 3 back: the result has bit 7 set exactly when that byte
 * is >= E0 (3- or 4-byte lead) or >= F0 (4-byte lead). */
#define KL_THIRD_SUB (0xE0 - 0x80)
#define KL_FOURTH_SUB (0xF0 - 0x80)

/* After an all-ASCII block only one error is possible: the block before it
 * ended inside a character. Saturating-subtracting KL_INCOMPLETE_MAX[k]
 * from the last 16 bytes of that block (k = 0..15) is nonzero exactly when
 * its last byte is >= C0, the one before >= E0 or the one before that
 * >= F0. */
static const uint8_t KL_INCOMPLETE_MAX[16] = {
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xF0 - 1, 0xE0 - 1, 0xC0 - 1,
};

/* u8g_restart_point returns a character boundary r <= s of p from which
 * u8g_char_check can take over, given that the checks of every byte
 * of p[0..s) passed: p[0..s) is whole characters followed by at most 3
 * bytes of one character, so the last non-continuation byte in
 * p[s-6..s-3] is one. Returns 0 if that assumption were ever broken (0 is
 * always a boundary). */
static inline size_t u8g_restart_point(const uint8_t *p, size_t s)
{
    size_t r = s >= 3 ? s - 3 : 0;
    int k;

    for (k = 0; k < 3 && r > 0 && (p[r] & 0xC0u) == 0x80u; k++)
        r--;
    return (r > 0 && (p[r] & 0xC0u) == 0x80u) ? 0 : r;
}

/* u8g_block_failed returns the length of the longest valid prefix of
 * p[0..len) when the vector checks of p[0..s) passed and the block at s
 * (or the padded end of the input) failed: from the restart point, one
 * character at a time with u8g_char_check (exactly Table 3-7; inline,
 * because a stream or a sanitizer meets this at every chunk end and
 * every error). */
static inline size_t u8g_block_failed(const uint8_t *p, size_t len, size_t s)
{
    size_t r = u8g_restart_point(p, s), n;
    uint32_t cp;

    while (r < len && (n = u8g_char_check(p + r, len - r, &cp)) != 0)
        r += n;
    return r;
}

/* The bare end. Without a policy or a copy, once at least one whole
 * block has passed, a kernel ends the same way on every ISA:
 *   1. the last 64 bytes are checked where they are, overlapping bytes
 *      already checked (a byte's checks depend only on it and the 3 bytes
 *      before it, which are readable: the input's, or the head checked
 *      before p), so they give the same answer again; when that fails,
 *      u8g_block_failed finds the error;
 *   2. nothing past len is read: a character cut off by the end shows in
 *      the last 3 bytes (KL_INCOMPLETE_MAX), and when that is the only
 *      failure the valid prefix ends where that character starts,
 *      u8g_cut_start. So a stream's chunk that ends inside a character
 *      costs no walk over the tail.
 * AVX-512 needs no step 1: its last load is masked and zero-filled, and
 * failures only in the zeros mean step 2's case, at any length.
 * With a policy the last bytes are copied and zero-padded instead: the
 * policy's hits before the cut must still be tested. */

/* u8g_cut_start returns where the last character of p[0..len) starts,
 * given that p[0..len) passed the vector checks and its end cuts that
 * character off (KL_INCOMPLETE_MAX): its lead is one of the last 3 bytes,
 * the first of them that is not a continuation from the end (len >= 3).
 * That is the valid prefix; the reference stops there too (truncated). */
static inline size_t u8g_cut_start(const uint8_t *p, size_t len)
{
    size_t j = len - 1;

    while (j > len - 3 && (p[j] & 0xC0u) == 0x80u)
        j--;
    return j;
}

/* How many bytes u8g_head checks before the vectors start. */
#define U8G_HEAD_BYTES 16
/* The SSE4.2 and AVX2 blocks read the 3 bytes before their start. */
_Static_assert(U8G_HEAD_BYTES >= 3, "u8g_head must leave 3 bytes before the blocks");

/* u8g_head checks the first whole characters of p[0..len), about
 * U8G_HEAD_BYTES bytes, one at a time: errors often come in runs (a
 * sanitizer calls valid_prefix right after each one), and then the answer
 * is here, without setting up the vectors. Returns the bytes checked, a
 * character boundary; sets *stop when the valid prefix ends there (an
 * error, or the end of the input). */
static inline size_t u8g_head(const uint8_t *p, size_t len, bool *stop)
{
    size_t i = 0, n;
    uint32_t cp;

    while (i < U8G_HEAD_BYTES && i < len) {
        n = u8g_char_check(p + i, len - i, &cp);
        if (n == 0) {
            *stop = true;
            return i;
        }
        i += n;
    }
    *stop = i == len;
    return i;
}

/* u8g_head_then_blocks returns the length of the longest valid prefix of
 * p[0..len): u8g_head's, then, from where it stopped short of an answer,
 * blocks' (a kernel's vector validator; a constant at each call, and
 * always inlined, so the call is direct). blocks may read the 3 bytes
 * before its start: it runs only after u8g_head checked at least
 * U8G_HEAD_BYTES. */
static inline __attribute__((always_inline)) size_t
u8g_head_then_blocks(const uint8_t *p, size_t len,
                     size_t (*blocks)(const uint8_t *p, size_t len))
{
    bool stop;
    size_t h = u8g_head(p, len, &stop);

    return stop ? h : h + blocks(p + h, len - h);
}

#endif
