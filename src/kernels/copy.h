/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* copy.h -- copying valid stretches to the output (sanitize, stream).
 *
 * Why not plain memcpy: for copies of a few KiB glibc uses "rep movsb",
 * which on some AMD CPUs (measured here, an EPYC) slows down 3 to 8 times
 * when destination and source are not equally aligned -- and after an
 * error (k bytes in, 3 bytes of U+FFFD out) they usually are not. Fixed
 * 64-byte memcpy calls compile to plain unaligned vector loads and stores,
 * whose speed does not depend on the relative alignment. */
#ifndef U8GUARD_COPY_H
#define U8GUARD_COPY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Below this, memcpy is not "rep movsb" and is as fast as anything. */
#define U8G_COPY_LOOP_MIN 1024

/* u8g_same_alignment returns whether dst and src are at the same offset
 * from a 64-byte boundary. Then "rep movsb" is fast, and faster than any
 * vector loop once the destination is not in the cache: it writes whole
 * lines without reading them first, where a store reads the line it
 * writes to (measured here: 16 MiB validated in 16 KiB windows and each
 * copied with memcpy, 28-30 GB/s; validated and stored in one pass, 22). */
static inline bool u8g_same_alignment(const void *dst, const void *src)
{
    return (((uintptr_t)dst ^ (uintptr_t)src) & 63) == 0;
}

/* u8g_copy_small copies src[0..n) to dst[0..n) (no overlap) for the few
 * bytes of a character (the stream's pending bytes): a loop the compiler
 * keeps inline, where memcpy of a length it does not know is a call into
 * the C library (measured: 6 % of a stream of 4 KiB chunks of multi-byte
 * text, which has a pending character at most chunk ends). */
/*@ requires \valid(dst + (0 .. n - 1)) && \valid_read(src + (0 .. n - 1));
    requires \separated(dst + (0 .. n - 1), src + (0 .. n - 1));
    assigns dst[0 .. n - 1];
    ensures \forall integer j; 0 <= j < n ==> dst[j] == src[j];
*/
static inline void u8g_copy_small(uint8_t *dst, const uint8_t *src, size_t n)
{
    size_t j;

    /*@ loop invariant 0 <= j <= n;
        loop invariant \forall integer m; 0 <= m < j ==> dst[m] == src[m];
        loop assigns j, dst[0 .. n - 1];
        loop variant n - j; */
    for (j = 0; j < n; j++)
        dst[j] = src[j];
}

/* u8g_copy copies src[0..n) to dst[0..n) (no overlap) and returns
 * nothing; it cannot fail. */
/*@ requires \valid(dst + (0 .. n - 1)) && \valid_read(src + (0 .. n - 1));
    requires \separated(dst + (0 .. n - 1), src + (0 .. n - 1));
    assigns dst[0 .. n - 1];
*/
#ifdef __FRAMAC__
/* The proof build's copy (doc/proofs.md, "Assumptions"): the byte loop
 * above, whose contract WP proves. Frama-C's libc writes memcpy's contract
 * on char, and its typed memory model does not relate char and uint8_t
 * memory, so the loop stands in for the memcpy calls below; that memcpy
 * copies n bytes is the assumption. */
static inline void u8g_copy(uint8_t *dst, const uint8_t *src, size_t n)
{
    u8g_copy_small(dst, src, n);
}
#else
static inline void u8g_copy(uint8_t *dst, const uint8_t *src, size_t n)
{
    size_t i = 0;

    if (n >= U8G_COPY_LOOP_MIN && !u8g_same_alignment(dst, src)) {
        for (; n - i >= 64; i += 64)
            memcpy(dst + i, src + i, 64);
    }
    memcpy(dst + i, src + i, n - i);
}
#endif

#endif
