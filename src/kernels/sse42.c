/* sse42.c -- the SSSE3/SSE4.1/SSE4.2 implementation: Keiser-Lemire
 * validation (blocks.h) 16 bytes per vector, 64 bytes per step; ASCII
 * widened 16 bytes at a time when decoding.
 *
 * This file is compiled with -mssse3 -msse4.1 -msse4.2 (src/CMakeLists.txt)
 * and its functions run only after cpu.c has confirmed those. */
#include "kernels.h"

#if U8G_HAVE_X86_KERNELS
#if !defined(__SSE4_2__) || !defined(__SSSE3__)
#error "sse42.c must be compiled with -mssse3 -msse4.2 (see src/CMakeLists.txt)"
#endif

#include "blocks.h"
#include "utf8_char.h"

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

/* The error bits of each byte of in, whose preceding 16 bytes are prev:
 * nonzero where a rule of Table 3-7 is broken. */
static inline __m128i check(__m128i in, __m128i prev, const struct tables *t)
{
    const __m128i nibble = _mm_set1_epi8(0x0F);
    __m128i prev1 = _mm_alignr_epi8(in, prev, 15);
    __m128i prev2 = _mm_alignr_epi8(in, prev, 14);
    __m128i prev3 = _mm_alignr_epi8(in, prev, 13);
    __m128i a = _mm_shuffle_epi8(t->prev_high,
                                 _mm_and_si128(_mm_srli_epi16(prev1, 4), nibble));
    __m128i b = _mm_shuffle_epi8(t->prev_low, _mm_and_si128(prev1, nibble));
    __m128i c = _mm_shuffle_epi8(t->cur_high,
                                 _mm_and_si128(_mm_srli_epi16(in, 4), nibble));
    __m128i special = _mm_and_si128(_mm_and_si128(a, b), c);
    __m128i must23 = _mm_and_si128(
        _mm_or_si128(_mm_subs_epu8(prev2, _mm_set1_epi8(KL_THIRD_SUB)),
                     _mm_subs_epu8(prev3, _mm_set1_epi8(KL_FOURTH_SUB))),
        _mm_set1_epi8((char)0x80));

    return _mm_xor_si128(must23, special);
}

/* The error bits of the 64 bytes at p (vectors v[0..4)), given the 16
 * bytes before them. */
static inline __m128i check4(const __m128i v[4], __m128i prev,
                             const struct tables *t)
{
    return _mm_or_si128(_mm_or_si128(check(v[0], prev, t), check(v[1], v[0], t)),
                        _mm_or_si128(check(v[2], v[1], t), check(v[3], v[2], t)));
}

/* The longest valid prefix of p[0..len), by blocks (see blocks.h). */
static size_t sse42_blocks(const uint8_t *p, size_t len)
{
    struct tables t;
    __m128i prev = _mm_setzero_si128(), v[4], err;
    uint8_t tail[STEP];
    size_t i;

    load_tables(&t);
    for (i = 0; len - i >= STEP; i += STEP) {
        v[0] = load(p + i);
        v[1] = load(p + i + 16);
        v[2] = load(p + i + 32);
        v[3] = load(p + i + 48);
        if (_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(v[0], v[1]),
                                           _mm_or_si128(v[2], v[3]))) == 0)
            err = _mm_subs_epu8(prev, t.incomplete_max);
        else
            err = check4(v, prev, &t);
        if (!_mm_testz_si128(err, err))
            return u8g_block_failed(p, len, i);
        prev = v[3];
    }
    /* The last len - i < 64 bytes, zero-padded: at least one zero byte
     * follows them, so a character cut off by the end fails too. */
    memset(tail, 0, sizeof tail);
    memcpy(tail, p + i, len - i);
    v[0] = load(tail);
    v[1] = load(tail + 16);
    v[2] = load(tail + 32);
    v[3] = load(tail + 48);
    err = check4(v, prev, &t);
    if (!_mm_testz_si128(err, err))
        return u8g_block_failed(p, len, i);
    return len;
}

static size_t sse42_valid_prefix(const uint8_t *p, size_t len)
{
    bool stop;
    size_t h = u8g_head(p, len, &stop);

    return stop ? h : h + sse42_blocks(p + h, len - h);
}

/* Number of ASCII bytes at the start of v (16: all of them). */
static inline size_t ascii_run(__m128i v)
{
    uint32_t m = (uint32_t)_mm_movemask_epi8(v);

    return m == 0 ? 16 : (size_t)__builtin_ctz(m);
}

static size_t sse42_to_utf32(const uint8_t *p, size_t len, uint32_t *out,
                             size_t *n_out)
{
    size_t n = sse42_valid_prefix(p, len), i = 0, o = 0, k, m;
    __m128i v;

    while (i < n) {
        if (n - i >= 16) {
            v = load(p + i);
            m = ascii_run(v);
            if (m == 16) {
                _mm_storeu_si128((__m128i *)(void *)(out + o), _mm_cvtepu8_epi32(v));
                _mm_storeu_si128((__m128i *)(void *)(out + o + 4),
                                 _mm_cvtepu8_epi32(_mm_srli_si128(v, 4)));
                _mm_storeu_si128((__m128i *)(void *)(out + o + 8),
                                 _mm_cvtepu8_epi32(_mm_srli_si128(v, 8)));
                _mm_storeu_si128((__m128i *)(void *)(out + o + 12),
                                 _mm_cvtepu8_epi32(_mm_srli_si128(v, 12)));
                i += 16;
                o += 16;
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

static size_t sse42_to_utf16(const uint8_t *p, size_t len, uint16_t *out,
                             size_t *n_out)
{
    size_t n = sse42_valid_prefix(p, len), i = 0, o = 0, k, m;
    __m128i v;

    while (i < n) {
        if (n - i >= 16) {
            v = load(p + i);
            m = ascii_run(v);
            if (m == 16) {
                _mm_storeu_si128((__m128i *)(void *)(out + o), _mm_cvtepu8_epi16(v));
                _mm_storeu_si128((__m128i *)(void *)(out + o + 8),
                                 _mm_cvtepu8_epi16(_mm_srli_si128(v, 8)));
                i += 16;
                o += 16;
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

const struct u8g_kernels u8g_sse42_kernels = {
    U8GUARD_IMPL_SSE42, sse42_valid_prefix, sse42_to_utf32, sse42_to_utf16,
    NULL, /* no fused validate-and-copy: sanitize validates, then copies */
};

#endif
