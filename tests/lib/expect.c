/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* expect.c -- the reference checks of expect.h. */
#include "expect.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t tu_encode(uint32_t cp, unsigned char out[4])
{
    if (cp <= 0x7F) {
        out[0] = (unsigned char)cp;
        return 1;
    }
    if (cp <= 0x7FF) {
        out[0] = (unsigned char)(0xC0 + (cp >> 6));
        out[1] = (unsigned char)(0x80 + (cp & 0x3F));
        return 2;
    }
    if (cp <= 0xFFFF) {
        if (cp >= 0xD800 && cp <= 0xDFFF)
            return 0;
        out[0] = (unsigned char)(0xE0 + (cp >> 12));
        out[1] = (unsigned char)(0x80 + ((cp >> 6) & 0x3F));
        out[2] = (unsigned char)(0x80 + (cp & 0x3F));
        return 3;
    }
    if (cp > 0x10FFFF)
        return 0;
    out[0] = (unsigned char)(0xF0 + (cp >> 18));
    out[1] = (unsigned char)(0x80 + ((cp >> 12) & 0x3F));
    out[2] = (unsigned char)(0x80 + ((cp >> 6) & 0x3F));
    out[3] = (unsigned char)(0x80 + (cp & 0x3F));
    return 4;
}

size_t tu_to_utf16(const uint32_t *cps, size_t n, uint16_t *out)
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

size_t tu_sanitized(const unsigned char *in, size_t len,
                    const struct terr *errs, size_t n, unsigned char *out)
{
    size_t pos = 0, o = 0, k;

    for (k = 0; k <= n; k++) {
        size_t upto = k < n ? errs[k].offset : len;

        memcpy(out + o, in + pos, upto - pos);
        o += upto - pos;
        if (k < n) {
            memcpy(out + o, "\xEF\xBF\xBD", 3);
            o += 3;
            pos = upto + errs[k].length;
        }
    }
    return o;
}

/* What the streaming callback collects. */
struct collected {
    struct terr *errs;
    size_t n, cap;
};

static void collect(void *ctx, const u8guard_error *e)
{
    struct collected *c = ctx;

    if (c->n < c->cap) {
        c->errs[c->n].offset = e->offset;
        c->errs[c->n].length = e->length;
        c->errs[c->n].kind = e->kind;
    }
    c->n++;
}

static void expect_same_errors(const struct terr *got, size_t n_got,
                               const struct terr *errs, size_t n,
                               const char *what)
{
    size_t k;

    if (!EXPECT_EQ(n_got, n)) {
        check_fail_msg(__FILE__, __LINE__, what);
        return;
    }
    for (k = 0; k < n; k++)
        if (!EXPECT_ERR(got[k], errs[k].offset, errs[k].length, errs[k].kind))
            check_fail_msg(__FILE__, __LINE__, what);
}

/* Feeds p[0..len) to a stream in chunks of `step` bytes (0: one chunk) and
 * checks errors, output and counters against the expectation. */
static void expect_stream(const unsigned char *p, size_t len, size_t step,
                          const struct terr *errs, size_t n,
                          const unsigned char *want, size_t want_len)
{
    u8guard_stream s;
    struct collected c;
    unsigned char *out = malloc(3 * len + 16);
    size_t pos = 0, o = 0, chunk, w;

    c.cap = n + 4;
    c.errs = malloc(c.cap * sizeof *c.errs);
    c.n = 0;
    if (out == NULL || c.errs == NULL) {
        check_fail_msg(__FILE__, __LINE__, "out of memory");
        free(out);
        free(c.errs);
        return;
    }
    u8guard_stream_init(&s);
    do {
        chunk = step == 0 || len - pos < step ? len - pos : step;
        w = u8guard_stream_feed(&s, p + pos, chunk, pos + chunk == len, collect,
                                &c, out + o, U8GUARD_STREAM_OUT_MAX(chunk));
        if (!EXPECT_TRUE(w != SIZE_MAX))
            break;
        o += w;
        pos += chunk;
    } while (pos < len);
    expect_same_errors(c.errs, c.n < c.cap ? c.n : c.cap, errs, n,
                       step ? "stream, byte by byte" : "stream, one chunk");
    EXPECT_EQ(c.n, n);
    EXPECT_MEM(out, o, want, want_len);
    EXPECT_EQ(u8guard_stream_error_count(&s), n);
    EXPECT_EQ(u8guard_stream_position(&s), len);
    free(out);
    free(c.errs);
}

static void expect_decoders(const unsigned char *p, size_t len,
                            const struct terr *first)
{
    size_t prefix = first ? first->offset : len, n32, n16, i, o = 0;
    uint32_t *out32 = malloc((len + 1) * sizeof *out32);
    uint16_t *out16 = malloc((len + 1) * sizeof *out16);
    uint16_t *want16 = malloc((2 * len + 1) * sizeof *want16);
    unsigned char *re = malloc(4 * len + 4);
    u8guard_error e;

    if (!out32 || !out16 || !want16 || !re) {
        check_fail_msg(__FILE__, __LINE__, "out of memory");
        goto done;
    }
    n32 = u8guard_decode_utf32(p, len, out32, len, &e);
    if (first)
        EXPECT_ERR(e, first->offset, first->length, first->kind);
    else
        EXPECT_ERR(e, len, 0, U8GUARD_OK);
    /* The output must be the valid prefix, character by character: one
     * code point per lead byte, re-encoding to exactly those bytes. */
    if (!EXPECT_TRUE(n32 <= len))
        goto done;
    for (i = 0; i < n32; i++) {
        size_t k = tu_encode(out32[i], re + o);

        if (!EXPECT_TRUE(k != 0))
            goto done;
        o += k;
    }
    EXPECT_MEM(re, o, p, prefix);
    n16 = u8guard_decode_utf16(p, len, out16, len, &e);
    if (first)
        EXPECT_ERR(e, first->offset, first->length, first->kind);
    else
        EXPECT_ERR(e, len, 0, U8GUARD_OK);
    i = tu_to_utf16(out32, n32, want16);
    if (EXPECT_EQ(n16, i))
        EXPECT_MEM(out16, n16 * 2, want16, i * 2);
done:
    free(out32);
    free(out16);
    free(want16);
    free(re);
}

unsigned long expect_errors(const void *in, size_t len, const struct terr *errs,
                            size_t n)
{
    unsigned long before = check_failures();
    /* The input ends exactly at the end of its heap block, and starts at a
     * different alignment on each call (0..15 bytes into the block), which
     * is where vector kernels' loads go wrong. */
    static size_t misalign;
    size_t shift = misalign++ % 16;
    unsigned char *block = malloc(len + shift ? len + shift : 1);
    unsigned char *p = block ? block + shift : NULL;
    unsigned char *want = malloc(3 * len + 1), *got = malloc(3 * len + 1);
    size_t pos = 0, k, want_len, r, n_err = 12345;
    u8guard_error e;
    bool ok;

    if (!block || !want || !got) {
        check_fail_msg(__FILE__, __LINE__, "out of memory");
        goto done;
    }
    if (len)
        memcpy(p, in, len);
    check_input(p, len);

    ok = u8guard_validate(p, len, &e);
    EXPECT_EQ(ok, n == 0);
    if (n)
        EXPECT_ERR(e, errs[0].offset, errs[0].length, errs[0].kind);
    else
        EXPECT_ERR(e, len, 0, U8GUARD_OK);
    EXPECT_EQ(u8guard_validate(p, len, NULL), n == 0);
    EXPECT_EQ(u8guard_valid_prefix(p, len), n ? errs[0].offset : len);

    for (k = 0; k < n; k++) {
        if (!EXPECT_TRUE(u8guard_next_error(p, len, &pos, &e)))
            break;
        EXPECT_ERR(e, errs[k].offset, errs[k].length, errs[k].kind);
        EXPECT_EQ(pos, errs[k].offset + errs[k].length);
    }
    if (k == n) {
        EXPECT_TRUE(!u8guard_next_error(p, len, &pos, &e));
        EXPECT_EQ(pos, len);
        EXPECT_ERR(e, len, 0, U8GUARD_OK);
    }
    EXPECT_EQ(u8guard_count_errors(p, len), n);

    want_len = tu_sanitized(p, len, errs, n, want);
    r = u8guard_sanitize(p, len, got, 3 * len + 1, &n_err);
    EXPECT_EQ(r, want_len);
    if (r <= 3 * len + 1)
        EXPECT_MEM(got, r, want, want_len);
    EXPECT_EQ(n_err, n);
    EXPECT_EQ(u8guard_sanitized_length(p, len), want_len);

    expect_decoders(p, len, n ? &errs[0] : NULL);
    expect_stream(p, len, 0, errs, n, want, want_len);
    expect_stream(p, len, 1, errs, n, want, want_len);
done:
    free(block);
    free(want);
    free(got);
    return check_failures() - before;
}

unsigned long expect_decode(const void *in, size_t len, const uint32_t *cps,
                            size_t n_cps, const struct terr *first)
{
    unsigned long before = check_failures();
    uint32_t out32[128];
    uint16_t out16[256], want16[256];
    size_t n, n16;
    u8guard_error e;

    check_input(in, len);
    if (!EXPECT_TRUE(len <= 128 && n_cps <= 128))
        return check_failures() - before;
    n = u8guard_decode_utf32(in, len, out32, 128, &e);
    if (EXPECT_EQ(n, n_cps))
        EXPECT_MEM(out32, n * 4, cps, n_cps * 4);
    if (first)
        EXPECT_ERR(e, first->offset, first->length, first->kind);
    else
        EXPECT_ERR(e, len, 0, U8GUARD_OK);
    n16 = tu_to_utf16(cps, n_cps, want16);
    n = u8guard_decode_utf16(in, len, out16, 256, &e);
    if (EXPECT_EQ(n, n16))
        EXPECT_MEM(out16, n * 2, want16, n16 * 2);
    if (first)
        EXPECT_ERR(e, first->offset, first->length, first->kind);
    else
        EXPECT_ERR(e, len, 0, U8GUARD_OK);
    return check_failures() - before;
}
