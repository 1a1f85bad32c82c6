/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* runner_call.h -- the one-byte call of the runner's white-box tests
 * (test_exec_after_fault.c, test_plugin_idle.c), written once. */
#ifndef U8GUARD_TESTS_RUNNER_CALL_H
#define U8GUARD_TESTS_RUNNER_CALL_H

#include <stdio.h>
#include <string.h>

#include "plugin_runner.h"

/* runner_call decodes the one byte c with r into v, whose cps must hold
 * ORACLE_ROOM(1) code points (emptied first, and n_cps set to 7, so that
 * a count the call leaves alone shows), and checks the fault, the detail,
 * the status and the code points: the one code point want_cp, or none
 * when want_cp is 0. Returns 0 when all are as wanted, else 1 with why
 * printed after the name test. */
static int runner_call(const char *test, plugin_runner *r, char c, oracle_verdict *v,
                       plugin_fault want_fault, const char *want_detail, int want_status,
                       uint32_t want_cp)
{
    size_t want_n = want_cp != 0;
    plugin_fault f;

    memset(v->cps, 0, ORACLE_ROOM(1) * sizeof *v->cps);
    v->n_cps = 7;
    f = plugin_runner_decode(r, (const uint8_t *)&c, 1, v);
    if (f != want_fault || strcmp(plugin_runner_detail(r), want_detail) != 0 ||
        v->status != want_status || v->n_cps != want_n || (want_n && v->cps[0] != want_cp)) {
        fprintf(stderr, "%s '%c': fault %s, detail \"%s\", status %d, %zu code points "
                "(first U+%04X); expected %s, \"%s\", %d, %zu (U+%04X)\n", test, c,
                plugin_fault_name(f), plugin_runner_detail(r), v->status, v->n_cps,
                (unsigned)v->cps[0], plugin_fault_name(want_fault), want_detail, want_status,
                want_n, (unsigned)want_cp);
        return 1;
    }
    return 0;
}

#endif
