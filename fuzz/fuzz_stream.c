/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* fuzz_stream -- the streaming decoder equals the one-shot functions for
 * every way of splitting the input.
 *
 * Input layout: byte 0 is a flag byte, bits 0-3 the number k of chunk
 * sizes that follow, bit 4 "also ask for output", bit 5 "send the final
 * flag in a separate empty chunk", bit 6 "before each chunk, try a call
 * with an out_cap one byte too small"; then k bytes of chunk sizes (0..255,
 * used in turn; k == 0: one chunk); the rest is the text.
 *
 * Properties, for each supported implementation: the errors reported
 * (absolute offsets), their count (u8guard_stream_error_count) and the
 * concatenated output equal u8guard_next_error's list and
 * u8guard_sanitize's output; u8guard_stream_position counts the bytes fed;
 * every chunk's output fits U8GUARD_STREAM_OUT_MAX(len) (buffers are
 * allocated with exactly that many bytes); a refused call (out_cap too
 * small, or feeding a finished stream) returns SIZE_MAX and changes
 * nothing. */
#include "impls.h"
#include "report.h"

#include <stdlib.h>
#include <string.h>

#define TARGET "fuzz_stream"
#define F_OUTPUT 0x10
#define F_SEPARATE_FINAL 0x20
#define F_TRY_SMALL_CAP 0x40

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct run {
    const uint8_t *orig; /* the whole fuzz input, for reports */
    size_t orig_size;
    const char *impl;
    u8guard_error *errs; /* errors the stream reported */
    size_t n_errs, cap_errs;
};

/* Whether two stream states are the same, member by member (a memcmp
 * would also compare padding). */
static bool same_state(const u8guard_stream *a, const u8guard_stream *b)
{
    return a->offset == b->offset && a->n_pending == b->n_pending &&
           memcmp(a->pending, b->pending, a->n_pending <= 3 ? a->n_pending : 3) == 0 &&
           a->finished == b->finished && a->n_errors == b->n_errors;
}

static void on_error(void *ctx, const u8guard_error *err)
{
    struct run *r = ctx;
    char s[64];

    if (r->n_errs == r->cap_errs)
        fz_fail(TARGET, r->orig, r->orig_size, "impl=%s more errors than bytes: %s",
                r->impl, fz_err_str(err, s, sizeof s));
    r->errs[r->n_errs++] = *err;
}

/* Feeds text[0..len) to s as one chunk and, when out_total is not NULL,
 * appends the chunk's output at out_total[*o] and advances *o. */
static void feed(struct run *r, u8guard_stream *s, const uint8_t *text, size_t len,
                 bool final, unsigned flags, uint8_t *out_total, size_t *o)
{
    size_t cap = U8GUARD_STREAM_OUT_MAX(len), got;
    uint8_t *out = out_total ? malloc(cap) : NULL;
    u8guard_stream before = *s;
    size_t errs_before = r->n_errs;

    if (out_total && out == NULL)
        abort();
    if (out && (flags & F_TRY_SMALL_CAP)) {
        got = u8guard_stream_feed(s, text, len, final, on_error, r, out, cap - 1);
        if (got != SIZE_MAX || !same_state(&before, s) ||
            r->n_errs != errs_before)
            fz_fail(TARGET, r->orig, r->orig_size,
                    "impl=%s out_cap one too small was not refused cleanly (returned %zu)",
                    r->impl, got);
    }
    got = u8guard_stream_feed(s, text, len, final, on_error, r, out, out ? cap : 0);
    if (got == SIZE_MAX || got > cap || (!out && got != 0))
        fz_fail(TARGET, r->orig, r->orig_size, "impl=%s chunk of %zu bytes returned %zu",
                r->impl, len, got);
    if (out) {
        memcpy(out_total + *o, out, got);
        *o += got;
        free(out);
    }
}

static void run_impl(struct run *r, const uint8_t *sizes, size_t k, unsigned flags,
                     const uint8_t *text, size_t len)
{
    u8guard_stream s, done;
    size_t pos = 0, i = 0, chunk, o = 0, want_len, n_want = 0, p = 0;
    uint8_t *out = (flags & F_OUTPUT) ? malloc(3 * len + 1) : NULL;
    uint8_t *want = malloc(3 * len + 1);
    u8guard_error e;
    bool final;
    char s1[64], s2[64];

    if (want == NULL || ((flags & F_OUTPUT) && out == NULL))
        abort();
    r->n_errs = 0;
    u8guard_stream_init(&s);
    do {
        chunk = k ? sizes[i++ % k] : len;
        if (chunk > len - pos)
            chunk = len - pos;
        final = pos + chunk == len && !(flags & F_SEPARATE_FINAL);
        feed(r, &s, text + pos, chunk, final, flags, out, &o);
        pos += chunk;
        if (u8guard_stream_position(&s) != pos)
            fz_fail(TARGET, r->orig, r->orig_size, "impl=%s position %llu after %zu bytes",
                    r->impl, (unsigned long long)u8guard_stream_position(&s), pos);
    } while (!final && pos < len);
    if (!final)
        feed(r, &s, text + pos, 0, true, flags, out, &o);

    /* The one-shot answers. */
    while (u8guard_next_error(text, len, &p, &e)) {
        if (n_want >= r->n_errs || e.offset != r->errs[n_want].offset ||
            e.length != r->errs[n_want].length || e.kind != r->errs[n_want].kind)
            fz_fail(TARGET, r->orig, r->orig_size, "impl=%s error #%zu: stream %s | one-shot %s",
                    r->impl, n_want,
                    n_want < r->n_errs ? fz_err_str(&r->errs[n_want], s1, sizeof s1) : "none",
                    fz_err_str(&e, s2, sizeof s2));
        n_want++;
    }
    if (n_want != r->n_errs || u8guard_stream_error_count(&s) != n_want)
        fz_fail(TARGET, r->orig, r->orig_size,
                "impl=%s stream reported %zu errors, counts %llu | one-shot %zu", r->impl,
                r->n_errs, (unsigned long long)u8guard_stream_error_count(&s), n_want);
    want_len = u8guard_sanitize(text, len, want, 3 * len + 1, NULL);
    if (out && (o != want_len || memcmp(out, want, o) != 0)) {
        (void)fprintf(stderr, "stream=");
        fz_hex(stderr, out, o);
        (void)fprintf(stderr, "\none-shot=");
        fz_hex(stderr, want, want_len);
        (void)fputc('\n', stderr);
        fz_fail(TARGET, r->orig, r->orig_size, "impl=%s stream output differs", r->impl);
    }
    done = s;
    if (u8guard_stream_feed(&s, text, len, true, on_error, r, NULL, 0) != SIZE_MAX ||
        !same_state(&done, &s) || r->n_errs != n_want)
        fz_fail(TARGET, r->orig, r->orig_size, "impl=%s a finished stream accepted a chunk",
                r->impl);
    free(out);
    free(want);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    u8guard_impl impls[U8GUARD_IMPL_COUNT_];
    size_t n = fz_impls(impls), i, k = 0, head = 0;
    unsigned flags = 0;
    struct run r;

    if (size == 0)
        data = (const uint8_t *)""; /* no arithmetic on a NULL pointer */
    if (size > 0) {
        flags = data[0];
        k = flags & 0x0F;
        if (k > size - 1)
            k = size - 1;
        head = 1 + k;
        for (i = 1; i < head && data[i] == 0; i++)
            ;
        if (i == head) /* all sizes 0 would never end: one chunk */
            k = 0;
    }
    r.orig = data;
    r.orig_size = size;
    r.cap_errs = size - head;
    r.errs = malloc((r.cap_errs + 1) * sizeof *r.errs);
    if (r.errs == NULL)
        abort();
    for (i = 0; i < n; i++) {
        fz_use(impls[i]);
        r.impl = u8guard_impl_name(impls[i]);
        run_impl(&r, data + (head ? 1 : 0), k, flags, data + head, size - head);
    }
    fz_use(U8GUARD_IMPL_AUTO);
    free(r.errs);
    return 0;
}
