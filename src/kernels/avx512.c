/* avx512.c -- the AVX-512 (F, BW, VL, VBMI, VBMI2) implementation:
 * Keiser-Lemire validation (blocks.h) 64 bytes per vector, 128 bytes per
 * step; the end of the input read with a masked load (which never touches
 * the bytes the mask excludes, so nothing past len is read); decoding 16
 * characters at a time with byte permutes (VBMI) and byte/word compression
 * (VBMI2), see "Decoding" below.
 *
 * This file is compiled with -mavx512f -mavx512bw -mavx512vl -mavx512vbmi
 * -mavx512vbmi2 (src/CMakeLists.txt) and its functions run only after
 * cpu.c has confirmed those and OS support for the ZMM and mask registers.
 * Like simdutf, AVX-512 CPUs without VBMI2 (Skylake-X, Cascade Lake) get
 * the AVX2 kernel. */
#include "kernels.h"

#if U8G_HAVE_X86_KERNELS
#if !defined(__AVX512F__) || !defined(__AVX512BW__) || !defined(__AVX512VL__) || \
    !defined(__AVX512VBMI__) || !defined(__AVX512VBMI2__)
#error "avx512.c must be compiled with -mavx512f -mavx512bw -mavx512vl -mavx512vbmi -mavx512vbmi2"
#endif

#include "blocks.h"
#include "utf8_char.h"

#include <immintrin.h>
#include <string.h>

#define VEC ((size_t)64) /* bytes per vector */

struct tables {
    __m512i prev_high, prev_low, cur_high; /* nibble lookups */
    __m512i incomplete_max;                /* see KL_INCOMPLETE_MAX */
};

static inline __m512i load(const uint8_t *p)
{
    return _mm512_loadu_si512((const void *)p);
}

static inline __m512i broadcast16(const uint8_t table[16])
{
    return _mm512_broadcast_i32x4(
        _mm_loadu_si128((const __m128i *)(const void *)table));
}

static inline void load_tables(struct tables *t)
{
    t->prev_high = broadcast16(KL_PREV_HIGH);
    t->prev_low = broadcast16(KL_PREV_LOW);
    t->cur_high = broadcast16(KL_CUR_HIGH);
    t->incomplete_max = _mm512_inserti32x4(
        _mm512_set1_epi8(-1),
        _mm_loadu_si128((const __m128i *)(const void *)KL_INCOMPLETE_MAX), 3);
}

/* What a block passes to the next: its bytes (the next block's previous
 * byte comes from them) and where its 3- and 4-byte leads are. */
struct carry {
    __m512i prev;
    uint64_t lead3, lead4; /* bit k: byte k is >= E0, >= F0 */
};

/* The bytes of in (following c's block) that break a rule of Table 3-7,
 * as a bit mask; updates c to describe in. The pair rules use the three
 * nibble lookups. The 3rd/4th-byte rule is done on 64-bit masks in
 * general registers instead of with two more byte shifts: where a byte 2
 * back is >= E0 or 3 back is >= F0 the TWO_CONTS bit is required, and
 * everywhere else it is an error. (On CPUs that split 512-bit shuffles in
 * two, shuffles are what limits this loop.) */
static inline uint64_t check(__m512i in, struct carry *c, const struct tables *t)
{
    const __m512i nibble = _mm512_set1_epi8(0x0F);
    /* in moved up one 128-bit lane, prev's last lane below it, so that
     * the in-lane alignr can look back across lane boundaries. */
    __m512i mid = _mm512_alignr_epi32(in, c->prev, 12);
    __m512i prev1 = _mm512_alignr_epi8(in, mid, 15);
    __m512i a = _mm512_shuffle_epi8(
        t->prev_high, _mm512_and_si512(_mm512_srli_epi16(prev1, 4), nibble));
    __m512i b = _mm512_shuffle_epi8(t->prev_low, _mm512_and_si512(prev1, nibble));
    __m512i cc = _mm512_shuffle_epi8(
        t->cur_high, _mm512_and_si512(_mm512_srli_epi16(in, 4), nibble));
    __m512i special = _mm512_ternarylogic_epi32(a, b, cc, 0x80); /* a & b & cc */
    uint64_t lead3 = _mm512_cmpge_epu8_mask(in, _mm512_set1_epi8((char)0xE0));
    uint64_t lead4 = _mm512_cmpge_epu8_mask(in, _mm512_set1_epi8((char)0xF0));
    uint64_t must23 = (lead3 << 2) | (c->lead3 >> 62) | (lead4 << 3) | (c->lead4 >> 61);
    uint64_t other = _mm512_test_epi8_mask(special, _mm512_set1_epi8(0x7F));
    uint64_t two_conts = _mm512_movepi8_mask(special);

    c->prev = in;
    c->lead3 = lead3;
    c->lead4 = lead4;
    return other | (two_conts ^ must23);
}

/* Where a block failed: the valid prefix (see blocks.h). With a copy
 * (dst != NULL), p[0..s) is already in dst; the rest of the valid prefix
 * follows it. */
static inline size_t failed(const uint8_t *p, size_t len, size_t s, uint8_t *dst)
{
    size_t r = u8g_block_failed(p, len, s);

    if (dst != NULL && r > s)
        memcpy(dst + s, p + s, r - s);
    return r;
}

/* The longest valid prefix of p[0..len), by blocks (see blocks.h); with
 * dst != NULL each block is also stored to dst once its checks passed
 * (validation and copy in one pass, for sanitize). Inlined into its two
 * callers so that the test of dst is resolved at compile time. */
static inline __attribute__((always_inline)) size_t
blocks(const uint8_t *p, size_t len, uint8_t *dst)
{
    struct tables t;
    struct carry c;
    __m512i a, b, v2, v3;
    __mmask64 m;
    uint64_t err;
    size_t i = 0;

    load_tables(&t);
    c.prev = _mm512_setzero_si512();
    c.lead3 = c.lead4 = 0;
    while (len - i >= 2 * VEC) {
        a = load(p + i);
        b = load(p + i + VEC);
        if (_mm512_movepi8_mask(_mm512_or_si512(a, b)) == 0) {
            /* All ASCII: the only possible error is that the block before
             * ended inside a character. */
            if (_mm512_test_epi8_mask(_mm512_subs_epu8(c.prev, t.incomplete_max),
                                      _mm512_set1_epi8(-1)) != 0)
                return failed(p, len, i, dst);
            c.prev = b;
            c.lead3 = c.lead4 = 0;
        } else if (len - i >= 4 * VEC) {
            /* Multi-byte text: four vectors, one branch. (Separate
             * statements: each check updates c for the next.) */
            v2 = load(p + i + 2 * VEC);
            v3 = load(p + i + 3 * VEC);
            err = check(a, &c, &t);
            err |= check(b, &c, &t);
            err |= check(v2, &c, &t);
            err |= check(v3, &c, &t);
            if (err != 0)
                return failed(p, len, i, dst);
            if (dst != NULL) {
                _mm512_storeu_si512(dst + i, a);
                _mm512_storeu_si512(dst + i + VEC, b);
                _mm512_storeu_si512(dst + i + 2 * VEC, v2);
                _mm512_storeu_si512(dst + i + 3 * VEC, v3);
            }
            i += 4 * VEC;
            continue;
        } else {
            err = check(a, &c, &t);
            err |= check(b, &c, &t);
            if (err != 0)
                return failed(p, len, i, dst);
        }
        if (dst != NULL) {
            _mm512_storeu_si512(dst + i, a);
            _mm512_storeu_si512(dst + i + VEC, b);
        }
        i += 2 * VEC;
    }
    if (len - i >= VEC) {
        a = load(p + i);
        if (check(a, &c, &t) != 0)
            return failed(p, len, i, dst);
        if (dst != NULL)
            _mm512_storeu_si512(dst + i, a);
        i += VEC;
    }
    /* The last len - i < 64 bytes, zero-filled by the masked load: at
     * least one zero byte follows them, so a character cut off by the end
     * fails too. */
    m = len - i == 0 ? 0 : (~(__mmask64)0 >> (VEC - (len - i)));
    a = _mm512_maskz_loadu_epi8(m, p + i);
    if (check(a, &c, &t) != 0)
        return failed(p, len, i, dst);
    if (dst != NULL)
        _mm512_mask_storeu_epi8(dst + i, m, a);
    return len;
}

static size_t avx512_valid_prefix(const uint8_t *p, size_t len)
{
    bool stop;
    size_t h = u8g_head(p, len, &stop);

    return stop ? h : h + blocks(p + h, len - h, NULL);
}

static size_t avx512_copy_prefix(const uint8_t *p, size_t len, uint8_t *dst)
{
    bool stop;
    size_t h = u8g_head(p, len, &stop);

    memcpy(dst, p, h);
    return stop ? h : h + blocks(p + h, len - h, dst + h);
}

/* Decoding. The text is decoded in windows of DEC_WINDOW bytes: a window
 * is validated (avx512_valid_prefix), then its valid prefix decoded while
 * it is still in the L1 cache. Only text proven valid is decoded, so the
 * decoder needs no checks; the first error is where the validator (and,
 * after it, the scalar reference) says.
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
 * by 6 * (4 - length) leaves the code point. UTF-16 turns the lanes of
 * supplementary code points into surrogate pairs and packs the 16-bit
 * halves that are units (vpcompressw). Every store is masked to the units
 * written, and the end of the stretch is read with masked loads: nothing
 * outside p[0..n) is read and nothing past the decoding is written. */
#define DEC_WINDOW ((size_t)8192)

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
    0, 0, 0, 0,                                     /* never a lead */
    0x1F, 0x1F, 0x0F, 0x07,                         /* C, D, E, F */
};

static const uint8_t LEAD_SHIFT[16] = {
    18, 18, 18, 18, 18, 18, 18, 18, 0, 0, 0, 0, 12, 12, 6, 0,
};

static inline void dec_consts_load(struct dec_consts *c)
{
    uint8_t iota[64], spread[4][64], offsets[64];
    int g, k;

    for (k = 0; k < 64; k++) {
        iota[k] = (uint8_t)k;
        offsets[k] = (uint8_t)(k & 3);
        for (g = 0; g < 4; g++)
            spread[g][k] = (uint8_t)(16 * g + k / 4);
    }
    c->iota = load(iota);
    c->offsets = load(offsets);
    for (g = 0; g < 4; g++)
        c->spread[g] = load(spread[g]);
    c->lead_keep = broadcast16(LEAD_KEEP);
    c->lead_shift = broadcast16(LEAD_SHIFT);
}

/* Mask of the first k (0..64) bytes. */
static inline __mmask64 first_bytes(size_t k)
{
    return k >= 64 ? ~(__mmask64)0 : (((__mmask64)1 << k) - 1);
}

/* The code points of the 16 characters whose leads are at the byte
 * positions pos[16g .. 16g + 16) of the block lo (hi: the block after). */
static inline __m512i decode16(__m512i lo, __m512i hi, __m512i pos, int g,
                               const struct dec_consts *c)
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
    return _mm512_srlv_epi32(v, shift);
}

/* Lanes of the first k (0..16) characters. */
static inline __mmask16 first_lanes(size_t k)
{
    return (__mmask16)((1u << k) - 1);
}

/* Mask of the first k (0..32) 16-bit units. */
static inline __mmask32 first_units(size_t k)
{
    return (__mmask32)(k >= 32 ? 0xFFFFFFFFu : (1u << k) - 1);
}

/* Decodes the valid p[0..n) to UTF-32 at out; returns the units written. */
static size_t decode32_valid(const uint8_t *p, size_t n, uint32_t *out,
                             const struct dec_consts *c)
{
    size_t i = 0, o = 0, k, left, cnt;
    __m512i lo, hi, pos;
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
            _mm512_mask_storeu_epi32(out + o, first_lanes(cnt), decode16(lo, hi, pos, g, c));
            o += cnt;
            k -= cnt;
        }
    }
    return o;
}

/* Decodes the valid p[0..n) to UTF-16 at out; returns the units written. */
static size_t decode16_valid(const uint8_t *p, size_t n, uint16_t *out,
                             const struct dec_consts *c)
{
    const __m512i base = _mm512_set1_epi32(0x10000);
    size_t i = 0, o = 0, k, left, cnt, n16;
    __m512i lo, hi, pos, cp, s, pair;
    __mmask64 lead;
    __mmask32 units;
    __mmask16 supp;
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
                continue;
            }
            hi = _mm512_maskz_loadu_epi8(first_bytes(left - VEC) & 7, p + i + VEC);
            lead = _mm512_cmpge_epi8_mask(lo, _mm512_set1_epi8(-64));
        } else {
            lo = _mm512_maskz_loadu_epi8(first_bytes(left), p + i);
            hi = _mm512_setzero_si512();
            lead = _mm512_cmpge_epi8_mask(lo, _mm512_set1_epi8(-64)) & first_bytes(left);
        }
        pos = _mm512_maskz_compress_epi8(lead, c->iota);
        k = (size_t)__builtin_popcountll(lead);
        /* Blocks without 4-byte leads store 16-bit lanes as they are;
         * decided once per block, not per group, so that mixed text
         * costs one unpredictable branch per 64 bytes. */
        if (_mm512_cmpge_epu8_mask(lo, _mm512_set1_epi8((char)0xF0)) == 0) {
            for (g = 0; k > 0; g++) {
                cnt = k < 16 ? k : 16;
                _mm256_mask_storeu_epi16(out + o, first_lanes(cnt),
                                         _mm512_cvtepi32_epi16(decode16(lo, hi, pos, g, c)));
                o += cnt;
                k -= cnt;
            }
            continue;
        }
        for (g = 0; k > 0; g++) {
            cnt = k < 16 ? k : 16;
            cp = decode16(lo, hi, pos, g, c);
            supp = _mm512_cmpge_epu32_mask(cp, base) & first_lanes(cnt);
            if (supp == 0) {
                _mm256_mask_storeu_epi16(out + o, first_lanes(cnt), _mm512_cvtepi32_epi16(cp));
                o += cnt;
                k -= cnt;
                continue;
            }
            /* Supplementary lanes become high surrogate | low surrogate
             * << 16 (0xEA: (s & 0x3FF) | 0xDC00). */
            s = _mm512_sub_epi32(cp, base);
            pair = _mm512_or_si512(
                _mm512_or_si512(_mm512_srli_epi32(s, 10), _mm512_set1_epi32(0xD800)),
                _mm512_slli_epi32(_mm512_ternarylogic_epi32(s, _mm512_set1_epi32(0x3FF),
                                                            _mm512_set1_epi32(0xDC00), 0xEA),
                                  16));
            cp = _mm512_mask_mov_epi32(cp, supp, pair);
            /* The low half of every lane, the high half of a pair's. */
            units = (__mmask32)(0x55555555u |
                                _mm512_test_epi16_mask(cp, _mm512_set1_epi32((int)0xFFFF0000u)));
            units &= first_units(2 * cnt);
            n16 = (size_t)__builtin_popcount(units);
            _mm512_mask_storeu_epi16(out + o, first_units(n16),
                                     _mm512_maskz_compress_epi16(units, cp));
            o += n16;
            k -= cnt;
        }
    }
    return o;
}

static size_t avx512_to_utf32(const uint8_t *p, size_t len, uint32_t *out,
                              size_t *n_out)
{
    struct dec_consts c;
    size_t pos = 0, o = 0, w, n;

    dec_consts_load(&c);
    while (pos < len) {
        /* A window that cuts a character stops short of it (n > 0) and
         * the next one starts there; only n == 0 is an error. */
        w = len - pos < DEC_WINDOW ? len - pos : DEC_WINDOW;
        n = avx512_valid_prefix(p + pos, w);
        if (n == 0)
            break;
        o += decode32_valid(p + pos, n, out + o, &c);
        pos += n;
    }
    *n_out = o;
    return pos;
}

static size_t avx512_to_utf16(const uint8_t *p, size_t len, uint16_t *out,
                              size_t *n_out)
{
    struct dec_consts c;
    size_t pos = 0, o = 0, w, n;

    dec_consts_load(&c);
    while (pos < len) {
        w = len - pos < DEC_WINDOW ? len - pos : DEC_WINDOW;
        n = avx512_valid_prefix(p + pos, w);
        if (n == 0)
            break;
        o += decode16_valid(p + pos, n, out + o, &c);
        pos += n;
    }
    *n_out = o;
    return pos;
}

const struct u8g_kernels u8g_avx512_kernels = {
    U8GUARD_IMPL_AVX512, avx512_valid_prefix, avx512_to_utf32, avx512_to_utf16,
    avx512_copy_prefix,
};

#endif
