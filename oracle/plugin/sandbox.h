/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* sandbox.h -- the child processes that run a decoder under audit (a
 * plugin's server, an --exec command): each in its own PID namespace when
 * the system allows one (else its own session and process group), with
 * resource limits, and killed as a whole when it is stopped. The verdict on
 * how a child ended comes from waitpid, never from what the child says. */
#ifndef U8GUARD_SANDBOX_H
#define U8GUARD_SANDBOX_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* The resource limits of a sandbox child (also printed in reports). */
#define SANDBOX_AS_EXTRA_MB 4096   /* address space beyond the auditor's own */
/* The allowance of a managed runtime (a JVM, Mono, Go: registry decoders of
 * language Java, C# or Go, doc/audit-exec.md) which reserves address space
 * by the gigabyte at start (a JVM: a quarter of the RAM for its heap, 1 GiB
 * of class space) without using it. */
#define SANDBOX_AS_RUNTIME_MB 65536
#define SANDBOX_FSIZE_MB 64        /* largest file it may write */
#define SANDBOX_CPU_S 600          /* CPU seconds per child */
#define SANDBOX_NPROC_EXTRA 256    /* processes beyond the user's at start */

/* sandbox_spawn starts a sandbox: a supervisor process, isolated as this
 * file says and with the limits set, that runs child(arg) in a process of
 * its own with every descriptor above 2 closed except keep[0..n_keep)
 * (n_keep <= 8, renumbered from 3 in order); child must not return. When
 * that process ends, the supervisor writes its wait status (an int) on
 * *status_fd, the read end of a pipe, and ends the sandbox. as_extra_mb
 * is the address space the child may have beyond the auditor's own
 * (SANDBOX_AS_EXTRA_MB, SANDBOX_AS_RUNTIME_MB), 0 when it must not be
 * limited. Returns the supervisor's pid, or -1 with errno set. */
pid_t sandbox_spawn(void (*child)(void *), void *arg, const int *keep,
                    size_t n_keep, unsigned long as_extra_mb, int *status_fd);

/* sandbox_stop kills the sandbox of supervisor pid (everything in it) and
 * reaps it. Returns the decoder's wait status when it had already ended,
 * else -1; closes status_fd. */
int sandbox_stop(pid_t pid, int status_fd);

/* sandbox_reap waits up to ms milliseconds for the decoder of the sandbox
 * to end by itself (after its channel closed), then kills the sandbox as
 * sandbox_stop does. Returns the decoder's wait status, or -1 when it did
 * not end (or its supervisor was killed); closes status_fd. */
int sandbox_reap(pid_t pid, int status_fd, int ms);

/* sandbox_as_note returns NULL when the address-space limit works, else
 * why it cannot (a build with AddressSanitizer, which reserves terabytes
 * of shadow memory at start). */
const char *sandbox_as_note(void);

/* sandbox_as_limit_mb returns the address-space limit in MiB of a child
 * allowed as_extra_mb beyond the auditor's own size, which is measured at
 * the first sandbox_spawn (as_extra_mb alone before). */
unsigned long sandbox_as_limit_mb(unsigned long as_extra_mb);

/* sandbox_user_processes returns the number of processes of uid (the
 * directories /proc/N it owns), or 0 when /proc cannot be read. The
 * first sandbox_spawn sets the children's process limit from its count
 * for getuid() (+ SANDBOX_NPROC_EXTRA). */
unsigned long sandbox_user_processes(uid_t uid);

/* sandbox_describe_status writes how a child ended (wait status st) for
 * people to buf[0..cap): "exited with status 0", "killed by SIGXCPU (the
 * CPU time limit of 600 s)", ... Returns buf. */
char *sandbox_describe_status(int st, char *buf, size_t cap);

/* sandbox_signal_name returns "SIGSEGV" for SIGSEGV, ..., "signal N" in a
 * static buffer for others. */
const char *sandbox_signal_name(int sig);

#endif
