/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* main.c -- the `u8guard` command: sub-command dispatch, global --help and
 * --version, and the final check that standard output was really written
 * (a full disk or a closed pipe must not go unnoticed: exit status 2). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "diag.h"
#include "u8guard.h"
#include "writer.h"

static const char global_help[] =
    "usage: u8guard COMMAND [OPTION]... [ARG]...\n"
    "\n"
    "A strict UTF-8 checker (RFC 3629; errors as in the Unicode Standard's\n"
    "\"maximal subparts\": overlong, surrogate, too_large, unexpected_continuation,\n"
    "bad_continuation, truncated).\n"
    "\n"
    "commands:\n"
    "  check [--json | -q | -l | --count] [--max-errors N] [-r | -R]\n"
    "        [--buffer-size N] [FILE... | --files0-from FILE]\n"
    "                    report the UTF-8 errors of each file\n"
    "  sanitize [--buffer-size N] [-o OUT] [FILE]\n"
    "                    copy the input with each error replaced by U+FFFD\n"
    "  explain HEX...    explain a byte sequence, character by character\n"
    "  explain --file FILE [--offset N] [--max-errors N]\n"
    "                    explain the errors of a file, with the bytes around each\n"
    "  audit [--plugin FILE.so]... [--json] [--seconds S] [--seed N]\n"
    "                    compare other UTF-8 decoders with u8guard\n"
    "  help [COMMAND]    this help, or the help of COMMAND\n"
    "\n"
    "  -h, --help        this help;  COMMAND --help: the help of COMMAND\n"
    "  --version         print the version and the implementation in use\n"
    "                    (U8GUARD_IMPL=scalar|word|sse42|avx2|avx512|neon chooses\n"
    "                    one; a value that cannot be used is reported on stderr)\n"
    "\n"
    "FILE '-' (or no FILE) is standard input; input is streamed in bounded\n"
    "memory. exit status: 0 all input valid, 1 some input invalid (audit: some\n"
    "decoder nonconformant), 2 usage or I/O error. See u8guard(1).\n";

struct command {
    const char *name;
    int (*run)(int argc, char **argv, struct writer *out);
    const char *help;
};

static const struct command commands[] = {
    {"check", cmd_check, check_help},
    {"sanitize", cmd_sanitize, sanitize_help},
    {"explain", cmd_explain, explain_help},
    {"audit", cmd_audit, audit_help},
};

static const struct command *find(const char *name)
{
    size_t i;

    for (i = 0; i < sizeof commands / sizeof *commands; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

/* A closed descriptor 0, 1 or 2 would be reused by the next open(), and
 * output meant for stdout would land in an input file. Occupy it with
 * /dev/null opened the wrong way round, so any use of it fails (EBADF)
 * and is reported. */
static void occupy_closed_std_fds(void)
{
    int fd;

    for (fd = 0; fd <= 2; fd++)
        if (fcntl(fd, F_GETFD) < 0 && errno == EBADF)
            (void)open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
}

/* The library quietly picks the best implementation when U8GUARD_IMPL
 * names none it can use; a user who set it should hear that it was not
 * used. "auto" and an empty value ask for the default. */
static void check_impl_env(void)
{
    const char *want = getenv("U8GUARD_IMPL");
    const char *active;
    int i;

    if (!want || !*want || strcmp(want, "auto") == 0)
        return;
    active = u8guard_impl_name(u8guard_active_impl());
    for (i = U8GUARD_IMPL_SCALAR; i < U8GUARD_IMPL_COUNT_; i++) {
        if (strcmp(want, u8guard_impl_name((u8guard_impl)i)) != 0)
            continue;
        if (!u8guard_impl_supported((u8guard_impl)i))
            diag("U8GUARD_IMPL='%s' is not used: this build or CPU does not support it; "
                 "using %s", want, active);
        return;
    }
    diag("U8GUARD_IMPL='%s' is not used: it is not one of auto, scalar, word, sse42, "
         "avx2, avx512, neon (lower case, nothing around it); using %s", want, active);
}

static int dispatch(int argc, char **argv, struct writer *out)
{
    const struct command *c;

    if (argc < 2) {
        diag("no command given: check, sanitize, explain, audit or help "
             "(try 'u8guard --help')");
        return EXIT_TROUBLE;
    }
    if (strcmp(argv[1], "--version") == 0) {
        if (argc > 2) {
            diag("--version takes no argument, got '%s' (try 'u8guard --help')", argv[2]);
            return EXIT_TROUBLE;
        }
        writer_printf(out, "u8guard %s\nimplementation: %s\n", u8guard_version(),
                      u8guard_impl_name(u8guard_active_impl()));
        return EXIT_VALID;
    }
    if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0 ||
        strcmp(argv[1], "help") == 0) {
        if (argc > 2 && strcmp(argv[1], "help") == 0) {
            if (!(c = find(argv[2]))) {
                diag("help: unknown command '%s' (try 'u8guard --help')", argv[2]);
                return EXIT_TROUBLE;
            }
            writer_str(out, c->help);
            return EXIT_VALID;
        }
        writer_str(out, global_help);
        return EXIT_VALID;
    }
    c = find(argv[1]);
    if (!c) {
        if (argv[1][0] == '-')
            diag("unknown option '%s' (try 'u8guard --help')", argv[1]);
        else
            diag("unknown command '%s' (try 'u8guard --help')", argv[1]);
        return EXIT_TROUBLE;
    }
    return c->run(argc - 1, argv + 1, out);
}

int main(int argc, char **argv)
{
    static struct writer out;
    int rc;

    /* A reader that goes away must show up as EPIPE from write(), to be
     * handled like any write error, rather than kill the process. */
    (void)signal(SIGPIPE, SIG_IGN); /* fails only for a bad signal number */
    /* Likewise a file size limit (ulimit -f) must show up as EFBIG, so the
     * temporary file of -o is removed and the failure reported. */
    (void)signal(SIGXFSZ, SIG_IGN);
    occupy_closed_std_fds();
    writer_init(&out, STDOUT_FILENO, "standard output");
    check_impl_env();
    rc = dispatch(argc, argv, &out);
    if (!writer_flush(&out))
        rc = writer_report(&out);
    /* Output from stdio (none today: the audit engine, which prints with
     * stdio, is u8guard-audit, a program of its own; ci/mutate.py's
     * WHY_STDIO_STDOUT) and a deferred error from the file system (NFS
     * reports some only at close). */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        if (rc != EXIT_TROUBLE && errno != EPIPE)
            diag("standard output: write error: %s", strerror(errno));
        rc = EXIT_TROUBLE;
    }
    if (close(STDOUT_FILENO) != 0 && errno != EINTR && errno != EBADF && out.err == 0) {
        diag("standard output: %s", strerror(errno));
        rc = EXIT_TROUBLE;
    }
    return rc;
}
