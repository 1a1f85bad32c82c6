/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* fork_fail_shim.c -- an LD_PRELOAD module for oracle_subprocess_fork_fails:
 * fork fails with EAGAIN, as when the process limit is reached (which
 * RLIMIT_NPROC cannot make happen for root, who is exempt from it). The
 * subprocess adapters must then say so and close the four descriptors
 * they opened for the child.
 *
 * kill with a pid of 0 or less is refused (EPERM): code that took fork's
 * -1 for a child's pid (a mutant of `pid < 0`, ci/mutate.py) would
 * otherwise kill every process it may signal, the test runner included. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

pid_t fork(void)
{
    errno = EAGAIN;
    return -1;
}

int kill(pid_t pid, int sig)
{
    if (pid <= 0) {
        errno = EPERM;
        return -1;
    }
    return (int)syscall(SYS_kill, pid, sig);
}
