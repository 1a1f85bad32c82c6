/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* decode_driver.h -- the strict decoders (to_utf32, to_utf16 of struct
 * u8g_kernels) of the vector kernels, written once.
 *
 * The text is decoded in windows of U8G_DEC_WINDOW bytes: a window is
 * validated, then its valid prefix decoded while it is still in the L1
 * cache. Only text proven valid is decoded, so the decode steps need no
 * checks; the first error is where the validator says (and its kind what
 * the scalar reference says there, see decode.c). A window that cuts a
 * character stops short of it (a valid prefix n > 0) and the next window
 * starts there; only n == 0 is an error.
 *
 * This is a template, the way simdutf writes its algorithms once under
 * generic/ and compiles them in each instruction set's namespace: a
 * kernel file (one translation unit per instruction set) includes it
 * after defining
 *
 *   U8G_DRIVER_VALID    its validator, size_t f(const uint8_t *, size_t),
 *                       the longest valid prefix
 *   struct dec_consts   the vectors its decode steps use, and
 *   void dec_consts_load(struct dec_consts *c), which fills them
 *   size_t decode32_valid(const uint8_t *p, size_t n, uint32_t *out,
 *                         const struct dec_consts *c)
 *   size_t decode16_valid(const uint8_t *p, size_t n, uint16_t *out,
 *                         const struct dec_consts *c)
 *                       decode the valid p[0..n) (n >= 1) to out, returning
 *                       the units written,
 *
 * and may define
 *
 *   U8G_DRIVER_ASCII    size_t f(const uint8_t *p, size_t len, bool utf16,
 *                       uint32_t *out32, uint16_t *out16): widens the
 *                       all-ASCII blocks at the start of p[0..len) to out32
 *                       (utf16 false) or out16 and returns their bytes (as
 *                       many units): ASCII is valid whatever follows it, so
 *                       these bytes need no validation pass (a run of
 *                       ASCII costs one test and one widening store),
 *
 * and gets the static functions driver_to_utf32 and driver_to_utf16 for
 * its u8g_kernels table. Everything is static and inline, resolved in the
 * kernel's own translation unit, compiled with its instruction-set flags:
 * the code is what the kernel would have written itself. */
#ifndef U8GUARD_DECODE_DRIVER_H
#define U8GUARD_DECODE_DRIVER_H

#include "internal.h"

#include <stdbool.h>

#ifndef U8G_DRIVER_VALID
#error "define U8G_DRIVER_VALID (the kernel's validator) before including decode_driver.h"
#endif

/* The window: large enough that the validator's set-up and the decoder's
 * constants cost nothing per byte, small enough to stay in the L1 cache
 * between validating and decoding. */
#define U8G_DEC_WINDOW ((size_t)8192)

/* The loop of to_utf32 (utf16 false, output out32) and to_utf16 (utf16
 * true, out16). utf16 is a constant at each call: always inlined, the
 * test is resolved at compile time and each entry point holds one
 * decoder. */
static inline __attribute__((always_inline)) size_t
driver_decode(const uint8_t *p, size_t len, bool utf16, uint32_t *out32,
              uint16_t *out16, size_t *n_out)
{
    struct dec_consts c;
    size_t pos = 0, o = 0, w, n;

    dec_consts_load(&c);
    while (pos < len) {
#ifdef U8G_DRIVER_ASCII
        /* One of out32, out16 is NULL, and only the other is offset:
         * cppcheck does not follow utf16 through the inlined call. */
        n = U8G_DRIVER_ASCII(p + pos, len - pos, utf16,
                             utf16 ? NULL : out32 + o, /* cppcheck-suppress nullPointerArithmetic */
                             utf16 ? out16 + o : NULL); /* cppcheck-suppress nullPointerArithmetic */
        pos += n;
        o += n;
        if (pos == len)
            break;
#endif
        w = len - pos < U8G_DEC_WINDOW ? len - pos : U8G_DEC_WINDOW;
        n = U8G_DRIVER_VALID(p + pos, w);
        if (n == 0)
            break;
        if (utf16)
            o += decode16_valid(p + pos, n, out16 + o, &c);
        else
            o += decode32_valid(p + pos, n, out32 + o, &c);
        pos += n;
    }
    *n_out = o;
    return pos;
}

/* driver_to_utf32 and driver_to_utf16 are the kernel's to_utf32 and
 * to_utf16 (see struct u8g_kernels): the length of the valid prefix of
 * p[0..len), whose decoding is in out[0..*n_out). */
static size_t driver_to_utf32(const uint8_t *p, size_t len, uint32_t *out,
                              size_t *n_out)
{
    return driver_decode(p, len, false, out, NULL, n_out);
}

static size_t driver_to_utf16(const uint8_t *p, size_t len, uint16_t *out,
                              size_t *n_out)
{
    return driver_decode(p, len, true, NULL, out, n_out);
}

#endif
