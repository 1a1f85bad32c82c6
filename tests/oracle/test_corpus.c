/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_corpus.c -- every available adapter over shared files, line by
 * line (each line is one input):
 *
 *   test_corpus kuhn FILE   Kuhn's UTF-8 stress test; the outcome counts
 *                           must be those of expected.c's "kuhn" rows
 *   test_corpus text FILE.. real text in many scripts: every adapter must
 *                           agree with u8guard on every line
 *   add --dump to print the results as expected.c rows instead.
 *
 * Exit 77 (skipped, with the reason) when a file is missing. Adapters
 * unavailable here are listed as SKIPPED and the others still checked. */
#include "expected.h"
#include "sets.h"
#include "tally.h"

#include <stdio.h>
#include <string.h>

#define SKIP 77

static const expected_set *find_expected(const char *adapter, const char *set)
{
    for (size_t i = 0; i < n_expected_sets; i++)
        if (strcmp(expected_sets[i].adapter, adapter) == 0 &&
            strcmp(expected_sets[i].set, set) == 0)
            return &expected_sets[i];
    return NULL;
}

/* Checks t against the expectation for (o, set), or, when e is NULL and
 * set is "text", against "agrees on everything". Returns failures. */
static int check(const oracle *o, const char *set, const tally *t)
{
    char labels[1024];
    const expected_set *e = find_expected(o->name, set);

    tally_labels_text(t, labels, sizeof labels);
    if (strcmp(set, "text") == 0) {
        if (t->agree == t->cases && t->batch_failures == 0)
            return 0;
        printf("FAIL %s on text: %zu of %zu lines not in agreement: %s\n",
               o->name, t->cases - t->agree, t->cases, labels);
        return 1;
    }
    if (!e) {
        printf("FAIL %s %s: no expectation in expected.c\n", o->name, set);
        return 1;
    }
    if (t->cases != e->cases || t->agree != e->agree || t->known != e->known ||
        t->disagree != e->disagree || strcmp(labels, e->labels) != 0 ||
        t->batch_failures) {
        printf("FAIL %s %s: expected %zu cases %zu agree %zu known %zu "
               "disagree \"%s\"\n", o->name, set, e->cases, e->agree, e->known,
               e->disagree, e->labels);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    input_set s = {0};
    const oracle *const *all;
    size_t n_all;
    int failed = 0, first_file = 2;
    bool dump = false;
    const char *set;

    if (argc > 1 && strcmp(argv[argc - 1], "--dump") == 0) {
        dump = true;
        argc--;
    }
    if (argc < 3 || (strcmp(argv[1], "kuhn") != 0 && strcmp(argv[1], "text") != 0)) {
        fprintf(stderr, "usage: test_corpus kuhn|text FILE... [--dump]\n");
        return 2;
    }
    set = argv[1];
    for (int i = first_file; i < argc; i++) {
        int rc = set_lines(&s, argv[i]);
        if (rc == 1) {
            printf("SKIPPED: cannot read %s (the shared folder is not here)\n",
                   argv[i]);
            set_free(&s);
            return SKIP;
        }
        if (rc < 0) {
            printf("FAIL: out of memory reading %s\n", argv[i]);
            return 1;
        }
    }
    s.name = set;
    printf("%s: %zu lines from %d file(s)\n", set, s.n, argc - first_file);
    all = oracle_builtin(&n_all);
    for (size_t k = 0; k < n_all; k++) {
        const oracle *o = all[k];
        const char *why = o->open();
        tally t;

        if (why) {
            printf("  %-13s SKIPPED: %s\n", o->name, why);
            continue;
        }
        if (tally_run(o, &s, &t) != 0) {
            printf("FAIL: out of memory\n");
            return 1;
        }
        if (dump) {
            char labels[1024];
            tally_labels_text(&t, labels, sizeof labels);
            printf("    {\"%s\", \"%s\", %zu, %zu, %zu, %zu,\n     \"%s\"},\n",
                   o->name, set, t.cases, t.agree, t.known, t.disagree, labels);
        } else {
            printf("  %-13s %6zu agree %6zu known %6zu disagree\n", o->name,
                   t.agree, t.known, t.disagree);
            for (size_t i = 0; i < t.n_labels; i++)
                printf("      %6zu x %s\n", t.labels[i].count, t.labels[i].label);
            failed += check(o, set, &t);
        }
        o->close();
    }
    set_free(&s);
    printf("%s: %s (%d failed checks)\n", set, failed ? "FAIL" : "pass", failed);
    return failed ? 1 : 0;
}
