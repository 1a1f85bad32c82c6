/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* linepos.c -- counting lines with memchr over each chunk once. */
#include "linepos.h"

#include <string.h>

void linepos_init(struct linepos *lp)
{
    lp->scanned = 0;
    lp->lf = 0;
    lp->line_start = 0;
}

void linepos_scan(struct linepos *lp, const unsigned char *chunk,
                  uint64_t base, uint64_t upto)
{
    const unsigned char *p, *end, *nl;

    if (upto <= lp->scanned)
        return;
    p = chunk + (size_t)(lp->scanned - base);
    end = chunk + (size_t)(upto - base);
    while ((nl = memchr(p, '\n', (size_t)(end - p))) != NULL) {
        lp->lf++;
        lp->line_start = base + (uint64_t)(nl - chunk) + 1;
        p = nl + 1;
    }
    lp->scanned = upto;
}

void linepos_at(const struct linepos *lp, uint64_t off, uint64_t *line,
                uint64_t *column)
{
    *line = 1 + lp->lf;
    *column = off >= lp->line_start ? 1 + (off - lp->line_start) : 1;
}
