/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* expected.h -- what each adapter was established to do on this
 * project's test machines (Debian 12: ICU 72, glibc 2.36, GLib 2.74,
 * libunistring 1.0, utf8proc 2.8, CPython 3, Node 20), input set by input
 * set, and on each example. A change in these numbers is either a bug in
 * an adapter or a changed decoder: both need a look. */
#ifndef U8GUARD_TESTS_ORACLE_EXPECTED_H
#define U8GUARD_TESTS_ORACLE_EXPECTED_H

#include <stddef.h>

/* The outcome counts of one adapter on one set. labels is the reasons in
 * the order first seen, "label:count|label:count" (empty when all agree). */
typedef struct expected_set {
    const char *adapter;
    const char *set;
    size_t cases, agree, known, disagree;
    const char *labels;
} expected_set;

extern const expected_set expected_sets[];
extern const size_t n_expected_sets;

/* The outcome of one adapter on each of examples_hex (sets.h), in order:
 * "=" agrees, "~ID" known divergence ID, "!WHY" disagrees because WHY. */
typedef struct expected_examples {
    const char *adapter;
    const char *const *outcomes;
} expected_examples;

extern const expected_examples expected_example_rows[];
extern const size_t n_expected_example_rows;

#endif
