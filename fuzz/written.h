/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* written.h -- finding out exactly which bytes a function wrote into a
 * buffer. The harness runs the function twice, into a buffer filled with
 * 0x00 and into one filled with 0xFF; a byte was written iff both runs
 * hold the expected value there, and the first position where either run
 * does not is where writing stopped (no output byte can equal both fill
 * values). */
#ifndef U8GUARD_FUZZ_WRITTEN_H
#define U8GUARD_FUZZ_WRITTEN_H

#include <stdbool.h>
#include <stddef.h>

#define FZ_FILL_A 0x00
#define FZ_FILL_B 0xFF

/* fz_written returns the length w of the longest prefix, in bytes, where
 * a[0..w) and b[0..w) both equal want[0..w), searching only cap bytes
 * (want must have cap readable bytes, or be compared only up to want_len:
 * positions >= want_len never match). Sets *clean to true when a[w..cap)
 * is all FZ_FILL_A and b[w..cap) all FZ_FILL_B (nothing else was touched),
 * false otherwise. */
size_t fz_written(const unsigned char *a, const unsigned char *b,
                  const unsigned char *want, size_t want_len, size_t cap,
                  bool *clean);

#endif
