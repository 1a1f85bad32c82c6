/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* avx2.c -- the AVX2 implementation: Keiser-Lemire validation (blocks.h)
 * 32 bytes per vector, 64 bytes per step; decoding in validated windows,
 * ASCII widened 16 bytes at a time and other text 8 characters at a time
 * with a left-pack table and byte shuffles (decode_tables.h, "Decoding"
 * below); to UTF-16, text without 4-byte characters 16 bytes per step
 * (bmp16).
 *
 * This file is compiled with -mavx2 (src/CMakeLists.txt) and its functions
 * run only after cpu.c has confirmed AVX2 and OS support for YMM state. */
#include "kernels.h"

#ifdef U8G_HAVE_X86_KERNELS
#if !defined(__AVX2__)
#error "avx2.c must be compiled with -mavx2 (see src/CMakeLists.txt)"
#endif

#include "blocks.h"
#include "decode_tables.h"
#include "utf8_char.h"
#include "short_x86.h"
#include "x86_steps.h"

#include <immintrin.h>
#include <string.h>

#define STEP 64 /* bytes per loop iteration: two vectors */

struct tables {
    __m256i prev_high, prev_low, cur_high; /* nibble lookups */
    __m256i incomplete_max;                /* see KL_INCOMPLETE_MAX */
};

static inline __m256i load(const uint8_t *p)
{
    return _mm256_loadu_si256((const __m256i *)(const void *)p);
}

static inline __m256i broadcast16(const uint8_t table[16])
{
    return _mm256_broadcastsi128_si256(
        _mm_loadu_si128((const __m128i *)(const void *)table));
}

static inline void load_tables(struct tables *t)
{
    t->prev_high = broadcast16(KL_PREV_HIGH);
    t->prev_low = broadcast16(KL_PREV_LOW);
    t->cur_high = broadcast16(KL_CUR_HIGH);
    t->incomplete_max = _mm256_set_m128i(
        _mm_loadu_si128((const __m128i *)(const void *)KL_INCOMPLETE_MAX),
        _mm_set1_epi8(-1));
}

/* The error bits of the 32 bytes at q, whose 3 bytes before are readable:
 * nonzero where a rule of Table 3-7 is broken. The bytes 1, 2 and 3 back
 * are unaligned loads from q - 1, q - 2, q - 3: on the CPUs measured
 * (Zen 4) three loads cost less than building them from the previous
 * vector with a lane permute and three alignr (23 -> 30 GB/s on mixed
 * text). */
static inline __m256i check_vec(__m256i in, __m256i prev1, __m256i prev2, __m256i prev3,
                                const struct tables *t)
{
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    __m256i a = _mm256_shuffle_epi8(
        t->prev_high, _mm256_and_si256(_mm256_srli_epi16(prev1, 4), nibble));
    __m256i b = _mm256_shuffle_epi8(t->prev_low, _mm256_and_si256(prev1, nibble));
    __m256i c = _mm256_shuffle_epi8(
        t->cur_high, _mm256_and_si256(_mm256_srli_epi16(in, 4), nibble));
    __m256i special = _mm256_and_si256(_mm256_and_si256(a, b), c);
    __m256i must23 = _mm256_and_si256(
        _mm256_or_si256(_mm256_subs_epu8(prev2, _mm256_set1_epi8(KL_THIRD_SUB)),
                        _mm256_subs_epu8(prev3, _mm256_set1_epi8(KL_FOURTH_SUB))),
        _mm256_set1_epi8((char)0x80));

    return _mm256_xor_si256(must23, special);
}

static inline __m256i check_at(const uint8_t *q, const struct tables *t)
{
    return check_vec(load(q), load(q - 1), load(q - 2), load(q - 3), t);
}

/* check_at for the vector in whose 32 bytes before are the register
 * before (zero: in starts the input, a character boundary), for the
 * first block of an input with nothing readable before it. */
static inline __m256i check_after(__m256i in, __m256i before, const struct tables *t)
{
    /* the 16 bytes before each lane: before's high lane, then in's low one */
    __m256i lanes = _mm256_permute2x128_si256(before, in, 0x21);

    return check_vec(in, _mm256_alignr_epi8(in, lanes, 15), _mm256_alignr_epi8(in, lanes, 14),
                     _mm256_alignr_epi8(in, lanes, 13), t);
}

/* Policy checking in the same loop (policy_hits.h). */
typedef __m256i u8g_pv;

static inline __m256i pv_table(const uint8_t t[16])
{
    return broadcast16(t);
}

static inline __m256i pv_lookup(__m256i table, __m256i nibbles)
{
    return _mm256_shuffle_epi8(table, nibbles);
}

static inline __m256i pv_lo(__m256i v)
{
    return _mm256_and_si256(v, _mm256_set1_epi8(0x0F));
}

static inline __m256i pv_hi(__m256i v)
{
    return _mm256_and_si256(_mm256_srli_epi16(v, 4), _mm256_set1_epi8(0x0F));
}

static inline __m256i pv_and(__m256i a, __m256i b)
{
    return _mm256_and_si256(a, b);
}

static inline __m256i pv_or(__m256i a, __m256i b)
{
    return _mm256_or_si256(a, b);
}

#include "policy_hits.h"

/* The policy hits of the 32 bytes at q (q[-2..-1] readable). */
static inline __m256i hits_at(const uint8_t *q, const struct pol_tabs *pt)
{
    return pol_hits(load(q), load(q - 1), load(q - 2), pt);
}

/* Whether a window that ends in the 64 bytes at q hits (q[-2..-1]
 * readable): the full test, out of line so that the loop keeps its
 * registers for the validator and the first test (inlined, the tables of
 * both spilled to the stack on every block). */
static __attribute__((noinline)) bool hits_block(const uint8_t *q, const struct pol_tabs *pt)
{
    __m256i h = _mm256_or_si256(hits_at(q, pt), hits_at(q + 32, pt));

    return !_mm256_testz_si256(h, h);
}

/* The second test (pol_pairs) of the 32 bytes at q (q[-1] readable). */
static inline __m256i pairs_at(const uint8_t *q, const struct pol_tabs *pt)
{
    __m256i cur = load(q);
    __m256i mask = _mm256_cmpgt_epi8(cur, _mm256_set1_epi8(-1)); /* ASCII */

    if (pt->n_rare) /* | cur in {EE, F3, F4} */
        mask = _mm256_or_si256(
            mask, _mm256_or_si256(_mm256_cmpeq_epi8(cur, _mm256_set1_epi8((char)0xEE)),
                                  _mm256_cmpeq_epi8(_mm256_min_epu8(_mm256_max_epu8(cur, _mm256_set1_epi8((char)0xF3)),
                                                                    _mm256_set1_epi8((char)0xF4)),
                                                    cur)));
    return pol_pairs(cur, load(q - 1), pol_starts(cur, pt), mask, pt);
}

/* Whether the second test fires in the 64 bytes at q (q[-1] readable).
 * Inline (a call costs as much as the test), its tables read from
 * memory where it runs: the empty asm hides where pt and q point, so
 * that the compiler can neither hoist the loads out of the loop nor reuse
 * the loop's values, which would keep them in registers the validator
 * needs (spilled to the stack on every block). */
static inline bool pairs_block(const uint8_t *q, const struct pol_tabs *pt)
{
    __m256i h;

    __asm__("" : "+r"(pt), "+r"(q));
    h = _mm256_or_si256(pairs_at(q, pt), pairs_at(q + 32, pt));
    return !_mm256_testz_si256(h, h);
}

/* The control test's u (struct pol_tabs, policy_hits.h) of v: c_add looked up by the byte itself,
 * which is by its low nibble for bytes < 0x80 and 0 for the others. */
static inline __m256i ctl_u(__m256i v, const struct pol_tabs *pt)
{
    return _mm256_add_epi8(v, _mm256_shuffle_epi8(pt->c_add, v));
}

/* The exact test of the 1-byte classes but del on the 64 bytes a, b:
 * nonzero when one of them is denied. A hit is u < c_thr, so the least
 * u of each position of a and b is enough: three operations per vector
 * (the lead-byte test took six). */
static inline __m256i ctl_hits(__m256i a, __m256i b, const struct pol_tabs *pt)
{
    return _mm256_subs_epu8(pt->c_thr, _mm256_min_epu8(ctl_u(a, pt), ctl_u(b, pt)));
}

/* The C1 controls (C2 80..9F) that end in the 32 bytes cur at q (q[-1]
 * readable): nonzero there, exactly (80..9F are the signed bytes below
 * A0). */
static inline __m256i c1_at(const uint8_t *q, __m256i cur)
{
    return _mm256_and_si256(_mm256_cmpeq_epi8(load(q - 1), _mm256_set1_epi8((char)0xC2)),
                            _mm256_cmpgt_epi8(_mm256_set1_epi8((char)0xA0), cur));
}

/* The bytes of v that are not zero, as a 32-bit mask. */
static inline uint32_t nonzero32(__m256i v)
{
    return ~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_setzero_si256()));
}

/* How blocks() tests a policy (compile-time bits of mode, 0 without
 * one). M_TWO: the second test (pairs_block) where the first fires
 * (struct u8g_polset's pairs). M_EXACT: c1 is denied, and besides it only
 * nul and c0: every block is tested exactly and without a branch
 * (ctl_hits, c1_at). Without M_EXACT, multi-byte blocks take the
 * lead-byte first test (pol_starts, exact on ASCII bytes), then the full
 * test (hits_block) where it fires. M_CTL: a 1-byte class is denied
 * (pt->ascii): ASCII blocks take ctl_hits (and the test of 0x7F where
 * pt->del). */
#define M_TWO 1u
#define M_EXACT 2u
#define M_CTL 4u

/* The longest valid prefix of p[0..len), by blocks (see blocks.h). p is
 * a character boundary after at least 3 readable bytes (the checked
 * head, see u8g_head_then_blocks), which check_at reads as the bytes before
 * the first block; or, with bare, p is the start of the input (nothing
 * before it is read) and len > 3 + STEP: the first block's bytes before
 * are zeros in a register. With pt != NULL (clean_blocks) the policy's
 * hits are tested in the same loop (as mode says), a block fails on a
 * hit too, and a failure returns a character boundary before the block
 * (policy.c goes on). pt == NULL comes only with bare (avx2_blocks) and
 * mode 0, pt != NULL only without (avx2_clean_blocks). */
static inline __attribute__((always_inline)) size_t
blocks(const uint8_t *p, size_t len, const struct pol_tabs *pt, bool bare, unsigned mode)
{
    const bool two = (mode & M_TWO) != 0, exact = (mode & M_EXACT) != 0;
    struct tables t;
    __m256i prev = _mm256_setzero_si256(), a, b, err, starts, more;
    uint8_t tail[3 + STEP];
    size_t i = 0;
    uint64_t m;
    bool carry = false; /* a character from the block before ends in this one */
    bool pcarry = false; /* with carry: the second test fired in the block before */
    bool fired;

    load_tables(&t);
    if (bare) { /* the first block, its bytes before from registers */
        a = load(p);
        b = load(p + 32);
        if (_mm256_movemask_epi8(_mm256_or_si256(a, b)) != 0) {
            err = _mm256_or_si256(check_after(a, prev, &t), check_after(b, a, &t));
            if (!_mm256_testz_si256(err, err))
                return u8g_block_failed(p, len, 0);
        }
        prev = b;
        i = STEP;
    }
    for (; i + STEP <= len; i += STEP) { /* i + STEP cannot wrap: i <= len */
        a = load(p + i);
        b = load(p + i + 32);
        if (_mm256_movemask_epi8(_mm256_or_si256(a, b)) == 0) {
            err = _mm256_subs_epu8(prev, t.incomplete_max);
            /* The 1-byte classes, exactly, on every block, without a
             * branch (ctl_hits; 0x7F, the greatest ASCII byte, by the
             * greatest byte of each position). A pre-test for bytes
             * below 0x20 fired on most blocks of text, whose lines end
             * in LF (Latin-Lipsum, deny=c0,c1: 0.31 -> 0.55 of
             * validation with the lead-byte test on every block, fourth
             * pass; 0.55 -> 0.73 with ctl_hits, fifth pass). */
            if (mode & M_CTL) {
                err = _mm256_or_si256(err, ctl_hits(a, b, pt));
                if (!exact && pt->del)
                    err = _mm256_or_si256(err, _mm256_subs_epu8(_mm256_max_epu8(a, b),
                                                                _mm256_set1_epi8(0x7E)));
            }
            carry = false;
        } else {
            err = _mm256_or_si256(check_at(p + i, &t), check_at(p + i + 32, &t));
            if (exact) {
                /* The 1-byte classes and C1, exactly, without a branch:
                 * LF is in most blocks of text and C2 (U+00A0, U+00B7,
                 * guillemets) in many of some languages, and the
                 * lead-byte test sent those blocks to the full test
                 * (deny=c0,c1: Korean-Lipsum 0.39 -> 0.68, russian 0.65 ->
                 * 0.84; where nothing fired, 0.75 -> 0.68-0.70). */
                err = _mm256_or_si256(err, _mm256_or_si256(ctl_hits(a, b, pt),
                                                           _mm256_or_si256(c1_at(p + i, a),
                                                                           c1_at(p + i + 32, b))));
            } else if (pt != NULL) {
                /* The full test only where the first one says so; with
                 * two, the second test (pairs_block) in between: the full
                 * test only where the second one fires or fired in the
                 * block before, whose character ends in this one (the
                 * pair of a character can end a block before its
                 * window). */
                starts = _mm256_or_si256(pol_starts(a, pt), pol_starts(b, pt));
                /* | and not ||: carry is as random as the text, the first
                 * test (where it fires at all) is not (testz ^ 1: the
                 * first test fired). */
                if (carry | (_mm256_testz_si256(starts, starts) ^ 1)) {
                    fired = !two || pairs_block(p + i, pt);
                    if ((fired | (carry & pcarry)) && hits_block(p + i, pt))
                        return u8g_restart_point(p, i);
                    /* u8g_polset_carry(p, i + STEP) without a branch, in
                     * both loops (two or not): b holds p[i + 32 .. i +
                     * 64), and t.incomplete_max is FF but in its last
                     * three bytes, EF, DF, BF (KL_INCOMPLETE_MAX in its
                     * high lane, FF in its low one); a saturated b[k] -
                     * FF is 0, so the result is nonzero exactly when
                     * p[i + 61] > EF, p[i + 62] > DF or p[i + 63] > BF,
                     * which is u8g_polset_carry's >= F0, >= E0, >= C0. */
                    more = _mm256_subs_epu8(b, t.incomplete_max);
                    carry = !_mm256_testz_si256(more, more);
                    pcarry = fired & carry;
                } else {
                    carry = false;
                }
            }
        }
        if (!_mm256_testz_si256(err, err))
            return pt != NULL ? u8g_restart_point(p, i) : u8g_block_failed(p, len, i);
        prev = b;
    }
    if (pt == NULL) { /* only with bare: i >= STEP, the first block peeled */
        /* The bare end (blocks.h); when i == len the last 32 bytes are
         * prev. */
        a = prev;
        if (i != len) {
            a = load(p + len - STEP + 32);
            err = _mm256_or_si256(check_at(p + len - STEP, &t), check_at(p + len - STEP + 32, &t));
            if (!_mm256_testz_si256(err, err))
                return u8g_block_failed(p, len, i);
        }
        err = _mm256_subs_epu8(a, t.incomplete_max);
        return _mm256_testz_si256(err, err) ? len : u8g_cut_start(p, len);
    }
    /* With a policy: the last len - i < 64 bytes, after the 3 bytes
     * before them and zero-padded: at least one zero byte follows them, so
     * a character cut off by the end fails too. */
    memset(tail, 0, sizeof tail);
    memcpy(tail, p + i - 3, 3 + len - i);
    err = _mm256_or_si256(check_at(tail + 3, &t), check_at(tail + 3 + 32, &t));
    if (!_mm256_testz_si256(err, err))
        return u8g_restart_point(p, i);
    /* The zeros past the end are no characters: their hits do not count. */
    m = nonzero32(hits_at(tail + 3, pt)) | (uint64_t)nonzero32(hits_at(tail + 3 + 32, pt)) << 32;
    if ((m & (((uint64_t)1 << (len - i)) - 1)) != 0) /* len - i < 64 */
        return u8g_restart_point(p, i);
    return len;
}

/* The blocks of an input longer than U8G_SHORT_X86_MAX, from its start:
 * no scalar head, no copy of its end (a stream's chunk or a sanitizer's
 * window pays for those at each call). An error in the first block is
 * found by u8g_block_failed from offset 0, as the head found it. */
static size_t avx2_blocks(const uint8_t *p, size_t len)
{
    return blocks(p, len, NULL, true, 0);
}

/* Validation and policy checking in one pass (struct u8g_kernels). */
static size_t avx2_clean_blocks(const uint8_t *p, size_t len, const struct u8g_polset *set)
{
    struct pol_tabs pt;

    pol_load(&pt, set);
    /* The pair test pays where the classes denied have leads common in
     * text (D8, E2, F0: struct u8g_polset's pairs); with c1 alone (C2) it
     * costs what the full test does. */
    if (set->pairs)
        return set->ascii ? blocks(p, len, &pt, false, M_TWO | M_CTL)
                          : blocks(p, len, &pt, false, M_TWO);
    /* c1, with nul and c0 or not (c0,c1, say): the exact tests, which
     * cost more than the lead-byte test where it never fires but less
     * than the full test where it does (u8g_polset_c1_exact). */
    if (u8g_polset_c1_exact(set))
        return blocks(p, len, &pt, false, M_EXACT | M_CTL);
    return set->ascii ? blocks(p, len, &pt, false, M_CTL) : blocks(p, len, &pt, false, 0);
}


/* The short path of validation (U8G_ENTRIES_SHORT: the validate and
 * first_error entries), on AVX2 registers: whether p[0..len), 1 <= len
 * <= U8G_SHORT_MAX, is valid. Only a yes is final: a no (an error, or a
 * mixed string of under 35 bytes that the vector tests below do not
 * take) goes to the entry's out-of-line path, which finds the valid
 * prefix with short_x86_prefix. Nothing outside p[0..len) is read.
 *
 * ASCII, 32 bytes or more: the OR of 32-byte loads that cover the string
 * from both ends, [0, 32k) and [len - 32k, len) for the smallest k of 1,
 * 2, 4 with 32k >= len / 2: 2, 4 or 8 loads, no loop. 16..31 bytes: two
 * 16-byte loads; under 16: short_ascii15's words.
 * Other text, 35 bytes or more: the Keiser-Lemire check (check_vec) of
 * the vector at 0 with zeros before it (the start of the input is a
 * boundary), of the vectors at 32, 64, ... below len - 32 and of the
 * last one, p[len - 32..len), with their 3 bytes before loaded from
 * memory (q - 3 >= 0), then the end-of-input test (KL_INCOMPLETE_MAX) of
 * the last one. A byte checked twice gets the same answer twice. 19..31
 * bytes: the same with two 16-byte vectors (check16). */
static inline __attribute__((always_inline)) bool short_ascii32(const uint8_t *p, size_t len)
{
    __m256i acc = _mm256_or_si256(load(p), load(p + len - 32));

    if (len > 64) {
        acc = _mm256_or_si256(acc, _mm256_or_si256(load(p + 32), load(p + len - 64)));
        if (len > 128)
            acc = _mm256_or_si256(
                acc, _mm256_or_si256(_mm256_or_si256(load(p + 64), load(p + 96)),
                                     _mm256_or_si256(load(p + len - 128), load(p + len - 96))));
    }
    return _mm256_movemask_epi8(acc) == 0;
}

/* 32 bytes, not all ASCII: one vector, zeros before it. */
static inline __attribute__((always_inline)) bool short_mixed32_at0(const uint8_t *p)
{
    struct tables t;
    __m256i v = load(p), err;

    load_tables(&t);
    err = _mm256_or_si256(check_after(v, _mm256_setzero_si256(), &t),
                          _mm256_subs_epu8(v, t.incomplete_max));
    return _mm256_testz_si256(err, err) != 0;
}

/* 35 <= len <= U8G_SHORT_MAX, not all ASCII. */
static inline __attribute__((always_inline)) bool short_mixed32(const uint8_t *p, size_t len)
{
    struct tables t;
    __m256i err, last;
    size_t q;

    load_tables(&t);
    err = check_after(load(p), _mm256_setzero_si256(), &t);
    for (q = 32; q < len - 32; q += 32)
        err = _mm256_or_si256(err, check_at(p + q, &t));
    last = load(p + len - 32);
    err = _mm256_or_si256(err, check_vec(last, load(p + len - 33), load(p + len - 34),
                                         load(p + len - 35), &t));
    err = _mm256_or_si256(err, _mm256_subs_epu8(last, t.incomplete_max));
    return _mm256_testz_si256(err, err) != 0;
}

/* 16 <= len < 32, not all ASCII: first = p[0..16), last = p[len - 16..
 * len). The bytes before last from memory where they exist; at q = 1
 * or 2, the missing ones are zeros shifted in (nothing is before the
 * input), so each byte is checked with exactly the bytes before it. */
static inline __attribute__((always_inline)) bool short_mixed16(const uint8_t *p, size_t len,
                                                                __m128i first, __m128i last)
{
    size_t q = len - 16;
    __m128i hi = short_load16(KL_PREV_HIGH), lo = short_load16(KL_PREV_LOW),
            cur = short_load16(KL_CUR_HIGH), err, prev1, prev2, prev3;

    err = check16(first, _mm_slli_si128(first, 1), _mm_slli_si128(first, 2),
                  _mm_slli_si128(first, 3), hi, lo, cur);
    if (q != 0) {
        prev1 = short_load16(p + q - 1);
        prev2 = q >= 2 ? short_load16(p + q - 2) : _mm_slli_si128(prev1, 1);
        prev3 = q >= 3 ? short_load16(p + q - 3) : _mm_slli_si128(prev2, 1);
        err = _mm_or_si128(err, check16(last, prev1, prev2, prev3, hi, lo, cur));
    }
    err = _mm_or_si128(err, _mm_subs_epu8(last, short_load16(KL_INCOMPLETE_MAX)));
    return _mm_testz_si128(err, err) != 0;
}

/* Under 16 bytes, not all ASCII: one character at a time. */
static inline __attribute__((always_inline)) bool short_chars(const uint8_t *p, size_t len)
{
    size_t i = 0, n;
    uint32_t cp;

    while (i < len && (n = u8g_char_check(p + i, len - i, &cp)) != 0)
        i += n;
    return i == len;
}

static inline __attribute__((always_inline)) bool avx2_short_valid(const uint8_t *p, size_t len)
{
    __m128i a, b;

    if (len >= 32) {
        if (short_ascii32(p, len))
            return true;
        if (len >= 35)
            return short_mixed32(p, len);
        return len == 32 && short_mixed32_at0(p); /* 33, 34: the entry's other path */
    }
    if (len >= 16) {
        a = short_load16(p);
        b = short_load16(p + len - 16);
        return _mm_movemask_epi8(_mm_or_si128(a, b)) == 0 || short_mixed16(p, len, a, b);
    }
    return short_ascii15(p, len) || short_chars(p, len);
}

/* Short inputs take the short path of validation (avx2_short_valid: a
 * valid one is done there) and, when it says no, short_x86.h's, which
 * finds where the valid prefix ends; the others the blocks from the
 * start: no scalar head, no padded copy. */
static size_t avx2_valid_prefix(const uint8_t *p, size_t len)
{
    if (len == 0)
        return 0;
    if (len <= U8G_SHORT_X86_MAX)
        return avx2_short_valid(p, len) ? len : short_x86_prefix(p, len);
    return avx2_blocks(p, len);
}

/* The same without the short path's first test, for the entries' other
 * path (U8G_ENTRIES_SHORT), where that test has just said no. */
static size_t avx2_prefix_after_short(const uint8_t *p, size_t len)
{
    if (len == 0)
        return 0;
    if (len <= U8G_SHORT_X86_MAX)
        return short_x86_prefix(p, len);
    return avx2_blocks(p, len);
}

/* copy_nt (struct u8g_kernels): the valid prefix of p[0..len) copied to
 * dst with non-temporal stores, for outputs larger than the cache. The
 * input is validated 16 KiB at a time (a window that stays in the L1
 * cache), each window ending at a character boundary (a valid window is
 * then whole), and the validated bytes are copied from the cache: plain
 * stores up to the first 64-byte line of dst and after the last one,
 * whole lines in between with two 32-byte streaming stores each, so no
 * line of the output is read before it is written nor kept in the cache.
 * A store fence orders the stores before the caller goes on. Nothing is
 * stored past the valid prefix. */
#define NT_SUB ((size_t)16 * 1024)

static inline void nt_copy(uint8_t *dst, const uint8_t *src, size_t n)
{
    size_t i = (size_t)(-(uintptr_t)dst & 63);

    if (n < i + 64) {
        memcpy(dst, src, n);
        return;
    }
    memcpy(dst, src, i);
    do { /* at least one whole line: n >= i + 64 */
        _mm256_stream_si256((__m256i *)(void *)(dst + i), load(src + i));
        _mm256_stream_si256((__m256i *)(void *)(dst + i + 32), load(src + i + 32));
        i += 64;
    } while (n - i >= 64);
    memcpy(dst + i, src + i, n - i);
}

static size_t avx2_copy_nt(const uint8_t *p, size_t len, uint8_t *dst)
{
    size_t done = 0, w, n, k;

    while (done < len) {
        w = len - done <= NT_SUB ? len - done : NT_SUB;
        /* back to a lead byte (at most 3 steps in valid text) */
        for (k = 0; k < 3 && done + w < len && (p[done + w] & 0xC0) == 0x80; k++)
            w--;
        n = avx2_valid_prefix(p + done, w);
        nt_copy(dst + done, p + done, n);
        done += n;
        if (n < w) /* an error, or a character the end cuts off */
            break;
    }
    _mm_sfence();
    return done;
}

/* Decoding: in validated windows (decode_driver.h), 8-byte steps
 * (decode_steps.h: which bytes a step takes, why the full-width stores
 * are safe). A step: the left-pack table (decode_tables.h) gives the
 * positions of its leads; for character j, the 4 bytes from its lead are
 * gathered into 32-bit lane j (one shuffle of the 16 bytes, broadcast to
 * both 128-bit halves); the lead's marker bits and the continuations' 10
 * are masked off by the lead's high nibble; two multiply-adds assemble
 * b0 << 18 | b1 << 12 | b2 << 6 | b3; a shift by 6 * (4 - length) drops
 * the bytes after the character (see also avx512.c, "Decoding"). */

struct dec_consts {
    __m256i spread;     /* byte 4j + k = j: lane j takes lead position j */
    __m256i offsets;    /* byte 4j + k = k: ... and the 3 bytes after it */
    __m256i lane_low;   /* 0xFF in the low byte of every 32-bit lane */
    __m256i lead_keep;  /* U8G_LEAD_KEEP, in both halves */
    __m256i lead_shift; /* U8G_LEAD_SHIFT, in both halves */
    /* the 16-byte step (bmp16) */
    __m256i w3080, w0080, widx_mul, widx_add, b_ef, b_m65;
    /* decode8's byte masks */
    __m256i b_0f, b_3f;
    /* the 16-byte step with 4-byte characters (put16_supp) */
    __m256i b_m17, w00ef, wd7c0, w03ff, wdc00;
};

static inline void dec_consts_load(struct dec_consts *c)
{
    c->spread = _mm256_setr_epi8(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7);
    c->offsets = _mm256_set1_epi32(0x03020100);
    c->lane_low = _mm256_set1_epi32(0xFF);
    c->lead_keep = broadcast16(U8G_LEAD_KEEP);
    c->lead_shift = broadcast16(U8G_LEAD_SHIFT);
    c->w3080 = _mm256_set1_epi16(0x3080);
    c->w0080 = _mm256_set1_epi16(0x80);
    c->widx_mul = _mm256_set1_epi16(0x0202);
    c->widx_add = _mm256_set1_epi16(0x0100);
    c->b_ef = _mm256_set1_epi8((char)0xEF);
    c->b_m65 = _mm256_set1_epi8(-65);
    c->b_0f = _mm256_set1_epi8(0x0F);
    c->b_3f = _mm256_set1_epi8(0x3F);
    c->b_m17 = _mm256_set1_epi8(-17);
    c->w00ef = _mm256_set1_epi16(0xEF);
    c->wd7c0 = _mm256_set1_epi16((short)0xD7C0);
    c->w03ff = _mm256_set1_epi16(0x3FF);
    c->wdc00 = _mm256_set1_epi16((short)0xDC00);
    /* Opaque to the compiler: otherwise gcc rebuilds each constant from
     * an immediate (mov, vmovd, vpbroadcast) inside the step loop instead
     * of keeping it in a register or using it from memory. */
    __asm__("" : "+x"(c->w3080), "+x"(c->w0080), "+x"(c->widx_mul), "+x"(c->widx_add),
            "+x"(c->b_ef), "+x"(c->b_m65), "+x"(c->b_0f), "+x"(c->b_3f));
    __asm__("" : "+x"(c->lane_low), "+x"(c->b_m17), "+x"(c->w00ef), "+x"(c->wd7c0),
            "+x"(c->w03ff), "+x"(c->wdc00));
}

/* The code points of the characters whose leads are at the positions
 * packed in pos (U8G_LEFT_PACK) of the 16 bytes src, in lanes 0..7 (lanes
 * past the number of leads decode the bytes at position 0: junk). */
static inline __m256i decode8(__m128i src, uint64_t pos, const struct dec_consts *c)
{
    /* Both halves hold pos: in-lane shuffles index 16 bytes. */
    __m256i idx = _mm256_add_epi8(
        _mm256_shuffle_epi8(_mm256_set1_epi64x((long long)pos), c->spread), c->offsets);
    __m256i b = _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(src), idx);
    __m256i nib = _mm256_and_si256(_mm256_srli_epi16(b, 4), c->b_0f);
    /* The lead (low byte of a lane) keeps its payload; the other 3 bytes
     * keep 6 bits, so that a byte after the character, whatever it is,
     * stays below the bits the final shift keeps. */
    __m256i keep = _mm256_blendv_epi8(c->b_3f,
                                      _mm256_shuffle_epi8(c->lead_keep, nib), c->lane_low);
    __m256i shift = _mm256_and_si256(_mm256_shuffle_epi8(c->lead_shift, nib), c->lane_low);
    /* bytes (b0, b1) -> b0 * 64 + b1 and (b2, b3) -> b2 * 64 + b3 ... */
    __m256i v = _mm256_maddubs_epi16(_mm256_and_si256(b, keep), _mm256_set1_epi16(0x0140));
    /* ... then (b0 * 64 + b1) * 4096 + b2 * 64 + b3 (below 2^25) */
    v = _mm256_madd_epi16(v, _mm256_set1_epi32(0x00011000));
    return _mm256_srlv_epi32(v, shift);
}

/* leads16 (x86_steps.h) with the constant from c: gcc turned leads16's
 * into a compare with -64, built from an immediate in each step (3
 * instructions), and a pminsb and pcmpeqb. */
static inline uint32_t dec_leads16(__m128i v, const struct dec_consts *c)
{
    return (uint32_t)_mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm256_castsi256_si128(c->b_m65)));
}

/* ASCII comes in runs: widens the 16 ASCII bytes v at p (left >= 16
 * bytes readable), then 32 bytes at a time while they are ASCII; returns
 * the bytes widened, as many units written to out. */
static inline size_t ascii_utf32(const uint8_t *p, size_t left, uint32_t *out, __m128i v)
{
    size_t k = 16;
    __m256i w;

    _mm256_storeu_si256((__m256i *)(void *)out, _mm256_cvtepu8_epi32(v));
    _mm256_storeu_si256((__m256i *)(void *)(out + 8), _mm256_cvtepu8_epi32(_mm_srli_si128(v, 8)));
    while (left - k >= 32) {
        w = load(p + k);
        if (_mm256_movemask_epi8(w) != 0)
            break;
        v = _mm256_castsi256_si128(w);
        _mm256_storeu_si256((__m256i *)(void *)(out + k), _mm256_cvtepu8_epi32(v));
        _mm256_storeu_si256((__m256i *)(void *)(out + k + 8),
                            _mm256_cvtepu8_epi32(_mm_srli_si128(v, 8)));
        v = _mm256_extracti128_si256(w, 1);
        _mm256_storeu_si256((__m256i *)(void *)(out + k + 16), _mm256_cvtepu8_epi32(v));
        _mm256_storeu_si256((__m256i *)(void *)(out + k + 24),
                            _mm256_cvtepu8_epi32(_mm_srli_si128(v, 8)));
        k += 32;
    }
    return k;
}

/* ascii_utf32 with UTF-16 output. */
static inline size_t ascii_utf16(const uint8_t *p, size_t left, uint16_t *out, __m128i v)
{
    size_t k = 16;
    __m256i w;

    _mm256_storeu_si256((__m256i *)(void *)out, _mm256_cvtepu8_epi16(v));
    while (left - k >= 32) {
        w = load(p + k);
        if (_mm256_movemask_epi8(w) != 0)
            break;
        _mm256_storeu_si256((__m256i *)(void *)(out + k),
                            _mm256_cvtepu8_epi16(_mm256_castsi256_si128(w)));
        _mm256_storeu_si256((__m256i *)(void *)(out + k + 16),
                            _mm256_cvtepu8_epi16(_mm256_extracti128_si256(w, 1)));
        k += 32;
    }
    return k;
}

/* Two steps per call (16 bytes, v): the second's leads are bits 8..15. */
static inline size_t step_utf32(const uint8_t *p, __m128i v, uint32_t *out, size_t *o,
                                const struct dec_consts *c)
{
    uint32_t lead = dec_leads16(v, c);
    size_t k = *o;

    _mm256_storeu_si256((__m256i *)(void *)(out + k), decode8(v, U8G_LEFT_PACK[lead & 0xFF], c));
    k += U8G_POPCOUNT8[lead & 0xFF];
    _mm256_storeu_si256((__m256i *)(void *)(out + k),
                        decode8(load16(p + 8), U8G_LEFT_PACK[lead >> 8], c));
    *o = k + U8G_POPCOUNT8[lead >> 8];
    return 16;
}

/* The 16-byte step (decode_steps.h, U8G_DEC_STEP16): the characters
 * whose leads lie in the 16 bytes v at p, none of them a 4-byte lead, so
 * every code point fits 16 bits. Each of the 16 positions is decoded as
 * if it were a lead, in 16-bit lane k (ASCII, 2-byte and 3-byte forms
 * computed side by side and one picked by the byte), then the leads'
 * lanes are packed to the front of each 8-lane half by the left-pack
 * table: a word shuffle made from its byte positions. No new table, no
 * wait on where the previous character ended. */
#define U8G_DEC_STEP16

/* No byte of v is >= F0 (a 4-byte lead; continuations are 80..BF):
 * subtracting EF with unsigned saturation leaves all zero. */
static inline bool step16_is_bmp(__m128i v, const struct dec_consts *c)
{
    __m128i s = _mm_subs_epu8(v, _mm256_castsi256_si128(c->b_ef));
    return _mm_testz_si128(s, s) != 0;
}

/* Each of the 16 bytes v at p (p[16], p[17] readable) decoded as if it
 * were a lead of at most 3 bytes: in 16-bit lane k, the code point of the
 * ASCII, 2-byte or 3-byte form starting at byte k, picked by byte k;
 * *c3 gets every lane's 3-byte form (put16_supp builds surrogates from
 * it). The arithmetic is mod 2^16 and right for valid text only (a
 * lead's own form; other lanes are never kept). */
static inline __m256i bmp16(const uint8_t *p, __m128i v, __m256i *c3,
                            const struct dec_consts *c)
{
    __m256i x0 = _mm256_cvtepu8_epi16(v);
    __m256i x1 = _mm256_cvtepu8_epi16(load16(p + 1));
    __m256i x2 = _mm256_cvtepu8_epi16(load16(p + 2));
    /* 2-byte form: 110aaaaa 10bbbbbb -> (b0 << 6) + b1 - (C0 << 6 | 80) */
    __m256i c2 = _mm256_sub_epi16(_mm256_add_epi16(_mm256_slli_epi16(x0, 6), x1), c->w3080);
    /* 3-byte form: c2 << 6 + b2 - 80: the shift drops b0's bit 4 (set in
     * E0..EF, left over in c2) off the top, the - 80 strips b2's marker */
    __m256i f3 = _mm256_sub_epi16(_mm256_add_epi16(_mm256_slli_epi16(c2, 6), x2), c->w0080);
    /* Byte masks for blendv: a byte's bit 5 moved to its top (shift of
     * the words by 2 moves no bit into a byte's top from the byte below),
     * then sign-extended to both bytes of the word: among leads >= C0,
     * set for a 3-byte one. */
    __m256i three = _mm256_cvtepi8_epi16(_mm_slli_epi16(v, 2));
    /* the byte sign-extended: both bytes' tops set unless ASCII */
    __m256i multi = _mm256_cvtepi8_epi16(v);

    *c3 = f3;
    return _mm256_blendv_epi8(x0, _mm256_blendv_epi8(c2, f3, three), multi);
}

/* Stores the lanes of w that keep marks (bit k: lane k), packed to the
 * front of each 8-lane half: the first half's from out, the second's
 * right after them (at most 16 units, see decode_steps.h); returns the
 * lanes stored. The kept positions of each 8 lanes (U8G_LEFT_PACK, one
 * byte each) widened to words q, then word q -> bytes 2q, 2q + 1: the
 * shuffle index that moves word q (q * 0x0202 + 0x0100). */
static inline size_t pack16_store(__m256i w, uint32_t keep, uint16_t *out,
                                  const struct dec_consts *c)
{
    size_t k0 = U8G_POPCOUNT8[keep & 0xFF];
    __m256i pos = _mm256_cvtepu8_epi16(_mm_set_epi64x((long long)U8G_LEFT_PACK[keep >> 8],
                                                      (long long)U8G_LEFT_PACK[keep & 0xFF]));
    __m256i idx = _mm256_add_epi16(_mm256_mullo_epi16(pos, c->widx_mul), c->widx_add);

    w = _mm256_shuffle_epi8(w, idx);
    _mm_storeu_si128((__m128i *)(void *)out, _mm256_castsi256_si128(w));
    _mm_storeu_si128((__m128i *)(void *)(out + k0), _mm256_extracti128_si256(w, 1));
    return k0 + U8G_POPCOUNT8[keep >> 8];
}

/* The 16-byte step to UTF-16, its leads given (bit k: byte k; no lead
 * >= F0): stores from out (at most 16 units, see decode_steps.h) and
 * returns the units, one per lead. */
static inline size_t put16_utf16(const uint8_t *p, __m128i v, uint32_t lead, uint16_t *out,
                                 const struct dec_consts *c)
{
    __m256i c3;

    return pack16_store(bmp16(p, v, &c3, c), lead, out, c);
}

/* Whether the 32 bytes w continue a run of 16-byte steps: none is a
 * 4-byte lead (as step16_is_bmp) and not all are ASCII (that path is
 * faster). */
static inline bool bmp32_continues(__m256i w, const struct dec_consts *c)
{
    __m256i s = _mm256_subs_epu8(w, c->b_ef);
    return _mm256_testz_si256(s, s) && _mm256_movemask_epi8(w) != 0;
}

/* Bit k (k = 0..31): byte k of w is a lead (> -65 as a signed byte). */
static inline uint32_t leads32(__m256i w, const struct dec_consts *c)
{
    return (uint32_t)_mm256_movemask_epi8(_mm256_cmpgt_epi8(w, c->b_m65));
}

/* U8G_DEC_STEP16's run (decode_steps.h): the 16-byte step at p (v, no
 * 4-byte lead), then two steps (32 bytes) at a time while they continue
 * the run and left - k >= U8G_DEC_VECTOR_MIN + 16 (so that each step
 * starts with U8G_DEC_VECTOR_MIN bytes left); stores from out[*o],
 * advancing *o; returns the bytes walked. */
static inline size_t bmp_utf16(const uint8_t *p, size_t left, __m128i v, uint16_t *out,
                               size_t *o, const struct dec_consts *c)
{
    size_t k = 16, u = *o;
    uint32_t lead;
    __m256i w;

    u += put16_utf16(p, v, dec_leads16(v, c), out + u, c);
    while (left - k >= U8G_DEC_VECTOR_MIN + 16) {
        w = load(p + k);
        if (!bmp32_continues(w, c))
            break;
        lead = leads32(w, c);
        u += put16_utf16(p + k, _mm256_castsi256_si128(w), lead & 0xFFFF, out + u, c);
        u += put16_utf16(p + k + 16, _mm256_extracti128_si256(w, 1), lead >> 16, out + u, c);
        k += 32;
    }
    *o = u;
    return k;
}

/* The 16-byte step to UTF-16 for text with 4-byte characters
 * (decode_steps.h, U8G_DEC_STEP16_SUPP): as bmp16, each position decoded
 * as if it were a lead, in 16-bit lanes, and the kept lanes packed to the
 * front of each 8-lane half by the left-pack table; a 4-byte character's
 * two units go to the lanes of its lead (high surrogate) and of its first
 * continuation byte (low surrogate), so that the lanes kept are the leads
 * and the lanes after 4-byte leads, in order. A 4-byte lead in byte 15
 * has no lane for its low surrogate: the step then leaves it to the next
 * (15 bytes walked, decided by one load and compare, not by the
 * decoding). */
#define U8G_DEC_STEP16_SUPP

/* The units of the characters whose leads lie in the first `step` (15
 * or 16: 15 when byte 15 is a 4-byte lead) of the 16 bytes v at p
 * (p[16], p[17] readable), stored from out as put16_utf16 (at most 16
 * units, 8 from out and 8 after the first half's); returns the units.
 * The arithmetic is mod 2^16 (bmp16); for a 4-byte lead b0 b1 b2 b3,
 * c3 = (b0 & 7) << 12 | (b1 & 3F) << 6 | (b2 & 3F), so the code point
 * shifted right by 10 is c3 >> 4 and the high surrogate is D800 + that -
 * 40; at the lane of b1, c3's low 10 bits are (b2 & F) << 6 | (b3 & 3F),
 * the low surrogate's. */
static inline size_t put16_supp(const uint8_t *p, __m128i v, uint16_t *out,
                                const struct dec_consts *c)
{
    uint32_t lead = dec_leads16(v, c);
    uint32_t lead4 = (uint32_t)_mm_movemask_epi8(
        _mm_and_si128(_mm_cmpgt_epi8(v, _mm256_castsi256_si128(c->b_m17)), v));
    /* kept lanes: leads, and the lane after each 4-byte lead; not byte 15
     * when it is a 4-byte lead (nor its low surrogate's lane 16) */
    uint32_t keep = (lead | lead4 << 1) & (0xFFFFu >> (lead4 >> 15));
    __m256i c3;
    __m256i cp = bmp16(p, v, &c3, c);
    /* a 4-byte lead's lane (byte > EF, where bmp16 took the 3-byte
     * form) takes the high surrogate instead */
    __m256i four = _mm256_cmpgt_epi16(_mm256_cvtepu8_epi16(v), c->w00ef);
    __m256i high = _mm256_add_epi16(_mm256_srli_epi16(c3, 4), c->wd7c0);
    __m256i low = _mm256_or_si256(_mm256_and_si256(c3, c->w03ff), c->wdc00);
    /* four moved up one lane (lane 7 into lane 8): the lanes after
     * 4-byte leads */
    __m256i after4 =
        _mm256_alignr_epi8(four, _mm256_permute2x128_si256(four, four, 0x08), 14);

    cp = _mm256_blendv_epi8(cp, high, four);
    return pack16_store(_mm256_blendv_epi8(cp, low, after4), keep, out, c);
}

/* U8G_DEC_STEP16_SUPP's run (decode_steps.h): put16_supp's steps from p
 * (the 16 bytes at p not all ASCII), 15 or 16 bytes each, while the next
 * 16 bytes are not all ASCII and at least U8G_DEC_VECTOR_MIN bytes are
 * left for each; stores from out[u]; returns u advanced by the units,
 * *walked the bytes walked (continuation bytes there belong to a
 * character decoded, as after bmp_utf16's steps). Not inlined, with its own constants: inlined into the decoding
 * loop (or given the caller's), it changed gcc's register allocation of
 * the BMP runs' loop, and text without 4-byte characters decoded 1-3 %
 * slower (bench/README.md, "Sixth pass"); a run costs one call and the
 * constants' set-up. */
static __attribute__((noinline)) size_t supp_run(const uint8_t *p, size_t left, uint16_t *out,
                                                  size_t u, size_t *walked)
{
    struct dec_consts cc;
    const struct dec_consts *c = &cc;
    size_t k = 0;
    __m128i v = load16(p);

    dec_consts_load(&cc);
    for (;;) {
        u += put16_supp(p + k, v, out + u, c);
        k += 16 - (p[k + 15] >= 0xF0);
        if (left - k < U8G_DEC_VECTOR_MIN)
            break;
        v = load16(p + k);
        if (step_is_ascii(v))
            break;
    }
    *walked = k;
    return u;
}

/* The hook itself (v and c: see supp_run). */
static inline size_t supp_utf16(const uint8_t *p, size_t left, __m128i v, uint16_t *out,
                                size_t *o, const struct dec_consts *c)
{
    size_t k;

    (void)v;
    (void)c;
    *o = supp_run(p, left, out, *o, &k);
    return k;
}

#include "decode_steps.h"

/* to_utf32, to_utf16: the windowed decoder with this file's validator and
 * decode steps. */
/* U8G_DRIVER_ASCII (decode_driver.h): the all-ASCII 32-byte blocks at the
 * start of p[0..len), widened (the caller's out has room for len units);
 * returns their bytes. Not inlined: inlined into the window loop it
 * slowed the decoding of multi-byte text (measured on avx512.c's). */
static __attribute__((noinline)) size_t
avx2_ascii_blocks(const uint8_t *p, size_t len, bool utf16, uint32_t *out32, uint16_t *out16)
{
    size_t i = 0;
    __m256i w;
    __m128i v;

    for (; len - i >= 32; i += 32) {
        w = load(p + i);
        if (_mm256_movemask_epi8(w) != 0)
            break;
        if (utf16) {
            _mm256_storeu_si256((__m256i *)(void *)(out16 + i),
                                _mm256_cvtepu8_epi16(_mm256_castsi256_si128(w)));
            _mm256_storeu_si256((__m256i *)(void *)(out16 + i + 16),
                                _mm256_cvtepu8_epi16(_mm256_extracti128_si256(w, 1)));
            continue;
        }
        v = _mm256_castsi256_si128(w);
        _mm256_storeu_si256((__m256i *)(void *)(out32 + i), _mm256_cvtepu8_epi32(v));
        _mm256_storeu_si256((__m256i *)(void *)(out32 + i + 8),
                            _mm256_cvtepu8_epi32(_mm_srli_si128(v, 8)));
        v = _mm256_extracti128_si256(w, 1);
        _mm256_storeu_si256((__m256i *)(void *)(out32 + i + 16), _mm256_cvtepu8_epi32(v));
        _mm256_storeu_si256((__m256i *)(void *)(out32 + i + 24),
                            _mm256_cvtepu8_epi32(_mm_srli_si128(v, 8)));
    }
    return i;
}
#define U8G_DRIVER_VALID avx2_valid_prefix
#define U8G_DRIVER_ASCII avx2_ascii_blocks
#include "decode_driver.h"

/* The n (4, 8 or 16) ASCII bytes in the low bytes of v, widened to
 * out32 (UTF-32) or out16 (UTF-16). */
static inline void widen_low(__m128i v, size_t n, bool utf16, uint32_t *out32, uint16_t *out16)
{
    if (utf16) {
        if (n == 16)
            _mm256_storeu_si256((__m256i *)(void *)out16, _mm256_cvtepu8_epi16(v));
        else if (n == 8)
            _mm_storeu_si128((__m128i *)(void *)out16, _mm_cvtepu8_epi16(v));
        else
            _mm_storel_epi64((__m128i *)(void *)out16, _mm_cvtepu8_epi16(v));
        return;
    }
    if (n == 4) {
        _mm_storeu_si128((__m128i *)(void *)out32, _mm_cvtepu8_epi32(v));
        return;
    }
    _mm256_storeu_si256((__m256i *)(void *)out32, _mm256_cvtepu8_epi32(v));
    if (n == 16)
        _mm256_storeu_si256((__m256i *)(void *)(out32 + 8),
                            _mm256_cvtepu8_epi32(_mm_srli_si128(v, 8)));
}

/* The bytes of p[0..len) (1 <= len <= SHORT_MAX) that are ASCII from the
 * start, widened to out (room for len units), for a string that is all
 * there is: 32-byte blocks, then the rest with loads that end at
 * p + len and overlap what came before (the units they write again are
 * the same), so that nothing outside p[0..len) is read. Returns the
 * bytes widened: len for an ASCII string; otherwise a prefix of its
 * ASCII bytes (0 for a string under 16 bytes that is not all ASCII). */
static inline __attribute__((always_inline)) size_t
short_ascii(const uint8_t *p, size_t len, bool utf16, uint32_t *out32, uint16_t *out16)
{
    size_t i = 0, k;
    uint64_t a, b;
    uint32_t c, d;
    __m256i w;
    __m128i v;

    for (; len - i >= 32; i += 32) {
        w = load(p + i);
        if (_mm256_movemask_epi8(w) != 0)
            return i;
        widen_low(_mm256_castsi256_si128(w), 16, utf16, utf16 ? NULL : out32 + i,
                  utf16 ? out16 + i : NULL);
        widen_low(_mm256_extracti128_si256(w, 1), 16, utf16, utf16 ? NULL : out32 + i + 16,
                  utf16 ? out16 + i + 16 : NULL);
    }
    if (len - i >= 16) {
        v = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
        if (_mm_movemask_epi8(v) != 0)
            return i;
        widen_low(v, 16, utf16, utf16 ? NULL : out32 + i, utf16 ? out16 + i : NULL);
        i += 16;
    }
    if (i == len)
        return len;
    if (len >= 16) { /* the last 16 bytes */
        k = len - 16;
        v = _mm_loadu_si128((const __m128i *)(const void *)(p + k));
        if (_mm_movemask_epi8(v) != 0)
            return i;
        widen_low(v, 16, utf16, utf16 ? NULL : out32 + k, utf16 ? out16 + k : NULL);
        return len;
    }
    if (len >= 8) { /* 8..15 bytes: the first 8 and the last 8 */
        memcpy(&a, p, 8);
        memcpy(&b, p + len - 8, 8);
        if (((a | b) & 0x8080808080808080ull) != 0)
            return 0;
        widen_low(_mm_cvtsi64_si128((long long)a), 8, utf16, out32, out16);
        widen_low(_mm_cvtsi64_si128((long long)b), 8, utf16, utf16 ? NULL : out32 + len - 8,
                  utf16 ? out16 + len - 8 : NULL);
        return len;
    }
    if (len >= 4) { /* 4..7 bytes: the first 4 and the last 4 */
        memcpy(&c, p, 4);
        memcpy(&d, p + len - 4, 4);
        if (((c | d) & 0x80808080u) != 0)
            return 0;
        widen_low(_mm_cvtsi32_si128((int)c), 4, utf16, out32, out16);
        widen_low(_mm_cvtsi32_si128((int)d), 4, utf16, utf16 ? NULL : out32 + len - 4,
                  utf16 ? out16 + len - 4 : NULL);
        return len;
    }
    for (k = 0; k < len; k++) { /* 1..3 bytes */
        if (p[k] >= 0x80)
            return k;
        if (utf16)
            out16[k] = p[k];
        else
            out32[k] = p[k];
    }
    return len;
}

/* The windowed decoders, out of line: the short path below is then a
 * function without a stack frame. */
static U8G_NOINLINE size_t long_utf32(const uint8_t *p, size_t len, uint32_t *out, size_t *n_out)
{
    return driver_to_utf32(p, len, out, n_out);
}

/* The same after an ASCII start of n bytes already widened (0 < n < len). */
static U8G_NOINLINE size_t after_ascii_utf32(const uint8_t *p, size_t len, uint32_t *out,
                                           size_t *n_out, size_t n)
{
    size_t m = driver_to_utf32(p + n, len - n, out + n, n_out);

    *n_out += n;
    return n + m;
}

static U8G_NOINLINE size_t long_utf16(const uint8_t *p, size_t len, uint16_t *out, size_t *n_out)
{
    return driver_to_utf16(p, len, out, n_out);
}

/* The same after an ASCII start of n bytes already widened (0 < n < len). */
static U8G_NOINLINE size_t after_ascii_utf16(const uint8_t *p, size_t len, uint16_t *out,
                                           size_t *n_out, size_t n)
{
    size_t m = driver_to_utf16(p + n, len - n, out + n, n_out);

    *n_out += n;
    return n + m;
}

/* to_utf32, to_utf16: a short string's ASCII start is widened here, with
 * no window and no decoder constants; an ASCII string is then done, and
 * the rest of any other (from a character boundary: ASCII ends one) goes
 * to the windowed decoder. */
static size_t avx2_to_utf32(const uint8_t *p, size_t len, uint32_t *out, size_t *n_out)
{
    size_t n;

    if (len - 1 >= U8G_SHORT_MAX)
        return long_utf32(p, len, out, n_out);
    n = short_ascii(p, len, false, out, NULL);
    if (n == len) {
        *n_out = len;
        return len;
    }
    if (n == 0) /* the decoder as if this had not looked */
        return long_utf32(p, len, out, n_out);
    return after_ascii_utf32(p, len, out, n_out, n);
}

static size_t avx2_to_utf16(const uint8_t *p, size_t len, uint16_t *out, size_t *n_out)
{
    size_t n;

    if (len - 1 >= U8G_SHORT_MAX)
        return long_utf16(p, len, out, n_out);
    n = short_ascii(p, len, true, NULL, out);
    if (n == len) {
        *n_out = len;
        return len;
    }
    if (n == 0) /* the decoder as if this had not looked */
        return long_utf16(p, len, out, n_out);
    return after_ascii_utf16(p, len, out, n_out, n);
}

/* error_scan.h's bit planes of the 64 bytes at p: bit 7 of each byte with
 * movemask, then each byte doubled, which moves bit b - 1 to bit 7. */
static inline void avx2_planes(const uint8_t *p, uint64_t planes[8])
{
    __m256i a = load(p), b = load(p + 32);
    int k;

    for (k = 7; k >= 0; k--) {
        planes[k] = (uint64_t)(uint32_t)_mm256_movemask_epi8(a) |
                    (uint64_t)(uint32_t)_mm256_movemask_epi8(b) << 32;
        a = _mm256_add_epi8(a, a);
        b = _mm256_add_epi8(b, b);
    }
}

/* A block with errors: 4 bytes per step by pshufb (emit_pshufb.h). */
#include "emit_pshufb.h"

#define U8G_SCAN_PLANES avx2_planes
#define U8G_SCAN_EMIT u8g_emit_pshufb
#include "error_scan.h"

U8G_ENTRIES_SHORT(avx2, avx2_prefix_after_short, avx2_short_valid, U8G_SHORT_X86_MAX)

const struct u8g_kernels u8g_avx2_kernels = {
    U8GUARD_IMPL_AVX2, avx2_valid_prefix, avx2_to_utf32, avx2_to_utf16,
    NULL, /* no fused validate-and-copy: sanitize validates, then copies */
    avx2_clean_blocks,
    scan_error_run,
    avx2_validate,
    avx2_first_error,
    avx2_copy_nt, /* validates 16 KiB, then copies it with non-temporal stores */
};

#endif
