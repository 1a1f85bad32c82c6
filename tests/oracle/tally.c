/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* tally.c -- see tally.h. */
#include "tally.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Inputs per run() call: large enough that a subprocess adapter pays one
 * round trip for thousands of inputs. */
#define BATCH 4096

static void count_label(tally *t, const char *label, oracle_outcome oc,
                        size_t index)
{
    for (size_t i = 0; i < t->n_labels; i++)
        if (t->labels[i].outcome == oc && strcmp(t->labels[i].label, label) == 0) {
            t->labels[i].count++;
            return;
        }
    if (t->n_labels == TALLY_MAX_LABELS) {
        /* More kinds of reason than expected: keep counting under one. */
        label = "(other reasons)";
        for (size_t i = 0; i < t->n_labels; i++)
            if (strcmp(t->labels[i].label, label) == 0) {
                t->labels[i].count++;
                return;
            }
        t->n_labels--;
    }
    t->labels[t->n_labels++] = (tally_label){label, oc, 1, index};
}

/* Verdict buffers for one batch: each input of len bytes gets four
 * arrays of len + 1 code points (ours and theirs, strict and replacement),
 * so memory follows the batch's total size, not its longest line. */
typedef struct buffers {
    oracle_verdict ours[BATCH], theirs[BATCH];
    uint32_t *mem;
} buffers;

static int buffers_set(buffers *b, const oracle_input *in, size_t n)
{
    size_t total = 0, at = 0;

    for (size_t i = 0; i < n; i++)
        total += in[i].len + 1;
    free(b->mem);
    b->mem = malloc(4 * total * sizeof *b->mem);
    if (!b->mem)
        return -1;
    for (size_t i = 0; i < n; i++) {
        size_t per = in[i].len + 1;
        memset(&b->ours[i], 0, sizeof b->ours[i]);
        memset(&b->theirs[i], 0, sizeof b->theirs[i]);
        b->ours[i].cps = b->mem + at;
        b->ours[i].repl = b->mem + at + per;
        b->theirs[i].cps = b->mem + at + 2 * per;
        b->theirs[i].repl = b->mem + at + 3 * per;
        at += 4 * per;
    }
    return 0;
}

int tally_run(const oracle *o, const input_set *s, tally *t)
{
    static buffers b; /* large: not on the stack */

    memset(t, 0, sizeof *t);
    b.mem = NULL;
    for (size_t start = 0; start < s->n; start += BATCH) {
        size_t n = s->n - start < BATCH ? s->n - start : BATCH;
        const oracle_input *in = s->in + start;

        if (buffers_set(&b, in, n)) {
            free(b.mem);
            return -1;
        }
        if (o->run(in, n, b.theirs) != 0)
            t->batch_failures++; /* the verdicts say how (status) */
        for (size_t i = 0; i < n; i++) {
            const char *div, *why;
            oracle_outcome oc;

            oracle_reference(in[i].data, in[i].len, &b.ours[i]);
            oc = oracle_compare(o, in[i].data, in[i].len, &b.ours[i],
                                &b.theirs[i], &div, &why);
            t->cases++;
            if (oc == ORACLE_AGREE) {
                t->agree++;
            } else if (oc == ORACLE_KNOWN_DIVERGENCE) {
                t->known++;
                count_label(t, div, oc, start + i);
            } else {
                t->disagree++;
                count_label(t, why, oc, start + i);
            }
        }
    }
    free(b.mem);
    b.mem = NULL;
    return 0;
}

int tally_outcome(const oracle *o, const void *data, size_t len,
                  const char **label)
{
    input_set s = {0};
    tally t;
    int oc = -1;

    *label = NULL;
    if (set_add(&s, data, len) == 0) {
        set_finish(&s);
        if (tally_run(o, &s, &t) == 0) {
            oc = t.agree ? ORACLE_AGREE
                 : t.known ? ORACLE_KNOWN_DIVERGENCE
                           : ORACLE_DISAGREE;
            if (t.n_labels)
                *label = t.labels[0].label;
        }
    }
    set_free(&s);
    return oc;
}

void tally_labels_text(const tally *t, char *buf, size_t cap)
{
    size_t used = 0;

    buf[0] = '\0';
    for (size_t i = 0; i < t->n_labels && used < cap; i++) {
        int w = snprintf(buf + used, cap - used, "%s%s:%zu", i ? "|" : "",
                         t->labels[i].label, t->labels[i].count);
        if (w < 0)
            break;
        used += (size_t)w;
    }
}
