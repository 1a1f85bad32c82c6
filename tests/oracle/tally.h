/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* tally.h -- runs one adapter over a set of inputs and counts how its
 * verdicts compare with u8guard's (oracle_compare), by outcome and by
 * reason. */
#ifndef U8GUARD_TESTS_ORACLE_TALLY_H
#define U8GUARD_TESTS_ORACLE_TALLY_H

#include "oracle.h"
#include "sets.h"

#include <stddef.h>

#define TALLY_MAX_LABELS 12

/* One reason: a divergence id (known) or a "why" (disagree), how many
 * inputs had it, and the first of them. */
typedef struct tally_label {
    const char *label;
    oracle_outcome outcome;
    size_t count;
    size_t first; /* index in the set */
} tally_label;

typedef struct tally {
    size_t cases, agree, known, disagree;
    tally_label labels[TALLY_MAX_LABELS];
    size_t n_labels;
    size_t batch_failures; /* run() calls that returned -1 */
} tally;

/* tally_run runs o (already opened) over s in batches and fills *t.
 * Returns 0, or -1 when memory runs out. */
int tally_run(const oracle *o, const input_set *s, tally *t);

/* tally_outcome runs o on the single input data[0..len) and returns the
 * outcome; *label is the divergence id or why (NULL when they agree).
 * Returns -1 when memory runs out. */
int tally_outcome(const oracle *o, const void *data, size_t len,
                  const char **label);

/* tally_labels_text writes t's labels as "label:count|label:count" (in
 * the order first seen) into buf of size cap. */
void tally_labels_text(const tally *t, char *buf, size_t cap);

#endif
