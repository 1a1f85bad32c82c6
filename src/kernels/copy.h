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

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Below this, memcpy is not "rep movsb" and is as fast as anything. */
#define U8G_COPY_LOOP_MIN 1024

/* u8g_copy copies src[0..n) to dst[0..n) (no overlap) and returns
 * nothing; it cannot fail. */
static inline void u8g_copy(uint8_t *dst, const uint8_t *src, size_t n)
{
    size_t i = 0;

    if (n >= U8G_COPY_LOOP_MIN) {
        for (; n - i >= 64; i += 64)
            memcpy(dst + i, src + i, 64);
    }
    memcpy(dst + i, src + i, n - i);
}

#endif
