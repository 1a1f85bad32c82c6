/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* decode_tables.h -- what the vector decoders of avx2.c, sse42.c and
 * neon.c share: the left-pack table that turns the lead-byte mask of 8
 * bytes into the positions of those leads, lookups by a lead's high
 * nibble, and the shuffles that pack UTF-16 surrogate pairs.
 *
 * The decoders walk text already proven valid in steps: at i, with 16
 * bytes readable, a step takes the characters whose lead bytes lie in
 * p[i .. i + 8) (continuation bytes, 10xxxxxx, are not leads), whose up to
 * 3 continuation bytes lie within the 16 bytes. The lead mask of the 8
 * bytes indexes U8G_LEFT_PACK, whose entry holds the positions of the set
 * bits packed together (byte j: position of lead j), so a byte shuffle
 * can gather each character's bytes into a 32-bit lane without a branch
 * per character. (Left-pack tables with a shuffle are
 * the usual way to compress without AVX-512's vpcompress: e.g. the UTF-8
 * decoders of simdutf, D. Lemire and W. Mula, "Transcoding Billions of
 * Unicode Characters per Second with SIMD Instructions", Software:
 * Practice and Experience, 2022.)
 *
 * The tables are built by the preprocessor from their definition, so
 * that what they hold can be read here rather than trusted. */
#ifndef U8GUARD_DECODE_TABLES_H
#define U8GUARD_DECODE_TABLES_H

#include <stdint.h>

/* Bit b of the byte m, and the number of bits set in it. */
#define U8G_BIT(m, b) (((m) >> (b)) & 1u)
#define U8G_POP8(m)                                                           \
    (U8G_BIT(m, 0) + U8G_BIT(m, 1) + U8G_BIT(m, 2) + U8G_BIT(m, 3) +          \
     U8G_BIT(m, 4) + U8G_BIT(m, 5) + U8G_BIT(m, 6) + U8G_BIT(m, 7))

/* Bit b of m, when set, is position b in the byte numbered by how many
 * bits of m are set below b. */
#define U8G_LP_BIT(m, b)                                                      \
    ((uint64_t)(U8G_BIT(m, b) * (b)) << (8u * U8G_POP8((m) & ((1u << (b)) - 1u))))
#define U8G_LP(m)                                                             \
    (U8G_LP_BIT(m, 1) | U8G_LP_BIT(m, 2) | U8G_LP_BIT(m, 3) |                 \
     U8G_LP_BIT(m, 4) | U8G_LP_BIT(m, 5) | U8G_LP_BIT(m, 6) | U8G_LP_BIT(m, 7))
#define U8G_LP4(m) U8G_LP(m), U8G_LP((m) + 1u), U8G_LP((m) + 2u), U8G_LP((m) + 3u)
#define U8G_LP16(m) U8G_LP4(m), U8G_LP4((m) + 4u), U8G_LP4((m) + 8u), U8G_LP4((m) + 12u)
#define U8G_LP64(m) U8G_LP16(m), U8G_LP16((m) + 16u), U8G_LP16((m) + 32u), U8G_LP16((m) + 48u)

/* U8G_LEFT_PACK[m], for a mask m of 8 bytes: byte j (j = 0..7, the lowest
 * byte first) is the position of the j-th set bit of m; the bytes past
 * the number of set bits are 0 (bit 0 needs no term: its position is 0).
 * E.g. m = 0x15 (leads at 0, 2, 4): 0x0000000000040200. */
static const uint64_t U8G_LEFT_PACK[256] = {
    U8G_LP64(0u), U8G_LP64(64u), U8G_LP64(128u), U8G_LP64(192u),
};

#define U8G_POP4(m) U8G_POP8(m), U8G_POP8((m) + 1u), U8G_POP8((m) + 2u), U8G_POP8((m) + 3u)
#define U8G_POP16(m) U8G_POP4(m), U8G_POP4((m) + 4u), U8G_POP4((m) + 8u), U8G_POP4((m) + 12u)
#define U8G_POP64(m) U8G_POP16(m), U8G_POP16((m) + 16u), U8G_POP16((m) + 32u), U8G_POP16((m) + 48u)

/* U8G_POPCOUNT8[m]: the number of bits set in m, i.e. of characters a
 * step decodes. (A table: avx2.c and sse42.c are not compiled with
 * -mpopcnt, and __builtin_popcount would then be a library call.) */
static const uint8_t U8G_POPCOUNT8[256] = {
    U8G_POP64(0u), U8G_POP64(64u), U8G_POP64(128u), U8G_POP64(192u),
};

#undef U8G_LP64
#undef U8G_LP16
#undef U8G_LP4
#undef U8G_LP
#undef U8G_LP_BIT
#undef U8G_POP64
#undef U8G_POP16
#undef U8G_POP4
#undef U8G_POP8
#undef U8G_BIT

/* By the high nibble of a lead byte: the bits of its payload (0..7 ASCII,
 * C and D 2-byte leads, E 3-byte, F 4-byte; 8..B never lead). */
static const uint8_t U8G_LEAD_KEEP[16] = {
    0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0, 0, 0, 0, 0x1F, 0x1F, 0x0F, 0x07,
};

/* By the high nibble of a lead byte: 6 * (4 - length), how far right the
 * value assembled from 4 bytes, b0 << 18 | b1 << 12 | b2 << 6 | b3, must
 * move to drop the bytes after the character. */
static const uint8_t U8G_LEAD_SHIFT[16] = {
    18, 18, 18, 18, 18, 18, 18, 18, 0, 0, 0, 0, 12, 12, 6, 0,
};

/* UTF-16 of 4 code points: each 32-bit lane holds its code point, or for
 * a supplementary one its surrogate pair, high | low << 16.
 * U8G_UTF16_PAIRS[m], for the lanes m (bit j: lane j) holding pairs, packs
 * the units lane by lane: its low half, and for a pair its high half too;
 * 0x80 (a zero from x86 pshufb and from NEON tbl, which zeroes indices >=
 * 16) fills the rest. Reachable entries: U8G_UTF16_PAIRS_LIVE, below. */
static const uint8_t U8G_UTF16_PAIRS[16][16] = {
    {0, 1, 4, 5, 8, 9, 12, 13, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80}, /* pairs: none */
    {0, 1, 2, 3, 4, 5, 8, 9, 12, 13, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},       /* 0 */
    {0, 1, 4, 5, 6, 7, 8, 9, 12, 13, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},       /* 1 */
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 0x80, 0x80, 0x80, 0x80},             /* 0, 1 */
    {0, 1, 4, 5, 8, 9, 10, 11, 12, 13, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},     /* 2 */
    {0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 13, 0x80, 0x80, 0x80, 0x80},           /* 0, 2 */
    {0, 1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 0x80, 0x80, 0x80, 0x80},           /* 1, 2 */
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 0x80, 0x80},                 /* 0, 1, 2 */
    {0, 1, 4, 5, 8, 9, 12, 13, 14, 15, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},     /* 3 */
    {0, 1, 2, 3, 4, 5, 8, 9, 12, 13, 14, 15, 0x80, 0x80, 0x80, 0x80},           /* 0, 3 */
    {0, 1, 4, 5, 6, 7, 8, 9, 12, 13, 14, 15, 0x80, 0x80, 0x80, 0x80},           /* 1, 3 */
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 14, 15, 0x80, 0x80},                 /* 0, 1, 3 */
    {0, 1, 4, 5, 8, 9, 10, 11, 12, 13, 14, 15, 0x80, 0x80, 0x80, 0x80},         /* 2, 3 */
    {0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 13, 14, 15, 0x80, 0x80},               /* 0, 2, 3 */
    {0, 1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0x80, 0x80},               /* 1, 2, 3 */
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},                     /* 0, 1, 2, 3 */
};

/* Which entries of U8G_UTF16_PAIRS can reach the output:
 * U8G_UTF16_PAIRS_LIVE[m] bytes of row m at most, the rest only ever make
 * junk units. The kernels (store_utf16x4 of sse42.c and neon.c,
 * store_utf16x8 of avx2.c) take m from all 4 lanes of a group: lanes
 * 0..k_g - 1 hold the group's real characters (group 0: characters 0..3 of
 * the step, group 1: 4..7), the lanes after them are junk (all of them
 * decode the bytes at position 0 again, so they are all pairs or none:
 * which depends on those bytes and the kernel), and only the units of the
 * real lanes count; the junk units are stored after them and overwritten
 * (below, U8G_DEC_VECTOR_MIN). So an entry can matter only at a byte below
 * 2 * (k_g + real pairs) of some step that selects its row. A step
 * (decode_steps.h) holds the characters whose leads lie in 8 bytes, and
 * takes this path only with k >= 3 characters and a 4-byte one. A 4-byte
 * character puts the next lead 4 bytes on, so real lanes 0 and 1 are never
 * both pairs (group 0: the third lead would lie at 8 or later, k = 2;
 * group 1: character 5 would), nor lanes 0, 2, 3 or 1, 2, 3 (the third
 * 4-byte lead would lie at 9 or later); at most 2 real lanes are pairs, 6
 * units. Row 13 (lanes 0, 2, 3) IS selected: F0 9F 98 80 41 F0 9F 98 80
 * gives k = 3, and the junk lane 3 decodes position 0, the 4-byte
 * character 0 again; its real units are lanes 0..2, 5 units, 10 bytes:
 * entries 10..15 of row 13 never reach the output. Enumerating every step
 * (every lead mask of the 8 bytes, 0..3 continuation bytes before the
 * first lead, every length the next lead allows, the junk lanes all pairs
 * or none) gives the largest real output per row below. Rows 3, 7 and 11
 * (lanes 0 and 1 pairs, lanes 2 and 3 not both) are never selected: real
 * lanes 0 and 1 are never both pairs, and junk lanes come after the real
 * ones, all alike. Row 15 is, with 1 real lane at most (group 1: a 4-byte
 * character 4 after 4 leads, 2 units). tests/kernels/test_decode_tables.c
 * repeats the enumeration and checks these numbers, and ci/mutate.py
 * leaves the entries past them out of the whole-tree mutants (equivalent:
 * they change junk units only), after the same check of its own. */
#define U8G_UTF16_PAIRS_LIVE {8, 10, 10, 0, 10, 10, 10, 0, 10, 12, 12, 0, 12, 10, 10, 4}

/* The vector steps store whole vectors: up to 8 units past the last
 * character a step decodes are junk, which the characters after it
 * overwrite. So the steps run only while U8G_DEC_VECTOR_MIN bytes of the
 * valid text remain: a step takes at most 16 bytes and its last character
 * ends at most 3 bytes later, which leaves at least 29 bytes, at least 8
 * characters, whose units cover the junk. The last bytes are decoded one
 * character at a time, so nothing past the units decoded is ever written
 * (the canary after them: tests/hardening/test_guard_pages.c). */
#define U8G_DEC_VECTOR_MIN 48

#endif
