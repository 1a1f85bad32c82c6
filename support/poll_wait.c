/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* poll_wait.c -- a poll that keeps its time limit across signals
 * (poll_wait.h). */
#include "support/poll_wait.h"

#include <errno.h>
#include <poll.h>
#include <time.h>

long long elapsed_ms(const struct timespec *from, const struct timespec *to)
{
    /* Seconds and nanoseconds are combined before the one division: a
     * nanosecond difference divided on its own is negative when the span
     * crosses a second, and C's division rounds it toward zero, that is
     * up by almost 1 ms (49.6 ms came out as 50). */
    return ((long long)(to->tv_sec - from->tv_sec) * 1000000000 +
            (to->tv_nsec - from->tv_nsec)) / 1000000;
}

long long ms_left(const struct timespec *start, long long limit_ms)
{
    struct timespec now;

    clock_gettime(CLOCK_MONOTONIC, &now);
    return limit_ms - elapsed_ms(start, &now);
}

double monotonic_s(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int poll_wait(int fd, short events, int timeout_ms, short *revents)
{
    struct timespec start;
    int left = timeout_ms;

    clock_gettime(CLOCK_MONOTONIC, &start);
    for (;;) {
        struct pollfd p = {.fd = fd, .events = events};
        int r = poll(&p, 1, left);

        if (r > 0 && revents)
            *revents = p.revents;
        if (r >= 0 || errno != EINTR)
            return r;
        if (timeout_ms >= 0) {
            long long l = ms_left(&start, timeout_ms);

            if (l <= 0)
                return 0;
            left = (int)l;
        }
    }
}
