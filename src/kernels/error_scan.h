/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* error_scan.h -- error-dense text, 64 bytes at a time: the error_run of
 * struct u8g_kernels, written once for every kernel that has one.
 *
 * Where errors are dense (a run of 80 bytes, random bytes), finding the
 * valid prefix and then classifying one error at a time costs a few
 * nanoseconds per error. Here a whole 64-byte block is classified at
 * once, as 64-bit masks (bit k = byte k), and counting its errors is a
 * popcount.
 *
 * The decomposition into characters and maximal subparts (doc/contract.md
 * section 2) is local:
 *   - every byte that is not a continuation (80..BF) starts a unit, a
 *     character or an error, because neither takes one in after its first
 *     byte;
 *   - a continuation belongs to the unit of the nearest non-continuation
 *     j before it, d = 1..3 bytes back, exactly when p[j] is a lead whose
 *     sequence is longer than d and p[j+1] is in its allowed second-byte
 *     range (Table 3-7; every later byte of a sequence only has to be a
 *     continuation); otherwise it is an error of its own (length 1);
 *   - the unit at a non-continuation j is a character when it is ASCII or
 *     all the bytes its lead needs belong to it, and an error otherwise.
 * So "absorbed by the lead d back" (A1, A2, A3 below), the error starts E
 * and the bytes of characters K are a few shifts and ANDs of byte-class
 * masks, with the 3 bytes on either side taken from the neighbouring
 * blocks. The bytes after the input are zeros (ASCII, never absorbed), so
 * a sequence cut off by the end is an error there too; the bits of those
 * bytes are masked off.
 *
 * A run starts at a unit boundary and ends at one: the end of the input,
 * or the end of a block without error starts whose last unit ends there
 * (otherwise the run stops before that unit, which then starts the next
 * call). The caller (validate.c, sanitize.c) switches back to the kernel's
 * validator after a run, so clean text keeps its speed, and asks the
 * scalar reference only for an error's kind.
 *
 * Template: a kernel file defines
 *
 *   U8G_SCAN_PLANES   its bit-plane function,
 *                     void f(const uint8_t p[64], uint64_t planes[8]):
 *                     bit k of planes[b] is bit b of p[k]
 *                     (u8g_planes_swar below is the portable one)
 *
 * before including this file, and gets the static function scan_error_run
 * for its u8g_kernels table (error_run). It may also define
 *
 *   U8G_SCAN_EMIT     size_t f(const uint8_t *p, size_t n, uint64_t e,
 *                              uint64_t keep, uint8_t *out): writes the
 *                     replacement of the block p[0..n) (n <= 64; error
 *                     starts e and character bytes keep, no bits at or
 *                     past n) to out and returns its length, storing up
 *                     to U8G_EMIT_SLACK bytes past it; it reads nothing
 *                     at or past p + n
 *
 * for a vector emit (the portable one below takes one byte per step). */
#ifndef U8GUARD_ERROR_SCAN_H
#define U8GUARD_ERROR_SCAN_H

#include "internal.h"

#include <string.h>

#ifndef U8G_SCAN_PLANES
#error "define U8G_SCAN_PLANES before including error_scan.h"
#endif

/* u8g_planes_swar: U8G_SCAN_PLANES in portable C. The 8 bytes of a word
 * (byte j at bits 8j..8j+7, whatever the byte order) have bit b gathered
 * into 8 bits by one multiply: the bits (w >> b) & 0x01..01 sit at 8j,
 * the multiplier's 2^(56 - 7j) moves bit 8j to 56 + j, and no two
 * partial products share a bit, so nothing carries. */
static inline void u8g_planes_swar(const uint8_t *p, uint64_t planes[8])
{
    uint64_t w[8], x;
    int q, j, b;

    for (q = 0; q < 8; q++) {
        x = 0;
        for (j = 7; j >= 0; j--)
            x = x << 8 | p[8 * q + j];
        w[q] = x;
    }
    for (b = 0; b < 8; b++) {
        x = 0;
        for (q = 0; q < 8; q++)
            x |= (((w[q] >> b) & 0x0101010101010101ull) * 0x0102040810204080ull >> 56)
                 << (8 * q);
        planes[b] = x;
    }
}

/* Bit counts and positions of a nonzero x (popcount: any x). The
 * builtins only where they are one instruction (without -mpopcnt,
 * __builtin_popcountll is a library call). */
static inline size_t u8g_popcount64(uint64_t x)
{
#if defined(__POPCNT__) || defined(__aarch64__)
    return (size_t)__builtin_popcountll(x);
#else
    x -= (x >> 1) & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (size_t)((x * 0x0101010101010101ull) >> 56);
#endif
}

static inline size_t u8g_ctz64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return (size_t)__builtin_ctzll(x);
#else
    size_t k = 0;

    while (!(x & 1u)) {
        x >>= 1;
        k++;
    }
    return k;
#endif
}

static inline size_t u8g_clz64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return (size_t)__builtin_clzll(x);
#else
    size_t k = 0;

    while (!(x >> 63)) {
        x <<= 1;
        k++;
    }
    return k;
#endif
}

/* The byte classes of one block (bit k = byte k). */
struct u8g_classes {
    uint64_t ascii, cont; /* 00..7F; 80..BF */
    uint64_t l2, l3, l4;  /* the leads: C2..DF; E0..EF; F0..F4 */
    uint64_t e0, ed, f0, f4;
    uint64_t c8, c89;     /* continuations 80..8F; 80..9F */
};

/* The classes of the 64 bytes at p (bytes at and after avail: zero). */
static inline void u8g_classes_at(const uint8_t *p, size_t avail, struct u8g_classes *c)
{
    uint8_t pad[64];
    uint64_t b[8], hi2, lo0, e, f;

    if (avail < 64) {
        memset(pad, 0, sizeof pad);
        memcpy(pad, p, avail);
        p = pad;
    }
    U8G_SCAN_PLANES(p, b);
    hi2 = b[7] & b[6];
    lo0 = ~(b[3] | b[2] | b[1] | b[0]);
    e = hi2 & b[5] & ~b[4];
    f = hi2 & b[5] & b[4];
    c->ascii = ~b[7];
    c->cont = b[7] & ~b[6];
    c->l2 = hi2 & ~b[5] & (b[4] | b[3] | b[2] | b[1]); /* not C0, C1 */
    c->l3 = e;
    c->l4 = f & ~b[3] & ~(b[2] & (b[1] | b[0])); /* low nibble 0..4 */
    c->e0 = e & lo0;
    c->ed = e & b[3] & b[2] & ~b[1] & b[0];
    c->f0 = f & lo0;
    c->f4 = f & ~b[3] & b[2] & ~b[1] & ~b[0];
    c->c8 = c->cont & ~b[5] & ~b[4];
    c->c89 = c->cont & ~b[5];
}

/* The bits of block cur moved to the byte k after (ahead, the next
 * block's low bits coming in) or k before (back). */
static inline uint64_t u8g_ahead(uint64_t cur, uint64_t next, int k)
{
    return cur >> k | next << (64 - k);
}

static inline uint64_t u8g_back(uint64_t cur, uint64_t prev, int k)
{
    return cur << k | prev >> (64 - k);
}

/* One block's units. */
struct u8g_units {
    uint64_t a1, a2, a3; /* the lead here takes in the byte 1, 2, 3 after */
    uint64_t v1, v2, v3; /* ... and starts a character (the same bits) */
    uint64_t err;        /* an error starts here */
    uint64_t keep;       /* a byte of a character */
    uint64_t start;      /* a unit starts here */
};

/* The units of block c, whose neighbours are n (after) and, as far as
 * they reach into c, the units pu of the block before (zero at a run's
 * start: it is a unit boundary). */
static inline void u8g_units_of(const struct u8g_classes *c, const struct u8g_classes *n,
                                const struct u8g_units *pu, struct u8g_units *u)
{
    uint64_t s1 = u8g_ahead(c->cont, n->cont, 1), s2 = u8g_ahead(c->cont, n->cont, 2);
    uint64_t s3 = u8g_ahead(c->cont, n->cont, 3);
    uint64_t s8 = u8g_ahead(c->c8, n->c8, 1), s89 = u8g_ahead(c->c89, n->c89, 1);
    uint64_t plain = c->l2 | (c->l3 & ~c->e0 & ~c->ed) | (c->l4 & ~c->f0 & ~c->f4);
    /* The second byte is in the lead's range: E0 A0..BF, ED 80..9F,
     * F0 90..BF, F4 80..8F, any continuation after the other leads. */
    uint64_t ok2 = (plain & s1) | (c->e0 & s1 & ~s89) | (c->ed & s89) | (c->f0 & s1 & ~s8) |
                   (c->f4 & s8);
    uint64_t absorbed, valid;

    u->a1 = ok2;
    u->a2 = ok2 & (c->l3 | c->l4) & s2;
    u->a3 = ok2 & c->l4 & s2 & s3;
    valid = c->ascii | (c->l2 & ok2) | (c->l3 & u->a2) | u->a3;
    u->v1 = valid & u->a1;
    u->v2 = valid & u->a2;
    u->v3 = u->a3; /* a 4-byte lead that takes in 3 bytes is a character */
    absorbed = u8g_back(u->a1, pu->a1, 1) | u8g_back(u->a2, pu->a2, 2) |
               u8g_back(u->a3, pu->a3, 3);
    u->start = ~absorbed;
    u->err = (~c->cont & ~valid) | (c->cont & ~absorbed);
    u->keep = (valid & ~c->cont) | u8g_back(u->v1, pu->v1, 1) | u8g_back(u->v2, pu->v2, 2) |
              u8g_back(u->v3, pu->v3, 3);
}

/* How far past its output U8G_SCAN_EMIT may store. */
#ifdef U8G_SCAN_EMIT
#define U8G_EMIT_SLACK ((size_t)64)
#else
#define U8G_EMIT_SLACK ((size_t)0)
#endif

/* U+FFFD's 3 bytes, and one byte, as the first bytes in memory of a
 * 32-bit word. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define U8G_FFFD32 0xEFBFBD00u
#define U8G_BYTE0_SHIFT 24
#else
#define U8G_FFFD32 0x00BDBFEFu
#define U8G_BYTE0_SHIFT 0
#endif

/* U+FFFD 8 times. */
static const uint8_t U8G_FFFD_X8[24] = {
    0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD,
    0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD,
};

/* Writes the replacement of block p[0..n) (n <= 64: error starts e,
 * character bytes keep) to out, which has room for U8G_RUN_OUT_MAX bytes
 * (twice that unless exact, which covers U8G_EMIT_SLACK):
 * each error start becomes U+FFFD, each character byte itself, every other
 * byte nothing. Returns the bytes that count. Each byte stores 4 (the next
 * byte's store overwrites what is past its own), so up to 4 bytes after
 * them are touched too: harmless where the next block's output (at least
 * 16 bytes: a block holds at least 16 units) overwrites them, but a
 * caller's buffer must hold only its output, so the last block of a run
 * (exact) builds its bytes in tmp and copies only them. */
static inline size_t u8g_run_emit(const uint8_t *p, size_t n, uint64_t e, uint64_t keep,
                                  uint8_t *out, bool exact)
{
    uint64_t all = n == 64 ? ~0ull : (1ull << n) - 1, odd = (e | ~keep) & all;
    uint8_t tmp[U8G_RUN_OUT_MAX + U8G_EMIT_SLACK], *o;
    size_t i, w, first, end;
    uint32_t v, ei, ki;

    if (odd == 0) { /* no error: the bytes themselves */
        if (n == 64)
            memcpy(out, p, 64);
        else
            memcpy(out, p, n);
        return n;
    }
#ifdef U8G_SCAN_EMIT
    (void)i, (void)first, (void)end, (void)v, (void)ei, (void)ki, (void)o;
    if (!exact)
        return U8G_SCAN_EMIT(p, n, e & all, keep & all, out);
    w = U8G_SCAN_EMIT(p, n, e & all, keep & all, tmp);
    memcpy(out, tmp, w);
    return w;
#endif
    first = u8g_ctz64(odd);
    memcpy(out, p, first); /* the clean bytes before the first error */
    o = exact ? tmp : out + first;
    for (i = first, w = 0; i < n; i = end) {
        end = n - i < 8 ? n : i + 8;
        /* 8 errors in a row (the common case in error-dense text): 8
         * U+FFFD at once. */
        if (end - i == 8 && ((e >> i) & 0xFFu) == 0xFFu) {
            memcpy(o + w, U8G_FFFD_X8, 24);
            w += 24;
            continue;
        }
        for (; i < end; i++) {
            ei = (uint32_t)(e >> i) & 1u;
            ki = (uint32_t)(keep >> i) & 1u;
            /* Without a branch: random bytes would mispredict it. */
            v = (uint32_t)p[i] << U8G_BYTE0_SHIFT;
            v ^= (v ^ U8G_FFFD32) & (0u - ei);
            memcpy(o + w, &v, 4);
            w += 3 * ei + ki;
        }
    }
    if (exact)
        memcpy(out + first, tmp, w);
    return first + w;
}

/* The error_run of struct u8g_kernels (see internal.h). */
static size_t scan_error_run(const uint8_t *p, size_t len, struct u8g_run *r)
{
    struct u8g_classes c, n;
    struct u8g_units pu, u;
    size_t s = 0, m, w;
    uint64_t e, keep, all;
    bool last, stop;

    memset(&pu, 0, sizeof pu);
    u8g_classes_at(p, len, &c);
    for (;;) {
        last = len - s <= 64;
        if (last)
            memset(&n, 0, sizeof n);
        else
            u8g_classes_at(p + s + 64, len - s - 64, &n);
        u8g_units_of(&c, &n, &pu, &u);
        m = last ? len - s : 64;
        stop = last || u.err == 0 ||
               (r->out != NULL && r->out_cap - r->written < 2 * U8G_RUN_OUT_MAX);
        /* Stopping where the next block's first byte belongs to a unit
         * of this one: stop before that unit instead. */
        if (stop && !last && ((u.a1 >> 63) | (u.a2 >> 62) | (u.a3 >> 61)) & 1u)
            m = 63 - u8g_clz64(u.start);
        all = m == 64 ? ~0ull : (1ull << m) - 1;
        e = u.err & all;
        keep = u.keep & all;
        w = u8g_popcount64(keep) + 3 * u8g_popcount64(e);
        r->errors += u8g_popcount64(e);
        r->need = u8g_add_sat(r->need, w);
        if (r->out != NULL)
            r->written += u8g_run_emit(p + s, m, e, keep, r->out + r->written, stop);
        s += m;
        if (stop)
            return s;
        pu = u;
        c = n;
    }
}

#endif
