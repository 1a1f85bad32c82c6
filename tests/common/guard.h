/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* guard.h -- memory zones fenced by inaccessible pages.
 *
 * A zone is a run of readable and writable pages with a PROT_NONE page
 * on each side. A buffer placed at the END of the zone (guard_tail) has
 * its last byte right before a fence, so reading or writing even one byte
 * past it raises SIGSEGV; a buffer placed at the START (guard_head) begins
 * right after a fence, so touching the byte before it faults. Zones are
 * made once and reused: placing a buffer is pointer arithmetic, not a
 * system call. A fault kills the test program, which ctest reports as a
 * failure. */
#ifndef U8GUARD_TESTS_GUARD_H
#define U8GUARD_TESTS_GUARD_H

#include <stddef.h>

struct guard_zone {
    unsigned char *lo; /* first usable byte (page aligned) */
    size_t size;       /* usable bytes, a whole number of pages */
    void *map;         /* the whole mapping, fences included */
    size_t map_len;
};

/* guard_zone_open maps a zone of at least min_size usable bytes between
 * two PROT_NONE pages. Returns 0 on success; on error it prints why and
 * returns -1. */
int guard_zone_open(struct guard_zone *z, size_t min_size);

/* guard_zone_close unmaps the zone; returns nothing. */
void guard_zone_close(struct guard_zone *z);

/* guard_tail returns the address of an n-byte buffer whose last byte is
 * the last usable byte of the zone (for n == 0: the first byte of the
 * fence). Aborts when n exceeds the zone. */
void *guard_tail(const struct guard_zone *z, size_t n);

/* guard_head returns the address of a buffer starting at the first usable
 * byte of the zone, right after the lower fence. */
void *guard_head(const struct guard_zone *z);

#endif
