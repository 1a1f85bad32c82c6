/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* u8bench.c -- u8guard side by side with other UTF-8 decoders.
 *
 * Every decoder runs in this process (simdutf in a node child process) on
 * the same in-memory inputs. Before anything is timed, its verdict on the
 * input (valid or not, the error offset, the number of code units and a
 * hash of what it wrote) is checked against u8guard's scalar reference
 * and against where the error was planted: a wrong answer is reported as
 * MISMATCH, never timed. See bench/README.md.
 *
 * Exit status: 0 when every verdict was right and every cell measured, 1
 * when some decoder gave a wrong verdict or could not be measured (Node
 * failing on an input), 2 on a usage or set-up error. */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"
#include "hostile.h"
#include "inputs.h"
#include "machine.h"
#include "peer_node.h"
#include "peers.h"
#include "results.h"
#include "timing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef U8BENCH_SOURCE_DIR
#define U8BENCH_SOURCE_DIR "."
#endif

typedef struct options {
    bool quick, big, node;
    bool short_only;   /* --short-only: only the short-string rows */
    bool hostile_only; /* --hostile-only: only the hostile-input rows */
    const char *json;
    const char *corpus;
    const char *node_bin;
    double min_seconds;
    uint64_t seed;
} options;

static const char usage_text[] =
    "usage: u8bench [--quick] [--big] [--short-only] [--json FILE] [--min-time S]\n"
    "               [--corpus DIR|none] [--no-node] [--node PATH] [--seed N]\n"
    "               [--hostile-only]\n"
    "  --quick      tiny inputs, few calls: checks every verdict, not speed\n"
    "  --big        also 256 MiB inputs (slow with slow peers)\n"
    "  --short-only only the short strings (16, 64, 256 bytes; about a minute)\n"
    "  --json FILE  write every figure and the machine description to FILE\n"
    "  --min-time S time each cell for at least S seconds (default 0.2)\n"
    "  --corpus DIR real text (default /work/shared/textcorpus; none: generated only)\n"
    "  --no-node    leave out simdutf (Node's buffer.isUtf8) and TextDecoder\n"
    "  --node PATH  the node program (default: node on PATH)\n"
    "  --seed N     PRNG seed of generated inputs (default 20261122)\n"
    "  --hostile-only  only the hostile-input rows (error-dense inputs)\n";

static int parse(int argc, char **argv, options *o)
{
    memset(o, 0, sizeof *o);
    o->node = true;
    o->corpus = "/work/shared/textcorpus";
    o->node_bin = "node";
    o->min_seconds = -1;
    o->seed = 20261122;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        char *end;
        if (strcmp(a, "--quick") == 0) {
            o->quick = true;
        } else if (strcmp(a, "--big") == 0) {
            o->big = true;
        } else if (strcmp(a, "--short-only") == 0) {
            o->short_only = true;
        } else if (strcmp(a, "--hostile-only") == 0) {
            o->hostile_only = true;
        } else if (strcmp(a, "--no-node") == 0) {
            o->node = false;
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(usage_text, stdout);
            exit(0);
        } else if (v && strcmp(a, "--json") == 0) {
            o->json = v;
            i++;
        } else if (v && strcmp(a, "--corpus") == 0) {
            o->corpus = strcmp(v, "none") == 0 ? NULL : v;
            i++;
        } else if (v && strcmp(a, "--node") == 0) {
            o->node_bin = v;
            i++;
        } else if (v && strcmp(a, "--min-time") == 0) {
            o->min_seconds = strtod(v, &end);
            if (*end || end == v || !(o->min_seconds >= 0 && o->min_seconds <= 60)) {
                fprintf(stderr, "u8bench: --min-time wants seconds in 0..60, not '%s'\n", v);
                return -1;
            }
            i++;
        } else if (v && strcmp(a, "--seed") == 0) {
            o->seed = strtoull(v, &end, 0);
            if (*end || end == v) {
                fprintf(stderr, "u8bench: --seed wants a number, not '%s'\n", v);
                return -1;
            }
            i++;
        } else {
            fprintf(stderr, "u8bench: unknown or incomplete option '%s'\n%s", a, usage_text);
            return -1;
        }
    }
    if (o->min_seconds < 0)
        o->min_seconds = o->quick ? 0.002 : 0.2;
    return 0;
}

/* Everything one timed call needs. */
typedef struct call_ctx {
    const bench_fn *fn;
    const bench_input *in;
    const bench_buffers *buf;
    bool is_set;
} call_ctx;

static void call_once(void *p)
{
    const call_ctx *c = p;
    bench_result r;

    if (c->is_set) {
        uint64_t ok = 0;
        for (size_t i = 0; i < c->in->len; i += c->in->str_len) {
            c->fn->run(c->in->data + i, c->in->str_len, c->buf, &r);
            ok += r.valid;
        }
        bench_sink_add(ok);
    } else {
        c->fn->run(c->in->data, c->in->len, c->buf, &r);
        bench_sink_add(r.valid + r.err_offset + r.n_out);
    }
}

/* Checks that the n_out units fn wrote to b (the whole input's output)
 * are the expected ones. Returns NULL when they are, else note. */
static const char *check_output(const bench_fn *fn, const bench_input *in,
                                const bench_buffers *b, size_t n_out, char *note, size_t size)
{
    size_t want = fn->op == OP_UTF32 ? in->n_u32 : fn->op == OP_UTF16 ? in->n_u16
                                                                      : in->sanitized_len;
    if (n_out != want) {
        snprintf(note, size, "wrote %zu units, expected %zu", n_out, want);
        return note;
    }
    bool same = fn->op == OP_UTF32   ? inputs_hash(b->u32, want * 4) == in->hash_u32
                : fn->op == OP_UTF16 ? inputs_hash(b->u16, want * 2) == in->hash_u16
                                     : in->valid && memcmp(b->u8, in->data, in->len) == 0;
    if (!same) {
        snprintf(note, size, "wrote the right number of units but different ones");
        return note;
    }
    return NULL;
}

/* Checks fn's verdict on a set of short strings (all valid): each string
 * must be accepted, and, for the functions that write, the outputs of
 * the strings one after another must be the whole input's output (the
 * strings hold whole characters). Returns NULL or note. */
static const char *verify_set(const bench_fn *fn, const bench_input *in,
                              const bench_buffers *b, char *note, size_t size)
{
    bench_buffers at = *b;
    bench_result r;
    size_t o = 0;
    bool writes = fn->has_count && fn->op != OP_REFERENCE;

    for (size_t i = 0; i < in->len; i += in->str_len) {
        at.u32 = b->u32 + o;
        at.u16 = b->u16 + o;
        at.u8 = b->u8 + o;
        at.cap = b->cap - o;
        fn->run(in->data + i, in->str_len, &at, &r);
        if (!r.valid) {
            snprintf(note, size, "rejected the valid string at %zu", i);
            return note;
        }
        if (writes) {
            if (r.n_out > in->str_len) {
                snprintf(note, size, "wrote %zu units for the string at %zu", r.n_out, i);
                return note;
            }
            o += r.n_out;
        }
    }
    return writes ? check_output(fn, in, b, o, note, size) : NULL;
}

/* Checks fn's verdict on in. Returns NULL when it is right, else writes
 * what is wrong into note and returns note. */
static const char *verify(const bench_fn *fn, const bench_input *in,
                          const bench_buffers *b, bool is_set, char *note, size_t size)
{
    bench_result r;

    if (is_set)
        return verify_set(fn, in, b, note, size);
    fn->run(in->data, in->len, b, &r);
    if (fn->op == OP_REFERENCE) {
        if (!r.valid) {
            snprintf(note, size, "the absent byte was found");
            return note;
        }
        return NULL;
    }
    if (r.valid != in->valid) {
        snprintf(note, size, "said %s, the input is %s (first error at %zu)",
                 r.valid ? "valid" : "invalid", in->valid ? "valid" : "invalid",
                 in->err_offset);
        return note;
    }
    if (!r.valid && fn->has_offset && r.err_offset != in->err_offset) {
        if (r.err_offset == BENCH_UNKNOWN)
            snprintf(note, size, "could not say where the error is (at %zu)", in->err_offset);
        else
            snprintf(note, size, "error at %zu, expected %zu", r.err_offset, in->err_offset);
        return note;
    }
    if (!fn->has_count)
        return NULL;
    return check_output(fn, in, b, r.n_out, note, size);
}

static void record_start(bench_record *rec, const char *size, const bench_input *in,
                         bench_op op, const char *column, bool is_set)
{
    memset(rec, 0, sizeof *rec);
    snprintf(rec->size, sizeof rec->size, "%s", size);
    snprintf(rec->input, sizeof rec->input, "%s", in->name);
    snprintf(rec->column, sizeof rec->column, "%s", column);
    rec->op = op;
    rec->bytes = in->len;
    rec->strings = is_set ? in->len / in->str_len : 0;
}

static void add_record(const bench_record *rec)
{
    if (results_add(rec) != 0)
        fprintf(stderr, "u8bench: out of memory: a result is lost\n");
}

/* Runs the Node side on in and records simdutf's and TextDecoder's cells. */
static void measure_node(const options *o, const char *size, const bench_input *in, bool is_set)
{
    node_report nr;
    bench_record rec;

    record_start(&rec, size, in, OP_VALIDATE, "simdutf(node)", is_set);
    if (node_measure(in, is_set, o->min_seconds, &nr) != 0) {
        rec.status = REC_FAILED;
        snprintf(rec.note, sizeof rec.note, "node did not report (see messages above)");
        add_record(&rec);
        return;
    }
    if (nr.is_utf8.valid != in->valid) {
        rec.status = REC_MISMATCH;
        snprintf(rec.note, sizeof rec.note, "isUtf8 said %s", nr.is_utf8.valid ? "valid" : "invalid");
    }
    rec.best_s = nr.is_utf8.best_s;
    rec.median_s = nr.is_utf8.median_s;
    rec.reps = nr.is_utf8.reps;
    add_record(&rec);
    if (is_set || !nr.text_decoder.present)
        return;
    record_start(&rec, size, in, OP_UTF16, "node-TextDecoder", false);
    if (nr.text_decoder.valid != in->valid) {
        rec.status = REC_MISMATCH;
        snprintf(rec.note, sizeof rec.note, "TextDecoder(fatal) %s",
                 nr.text_decoder.valid ? "accepted it" : "threw");
    } else if (in->valid && nr.text_decoder.units != in->n_u16) {
        rec.status = REC_MISMATCH;
        snprintf(rec.note, sizeof rec.note, "string of %zu units, expected %zu",
                 nr.text_decoder.units, in->n_u16);
    }
    rec.best_s = nr.text_decoder.best_s;
    rec.median_s = nr.text_decoder.median_s;
    rec.reps = nr.text_decoder.reps;
    add_record(&rec);
}

/* Verifies and times every function (and Node) on one input. */
static void measure_input(const options *o, const char *size, const bench_input *in,
                          bool is_set, const bench_fn *fns, size_t n_fns,
                          const bench_buffers *b, bool with_node)
{
    timing_plan plan = {o->min_seconds, o->quick ? 1 : 3, 100000};

    fprintf(stderr, "u8bench: %s %s (%zu bytes)\n", size, in->name, in->len);
    for (size_t i = 0; i < n_fns; i++) {
        const bench_fn *fn = &fns[i];
        bench_record rec;
        char note[200];

        /* Short strings: every operation (all strings are valid) and
         * memcpy/memchr of each string, the same calls a caller makes. */
        if (fn->op == OP_SANITIZE && !in->valid)
            continue;
        record_start(&rec, size, in, fn->op, fn->name, is_set);
        if (!u8guard_set_impl(fn->impl)) {
            rec.status = REC_FAILED;
            snprintf(rec.note, sizeof rec.note, "u8guard_set_impl(%s) refused",
                     u8guard_impl_name(fn->impl));
        } else if (verify(fn, in, b, is_set, note, sizeof note)) {
            rec.status = REC_MISMATCH;
            snprintf(rec.note, sizeof rec.note, "%s", note);
        } else {
            call_ctx ctx = {fn, in, b, is_set};
            timing_stats st;
            if (timing_measure(call_once, &ctx, &plan, &st) != 0) {
                rec.status = REC_FAILED;
                snprintf(rec.note, sizeof rec.note, "out of memory for the samples");
            }
            rec.best_s = st.best;
            rec.median_s = st.median;
            rec.reps = st.reps;
        }
        add_record(&rec);
    }
    u8guard_set_impl(U8GUARD_IMPL_AUTO);
    if (with_node)
        measure_node(o, size, in, is_set);
}

/* Inputs from this size on also get measure_flushed_pair (sanitize's
 * own threshold for non-temporal stores, src/sanitize.c, is 2 MiB). */
#define OUT_OF_CACHE_BYTES ((size_t)2 << 20)

/* memcpy through a volatile pointer: the call stays opaque. */
static void *(*volatile memcpy_ref)(void *, const void *, size_t) = memcpy;

/* Writes back and drops every line of p[0..n) from the caches. */
static void flush_lines(const void *p, size_t n)
{
#if defined(__x86_64__) || defined(__i386__)
    for (size_t i = 0; i < n; i += 64)
        __builtin_ia32_clflush((const char *)p + i);
    __builtin_ia32_mfence();
#else
    (void)p;
    (void)n;
#endif
}

/* Sanitize of an input larger than the caches against memcpy of it,
 * treated alike: the same input and output buffers, both flushed from
 * the caches before each call, the two calls interleaved round by round
 * (best of the rounds). The cells above time each function back to back
 * on itself, some time apart: there memcpy of 16 MiB into 16 MiB may find
 * its 32 MiB still in a last-level cache of that size, or not, from one
 * run to the next, while a sanitizer with non-temporal stores never
 * does; and a loaded machine can slow one cell and not the other.
 * Recorded as the columns "u8guard(flushed)" and "memcpy(flushed)"; x86
 * only (elsewhere nothing is flushed and the pair is not run). */
static void measure_flushed_pair(const options *o, const char *size, const bench_input *in,
                                 const bench_buffers *b)
{
#if defined(__x86_64__) || defined(__i386__)
    bench_record rec;
    double best[2] = {1e300, 1e300}, start = timing_now(), t0, t;
    size_t rounds = 0, n_errors = 0, n = 0;

    if (o->quick || !in->valid)
        return;
    u8guard_set_impl(U8GUARD_IMPL_AUTO);
    while (rounds < 5 || (timing_now() - start < 2 * o->min_seconds && rounds < 200)) {
        for (int k = 0; k < 2; k++) {
            int which = (int)(rounds & 1) ? 1 - k : k; /* sanitize first in even rounds */
            flush_lines(in->data, in->len);
            flush_lines(b->u8, in->len + 16);
            t0 = timing_now();
            if (which == 0)
                n = u8guard_sanitize(in->data, in->len, b->u8, b->cap + 16, &n_errors);
            else
                memcpy_ref(b->u8, in->data, in->len);
            t = timing_now() - t0;
            best[which] = t < best[which] ? t : best[which];
        }
        rounds++;
    }
    bench_sink_add(n + n_errors);
    for (int k = 0; k < 2; k++) {
        record_start(&rec, size, in, k == 0 ? OP_SANITIZE : OP_REFERENCE,
                     k == 0 ? "u8guard(flushed)" : "memcpy(flushed)", false);
        if (k == 0 && (n != in->len || n_errors != 0 || memcmp(b->u8, in->data, in->len) != 0)) {
            rec.status = REC_MISMATCH;
            snprintf(rec.note, sizeof rec.note, "sanitize changed a valid input");
        }
        rec.best_s = best[k];
        rec.median_s = best[k];
        rec.reps = rounds;
        add_record(&rec);
    }
#else
    (void)o;
    (void)size;
    (void)in;
    (void)b;
#endif
}

/* Makes each class at size, runs everything on it, then on the same input
 * with one planted error. Returns -1 on a set-up failure. */
static int run_size(const options *o, size_t size, const char *label, const bench_fn *fns,
                    size_t n_fns, const bench_buffers *b, bool with_node)
{
    for (size_t c = 0; c < inputs_class_count(); c++) {
        bench_input in;
        input_undo undo;
        int rc = inputs_make(c, size, o->corpus, o->seed, &in);
        if (rc > 0)
            continue; /* corpus-only class without the corpus: said on stderr */
        if (rc < 0 || inputs_set_expectations(&in) != 0 || !in.valid) {
            fprintf(stderr, "u8bench: could not make a valid %s input\n", inputs_class_name(c));
            inputs_free(&in);
            return -1;
        }
        measure_input(o, label, &in, false, fns, n_fns, b, with_node);
        if (size >= OUT_OF_CACHE_BYTES)
            measure_flushed_pair(o, label, &in, b);
        if (inputs_plant_error(&in, &undo) != 0) {
            inputs_free(&in);
            return -1;
        }
        size_t planted = in.err_offset;
        if (inputs_set_expectations(&in) != 0 || in.valid || in.err_offset != planted ||
            u8guard_count_errors(in.data, in.len) != 1) {
            fprintf(stderr, "u8bench: planting one error at %zu in %s failed\n", planted, in.name);
            inputs_free(&in);
            return -1;
        }
        measure_input(o, label, &in, false, fns, n_fns, b, with_node);
        inputs_restore(&in, &undo);
        inputs_free(&in);
    }
    return 0;
}

static int run_short(const options *o, const bench_fn *fns, size_t n_fns,
                     const bench_buffers *b, bool with_node)
{
    static const size_t lens[] = {16, 64, 256};
    size_t total = o->quick ? 16384 : 1u << 20;

    for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++) {
        for (int mixed = 0; mixed < 2; mixed++) {
            bench_input in;
            if (inputs_make_short(mixed, lens[l], total / lens[l], o->seed, &in) != 0 ||
                inputs_set_expectations(&in) != 0 || !in.valid) {
                fprintf(stderr, "u8bench: could not make short strings of %zu bytes\n", lens[l]);
                inputs_free(&in);
                return -1;
            }
            measure_input(o, "short", &in, true, fns, n_fns, b, with_node);
            inputs_free(&in);
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    options o;
    machine_info m;
    bench_buffers b;
    size_t sizes[3], n_sizes = 0, max = 0, n_fns;
    const char *labels[3];
    const bench_fn *fns;
    const char *node_why = NULL;
    char auto_column[32], extra[512], json[4096];
    int status = 0;

    if (parse(argc, argv, &o) != 0)
        return 2;
    if (o.hostile_only) {
        int rc = hostile_run(stdout, o.quick ? 256u << 10 : 16u << 20, o.min_seconds, o.seed);
        return rc < 0 ? 2 : rc;
    }
    if (o.quick) {
        sizes[n_sizes] = 256u << 10;
        labels[n_sizes++] = "256KiB";
    } else {
        sizes[n_sizes] = 1u << 20;
        labels[n_sizes++] = "1MiB";
        sizes[n_sizes] = 16u << 20;
        labels[n_sizes++] = "16MiB";
        if (o.big) {
            sizes[n_sizes] = 256u << 20;
            labels[n_sizes++] = "256MiB";
        }
    }
    for (size_t i = 0; i < n_sizes; i++)
        max = sizes[i] > max ? sizes[i] : max;
    max = max < (1u << 20) ? 1u << 20 : max; /* the short-string sets */

    machine_probe(&m);
    snprintf(auto_column, sizeof auto_column, "u8g-%s", m.impl);
    if (peers_open() != 0)
        return 2;
    fns = peers_list(&n_fns);
    if (!fns) {
        fprintf(stderr, "u8bench: out of memory\n");
        return 2;
    }
    if (o.node && (node_why = node_init(o.node_bin, U8BENCH_SOURCE_DIR "/node_isutf8.mjs")))
        fprintf(stderr, "u8bench: no simdutf figures: %s\n", node_why);
    bool with_node = o.node && !node_why;

    b.cap = max;
    b.u32 = malloc(max * sizeof *b.u32);
    b.u16 = malloc(max * sizeof *b.u16);
    b.u8 = malloc(max + 16 + BENCH_STREAM_SLACK);
    if (!b.u32 || !b.u16 || !b.u8) {
        fprintf(stderr, "u8bench: out of memory for the output buffers\n");
        status = 2;
        goto done;
    }
    /* Touch every page now so no measurement pays for first faults. */
    memset(b.u32, 0, max * sizeof *b.u32);
    memset(b.u16, 0, max * sizeof *b.u16);
    memset(b.u8, 0, max + 16 + BENCH_STREAM_SLACK);

    for (size_t i = 0; i < n_sizes && status == 0 && !o.short_only; i++)
        if (run_size(&o, sizes[i], labels[i], fns, n_fns, &b, with_node) != 0)
            status = 2;
    if (status == 0 && run_short(&o, fns, n_fns, &b, with_node) != 0)
        status = 2;

    snprintf(extra, sizeof extra, "peers missing: %s; simdutf: %s; corpus: %s",
             peers_missing()[0] ? peers_missing() : "none",
             with_node ? node_version() : (o.node ? node_why : "left out (--no-node)"),
             o.corpus ? o.corpus : "none (generated text)");
    printf("u8bench: u8guard and peers on the same inputs (README: bench/README.md)\n");
    machine_print(&m, extra);
    results_print_table(stdout, auto_column);
    results_print_targets(stdout, auto_column);
    {
        int rc = hostile_run(stdout, o.quick ? 256u << 10 : 16u << 20, o.min_seconds, o.seed);
        if (rc != 0 && status == 0)
            status = rc < 0 ? 2 : 1;
    }
    if (o.json) {
        const char *ex[] = {"peers_missing", peers_missing(), "simdutf",
                            with_node ? node_version() : "missing", "corpus",
                            o.corpus ? o.corpus : "none", "mode",
                            o.quick ? "quick" : o.short_only ? "short-only" : o.big ? "big" : "default", NULL};
        if (results_write_json(o.json, machine_json(&m, ex, json, sizeof json)) != 0)
            status = 2;
    }
    if (status == 0 && results_problems() > 0) {
        printf("\nu8bench: %zu cells have a wrong verdict or no figure (MISMATCH/FAILED above)\n",
               results_problems());
        status = 1;
    }

done:
    free(b.u32);
    free(b.u16);
    free(b.u8);
    results_free();
    peers_close();
    node_cleanup();
    return status;
}
