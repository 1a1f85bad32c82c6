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
 * The same wait shows the other thing found before a request: a decoder
 * that closed its channel after its answer (and then exited with status
 * 3) is reported as having exited, from its exit status, not as a line
 * out of turn (an empty one); but one that wrote an unfinished line
 * before closing it has answered out of turn. And one that closed its
 * channel but lives on is found so too, at once (then given 2 s to end):
 * the channel is the decoder's alone (the runner's child closes its own
 * copy before it runs the command), so closing standard input and output
 * closes it.
 *
 *   test_exec_turn DIR   run the six checks in DIR (a fresh directory):
 *                        exit 0 when they hold, 1 when not, 2 on a bad
 *                        argument */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "plugin_runner.h"

/* Opens the --exec decoder script before, the mark file's path (quoted),
 * after, waits until it has made the mark, then decodes "Q" and
 * checks the fault, its detail and the verdict's status. Returns 0 when
 * they are as wanted, else 1 with why printed. */
static int check(const char *before, const char *after, const char *mark,
                 plugin_fault want_fault,
                 const char *want_detail, const char *what)
{
    char cmd[4096 + 256], err[PLUGIN_RUNNER_ERR_ROOM];
    uint32_t cps[ORACLE_ROOM(1)];
    oracle_verdict v;
    plugin_runner *r;
    plugin_fault f;
    int waited, bad = 0;

    (void)unlink(mark);
    snprintf(cmd, sizeof cmd, "%s'%s'%s", before, mark, after);
    r = plugin_runner_open_exec(cmd, 10000, err, sizeof err);
    if (r == NULL) {
        fprintf(stderr, "test_exec_turn %s: open: %s\n", what, err);
        return 1;
    }
    for (waited = 0; waited < 3000 && access(mark, F_OK) != 0; waited++) {
        struct timespec ms10 = {0, 10000000};
        nanosleep(&ms10, NULL);
    }
    if (access(mark, F_OK) != 0) {
        fprintf(stderr, "test_exec_turn %s: the decoder never made its mark\n", what);
        plugin_runner_close(r);
        return 1;
    }
    memset(&v, 0, sizeof v);
    v.cps = cps;
    f = plugin_runner_decode(r, (const uint8_t *)"Q", 1, &v);
    if (f != want_fault) {
        fprintf(stderr, "test_exec_turn %s: fault %s, expected %s\n", what, plugin_fault_name(f),
                plugin_fault_name(want_fault));
        bad = 1;
    }
    if (strcmp(plugin_runner_detail(r), want_detail) != 0) {
        fprintf(stderr, "test_exec_turn %s: detail \"%s\", expected \"%s\"\n", what,
                plugin_runner_detail(r), want_detail);
        bad = 1;
    }
    if (v.status != ORACLE_FAILED) {
        fprintf(stderr, "test_exec_turn %s: verdict status %d, expected ORACLE_FAILED\n", what,
                (int)v.status);
        bad = 1;
    }
    plugin_runner_close(r);
    (void)unlink(mark);
    if (!bad)
        printf("test_exec_turn %s: ok\n", what);
    return bad;
}

int main(int argc, char **argv)
{
    char mark[4096], zeros[60 + 1], cut[128];

    if (argc != 2) {
        fprintf(stderr, "usage: test_exec_turn DIR\n");
        return 2;
    }
    if ((size_t)snprintf(mark, sizeof mark, "%s/mark", argv[1]) >= sizeof mark ||
        strchr(mark, '\'') != NULL) {
        fprintf(stderr, "test_exec_turn: %s: too long, or holds a quote\n", argv[1]);
        return 2;
    }
    /* The last check's line as shown: its first 60 characters, "...". */
    memset(zeros, '0', 60), zeros[60] = '\0';
    snprintf(cut, sizeof cut, "answer out of turn: \"%s...\" before the request", zeros);
    /* Answers one request, says "ok" unasked a second later, marks that,
     * then answers every request with "ok" (the answer is not what is
     * checked). */
    return check("read -r l; echo ok; sleep 1; echo ok; : > ",
                 "; while read -r l; do echo ok; done", mark, PLUGIN_FAULT_OUT_OF_TURN,
                 "answer out of turn: \"ok.\" before the request",
                 "a stray line is found before the request") |
           /* Answers one request, closes its channel, marks that, exits. */
           check("read -r l; echo ok; exec 0<&- 1>&-; : > ", "; exit 3", mark, PLUGIN_FAULT_EXIT,
                 "exited with status 3 during the call",
                 "a closed channel is found before the request, as the decoder's end") |
           /* The same, with "ok" written unasked, unfinished, before the
            * close: that is a line out of turn, not only an end. (A second
            * after the answer, as in the first check: the opening check
            * looks for a line right after its answer.) */
           check("read -r l; echo ok; sleep 1; printf ok; exec 0<&- 1>&-; : > ", "; exit 3", mark,
                 PLUGIN_FAULT_OUT_OF_TURN, "answer out of turn: \"ok\" before the request",
                 "an unfinished line before a closed channel is out of turn") |
           /* The same with one byte: any unasked byte, not only a
            * longer line, makes the end an answer out of turn. */
           check("read -r l; echo ok; sleep 1; printf o; exec 0<&- 1>&-; : > ", "; exit 3", mark,
                 PLUGIN_FAULT_OUT_OF_TURN, "answer out of turn: \"o\" before the request",
                 "one unfinished byte before a closed channel is out of turn") |
           /* A stray line longer than the look before a request reads
            * (200 characters) is out of turn too, shown cut. */
           check("read -r l; echo ok; sleep 1; printf '%0250d\\n' 0; : > ",
                 "; while read -r l; do echo ok; done", mark, PLUGIN_FAULT_OUT_OF_TURN, cut,
                 "a stray line of 250 characters is out of turn") |
           /* Answers one request, closes its channel, marks that, lives
            * on: the closed channel is seen at once, not after the
            * 10 s the call may take (a hang). */
           check("read -r l; echo ok; exec 0<&- 1>&-; : > ", "; sleep 5", mark,
                 PLUGIN_FAULT_GARBAGE,
                 "closed its channel without ending, or killed the sandbox's supervisor: "
                 "no exit status",
                 "a channel closed by a decoder that lives on is seen at once");
}
