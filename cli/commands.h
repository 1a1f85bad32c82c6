/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* commands.h -- the sub-commands. Each takes its own argc/argv (argv[0]
 * is the sub-command's name), writes its normal output to out (standard
 * output; main flushes it and reports a failure to write it), and returns
 * the exit status: 0 all input valid, 1 some input invalid, 2 usage or
 * I/O error. */
#ifndef U8GUARD_CLI_COMMANDS_H
#define U8GUARD_CLI_COMMANDS_H

#include "writer.h"

/* cmd_check reports the errors of each file (doc/cli.md).
 * Returns the exit status as above. */
int cmd_check(int argc, char **argv, struct writer *out);

/* cmd_sanitize copies its input with each error replaced by U+FFFD.
 * Returns the exit status as above (1: something was replaced). */
int cmd_sanitize(int argc, char **argv, struct writer *out);

/* cmd_explain explains the bytes given in hex. Returns 0 when they are
 * valid UTF-8, 1 when not, 2 on bad hex or usage. */
int cmd_explain(int argc, char **argv, struct writer *out);

/* cmd_audit runs the conformance audit: it replaces the command with the
 * u8guard-audit program (cli/audit.c), which returns the audit's exit
 * status. Returns 2 when that program is not installed or cannot run, and
 * 0 after printing the help when asked for it there. */
int cmd_audit(int argc, char **argv, struct writer *out);

/* The --help texts of the sub-commands. */
extern const char check_help[];
extern const char sanitize_help[];
extern const char explain_help[];
extern const char audit_help[];

#endif
