/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* sets.h -- the inputs the oracle tests run through every adapter. Each
 * set is deterministic (the same inputs on every machine and run), so the
 * expected outcome counts in expected.c are exact. */
#ifndef U8GUARD_TESTS_ORACLE_SETS_H
#define U8GUARD_TESTS_ORACLE_SETS_H

#include "oracle.h"

#include <stddef.h>

/* A list of inputs that owns its bytes. */
typedef struct input_set {
    const char *name;
    oracle_input *in;
    size_t n, cap;
    unsigned char *bytes; /* all inputs, back to back */
    size_t n_bytes, cap_bytes;
} input_set;

/* set_add appends a copy of data[0..len) to s. Returns 0, or -1 when
 * memory runs out. */
int set_add(input_set *s, const void *data, size_t len);

/* set_add_hex appends the input written in hex ("E4 BD 41"; spaces are
 * optional). Returns 0, or -1 on bad hex or when memory runs out. */
int set_add_hex(input_set *s, const char *hex);

/* set_free releases s's memory (s may be zero-initialised); returns
 * nothing. */
void set_free(input_set *s);

/* set_finish makes s->in[i].data point into s->bytes (returns nothing);
 * call it after the last set_add and before using s->in. */
void set_finish(input_set *s);

/* The built-in sets. Each returns 0, or -1 when memory runs out. */

/* set_examples adds doc/contract.md section 5's examples, then the extra cases
 * of examples_hex below. */
int set_examples(input_set *s);
/* set_bytes1 adds the empty input and all 256 one-byte inputs. */
int set_bytes1(input_set *s);
/* set_bytes2 adds all 65536 two-byte inputs. */
int set_bytes2(input_set *s);
/* set_structured adds count inputs glued from valid and ill-formed
 * fragments by a fixed-seed generator. */
int set_structured(input_set *s, size_t count);

/* set_lines adds each line (without its '\n') of the file at path.
 * Returns 0, 1 when the file cannot be read (the caller skips the set),
 * or -1 when memory runs out. */
int set_lines(input_set *s, const char *path);

/* The examples of set_examples in hex, in order; n_examples_hex is their
 * number. The first 7 are examples of doc/contract.md section 5 (the last
 * of those is its two-chunk example as one input). */
extern const char *const examples_hex[];
extern const size_t n_examples_hex;

#endif
