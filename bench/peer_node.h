/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* peer_node.h -- simdutf as shipped in Node.js: runs node_isutf8.mjs on
 * an input written to a temporary file and reads back its timings. */
#ifndef U8BENCH_PEER_NODE_H
#define U8BENCH_PEER_NODE_H

#include <stdbool.h>
#include <stddef.h>

#include "inputs.h"

/* One function's figures as Node reported them. */
typedef struct node_figures {
    bool present;      /* Node measured it */
    bool valid;        /* its verdict */
    size_t units;      /* TextDecoder: UTF-16 units of the string */
    double best_s, median_s;
    size_t reps;
} node_figures;

typedef struct node_report {
    node_figures is_utf8;      /* buffer.isUtf8 */
    node_figures text_decoder; /* TextDecoder fatal */
} node_report;

/* node_init checks that `node` (path or name on PATH) runs script and
 * makes a private temporary directory. Returns NULL when ready, or a
 * static message saying why Node figures will be missing. */
const char *node_init(const char *node, const char *script);

/* node_version returns "v20.x / simdutf 6.4.2" once node_init succeeded,
 * else "". */
const char *node_version(void);

/* node_measure writes in to the temporary directory, runs the script on
 * it (--short in->str_len for a set of short strings) with min_seconds,
 * and fills *out. Returns 0, or -1 with the reason on stderr. */
int node_measure(const bench_input *in, bool short_set, double min_seconds,
                 node_report *out);

/* node_cleanup removes the temporary directory. */
void node_cleanup(void);

#endif
