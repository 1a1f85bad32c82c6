/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* fuzz_errors_sanitize -- the all-errors iteration and replacement mode.
 *
 * Properties, for each supported implementation:
 *  - u8guard_next_error visits exactly the model's error list (model.h),
 *    each time advancing *pos to offset + length; u8guard_count_errors
 *    counts it;
 *  - u8guard_sanitize's output equals the output rebuilt here from the
 *    model's error list (valid stretches copied, one EF BF BD per error),
 *    is valid UTF-8, is returned by a second sanitize unchanged and with no
 *    error (idempotent), and its size is what u8guard_sanitized_length and
 *    the return value say; *n_errors is the number of errors;
 *  - with a smaller out_cap (every cap when the output is short, a few
 *    chosen ones otherwise) it returns the full size, writes exactly the
 *    longest whole-character prefix of the full output that fits, and
 *    touches nothing else. Buffers are allocated with exactly out_cap
 *    bytes, so ASan reports any write past it. */
#include "impls.h"
#include "model.h"
#include "report.h"
#include "written.h"

#include <stdlib.h>
#include <string.h>

#define TARGET "fuzz_errors_sanitize"
#define SWEEP_ALL_CAPS_UPTO 48

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct ctx {
    const uint8_t *data;
    size_t size;
    const u8guard_error *errs; /* the model's errors */
    size_t n_errs;
    const uint8_t *want; /* the rebuilt output */
    size_t want_len;
    const char *impl;
};

/* U+FFFD in UTF-8: what each error becomes. */
static const uint8_t FFFD[3] = {0xEF, 0xBF, 0xBD};

/* Rebuilds the replacement output of data from its error list. */
static size_t rebuild(const uint8_t *data, size_t size, const u8guard_error *errs,
                      size_t n, uint8_t *out)
{
    size_t pos = 0, o = 0, i;

    for (i = 0; i < n; i++) {
        if (errs[i].offset > pos) /* data may be NULL when size is 0 */
            memcpy(out + o, data + pos, errs[i].offset - pos);
        o += errs[i].offset - pos;
        memcpy(out + o, FFFD, sizeof FFFD);
        o += sizeof FFFD;
        pos = errs[i].offset + errs[i].length;
    }
    if (size > pos)
        memcpy(out + o, data + pos, size - pos);
    return o + size - pos;
}

static void check_iteration(const struct ctx *c)
{
    size_t pos = 0, i = 0, count;
    u8guard_error e;
    char s1[64], s2[64];

    while (u8guard_next_error(c->data, c->size, &pos, &e)) {
        if (i >= c->n_errs)
            fz_fail(TARGET, c->data, c->size, "impl=%s extra error #%zu %s | model has %zu",
                    c->impl, i, fz_err_str(&e, s1, sizeof s1), c->n_errs);
        if (e.offset != c->errs[i].offset || e.length != c->errs[i].length ||
            e.kind != c->errs[i].kind)
            fz_fail(TARGET, c->data, c->size, "impl=%s error #%zu %s | model %s", c->impl,
                    i, fz_err_str(&e, s1, sizeof s1), fz_err_str(&c->errs[i], s2, sizeof s2));
        if (pos != e.offset + e.length)
            fz_fail(TARGET, c->data, c->size, "impl=%s after error #%zu pos=%zu, want %zu",
                    c->impl, i, pos, e.offset + e.length);
        i++;
    }
    if (i != c->n_errs || pos != c->size || e.kind != U8GUARD_OK || e.offset != c->size)
        fz_fail(TARGET, c->data, c->size,
                "impl=%s iteration ended after %zu errors at pos=%zu (%s) | model %zu errors",
                c->impl, i, pos, fz_err_str(&e, s1, sizeof s1), c->n_errs);
    count = u8guard_count_errors(c->data, c->size);
    if (count != c->n_errs)
        fz_fail(TARGET, c->data, c->size, "impl=%s count_errors=%zu | model %zu", c->impl,
                count, c->n_errs);
}

static void check_full_output(const struct ctx *c)
{
    size_t need, got, nerr = 99, nerr2 = 99, again;
    uint8_t *out, *out2;
    u8guard_error e;
    char s[64];

    need = u8guard_sanitized_length(c->data, c->size);
    if (need != c->want_len)
        fz_fail(TARGET, c->data, c->size, "impl=%s sanitized_length=%zu | rebuilt %zu",
                c->impl, need, c->want_len);
    out = malloc(need ? need : 1);
    out2 = malloc(need ? need : 1);
    if (out == NULL || out2 == NULL)
        abort();
    got = u8guard_sanitize(c->data, c->size, out, need, &nerr);
    if (got != need || nerr != c->n_errs || memcmp(out, c->want, need) != 0) {
        (void)fprintf(stderr, "ours=");
        fz_hex(stderr, out, got <= need ? got : need);
        (void)fprintf(stderr, "\nwant=");
        fz_hex(stderr, c->want, c->want_len);
        (void)fputc('\n', stderr);
        fz_fail(TARGET, c->data, c->size,
                "impl=%s sanitize returned %zu with %zu errors | rebuilt %zu bytes, %zu errors",
                c->impl, got, nerr, c->want_len, c->n_errs);
    }
    if (!u8guard_validate(out, need, &e))
        fz_fail(TARGET, c->data, c->size, "impl=%s sanitized output invalid: %s", c->impl,
                fz_err_str(&e, s, sizeof s));
    again = u8guard_sanitize(out, need, out2, need, &nerr2);
    if (again != need || nerr2 != 0 || memcmp(out, out2, need) != 0)
        fz_fail(TARGET, c->data, c->size,
                "impl=%s sanitize not idempotent: %zu bytes, %zu errors the second time",
                c->impl, again, nerr2);
    free(out);
    free(out2);
}

/* Runs sanitize into a buffer of exactly cap bytes pre-filled with fill. */
static uint8_t *run_capped(const struct ctx *c, size_t cap, int fill)
{
    uint8_t *buf = malloc(cap ? cap : 1);
    size_t got, nerr = 99;

    if (buf == NULL)
        abort();
    memset(buf, fill, cap ? cap : 1);
    got = u8guard_sanitize(c->data, c->size, cap ? buf : NULL, cap, &nerr);
    if (got != c->want_len || nerr != c->n_errs)
        fz_fail(TARGET, c->data, c->size,
                "impl=%s out_cap=%zu returned %zu with %zu errors | want %zu, %zu", c->impl,
                cap, got, nerr, c->want_len, c->n_errs);
    return buf;
}

static void check_cap(const struct ctx *c, size_t cap)
{
    uint8_t *a = run_capped(c, cap, FZ_FILL_A), *b = run_capped(c, cap, FZ_FILL_B);
    size_t w, fit = cap;
    bool clean;

    /* The longest whole-character prefix of the output within cap. */
    while (fit > 0 && fit < c->want_len && (c->want[fit] & 0xC0) == 0x80)
        fit--;
    w = fz_written(a, b, c->want, c->want_len, cap, &clean);
    if (w != fit || !clean) {
        (void)fprintf(stderr, "written=");
        fz_hex(stderr, a, cap);
        (void)fprintf(stderr, "\nwant=");
        fz_hex(stderr, c->want, c->want_len);
        (void)fputc('\n', stderr);
        fz_fail(TARGET, c->data, c->size,
                "impl=%s out_cap=%zu wrote a %zu-byte prefix%s | want %zu bytes", c->impl,
                cap, w, clean ? "" : " and then other bytes", fit);
    }
    free(a);
    free(b);
}

static void check_caps(const struct ctx *c)
{
    size_t cap, need = c->want_len, k;
    uint64_t h = 2166136261u; /* 32 bits kept: no unsigned wraparound for
                                 -fsanitize=unsigned-integer-overflow */

    if (need <= SWEEP_ALL_CAPS_UPTO) {
        for (cap = 0; cap < need; cap++)
            check_cap(c, cap);
        return;
    }
    for (k = 0; k < c->size; k++) /* FNV-1a picks a few caps from the input */
        h = ((h ^ c->data[k]) * 16777619u) & 0xFFFFFFFFu;
    for (k = 1; k <= 3; k++)
        check_cap(c, need - k);
    check_cap(c, 0);
    check_cap(c, 1);
    for (k = 0; k < 4; k++)
        check_cap(c, (size_t)(h >> (8 * k)) % need);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    u8guard_impl impls[U8GUARD_IMPL_COUNT_];
    size_t n = fz_impls(impls), i;
    u8guard_error *errs = malloc((size + 1) * sizeof *errs);
    uint8_t *want = malloc(3 * size + 1);
    struct ctx c;

    if (errs == NULL || want == NULL)
        abort();
    c.data = data;
    c.size = size;
    c.errs = errs;
    c.n_errs = model_errors(data, size, errs, size);
    c.want = want;
    c.want_len = rebuild(data, size, errs, c.n_errs, want);
    for (i = 0; i < n; i++) {
        fz_use(impls[i]);
        c.impl = u8guard_impl_name(impls[i]);
        check_iteration(&c);
        check_full_output(&c);
        check_caps(&c);
    }
    fz_use(U8GUARD_IMPL_AUTO);
    free(errs);
    free(want);
    return 0;
}
