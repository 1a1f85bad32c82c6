/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* linepos.h -- line and column of stream offsets, in O(1) memory: the
 * count of LF bytes seen and where the current line starts. LINE is 1 +
 * the number of LF (0A) bytes before the offset; COLUMN is 1 + the number
 * of bytes between the last LF and the offset (byte columns, not
 * characters: the input may not even be text). */
#ifndef U8GUARD_CLI_LINEPOS_H
#define U8GUARD_CLI_LINEPOS_H

#include <stddef.h>
#include <stdint.h>

struct linepos {
    uint64_t scanned;    /* bytes [0, scanned) have been looked at */
    uint64_t lf;         /* LF bytes among them */
    uint64_t line_start; /* offset just after the last of them, or 0 */
};

/* linepos_init starts at offset 0. */
void linepos_init(struct linepos *lp);

/* linepos_scan looks at the bytes [lp->scanned, upto) of the stream,
 * which are chunk[lp->scanned - base ...]: chunk holds stream bytes from
 * offset base on, and base <= lp->scanned, upto <= base + its length.
 * Does nothing when upto <= lp->scanned. */
void linepos_scan(struct linepos *lp, const unsigned char *chunk,
                  uint64_t base, uint64_t upto);

/* linepos_at sets *line and *column of offset off, which must not lie
 * after lp->scanned with an LF in between (true for any offset the
 * scanner has reached, and for the bytes of a pending UTF-8 sequence,
 * which are never LF). */
void linepos_at(const struct linepos *lp, uint64_t off, uint64_t *line,
                uint64_t *column);

#endif
