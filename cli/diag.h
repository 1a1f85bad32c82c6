/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* diag.h -- how the command reports problems on stderr. Every message is
 * one line starting with "u8guard: ", and names the file and the cause. */
#ifndef U8GUARD_CLI_DIAG_H
#define U8GUARD_CLI_DIAG_H

#if defined(__GNUC__) || defined(__clang__)
#define CLI_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define CLI_PRINTF(f, a)
#endif

/* Exit statuses of every sub-command (doc/cli.md). */
enum { EXIT_VALID = 0, EXIT_INVALID = 1, EXIT_TROUBLE = 2 };

/* diag prints "u8guard: " followed by the formatted message and a newline
 * on stderr. It returns nothing; a failing stderr is ignored (there is
 * nowhere left to report it). */
void diag(const char *fmt, ...) CLI_PRINTF(1, 2);

/* diag_usage prints "u8guard CMD: MESSAGE (try 'u8guard CMD --help')" on
 * stderr and returns EXIT_TROUBLE, so a caller can `return diag_usage()`. */
int diag_usage(const char *cmd, const char *fmt, ...) CLI_PRINTF(2, 3);

#endif
