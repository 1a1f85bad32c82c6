/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* impls.h -- the validation implementations a harness must cover. */
#ifndef U8GUARD_FUZZ_IMPLS_H
#define U8GUARD_FUZZ_IMPLS_H

#include "u8guard.h"

#include <stddef.h>

/* fz_impls returns the number of implementations this build and CPU
 * support (u8guard_impl_supported) and U8GUARD_FUZZ_SKIP does not name
 * (comma-separated implementation names), scalar first, and stores them in
 * out[0..n). out has room for U8GUARD_IMPL_COUNT_ entries. Never fails:
 * scalar is always supported (if it is not, it aborts with a message). */
size_t fz_impls(u8guard_impl out[U8GUARD_IMPL_COUNT_]);

/* fz_use switches the library to impl (for U8GUARD_IMPL_AUTO with
 * U8GUARD_FUZZ_SKIP set: the last implementation fz_impls lists). Returns
 * nothing; aborts with a
 * message when u8guard_set_impl refuses an implementation fz_impls listed. */
void fz_use(u8guard_impl impl);

#endif
