/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* poll_wait.c -- a poll that keeps its time limit across signals
 * (poll_wait.h). */
#include "support/poll_wait.h"

#include <errno.h>
#include <poll.h>
#include <time.h>

/* Returns the milliseconds from *start to now on the monotonic clock. */
static long long elapsed_ms(const struct timespec *start)
{
    struct timespec now;

    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)(now.tv_sec - start->tv_sec) * 1000 +
           (now.tv_nsec - start->tv_nsec) / 1000000;
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
            long long spent = elapsed_ms(&start);
            if (spent >= timeout_ms)
                return 0;
            left = (int)(timeout_ms - spent);
        }
    }
}
