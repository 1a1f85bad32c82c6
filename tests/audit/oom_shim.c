/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* oom_shim.c -- an LD_PRELOAD module for audit_out_of_memory
 * (out_of_memory.py): the process's Nth allocation fails.
 *
 *   U8G_OOM_AT=N      malloc, calloc or realloc number N (counted from the
 *                     process's first, in each program it executes) returns
 *                     NULL with errno ENOMEM; 0 or unset: none fails. Only
 *                     in the process itself: the children it forks (the
 *                     plugins' sandboxes) allocate as usual
 *   U8G_OOM_COUNT=F   at exit, the number of allocations made is written
 *                     to the file F (by the process that loaded the shim,
 *                     not by the children it forks)
 *
 * The allocations themselves are glibc's (__libc_malloc and friends, which
 * glibc exports for such wrappers), so the shim needs no dlsym, which
 * would allocate. Linux with glibc only; not with a sanitizer, which
 * replaces malloc itself. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

void *__libc_malloc(size_t n);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *p, size_t n);

static unsigned long count, fail_at;
static pid_t owner;

__attribute__((constructor)) static void oom_start(void)
{
    const char *at = getenv("U8G_OOM_AT");

    fail_at = at ? strtoul(at, NULL, 10) : 0;
    owner = getpid();
}

__attribute__((destructor)) static void oom_finish(void)
{
    const char *path = getenv("U8G_OOM_COUNT");
    FILE *f;

    if (path == NULL || getpid() != owner)
        return;
    f = fopen(path, "w");
    if (f != NULL) {
        fprintf(f, "%lu\n", count);
        fclose(f);
    }
}

/* Counts an allocation; returns 1 when it is the one that must fail. */
static int this_one_fails(void)
{
    if (++count != fail_at || getpid() != owner)
        return 0;
    errno = ENOMEM;
    return 1;
}

void *malloc(size_t n)
{
    return this_one_fails() ? NULL : __libc_malloc(n);
}

void *calloc(size_t n, size_t size)
{
    return this_one_fails() ? NULL : __libc_calloc(n, size);
}

void *realloc(void *p, size_t n)
{
    return this_one_fails() ? NULL : __libc_realloc(p, n);
}
