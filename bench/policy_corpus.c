/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* policy_corpus.c -- u8bench-policy: policy checking of real text, file by
 * file, against plain validation of the same bytes, for each
 * implementation this CPU runs.
 *
 *   u8bench-policy [--min-time S] FILE...
 *   u8bench-policy --ratio [--rounds N] [--per-file] [--impl NAME] FILE...
 *
 * For each file it times u8guard_validate (plain), and a walk over every
 * error under a policy (u8guard_next_error_with until the end, as a
 * caller that reports all of them does) with deny=all, deny=bidi and
 * deny=c0,c1, each
 * the best of repeated calls for at least S seconds (default 0.05), and
 * prints GB/s and the ratio policy / plain. The last lines are the
 * totals over all files (bytes / sum of best times) and the lowest
 * per-file ratio. Also lossy decoding (UTF-32, UTF-16) beside strict.
 *
 * --ratio prints one row per implementation (scalar included): plain
 * u8guard_validate against the walk over every error (as above) with
 * deny=all, deny=bidi and deny=c0,c1, in N rounds (default 40) that each time one call of every
 * (file, operation) pair, the operations in a rotating order, so that the
 * load of a shared machine falls on both sides alike; each pair keeps its
 * best call. Ratio = plain time / policy time, as the sum over the files
 * and as the geometric mean of the per-file ratios, with the lowest;
 * --per-file also prints each file's three ratios before its row;
 * --impl NAME times that implementation only (avx2, sse42, ...). */
#define _POSIX_C_SOURCE 200809L
#include <u8guard.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>

static double now(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static volatile size_t sink;

enum { PLAIN, DENY_ALL, DENY_BIDI, DENY_C0C1, STRICT32, LOSSY32, STRICT16, LOSSY16, N_OPS };
static const char *const OP_NAMES[N_OPS] = {
    "validate", "deny=all", "deny=bidi", "deny=c0,c1", "utf32", "utf32-lossy", "utf16", "utf16-lossy",
};
/* The classes each policy op denies. */
static const unsigned DENY[N_OPS] = {
    0, U8GUARD_CLASS_ALL, U8GUARD_CLASS_BIDI, U8GUARD_CLASS_C0 | U8GUARD_CLASS_C1,
};

static void run(int op, const unsigned char *p, size_t len, void *out)
{
    u8guard_policy pol = {DENY[op], U8GUARD_REPLACE};
    u8guard_error e;
    size_t pos = 0, n = 0;

    switch (op) {
    case PLAIN:
        n = u8guard_validate(p, len, &e);
        break;
    case DENY_ALL:
    case DENY_BIDI:
    case DENY_C0C1:
        while (u8guard_next_error_with(p, len, &pol, &pos, &e))
            n++;
        break;
    case STRICT32:
        n = u8guard_decode_utf32(p, len, out, len, &e);
        break;
    case LOSSY32:
        n = u8guard_decode_utf32_lossy(p, len, out, len, NULL);
        break;
    case STRICT16:
        n = u8guard_decode_utf16(p, len, out, len, &e);
        break;
    default:
        n = u8guard_decode_utf16_lossy(p, len, out, len, NULL);
        break;
    }
    sink += n;
}

static double best_time(int op, const unsigned char *p, size_t len, void *out,
                        double min_time)
{
    double start = now(), best = 1e30, t0, t;
    int calls = 0;

    run(op, p, len, out); /* warm-up */
    while (calls < 3 || now() - start < min_time) {
        t0 = now();
        run(op, p, len, out);
        t = now() - t0;
        if (t < best)
            best = t;
        calls++;
    }
    return best;
}

/* One call of op under --ratio: plain validation, or the walk over
 * every error under the op's policy (a text may hold a few denied
 * characters: the walk checks all of it, where u8guard_validate_with
 * would stop at the first). */
static void run_ratio(int op, const unsigned char *p, size_t len)
{
    u8guard_policy pol = {DENY[op], U8GUARD_REPLACE};
    u8guard_error e;
    size_t pos = 0;

    if (op == PLAIN)
        sink += u8guard_validate(p, len, &e);
    else
        while (u8guard_next_error_with(p, len, &pol, &pos, &e))
            sink++;
}

/* --ratio (see the top of the file). Returns the exit status. */
static int ratio_main(int rounds, int per_file, const char *only, int nfiles, char **names)
{
    unsigned char **data = calloc((size_t)nfiles, sizeof *data);
    size_t *lens = calloc((size_t)nfiles, sizeof *lens);
    double *best = malloc(sizeof *best * (size_t)nfiles * 4);
    int impl, f, r, k, op;

    if (data == NULL || lens == NULL || best == NULL)
        return 2;
    for (f = 0; f < nfiles; f++) {
        FILE *fp = fopen(names[f], "rb");
        long len;

        if (fp == NULL || fseek(fp, 0, SEEK_END) != 0 || (len = ftell(fp)) <= 0) {
            fprintf(stderr, "u8bench-policy: cannot read %s\n", names[f]);
            return 2;
        }
        rewind(fp);
        data[f] = malloc((size_t)len);
        lens[f] = (size_t)len;
        if (data[f] == NULL || fread(data[f], 1, (size_t)len, fp) != (size_t)len)
            return 2;
        fclose(fp);
    }
    printf("%-7s %9s %9s %9s %9s   %-23s %-23s %s\n", "impl", "validate", "deny=all",
           "deny=bidi", "deny=c0c1", "ratio sum all/bidi/c0c1", "geomean all/bidi/c0c1",
           "lowest file all/bidi/c0c1");
    for (impl = U8GUARD_IMPL_SCALAR; impl < U8GUARD_IMPL_COUNT_; impl++) {
        double sum[4] = {0}, lg[3] = {0}, low[3] = {1e30, 1e30, 1e30};
        size_t bytes = 0;

        if ((only != NULL && strcmp(only, u8guard_impl_name((u8guard_impl)impl)) != 0) ||
            !u8guard_set_impl((u8guard_impl)impl))
            continue;
        for (k = 0; k < nfiles * 4; k++)
            best[k] = 1e30;
        for (r = 0; r < rounds; r++)
            for (f = 0; f < nfiles; f++)
                for (k = 0; k < 4; k++) {
                    double t0, t;

                    op = (k + r + f) % 4; /* PLAIN .. DENY_C0C1, rotating */
                    t0 = now();
                    run_ratio(op, data[f], lens[f]);
                    t = now() - t0;
                    if (t < best[f * 4 + op])
                        best[f * 4 + op] = t;
                }
        for (f = 0; f < nfiles; f++) {
            bytes += lens[f];
            for (op = 0; op < 4; op++)
                sum[op] += best[f * 4 + op];
            for (op = 1; op < 4; op++) {
                double q = best[f * 4] / best[f * 4 + op];

                lg[op - 1] += log(q);
                if (q < low[op - 1])
                    low[op - 1] = q;
            }
            if (per_file)
                printf("  %-28.28s %5.2f %5.2f %5.2f\n",
                       strrchr(names[f], '/') ? strrchr(names[f], '/') + 1 : names[f],
                       best[f * 4] / best[f * 4 + 1], best[f * 4] / best[f * 4 + 2],
                       best[f * 4] / best[f * 4 + 3]);
        }
        printf("%-7s %9.2f %9.2f %9.2f %9.2f   %5.2f %5.2f %5.2f       %5.2f %5.2f %5.2f       %5.2f %5.2f %5.2f\n",
               u8guard_impl_name((u8guard_impl)impl), (double)bytes / sum[0] / 1e9,
               (double)bytes / sum[1] / 1e9, (double)bytes / sum[2] / 1e9,
               (double)bytes / sum[3] / 1e9, sum[0] / sum[1], sum[0] / sum[2], sum[0] / sum[3],
               exp(lg[0] / nfiles), exp(lg[1] / nfiles), exp(lg[2] / nfiles), low[0], low[1],
               low[2]);
        fflush(stdout);
    }
    printf("(GB/s = bytes / sum of best times; ratio = plain time / policy time)\n");
    for (f = 0; f < nfiles; f++)
        free(data[f]);
    free(data);
    free(lens);
    free(best);
    return 0;
}

int main(int argc, char **argv)
{
    double min_time = 0.05, total[U8GUARD_IMPL_COUNT_][N_OPS] = {{0}};
    double worst[U8GUARD_IMPL_COUNT_][N_OPS];
    size_t bytes = 0;
    int first = 1, i, impl, op;

    if (argc > 1 && strcmp(argv[1], "--ratio") == 0) {
        int rounds = 40, per_file = 0;
        const char *only = NULL;

        first = 2;
        if (argc > first + 1 && strcmp(argv[first], "--rounds") == 0) {
            rounds = atoi(argv[first + 1]);
            first += 2;
        }
        if (argc > first && strcmp(argv[first], "--per-file") == 0) {
            per_file = 1;
            first++;
        }
        if (argc > first + 1 && strcmp(argv[first], "--impl") == 0) {
            only = argv[first + 1];
            first += 2;
        }
        if (first >= argc || rounds < 1) {
            fprintf(stderr, "usage: u8bench-policy --ratio [--rounds N] [--per-file] [--impl NAME] FILE...\n");
            return 2;
        }
        return ratio_main(rounds, per_file, only, argc - first, argv + first);
    }
    if (argc > 2 && strcmp(argv[1], "--min-time") == 0) {
        min_time = atof(argv[2]);
        first = 3;
    }
    if (first >= argc) {
        fprintf(stderr, "usage: u8bench-policy [--min-time S] FILE...\n");
        return 2;
    }
    for (impl = 0; impl < U8GUARD_IMPL_COUNT_; impl++)
        for (op = 0; op < N_OPS; op++)
            worst[impl][op] = 1e30;
    printf("%-28s %-7s", "file", "impl");
    for (op = 0; op < N_OPS; op++)
        printf(" %11s", OP_NAMES[op]);
    printf("   (GB/s; then all, bidi, c0+c1: ratio to validate)\n");
    for (i = first; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        unsigned char *p;
        void *out;
        long len;

        if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) <= 0) {
            fprintf(stderr, "u8bench-policy: cannot read %s\n", argv[i]);
            return 2;
        }
        rewind(f);
        p = malloc((size_t)len);
        out = malloc((size_t)len * 4);
        if (p == NULL || out == NULL || fread(p, 1, (size_t)len, f) != (size_t)len)
            return 2;
        fclose(f);
        bytes += (size_t)len;
        for (impl = U8GUARD_IMPL_SCALAR + 1; impl < U8GUARD_IMPL_COUNT_; impl++) {
            double t[N_OPS];
            const char *base = strrchr(argv[i], '/');

            if (!u8guard_set_impl((u8guard_impl)impl))
                continue;
            printf("%-28.28s %-7s", base ? base + 1 : argv[i], u8guard_impl_name((u8guard_impl)impl));
            for (op = 0; op < N_OPS; op++) {
                t[op] = best_time(op, p, (size_t)len, out, min_time);
                total[impl][op] += t[op];
                if (t[0] / t[op] < worst[impl][op])
                    worst[impl][op] = t[0] / t[op];
                printf(" %11.2f", (double)len / t[op] / 1e9);
            }
            printf("   %.2f %.2f %.2f\n", t[PLAIN] / t[DENY_ALL], t[PLAIN] / t[DENY_BIDI],
                   t[PLAIN] / t[DENY_C0C1]);
        }
        free(p);
        free(out);
    }
    printf("\ntotal over %d files (%zu bytes): GB/s = bytes / sum of best times\n",
           argc - first, bytes);
    for (impl = U8GUARD_IMPL_SCALAR + 1; impl < U8GUARD_IMPL_COUNT_; impl++) {
        if (total[impl][0] == 0)
            continue;
        printf("%-28s %-7s", "TOTAL", u8guard_impl_name((u8guard_impl)impl));
        for (op = 0; op < N_OPS; op++)
            printf(" %11.2f", (double)bytes / total[impl][op] / 1e9);
        printf("   %.2f %.2f %.2f (lowest per file: %.2f %.2f %.2f)\n",
               total[impl][PLAIN] / total[impl][DENY_ALL],
               total[impl][PLAIN] / total[impl][DENY_BIDI],
               total[impl][PLAIN] / total[impl][DENY_C0C1], worst[impl][DENY_ALL],
               worst[impl][DENY_BIDI], worst[impl][DENY_C0C1]);
    }
    return 0;
}
