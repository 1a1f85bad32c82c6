/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* report.c -- the audit's tallies and its two outputs: a table for people
 * (decoder x error class, then the first minimal example of each kind of
 * disagreement) and one JSON object per decoder per line. */
#include <stdlib.h>
#include <string.h>

#include "audit.h"

/* Shrinking budget per new kind of disagreement (evaluations). */
#define SHRINK_EVALS 2000

/* What evaluating an input again showed. Running out of memory is not an
 * answer of the decoder's: taken for "not the same", it would call a
 * deterministic decoder nondeterministic. */
typedef enum { SAME_AGAIN, NOT_SAME_AGAIN, EVAL_OUT_OF_MEMORY } second_look;

/* Evaluates data[0..len) again: SAME_AGAIN when d still differs from
 * u8guard as why says (a disagreement's why, or a known divergence's id),
 * NOT_SAME_AGAIN when not; *r is what it said. */
static second_look reproduces(audit_decoder *d, const uint8_t *data, size_t len,
                              const char *why, audit_result *r)
{
    if (!audit_eval(d, data, len, r))
        return EVAL_OUT_OF_MEMORY;
    if (r->outcome == ORACLE_KNOWN_DIVERGENCE) /* (with its id, oracle_compare) */
        return strcmp(r->divergence, why) == 0 ? SAME_AGAIN : NOT_SAME_AGAIN;
    return r->outcome == ORACLE_DISAGREE && strcmp(r->why, why) == 0 ? SAME_AGAIN
                                                                     : NOT_SAME_AGAIN;
}

/* Makes *e the report of a decoder whose answers change between identical
 * calls: the input first seen (data[0..len)), what the decoder said then
 * (first) and on a later identical call (again). */
static void keep_nondeterministic(audit_decoder *d, audit_example *e,
                                  const uint8_t *data, size_t len,
                                  const audit_result *first,
                                  const audit_result *again)
{
    memcpy(e->data, data, len);
    e->len = len;
    snprintf(e->why, sizeof e->why, "nondeterministic");
    e->cls = audit_classify(data, len);
    snprintf(e->ours, sizeof e->ours, "%s", first->ours);
    snprintf(e->theirs, sizeof e->theirs, "first %.200s; the same input again: %.200s",
             first->theirs, again->theirs);
    d->nondeterministic++;
}

/* Fills *e with data[0..len) shrunk so that d still differs from u8guard
 * as `why` says (a disagreement's why, or a known divergence's id), its
 * class and both answers; first is what d said on data. The original input
 * and the minimal one are each evaluated again: when one does not say the
 * same, the decoder is nondeterministic and e says so, with the original
 * observation. Returns e, or NULL when out of memory. */
static audit_example *keep_example(audit_decoder *d, audit_example *e,
                                   const uint8_t *data, size_t len,
                                   const char *why, const audit_result *first)
{
    audit_result m;
    second_look a;

    memset(e, 0, sizeof *e);
    e->data = malloc(len + 1);
    if (e->data == NULL)
        return NULL;
    a = reproduces(d, data, len, why, &m);
    if (a == EVAL_OUT_OF_MEMORY)
        goto out_of_memory;
    if (a == NOT_SAME_AGAIN) {
        keep_nondeterministic(d, e, data, len, first, &m);
        return e;
    }
    memcpy(e->data, data, len);
    e->len = len;
    snprintf(e->why, sizeof e->why, "%s", why);
    if (!audit_shrink(d, e->data, &e->len, e->why, SHRINK_EVALS))
        goto out_of_memory;
    e->cls = audit_classify(e->data, e->len);
    /* Describe the minimal input, not the one first found, once it is
     * seen to fail twice more. */
    for (int i = 0; i < 2; i++) {
        a = reproduces(d, e->data, e->len, why, &m);
        if (a == EVAL_OUT_OF_MEMORY)
            goto out_of_memory;
        if (a == NOT_SAME_AGAIN) {
            keep_nondeterministic(d, e, data, len, first, &m);
            return e;
        }
    }
    snprintf(e->ours, sizeof e->ours, "%s", m.ours);
    snprintf(e->theirs, sizeof e->theirs, "%s", m.theirs);
    return e;
out_of_memory:
    free(e->data);
    e->data = NULL;
    return NULL;
}

bool audit_tally(audit_decoder *d, int cls, const uint8_t *data, size_t len,
                 const audit_result *r, audit_example **added)
{
    audit_example *e;
    audit_seen *seen;

    *added = NULL;
    d->cases++;
    if (r->fault == PLUGIN_FAULT_HANG)
        d->hangs++;
    if (r->fault != PLUGIN_FAULT_NONE) /* (a plugin_fault: < PLUGIN_FAULT_COUNT) */
        d->faults[r->fault]++;
    if (r->outcome == ORACLE_AGREE) {
        d->agree[cls]++;
        return true;
    }
    if (r->outcome == ORACLE_KNOWN_DIVERGENCE) {
        size_t i;
        d->known[cls]++;
        for (i = 0; i < d->n_known; i++)
            if (strcmp(d->known_id[i], r->divergence) == 0)
                break;
        if (i == AUDIT_MAX_KNOWN)
            return true;
        d->known_count[i]++;
        if (i < d->n_known)
            return true;
        d->known_id[d->n_known++] = r->divergence;
        *added = keep_example(d, &d->known_examples[i], data, len, r->divergence, r);
        return *added != NULL;
    }
    d->disagree[cls]++;
    /* Each (class, why) is shrunk once: the first input that shows it. */
    for (size_t i = 0; i < d->n_seen; i++)
        if (d->seen[i].cls == cls && strcmp(d->seen[i].why, r->why) == 0)
            return true;
    if (d->n_seen == AUDIT_MAX_SEEN || d->n_examples == AUDIT_MAX_EXAMPLES)
        return true;
    seen = &d->seen[d->n_seen++];
    seen->cls = cls;
    snprintf(seen->why, sizeof seen->why, "%s", r->why);
    e = keep_example(d, &d->examples[d->n_examples], data, len, r->why, r);
    if (e == NULL)
        return false;
    /* The minimal input is filed under its own class (a long input found
     * at a block boundary may come down to a plain overlong), once. */
    for (size_t i = 0; i < d->n_examples; i++)
        if (d->examples[i].cls == e->cls && strcmp(d->examples[i].why, e->why) == 0) {
            free(e->data);
            e->data = NULL;
            return true;
        }
    d->n_examples++;
    *added = e;
    return true;
}

/* Returns the total disagreements of d. */
static unsigned long total_disagree(const audit_decoder *d)
{
    unsigned long n = 0;
    for (int c = 0; c < CLASS_COUNT; c++)
        n += d->disagree[c];
    return n;
}

const char *audit_status(const audit_decoder *d)
{
    if (d->unavailable)
        return "unavailable";
    if (d->faults[PLUGIN_FAULT_OVERWRITE])
        return "out-of-bounds write";
    if (d->faults[PLUGIN_FAULT_OVERREAD])
        return "out-of-bounds read";
    if (d->faults[PLUGIN_FAULT_LIMIT])
        return "resource limit";
    if (d->faults[PLUGIN_FAULT_CRASH])
        return "crashed";
    if (d->faults[PLUGIN_FAULT_EXIT])
        return "exited";
    if (d->faults[PLUGIN_FAULT_HANG])
        return "hang";
    if (d->faults[PLUGIN_FAULT_GARBAGE] || d->faults[PLUGIN_FAULT_OUT_OF_TURN])
        return "protocol violation";
    if (d->faults[PLUGIN_FAULT_BAD_RESULT])
        return "bad result";
    if (d->nondeterministic)
        return "nondeterministic";
    if (total_disagree(d))
        return "nonconformant";
    /* Never conformant on a partial run (or none). */
    return d->not_run || d->cases == 0 ? "incomplete" : "conformant";
}

/* Returns the total known divergences of d. */
static unsigned long total_known(const audit_decoder *d)
{
    unsigned long n = 0;
    for (int c = 0; c < CLASS_COUNT; c++)
        n += d->known[c];
    return n;
}

/* Returns the number of characters of UTF-8 s (its width on a terminal,
 * near enough). */
static int width(const char *s)
{
    int n = 0;

    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

/* A decoder's name for people (audit_name_human). */
typedef struct shown_name {
    char s[AUDIT_NAME_HUMAN_ROOM];
} shown_name;

/* Room for a cell of the table: three counts of at most 20 digits
 * (unsigned long), two slashes and the NUL need 63 bytes. */
#define CELL_ROOM 64

/* Writes the cell of d and class c ("agree/disagree/known") into
 * cell[0..CELL_ROOM); returns its length. */
static int table_cell(const audit_decoder *d, int c, char *cell)
{
    return snprintf(cell, CELL_ROOM, "%lu/%lu/%lu", d->agree[c], d->disagree[c], d->known[c]);
}

/* Returns the width of column c of the table of d[0..n): its longest cell
 * or its name. (Asked for each cell printed rather than kept in an array:
 * a few dozen rows at most, and no width can be left unset.) */
static int column_width(audit_decoder *const *d, size_t n, int c)
{
    int w = (int)strlen(audit_class_name(c));

    for (size_t i = 0; i < n; i++) {
        char cell[CELL_ROOM];
        int l;

        if (d[i]->unavailable)
            continue; /* its row has no cells */
        l = table_cell(d[i], c, cell);
        if (l > w)
            w = l;
    }
    return w;
}

void audit_print_table(FILE *f, audit_decoder *const *d, size_t n)
{
    char hex[200];
    int wname = 7;
    shown_name *nm = calloc(n ? n : 1, sizeof *nm);

    if (nm == NULL) {
        fprintf(stderr, "u8guard audit: out of memory\n");
        return;
    }
    for (size_t i = 0; i < n; i++) {
        (void)audit_name_human(d[i]->name, nm[i].s, sizeof nm[i].s);
        if (width(nm[i].s) > wname)
            wname = width(nm[i].s);
    }
    fprintf(f, "Each cell: agree/disagree/known divergence, for the inputs of "
               "each class:\nvalid; special (valid, with a noncharacter, U+0000 or "
               "U+10FFFF); the kind of\nthe first error (unexpected = "
               "unexpected_continuation, bad_cont = bad_continuation);\n"
               "cesu-8 (a surrogate pair); 5/6-byte (a lead F8..FD); block "
               "(an error at a\n16/32/64-byte block boundary).\n\n");
    fprintf(f, "%-*s", wname, "decoder");
    for (int c = 0; c < CLASS_COUNT; c++)
        fprintf(f, " %*s", column_width(d, n, c), audit_class_name(c));
    fprintf(f, "  status\n");
    for (size_t i = 0; i < n; i++) {
        /* padded by characters, not bytes */
        fprintf(f, "%s%*s", nm[i].s, wname - width(nm[i].s), "");
        if (d[i]->unavailable) {
            fprintf(f, " unavailable: %s\n", d[i]->unavailable);
            continue;
        }
        for (int c = 0; c < CLASS_COUNT; c++) {
            char cell[CELL_ROOM];
            (void)table_cell(d[i], c, cell);
            fprintf(f, " %*s", column_width(d, n, c), cell);
        }
        fprintf(f, "  %s\n", audit_status(d[i]));
    }
    for (size_t i = 0; i < n; i++) {
        if (d[i]->unavailable)
            continue;
        if (d[i]->not_run)
            fprintf(f, "\n%s: %lu inputs not run: it hung %lu times (each hang "
                       "costs the whole --timeout-ms)\n",
                    nm[i].s, d[i]->not_run, d[i]->hangs);
        if (d[i]->n_known) {
            fprintf(f, "\n%s: known divergences (oracle/DIVERGENCES.md); first "
                       "minimal example of each:\n", nm[i].s);
            for (size_t k = 0; k < d[i]->n_known; k++) {
                const audit_example *e = &d[i]->known_examples[k];
                fprintf(f, "  %s, %lu inputs: [%s]\n    hex:     %s\n"
                           "    u8guard: %s\n    %-8s %s\n",
                        d[i]->known_id[k], d[i]->known_count[k],
                        audit_class_name(e->cls),
                        e->data == NULL ? "(not kept)"
                        : e->len ? audit_hex(e->data, e->len, hex, sizeof hex)
                                 : "(empty)",
                        e->ours, nm[i].s, e->theirs);
            }
        }
        if (d[i]->n_examples == 0)
            continue;
        fprintf(f, "\n%s: %lu disagreements in %lu cases; first minimal example of each kind:\n",
                nm[i].s, total_disagree(d[i]), d[i]->cases);
        for (size_t k = 0; k < d[i]->n_examples; k++) {
            const audit_example *e = &d[i]->examples[k];
            fprintf(f, "  [%s] %s\n    hex:     %s\n    u8guard: %s\n    %-8s %s\n",
                    audit_class_name(e->cls), e->why,
                    e->len ? audit_hex(e->data, e->len, hex, sizeof hex) : "(empty)",
                    e->ours, nm[i].s, e->theirs);
        }
    }
    free(nm);
}

/* Prints e[0..n) as JSON objects separated by ", " (hex[0..cap) is
 * scratch). */
static void print_examples(FILE *f, const audit_example *e, size_t n,
                           char *hex, size_t cap)
{
    for (size_t k = 0; k < n; k++) {
        fprintf(f, "%s{\"class\": ", k ? ", " : "");
        audit_json_str(f, audit_class_name(e[k].cls));
        fprintf(f, ", \"why\": ");
        audit_json_str(f, e[k].why);
        fprintf(f, ", \"hex\": ");
        audit_json_str(f, e[k].data ? audit_hex(e[k].data, e[k].len, hex, cap) : "");
        fprintf(f, ", \"ours\": ");
        audit_json_str(f, e[k].ours);
        fprintf(f, ", \"theirs\": ");
        audit_json_str(f, e[k].theirs);
        fprintf(f, "}");
    }
}

void audit_print_json(FILE *f, audit_decoder *const *d, size_t n, uint64_t seed)
{
    char hex[AUDIT_HEX_ROOM(AUDIT_MAX_INPUT)];

    for (size_t i = 0; i < n; i++) {
        const audit_decoder *x = d[i];
        fprintf(f, "{");
        audit_json_name(f, "decoder", x->name);
        fprintf(f, ", \"what\": ");
        audit_json_str(f, x->what);
        fprintf(f, ", \"status\": ");
        audit_json_str(f, audit_status(x));
        if (x->unavailable) {
            fprintf(f, ", \"reason\": ");
            audit_json_str(f, x->unavailable);
        }
        fprintf(f, ", \"seed\": %llu, \"cases\": %lu, \"agreements\": %lu, "
                   "\"disagreements\": %lu, \"known_divergences\": {",
                (unsigned long long)seed, x->cases,
                x->cases - total_disagree(x) - total_known(x), total_disagree(x));
        for (size_t k = 0; k < x->n_known; k++) {
            fprintf(f, "%s", k ? ", " : "");
            audit_json_str(f, x->known_id[k]);
            fprintf(f, ": %lu", x->known_count[k]);
        }
        fprintf(f, "}, \"not_run\": %lu, \"classes\": {", x->not_run);
        for (int c = 0; c < CLASS_COUNT; c++) {
            fprintf(f, "%s", c ? ", " : "");
            audit_json_str(f, audit_class_name(c));
            fprintf(f, ": {\"agree\": %lu, \"disagree\": %lu, \"known\": %lu}",
                    x->agree[c], x->disagree[c], x->known[c]);
        }
        fprintf(f, "}, \"examples\": [");
        print_examples(f, x->examples, x->n_examples, hex, sizeof hex);
        fprintf(f, "], \"known_examples\": [");
        print_examples(f, x->known_examples, x->n_known, hex, sizeof hex);
        fprintf(f, "]}\n");
    }
}
