/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* peer_icu.c -- ICU two ways: the converter API (ucnv_toUnicode on a
 * "UTF-8" converter with the STOP callback: strict UTF-8 -> UTF-16, what
 * most ICU users call) and a loop over the U8_NEXT macro (validation,
 * decoding to UTF-32 and, with U16_APPEND_UNSAFE, to UTF-16). */
#include "peers.h"

#include <stdint.h>
#include <unicode/ucnv.h>
#include <unicode/ucnv_err.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>

static UConverter *conv;

const char *peer_icu_open(void)
{
    UErrorCode e = U_ZERO_ERROR;

    if (conv)
        return NULL;
    conv = ucnv_open("UTF-8", &e);
    if (U_FAILURE(e) || !conv) {
        conv = NULL;
        return "ICU: ucnv_open(\"UTF-8\") failed";
    }
    ucnv_setToUCallBack(conv, UCNV_TO_U_CALLBACK_STOP, NULL, NULL, NULL, &e);
    if (U_FAILURE(e)) {
        ucnv_close(conv);
        conv = NULL;
        return "ICU: ucnv_setToUCallBack(STOP) failed";
    }
    return NULL;
}

void peer_icu_close(void)
{
    if (conv)
        ucnv_close(conv);
    conv = NULL;
}

static void run_ucnv(const uint8_t *p, size_t len, const bench_buffers *b,
                     bench_result *r)
{
    static const char empty[1];
    UErrorCode e = U_ZERO_ERROR;
    UChar *t = b->u16;
    const char *src = len ? (const char *)p : empty;
    const char *start = src;

    ucnv_reset(conv);
    ucnv_toUnicode(conv, &t, b->u16 + b->cap, &src, src + len, NULL, 1, &e);
    r->n_out = (size_t)(t - b->u16);
    r->valid = U_SUCCESS(e);
    r->err_offset = BENCH_UNKNOWN;
    if (!r->valid) {
        /* The source stops after the ill-formed bytes; ICU keeps them as
         * its "invalid chars", so the error starts that many bytes back. */
        char bad[32];
        int8_t n_bad = (int8_t)sizeof bad;
        UErrorCode e2 = U_ZERO_ERROR;
        ucnv_getInvalidChars(conv, bad, &n_bad, &e2);
        if (U_SUCCESS(e2) && (size_t)n_bad <= (size_t)(src - start))
            r->err_offset = (size_t)(src - start) - (size_t)n_bad;
    }
}

/* U8_NEXT takes int32_t lengths: a longer input is reported as a failure
 * with an unknown offset (the driver then shows a mismatch). */
static bool too_long(size_t len, bench_result *r)
{
    if (len <= INT32_MAX)
        return false;
    r->valid = false;
    r->err_offset = BENCH_UNKNOWN;
    r->n_out = BENCH_UNKNOWN;
    return true;
}

static void run_u8next_validate(const uint8_t *p, size_t len,
                                const bench_buffers *b, bench_result *r)
{
    int32_t i = 0, n = (int32_t)len, at = 0;
    UChar32 c = 0;

    (void)b;
    if (too_long(len, r))
        return;
    while (i < n) {
        at = i;
        U8_NEXT(p, i, n, c);
        if (c < 0)
            break;
    }
    r->valid = i >= n && c >= 0;
    r->err_offset = r->valid ? len : (size_t)at;
    r->n_out = BENCH_UNKNOWN;
}

static void run_u8next_utf32(const uint8_t *p, size_t len,
                             const bench_buffers *b, bench_result *r)
{
    int32_t i = 0, n = (int32_t)len, at = 0;
    UChar32 c = 0;
    size_t k = 0;

    if (too_long(len, r))
        return;
    while (i < n) {
        at = i;
        U8_NEXT(p, i, n, c);
        if (c < 0)
            break;
        b->u32[k++] = (uint32_t)c;
    }
    r->valid = i >= n && c >= 0;
    r->err_offset = r->valid ? len : (size_t)at;
    r->n_out = k;
}

static void run_u8next_utf16(const uint8_t *p, size_t len,
                             const bench_buffers *b, bench_result *r)
{
    int32_t i = 0, n = (int32_t)len, at = 0;
    UChar32 c = 0;
    size_t k = 0;

    if (too_long(len, r))
        return;
    while (i < n) {
        at = i;
        U8_NEXT(p, i, n, c);
        if (c < 0)
            break;
        U16_APPEND_UNSAFE(b->u16, k, c); /* room: units <= bytes */
    }
    r->valid = i >= n && c >= 0;
    r->err_offset = r->valid ? len : (size_t)at;
    r->n_out = k;
}

const bench_fn peer_icu_fns[] = {
    {"icu-ucnv", OP_UTF16, U8GUARD_IMPL_AUTO, true, true, run_ucnv},
    {"icu-U8_NEXT", OP_VALIDATE, U8GUARD_IMPL_AUTO, true, false, run_u8next_validate},
    {"icu-U8_NEXT", OP_UTF32, U8GUARD_IMPL_AUTO, true, true, run_u8next_utf32},
    {"icu-U8_NEXT", OP_UTF16, U8GUARD_IMPL_AUTO, true, true, run_u8next_utf16},
};
const size_t peer_icu_count = sizeof peer_icu_fns / sizeof peer_icu_fns[0];
