/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* model.c -- see model.h. */
#include "model.h"
#include <string.h>

/* One well-formed sequence shape of RFC 3629 section 4: byte k must lie in
 * lo[k]..hi[k]. */
struct pattern {
    size_t len;
    uint8_t lo[4], hi[4];
};

static const struct pattern PATTERNS[] = {
    {1, {0x00}, {0x7F}},
    {2, {0xC2, 0x80}, {0xDF, 0xBF}},
    {3, {0xE0, 0xA0, 0x80}, {0xE0, 0xBF, 0xBF}},
    {3, {0xE1, 0x80, 0x80}, {0xEC, 0xBF, 0xBF}},
    {3, {0xED, 0x80, 0x80}, {0xED, 0x9F, 0xBF}},
    {3, {0xEE, 0x80, 0x80}, {0xEF, 0xBF, 0xBF}},
    {4, {0xF0, 0x90, 0x80, 0x80}, {0xF0, 0xBF, 0xBF, 0xBF}},
    {4, {0xF1, 0x80, 0x80, 0x80}, {0xF3, 0xBF, 0xBF, 0xBF}},
    {4, {0xF4, 0x80, 0x80, 0x80}, {0xF4, 0x8F, 0xBF, 0xBF}},
};
#define N_PATTERNS (sizeof PATTERNS / sizeof PATTERNS[0])

/* How many leading bytes of p[0..avail) match pat. */
static size_t matched(const struct pattern *pat, const uint8_t *p, size_t avail)
{
    size_t k = 0;

    while (k < pat->len && k < avail && p[k] >= pat->lo[k] && p[k] <= pat->hi[k])
        k++;
    return k;
}

/* The kind of an error whose maximal subpart is sub bytes and which did
 * not run into the end of the input: decided by what a lax decoder makes
 * of the lead byte and, for sub == 1, of the byte that broke it. */
static u8guard_kind kind_of(const uint8_t *p, size_t avail, size_t sub)
{
    uint8_t b0 = p[0];
    uint32_t v;

    if (sub >= 2)
        return U8GUARD_BAD_CONTINUATION; /* a tail byte was missing */
    if (b0 >= 0x80 && b0 <= 0xBF)
        return U8GUARD_UNEXPECTED_CONTINUATION;
    if (b0 >= 0xF5)
        return U8GUARD_TOO_LARGE; /* F5.. encode at least 0x140000 */
    if (b0 == 0xC0 || b0 == 0xC1)
        return U8GUARD_OVERLONG; /* at most 0x7F in two bytes */
    /* A valid lead whose second byte broke the sequence. */
    if (avail < 2 || p[1] < 0x80 || p[1] > 0xBF)
        return U8GUARD_BAD_CONTINUATION; /* not a tail byte at all */
    if (b0 >= 0xE0 && b0 <= 0xEF) {
        v = ((uint32_t)(b0 & 0x0F) << 12) | ((uint32_t)(p[1] & 0x3F) << 6);
        if (v < 0x800)
            return U8GUARD_OVERLONG;
        if (v >= 0xD800 && v <= 0xDFFF)
            return U8GUARD_SURROGATE;
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
        v = ((uint32_t)(b0 & 0x07) << 18) | ((uint32_t)(p[1] & 0x3F) << 12);
        if (v < 0x10000)
            return U8GUARD_OVERLONG;
        if (v > 0x10FFFF)
            return U8GUARD_TOO_LARGE;
    }
    return U8GUARD_BAD_CONTINUATION;
}

size_t model_step(const uint8_t *p, size_t avail, uint32_t *cp,
                  u8guard_error *err)
{
    size_t i, k, best = 0, best_len = 0;
    uint32_t v;

    for (i = 0; i < N_PATTERNS; i++) {
        k = matched(&PATTERNS[i], p, avail);
        if (k == PATTERNS[i].len) {
            /* Well-formed: the payload bits, lead first. */
            v = k == 1 ? p[0] : (uint32_t)(p[0] & (0xFF >> (k + 1)));
            for (size_t j = 1; j < k; j++)
                v = (v << 6) | (p[j] & 0x3F);
            *cp = v;
            return k;
        }
        if (k > best) {
            best = k;
            best_len = PATTERNS[i].len;
        }
    }
    err->offset = 0;
    if (best == 0) {
        err->length = 1;
        err->kind = kind_of(p, avail, 1);
    } else {
        err->length = best;
        /* The partial match stopped because the input ended. */
        err->kind = best == avail && best < best_len ? U8GUARD_TRUNCATED
                                                      : kind_of(p, avail, best);
    }
    return 0;
}

size_t model_errors(const uint8_t *data, size_t len, u8guard_error *errs,
                    size_t cap)
{
    size_t i = 0, n = 0, step;
    uint32_t cp;
    u8guard_error e;

    while (i < len) {
        step = model_step(data + i, len - i, &cp, &e);
        if (step) {
            i += step;
            continue;
        }
        e.offset = i;
        if (n < cap)
            errs[n] = e;
        n++;
        i += e.length;
    }
    return n;
}

size_t model_decode(const uint8_t *data, size_t len, uint32_t *out,
                    u8guard_error *first)
{
    size_t i = 0, n = 0, step;
    uint32_t cp;
    u8guard_error e;

    while (i < len) {
        step = model_step(data + i, len - i, &cp, &e);
        if (step == 0) {
            e.offset = i;
            *first = e;
            return n;
        }
        out[n++] = cp;
        i += step;
    }
    first->offset = len;
    first->length = 0;
    first->kind = U8GUARD_OK;
    return n;
}

/* ---- Policy classes and handlers ------------------------------------- */

static const struct {
    uint32_t lo, hi;
    unsigned cls;
} CLASS_RANGES[] = {
    {0x0000, 0x0000, U8GUARD_CLASS_NUL},      {0x0001, 0x0008, U8GUARD_CLASS_C0},
    {0x000B, 0x000C, U8GUARD_CLASS_C0},       {0x000E, 0x001F, U8GUARD_CLASS_C0},
    {0x007F, 0x007F, U8GUARD_CLASS_DEL},      {0x0080, 0x009F, U8GUARD_CLASS_C1},
    {0x061C, 0x061C, U8GUARD_CLASS_BIDI},     {0x200E, 0x200F, U8GUARD_CLASS_BIDI},
    {0x202A, 0x202E, U8GUARD_CLASS_BIDI},     {0x2066, 0x2069, U8GUARD_CLASS_BIDI},
    {0x2028, 0x2029, U8GUARD_CLASS_SEPARATOR}, {0xE000, 0xF8FF, U8GUARD_CLASS_PRIVATE_USE},
    {0xFDD0, 0xFDEF, U8GUARD_CLASS_NONCHARACTER}, {0xFEFF, 0xFEFF, U8GUARD_CLASS_BOM},
    {0xE0000, 0xE007F, U8GUARD_CLASS_TAG},    {0xF0000, 0xFFFFD, U8GUARD_CLASS_PRIVATE_USE},
    {0x100000, 0x10FFFD, U8GUARD_CLASS_PRIVATE_USE},
};

unsigned model_class(uint32_t cp)
{
    size_t i;

    if (cp <= 0x10FFFF && cp % 0x10000 >= 0xFFFE) /* the last two of every plane */
        return U8GUARD_CLASS_NONCHARACTER;
    for (i = 0; i < sizeof CLASS_RANGES / sizeof CLASS_RANGES[0]; i++)
        if (cp >= CLASS_RANGES[i].lo && cp <= CLASS_RANGES[i].hi)
            return CLASS_RANGES[i].cls;
    return 0;
}

static size_t put_hex(uint32_t *out, uint32_t v, int digits)
{
    int i;

    for (i = digits - 1; i >= 0; i--)
        *out++ = (uint32_t)"0123456789abcdef"[(v >> (4 * i)) & 15];
    return (size_t)digits;
}

size_t model_policy_output(const uint8_t *data, size_t len, unsigned deny,
                           u8guard_handler handler, uint32_t *out,
                           u8guard_error *errs, size_t *n_errs)
{
    size_t i = 0, o = 0, n = 0, step, k;
    uint32_t cp = 0;
    u8guard_error e;

    while (i < len) {
        memset(&e, 0, sizeof e);
        step = model_step(data + i, len - i, &cp, &e);
        if (step != 0 && (model_class(cp) & deny) == 0) {
            out[o++] = cp;
            i += step;
            continue;
        }
        if (step != 0) {
            e.length = step;
            e.kind = U8GUARD_DISALLOWED;
            e.cls = (u8guard_class)model_class(cp);
            e.code_point = cp;
        } else {
            e.cls = U8GUARD_CLASS_NONE;
            e.code_point = 0;
        }
        e.offset = i;
        errs[n++] = e;
        if (handler == U8GUARD_REPLACE) {
            out[o++] = 0xFFFD;
        } else if (handler == U8GUARD_ESCAPE && step != 0) {
            out[o++] = '\\';
            out[o++] = cp > 0xFFFF ? 'U' : 'u';
            o += put_hex(out + o, cp, cp > 0xFFFF ? 8 : 4);
        } else if (handler == U8GUARD_ESCAPE) {
            for (k = 0; k < e.length; k++) {
                out[o++] = '\\';
                out[o++] = 'x';
                o += put_hex(out + o, data[i + k], 2);
            }
        }
        i += e.length;
    }
    *n_errs = n;
    return o;
}
