/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* u8ab.c -- two builds of libu8guard side by side: the same operation of
 * build A and build B (two libu8guard.so files, loaded with dlopen) on
 * the same inputs, timed in interleaved rounds with memcpy of the input,
 * so that a loaded machine slows all three alike and the B/A ratio and
 * the ratios to memcpy stay meaningful. Used to measure a change against
 * the commit before it (bench/README.md, "Conversions, sanitize, stream").
 *
 *   u8ab LIB_A LIB_B MIB|short IMPL OP [ROUNDS] [CORPUS_DIR]
 *
 * MIB: size of the generated inputs (bench/inputs.c: ascii, latin,
 * cyrillic, cjk, emoji, mixed); IMPL: avx512, avx2, sse42, word or auto;
 * OP: utf16, utf32, utf16-lossy, utf32-lossy, sanitize, stream-sanitize,
 * stream-validate, validate (stream: u8guard_stream_feed, 4 KiB chunks),
 * or OP_A,OP_B for a different operation on each side, both decoding to
 * the same encoding (utf32,utf32-lossy: the strict decoder of LIB_A
 * against the lossy one of LIB_B, which may be the same file; the inputs
 * are valid, so both must give the same units); CORPUS_DIR: also every
 * file of its wikipedia_mars/ and lipsum/ folders, whole, with the geometric
 * mean of the files. Each cell is the best of ROUNDS (default 15) calls.
 * Before timing, A's and B's results (count and output bytes) are
 * compared: a difference is reported and makes the exit status 1.
 *
 * MIB "short": instead, sets of 16-, 64- and 256-byte strings (1 MiB of
 * each, ASCII and mixed, bench/inputs.c), one call per string, reported
 * in ns per string; OP may then also be errpos (u8guard_next_error from
 * offset 0). A's and B's outputs are compared string after string.
 *
 * U8AB_STATE=interleaved|self|cold (environment): the state of the caches
 * before each timed call of the MIB mode (see cache_state below).
 *
 * Exit status: 0, 1 (A and B disagree), 2 (usage or set-up error). */
#define _POSIX_C_SOURCE 200809L
#include "inputs.h"
#include "u8guard.h"

#include <dirent.h>
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHUNK 4096 /* the stream's chunk */

/* The entry points of one build. */
typedef struct lib {
    size_t (*u16)(const void *, size_t, uint16_t *, size_t, u8guard_error *);
    size_t (*u32)(const void *, size_t, uint32_t *, size_t, u8guard_error *);
    /* The lossy decoders (NULL in a build before them). */
    size_t (*u16l)(const void *, size_t, uint16_t *, size_t, size_t *);
    size_t (*u32l)(const void *, size_t, uint32_t *, size_t, size_t *);
    size_t (*san)(const void *, size_t, void *, size_t, size_t *);
    bool (*set_impl)(u8guard_impl);
    void (*stream_init)(u8guard_stream *);
    size_t (*feed)(u8guard_stream *, const void *, size_t, bool, u8guard_error_fn, void *, void *,
                   size_t);
    bool (*validate)(const void *, size_t, u8guard_error *);
    bool (*next_error)(const void *, size_t, size_t *, u8guard_error *);
} lib;

enum { OP_UTF16, OP_UTF32, OP_SANITIZE, OP_STREAM_SAN, OP_STREAM_VAL, OP_VALIDATE, OP_ERRPOS,
       OP_UTF16_LOSSY, OP_UTF32_LOSSY, N_OPS };
static const char *const OP_NAMES[N_OPS] = {"utf16",           "utf32",           "sanitize",
                                            "stream-sanitize", "stream-validate", "validate",
                                            "errpos",          "utf16-lossy",     "utf32-lossy"};

/* The bytes of one unit of op's output count (UTF-16 2, UTF-32 4, else 1). */
static size_t unit_of(int op)
{
    return op == OP_UTF16 || op == OP_UTF16_LOSSY ? 2 : op == OP_UTF32 || op == OP_UTF32_LOSSY ? 4 : 1;
}

/* The output bytes behind the count run reports for op (units of a
 * decoder, bytes of sanitize); 0 for the operations that write nothing. */
static size_t bytes_of(int op, size_t count)
{
    return unit_of(op) > 1 ? unit_of(op) * count
           : op == OP_SANITIZE || op == OP_STREAM_SAN ? count : 0;
}

static volatile size_t sink;
static void *(*volatile copy_fn)(void *, const void *, size_t) = memcpy;

static double now(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* dlsym into a function pointer of any type (POSIX: the conversion is
 * defined for dlsym's results). */
#define SYM(h, dst, name) memcpy(&(dst), &(void *){dlsym((h), (name))}, sizeof(dst))

static int load_lib(lib *l, const char *path)
{
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);

    if (h == NULL) {
        fprintf(stderr, "u8ab: %s\n", dlerror());
        return -1;
    }
    SYM(h, l->u16, "u8guard_decode_utf16");
    SYM(h, l->u32, "u8guard_decode_utf32");
    SYM(h, l->u16l, "u8guard_decode_utf16_lossy");
    SYM(h, l->u32l, "u8guard_decode_utf32_lossy");
    SYM(h, l->san, "u8guard_sanitize");
    SYM(h, l->set_impl, "u8guard_set_impl");
    SYM(h, l->stream_init, "u8guard_stream_init");
    SYM(h, l->feed, "u8guard_stream_feed");
    SYM(h, l->validate, "u8guard_validate");
    SYM(h, l->next_error, "u8guard_next_error");
    if (!l->u16 || !l->u32 || !l->san || !l->set_impl || !l->stream_init || !l->feed ||
        !l->validate || !l->next_error) {
        fprintf(stderr, "u8ab: %s lacks a u8guard entry point\n", path);
        return -1;
    }
    return 0;
}

/* Runs op of l (NULL: memcpy) on p[0..n) into out (cap bytes); returns
 * the count it reports (units or bytes written; validate: 1 or 0). */
static size_t run(int op, const lib *l, const uint8_t *p, size_t n, uint8_t *out, size_t cap)
{
    u8guard_error e;
    u8guard_stream s;
    size_t o = 0, i, c;

    if (l == NULL) {
        copy_fn(out, p, n);
        return n;
    }
    switch (op) {
    case OP_UTF16:
        return l->u16(p, n, (uint16_t *)(void *)out, cap / 2, &e);
    case OP_UTF32:
        return l->u32(p, n, (uint32_t *)(void *)out, cap / 4, &e);
    case OP_UTF16_LOSSY:
        return l->u16l(p, n, (uint16_t *)(void *)out, cap / 2, NULL);
    case OP_UTF32_LOSSY:
        return l->u32l(p, n, (uint32_t *)(void *)out, cap / 4, NULL);
    case OP_SANITIZE:
        return l->san(p, n, out, cap, NULL);
    case OP_VALIDATE:
        return l->validate(p, n, &e);
    case OP_ERRPOS:
        return l->next_error(p, n, &o, &e) ? o : n + 1;
    default:
        l->stream_init(&s);
        for (i = 0; i < n; i += c) {
            c = n - i < CHUNK ? n - i : CHUNK;
            if (op == OP_STREAM_SAN)
                o += l->feed(&s, p + i, c, i + c == n, NULL, NULL, out + o, cap - o);
            else
                (void)l->feed(&s, p + i, c, i + c == n, NULL, NULL, NULL, 0);
        }
        return op == OP_STREAM_SAN ? o : s.n_errors == 0;
    }
}

/* The state of the caches before each timed call of the MIB mode
 * (environment U8AB_STATE): "interleaved" (the default) leaves whatever
 * the call before did, which was another operation (memcpy, then A, then
 * B): a call that follows one with non-temporal stores finds its output
 * out of the cache and pays for that, so the three are NOT measured
 * alike; "self" runs the same call once, untimed, right before the timed
 * one, so every operation meets the state it leaves itself (what
 * back-to-back calls, u8bench's cells, see); "cold" flushes the input's
 * and the output's lines from every cache level before each call (what
 * a first pass over data nothing has touched lately sees). */
enum { STATE_INTERLEAVED, STATE_SELF, STATE_COLD };
static int cache_state = STATE_INTERLEAVED;

/* Writes back and drops every line of p[0..n) from the caches. */
static void flush_lines(const uint8_t *p, size_t n)
{
#if defined(__x86_64__) || defined(__i386__)
    for (size_t i = 0; i < n; i += 64)
        __builtin_ia32_clflush(p + i);
    __builtin_ia32_mfence();
#else
    (void)p;
    (void)n;
#endif
}

/* The output bytes op writes for an input of n bytes, at most. */
static size_t out_bytes(int op, size_t n, size_t cap)
{
    size_t b = unit_of(op) > 1 ? unit_of(op) * n
               : op == OP_VALIDATE || op == OP_STREAM_VAL ? 0 : n + 3;

    return b < cap ? b : cap;
}

static double timed(int op, const lib *l, const uint8_t *p, size_t n, uint8_t *out, size_t cap)
{
    double t0;

    if (cache_state == STATE_SELF) {
        sink += run(op, l, p, n, out, cap);
    } else if (cache_state == STATE_COLD) {
        flush_lines(p, n);
        flush_lines(out, out_bytes(l == NULL ? OP_SANITIZE : op, n, cap));
    }
    t0 = now();
    sink += run(op, l, p, n, out, cap);
    return now() - t0;
}

/* A set of short strings (in->str_len bytes each): op of l (NULL:
 * memcpy) on each string; with concat, string k's output follows string
 * k - 1's (to compare A with B), else every string writes at out (as the
 * timed calls do). Returns the sum of the counts run reports. */
static size_t run_set(int op, const lib *l, const bench_input *in, uint8_t *out, size_t cap,
                      bool concat)
{
    size_t i, c, sum = 0, o = 0;

    for (i = 0; i < in->len; i += in->str_len) {
        c = run(op, l, in->data + i, in->str_len, out + o, cap - o);
        sum += c;
        if (concat)
            o += bytes_of(op, c);
    }
    return concat ? o : sum;
}

static double timed_set(int op, const lib *l, const bench_input *in, uint8_t *out, size_t cap)
{
    double t0 = now();

    sink += run_set(op, l, in, out, cap, false);
    return now() - t0;
}

/* The short-string mode (MIB "short"): returns the exit status. */
static int run_short(const int op[2], const lib *l, const char *impl, int rounds,
                     const char *a, const char *b)
{
    static const size_t lens[] = {16, 64, 256};
    size_t cap = 4 * 1048576 + 64, ra, rb, k, count;
    uint8_t *out = malloc(cap), *check = malloc(cap);
    bench_input in;
    int bad = 0, r, x, mixed;

    if (out == NULL || check == NULL || op[0] == OP_STREAM_SAN || op[0] == OP_STREAM_VAL)
        return 2;
    printf("%s, impl %s, short strings (1 MiB per set); A = %s (%s), B = %s (%s); best of %d "
           "rounds, ns per string\n",
           OP_NAMES[op[0]], impl, a, OP_NAMES[op[0]], b, OP_NAMES[op[1]], rounds);
    for (k = 0; k < sizeof lens / sizeof lens[0]; k++)
        for (mixed = 0; mixed < 2; mixed++) {
            double best[3] = {1e300, 1e300, 1e300}, t;

            count = 1048576 / lens[k];
            if (inputs_make_short(mixed != 0, lens[k], count, 20261122, &in) != 0)
                return 2;
            memset(out, 0, cap);
            memset(check, 0, cap);
            ra = run_set(op[0], &l[0], &in, check, cap, true);
            rb = run_set(op[1], &l[1], &in, out, cap, true);
            if (ra != rb || memcmp(check, out, cap) != 0) {
                printf("%-16s A and B DIFFER (%zu vs %zu)\n", in.name, ra, rb);
                bad = 1;
                inputs_free(&in);
                continue;
            }
            for (r = 0; r < rounds; r++) {
                t = timed_set(op[0], NULL, &in, out, cap);
                best[0] = t < best[0] ? t : best[0];
                for (x = 0; x < 2; x++) { /* A first in even rounds, B in odd */
                    int y = (r & 1) ? 1 - x : x;
                    t = timed_set(op[y], &l[y], &in, out, cap);
                    best[1 + y] = t < best[1 + y] ? t : best[1 + y];
                }
            }
            printf("%-16s memcpy %6.2f ns | A %6.2f ns t/memcpy %5.2f | B %6.2f ns t/memcpy "
                   "%5.2f | B/A %.2fx\n",
                   in.name, best[0] / (double)count * 1e9, best[1] / (double)count * 1e9,
                   best[1] / best[0], best[2] / (double)count * 1e9, best[2] / best[0],
                   best[1] / best[2]);
            inputs_free(&in);
        }
    free(out);
    free(check);
    return bad;
}

/* Reads a whole file into *in (name: its base name). Returns 0 or -1. */
static int read_input(const char *dir, const char *name, bench_input *in)
{
    char path[2048];
    FILE *f;
    long n;

    memset(in, 0, sizeof *in);
    if ((size_t)snprintf(path, sizeof path, "%.1023s/%.255s", dir, name) >= sizeof path)
        return -1;
    f = fopen(path, "rb");
    if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) <= 0 ||
        fseek(f, 0, SEEK_SET) != 0 || (in->data = malloc((size_t)n)) == NULL) {
        if (f)
            fclose(f);
        return -1;
    }
    in->len = fread(in->data, 1, (size_t)n, f);
    fclose(f);
    snprintf(in->name, sizeof in->name, "%.39s", name);
    return 0;
}

#define MAX_INPUTS 64

int main(int argc, char **argv)
{
    static const char *const impls[] = {"auto", "scalar", "word", "sse42", "avx2", "avx512"};
    static bench_input in[MAX_INPUTS];
    lib l[2];
    size_t n_in = 0, n_gen, size, cap, k, c, ra, rb;
    int op[2], rounds, r, x, impl = -1, bad = 0, files = 0;
    const char *comma;
    double ga = 0, gb = 0, gr = 0, worst = 1e300;
    uint8_t *out, *check;

    if (argc < 6 || argc > 8) {
        fprintf(stderr, "usage: u8ab LIB_A LIB_B MIB|short IMPL OP [ROUNDS] [CORPUS_DIR]\n");
        return 2;
    }
    comma = strchr(argv[5], ',');
    for (x = 0; x < 2; x++) { /* OP, or OP_A,OP_B */
        const char *name = x == 0 || comma == NULL ? argv[5] : comma + 1;
        size_t nl = x == 0 && comma != NULL ? (size_t)(comma - argv[5]) : strlen(name);

        for (op[x] = 0; op[x] < N_OPS && (strlen(OP_NAMES[op[x]]) != nl ||
                                          strncmp(name, OP_NAMES[op[x]], nl) != 0); op[x]++)
            ;
    }
    for (k = 0; k < sizeof impls / sizeof impls[0]; k++)
        if (strcmp(argv[4], impls[k]) == 0)
            impl = (int)k;
    size = strcmp(argv[3], "short") == 0 ? 1 : (size_t)(atof(argv[3]) * 1048576.0);
    rounds = argc > 6 ? atoi(argv[6]) : 15;
    if (op[0] == N_OPS || op[1] == N_OPS || impl < 0 || size == 0 || rounds < 1 ||
        (op[0] == OP_ERRPOS && strcmp(argv[3], "short") != 0) ||
        (op[0] != op[1] && (unit_of(op[0]) == 1 || unit_of(op[0]) != unit_of(op[1])))) {
        fprintf(stderr, "u8ab: bad OP, IMPL, MIB or ROUNDS\n");
        return 2;
    }
    if (load_lib(&l[0], argv[1]) != 0 || load_lib(&l[1], argv[2]) != 0)
        return 2;
    for (x = 0; x < 2; x++)
        if ((op[x] == OP_UTF16_LOSSY && !l[x].u16l) || (op[x] == OP_UTF32_LOSSY && !l[x].u32l)) {
            fprintf(stderr, "u8ab: %s has no lossy decoder\n", argv[1 + x]);
            return 2;
        }
    for (x = 0; x < 2; x++)
        if (!l[x].set_impl((u8guard_impl)impl)) {
            fprintf(stderr, "u8ab: %s cannot run %s here\n", argv[1 + x], argv[4]);
            return 2;
        }
    {
        const char *st = getenv("U8AB_STATE");
        if (st != NULL && strcmp(st, "self") == 0)
            cache_state = STATE_SELF;
        else if (st != NULL && strcmp(st, "cold") == 0)
            cache_state = STATE_COLD;
        else if (st != NULL && st[0] != '\0' && strcmp(st, "interleaved") != 0) {
            fprintf(stderr, "u8ab: U8AB_STATE is interleaved, self or cold\n");
            return 2;
        }
    }
    if (strcmp(argv[3], "short") == 0)
        return run_short(op, l, argv[4], rounds, argv[1], argv[2]);
    for (c = 0; c < inputs_class_count() && n_in < MAX_INPUTS; c++)
        if (strcmp(inputs_class_name(c), "wikipedia") != 0 &&
            inputs_make(c, size, argc > 7 ? argv[7] : NULL, 20261122, &in[n_in]) == 0)
            n_in++;
    n_gen = n_in;
    if (argc > 7) {
        static const char *const sub[] = {"wikipedia_mars", "lipsum"};
        char dir[1024];
        for (k = 0; k < 2; k++) {
            DIR *d;
            struct dirent *de;
            snprintf(dir, sizeof dir, "%s/%s", argv[7], sub[k]);
            if ((d = opendir(dir)) == NULL)
                continue;
            while ((de = readdir(d)) != NULL && n_in < MAX_INPUTS)
                if (de->d_name[0] != '.' && read_input(dir, de->d_name, &in[n_in]) == 0)
                    n_in++;
            closedir(d);
        }
    }
    cap = 0;
    for (k = 0; k < n_in; k++)
        cap = in[k].len > cap ? in[k].len : cap;
    cap = 4 * cap + 3 * CHUNK + 64; /* room for every op's output */
    out = malloc(cap);
    check = malloc(cap);
    if (out == NULL || check == NULL)
        return 2;
    memset(out, 1, cap);
    printf("%s, impl %s, generated inputs of %zu bytes; A = %s (%s), B = %s (%s); best of %d "
           "rounds; caches: %s\n",
           OP_NAMES[op[0]], argv[4], size, argv[1], OP_NAMES[op[0]], argv[2], OP_NAMES[op[1]], rounds,
           cache_state == STATE_SELF ? "self" : cache_state == STATE_COLD ? "cold" : "interleaved");
    for (k = 0; k < n_in; k++) {
        double best[3] = {1e300, 1e300, 1e300}, t, len = (double)in[k].len;
        size_t bytes;

        /* Same answer from A and B, byte for byte. */
        ra = run(op[0], &l[0], in[k].data, in[k].len, check, cap);
        rb = run(op[1], &l[1], in[k].data, in[k].len, out, cap);
        bytes = bytes_of(op[0], ra);
        if (ra != rb || (bytes <= cap && memcmp(check, out, bytes) != 0)) {
            printf("%-26s A and B DIFFER (%zu vs %zu)\n", in[k].name, ra, rb);
            bad = 1;
            continue;
        }
        for (r = 0; r < rounds; r++) {
            t = timed(op[0], NULL, in[k].data, in[k].len, out, cap);
            best[0] = t < best[0] ? t : best[0];
            for (x = 0; x < 2; x++) { /* A first in even rounds, B in odd */
                int y = (r & 1) ? 1 - x : x;
                t = timed(op[y], &l[y], in[k].data, in[k].len, out, cap);
                best[1 + y] = t < best[1 + y] ? t : best[1 + y];
            }
        }
        printf("%-26s %8zu  memcpy %6.1f GB/s | A %6.2f GB/s t/memcpy %5.2f | "
               "B %6.2f GB/s t/memcpy %5.2f | B/A %.2fx\n",
               in[k].name, in[k].len, len / best[0] / 1e9, len / best[1] / 1e9,
               best[1] / best[0], len / best[2] / 1e9, best[2] / best[0], best[1] / best[2]);
        if (k >= n_gen) {
            ga += log(len / best[1] / 1e9);
            gb += log(len / best[2] / 1e9);
            gr += log(best[1] / best[2]);
            worst = best[1] / best[2] < worst ? best[1] / best[2] : worst;
            files++;
        }
    }
    if (files > 0)
        printf("real text, %d files, geomean: A %.2f GB/s, B %.2f GB/s, B/A %.2fx (worst file "
               "%.2fx)\n",
               files, exp(ga / files), exp(gb / files), exp(gr / files), worst);
    return bad;
}
