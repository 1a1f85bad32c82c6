/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* fuzz_decode -- strict decoding to UTF-32 and UTF-16.
 *
 * Properties, for each supported implementation and both encodings:
 *  - asking for the size (out NULL, out_cap 0) returns the number of units
 *    the model's decoding of the valid prefix needs, and the first error;
 *  - decoding into a buffer of exactly that many units, and into one of
 *    exactly len units (the one-pass kernel path), returns that number,
 *    the model's first error, and units that the harness's own encoder
 *    (encoders.h) turns back into exactly data[0..err.offset);
 *  - with a smaller out_cap it still returns the full count, writes
 *    exactly the whole code points that fit (a surrogate pair is never
 *    split) and touches nothing else.
 * Every buffer is allocated with exactly its stated capacity, so ASan
 * reports any write past it. */
#include "encoders.h"
#include "impls.h"
#include "model.h"
#include "report.h"
#include "written.h"

#include <stdlib.h>
#include <string.h>

#define TARGET "fuzz_decode"
#define SWEEP_ALL_CAPS_UPTO 32

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct ctx {
    const uint8_t *data;
    size_t size;
    u8guard_error first;    /* the model's first error */
    const uint32_t *want32; /* the model's decoding */
    size_t n32;
    const uint16_t *want16; /* the same as UTF-16 */
    size_t n16;
    uint8_t *bytes;         /* scratch for re-encoding: 4 * size bytes */
    const char *impl;
};

static void check_err(const struct ctx *c, const char *what, size_t cap,
                      const u8guard_error *e)
{
    char s1[64], s2[64];

    if (e->offset != c->first.offset || e->length != c->first.length ||
        e->kind != c->first.kind)
        fz_fail(TARGET, c->data, c->size, "impl=%s %s out_cap=%zu err=%s | model %s",
                c->impl, what, cap, fz_err_str(e, s1, sizeof s1),
                fz_err_str(&c->first, s2, sizeof s2));
}

/* The re-encoded output (length n, SIZE_MAX if ill-formed) must be the
 * valid prefix. */
static void check_roundtrip(const struct ctx *c, const char *what, size_t cap, size_t n)
{
    if (n != c->first.offset || (n && memcmp(c->bytes, c->data, n) != 0)) {
        (void)fprintf(stderr, "reencoded=");
        fz_hex(stderr, c->bytes, n == SIZE_MAX ? 0 : n);
        (void)fputc('\n', stderr);
        fz_fail(TARGET, c->data, c->size,
                "impl=%s %s out_cap=%zu output re-encodes to %zu bytes%s | valid prefix %zu",
                c->impl, what, cap, n, n == SIZE_MAX ? " (ill-formed)" : "", c->first.offset);
    }
}

static void check_utf32_full(const struct ctx *c, size_t cap)
{
    uint32_t *out = malloc(cap ? cap * sizeof *out : 1);
    u8guard_error e;
    size_t got;

    if (out == NULL)
        abort();
    got = u8guard_decode_utf32(c->data, c->size, out, cap, &e);
    check_err(c, "utf32", cap, &e);
    if (got != c->n32 || (got && memcmp(out, c->want32, got * sizeof *out) != 0))
        fz_fail(TARGET, c->data, c->size, "impl=%s utf32 out_cap=%zu returned %zu | model %zu%s",
                c->impl, cap, got, c->n32, got == c->n32 ? " (other code points)" : "");
    check_roundtrip(c, "utf32", cap, fz_utf32_to_utf8(out, got, c->bytes));
    free(out);
}

static void check_utf16_full(const struct ctx *c, size_t cap)
{
    uint16_t *out = malloc(cap ? cap * sizeof *out : 1);
    u8guard_error e;
    size_t got;

    if (out == NULL)
        abort();
    got = u8guard_decode_utf16(c->data, c->size, out, cap, &e);
    check_err(c, "utf16", cap, &e);
    if (got != c->n16 || (got && memcmp(out, c->want16, got * sizeof *out) != 0))
        fz_fail(TARGET, c->data, c->size, "impl=%s utf16 out_cap=%zu returned %zu | model %zu%s",
                c->impl, cap, got, c->n16, got == c->n16 ? " (other units)" : "");
    check_roundtrip(c, "utf16", cap, fz_utf16_to_utf8(out, got, c->bytes));
    free(out);
}

/* Decodes into a buffer of exactly cap units of unit bytes, pre-filled
 * with fill; utf16 selects the function. */
static unsigned char *run_capped(const struct ctx *c, bool utf16, size_t cap, int fill)
{
    size_t unit = utf16 ? 2 : 4, got;
    unsigned char *buf = malloc(cap ? cap * unit : 1);
    u8guard_error e;

    if (buf == NULL)
        abort();
    memset(buf, fill, cap ? cap * unit : 1);
    if (utf16)
        got = u8guard_decode_utf16(c->data, c->size, cap ? (uint16_t *)(void *)buf : NULL,
                                   cap, &e);
    else
        got = u8guard_decode_utf32(c->data, c->size, cap ? (uint32_t *)(void *)buf : NULL,
                                   cap, &e);
    check_err(c, utf16 ? "utf16" : "utf32", cap, &e);
    if (got != (utf16 ? c->n16 : c->n32))
        fz_fail(TARGET, c->data, c->size, "impl=%s %s out_cap=%zu returned %zu | model %zu",
                c->impl, utf16 ? "utf16" : "utf32", cap, got, utf16 ? c->n16 : c->n32);
    return buf;
}

static void check_cap(const struct ctx *c, bool utf16, size_t cap)
{
    size_t unit = utf16 ? 2 : 4, fit = cap, w;
    unsigned char *a = run_capped(c, utf16, cap, FZ_FILL_A);
    unsigned char *b = run_capped(c, utf16, cap, FZ_FILL_B);
    const unsigned char *want = utf16 ? (const void *)c->want16 : (const void *)c->want32;
    bool clean;

    /* Whole code points only: a cut inside a surrogate pair moves back. */
    if (utf16 && fit > 0 && fit < c->n16 && c->want16[fit] >= 0xDC00 &&
        c->want16[fit] <= 0xDFFF)
        fit--;
    w = fz_written(a, b, want, (utf16 ? c->n16 : c->n32) * unit, cap * unit, &clean);
    if (w != fit * unit || !clean)
        fz_fail(TARGET, c->data, c->size,
                "impl=%s %s out_cap=%zu wrote %zu bytes%s | want %zu units (%zu bytes)",
                c->impl, utf16 ? "utf16" : "utf32", cap, w,
                clean ? "" : " and then other bytes", fit, fit * unit);
    free(a);
    free(b);
}

static void check_caps(const struct ctx *c, bool utf16)
{
    size_t need = utf16 ? c->n16 : c->n32, cap, k;

    if (need <= SWEEP_ALL_CAPS_UPTO) {
        for (cap = 0; cap < need; cap++)
            check_cap(c, utf16, cap);
        return;
    }
    for (k = 1; k <= 3; k++)
        check_cap(c, utf16, need - k);
    check_cap(c, utf16, 0);
    check_cap(c, utf16, 1);
    check_cap(c, utf16, need / 2);
    check_cap(c, utf16, c->size ? c->data[c->size - 1] % need : 0);
}

/* UTF-16 of the model's code points. */
static size_t to_utf16(const uint32_t *cps, size_t n, uint16_t *out)
{
    size_t i, o = 0;

    for (i = 0; i < n; i++) {
        if (cps[i] >= 0x10000) {
            out[o++] = (uint16_t)(0xD800 + ((cps[i] - 0x10000) >> 10));
            out[o++] = (uint16_t)(0xDC00 + ((cps[i] - 0x10000) & 0x3FF));
        } else {
            out[o++] = (uint16_t)cps[i];
        }
    }
    return o;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    u8guard_impl impls[U8GUARD_IMPL_COUNT_];
    size_t n = fz_impls(impls), i;
    uint32_t *want32 = malloc((size + 1) * sizeof *want32);
    uint16_t *want16 = malloc((size + 1) * sizeof *want16);
    uint8_t *bytes = malloc(4 * size + 4);
    u8guard_error e;
    struct ctx c;

    if (want32 == NULL || want16 == NULL || bytes == NULL)
        abort();
    c.data = data;
    c.size = size;
    c.n32 = model_decode(data, size, want32, &c.first);
    c.want32 = want32;
    c.n16 = to_utf16(want32, c.n32, want16);
    c.want16 = want16;
    c.bytes = bytes;
    for (i = 0; i < n; i++) {
        fz_use(impls[i]);
        c.impl = u8guard_impl_name(impls[i]);
        if (u8guard_decode_utf32(data, size, NULL, 0, &e) != c.n32)
            fz_fail(TARGET, data, size, "impl=%s utf32 size query wrong", c.impl);
        check_err(&c, "utf32 size query", 0, &e);
        if (u8guard_decode_utf16(data, size, NULL, 0, &e) != c.n16)
            fz_fail(TARGET, data, size, "impl=%s utf16 size query wrong", c.impl);
        check_err(&c, "utf16 size query", 0, &e);
        check_utf32_full(&c, c.n32);
        check_utf32_full(&c, size);
        check_utf16_full(&c, c.n16);
        check_utf16_full(&c, size);
        check_caps(&c, false);
        check_caps(&c, true);
    }
    fz_use(U8GUARD_IMPL_AUTO);
    free(want32);
    free(want16);
    free(bytes);
    return 0;
}
