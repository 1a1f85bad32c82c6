/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_plugin_idle_death.c -- a white-box test of the runner
 * (oracle/plugin/plugin_runner.c) with a plugin that dies between calls,
 * which an audit meets only by chance (its next call follows an answer
 * within microseconds): the next request cannot be written (the channel's
 * far end is gone), and the call reports what ended the child, from its
 * wait status, not a reply that never came; the call after it runs in a
 * restarted child.
 *
 * The plugin is plugin_faulty.c's ALARM_LATER build: it answers "Q"
 * correctly, and SIGALRM kills it 200 ms later (time enough to answer,
 * even under a sanitizer on a busy machine). The test waits a second
 * before the next call.
 *
 *   test_plugin_idle_death PLUGIN.so   exit 0 when every check holds, 1
 *                                      when not, 2 on a bad argument */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "plugin_runner.h"

/* Decodes the one byte c with r into v and checks the fault, the detail,
 * the status and the code points (want_cp, or none when 0). Returns 0
 * when they are as wanted, else 1 with why printed. */
static int call(plugin_runner *r, char c, oracle_verdict *v, plugin_fault want_fault,
                const char *want_detail, int want_status, uint32_t want_cp)
{
    plugin_fault f = plugin_runner_decode(r, (const uint8_t *)&c, 1, v);
    size_t want_n = want_cp != 0;

    if (f != want_fault || strcmp(plugin_runner_detail(r), want_detail) != 0 ||
        v->status != want_status || v->n_cps != want_n || (want_n && v->cps[0] != want_cp)) {
        fprintf(stderr, "test_plugin_idle_death '%c': fault %s, detail \"%s\", status %d, %zu "
                "code points; expected %s, \"%s\", %d, %zu (U+%04X)\n", c, plugin_fault_name(f),
                plugin_runner_detail(r), v->status, v->n_cps, plugin_fault_name(want_fault),
                want_detail, want_status, want_n, (unsigned)want_cp);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    char err[PLUGIN_RUNNER_ERR_ROOM];
    uint32_t cps[ORACLE_ROOM(1)];
    struct timespec second = {1, 0};
    oracle_verdict v;
    plugin_runner *r;
    int bad = 0;

    if (argc != 2) {
        fprintf(stderr, "usage: test_plugin_idle_death PLUGIN.so\n");
        return 2;
    }
    r = plugin_runner_open(argv[1], 10000, err, sizeof err);
    if (r == NULL) {
        fprintf(stderr, "test_plugin_idle_death: open: %s\n", err);
        return 1;
    }
    memset(&v, 0, sizeof v);
    v.cps = cps;
    bad |= call(r, 'Q', &v, PLUGIN_FAULT_NONE, "", ORACLE_OK, 'Q');
    nanosleep(&second, NULL); /* SIGALRM ends the child meanwhile */
    bad |= call(r, 'A', &v, PLUGIN_FAULT_CRASH, "crash (signal 14: Alarm clock)", ORACLE_CRASHED,
                0);
    if (v.signal != 14) {
        fprintf(stderr, "test_plugin_idle_death: signal %d, expected 14\n", v.signal);
        bad = 1;
    }
    bad |= call(r, 'A', &v, PLUGIN_FAULT_NONE, "", ORACLE_OK, 'A');
    if (plugin_runner_restarts(r) != 1) {
        fprintf(stderr, "test_plugin_idle_death: %lu restarts, expected 1\n",
                plugin_runner_restarts(r));
        bad = 1;
    }
    plugin_runner_close(r);
    if (!bad)
        printf("test_plugin_idle_death: a plugin killed between calls is reported at the next "
               "call, then restarted: ok\n");
    return bad;
}
