/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* sandbox.c -- isolated, limited child processes (sandbox.h).
 *
 * A child in a new PID namespace is its namespace's init: getppid() is 0
 * there, kill(-1, ...) reaches only its own descendants, and when it dies
 * the kernel kills every process of the namespace, so a decoder can neither
 * signal the auditor nor leave processes behind. Where namespaces are not
 * allowed (no privilege, no user namespaces), the child gets its own
 * session instead and its process group is killed when it stops; a plugin
 * can then still signal the auditor by pid. */
#include "sandbox.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#if defined(__SANITIZE_ADDRESS__)
#define SANDBOX_ASAN
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANDBOX_ASAN
#endif
#endif

/* 0: not decided yet, 1: PID namespace, 2: PID + user namespace, 3: process
 * group only. */
static int isolation;
static unsigned long own_mb; /* the auditor's size at the first spawn */
static unsigned long nproc_base;

const char *sandbox_as_note(void)
{
#ifdef SANDBOX_ASAN
    return "built with AddressSanitizer, which reserves terabytes of shadow "
           "memory: the sandbox cannot limit a plugin's address space";
#else
    return NULL;
#endif
}

unsigned long sandbox_as_limit_mb(unsigned long as_extra_mb)
{
    return own_mb + as_extra_mb;
}

/* Returns the auditor's own address space in MiB (/proc/self/statm), or
 * 1024 when it cannot be read. */
static unsigned long own_vm_mb(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long pages;
    long page = sysconf(_SC_PAGESIZE);

    if (f == NULL)
        return 1024;
    if (fscanf(f, "%lu", &pages) != 1)
        pages = 0;
    fclose(f);
    return pages == 0 || page <= 0 ? 1024 : pages * (unsigned long)page >> 20;
}

unsigned long sandbox_user_processes(uid_t uid)
{
    DIR *dir = opendir("/proc");
    struct dirent *e;
    unsigned long n = 0;
    char path[300];
    struct stat sb;

    if (dir == NULL)
        return 0;
    while ((e = readdir(dir)) != NULL) {
        if (!isdigit((unsigned char)e->d_name[0])) /* not a process */
            continue;
        snprintf(path, sizeof path, "/proc/%s", e->d_name);
        if (stat(path, &sb) == 0 && sb.st_uid == uid)
            n++;
    }
    closedir(dir);
    return n;
}

/* Sets the child's limits; the address space only when as_extra_mb > 0. */
static void set_limits(unsigned long as_extra_mb)
{
    struct rlimit r;

    r.rlim_cur = r.rlim_max = 0;
    (void)setrlimit(RLIMIT_CORE, &r);
    r.rlim_cur = r.rlim_max = (rlim_t)SANDBOX_FSIZE_MB << 20;
    (void)setrlimit(RLIMIT_FSIZE, &r);
    r.rlim_cur = r.rlim_max = SANDBOX_CPU_S;
    (void)setrlimit(RLIMIT_CPU, &r);
    /* Counted over the whole user (and ignored for root): the namespace
     * is what contains a fork bomb there. */
    r.rlim_cur = r.rlim_max = (rlim_t)(nproc_base + SANDBOX_NPROC_EXTRA);
    (void)setrlimit(RLIMIT_NPROC, &r);
    if (as_extra_mb > 0 && sandbox_as_note() == NULL) {
        r.rlim_cur = r.rlim_max = (rlim_t)sandbox_as_limit_mb(as_extra_mb) << 20;
        (void)setrlimit(RLIMIT_AS, &r);
    }
}

/* Forks in a new PID namespace when allowed (mode 1, or 2 with a user
 * namespace), else plainly (mode 3). Returns as fork. */
static pid_t fork_isolated(int mode)
{
#if defined(__linux__) && defined(SYS_clone) && defined(CLONE_NEWPID)
    /* clone with no new stack behaves as fork; the namespace flags are
     * what fork cannot give. The auditor is single-threaded, so skipping
     * glibc's fork handlers is safe. */
    if (mode == 1 || mode == 2) {
        unsigned long flags = CLONE_NEWPID | SIGCHLD;
        if (mode == 2)
            flags |= CLONE_NEWUSER;
#if defined(__s390__) || defined(__CRIS__)
        return (pid_t)syscall(SYS_clone, 0, flags, NULL, NULL, NULL);
#else
        return (pid_t)syscall(SYS_clone, flags, NULL, NULL, NULL, NULL);
#endif
    }
#else
    (void)mode;
#endif
    return fork();
}

/* The supervisor (the sandbox's first process): starts the decoder's
 * process, closes its own copies of the decoder's descriptors, reports the
 * decoder's wait status on status_fd when it ends, and exits -- which, in a
 * PID namespace, kills whatever the decoder left running. As the
 * namespace's init it ignores every signal the decoder may send it. */
static void supervise(void (*child)(void *), void *arg, size_t n_keep,
                      int status_fd)
{
    pid_t g = fork();
    int st = -1;

    if (g == 0) {
        (void)close(status_fd);
#ifdef __linux__
        (void)prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
        child(arg);
        _exit(127);
    }
    for (size_t i = 0; i < n_keep; i++)
        (void)close(3 + (int)i);
    if (g > 0)
        while (waitpid(g, &st, 0) < 0 && errno == EINTR)
            ;
    if (g > 0)
        (void)!write(status_fd, &st, sizeof st);
    _exit(0);
}

pid_t sandbox_spawn(void (*child)(void *), void *arg, const int *keep,
                    size_t n_keep, unsigned long as_extra_mb, int *status_fd)
{
    pid_t pid = -1;
    int sp[2];

    if (own_mb == 0) {
        own_mb = own_vm_mb();
        /* the process limit counts all of this user's processes */
        nproc_base = sandbox_user_processes(getuid());
    }
    if (n_keep > 8 || pipe(sp) != 0)
        return -1;
    fflush(NULL);
    for (int mode = isolation ? isolation : 1; mode <= 3; mode++) {
        pid = fork_isolated(mode);
        if (pid >= 0 || (errno != EPERM && errno != EINVAL && errno != ENOSPC &&
                         errno != EUSERS && errno != ENOSYS)) {
            if (pid >= 0 && isolation == 0)
                isolation = mode;
            break;
        }
    }
    if (pid != 0) {
        (void)close(sp[1]);
        if (pid < 0) {
            (void)close(sp[0]);
            return -1;
        }
        (void)fcntl(sp[0], F_SETFD, FD_CLOEXEC);
        *status_fd = sp[0];
        return pid;
    }
    /* The supervisor. */
    (void)setsid();
#ifdef __linux__
    (void)prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    set_limits(as_extra_mb);
    {
        /* keep[i] becomes 3 + i, the status pipe 3 + n_keep: first out of
         * the way (above them all), then into place; then everything else
         * above closes. */
        int moved[9];
        int top = 3 + (int)n_keep + 16;
        long maxfd = sysconf(_SC_OPEN_MAX);

        for (size_t i = 0; i < n_keep; i++)
            moved[i] = fcntl(keep[i], F_DUPFD, top);
        moved[n_keep] = fcntl(sp[1], F_DUPFD, top);
        for (size_t i = 0; i <= n_keep; i++)
            if (moved[i] >= 0)
                (void)dup2(moved[i], 3 + (int)i);
        if (maxfd < 0 || maxfd > 65536)
            maxfd = 65536;
#ifdef PLUGIN_HAVE_CLOSE_RANGE
        /* One system call instead of one per possible descriptor (the
         * limit may be 20000 or more, and a faulting decoder restarts the
         * child hundreds of times). */
        if (close_range(4 + (unsigned)n_keep, ~0u, 0) == 0)
            maxfd = 0;
#endif
        for (int fd = 4 + (int)n_keep; fd < maxfd; fd++)
            (void)close(fd);
    }
    supervise(child, arg, n_keep, 3 + (int)n_keep);
    _exit(127);
}

/* Kills pid (the supervisor) and everything it started. */
static void kill_all(pid_t pid)
{
    /* The process group first (the fallback's containment), then the
     * supervisor, whose death ends its PID namespace. */
    (void)kill(-pid, SIGKILL);
    (void)kill(pid, SIGKILL);
}

/* Reads the decoder's wait status from status_fd (closing it) when the
 * supervisor wrote one, waiting up to ms. Returns it, or -1. */
static int read_status(int status_fd, int ms)
{
    struct pollfd pfd = {status_fd, POLLIN, 0};
    int st = -1;

    if (status_fd < 0)
        return -1;
    if (poll(&pfd, 1, ms) == 1 && read(status_fd, &st, sizeof st) != (ssize_t)sizeof st)
        st = -1;
    (void)close(status_fd);
    return st;
}

int sandbox_stop(pid_t pid, int status_fd)
{
    int st;

    if (pid <= 0)
        return -1;
    kill_all(pid);
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    /* Killed first: the decoder's status is there only if it had ended. */
    return read_status(status_fd, 0);
}

int sandbox_reap(pid_t pid, int status_fd, int ms)
{
    int st = read_status(status_fd, ms), ignored;

    if (pid <= 0)
        return st;
    kill_all(pid);
    while (waitpid(pid, &ignored, 0) < 0 && errno == EINTR)
        ;
    return st;
}

const char *sandbox_signal_name(int sig)
{
    static char buf[32];

    switch (sig) {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGABRT: return "SIGABRT";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    case SIGTRAP: return "SIGTRAP";
    case SIGSYS: return "SIGSYS";
    case SIGKILL: return "SIGKILL";
    case SIGTERM: return "SIGTERM";
    case SIGXCPU: return "SIGXCPU";
    case SIGXFSZ: return "SIGXFSZ";
    case SIGPIPE: return "SIGPIPE";
    default:
        snprintf(buf, sizeof buf, "signal %d", sig);
        return buf;
    }
}

char *sandbox_describe_status(int st, char *buf, size_t cap)
{
    if (st < 0) {
        snprintf(buf, cap, "ended (status unknown)");
    } else if (WIFEXITED(st)) {
        snprintf(buf, cap, "exited with status %d", WEXITSTATUS(st));
    } else if (WIFSIGNALED(st)) {
        int sig = WTERMSIG(st);
        if (sig == SIGXCPU)
            snprintf(buf, cap, "killed by SIGXCPU (the CPU time limit of %d s)",
                     SANDBOX_CPU_S);
        else if (sig == SIGXFSZ)
            snprintf(buf, cap, "killed by SIGXFSZ (the file size limit of %d MiB)",
                     SANDBOX_FSIZE_MB);
        else
            snprintf(buf, cap, "%s: %s", sandbox_signal_name(sig), strsignal(sig));
    } else {
        snprintf(buf, cap, "ended (wait status %d)", st);
    }
    return buf;
}
