/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* utf8_model.h -- an independent model of doc/contract.md sections 1 and 2 for
 * the exhaustive test, built from sets rather than rules: every Unicode
 * scalar value is encoded (by this model's own encoder) and its encoding
 * and every proper prefix of it are recorded in bitmaps. Whether bytes are
 * a character, the maximal subpart at an offset, and the error kind then
 * follow from set membership and from doc/contract.md's table of kinds written as plain
 * comparisons -- nothing is shared with src/scalar.c. */
#ifndef U8GUARD_TESTS_UTF8_MODEL_H
#define U8GUARD_TESTS_UTF8_MODEL_H

#include "check.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What the model says about one input of at most 4 bytes. */
struct model_result {
    size_t n_cps;          /* characters decoded (whole input when valid) */
    uint32_t cps[4];
    size_t n_errs;         /* all errors, in order */
    struct terr errs[4];
};

/* model_build fills the bitmaps. Returns true on success, false when
 * memory for them (about 15 MB) cannot be had. */
bool model_build(void);

/* model_free releases the bitmaps; returns nothing. */
void model_free(void);

/* model_scan decodes b[0..n) (n <= 4) by the model into *r; returns true
 * when the input is valid, false when it has at least one error. */
bool model_scan(const uint8_t *b, size_t n, struct model_result *r);

/* model_count returns how many valid encodings of 1, 2, 3 and 4 bytes the
 * model holds in out[0..3] (1112064 scalar values in all: 128, 1920,
 * 61440, 1048576); returns nothing. */
void model_count(size_t out[4]);

#endif
