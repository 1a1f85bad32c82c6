/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* atomic_out.c -- write to a temporary file, then rename over the target. */
#include "atomic_out.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"

/* The temporary file's name, which struct atomic_out's tmp points to: a
 * fixed buffer, since the signal handler may only call async-signal-safe
 * functions (unlink, raise). So one output is open at a time. PATH_MAX
 * bytes hold every name the kernel accepts (with its terminator). */
static char g_tmp_path[PATH_MAX];
static volatile sig_atomic_t g_tmp_live;

static void on_signal(int sig)
{
    if (g_tmp_live)
        unlink(g_tmp_path);
    /* Results ignored: a handler can report nothing (stdio is not
     * async-signal-safe), and both calls only fail for an invalid signal
     * number, which sig is not. */
    (void)signal(sig, SIG_DFL);
    (void)raise(sig);
}

/* take_signal makes sig remove the temporary file before the process
 * dies (on) or die as it did before (off), unless sig is ignored: a
 * command run under nohup (or with SIGINT ignored, as a shell does for a
 * background job) goes on when that signal comes. */
static void take_signal(int sig, bool on)
{
    struct sigaction sa = {.sa_handler = on ? on_signal : SIG_DFL}, old;

    /* The setting's result is ignored: sigaction fails only for an
     * invalid signal, which these three are not. */
    if (sigaction(sig, NULL, &old) != 0 || old.sa_handler == SIG_IGN)
        return;
    sigemptyset(&sa.sa_mask);
    (void)sigaction(sig, &sa, NULL);
}

static void guard(bool on)
{
    g_tmp_live = on;
    take_signal(SIGINT, on);
    take_signal(SIGTERM, on);
    take_signal(SIGHUP, on);
}

/* dir_len returns the length of path's directory part with its last '/'
 * ("/a/" of "/a/b", "/" of "/b"), or 0 when it has no '/' (the current
 * directory): what the name of a file beside path starts with. */
static size_t dir_len(const char *path)
{
    const char *slash = strrchr(path, '/');

    return slash ? (size_t)(slash - path) + 1 : 0;
}

/* Linux follows at most 40 symbolic links in resolving a name
 * (MAXSYMLINKS): stat gives ELOOP for a chain of 41, ENOENT for a
 * dangling chain of 40. */
#define MAX_LINKS 40

/* For a symbolic link path whose target does not exist: that target (the
 * end of the chain of links), newly allocated, so the output creates it
 * and the link stays, as with cp. NULL with errno set on failure, ELOOP
 * at a 41st link as the kernel does. */
static char *dangling_target(const char *path)
{
    char *cur = strdup(path), *next, link[PATH_MAX];
    struct stat st;
    ssize_t n;
    size_t k, m;
    int hops;

    for (hops = 0;; hops++) {
        if (cur == NULL) {
            errno = ENOMEM;
            return NULL;
        }
        if (lstat(cur, &st) != 0)
            return errno == ENOENT ? cur : (free(cur), NULL);
        if (!S_ISLNK(st.st_mode))
            return cur; /* created meanwhile: replace it as usual */
        if (hops == MAX_LINKS)
            break;
        n = readlink(cur, link, sizeof link - 1);
        if (n < 0) {
            free(cur);
            return NULL;
        }
        link[n] = '\0';
        /* A relative link names a file in the link's directory. */
        k = link[0] == '/' ? 0 : dir_len(cur);
        m = k + (size_t)n + 1;
        next = malloc(m);
        if (next)
            (void)snprintf(next, m, "%.*s%s", (int)k, cur, link); /* m: exactly */
        free(cur);
        cur = next;
    }
    free(cur);
    errno = ELOOP;
    return NULL;
}

static mode_t creation_mode(void)
{
    mode_t mask = umask(0);

    umask(mask);
    return 0666 & ~mask;
}

static int fail(struct atomic_out *ao)
{
    atomic_out_abort(ao);
    return EXIT_TROUBLE;
}

int atomic_out_open(struct atomic_out *ao, const char *path,
                    const struct stat *input)
{
    struct stat st;
    size_t k;
    mode_t mode;
    bool exists;
    int err, w;

    ao->target = NULL;
    ao->tmp = NULL;
    ao->fd = -1;
    if (*path == '\0') {
        diag("-o: the output file name is empty");
        return EXIT_TROUBLE;
    }
    exists = stat(path, &st) == 0;
    if (!exists && errno != ENOENT) {
        diag("%s: %s", path, strerror(errno));
        return EXIT_TROUBLE;
    }
    if (!exists && lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
        /* A dangling link: create what it points to (or ELOOP). */
        ao->target = dangling_target(path);
        if (!ao->target) {
            diag("%s: %s", path, strerror(errno));
            return EXIT_TROUBLE;
        }
    }
    /* rename(2) needs only write access to the directory: without this
     * check a user could replace a file there that he may not write
     * (iconv -o and cp refuse such a file too). */
    if (exists && S_ISREG(st.st_mode) && faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) != 0) {
        diag("%s: %s: not replaced (you may not write to this file)", path,
             strerror(errno));
        return EXIT_TROUBLE;
    }
    if (exists && input && st.st_dev == input->st_dev && st.st_ino == input->st_ino) {
        diag("%s: the output file is the input file; write to another file", path);
        return EXIT_TROUBLE;
    }
    if (exists && !S_ISREG(st.st_mode)) {
        if (S_ISDIR(st.st_mode)) {
            diag("%s: %s", path, strerror(EISDIR));
            return EXIT_TROUBLE;
        }
        do
            ao->fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY);
        while (ao->fd == -1 && errno == EINTR);
        if (ao->fd == -1) {
            diag("%s: %s", path, strerror(errno));
            return EXIT_TROUBLE;
        }
        ao->target = strdup(path);
        return ao->target ? 0 : fail(ao);
    }
    /* A symlink to a regular file: replace the file, keep the link. */
    if (!ao->target)
        ao->target = exists ? realpath(path, NULL) : strdup(path);
    if (!ao->target) {
        diag("%s: %s", path, strerror(errno));
        return EXIT_TROUBLE;
    }
    /* The name starts with '.' and says what it is, for anyone who finds
     * one after a power cut. It is built in g_tmp_path itself, where
     * mkstemp puts the file's real name: the signal handler knows it from
     * the moment the file exists. */
    k = dir_len(ao->target);
    w = snprintf(g_tmp_path, sizeof g_tmp_path, "%.*s.%s.u8guard-XXXXXX", (int)k,
                 ao->target, ao->target + k);
    /* The name is 16 bytes longer than OUT's, so an OUT near PATH_MAX
     * leaves no room for it. No file was made: nothing to unlink. */
    if (w < 0 || (size_t)w >= sizeof g_tmp_path) {
        diag("%s: %s", path, strerror(ENAMETOOLONG));
        return fail(ao);
    }
    guard(true);
    ao->fd = mkstemp(g_tmp_path);
    if (ao->fd == -1) {
        err = errno;
        guard(false);
        diag("%s: cannot create a temporary file beside it: %s", path, strerror(err));
        return fail(ao);
    }
    ao->tmp = g_tmp_path;
    /* mkstemp creates 0600; give the file what a plain create (or the file
     * it replaces) would have. */
    mode = exists ? (st.st_mode & 07777) : creation_mode();
    if (exists && fchown(ao->fd, st.st_uid, st.st_gid) != 0)
        mode &= 0777; /* no set-id bits on a file owned by someone else */
    if (fchmod(ao->fd, mode) != 0) {
        diag("%s: cannot set the mode of '%s': %s", path, ao->tmp, strerror(errno));
        return fail(ao);
    }
    return 0;
}

int atomic_out_commit(struct atomic_out *ao)
{
    char *dir;
    size_t k;
    int fd, rc;

    if (!ao->tmp) { /* written directly */
        rc = close(ao->fd);
        ao->fd = -1;
        if (rc != 0 && errno != EINTR) {
            diag("%s: %s", ao->target, strerror(errno));
            return fail(ao);
        }
        free(ao->target);
        ao->target = NULL;
        return 0;
    }
    if (fsync(ao->fd) != 0 && errno != EINVAL) {
        diag("%s: cannot sync '%s': %s", ao->target, ao->tmp, strerror(errno));
        return fail(ao);
    }
    rc = close(ao->fd);
    ao->fd = -1;
    if (rc != 0 && errno != EINTR) {
        diag("%s: cannot close '%s': %s", ao->target, ao->tmp, strerror(errno));
        return fail(ao);
    }
    if (rename(ao->tmp, ao->target) != 0) {
        diag("%s: cannot rename '%s' to it: %s", ao->target, ao->tmp, strerror(errno));
        return fail(ao);
    }
    guard(false);
    /* Make the rename itself durable; a failure here loses nothing. */
    k = dir_len(ao->target);
    dir = k ? strndup(ao->target, k) : strdup(".");
    if (dir && (fd = open(dir, O_RDONLY | O_CLOEXEC | O_DIRECTORY)) >= 0) {
        (void)fsync(fd);
        close(fd);
    }
    free(dir);
    free(ao->target);
    ao->tmp = NULL;
    ao->target = NULL;
    return 0;
}

void atomic_out_abort(struct atomic_out *ao)
{
    if (ao->fd >= 0)
        close(ao->fd);
    ao->fd = -1;
    if (ao->tmp) {
        unlink(ao->tmp);
        guard(false);
    }
    free(ao->target);
    ao->tmp = NULL;
    ao->target = NULL;
}
