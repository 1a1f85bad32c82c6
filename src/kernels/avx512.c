/* avx512.c -- the AVX-512 (F, BW, VL) implementation: Keiser-Lemire
 * validation (blocks.h) 64 bytes per vector, 128 bytes per step; the end
 * of the input read with a masked load (which never touches the bytes the
 * mask excludes, so nothing past len is read); ASCII widened 64 bytes at a
 * time when decoding.
 *
 * This file is compiled with -mavx512f -mavx512bw -mavx512vl
 * (src/CMakeLists.txt) and its functions run only after cpu.c has
 * confirmed those and OS support for the ZMM and mask registers. VBMI and
 * VBMI2 are not used, so the kernel runs on every AVX-512 BW/VL CPU. */
#include "kernels.h"

#if U8G_HAVE_X86_KERNELS
#if !defined(__AVX512F__) || !defined(__AVX512BW__) || !defined(__AVX512VL__)
#error "avx512.c must be compiled with -mavx512f -mavx512bw -mavx512vl"
#endif

#include "blocks.h"
#include "utf8_char.h"

#include <immintrin.h>

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

/* The longest valid prefix of p[0..len), by blocks (see blocks.h). */
static size_t avx512_blocks(const uint8_t *p, size_t len)
{
    struct tables t;
    struct carry c;
    __m512i a, b;
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
                return u8g_block_failed(p, len, i);
            c.prev = b;
            c.lead3 = c.lead4 = 0;
            i += 2 * VEC;
        } else if (len - i >= 4 * VEC) {
            /* Multi-byte text: four vectors, one branch. (Separate
             * statements: each check updates c for the next.) */
            err = check(a, &c, &t);
            err |= check(b, &c, &t);
            err |= check(load(p + i + 2 * VEC), &c, &t);
            err |= check(load(p + i + 3 * VEC), &c, &t);
            if (err != 0)
                return u8g_block_failed(p, len, i);
            i += 4 * VEC;
        } else {
            err = check(a, &c, &t);
            err |= check(b, &c, &t);
            if (err != 0)
                return u8g_block_failed(p, len, i);
            i += 2 * VEC;
        }
    }
    if (len - i >= VEC) {
        if (check(load(p + i), &c, &t) != 0)
            return u8g_block_failed(p, len, i);
        i += VEC;
    }
    /* The last len - i < 64 bytes, zero-filled by the masked load: at
     * least one zero byte follows them, so a character cut off by the end
     * fails too. */
    m = len - i == 0 ? 0 : (~(__mmask64)0 >> (VEC - (len - i)));
    a = _mm512_maskz_loadu_epi8(m, p + i);
    if (check(a, &c, &t) != 0)
        return u8g_block_failed(p, len, i);
    return len;
}

static size_t avx512_valid_prefix(const uint8_t *p, size_t len)
{
    bool stop;
    size_t h = u8g_head(p, len, &stop);

    return stop ? h : h + avx512_blocks(p + h, len - h);
}

/* Number of ASCII bytes at the start of v (64: all of them). */
static inline size_t ascii_run(__m512i v)
{
    uint64_t m = _mm512_movepi8_mask(v);

    return m == 0 ? VEC : (size_t)__builtin_ctzll(m);
}

/* Decoding: ASCII is widened 64 bytes at a time. Other text goes through
 * windows of 16 bytes: each byte is widened to a 32-bit lane together with
 * the 3 bytes after it, every lane computes the code point its byte would
 * start for each sequence length, the lead byte's length picks one, and
 * the lanes of lead bytes (not continuations) are compressed together and
 * stored with a mask. A character belongs to the window holding its lead
 * (its continuations may lie in the next window, which skips them), so a
 * window reads up to 19 bytes: it runs only where 19 valid bytes remain. */
#define WIN 16

struct window {
    __m512i cp;   /* the code point each lead byte starts */
    __mmask16 lead, four; /* lanes holding a lead byte; a 4-byte lead */
};

static inline struct window decode_window(const uint8_t *p)
{
    const __m512i m3f = _mm512_set1_epi32(0x3F);
    __m512i b0 = _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(const void *)p));
    __m512i c1 = _mm512_and_si512(
        _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(const void *)(p + 1))), m3f);
    __m512i c2 = _mm512_and_si512(
        _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(const void *)(p + 2))), m3f);
    __m512i c3 = _mm512_and_si512(
        _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(const void *)(p + 3))), m3f);
    __m512i cp2 = _mm512_or_si512(
        _mm512_slli_epi32(_mm512_and_si512(b0, _mm512_set1_epi32(0x1F)), 6), c1);
    __m512i cp3 = _mm512_or_si512(
        _mm512_or_si512(_mm512_slli_epi32(_mm512_and_si512(b0, _mm512_set1_epi32(0x0F)), 12),
                        _mm512_slli_epi32(c1, 6)),
        c2);
    __m512i cp4 = _mm512_or_si512(
        _mm512_or_si512(_mm512_slli_epi32(_mm512_and_si512(b0, _mm512_set1_epi32(0x07)), 18),
                        _mm512_slli_epi32(c1, 12)),
        _mm512_or_si512(_mm512_slli_epi32(c2, 6), c3));
    __mmask16 is2 = _mm512_cmpge_epu32_mask(b0, _mm512_set1_epi32(0xC0));
    __mmask16 is3 = _mm512_cmpge_epu32_mask(b0, _mm512_set1_epi32(0xE0));
    struct window w;

    w.four = _mm512_cmpge_epu32_mask(b0, _mm512_set1_epi32(0xF0));
    w.lead = (__mmask16)(_mm512_cmplt_epu32_mask(b0, _mm512_set1_epi32(0x80)) | is2);
    w.cp = _mm512_mask_mov_epi32(b0, is2, cp2);
    w.cp = _mm512_mask_mov_epi32(w.cp, is3, cp3);
    w.cp = _mm512_mask_mov_epi32(w.cp, w.four, cp4);
    w.cp = _mm512_maskz_compress_epi32(w.lead, w.cp);
    return w;
}

/* Skips the continuation bytes at p[i..n): where a character that began
 * in an earlier window ends. */
static inline size_t skip_tails(const uint8_t *p, size_t i, size_t n)
{
    while (i < n && U8G_IS_TAIL(p[i]))
        i++;
    return i;
}

static size_t avx512_to_utf32(const uint8_t *p, size_t len, uint32_t *out,
                              size_t *n_out)
{
    size_t n = avx512_valid_prefix(p, len), i = 0, o = 0, k, m, w;
    struct window win;
    unsigned cnt;
    __m512i v;

    while (n - i >= VEC + 3) {
        v = load(p + i);
        if (_mm512_movepi8_mask(v) == 0) {
            _mm512_storeu_si512(out + o, _mm512_cvtepu8_epi32(_mm512_castsi512_si128(v)));
            _mm512_storeu_si512(out + o + 16,
                                _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(v, 1)));
            _mm512_storeu_si512(out + o + 32,
                                _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(v, 2)));
            _mm512_storeu_si512(out + o + 48,
                                _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(v, 3)));
            i += VEC;
            o += VEC;
            continue;
        }
        for (w = 0; w < VEC; w += WIN) {
            win = decode_window(p + i + w);
            cnt = (unsigned)__builtin_popcount(win.lead);
            _mm512_mask_storeu_epi32(out + o, (__mmask16)((1u << cnt) - 1), win.cp);
            o += cnt;
        }
        i += VEC;
    }
    i = skip_tails(p, i, n);
    while (i < n) {
        if (n - i >= VEC) {
            v = load(p + i);
            m = ascii_run(v);
            for (k = 0; k < m; k++)
                out[o + k] = p[i + k];
            i += m;
            o += m;
            if (m == VEC)
                continue;
        }
        i = u8g_run_utf32(p, i, n, out, &o);
    }
    *n_out = o;
    return n;
}

/* Decodes, one at a time, the characters whose lead lies in p[i..end)
 * (the last may extend past end) to UTF-16; returns where the last ends. */
static inline size_t window_utf16_slow(const uint8_t *p, size_t i, size_t end,
                                       uint16_t *out, size_t *o)
{
    uint32_t cp;

    i = skip_tails(p, i, end);
    while (i < end) {
        i += u8g_char_trusted(p + i, &cp);
        *o += u8g_put_utf16(out + *o, cp);
    }
    return i;
}

static size_t avx512_to_utf16(const uint8_t *p, size_t len, uint16_t *out,
                              size_t *n_out)
{
    size_t n = avx512_valid_prefix(p, len), i = 0, o = 0, k, m, w;
    struct window win;
    unsigned cnt;
    __m512i v;

    while (n - i >= VEC + 3) {
        v = load(p + i);
        if (_mm512_movepi8_mask(v) == 0) {
            _mm512_storeu_si512(out + o, _mm512_cvtepu8_epi16(_mm512_castsi512_si256(v)));
            _mm512_storeu_si512(out + o + 32,
                                _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64(v, 1)));
            i += VEC;
            o += VEC;
            continue;
        }
        for (w = 0; w < VEC; w += WIN) {
            win = decode_window(p + i + w);
            if (win.four) { /* surrogate pairs: one character at a time */
                window_utf16_slow(p, i + w, i + w + WIN, out, &o);
                continue;
            }
            cnt = (unsigned)__builtin_popcount(win.lead);
            _mm256_mask_storeu_epi16(out + o, (__mmask16)((1u << cnt) - 1),
                                     _mm512_cvtepi32_epi16(win.cp));
            o += cnt;
        }
        i += VEC;
    }
    i = skip_tails(p, i, n);
    while (i < n) {
        if (n - i >= VEC) {
            v = load(p + i);
            m = ascii_run(v);
            for (k = 0; k < m; k++)
                out[o + k] = p[i + k];
            i += m;
            o += m;
            if (m == VEC)
                continue;
        }
        i = u8g_run_utf16(p, i, n, out, &o);
    }
    *n_out = o;
    return n;
}

const struct u8g_kernels u8g_avx512_kernels = {
    U8GUARD_IMPL_AVX512, avx512_valid_prefix, avx512_to_utf32, avx512_to_utf16,
};

#endif
