/* plugin_runner.c -- the plugin sandbox (plugin_runner.h).
 *
 * The auditor never dlopens a plugin itself: a forked child does, and
 * serves decode requests over a socket until it dies. Each input is copied
 * so that its last byte is the last byte of a readable page followed by a
 * PROT_NONE page (the empty input points at the guard page itself), and the
 * output buffer (len code points) ends the same way. The child's SIGSEGV
 * handler tells a read past the input (fault address in the input's guard
 * page) from any other crash, and writes that as its reply before exiting.
 * A child that does not answer within the timeout is killed with SIGKILL.
 * After any fault a fresh child is started for the next call. */
#include "plugin_runner.h"
#include "support/write_all.h"

#include "u8guard/audit_plugin.h"

#include <dlfcn.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

typedef u8guard_audit_name_fn *name_fn;
typedef u8guard_audit_decode_fn *decode_fn;

/* The child's first message: 'N' and the plugin's name, or 'E' and why it
 * could not be loaded (dlerror's message names the file). */
#define HELLO_SIZE 512

/* The child's reply header. */
enum { REPLY_OK = 0, REPLY_OVERREAD, REPLY_OVERWRITE, REPLY_CRASH };
typedef struct reply {
    int32_t kind;
    int32_t sig;
    int32_t rc;
    int32_t pad;
    uint64_t n_out;
    uint64_t err_offset;
} reply;

struct plugin_runner {
    char path[4096];
    char name[64];
    int timeout_ms;
    pid_t pid;
    int fd;
    unsigned long restarts;
};

/* ---- the child ---- */

static int child_fd = -1;
static volatile uintptr_t in_guard_lo, in_guard_hi, out_guard_lo, out_guard_hi;

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

/* The child's handler for fatal signals: reports which kind of fault this
 * was to the parent, then exits. */
static void child_on_fatal(int sig, siginfo_t *si, void *ctx)
{
    reply rp;
    uintptr_t a = (uintptr_t)si->si_addr;

    (void)ctx;
    memset(&rp, 0, sizeof rp);
    rp.sig = sig;
    rp.kind = REPLY_CRASH;
    if (sig == SIGSEGV || sig == SIGBUS) {
        if (a >= in_guard_lo && a < in_guard_hi)
            rp.kind = REPLY_OVERREAD;
        else if (a >= out_guard_lo && a < out_guard_hi)
            rp.kind = REPLY_OVERWRITE;
    }
    (void)write_all(child_fd, &rp, sizeof rp);
    _exit(0);
}

/* Installs child_on_fatal on an alternate stack (a stack overflow must
 * still be reported). */
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

/* Maps n readable bytes followed by a PROT_NONE page, returning the
 * address of the first of the n bytes (the guard page itself when n == 0);
 * *base and *total describe the mapping. Returns NULL on failure. */
static unsigned char *map_fenced(size_t n, size_t page, void **base,
                                 size_t *total, uintptr_t *guard)
{
    size_t body = (n + page - 1) / page * page;
    unsigned char *m;

    *total = body + page;
    m = mmap(NULL, *total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
             -1, 0);
    if (m == MAP_FAILED)
        return NULL;
    if (mprotect(m + body, page, PROT_NONE) != 0) {
        munmap(m, *total);
        return NULL;
    }
    *base = m;
    *guard = (uintptr_t)(m + body);
    return m + body - n;
}

/* The child: loads the plugin, says hello, then serves requests until EOF. */
static void child_main(const char *path, int fd)
{
    void *h, *sym;
    name_fn name = NULL;
    decode_fn decode = NULL;
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    char hello[HELLO_SIZE];
    struct rlimit no_core = {0, 0};

    child_fd = fd;
    (void)setrlimit(RLIMIT_CORE, &no_core);
    (void)dup2(2, 1); /* the plugin's prints must not mix with reports */
    child_install_handlers();
    memset(hello, 0, sizeof hello);
    h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (h == NULL) {
        snprintf(hello, sizeof hello, "E%s", dlerror());
        (void)write_all(fd, hello, sizeof hello);
        _exit(0);
    }
    sym = dlsym(h, "u8guard_audit_name");
    memcpy(&name, &sym, sizeof name);
    sym = dlsym(h, "u8guard_audit_decode");
    memcpy(&decode, &sym, sizeof decode);
    if (name == NULL || decode == NULL) {
        snprintf(hello, sizeof hello, "E%s",
                 name == NULL && decode == NULL
                     ? "does not export u8guard_audit_name and u8guard_audit_decode"
                 : name == NULL ? "does not export u8guard_audit_name"
                                : "does not export u8guard_audit_decode");
        (void)write_all(fd, hello, sizeof hello);
        _exit(0);
    }
    {
        const char *nm = name();
        snprintf(hello, sizeof hello, "N%.62s", nm ? nm : "(null)");
    }
    if (write_all(fd, hello, sizeof hello) != 0)
        _exit(0);
    for (;;) {
        uint64_t len64;
        size_t len, n_out = 0, err_offset = 0, in_total, out_total;
        void *in_base, *out_base;
        uintptr_t g;
        unsigned char *in;
        uint32_t *out;
        reply rp;

        if (!read_all(fd, &len64, sizeof len64))
            _exit(0);
        len = (size_t)len64;
        in = map_fenced(len, page, &in_base, &in_total, &g);
        if (in == NULL)
            _exit(3);
        in_guard_lo = g;
        in_guard_hi = g + page;
        out = (uint32_t *)(void *)map_fenced(len * sizeof(uint32_t), page,
                                             &out_base, &out_total, &g);
        if (out == NULL)
            _exit(3);
        out_guard_lo = g;
        out_guard_hi = g + page;
        if (len > 0 && !read_all(fd, in, len))
            _exit(0);
        if (mprotect(in_base, in_total - page, PROT_READ) != 0)
            _exit(3);
        memset(&rp, 0, sizeof rp);
        rp.rc = decode(in, len, out, &n_out, &err_offset);
        rp.kind = REPLY_OK;
        rp.n_out = n_out;
        rp.err_offset = err_offset;
        if (write_all(fd, &rp, sizeof rp) != 0)
            _exit(0);
        if (n_out <= len && n_out > 0 &&
            write_all(fd, out, n_out * sizeof(uint32_t)) != 0)
            _exit(0);
        munmap(in_base, in_total);
        munmap(out_base, out_total);
    }
}

/* ---- the parent ---- */

/* Returns milliseconds on a monotonic clock. */
static long long now_ms(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Reads exactly n bytes before the deadline. Returns 1 on success, 0 on
 * EOF or error, -1 on timeout. */
static int read_deadline(int fd, void *buf, size_t n, long long deadline)
{
    char *p = buf;

    while (n > 0) {
        struct pollfd pfd = {fd, POLLIN, 0};
        long long left = deadline - now_ms();
        int pr;
        ssize_t r;

        if (left <= 0)
            return -1;
        pr = poll(&pfd, 1, (int)(left > 1000000 ? 1000000 : left));
        if (pr < 0 && errno == EINTR)
            continue;
        if (pr < 0)
            return 0;
        if (pr == 0)
            return -1;
        r = read(fd, p, n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return 0;
        p += r;
        n -= (size_t)r;
    }
    return 1;
}

/* Kills (when kill is true) and reaps the child; returns its wait status,
 * or -1 when there was none. */
static int stop_child(plugin_runner *r, bool kill_it)
{
    int st = -1;

    if (r->fd >= 0)
        close(r->fd);
    r->fd = -1;
    if (r->pid > 0) {
        if (kill_it)
            kill(r->pid, SIGKILL);
        while (waitpid(r->pid, &st, 0) < 0 && errno == EINTR)
            ;
    }
    r->pid = -1;
    return st;
}

/* Starts the child and reads its hello. Returns true when the plugin is
 * loaded, else false with a message in err. */
static bool start_child(plugin_runner *r, char *err, size_t errlen)
{
    int sv[2];
    char hello[HELLO_SIZE];
    int got;

    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) {
        snprintf(err, errlen, "socketpair: %s", strerror(errno));
        return false;
    }
    fflush(NULL);
    r->pid = fork();
    if (r->pid < 0) {
        snprintf(err, errlen, "fork: %s", strerror(errno));
        close(sv[0]);
        close(sv[1]);
        return false;
    }
    if (r->pid == 0) {
        /* Only the child's own socket stays open: a sibling holding another
         * child's socket would hide that child's death (no EOF). */
        int keep = sv[1];
        long maxfd;
#ifdef PLUGIN_HAVE_CLOSE_RANGE
        /* One system call instead of one per possible descriptor (the
         * limit may be 20000 or more, and a faulting plugin restarts the
         * child hundreds of times). */
        if (keep != 3 && dup2(keep, 3) == 3) {
            close(keep);
            keep = 3;
        }
        if (keep == 3 && close_range(4, ~0u, 0) == 0)
            maxfd = 0;
        else
#endif
            maxfd = sysconf(_SC_OPEN_MAX);
        if (maxfd < 0 || maxfd > 65536)
            maxfd = 65536;
        for (int fd = 3; fd < maxfd; fd++)
            if (fd != keep)
                close(fd);
#ifdef __linux__
        (void)prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
        child_main(r->path, keep);
        _exit(0);
    }
    close(sv[1]);
    r->fd = sv[0];
    (void)fcntl(r->fd, F_SETFD, FD_CLOEXEC);
    got = read_deadline(r->fd, hello, sizeof hello, now_ms() + 10000);
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
    return true;
}

plugin_runner *plugin_runner_open(const char *path, int timeout_ms,
                                  char *err, size_t errlen)
{
    plugin_runner *r = calloc(1, sizeof *r);

    if (r == NULL) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (strlen(path) + 3 > sizeof r->path) {
        snprintf(err, errlen, "plugin path too long");
        free(r);
        return NULL;
    }
    {
        /* A missing or unreadable file gets the system's reason, not
         * dlopen's longer message. */
        FILE *f = fopen(path, "rb");
        if (f == NULL) {
            snprintf(err, errlen, "cannot open: %s", strerror(errno));
            free(r);
            return NULL;
        }
        fclose(f);
    }
    /* dlopen searches the library path for a name without a slash; the
     * user means the file. */
    r->path[0] = '\0';
    if (strchr(path, '/') == NULL)
        memcpy(r->path, "./", 3);
    memcpy(r->path + strlen(r->path), path, strlen(path) + 1);
    r->timeout_ms = timeout_ms > 0 ? timeout_ms : 1000;
    r->pid = -1;
    r->fd = -1;
    if (!start_child(r, err, errlen)) {
        free(r);
        return NULL;
    }
    return r;
}

const char *plugin_runner_name(const plugin_runner *r)
{
    return r->name;
}

unsigned long plugin_runner_restarts(const plugin_runner *r)
{
    return r->restarts;
}

/* Marks v as failed with status st and restarts the child. */
static plugin_fault fail(plugin_runner *r, oracle_verdict *v, int st, int sig,
                         plugin_fault f, bool kill_it)
{
    char err[256];

    v->status = st;
    v->signal = sig;
    v->accepted = false;
    v->err_offset = ORACLE_UNKNOWN;
    v->n_cps = 0;
    stop_child(r, kill_it);
    r->restarts++;
    (void)start_child(r, err, sizeof err); /* a failure shows at the next call */
    return f;
}

plugin_fault plugin_runner_decode(plugin_runner *r, const uint8_t *data,
                                  size_t len, oracle_verdict *v)
{
    uint64_t len64 = len;
    long long deadline;
    reply rp;
    int got;

    v->has_repl = false;
    v->n_repl = 0;
    v->signal = 0;
    if (r->fd < 0) {
        char err[256];
        if (!start_child(r, err, sizeof err)) {
            v->status = ORACLE_FAILED;
            v->accepted = false;
            v->n_cps = 0;
            return PLUGIN_FAULT_IO;
        }
    }
    deadline = now_ms() + r->timeout_ms;
    if (write_all(r->fd, &len64, sizeof len64) != 0 ||
        (len > 0 && write_all(r->fd, data, len) != 0))
        got = 0;
    else
        got = read_deadline(r->fd, &rp, sizeof rp, deadline);
    if (got < 0)
        return fail(r, v, ORACLE_HUNG, 0, PLUGIN_FAULT_HANG, true);
    if (got == 0) {
        /* Died without a word: killed by a signal the handler could not
         * catch, or exited. */
        int st = stop_child(r, false);
        int sig = st >= 0 && WIFSIGNALED(st) ? WTERMSIG(st) : 0;
        r->pid = -1;
        return fail(r, v, sig ? ORACLE_CRASHED : ORACLE_FAILED, sig,
                    sig ? PLUGIN_FAULT_CRASH : PLUGIN_FAULT_IO, false);
    }
    switch (rp.kind) {
    case REPLY_OK:
        break;
    case REPLY_OVERREAD:
        return fail(r, v, ORACLE_OVERREAD, rp.sig, PLUGIN_FAULT_OVERREAD, false);
    case REPLY_OVERWRITE:
        return fail(r, v, ORACLE_CRASHED, rp.sig, PLUGIN_FAULT_OVERWRITE, false);
    default:
        return fail(r, v, ORACLE_CRASHED, rp.sig, PLUGIN_FAULT_CRASH, false);
    }
    if (rp.n_out > len ||
        (rp.rc != 0 && rp.err_offset > len && rp.err_offset != UINT64_MAX &&
         rp.err_offset != (uint64_t)SIZE_MAX))
        return fail(r, v, ORACLE_FAILED, 0, PLUGIN_FAULT_BAD_RESULT, true);
    if (rp.n_out > 0 &&
        (got = read_deadline(r->fd, v->cps, (size_t)rp.n_out * sizeof(uint32_t),
                             deadline)) != 1)
        return fail(r, v, got < 0 ? ORACLE_HUNG : ORACLE_FAILED, 0,
                    got < 0 ? PLUGIN_FAULT_HANG : PLUGIN_FAULT_IO, true);
    v->status = ORACLE_OK;
    v->accepted = rp.rc == 0;
    v->n_cps = (size_t)rp.n_out;
    v->err_offset = v->accepted ? len
                    : rp.err_offset == (uint64_t)SIZE_MAX ? ORACLE_UNKNOWN
                                                          : (size_t)rp.err_offset;
    return PLUGIN_FAULT_NONE;
}

void plugin_runner_close(plugin_runner *r)
{
    if (r == NULL)
        return;
    stop_child(r, true);
    free(r);
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
    }
    return "unknown";
}
