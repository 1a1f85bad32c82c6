/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* utf8_char.h -- one character at a time, fast: what the kernels do with
 * the bytes that are not worth a vector (non-ASCII runs of the word
 * kernel, a block the vector checks found bad, the last bytes of text
 * already proven valid that the vector decoders leave).
 *
 * u8g_char_check is a second, branchy statement of RFC 3629 section 4
 * (Table 3-7) that only answers "is there a well-formed character here,
 * and how long"; it never classifies errors (the scalar reference does
 * that). The kernel tests prove it equal to the reference on every 1- to
 * 4-byte input shape. */
#ifndef U8GUARD_UTF8_CHAR_H
#define U8GUARD_UTF8_CHAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define U8G_IS_TAIL(b) (((b) & 0xC0u) == 0x80u)

/* u8g_char_check decodes the character at p[0] (avail >= 1 bytes
 * readable). Returns its length 1..4 and sets *cp when it is well-formed;
 * returns 0 (and leaves *cp alone) when it is not, or does not fit in
 * avail. Reads at most min(avail, 4) bytes. */
static inline size_t u8g_char_check(const uint8_t *p, size_t avail,
                                    uint32_t *cp)
{
    uint32_t b = p[0];
    uint8_t lo = 0x80, hi = 0xBF; /* the second bytes Table 3-7 allows */

    if (b < 0x80) {
        *cp = b;
        return 1;
    }
    if (b < 0xC2) /* 80..BF continuation, C0/C1 overlong leads */
        return 0;
    if (b < 0xE0) {
        if (avail < 2 || !U8G_IS_TAIL(p[1]))
            return 0;
        *cp = ((b & 0x1Fu) << 6) | (p[1] & 0x3Fu);
        return 2;
    }
    if (b < 0xF0) {
        if (b == 0xE0)
            lo = 0xA0;
        else if (b == 0xED)
            hi = 0x9F;
        if (avail < 3 || p[1] < lo || p[1] > hi || !U8G_IS_TAIL(p[2]))
            return 0;
        *cp = ((b & 0x0Fu) << 12) | ((p[1] & 0x3Fu) << 6) | (p[2] & 0x3Fu);
        return 3;
    }
    if (b > 0xF4)
        return 0;
    if (b == 0xF0)
        lo = 0x90;
    else if (b == 0xF4)
        hi = 0x8F;
    if (avail < 4 || p[1] < lo || p[1] > hi || !U8G_IS_TAIL(p[2]) ||
        !U8G_IS_TAIL(p[3]))
        return 0;
    *cp = ((b & 0x07u) << 18) | ((p[1] & 0x3Fu) << 12) |
          ((p[2] & 0x3Fu) << 6) | (p[3] & 0x3Fu);
    return 4;
}

/* u8g_char_trusted decodes the character at p[0] of text already proven
 * well-formed (its whole character is readable). Returns its length 1..4
 * and sets *cp. There is no error return: the caller guarantees validity. */
static inline size_t u8g_char_trusted(const uint8_t *p, uint32_t *cp)
{
    uint32_t b = p[0];

    if (b < 0x80) {
        *cp = b;
        return 1;
    }
    if (b < 0xE0) {
        *cp = ((b & 0x1Fu) << 6) | (p[1] & 0x3Fu);
        return 2;
    }
    if (b < 0xF0) {
        *cp = ((b & 0x0Fu) << 12) | ((p[1] & 0x3Fu) << 6) | (p[2] & 0x3Fu);
        return 3;
    }
    *cp = ((b & 0x07u) << 18) | ((p[1] & 0x3Fu) << 12) |
          ((p[2] & 0x3Fu) << 6) | (p[3] & 0x3Fu);
    return 4;
}

/* u8g_put_utf16 writes cp (a scalar value) to out[0..2) as UTF-16 and
 * returns the number of units written, 1 or 2. */
static inline size_t u8g_put_utf16(uint16_t *out, uint32_t cp)
{
    if (cp < 0x10000) {
        out[0] = (uint16_t)cp;
        return 1;
    }
    cp -= 0x10000;
    out[0] = (uint16_t)(0xD800u | (cp >> 10));
    out[1] = (uint16_t)(0xDC00u | (cp & 0x3FFu));
    return 2;
}

/* u8g_next_lead returns the first character boundary at or after i of
 * the valid p[0..n): i itself, or past the continuation bytes there (at
 * most 3: the end of a character whose lead lies before i). The vector
 * decoders take a character from its lead byte, so where they stop they
 * may be inside the last character they decoded. */
static inline size_t u8g_next_lead(const uint8_t *p, size_t i, size_t n)
{
    while (i < n && U8G_IS_TAIL(p[i]))
        i++;
    return i;
}

/* u8g_trusted decodes, one at a time, the characters of the valid
 * p[0..n) whose leads lie in [u8g_next_lead(p, i, n), end) (end <= n)
 * into out32[*o..] (utf16 false) or out16[*o..] (utf16 true), advancing
 * *o by the units written. Returns where the last one ends (end or up to
 * 3 bytes past it; n when end is n). utf16 is a constant at each call:
 * always inlined, the test is resolved at compile time. */
static inline __attribute__((always_inline)) size_t
u8g_trusted(const uint8_t *p, size_t i, size_t end, size_t n, bool utf16,
            uint32_t *out32, uint16_t *out16, size_t *o)
{
    size_t k = *o;
    uint32_t cp;

    for (i = u8g_next_lead(p, i, n); i < end;) {
        i += u8g_char_trusted(p + i, &cp);
        /* The unused output is NULL; utf16 is a constant that picks the
         * other one (cppcheck cannot tie the two together). */
        if (utf16)
            k += u8g_put_utf16(out16 + k, cp); /* cppcheck-suppress nullPointerArithmetic */
        else
            out32[k++] = cp; /* cppcheck-suppress nullPointer */
    }
    *o = k;
    return i;
}

#endif
