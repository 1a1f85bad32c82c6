/* avx2.c -- the AVX2 implementation: Keiser-Lemire validation (blocks.h)
 * 32 bytes per vector, 64 bytes per step; ASCII widened 32 bytes at a
 * time when decoding.
 *
 * This file is compiled with -mavx2 (src/CMakeLists.txt) and its functions
 * run only after cpu.c has confirmed AVX2 and OS support for YMM state. */
#include "kernels.h"

#if U8G_HAVE_X86_KERNELS
#if !defined(__AVX2__)
#error "avx2.c must be compiled with -mavx2 (see src/CMakeLists.txt)"
#endif

#include "blocks.h"
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

/* The error bits of each byte of in, whose preceding 32 bytes are prev:
 * nonzero where a rule of Table 3-7 is broken. */
static inline __m256i check(__m256i in, __m256i prev, const struct tables *t)
{
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    /* Bytes 16..47 of prev:in, so that alignr can look back across the
     * 128-bit lane boundary. */
    __m256i mid = _mm256_permute2x128_si256(prev, in, 0x21);
    __m256i prev1 = _mm256_alignr_epi8(in, mid, 15);
    __m256i prev2 = _mm256_alignr_epi8(in, mid, 14);
    __m256i prev3 = _mm256_alignr_epi8(in, mid, 13);
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

/* The longest valid prefix of p[0..len), by blocks (see blocks.h). */
static size_t avx2_blocks(const uint8_t *p, size_t len)
{
    struct tables t;
    __m256i prev = _mm256_setzero_si256(), a, b, err;
    uint8_t tail[STEP];
    size_t i;

    load_tables(&t);
    for (i = 0; len - i >= STEP; i += STEP) {
        a = load(p + i);
        b = load(p + i + 32);
        if (_mm256_movemask_epi8(_mm256_or_si256(a, b)) == 0)
            err = _mm256_subs_epu8(prev, t.incomplete_max);
        else
            err = _mm256_or_si256(check(a, prev, &t), check(b, a, &t));
        if (!_mm256_testz_si256(err, err))
            return u8g_block_failed(p, len, i);
        prev = b;
    }
    /* The last len - i < 64 bytes, zero-padded: at least one zero byte
     * follows them, so a character cut off by the end fails too. */
    memset(tail, 0, sizeof tail);
    memcpy(tail, p + i, len - i);
    a = load(tail);
    b = load(tail + 32);
    err = _mm256_or_si256(check(a, prev, &t), check(b, a, &t));
    if (!_mm256_testz_si256(err, err))
        return u8g_block_failed(p, len, i);
    return len;
}

static size_t avx2_valid_prefix(const uint8_t *p, size_t len)
{
    bool stop;
    size_t h = u8g_head(p, len, &stop);

    return stop ? h : h + avx2_blocks(p + h, len - h);
}

/* Number of ASCII bytes at the start of the 32 at p (32: all of them). */
static inline size_t ascii_run(__m256i v)
{
    uint32_t m = (uint32_t)_mm256_movemask_epi8(v);

    return m == 0 ? 32 : (size_t)__builtin_ctz(m);
}

static size_t avx2_to_utf32(const uint8_t *p, size_t len, uint32_t *out,
                            size_t *n_out)
{
    size_t n = avx2_valid_prefix(p, len), i = 0, o = 0, k, m;
    __m256i v;
    __m128i lo, hi;

    while (i < n) {
        if (n - i >= 32) {
            v = load(p + i);
            m = ascii_run(v);
            if (m == 32) {
                lo = _mm256_castsi256_si128(v);
                hi = _mm256_extracti128_si256(v, 1);
                _mm256_storeu_si256((__m256i *)(void *)(out + o), _mm256_cvtepu8_epi32(lo));
                _mm256_storeu_si256((__m256i *)(void *)(out + o + 8),
                                    _mm256_cvtepu8_epi32(_mm_srli_si128(lo, 8)));
                _mm256_storeu_si256((__m256i *)(void *)(out + o + 16), _mm256_cvtepu8_epi32(hi));
                _mm256_storeu_si256((__m256i *)(void *)(out + o + 24),
                                    _mm256_cvtepu8_epi32(_mm_srli_si128(hi, 8)));
                i += 32;
                o += 32;
                continue;
            }
            for (k = 0; k < m; k++)
                out[o + k] = p[i + k];
            i += m;
            o += m;
        }
        i = u8g_run_utf32(p, i, n, out, &o);
    }
    *n_out = o;
    return n;
}

static size_t avx2_to_utf16(const uint8_t *p, size_t len, uint16_t *out,
                            size_t *n_out)
{
    size_t n = avx2_valid_prefix(p, len), i = 0, o = 0, k, m;
    __m256i v;

    while (i < n) {
        if (n - i >= 32) {
            v = load(p + i);
            m = ascii_run(v);
            if (m == 32) {
                _mm256_storeu_si256((__m256i *)(void *)(out + o),
                                    _mm256_cvtepu8_epi16(_mm256_castsi256_si128(v)));
                _mm256_storeu_si256((__m256i *)(void *)(out + o + 16),
                                    _mm256_cvtepu8_epi16(_mm256_extracti128_si256(v, 1)));
                i += 32;
                o += 32;
                continue;
            }
            for (k = 0; k < m; k++)
                out[o + k] = p[i + k];
            i += m;
            o += m;
        }
        i = u8g_run_utf16(p, i, n, out, &o);
    }
    *n_out = o;
    return n;
}

const struct u8g_kernels u8g_avx2_kernels = {
    U8GUARD_IMPL_AVX2, avx2_valid_prefix, avx2_to_utf32, avx2_to_utf16,
    NULL, /* no fused validate-and-copy: sanitize validates, then copies */
};

#endif
