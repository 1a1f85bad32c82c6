/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* write_all.h -- the one write loop of the project. write(2) may write
 * less than it was given, and fail with EINTR when a signal arrives; the
 * loop carries on until all of the bytes are written or a real error
 * happens. On a socket it sends with MSG_NOSIGNAL, so that a peer that went
 * away is the error EPIPE rather than the signal SIGPIPE. Both functions
 * are async-signal-safe (the audit's sandboxed child reports a crash with
 * them from its signal handler). */
#ifndef U8GUARD_SUPPORT_WRITE_ALL_H
#define U8GUARD_SUPPORT_WRITE_ALL_H

#include <stddef.h>

/* write_all writes p[0..n) to fd, retrying after EINTR and looping over
 * short writes; n == 0 writes nothing. Returns 0 on success, else the
 * errno of the failure (EIO for a write that wrote nothing without an
 * error); some of the bytes may have been written then. */
int write_all(int fd, const void *p, size_t n);

/* write_all_nosock is write_all for a descriptor the caller knows is not
 * a socket (fstat: a file, a pipe, a device): write(2) from the first
 * call, without the send(2) that finds that out again on every call
 * (two system calls per block instead of one, which shows where a
 * command writes a large file in blocks). Returns what write_all returns. */
int write_all_nosock(int fd, const void *p, size_t n);

/* write_all_timed is write_all for a peer that may stop reading: before
 * each write it waits at most timeout_ms milliseconds (poll_wait, whose
 * limit signals do not restart; negative: no limit) for fd to take more,
 * then writes only what fd takes at once (a socket with MSG_DONTWAIT,
 * anything else PIPE_BUF bytes at a time), and it retries EAGAIN.
 * Returns 0 on success, ETIMEDOUT when a wait expired, EBADF when fd is
 * not open, else the errno of the failure (EIO as for write_all). */
int write_all_timed(int fd, const void *p, size_t n, int timeout_ms);

#endif
