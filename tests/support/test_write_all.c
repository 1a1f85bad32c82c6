/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_write_all.c -- write_all and write_all_timed (support/write_all.c):
 * 2 MiB through a pipe and a socket to a slow reader while a 1 ms timer
 * interrupts the writes (EINTR and short writes), every byte arriving in
 * order (the reader's SHA-256); EPIPE, not SIGPIPE, from a pipe or socket
 * whose reader is gone; EBADF; ETIMEDOUT from a peer that stops reading;
 * nothing written for n == 0; on a non-blocking pipe, EAGAIN from
 * write_all and a wait from write_all_timed, with or without a limit. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "support/sha256.h"
#include "support/write_all.h"
#include "ticker.h"

#define BIG ((size_t)2 << 20)

static int fails;

static void expect(int cond, const char *what)
{
    printf("%s %s\n", cond ? "ok  " : "FAIL", what);
    fails += !cond;
}

/* The reader child: reads fd to its end in small bites, sleeping between
 * them (so that the writer fills the pipe and blocks), then writes the
 * SHA-256 of what it read to out. */
static void slow_reader(int fd, int out)
{
    static unsigned char got[BIG + 1];
    size_t n = 0;
    unsigned reads = 0;
    char hex[65];
    struct timespec nap = {0, 2000000};

    for (;;) {
        size_t room = sizeof got - n; /* one more than sent: a surplus shows */
        ssize_t k = room ? read(fd, got + n, room < 8192 ? room : 8192) : 0;
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            break;
        n += (size_t)k;
        if (++reads % 8 == 0)
            nanosleep(&nap, NULL);
    }
    sha256_hex(got, n, hex);
    (void)write_all(out, hex, 64);
    _exit(0);
}

/* Ends the test in 10 s by SIGALRM's default action, unless the ticker
 * (which shares the timer) starts before: a call that never returns (a
 * write loop retrying an error that stays) fails instead of hanging. */
static void watchdog(void)
{
    signal(SIGALRM, SIG_DFL);
    alarm(10);
}

/* Sends BIG bytes through the pair wfd/rfd (a pipe or a socketpair) to a
 * slow reader under a 1 ms interval timer; checks what arrived. timed: 0
 * write_all, 1 write_all_timed, 2 write_all_nosock, 3 write_all_timed
 * without a limit (-1). */
static void through(const char *what, int rfd, int wfd, int timed)
{
    static unsigned char data[BIG];
    int res[2], rc;
    char want[65], got[65] = {0};
    pid_t pid;
    char line[160];

    for (size_t i = 0; i < BIG; i++)
        data[i] = (unsigned char)(i * 131 + (i >> 12));
    sha256_hex(data, BIG, want);
    if (pipe(res) != 0) {
        expect(0, "pipe");
        return;
    }
    pid = fork();
    if (pid == 0) {
        close(wfd);
        close(res[0]);
        slow_reader(rfd, res[1]);
    }
    close(rfd);
    close(res[1]);
    ticker_start();
    rc = timed == 1   ? write_all_timed(wfd, data, BIG, 10000)
         : timed == 2 ? write_all_nosock(wfd, data, BIG)
         : timed == 3 ? write_all_timed(wfd, data, BIG, -1)
                      : write_all(wfd, data, BIG);
    ticker_stop();
    close(wfd);
    while (read(res[0], got, 64) < 0 && errno == EINTR)
        ;
    close(res[0]);
    waitpid(pid, NULL, 0);
    snprintf(line, sizeof line, "%s: returns 0 (got %d)", what, rc);
    expect(rc == 0, line);
    snprintf(line, sizeof line, "%s: the timer interrupted the writes (%d ticks)", what,
             ticker_ticks());
    expect(ticker_ticks() > 10, line);
    snprintf(line, sizeof line, "%s: the reader got every byte in order (sha256 %.16s...)",
             what, got);
    expect(strcmp(got, want) == 0, line);
}

int main(void)
{
    int p[2], s[2], rc, closed;
    static unsigned char block[1 << 20];

    watchdog();
    expect(write_all(-1, "x", 0) == 0, "n == 0: returns 0 without writing (fd -1)");
    closed = dup(1);
    close(closed);
    expect(write_all(closed, "x", 1) == EBADF, "a closed descriptor: EBADF");
    expect(write_all_timed(closed, "x", 1, 100) == EBADF, "timed, a closed descriptor: EBADF");
    expect(write_all_nosock(closed, "x", 1) == EBADF, "nosock, a closed descriptor: EBADF");

    if (pipe(p) != 0 || socketpair(AF_UNIX, SOCK_STREAM, 0, s) != 0)
        return 1;
    through("pipe, write_all", p[0], p[1], 0);
    through("socket, write_all", s[0], s[1], 0);
    if (pipe(p) != 0 || socketpair(AF_UNIX, SOCK_STREAM, 0, s) != 0)
        return 1;
    through("pipe, write_all_timed", p[0], p[1], 1);
    if (pipe(p) != 0)
        return 1;
    through("pipe, write_all_nosock", p[0], p[1], 2);
    through("socket, write_all_timed", s[0], s[1], 1);
    /* non-blocking: the pipe fills (EAGAIN), and write_all_timed waits
     * for room, also without a limit */
    if (pipe(p) != 0 || fcntl(p[1], F_SETFL, O_NONBLOCK) != 0)
        return 1;
    through("non-blocking pipe, write_all_timed without a limit", p[0], p[1], 3);

    watchdog(); /* no ticker from here on */

    /* a socket whose peer is gone: EPIPE; SIGPIPE (default action: end
     * the process) is not raised */
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, s) != 0)
        return 1;
    close(s[0]);
    rc = write_all(s[1], "abc", 3);
    expect(rc == EPIPE, "a socket whose peer is gone: EPIPE, and the process lives");
    close(s[1]);

    /* a pipe whose reader is gone: EPIPE once SIGPIPE is ignored (as the
     * command does) */
    signal(SIGPIPE, SIG_IGN);
    if (pipe(p) != 0)
        return 1;
    close(p[0]);
    expect(write_all(p[1], "abc", 3) == EPIPE, "a pipe whose reader is gone: EPIPE");
    expect(write_all_nosock(p[1], "abc", 3) == EPIPE, "nosock, a pipe whose reader is gone: EPIPE");
    expect(write_all_timed(p[1], "abc", 3, 1000) == EPIPE,
           "timed, a pipe whose reader is gone: EPIPE (not retried)");
    close(p[1]);

    /* a full non-blocking pipe: write_all returns EAGAIN at once (it
     * retries EINTR and short writes, and does not wait) */
    if (pipe(p) != 0 || fcntl(p[1], F_SETFL, O_NONBLOCK) != 0)
        return 1;
    while (write(p[1], block, sizeof block) > 0)
        ;
    expect(write_all(p[1], "x", 1) == EAGAIN, "a full non-blocking pipe: write_all returns EAGAIN");
    expect(write_all_nosock(p[1], "x", 1) == EAGAIN,
           "a full non-blocking pipe: write_all_nosock returns EAGAIN");
    expect(write_all_timed(p[1], "x", 1, 0) == ETIMEDOUT,
           "a full pipe, write_all_timed with a limit of 0: ETIMEDOUT at once (0 is no wait, "
           "not no limit)");
    close(p[0]);
    close(p[1]);

    /* a peer that stops reading: ETIMEDOUT once the socket buffer is full */
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, s) != 0)
        return 1;
    rc = 0;
    for (int i = 0; i < 64 && rc == 0; i++)
        rc = write_all_timed(s[1], block, sizeof block, 50);
    expect(rc == ETIMEDOUT, "a peer that stops reading: ETIMEDOUT");
    close(s[0]);
    close(s[1]);

    printf("%s: %d failure(s)\n", fails ? "FAIL" : "PASS", fails);
    return fails != 0;
}
