/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* diff.h -- the differential harnesses' shared driver: run an input
 * through named oracle adapters (oracle/oracle.h) and through u8guard's
 * reference verdict, and stop on a disagreement. */
#ifndef U8GUARD_FUZZ_DIFF_H
#define U8GUARD_FUZZ_DIFF_H

#include <stddef.h>
#include <stdint.h>

/* fz_diff_run runs data[0..size) through each adapter named in
 * names[0..n) (opened on first use) and compares each verdict with
 * oracle_reference's by oracle_compare. Returns when all agree or differ
 * only in a documented way (ORACLE_KNOWN_DIVERGENCE). On ORACLE_DISAGREE
 * it prints one line
 *   U8GUARD-DIFF decoder=NAME hex=<input> ours=<verdict> theirs=<verdict> why=<reason>
 * to stderr and calls abort(), so the fuzzer keeps the input. When an
 * adapter is not compiled in or its open() fails, it prints why and exits
 * with status 1: a differential target never runs silently without its
 * decoder. */
void fz_diff_run(const char *target, const char *const *names, size_t n,
                 const uint8_t *data, size_t size);

#endif
