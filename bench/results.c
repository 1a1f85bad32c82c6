/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* results.c -- the records of a run, printed as a table and as JSON. */
#include "results.h"
#include "support/json.h"

#include <stdlib.h>
#include <string.h>

static bench_record *recs;
static size_t n_recs, cap_recs;

int results_add(const bench_record *r)
{
    if (n_recs == cap_recs) {
        size_t ncap = cap_recs ? cap_recs * 2 : 256;
        bench_record *t = realloc(recs, ncap * sizeof *t);
        if (!t)
            return -1;
        recs = t;
        cap_recs = ncap;
    }
    recs[n_recs++] = *r;
    return 0;
}

size_t results_count(void)
{
    return n_recs;
}

size_t results_problems(void)
{
    size_t k = 0;

    for (size_t i = 0; i < n_recs; i++)
        k += recs[i].status != REC_OK;
    return k;
}

void results_free(void)
{
    free(recs);
    recs = NULL;
    n_recs = cap_recs = 0;
}

static const bench_record *find(const char *size, const char *input,
                                bench_op op, const char *column)
{
    for (size_t i = 0; i < n_recs; i++)
        if (recs[i].op == op && strcmp(recs[i].size, size) == 0 &&
            strcmp(recs[i].input, input) == 0 && strcmp(recs[i].column, column) == 0)
            return &recs[i];
    return NULL;
}

/* Speed of a record: GB/s, or strings per microsecond for short strings
 * (so that bigger is faster in both cases and ratios read the same). */
static double speed(const bench_record *r)
{
    if (!r || r->status != REC_OK || r->best_s <= 0)
        return 0;
    if (r->strings)
        return (double)r->strings / (r->best_s * 1e9);
    return (double)r->bytes / r->best_s / 1e9;
}

/* The figure printed: GB/s, or ns per string. */
static double shown(const bench_record *r)
{
    if (r->strings)
        return r->best_s * 1e9 / (double)r->strings;
    return (double)r->bytes / r->best_s / 1e9;
}

/* A list of distinct strings, in first-seen order. */
typedef struct names {
    const char *v[128];
    size_t n;
} names;

static void names_add(names *s, const char *x)
{
    for (size_t i = 0; i < s->n; i++)
        if (strcmp(s->v[i], x) == 0)
            return;
    if (s->n < sizeof s->v / sizeof s->v[0])
        s->v[s->n++] = x;
}

static void print_cell(FILE *f, int width, const bench_record *r,
                       const bench_record *ref, bool is_ref_column)
{
    char cell[64];

    if (!r)
        snprintf(cell, sizeof cell, "-");
    else if (r->status == REC_MISMATCH)
        snprintf(cell, sizeof cell, "MISMATCH");
    else if (r->status != REC_OK)
        snprintf(cell, sizeof cell, "failed");
    else if (is_ref_column || speed(ref) <= 0)
        snprintf(cell, sizeof cell, "%7.2f", shown(r));
    else
        snprintf(cell, sizeof cell, "%7.2f %5.2fx", shown(r), speed(r) / speed(ref));
    fprintf(f, " %*s", width, cell);
}

/* u8guard's time over memcpy's on the same input in the same run (the
 * memcpy-ratio column: 1.00 = as fast as copying the input; simdutf's
 * is 1.4 on 64-byte ASCII strings), or 0 when either is missing. */
static double memcpy_ratio(const bench_record *u)
{
    const bench_record *m = u ? find(u->size, u->input, OP_REFERENCE, "memcpy") : NULL;

    return speed(u) > 0 && speed(m) > 0 ? speed(m) / speed(u) : 0;
}

static void print_section(FILE *f, const char *size, bench_op op,
                          const char *auto_column)
{
    names cols = {{0}, 0}, rows = {{0}, 0};
    char head[64];
    int width[130];
    size_t max_reps = 0, min_reps = SIZE_MAX;

    for (size_t i = 0; i < n_recs; i++) {
        if (strcmp(recs[i].size, size) != 0 || recs[i].op != op)
            continue;
        names_add(&rows, recs[i].input);
        names_add(&cols, recs[i].column);
        if (recs[i].status == REC_OK) {
            max_reps = recs[i].reps > max_reps ? recs[i].reps : max_reps;
            min_reps = recs[i].reps < min_reps ? recs[i].reps : min_reps;
        }
    }
    if (rows.n == 0)
        return;
    /* The bandwidth references, as the last columns. */
    names_add(&cols, "memcpy");
    if (op == OP_VALIDATE)
        names_add(&cols, "memchr");
    bool is_short = strcmp(size, "short") == 0;
    fprintf(f, "\n-- %s, %s: %s; t/memcpy = u8guard's time / memcpy's; best of %zu..%zu calls\n",
            size, bench_op_name(op),
            is_short ? "ns per string (smaller is faster), ratio = speed / u8guard's"
                     : "GB/s, ratio = speed / u8guard's",
            min_reps == SIZE_MAX ? 0 : min_reps, max_reps);
    fprintf(f, "%-15s", "input");
    snprintf(head, sizeof head, "u8guard(%s)", strchr(auto_column, '-') ? strchr(auto_column, '-') + 1 : auto_column);
    width[0] = (int)(strlen(head) > 7 ? strlen(head) : 7);
    fprintf(f, " %*s %8s", width[0], head, "t/memcpy");
    for (size_t c = 0; c < cols.n; c++) {
        size_t w = strlen(cols.v[c]);
        width[c + 1] = (int)(w > 13 ? w : 13);
        fprintf(f, " %*s", width[c + 1], cols.v[c]);
    }
    fprintf(f, "\n");
    for (size_t r = 0; r < rows.n; r++) {
        const bench_record *ref = find(size, rows.v[r], op, auto_column);
        fprintf(f, "%-15s", rows.v[r]);
        print_cell(f, width[0], ref, ref, true);
        if (memcpy_ratio(ref) > 0)
            fprintf(f, " %8.2f", memcpy_ratio(ref));
        else
            fprintf(f, " %8s", "-");
        for (size_t c = 0; c < cols.n; c++) {
            const bench_record *x = find(size, rows.v[r], op, cols.v[c]);
            if (!x)
                x = find(size, rows.v[r], OP_REFERENCE, cols.v[c]);
            print_cell(f, width[c + 1], x, ref, false);
        }
        fprintf(f, "\n");
    }
}

void results_print_table(FILE *f, const char *auto_column)
{
    names sizes = {{0}, 0};

    for (size_t i = 0; i < n_recs; i++)
        names_add(&sizes, recs[i].size);
    for (size_t s = 0; s < sizes.n; s++) {
        fprintf(f, "\n==== %s inputs\n", sizes.v[s]);
        for (int op = OP_VALIDATE; op < OP_REFERENCE; op++)
            print_section(f, sizes.v[s], (bench_op)op, auto_column);
    }
    for (size_t i = 0; i < n_recs; i++)
        if (recs[i].status != REC_OK)
            fprintf(f, "%s: %s %s %s: %s\n",
                    recs[i].status == REC_MISMATCH ? "MISMATCH" : "FAILED",
                    recs[i].size, recs[i].input, recs[i].column, recs[i].note);
}

/* Prints "lo..hi" of u8guard's speed over the other column's speed (or of
 * u8guard's own figure when other is NULL) over the valid inputs of size,
 * and the inputs where the ratio is below goal. */
static void target_line(FILE *f, const char *what, const char *size, bench_op op,
                        bench_op other_op, const char *auto_column,
                        const char *other, double goal)
{
    double lo = 1e300, hi = 0;
    char below[512] = "";
    size_t used = 0, n = 0;

    for (size_t i = 0; i < n_recs; i++) {
        const bench_record *u = &recs[i];
        if (strcmp(u->size, size) != 0 || u->op != op || strcmp(u->column, auto_column) != 0 ||
            strstr(u->input, "+err") || u->status != REC_OK)
            continue;
        double v;
        if (other) {
            const bench_record *p = find(size, u->input, other_op, other);
            if (!p || speed(p) <= 0)
                continue;
            v = speed(u) / speed(p);
        } else {
            v = shown(u);
        }
        n++;
        lo = v < lo ? v : lo;
        hi = v > hi ? v : hi;
        if (v < goal && used < sizeof below - 40)
            used += (size_t)snprintf(below + used, sizeof below - used, " %s(%.2f)", u->input, v);
    }
    if (n == 0) {
        fprintf(f, "  %-44s [%s] no figures (peer missing?)\n", what, size);
        return;
    }
    fprintf(f, "  %-44s [%s] %.2f..%.2f%s, goal >= %.2f: %s%s\n", what, size, lo, hi,
            other ? "x" : " GB/s", goal, below[0] ? "NOT MET on" : "met", below);
}

/* simdutf 9.1.0's figures for 64-byte strings, measured natively on the
 * reference machine (AMD EPYC Zen 4, its "icelake" kernel; issue 15):
 * ns per string and the ratio of that to memcpy of the same strings. */
static const struct {
    const char *input;
    bench_op op;
    double ns, ratio; /* 0: not measured */
} SIMDUTF_SHORT[] = {
    {"short64-ascii", OP_VALIDATE, 2.9, 1.4},
    {"short64-mixed", OP_VALIDATE, 4.0, 2.1},
    {"short64-ascii", OP_UTF32, 9.7, 0},
};

/* The short-string targets: u8guard's time / memcpy's against simdutf's
 * (comparable across machines), and the ns per string beside simdutf's. */
static void short_targets(FILE *f, const char *auto_column)
{
    for (size_t i = 0; i < sizeof SIMDUTF_SHORT / sizeof SIMDUTF_SHORT[0]; i++) {
        const bench_record *u = find("short", SIMDUTF_SHORT[i].input, SIMDUTF_SHORT[i].op,
                                     auto_column);
        double r = memcpy_ratio(u);

        if (r <= 0) {
            fprintf(f, "  %-44s [short] no figures\n", SIMDUTF_SHORT[i].input);
            continue;
        }
        double ns = shown(u), goal = SIMDUTF_SHORT[i].ratio;
        char what[96];
        snprintf(what, sizeof what, "%s %s vs simdutf 9.1.0 (native)", SIMDUTF_SHORT[i].input,
                 bench_op_name(SIMDUTF_SHORT[i].op));
        if (goal > 0)
            fprintf(f, "  %-44s [short] %.2f ns, t/memcpy %.2f, goal <= %.2f (simdutf %.1f ns): %s\n",
                    what, ns, r, goal, SIMDUTF_SHORT[i].ns, r <= goal ? "met" : "NOT MET");
        else
            fprintf(f, "  %-44s [short] %.2f ns, t/memcpy %.2f, goal <= %.1f ns (simdutf; on its machine): %s\n",
                    what, ns, r, SIMDUTF_SHORT[i].ns, ns <= SIMDUTF_SHORT[i].ns ? "met" : "NOT MET");
    }
}

void results_print_targets(FILE *f, const char *auto_column)
{
    names sizes = {{0}, 0};

    for (size_t i = 0; i < n_recs; i++)
        names_add(&sizes, recs[i].size);
    fprintf(f, "\n==== targets (u8guard = %s; valid inputs; ratios are speed ratios)\n", auto_column);
    for (size_t s = 0; s < sizes.n; s++) {
        const char *z = sizes.v[s];
        if (strcmp(z, "short") == 0) {
            target_line(f, "short strings: u8guard / simdutf(node)", z, OP_VALIDATE,
                        OP_VALIDATE, auto_column, "simdutf(node)", 1.0);
            short_targets(f, auto_column);
            continue;
        }
        target_line(f, "validate: u8guard / simdutf(node)", z, OP_VALIDATE, OP_VALIDATE,
                    auto_column, "simdutf(node)", 1.0);
        target_line(f, "decode UTF-32 GB/s (simdutf: 2.9..6.7)", z, OP_UTF32, OP_UTF32,
                    auto_column, NULL, 2.9);
        target_line(f, "decode UTF-16 GB/s (simdutf: 2.9..16.5)", z, OP_UTF16, OP_UTF16,
                    auto_column, NULL, 2.9);
        target_line(f, "sanitize / memcpy", z, OP_SANITIZE, OP_REFERENCE, auto_column,
                    "memcpy", 0.8);
        /* The same pair with both flushed from the caches before each
         * call, interleaved (u8bench.c, measure_flushed_pair; 16 MiB+). */
        if (find(z, "ascii", OP_SANITIZE, "u8guard(flushed)") != NULL)
            target_line(f, "sanitize / memcpy, caches flushed", z, OP_SANITIZE, OP_REFERENCE,
                        "u8guard(flushed)", "memcpy(flushed)", 0.8);
        /* Issue 15: the stream fed 4 KiB at a time against one call. */
        target_line(f, "stream 4 KiB / one-shot, validate", z, OP_VALIDATE, OP_VALIDATE,
                    "u8g-stream4k", auto_column, 0.9);
        target_line(f, "stream 4 KiB / one-shot, sanitize", z, OP_SANITIZE, OP_SANITIZE,
                    "u8g-stream4k", auto_column, 0.9);
        target_line(f, "decode UTF-16: u8guard / icu-ucnv", z, OP_UTF16, OP_UTF16,
                    auto_column, "icu-ucnv", 20.0);
        target_line(f, "decode UTF-32: u8guard / iconv", z, OP_UTF32, OP_UTF32,
                    auto_column, "iconv", 20.0);
        /* Issue 13: lossy decoding and policy checking beside the strict
         * functions, and beside what a JavaScript user gets. */
        target_line(f, "lossy UTF-32 / strict UTF-32", z, OP_UTF32, OP_UTF32, "u8g-lossy",
                    auto_column, 0.9);
        target_line(f, "lossy UTF-16 / strict UTF-16", z, OP_UTF16, OP_UTF16, "u8g-lossy",
                    auto_column, 0.9);
        target_line(f, "lossy UTF-16 / node-TextDecoder(fatal)", z, OP_UTF16, OP_UTF16,
                    "u8g-lossy", "node-TextDecoder", 1.0);
        target_line(f, "deny=bidi / validate", z, OP_VALIDATE, OP_VALIDATE, "u8g-deny-bidi",
                    auto_column, 0.8);
        target_line(f, "deny=c0,c1 / validate", z, OP_VALIDATE, OP_VALIDATE, "u8g-deny-c0c1",
                    auto_column, 0.8);
        target_line(f, "deny=all / validate", z, OP_VALIDATE, OP_VALIDATE, "u8g-deny-all",
                    auto_column, 0.8);
    }
    /* simdutf's own transcoder is not on this machine (not packaged in
     * Debian 12, not on npm): its native figures are cited, not measured. */
    fprintf(f, "\n==== cited, NOT measured here: simdutf 9.1.0 native (AVX-512 \"icelake\"),\n"
               "     same kind of machine, issue 15 of this project (u8guard avx512 then in []):\n"
               "  validate 16 MiB ASCII                     67 GB/s   [48]\n"
               "  validate 64-byte strings, ascii / mixed   2.9 / 4.0 ns per string  [7.2 / 10.3]\n"
               "  convert_utf8_to_utf16le, 27 real texts    8.8 GB/s geomean  [7.7; ratio 0.87]\n"
               "  convert_utf8_to_utf16le, 1 MiB ascii/latin  u8guard / simdutf 0.86 / 0.75\n"
               "  convert_utf8_to_utf32, 1 MiB ascii          u8guard / simdutf 0.90\n"
               "  (lossy decoding runs at u8guard's strict speed, see the lines above: its ratio\n"
               "   to simdutf's strict conversion is about the strict one's)\n");
}

/* Writes s to f as a JSON string literal (a write error shows in the
 * fclose at the end). */
static void put_json(FILE *f, const char *s)
{
    (void)json_string(s, strlen(s), json_sink_file, f);
}

int results_write_json(const char *path, const char *machine_json)
{
    FILE *f = fopen(path, "w");

    if (!f) {
        fprintf(stderr, "u8bench: cannot write %s\n", path);
        return -1;
    }
    fprintf(f, "{\"machine\": %s,\n \"results\": [\n", machine_json);
    for (size_t i = 0; i < n_recs; i++) {
        const bench_record *r = &recs[i];
        fprintf(f, "  {\"size\": ");
        put_json(f, r->size);
        fprintf(f, ", \"input\": ");
        put_json(f, r->input);
        fprintf(f, ", \"op\": \"%s\", \"column\": ", bench_op_name(r->op));
        put_json(f, r->column);
        fprintf(f, ", \"bytes\": %zu, \"strings\": %zu, \"status\": \"%s\"", r->bytes,
                r->strings,
                r->status == REC_OK ? "ok" : r->status == REC_MISMATCH ? "mismatch" : "failed");
        if (r->status == REC_OK) {
            fprintf(f, ", \"best_s\": %.9g, \"median_s\": %.9g, \"reps\": %zu", r->best_s,
                    r->median_s, r->reps);
            if (r->strings)
                fprintf(f, ", \"ns_per_string_best\": %.4g, \"ns_per_string_median\": %.4g",
                        r->best_s * 1e9 / (double)r->strings,
                        r->median_s * 1e9 / (double)r->strings);
            else
                fprintf(f, ", \"gbps_best\": %.4g, \"gbps_median\": %.4g",
                        (double)r->bytes / r->best_s / 1e9,
                        (double)r->bytes / r->median_s / 1e9);
        } else {
            fprintf(f, ", \"note\": ");
            put_json(f, r->note);
        }
        fprintf(f, "}%s\n", i + 1 < n_recs ? "," : "");
    }
    fprintf(f, " ]}\n");
    if (fclose(f) != 0) {
        fprintf(stderr, "u8bench: error writing %s\n", path);
        return -1;
    }
    return 0;
}
