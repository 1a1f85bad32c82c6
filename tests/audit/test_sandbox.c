/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_sandbox.c -- white-box tests of the plugin sandbox
 * (oracle/plugin/sandbox.c) that no audit run can see:
 *
 *   nproc   the process limit a sandboxed child gets is exactly the
 *           number of its user's processes when the first sandbox was
 *           spawned (sandbox_user_processes(), read from /proc) plus
 *           SANDBOX_NPROC_EXTRA. The kernel ignores the limit for root,
 *           which is who runs the tests here, so no fork bomb shows it:
 *           the child reads its own limit (getrlimit) and sends it back.
 *           Run as a user no process has (root switches to one; skipped,
 *           77, when the test does not run as root), whose count is then
 *           known: the test's own process, as /proc sees it.
 *   pid1    a process whose ID has one digit is counted: in a new PID
 *           namespace, with /proc mounted for it, the test's child is
 *           process 1 and switches to a user no process has; it must
 *           count 1 process of that user. Skipped (77) when the namespace
 *           or the mount is not allowed.
 *   eof     the channel closes when the decoder closes it: a child that
 *           closes its descriptor 3 and then waits is seen at the end of
 *           its channel within 2 s, before it ends (the supervisor keeps
 *           no copy of the decoder's descriptors).
 *   keep    8 kept descriptors, the most sandbox_spawn takes, arrive as
 *           3..10 in their order (each child's write reaches its pipe);
 *           9 are refused (-1) before anything starts.
 *   fallback
 *           where a new PID namespace is refused (a seccomp filter makes
 *           clone with CLONE_NEWPID fail) with EPERM, EINVAL, ENOSPC,
 *           EUSERS or ENOSYS, the sandbox falls back to a session of its
 *           own: the child runs, outside any PID namespace (not process
 *           2), with every limit; with another error (EAGAIN) the spawn
 *           fails with it and leaves no descriptor open. Each error in a
 *           process of its own. Skipped (77) where the filter is not
 *           built (not x86-64) or refused.
 *   stop0, reap0
 *           sandbox_stop(0, ...) and sandbox_reap(0, ...) return -1 and
 *           signal no one (pid 0 would be the caller's own process
 *           group), checked in a process group of its own.
 *   ends    sandbox_stop and sandbox_reap end a sandbox and reap its
 *           supervisor at once: a decoder still running gives -1, one
 *           that exited (status 7) its wait status; on a pid already
 *           reaped both return -1 instead of waiting.
 *   describe
 *           sandbox_describe_status word for word: unknown, exits, the
 *           two limits' signals, other signals with and without a core
 *           dump, a real-time signal, a stopped process.
 *   status0 with standard input closed the status pipe's read end is
 *           descriptor 0: the child's exit status still arrives.
 *   nofile  a sandbox works under a descriptor limit of exactly 22 with
 *           one kept descriptor: the supervisor parks the kept descriptor
 *           and its status pipe at 3 + n_keep + 16 = 20 and 21 before it
 *           moves them to 3 and 4 (sandbox_spawn). The child's message and
 *           its exit status must both arrive.
 *
 *   aslimit the address-space limit is the auditor's own size, read from
 *           /proc/self/statm at the first spawn, plus what the caller
 *           allows (SANDBOX_AS_EXTRA_MB here): sandbox_as_limit_mb(0)
 *           lies within 16 MiB of the test's own statm readings before
 *           and after that spawn (not the 1024 MiB sandbox.c assumes when
 *           statm cannot be read), and the child's RLIMIT_AS is exactly
 *           the limit in bytes. Under AddressSanitizer (sandbox_as_note)
 *           the limit is not set: the child's RLIMIT_AS is then the
 *           test's own; the size is checked all the same.
 *
 *   proc-missing
 *           sandbox_user_processes counts no process when /proc cannot
 *           be opened (the test's own opendir fails for it).
 *   statm-pages, statm-missing, statm-junk, statm-zero
 *           when /proc/self/statm says 300000 pages, the sandbox takes
 *           the auditor's size as that many pages in MiB, rounded down;
 *           when it cannot be opened, holds no number, or says 0 pages,
 *           as 1024 MiB (sandbox.c own_vm_mb). The child's RLIMIT_AS is
 *           that size plus SANDBOX_AS_EXTRA_MB, in bytes. (The test's own
 *           fopen stands in for the C library's, for that file only.)
 *
 * The checks that spawn the reporting child (spawn_and_read: nproc,
 * nofile, aslimit, fallback, status0, statm-*) also check that it has no
 * descriptor open above 3 (the one kept): the supervisor closes
 * everything from 4 + n_keep up, which the test's own pipes and the
 * status pipe's read end sit in; its limits of core files (0), file size
 * (SANDBOX_FSIZE_MB) and CPU time (SANDBOX_CPU_S), soft and hard; that
 * the status pipe is closed on exec; with no address-space allowance,
 * this process's own limit; and, where the namespaces are allowed, that
 * it is process 2 of its own PID namespace (as root in no user
 * namespace: uid 0).
 *
 *   test_sandbox nproc|pid1|eof|keep|fallback|stop0|reap0|ends|describe|
 *                status0|nofile|aslimit|proc-missing|statm-pages|
 *                statm-missing|statm-junk|statm-zero
 *           run one check (0, 1, or 77 skipped) */
#include <dirent.h>
#include <dlfcn.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox.h"

/* How /proc/self/statm looks to sandbox.c (the statm-* checks): NULL, as
 * it is; "" (missing), fopen fails; else the text it holds. */
static const char *statm_fake;

/* fopen stands in for the C library's in this program, sandbox.c's calls
 * included (it is linked in): the C library's, but for statm_fake. */
FILE *fopen(const char *path, const char *mode)
{
    typedef FILE *fopen_fn(const char *, const char *);
    fopen_fn *real = (fopen_fn *)dlsym(RTLD_NEXT, "fopen");

    if (statm_fake != NULL && strcmp(path, "/proc/self/statm") == 0) {
        if (*statm_fake == '\0') {
            errno = ENOENT;
            return NULL;
        }
        return fmemopen((void *)statm_fake, strlen(statm_fake), "r");
    }
    if (real == NULL) {
        errno = ENOSYS;
        return NULL;
    }
    return real(path, mode);
}

/* Whether /proc cannot be opened (opendir fails; the proc-missing check). */
static bool proc_missing;

/* opendir stands in for the C library's as fopen does: the C library's,
 * but for "/proc" when proc_missing. */
DIR *opendir(const char *path)
{
    typedef DIR *opendir_fn(const char *);
    opendir_fn *real = (opendir_fn *)dlsym(RTLD_NEXT, "opendir");

    if (proc_missing && strcmp(path, "/proc") == 0) {
        errno = ENOENT;
        return NULL;
    }
    if (real == NULL) {
        errno = ENOSYS;
        return NULL;
    }
    return real(path);
}

/* The child's report: v[0], v[1] its process limit (soft, hard), v[2] the
 * number of its descriptors open above 3, v[3] its address-space limit
 * (soft), then the soft and hard limits of core files (v[4], v[5]), file
 * size (v[6], v[7]) and CPU time (v[8], v[9]), its uid (v[10]) and its
 * process ID (v[11]). */
#define N_REPORT 12

/* The sandboxed child: writes its report on descriptor 3 (the one kept
 * descriptor) and exits with 0. */
static void child(void *arg)
{
    static const int pairs[3] = {RLIMIT_CORE, RLIMIT_FSIZE, RLIMIT_CPU};
    struct rlimit r;
    unsigned long long v[N_REPORT] = {0};
    int fd;

    (void)arg;
    if (getrlimit(RLIMIT_NPROC, &r) != 0)
        _exit(3);
    v[0] = (unsigned long long)r.rlim_cur;
    v[1] = (unsigned long long)r.rlim_max;
    if (getrlimit(RLIMIT_AS, &r) != 0)
        _exit(3);
    v[3] = (unsigned long long)r.rlim_cur;
    for (int k = 0; k < 3; k++) {
        if (getrlimit(pairs[k], &r) != 0)
            _exit(3);
        v[4 + 2 * k] = (unsigned long long)r.rlim_cur;
        v[5 + 2 * k] = (unsigned long long)r.rlim_max;
    }
    v[10] = (unsigned long long)getuid();
    v[11] = (unsigned long long)getpid();
    for (fd = 4; fd < 1024; fd++)
        if (fcntl(fd, F_GETFD) >= 0)
            v[2]++;
    if (write(3, v, sizeof v) != (ssize_t)sizeof v)
        _exit(4);
    _exit(0);
}

/* Waits for pid; returns its exit status, 1 when it did not exit. */
static int exit_status(pid_t pid)
{
    int st;

    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
}

/* Whether a child of this process may make a PID namespace (unshare), as
 * sandbox_spawn's first try does: as root a PID namespace alone, else
 * with a user namespace. Asked once per process and kind of user, as a
 * fork per check would cost; a forked child inherits what was learnt. */
static bool may_unshare_pid(bool root)
{
    static int known[2] = { -1, -1 }; /* [root]: -1 not asked, 0 no, 1 yes */
    pid_t pid;

    if (known[root] < 0) {
        pid = fork();
        if (pid == 0)
            _exit(unshare(root ? CLONE_NEWPID : CLONE_NEWPID | CLONE_NEWUSER) == 0 ? 0 : 1);
        known[root] = pid > 0 && exit_status(pid) == 0;
    }
    return known[root] == 1;
}

/* Makes this process uid and gid uid, and dumpable again: /proc shows a
 * process that changed its uid as root's unless it is. Returns 0, or -1
 * with why printed. */
static int become_user(uid_t uid, const char *what)
{
    if (setgid((gid_t)uid) != 0 || setuid(uid) != 0) {
        fprintf(stderr, "FAIL %s: cannot become uid %u: %s\n", what, (unsigned)uid,
                strerror(errno));
        return -1;
    }
    (void)prctl(PR_SET_DUMPABLE, 1, 0, 0, 0);
    return 0;
}

/* Whether the sandbox must fall back to a session (the fallback check). */
static bool expect_session;

/* Whether spawn_and_read closes standard input after making its channel,
 * so that the sandbox's status pipe gets descriptor 0 (status0). */
static bool status_at_0;

/* The checks of spawn_and_read on where the child runs: its address-space
 * limit when none was asked for (as_extra_mb 0), its PID namespace and,
 * as root, its uid. */
static int check_place(const unsigned long long v[N_REPORT], unsigned long as_extra_mb,
                       const char *what)
{
    bool root = geteuid() == 0;
    struct rlimit r;

    if (as_extra_mb == 0 && (getrlimit(RLIMIT_AS, &r) != 0 ||
                             v[3] != (unsigned long long)r.rlim_cur)) {
        fprintf(stderr, "FAIL %s: the child's address-space limit is %llu, want this "
                "process's %llu (no limit was asked for)\n", what, v[3],
                (unsigned long long)r.rlim_cur);
        return 1;
    }
    if (expect_session) {
        if (v[11] == 2) {
            fprintf(stderr, "FAIL %s: the child is process 2, as in a PID namespace, where "
                    "none could be made\n", what);
            return 1;
        }
        return 0;
    }
    if (!may_unshare_pid(root))
        return 0; /* the sandbox falls back to a session: nothing to check */
    if (v[11] != 2) {
        fprintf(stderr, "FAIL %s: the child is process %llu, want 2 (its supervisor is 1): "
                "not in a PID namespace of its own\n", what, v[11]);
        return 1;
    }
    if (root && v[10] != 0) {
        fprintf(stderr, "FAIL %s: the child runs as uid %llu, want 0: in a user namespace "
                "root does not need\n", what, v[10]);
        return 1;
    }
    return 0;
}

/* Spawns the child in a sandbox that allows as_extra_mb of address space
 * beyond the auditor's (0: no limit), reads its message and its exit
 * status. Returns 0 when both arrived (*v filled), the status pipe is
 * closed on exec (no later program inherits it) and the child had no
 * descriptor above 3, the limits of set_limits, this process's own
 * address-space limit when as_extra_mb is 0, and (where the namespaces
 * are allowed) process ID 2 in a PID namespace of its own, as root no
 * user namespace (uid 0); else 1 with why printed. */
static int spawn_and_read(unsigned long long v[N_REPORT], unsigned long as_extra_mb,
                          const char *what)
{
    int fds[2], status_fd = -1, st;
    pid_t pid;
    ssize_t got;

    if (pipe(fds) != 0) {
        perror("test_sandbox: pipe");
        return 1;
    }
    if (status_at_0)
        (void)close(0);
    pid = sandbox_spawn(child, NULL, &fds[1], 1, as_extra_mb, &status_fd);
    if (pid < 0) {
        fprintf(stderr, "FAIL %s: sandbox_spawn: %s\n", what, strerror(errno));
        return 1;
    }
    if (status_at_0 && status_fd != 0) {
        fprintf(stderr, "FAIL %s: the status pipe is descriptor %d, not 0\n", what, status_fd);
        (void)sandbox_stop(pid, status_fd);
        return 1;
    }
    close(fds[1]);
    if ((fcntl(status_fd, F_GETFD) & FD_CLOEXEC) == 0) {
        fprintf(stderr, "FAIL %s: the status pipe is not closed on exec\n", what);
        (void)sandbox_stop(pid, status_fd);
        close(fds[0]);
        return 1;
    }
    got = read(fds[0], v, N_REPORT * sizeof v[0]);
    st = sandbox_reap(pid, status_fd, 10000);
    close(fds[0]);
    if (got != (ssize_t)(N_REPORT * sizeof v[0])) {
        fprintf(stderr, "FAIL %s: the child's message did not arrive (%zd bytes)\n", what, got);
        return 1;
    }
    if (st < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        fprintf(stderr, "FAIL %s: the child's exit status did not arrive (%d)\n", what, st);
        return 1;
    }
    if (v[2] != 0) {
        fprintf(stderr, "FAIL %s: the child has %llu descriptors open above 3, want none\n", what,
                v[2]);
        return 1;
    }
    if (v[4] != 0 || v[5] != 0 || v[6] != (unsigned long long)SANDBOX_FSIZE_MB << 20 ||
        v[7] != v[6] || v[8] != SANDBOX_CPU_S || v[9] != v[8]) {
        fprintf(stderr, "FAIL %s: the child's limits of core files %llu/%llu, file size "
                "%llu/%llu, CPU time %llu/%llu; want 0/0, %d MiB, %d s\n", what, v[4], v[5],
                v[6], v[7], v[8], v[9], SANDBOX_FSIZE_MB, SANDBOX_CPU_S);
        return 1;
    }
    return check_place(v, as_extra_mb, what);
}

/* In a process of its own, as a uid no process has: the child's limit
 * must be the uid's processes (this one) + SANDBOX_NPROC_EXTRA. */
static int check_nproc(void)
{
    uid_t uid;
    pid_t pid;

    if (geteuid() != 0) {
        printf("test_sandbox nproc: not root: cannot switch to a user of known processes; "
               "skipped\n");
        return 77;
    }
    for (uid = 61000; uid < 65000 && sandbox_user_processes(uid) != 0; uid++)
        ;
    pid = fork();
    if (pid < 0) {
        perror("test_sandbox: fork");
        return 1;
    }
    if (pid == 0) {
        unsigned long long v[N_REPORT], want;
        unsigned long mine;

        if (become_user(uid, "nproc") != 0)
            _exit(1);
        mine = sandbox_user_processes(uid);
        if (mine != 1) {
            fprintf(stderr, "FAIL nproc: uid %u has %lu processes, want 1 (this one)\n",
                    (unsigned)uid, mine);
            _exit(1);
        }
        if (spawn_and_read(v, 0, "nproc") != 0)
            _exit(1);
        want = (unsigned long long)mine + SANDBOX_NPROC_EXTRA;
        if (v[0] != want || v[1] != want) {
            fprintf(stderr, "FAIL nproc: the child's process limit is %llu/%llu, want %llu "
                    "(%lu processes of uid %u + SANDBOX_NPROC_EXTRA %d)\n",
                    v[0], v[1], want, mine, (unsigned)uid, SANDBOX_NPROC_EXTRA);
            _exit(1);
        }
        printf("test_sandbox nproc: uid %u, %lu process, limit %llu: ok\n", (unsigned)uid,
               mine, v[0]);
        fflush(stdout);
        _exit(0);
    }
    return exit_status(pid);
}

/* As process 1 of a PID namespace with its own /proc, uid 61000 counts
 * itself. Returns what check_pid1 does. */
static int count_as_pid1(void)
{
    unsigned long n;

    /* This /proc is seen by no one outside this mount namespace. */
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0 ||
        mount("proc", "/proc", "proc", 0, NULL) != 0) {
        printf("test_sandbox pid1: cannot mount /proc (%s); skipped\n", strerror(errno));
        return 77;
    }
    if (getpid() != 1) {
        fprintf(stderr, "FAIL pid1: process %ld, not 1\n", (long)getpid());
        return 1;
    }
    if (become_user(61000, "pid1") != 0)
        return 1;
    n = sandbox_user_processes(61000);
    if (n != 1) {
        fprintf(stderr, "FAIL pid1: process 1 of uid 61000: %lu processes counted, want 1\n",
                n);
        return 1;
    }
    printf("test_sandbox pid1: process 1 counted: ok\n");
    return 0;
}

/* A child unshares the namespaces (the test process itself could start
 * no thread after that, which LeakSanitizer needs at exit) and forks
 * process 1 of the new PID namespace. */
static int check_pid1(void)
{
    pid_t pid;

    if (geteuid() != 0) {
        printf("test_sandbox pid1: not root: cannot make a PID namespace; skipped\n");
        return 77;
    }
    fflush(stdout);
    pid = fork();
    if (pid < 0) {
        perror("test_sandbox: fork");
        return 1;
    }
    if (pid == 0) {
        pid_t one;
        int rc;

        if (unshare(CLONE_NEWPID | CLONE_NEWNS) != 0) {
            printf("test_sandbox pid1: a PID and mount namespace is not allowed here (%s); "
                   "skipped\n", strerror(errno));
            fflush(stdout);
            _exit(77);
        }
        one = fork();
        if (one == 0) {
            rc = count_as_pid1();
            fflush(stdout);
            _exit(rc);
        }
        if (one < 0) {
            perror("test_sandbox: fork");
            _exit(1);
        }
        _exit(exit_status(one));
    }
    return exit_status(pid);
}

/* The eof check's child: closes its one kept descriptor and waits to be
 * killed. */
static void closing_child(void *arg)
{
    (void)arg;
    (void)close(3);
    pause();
    _exit(0);
}

/* The end of the channel must come while the child still runs. */
static int check_eof(void)
{
    int fds[2], status_fd = -1;
    pid_t pid;
    struct pollfd pfd;
    char c;
    ssize_t got = -1;

    if (pipe(fds) != 0) {
        perror("test_sandbox: pipe");
        return 1;
    }
    pid = sandbox_spawn(closing_child, NULL, &fds[1], 1, 0, &status_fd);
    if (pid < 0) {
        fprintf(stderr, "FAIL eof: sandbox_spawn: %s\n", strerror(errno));
        return 1;
    }
    close(fds[1]);
    pfd.fd = fds[0];
    pfd.events = POLLIN;
    if (poll(&pfd, 1, 2000) == 1)
        got = read(fds[0], &c, 1);
    (void)sandbox_stop(pid, status_fd);
    close(fds[0]);
    if (got != 0) {
        fprintf(stderr, "FAIL eof: the channel did not end within 2 s of the child closing "
                "it (read: %zd): a copy of it is kept in the sandbox\n", got);
        return 1;
    }
    printf("test_sandbox eof: the channel ended with the child's close: ok\n");
    return 0;
}

/* The keep check's child: writes "a" on descriptor 3, "b" on 4, ... "h"
 * on 10. */
static void keeping_child(void *arg)
{
    (void)arg;
    for (int fd = 3; fd < 11; fd++)
        if (write(fd, "abcdefgh" + (fd - 3), 1) != 1)
            _exit(5);
    _exit(0);
}

/* 9 kept descriptors are refused; 8 reach the child, in order. */
static int check_keep(void)
{
    int p[9][2], w[9], status_fd = -1, st, bad = 0;
    pid_t pid;

    for (int i = 0; i < 9; i++) {
        if (pipe(p[i]) != 0) {
            perror("test_sandbox: pipe");
            return 1;
        }
        w[i] = p[i][1];
    }
    if (sandbox_spawn(keeping_child, NULL, w, 9, 0, &status_fd) != -1) {
        fprintf(stderr, "FAIL keep: 9 kept descriptors were not refused\n");
        return 1;
    }
    pid = sandbox_spawn(keeping_child, NULL, w, 8, 0, &status_fd);
    if (pid < 0) {
        fprintf(stderr, "FAIL keep: 8 kept descriptors: sandbox_spawn: %s\n", strerror(errno));
        return 1;
    }
    for (int i = 0; i < 9; i++)
        close(p[i][1]);
    for (int i = 0; i < 8; i++) {
        char got[2] = "";
        ssize_t n = read(p[i][0], got, 2);

        if (n != 1 || got[0] != 'a' + i) {
            fprintf(stderr, "FAIL keep: kept descriptor %d gave \"%.*s\", want \"%c\"\n", i,
                    n > 0 ? (int)n : 0, got, 'a' + i);
            bad = 1;
        }
    }
    st = sandbox_reap(pid, status_fd, 10000);
    for (int i = 0; i < 9; i++)
        close(p[i][0]);
    if (st < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        fprintf(stderr, "FAIL keep: the child's exit status is %d, want 0\n", st);
        return 1;
    }
    if (!bad)
        printf("test_sandbox keep: 9 refused, 8 arrived as 3..10: ok\n");
    return bad;
}

/* The number of this process's open descriptors below 1024. */
static int open_descriptors(void)
{
    int n = 0;

    for (int fd = 0; fd < 1024; fd++)
        n += fcntl(fd, F_GETFD) >= 0;
    return n;
}

#if defined(__x86_64__)
/* Makes this process's clone calls that ask for CLONE_NEWPID fail with
 * err (a seccomp filter; fork, which asks for no namespace, still works).
 * Returns 0, or -1 when the kernel refuses the filter. */
static int refuse_pid_namespaces(int err)
{
    struct sock_filter f[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone, 0, 3),
        /* the flags: the low half of clone's first argument */
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
        BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, CLONE_NEWPID, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ((unsigned)err & SECCOMP_RET_DATA)),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog prog = {(unsigned short)(sizeof f / sizeof f[0]), f};

    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
        prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0)
        return -1;
    return 0;
}

/* One error of the fallback check, in this process (forked for it):
 * returns 0 when the sandbox behaves as said, 77 when the filter is
 * refused, else 1. */
static int fallback_with(int err, const char *name)
{
    unsigned long long v[N_REPORT];
    int status_fd = -1;
    bool falls_back = err != EAGAIN;

    if (refuse_pid_namespaces(err) != 0) {
        printf("test_sandbox fallback: the seccomp filter is refused here (%s); skipped\n",
               strerror(errno));
        return 77;
    }
    if (!falls_back) {
        int open_before = open_descriptors();
        pid_t pid = sandbox_spawn(child, NULL, NULL, 0, 0, &status_fd);
        int got = errno;

        if (pid == -1 && open_descriptors() != open_before) {
            fprintf(stderr, "FAIL fallback %s: the refused spawn left %d descriptors open "
                    "(%d before)\n", name, open_descriptors(), open_before);
            return 1;
        }
        if (pid != -1 || got != err) {
            fprintf(stderr, "FAIL fallback %s: sandbox_spawn gave %ld (%s), want -1 (%s)\n",
                    name, (long)pid, strerror(got), strerror(err));
            if (pid >= 0)
                (void)sandbox_stop(pid, status_fd);
            return 1;
        }
        printf("test_sandbox fallback %s: spawn refused with it: ok\n", name);
        return 0;
    }
    expect_session = true;
    if (spawn_and_read(v, 0, name) != 0)
        return 1;
    printf("test_sandbox fallback %s: the child ran as process %llu, in a session: ok\n", name,
           v[11]);
    return 0;
}
#endif

/* The fallback check: each error in a child of its own. */
static int check_fallback(void)
{
#if defined(__x86_64__)
    static const struct {
        int err;
        const char *name;
    } errs[] = {{EPERM, "EPERM"}, {EINVAL, "EINVAL"}, {ENOSPC, "ENOSPC"},
                {EUSERS, "EUSERS"}, {ENOSYS, "ENOSYS"}, {EAGAIN, "EAGAIN"}};
    int rc = 0;

    fflush(stdout);
    for (size_t i = 0; i < sizeof errs / sizeof errs[0]; i++) {
        pid_t pid = fork();
        int one;

        if (pid < 0) {
            perror("test_sandbox: fork");
            return 1;
        }
        if (pid == 0) {
            one = fallback_with(errs[i].err, errs[i].name);
            fflush(stdout);
            _exit(one);
        }
        one = exit_status(pid);
        if (one == 77)
            return 77;
        rc |= one != 0;
    }
    return rc;
#else
    printf("test_sandbox fallback: the seccomp filter is written for x86-64 only; skipped\n");
    return 77;
#endif
}

/* Runs call (sandbox_stop or sandbox_reap of pid 0) in a child that
 * leads its own process group: the child must live to exit with 0, call
 * having returned -1. what names the check, call_text the call. */
static int no_one_signalled(const char *what, const char *call_text, int (*call)(void))
{
    pid_t pid = fork();

    if (pid < 0) {
        perror("test_sandbox: fork");
        return 1;
    }
    if (pid == 0) {
        (void)setpgid(0, 0);
        _exit(call() == -1 ? 0 : 1);
    }
    if (exit_status(pid) != 0) {
        fprintf(stderr, "FAIL %s: %s did not return -1, or killed its caller's process "
                "group\n", what, call_text);
        return 1;
    }
    printf("test_sandbox %s: -1, no one signalled: ok\n", what);
    return 0;
}

static int stop_pid0(void)
{
    return sandbox_stop(0, -1);
}

static int reap_pid0(void)
{
    return sandbox_reap(0, -1, 0);
}

static int check_stop0(void)
{
    return no_one_signalled("stop0", "sandbox_stop(0, -1)", stop_pid0);
}

static int check_reap0(void)
{
    return no_one_signalled("reap0", "sandbox_reap(0, -1, 0)", reap_pid0);
}

/* The child of the end checks: waits to be killed (arg NULL), or exits at
 * once with status 7. */
static void ending_child(void *arg)
{
    if (arg == NULL)
        for (;;)
            pause();
    _exit(7);
}

/* Spawns ending_child(arg) with no kept descriptor; ends it with
 * sandbox_stop (reap_ms < 0) or sandbox_reap(reap_ms) once its status is
 * readable (arg not NULL) or at once (NULL). Returns 0 when that returns
 * want and has reaped the supervisor (no child of that pid is left), else
 * 1 with why printed. */
static int end_and_check(void *arg, int reap_ms, int want, const char *what)
{
    int status_fd = -1, got;
    pid_t pid = sandbox_spawn(ending_child, arg, NULL, 0, 0, &status_fd);
    struct pollfd pfd;

    if (pid < 0) {
        fprintf(stderr, "FAIL ends %s: sandbox_spawn: %s\n", what, strerror(errno));
        return 1;
    }
    pfd.fd = status_fd;
    pfd.events = POLLIN;
    if (arg != NULL && poll(&pfd, 1, 10000) != 1) {
        fprintf(stderr, "FAIL ends %s: no status within 10 s of an exit\n", what);
        (void)sandbox_stop(pid, status_fd);
        return 1;
    }
    got = reap_ms < 0 ? sandbox_stop(pid, status_fd) : sandbox_reap(pid, status_fd, reap_ms);
    if (got != want) {
        fprintf(stderr, "FAIL ends %s: returned %d, want %d\n", what, got, want);
        return 1;
    }
    /* At once, without waiting: a sandbox ended without its supervisor
     * reaped would still be a child here, found or still running. */
    if (waitpid(pid, &got, WNOHANG) != -1 || errno != ECHILD) {
        fprintf(stderr, "FAIL ends %s: the supervisor %ld was not reaped\n", what, (long)pid);
        return 1;
    }
    return 0;
}

/* sandbox_stop and sandbox_reap end a sandbox and reap its supervisor:
 * a running decoder's status is -1; one that had exited gives its status.
 * On a pid already reaped (no child any more) both return -1 at once:
 * waitpid's ECHILD ends their wait (an alarm fails the check after 10 s). */
static int check_ends(void)
{
    pid_t pid;
    int bad;

    bad = end_and_check(NULL, -1, -1, "stop, running") |
          end_and_check(NULL, 0, -1, "reap 0 ms, running") |
          end_and_check((void *)1, -1, 7 << 8, "stop, exited 7") |
          end_and_check((void *)1, 10000, 7 << 8, "reap, exited 7");
    pid = fork();
    if (pid < 0) {
        perror("test_sandbox: fork");
        return 1;
    }
    if (pid == 0)
        _exit(0);
    (void)exit_status(pid);
    alarm(10);
    if (sandbox_stop(pid, -1) != -1 || sandbox_reap(pid, -1, 0) != -1) {
        fprintf(stderr, "FAIL ends: on a pid already reaped, not -1\n");
        bad = 1;
    }
    alarm(0);
    if (bad == 0)
        printf("test_sandbox ends: stop and reap, running and exited, reaped; gone: -1: ok\n");
    return bad;
}

/* sandbox_describe_status word for word, for every kind of wait status. */
static int check_describe(void)
{
    static const struct {
        int st;
        const char *want; /* ending in ": ", strsignal(st & 0x7F) follows */
    } CASES[] = {
        {-1, "ended (status unknown)"},
        {0, "exited with status 0"},
        {3 << 8, "exited with status 3"},
        {255 << 8, "exited with status 255"},
        {SIGXCPU, "killed by SIGXCPU (the CPU time limit of 600 s)"},
        {SIGXFSZ, "killed by SIGXFSZ (the file size limit of 64 MiB)"},
        {SIGSEGV, "SIGSEGV: "},
        {SIGSEGV | 0x80, "SIGSEGV: "}, /* with a core dump */
        {SIGKILL, "SIGKILL: "},
        {40, "signal 40: "},
        {SIGSTOP << 8 | 0x7F, "ended (wait status 4991)"}, /* stopped */
    };
    char buf[256], want[256];
    int bad = 0;

    if (SANDBOX_CPU_S != 600 || SANDBOX_FSIZE_MB != 64) {
        fprintf(stderr, "FAIL describe: the limits changed (%d s, %d MiB): update the texts\n",
                SANDBOX_CPU_S, SANDBOX_FSIZE_MB);
        return 1;
    }
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        size_t n = strlen(CASES[i].want);

        snprintf(want, sizeof want, "%s%s", CASES[i].want,
                 n > 2 && strcmp(CASES[i].want + n - 2, ": ") == 0
                     ? strsignal(CASES[i].st & 0x7F) : "");
        if (sandbox_describe_status(CASES[i].st, buf, sizeof buf) != buf ||
            strcmp(buf, want) != 0) {
            fprintf(stderr, "FAIL describe: status %d: \"%s\", want \"%s\"\n", CASES[i].st, buf,
                    want);
            bad = 1;
        }
    }
    if (bad == 0)
        printf("test_sandbox describe: %zu statuses: ok\n", sizeof CASES / sizeof CASES[0]);
    return bad;
}

/* The status pipe at descriptor 0: the child's exit status must arrive. */
static int check_status0(void)
{
    unsigned long long v[N_REPORT];

    status_at_0 = true;
    if (spawn_and_read(v, 0, "status0") != 0)
        return 1;
    printf("test_sandbox status0: status pipe at 0, status arrived: ok\n");
    return 0;
}

/* Descriptors 0..2 open, nothing above, the limit 22: the sandbox must
 * still deliver the child's message and status. */
static int check_nofile(void)
{
    struct rlimit r;
    unsigned long long v[N_REPORT];
    int fd;

    for (fd = 3; fd < 1024; fd++)
        (void)close(fd);
    r.rlim_cur = r.rlim_max = 22;
    if (setrlimit(RLIMIT_NOFILE, &r) != 0) {
        perror("test_sandbox: setrlimit");
        return 1;
    }
    if (spawn_and_read(v, 0, "nofile (descriptor limit 22)") != 0)
        return 1;
    printf("test_sandbox nofile: descriptor limit 22: message and status arrived: ok\n");
    return 0;
}

/* This process's address space in MiB (/proc/self/statm's first field,
 * in pages), or 0 when it cannot be read. */
static unsigned long statm_mb(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long pages = 0;
    long page = sysconf(_SC_PAGESIZE);

    if (f == NULL)
        return 0;
    if (fscanf(f, "%lu", &pages) != 1 || page <= 0)
        pages = 0;
    fclose(f);
    return (unsigned long)(((unsigned long long)pages * (unsigned long long)page) >> 20);
}

/* The first spawn, allowed SANDBOX_AS_EXTRA_MB: the limit follows this
 * process's own size as statm gives it. */
static int check_aslimit(void)
{
    unsigned long long v[N_REPORT], want;
    unsigned long before = statm_mb(), after, own;
    const char *note = sandbox_as_note();

    if (before == 0) {
        printf("test_sandbox aslimit: /proc/self/statm cannot be read here; skipped\n");
        return 77;
    }
    if (spawn_and_read(v, SANDBOX_AS_EXTRA_MB, "aslimit") != 0)
        return 1;
    after = statm_mb();
    own = sandbox_as_limit_mb(0);
    if (own + 16 < before || own > after + 16) {
        fprintf(stderr, "FAIL aslimit: the sandbox takes the auditor's size as %lu MiB; "
                "/proc/self/statm gave %lu MiB before the spawn and %lu after\n",
                own, before, after);
        return 1;
    }
    if (note == NULL) {
        want = (unsigned long long)(own + SANDBOX_AS_EXTRA_MB) << 20;
    } else { /* not set: the child has this process's limit */
        struct rlimit r;

        if (getrlimit(RLIMIT_AS, &r) != 0) {
            perror("test_sandbox: getrlimit");
            return 1;
        }
        want = (unsigned long long)r.rlim_cur;
    }
    if (v[3] != want) {
        fprintf(stderr, "FAIL aslimit: the child's address-space limit is %llu, want %llu "
                "(%s)\n", v[3], want,
                note == NULL ? "the auditor's size + SANDBOX_AS_EXTRA_MB, in bytes" : note);
        return 1;
    }
    printf("test_sandbox aslimit: own size %lu MiB (statm %lu..%lu), child's limit %llu: ok%s\n",
           own, before, after, v[3], note == NULL ? "" : " (not set: AddressSanitizer)");
    return 0;
}

/* The first spawn with statm_fake set (how statm looks, named what): the
 * auditor's size must be taken as want_mb MiB. */
static int check_statm(const char *fake, const char *what, unsigned long want_mb)
{
    unsigned long long v[N_REPORT];
    unsigned long long want = (unsigned long long)(want_mb + SANDBOX_AS_EXTRA_MB) << 20;
    unsigned long own;

    statm_fake = fake;
    if (spawn_and_read(v, SANDBOX_AS_EXTRA_MB, what) != 0)
        return 1;
    own = sandbox_as_limit_mb(0);
    if (own != want_mb) {
        fprintf(stderr, "FAIL %s: the sandbox takes the auditor's size as %lu MiB, want %lu\n",
                what, own, want_mb);
        return 1;
    }
    if (sandbox_as_note() == NULL && v[3] != want) {
        fprintf(stderr, "FAIL %s: the child's address-space limit is %llu, want %llu\n", what,
                v[3], want);
        return 1;
    }
    printf("test_sandbox %s: own size taken as %lu MiB, child's limit %llu: ok\n", what, own,
           v[3]);
    return 0;
}

/* /proc cannot be opened: no process is counted (and the test's own
 * uid has this one). */
static int check_proc_missing(void)
{
    unsigned long n;

    proc_missing = true;
    n = sandbox_user_processes(getuid());
    if (n != 0) {
        fprintf(stderr, "FAIL proc-missing: %lu processes counted without /proc, want 0\n", n);
        return 1;
    }
    printf("test_sandbox proc-missing: no process counted: ok\n");
    return 0;
}

/* The statm-* checks: how statm looks, and the size the sandbox must take. */
static int check_statm_pages(void)
{
    unsigned long page = (unsigned long)sysconf(_SC_PAGESIZE);

    return check_statm("300000 2000 1000 100 0 900 0\n", "statm-pages",
                       (unsigned long)((300000ull * page) >> 20));
}

static int check_statm_missing(void)
{
    return check_statm("", "statm-missing", 1024);
}

static int check_statm_junk(void)
{
    return check_statm("x 1 2\n", "statm-junk", 1024);
}

static int check_statm_zero(void)
{
    return check_statm("0 0 0 0 0 0 0\n", "statm-zero", 1024);
}

static const struct {
    const char *name;
    int (*run)(void);
} CHECKS[] = {
    {"nproc", check_nproc},
    {"pid1", check_pid1},
    {"eof", check_eof},
    {"keep", check_keep},
    {"fallback", check_fallback},
    {"stop0", check_stop0},
    {"reap0", check_reap0},
    {"ends", check_ends},
    {"describe", check_describe},
    {"status0", check_status0},
    {"nofile", check_nofile},
    {"aslimit", check_aslimit},
    {"proc-missing", check_proc_missing},
    {"statm-pages", check_statm_pages},
    {"statm-missing", check_statm_missing},
    {"statm-junk", check_statm_junk},
    {"statm-zero", check_statm_zero},
};

int main(int argc, char **argv)
{
    for (size_t i = 0; argc == 2 && i < sizeof CHECKS / sizeof CHECKS[0]; i++)
        if (strcmp(argv[1], CHECKS[i].name) == 0)
            return CHECKS[i].run();
    fprintf(stderr, "usage: test_sandbox CHECK, one of:");
    for (size_t i = 0; i < sizeof CHECKS / sizeof CHECKS[0]; i++)
        fprintf(stderr, " %s", CHECKS[i].name);
    fprintf(stderr, "\n");
    return 2;
}
