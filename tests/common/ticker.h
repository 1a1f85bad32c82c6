/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* ticker.h -- a 1 ms interval timer for the tests of code that must keep
 * working while signals interrupt its system calls (EINTR, short reads
 * and writes, waits with a time limit):
 *
 *     ticker_start();
 *     rc = function_under_test(...);
 *     ticker_stop();
 *     expect(ticker_ticks() > 10, "the timer interrupted it");
 *
 * Its handler is a watchdog too: a call that never returns under the
 * timer (a wait restarted with its whole limit at every tick) fails the
 * test instead of hanging it. POSIX only (setitimer). */
#ifndef U8GUARD_TESTS_TICKER_H
#define U8GUARD_TESTS_TICKER_H

/* ticker_start counts ticks from 0 and starts a 1 ms ITIMER_REAL whose
 * SIGALRM handler is installed without SA_RESTART, so that blocking
 * system calls fail with EINTR. After about 20 s of ticks the handler
 * prints "FAIL the timer ran out ..." on standard output and ends the
 * process with status 1. */
void ticker_start(void);

/* ticker_stop stops the timer; ticker_ticks still reads the count. */
void ticker_stop(void);

/* ticker_ticks returns the ticks since the last ticker_start. */
int ticker_ticks(void);

#endif
