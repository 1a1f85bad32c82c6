/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* model.h -- an independent model of doc/contract.md sections 1 and 2, written
 * as a plain switch over Table 3-7's rows (not with the library's tables),
 * giving every result the public API can be checked against. */
#ifndef U8GUARD_HARDENING_MODEL_H
#define U8GUARD_HARDENING_MODEL_H

#include <u8guard.h>

#include <stddef.h>
#include <stdint.h>

/* The model's results for one input of at most MODEL_MAX_LEN bytes. */
#define MODEL_MAX_LEN 40000
struct model {
    size_t len;                              /* input length */
    size_t n_errors;
    u8guard_error errors[MODEL_MAX_LEN];     /* every error, in order */
    size_t prefix;                           /* longest valid prefix */
    size_t n_cps;                            /* code points of the prefix */
    uint32_t cps[MODEL_MAX_LEN];
    size_t n_u16;                            /* UTF-16 units of the prefix */
    uint16_t u16[2 * MODEL_MAX_LEN];
    size_t n_out;                            /* sanitized output length */
    unsigned char out[3 * MODEL_MAX_LEN];
};

/* model_run fills *m with the results for in[0..len); returns 0, or -1
 * when len > MODEL_MAX_LEN (then *m is unusable). */
int model_run(const unsigned char *in, size_t len, struct model *m);

/* model_u16_boundary returns the largest number of units <= cap that ends
 * on a code point boundary of m->u16[0..n_u16) (never inside a pair). */
size_t model_u16_boundary(const struct model *m, size_t cap);

/* model_out_boundary returns the largest number of bytes <= cap that ends
 * on a character boundary of m->out[0..n_out). */
size_t model_out_boundary(const struct model *m, size_t cap);

#endif
