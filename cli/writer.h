/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* writer.h -- buffered output to a file descriptor that survives what
 * stdio does not handle: EINTR (retried), short writes (looped, both by
 * write_all of support/write_all.h), and errors such as ENOSPC or EPIPE
 * (remembered, then reported once by the caller). After the first failure
 * every call does nothing and fails. */
#ifndef U8GUARD_CLI_WRITER_H
#define U8GUARD_CLI_WRITER_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"

#define WRITER_BUF 65536

struct writer {
    int fd;
    const char *name; /* for messages: "standard output" or a path */
    int err;          /* errno of the first failure, 0 while all is well */
    bool nosock;      /* fd is not a socket (fstat at writer_init) */
    size_t len;
    unsigned char buf[WRITER_BUF];
};

/* writer_init makes w an empty writer on fd; name is used in messages and
 * must outlive w. */
void writer_init(struct writer *w, int fd, const char *name);

/* writer_put appends p[0..n). Returns true on success, false once any
 * write has failed (w->err says why). */
bool writer_put(struct writer *w, const void *p, size_t n);

/* writer_str appends the string s. Returns as writer_put. */
bool writer_str(struct writer *w, const char *s);

/* writer_printf appends formatted text (at most 4095 bytes per call; a
 * longer result fails with EOVERFLOW). Returns as writer_put. */
bool writer_printf(struct writer *w, const char *fmt, ...) CLI_PRINTF(2, 3);

/* writer_flush writes out what is buffered. Returns true on success, false
 * on failure (w->err says why). */
bool writer_flush(struct writer *w);

/* writer_report prints the failure of w on stderr, naming w->name and the
 * cause, except for EPIPE (the reader went away, as with `| head`), which
 * ends the command quietly. Returns EXIT_TROUBLE. */
int writer_report(const struct writer *w);

#endif
