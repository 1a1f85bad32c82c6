/* avx2.c -- the AVX2 implementation: Keiser-Lemire validation (blocks.h)
 * 32 bytes per vector, 64 bytes per step; decoding in validated windows,
 * ASCII widened 16 bytes at a time and other text 8 characters at a time
 * with a left-pack table and byte shuffles (decode_tables.h, "Decoding"
 * below).
 *
 * This file is compiled with -mavx2 (src/CMakeLists.txt) and its functions
 * run only after cpu.c has confirmed AVX2 and OS support for YMM state. */
#include "kernels.h"

#if U8G_HAVE_X86_KERNELS
#if !defined(__AVX2__)
#error "avx2.c must be compiled with -mavx2 (see src/CMakeLists.txt)"
#endif

#include "blocks.h"
#include "decode_tables.h"
#include "utf8_char.h"

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
static inline __m256i check_at(const uint8_t *q, const struct tables *t)
{
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    __m256i in = load(q), prev1 = load(q - 1), prev2 = load(q - 2), prev3 = load(q - 3);
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

/* The longest valid prefix of p[0..len), by blocks (see blocks.h). p is
 * a character boundary after at least 3 readable bytes (the checked
 * head, see avx2_valid_prefix), which check_at reads as the bytes before
 * the first block. */
static size_t avx2_blocks(const uint8_t *p, size_t len)
{
    struct tables t;
    __m256i prev = _mm256_setzero_si256(), a, b, err;
    uint8_t tail[3 + STEP];
    size_t i;

    load_tables(&t);
    for (i = 0; len - i >= STEP; i += STEP) {
        a = load(p + i);
        b = load(p + i + 32);
        if (_mm256_movemask_epi8(_mm256_or_si256(a, b)) == 0)
            err = _mm256_subs_epu8(prev, t.incomplete_max);
        else
            err = _mm256_or_si256(check_at(p + i, &t), check_at(p + i + 32, &t));
        if (!_mm256_testz_si256(err, err))
            return u8g_block_failed(p, len, i);
        prev = b;
    }
    /* The last len - i < 64 bytes, after the 3 bytes before them and
     * zero-padded: at least one zero byte follows them, so a character
     * cut off by the end fails too. */
    memset(tail, 0, sizeof tail);
    memcpy(tail, p + i - 3, 3 + len - i);
    err = _mm256_or_si256(check_at(tail + 3, &t), check_at(tail + 3 + 32, &t));
    if (!_mm256_testz_si256(err, err))
        return u8g_block_failed(p, len, i);
    return len;
}

static size_t avx2_valid_prefix(const uint8_t *p, size_t len)
{
    bool stop;
    size_t h = u8g_head(p, len, &stop);

    /* Not stopped: h >= U8G_HEAD_BYTES, the bytes avx2_blocks reads
     * before its start. */
    return stop ? h : h + avx2_blocks(p + h, len - h);
}

/* Decoding (see decode_tables.h and avx512.c, "Decoding"). The text is
 * decoded in windows of U8G_DEC_WINDOW bytes: a window is validated
 * (avx2_valid_prefix), then its valid prefix decoded while it is still in
 * the L1 cache. Only text proven valid is decoded, so the decoder needs no
 * checks.
 *
 * A valid stretch p[0..n) is walked in steps of 8 bytes at i = 0, 8, 16,
 * ... while U8G_DEC_VECTOR_MIN (48) bytes remain; a step decodes the
 * characters whose lead bytes lie in p[i .. i + 8), whose continuation
 * bytes (at most 3) lie within the 16 bytes loaded; continuation bytes at
 * the start of a step belong to a character of the step before. So i
 * never waits for the decoding (a step whose start depended on where the
 * last character ended would wait for the load, compare and bit scan of
 * the step before). 16 ASCII bytes are widened at once. Otherwise the
 * left-pack table gives the positions of the step's leads; for character
 * j, the 4 bytes from its lead are gathered into 32-bit lane j (one
 * shuffle of the 16 bytes, broadcast to both 128-bit halves); the lead's
 * marker bits and the continuations' 10 are masked off by the lead's high
 * nibble; two multiply-adds assemble b0 << 18 | b1 << 12 | b2 << 6 | b3;
 * a shift by 6 * (4 - length) drops the bytes after the character. The
 * last bytes (fewer than 48) are decoded one character at a time, from
 * the first lead not yet decoded.
 *
 * Why the full-width stores are safe: the caller's out has room for len
 * units (u8g_kernels), and a character of k bytes gives at most k units
 * (UTF-32: 1; UTF-16: 2 only for k = 4). When step i starts, the
 * characters with leads before i are decoded: o is at most their bytes,
 * which end at e, i <= e <= i + 3 (the last may run 3 bytes past i). A
 * step runs only when i + 16 <= n <= len. It stores 8 units from o, and
 * o + 8 <= i + 11 < len; or, for 16 ASCII bytes, 16 units, and then byte
 * i is ASCII, so e = i and o + 16 <= i + 16 <= len (and so on for the
 * ASCII bytes after them, widened only while they lie before n). Lanes
 * past the step's characters are junk that the characters after it
 * overwrite (U8G_DEC_VECTOR_MIN), never past out[len), and never past
 * the units the call returns. */

struct dec_consts {
    __m256i spread;     /* byte 4j + k = j: lane j takes lead position j */
    __m256i offsets;    /* byte 4j + k = k: ... and the 3 bytes after it */
    __m256i lane_low;   /* 0xFF in the low byte of every 32-bit lane */
    __m256i lead_keep;  /* U8G_LEAD_KEEP, in both halves */
    __m256i lead_shift; /* U8G_LEAD_SHIFT, in both halves */
    /* UTF-16 (in memory, not rebuilt in each step from immediates) */
    __m256i bmp_max, supp_base, high_base, low_base, low_bits;
};

static inline void dec_consts_load(struct dec_consts *c)
{
    c->spread = _mm256_setr_epi8(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7);
    c->offsets = _mm256_set1_epi32(0x03020100);
    c->lane_low = _mm256_set1_epi32(0xFF);
    c->lead_keep = broadcast16(U8G_LEAD_KEEP);
    c->lead_shift = broadcast16(U8G_LEAD_SHIFT);
    c->bmp_max = _mm256_set1_epi32(0xFFFF);
    c->supp_base = _mm256_set1_epi32(0x10000);
    c->high_base = _mm256_set1_epi32(0xD800);
    c->low_base = _mm256_set1_epi32(0xDC00);
    c->low_bits = _mm256_set1_epi32(0x3FF);
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
    __m256i nib = _mm256_and_si256(_mm256_srli_epi16(b, 4), _mm256_set1_epi8(0x0F));
    /* The lead (low byte of a lane) keeps its payload; the other 3 bytes
     * keep 6 bits, so that a byte after the character, whatever it is,
     * stays below the bits the final shift keeps. */
    __m256i keep = _mm256_blendv_epi8(_mm256_set1_epi8(0x3F),
                                      _mm256_shuffle_epi8(c->lead_keep, nib), c->lane_low);
    __m256i shift = _mm256_and_si256(_mm256_shuffle_epi8(c->lead_shift, nib), c->lane_low);
    /* bytes (b0, b1) -> b0 * 64 + b1 and (b2, b3) -> b2 * 64 + b3 ... */
    __m256i v = _mm256_maddubs_epi16(_mm256_and_si256(b, keep), _mm256_set1_epi16(0x0140));
    /* ... then (b0 * 64 + b1) * 4096 + b2 * 64 + b3 (below 2^25) */
    v = _mm256_madd_epi16(v, _mm256_set1_epi32(0x00011000));
    return _mm256_srlv_epi32(v, shift);
}

static inline __m128i load16(const uint8_t *p)
{
    return _mm_loadu_si128((const __m128i *)(const void *)p);
}

/* Bit k (k = 0..7): byte k of v is a lead (not 10xxxxxx: >= -64 as a
 * signed byte). */
static inline uint32_t leads8(__m128i v)
{
    return (uint32_t)_mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8(-65))) & 0xFF;
}

/* The first character boundary at or after i of the valid p[0..n), when
 * every character before it is decoded: past the continuation bytes of
 * the last character of the steps. */
static inline size_t next_lead(const uint8_t *p, size_t i, size_t n)
{
    while (i < n && U8G_IS_TAIL(p[i]))
        i++;
    return i;
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

/* Decodes the valid p[0..n) to UTF-32 at out; returns the units written. */
static size_t decode32_valid(const uint8_t *p, size_t n, uint32_t *out,
                             const struct dec_consts *c)
{
    size_t i = 0, o = 0, k;
    uint32_t lead, cp;
    __m128i v;

    while (n - i >= U8G_DEC_VECTOR_MIN) {
        v = load16(p + i);
        if (_mm_movemask_epi8(v) == 0) {
            k = ascii_utf32(p + i, n - i, out + o, v);
            i += k;
            o += k;
            continue;
        }
        lead = (uint32_t)_mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8(-65)));
        _mm256_storeu_si256((__m256i *)(void *)(out + o),
                            decode8(v, U8G_LEFT_PACK[lead & 0xFF], c));
        o += U8G_POPCOUNT8[lead & 0xFF];
        /* Two steps per round: the second's leads are bits 8..15. */
        _mm256_storeu_si256((__m256i *)(void *)(out + o),
                            decode8(load16(p + i + 8), U8G_LEFT_PACK[lead >> 8], c));
        o += U8G_POPCOUNT8[lead >> 8];
        i += 16;
    }
    for (i = next_lead(p, i, n); i < n;) {
        i += u8g_char_trusted(p + i, &cp);
        out[o++] = cp;
    }
    return o;
}

/* Stores the UTF-16 of the first k (0..8) code points of cp at out and
 * returns the units they take; up to 16 units are written, those past
 * the k code points are junk for the caller to overwrite. Each lane
 * becomes its code point or, from U+10000 up, its surrogate pair
 * high | low << 16; U8G_UTF16_PAIRS packs the units of each half (4
 * lanes). Junk lanes (from k on) come last, so their pairs move no unit
 * of the first k. */
static inline size_t store_utf16x8(__m256i cp, uint32_t k, uint16_t *out,
                                   const struct dec_consts *c)
{
    __m256i supp = _mm256_cmpgt_epi32(cp, c->bmp_max);
    __m256i s = _mm256_sub_epi32(cp, c->supp_base);
    __m256i high = _mm256_or_si256(_mm256_srli_epi32(s, 10), c->high_base);
    __m256i low = _mm256_or_si256(_mm256_and_si256(s, c->low_bits), c->low_base);
    __m256i lanes = _mm256_blendv_epi8(cp, _mm256_or_si256(high, _mm256_slli_epi32(low, 16)), supp);
    uint32_t m = (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(supp));
    uint32_t k0 = k < 4 ? k : 4;
    size_t u0 = k0 + U8G_POPCOUNT8[m & ((1u << k0) - 1)];

    _mm_storeu_si128((__m128i *)(void *)out,
                     _mm_shuffle_epi8(_mm256_castsi256_si128(lanes),
                                      load16(U8G_UTF16_PAIRS[m & 15])));
    _mm_storeu_si128((__m128i *)(void *)(out + u0),
                     _mm_shuffle_epi8(_mm256_extracti128_si256(lanes, 1),
                                      load16(U8G_UTF16_PAIRS[m >> 4])));
    return k + U8G_POPCOUNT8[m & ((1u << k) - 1)];
}

/* Decodes the valid p[0..n) to UTF-16 at out; returns the units written.
 * A step without a 4-byte lead narrows its code points to 16 bits. One
 * with a 4-byte lead and 3 or more characters makes surrogate pairs
 * (store_utf16x8), when i + 20 <= n: its first 4 characters end by i + 11
 * (leads before i + 8), so their units do too (units <= bytes), and the 8
 * units stored after them end by i + 19. Otherwise (1 or 2 characters,
 * or the last bytes) it decodes one character at a time. */
static size_t decode16_valid(const uint8_t *p, size_t n, uint16_t *out,
                             const struct dec_consts *c)
{
    size_t i = 0, o = 0, k, end;
    uint32_t nonascii, lead, cp;
    __m128i v;
    __m256i cps;

    while (n - i >= U8G_DEC_VECTOR_MIN) {
        v = load16(p + i);
        nonascii = (uint32_t)_mm_movemask_epi8(v);
        if (nonascii == 0) {
            k = ascii_utf16(p + i, n - i, out + o, v);
            i += k;
            o += k;
            continue;
        }
        lead = leads8(v);
        /* Bytes >= F0: greater than -17 as signed bytes, and negative. */
        if ((nonascii & lead & (uint32_t)_mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8(-17)))) == 0) {
            cps = decode8(v, U8G_LEFT_PACK[lead], c);
            _mm_storeu_si128((__m128i *)(void *)(out + o),
                             _mm_packus_epi32(_mm256_castsi256_si128(cps),
                                              _mm256_extracti128_si256(cps, 1)));
            o += U8G_POPCOUNT8[lead];
            i += 8;
            continue;
        }
        k = U8G_POPCOUNT8[lead];
        if (k > 2) { /* n - i >= U8G_DEC_VECTOR_MIN > 20 */
            o += store_utf16x8(decode8(v, U8G_LEFT_PACK[lead], c), (uint32_t)k, out + o, c);
            i += 8;
            continue;
        }
        /* Few characters with a 4-byte one: text of mostly 4-byte
         * characters (emoji), where one at a time costs less than packing
         * pairs; 32 bytes so, then the steps resume at the character
         * boundary reached. (Also the last 16..19 bytes, see above.) */
        end = n - i < 32 ? n : i + 32;
        for (i = next_lead(p, i, n); i < end;) {
            i += u8g_char_trusted(p + i, &cp);
            o += u8g_put_utf16(out + o, cp);
        }
    }
    for (i = next_lead(p, i, n); i < n;) {
        i += u8g_char_trusted(p + i, &cp);
        o += u8g_put_utf16(out + o, cp);
    }
    return o;
}

static size_t avx2_to_utf32(const uint8_t *p, size_t len, uint32_t *out,
                            size_t *n_out)
{
    struct dec_consts c;
    size_t pos = 0, o = 0, w, n;

    dec_consts_load(&c);
    while (pos < len) {
        /* A window that cuts a character stops short of it (n > 0) and
         * the next one starts there; only n == 0 is an error. */
        w = len - pos < U8G_DEC_WINDOW ? len - pos : U8G_DEC_WINDOW;
        n = avx2_valid_prefix(p + pos, w);
        if (n == 0)
            break;
        o += decode32_valid(p + pos, n, out + o, &c);
        pos += n;
    }
    *n_out = o;
    return pos;
}

static size_t avx2_to_utf16(const uint8_t *p, size_t len, uint16_t *out,
                            size_t *n_out)
{
    struct dec_consts c;
    size_t pos = 0, o = 0, w, n;

    dec_consts_load(&c);
    while (pos < len) {
        w = len - pos < U8G_DEC_WINDOW ? len - pos : U8G_DEC_WINDOW;
        n = avx2_valid_prefix(p + pos, w);
        if (n == 0)
            break;
        o += decode16_valid(p + pos, n, out + o, &c);
        pos += n;
    }
    *n_out = o;
    return pos;
}

const struct u8g_kernels u8g_avx2_kernels = {
    U8GUARD_IMPL_AVX2, avx2_valid_prefix, avx2_to_utf32, avx2_to_utf16,
    NULL, /* no fused validate-and-copy: sanitize validates, then copies */
    u8g_avx2_find_lead,
};

#endif
