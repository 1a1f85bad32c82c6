/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* hostile.h -- u8bench's hostile-input rows (hostile.c). */
#ifndef U8BENCH_HOSTILE_H
#define U8BENCH_HOSTILE_H

#include "u8guard.h"

#include <stdint.h>
#include <stdio.h>

/* hostile_run makes the four error-dense inputs of len bytes (e0
 * repeated, ed a0 80 repeated, 80 repeated, random bytes from seed),
 * checks every supported implementation's count_errors, next_error
 * iteration and sanitize against the scalar reference, times them (each
 * cell for at least min_seconds) and prints a table of MB/s to f.
 * Returns 0 when every answer matched, 1 when some did not (printed as
 * MISMATCH), -1 when memory was short. */
int hostile_run(FILE *f, size_t len, double min_seconds, uint64_t seed);

#endif
