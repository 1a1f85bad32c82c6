/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* timing.c -- repeated, adaptive timing of one call.
 *
 * Each call is timed on its own with CLOCK_MONOTONIC: at the input sizes
 * used (>= 16 bytes x thousands of strings, or >= 1 MiB) a call lasts far
 * longer than the clock's ~20 ns overhead. Slow decoders get few
 * repetitions and fast ones many, so every cell costs about the same
 * wall time. The best time is the least disturbed by other processes on a
 * shared machine; the median says how noisy it was. */
#define _POSIX_C_SOURCE 200809L
#include "timing.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

double timing_now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

int timing_measure(void (*fn)(void *ctx), void *ctx, const timing_plan *plan,
                   timing_stats *out)
{
    size_t max = plan->max_reps < 1 ? 1 : plan->max_reps;
    double *t = malloc(max * sizeof *t);
    double start, spent = 0;
    size_t n = 0;

    memset(out, 0, sizeof *out);
    if (!t)
        return -1;
    fn(ctx); /* warm-up: caches, page faults of the output, lazy init */
    start = timing_now();
    while (n < max && (n < plan->min_reps || spent < plan->min_seconds)) {
        double t0 = timing_now();
        fn(ctx);
        double t1 = timing_now();
        t[n++] = t1 - t0;
        spent = t1 - start;
    }
    qsort(t, n, sizeof *t, cmp_double);
    out->best = t[0];
    out->median = n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
    out->reps = n;
    free(t);
    return 0;
}
