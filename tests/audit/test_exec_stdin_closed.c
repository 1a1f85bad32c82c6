/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_exec_stdin_closed.c -- a white-box test of the runner
 * (oracle/plugin/plugin_runner.c) in a program whose standard input is
 * closed, as a library caller's may be: the runner's socket then is
 * descriptor 0, which is a live socket like any other, so one decoder
 * answers every call until a fault. (The u8guard command never shows
 * this: its main opens /dev/null on closed standard descriptors.)
 *
 * The decoder (an --exec shell loop) adds a line to DIR/starts when it
 * starts, and counts: it answers the input "A" with "ok 41" the first
 * time, "ok 42" the second, and so on, and "ok" to anything else (the
 * empty input of the opening check). After three calls DIR/starts must
 * hold one line, and no child of the test may be left after the close
 * (a runner that took descriptor 0 for "no decoder" would start a
 * second one and lose the first).
 *
 *   test_exec_stdin_closed DIR   DIR a fresh directory: exit 0 when every
 *                                check holds, 1 when not, 2 on a bad
 *                                argument */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "plugin_runner.h"

/* Returns how many lines the file path holds, or -1 when it cannot be
 * read. */
static int count_lines(const char *path)
{
    FILE *f = fopen(path, "r");
    int c, n = 0;

    if (f == NULL)
        return -1;
    while ((c = getc(f)) != EOF)
        n += c == '\n';
    fclose(f);
    return n;
}

int main(int argc, char **argv)
{
    char err[PLUGIN_RUNNER_ERR_ROOM], starts[4096], cmd[4096 + 256];
    uint32_t cps[ORACLE_ROOM(1)];
    oracle_verdict v;
    plugin_runner *r;
    int bad = 0, n;

    if (argc != 2) {
        fprintf(stderr, "usage: test_exec_stdin_closed DIR\n");
        return 2;
    }
    if ((size_t)snprintf(starts, sizeof starts, "%s/starts", argv[1]) >= sizeof starts ||
        strchr(starts, '\'') != NULL) {
        fprintf(stderr, "test_exec_stdin_closed: %s: too long, or holds a quote\n", argv[1]);
        return 2;
    }
    (void)unlink(starts);
    snprintf(cmd, sizeof cmd, "echo start >> '%s'; n=41; while read -r l; do case \"$l\" in "
             "41) echo \"ok $n\"; n=$((n + 1));; *) echo ok;; esac; done", starts);
    (void)close(0);
    r = plugin_runner_open_exec(cmd, 10000, err, sizeof err);
    if (r == NULL) {
        fprintf(stderr, "test_exec_stdin_closed: open: %s\n", err);
        return 1;
    }
    /* The lowest free descriptor went to the runner's socket. */
    if (fcntl(0, F_GETFD) < 0) {
        fprintf(stderr, "test_exec_stdin_closed: descriptor 0 is not open after the open: "
                "the runner's socket is elsewhere, and this test shows nothing\n");
        bad = 1;
    }
    memset(&v, 0, sizeof v);
    v.cps = cps;
    for (uint32_t want = 0x41; want <= 0x43; want++) {
        plugin_fault f = plugin_runner_decode(r, (const uint8_t *)"A", 1, &v);
        if (f != PLUGIN_FAULT_NONE || v.status != ORACLE_OK || !v.accepted || v.n_cps != 1 ||
            cps[0] != want) {
            fprintf(stderr, "test_exec_stdin_closed: call %u: fault %s, status %d, accepted "
                    "%d, %zu code points (U+%04X); expected ok, U+%04X from the same decoder "
                    "(detail \"%s\")\n", (unsigned)(want - 0x40), plugin_fault_name(f),
                    v.status, (int)v.accepted, v.n_cps, (unsigned)cps[0], (unsigned)want,
                    plugin_runner_detail(r));
            bad = 1;
        }
    }
    if (plugin_runner_restarts(r) != 0) {
        fprintf(stderr, "test_exec_stdin_closed: %lu restarts, expected 0\n",
                plugin_runner_restarts(r));
        bad = 1;
    }
    plugin_runner_close(r);
    if ((n = count_lines(starts)) != 1) {
        fprintf(stderr, "test_exec_stdin_closed: the decoder started %d times, expected once\n",
                n);
        bad = 1;
    }
    if (waitpid(-1, NULL, WNOHANG) != -1 || errno != ECHILD) {
        fprintf(stderr, "test_exec_stdin_closed: a child is left after the close\n");
        bad = 1;
    }
    if (!bad)
        printf("test_exec_stdin_closed: one decoder answered three calls on descriptor 0: ok\n");
    return bad;
}
