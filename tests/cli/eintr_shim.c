/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* eintr_shim.c -- an LD_PRELOAD module for test_eintr.py: it makes every
 * other read() and write() of the process fail with EINTR before doing
 * anything, and cuts the writes that do happen to at most 7 bytes, the way
 * a signal arriving mid-call or a slow pipe would. A program that does not
 * retry interrupted calls, or that ignores short writes, then loses or
 * repeats data, which the test sees in the output. Every other open() of
 * the process (counted apart) fails with EINTR too, as an open of a FIFO
 * waiting for its other end does when a signal comes.
 *
 * pread() is interrupted the same way and cut to at most 7 bytes, as a
 * read of a file on a slow or network file system may be.
 *
 * When EINTR_SHIM_LOG names a file, the number of calls it interrupted is
 * written there at exit, so the test knows the shim was really in place. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef ssize_t (*read_fn)(int, void *, size_t);
typedef ssize_t (*write_fn)(int, const void *, size_t);
typedef ssize_t (*pread_fn)(int, void *, size_t, off_t);
typedef int (*open_fn)(const char *, int, ...);

static unsigned long calls, opens, interrupted;

/* interrupt returns 1 on every other call (and counts it). */
static int interrupt(void)
{
    if (calls++ % 2 == 0) {
        interrupted++;
        return 1;
    }
    return 0;
}

ssize_t read(int fd, void *buf, size_t n)
{
    static read_fn real;

    if (!real)
        real = (read_fn)(void (*)(void))dlsym(RTLD_NEXT, "read");
    if (interrupt()) {
        errno = EINTR;
        return -1;
    }
    return real(fd, buf, n);
}

/* With _FORTIFY_SOURCE, a read into a buffer of known size is __read_chk. */
ssize_t __read_chk(int fd, void *buf, size_t n, size_t buflen);
ssize_t __read_chk(int fd, void *buf, size_t n, size_t buflen)
{
    if (n > buflen)
        abort();
    return read(fd, buf, n);
}

ssize_t pread(int fd, void *buf, size_t n, off_t off)
{
    static pread_fn real;

    if (!real)
        real = (pread_fn)(void (*)(void))dlsym(RTLD_NEXT, "pread");
    if (interrupt()) {
        errno = EINTR;
        return -1;
    }
    return real(fd, buf, n > 7 ? 7 : n, off);
}

/* 64-bit glibc makes pread64 an alias of pread; a 32-bit build with
 * _FILE_OFFSET_BITS=64 names it. */
ssize_t pread64(int fd, void *buf, size_t n, off_t off) __attribute__((alias("pread")));

/* With _FORTIFY_SOURCE, a pread into a buffer of known size is
 * __pread_chk (or __pread64_chk). */
ssize_t __pread_chk(int fd, void *buf, size_t n, off_t off, size_t buflen);
ssize_t __pread_chk(int fd, void *buf, size_t n, off_t off, size_t buflen)
{
    if (n > buflen)
        abort();
    return pread(fd, buf, n, off);
}

ssize_t __pread64_chk(int fd, void *buf, size_t n, off_t off, size_t buflen)
    __attribute__((alias("__pread_chk")));

ssize_t write(int fd, const void *buf, size_t n)
{
    static write_fn real;

    if (!real)
        real = (write_fn)(void (*)(void))dlsym(RTLD_NEXT, "write");
    if (fd > 2 || fd == 1) {
        if (interrupt()) {
            errno = EINTR;
            return -1;
        }
        if (n > 7)
            n = 7; /* a short write: the caller must write the rest */
    }
    return real(fd, buf, n);
}

static open_fn real_open(void)
{
    static open_fn real;

    if (!real)
        real = (open_fn)(void (*)(void))dlsym(RTLD_NEXT, "open");
    return real;
}

/* open fails with EINTR on every other call, the first included. The mode
 * argument exists only with O_CREAT or O_TMPFILE. */
int open(const char *path, int flags, ...)
{
    int mode = 0;
    va_list ap;

    if (flags & (O_CREAT | O_TMPFILE)) {
        va_start(ap, flags);
        mode = va_arg(ap, int);
        va_end(ap);
    }
    if (opens++ % 2 == 0) {
        interrupted++;
        errno = EINTR;
        return -1;
    }
    return real_open()(path, flags, mode);
}

/* 64-bit glibc makes open64 an alias of open; a program built with
 * _FILE_OFFSET_BITS=64 on a 32-bit target names it. */
int open64(const char *path, int flags, ...) __attribute__((alias("open")));

/* report writes the count of interrupted calls to $EINTR_SHIM_LOG. */
__attribute__((destructor)) static void report(void)
{
    const char *path = getenv("EINTR_SHIM_LOG");
    char text[32];
    int fd, len;
    write_fn real = (write_fn)(void (*)(void))dlsym(RTLD_NEXT, "write");

    if (!path || !real)
        return;
    fd = real_open()(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0)
        return;
    len = snprintf(text, sizeof text, "%lu\n", interrupted);
    if (len > 0)
        (void)!real(fd, text, (size_t)len);
    (void)close(fd);
}
