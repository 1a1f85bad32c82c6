/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* decode.c -- strict decoding to UTF-32 and UTF-16, stopping at the first
 * error (Unicode Standard chapter 3.9, D92 and D91: UTF-16 encodes a
 * supplementary code point as a surrogate pair).
 *
 * When out has room for len units (always enough) the active kernel
 * converts in one pass. Otherwise the valid prefix is found first and the
 * reference decodes as many whole code points as fit, while the return
 * value still counts all of them (snprintf's rule, see u8guard.h). */
#include "internal.h"

/* Reports the end of the valid prefix n of p[0..len) in *err. */
/*@ requires n <= len && \valid_read(p + (0 .. len - 1));
    requires err == \null || \valid(err);
    assigns *err;
    ensures err != \null ==> err->offset + err->length <= len;
*/
static void finish(const uint8_t *p, size_t len, size_t n, u8guard_error *err)
{
    if (err == NULL)
        return;
    if (n == len)
        u8g_set_ok(err, len);
    else
        u8g_classify(p + n, len - n, n, err);
}

/* Decodes the valid p[0..n) into out32 (utf32) or out16 while whole code
 * points fit in cap units; returns the units the whole decoding needs.
 * Both outputs are NULL for a size query (cap == 0), so the flag, not the
 * pointer, says which form is counted. */
/*@ requires \valid_read(p + (0 .. n - 1));
    requires utf32 ==> \valid(out32 + (0 .. cap - 1));
    requires !utf32 ==> \valid(out16 + (0 .. cap - 1));
    assigns out32[0 .. cap - 1], out16[0 .. cap - 1];
    ensures \result <= n;
*/
static size_t decode_bounded(const uint8_t *p, size_t n, bool utf32,
                             uint32_t *out32, uint16_t *out16, size_t cap)
{
    size_t i = 0, need = 0, step, sub;
    uint32_t cp = 0;
    u8guard_kind kind;

    /*@ loop invariant 0 <= i <= n && cap <= \at(cap, Pre);
        loop invariant need <= i;
        loop assigns i, need, step, sub, cp, kind, cap,
                     out32[0 .. \at(cap, Pre) - 1], out16[0 .. \at(cap, Pre) - 1];
        loop variant n - i; */
    while (i < n) {
        step = u8g_step(p + i, n - i, &cp, &kind, &sub);
        /* p[0..n) is the valid prefix a kernel found, so step is never 0
         * here; were a kernel ever wrong about it, i would stop advancing
         * and this loop would never end. Stop instead: the count is then
         * short, which the kernel tests (against the reference) report. */
        if (step == 0)
            break;
        i += step;
        if (utf32) {
            /* out32 is NULL only for the UTF-16 form or with cap == 0,
             * where this line does not run; cppcheck cannot see that. */
            if (need < cap)
                out32[need] = cp; /* cppcheck-suppress nullPointer */
            need += 1;
        } else if (cp < 0x10000) {
            if (need < cap)
                out16[need] = (uint16_t)cp;
            need += 1;
        } else {
            if (cap >= 2 && need <= cap - 2) { /* both halves fit */
                out16[need] = (uint16_t)(0xD800 | ((cp - 0x10000) >> 10));
                out16[need + 1] = (uint16_t)(0xDC00 | (cp & 0x3FF));
            } else if (need < cap) {
                cap = need; /* the pair does not fit: write nothing more */
            }
            need += 2;
        }
        /* Eva (ci/prove/eva.sh) only: one state per offset. */
        /*@ split i; */ /*@ slevel merge; */ ;
    }
    return need;
}

/*@ requires data == \null || \valid_read((const uint8_t *)data + (0 .. len - 1));
    requires out == \null || \valid(out + (0 .. out_cap - 1));
    requires err == \null || \valid(err);
    assigns out[0 .. out_cap - 1], *err;
    ensures \result <= len;
    ensures err != \null ==> err->offset + err->length <= len;
*/
size_t u8guard_decode_utf32(const void *data, size_t len, uint32_t *out,
                            size_t out_cap, u8guard_error *err)
{
    const uint8_t *p = data;
    size_t n, count;

    if ((p == NULL && len != 0) || (out == NULL && out_cap != 0) ||
        u8g_overlap(p, len, out, u8g_mul_sat(out_cap, sizeof *out))) {
        u8g_set_ok(err, 0);
        return 0;
    }
    if (len == 0) {
        u8g_set_ok(err, 0);
        return 0;
    }
    if (out_cap >= len) {
        /*@ calls u8g_scalar_to_utf32; */
        n = u8g_active()->to_utf32(p, len, out, &count);
    } else {
        /*@ calls u8g_scalar_valid_prefix; */
        n = u8g_active()->valid_prefix(p, len);
        count = decode_bounded(p, n, true, out, NULL, out_cap);
    }
    finish(p, len, n, err);
    return count;
}

/*@ requires data == \null || \valid_read((const uint8_t *)data + (0 .. len - 1));
    requires out == \null || \valid(out + (0 .. out_cap - 1));
    requires err == \null || \valid(err);
    assigns out[0 .. out_cap - 1], *err;
    ensures \result <= len;
    ensures err != \null ==> err->offset + err->length <= len;
*/
size_t u8guard_decode_utf16(const void *data, size_t len, uint16_t *out,
                            size_t out_cap, u8guard_error *err)
{
    const uint8_t *p = data;
    size_t n, count;

    if ((p == NULL && len != 0) || (out == NULL && out_cap != 0) ||
        u8g_overlap(p, len, out, u8g_mul_sat(out_cap, sizeof *out))) {
        u8g_set_ok(err, 0);
        return 0;
    }
    if (len == 0) {
        u8g_set_ok(err, 0);
        return 0;
    }
    if (out_cap >= len) {
        /*@ calls u8g_scalar_to_utf16; */
        n = u8g_active()->to_utf16(p, len, out, &count);
    } else {
        /*@ calls u8g_scalar_valid_prefix; */
        n = u8g_active()->valid_prefix(p, len);
        count = decode_bounded(p, n, false, NULL, out, out_cap);
    }
    finish(p, len, n, err);
    return count;
}
