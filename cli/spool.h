/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* spool.h -- text held back until it can be written: `check --json`
 * prints a file's counts before its list of errors, so the list waits
 * here. It stays in memory up to a limit, then moves to an anonymous
 * temporary file (tmpfile), so memory stays bounded however many errors
 * --max-errors 0 lets through. */
#ifndef U8GUARD_CLI_SPOOL_H
#define U8GUARD_CLI_SPOOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "diag.h"
#include "writer.h"

#define SPOOL_MEMORY ((size_t)1 << 20)

struct spool {
    char *mem;
    size_t len, cap; /* of mem, while tmp is NULL */
    FILE *tmp;       /* once the text outgrew SPOOL_MEMORY */
    int err;         /* errno of the first failure, 0 while all is well */
};

/* spool_init makes s empty. */
void spool_init(struct spool *s);

/* spool_put appends p[0..n). Returns true on success, false on failure
 * (no memory, temporary file error: s->err says why). */
bool spool_put(struct spool *s, const void *p, size_t n);

/* spool_printf appends formatted text (at most 511 bytes per call).
 * Returns as spool_put. */
bool spool_printf(struct spool *s, const char *fmt, ...) CLI_PRINTF(2, 3);

/* spool_replay writes everything appended so far to w and empties s.
 * Returns true on success; false when reading back the temporary file
 * fails (s->err) or writing fails (w->err). */
bool spool_replay(struct spool *s, struct writer *w);

/* spool_clear empties s, keeping its memory for the next file. */
void spool_clear(struct spool *s);

/* spool_free releases everything s holds. */
void spool_free(struct spool *s);

#endif
