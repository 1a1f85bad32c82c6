/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* model.h -- a second, deliberately different implementation of doc/contract.md
 * sections 1 and 2, for the harnesses to check the library against.
 *
 * The library's reference (src/scalar.c) walks a table of lead-byte rules.
 * This model instead matches the input against the nine byte patterns of
 * RFC 3629's grammar, takes the maximal subpart as the longest partial
 * match, and names an error's kind from the value a lax decoder would have
 * computed (below U+0080/U+0800/U+10000: overlong; D800..DFFF: surrogate;
 * above 10FFFF: too_large). A bug shared by both would have to be made
 * twice, in two different ways. */
#ifndef U8GUARD_FUZZ_MODEL_H
#define U8GUARD_FUZZ_MODEL_H

#include "u8guard.h"

#include <stddef.h>
#include <stdint.h>

/* model_step looks at p[0..avail), avail >= 1. When a well-formed sequence
 * starts there it returns its length (1..4) and sets *cp. Otherwise it
 * returns 0 and sets *err (offset 0, the maximal subpart, the kind). */
size_t model_step(const uint8_t *p, size_t avail, uint32_t *cp,
                  u8guard_error *err);

/* model_errors stores the errors of data[0..len), in order and with
 * absolute offsets, in errs[0..cap) and returns how many there are (which
 * may exceed cap; cap == len always suffices). */
size_t model_errors(const uint8_t *data, size_t len, u8guard_error *errs,
                    size_t cap);

/* model_decode decodes the longest valid prefix of data[0..len) into
 * out (room for len code points). Returns the number of code points and
 * sets *first to the first error (kind U8GUARD_OK, offset len, length 0
 * when the input is valid). */
size_t model_decode(const uint8_t *data, size_t len, uint32_t *out,
                    u8guard_error *first);

/* model_class returns the policy class of cp (one u8guard_class bit) or 0,
 * from a table of ranges written from doc/contract.md (the library uses
 * a chain of tests instead). */
unsigned model_class(uint32_t cp);

/* model_policy_output writes to out the output of data[0..len) under
 * { deny, handler } as code points (each error's replacement, escape or
 * nothing; each allowed character), and the errors to errs (room for len,
 * with cls and code_point); returns the number of code points (room for
 * 6 * len + 1 suffices) and sets *n_errs. */
size_t model_policy_output(const uint8_t *data, size_t len, unsigned deny,
                           u8guard_handler handler, uint32_t *out,
                           u8guard_error *errs, size_t *n_errs);

#endif
