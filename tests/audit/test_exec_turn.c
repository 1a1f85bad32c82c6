/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_exec_turn.c -- a white-box test of the --exec runner
 * (oracle/plugin/plugin_runner.c, exec_decode) that no audit run shows
 * reliably: a line the decoder writes while nobody is waiting for one is
 * found *before* the next request is sent ("answer out of turn: ... before
 * the request"), not taken for that request's answer.
 *
 * In an audit run the auditor sends the next request within microseconds
 * of reading an answer, so when a stray line arrives is a race. Here the
 * test holds still instead: the decoder answers the empty request (the
 * runner's opening check), writes "ok" unasked one second later, then
 * creates a mark file; the test waits for the mark, so the stray line is
 * in the runner's socket before it decodes "Q".
 *
 *   test_exec_turn DIR   run the check in DIR (a fresh directory): exit 0
 *                        when it holds, 1 when not, 2 on a bad argument */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "plugin_runner.h"

int main(int argc, char **argv)
{
    char mark[4096], cmd[sizeof mark + 128], err[PLUGIN_RUNNER_ERR_ROOM];
    uint32_t cps[ORACLE_ROOM(1)];
    oracle_verdict v;
    plugin_runner *r;
    plugin_fault f;
    int waited, bad = 0;

    if (argc != 2) {
        fprintf(stderr, "usage: test_exec_turn DIR\n");
        return 2;
    }
    if ((size_t)snprintf(mark, sizeof mark, "%s/said-ok-unasked", argv[1]) >= sizeof mark ||
        strchr(mark, '\'') != NULL) {
        fprintf(stderr, "test_exec_turn: %s: too long, or holds a quote\n", argv[1]);
        return 2;
    }
    (void)unlink(mark);
    /* The decoder: answers one request, then says "ok" unasked, then
     * answers every request with "ok" (the answer is not what is checked). */
    snprintf(cmd, sizeof cmd,
             "read -r l; echo ok; sleep 1; echo ok; : > '%s'; "
             "while read -r l; do echo ok; done",
             mark);
    r = plugin_runner_open_exec(cmd, 10000, err, sizeof err);
    if (r == NULL) {
        fprintf(stderr, "test_exec_turn: open: %s\n", err);
        return 1;
    }
    for (waited = 0; waited < 3000 && access(mark, F_OK) != 0; waited++) {
        struct timespec ms10 = {0, 10000000};
        nanosleep(&ms10, NULL);
    }
    if (access(mark, F_OK) != 0) {
        fprintf(stderr, "test_exec_turn: the decoder never wrote its stray line\n");
        plugin_runner_close(r);
        return 1;
    }
    memset(&v, 0, sizeof v);
    v.cps = cps;
    f = plugin_runner_decode(r, (const uint8_t *)"Q", 1, &v);
    if (f != PLUGIN_FAULT_OUT_OF_TURN) {
        fprintf(stderr, "test_exec_turn: fault %s, expected answer out of turn\n",
                plugin_fault_name(f));
        bad = 1;
    }
    if (strcmp(plugin_runner_detail(r), "answer out of turn: \"ok.\" before the request") != 0) {
        fprintf(stderr, "test_exec_turn: detail \"%s\"\n", plugin_runner_detail(r));
        bad = 1;
    }
    if (v.status != ORACLE_FAILED) {
        fprintf(stderr, "test_exec_turn: verdict status %d, expected ORACLE_FAILED\n",
                (int)v.status);
        bad = 1;
    }
    plugin_runner_close(r);
    (void)unlink(mark);
    if (!bad)
        printf("test_exec_turn: a stray line is found before the request\n");
    return bad;
}
