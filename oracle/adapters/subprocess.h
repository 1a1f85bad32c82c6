/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* subprocess.h -- a decoder that lives in another program (CPython,
 * Node), kept running and fed whole batches of inputs.
 *
 * The protocol, all integers little-endian (the scripts in
 * oracle/subprocess/ implement the other end):
 *   child, once started:  "U8GO"
 *   request (one batch):  u32 count, then count times: u32 len, len bytes
 *   reply, per input:     u8 status (0 = answered), u8 accepted,
 *                         u64 err_offset (all ones = cannot say),
 *                         u32 n_cps, n_cps x u32 code points,
 *                         u8 has_repl, u32 n_repl, n_repl x u32
 * The child reads a whole request before writing any of its reply, so
 * the parent can write everything and then read everything without the
 * two blocking each other on full pipes. */
#ifndef U8GUARD_ORACLE_SUBPROCESS_H
#define U8GUARD_ORACLE_SUBPROCESS_H

#include "oracle.h"

#include <sys/types.h>

typedef struct subproc {
    const char *script;          /* file name in oracle/subprocess/ */
    const char *const *programs; /* interpreters to try, NULL-terminated */
    const char *missing;         /* open()'s message when none is found */
    pid_t pid;                   /* 0: not running */
    int to_child;                /* socket: the child's standard input */
    int from_child;              /* pipe: the child's standard output */
} subproc;

/* subproc_start starts sp's script (when it is not running) and waits for
 * its greeting. Returns NULL when it is running, or a static message
 * saying why it cannot be started. */
const char *subproc_start(subproc *sp);

/* subproc_run sends in[0..n) as one batch and fills out[0..n) from the
 * reply (restarting the child once if it died). Returns 0 on success;
 * returns -1, with every out[i].status set to ORACLE_FAILED (ORACLE_HUNG
 * when the child stopped answering and was killed), when the batch could
 * not be answered. */
int subproc_run(subproc *sp, const oracle_input *in, size_t n,
                oracle_verdict *out);

/* subproc_timeout_ms returns how long, in milliseconds, a child may say
 * nothing before it is taken for hung: env (the value of the environment
 * variable ORACLE_SUBPROCESS_TIMEOUT_MS, NULL when it is not set) when it
 * is a decimal number from 1 to 3600000, else 30000. */
int subproc_timeout_ms(const char *env);

/* subproc_stop ends sp's child, if any (end of input, then SIGKILL if it
 * does not exit promptly). */
void subproc_stop(subproc *sp);

#endif
