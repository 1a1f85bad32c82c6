/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* divergence.h -- helpers for the adapters' known_divergence functions.
 *
 * A documented divergence is recognised by recomputing, from u8guard's
 * own reading of the input, exactly what the decoder is documented to
 * answer, and requiring its answer to be that and nothing else. So a
 * divergence id is never given to a difference the documentation does not
 * predict. */
#ifndef U8GUARD_ORACLE_DIVERGENCE_H
#define U8GUARD_ORACLE_DIVERGENCE_H

#include "oracle.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A replacement policy: for an ill-formed sequence at p[0] (avail bytes
 * readable, avail >= 1), sets *n_fffd to the number of U+FFFD the decoder
 * writes for it and returns the number of bytes it skips (>= 1). */
typedef size_t (*divergence_policy)(const uint8_t *p, size_t avail,
                                    size_t *n_fffd);

/* divergence_repl_is returns true when theirs has replacement output and
 * it equals the decoding of data[0..len) in which valid stretches decode
 * as u8guard decodes them and each ill-formed sequence is handled by
 * policy. Returns false otherwise, and when memory runs out. */
bool divergence_repl_is(const uint8_t *data, size_t len,
                        const oracle_verdict *theirs, divergence_policy policy);

/* divergence_per_byte is the policy "one U+FFFD for each byte of an
 * ill-formed sequence": skips 1 byte, writes 1 U+FFFD. */
size_t divergence_per_byte(const uint8_t *p, size_t avail, size_t *n_fffd);

#endif
