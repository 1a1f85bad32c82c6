/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_plugin_idle.c -- a white-box test of the runner
 * (oracle/plugin/plugin_runner.c) with plugins that do something between
 * calls, which an audit meets only by chance (its next call follows an
 * answer within microseconds):
 *
 * - one dies (plugin_faulty.c's ALARM_LATER: it answers "Q" correctly,
 *   and SIGALRM kills it 200 ms later): the next request cannot be
 *   written (the channel's far end is gone), and the call reports what
 *   ended the child, from its wait status, not a reply that never came;
 *   the call after it runs in a restarted child;
 * - one catches a signal (ALARM_HANDLED: after "Q" its own SIGALRM
 *   handler, installed without SA_RESTART, runs 200 ms later): the
 *   handler interrupts the child's read of the next request (EINTR),
 *   which the child reads again; the next call is served as any other,
 *   with no restart.
 *
 * 200 ms is time enough to answer, even under a sanitizer on a busy
 * machine; the test waits a second before the next call.
 *
 *   test_plugin_idle LATER.so HANDLED.so   exit 0 when every check holds,
 *                                          1 when not, 2 on a bad argument */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "plugin_runner.h"
#include "runner_call.h"

/* Opens the plugin at path; returns it, or NULL with why printed. */
static plugin_runner *open_plugin(const char *path)
{
    char err[PLUGIN_RUNNER_ERR_ROOM];
    plugin_runner *r = plugin_runner_open(path, 10000, err, sizeof err);

    if (r == NULL)
        fprintf(stderr, "test_plugin_idle: open %s: %s\n", path, err);
    return r;
}

/* Checks that r restarted its child want times; returns 0 or 1. */
static int restarts(plugin_runner *r, unsigned long want, const char *what)
{
    if (plugin_runner_restarts(r) == want)
        return 0;
    fprintf(stderr, "test_plugin_idle %s: %lu restarts, expected %lu\n", what,
            plugin_runner_restarts(r), want);
    return 1;
}

int main(int argc, char **argv)
{
    uint32_t cps[ORACLE_ROOM(1)];
    struct timespec second = {1, 0};
    oracle_verdict v;
    plugin_runner *r;
    int bad = 0;

    if (argc != 3) {
        fprintf(stderr, "usage: test_plugin_idle LATER.so HANDLED.so\n");
        return 2;
    }
    memset(&v, 0, sizeof v);
    v.cps = cps;
    if ((r = open_plugin(argv[1])) == NULL)
        return 1;
    bad |= runner_call("test_plugin_idle", r, 'Q', &v, PLUGIN_FAULT_NONE, "", ORACLE_OK, 'Q');
    nanosleep(&second, NULL); /* SIGALRM ends the child meanwhile */
    bad |= runner_call("test_plugin_idle", r, 'A', &v, PLUGIN_FAULT_CRASH,
                       "crash (signal 14: Alarm clock)", ORACLE_CRASHED, 0);
    if (v.signal != 14) {
        fprintf(stderr, "test_plugin_idle: signal %d, expected 14\n", v.signal);
        bad = 1;
    }
    bad |= runner_call("test_plugin_idle", r, 'A', &v, PLUGIN_FAULT_NONE, "", ORACLE_OK, 'A');
    bad |= restarts(r, 1, "a plugin that died between calls");
    plugin_runner_close(r);

    if ((r = open_plugin(argv[2])) == NULL)
        return 1;
    bad |= runner_call("test_plugin_idle", r, 'Q', &v, PLUGIN_FAULT_NONE, "", ORACLE_OK, 'Q');
    nanosleep(&second, NULL); /* the plugin's handler interrupts the child's read */
    bad |= runner_call("test_plugin_idle", r, 'A', &v, PLUGIN_FAULT_NONE, "", ORACLE_OK, 'A');
    bad |= restarts(r, 0, "a plugin that caught a signal between calls");
    plugin_runner_close(r);
    if (!bad)
        printf("test_plugin_idle: a plugin killed between calls is reported at the next "
               "call, then restarted; one whose handler ran between calls is served on: ok\n");
    return bad;
}
