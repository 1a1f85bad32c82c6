/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* lossy.c -- decoding to UTF-32 or UTF-16 that never stops: each error
 * becomes what the policy's handler says (by default one U+FFFD, exactly
 * as u8guard_sanitize does, which is CPython's decode('utf-8',
 * 'replace')). Valid stretches are converted by the active kernels'
 * to_utf32 / to_utf16, as the strict decoders do; only the errors are
 * handled one by one. Capacity rule of the strict decoders (u8guard.h). */
#include "internal.h"

/* Where the output goes and how much of it has been counted. */
struct lossy {
    uint32_t *o32;  /* the UTF-32 output, or NULL */
    uint16_t *o16;  /* the UTF-16 output, or NULL */
    bool utf32;     /* which form is counted (both are NULL for a size query) */
    size_t cap;     /* units that may be written; shrinks to o when full */
    size_t o;       /* units written */
    size_t need;    /* units the whole output needs, saturating */
};

static void add_need(struct lossy *w, size_t n)
{
    w->need = u8g_add_sat(w->need, n);
}

/* Writes the well-formed p[0..n): by the kernel in one pass when there is
 * room for n units (the most it can take), else whole code points while
 * they fit, counting the rest. */
static void put_valid(const struct u8g_kernels *k, struct lossy *w,
                      const uint8_t *p, size_t n)
{
    size_t i = 0, step, sub, units = 0;
    uint32_t cp = 0;
    u8guard_kind kind;

    if (n == 0)
        return;
    if (w->cap - w->o >= n) {
        if (w->utf32)
            (void)k->to_utf32(p, n, w->o32 + w->o, &units);
        else
            (void)k->to_utf16(p, n, w->o16 + w->o, &units);
        w->o += units;
        add_need(w, units);
        return;
    }
    while (i < n) {
        step = u8g_step(p + i, n - i, &cp, &kind, &sub);
        if (step == 0) /* cannot happen: p[0..n) is well-formed */
            break;
        i += step;
        units = !w->utf32 && cp >= 0x10000 ? 2 : 1;
        if (w->cap - w->o >= units) {
            if (w->utf32) {
                w->o32[w->o] = cp;
            } else if (units == 1) {
                w->o16[w->o] = (uint16_t)cp;
            } else {
                w->o16[w->o] = (uint16_t)(0xD800 | ((cp - 0x10000) >> 10));
                w->o16[w->o + 1] = (uint16_t)(0xDC00 | (cp & 0x3FF));
            }
            w->o += units;
        } else {
            w->cap = w->o; /* full: later, smaller items must not follow */
        }
        add_need(w, units);
    }
}

/* Writes what the handler makes of one error, whole or not at all. Every
 * code point of it is below U+10000: one unit in either form. */
static void put_error(struct lossy *w, const uint32_t *cps, size_t m)
{
    size_t i;

    if (w->cap - w->o >= m) {
        for (i = 0; i < m; i++) {
            if (w->utf32)
                w->o32[w->o + i] = cps[i];
            else
                w->o16[w->o + i] = (uint16_t)cps[i];
        }
        w->o += m;
    } else {
        w->cap = w->o;
    }
    add_need(w, m);
}

/* Decodes data[pos..len) after whole_or_start's first pos bytes (0 or a
 * valid prefix whose units w holds): the general path, every policy and
 * handler. Out of line, so that its frame is not the fast path's. */
static U8G_NOINLINE size_t lossy(const void *data, size_t len, size_t pos, struct lossy *w,
                    size_t unit, const u8guard_policy *pol, size_t *n_errors)
{
    const uint8_t *p = data;
    const struct u8g_kernels *k = u8g_active();
    void *out = w->utf32 ? (void *)w->o32 : (void *)w->o16;
    struct u8g_policy q;
    size_t errors = 0, n, units, m;
    uint32_t cps[12];
    u8guard_error e;

    if (n_errors)
        *n_errors = 0;
    if (!u8g_policy_init(&q, pol) || (p == NULL && len != 0) ||
        (out == NULL && w->cap != 0) ||
        u8g_overlap(p, len, out, u8g_mul_sat(w->cap, unit)))
        return SIZE_MAX;
    while (pos < len) {
        if (q.deny == 0 && w->cap - w->o >= len - pos) {
            /* Validated and converted in one pass, up to the next error. */
            units = 0;
            if (w->utf32)
                n = k->to_utf32(p + pos, len - pos, w->o32 + w->o, &units);
            else
                n = k->to_utf16(p + pos, len - pos, w->o16 + w->o, &units);
            w->o += units;
            add_need(w, units);
        } else {
            n = u8g_clean_prefix(k, &q, p + pos, len - pos);
            put_valid(k, w, p + pos, n);
        }
        pos += n;
        if (pos == len)
            break;
        u8g_error_at(&q, p + pos, len - pos, pos, &e);
        m = u8g_handle(q.handler, &e, p + pos, cps);
        put_error(w, cps, m);
        errors++;
        pos += e.length;
    }
    if (n_errors)
        *n_errors = errors;
    return w->need;
}

/* The common call, without a policy, on well-formed text with room for
 * it, in one kernel call and without lossy's set-up (its policy, the
 * frame of its error buffer), which took 16- and 64-byte strings about
 * 1.7 times as long as the strict decoders (bench/README.md). Returns the
 * bytes converted: len when data is well-formed (its units counted in w),
 * else the valid prefix before the first error, or 0 when this path does
 * not apply; lossy goes on from there. */
static inline size_t whole_or_start(const void *data, size_t len, struct lossy *w,
                                    size_t unit, const u8guard_policy *pol)
{
    const uint8_t *p = data;
    void *out = w->utf32 ? (void *)w->o32 : (void *)w->o16;
    size_t n, units; /* set by the kernel (struct u8g_kernels) */

    if (pol != NULL || p == NULL || out == NULL || w->cap < len ||
        u8g_overlap(p, len, out, u8g_mul_sat(w->cap, unit)))
        return 0;
    if (w->utf32)
        n = u8g_active()->to_utf32(p, len, w->o32, &units);
    else
        n = u8g_active()->to_utf16(p, len, w->o16, &units);
    w->o = units;
    w->need = units;
    return n;
}

/* decode: the fast path, then lossy from where it stopped. */
static inline size_t decode(const void *data, size_t len, struct lossy *w, size_t unit,
                            const u8guard_policy *p, size_t *n_errors)
{
    size_t n = whole_or_start(data, len, w, unit, p);

    if (n == len && n != 0) {
        if (n_errors)
            *n_errors = 0;
        return w->need;
    }
    return lossy(data, len, n, w, unit, p, n_errors);
}

/* utf32_lossy and utf16_lossy: the two decoders, which both exported
 * names of each call directly (not through the PLT). out is written
 * through struct lossy, where clang-tidy does not follow it. */
static size_t utf32_lossy(const void *data, size_t len,
                          uint32_t *out, size_t out_cap, // NOLINT(readability-non-const-parameter)
                          const u8guard_policy *p, size_t *n_errors)
{
    struct lossy w = {out, NULL, true, out_cap, 0, 0};

    return decode(data, len, &w, sizeof *out, p, n_errors);
}

static size_t utf16_lossy(const void *data, size_t len,
                          uint16_t *out, size_t out_cap, // NOLINT(readability-non-const-parameter)
                          const u8guard_policy *p, size_t *n_errors)
{
    struct lossy w = {NULL, out, false, out_cap, 0, 0};

    return decode(data, len, &w, sizeof *out, p, n_errors);
}

size_t u8guard_decode_utf32_lossy_with(const void *data, size_t len,
                                       uint32_t *out, size_t out_cap,
                                       const u8guard_policy *p,
                                       size_t *n_errors)
{
    return utf32_lossy(data, len, out, out_cap, p, n_errors);
}

size_t u8guard_decode_utf16_lossy_with(const void *data, size_t len,
                                       uint16_t *out, size_t out_cap,
                                       const u8guard_policy *p,
                                       size_t *n_errors)
{
    return utf16_lossy(data, len, out, out_cap, p, n_errors);
}

size_t u8guard_decode_utf32_lossy(const void *data, size_t len, uint32_t *out,
                                  size_t out_cap, size_t *n_errors)
{
    return utf32_lossy(data, len, out, out_cap, NULL, n_errors);
}

size_t u8guard_decode_utf16_lossy(const void *data, size_t len, uint16_t *out,
                                  size_t out_cap, size_t *n_errors)
{
    return utf16_lossy(data, len, out, out_cap, NULL, n_errors);
}
