/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* timing.h -- repeated, adaptive timing of one call. */
#ifndef U8BENCH_TIMING_H
#define U8BENCH_TIMING_H

#include <stddef.h>

/* How long and how often to repeat a measurement. */
typedef struct timing_plan {
    double min_seconds; /* keep repeating until this much time was spent */
    size_t min_reps;    /* ... and at least this many timed calls */
    size_t max_reps;    /* ... but never more than this many */
} timing_plan;

/* The outcome of a measurement, in seconds per call. */
typedef struct timing_stats {
    double best;
    double median;
    size_t reps;
} timing_stats;

/* timing_now returns a monotonic clock reading in seconds. */
double timing_now(void);

/* timing_measure calls fn(ctx) once untimed (warm-up), then times single
 * calls until plan says to stop, and returns their best and median in
 * *out. Returns 0 on success, -1 when it could not allocate its sample
 * array (then *out is zeroed). */
int timing_measure(void (*fn)(void *ctx), void *ctx, const timing_plan *plan,
                   timing_stats *out);

#endif
