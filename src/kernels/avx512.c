/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* avx512.c -- the AVX-512 (F, BW, VL, VBMI, VBMI2) implementation:
 * Keiser-Lemire validation (blocks.h) 64 bytes per vector, 128 bytes per
 * step; the end of the input read with a masked load (which never touches
 * the bytes the mask excludes, so nothing past len is read); decoding 16
 * characters at a time with byte permutes (VBMI) and byte compression
 * (VBMI2), see "Decoding" below.
 *
 * This file is compiled with -mavx512f -mavx512bw -mavx512vl -mavx512vbmi
 * -mavx512vbmi2 (src/CMakeLists.txt) and its functions run only after
 * cpu.c has confirmed those and OS support for the ZMM and mask registers.
 * Like simdutf, AVX-512 CPUs without VBMI2 (Skylake-X, Cascade Lake) get
 * the AVX2 kernel. */
#include "kernels.h"

#ifdef U8G_HAVE_X86_KERNELS
#if !defined(__AVX512F__) || !defined(__AVX512BW__) || !defined(__AVX512VL__) || \
    !defined(__AVX512VBMI__) || !defined(__AVX512VBMI2__)
#error "avx512.c must be compiled with -mavx512f -mavx512bw -mavx512vl -mavx512vbmi -mavx512vbmi2"
#endif

#include "blocks.h"
#include "utf8_char.h"

#include <immintrin.h>
#include <string.h>

#define VEC ((size_t)64) /* bytes per vector */

static inline __m512i load(const uint8_t *p)
{
    return _mm512_loadu_si512((const void *)p);
}

static inline __m512i broadcast16(const uint8_t table[16])
{
    return _mm512_broadcast_i32x4(
        _mm_loadu_si128((const __m128i *)(const void *)table));
}

/* Byte k = k. */
#define IOTA8(b) (b), (b) + 1, (b) + 2, (b) + 3, (b) + 4, (b) + 5, (b) + 6, (b) + 7
static const uint8_t IOTA[64] = {
    IOTA8(0), IOTA8(8), IOTA8(16), IOTA8(24), IOTA8(32), IOTA8(40), IOTA8(48), IOTA8(56),
};

/* The nibble lookups of blocks.h are done with vpermb (VBMI), which reads
 * only the low 6 bits of each index byte and so needs no AND to clear
 * the rest:
 * - by_prev_low is indexed by the previous byte itself; its entry k is
 *   KL_PREV_LOW[k & 15], which is the 16-byte table repeated 4 times;
 * - by_prev_top and by_cur_top are indexed by the byte shifted right by 2
 *   in 16-bit lanes (its bits 2..7 land in bits 0..5; what the neighbour
 *   byte shifts into bits 6..7 is ignored); entry k is the high-nibble
 *   table's entry k >> 2.
 * back1..back3 are vpermt2b indices that take, from the previous vector
 * and the current one, the bytes 1, 2 and 3 positions back (63 + k, 62 + k,
 * 61 + k: an index >= 64 selects from the current vector). */
struct tables {
    __m512i by_prev_top, by_prev_low, by_cur_top;
    __m512i back1, back2, back3;
    __m512i incomplete_max; /* see KL_INCOMPLETE_MAX */
};

static inline void load_tables(struct tables *t)
{
    __m512i iota = load(IOTA);
    __m512i quarter = _mm512_srli_epi16(iota, 2); /* byte k: k >> 2 */

    t->by_prev_top = _mm512_permutexvar_epi8(quarter, broadcast16(KL_PREV_HIGH));
    t->by_prev_low = broadcast16(KL_PREV_LOW);
    t->by_cur_top = _mm512_permutexvar_epi8(quarter, broadcast16(KL_CUR_HIGH));
    t->back1 = _mm512_add_epi8(iota, _mm512_set1_epi8(63));
    t->back2 = _mm512_add_epi8(iota, _mm512_set1_epi8(62));
    t->back3 = _mm512_add_epi8(iota, _mm512_set1_epi8(61));
    t->incomplete_max = _mm512_inserti32x4(
        _mm512_set1_epi8(-1),
        _mm_loadu_si128((const __m128i *)(const void *)KL_INCOMPLETE_MAX), 3);
}

/* The error bits of each byte of in (nonzero where a rule of Table 3-7 is
 * broken), given prev1, the byte before each byte of in, and prev, the
 * vector before in (all zero at the start: a boundary). prev1 is passed
 * in because in the main loop it is cheapest as an unaligned load from
 * p + i - 1; the bytes 2 and 3 back are permuted out of prev and in.
 * (On CPUs that split 512-bit shuffles and loads in two halves, these
 * are what limit the loop: measured on Zen 4, one extra load and two
 * vpermt2b beat both three loads and three vpermt2b, and keeping the
 * error in a vector beats moving per-byte masks to general registers.) */
static inline __m512i check(__m512i in, __m512i prev1, __m512i prev,
                            const struct tables *t)
{
    __m512i prev2 = _mm512_permutex2var_epi8(prev, t->back2, in);
    __m512i prev3 = _mm512_permutex2var_epi8(prev, t->back3, in);
    __m512i a = _mm512_permutexvar_epi8(_mm512_srli_epi16(prev1, 2), t->by_prev_top);
    __m512i b = _mm512_permutexvar_epi8(prev1, t->by_prev_low);
    __m512i c = _mm512_permutexvar_epi8(_mm512_srli_epi16(in, 2), t->by_cur_top);
    __m512i special = _mm512_ternarylogic_epi32(a, b, c, 0x80); /* a & b & c */
    /* Bit 7 set where the byte 2 back is >= E0 or 3 back is >= F0: there
     * this byte must be a continuation after a continuation. */
    __m512i must23 = _mm512_or_si512(_mm512_subs_epu8(prev2, _mm512_set1_epi8(KL_THIRD_SUB)),
                                     _mm512_subs_epu8(prev3, _mm512_set1_epi8(KL_FOURTH_SUB)));

    /* special ^ (must23 & 0x80) */
    return _mm512_ternarylogic_epi32(special, must23, _mm512_set1_epi8((char)0x80), 0x78);
}

/* The previous byte of each byte of in, from the vector before it. */
static inline __m512i back1(__m512i prev, __m512i in, const struct tables *t)
{
    return _mm512_permutex2var_epi8(prev, t->back1, in);
}

static inline bool any(__m512i v)
{
    return _mm512_test_epi8_mask(v, v) != 0;
}

/* Policy checking in the same loop. The other vector kernels test the
 * windows of struct u8g_polset with nibble lookups (policy_hits.h); with
 * VBMI each byte is one lookup of its own (vpermi2b: 128 entries, vpermb:
 * 64), the whole-byte form of the same groups. */
struct pol_tabs {
    __m512i l_lo, l_hi, s_lo, s_hi, t, c_lo, c_hi;
    __m512i pp_lo, pp_hi, pc; /* the pair test (struct u8g_polset's pp7, pc6) */
    __m512i f4, onehot;       /* the lead-byte test (struct u8g_polset's f4) */
    __m512i c_add, c_thr;     /* the exact control test (u8g_polset_ctl) */
    __m512i r_lo, r_hi;       /* ctrl with FF for each nonzero entry (ascii_run4) */
    bool multi, ctrl;
};

static inline void pol_load(struct pol_tabs *t, const struct u8g_polset *s)
{
    t->l_lo = load(s->l7);
    t->l_hi = load(s->l7 + 64);
    t->s_lo = load(s->s7);
    t->s_hi = load(s->s7 + 64);
    t->t = load(s->t6);
    t->c_lo = load(s->ctrl);
    t->c_hi = load(s->ctrl + 64);
    t->r_lo = _mm512_movm_epi8(_mm512_test_epi8_mask(t->c_lo, t->c_lo));
    t->r_hi = _mm512_movm_epi8(_mm512_test_epi8_mask(t->c_hi, t->c_hi));
    t->pp_lo = load(s->pp7);
    t->pp_hi = load(s->pp7 + 64);
    t->pc = load(s->pc6);
    t->f4 = load(s->f4);
    /* Byte k is 1 << (k & 3): pol_starts looks it up by a byte b's low 6
     * bits, which gives the bit of b in f4[b >> 2]. */
    t->onehot = _mm512_set1_epi32(0x08040201);
    {
        struct u8g_ctl c = u8g_polset_ctl(s);

        t->c_add = broadcast16(c.add);
        t->c_thr = _mm512_set1_epi8((char)c.thr);
    }
    t->multi = s->multi != 0;
    t->ctrl = s->ascii != 0; /* ctrl holds a byte exactly then */
}

/* The hits of the windows that end at the bytes of in (prev1, prev2: the
 * bytes 1 and 2 before each): nonzero bytes. */
static inline __m512i pol_hits(__m512i in, __m512i prev1, __m512i prev2,
                               const struct pol_tabs *pt)
{
    __m512i h = _mm512_setzero_si512();

    if (pt->multi)
        h = _mm512_ternarylogic_epi32(_mm512_permutex2var_epi8(pt->l_lo, prev2, pt->l_hi),
                                      _mm512_permutex2var_epi8(pt->s_lo, prev1, pt->s_hi),
                                      /* third bytes: continuations only */
                                      _mm512_maskz_permutexvar_epi8(
                                          _mm512_cmplt_epi8_mask(in, _mm512_set1_epi8(-64)),
                                          in, pt->t),
                                      0x80);
    if (pt->ctrl) /* 1-byte characters: only the ASCII bytes look */
        h = _mm512_or_si512(h, _mm512_maskz_permutex2var_epi8(~_mm512_movepi8_mask(in), pt->c_lo,
                                                              in, pt->c_hi));
    return h;
}

/* The hits of an ASCII vector (1-byte characters only). */
static inline __m512i pol_hits_ascii(__m512i in, const struct pol_tabs *pt)
{
    return _mm512_permutex2var_epi8(pt->c_lo, in, pt->c_hi);
}

/* The first test of multi-byte text: nonzero bytes where in holds the
 * second byte of a pair of struct u8g_polset's pair test (prev1: the
 * bytes before, as the validator has them; a 128-entry permute of the
 * byte before, a 64-entry one of the continuation bytes of in). Every
 * character of a multi-byte class holds such a byte, after its lead and
 * not after its last byte: with pol_ctrl for the 1-byte classes, a block
 * needs pol_hits only where this is nonzero, or where u8g_polset_carry
 * says a character from the block before ends in it. Real text rarely
 * has one (U+00A0 and the quotes and dashes of U+2010..U+201F do not). */
static inline __m512i pol_first(__m512i in, __m512i prev1, const struct pol_tabs *pt)
{
    return _mm512_and_si512(_mm512_permutex2var_epi8(pt->pp_lo, prev1, pt->pp_hi),
                            _mm512_maskz_permutexvar_epi8(
                                _mm512_cmplt_epi8_mask(in, _mm512_set1_epi8(-64)), in, pt->pc));
}

/* The other first test, for class sets whose characters all start with
 * a byte that real text seldom holds (struct u8g_polset's pairs == 0:
 * c0, c1, private use...): nonzero bytes where in holds a byte that
 * starts a denied character, 1-byte ones included (bit b & 3 of
 * f4[b >> 2]: two 64-entry permutes, the shift is the validator's too),
 * one permute fewer than pol_first and pol_ctrl. */
static inline __m512i pol_starts(__m512i in, const struct pol_tabs *pt)
{
    return _mm512_and_si512(_mm512_permutexvar_epi8(_mm512_srli_epi16(in, 2), pt->f4),
                            _mm512_permutexvar_epi8(in, pt->onehot));
}

/* The denied 1-byte characters of v (pt->ctrl): a permute of its ASCII
 * bytes. (Testing it only where the least byte of a block is below 0x20
 * cost more on the text corpus: most blocks of text hold a line end.) */
static inline __m512i pol_ctrl(__m512i v, const struct pol_tabs *pt)
{
    return _mm512_maskz_permutex2var_epi8(_mm512_cmpge_epi8_mask(v, _mm512_setzero_si512()),
                                          pt->c_lo, v, pt->c_hi);
}

/* How blocks() tests a block of multi-byte text for the policy (a
 * constant of each instance of its loop): FIRST_STARTS and FIRST_PAIRS,
 * a first test (pol_starts or pol_first) and the full one where it
 * fires; EXACT_C1, no first test: C1 fails in check (c1_fails), the
 * 1-byte classes in the exact control test (ctl_hits), on every block. */
enum pol_mode { FIRST_STARTS, FIRST_PAIRS, EXACT_C1 };

/* The first test of a vector of multi-byte text: pol_first, and
 * pol_ctrl where 1-byte characters are denied, or pol_starts. */
static inline __attribute__((always_inline)) __m512i
pol_first_all(__m512i in, __m512i prev1, const struct pol_tabs *pt, enum pol_mode mode)
{
    if (mode == FIRST_STARTS)
        return pol_starts(in, pt);
    if (pt->ctrl)
        return _mm512_or_si512(pol_first(in, prev1, pt), pol_ctrl(in, pt));
    return pol_first(in, prev1, pt);
}

/* The control test's u (u8g_polset_ctl) of each byte of v. */
static inline __m512i ctl_u(__m512i v, const struct pol_tabs *pt)
{
    return _mm512_add_epi8(v, _mm512_shuffle_epi8(pt->c_add, v));
}

/* The least u of each position of the vectors v, w. */
static inline __m512i ctl_min(__m512i v, __m512i w, const struct pol_tabs *pt)
{
    return _mm512_min_epu8(ctl_u(v, pt), ctl_u(w, pt));
}

/* The exact control test: nonzero bytes where least_u (ctl_min of the
 * vectors tested) is below c_thr, a denied 1-byte character. */
static inline __m512i ctl_hits(__m512i least_u, const struct pol_tabs *pt)
{
    return _mm512_subs_epu8(pt->c_thr, least_u);
}

/* EXACT_C1's validator: C2 followed by 80..9F, a C1 control, fails the
 * block as E0 followed by 80..9F (an overlong form) does. KL_OVERLONG_3
 * (whose third lookup takes 80..9F) is added for C0..C3 (by_prev_top's
 * entry 0x30) and for the bytes whose low 6 bits are 02 (by_prev_low's
 * entry 02: vpermb reads 6 bits, so the 16-entry table repeated is a
 * 64-entry one). A byte in both sets is C2, or C0, which fails anyway;
 * E0..EF (entries 38..3B) have low bits 20..2F and gain nothing. So C1
 * costs the loop nothing, and the block goes to policy.c. */
static inline void c1_fails(struct tables *t)
{
    const __m512i bit = _mm512_set1_epi8(KL_OVERLONG_3);

    t->by_prev_top = _mm512_mask_blend_epi8((__mmask64)1 << 0x30, t->by_prev_top,
                                            _mm512_or_si512(t->by_prev_top, bit));
    t->by_prev_low = _mm512_mask_blend_epi8((__mmask64)1 << 0x02, t->by_prev_low,
                                            _mm512_or_si512(t->by_prev_low, bit));
}

/* Whether the 4 aligned vectors at q are ASCII and, with pt, hold no
 * denied 1-byte character: no top bit set in them nor in their lookups
 * in r_lo, r_hi (a 128-entry permute, FF where denied; what it gives for
 * the bytes >= 0x80 does not matter, their own top bit is set). */
static inline bool ascii_run4(const uint8_t *q, const struct pol_tabs *pt)
{
    __m512i v0 = _mm512_load_si512((const void *)q);
    __m512i v1 = _mm512_load_si512((const void *)(q + VEC));
    __m512i v2 = _mm512_load_si512((const void *)(q + 2 * VEC));
    __m512i v3 = _mm512_load_si512((const void *)(q + 3 * VEC));
    __m512i w = _mm512_or_si512(_mm512_or_si512(v0, v1), _mm512_or_si512(v2, v3));

    if (pt != NULL && pt->ctrl)
        w = _mm512_or_si512(
            w, _mm512_or_si512(_mm512_or_si512(_mm512_permutex2var_epi8(pt->r_lo, v0, pt->r_hi),
                                               _mm512_permutex2var_epi8(pt->r_lo, v1, pt->r_hi)),
                               _mm512_or_si512(_mm512_permutex2var_epi8(pt->r_lo, v2, pt->r_hi),
                                               _mm512_permutex2var_epi8(pt->r_lo, v3, pt->r_hi))));
    return _mm512_movepi8_mask(w) == 0;
}

/* The policy hits of the vector in at q (q - 2 readable). */
static inline __m512i hits_at(const uint8_t *q, __m512i in, const struct pol_tabs *pt)
{
    return pol_hits(in, load(q - 1), load(q - 2), pt);
}

/* Whether a window that ends in the n (2 or 4) vectors at q hits (q - 2
 * readable): the full test, out of line so that the loop keeps its
 * registers for the validator and the first test. */
static __attribute__((noinline)) bool hits_block(const uint8_t *q, size_t n,
                                                 const struct pol_tabs *pt)
{
    __m512i h = _mm512_or_si512(hits_at(q, load(q), pt), hits_at(q + VEC, load(q + VEC), pt));

    if (n == 4)
        h = _mm512_or_si512(h, _mm512_or_si512(hits_at(q + 2 * VEC, load(q + 2 * VEC), pt),
                                               hits_at(q + 3 * VEC, load(q + 3 * VEC), pt)));
    return any(h);
}

/* Where a block failed: the valid prefix (see blocks.h). With a copy
 * (dst != NULL), p[0..s) is already in dst; the rest of the valid prefix
 * follows it. */
static inline size_t failed(const uint8_t *p, size_t len, size_t s, uint8_t *dst,
                            const struct pol_tabs *pt)
{
    size_t r;

    if (pt != NULL) /* a character boundary before s: policy.c goes on */
        return u8g_restart_point(p, s);
    r = u8g_block_failed(p, len, s);

    if (dst != NULL && r > s)
        memcpy(dst + s, p + s, r - s);
    return r;
}

/* Non-temporal stores for blocks' copy (nt): the line of dst that ends
 * d = dst % 64 bytes into the vector at i is the last d bytes of the
 * vector before it and the first 64 - d of this one (one permute, with
 * the index from nt_index), stored at the aligned dst + i - d (i >= 64):
 * whole lines, never read first. */
static inline __m512i nt_index(const uint8_t *dst)
{
    return _mm512_add_epi8(load(IOTA), _mm512_set1_epi8((char)(64 - ((uintptr_t)dst & 63))));
}

static inline void nt_line(uint8_t *dst, size_t i, __m512i before, __m512i v, __m512i idx)
{
    _mm512_stream_si512((void *)(dst + (i - ((uintptr_t)dst & 63))),
                        _mm512_permutex2var_epi8(before, idx, v));
}

/* Where blocks' non-temporal lines stop (i, the vector before it in
 * prev): the last d bytes of prev, which wait for the next line, are
 * stored (with the whole vector, a plain store). i >= 64: nt is only
 * asked for inputs longer than SHORT_MAX, whose first vector blocks
 * always checks and stores before its main loop. */
static inline void nt_finish(uint8_t *dst, size_t i, __m512i prev)
{
    _mm512_storeu_si512(dst + i - VEC, prev);
}

/* failed, for a block of blocks' main loop (the lines before it
 * completed first where they are non-temporal). */
static inline size_t nt_failed(const uint8_t *p, size_t len, size_t i, uint8_t *dst,
                               const struct pol_tabs *pt, bool nt, __m512i prev)
{
    if (dst != NULL && nt)
        nt_finish(dst, i, prev);
    return failed(p, len, i, dst, pt);
}

/* The longest valid prefix of p[0..len), by blocks (see blocks.h); with
 * dst != NULL each block is also stored to dst once its checks passed
 * (validation and copy in one pass, for sanitize); with nt as well, the
 * main loop stores whole lines with non-temporal stores (nt_line; the
 * caller fences). Inlined into its two
 * callers so that the test of dst is resolved at compile time. With pt
 * != NULL (clean_blocks, never with dst) the policy's hits are tested in
 * the same loop and a block fails on a hit too; mode (a constant) says
 * how multi-byte blocks are tested. Nothing
 * before p or after p + len is read: the first vector and the tail take
 * their previous bytes from registers, the others from p + i - 1. */
static inline __attribute__((always_inline)) size_t
blocks(const uint8_t *p, size_t len, uint8_t *dst, const struct pol_tabs *pt,
       enum pol_mode mode, bool nt)
{
    struct tables t;
    __m512i prev = _mm512_setzero_si512(), a, b, v2, v3, err;
    const __m512i idx = nt ? nt_index(dst) : prev;
    __mmask64 m, bad;
    size_t i = 0;
    bool carry = false; /* a character from the vectors before ends in these */

    load_tables(&t);
    if (mode == EXACT_C1)
        c1_fails(&t);
    if (len >= VEC) {
        a = load(p);
        err = check(a, back1(prev, a, &t), prev, &t);
        if (pt != NULL)
            err = _mm512_or_si512(err, pol_hits(a, back1(prev, a, &t),
                                                _mm512_permutex2var_epi8(prev, t.back2, a), pt));
        if (any(err))
            return failed(p, len, 0, dst, pt);
        if (dst != NULL)
            _mm512_storeu_si512(dst, a);
        if (pt != NULL)
            carry = u8g_polset_carry(p, VEC);
        prev = a;
        i = VEC;
    }
    while (len - i >= 2 * VEC) {
        __m512i p1a, p1b, p12, p13;

        a = load(p + i);
        b = load(p + i + VEC);
        if (_mm512_movepi8_mask(_mm512_or_si512(a, b)) == 0) {
            /* All ASCII: the only possible error is that the vector
             * before ended inside a character. */
            err = _mm512_subs_epu8(prev, t.incomplete_max);
            if (pt != NULL && pt->ctrl)
                err = _mm512_or_si512(err, _mm512_or_si512(pol_hits_ascii(a, pt),
                                                           pol_hits_ascii(b, pt)));
            if (any(err))
                return nt_failed(p, len, i, dst, pt, nt, prev);
            carry = false;
            if (dst == NULL && len - i >= 8 * VEC) {
                /* Validation in a run of ASCII: nothing to check but the
                 * top bits and the denied 1-byte characters, 4 aligned
                 * vectors per test (from the vector boundary at or
                 * before p + i + 2 * VEC: the bytes gone back over are a
                 * and b's, ASCII and checked). Unaligned, every 64-byte
                 * load would touch two cache lines. */
                i += 2 * VEC;
                i -= (size_t)((uintptr_t)(p + i) & (VEC - 1));
                while (len - i >= 4 * VEC && ascii_run4(p + i, pt))
                    i += 4 * VEC;
                prev = load(p + i - VEC); /* ASCII, the bytes before p + i */
                continue;
            }
        } else if (len - i >= 4 * VEC) {
            /* Multi-byte text: four vectors, one branch. */
            v2 = load(p + i + 2 * VEC);
            v3 = load(p + i + 3 * VEC);
            p1a = load(p + i - 1);
            p1b = load(p + i + VEC - 1);
            p12 = load(p + i + 2 * VEC - 1);
            p13 = load(p + i + 3 * VEC - 1);
            err = check(a, p1a, prev, &t);
            err = _mm512_or_si512(err, check(b, p1b, a, &t));
            err = _mm512_or_si512(err, check(v2, p12, b, &t));
            err = _mm512_or_si512(err, check(v3, p13, v2, &t));
            if (mode == EXACT_C1) { /* C1 fails in check (c1_fails) */
                if (pt->ctrl)
                    err = _mm512_or_si512(
                        err, ctl_hits(_mm512_min_epu8(ctl_min(a, b, pt), ctl_min(v2, v3, pt)),
                                      pt));
            /* The full policy test only where the first one says so. */
            } else if (pt != NULL && (carry || any(_mm512_or_si512(
                                            _mm512_or_si512(pol_first_all(a, p1a, pt, mode),
                                                            pol_first_all(b, p1b, pt, mode)),
                                            _mm512_or_si512(pol_first_all(v2, p12, pt, mode),
                                                            pol_first_all(v3, p13, pt, mode)))))) {
                if (hits_block(p + i, 4, pt))
                    return nt_failed(p, len, i, dst, pt, nt, prev);
                carry = u8g_polset_carry(p, i + 4 * VEC);
            } else {
                carry = false;
            }
            if (any(err))
                return nt_failed(p, len, i, dst, pt, nt, prev);
            if (dst != NULL && nt) {
                nt_line(dst, i, prev, a, idx);
                nt_line(dst, i + VEC, a, b, idx);
                nt_line(dst, i + 2 * VEC, b, v2, idx);
                nt_line(dst, i + 3 * VEC, v2, v3, idx);
            } else if (dst != NULL) {
                _mm512_storeu_si512(dst + i, a);
                _mm512_storeu_si512(dst + i + VEC, b);
                _mm512_storeu_si512(dst + i + 2 * VEC, v2);
                _mm512_storeu_si512(dst + i + 3 * VEC, v3);
            }
            prev = v3;
            i += 4 * VEC;
            continue;
        } else {
            p1a = load(p + i - 1);
            p1b = load(p + i + VEC - 1);
            err = _mm512_or_si512(check(a, p1a, prev, &t), check(b, p1b, a, &t));
            if (mode == EXACT_C1) { /* C1 fails in check (c1_fails) */
                if (pt->ctrl)
                    err = _mm512_or_si512(err, ctl_hits(ctl_min(a, b, pt), pt));
            } else if (pt != NULL && (carry || any(_mm512_or_si512(pol_first_all(a, p1a, pt, mode),
                                                            pol_first_all(b, p1b, pt, mode))))) {
                if (hits_block(p + i, 2, pt))
                    return nt_failed(p, len, i, dst, pt, nt, prev);
                carry = u8g_polset_carry(p, i + 2 * VEC);
            } else {
                carry = false;
            }
            if (any(err))
                return nt_failed(p, len, i, dst, pt, nt, prev);
        }
        if (dst != NULL && nt) {
            nt_line(dst, i, prev, a, idx);
            nt_line(dst, i + VEC, a, b, idx);
        } else if (dst != NULL) {
            _mm512_storeu_si512(dst + i, a);
            _mm512_storeu_si512(dst + i + VEC, b);
        }
        prev = b;
        i += 2 * VEC;
    }
    if (dst != NULL && nt) /* the rest: plain stores */
        nt_finish(dst, i, prev);
    if (len - i >= VEC) {
        a = load(p + i);
        err = check(a, load(p + i - 1), prev, &t);
        if (pt != NULL)
            err = _mm512_or_si512(err, hits_at(p + i, a, pt));
        if (any(err))
            return failed(p, len, i, dst, pt);
        if (dst != NULL)
            _mm512_storeu_si512(dst + i, a);
        prev = a;
        i += VEC; /* the tail below takes the full test: carry no longer matters */
    }
    /* The last len - i < 64 bytes, zero-filled by the masked load (which
     * never touches the bytes the mask excludes): at least one zero byte
     * follows them, so a character cut off by the end fails too. */
    m = len - i == 0 ? 0 : (~(__mmask64)0 >> (VEC - (len - i)));
    a = _mm512_maskz_loadu_epi8(m, p + i);
    err = check(a, back1(prev, a, &t), prev, &t);
    bad = _mm512_test_epi8_mask(err, err);
    if (bad != 0) {
        /* Failures only in the zeros: the real bytes passed (a byte's
         * checks see it and the 3 before it), and the end cuts the last
         * character off: the bare end of blocks.h, u8g_cut_start, not
         * failed's walk over the block. */
        if (dst == NULL && pt == NULL && (bad & m) == 0)
            return u8g_cut_start(p, len);
        return failed(p, len, i, dst, pt);
    }
    /* The zeros past the end are no characters: their hits do not count. */
    if (pt != NULL &&
        (_mm512_test_epi8_mask(pol_hits(a, back1(prev, a, &t),
                                        _mm512_permutex2var_epi8(prev, t.back2, a), pt),
                               _mm512_set1_epi8(-1)) & m) != 0)
        return failed(p, len, i, dst, pt);
    if (dst != NULL)
        _mm512_mask_storeu_epi8(dst + i, m, a);
    return len;
}

/* Mask of the first k (0..64) bytes. */
static inline __mmask64 first_bytes(size_t k)
{
    return k >= 64 ? ~(__mmask64)0 : (((__mmask64)1 << k) - 1);
}

/* Stores the bytes of v that m selects to dst: a plain store when that is
 * all of them (a masked store to memory costs more on some CPUs). */
static inline void store_masked(uint8_t *dst, __mmask64 m, __m512i v)
{
    if (m == ~(__mmask64)0)
        _mm512_storeu_si512(dst, v);
    else
        _mm512_mask_storeu_epi8(dst, m, v);
}

/* Short inputs: up to SHORT_MAX bytes are checked by short_blocks. */
#define SHORT_MAX U8G_SHORT_MAX

/* The error bits of in given the bytes 1, 2 and 3 before each of its
 * bytes (see check), for the short path: the three lookups are in-lane
 * byte shuffles of the 16-byte tables, which need no set-up (check's
 * 64-byte tables cost two permutes to build, more than one short vector
 * saves with them). */
static inline __m512i short_check(__m512i in, __m512i prev1, __m512i prev2, __m512i prev3)
{
    const __m512i nibble = _mm512_set1_epi8(0x0F);
    __m512i a = _mm512_shuffle_epi8(broadcast16(KL_PREV_HIGH),
                                    _mm512_and_si512(_mm512_srli_epi16(prev1, 4), nibble));
    __m512i b = _mm512_shuffle_epi8(broadcast16(KL_PREV_LOW), _mm512_and_si512(prev1, nibble));
    __m512i c = _mm512_shuffle_epi8(broadcast16(KL_CUR_HIGH),
                                    _mm512_and_si512(_mm512_srli_epi16(in, 4), nibble));
    __m512i special = _mm512_ternarylogic_epi32(a, b, c, 0x80); /* a & b & c */
    __m512i must23 = _mm512_or_si512(_mm512_subs_epu8(prev2, _mm512_set1_epi8(KL_THIRD_SUB)),
                                     _mm512_subs_epu8(prev3, _mm512_set1_epi8(KL_FOURTH_SUB)));

    return _mm512_ternarylogic_epi32(special, must23, _mm512_set1_epi8((char)0x80), 0x78);
}

/* The error bits of in, given prev, the vector before it (zero before
 * the input: a boundary). The bytes 1, 2 and 3 back come from registers:
 * valignq puts each 16-byte lane of prev:in one lane higher, and vpalignr
 * takes the bytes before each lane from there; no load, and no read
 * outside the input. */
static inline __m512i short_check_after(__m512i in, __m512i prev)
{
    __m512i up = _mm512_alignr_epi64(in, prev, 6); /* lane k: lane k - 1 of prev:in */

    return short_check(in, _mm512_alignr_epi8(in, up, 15), _mm512_alignr_epi8(in, up, 14),
                       _mm512_alignr_epi8(in, up, 13));
}

/* Where a vector of short_blocks failed (see failed), out of line: the
 * valid path stays small. */
static U8G_NOINLINE size_t short_failed(const uint8_t *p, size_t len, size_t s, uint8_t *dst)
{
    return failed(p, len, s, dst, NULL);
}

/* The longest valid prefix of p[0..len), 1 <= len <= SHORT_MAX, for a
 * string that is all there is (a call's whole input): no loop set-up, the
 * last 1..64 bytes read with a masked load (nothing past len is read, and
 * the bytes after len are zero, so a character cut off by the end fails),
 * ASCII answered by one test of all the bytes' top bits before any table
 * is touched. Otherwise each vector is checked with the bytes before it
 * taken from the vector before it (short_check_after), and the last one
 * also with the end-of-input test of KL_INCOMPLETE_MAX, for when it is
 * full (where it is not, that test can only see a character cut off by
 * the end, which fails anyway). A string of up to 64 bytes is one masked
 * load and, if it is not ASCII, one check: no loop. With dst != NULL
 * every vector is also stored once it passed, as blocks does. With
 * locate false, a string that is not valid gives 0 (the entries'
 * whole-string test, U8G_ENTRIES_SHORT: no call on the way, so they are
 * leaves) instead of the prefix from short_failed. */
static inline __attribute__((always_inline)) size_t
short_blocks(const uint8_t *p, size_t len, uint8_t *dst, bool locate)
{
    size_t full = (len - 1) / VEC, j; /* whole vectors before the last */
    /* the last vector's 1..64 bytes: a shift by 0..63, no branch */
    __mmask64 m = ~(__mmask64)0 >> (VEC - (len - full * VEC));
    __m512i last = _mm512_maskz_loadu_epi8(m, p + full * VEC), acc = last, prev, a, err;
    const __m512i incomplete_max = _mm512_inserti32x4(
        _mm512_set1_epi8(-1), _mm_loadu_si128((const __m128i *)(const void *)KL_INCOMPLETE_MAX),
        3);

    for (j = 0; j < full; j++)
        acc = _mm512_or_si512(acc, load(p + j * VEC));
    if (_mm512_movepi8_mask(acc) == 0) {
        if (dst != NULL) {
            for (j = 0; j < full; j++)
                _mm512_storeu_si512(dst + j * VEC, load(p + j * VEC));
            store_masked(dst + full * VEC, m, last);
        }
        return len;
    }
    prev = _mm512_setzero_si512();
    for (j = 0; j < full; j++) {
        a = load(p + j * VEC);
        if (any(short_check_after(a, prev)))
            return locate ? short_failed(p, len, j * VEC, dst) : 0;
        if (dst != NULL)
            _mm512_storeu_si512(dst + j * VEC, a);
        prev = a;
    }
    err = _mm512_or_si512(short_check_after(last, prev), _mm512_subs_epu8(last, incomplete_max));
    if (any(err))
        return locate ? short_failed(p, len, full * VEC, dst) : 0;
    if (dst != NULL)
        store_masked(dst + full * VEC, m, last);
    return len;
}

/* Whether byte b can start a character (Table 3-7: 00..7F, C2..F4). */
static inline bool can_start(uint8_t b)
{
    return b < 0x80 || (b >= 0xC2 && b <= 0xF4);
}

/* The longer inputs of valid_prefix and copy_prefix, out of line: the
 * short path is then a small function that needs no stack frame (blocks'
 * set-up and spills would otherwise be paid by every short string). In
 * longer input, after an error the next byte is often an error too (a
 * sanitizer calls these right after each one): a byte that cannot start a
 * character is answered without setting up the vectors. */
static U8G_NOINLINE size_t long_prefix(const uint8_t *p, size_t len)
{
    return can_start(p[0]) ? blocks(p, len, NULL, NULL, FIRST_STARTS, false) : 0;
}

static U8G_NOINLINE size_t long_copy_prefix(const uint8_t *p, size_t len, uint8_t *dst)
{
    return can_start(p[0]) ? blocks(p, len, dst, NULL, FIRST_STARTS, false) : 0;
}

/* Short inputs (1..SHORT_MAX bytes) go straight to short_blocks, whose
 * ASCII test comes first and costs no more than a look at the first
 * byte. */
static size_t avx512_valid_prefix(const uint8_t *p, size_t len)
{
    if (len == 0)
        return 0;
    if (len <= SHORT_MAX)
        return short_blocks(p, len, NULL, true);
    return long_prefix(p, len);
}

static size_t avx512_copy_prefix(const uint8_t *p, size_t len, uint8_t *dst)
{
    if (len == 0)
        return 0;
    if (len <= SHORT_MAX)
        return short_blocks(p, len, dst, true);
    return long_copy_prefix(p, len, dst);
}

/* copy_prefix with non-temporal stores (struct u8g_kernels' copy_nt):
 * for outputs larger than the cache; the fence orders the stores before
 * whatever the caller does next. */
static size_t avx512_copy_nt(const uint8_t *p, size_t len, uint8_t *dst)
{
    size_t n;

    if (len <= SHORT_MAX)
        return avx512_copy_prefix(p, len, dst);
    n = can_start(p[0]) ? blocks(p, len, dst, NULL, FIRST_STARTS, true) : 0;
    _mm_sfence();
    return n;
}

/* Validation and policy checking in one pass (struct u8g_kernels). */
static size_t avx512_clean_blocks(const uint8_t *p, size_t len, const struct u8g_polset *set)
{
    struct pol_tabs pt;

    pol_load(&pt, set);
    /* three instances of the loop, one for each pol_mode */
    if (set->pairs)
        return blocks(p, len, NULL, &pt, FIRST_PAIRS, false);
    if (u8g_polset_c1_exact(set))
        return blocks(p, len, NULL, &pt, EXACT_C1, false);
    return blocks(p, len, NULL, &pt, FIRST_STARTS, false);
}

/* Decoding. The text is decoded in validated windows (decode_driver.h),
 * so the decode steps below see only valid text and need no checks.
 *
 * A valid stretch is decoded in blocks of 64 bytes; a character belongs to
 * the block holding its lead byte (its continuation bytes may lie in the
 * next block, which skips them). An all-ASCII block is widened at once.
 * Otherwise the positions of the block's lead bytes are packed together
 * (vpcompressb of 0..63), and the characters are decoded 16 at a time: for
 * character j, the 4 bytes from its lead are gathered into 32-bit lane j
 * (vpermt2b over this block and the next), the lead's marker bits and the
 * continuations' 10 are masked off by the lead's high nibble, two
 * multiply-adds assemble b0 << 18 | b1 << 12 | b2 << 6 | b3, and a shift
 * by 6 * (4 - length) leaves the code point. UTF-16 gives a 4-byte
 * character two lanes, one per surrogate (see decode16_valid). Every
 * store is masked to the units
 * written, and the end of the stretch is read with masked loads: nothing
 * outside p[0..n) is read and nothing past the decoding is written. */
/* Low byte of every 32-bit lane. */
#define LANE_LOW_BYTES 0x1111111111111111ull

struct dec_consts {
    __m512i iota;       /* byte k = k */
    __m512i spread[4];  /* group g, byte 4j + k = 16g + j */
    __m512i offsets;    /* byte 4j + k = k */
    __m512i lead_keep;  /* by high nibble of a lead: its payload bits */
    __m512i lead_shift; /* by high nibble of a lead: 6 * (4 - length) */
};

static const uint8_t LEAD_KEEP[16] = {
    0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, /* ASCII */
    0x0F, 0x0F, 0x0F, 0x0F,                         /* UTF-16: see decode16_valid */
    0x1F, 0x1F, 0x0F, 0x07,                         /* C, D, E, F */
};

static const uint8_t LEAD_SHIFT[16] = {
    18, 18, 18, 18, 18, 18, 18, 18, 12, 12, 12, 12, 12, 12, 6, 0,
};

/* SPREAD[g]: byte 4j + k = 16g + j; OFFSETS: byte 4j + k = k. Constant
 * tables, not built at each call: a short string would pay for that. */
#define X4(b) (b), (b), (b), (b)
#define SPREAD4(b) X4(b), X4((b) + 1), X4((b) + 2), X4((b) + 3)
#define SPREAD16(b) SPREAD4(b), SPREAD4((b) + 4), SPREAD4((b) + 8), SPREAD4((b) + 12)
static const uint8_t SPREAD[4][64] = {
    {SPREAD16(0)}, {SPREAD16(16)}, {SPREAD16(32)}, {SPREAD16(48)},
};
#define OFFSETS4 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3
static const uint8_t OFFSETS[64] = {OFFSETS4, OFFSETS4, OFFSETS4, OFFSETS4};

static inline void dec_consts_load(struct dec_consts *c)
{
    int g;

    c->iota = load(IOTA);
    c->offsets = load(OFFSETS);
    for (g = 0; g < 4; g++)
        c->spread[g] = load(SPREAD[g]);
    c->lead_keep = broadcast16(LEAD_KEEP);
    c->lead_shift = broadcast16(LEAD_SHIFT);
}

/* To UTF-16, blocks without 4-byte characters (Latin, Cyrillic, CJK,
 * most mixed text) take a shorter way than decode16 (bmp_block): every byte of the
 * block is a 16-bit lane of its own, holding the character that
 * starts there, computed from the byte and the one or two after it, which
 * two byte permutes gather; the lanes of continuation bytes are then
 * compressed away (vpcompressw) and the rest stored in order: no gather
 * of each character's 4 bytes, no multiplies, no variable shifts, no
 * narrowing of 32-bit lanes. The characters are those whose leads lie in
 * the block, as in decode16: the bytes after the block's last lead come
 * from hi. Measured on Zen 4 (1 MiB, interleaved with the old way): UTF-16
 * 1.47x on Latin and Cyrillic, 1.33x geomean on the 27 files of real
 * text, none slower; to UTF-32 the same lanes, widened after compression,
 * were 0.73-0.88x of decode16 (four widening stores per 64 bytes, and
 * decode16's lanes are already 32 bits), so UTF-32 keeps decode16. */

/* The character starting at each 16-bit lane: b the lane's byte, n1 and
 * n2 the two after it (zero-extended); three3 whether any lane is a
 * 3-byte lead (three). Lanes of continuation bytes are junk. As a 2-byte
 * character, ((b & 1F) << 6) | (n1 & 3F); as a 3-byte one,
 * (b << 12) | ((n1 & 3F) << 6) | (n2 & 3F) (the shift by 12 leaves only
 * b's low 4 bits); ASCII itself. The bit selects (ternary logic 0xCA:
 * a ? b : c) take the payload bits from the shifted byte and the rest
 * from the byte after, whose bits 6 and 7 the select leaves out. */
static inline __m512i bmp_lanes(__m512i b, __m512i n1, __m512i n2, __mmask32 ascii,
                                __mmask32 three, bool three3)
{
    __m512i v = _mm512_ternarylogic_epi32(_mm512_set1_epi16(0x07C0), _mm512_slli_epi16(b, 6),
                                          n1, 0xCA);

    if (three3)
        v = _mm512_mask_mov_epi16(
            v, three,
            _mm512_or_si512(_mm512_slli_epi16(b, 12),
                            _mm512_ternarylogic_epi32(_mm512_set1_epi16(0x0FC0),
                                                      _mm512_slli_epi16(n1, 6), n2, 0xCA)));
    return _mm512_mask_mov_epi16(v, ascii, b);
}

/* Lanes of the first k (0..16) characters. */
static inline __mmask16 first_lanes(size_t k)
{
    return (__mmask16)((1u << k) - 1);
}

/* The masks of a block for bmp_block: keep (the bytes that start a
 * character, in the block), ascii, three (3-byte leads). */
struct bmp_masks {
    __mmask64 keep, ascii, three;
};

static inline struct bmp_masks bmp_masks(__m512i lo, __mmask64 in_block)
{
    struct bmp_masks m;

    m.keep = ~_mm512_cmplt_epi8_mask(lo, _mm512_set1_epi8(-64)) & in_block;
    m.ascii = ~_mm512_movepi8_mask(lo);
    m.three = _mm512_cmpge_epu8_mask(lo, _mm512_set1_epi8((char)0xE0)) & in_block;
    return m;
}

/* 32 bytes (b, and the bytes n1, n2 after each) decoded to UTF-16 at
 * out, the masks shifted to them; returns the units written. */
static inline size_t bmp_part(__m256i b8, __m256i n18, __m256i n28, struct bmp_masks m,
                              bool three3, uint16_t *out)
{
    __m512i b = _mm512_cvtepu8_epi16(b8), n1 = _mm512_cvtepu8_epi16(n18),
            n2 = _mm512_cvtepu8_epi16(n28), v;
    __mmask32 k = (__mmask32)m.keep;
    size_t cnt = (size_t)__builtin_popcount(k);

    v = bmp_lanes(b, n1, n2, (__mmask32)m.ascii, (__mmask32)m.three, three3);
    _mm512_mask_storeu_epi16(out, (__mmask32)(((uint64_t)1 << cnt) - 1),
                             _mm512_maskz_compress_epi16(k, v));
    return cnt;
}

/* Decodes to UTF-16 the characters whose leads are among the bytes of lo
 * that in_block selects (none of them 4 bytes; hi: the bytes after lo),
 * storing them from out; returns the units written. */
static inline size_t bmp_block(__m512i lo, __m512i hi, __mmask64 in_block, uint16_t *out,
                               const struct dec_consts *c)
{
    struct bmp_masks m = bmp_masks(lo, in_block), m2;
    bool t3 = m.three != 0;
    /* byte k of the indices: k + 1, k + 2 (>= 64 selects from hi) */
    __m512i n1 = _mm512_permutex2var_epi8(lo, _mm512_add_epi8(c->iota, _mm512_set1_epi8(1)), hi);
    __m512i n2 =
        t3 ? _mm512_permutex2var_epi8(lo, _mm512_add_epi8(c->iota, _mm512_set1_epi8(2)), hi) : n1;
    size_t o;

    o = bmp_part(_mm512_castsi512_si256(lo), _mm512_castsi512_si256(n1),
                 _mm512_castsi512_si256(n2), m, t3, out);
    m2.keep = m.keep >> 32;
    m2.ascii = m.ascii >> 32;
    m2.three = m.three >> 32;
    return o + bmp_part(_mm512_extracti64x4_epi64(lo, 1), _mm512_extracti64x4_epi64(n1, 1),
                        _mm512_extracti64x4_epi64(n2, 1), m2, t3, out + o);
}

/* The code points of the 16 characters whose leads are at the byte
 * positions pos[16g .. 16g + 16) of the block lo (hi: the block after);
 * sets *bytes to the 4 bytes gathered into each lane, lead first. */
static inline __m512i decode16(__m512i lo, __m512i hi, __m512i pos, int g,
                               const struct dec_consts *c, __m512i *bytes)
{
    __m512i idx = _mm512_add_epi8(_mm512_permutexvar_epi8(c->spread[g], pos), c->offsets);
    __m512i b = _mm512_permutex2var_epi8(lo, idx, hi);
    __m512i nib = _mm512_and_si512(_mm512_srli_epi16(b, 4), _mm512_set1_epi8(0x0F));
    __m512i keep = _mm512_mask_blend_epi8(LANE_LOW_BYTES, _mm512_set1_epi8(0x3F),
                                          _mm512_shuffle_epi8(c->lead_keep, nib));
    __m512i shift = _mm512_and_si512(_mm512_shuffle_epi8(c->lead_shift, nib),
                                     _mm512_set1_epi32(0xFF));
    /* bytes (b0, b1) -> b0 * 64 + b1 and (b2, b3) -> b2 * 64 + b3 ... */
    __m512i v = _mm512_maddubs_epi16(_mm512_and_si512(b, keep), _mm512_set1_epi16(0x0140));
    /* ... then (b0 * 64 + b1) * 4096 + b2 * 64 + b3 */
    v = _mm512_madd_epi16(v, _mm512_set1_epi32(0x00011000));
    *bytes = b;
    return _mm512_srlv_epi32(v, shift);
}

/* Decodes the valid p[0..n) to UTF-32 at out; returns the units written. */
static size_t decode32_valid(const uint8_t *p, size_t n, uint32_t *out,
                             const struct dec_consts *c)
{
    size_t i = 0, o = 0, k, left, cnt;
    __m512i lo, hi, pos, bytes;
    __mmask64 lead;
    int g;

    for (i = 0; i < n; i += VEC) {
        left = n - i;
        if (left >= VEC) {
            lo = load(p + i);
            if (_mm512_movepi8_mask(lo) == 0) {
                _mm512_storeu_si512(out + o, _mm512_cvtepu8_epi32(_mm512_castsi512_si128(lo)));
                _mm512_storeu_si512(out + o + 16,
                                    _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(lo, 1)));
                _mm512_storeu_si512(out + o + 32,
                                    _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(lo, 2)));
                _mm512_storeu_si512(out + o + 48,
                                    _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(lo, 3)));
                o += VEC;
                continue;
            }
            /* The block's last character needs at most 3 bytes more. */
            hi = _mm512_maskz_loadu_epi8(first_bytes(left - VEC) & 7, p + i + VEC);
            lead = _mm512_cmpge_epi8_mask(lo, _mm512_set1_epi8(-64));
        } else {
            lo = _mm512_maskz_loadu_epi8(first_bytes(left), p + i);
            hi = _mm512_setzero_si512();
            lead = _mm512_cmpge_epi8_mask(lo, _mm512_set1_epi8(-64)) & first_bytes(left);
        }
        pos = _mm512_maskz_compress_epi8(lead, c->iota);
        k = (size_t)__builtin_popcountll(lead);
        for (g = 0; k > 0; g++) {
            cnt = k < 16 ? k : 16;
            _mm512_mask_storeu_epi32(out + o, first_lanes(cnt), decode16(lo, hi, pos, g, c, &bytes));
            o += cnt;
            k -= cnt;
        }
    }
    return o;
}

/* Decodes the valid p[0..n) to UTF-16 at out; returns the units written.
 * A 4-byte character is two units, so it gets two lanes: its lead, which
 * decodes to the code point and becomes the high surrogate, and its third
 * byte, which LEAD_KEEP and LEAD_SHIFT treat as the lead of a 2-byte
 * character made of its 3rd and 4th bytes: that is the low 10 bits of the
 * code point, and with DC00 added the low surrogate. Every lane is then
 * one unit, stored in order: no packing of units, no branch per character. A
 * third byte may fall in the next block (lead at byte 62 or 63): the
 * block's 4-byte leads are carried over for that. */
static size_t decode16_valid(const uint8_t *p, size_t n, uint16_t *out,
                             const struct dec_consts *c)
{
    size_t i = 0, o = 0, k, left, cnt;
    __m512i lo, hi, pos, cp, bytes;
    __mmask64 lead, lead4, carry4 = 0, third, in_block;
    __mmask16 high, low;
    int g;

    for (i = 0; i < n; i += VEC) {
        left = n - i;
        if (left >= VEC) {
            lo = load(p + i);
            if (_mm512_movepi8_mask(lo) == 0) {
                _mm512_storeu_si512(out + o, _mm512_cvtepu8_epi16(_mm512_castsi512_si256(lo)));
                _mm512_storeu_si512(out + o + 32,
                                    _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64(lo, 1)));
                o += VEC;
                carry4 = 0;
                continue;
            }
            hi = _mm512_maskz_loadu_epi8(first_bytes(left - VEC) & 7, p + i + VEC);
            in_block = ~(__mmask64)0;
        } else {
            in_block = first_bytes(left);
            lo = _mm512_maskz_loadu_epi8(in_block, p + i);
            hi = _mm512_setzero_si512();
        }
        lead4 = _mm512_cmpge_epu8_mask(lo, _mm512_set1_epi8((char)0xF0)) & in_block;
        third = ((lead4 << 2) | (carry4 >> 62)) & in_block;
        carry4 = lead4;
        if ((lead4 | third) == 0) {
            o += bmp_block(lo, hi, in_block, out + o, c);
            continue;
        }
        lead = _mm512_cmpge_epi8_mask(lo, _mm512_set1_epi8(-64)) & in_block;
        pos = _mm512_maskz_compress_epi8(lead | third, c->iota);
        k = (size_t)__builtin_popcountll(lead | third);
        for (g = 0; k > 0; g++) {
            cnt = k < 16 ? k : 16;
            cp = decode16(lo, hi, pos, g, c, &bytes);
            /* high surrogate: D800 + ((cp - 10000) >> 10) */
            high = _mm512_cmpge_epu32_mask(cp, _mm512_set1_epi32(0x10000));
            cp = _mm512_mask_add_epi32(cp, high, _mm512_srli_epi32(cp, 10),
                                       _mm512_set1_epi32(0xD800 - (0x10000 >> 10)));
            /* low surrogate: lanes that start at a continuation byte */
            low = _mm512_cmpeq_epi32_mask(_mm512_and_si512(bytes, _mm512_set1_epi32(0xC0)),
                                          _mm512_set1_epi32(0x80));
            cp = _mm512_mask_or_epi32(cp, low, cp, _mm512_set1_epi32(0xDC00));
            _mm256_mask_storeu_epi16(out + o, first_lanes(cnt), _mm512_cvtepi32_epi16(cp));
            o += cnt;
            k -= cnt;
        }
    }
    return o;
}

/* to_utf32, to_utf16: the windowed decoder with this file's validator and
 * decode steps. */
/* The decoders' validator: short_blocks only up to one vector. Above it,
 * blocks, whose tables then serve several vectors: measured on 256-byte
 * mixed strings (Zen 4), decoding after short_blocks took 8-10 % longer
 * than after blocks, although short_blocks alone is the faster
 * validator there. */
static size_t decode_valid(const uint8_t *p, size_t len)
{
    if (len == 0)
        return 0;
    if (len <= VEC)
        return short_blocks(p, len, NULL, true);
    return can_start(p[0]) ? blocks(p, len, NULL, NULL, FIRST_STARTS, false) : 0;
}
/* U8G_DRIVER_ASCII (decode_driver.h): the all-ASCII 64-byte blocks at
 * the start of p[0..len), widened with plain stores (the caller's out has
 * room for len units); returns their bytes. Not inlined: inlined into the
 * window loop, it made the decoding of Latin text to UTF-32 0.8x as fast
 * (measured on Zen 4), the decode loops' registers being what it costs. */
static __attribute__((noinline)) size_t
ascii_blocks(const uint8_t *p, size_t len, bool utf16, uint32_t *out32, uint16_t *out16)
{
    size_t i = 0;
    __m512i v;

    for (; len - i >= VEC; i += VEC) {
        v = load(p + i);
        if (_mm512_movepi8_mask(v) != 0)
            break;
        if (utf16) {
            _mm512_storeu_si512(out16 + i, _mm512_cvtepu8_epi16(_mm512_castsi512_si256(v)));
            _mm512_storeu_si512(out16 + i + 32,
                                _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64(v, 1)));
        } else {
            _mm512_storeu_si512(out32 + i, _mm512_cvtepu8_epi32(_mm512_castsi512_si128(v)));
            _mm512_storeu_si512(out32 + i + 16,
                                _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(v, 1)));
            _mm512_storeu_si512(out32 + i + 32,
                                _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(v, 2)));
            _mm512_storeu_si512(out32 + i + 48,
                                _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(v, 3)));
        }
    }
    return i;
}
#define U8G_DRIVER_VALID decode_valid
#define U8G_DRIVER_ASCII ascii_blocks
#include "decode_driver.h"

/* Whether p[0..len), 1 <= len <= SHORT_MAX, is all ASCII: the OR of its
 * vectors, the last one read with a masked load. */
static inline bool short_is_ascii(const uint8_t *p, size_t len)
{
    size_t full = (len - 1) / VEC, j;
    __m512i acc = _mm512_maskz_loadu_epi8(first_bytes(len - full * VEC), p + full * VEC);

    for (j = 0; j < full; j++)
        acc = _mm512_or_si512(acc, load(p + j * VEC));
    return _mm512_movepi8_mask(acc) == 0;
}

/* A short ASCII string (up to SHORT_MAX bytes) is valid and its own
 * decoding: one test of its vectors, then masked loads and masked
 * widening stores, nothing else. Other input goes to the windowed
 * decoder. */
static size_t avx512_to_utf32(const uint8_t *p, size_t len, uint32_t *out, size_t *n_out)
{
    size_t o;
    __mmask64 m;
    __m512i v;

    if (len - 1 >= SHORT_MAX)
        return driver_to_utf32(p, len, out, n_out);
    if (len <= VEC) { /* one vector: test the one load */
        v = _mm512_maskz_loadu_epi8(first_bytes(len), p);
        if (_mm512_movepi8_mask(v) != 0)
            return driver_to_utf32(p, len, out, n_out);
    } else if (!short_is_ascii(p, len)) {
        return driver_to_utf32(p, len, out, n_out);
    }
    for (o = 0; o < len; o += VEC) {
        m = first_bytes(len - o);
        v = _mm512_maskz_loadu_epi8(m, p + o);
        _mm512_mask_storeu_epi32(out + o, (__mmask16)m,
                                 _mm512_cvtepu8_epi32(_mm512_castsi512_si128(v)));
        _mm512_mask_storeu_epi32(out + o + 16, (__mmask16)(m >> 16),
                                 _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(v, 1)));
        _mm512_mask_storeu_epi32(out + o + 32, (__mmask16)(m >> 32),
                                 _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(v, 2)));
        _mm512_mask_storeu_epi32(out + o + 48, (__mmask16)(m >> 48),
                                 _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(v, 3)));
    }
    *n_out = len;
    return len;
}

static size_t avx512_to_utf16(const uint8_t *p, size_t len, uint16_t *out, size_t *n_out)
{
    size_t o;
    __mmask64 m;
    __m512i v;

    if (len - 1 >= SHORT_MAX)
        return driver_to_utf16(p, len, out, n_out);
    if (len <= VEC) { /* one vector: test the one load */
        v = _mm512_maskz_loadu_epi8(first_bytes(len), p);
        if (_mm512_movepi8_mask(v) != 0)
            return driver_to_utf16(p, len, out, n_out);
    } else if (!short_is_ascii(p, len)) {
        return driver_to_utf16(p, len, out, n_out);
    }
    for (o = 0; o < len; o += VEC) {
        m = first_bytes(len - o);
        v = _mm512_maskz_loadu_epi8(m, p + o);
        _mm512_mask_storeu_epi16(out + o, (__mmask32)m,
                                 _mm512_cvtepu8_epi16(_mm512_castsi512_si256(v)));
        _mm512_mask_storeu_epi16(out + o + 32, (__mmask32)(m >> 32),
                                 _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64(v, 1)));
    }
    *n_out = len;
    return len;
}

/* error_scan.h's bit planes of the 64 bytes at p: bit 7 of each byte as
 * a mask, then each byte doubled, which moves bit b - 1 to bit 7. */
static inline void avx512_planes(const uint8_t *p, uint64_t planes[8])
{
    __m512i v = load(p);
    int k;

    for (k = 7; k >= 0; k--) {
        planes[k] = (uint64_t)_mm512_movepi8_mask(v);
        v = _mm512_add_epi8(v, v);
    }
}

static inline size_t avx512_emit(const uint8_t *p, size_t n, uint64_t e, uint64_t keep,
                                 uint8_t *out);

#define U8G_SCAN_PLANES avx512_planes
#define U8G_SCAN_EMIT avx512_emit
#include "error_scan.h"

/* error_scan.h's emit, 16 bytes per step: a byte permute spreads each
 * byte to 3 (its output position times 3), U+FFFD is blended in where an
 * error starts, and VBMI2's compress keeps all 3 bytes of each U+FFFD and
 * the first copy of each character byte. Each step stores 64 bytes (the
 * 48 it can fill and 16 more, overwritten by the next step or past the
 * output: U8G_EMIT_SLACK). */
static inline size_t avx512_emit(const uint8_t *p, size_t n, uint64_t e, uint64_t keep,
                                 uint8_t *out)
{
    static const uint8_t spread[64] = {
        0,  0,  0,  1,  1,  1,  2,  2,  2,  3,  3,  3,  4,  4,  4,  5,
        5,  5,  6,  6,  6,  7,  7,  7,  8,  8,  8,  9,  9,  9,  10, 10,
        10, 11, 11, 11, 12, 12, 12, 13, 13, 13, 14, 14, 14, 15, 15, 15,
    }; /* positions 48..63: byte 0 of the step, never kept */
    static const uint8_t fffd[48] = {
        0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD,
        0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD,
        0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD,
        0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD,
    };
    const uint64_t first = 0x249249249249ull, three = 0xFFFFFFFFFFFFull; /* of 48 */
    __m512i v = _mm512_maskz_loadu_epi8(n == 64 ? ~0ull : (1ull << n) - 1, p);
    __m512i me = _mm512_movm_epi8(e), mk = _mm512_movm_epi8(keep);
    __m512i idx = load(spread), r = _mm512_maskz_loadu_epi8(three, fffd);
    __m512i step = _mm512_set1_epi8(16);
    __mmask64 em, m;
    size_t w = 0, g;

    for (g = 0; g < n; g += 16) {
        em = _mm512_movepi8_mask(_mm512_permutexvar_epi8(idx, me)) & three;
        m = em | (_mm512_movepi8_mask(_mm512_permutexvar_epi8(idx, mk)) & first);
        _mm512_storeu_si512((void *)(out + w),
                            _mm512_maskz_compress_epi8(
                                m, _mm512_mask_blend_epi8(em, _mm512_permutexvar_epi8(idx, v), r)));
        w += (size_t)_mm_popcnt_u64(m);
        idx = _mm512_add_epi8(idx, step);
    }
    return w;
}

/* Whether p[0..len), 1 <= len <= SHORT_MAX, is valid: short_blocks
 * alone, for the entries (U8G_ENTRIES_SHORT). */
static inline __attribute__((always_inline)) bool avx512_short_valid(const uint8_t *p,
                                                                      size_t len)
{
    return short_blocks(p, len, NULL, false) == len;
}

U8G_ENTRIES_SHORT(avx512, avx512_valid_prefix, avx512_short_valid, SHORT_MAX)

const struct u8g_kernels u8g_avx512_kernels = {
    U8GUARD_IMPL_AVX512, avx512_valid_prefix, avx512_to_utf32, avx512_to_utf16,
    avx512_copy_prefix,
    avx512_clean_blocks,
    scan_error_run,
    avx512_validate,
    avx512_first_error,
    avx512_copy_nt,
};

#endif
