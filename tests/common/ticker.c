/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* ticker.c -- the interrupting timer of the tests (ticker.h). */
#include "ticker.h"

#include <signal.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#define WATCHDOG_TICKS 20000 /* about 20 s of 1 ms ticks */

static volatile sig_atomic_t ticks;

static void on_alarm(int sig)
{
    static const char msg[] = "FAIL the timer ran out: a call did not return (watchdog)\n";

    (void)sig;
    if (++ticks > WATCHDOG_TICKS) {
        ssize_t w = write(STDOUT_FILENO, msg, sizeof msg - 1);
        (void)w; /* ending anyway */
        _exit(1);
    }
}

/* Sets the interval timer to interval_us microseconds (0: off). */
static void set_timer(long interval_us)
{
    struct itimerval it = {{0, interval_us}, {0, interval_us}};

    setitimer(ITIMER_REAL, &it, NULL);
}

void ticker_start(void)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm; /* no SA_RESTART: blocked calls are interrupted */
    sigaction(SIGALRM, &sa, NULL);
    ticks = 0;
    set_timer(1000);
}

void ticker_stop(void)
{
    set_timer(0);
}

int ticker_ticks(void)
{
    return (int)ticks;
}
