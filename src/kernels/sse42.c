/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* sse42.c -- the SSSE3/SSE4.1/SSE4.2 implementation: Keiser-Lemire
 * validation (blocks.h) 16 bytes per vector, 64 bytes per step; decoding
 * in validated windows, ASCII widened 16 bytes at a time and other text 8
 * characters at a time with a left-pack table and byte shuffles
 * (decode_tables.h, "Decoding" in avx2.c and below).
 *
 * This file is compiled with -mssse3 -msse4.1 -msse4.2 (src/CMakeLists.txt)
 * and its functions run only after cpu.c has confirmed those. */
#include "kernels.h"

#ifdef U8G_HAVE_X86_KERNELS
#if !defined(__SSE4_2__) || !defined(__SSSE3__)
#error "sse42.c must be compiled with -mssse3 -msse4.2 (see src/CMakeLists.txt)"
#endif

#include "blocks.h"
#include "check16_x86.h"
#include "decode_tables.h"
#include "utf8_char.h"
#include "short_x86.h"
#include "x86_steps.h"

#include <immintrin.h>
#include <string.h>

#define STEP 64 /* bytes per loop iteration: four vectors */

struct tables {
    __m128i prev_high, prev_low, cur_high; /* nibble lookups */
    __m128i incomplete_max;                /* KL_INCOMPLETE_MAX */
};

static inline __m128i load(const uint8_t *p)
{
    return _mm_loadu_si128((const __m128i *)(const void *)p);
}

static inline void load_tables(struct tables *t)
{
    t->prev_high = load(KL_PREV_HIGH);
    t->prev_low = load(KL_PREV_LOW);
    t->cur_high = load(KL_CUR_HIGH);
    t->incomplete_max = load(KL_INCOMPLETE_MAX);
}

/* The error bits of the 16 bytes at q, whose 3 bytes before are readable:
 * nonzero where a rule of Table 3-7 is broken. The bytes 1, 2 and 3 back
 * are unaligned loads from q - 1, q - 2, q - 3, which on the CPUs
 * measured (Zen 4) cost less than three alignr from the previous vector. */
static inline __m128i check_at(const uint8_t *q, const struct tables *t)
{
    return check16(load(q), load(q - 1), load(q - 2), load(q - 3), t->prev_high, t->prev_low,
                   t->cur_high);
}

/* The error bits of the 64 bytes at q (q[-3..-1] readable). */
static inline __m128i check4(const uint8_t *q, const struct tables *t)
{
    return _mm_or_si128(_mm_or_si128(check_at(q, t), check_at(q + 16, t)),
                        _mm_or_si128(check_at(q + 32, t), check_at(q + 48, t)));
}

/* Policy checking in the same loop (policy_hits.h). */
typedef __m128i u8g_pv;

static inline __m128i pv_table(const uint8_t t[16])
{
    return load(t);
}

static inline __m128i pv_lookup(__m128i table, __m128i nibbles)
{
    return _mm_shuffle_epi8(table, nibbles);
}

static inline __m128i pv_lo(__m128i v)
{
    return _mm_and_si128(v, _mm_set1_epi8(0x0F));
}

static inline __m128i pv_hi(__m128i v)
{
    return _mm_and_si128(_mm_srli_epi16(v, 4), _mm_set1_epi8(0x0F));
}

static inline __m128i pv_and(__m128i a, __m128i b)
{
    return _mm_and_si128(a, b);
}

static inline __m128i pv_or(__m128i a, __m128i b)
{
    return _mm_or_si128(a, b);
}

#include "policy_hits.h"

/* The policy hits of the 16 bytes at q (q[-2..-1] readable). */
static inline __m128i hits_at(const uint8_t *q, const struct pol_tabs *pt)
{
    return pol_hits(load(q), load(q - 1), load(q - 2), pt);
}

/* The hits of the 64 bytes at q, as a 64-bit mask. */
static inline uint64_t hits64(const uint8_t *q, const struct pol_tabs *pt)
{
    const __m128i z = _mm_setzero_si128();
    uint64_t m = 0;
    unsigned k;

    for (k = 0; k < 4; k++)
        m |= (uint64_t)(uint16_t)~_mm_movemask_epi8(_mm_cmpeq_epi8(hits_at(q + (size_t)16 * k, pt), z))
             << (16 * k);
    return m;
}

/* Whether a window that ends in the 64 bytes at q hits (q[-2..-1]
 * readable): the full test, out of line so that the loop keeps its
 * registers for the validator and the first test. */
static __attribute__((noinline)) bool hits_block(const uint8_t *q, const struct pol_tabs *pt)
{
    __m128i h = _mm_or_si128(_mm_or_si128(hits_at(q, pt), hits_at(q + 16, pt)),
                             _mm_or_si128(hits_at(q + 32, pt), hits_at(q + 48, pt)));

    return !_mm_testz_si128(h, h);
}

/* The control test's u (struct pol_tabs, policy_hits.h) of v: c_add looked up by the byte itself,
 * which is by its low nibble for bytes < 0x80 and 0 for the others. */
static inline __m128i ctl_u(__m128i v, const struct pol_tabs *pt)
{
    return _mm_add_epi8(v, _mm_shuffle_epi8(pt->c_add, v));
}

/* The exact test of the 1-byte classes but del on the 64 bytes v[0..4):
 * nonzero when one of them is denied. A hit is u < c_thr, so the least
 * u of each position is enough (avx2.c's ctl_hits). */
static inline __m128i ctl_hits(const __m128i v[4], const struct pol_tabs *pt)
{
    return _mm_subs_epu8(pt->c_thr, _mm_min_epu8(_mm_min_epu8(ctl_u(v[0], pt), ctl_u(v[1], pt)),
                                                 _mm_min_epu8(ctl_u(v[2], pt), ctl_u(v[3], pt))));
}

/* The C1 controls (C2 80..9F) that end in the 16 bytes v at q (q[-1]
 * readable): nonzero where one does, exactly (80..9F are the signed
 * bytes below A0). */
static inline __m128i c1_at(const uint8_t *q, __m128i v)
{
    return _mm_and_si128(_mm_cmpeq_epi8(load(q - 1), _mm_set1_epi8((char)0xC2)),
                         _mm_cmpgt_epi8(_mm_set1_epi8((char)0xA0), v));
}

/* The same in the 64 bytes v[0..4) at q. */
static inline __m128i c1_hits(const uint8_t *q, const __m128i v[4])
{
    return _mm_or_si128(_mm_or_si128(c1_at(q, v[0]), c1_at(q + 16, v[1])),
                        _mm_or_si128(c1_at(q + 32, v[2]), c1_at(q + 48, v[3])));
}

/* The longest valid prefix of p[0..len), by blocks (see blocks.h). p is
 * a character boundary after at least 3 readable bytes (the checked
 * head, see u8g_head_then_blocks), which check_at reads as the bytes before
 * the first block. With pt != NULL (clean_blocks) the policy's hits are
 * tested in the same loop, a block fails on a hit too, and a failure
 * returns a character boundary before the block (policy.c goes on).
 * exact (only with pt): c1 is denied, and besides it only nul and c0;
 * every block is tested exactly (ctl_hits, c1_hits), with no first
 * test. */
static inline __attribute__((always_inline)) size_t
blocks(const uint8_t *p, size_t len, const struct pol_tabs *pt, bool exact)
{
    struct tables t;
    __m128i prev = _mm_setzero_si128(), v[4], err, starts;
    uint8_t tail[3 + STEP];
    size_t i;
    bool carry = false; /* a character from the block before ends in this one */

    load_tables(&t);
    for (i = 0; len - i >= STEP; i += STEP) {
        v[0] = load(p + i);
        v[1] = load(p + i + 16);
        v[2] = load(p + i + 32);
        v[3] = load(p + i + 48);
        if (_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(v[0], v[1]),
                                           _mm_or_si128(v[2], v[3]))) == 0) {
            err = _mm_subs_epu8(prev, t.incomplete_max);
            /* The 1-byte classes, exactly, on every block, without a
             * branch (ctl_hits; 0x7F, the greatest ASCII byte, by the
             * greatest byte of each position). A pre-test (least byte
             * below 0x20, or 0x7F present) fired on most blocks of
             * text, whose lines end in LF, and sent them to the full
             * ASCII test (as on avx2, fourth pass). */
            if (pt != NULL && pt->ascii) {
                err = _mm_or_si128(err, ctl_hits(v, pt));
                if (pt->del)
                    err = _mm_or_si128(
                        err, _mm_subs_epu8(_mm_max_epu8(_mm_max_epu8(v[0], v[1]),
                                                        _mm_max_epu8(v[2], v[3])),
                                           _mm_set1_epi8(0x7E)));
            }
            carry = false;
        } else {
            err = check4(p + i, &t);
            if (exact) {
                /* c1 and the 1-byte classes, exactly, without a branch
                 * (avx2.c's M_EXACT): LF and C2 (U+00A0, U+00B7, the
                 * guillemets) sent many blocks of text to the full test. */
                err = _mm_or_si128(err, _mm_or_si128(ctl_hits(v, pt), c1_hits(p + i, v)));
            } else if (pt != NULL) {
                /* The full test only where the first one says so. */
                starts = _mm_or_si128(_mm_or_si128(pol_starts(v[0], pt), pol_starts(v[1], pt)),
                                      _mm_or_si128(pol_starts(v[2], pt), pol_starts(v[3], pt)));
                if (carry || !_mm_testz_si128(starts, starts)) {
                    if (hits_block(p + i, pt))
                        return u8g_restart_point(p, i);
                    carry = u8g_polset_carry(p, i + STEP);
                } else {
                    carry = false;
                }
            }
        }
        if (!_mm_testz_si128(err, err))
            return pt != NULL ? u8g_restart_point(p, i) : u8g_block_failed(p, len, i);
        prev = v[3];
    }
    if (pt == NULL) {
        /* The bare end (blocks.h): sse42_valid_prefix gives more than
         * SSE42_BARE_MIN bytes, so i >= STEP and the 3 bytes before p +
         * len - STEP are readable. */
        if (i != len) {
            err = check4(p + len - STEP, &t);
            if (!_mm_testz_si128(err, err))
                return u8g_block_failed(p, len, i);
        }
        err = _mm_subs_epu8(load(p + len - 16), t.incomplete_max);
        return _mm_testz_si128(err, err) ? len : u8g_cut_start(p, len);
    }
    /* With a policy (any len): the last len - i < 64 bytes, after the 3
     * bytes before them and zero-padded: at least one zero byte follows
     * them, so a character cut off by the end fails too. */
    memset(tail, 0, sizeof tail);
    memcpy(tail, p + i - 3, 3 + len - i);
    err = check4(tail + 3, &t);
    if (!_mm_testz_si128(err, err))
        return u8g_restart_point(p, i);
    /* The zeros past the end are no characters: their hits do not count. */
    if ((hits64(tail + 3, pt) & (((uint64_t)1 << (len - i)) - 1)) != 0)
        return u8g_restart_point(p, i);
    return len;
}

static size_t sse42_blocks(const uint8_t *p, size_t len)
{
    return blocks(p, len, NULL, false);
}

/* The least len sse42_blocks is called with: sse42_valid_prefix's short
 * path takes up to U8G_SHORT_X86_MAX bytes, and u8g_head checks at most
 * U8G_HEAD_BYTES + 3. blocks' end without a policy needs a whole block. */
#define SSE42_BARE_MIN (U8G_SHORT_X86_MAX + 1 - (U8G_HEAD_BYTES + 3))
_Static_assert(SSE42_BARE_MIN >= STEP, "sse42_blocks must see at least one block");

/* Validation and policy checking in one pass (struct u8g_kernels). */
static size_t sse42_clean_blocks(const uint8_t *p, size_t len, const struct u8g_polset *set)
{
    struct pol_tabs pt;

    pol_load(&pt, set);
    /* c1, with nul and c0 or not (c0,c1, say): the exact tests (as avx2.c) */
    if (u8g_polset_c1_exact(set))
        return blocks(p, len, &pt, true);
    return blocks(p, len, &pt, false);
}

/* Short inputs take short_x86.h's path: no scalar head, no padded copy. */
static size_t sse42_valid_prefix(const uint8_t *p, size_t len)
{
    if (len - 1 < U8G_SHORT_X86_MAX) /* 1..U8G_SHORT_X86_MAX */
        return short_x86_prefix(p, len);
    return u8g_head_then_blocks(p, len, sse42_blocks);
}

/* Decoding: in validated windows (decode_driver.h), 8-byte steps
 * (decode_steps.h), as avx2.c ("Decoding"), with the 8 characters of a
 * step in two vectors of 4 lanes, and without AVX2's per-lane shift
 * (vpsrlvd), which SSE4.2 lacks: a character's bytes are gathered
 * right-aligned in its lane instead, the last byte in the lane's top
 * byte and zeros before the lead, so that the fixed multiply-adds give
 * the code point with nothing to drop. For that each lane needs its
 * character's length before the gather: it comes from the lead's high
 * nibble, looked up once per step for the 8 leads together. The payload
 * bits of every byte are also masked once per step, on the 16 source
 * bytes, by each byte's own high nibble (a lead keeps its payload, a
 * continuation 6 bits). */

/* By the high nibble of a byte: its payload bits (0..7 ASCII, 8..B
 * continuation bytes, C and D 2-byte leads, E 3-byte, F 4-byte). */
static const uint8_t PAYLOAD[16] = {
    0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F,
    0x3F, 0x3F, 0x3F, 0x3F, 0x1F, 0x1F, 0x0F, 0x07,
};

/* By the high nibble of a lead: 4 - its length, the zero bytes before it
 * in its lane. */
static const uint8_t LEAD_GAP[16] = {
    3, 3, 3, 3, 3, 3, 3, 3, 0, 0, 0, 0, 2, 2, 1, 0,
};

struct dec_consts {
    __m128i spread[2]; /* group g, byte 4j + k = 4g + j: character 4g + j */
    __m128i offsets;   /* byte 4j + k = k */
    __m128i payload;   /* PAYLOAD */
    __m128i lead_gap;  /* LEAD_GAP */
};

static inline void dec_consts_load(struct dec_consts *c)
{
    c->spread[0] = _mm_setr_epi8(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3);
    c->spread[1] = _mm_setr_epi8(4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7);
    c->offsets = _mm_set1_epi32(0x03020100);
    c->payload = load(PAYLOAD);
    c->lead_gap = load(LEAD_GAP);
}

/* What the two groups of a step share: the 16 source bytes with only
 * their payload bits, and for the step's characters (bytes 0..7; the
 * bytes past their number are junk) their leads' positions and gaps. */
struct step {
    __m128i bits, pos, gap;
};

static inline void step_prepare(__m128i src, uint32_t lead, const struct dec_consts *c,
                             struct step *s)
{
    __m128i nib = _mm_and_si128(_mm_srli_epi16(src, 4), _mm_set1_epi8(0x0F));

    s->bits = _mm_and_si128(src, _mm_shuffle_epi8(c->payload, nib));
    s->pos = _mm_loadl_epi64((const __m128i *)(const void *)&U8G_LEFT_PACK[lead]);
    s->gap = _mm_shuffle_epi8(c->lead_gap, _mm_shuffle_epi8(nib, s->pos));
}

/* The code points of characters 4g .. 4g + 3 of the step s (lanes past
 * the number of characters: junk). */
static inline __m128i decode4(const struct step *s, int g, const struct dec_consts *c)
{
    /* Byte k of lane j: k - gap (-3..3), then the source position
     * pos + k - gap; where k - gap < 0 (before the lead) the max with
     * k - gap (0xFD..0xFF unsigned) sets bit 7, which makes the shuffle
     * write a zero. (pos + k - gap <= 7 + 3 never wraps.) */
    __m128i d = _mm_sub_epi8(c->offsets, _mm_shuffle_epi8(s->gap, c->spread[g]));
    __m128i idx = _mm_max_epu8(_mm_add_epi8(_mm_shuffle_epi8(s->pos, c->spread[g]), d), d);
    __m128i b = _mm_shuffle_epi8(s->bits, idx);
    /* bytes (x0, x1) -> x0 * 64 + x1 and (x2, x3) -> x2 * 64 + x3 ... */
    __m128i v = _mm_maddubs_epi16(b, _mm_set1_epi16(0x0140));
    /* ... then (x0 * 64 + x1) * 4096 + x2 * 64 + x3 */
    return _mm_madd_epi16(v, _mm_set1_epi32(0x00011000));
}

/* Widens the 16 ASCII bytes v to out32[k..] (utf16 false) or out16[k..]
 * (utf16 true, a constant at each call). */
static inline __attribute__((always_inline)) void
widen16(__m128i v, bool utf16, uint32_t *out32, uint16_t *out16, size_t k)
{
    if (utf16) {
        _mm_storeu_si128((__m128i *)(void *)(out16 + k), _mm_cvtepu8_epi16(v));
        _mm_storeu_si128((__m128i *)(void *)(out16 + k + 8),
                         _mm_cvtepu8_epi16(_mm_srli_si128(v, 8)));
        return;
    }
    _mm_storeu_si128((__m128i *)(void *)(out32 + k), _mm_cvtepu8_epi32(v));
    _mm_storeu_si128((__m128i *)(void *)(out32 + k + 4), _mm_cvtepu8_epi32(_mm_srli_si128(v, 4)));
    _mm_storeu_si128((__m128i *)(void *)(out32 + k + 8), _mm_cvtepu8_epi32(_mm_srli_si128(v, 8)));
    _mm_storeu_si128((__m128i *)(void *)(out32 + k + 12), _mm_cvtepu8_epi32(_mm_srli_si128(v, 12)));
}

/* ASCII comes in runs: widens the 16 ASCII bytes v at p (left >= 16
 * bytes readable), then 32 bytes at a time while they are ASCII; returns
 * the bytes widened, as many units written (see widen16). */
static inline __attribute__((always_inline)) size_t
ascii_run(const uint8_t *p, size_t left, __m128i v, bool utf16, uint32_t *out32,
          uint16_t *out16)
{
    size_t k = 16;
    __m128i w;

    widen16(v, utf16, out32, out16, 0);
    while (left - k >= 32) {
        v = load(p + k);
        w = load(p + k + 16);
        if (_mm_movemask_epi8(_mm_or_si128(v, w)) != 0)
            break;
        widen16(v, utf16, out32, out16, k);
        widen16(w, utf16, out32, out16, k + 16);
        k += 32;
    }
    return k;
}

static inline size_t ascii_utf32(const uint8_t *p, size_t left, uint32_t *out, __m128i v)
{
    return ascii_run(p, left, v, false, out, NULL);
}

static inline size_t ascii_utf16(const uint8_t *p, size_t left, uint16_t *out, __m128i v)
{
    return ascii_run(p, left, v, true, NULL, out);
}

/* Two steps per call (16 bytes, v): the second's leads are bits 8..15. */
static inline size_t step_utf32(const uint8_t *p, __m128i v, uint32_t *out, size_t *o,
                                const struct dec_consts *c)
{
    uint32_t lead = leads16(v);
    size_t k = *o;
    struct step s;

    step_prepare(v, lead & 0xFF, c, &s);
    _mm_storeu_si128((__m128i *)(void *)(out + k), decode4(&s, 0, c));
    _mm_storeu_si128((__m128i *)(void *)(out + k + 4), decode4(&s, 1, c));
    k += U8G_POPCOUNT8[lead & 0xFF];
    step_prepare(load(p + 8), lead >> 8, c, &s);
    _mm_storeu_si128((__m128i *)(void *)(out + k), decode4(&s, 0, c));
    _mm_storeu_si128((__m128i *)(void *)(out + k + 4), decode4(&s, 1, c));
    *o = k + U8G_POPCOUNT8[lead >> 8];
    return 16;
}

/* Every code point is below 0x10000: packus keeps it. */
static inline void step_utf16_bmp(__m128i v, uint32_t lead, uint16_t *out,
                                  const struct dec_consts *c)
{
    struct step s;

    step_prepare(v, lead, c, &s);
    _mm_storeu_si128((__m128i *)(void *)out, _mm_packus_epi32(decode4(&s, 0, c), decode4(&s, 1, c)));
}

/* Stores the UTF-16 of the first k (0..4) code points of cp at out and
 * returns the units they take; 8 units are written, those past the k
 * code points are junk for the caller to overwrite. Each lane becomes its
 * code point or, from U+10000 up, its surrogate pair high | low << 16;
 * U8G_UTF16_PAIRS packs the units. Junk lanes (from k on) come last, so
 * their pairs move no unit of the first k. */
static inline size_t store_utf16x4(__m128i cp, size_t k, uint16_t *out)
{
    __m128i supp = _mm_cmpgt_epi32(cp, _mm_set1_epi32(0xFFFF));
    __m128i s = _mm_sub_epi32(cp, _mm_set1_epi32(0x10000));
    __m128i high = _mm_or_si128(_mm_srli_epi32(s, 10), _mm_set1_epi32(0xD800));
    __m128i low = _mm_or_si128(_mm_and_si128(s, _mm_set1_epi32(0x3FF)), _mm_set1_epi32(0xDC00));
    __m128i lanes = _mm_blendv_epi8(cp, _mm_or_si128(high, _mm_slli_epi32(low, 16)), supp);
    uint32_t m = (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(supp));

    _mm_storeu_si128((__m128i *)(void *)out,
                     _mm_shuffle_epi8(lanes, _mm_loadu_si128((const __m128i *)(const void *)
                                                                 U8G_UTF16_PAIRS[m])));
    return k + U8G_POPCOUNT8[m & ((1u << k) - 1)];
}

/* The first 4 characters, then the k - 4 others after their units. */
static inline size_t step_utf16_pairs(__m128i v, uint32_t lead, size_t k, uint16_t *out,
                                      const struct dec_consts *c)
{
    size_t k0 = k < 4 ? k : 4, u0;
    struct step s;

    step_prepare(v, lead, c, &s);
    u0 = store_utf16x4(decode4(&s, 0, c), k0, out);
    return u0 + store_utf16x4(decode4(&s, 1, c), k - k0, out + u0);
}

#include "decode_steps.h"

/* to_utf32, to_utf16: the windowed decoder with this file's validator and
 * decode steps. */
#define U8G_DRIVER_VALID sse42_valid_prefix
#include "decode_driver.h"

/* error_scan.h's bit planes of the 64 bytes at p: bit 7 of each byte with
 * movemask, then each byte doubled, which moves bit b - 1 to bit 7. */
static inline void sse42_planes(const uint8_t *p, uint64_t planes[8])
{
    __m128i v0 = load(p), v1 = load(p + 16), v2 = load(p + 32), v3 = load(p + 48);
    int k;

    for (k = 7; k >= 0; k--) {
        planes[k] = (uint64_t)(uint32_t)_mm_movemask_epi8(v0) |
                    (uint64_t)(uint32_t)_mm_movemask_epi8(v1) << 16 |
                    (uint64_t)(uint32_t)_mm_movemask_epi8(v2) << 32 |
                    (uint64_t)(uint32_t)_mm_movemask_epi8(v3) << 48;
        v0 = _mm_add_epi8(v0, v0);
        v1 = _mm_add_epi8(v1, v1);
        v2 = _mm_add_epi8(v2, v2);
        v3 = _mm_add_epi8(v3, v3);
    }
}

/* A block with errors: 4 bytes per step by pshufb (emit_pshufb.h). */
#include "emit_pshufb.h"

#define U8G_SCAN_PLANES sse42_planes
#define U8G_SCAN_EMIT u8g_emit_pshufb
#include "error_scan.h"

U8G_ENTRIES_SHORT(sse42, sse42_valid_prefix, short_x86_valid, U8G_SHORT_X86_MAX)

const struct u8g_kernels u8g_sse42_kernels = {
    U8GUARD_IMPL_SSE42, sse42_valid_prefix, driver_to_utf32, driver_to_utf16,
    NULL, /* no fused validate-and-copy: sanitize validates, then copies */
    sse42_clean_blocks,
    scan_error_run,
    sse42_validate,
    sse42_first_error,
    NULL, /* no one-pass copy: no copy with non-temporal stores either */
};

#endif
