/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* encoders.h -- the harnesses' own UTF-8 and UTF-16 encoders, written
 * from the Unicode Standard's Table 3-6 and D91 independently of the
 * library, to turn decoded output back into bytes. */
#ifndef U8GUARD_FUZZ_ENCODERS_H
#define U8GUARD_FUZZ_ENCODERS_H

#include <stddef.h>
#include <stdint.h>

/* fz_utf8 writes the UTF-8 form of scalar value cp to out[0..4) and
 * returns its length (1..4); returns 0 (writing nothing) for a surrogate
 * or a value above 0x10FFFF. */
size_t fz_utf8(uint32_t cp, uint8_t out[4]);

/* fz_utf16_to_utf8 re-encodes the UTF-16 units u[0..n) as UTF-8 into out
 * (room for 3 * n bytes) and returns the number of bytes written, or
 * SIZE_MAX when u is not well-formed UTF-16 (a lone surrogate). */
size_t fz_utf16_to_utf8(const uint16_t *u, size_t n, uint8_t *out);

/* fz_utf32_to_utf8 re-encodes code points c[0..n) as UTF-8 into out (room
 * for 4 * n bytes) and returns the number of bytes written, or SIZE_MAX
 * when some c[i] is not a scalar value. */
size_t fz_utf32_to_utf8(const uint32_t *c, size_t n, uint8_t *out);

#endif
