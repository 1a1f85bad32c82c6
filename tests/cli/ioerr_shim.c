/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* ioerr_shim.c -- an LD_PRELOAD module for test_ioerr.py: the last steps
 * of writing a file fail with EIO, as they do on a network file system or
 * a failing disk that reports a lost write only then. IOERR_SHIM=close
 * makes close() of a descriptor open for writing fail (after closing it,
 * as Linux does); IOERR_SHIM=fsync makes fsync() of one fail. Descriptors
 * open for reading only, and standard output and error, are left alone:
 * only the output file's close or fsync fails. IOERR_SHIM=tmpfile makes
 * tmpfile() fail, as it does with /tmp full or read-only. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef int (*fd_fn)(int);

/* Whether this call should fail: fd is an output file's (above 2, open
 * for writing) and IOERR_SHIM names the call. */
static int fails(int fd, const char *call)
{
    const char *which = getenv("IOERR_SHIM");
    int fl = fcntl(fd, F_GETFL);

    return fd > 2 && which && strcmp(which, call) == 0 && fl >= 0 &&
           (fl & O_ACCMODE) != O_RDONLY;
}

int close(int fd)
{
    fd_fn real = (fd_fn)(void (*)(void))dlsym(RTLD_NEXT, "close");
    int fail = fails(fd, "close");

    if (real(fd) != 0)
        return -1;
    if (fail) {
        errno = EIO;
        return -1;
    }
    return 0;
}

int fsync(int fd)
{
    fd_fn real = (fd_fn)(void (*)(void))dlsym(RTLD_NEXT, "fsync");

    if (fails(fd, "fsync")) {
        errno = EIO;
        return -1;
    }
    return real(fd);
}

typedef FILE *(*tmpfile_fn)(void);

static FILE *shim_tmpfile(const char *name)
{
    const char *which = getenv("IOERR_SHIM");
    tmpfile_fn real = (tmpfile_fn)(void (*)(void))dlsym(RTLD_NEXT, name);

    if (which && strcmp(which, "tmpfile") == 0) {
        errno = EIO;
        return NULL;
    }
    return real();
}

FILE *tmpfile(void)
{
    return shim_tmpfile("tmpfile");
}

/* Large-file builds call tmpfile64. */
FILE *tmpfile64(void);
FILE *tmpfile64(void)
{
    return shim_tmpfile("tmpfile64");
}
