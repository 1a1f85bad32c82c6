/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* bench.h -- what the benchmark's files share: the operations measured,
 * the verdict a decoder gives, and one measurable function ("a column").
 *
 * Every decoder, u8guard's implementations and the peers alike, is wrapped
 * as a bench_fn that runs one operation on one whole input and reports its
 * verdict. The driver checks that verdict against the expected one before
 * timing anything: a figure for a wrong answer is printed as a mismatch,
 * never as a speed. */
#ifndef U8BENCH_BENCH_H
#define U8BENCH_BENCH_H

#include "u8guard.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The operations, one section of the table each. */
typedef enum bench_op {
    OP_VALIDATE = 0, /* is the input valid, where is the first error */
    OP_ERRPOS,       /* where is the first error (u8guard_next_error) */
    OP_UTF32,        /* strict decoding to UTF-32 */
    OP_UTF16,        /* strict decoding to UTF-16 */
    OP_SANITIZE,     /* replacement of errors by U+FFFD (valid input) */
    OP_REFERENCE,    /* memcpy / memchr: bandwidth, no verdict */
    OP_COUNT_
} bench_op;

/* bench_op_name returns a short name for op ("validate", "utf32", ...). */
const char *bench_op_name(bench_op op);

/* Offset or count that a decoder cannot report. */
#define BENCH_UNKNOWN SIZE_MAX

/* What one call said about one input. */
typedef struct bench_result {
    bool valid;        /* accepted the whole input */
    size_t err_offset; /* rejected: offset of the first error, or BENCH_UNKNOWN */
    size_t n_out;      /* code units (or bytes) written, or BENCH_UNKNOWN */
} bench_result;

/* Output buffers shared by all functions, sized for the largest input:
 * u32 and u16 have room for cap units, u8 for cap + 16 bytes and
 * BENCH_STREAM_SLACK more (the stream's output capacity rule). */
typedef struct bench_buffers {
    uint32_t *u32;
    uint16_t *u16;
    uint8_t *u8;
    size_t cap;
} bench_buffers;

/* The chunk size of the stream columns, and the room a stream needs
 * beyond its output: u8guard_stream_feed wants U8GUARD_STREAM_OUT_MAX of
 * the chunk free at every call. */
#define BENCH_STREAM_CHUNK 4096
#define BENCH_STREAM_SLACK U8GUARD_STREAM_OUT_MAX(BENCH_STREAM_CHUNK)

/* One measurable function: a column of the table. */
typedef struct bench_fn {
    const char *name;   /* column name: "icu-ucnv", "glib", ... */
    bench_op op;
    u8guard_impl impl;  /* u8guard functions: the implementation to force;
                           peers: U8GUARD_IMPL_AUTO */
    bool has_offset;    /* err_offset is meaningful */
    bool has_count;     /* n_out is meaningful */
    /* run processes p[0..len) once and fills *r. */
    void (*run)(const uint8_t *p, size_t len, const bench_buffers *b,
                bench_result *r);
} bench_fn;

/* bench_sink_add folds x into a global volatile sink, so the compiler
 * cannot drop a call whose result is otherwise unused. */
void bench_sink_add(uint64_t x);

#endif
