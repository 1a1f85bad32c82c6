/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* hostile.c -- u8bench's hostile-input rows: error-dense inputs, where
 * nearly every byte is an error, through u8guard_count_errors, a loop of
 * u8guard_next_error and u8guard_sanitize, for every implementation the
 * machine supports (bench/README.md, "Hostile input").
 *
 * Before timing, each implementation's answers are checked against the
 * scalar reference's on the same input: the error count, a hash of every
 * (offset, length, kind) the iteration gives, and the sanitized output's
 * length and hash. A difference is printed as MISMATCH and counted. */
#include "hostile.h"
#include "timing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N_PATTERNS 4
static const char *const PATTERN_NAMES[N_PATTERNS] = {"e0", "ed_a0_80", "80", "random"};

/* Fills p[0..len) with pattern k (random: splitmix64 from seed). */
static void make_pattern(int k, uint8_t *p, size_t len, uint64_t seed)
{
    static const uint8_t surrogate[3] = {0xED, 0xA0, 0x80};
    size_t i;

    for (i = 0; i < len; i++) {
        switch (k) {
        case 0:
            p[i] = 0xE0;
            break;
        case 1:
            p[i] = surrogate[i % 3];
            break;
        case 2:
            p[i] = 0x80;
            break;
        default: {
            uint64_t z = (seed += 0x9E3779B97F4A7C15ull);
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
            p[i] = (uint8_t)(z ^ (z >> 31));
        }
        }
    }
}

enum { H_COUNT, H_NEXT, H_SANITIZE, H_OPS };
static const char *const OP_NAMES[H_OPS] = {"count_errors", "next_error loop", "sanitize"};

/* What one implementation says about one input. */
struct answer {
    size_t count, iter_count, san_len, san_errors;
    uint64_t iter_hash, san_hash;
};

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const uint8_t *b = p;
    size_t i;

    for (i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001B3ull;
    return h;
}

struct ctx {
    int op;
    const uint8_t *p;
    size_t len;
    uint8_t *out;
    size_t out_cap;
};

static volatile uint64_t sink;

static void run_op(void *v)
{
    const struct ctx *c = v;
    size_t pos = 0, n = 0, e = 0;
    u8guard_error err;

    switch (c->op) {
    case H_COUNT:
        sink += u8guard_count_errors(c->p, c->len);
        break;
    case H_NEXT:
        while (u8guard_next_error(c->p, c->len, &pos, &err))
            n += err.length;
        sink += n;
        break;
    default:
        sink += u8guard_sanitize(c->p, c->len, c->out, c->out_cap, &e) + e;
    }
}

static void answer_of(const uint8_t *p, size_t len, uint8_t *out, size_t cap,
                      struct answer *a)
{
    size_t pos = 0;
    u8guard_error e;
    uint64_t rec[3];

    memset(a, 0, sizeof *a);
    a->count = u8guard_count_errors(p, len);
    a->iter_hash = 0xCBF29CE484222325ull;
    while (u8guard_next_error(p, len, &pos, &e)) {
        rec[0] = e.offset;
        rec[1] = e.length;
        rec[2] = (uint64_t)e.kind;
        a->iter_hash = fnv(a->iter_hash, rec, sizeof rec);
        a->iter_count++;
    }
    a->san_len = u8guard_sanitize(p, len, out, cap, &a->san_errors);
    a->san_hash = fnv(0xCBF29CE484222325ull, out, a->san_len <= cap ? a->san_len : 0);
}

int hostile_run(FILE *f, size_t len, double min_seconds, uint64_t seed)
{
    static const u8guard_impl impls[] = {U8GUARD_IMPL_SCALAR, U8GUARD_IMPL_WORD,
                                         U8GUARD_IMPL_SSE42,  U8GUARD_IMPL_AVX2,
                                         U8GUARD_IMPL_AVX512, U8GUARD_IMPL_NEON};
    enum { N_IMPLS = sizeof impls / sizeof impls[0] };
    double mbs[N_PATTERNS][H_OPS][N_IMPLS];
    double copy_mbs[N_PATTERNS];
    bool bad[N_PATTERNS][H_OPS][N_IMPLS];
    size_t errors[N_PATTERNS];
    size_t cap = 3 * len + 16, problems = 0;
    uint8_t *in = malloc(len), *out = malloc(cap);
    timing_plan plan = {min_seconds, 2, 10000};
    timing_stats st;
    struct answer ref, got;
    int k, op;
    size_t i;

    if (!in || !out) {
        free(in);
        free(out);
        fprintf(stderr, "u8bench: out of memory for the hostile inputs\n");
        return -1;
    }
    memset(out, 0, cap);
    memset(mbs, 0, sizeof mbs);
    memset(bad, 0, sizeof bad);
    for (k = 0; k < N_PATTERNS; k++) {
        make_pattern(k, in, len, seed);
        fprintf(stderr, "u8bench: hostile %s (%zu bytes)\n", PATTERN_NAMES[k], len);
        u8guard_set_impl(U8GUARD_IMPL_SCALAR);
        answer_of(in, len, out, cap, &ref);
        errors[k] = ref.count;
        {
            double best = 1e9, t0, t1;
            int r;
            for (r = 0; r < 5; r++) {
                t0 = timing_now();
                memcpy(out, in, len);
                t1 = timing_now();
                best = t1 - t0 < best ? t1 - t0 : best;
            }
            sink += out[len / 2];
            copy_mbs[k] = (double)len / best / 1e6;
        }
        for (i = 0; i < N_IMPLS; i++) {
            if (!u8guard_set_impl(impls[i]))
                continue;
            answer_of(in, len, out, cap, &got);
            bool wrong = memcmp(&got, &ref, sizeof got) != 0 ||
                         got.iter_count != ref.count || got.san_errors != ref.count;
            for (op = 0; op < H_OPS; op++) {
                struct ctx c = {op, in, len, out, cap};
                if (wrong) {
                    bad[k][op][i] = true;
                    continue;
                }
                if (timing_measure(run_op, &c, &plan, &st) == 0 && st.best > 0)
                    mbs[k][op][i] = (double)len / st.best / 1e6;
            }
            problems += wrong;
        }
    }
    u8guard_set_impl(U8GUARD_IMPL_AUTO);

    fprintf(f, "\nhostile input, %zu bytes each, MB/s (best); memcpy of the same bytes for scale\n",
            len);
    fprintf(f, "%-10s %-16s %10s", "input", "operation", "errors");
    for (i = 0; i < N_IMPLS; i++)
        if (u8guard_impl_supported(impls[i]))
            fprintf(f, " %9s", u8guard_impl_name(impls[i]));
    fprintf(f, " %9s\n", "memcpy");
    for (k = 0; k < N_PATTERNS; k++)
        for (op = 0; op < H_OPS; op++) {
            fprintf(f, "%-10s %-16s %10zu", PATTERN_NAMES[k], OP_NAMES[op], errors[k]);
            for (i = 0; i < N_IMPLS; i++) {
                if (!u8guard_impl_supported(impls[i]))
                    continue;
                if (bad[k][op][i])
                    fprintf(f, " %9s", "MISMATCH");
                else
                    fprintf(f, " %9.0f", mbs[k][op][i]);
            }
            fprintf(f, " %9.0f\n", copy_mbs[k]);
        }
    free(in);
    free(out);
    return (int)(problems > 0);
}
