/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* subprocess.c -- runs a decoder script as a long-lived child process and
 * exchanges batches with it (protocol in subprocess.h). A missing
 * interpreter makes the adapter unavailable, with a message; a child that
 * dies is restarted once per batch; one that stops answering is killed
 * and its batch marked ORACLE_HUNG. The requests go through a socket so
 * that writing to a dead child is EPIPE (MSG_NOSIGNAL), not a SIGPIPE
 * that would kill the caller. */
#include "adapters/subprocess.h"
#include "support/poll_wait.h"
#include "support/write_all.h"
#include "install_dirs.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef ORACLE_SUBPROCESS_DIR
#error "ORACLE_SUBPROCESS_DIR (the folder of the scripts) must be defined"
#endif

/* A child that says nothing for this long is considered hung (start-up
 * included: Node takes a while on a loaded machine). The environment
 * variable ORACLE_SUBPROCESS_TIMEOUT_MS overrides it, for tests. */
#define DEFAULT_TIMEOUT_MS 30000

int subproc_timeout_ms(const char *env)
{
    char *end;
    long v;

    if (!env || !*env)
        return DEFAULT_TIMEOUT_MS;
    v = strtol(env, &end, 10);
    return *end == '\0' && v > 0 && v <= 3600000 ? (int)v : DEFAULT_TIMEOUT_MS;
}

static int timeout_ms(void)
{
    return subproc_timeout_ms(getenv("ORACLE_SUBPROCESS_TIMEOUT_MS"));
}

/* What the I/O helpers below return; only ever compared by name. */
enum { IO_OK, IO_EOF, IO_TIMEOUT };

static void set_cloexec(int fd)
{
    int flags = fcntl(fd, F_GETFD);
    if (flags >= 0)
        (void)fcntl(fd, F_SETFD, flags | FD_CLOEXEC);
}

/* Reads buf[0..n) from fd, waiting at most timeout_ms for each part to
 * arrive (signals do not restart the wait: poll_wait); returns IO_OK,
 * IO_EOF (end of file or error) or IO_TIMEOUT. */
static int read_exact(int fd, void *buf, size_t n, int timeout_ms)
{
    unsigned char *p = buf;

    while (n > 0) {
        ssize_t r;
        int w = poll_wait(fd, POLLIN, timeout_ms, NULL);
        if (w <= 0)
            return w == 0 ? IO_TIMEOUT : IO_EOF;
        /* poll_wait said readable, and this pipe has no other reader:
         * read does not block, so no signal can interrupt it (no EINTR) */
        r = read(fd, p, n);
        if (r <= 0)
            return IO_EOF;
        p += r;
        n -= (size_t)r;
    }
    return IO_OK;
}

/* Writes buf[0..n) to fd, waiting at most timeout_ms for each part to be
 * taken; returns IO_OK, IO_EOF (error) or IO_TIMEOUT. */
static int send_all(int fd, const void *buf, size_t n, int timeout_ms)
{
    int e = write_all_timed(fd, buf, n, timeout_ms);

    return e == 0 ? IO_OK : e == ETIMEDOUT ? IO_TIMEOUT : IO_EOF;
}

void subproc_stop(subproc *sp)
{
    if (sp->pid <= 0)
        return;
    /* End of input asks the script to exit; give it up to a second. */
    close(sp->to_child);
    close(sp->from_child);
    for (int i = 0; i < 100; i++) {
        pid_t r = waitpid(sp->pid, NULL, WNOHANG);
        /* ECHILD: someone else (a SIGCHLD handler of the host program)
         * reaped it already; do not signal a pid that may be reused. */
        if (r == sp->pid || (r < 0 && errno == ECHILD)) {
            sp->pid = 0;
            return;
        }
        (void)poll_wait(-1, 0, 10, NULL); /* a 10 ms pause (no fd: poll only waits) */
    }
    kill(sp->pid, SIGKILL);
    while (waitpid(sp->pid, NULL, 0) < 0 && errno == EINTR)
        ;
    sp->pid = 0;
}

/* The child: becomes the first interpreter of sp->programs that exists. */
static void exec_child(const subproc *sp, const char *path, int in, int out)
{
    if (dup2(in, STDIN_FILENO) < 0 || dup2(out, STDOUT_FILENO) < 0)
        _exit(126);
    for (const char *const *prog = sp->programs; *prog; prog++) {
        char *argv[3];
        argv[0] = (char *)*prog;
        argv[1] = (char *)path;
        argv[2] = NULL;
        execvp(*prog, argv);
    }
    _exit(127);
}

/* Finds sp's script: installed beside the running program (share/u8guard/
 * oracle, relative to it, so a moved install still finds its own), else in
 * the source tree (ORACLE_SUBPROCESS_DIR: a build tree). Writes its path
 * to path[0..cap). Returns NULL when found, else why not. */
static const char *find_script(const subproc *sp, char *path, size_t cap)
{
    char rel[256];

    if ((size_t)snprintf(rel, sizeof rel, "%s/oracle/%s", U8GUARD_REL_AUDIT_TO_DATA,
                         sp->script) < sizeof rel &&
        u8g_exe_relative(rel, path, cap) != NULL && access(path, R_OK) == 0)
        return NULL;
    if ((size_t)snprintf(path, cap, "%s/%s", ORACLE_SUBPROCESS_DIR, sp->script) >= cap)
        return "subprocess script name too long";
    if (access(path, R_OK) != 0)
        return "subprocess script not found (neither installed in share/u8guard/oracle "
               "beside the program nor in the source tree's oracle/subprocess)";
    return NULL;
}

const char *subproc_start(subproc *sp)
{
    char path[4096];
    const char *why;
    int req[2], rep[2], status = 0;
    char hello[4];
    pid_t pid;

    if (sp->pid > 0)
        return NULL;
    if ((why = find_script(sp, path, sizeof path)) != NULL)
        return why;
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, req) != 0)
        return "socketpair failed";
    if (pipe(rep) != 0) {
        close(req[0]);
        close(req[1]);
        return "pipe failed";
    }
    for (int i = 0; i < 2; i++) {
        set_cloexec(req[i]);
        set_cloexec(rep[i]);
    }
    pid = fork();
    if (pid < 0) {
        close(req[0]); close(req[1]); close(rep[0]); close(rep[1]);
        return "fork failed";
    }
    if (pid == 0)
        exec_child(sp, path, req[1], rep[1]);
    close(req[1]);
    close(rep[1]);
    sp->pid = pid;
    sp->to_child = req[0];
    sp->from_child = rep[0];
    if (read_exact(sp->from_child, hello, 4, timeout_ms()) == IO_OK &&
        memcmp(hello, "U8GO", 4) == 0)
        return NULL;
    /* No greeting: find out whether the interpreter was there at all. */
    kill(pid, SIGKILL);
    close(sp->to_child);
    close(sp->from_child);
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    sp->pid = 0;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
        return sp->missing;
    return "the interpreter started but its script did not greet (see its stderr)";
}

static void put_u32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
    p[2] = (unsigned char)(v >> 16);
    p[3] = (unsigned char)(v >> 24);
}

static uint32_t get_u32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

/* Reads n code points into dst (or discards them when dst is NULL). */
static int read_cps(int fd, uint32_t *dst, size_t n, unsigned char *scratch)
{
    int r = read_exact(fd, scratch, 4 * n, timeout_ms());
    if (r != IO_OK || !dst)
        return r;
    for (size_t i = 0; i < n; i++)
        dst[i] = get_u32(scratch + 4 * i);
    return IO_OK;
}

/* Reads the reply for one input of length len into *v. */
static int read_reply(int fd, size_t len, oracle_verdict *v,
                      unsigned char *scratch)
{
    unsigned char h[14], r[5];
    uint64_t off = 0;
    uint32_t n_cps, n_repl;
    int rc;

    if ((rc = read_exact(fd, h, sizeof h, timeout_ms())) != IO_OK)
        return rc;
    for (int i = 0; i < 8; i++)
        off |= (uint64_t)h[2 + i] << (8 * i);
    n_cps = get_u32(h + 10);
    /* At most one code point per input byte, as from any decoder: more
     * is not our protocol (treated like a dead child). */
    if (n_cps > len)
        return IO_EOF;
    if ((rc = read_cps(fd, v->cps, n_cps, scratch)) != IO_OK)
        return rc;
    if ((rc = read_exact(fd, r, sizeof r, timeout_ms())) != IO_OK)
        return rc;
    n_repl = get_u32(r + 1);
    if (n_repl > len)
        return IO_EOF;
    if ((rc = read_cps(fd, v->repl, n_repl, scratch)) != IO_OK)
        return rc;
    v->status = h[0] == 0 ? ORACLE_OK : ORACLE_FAILED;
    v->signal = 0;
    v->accepted = h[1] != 0;
    v->err_offset = off == UINT64_MAX ? ORACLE_UNKNOWN
                    : off > len       ? len + 1 /* nonsense: shows as a difference */
                                      : (size_t)off;
    v->n_cps = n_cps;
    v->has_repl = r[0] != 0 && v->repl != NULL;
    v->n_repl = v->has_repl ? n_repl : 0;
    return IO_OK;
}

/* One attempt at a batch with a running child. */
static int run_batch(subproc *sp, const oracle_input *in, size_t n,
                     oracle_verdict *out)
{
    size_t total = 4, max = 0, pos;
    unsigned char *req, *scratch;
    int rc = IO_OK;

    for (size_t i = 0; i < n; i++) {
        total += 4 + in[i].len;
        if (in[i].len > max)
            max = in[i].len;
    }
    req = malloc(total);
    scratch = malloc(4 * (max + 1));
    if (!req || !scratch) {
        free(req);
        free(scratch);
        return IO_EOF;
    }
    put_u32(req, (uint32_t)n);
    pos = 4;
    for (size_t i = 0; i < n; i++) {
        put_u32(req + pos, (uint32_t)in[i].len);
        if (in[i].len)
            memcpy(req + pos + 4, in[i].data, in[i].len);
        pos += 4 + in[i].len;
    }
    rc = send_all(sp->to_child, req, total, timeout_ms());
    for (size_t i = 0; rc == IO_OK && i < n; i++)
        rc = read_reply(sp->from_child, in[i].len, &out[i], scratch);
    free(req);
    free(scratch);
    return rc;
}

int subproc_run(subproc *sp, const oracle_input *in, size_t n,
                oracle_verdict *out)
{
    int rc = IO_EOF, status;

    if (n > UINT32_MAX)
        goto failed;
    for (size_t i = 0; i < n; i++)
        if (in[i].len > UINT32_MAX - 8)
            goto failed;
    for (int attempt = 0; attempt < 2; attempt++) {
        if (subproc_start(sp) != NULL)
            break;
        rc = run_batch(sp, in, n, out);
        if (rc == IO_OK)
            return 0;
        subproc_stop(sp); /* dead, desynchronised or hung: start afresh */
        if (rc == IO_TIMEOUT)
            break;
    }
failed:
    status = rc == IO_TIMEOUT ? ORACLE_HUNG : ORACLE_FAILED;
    for (size_t i = 0; i < n; i++) {
        out[i].status = status;
        out[i].accepted = false;
        out[i].n_cps = 0;
        out[i].has_repl = false;
        out[i].n_repl = 0;
    }
    return -1;
}
