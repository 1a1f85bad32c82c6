/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* node.c -- the WHATWG Encoding Standard's UTF-8 decoder as Node.js
 * implements it, in a long-lived node process
 * (oracle/subprocess/node_decode.js): new TextDecoder('utf-8',
 * {fatal: true, ignoreBOM: true}) for the strict verdict and the non-fatal
 * decoder for replacement output (WHATWG substitutes per maximal subpart,
 * as doc/contract.md does). ignoreBOM keeps a leading EF BB BF as U+FEFF instead
 * of dropping it, as every other decoder here does.
 *
 * The fatal decoder throws a TypeError without a position, so a rejected
 * input has err_offset = ORACLE_UNKNOWN and no code points;
 * oracle_compare then checks only the verdict and the replacement output.
 * That is the interface's way of saying "cannot say", not a divergence. */
#include "adapters/adapter.h"
#include "adapters/subprocess.h"

/* Debian's package installs "node"; older ones called it "nodejs". */
static const char *const PROGRAMS[] = {"node", "nodejs", NULL};
static subproc child = {.script = "node_decode.js", .programs = PROGRAMS,
                        .missing = "neither node nor nodejs found on PATH"};

static const char *node_open(void)
{
    return subproc_start(&child);
}

static int node_run(const oracle_input *in, size_t n, oracle_verdict *out)
{
    return subproc_run(&child, in, n, out);
}

static void node_close(void)
{
    subproc_stop(&child);
}

const oracle oracle_node = {
    .name = "node",
    .what = "Node.js TextDecoder('utf-8') fatal and replacing (node subprocess)",
    .open = node_open,
    .run = node_run,
    .close = node_close,
    .known_divergence = NULL,
};
