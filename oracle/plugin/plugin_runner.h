/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* plugin_runner.h -- runs a third-party decoder in a sandbox (sandbox.h):
 * either a plugin (doc/plugin-abi.md), in a long-lived child process that
 * dlopens it and decodes each input placed between PROT_NONE guard
 * regions, or a command (`--exec`, doc/audit-exec.md) speaking the line
 * protocol on its standard input and output. A crash, a hang, an exit, a
 * read or write outside the buffers, a garbled answer is caught, reported
 * with the input, and never takes the auditor down. */
#ifndef U8GUARD_PLUGIN_RUNNER_H
#define U8GUARD_PLUGIN_RUNNER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "oracle.h"
#include "sandbox.h"

typedef struct plugin_runner plugin_runner;

/* How one call ended, beyond oracle_verdict's status. */
typedef enum plugin_fault {
    PLUGIN_FAULT_NONE = 0,
    PLUGIN_FAULT_OVERREAD,   /* SIGSEGV/SIGBUS in the input's guard page */
    PLUGIN_FAULT_OVERWRITE,  /* SIGSEGV/SIGBUS in the output's guard page */
    PLUGIN_FAULT_CRASH,      /* any other signal */
    PLUGIN_FAULT_HANG,       /* no answer within the timeout: killed */
    PLUGIN_FAULT_BAD_RESULT, /* n_out > len, or err_offset > len and not SIZE_MAX */
    PLUGIN_FAULT_IO,         /* the child could not be started or talked to */
    PLUGIN_FAULT_EXIT,       /* the child exited during the call */
    PLUGIN_FAULT_LIMIT,      /* killed at a resource limit (memory, CPU, file size) */
    PLUGIN_FAULT_GARBAGE,    /* an answer outside the protocol, or junk on the channel */
    PLUGIN_FAULT_OUT_OF_TURN, /* an answer nobody asked for */
    PLUGIN_FAULT_NOMEM,      /* the auditor ran out of memory: no verdict, not the
                                decoder's fault (the audit stops, doc/cli.md) */
    PLUGIN_FAULT_COUNT
} plugin_fault;

/* PLUGIN_RUNNER_ERR_ROOM is an errlen with which every message of the
 * plugin_runner_open functions fits whole: the longest name the plugin's
 * path (up to 4092 bytes: "PATH: the sandbox child hung while loading
 * it"). A smaller room cuts them. */
#define PLUGIN_RUNNER_ERR_ROOM 4200

/* plugin_runner_open starts the sandbox child for the plugin at path and
 * asks it for the plugin's name. Returns the runner, or NULL with a
 * message in err[0..errlen) (file not loadable, symbols missing, ...). */
plugin_runner *plugin_runner_open(const char *path, int timeout_ms,
                                  char *err, size_t errlen);

/* How to open a runner beyond the defaults of plugin_runner_open and
 * plugin_runner_open_exec (timeout_ms, not replacing, SANDBOX_AS_EXTRA_MB). */
typedef struct plugin_runner_opts {
    int timeout_ms;
    bool replace;              /* a plugin: call u8guard_audit_decode_replace */
    unsigned long as_extra_mb; /* address space beyond the auditor's; 0: default */
} plugin_runner_opts;

/* plugin_runner_open_opts is plugin_runner_open with the options o: with
 * o->replace, the plugin must export u8guard_audit_decode_replace, which
 * every call then runs. Returns the runner, or NULL with a message in
 * err[0..errlen). */
plugin_runner *plugin_runner_open_opts(const char *path, const plugin_runner_opts *o,
                                       char *err, size_t errlen);

/* plugin_runner_open_exec_opts is plugin_runner_open_exec with the
 * options o (o->replace is not used: a replacing --exec decoder is its own
 * command). Returns the runner, or NULL with a message in err[0..errlen). */
plugin_runner *plugin_runner_open_exec_opts(const char *cmd, const plugin_runner_opts *o,
                                            char *err, size_t errlen);

/* plugin_runner_version returns the plugin's u8guard_audit_version()
 * (copied, at most 127 bytes), or "" when it exports none or r runs a
 * command; never NULL. */
const char *plugin_runner_version(const plugin_runner *r);

/* plugin_runner_open_exec starts the command line cmd (run by /bin/sh -c)
 * as a decoder speaking the --exec line protocol (doc/audit-exec.md), and
 * checks that it answers the empty input. Returns the runner, or NULL with
 * a message in err[0..errlen). */
plugin_runner *plugin_runner_open_exec(const char *cmd, int timeout_ms,
                                       char *err, size_t errlen);

/* plugin_runner_detail returns what the last faulty call did, for people
 * ("out-of-bounds read of the input at in[len+4096] (SIGSEGV)", "exited
 * with status 0 during the call", ...); "" after a call without fault. */
const char *plugin_runner_detail(const plugin_runner *r);

/* plugin_runner_name returns the plugin's u8guard_audit_name() (copied,
 * its first 62 bytes), or for an --exec decoder the words of its command
 * without their directories (cut after 63 bytes); never NULL. */
const char *plugin_runner_name(const plugin_runner *r);

/* plugin_runner_decode runs the plugin on data[0..len) and fills *v (whose
 * cps buffer has room for ORACLE_ROOM(len) code points; v->repl is not used).
 * Returns PLUGIN_FAULT_NONE with v->status == ORACLE_OK when the call
 * returned a plausible result; otherwise the fault, with v->status set to
 * ORACLE_OVERREAD, ORACLE_CRASHED (v->signal), ORACLE_HUNG or
 * ORACLE_FAILED, and the child is restarted for the next call. */
plugin_fault plugin_runner_decode(plugin_runner *r, const uint8_t *data,
                                  size_t len, oracle_verdict *v);

/* plugin_runner_restarts returns how many times the child was restarted
 * after a fault. */
unsigned long plugin_runner_restarts(const plugin_runner *r);

/* plugin_runner_close stops the child and frees r (NULL is allowed). */
void plugin_runner_close(plugin_runner *r);

/* plugin_fault_name returns a short description of f: "out-of-bounds
 * read", "crash", "hang", "bad result", "exited", "resource limit",
 * "garbage answer", "answer out of turn", ...; "ok" for PLUGIN_FAULT_NONE. */
const char *plugin_fault_name(plugin_fault f);

#endif
