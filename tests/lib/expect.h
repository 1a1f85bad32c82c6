/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* expect.h -- checks of every one-shot function (and the streaming
 * decoder fed byte by byte) against an error list written by hand. */
#ifndef U8GUARD_TESTS_EXPECT_H
#define U8GUARD_TESTS_EXPECT_H

#include "check.h"

/* Short names for the kinds, so that tables of expected errors read like
 * doc/contract.md section 2. */
#define UC U8GUARD_UNEXPECTED_CONTINUATION
#define OL U8GUARD_OVERLONG
#define SG U8GUARD_SURROGATE
#define TL U8GUARD_TOO_LARGE
#define BC U8GUARD_BAD_CONTINUATION
#define TR U8GUARD_TRUNCATED

/* ERRS({off, len, kind}, ...) expands to "array, count" for
 * expect_errors. */
#define ERRS(...)                                                              \
    ((const struct terr[]){__VA_ARGS__}),                                      \
        (sizeof((const struct terr[]){__VA_ARGS__}) / sizeof(struct terr))
#define NO_ERRS NULL, 0

/* expect_errors checks in[0..len) (copied to a heap block of exactly len
 * bytes, so that a read past the end is caught by ASan and valgrind)
 * against errs[0..n): u8guard_validate, u8guard_valid_prefix, the whole
 * u8guard_next_error walk, u8guard_count_errors, u8guard_sanitize (bytes,
 * return value, n_errors), u8guard_sanitized_length, u8guard_decode_utf32
 * and _utf16 (count, first error, and output that re-encodes to the valid
 * prefix), and u8guard_stream_feed in one chunk and byte by byte. Returns
 * the number of failed checks. */
unsigned long expect_errors(const void *in, size_t len, const struct terr *errs,
                            size_t n);

/* expect_decode checks that u8guard_decode_utf32 of in[0..len) writes
 * exactly cps[0..n_cps) and u8guard_decode_utf16 their UTF-16 form, with
 * first error *first (or no error when first is NULL). Returns the number
 * of failed checks. */
unsigned long expect_decode(const void *in, size_t len, const uint32_t *cps,
                            size_t n_cps, const struct terr *first);

/* tu_encode is the tests' own UTF-8 encoder (RFC 3629 section 3), written
 * separately from the library's. Returns the length 1..4 written to out,
 * or 0 for a surrogate or a value above U+10FFFF. */
size_t tu_encode(uint32_t cp, unsigned char out[4]);

/* tu_to_utf16 writes the UTF-16 form of cps[0..n) to out (room for 2n
 * units). Returns the number of units written. */
size_t tu_to_utf16(const uint32_t *cps, size_t n, uint16_t *out);

/* tu_sanitized builds the output that doc/contract.md section 2 prescribes for
 * in[0..len) with errors errs[0..n): the bytes between errors copied, each
 * error's length replaced by EF BF BD. out needs room for 3 * len bytes.
 * Returns the output length. */
size_t tu_sanitized(const unsigned char *in, size_t len,
                    const struct terr *errs, size_t n, unsigned char *out);

#endif
