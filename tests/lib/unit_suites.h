/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* unit_suites.h -- the parts of test_unit, one file each. Every suite
 * runs its checks with the implementation currently selected and reports
 * failures through check.h; none returns anything. */
#ifndef U8GUARD_TESTS_UNIT_SUITES_H
#define U8GUARD_TESTS_UNIT_SUITES_H

#include "check.h"

/* unit_design_examples checks every row and example of doc/contract.md
 * section 2 (unit_examples.c). */
void unit_design_examples(void);

/* unit_lead_second_grid checks every boundary lead byte against every
 * boundary second byte, expectations written out by hand (unit_grid.c). */
void unit_lead_second_grid(void);

/* unit_truncation checks every cut of 2-, 3- and 4-byte sequences, at the
 * end of input and followed by ASCII, and every third/fourth byte
 * boundary (unit_truncation.c). */
void unit_truncation(void);

/* unit_planted checks long valid texts with one error planted at and
 * across the 16/32/64/128-byte boundaries of vector kernels
 * (unit_planted.c). */
void unit_planted(void);

/* unit_capacity checks the snprintf-style capacity rule of the decoders
 * and u8guard_sanitize for every out_cap (unit_capacity.c). */
void unit_capacity(void);

/* unit_null_args checks NULL pointers and out-of-range arguments of every
 * function (unit_null_args.c). */
void unit_null_args(void);

/* unit_encode_and_names checks u8guard_encode, u8guard_kind_name and
 * u8guard_version (unit_encode_names.c). */
void unit_encode_and_names(void);

/* unit_stream_api checks the streaming decoder's contract edges
 * (unit_stream_api.c). */
void unit_stream_api(void);

/* unit_policy checks policy classes (every class boundary), the error
 * handlers, lossy decoding, the stream's forms at every split, and their
 * capacity rules and refusals (unit_policy.c). */
void unit_policy(void);

/* unit_impl_api checks u8guard_impl_name/_supported/set_impl/active_impl;
 * it changes the active implementation, so it runs once, outside the
 * per-implementation loop (unit_impl_api.c). */
void unit_impl_api(void);

/* unit_env_impl checks that the implementation chosen at first use is the
 * one U8GUARD_IMPL names when it is supported, else the best one. It must
 * run before anything else touches the library. Returns 0 when it held,
 * 1 otherwise (unit_impl_api.c). */
int unit_env_impl(void);

#endif
