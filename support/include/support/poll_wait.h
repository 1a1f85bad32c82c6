/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* poll_wait.h -- the one wait with a time limit of the project. poll(2)
 * fails with EINTR when a signal arrives; restarting it with the whole
 * limit again, as a plain retry loop does, means that a host program
 * with a periodic timer (an interval timer, a profiler's SIGPROF) never
 * sees the limit expire, and a peer that stopped answering is waited for
 * forever. poll_wait retries with the time that is left. Beside it, the
 * readings of the monotonic clock that time limits are measured with. */
#ifndef U8GUARD_SUPPORT_POLL_WAIT_H
#define U8GUARD_SUPPORT_POLL_WAIT_H

#include <time.h>

/* poll_wait waits until fd is ready for events (poll(2) flags, POLLIN or
 * POLLOUT) or timeout_ms milliseconds have passed in all (negative: no
 * limit), retrying after EINTR with the time left on a monotonic clock.
 * Returns 1 when fd is ready, with poll's revents in *revents when revents
 * is not NULL; 0 when the time is up; -1 on an error, errno set (*revents
 * is written only on 1). With fd negative it only waits (poll ignores
 * the entry): a pause of timeout_ms that signals do not cut short.
 * Async-signal-safe (poll and clock_gettime only). */
int poll_wait(int fd, short events, int timeout_ms, short *revents);

/* elapsed_ms returns the whole milliseconds from *from to *to (two
 * readings of CLOCK_MONOTONIC, *from the earlier), rounded down, so that
 * a wait that stops once elapsed_ms reaches its limit has waited the
 * whole limit. Async-signal-safe (arithmetic only). */
long long elapsed_ms(const struct timespec *from, const struct timespec *to);

/* ms_left returns the milliseconds left now of a limit of limit_ms
 * counted from *start (a reading of CLOCK_MONOTONIC): 0 or less once the
 * limit has passed. The time spent is rounded down (elapsed_ms), so a
 * wait that goes on while ms_left is positive waits the whole limit.
 * Async-signal-safe (clock_gettime and arithmetic). */
long long ms_left(const struct timespec *start, long long limit_ms);

/* monotonic_s returns the time on CLOCK_MONOTONIC in seconds, with its
 * fraction (the audit's run time and its time limits, which are
 * compared with such readings). Async-signal-safe (clock_gettime). */
double monotonic_s(void);

#endif
