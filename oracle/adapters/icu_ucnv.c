/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* icu_ucnv.c -- ICU's converter API: ucnv_toUnicode on a "UTF-8"
 * converter. Strict mode stops at the first ill-formed sequence
 * (UCNV_TO_U_CALLBACK_STOP); replacement mode substitutes U+FFFD
 * (UCNV_TO_U_CALLBACK_SUBSTITUTE), one per maximal subpart since ICU 60.
 * ICU 72 was seen to agree with doc/contract.md on every input the oracle tests
 * use, so this adapter documents no divergence. */
#include "adapters/adapter.h"

#include <stdlib.h>
#include <unicode/ucnv.h>
#include <unicode/ucnv_err.h>
#include <unicode/utf16.h>

static UConverter *conv;

static const char *icu_ucnv_open(void)
{
    UErrorCode e = U_ZERO_ERROR;

    if (conv)
        return NULL;
    conv = ucnv_open("UTF-8", &e); /* NULL exactly when e is a failure */
    return conv ? NULL : "ICU: ucnv_open(\"UTF-8\") failed";
}

static void icu_ucnv_close(void)
{
    if (conv)
        ucnv_close(conv);
    conv = NULL;
}

/* Appends the code points of the UTF-16 u[0..n) to out[*n_out..cap).
 * ICU only emits well-formed UTF-16 here; a lone surrogate (which would be
 * an ICU bug) is passed through as itself so the comparison shows it. */
static bool utf16_to_cps(const UChar *u, size_t n, uint32_t *out,
                         size_t *n_out, size_t cap)
{
    for (size_t i = 0; i < n;) {
        UChar32 c;

        U16_NEXT(u, i, n, c); /* a pair, or one unit (a lone surrogate too) */
        if (!adapter_push(out, n_out, cap, (uint32_t)c))
            return false;
    }
    return true;
}

/* Converts in[0..len) with the converter's current callback into buf,
 * which has room for cap UTF-16 units. Returns ICU's error code; *n_units
 * is the number of units written and *consumed the input bytes consumed
 * (the bad bytes of a stopped conversion included). */
static UErrorCode convert(const uint8_t *in, size_t len, UChar *buf,
                          size_t cap, size_t *n_units, size_t *consumed)
{
    UErrorCode e = U_ZERO_ERROR;
    UChar *t = buf;
    const char *src = (const char *)in;
    const char *src_end = src + len;

    ucnv_reset(conv);
    ucnv_toUnicode(conv, &t, buf + cap, &src, src_end, NULL, true /* flush */, &e);
    *n_units = (size_t)(t - buf);
    *consumed = (size_t)(src - (const char *)in);
    return e;
}

/* Fills *v for in[0..len); buf has room for cap >= len + 1 UTF-16 units
 * (each byte gives at most one unit, or one U+FFFD). Returns false when ICU
 * failed in a way that is not a verdict (then v->status is set). */
static bool run_one(const uint8_t *in, size_t len, UChar *buf, size_t cap,
                    oracle_verdict *v)
{
    UErrorCode e = U_ZERO_ERROR;
    size_t units, consumed;
    char bad[32];
    int8_t n_bad = (int8_t)sizeof bad;

    if (len == 0)
        in = (const uint8_t *)""; /* ICU wants a non-NULL source even when empty */
    adapter_clear(v);
    ucnv_setToUCallBack(conv, UCNV_TO_U_CALLBACK_STOP, NULL, NULL, NULL, &e);
    if (U_FAILURE(e))
        goto failed;
    e = convert(in, len, buf, cap, &units, &consumed);
    if (e == U_ILLEGAL_CHAR_FOUND || e == U_INVALID_CHAR_FOUND ||
        e == U_TRUNCATED_CHAR_FOUND) {
        /* The source pointer stops after the ill-formed bytes; ICU keeps
         * them as the "invalid chars", so the error starts before them. */
        UErrorCode e2 = U_ZERO_ERROR;
        ucnv_getInvalidChars(conv, bad, &n_bad, &e2);
        if (U_FAILURE(e2) || (size_t)n_bad > consumed)
            goto failed;
        v->accepted = false;
        v->err_offset = consumed - (size_t)n_bad;
    } else if (U_FAILURE(e)) {
        goto failed;
    } else {
        v->accepted = true;
        v->err_offset = len;
    }
    if (!utf16_to_cps(buf, units, v->cps, &v->n_cps, ORACLE_ROOM(len)))
        goto failed;

    if (!v->repl)
        return true;
    e = U_ZERO_ERROR;
    ucnv_setToUCallBack(conv, UCNV_TO_U_CALLBACK_SUBSTITUTE, NULL, NULL, NULL,
                        &e);
    if (U_FAILURE(e))
        goto failed;
    e = convert(in, len, buf, cap, &units, &consumed);
    if (U_FAILURE(e) || !utf16_to_cps(buf, units, v->repl, &v->n_repl, ORACLE_ROOM(len)))
        goto failed;
    v->has_repl = true;
    return true;

failed:
    v->status = ORACLE_FAILED;
    return false;
}

static int icu_ucnv_run(const oracle_input *in, size_t n, oracle_verdict *out)
{
    if (!conv && icu_ucnv_open() != NULL)
        return -1;
    for (size_t i = 0; i < n; i++) {
        /* a byte gives at most one UTF-16 unit (4 bytes give 2), so the
         * room of the code points is room enough */
        size_t cap = ORACLE_ROOM(in[i].len);
        UChar *buf = malloc(cap * sizeof *buf);

        if (buf == NULL) { /* out of memory: this input's verdict says so */
            adapter_clear(&out[i]);
            out[i].status = ORACLE_FAILED;
            continue;
        }
        (void)run_one(in[i].data, in[i].len, buf, cap, &out[i]);
        free(buf);
    }
    return 0;
}

const oracle oracle_icu_ucnv = {
    .name = "icu-ucnv",
    .what = "ICU ucnv_toUnicode, UTF-8 converter, STOP and SUBSTITUTE callbacks",
    .open = icu_ucnv_open,
    .run = icu_ucnv_run,
    .close = icu_ucnv_close,
    .known_divergence = NULL,
};
