/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* compare.h -- runs one input through every public entry point with the
 * scalar reference and with each other supported implementation, and
 * reports every difference (bytes, offsets, lengths, kinds). */
#ifndef U8GUARD_TESTS_KERNELS_COMPARE_H
#define U8GUARD_TESTS_KERNELS_COMPARE_H

#include <u8guard.h>

#include <stddef.h>
#include <stdint.h>

/* The exit status ctest reads as "skipped" (SKIP_RETURN_CODE). */
#define SKIP_STATUS 77

/* compare_selected returns nonzero when impl is one to test: supported
 * here and, when U8GUARD_TEST_IMPLS is set, named in it (comma-separated;
 * ci/mutate.py runs a kernel's mutants against that kernel only, and
 * ci/neon-qemu.sh runs scalar and neon only). Tests that loop over the
 * implementations themselves ask it too. */
int compare_selected(u8guard_impl impl);

/* compare_use selects impl for the calls that follow and returns nonzero
 * when it is one to test (compare_selected) and could be selected; else it
 * prints "<test>: <impl> not checked: <why>" and returns 0. For tests
 * that loop over the implementations themselves. */
int compare_use(const char *test, u8guard_impl impl);

/* compare_all runs in[0..len) through the public API under the scalar
 * implementation and under every other supported one (only those named in
 * U8GUARD_TEST_IMPLS, comma-separated, when it is set). Returns the number
 * of implementations whose results differ from the reference's (0: all
 * equal); the first differences are printed to stderr with what (a label
 * for the input) and a hex dump. When fast is nonzero only
 * u8guard_valid_prefix is compared (for very large sweeps). */
int compare_all(const uint8_t *in, size_t len, const char *what, int fast);

/* compare_describe writes a label for the input into buf[0..n). */
typedef void (*compare_describe)(char *buf, size_t n, const void *ctx);

/* compare_all_described is compare_all with the label made by
 * describe(buf, n, ctx) only when a difference is printed: for sweeps of
 * millions of inputs, where formatting every label costs as much as the
 * comparison itself (test_embedded under qemu). Returns what compare_all
 * returns. */
int compare_all_described(const uint8_t *in, size_t len, compare_describe describe,
                          const void *ctx, int fast);

/* compare_failures returns the total number of differences compare_all
 * found so far in this process. */
unsigned long compare_failures(void);

/* compare_cases returns the number of inputs compare_all has checked. */
unsigned long compare_cases(void);

/* compare_impls_line prints (to stdout) which implementations are being
 * compared with the reference, and returns how many there are. */
int compare_impls_line(void);

/* rng_next returns the next value of a xorshift64* generator whose state
 * is *s (nonzero). Deterministic, so failures reproduce. */
uint64_t rng_next(uint64_t *s);

/* random_char writes a random well-formed character of n bytes (1..4) to
 * out and returns n; every lead byte and second-byte range of Table 3-7 is
 * reachable. */
size_t random_char(uint64_t *s, unsigned n, uint8_t out[4]);

#endif
