/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* decode_steps.h -- decode32_valid and decode16_valid of the kernels that
 * decode in 8-byte steps (avx2.c, sse42.c, neon.c), written once: the
 * walk through the valid text, and which step handles which bytes. How a
 * step gathers, assembles and stores its characters is each kernel's own.
 *
 * A valid stretch p[0..n) is walked in steps of 8 bytes at i = 0, 8, 16,
 * ... while U8G_DEC_VECTOR_MIN (48) bytes remain; a step decodes the
 * characters whose lead bytes lie in p[i .. i + 8), whose continuation
 * bytes (at most 3) lie within the 16 bytes loaded; continuation bytes at
 * the start of a step belong to a character of the step before. So i
 * never waits for the decoding (a step whose start depended on where the
 * last character ended would wait for the load, compare and bit scan of
 * the step before). 16 ASCII bytes are widened at once (and, where the
 * kernel does so, the ASCII after them). The last bytes (fewer than 48)
 * are decoded one character at a time, from the first lead not yet
 * decoded (u8g_trusted).
 *
 * Why the full-width stores are safe: the caller's out has room for len
 * units (u8g_kernels), and a character of k bytes gives at most k units
 * (UTF-32: 1; UTF-16: 2 only for k = 4). When step i starts, the
 * characters with leads before i are decoded: o is at most their bytes,
 * which end at e, i <= e <= i + 3 (the last may run 3 bytes past i). A
 * step runs only when i + 16 <= n <= len. It stores 8 units from o, and
 * o + 8 <= i + 11 < len; or, for 16 ASCII bytes, 16 units, and then byte
 * i is ASCII, so e = i and o + 16 <= i + 16 <= len (and so on for the
 * ASCII bytes after them, widened only while they lie before n). Lanes
 * past the step's characters are junk that the characters after it
 * overwrite (U8G_DEC_VECTOR_MIN), never past out[len), and never past
 * the units the call returns.
 *
 * Like decode_driver.h, a template: the kernel file includes it after
 * defining, for its 16-byte vector type step_vec,
 *
 *   step_vec load16(const uint8_t *p)            the 16 bytes at p
 *   bool step_is_ascii(step_vec v)                all 16 below 0x80
 *   size_t ascii_utf32(const uint8_t *p, size_t left, uint32_t *out,
 *                      step_vec v)
 *   size_t ascii_utf16(..., uint16_t *out, step_vec v)
 *                       widen the 16 ASCII bytes v at p (left >= 16
 *                       readable) and whatever ASCII follows them that it
 *                       takes; return the bytes widened (>= 16), as many
 *                       units written
 *   size_t step_utf32(const uint8_t *p, step_vec v, uint32_t *out,
 *                     size_t *o, const struct dec_consts *c)
 *                       decode the step(s) at p (v: its 16 bytes), storing
 *                       from out[*o] and advancing *o by the characters;
 *                       return the bytes walked (8 per step)
 *   uint32_t step_leads(step_vec v, const struct dec_consts *c)
 *                       bit k (k = 0..7): byte k is a lead
 *   bool step_has_lead4(step_vec v, uint32_t lead)
 *                       a lead among bytes 0..7 is >= F0 (4 bytes)
 *   void step_utf16_bmp(step_vec v, uint32_t lead, uint16_t *out,
 *                       const struct dec_consts *c)
 *                       the step's characters, all below U+10000, one unit
 *                       each (8 units stored, those past them junk)
 *   size_t step_utf16_pairs(step_vec v, uint32_t lead, size_t k,
 *                           uint16_t *out, const struct dec_consts *c)
 *                       the k (3..8) characters of a step with a 4-byte
 *                       one, surrogate pairs packed; returns the units
 *                       (up to 16 stored, those past them junk)
 *
 * and struct dec_consts (decode_driver.h). A kernel may also define
 * U8G_DEC_STEP16 (avx2.c does) and
 *
 *   bool step16_is_bmp(step_vec v, const struct dec_consts *c)
 *                       no byte of v is a 4-byte lead (>= F0)
 *   size_t bmp_utf16(const uint8_t *p, size_t left, step_vec v,
 *                    uint16_t *out, size_t *o, const struct dec_consts *c)
 *                       16-byte steps from p (v: its 16 bytes, no 4-byte
 *                       lead): the characters whose leads lie in 16 bytes
 *                       per step, one unit each, stored from out[*o] (16
 *                       units at most past *o per step, the same bound as
 *                       two 8-byte steps, so the argument above holds),
 *                       advancing *o; each step starts with at least
 *                       U8G_DEC_VECTOR_MIN bytes left of left; returns the
 *                       bytes walked (a multiple of 16),
 *
 * which steps16 then takes for every step without a 4-byte lead. (Not
 * for UTF-32: on avx2 it measured 1.1x the 8-byte steps on text without
 * 4-byte characters and 0.8x on text with some, bench/README.md.) A
 * kernel with U8G_DEC_STEP16 may also define U8G_DEC_STEP16_SUPP (avx2.c
 * does) and
 *
 *   size_t supp_utf16(const uint8_t *p, size_t left, step_vec v,
 *                     uint16_t *out, size_t *o, const struct dec_consts *c)
 *                       steps of 15 or 16 bytes from p (v: its 16 bytes,
 *                       not all ASCII), with 4-byte characters among
 *                       them: the characters whose leads lie in the step,
 *                       surrogate pairs included, stored from out[*o] (16
 *                       units at most past *o per step; units <= bytes,
 *                       so the argument above holds), advancing *o; each
 *                       step starts with at least U8G_DEC_VECTOR_MIN bytes
 *                       left of left; returns the bytes walked (> 0;
 *                       continuation bytes there belong to a character
 *                       it decoded),
 *
 * which steps16 then takes for every other step that is not all ASCII:
 * the 8-byte steps (step_leads .. step_utf16_pairs) are then not used for
 * UTF-16, and the kernel need not define them. */
#ifndef U8GUARD_DECODE_STEPS_H
#define U8GUARD_DECODE_STEPS_H

#include "decode_tables.h"
#include "utf8_char.h"

#include <stdbool.h>
#include <string.h>

/* The steps run while n - i >= U8G_DEC_VECTOR_MIN: the 32 bytes that
 * decode16_valid decodes one character at a time lie before n. */
_Static_assert(U8G_DEC_VECTOR_MIN >= 32, "decode16_valid's one-at-a-time stretch must lie before n");

/* The vector steps of decode32_valid over p[0..n), while n - i >=
 * U8G_DEC_VECTOR_MIN: returns where they stopped (a character boundary),
 * *o advanced by the units written. */
static inline __attribute__((always_inline)) size_t
steps32(const uint8_t *p, size_t n, uint32_t *out, size_t *o, const struct dec_consts *c)
{
    size_t i = 0, k;
    step_vec v;

    while (n - i >= U8G_DEC_VECTOR_MIN) {
        v = load16(p + i);
        if (step_is_ascii(v)) {
            k = ascii_utf32(p + i, n - i, out + *o, v);
            i += k;
            *o += k;
            continue;
        }
        i += step_utf32(p + i, v, out, o, c);
    }
    return i;
}

/* The vector steps of decode16_valid, as steps32. A step without a
 * 4-byte lead narrows its code points to 16 bits. One with a 4-byte lead
 * and 3 or more characters makes surrogate pairs (step_utf16_pairs): its
 * first 4 characters end by i + 11 (leads before i + 8), so their units
 * do too (units <= bytes), and the 8 units stored after them end by
 * i + 19 < n. With 1 or 2 characters, the next 32 bytes (all before n)
 * are decoded one character at a time. */
static inline __attribute__((always_inline)) size_t
steps16(const uint8_t *p, size_t n, uint16_t *out, size_t *o, const struct dec_consts *c)
{
    size_t i = 0, k;
    step_vec v;

    while (n - i >= U8G_DEC_VECTOR_MIN) {
        v = load16(p + i);
        if (step_is_ascii(v)) {
            k = ascii_utf16(p + i, n - i, out + *o, v);
            i += k;
            *o += k;
            continue;
        }
#ifdef U8G_DEC_STEP16
        if (step16_is_bmp(v, c)) {
            i += bmp_utf16(p + i, n - i, v, out, o, c);
            continue;
        }
#endif
#ifdef U8G_DEC_STEP16_SUPP
        i += supp_utf16(p + i, n - i, v, out, o, c);
#else
        uint32_t lead = step_leads(v, c);

        k = U8G_POPCOUNT8[lead];
        if (!step_has_lead4(v, lead)) {
            step_utf16_bmp(v, lead, out + *o, c);
            *o += k;
            i += 8;
            continue;
        }
        if (k > 2) {
            *o += step_utf16_pairs(v, lead, k, out + *o, c);
            i += 8;
            continue;
        }
        /* Few characters with a 4-byte one: text of mostly 4-byte
         * characters (emoji), where one at a time costs less than packing
         * pairs; 32 bytes so, then the steps resume at the character
         * boundary reached. */
        i = u8g_trusted(p, i, i + 32, n, true, NULL, out, o);
#endif
    }
    return i;
}

/* Stretches of up to U8G_DEC_SHORT bytes (short strings, and where a
 * long one would leave most of its bytes to the one-at-a-time tail) are
 * decoded from a copy followed by U8G_DEC_VECTOR_MIN zero bytes, so that
 * the steps reach every byte of the stretch, into a scratch output, of
 * which the stretch's units are copied out: nothing past them is written
 * to out. Each zero byte is a character of one unit, and the steps decode
 * every lead before where they stop (at or past n, a boundary there), so
 * the stretch's units are the first o - (stop - n). */
#define U8G_DEC_SHORT ((size_t)256)

/* Widens the 16 ASCII bytes at p to out32 (utf16 false) or out16. */
static inline __attribute__((always_inline)) void
short_widen16(const uint8_t *p, bool utf16, uint32_t *out32, uint16_t *out16)
{
    if (utf16)
        (void)ascii_utf16(p, 16, out16, load16(p)); /* cppcheck-suppress nullPointer */
    else
        (void)ascii_utf32(p, 16, out32, load16(p)); /* cppcheck-suppress nullPointer */
}

static inline __attribute__((always_inline)) size_t
decode_short(const uint8_t *p, size_t n, bool utf16, uint32_t *out32, uint16_t *out16,
             const struct dec_consts *c)
{
    /* Steps start at i <= n - 1 and read to at most n - 1 + MIN - 1 + 1;
     * their stores run at most 16 units past the units decoded. */
    uint8_t in[U8G_DEC_SHORT + U8G_DEC_VECTOR_MIN];
    uint32_t t32[U8G_DEC_SHORT + U8G_DEC_VECTOR_MIN + 16];
    uint16_t t16[U8G_DEC_SHORT + U8G_DEC_VECTOR_MIN + 16];
    size_t nn = n + U8G_DEC_VECTOR_MIN - 1, o = 0, stop, i;

    /* All ASCII (16 bytes or more): widened in place, 16 bytes at a time,
     * the last 16 overlapping the ones before (same units, rewritten). */
    for (i = 0; i + 16 <= n && step_is_ascii(load16(p + i)); i += 16)
        ;
    if (n >= 16 && i + 16 > n && (i == n || step_is_ascii(load16(p + n - 16)))) {
        for (i = 0; i + 16 <= n; i += 16)
            short_widen16(p + i, utf16, out32 + i, out16 + i);
        if (i < n)
            short_widen16(p + n - 16, utf16, out32 + n - 16, out16 + n - 16);
        return n;
    }
    memcpy(in, p, n);
    memset(in + n, 0, U8G_DEC_VECTOR_MIN);
    if (utf16) {
        stop = steps16(in, nn, t16, &o, c);
        o -= stop - n;
        memcpy(out16, t16, o * sizeof *out16); /* cppcheck-suppress nullPointer */
    } else {
        stop = steps32(in, nn, t32, &o, c);
        o -= stop - n;
        memcpy(out32, t32, o * sizeof *out32); /* cppcheck-suppress nullPointer */
    }
    return o;
}

/* Decodes the valid p[0..n) to UTF-32 at out; returns the units written. */
static size_t decode32_valid(const uint8_t *p, size_t n, uint32_t *out,
                             const struct dec_consts *c)
{
    size_t i, o = 0;

    if (n <= U8G_DEC_SHORT)
        return decode_short(p, n, false, out, NULL, c);
    i = steps32(p, n, out, &o, c);
    u8g_trusted(p, i, n, n, false, out, NULL, &o);
    return o;
}

/* Decodes the valid p[0..n) to UTF-16 at out; returns the units written
 * (steps16, then the last bytes one at a time). */
static size_t decode16_valid(const uint8_t *p, size_t n, uint16_t *out,
                             const struct dec_consts *c)
{
    size_t i, o = 0;

    if (n <= U8G_DEC_SHORT)
        return decode_short(p, n, true, NULL, out, c);
    i = steps16(p, n, out, &o, c);
    u8g_trusted(p, i, n, n, true, NULL, out, &o);
    return o;
}

#endif
