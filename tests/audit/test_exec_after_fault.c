/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_exec_after_fault.c -- a white-box test of the runner
 * (oracle/plugin/plugin_runner.c) across a fault: the call after one runs
 * in a restarted decoder and, when it goes well, leaves nothing of the
 * fault behind. plugin_runner.h promises plugin_runner_detail is "" after
 * a call without fault; an audit never reads the detail after a good
 * call, so only a test that holds the runner can see it.
 *
 * The decoder (an --exec shell loop) exits with status 3 on the input
 * "Q", answers "ok 41" to "A" and "ok" to anything else (the empty input
 * of the opening check and of each restart).
 *
 *   test_exec_after_fault   exit 0 when every check holds, 1 when not */
#include <stdio.h>
#include <string.h>

#include "plugin_runner.h"
#include "runner_call.h"

int main(void)
{
    char err[PLUGIN_RUNNER_ERR_ROOM];
    uint32_t cps[ORACLE_ROOM(1)];
    oracle_verdict v;
    plugin_runner *r;
    int bad = 0;

    r = plugin_runner_open_exec("while read -r l; do case \"$l\" in 51) exit 3;; "
                                "41) echo ok 41;; *) echo ok;; esac; done",
                                10000, err, sizeof err);
    if (r == NULL) {
        fprintf(stderr, "test_exec_after_fault: open: %s\n", err);
        return 1;
    }
    memset(&v, 0, sizeof v);
    v.cps = cps;
    bad |= runner_call("test_exec_after_fault", r, 'Q', &v, PLUGIN_FAULT_EXIT,
                       "exited with status 3 during the call", ORACLE_FAILED, 0);
    /* The fault's verdict: nothing accepted, no code points (above), no
     * offset; the decoder restarted at once (counted then). */
    if (v.accepted || v.err_offset != ORACLE_UNKNOWN || plugin_runner_restarts(r) != 1) {
        fprintf(stderr, "test_exec_after_fault 'Q': accepted %d, offset %zu, %lu restarts; "
                "expected not accepted, ORACLE_UNKNOWN, 1\n", (int)v.accepted, v.err_offset,
                plugin_runner_restarts(r));
        bad = 1;
    }
    /* The call after the fault: restarted, answered, the fault's detail
     * gone. */
    bad |= runner_call("test_exec_after_fault", r, 'A', &v, PLUGIN_FAULT_NONE, "", ORACLE_OK,
                       'A');
    if (!v.accepted) {
        fprintf(stderr, "test_exec_after_fault 'A': not accepted\n");
        bad = 1;
    }
    if (plugin_runner_restarts(r) != 1) {
        fprintf(stderr, "test_exec_after_fault: %lu restarts after the good call, expected "
                "still 1\n",
                plugin_runner_restarts(r));
        bad = 1;
    }
    plugin_runner_close(r);
    if (!bad)
        printf("test_exec_after_fault: the call after a fault restarts the decoder and "
               "clears the detail: ok\n");
    return bad;
}
