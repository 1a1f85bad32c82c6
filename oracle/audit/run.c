/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* run.c -- the audit's run: the conformance corpus first, then generated
 * and mutated inputs, each through every available decoder, in batches
 * (one subprocess round trip per batch for the Python and Node adapters),
 * tallied per decoder and error class, with each new kind of disagreement
 * shrunk and, with --record, written to the regression corpus. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "support/poll_wait.h"

/* Inputs per batch: large enough to amortise a subprocess round trip,
 * small enough that the time limit is checked often. */
#define BATCH 32
/* Room for one generated input (audit_generate needs cap >= 256). */
#define GEN_CAP 512

/* Where an input came from: a case of the conformance corpus, or the
 * generated input of that number (of the run's seed). Written out only
 * for an example --record keeps. */
typedef struct provenance {
    const char *corpus_case; /* NULL: generated */
    unsigned long generated;
} provenance;

/* The state shared by the batches of one run. */
typedef struct run_ctx {
    const audit_options *o;
    audit_decoder *const *d;
    size_t n;
    audit_run_stats *st;
    audit_result res[BATCH];
} run_ctx;

/* Files result r of decoder d on input in (class cls, from pv); records
 * a new example when asked to. Returns false when out of memory. */
static bool file_result(run_ctx *c, audit_decoder *d, const oracle_input *in,
                        int cls, const audit_result *r, const provenance *pv)
{
    audit_example *e;
    char found_by[128];

    if (!audit_tally(d, cls, in->data, in->len, r, &e))
        return false;
    if (e == NULL || c->o->record_dir == NULL)
        return true;
    if (pv->corpus_case)
        snprintf(found_by, sizeof found_by,
                 "u8guard audit: conformance corpus case %s", pv->corpus_case);
    else
        snprintf(found_by, sizeof found_by, "u8guard audit: generated input %lu of seed %llu",
                 pv->generated, (unsigned long long)c->o->seed);
    if (!audit_record(c->o->record_dir, d, e, found_by))
        c->st->record_errors++;
    return true;
}

/* A sandboxed decoder that has hung this many times is called no more (its
 * status is "hang" already; the inputs left out are counted in not_run):
 * each hang costs a whole timeout, and would make the audit's time
 * unbounded. */
#define HANG_LIMIT 8

/* Runs in[0..m) (classes cls[0..m), provenance pv[0..m)) through
 * every decoder. A sandboxed decoder's calls stop at the deadline (0 =
 * none: the corpus always runs whole) and after HANG_LIMIT hangs. Returns
 * false when out of memory. */
static bool run_batch(run_ctx *c, const oracle_input *in, const int *cls,
                      const provenance *pv, size_t m, double deadline)
{
    for (size_t i = 0; i < c->n; i++) {
        audit_decoder *d = c->d[i];

        if (d->unavailable)
            continue;
        if (d->plugin) {
            for (size_t k = 0; k < m; k++) {
                if (deadline > 0 && monotonic_s() > deadline)
                    break;
                if (d->hangs >= HANG_LIMIT) {
                    d->not_run += m - k;
                    break;
                }
                if (!audit_eval(d, in[k].data, in[k].len, &c->res[0]) ||
                    !file_result(c, d, &in[k], cls[k], &c->res[0], &pv[k]))
                    return false;
            }
            continue;
        }
        if (!audit_eval_batch(d, in, m, c->res))
            return false;
        for (size_t k = 0; k < m; k++)
            if (!file_result(c, d, &in[k], cls[k], &c->res[k], &pv[k]))
                return false;
    }
    return true;
}

bool audit_run(const audit_options *o, audit_decoder *const *d, size_t n,
               const audit_case *corpus, long n_corpus, audit_run_stats *st)
{
    run_ctx *c = calloc(1, sizeof *c);
    uint8_t *gen = malloc((size_t)BATCH * GEN_CAP);
    oracle_input in[BATCH];
    int cls[BATCH];
    provenance pv[BATCH];
    audit_rng rng = {o->seed};
    double t0 = monotonic_s(), deadline;

    memset(st, 0, sizeof *st);
    if (c == NULL || gen == NULL)
        goto oom;
    {
        /* Nothing can run here (every decoder unavailable): the report
         * lists them with their reasons; generating would be idle. */
        size_t available = 0;
        for (size_t i = 0; i < n; i++)
            available += d[i]->unavailable == NULL;
        if (available == 0) {
            free(c);
            free(gen);
            return true;
        }
    }
    c->o = o;
    c->d = d;
    c->n = n;
    c->st = st;
    /* The corpus, whole, whatever the time limit (which is for the
     * generated inputs): a decoder is never judged on part of it. */
    for (long i = 0; i < n_corpus;) {
        size_t m = 0;
        for (; m < BATCH && i < n_corpus; m++, i++) {
            in[m].data = corpus[i].data;
            in[m].len = corpus[i].len;
            cls[m] = audit_classify(corpus[i].data, corpus[i].len);
            pv[m] = (provenance){.corpus_case = corpus[i].name};
        }
        if (!run_batch(c, in, cls, pv, m, 0))
            goto oom;
        st->corpus_cases += m;
    }
    /* Generated inputs, until the time or the count is reached; shrinking
     * what they find stops at the time limit too. */
    deadline = monotonic_s() + o->seconds;
    for (size_t i = 0; i < n && !o->max_cases_set; i++)
        d[i]->deadline = deadline;
    while (o->max_cases_set ? st->generated < o->max_cases
                            : monotonic_s() < deadline) {
        size_t m = 0;
        for (; m < BATCH; m++) {
            if (o->max_cases_set && st->generated + m >= o->max_cases)
                break;
            in[m].data = gen + m * GEN_CAP;
            in[m].len = audit_generate(&rng, corpus, n_corpus, gen + m * GEN_CAP,
                                       GEN_CAP);
            cls[m] = audit_classify(in[m].data, in[m].len);
            pv[m] = (provenance){.generated = st->generated + m};
        }
        if (!run_batch(c, in, cls, pv, m, o->max_cases_set ? 0 : deadline))
            goto oom;
        st->generated += m;
    }
    st->seconds = monotonic_s() - t0;
    free(c);
    free(gen);
    return true;
oom:
    fprintf(stderr, "u8guard audit: out of memory\n");
    free(c);
    free(gen);
    return false;
}
