/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* fuzz_policy -- policy classes, error handlers, lossy decoding and the
 * stream's output forms against the model (model.h: its own decoder and
 * its own class table).
 *
 * The first two bytes choose the policy: deny = 10 bits, handler = the
 * next 2 bits modulo 3, and a chunk size for the stream; the rest is the
 * input. Properties, for each supported implementation:
 *  - u8guard_next_error_with visits exactly the model's errors (offset,
 *    length, kind, class, code point); count_errors_with and
 *    validate_with agree;
 *  - sanitize_with (UTF-8), decode_utf32_lossy_with and
 *    decode_utf16_lossy_with equal the model's output encoded in that
 *    form; the size queries (out_cap 0) return the same size; with the
 *    policy { 0, replace } the fixed-point lossy decoders give the same;
 *  - the stream in each form, fed in chunks of the chosen size, writes
 *    the same output and reports the same errors. */
#include "impls.h"
#include "model.h"
#include "report.h"

#include <stdlib.h>
#include <string.h>

#define TARGET "fuzz_policy"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct elog {
    u8guard_error *e;
    size_t n, cap;
};

static void log_error(void *ctx, const u8guard_error *e)
{
    struct elog *l = ctx;

    if (l->n < l->cap)
        l->e[l->n] = *e;
    l->n++;
}

static bool same_err(const u8guard_error *a, const u8guard_error *b)
{
    return a->offset == b->offset && a->length == b->length && a->kind == b->kind &&
           a->cls == b->cls && a->code_point == b->code_point;
}

/* Encodes cps[0..n) in form f into out; returns the bytes. */
static size_t encode_form(const uint32_t *cps, size_t n, u8guard_form f, uint8_t *out)
{
    size_t i, o = 0;
    uint16_t u;
    uint32_t cp;

    for (i = 0; i < n; i++) {
        cp = cps[i];
        if (f == U8GUARD_FORM_UTF8) {
            o += u8guard_encode(cp, out + o);
        } else if (f == U8GUARD_FORM_UTF32) {
            memcpy(out + o, &cp, 4);
            o += 4;
        } else if (cp >= 0x10000) {
            u = (uint16_t)(0xD800 | ((cp - 0x10000) >> 10));
            memcpy(out + o, &u, 2);
            u = (uint16_t)(0xDC00 | (cp & 0x3FF));
            memcpy(out + o + 2, &u, 2);
            o += 4;
        } else {
            u = (uint16_t)cp;
            memcpy(out + o, &u, 2);
            o += 2;
        }
    }
    return o;
}

static size_t unit_of(u8guard_form f)
{
    return f == U8GUARD_FORM_UTF32 ? 4 : f == U8GUARD_FORM_UTF16 ? 2 : 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    u8guard_impl impls[U8GUARD_IMPL_COUNT_];
    size_t n_impls, k, n_errs, n_cps, i, pos, got, need, nerr, wl, chunk, o, r, c;
    const uint8_t *in;
    size_t len;
    u8guard_policy pol;
    uint32_t *cps;
    u8guard_error *errs, e;
    uint8_t *want, *out;
    struct elog l;
    int f;

    if (size < 2)
        return 0;
    pol.deny = (data[0] | ((unsigned)data[1] << 8)) & U8GUARD_CLASS_ALL;
    pol.handler = (u8guard_handler)(((data[1] >> 2) & 3) % 3);
    chunk = 1 + (data[1] >> 4);
    in = data + 2;
    len = size - 2;
    cps = malloc((6 * len + 1) * sizeof *cps);
    errs = malloc((len + 1) * sizeof *errs);
    want = malloc(4 * (6 * len + 1));
    out = malloc(4 * (6 * len + 64));
    l.e = malloc((len + 1) * sizeof *l.e);
    if (!cps || !errs || !want || !out || !l.e)
        abort();
    l.cap = len + 1;
    n_cps = model_policy_output(in, len, pol.deny, pol.handler, cps, errs, &n_errs);
    n_impls = fz_impls(impls);
    for (k = 0; k < n_impls; k++) {
        const char *impl = u8guard_impl_name(impls[k]);

        fz_use(impls[k]);
        /* the errors */
        pos = 0;
        i = 0;
        while (u8guard_next_error_with(in, len, &pol, &pos, &e)) {
            if (i >= n_errs || !same_err(&e, &errs[i]))
                fz_fail(TARGET, data, size, "impl=%s error #%zu at %zu kind %d cls %d cp %x differs",
                        impl, i, e.offset, (int)e.kind, (int)e.cls, (unsigned)e.code_point);
            i++;
        }
        if (i != n_errs || u8guard_count_errors_with(in, len, &pol) != n_errs)
            fz_fail(TARGET, data, size, "impl=%s %zu errors | model %zu", impl, i, n_errs);
        if (u8guard_validate_with(in, len, &pol, &e) != (n_errs == 0) ||
            (n_errs && !same_err(&e, &errs[0])))
            fz_fail(TARGET, data, size, "impl=%s validate_with differs", impl);
        /* one-shot outputs, in each form */
        for (f = U8GUARD_FORM_UTF8; f <= U8GUARD_FORM_UTF32; f++) {
            wl = encode_form(cps, n_cps, (u8guard_form)f, want);
            nerr = 99;
            if (f == U8GUARD_FORM_UTF8) {
                need = u8guard_sanitized_length_with(in, len, &pol);
                got = u8guard_sanitize_with(in, len, out, wl, &pol, &nerr);
            } else if (f == U8GUARD_FORM_UTF16) {
                need = u8guard_decode_utf16_lossy_with(in, len, NULL, 0, &pol, NULL);
                got = u8guard_decode_utf16_lossy_with(in, len, (uint16_t *)(void *)out, wl / 2, &pol, &nerr);
            } else {
                need = u8guard_decode_utf32_lossy_with(in, len, NULL, 0, &pol, NULL);
                got = u8guard_decode_utf32_lossy_with(in, len, (uint32_t *)(void *)out, wl / 4, &pol, &nerr);
            }
            if (need != wl / unit_of((u8guard_form)f) || got != need || nerr != n_errs ||
                memcmp(out, want, wl) != 0)
                fz_fail(TARGET, data, size, "impl=%s form %d: %zu units (size query %zu), %zu errors | model %zu units, %zu errors",
                        impl, f, got, need, nerr, wl / unit_of((u8guard_form)f), n_errs);
            if (pol.deny == 0 && pol.handler == U8GUARD_REPLACE && f != U8GUARD_FORM_UTF8) {
                got = f == U8GUARD_FORM_UTF16
                          ? u8guard_decode_utf16_lossy(in, len, (uint16_t *)(void *)out, wl / 2, NULL)
                          : u8guard_decode_utf32_lossy(in, len, (uint32_t *)(void *)out, wl / 4, NULL);
                if (got != need || memcmp(out, want, wl) != 0)
                    fz_fail(TARGET, data, size, "impl=%s fixed-point lossy form %d differs", impl, f);
            }
            /* the stream, in chunks */
            {
                u8guard_stream s;

                u8guard_stream_init_with(&s, &pol, (u8guard_form)f);
                l.n = 0;
                o = 0;
                for (i = 0; i == 0 || i < len; i += c) {
                    c = len - i < chunk ? len - i : chunk;
                    r = u8guard_stream_feed(&s, in + i, c, i + c == len, log_error, &l,
                                            out + o, u8guard_stream_out_max(&s, c));
                    if (r == SIZE_MAX)
                        fz_fail(TARGET, data, size, "impl=%s stream refused a chunk", impl);
                    o += r * unit_of((u8guard_form)f);
                    if (c == 0)
                        break;
                }
                if (o != wl || memcmp(out, want, wl) != 0 || l.n != n_errs)
                    fz_fail(TARGET, data, size, "impl=%s stream form %d chunk %zu: %zu bytes, %zu errors | model %zu, %zu",
                            impl, f, chunk, o, l.n, wl, n_errs);
                for (i = 0; i < n_errs; i++)
                    if (!same_err(&l.e[i], &errs[i]))
                        fz_fail(TARGET, data, size, "impl=%s stream error #%zu differs", impl, i);
            }
        }
    }
    free(cps);
    free(errs);
    free(want);
    free(out);
    free(l.e);
    return 0;
}
