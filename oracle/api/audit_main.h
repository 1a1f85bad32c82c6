/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* audit_main.h -- the entry point of `u8guard audit`, implemented in
 * oracle/audit/ (static library u8guard_audit) and called by the u8guard
 * command. */
#ifndef U8GUARD_AUDIT_MAIN_H
#define U8GUARD_AUDIT_MAIN_H

/* audit_main runs `u8guard audit` with argv[0] == "audit" and the options
 * after it (see `u8guard audit --help`). Returns 0 when every decoder
 * conforms (known divergences allowed), 1 when some decoder disagrees with
 * u8guard (or a replayed regression changed), 2 on a usage or I/O error
 * (after a message on stderr). */
int audit_main(int argc, char **argv);

#endif
