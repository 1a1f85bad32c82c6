/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* model.c -- the reference model of model.h. Each lead byte's row of
 * Table 3-7 is spelled out as a case, with the second-byte range and what
 * a second byte outside it means (doc/contract.md section 2.2's kind table). */
#include "model.h"

/* What Table 3-7 says about one lead byte. */
struct row {
    size_t len;          /* 0: cannot lead */
    unsigned lo, hi;     /* allowed second byte */
    u8guard_kind lead;   /* len == 0: the error */
};

static struct row row_of(unsigned b)
{
    struct row r = {0, 0x80, 0xBF, U8GUARD_OK};

    if (b <= 0x7F)
        r.len = 1;
    else if (b <= 0xBF)
        r.lead = U8GUARD_UNEXPECTED_CONTINUATION;
    else if (b <= 0xC1)
        r.lead = U8GUARD_OVERLONG;
    else if (b <= 0xDF)
        r.len = 2;
    else if (b == 0xE0)
        r.len = 3, r.lo = 0xA0;
    else if (b == 0xED)
        r.len = 3, r.hi = 0x9F;
    else if (b <= 0xEF)
        r.len = 3;
    else if (b == 0xF0)
        r.len = 4, r.lo = 0x90;
    else if (b <= 0xF3)
        r.len = 4;
    else if (b == 0xF4)
        r.len = 4, r.hi = 0x8F;
    else
        r.lead = U8GUARD_TOO_LARGE;
    return r;
}

/* The kind of a second byte c outside [lo, hi] after lead b. */
static u8guard_kind second_kind(unsigned b, unsigned c)
{
    if (b == 0xE0 && c >= 0x80 && c <= 0x9F)
        return U8GUARD_OVERLONG;
    if (b == 0xF0 && c >= 0x80 && c <= 0x8F)
        return U8GUARD_OVERLONG;
    if (b == 0xED && c >= 0xA0 && c <= 0xBF)
        return U8GUARD_SURROGATE;
    if (b == 0xF4 && c >= 0x90 && c <= 0xBF)
        return U8GUARD_TOO_LARGE;
    return U8GUARD_BAD_CONTINUATION;
}

/* Decodes at in[i..len): returns the sequence length (1..4) and sets *cp,
 * or returns 0 and sets *e. */
static size_t step(const unsigned char *in, size_t len, size_t i,
                   uint32_t *cp, u8guard_error *e)
{
    struct row r = row_of(in[i]);
    size_t k;
    uint32_t v;

    e->offset = i;
    if (r.len == 0) {
        e->length = 1;
        e->kind = r.lead;
        return 0;
    }
    if (r.len == 1) {
        *cp = in[i];
        return 1;
    }
    for (k = 1; k < r.len; k++) {
        unsigned lo = k == 1 ? r.lo : 0x80, hi = k == 1 ? r.hi : 0xBF;

        if (i + k == len) {
            e->length = k;
            e->kind = U8GUARD_TRUNCATED;
            return 0;
        }
        if (in[i + k] < lo || in[i + k] > hi) {
            e->length = k;
            e->kind = k == 1 ? second_kind(in[i], in[i + k]) : U8GUARD_BAD_CONTINUATION;
            return 0;
        }
    }
    /* Table 3-6: the payload bits, leads keeping 5, 4 or 3 of them. */
    v = in[i] & (r.len == 2 ? 0x1Fu : r.len == 3 ? 0x0Fu : 0x07u);
    for (k = 1; k < r.len; k++)
        v = v << 6 | (in[i + k] & 0x3Fu);
    *cp = v;
    return r.len;
}

int model_run(const unsigned char *in, size_t len, struct model *m)
{
    size_t i = 0, n, k;
    uint32_t cp = 0;
    u8guard_error e;
    int in_prefix = 1;

    if (len > MODEL_MAX_LEN)
        return -1;
    m->len = len;
    m->n_errors = m->n_cps = m->n_u16 = m->n_out = 0;
    m->prefix = len;
    while (i < len) {
        n = step(in, len, i, &cp, &e);
        if (n == 0) {
            if (in_prefix)
                m->prefix = i;
            in_prefix = 0;
            m->errors[m->n_errors++] = e;
            m->out[m->n_out++] = 0xEF;
            m->out[m->n_out++] = 0xBF;
            m->out[m->n_out++] = 0xBD;
            i += e.length;
            continue;
        }
        for (k = 0; k < n; k++)
            m->out[m->n_out++] = in[i + k];
        if (in_prefix) {
            m->cps[m->n_cps++] = cp;
            if (cp >= 0x10000) {
                m->u16[m->n_u16++] = (uint16_t)(0xD800 + ((cp - 0x10000) >> 10));
                m->u16[m->n_u16++] = (uint16_t)(0xDC00 + (cp & 0x3FF));
            } else {
                m->u16[m->n_u16++] = (uint16_t)cp;
            }
        }
        i += n;
    }
    return 0;
}

size_t model_u16_boundary(const struct model *m, size_t cap)
{
    size_t b = cap < m->n_u16 ? cap : m->n_u16;

    /* a low surrogate at b would be the second half of a split pair */
    if (b < m->n_u16 && b > 0 && (m->u16[b] & 0xFC00) == 0xDC00)
        b--;
    return b;
}

size_t model_out_boundary(const struct model *m, size_t cap)
{
    size_t b = cap < m->n_out ? cap : m->n_out;

    while (b > 0 && b < m->n_out && (m->out[b] & 0xC0) == 0x80)
        b--;
    return b;
}
