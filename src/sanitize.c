/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* sanitize.c -- UTF-8 in, valid UTF-8 out, each error replaced by one
 * U+FFFD: "U+FFFD Substitution of Maximal Subparts" (Unicode Standard
 * chapter 3.9). Valid stretches, found by the active kernels, are copied
 * whole; only the errors are handled one by one. */
#include "internal.h"
#include "kernels/copy.h"

#include <string.h>

/* Bytes validated before they are copied: small enough to stay in the L1
 * or L2 cache between the two passes, large enough that a call's set-up
 * is negligible. */
#define WINDOW ((size_t)16 * 1024)

/* From this input size on the output is taken not to stay in the cache:
 * the kernel's copy with non-temporal stores (copy_nt: avx512 validates
 * and stores in one pass, avx2 validates 16 KiB and then copies it from
 * the cache); below it, the plain copy is as fast or faster, and the
 * output stays cached for whoever reads it next. */
#define OUT_OF_CACHE ((size_t)2 << 20)

/* The window of copy_nt, whose store fence waits until the window's lines
 * have reached memory: once per 16 KiB it cost a third of the time at
 * 16 MiB, once per 256 KiB it does not show (bench/README.md, "third
 * pass"). No second pass reads the window, so it need not fit a cache. */
#define NT_WINDOW ((size_t)256 * 1024)

/* Appends src[0..n) to out[*o..cap) while it fits, cutting only at a
 * character boundary of the valid src; *o advances by what was written. A
 * cut stops all later writes (cap shrinks to *o) so the output stays a
 * prefix of the whole output. */
/*@ requires \valid(cap) && \valid(o) && \separated(cap, o);
    requires *o <= *cap && \valid(out + (*o .. *cap - 1));
    requires \valid_read(src + (0 .. n - 1));
    requires \separated(out + (*o .. *cap - 1), src + (0 .. n - 1), cap, o);
    assigns *cap, *o, out[*o .. *o + u8g_min(n, *cap - *o) - 1];
    ensures \old(*o) <= *o <= *cap <= \old(*cap);
    ensures *o <= \old(*o) + n;
*/
static void put(uint8_t *out, size_t *cap, size_t *o, const uint8_t *src,
                size_t n)
{
    size_t room = *cap - *o;

    if (n > room) {
        n = room;
        /*@ loop invariant 0 <= n <= room;
            loop assigns n;
            loop variant n; */
        while (n > 0 && (src[n] & 0xC0) == 0x80) /* back to a lead byte */
            n--;
        u8g_copy(out + *o, src, n);
        *o += n;
        *cap = *o;
        return;
    }
    u8g_copy(out + *o, src, n);
    *o += n;
}

/* The loop of u8guard_sanitize from pos (arguments checked; p[0..pos)
 * already in out[0..pos), without an error). Out of line: the call of a
 * short valid string (below) then has no local whose address is taken. */
/*@ requires k == &u8g_scalar_kernels;
    requires pos <= len && pos <= out_cap;
    requires \valid_read(p + (0 .. len - 1)) && \valid(o8 + (0 .. out_cap - 1));
    requires \separated(o8 + (0 .. out_cap - 1), p + (0 .. len - 1));
    requires n_errors == \null ||
             (\valid(n_errors) && \separated(n_errors, o8 + (0 .. out_cap - 1)));
    assigns o8[0 .. out_cap - 1], *n_errors;
    ensures \result <= 3 * len;
    ensures n_errors != \null ==> *n_errors <= len;
*/
static U8G_NOINLINE size_t sanitize_from(const struct u8g_kernels *k, const uint8_t *p,
                                         size_t len, uint8_t *o8, size_t out_cap,
                                         size_t pos, size_t *n_errors)
{
    size_t need = pos, written = pos, errors = 0, n, w;
    u8guard_error e;
    /* A large output: the one-pass copy with non-temporal stores. */
    const bool nt = len >= OUT_OF_CACHE && k->copy_nt != NULL;
    const size_t window = nt ? NT_WINDOW : WINDOW;

    /*@ loop invariant \at(pos, Pre) <= pos <= len;
        loop invariant written <= out_cap <= \at(out_cap, Pre);
        loop invariant need <= 3 * pos && errors <= pos;
        loop assigns pos, need, written, errors, n, w, e, out_cap,
                     o8[0 .. \at(out_cap, Pre) - 1];
        loop variant len - pos; */
    while (pos < len) {
        /* Validate a window, then copy it while it is still in cache.
         * Where the window cuts a character, its valid prefix stops short
         * of the cut (n > 0) and the next window starts at that character;
         * only n == 0 is an error (a window holds whole 4-byte sequences
         * unless it is the rest of the input). */
        w = len - pos < window ? len - pos : window;
        if (nt && out_cap - written >= w + 3) {
            /* The same, with stores that bypass the cache. */
            n = k->copy_nt(p + pos, w, o8 + written);
            written += n;
        } else if (k->copy_prefix != NULL && out_cap - written >= w + 3) {
            /* Validated and copied in one pass. The up to 3 bytes it may
             * store past n are overwritten below: by the U+FFFD (which
             * fits, hence the + 3) or by the next window, which starts
             * with the character they belong to. */
            n = k->copy_prefix(p + pos, w, o8 + written);
            written += n;
        } else {
            /*@ calls u8g_scalar_valid_prefix; */
            n = k->valid_prefix(p + pos, w);
            if (written < out_cap)
                put(o8, &out_cap, &written, p + pos, n);
        }
        need = u8g_add_sat(need, n);
        pos += n;
        if (pos == len || n != 0)
            continue;
        /* Error-dense text 64 bytes at a time (kernels/error_scan.h):
         * writing where the output has room for a block, counting where
         * writing has stopped (or there is no output). */
        if (k->error_run != NULL &&
            (written == out_cap || out_cap - written >= U8G_RUN_OUT_MAX)) {
            struct u8g_run r = {written == out_cap ? NULL : o8, out_cap, written, need, 0};

            pos += k->error_run(p + pos, len - pos, &r);
            written = r.written;
            need = r.need;
            errors += r.errors;
            continue;
        }
        u8g_classify(p + pos, len - pos, pos, &e);
        if (written < out_cap)
            put(o8, &out_cap, &written, (const uint8_t *)U8GUARD_REPLACEMENT_UTF8, 3);
        need = u8g_add_sat(need, 3);
        errors++;
        pos += e.length;
    }
    if (n_errors)
        *n_errors = errors;
    return need;
}

/*@ requires data == \null || \valid_read((const uint8_t *)data + (0 .. len - 1));
    requires out == \null || \valid((uint8_t *)out + (0 .. out_cap - 1));
    requires n_errors == \null || (\valid(n_errors) &&
             \separated(n_errors, (uint8_t *)out + (0 .. out_cap - 1)));
    assigns ((uint8_t *)out)[0 .. out_cap - 1], *n_errors;
    ensures \result == SIZE_MAX || \result <= 3 * len;
    ensures (data == \null && len != 0) || (out == \null && out_cap != 0) ==>
              \result == SIZE_MAX;
    ensures n_errors != \null ==> *n_errors <= len;
*/
size_t u8guard_sanitize(const void *data, size_t len, void *out,
                        size_t out_cap, size_t *n_errors)
{
    const uint8_t *p = data;
    uint8_t *o8 = out;
    const struct u8g_kernels *k = u8g_active();
    size_t n = 0;

    if (n_errors)
        *n_errors = 0;
    if ((p == NULL && len != 0) || (out == NULL && out_cap != 0))
        return SIZE_MAX;
    /* Output written over input not yet read would be sanitized again
     * (or lost): refused, before anything is read or written. */
    if (u8g_overlap(p, len, o8, out_cap))
        return SIZE_MAX;
    /* A short string with room for the one-pass copy (and the 3 bytes it
     * may store past the valid prefix): one kernel call, and a valid one
     * is done; what the loop's first window does, without its set-up. */
    if (len - 1 < U8G_SHORT_MAX && out_cap >= len + 3) {
        if (k->copy_prefix != NULL) {
            n = k->copy_prefix(p, len, o8);
        } else {
            /*@ calls u8g_scalar_valid_prefix; */
            n = k->valid_prefix(p, len);
            u8g_copy(o8, p, n);
        }
        if (n == len)
            return len;
    }
    return sanitize_from(k, p, len, o8, out_cap, n, n_errors);
}

/*@ requires data == \null || \valid_read((const uint8_t *)data + (0 .. len - 1));
    assigns \nothing;
    ensures \result == SIZE_MAX || \result <= 3 * len;
*/
size_t u8guard_sanitized_length(const void *data, size_t len)
{
    return u8guard_sanitize(data, len, NULL, 0, NULL);
}

/* Appends src[0..n) to out[*o..cap) only if all of it fits (an escape or
 * a U+FFFD is never cut); otherwise stops all later writes, as put does. */
static void put_whole(uint8_t *out, size_t *cap, size_t *o, const uint8_t *src,
                      size_t n)
{
    if (n > *cap - *o) {
        *cap = *o;
        return;
    }
    memcpy(out + *o, src, n);
    *o += n;
}

size_t u8guard_sanitize_with(const void *data, size_t len, void *out,
                             size_t out_cap, const u8guard_policy *pol,
                             size_t *n_errors)
{
    const uint8_t *p = data;
    uint8_t *o8 = out, text[12 * 3];
    const struct u8g_kernels *k = u8g_active();
    struct u8g_policy q;
    size_t pos = 0, need = 0, written = 0, errors = 0, n, i, m, t;
    uint32_t cps[12];
    u8guard_error e;

    if (n_errors)
        *n_errors = 0;
    if (!u8g_policy_init(&q, pol))
        return SIZE_MAX;
    if (q.deny == 0 && q.handler == U8GUARD_REPLACE)
        return u8guard_sanitize(data, len, out, out_cap, n_errors);
    if ((p == NULL && len != 0) || (out == NULL && out_cap != 0) ||
        u8g_overlap(p, len, o8, out_cap))
        return SIZE_MAX;
    while (pos < len) {
        n = u8g_clean_prefix(k, &q, p + pos, len - pos);
        if (written < out_cap)
            put(o8, &out_cap, &written, p + pos, n);
        need = u8g_add_sat(need, n);
        pos += n;
        if (pos == len)
            break;
        u8g_error_at(&q, p + pos, len - pos, pos, &e);
        m = u8g_handle(q.handler, &e, p + pos, cps);
        for (i = 0, t = 0; i < m; i++) /* U+FFFD or ASCII */
            t += u8guard_encode(cps[i], text + t);
        if (written < out_cap)
            put_whole(o8, &out_cap, &written, text, t);
        need = u8g_add_sat(need, t);
        errors++;
        pos += e.length;
    }
    if (n_errors)
        *n_errors = errors;
    return need;
}

size_t u8guard_sanitized_length_with(const void *data, size_t len,
                                     const u8guard_policy *p)
{
    return u8guard_sanitize_with(data, len, NULL, 0, p, NULL);
}
