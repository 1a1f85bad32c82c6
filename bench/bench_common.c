/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* bench_common.c -- the small helpers bench.h declares. */
#include "bench.h"

static volatile uint64_t sink;

void bench_sink_add(uint64_t x)
{
    sink = sink + x;
}

const char *bench_op_name(bench_op op)
{
    switch (op) {
    case OP_VALIDATE: return "validate";
    case OP_ERRPOS: return "error position";
    case OP_UTF32: return "decode to UTF-32";
    case OP_UTF16: return "decode to UTF-16";
    case OP_SANITIZE: return "sanitize";
    case OP_REFERENCE: return "reference";
    case OP_COUNT_: break;
    }
    return "?";
}
