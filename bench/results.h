/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* results.h -- every figure measured in a run, the table and the JSON
 * file made from them. */
#ifndef U8BENCH_RESULTS_H
#define U8BENCH_RESULTS_H

#include "bench.h"

#include <stdio.h>

enum { REC_OK = 0, REC_MISMATCH, REC_FAILED };

/* One measured (or refused) cell. */
typedef struct bench_record {
    char size[16];     /* "1MiB", "16MiB", "256MiB", "short" */
    char input[40];    /* input name */
    bench_op op;
    char column[32];   /* "u8g-avx2", "icu-ucnv", "simdutf(node)" */
    size_t bytes;      /* bytes per call */
    size_t strings;    /* short-string sets: strings per call; else 0 */
    int status;        /* REC_OK, or why there is no figure */
    char note[200];    /* the mismatch, in words */
    double best_s, median_s;
    size_t reps;
} bench_record;

/* results_add appends a copy of *r. Returns 0, or -1 when memory is short. */
int results_add(const bench_record *r);

/* results_count returns the number of records so far. */
size_t results_count(void);

/* results_problems returns the number of records without a figure: a
 * wrong verdict (REC_MISMATCH) or a failure to measure (REC_FAILED). */
size_t results_problems(void);

/* results_print_table prints the table: per size, one section per
 * operation, rows = inputs, columns = "u8guard" (the implementation named
 * auto_column, which dispatch chose), each implementation, the peers.
 * Cells are GB/s (ns per string for short strings) and, except in the
 * u8guard column, the speed relative to u8guard (2.00x = twice as fast). */
void results_print_table(FILE *f, const char *auto_column);

/* results_print_targets prints the project's performance targets next to
 * what was measured (see bench/README.md). */
void results_print_targets(FILE *f, const char *auto_column);

/* results_write_json writes every record and the machine description
 * (machine_json, a JSON object) to path. Returns 0, or -1 with the reason
 * on stderr. */
int results_write_json(const char *path, const char *machine_json);

/* results_free releases the records. */
void results_free(void);

#endif
