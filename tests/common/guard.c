/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* guard.c -- zones fenced by PROT_NONE pages (POSIX mmap/mprotect). */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "guard.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int guard_zone_open(struct guard_zone *z, size_t min_size)
{
    long ps = sysconf(_SC_PAGESIZE);
    size_t page = ps > 0 ? (size_t)ps : 4096;
    size_t usable = (min_size + page - 1) / page * page;
    unsigned char *m;

    if (usable == 0)
        usable = page;
    z->map_len = usable + 2 * page;
    z->map = mmap(NULL, z->map_len, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (z->map == MAP_FAILED) {
        fprintf(stderr, "guard: mmap of %zu bytes: %s\n", z->map_len, strerror(errno));
        return -1;
    }
    m = z->map;
    if (mprotect(m, page, PROT_NONE) != 0 ||
        mprotect(m + page + usable, page, PROT_NONE) != 0) {
        fprintf(stderr, "guard: mprotect: %s\n", strerror(errno));
        munmap(z->map, z->map_len);
        return -1;
    }
    z->lo = m + page;
    z->size = usable;
    return 0;
}

void guard_zone_close(struct guard_zone *z)
{
    if (z->map != NULL && z->map != MAP_FAILED)
        munmap(z->map, z->map_len);
    z->map = NULL;
}

void *guard_tail(const struct guard_zone *z, size_t n)
{
    if (n > z->size) {
        fprintf(stderr, "guard: %zu bytes do not fit a zone of %zu\n", n, z->size);
        abort();
    }
    return z->lo + z->size - n;
}

void *guard_head(const struct guard_zone *z)
{
    return z->lo;
}
