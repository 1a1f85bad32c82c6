/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* write_all.c -- the write loop (write_all.h). Only async-signal-safe
 * calls (send, write, poll_wait) and errno: no stdio, no allocation. */
#include "support/write_all.h"
#include "support/poll_wait.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stdbool.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

/* Writes some of p[0..n): send with MSG_NOSIGNAL while fd may be a
 * socket, write once it is known not to be one (*sock false). With nowait
 * it must not block once poll said fd can take more: a socket is sent to
 * with MSG_DONTWAIT (what fits now, else EAGAIN), anything else gets at
 * most PIPE_BUF bytes, which a pipe that polls writable takes at once.
 * Returns what the call returned, errno set on failure. */
static ssize_t write_some(int fd, const void *p, size_t n, bool nowait, bool *sock)
{
    if (*sock) {
        ssize_t k = send(fd, p, n, MSG_NOSIGNAL | (nowait ? MSG_DONTWAIT : 0));
        if (k >= 0 || errno != ENOTSOCK)
            return k;
        *sock = false;
    }
    if (nowait && n > PIPE_BUF)
        n = PIPE_BUF;
    return write(fd, p, n);
}

/* The one loop: timeout_ms < -1 means no poll at all (write_all), -1 a
 * poll without limit; sock false: fd is known not to be a socket. */
static int write_loop(int fd, const void *p, size_t n, int timeout_ms, bool sock)
{
    const unsigned char *b = p;
    bool timed = timeout_ms >= -1;
    ssize_t k;

    while (n > 0) {
        if (timed) {
            short revents = 0;
            int r = poll_wait(fd, POLLOUT, timeout_ms, &revents);
            if (r < 0)
                return errno;
            if (r == 0)
                return ETIMEDOUT;
            if (revents & POLLNVAL)
                return EBADF;
            /* POLLERR or POLLHUP: the write below reports the error */
        }
        k = write_some(fd, b, n, timed, &sock);
        if (k < 0) {
            if (errno == EINTR || (timed && (errno == EAGAIN || errno == EWOULDBLOCK)))
                continue;
            return errno;
        }
        if (k == 0) /* write(2) of n > 0 bytes never returns 0 on Linux */
            return EIO;
        b += k;
        n -= (size_t)k;
    }
    return 0;
}

int write_all(int fd, const void *p, size_t n)
{
    return write_loop(fd, p, n, -2, true);
}

int write_all_nosock(int fd, const void *p, size_t n)
{
    return write_loop(fd, p, n, -2, false);
}

int write_all_timed(int fd, const void *p, size_t n, int timeout_ms)
{
    return write_loop(fd, p, n, timeout_ms < 0 ? -1 : timeout_ms, true);
}
