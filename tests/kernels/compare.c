/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* compare.c -- see compare.h. */
#include "compare.h"

#include <u8guard.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_REPORTS 12   /* differences printed in full */
#define STREAM_CHUNK 7   /* a chunk size that straddles every boundary */
#define QUIET_CHUNK 4093 /* chunks of many 64-byte blocks, cut anywhere */

/* Everything the public API says about one input. */
struct results {
    size_t prefix;
    bool valid;
    u8guard_error verr;
    size_t n32, n16, nsan, san_errors, n_errs, nstream;
    u8guard_error e32, e16;
    uint32_t *u32;
    uint16_t *u16;
    uint8_t *san, *stream;
    u8guard_error *errs;     /* every error, by u8guard_next_error */
    u8guard_error *serrs;    /* every error, by the stream */
    size_t n_serrs;
    size_t count;            /* u8guard_count_errors */
    size_t nlen;             /* u8guard_sanitized_length */
    uint8_t *cut;            /* sanitize into len + 1 bytes: cut short where errors grow it */
    size_t ncut, cut_errors, cap_cut;
    uint8_t *quiet;          /* the stream without a callback, in QUIET_CHUNK chunks */
    size_t nquiet, quiet_errors;
};

/* The bytes a sanitize into cap bytes writes, whose whole output is
 * san[0..n): the longest prefix that fits and ends at a character
 * boundary (a U+FFFD is never cut either). */
static size_t cut_length(const uint8_t *san, size_t n, size_t cap)
{
    size_t w = n < cap ? n : cap;

    while (w > 0 && w < n && (san[w] & 0xC0) == 0x80)
        w--;
    return w;
}

static unsigned long failures, cases;

unsigned long compare_failures(void)
{
    return failures;
}

unsigned long compare_cases(void)
{
    return cases;
}

/* One output buffer of a struct results, kept from one run to the next.
 * A fresh calloc of every buffer on every run spent about 70 % of a sweep
 * in zeroing and page faults (perf of test_decode_windows, 2026-11-28:
 * memset 42 %, the kernel's page-fault path 28 %). */
struct scratch {
    void *p;
    size_t size;
};

/* Filled in before every run: a unit an implementation counts but does not
 * write then reads as POISON, never as what the run before it wrote (the
 * implementations share one set of buffers). */
#define POISON 0xA5

/* scratch_get returns s's buffer, grown to at least n items of size bytes
 * (one byte when n is 0) and filled with POISON. Exits when memory runs
 * out. */
static void *scratch_get(struct scratch *s, size_t n, size_t size)
{
    size_t bytes = n ? n * size : 1;

    if (bytes > s->size) {
        free(s->p);
        s->p = malloc(bytes);
        if (s->p == NULL) {
            fprintf(stderr, "out of memory\n");
            exit(2);
        }
        s->size = bytes;
    }
    memset(s->p, POISON, bytes);
    return s->p;
}

/* The buffers behind one struct results: the reference's, and the one set
 * every other implementation's run uses in turn. */
struct buffers {
    struct scratch u32, u16, san, cut, errs, stream, serrs, quiet;
};
static struct buffers ref_buffers, impl_buffers;

static void on_stream_error(void *ctx, const u8guard_error *e)
{
    struct results *r = ctx;

    r->serrs[r->n_serrs++] = *e;
}

static void run(const uint8_t *in, size_t len, struct results *r, struct buffers *b,
                int fast)
{
    size_t pos = 0, i, chunk, cap = U8GUARD_STREAM_OUT_MAX(STREAM_CHUNK);
    u8guard_stream s;

    memset(r, 0, sizeof *r);
    r->prefix = u8guard_valid_prefix(in, len);
    if (fast)
        return;
    r->valid = u8guard_validate(in, len, &r->verr);
    r->u32 = scratch_get(&b->u32, len, sizeof *r->u32);
    r->u16 = scratch_get(&b->u16, len, sizeof *r->u16);
    r->n32 = u8guard_decode_utf32(in, len, r->u32, len, &r->e32);
    r->n16 = u8guard_decode_utf16(in, len, r->u16, len, &r->e16);
    r->san = scratch_get(&b->san, 3 * len, 1);
    r->nsan = u8guard_sanitize(in, len, r->san, 3 * len, &r->san_errors);
    r->count = u8guard_count_errors(in, len);
    r->nlen = u8guard_sanitized_length(in, len);
    r->cap_cut = len + 1;
    r->cut = scratch_get(&b->cut, r->cap_cut, 1);
    r->ncut = u8guard_sanitize(in, len, r->cut, r->cap_cut, &r->cut_errors);
    r->errs = scratch_get(&b->errs, len + 1, sizeof *r->errs); /* + the final "no error" */
    while (u8guard_next_error(in, len, &pos, &r->errs[r->n_errs]))
        r->n_errs++;
    /* The stream, fed STREAM_CHUNK bytes at a time. */
    r->stream = scratch_get(&b->stream, 3 * len + cap, 1);
    r->serrs = scratch_get(&b->serrs, len, sizeof *r->serrs);
    u8guard_stream_init(&s);
    for (i = 0; i < len; i += chunk) {
        chunk = len - i < STREAM_CHUNK ? len - i : STREAM_CHUNK;
        r->nstream += u8guard_stream_feed(&s, in + i, chunk, false, on_stream_error, r,
                                          r->stream + r->nstream, cap);
    }
    r->nstream += u8guard_stream_feed(&s, NULL, 0, true, on_stream_error, r,
                                      r->stream + r->nstream, cap);
    /* Without a callback the stream may take errors many at a time. */
    cap = U8GUARD_STREAM_OUT_MAX(QUIET_CHUNK);
    r->quiet = scratch_get(&b->quiet, 3 * len + cap, 1);
    u8guard_stream_init(&s);
    for (i = 0; i < len; i += chunk) {
        chunk = len - i < QUIET_CHUNK ? len - i : QUIET_CHUNK;
        r->nquiet += u8guard_stream_feed(&s, in + i, chunk, false, NULL, NULL,
                                         r->quiet + r->nquiet, cap);
    }
    r->nquiet += u8guard_stream_feed(&s, NULL, 0, true, NULL, NULL, r->quiet + r->nquiet, cap);
    r->quiet_errors = (size_t)u8guard_stream_error_count(&s);
}

static bool same_error(const u8guard_error *a, const u8guard_error *b)
{
    return a->offset == b->offset && a->length == b->length && a->kind == b->kind;
}

static bool same_errors(const u8guard_error *a, const u8guard_error *b, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        if (!same_error(&a[i], &b[i]))
            return false;
    return true;
}

/* Returns the name of the first field that differs, NULL when none. */
static const char *difference(const struct results *a, const struct results *b, int fast)
{
    if (a->prefix != b->prefix)
        return "u8guard_valid_prefix";
    if (fast)
        return NULL;
    if (a->valid != b->valid || !same_error(&a->verr, &b->verr))
        return "u8guard_validate";
    if (a->n32 != b->n32 || !same_error(&a->e32, &b->e32) ||
        memcmp(a->u32, b->u32, a->n32 * sizeof *a->u32) != 0)
        return "u8guard_decode_utf32";
    if (a->n16 != b->n16 || !same_error(&a->e16, &b->e16) ||
        memcmp(a->u16, b->u16, a->n16 * sizeof *a->u16) != 0)
        return "u8guard_decode_utf16";
    if (a->nsan != b->nsan || a->san_errors != b->san_errors ||
        memcmp(a->san, b->san, a->nsan) != 0)
        return "u8guard_sanitize";
    if (a->count != b->count)
        return "u8guard_count_errors";
    if (a->nlen != b->nlen)
        return "u8guard_sanitized_length";
    /* Cut short: the bytes written are the ones before the cut. */
    if (a->ncut != b->ncut || a->cut_errors != b->cut_errors ||
        memcmp(a->cut, b->cut, cut_length(a->san, a->nsan, a->cap_cut)) != 0)
        return "u8guard_sanitize (output cut short)";
    if (a->n_errs != b->n_errs || !same_errors(a->errs, b->errs, a->n_errs))
        return "u8guard_next_error";
    if (a->nstream != b->nstream || memcmp(a->stream, b->stream, a->nstream) != 0 ||
        a->n_serrs != b->n_serrs || !same_errors(a->serrs, b->serrs, a->n_serrs))
        return "u8guard_stream_feed";
    return NULL;
}

static void hexdump(const uint8_t *in, size_t len)
{
    size_t i, shown = len > 320 ? 320 : len;

    for (i = 0; i < shown; i++)
        fprintf(stderr, "%02X%s", in[i], (i + 1) % 32 == 0 ? "\n" : " ");
    fprintf(stderr, "%s\n", shown < len ? "..." : "");
}

/* Within one implementation, the one-shot sanitizer (which validates in
 * windows) and the stream (7-byte chunks) must write the same bytes, and
 * the stream must report exactly the errors u8guard_next_error visits.
 * Returns the name of the first disagreement, NULL when none. */
static const char *inconsistency(const struct results *r)
{
    if (r->nsan != r->nstream || memcmp(r->san, r->stream, r->nsan) != 0)
        return "u8guard_sanitize vs the stream's output";
    if (r->san_errors != r->n_errs || r->n_serrs != r->n_errs ||
        !same_errors(r->errs, r->serrs, r->n_errs))
        return "error count/list of sanitize, next_error and the stream";
    if (r->count != r->n_errs || r->nlen != r->nsan || r->ncut != r->nsan ||
        r->cut_errors != r->n_errs ||
        memcmp(r->cut, r->san, cut_length(r->san, r->nsan, r->cap_cut)) != 0)
        return "count_errors, sanitized_length or a cut-short sanitize vs the rest";
    if (r->nquiet != r->nsan || memcmp(r->quiet, r->san, r->nsan) != 0 ||
        r->quiet_errors != r->n_errs)
        return "the stream without a callback vs sanitize";
    return NULL;
}

/* in_list: is name an item of the comma-separated list (every name is,
 * when the list is NULL or empty)? */
static int in_list(const char *list, const char *name)
{
    size_t n = strlen(name);
    const char *p;

    if (list == NULL || *list == '\0')
        return 1;
    for (p = list; (p = strstr(p, name)) != NULL; p += n)
        if ((p == list || p[-1] == ',') && (p[n] == ',' || p[n] == '\0'))
            return 1;
    return 0;
}

/* compare_selected (compare.h). Worked out once per process: every input
 * asks, and under qemu a getenv and a name scan per input and
 * implementation cost as much as the comparison. */
int compare_selected(u8guard_impl impl)
{
    static signed char known[U8GUARD_IMPL_COUNT_], ready;
    const char *list;
    int i;

    if (!ready) {
        list = getenv("U8GUARD_TEST_IMPLS");
        for (i = 0; i < U8GUARD_IMPL_COUNT_; i++)
            known[i] = (signed char)(u8guard_impl_supported((u8guard_impl)i) &&
                                     in_list(list, u8guard_impl_name((u8guard_impl)i)));
        ready = 1;
    }
    return known[impl];
}

/* compare_use (compare.h). */
int compare_use(const char *test, u8guard_impl impl)
{
    if (compare_selected(impl) && u8guard_set_impl(impl))
        return 1;
    printf("%s: %s not checked: %s\n", test, u8guard_impl_name(impl),
           u8guard_impl_supported(impl) ? "not in U8GUARD_TEST_IMPLS" : "not supported here");
    return 0;
}

/* label_string: the describe callback of compare_all (the label itself). */
static void label_string(char *buf, size_t n, const void *ctx)
{
    snprintf(buf, n, "%s", (const char *)ctx);
}

int compare_all(const uint8_t *in, size_t len, const char *what, int fast)
{
    return compare_all_described(in, len, label_string, what, fast);
}

int compare_all_described(const uint8_t *in, size_t len, compare_describe describe,
                          const void *ctx, int fast)
{
    struct results ref, got;
    const char *diff;
    char what[160];
    int bad = 0, impl;

    if (!u8guard_set_impl(U8GUARD_IMPL_SCALAR)) {
        fprintf(stderr, "cannot select the scalar implementation\n");
        exit(2);
    }
    run(in, len, &ref, &ref_buffers, fast);
    if (!fast && (diff = inconsistency(&ref)) != NULL && ++failures <= MAX_REPORTS) {
        describe(what, sizeof what, ctx);
        fprintf(stderr, "FAIL scalar: %s differ on %s (len %zu)\n", diff, what, len);
        hexdump(in, len);
    }
    for (impl = U8GUARD_IMPL_SCALAR + 1; impl < U8GUARD_IMPL_COUNT_; impl++) {
        if (!compare_selected((u8guard_impl)impl) || !u8guard_set_impl((u8guard_impl)impl))
            continue;
        run(in, len, &got, &impl_buffers, fast);
        diff = difference(&ref, &got, fast);
        if (diff == NULL && !fast)
            diff = inconsistency(&got);
        if (diff) {
            bad++;
            if (++failures <= MAX_REPORTS) {
                describe(what, sizeof what, ctx);
                fprintf(stderr,
                        "FAIL %s: %s differs from scalar on %s (len %zu): "
                        "valid prefix %zu vs %zu\n",
                        u8guard_impl_name((u8guard_impl)impl), diff, what, len,
                        got.prefix, ref.prefix);
                hexdump(in, len);
            }
        }
    }
    cases++;
    return bad;
}

int compare_impls_line(void)
{
    int impl, n = 0;

    const char *list = getenv("U8GUARD_TEST_IMPLS");

    printf("comparing with scalar:");
    for (impl = U8GUARD_IMPL_SCALAR + 1; impl < U8GUARD_IMPL_COUNT_; impl++)
        if (compare_selected((u8guard_impl)impl)) {
            printf(" %s", u8guard_impl_name((u8guard_impl)impl));
            n++;
        }
    printf("%s", n ? "" : " (none supported here)");
    if (list != NULL && *list != '\0')
        printf(" (only those in U8GUARD_TEST_IMPLS=%s)", list);
    printf("\n");
    return n;
}

uint64_t rng_next(uint64_t *s)
{
    uint64_t x = *s;

    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return x * 0x2545F4914F6CDD1Dull;
}

size_t random_char(uint64_t *s, unsigned n, uint8_t out[4])
{
    /* Range of each length, and the values at the edges of Table 3-7. */
    static const uint32_t lo[5] = {0, 0x00, 0x80, 0x800, 0x10000};
    static const uint32_t hi[5] = {0, 0x7F, 0x7FF, 0xFFFF, 0x10FFFF};
    static const uint32_t edges[5][6] = {
        {0, 0, 0, 0, 0, 0},
        {0x00, 0x7F, 0x01, 0x41, 0x7E, 0x20},
        {0x80, 0x7FF, 0xBF, 0xC0, 0x3FF, 0x400},
        {0x800, 0xFFFF, 0xD7FF, 0xE000, 0xFFFD, 0x1000},
        {0x10000, 0x10FFFF, 0x3FFFF, 0x40000, 0xFFFFF, 0x100000},
    };
    uint64_t r = rng_next(s);
    uint32_t cp;

    if (n < 1 || n > 4)
        n = 1;
    if (r % 8 == 0)
        cp = edges[n][(r >> 8) % 6];
    else
        cp = lo[n] + (uint32_t)((r >> 8) % (hi[n] - lo[n] + 1));
    if (cp >= 0xD800 && cp <= 0xDFFF)
        cp -= 0x800; /* a 3-byte non-surrogate */
    if (u8guard_encode(cp, out) != n) {
        fprintf(stderr, "random_char: u8guard_encode(%#x) is not %u bytes\n",
                (unsigned)cp, n);
        exit(2);
    }
    return n;
}
