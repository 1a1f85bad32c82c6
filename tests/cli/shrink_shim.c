/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* shrink_shim.c -- an LD_PRELOAD module for test_shrink.py: every pread()
 * of the process reports end of file (returns 0), as it would for a file
 * that another process truncated after the command read it. The command
 * reads a file again with pread only to count the lines before a late
 * error (check) or to show the bytes around an error (explain), and must
 * then finish with what it could read instead of asking again forever.
 *
 * When SHRINK_SHIM_ERRNO holds a number, every pread fails instead, with
 * that errno (5, EIO: a disk that fails while the command reads it again).
 * When SHRINK_SHIM_END holds a number, pread reads the file as if it ended
 * at that offset (a file cut there after the first read).
 *
 * When SHRINK_SHIM_LOG names a file, the number of calls it answered is
 * written there at exit, so the test knows the shim was in place. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>
#include <unistd.h>

typedef ssize_t (*pread_fn)(int, void *, size_t, off_t);

static unsigned long answered;

ssize_t pread(int fd, void *buf, size_t n, off_t off)
{
    const char *fail = getenv("SHRINK_SHIM_ERRNO");
    const char *end = getenv("SHRINK_SHIM_END");

    answered++;
    if (fail != NULL && *fail != '\0') {
        errno = atoi(fail);
        return -1;
    }
    if (end != NULL && *end != '\0') {
        off_t cut = (off_t)atoll(end);

        if (off >= cut)
            return 0;
        static pread_fn real; /* libc's, as the other shims reach theirs */

        if ((off_t)n > cut - off)
            n = (size_t)(cut - off);
        if (!real)
            real = (pread_fn)(void (*)(void))dlsym(RTLD_NEXT, "pread");
        return real(fd, buf, n, off);
    }
    return 0;
}

/* Large-file builds call pread64; glibc's pread is an alias of it on
 * 64-bit targets, but a 32-bit build names it. */
ssize_t pread64(int fd, void *buf, size_t n, off_t off);
ssize_t pread64(int fd, void *buf, size_t n, off_t off)
{
    return pread(fd, buf, n, off);
}

/* With _FORTIFY_SOURCE, a pread into a buffer of known size is
 * __pread_chk (or __pread64_chk). */
ssize_t __pread_chk(int fd, void *buf, size_t n, off_t off, size_t buflen);
ssize_t __pread_chk(int fd, void *buf, size_t n, off_t off, size_t buflen)
{
    if (n > buflen)
        abort();
    return pread(fd, buf, n, off);
}

ssize_t __pread64_chk(int fd, void *buf, size_t n, off_t off, size_t buflen);
ssize_t __pread64_chk(int fd, void *buf, size_t n, off_t off, size_t buflen)
{
    return __pread_chk(fd, buf, n, off, buflen);
}

__attribute__((destructor)) static void report(void)
{
    const char *log = getenv("SHRINK_SHIM_LOG");
    FILE *f;

    if (log == NULL || *log == '\0' || (f = fopen(log, "w")) == NULL)
        return;
    fprintf(f, "%lu\n", answered);
    fclose(f);
}
