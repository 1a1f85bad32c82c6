/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* input.c -- opening and reading one input stream. */
#include "input.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

int input_open(struct input *in, const char *path)
{
    int err;

    in->is_stdin = path == NULL || strcmp(path, "-") == 0;
    in->name = path ? path : "-";
    if (in->is_stdin) {
        in->fd = STDIN_FILENO;
    } else {
        do
            in->fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
        while (in->fd == -1 && errno == EINTR); /* open of a FIFO can wait */
        if (in->fd == -1)
            return errno;
    }
    if (fstat(in->fd, &in->st) != 0) {
        err = errno;
        input_close(in); /* sets in->fd to -1 */
        return err;
    }
    if (S_ISDIR(in->st.st_mode)) {
        input_close(in);
        return EISDIR;
    }
    return 0;
}

ssize_t input_read(struct input *in, void *buf, size_t cap)
{
    ssize_t n;

    do
        n = read(in->fd, buf, cap);
    while (n < 0 && errno == EINTR);
    return n;
}

ssize_t input_pread(int fd, void *buf, size_t cap, uint64_t off)
{
    size_t got = 0;
    ssize_t k;

    while (got < cap) {
        k = pread(fd, (unsigned char *)buf + got, cap - got, (off_t)(off + got));
        if (k < 0 && errno == EINTR)
            continue;
        if (k < 0)
            return k; /* -1, errno set */
        if (k == 0)
            break;
        got += (size_t)k;
    }
    return (ssize_t)got;
}

uint64_t input_full_offset(uint64_t base, size_t reported)
{
    uint64_t lo = base >= 3 ? base - 3 : 0;

    return lo + (uint64_t)(size_t)(reported - (size_t)lo);
}

int input_close(struct input *in)
{
    int fd = in->fd;

    in->fd = -1;
    if (in->is_stdin || fd < 0)
        return 0;
    /* Linux closes the descriptor even when close(2) fails: no retry. */
    return close(fd) == 0 ? 0 : errno;
}
