/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* python.c -- CPython's UTF-8 codec, in a long-lived python3 process
 * (oracle/subprocess/python_decode.py): bytes.decode('utf-8') strict, with
 * UnicodeDecodeError.start as the error offset, and
 * decode('utf-8', 'replace'), which substitutes per maximal subpart as
 * doc/contract.md does. No divergence is documented: CPython is expected to
 * agree everywhere. */
#include "adapters/adapter.h"
#include "adapters/subprocess.h"

static const char *const PROGRAMS[] = {"python3", NULL};
static subproc child = {.script = "python_decode.py", .programs = PROGRAMS,
                        .missing = "python3 not found on PATH"};

static const char *python_open(void)
{
    return subproc_start(&child);
}

static int python_run(const oracle_input *in, size_t n, oracle_verdict *out)
{
    return subproc_run(&child, in, n, out);
}

static void python_close(void)
{
    subproc_stop(&child);
}

const oracle oracle_python = {
    .name = "python",
    .what = "CPython bytes.decode('utf-8') strict and 'replace' (python3 subprocess)",
    .open = python_open,
    .run = python_run,
    .close = python_close,
    .known_divergence = NULL,
};
