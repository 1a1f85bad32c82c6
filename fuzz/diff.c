/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* diff.c -- see diff.h. */
#include "diff.h"

#include "oracle.h"
#include "report.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ORACLES 8

static const oracle *opened[MAX_ORACLES];
static bool ready;

/* Finds and opens the adapters, once; exits when one is unavailable. */
static void open_all(const char *target, const char *const *names, size_t n)
{
    const oracle *const *all;
    size_t n_all, i, j;
    const char *why;

    if (ready)
        return;
    if (n > MAX_ORACLES)
        n = MAX_ORACLES;
    all = oracle_builtin(&n_all);
    for (i = 0; i < n; i++) {
        for (j = 0; j < n_all && strcmp(all[j]->name, names[i]) != 0; j++)
            ;
        if (j == n_all) {
            (void)fprintf(stderr, "U8GUARD-FUZZ %s: oracle %s is not compiled into this build\n",
                    target, names[i]);
            exit(1);
        }
        why = all[j]->open();
        if (why != NULL) {
            (void)fprintf(stderr, "U8GUARD-FUZZ %s: oracle %s unavailable: %s\n", target,
                    names[i], why);
            exit(1);
        }
        opened[i] = all[j];
    }
    ready = true;
}

/* One verdict as a short token: accept:n=N or reject@OFF:n=N (OFF "?"
 * when unknown), then :repl=N when it has a replacement output, or the
 * failure status. */
static void print_verdict(const oracle_verdict *v)
{
    if (v->status != ORACLE_OK) {
        (void)fprintf(stderr, "failed:status=%d:signal=%d", v->status, v->signal);
        return;
    }
    if (v->accepted)
        (void)fprintf(stderr, "accept:n=%zu", v->n_cps);
    else if (v->err_offset == ORACLE_UNKNOWN)
        (void)fprintf(stderr, "reject@?:n=%zu", v->n_cps);
    else
        (void)fprintf(stderr, "reject@%zu:n=%zu", v->err_offset, v->n_cps);
    if (v->has_repl)
        (void)fprintf(stderr, ":repl=%zu", v->n_repl);
}

/* Sets up v's code point buffers for an input of size bytes. */
static void prepare(oracle_verdict *v, size_t size)
{
    memset(v, 0, sizeof *v);
    v->cps = malloc((size + 1) * sizeof *v->cps);
    v->repl = malloc((size + 1) * sizeof *v->repl);
    if (v->cps == NULL || v->repl == NULL)
        abort();
}

void fz_diff_run(const char *target, const char *const *names, size_t n,
                 const uint8_t *data, size_t size)
{
    oracle_verdict ours, theirs;
    oracle_input in;
    oracle_outcome out;
    const char *divergence, *why;
    size_t i;

    open_all(target, names, n);
    if (size == 0)
        data = (const uint8_t *)""; /* adapters get a real pointer */
    prepare(&ours, size);
    oracle_reference(data, size, &ours);
    in.data = data;
    in.len = size;
    for (i = 0; i < n && i < MAX_ORACLES; i++) {
        prepare(&theirs, size);
        if (opened[i]->run(&in, 1, &theirs) != 0)
            theirs.status = ORACLE_FAILED;
        out = oracle_compare(opened[i], data, size, &ours, &theirs, &divergence, &why);
        if (out == ORACLE_DISAGREE) {
            (void)fprintf(stderr, "U8GUARD-DIFF decoder=%s hex=", opened[i]->name);
            fz_hex(stderr, data, size);
            (void)fprintf(stderr, " ours=");
            print_verdict(&ours);
            (void)fprintf(stderr, " theirs=");
            print_verdict(&theirs);
            (void)fprintf(stderr, " why=%s\n", why ? why : "?");
            (void)fflush(stderr);
            abort();
        }
        free(theirs.cps);
        free(theirs.repl);
    }
    free(ours.cps);
    free(ours.repl);
}
