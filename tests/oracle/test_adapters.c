/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_adapters.c -- runs one built-in adapter (named on the command line)
 * over the oracle test sets and checks, against expected.c, exactly how
 * often it agrees with u8guard, diverges in a documented way, or
 * disagrees, and why; then its outcome on each example. Prints a table.
 *
 *   test_adapters NAME         check NAME (exit 0 pass, 1 fail, 77 skip)
 *   test_adapters NAME --dump  print NAME's results as expected.c rows
 *
 * An adapter not compiled in, or unavailable here (open() says why), is
 * reported as SKIPPED with the reason and exit status 77. */
#include "expected.h"
#include "sets.h"
#include "tally.h"

#include <stdio.h>
#include <string.h>

#define SKIP 77
#define STRUCTURED_COUNT 4000

static const oracle *find_adapter(const char *name)
{
    size_t n;
    const oracle *const *all = oracle_builtin(&n);

    for (size_t i = 0; i < n; i++)
        if (strcmp(all[i]->name, name) == 0)
            return all[i];
    return NULL;
}

static const expected_set *find_expected(const char *adapter, const char *set)
{
    for (size_t i = 0; i < n_expected_sets; i++)
        if (strcmp(expected_sets[i].adapter, adapter) == 0 &&
            strcmp(expected_sets[i].set, set) == 0)
            return &expected_sets[i];
    return NULL;
}

static void print_hex(const oracle_input *in)
{
    if (in->len == 0)
        printf("(empty)");
    for (size_t i = 0; i < in->len; i++)
        printf("%s%02X", i ? " " : "", in->data[i]);
}

/* Checks one set; returns the number of failed checks. */
static int check_set(const oracle *o, const input_set *s, bool dump)
{
    tally t;
    char labels[1024];
    const expected_set *e = find_expected(o->name, s->name);
    int failed = 0;

    if (tally_run(o, s, &t) != 0) {
        printf("FAIL %s %s: out of memory\n", o->name, s->name);
        return 1;
    }
    tally_labels_text(&t, labels, sizeof labels);
    if (dump) {
        printf("    {\"%s\", \"%s\", %zu, %zu, %zu, %zu,\n     \"%s\"},\n",
               o->name, s->name, t.cases, t.agree, t.known, t.disagree, labels);
        return 0;
    }
    printf("  %-11s %6zu cases  %6zu agree  %6zu known  %6zu disagree\n",
           s->name, t.cases, t.agree, t.known, t.disagree);
    for (size_t i = 0; i < t.n_labels; i++) {
        printf("      %-8s %6zu x %s, first: ",
               t.labels[i].outcome == ORACLE_KNOWN_DIVERGENCE ? "known" : "disagree",
               t.labels[i].count, t.labels[i].label);
        print_hex(&s->in[t.labels[i].first]);
        printf("\n");
    }
    if (!e) {
        printf("FAIL %s %s: no expectation in expected.c (run with --dump)\n",
               o->name, s->name);
        return 1;
    }
    if (t.cases != e->cases || t.agree != e->agree || t.known != e->known ||
        t.disagree != e->disagree) {
        printf("FAIL %s %s: expected %zu cases %zu agree %zu known %zu disagree\n",
               o->name, s->name, e->cases, e->agree, e->known, e->disagree);
        failed++;
    }
    if (strcmp(labels, e->labels) != 0) {
        printf("FAIL %s %s: reasons\n  got      \"%s\"\n  expected \"%s\"\n",
               o->name, s->name, labels, e->labels);
        failed++;
    }
    if (t.batch_failures) {
        printf("FAIL %s %s: %zu batches failed to run\n", o->name, s->name,
               t.batch_failures);
        failed++;
    }
    return failed;
}

/* Checks the adapter's outcome on each example; returns failures. */
static int check_examples(const oracle *o, const input_set *s, bool dump)
{
    const expected_examples *row = NULL;
    int failed = 0;

    for (size_t i = 0; i < n_expected_example_rows; i++)
        if (strcmp(expected_example_rows[i].adapter, o->name) == 0)
            row = &expected_example_rows[i];
    if (dump)
        printf("static const char *const %s_outcomes[] = {\n", o->name);
    else if (!row) {
        printf("FAIL %s: no example row in expected.c\n", o->name);
        return 1;
    } else {
        printf("  examples:\n");
    }
    for (size_t i = 0; i < s->n; i++) {
        const char *label;
        char got[160];
        int oc = tally_outcome(o, s->in[i].data, s->in[i].len, &label);

        if (oc < 0) {
            printf("FAIL %s: out of memory\n", o->name);
            return failed + 1;
        }
        snprintf(got, sizeof got, "%s%s",
                 oc == ORACLE_AGREE ? "=" : oc == ORACLE_KNOWN_DIVERGENCE ? "~" : "!",
                 label ? label : "");
        if (dump) {
            printf("    \"%s\", /* %s */\n", got, examples_hex[i]);
            continue;
        }
        printf("    %-20s %s\n", examples_hex[i][0] ? examples_hex[i] : "(empty)", got);
        if (strcmp(got, row->outcomes[i]) != 0) {
            printf("FAIL %s on %s: expected \"%s\"\n", o->name, examples_hex[i],
                   row->outcomes[i]);
            failed++;
        }
    }
    if (dump)
        printf("};\n");
    return failed;
}

/* run_one runs o on the single input in, into v with room cps and repl of
 * ORACLE_ROOM(in->len) each; v's other members start as junk (0x5A) so an
 * answer left unwritten cannot pass. Returns what run returns. */
static int run_one(const oracle *o, const oracle_input *in, oracle_verdict *v,
                   uint32_t *cps, uint32_t *repl)
{
    memset(v, 0x5A, sizeof *v);
    v->cps = cps;
    v->repl = repl;
    return o->run(in, 1, v);
}

/* Runs closed adapter o on "A", U+00E9, "1" (ASCII either side of a character
 * of two bytes: an answer made up of a verdict left as it was cannot
 * pass). Returns the number of failed checks. */
static int check_runs_closed(const oracle *o)
{
    static const uint8_t text[] = {0x41, 0xC3, 0xA9, 0x31}; /* "A", U+00E9, "1" */
    const oracle_input in = {text, sizeof text};
    uint32_t cps[ORACLE_ROOM(sizeof text)] = {0}, repl[ORACLE_ROOM(sizeof text)] = {0};
    oracle_verdict v;
    int rc = run_one(o, &in, &v, cps, repl);

    if (rc != 0 || v.status != ORACLE_OK || !v.accepted || v.err_offset != sizeof text ||
        v.n_cps != 3 || cps[0] != 0x41 || cps[1] != 0xE9 || cps[2] != 0x31) {
        printf("FAIL %s, run closed on 41 C3 A9 31: returned %d, status %d, accepted %d, "
               "%zu code points\n", o->name, rc, v.status, (int)v.accepted, v.n_cps);
        return 1;
    }
    return 0;
}

/* Runs o, whose open failed, on one input: run must fail the batch (-1),
 * its own open failing too. Returns the number of failed checks. */
static int check_runs_unavailable(const oracle *o)
{
    const oracle_input in = {(const uint8_t *)"A", 1};
    uint32_t cps[ORACLE_ROOM(1)], repl[ORACLE_ROOM(1)];
    oracle_verdict v;
    int rc = run_one(o, &in, &v, cps, repl);

    printf("%s, run while unavailable: returned %d%s\n", o->name, rc,
           rc == -1 ? "" : " (FAIL: -1 expected)");
    return rc != -1;
}

int main(int argc, char **argv)
{
    input_set sets[4] = {{0}};
    const oracle *o;
    const char *why;
    bool dump = argc > 2 && strcmp(argv[2], "--dump") == 0;
    int failed = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: test_adapters NAME [--dump]\n");
        return 2;
    }
    o = find_adapter(argv[1]);
    if (!o) {
        printf("SKIPPED: adapter %s is not compiled in (its library was not "
               "found when this build was configured)\n", argv[1]);
        return SKIP;
    }
    why = o->open();
    if (why) {
        printf("SKIPPED: adapter %s is unavailable here: %s\n", o->name, why);
        /* run, which opens an adapter not open (oracle.h), fails too */
        if (check_runs_unavailable(o) != 0)
            return 1;
        return SKIP;
    }
    if (set_examples(&sets[0]) || set_bytes1(&sets[1]) || set_bytes2(&sets[2]) ||
        set_structured(&sets[3], STRUCTURED_COUNT)) {
        printf("FAIL: out of memory building the input sets\n");
        return 1;
    }
    if (!dump)
        printf("%s -- %s\n", o->name, o->what);
    for (size_t i = 0; i < 4; i++)
        failed += check_set(o, &sets[i], dump);
    failed += check_examples(o, &sets[0], dump);
    o->close();
    /* Run after close without open, it opens itself (oracle.h); opened
     * again after close, it works as new (an adapter whose close left it
     * looking open would run on a closed descriptor). */
    if (!dump) {
        int again = check_runs_closed(o);

        printf("%s, run after close without open: %s\n", o->name, again ? "FAIL" : "ok");
        failed += again;
        o->close();
        why = o->open();
        printf("%s, opened again after close: %s\n", o->name, why ? why : "ok");
        if (why)
            failed++;
        else
            failed += check_examples(o, &sets[0], false);
        o->close();
        o->close(); /* closing a closed adapter does nothing (oracle.h) */
    }
    for (size_t i = 0; i < 4; i++)
        set_free(&sets[i]);
    printf("%s: %s (%d failed checks)\n", o->name, failed ? "FAIL" : "pass", failed);
    return failed ? 1 : 0;
}
