/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_poll_wait.c -- poll_wait (support/poll_wait.c) keeps its time limit
 * while a 1 ms interval timer interrupts it: a pipe with nothing to read
 * times out after 200 ms, not never (a retry with the whole limit would
 * be interrupted again each millisecond); a write_all_timed to a peer
 * that stopped reading ends with ETIMEDOUT the same way. The timer's
 * watchdog (tests/common/ticker.h) ends the process after about 20 s of
 * ticks, so a regression fails instead of hanging. Also: a pause (no
 * descriptor) that lasts its whole limit under the timer, readiness with
 * its revents, POLLNVAL for a closed descriptor, no limit for a negative one;
 * elapsed_ms's rounding down, across a second too; ms_left's count down;
 * monotonic_s's reading. The error return (-1 for anything but EINTR) has
 * no input here that makes poll fail (EFAULT, ENOMEM), so it is not
 * exercised. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "support/poll_wait.h"
#include "support/write_all.h"
#include "ticker.h"

static int fails;

static void expect(int cond, const char *what)
{
    printf("%s %s\n", cond ? "ok  " : "FAIL", what);
    fails += !cond;
}

static double now_s(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(void)
{
    int p[2], s[2], closed, r, rc;
    short rev = 0;
    double t0, spent;
    char line[160];
    static unsigned char block[1 << 16];

    if (pipe(p) != 0 || socketpair(AF_UNIX, SOCK_STREAM, 0, s) != 0)
        return 1;

    /* nothing to read, interrupted each millisecond: 0 after the limit
     * (and *revents untouched: 0x7a7a is no set of poll's flags, while a
     * copy of the timed-out poll's revents would be 0) */
    rev = 0x7a7a;
    ticker_start();
    t0 = now_s();
    r = poll_wait(p[0], POLLIN, 200, &rev);
    spent = now_s() - t0;
    ticker_stop();
    snprintf(line, sizeof line, "a pipe with nothing to read: 0 after %.0f ms (limit 200 ms)",
             spent * 1000);
    expect(r == 0 && spent >= 0.199 && spent < 5, line);
    snprintf(line, sizeof line, "the timer interrupted the wait (%d ticks)", ticker_ticks());
    expect(ticker_ticks() > 20, line);
    expect(rev == 0x7a7a, "a timeout leaves *revents alone");
    /* the same without the timer: here poll itself returns the timeout */
    r = poll_wait(p[0], POLLIN, 20, &rev);
    expect(r == 0 && rev == 0x7a7a, "a timeout of poll itself leaves *revents alone");

    /* no descriptor (-1): a pause of the whole limit, under the timer too
     * (subprocess.c's subproc_stop pauses so) */
    ticker_start();
    t0 = now_s();
    r = poll_wait(-1, 0, 50, NULL);
    spent = now_s() - t0;
    ticker_stop();
    snprintf(line, sizeof line, "no descriptor, interrupted (%d ticks): 0 after %.0f ms (limit 50 ms)",
             ticker_ticks(), spent * 1000);
    expect(r == 0 && spent >= 0.0499 && spent < 5 && ticker_ticks() > 5, line);

    /* ready: 1 and poll's revents, with or without a limit */
    if (write(p[1], "x", 1) != 1)
        return 1;
    expect(poll_wait(p[0], POLLIN, 200, &rev) == 1 && rev == POLLIN,
           "a pipe with a byte to read: 1, revents POLLIN");
    expect(poll_wait(p[0], POLLIN, -1, NULL) == 1,
           "no limit (-1), revents not asked for: 1");
    rev = 0;
    expect(poll_wait(p[1], POLLOUT, 0, &rev) == 1 && rev == POLLOUT,
           "a pipe with room, limit 0: 1, revents POLLOUT");

    /* a closed descriptor: ready, with POLLNVAL */
    closed = dup(1);
    close(closed);
    rev = 0;
    expect(poll_wait(closed, POLLIN, 200, &rev) == 1 && rev == POLLNVAL,
           "a closed descriptor: 1, revents POLLNVAL");

    /* elapsed_ms rounds down, also across a second: 49.6 ms from
     * x.950400000 to x+1.000000000 is 49 (a nanosecond difference divided
     * on its own made it 50, and a 50 ms pause ended after 49.6) */
    {
        const struct timespec a = {5, 950400000}, b = {6, 0}, c = {6, 950400000},
                              d = {7, 950399999}, e = {8, 950400000};

        expect(elapsed_ms(&a, &b) == 49, "elapsed_ms: 49.6 ms across a second is 49");
        expect(elapsed_ms(&a, &a) == 0, "elapsed_ms: no time is 0");
        expect(elapsed_ms(&a, &c) == 1000, "elapsed_ms: one second is 1000");
        expect(elapsed_ms(&c, &d) == 999, "elapsed_ms: 1 ns short of a second is 999");
        expect(elapsed_ms(&a, &e) == 3000, "elapsed_ms: three seconds are 3000");
    }

    /* ms_left counts down from its start: nearly the whole limit just
     * after it, 20 ms less after a pause of 20 ms, nothing for a limit of
     * 0, and below 0 once the limit has passed (a start 5 s ago with a
     * 1 s limit: -4000 or less) */
    {
        struct timespec now, past;
        long long l;

        clock_gettime(CLOCK_MONOTONIC, &now);
        l = ms_left(&now, 1000);
        expect(l > 900 && l <= 1000, "ms_left: a limit of 1000 just started has 901..1000 left");
        past = now;
        past.tv_sec -= 5;
        l = ms_left(&past, 1000);
        expect(l <= -4000 && l > -4100, "ms_left: 5 s after the start of a 1 s limit, -4000 or less");
        expect(ms_left(&now, 0) <= 0, "ms_left: a limit of 0 has nothing left");
        (void)poll_wait(-1, 0, 20, NULL);
        l = ms_left(&now, 1000);
        expect(l <= 980 && l > 0, "ms_left: 20 ms later, 980 or less (and some left)");
    }

    /* monotonic_s reads the same clock as now_s here, seconds and
     * fraction: between two of its readings, and 20 ms on after a pause */
    {
        double before = now_s(), m = monotonic_s(), after = now_s(), m2;

        expect(before <= m && m <= after, "monotonic_s: between two readings of the clock");
        (void)poll_wait(-1, 0, 20, NULL);
        m2 = monotonic_s();
        expect(m2 - m >= 0.02 && m2 - m < 10, "monotonic_s: 20 ms on after a pause of 20 ms");
    }

    /* a peer that stops reading, interrupted each millisecond: the
     * write ends with ETIMEDOUT once the socket buffer is full */
    memset(block, 'a', sizeof block);
    ticker_start();
    t0 = now_s();
    rc = 0;
    for (int i = 0; i < 256 && rc == 0; i++)
        rc = write_all_timed(s[1], block, sizeof block, 200);
    spent = now_s() - t0;
    ticker_stop();
    snprintf(line, sizeof line,
             "write_all_timed to a peer that stops reading, under the timer: "
             "ETIMEDOUT (got %d) after %.0f ms, %d ticks", rc, spent * 1000, ticker_ticks());
    expect(rc == ETIMEDOUT && spent >= 0.199 && spent < 10 && ticker_ticks() > 20, line);

    close(p[0]);
    close(p[1]);
    close(s[0]);
    close(s[1]);
    printf("%s: %d failure(s)\n", fails ? "FAIL" : "PASS", fails);
    return fails != 0;
}
