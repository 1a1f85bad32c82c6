/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_stream.c -- the streaming decoder equals the one-shot functions
 * for every way of cutting the input into chunks (u8guard.h): same errors
 * (offset, length, kind, in order, through the callback), byte-identical
 * sanitized output, same error count and position.
 *
 * Inputs: doc/contract.md's examples, Kuhn's stress test, the text corpus (as
 * is, and with random bytes corrupted), and random mixtures of valid and
 * ill-formed sequences. All but the corpus files are cut at every single
 * point: in the full run (no CORPUS_MAX) each whole input; in the light
 * run inputs up to SPLIT_ALL_MAX bytes as they are, longer ones (Kuhn's
 * file) each cut within the WINDOW bytes on either
 * side of it taken as an input of its own (a cut only changes what
 * happens within 3 bytes of it; the whole input at every cut would make
 * the run quadratic). Every input is also fed in 1-, 2-, 3-, 5- and 7-byte
 * chunks and in random multi-way cuts with empty chunks mixed in.
 *
 *   test_stream SHARED_DIR [CORPUS_MAX]
 *     SHARED_DIR holds kuhn/ and textcorpus/ (what is missing there is
 *     skipped, saying so); CORPUS_MAX, when given, uses only the first
 *     CORPUS_MAX bytes of each corpus file (sanitizer builds: time). */
#define _POSIX_C_SOURCE 200809L /* opendir: the corpus is listed at run time */

#include "check.h"
#include "read_file.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SPLIT_ALL_MAX 4096
#define WINDOW 200
#define RANDOM_CUTS 12
#define MIXTURES 300

/* The one-shot result an input must reproduce. */
struct oneshot {
    struct terr *errs;
    size_t n_errs;
    unsigned char *out;
    size_t out_len;
};

/* What a stream run collects. */
struct run {
    struct terr *errs;
    size_t n, cap;
    int overflow;
};

/* Bytes of each corpus file used; SIZE_MAX: all (the full run). */
static size_t corpus_max = SIZE_MAX;

static uint64_t rng_state = 0x9E3779B97F4A7C15u;

/* xorshift64*: reproducible pseudo-random numbers below bound. */
static size_t rnd(size_t bound)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (size_t)((rng_state * 0x2545F4914F6CDD1Du) >> 33) % bound;
}

static void on_error(void *ctx, const u8guard_error *e)
{
    struct run *r = ctx;

    if (r->n == r->cap) {
        r->overflow = 1; /* more errors than the one-shot list: a failure */
        return;
    }
    r->errs[r->n].offset = e->offset;
    r->errs[r->n].length = e->length;
    r->errs[r->n].kind = e->kind;
    r->n++;
}

static bool oneshot_of(const unsigned char *in, size_t len, struct oneshot *o)
{
    size_t pos = 0, n = 0, cap = 16, n_err;
    u8guard_error e;
    struct terr *grown;

    o->errs = malloc(cap * sizeof *o->errs);
    o->out = malloc(3 * len + 1);
    if (!o->errs || !o->out)
        return false;
    while (u8guard_next_error(in, len, &pos, &e)) {
        if (n == cap) {
            cap *= 2;
            grown = realloc(o->errs, cap * sizeof *o->errs);
            if (!grown)
                return false;
            o->errs = grown;
        }
        o->errs[n].offset = e.offset;
        o->errs[n].length = e.length;
        o->errs[n].kind = e.kind;
        n++;
    }
    o->n_errs = n;
    o->out_len = u8guard_sanitize(in, len, o->out, 3 * len + 1, &n_err);
    check_input(in, len);
    EXPECT_EQ(n_err, n);
    EXPECT_EQ(u8guard_count_errors(in, len), n);
    return EXPECT_TRUE(o->out_len <= 3 * len + 1);
}

/* Are a[0..n) and b[0..n) the same errors? (Member by member: struct
 * padding is not part of the value.) */
static bool same_errors(const struct terr *a, const struct terr *b, size_t n)
{
    size_t k;

    for (k = 0; k < n; k++)
        if (a[k].offset != b[k].offset || a[k].length != b[k].length ||
            a[k].kind != b[k].kind)
            return false;
    return true;
}

/* Feeds in[0..len) cut at cuts[0..n_cuts) (ascending; repeated cuts are
 * empty chunks), the last chunk final; then, when final_empty, one more
 * empty final chunk instead. Compares everything with *o. */
static void stream_cut(const unsigned char *in, size_t len, const size_t *cuts,
                       size_t n_cuts, bool final_empty, const struct oneshot *o,
                       unsigned char *out, struct terr *errs)
{
    u8guard_stream s;
    struct run r = {errs, 0, o->n_errs, 0};
    size_t start = 0, end, k, w, olen = 0;

    u8guard_stream_init(&s);
    for (k = 0; k <= n_cuts; k++) {
        end = k < n_cuts ? cuts[k] : len;
        w = u8guard_stream_feed(&s, in + start, end - start,
                                k == n_cuts && !final_empty, on_error, &r,
                                out + olen, U8GUARD_STREAM_OUT_MAX(end - start));
        if (!EXPECT_TRUE(w != SIZE_MAX))
            return;
        olen += w;
        start = end;
    }
    if (final_empty) {
        w = u8guard_stream_feed(&s, NULL, 0, true, on_error, &r, out + olen,
                                U8GUARD_STREAM_OUT_MAX(0));
        if (!EXPECT_TRUE(w != SIZE_MAX))
            return;
        olen += w;
    }
    if (r.overflow || r.n != o->n_errs || olen != o->out_len ||
        memcmp(out, o->out, olen) != 0 ||
        !same_errors(errs, o->errs, r.n) ||
        u8guard_stream_error_count(&s) != o->n_errs ||
        u8guard_stream_position(&s) != len) {
        check_input(in, len);
        check_fail_msg(__FILE__, __LINE__, "stream differs from one-shot");
        fprintf(stderr, "  cuts:");
        for (k = 0; k < n_cuts && k < 20; k++)
            fprintf(stderr, " %zu", cuts[k]);
        fprintf(stderr, "%s\n", final_empty ? " + empty final" : "");
        EXPECT_EQ(r.overflow, 0);
        EXPECT_EQ(r.n, o->n_errs);
        for (k = 0; k < r.n && k < o->n_errs; k++)
            if (!EXPECT_ERR(errs[k], o->errs[k].offset, o->errs[k].length, o->errs[k].kind))
                break;
        EXPECT_MEM(out, olen, o->out, o->out_len);
        EXPECT_EQ(u8guard_stream_error_count(&s), o->n_errs);
        EXPECT_EQ(u8guard_stream_position(&s), len);
    }
}

/* Cuts in[0..len) at every point c, as the input in[c - WINDOW .. c +
 * WINDOW) (clipped to the input) cut at c, compared with the one-shot
 * result of that same window. */
static void every_cut_windowed(const unsigned char *in, size_t len)
{
    unsigned char *out = malloc(3 * 2 * WINDOW + 16);
    struct terr *errs = malloc((2 * WINDOW + 1) * sizeof *errs);
    struct oneshot o = {NULL, 0, NULL, 0};
    size_t c, a, b, cut;

    if (!out || !errs) {
        check_fail_msg(__FILE__, __LINE__, "out of memory");
        goto done;
    }
    for (c = 0; c <= len && check_failures() < CHECK_MAX_REPORTS; c++) {
        a = c > WINDOW ? c - WINDOW : 0;
        b = len - c > WINDOW ? c + WINDOW : len;
        if (!oneshot_of(in + a, b - a, &o))
            check_fail_msg(__FILE__, __LINE__, "out of memory");
        else if (EXPECT_TRUE(o.n_errs <= 2 * WINDOW)) {
            cut = c - a;
            stream_cut(in + a, b - a, &cut, 1, c % 2 == 1, &o, out, errs);
        }
        free(o.errs);
        free(o.out);
        o.errs = NULL;
        o.out = NULL;
    }
done:
    free(out);
    free(errs);
}

/* Every way listed in the file comment of cutting in[0..len); every
 * single cut only when every_cut. */
static void check_input_streams(const unsigned char *in, size_t len, bool every_cut,
                                const char *name)
{
    struct oneshot o = {NULL, 0, NULL, 0};
    unsigned char *out = malloc(3 * len + 16);
    struct terr *errs = NULL;
    size_t *cuts = malloc((len + 1) * 2 * sizeof *cuts);
    size_t cut, step, k, n, at, r;
    double t0 = check_seconds();

    if (!out || !cuts || !oneshot_of(in, len, &o) ||
        !(errs = malloc((o.n_errs + 1) * sizeof *errs))) {
        check_fail_msg(__FILE__, __LINE__, "out of memory");
        goto done;
    }
    stream_cut(in, len, NULL, 0, false, &o, out, errs);
    stream_cut(in, len, NULL, 0, true, &o, out, errs);
    if (every_cut && (len <= SPLIT_ALL_MAX || corpus_max == SIZE_MAX))
        for (cut = 0; cut <= len && check_failures() < CHECK_MAX_REPORTS; cut++)
            stream_cut(in, len, &cut, 1, cut % 2 == 1, &o, out, errs);
    else if (every_cut)
        every_cut_windowed(in, len);
    for (step = 1; step <= 7; step += step < 3 ? 1 : 2) {
        for (n = 0, at = step; at < len; at += step)
            cuts[n++] = at;
        stream_cut(in, len, cuts, n, false, &o, out, errs);
        stream_cut(in, len, cuts, n, true, &o, out, errs);
    }
    for (k = 0; k < RANDOM_CUTS; k++) {
        /* chunks of 0..4 bytes mostly, sometimes up to 300 */
        for (n = 0, at = 0; n < 2 * len;) {
            r = rnd(10);
            at += r < 2 ? 0 : r < 8 ? rnd(5) : rnd(300);
            if (at >= len)
                break;
            cuts[n++] = at;
        }
        stream_cut(in, len, cuts, n, k % 2 == 0, &o, out, errs);
    }
    if (name)
        printf("test_stream: impl %s: %s: %zu bytes, %zu errors, %s, %.2f s\n",
               check_impl_name(), name, len, o.n_errs,
               !every_cut              ? "chunked splits only"
               : len <= SPLIT_ALL_MAX || corpus_max == SIZE_MAX ? "every split point"
                                      : "every split point (windowed)",
               check_seconds() - t0);
done:
    free(o.errs);
    free(o.out);
    free(out);
    free(errs);
    free(cuts);
}

static const char *shared_dir;

static void design_examples(void)
{
    static const char *const EX[] = {
        "\xC0\x80", "\xE0\x80\xAF", "\xED\xA1\x8C\xED\xBE\xB4", "\xF4\x90\x80\x80",
        "\xE4\xBD\x41", "\xF0\x9F\x98", "\xE4\xBD\xA0", "\xC0\xAF", "\xF8\x88\x80\x80\x80",
        "a\xF1\x80\x80\xE1\x80\xC2\x80\xF4\x8F\xBF\xBF\xF4", "",
    };
    size_t i;

    for (i = 0; i < sizeof EX / sizeof EX[0]; i++)
        check_input_streams((const unsigned char *)EX[i], strlen(EX[i]), true, NULL);
    printf("test_stream: impl %s: doc/contract.md examples: every split point\n",
           check_impl_name());
}

/* Fragments the mixtures are made of: valid characters of every length
 * (and at the edges of the ranges), and ill-formed pieces of every kind. */
static const char *const FRAGMENTS[] = {
    "a", "\x00", "\x7F", "\xC2\x80", "\xDF\xBF", "\xE0\xA0\x80", "\xED\x9F\xBF",
    "\xEE\x80\x80", "\xEF\xBF\xBF", "\xF0\x90\x80\x80", "\xF4\x8F\xBF\xBF",
    "\xF3\xBF\xBF\xBF", "\xE4\xBD\xA0", "\xF0\x9F\x98\x80",
    "\x80", "\xBF", "\xC0", "\xC1\xBF", "\xE0\x80", "\xE0\x9F\xBF", "\xED\xA0\x80",
    "\xF0\x8F", "\xF4\x90", "\xF5", "\xFF", "\xC2", "\xE1", "\xE1\x80", "\xF1",
    "\xF1\x80", "\xF1\x80\x80", "\xF4\x8F\xBF",
};

static size_t mixture(unsigned char *buf, size_t cap)
{
    size_t n = 0, target = rnd(cap), k, l;
    const char *f;

    while (n < target) {
        if (rnd(8) == 0) { /* a random byte */
            buf[n++] = (unsigned char)rnd(256);
            continue;
        }
        k = rnd(sizeof FRAGMENTS / sizeof FRAGMENTS[0]);
        f = FRAGMENTS[k];
        l = k == 1 ? 1 : strlen(f); /* "\x00" is one byte */
        if (n + l > cap)
            break;
        memcpy(buf + n, f, l);
        n += l;
    }
    return n;
}

static void random_mixtures(void)
{
    unsigned char buf[512];
    size_t i, len;

    for (i = 0; i < MIXTURES && check_failures() < CHECK_MAX_REPORTS; i++) {
        len = mixture(buf, sizeof buf);
        check_input_streams(buf, len, true, NULL);
    }
    printf("test_stream: impl %s: %d random mixtures of up to %zu bytes: every "
           "split point\n", check_impl_name(), MIXTURES, sizeof buf);
}

static void kuhn(void)
{
    char path[4096];
    unsigned char *data;
    size_t len;

    snprintf(path, sizeof path, "%s/kuhn/UTF-8-test.txt", shared_dir);
    if (!read_file(path, &data, &len)) {
        printf("test_stream: SKIPPED Kuhn's test: cannot read %s\n", path);
        return;
    }
    check_input_streams(data, len, true, "kuhn/UTF-8-test.txt");
    free(data);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Each corpus file as is, and with 1 byte in 500 replaced by a random
 * byte (ill-formed sequences inside real text of every script). */
static void corpus_dir(const char *sub)
{
    char dirpath[4096], path[8192], *names[64];
    size_t n = 0, i, len, k;
    unsigned char *data;
    struct dirent *d;
    DIR *dir;

    snprintf(dirpath, sizeof dirpath, "%s/textcorpus/%s", shared_dir, sub);
    dir = opendir(dirpath);
    if (dir == NULL) {
        printf("test_stream: SKIPPED the text corpus: cannot open %s\n", dirpath);
        return;
    }
    while ((d = readdir(dir)) != NULL && n < 64)
        if (strstr(d->d_name, ".txt") != NULL)
            names[n++] = strdup(d->d_name);
    closedir(dir);
    qsort(names, n, sizeof names[0], by_name);
    for (i = 0; i < n; i++) {
        snprintf(path, sizeof path, "%s/%s", dirpath, names[i]);
        if (read_file(path, &data, &len)) {
            if (len > corpus_max)
                len = corpus_max;
            snprintf(path, sizeof path, "textcorpus/%s/%s", sub, names[i]);
            check_input_streams(data, len, false, path);
            for (k = 0; k < len / 500; k++)
                data[rnd(len)] = (unsigned char)rnd(256);
            snprintf(path, sizeof path, "textcorpus/%s/%s, corrupted", sub, names[i]);
            check_input_streams(data, len, false, path);
            free(data);
        } else {
            printf("test_stream: SKIPPED %s: cannot read it\n", path);
        }
        free(names[i]);
    }
}

static void suite(void)
{
    rng_state = 0x9E3779B97F4A7C15u; /* the same inputs for every impl */
    design_examples();
    random_mixtures();
    kuhn();
    corpus_dir("lipsum");
    corpus_dir("wikipedia_mars");
}

int main(int argc, char **argv)
{
    char *end;

    if (argc == 3) {
        corpus_max = (size_t)strtoull(argv[2], &end, 10);
        if (*end != '\0' || corpus_max == 0)
            argc = 0;
        else
            printf("test_stream: only the first %zu bytes of each corpus file\n",
                   corpus_max);
    }
    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: test_stream SHARED_DIR [CORPUS_MAX]\n");
        return 2;
    }
    shared_dir = argv[1];
    check_each_impl("test_stream", suite);
    return check_finish("test_stream");
}
