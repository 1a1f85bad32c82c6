/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* capture_stderr.h -- what a white-box test's call printed on standard
 * error, caught so that the test can assert its exact text:
 *
 *     struct capture c;
 *     capture_stderr_start(&c);
 *     rc = function_under_test(...);
 *     capture_stderr_stop(&c, said, sizeof said);
 *
 * POSIX only (dup2 on descriptor 2); the tests that use it are. */
#ifndef U8GUARD_TESTS_CAPTURE_STDERR_H
#define U8GUARD_TESTS_CAPTURE_STDERR_H

#include <stddef.h>
#include <stdio.h>

struct capture {
    FILE *file; /* where descriptor 2 writes meanwhile */
    int saved;  /* descriptor 2 as it was */
};

/* capture_stderr_start sends standard error to a new temporary file. On
 * failure it prints why and exits with status 2 (the test cannot run). */
void capture_stderr_start(struct capture *c);

/* capture_stderr_stop puts standard error back and copies what was
 * written meanwhile to said[0..cap), cut to cap - 1 bytes and terminated
 * (cap >= 1). Returns the number of bytes copied. */
size_t capture_stderr_stop(struct capture *c, char *said, size_t cap);

#endif
