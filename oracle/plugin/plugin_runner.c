/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* plugin_runner.c -- the decoder sandbox (plugin_runner.h).
 *
 * The auditor never loads a plugin itself: a child in its own sandbox
 * (sandbox.h) does, and serves decode requests over a socket. Each input is
 * copied so that its last byte is the last byte of a readable region with
 * GUARD bytes of PROT_NONE on both sides (the empty input points at the
 * trailing guard itself), and the output buffer (len code points) sits the
 * same way. How a call ended is decided by the auditor: from waitpid, and,
 * for a fault, from what the child's signal handler recorded about the
 * fault itself (address, read or write) in memory shared with the auditor
 * -- never from what the child writes on its channel, where a decoder may
 * write too. A child that does not answer within the timeout is killed.
 * After any fault a fresh child is started for the next call.
 *
 * An --exec decoder is a command run by /bin/sh -c in the same sandbox,
 * its standard input and output a socket to the auditor, answering one
 * line per request (doc/audit-exec.md). */
#include "plugin_runner.h"
#include "support/hex.h"
#include "support/poll_wait.h"
#include "support/write_all.h"

#include "u8guard/audit_plugin.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

typedef u8guard_audit_name_fn *name_fn;
typedef u8guard_audit_decode_fn *decode_fn;

/* PROT_NONE bytes on each side of every buffer: a read or write up to this
 * far before or after a buffer faults (reserved address space, no memory). */
#define GUARD ((size_t)1 << 20)

/* How long an --exec decoder may take to answer its first request after
 * it starts, at least. */
#define EXEC_START_MS 10000

/* The child's first message: 'N' and the plugin's name (its first 62
 * bytes, doc/plugin-abi.md, from byte 1, then a NUL) and
 * its u8guard_audit_version() (from HELLO_VERSION, "" when it exports
 * none), or 'E' and why it could not be loaded (dlerror's message names
 * the file). */
#define HELLO_VERSION 64
#define HELLO_SIZE 512

/* A request: the nonce (echoed in the reply, so that junk the plugin
 * writes on the channel is told from a reply) and the input's length. */
typedef struct request {
    uint64_t nonce;
    uint64_t len;
} request;

/* The reply to a call that returned. */
typedef struct reply {
    uint64_t nonce;
    int32_t rc;
    int32_t pad;
    uint64_t n_out;
    uint64_t err_offset;
} reply;

/* What the child's signal handler records about a fault, in memory shared
 * with the auditor, with where the buffers of the current call are. */
enum { ACCESS_UNKNOWN, ACCESS_READ, ACCESS_WRITE }; /* zeroed memory: unknown */
typedef struct fault_rec {
    volatile int32_t sig, access, err_no, in_call;
    volatile uint64_t addr;
    volatile uint64_t in_ptr, in_len, in_lo, in_hi;
    volatile uint64_t out_ptr, out_len, out_lo, out_hi;
} fault_rec;

struct plugin_runner {
    char path[4096];
    char *cmd;             /* an --exec decoder's command line, or NULL */
    char name[64];
    char version[128];     /* u8guard_audit_version(), or "" */
    bool replace;          /* a plugin in its replacing mode */
    unsigned long as_extra_mb; /* the address-space allowance (sandbox.h) */
    char detail[200];
    int timeout_ms;
    pid_t pid;             /* the sandbox's supervisor */
    int status_fd;         /* where it reports the decoder's wait status */
    int fd;
    unsigned long restarts;
    uint64_t nonce;
    fault_rec *rec;        /* shared with the plugin child */
    bool fresh;            /* --exec: no request answered since the start */
    char *line;            /* --exec: the answer being read */
    size_t line_len, line_cap;
};

/* ---- shared helpers ---- */

/* Reads exactly n bytes; returns false on EOF or error. */
static bool read_all(int fd, void *buf, size_t n)
{
    char *p = buf;

    while (n > 0) {
        ssize_t r = read(fd, p, n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return false;
        p += r;
        n -= (size_t)r;
    }
    return true;
}

/* ---- the plugin child ---- */

static fault_rec *child_rec;

/* The child's handler for fatal signals: records the fault for the
 * auditor, then lets the signal kill the child (the auditor reads the
 * signal from waitpid). */
static void child_on_fatal(int sig, siginfo_t *si, void *ctx)
{
    int saved = errno;
    struct sigaction dfl;

    child_rec->err_no = saved;
    child_rec->addr = (uint64_t)(uintptr_t)si->si_addr;
    child_rec->access = ACCESS_UNKNOWN;
#if defined(__x86_64__) && defined(REG_ERR)
    if (sig == SIGSEGV && ctx != NULL)
        /* the page fault's error code: bit 1 set for a write */
        child_rec->access = (((const ucontext_t *)ctx)->uc_mcontext.gregs[REG_ERR] & 2)
                                ? ACCESS_WRITE : ACCESS_READ;
#else
    (void)ctx;
#endif
    child_rec->sig = sig;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    (void)sigaction(sig, &dfl, NULL);
    /* Pending until the handler returns: a fault then repeats and kills,
     * a raised signal is delivered with its default action. */
    (void)raise(sig);
}

/* Installs child_on_fatal on an alternate stack (a stack overflow must
 * still be recorded). */
static void child_install_handlers(void)
{
    static const int sigs[] = {SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL,
                               SIGTRAP, SIGSYS};
    static char altstack[64 * 1024];
    stack_t ss;
    struct sigaction sa;

    ss.ss_sp = altstack;
    ss.ss_size = sizeof altstack;
    ss.ss_flags = 0;
    (void)sigaltstack(&ss, NULL);
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = child_on_fatal;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        (void)sigaction(sigs[i], &sa, NULL);
}

/* Maps n bytes of read-write memory with GUARD bytes of PROT_NONE on each
 * side, returning the address of the first of the n bytes: at the start of
 * the readable part when at_start, else placed so that the last byte ends
 * it (the trailing guard itself when n == 0); *base and *total describe
 * the mapping. Returns NULL on failure. */
static unsigned char *map_guarded(size_t n, size_t page, bool at_start,
                                  void **base, size_t *total)
{
    size_t body = (n + page - 1) / page * page;
    unsigned char *m;

    *total = GUARD + body + GUARD;
    m = mmap(NULL, *total, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
             -1, 0);
    if (m == MAP_FAILED)
        return NULL;
    if (body > 0 && mprotect(m + GUARD, body, PROT_READ | PROT_WRITE) != 0) {
        munmap(m, *total);
        return NULL;
    }
    *base = m;
    return at_start ? m + GUARD : m + GUARD + body - n;
}

/* Runs decode on a copy of data[0..len) placed at the end of its readable
 * part (at_start false) or at its start, the output likewise, recording
 * where they are for the fault handler. Returns decode's result; the code
 * points are in *out (unmap with *in_base, *in_total, *out_base,
 * *out_total). Exits the child when memory cannot be mapped. */
static int guarded_call(decode_fn decode, const unsigned char *data, size_t len,
                        size_t page, bool at_start, uint32_t **out,
                        size_t *n_out, size_t *err_offset, void **in_base,
                        size_t *in_total, void **out_base, size_t *out_total)
{
    unsigned char *in = map_guarded(len, page, at_start, in_base, in_total);
    int rc;

    *out = (uint32_t *)(void *)map_guarded(len * sizeof(uint32_t), page, at_start,
                                           out_base, out_total);
    if (in == NULL || *out == NULL)
        _exit(3);
    if (len > 0)
        memcpy(in, data, len);
    if (mprotect((unsigned char *)*in_base + GUARD, *in_total - 2 * GUARD,
                 PROT_READ) != 0)
        _exit(3);
    child_rec->in_ptr = (uintptr_t)in;
    child_rec->in_len = len;
    child_rec->in_lo = (uintptr_t)*in_base;
    child_rec->in_hi = (uintptr_t)*in_base + *in_total;
    child_rec->out_ptr = (uintptr_t)*out;
    child_rec->out_len = len * sizeof(uint32_t);
    child_rec->out_lo = (uintptr_t)*out_base;
    child_rec->out_hi = (uintptr_t)*out_base + *out_total;
    child_rec->in_call = 1;
    *n_out = 0;
    *err_offset = 0;
    errno = 0;
    rc = decode(in, len, *out, n_out, err_offset);
    child_rec->in_call = 0;
    return rc;
}

/* Sends the hello (hello[0..HELLO_SIZE)) and ends the child when it
 * starts with 'E'. */
static void child_hello(int fd, char *hello)
{
    bool ok = write_all(fd, hello, HELLO_SIZE) == 0;

    if (!ok || hello[0] == 'E')
        _exit(0);
}

/* The plugin child (arg: the runner, as copied by fork): loads the
 * plugin, says hello, then serves requests until EOF, with
 * u8guard_audit_decode or, in the replacing mode,
 * u8guard_audit_decode_replace. fd 3 is its socket. */
static void plugin_child(void *arg)
{
    const plugin_runner *self = arg;
    const char *path = self->path;
    const char *decode_sym = self->replace ? "u8guard_audit_decode_replace"
                                           : "u8guard_audit_decode";
    int fd = 3;
    void *h, *sym;
    name_fn name = NULL;
    decode_fn decode = NULL;
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    char hello[HELLO_SIZE];

    (void)dup2(2, 1); /* the plugin's prints must not mix with reports */
    child_install_handlers();
    memset(hello, 0, sizeof hello);
    h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (h == NULL) {
        snprintf(hello, sizeof hello, "E%s", dlerror());
        child_hello(fd, hello);
    }
    sym = dlsym(h, "u8guard_audit_name");
    memcpy(&name, &sym, sizeof name);
    sym = dlsym(h, decode_sym);
    memcpy(&decode, &sym, sizeof decode);
    if (name == NULL || decode == NULL) {
        snprintf(hello, sizeof hello, "Edoes not export %s%s%s",
                 name == NULL ? "u8guard_audit_name" : "",
                 name == NULL && decode == NULL ? " and " : "",
                 decode == NULL ? decode_sym : "");
        child_hello(fd, hello);
    }
    {
        const char *nm = name();
        u8guard_audit_version_fn *version = NULL;
        snprintf(hello, sizeof hello, "N%.62s", nm ? nm : "(null)");
        sym = dlsym(h, "u8guard_audit_version");
        memcpy(&version, &sym, sizeof version);
        if (version != NULL) {
            const char *vs = version();
            snprintf(hello + HELLO_VERSION, sizeof hello - HELLO_VERSION, "%.120s",
                     vs ? vs : "(null)");
        }
    }
    child_hello(fd, hello);
    for (;;) {
        request rq;
        size_t len, n_out, err_offset, in_total, out_total; /* guarded_call sets them */
        void *in_base, *out_base;
        unsigned char *data;
        uint32_t *out;
        reply rp;

        if (!read_all(fd, &rq, sizeof rq) || rq.len > ((size_t)1 << 30))
            _exit(0);
        len = (size_t)rq.len;
        data = malloc(len + 1);
        if (data == NULL || (len > 0 && !read_all(fd, data, len)))
            _exit(0);
        /* Twice: once with the buffers' first bytes against the leading
         * guards (a read or write before them faults), then with their last
         * bytes against the trailing guards (after them); the second call's
         * answer is the reply. A page cannot be fenced on both sides of a
         * buffer whose length is not a multiple of the page size. */
        (void)guarded_call(decode, data, len, page, true, &out, &n_out, &err_offset,
                           &in_base, &in_total, &out_base, &out_total);
        munmap(in_base, in_total);
        munmap(out_base, out_total);
        rp.rc = guarded_call(decode, data, len, page, false, &out, &n_out,
                             &err_offset, &in_base, &in_total, &out_base, &out_total);
        free(data);
        rp.nonce = rq.nonce;
        rp.pad = 0;
        rp.n_out = n_out;
        rp.err_offset = err_offset;
        if (0 != write_all(fd, &rp, sizeof rp))
            _exit(0);
        if (n_out <= len && n_out > 0 &&
            0 != write_all(fd, out, n_out * sizeof(uint32_t)))
            _exit(0);
        munmap(in_base, in_total);
        munmap(out_base, out_total);
    }
}

/* The --exec child: the command with the socket (fd 3) as its standard
 * input and output. A simple command (no shell syntax) is exec'd by the
 * shell, so that the decoder's own death (a signal) is what waitpid sees,
 * not the shell's exit status. */
static void exec_child(void *arg)
{
    const char *cmd = arg;
    size_t room = sizeof "exec " + strlen(cmd); /* the longer line and its NUL */
    char *line = malloc(room);

    if (dup2(3, 0) < 0 || dup2(3, 1) < 0 || line == NULL)
        _exit(127);
    (void)close(3);
    if (strpbrk(cmd, ";&|<>`$(){}\n\\'\"*?[~#=") == NULL)
        snprintf(line, room, "exec %s", cmd);
    else
        snprintf(line, room, "%s", cmd);
    execl("/bin/sh", "sh", "-c", line, (char *)NULL);
    fprintf(stderr, "u8guard audit: --exec: /bin/sh: %s\n", strerror(errno));
    _exit(127);
}

/* ---- the parent ---- */

/* A time limit: limit_ms milliseconds from start, on CLOCK_MONOTONIC. */
typedef struct {
    struct timespec start;
    long long limit_ms;
} deadline;

/* Returns the deadline ms milliseconds from now. */
static deadline deadline_in(long long ms)
{
    deadline d = {.limit_ms = ms};

    clock_gettime(CLOCK_MONOTONIC, &d.start);
    return d;
}

/* Waits until fd is readable or d has passed. Returns 1 when readable, 0
 * on error, -1 on timeout. ms_left rounds the time spent down, so the
 * wait is never cut short; once d has passed, poll only looks (0 ms): an
 * answer already waiting is read, and a timeout means nothing was waiting. */
static int wait_readable(int fd, const deadline *d)
{
    long long left = ms_left(&d->start, d->limit_ms);
    int w;

    /* poll_wait keeps the limit across signals; the cap keeps it an int */
    w = poll_wait(fd, POLLIN, (int)(left < 0 ? 0 : left > 1000000 ? 1000000 : left), NULL);
    return w > 0 ? 1 : w == 0 ? -1 : 0;
}

/* Returns true when fd has something to read (or its EOF) right now. */
static bool readable_now(int fd)
{
    return poll_wait(fd, POLLIN, 0, NULL) == 1;
}

/* Reads exactly n bytes before the deadline. Returns 1 on success, 0 on
 * EOF or error, -1 on timeout. */
static int read_deadline(int fd, void *buf, size_t n, const deadline *d)
{
    char *p = buf;

    while (n > 0) {
        int w = wait_readable(fd, d);
        ssize_t r;

        if (w != 1)
            return w;
        r = read(fd, p, n); /* readable, no other reader: does not block, no EINTR */
        if (r <= 0)
            return 0;
        p += r;
        n -= (size_t)r;
    }
    return 1;
}

/* Kills the child (and all it started) and reaps it; returns its wait
 * status, or -1 when there was none. With kill_it false the child is
 * given a moment to end by itself (it closed its channel). */
static int stop_child(plugin_runner *r, bool kill_it)
{
    int st = -1;

    if (r->fd >= 0)
        close(r->fd);
    r->fd = -1;
    if (r->pid > 0)
        st = kill_it ? sandbox_stop(r->pid, r->status_fd)
                     : sandbox_reap(r->pid, r->status_fd, 2000);
    r->pid = -1;
    r->status_fd = -1;
    r->line_len = 0;
    return st;
}

/* Starts the child. For a plugin, reads its hello: returns true when the
 * plugin is loaded, else false with a message in err. */
static bool start_child(plugin_runner *r, char *err, size_t errlen)
{
    int sv[2];
    char hello[HELLO_SIZE];
    deadline due;
    int got;

    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) {
        snprintf(err, errlen, "socketpair: %s", strerror(errno));
        return false;
    }
    memset(r->rec, 0, sizeof *r->rec);
    child_rec = r->rec;
    r->pid = r->cmd ? sandbox_spawn(exec_child, r->cmd, &sv[1], 1, r->as_extra_mb,
                                    &r->status_fd)
                    : sandbox_spawn(plugin_child, r, &sv[1], 1, r->as_extra_mb,
                                    &r->status_fd);
    close(sv[1]);
    if (r->pid < 0) {
        snprintf(err, errlen, "fork: %s", strerror(errno));
        close(sv[0]);
        return false;
    }
    r->fd = sv[0];
    (void)fcntl(r->fd, F_SETFD, FD_CLOEXEC);
    if (r->cmd) {
        r->fresh = true;
        return true;
    }
    due = deadline_in(10000);
    got = read_deadline(r->fd, hello, sizeof hello, &due);
    if (got != 1) {
        stop_child(r, true);
        snprintf(err, errlen, "%s: the sandbox child %s while loading it",
                 r->path, got < 0 ? "hung" : "died");
        return false;
    }
    hello[sizeof hello - 1] = '\0';
    if (hello[0] != 'N') {
        stop_child(r, true);
        snprintf(err, errlen, "%s", hello + 1);
        return false;
    }
    snprintf(r->name, sizeof r->name, "%.63s", hello + 1);
    snprintf(r->version, sizeof r->version, "%.127s", hello + HELLO_VERSION);
    return true;
}

/* Allocates a runner with its shared fault record. */
static plugin_runner *runner_new(const plugin_runner_opts *o, char *err, size_t errlen)
{
    plugin_runner *r = calloc(1, sizeof *r);
    struct timespec now;
    void *m;

    if (r == NULL) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    m = mmap(NULL, sizeof(fault_rec), PROT_READ | PROT_WRITE,
             MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) {
        snprintf(err, errlen, "mmap: %s", strerror(errno));
        free(r);
        return NULL;
    }
    r->rec = m;
    r->timeout_ms = o->timeout_ms > 0 ? o->timeout_ms : 1000;
    r->replace = o->replace;
    r->as_extra_mb = o->as_extra_mb ? o->as_extra_mb : SANDBOX_AS_EXTRA_MB;
    r->pid = -1;
    r->status_fd = -1;
    r->fd = -1;
    clock_gettime(CLOCK_MONOTONIC, &now);
    r->nonce = ((uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec) *
                   0x9E3779B97F4A7C15ull ^
               (uint64_t)getpid();
    return r;
}

/* Frees r (its child already stopped). */
static void runner_free(plugin_runner *r)
{
    munmap(r->rec, sizeof(fault_rec));
    free(r->cmd);
    free(r->line);
    free(r);
}

plugin_runner *plugin_runner_open(const char *path, int timeout_ms,
                                  char *err, size_t errlen)
{
    plugin_runner_opts o = {timeout_ms, false, 0};

    return plugin_runner_open_opts(path, &o, err, errlen);
}

plugin_runner *plugin_runner_open_opts(const char *path, const plugin_runner_opts *o,
                                       char *err, size_t errlen)
{
    plugin_runner *r;

    if (strlen(path) + 3 > sizeof r->path) {
        snprintf(err, errlen, "plugin path too long");
        return NULL;
    }
    {
        /* A missing or unreadable file gets the system's reason, not
         * dlopen's longer message. */
        FILE *f = fopen(path, "rb");
        if (f == NULL) {
            snprintf(err, errlen, "cannot open: %s", strerror(errno));
            return NULL;
        }
        fclose(f);
    }
    r = runner_new(o, err, errlen);
    if (r == NULL)
        return NULL;
    /* dlopen searches the library path for a name without a slash; the
     * user means the file. */
    r->path[0] = '\0';
    if (strchr(path, '/') == NULL)
        memcpy(r->path, "./", 3);
    memcpy(r->path + strlen(r->path), path, strlen(path) + 1);
    if (!start_child(r, err, errlen)) {
        runner_free(r);
        return NULL;
    }
    return r;
}

const char *plugin_runner_name(const plugin_runner *r)
{
    return r->name;
}

const char *plugin_runner_version(const plugin_runner *r)
{
    return r->version;
}

const char *plugin_runner_detail(const plugin_runner *r)
{
    return r->detail;
}

unsigned long plugin_runner_restarts(const plugin_runner *r)
{
    return r->restarts;
}

/* Marks v as failed with status st, keeps the detail (printf-style) and
 * restarts the child (already stopped when stopped is true). v->signal is
 * not touched: judge_death sets it for the statuses that have one
 * (ORACLE_CRASHED, ORACLE_OVERREAD). */
static plugin_fault fail(plugin_runner *r, oracle_verdict *v, int st, plugin_fault f,
                         bool stopped, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
static plugin_fault fail(plugin_runner *r, oracle_verdict *v, int st, plugin_fault f,
                         bool stopped, const char *fmt, ...)
{
    char err[256];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(r->detail, sizeof r->detail, fmt, ap);
    va_end(ap);
    v->status = st;
    v->accepted = false;
    v->err_offset = ORACLE_UNKNOWN;
    v->n_cps = 0;
    if (!stopped)
        stop_child(r, true);
    r->restarts++;
    (void)start_child(r, err, sizeof err); /* a failure shows at the next call */
    return f;
}

/* Writes where offset off (in bytes, from the buffer's start; elem bytes
 * per element, n elements) lies, as "in[len+4096]", "in[-1]", "in[3]". */
static void where(char *buf, size_t cap, const char *b, long long off,
                  size_t elem, size_t n)
{
    long long idx = off >= 0 ? off / (long long)elem
                             : -((-off + (long long)elem - 1) / (long long)elem);

    if (idx >= (long long)n)
        snprintf(buf, cap, "%s[len+%lld]", b, idx - (long long)n);
    else
        snprintf(buf, cap, "%s[%lld]", b, idx);
}

/* Decides what a child that died during a call of len bytes (wait status
 * st) did, from st and the fault record; fills v and restarts. */
static plugin_fault judge_death(plugin_runner *r, oracle_verdict *v, int st,
                                size_t len)
{
    const fault_rec *fr = r->rec;
    char how[160], at[64];

    if (st < 0)
        return fail(r, v, ORACLE_FAILED, PLUGIN_FAULT_GARBAGE, true,
                    "closed its channel without ending, or killed the "
                    "sandbox's supervisor: no exit status");
    if (WIFEXITED(st))
        return fail(r, v, ORACLE_FAILED, PLUGIN_FAULT_EXIT, true,
                    "exited with status %d during the call", WEXITSTATUS(st));
    if (!WIFSIGNALED(st))
        return fail(r, v, ORACLE_FAILED, PLUGIN_FAULT_IO, true,
                    "ended during the call (wait status %d)", st);
    {
        int sig = WTERMSIG(st);
        const char *sn = sandbox_signal_name(sig);
        uint64_t a = fr->addr;
        bool fault = r->cmd == NULL && fr->sig == sig &&
                     (sig == SIGSEGV || sig == SIGBUS);

        v->signal = sig; /* every verdict below is ORACLE_CRASHED or ORACLE_OVERREAD */

        if (sig == SIGXCPU || sig == SIGXFSZ)
            return fail(r, v, ORACLE_CRASHED, PLUGIN_FAULT_LIMIT, true, "%s",
                        sandbox_describe_status(st, how, sizeof how));
        if (fault && a >= fr->in_lo && a < fr->in_hi) {
            long long off = (long long)(a - fr->in_ptr);
            bool inside = off >= 0 && (uint64_t)off < fr->in_len;
            where(at, sizeof at, "in", off, 1, (size_t)fr->in_len);
            if (fr->access == ACCESS_WRITE || (inside && fr->access == ACCESS_UNKNOWN))
                return fail(r, v, ORACLE_CRASHED, PLUGIN_FAULT_OVERWRITE, true,
                            "out-of-bounds write: wrote %sthe input at %s (%s)",
                            inside ? "into (read-only) " : "", at, sn);
            return fail(r, v, ORACLE_OVERREAD, PLUGIN_FAULT_OVERREAD, true,
                        "out-of-bounds read: read the input at %s (%s)", at, sn);
        }
        if (fault && a >= fr->out_lo && a < fr->out_hi) {
            where(at, sizeof at, "out", (long long)(a - fr->out_ptr), 4, len);
            if (fr->access == ACCESS_READ)
                return fail(r, v, ORACLE_OVERREAD, PLUGIN_FAULT_OVERREAD, true,
                            "out-of-bounds read: read the output at %s (%s)", at, sn);
            return fail(r, v, ORACLE_CRASHED, PLUGIN_FAULT_OVERWRITE, true,
                        "out-of-bounds write: wrote the output at %s (%s)", at, sn);
        }
        if (fault && fr->in_call && fr->err_no == ENOMEM && sandbox_as_note() == NULL)
            return fail(r, v, ORACLE_CRASHED, PLUGIN_FAULT_LIMIT, true,
                        "out of memory: crashed (%s at 0x%llx) after an allocation "
                        "failed at the sandbox's address-space limit of %lu MiB",
                        sn, (unsigned long long)a, sandbox_as_limit_mb(r->as_extra_mb));
        if (fault)
            return fail(r, v, ORACLE_CRASHED, PLUGIN_FAULT_CRASH, true,
                        "crash (%s: %s, at 0x%llx)", sn, strsignal(sig),
                        (unsigned long long)a);
        return fail(r, v, ORACLE_CRASHED, PLUGIN_FAULT_CRASH, true,
                    "crash (%s: %s)", sn, strsignal(sig));
    }
}

/* Handles a call whose answer did not come: timeout (got < 0) or EOF. */
static plugin_fault no_answer(plugin_runner *r, oracle_verdict *v, int got,
                              size_t len)
{
    if (got < 0) {
        stop_child(r, true);
        return fail(r, v, ORACLE_HUNG, PLUGIN_FAULT_HANG, true,
                    "hang (killed after the timeout of %d ms)", r->timeout_ms);
    }
    return judge_death(r, v, stop_child(r, false), len);
}

/* Checks a plausible result (rc, n_out, err_offset) for len bytes and
 * fills v; returns false when it is beyond the input. */
static bool accept_result(oracle_verdict *v, int rc, uint64_t n_out,
                          uint64_t err_offset, size_t len)
{
    if (n_out > len ||
        (rc != 0 && err_offset > len && err_offset != UINT64_MAX &&
         err_offset != (uint64_t)SIZE_MAX))
        return false;
    v->status = ORACLE_OK;
    v->accepted = rc == 0;
    v->n_cps = (size_t)n_out;
    v->err_offset = v->accepted ? len
                    : err_offset == (uint64_t)SIZE_MAX || err_offset == UINT64_MAX
                        ? ORACLE_UNKNOWN
                        : (size_t)err_offset;
    return true;
}

/* ---- --exec: the line protocol ---- */

/* Reads one line (without its newline) into r->line before the deadline.
 * Returns 1, 0 on EOF or error, -1 on timeout, -2 when the line is longer
 * than max: whether or not its end has arrived, so that the answer does
 * not depend on how the child's writes were split into reads; -3 when
 * out of memory. */
static int read_line(plugin_runner *r, size_t max, const deadline *d)
{
    for (;;) {
        char *nl = r->line_len ? memchr(r->line, '\n', r->line_len) : NULL;
        ssize_t got;
        int w;

        if (nl != NULL)
            return (size_t)(nl - r->line) > max ? -2 : 1;
        if (r->line_len > max)
            return -2;
        if (r->line_cap - r->line_len < 4096) {
            size_t cap = r->line_cap * 2 + 8192;
            char *p = realloc(r->line, cap);
            if (p == NULL)
                return -3;
            r->line = p;
            r->line_cap = cap;
        }
        w = wait_readable(r->fd, d);
        if (w != 1)
            return w;
        /* readable, no other reader: does not block, no EINTR */
        got = read(r->fd, r->line + r->line_len, r->line_cap - r->line_len - 1);
        if (got <= 0)
            return 0;
        r->line_len += (size_t)got;
    }
}

/* Parses answer line s (NUL-terminated) for an input of len bytes into v.
 * Returns NULL, or what is wrong with it. */
static const char *parse_answer(char *s, size_t len, oracle_verdict *v,
                                int *rc, uint64_t *off)
{
    char *p = s, *end;
    uint64_t n = 0;

    if (strncmp(p, "ok", 2) == 0 && (p[2] == '\0' || p[2] == ' ')) {
        *rc = 0;
        p += 2;
    } else if (strncmp(p, "reject ", 7) == 0) {
        *rc = 1;
        p += 7;
        if (*p == '?') {
            *off = UINT64_MAX;
            p++;
        } else {
            if (*p < '0' || *p > '9')
                return "reject without an offset";
            errno = 0;
            *off = strtoull(p, &end, 10);
            if (errno != 0)
                return "offset out of range";
            p = end;
        }
        if (*p != '\0' && *p != ' ')
            return "bad offset";
    } else {
        return "neither ok nor reject";
    }
    /* Hex digits only, read here: strtoull would also take a sign, "0x"
     * and leading blanks. */
    while (*p == ' ') {
        uint32_t cp = 0;
        int digits = 0, d;

        p++;
        if (*p == '\0')
            break;
        for (; (d = hex_digit((unsigned char)*p)) >= 0; p++) {
            if (++digits > 8)
                return "a code point beyond 32 bits";
            cp = cp << 4 | (uint32_t)d;
        }
        if (digits == 0 || (*p != '\0' && *p != ' '))
            return "a code point that is not hex";
        if (n == len)
            return "more code points than input bytes";
        v->cps[n++] = cp;
    }
    if (*p != '\0')
        return "trailing characters";
    v->n_cps = (size_t)n;
    return NULL;
}

/* Shows line s (cut, controls as '.') in buf[0..cap), cap >= 4. */
static char *quoted(const char *s, size_t n, char *buf, size_t cap)
{
    size_t o = 0;

    for (size_t i = 0; i < n && o + 4 < cap; i++)
        buf[o++] = (unsigned char)s[i] < 0x20 || (unsigned char)s[i] >= 0x7F ? '.' : s[i];
    /* o == n unless the loop stopped for room, with 4 bytes left. */
    if (n > o)
        memcpy(buf + o, "...", 3), o += 3;
    buf[o] = '\0';
    return buf;
}

static plugin_fault exec_decode(plugin_runner *r, const uint8_t *data, size_t len,
                                oracle_verdict *v)
{
    static const char digits[] = "0123456789abcdef";
    char *req = malloc(2 * len + 2), shown[64];
    deadline due;
    int got, rc = 0;
    uint64_t off = 0;
    const char *bad;
    char *nl;
    size_t line;

    if (req == NULL)
        return fail(r, v, ORACLE_FAILED, PLUGIN_FAULT_NOMEM, false, "out of memory");
    /* A fresh child first answers the empty input, with time to start (a
     * JVM, a shell wrapper on a loaded machine); the request itself then
     * gets only its own timeout, so an input that hangs the decoder costs
     * the timeout and not the start allowance at every re-check. */
    if (r->fresh && len > 0) {
        plugin_fault f = exec_decode(r, data, 0, v);

        if (f != PLUGIN_FAULT_NONE) {
            free(req);
            return f;
        }
    }
    for (size_t i = 0; i < len; i++) {
        req[2 * i] = digits[data[i] >> 4];
        req[2 * i + 1] = digits[data[i] & 15];
    }
    req[2 * len] = '\n';
    /* Anything already waiting was said without being asked. (The line
     * buffer is empty here: every return below either takes the answer
     * out of it or stops the child, which empties it.) */
    if (readable_now(r->fd)) {
        due = deadline_in(1);
        got = read_line(r, 200, &due);
        free(req);
        if (got == -3)
            return fail(r, v, ORACLE_FAILED, PLUGIN_FAULT_NOMEM, false, "out of memory");
        if (r->line_len == 0 && got == 0)
            return no_answer(r, v, 0, len);
        return fail(r, v, ORACLE_FAILED, PLUGIN_FAULT_OUT_OF_TURN, false,
                    "answer out of turn: \"%s\" before the request",
                    quoted(r->line, r->line_len, shown, sizeof shown));
    }
    /* The first request after a start (the empty input, above) also waits
     * for the interpreter to start. */
    due = deadline_in(r->fresh && r->timeout_ms < EXEC_START_MS ? EXEC_START_MS
                                                                 : r->timeout_ms);
    if (0 != write_all(r->fd, req, 2 * len + 1)) {
        free(req);
        return no_answer(r, v, 0, len);
    }
    free(req);
    got = read_line(r, 12 * len + 64, &due);
    if (got == -3)
        return fail(r, v, ORACLE_FAILED, PLUGIN_FAULT_NOMEM, false, "out of memory");
    if (got == -2)
        return fail(r, v, ORACLE_FAILED, PLUGIN_FAULT_GARBAGE, false,
                    "garbage answer: a line longer than %zu characters",
                    12 * len + 64);
    if (got != 1)
        return no_answer(r, v, got, len);
    nl = memchr(r->line, '\n', r->line_len);
    line = (size_t)(nl - r->line);
    *nl = '\0';
    if (line > 0 && r->line[line - 1] == '\r')
        r->line[line - 1] = '\0';
    bad = parse_answer(r->line, len, v, &rc, &off);
    if (bad != NULL)
        return fail(r, v, ORACLE_FAILED, PLUGIN_FAULT_GARBAGE, false,
                    "garbage answer (%s): \"%s\"", bad,
                    quoted(r->line, line, shown, sizeof shown));
    if (line + 1 < r->line_len)
        return fail(r, v, ORACLE_FAILED, PLUGIN_FAULT_OUT_OF_TURN, false,
                    "answer out of turn: \"%s\" after the answer",
                    quoted(nl + 1, r->line_len - line - 1, shown, sizeof shown));
    r->line_len = 0;
    r->fresh = false;
    if (!accept_result(v, rc, v->n_cps, off, len))
        return fail(r, v, ORACLE_FAILED, PLUGIN_FAULT_BAD_RESULT, false,
                    "bad result: reject offset beyond the input");
    return PLUGIN_FAULT_NONE;
}

/* Writes the name of --exec command cmd to buf[0..cap): its words, each
 * without its directory ("python3 decoder.py" for "/usr/bin/python3
 * /x/decoder.py"; a word that is a directory adds nothing), cut after
 * cap - 1 bytes; a cut name does not end with the space before a word it
 * has no room for. */
static void exec_name(const char *cmd, char *buf, size_t cap)
{
    size_t o = 0, n;

    for (; *cmd != '\0'; cmd += n + strspn(cmd + n, " \t")) {
        const char *w = cmd, *slash;

        n = strcspn(cmd, " \t");
        /* memchr looks only within the word: w .. cmd + n. */
        while ((slash = memchr(w, '/', (size_t)(cmd + n - w))) != NULL)
            w = slash + 1;
        if (w == cmd + n) /* a blank, or a directory ("c/"): nothing to show */
            continue;
        if (o > 0) {
            if (o + 2 >= cap) /* no room for the space and a byte after it */
                break;
            buf[o++] = ' ';
        }
        for (const char *p = w; p < cmd + n && o + 1 < cap; p++)
            buf[o++] = *p;
    }
    buf[o] = '\0';
}

plugin_runner *plugin_runner_open_exec(const char *cmd, int timeout_ms,
                                       char *err, size_t errlen)
{
    plugin_runner_opts o = {timeout_ms, false, 0};

    return plugin_runner_open_exec_opts(cmd, &o, err, errlen);
}

plugin_runner *plugin_runner_open_exec_opts(const char *cmd, const plugin_runner_opts *o,
                                            char *err, size_t errlen)
{
    plugin_runner *r = runner_new(o, err, errlen);
    uint32_t none; /* the empty input's code points: none is written */
    oracle_verdict v = {.cps = &none};
    plugin_fault f;

    if (r == NULL)
        return NULL;
    r->cmd = strdup(cmd);
    if (r->cmd == NULL) {
        snprintf(err, errlen, "out of memory");
        runner_free(r);
        return NULL;
    }
    exec_name(cmd, r->name, sizeof r->name);
    if (!start_child(r, err, errlen)) {
        runner_free(r);
        return NULL;
    }
    /* A command that cannot answer the empty input (not found, wrong
     * protocol) is a usage error, not an audit full of faults. */
    f = exec_decode(r, (const uint8_t *)"", 0, &v);
    if (f != PLUGIN_FAULT_NONE) {
        snprintf(err, errlen, "does not answer the empty input: %s", r->detail);
        stop_child(r, true);
        runner_free(r);
        return NULL;
    }
    r->restarts = 0;
    return r;
}

plugin_fault plugin_runner_decode(plugin_runner *r, const uint8_t *data,
                                  size_t len, oracle_verdict *v)
{
    request rq;
    reply rp;
    int got;
    deadline due;

    v->has_repl = false;
    r->detail[0] = '\0';
    if (r->fd < 0) {
        char err[256];
        if (!start_child(r, err, sizeof err)) {
            snprintf(r->detail, sizeof r->detail, "could not be run: %.150s", err);
            v->status = ORACLE_FAILED;
            v->accepted = false;
            v->n_cps = 0;
            return PLUGIN_FAULT_IO;
        }
    }
    if (r->cmd)
        return exec_decode(r, data, len, v);
    rq.nonce = ++r->nonce;
    rq.len = len;
    due = deadline_in(r->timeout_ms);
    if (0 != write_all(r->fd, &rq, sizeof rq) ||
        (len > 0 && 0 != write_all(r->fd, data, len)))
        got = 0;
    else
        got = read_deadline(r->fd, &rp, sizeof rp, &due);
    if (got != 1)
        return no_answer(r, v, got, len);
    if (rp.nonce != rq.nonce)
        return fail(r, v, ORACLE_FAILED, PLUGIN_FAULT_GARBAGE, false,
                    "wrote on the sandbox's channel (junk instead of a reply)");
    if (!accept_result(v, rp.rc, rp.n_out, rp.err_offset, len))
        return fail(r, v, ORACLE_FAILED, PLUGIN_FAULT_BAD_RESULT, false,
                    "bad result (n_out or err_offset beyond the input)");
    if (rp.n_out > 0 &&
        (got = read_deadline(r->fd, v->cps, (size_t)rp.n_out * sizeof(uint32_t),
                             &due)) != 1)
        return no_answer(r, v, got, len);
    return PLUGIN_FAULT_NONE;
}

void plugin_runner_close(plugin_runner *r)
{
    if (r == NULL)
        return;
    stop_child(r, true);
    runner_free(r);
}

const char *plugin_fault_name(plugin_fault f)
{
    switch (f) {
    case PLUGIN_FAULT_NONE: return "ok";
    case PLUGIN_FAULT_OVERREAD: return "out-of-bounds read";
    case PLUGIN_FAULT_OVERWRITE: return "out-of-bounds write";
    case PLUGIN_FAULT_CRASH: return "crash";
    case PLUGIN_FAULT_HANG: return "hang";
    case PLUGIN_FAULT_BAD_RESULT: return "bad result";
    case PLUGIN_FAULT_IO: return "could not be run";
    case PLUGIN_FAULT_EXIT: return "exited";
    case PLUGIN_FAULT_LIMIT: return "resource limit";
    case PLUGIN_FAULT_GARBAGE: return "garbage answer";
    case PLUGIN_FAULT_OUT_OF_TURN: return "answer out of turn";
    case PLUGIN_FAULT_NOMEM: return "out of memory";
    case PLUGIN_FAULT_COUNT: break;
    }
    return "unknown";
}
