/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* policy_corpus.c -- u8bench-policy: policy checking of real text, file by
 * file, against plain validation of the same bytes, for each
 * implementation this CPU runs.
 *
 *   u8bench-policy [--min-time S] FILE...
 *
 * For each file it times u8guard_validate (plain), and a walk over every
 * error under a policy (u8guard_next_error_with until the end, as a
 * caller that reports all of them does) with deny=all, deny=bidi and
 * deny=c0,c1, each
 * the best of repeated calls for at least S seconds (default 0.05), and
 * prints GB/s and the ratio policy / plain. The last lines are the
 * totals over all files (bytes / sum of best times) and the lowest
 * per-file ratio. Also lossy decoding (UTF-32, UTF-16) beside strict. */
#define _POSIX_C_SOURCE 200809L
#include <u8guard.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

int main(int argc, char **argv)
{
    double min_time = 0.05, total[U8GUARD_IMPL_COUNT_][N_OPS] = {{0}};
    double worst[U8GUARD_IMPL_COUNT_][N_OPS];
    size_t bytes = 0;
    int first = 1, i, impl, op;

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
