/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* word.c -- the portable implementation: 8 bytes at a time through ASCII
 * (one 64-bit AND tells whether a word has a byte >= 0x80), one character
 * at a time through the rest with the branchy checker of utf8_char.h.
 * It needs nothing beyond C11, so it is the fallback on every platform. */
#include "kernels.h"
#include "utf8_char.h"

#include <stdbool.h>
#include <string.h>

#define HIGH_BITS 0x8080808080808080ull

/* Loads 8 bytes without alignment or aliasing assumptions (one mov). */
static inline uint64_t load64(const uint8_t *p)
{
    uint64_t w;

    memcpy(&w, p, sizeof w);
    return w;
}

/* Number of ASCII bytes at the start of p[0..8) whose word has high bits
 * hb (nonzero): the lowest-addressed byte with bit 7 set. */
static inline size_t ascii_lead(const uint8_t *p, uint64_t hb)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && \
    (defined(__GNUC__) || defined(__clang__))
    (void)p;
    return (size_t)__builtin_ctzll(hb) / 8;
#else
    size_t k = 0;

    (void)hb;
    while (p[k] < 0x80)
        k++;
    return k;
#endif
}

static size_t word_valid_prefix(const uint8_t *p, size_t len)
{
    size_t i = 0, n;
    uint64_t hb;
    uint32_t cp;

    while (i < len) {
        if (len - i >= 8) {
            hb = load64(p + i) & HIGH_BITS;
            if (hb == 0) {
                i += 8;
                continue;
            }
            i += ascii_lead(p + i, hb);
        }
        /* Through the non-ASCII run (or the last < 8 bytes). */
        do {
            n = u8g_char_check(p + i, len - i, &cp);
            if (n == 0)
                return i;
            i += n;
        } while (i < len && p[i] >= 0x80);
    }
    return i;
}

/* Whether the ASCII word w may hold a denied 1-byte character: a byte
 * below 0x20 (TAB, LF and CR too) or 0x7F (exact tests of both, the
 * classic "has a byte less than n" and "has a zero byte" forms). */
static inline bool ascii_suspect(uint64_t w)
{
    const uint64_t ones = 0x0101010101010101ull, del = w ^ (0x7F * ones);

    return ((((w - 0x20 * ones) & ~w) | ((del - ones) & ~del)) & HIGH_BITS) != 0;
}

/* Validation and policy checking in one pass (struct u8g_kernels'
 * clean_blocks): word_valid_prefix, and each character that starts with
 * a byte of set's first test decoded and its class looked up; ASCII words
 * are looked at byte by byte only where ascii_suspect says so. Stops at
 * the first ill-formed or denied character. */
static size_t word_clean_blocks(const uint8_t *p, size_t len, const struct u8g_polset *set)
{
    size_t i = 0, n, m, k;
    uint64_t w, hb;
    uint32_t cp;
    bool ascii = set->ascii != 0;

    while (i < len) {
        if (len - i >= 8) {
            w = load64(p + i);
            hb = w & HIGH_BITS;
            m = hb == 0 ? 8 : ascii_lead(p + i, hb);
            if (ascii && ascii_suspect(w))
                for (k = 0; k < m; k++)
                    if (u8g_polset_starts(set, p[i + k]))
                        return i + k;
            i += m;
            if (m == 8)
                continue;
        }
        /* Through the non-ASCII run (or the last < 8 bytes). */
        do {
            n = u8g_char_check(p + i, len - i, &cp);
            if (n == 0 ||
                (u8g_polset_starts(set, p[i]) && (u8guard_class_of(cp) & set->deny) != 0))
                return i;
            i += n;
        } while (i < len && p[i] >= 0x80);
    }
    return i;
}

/* The loop of word_to_utf32 (utf16 false, output out32) and
 * word_to_utf16 (utf16 true, out16). utf16 is a constant at each call:
 * always inlined, the test is resolved at compile time. */
static inline __attribute__((always_inline)) size_t
word_decode(const uint8_t *p, size_t len, bool utf16, uint32_t *out32,
            uint16_t *out16, size_t *n_out)
{
    size_t i = 0, o = 0, n, k, m;
    uint64_t hb;
    uint32_t cp;

    while (i < len) {
        if (len - i >= 8) {
            hb = load64(p + i) & HIGH_BITS;
            m = hb == 0 ? 8 : ascii_lead(p + i, hb);
            for (k = 0; k < m; k++) {
                /* The unused output is NULL; utf16 is a constant that picks
                 * the other one (cppcheck cannot tie the two together). */
                if (utf16)
                    out16[o + k] = p[i + k]; /* cppcheck-suppress nullPointer */
                else
                    out32[o + k] = p[i + k]; /* cppcheck-suppress nullPointer */
            }
            i += m;
            o += m;
            if (m == 8)
                continue;
        }
        do {
            n = u8g_char_check(p + i, len - i, &cp);
            if (n == 0)
                goto done;
            if (utf16)
                o += u8g_put_utf16(out16 + o, cp);
            else
                out32[o++] = cp;
            i += n;
        } while (i < len && p[i] >= 0x80);
    }
done:
    *n_out = o;
    return i;
}

static size_t word_to_utf32(const uint8_t *p, size_t len, uint32_t *out,
                            size_t *n_out)
{
    return word_decode(p, len, false, out, NULL, n_out);
}

static size_t word_to_utf16(const uint8_t *p, size_t len, uint16_t *out,
                            size_t *n_out)
{
    return word_decode(p, len, true, NULL, out, n_out);
}

/* error_scan.h with the portable bit planes. */
#define U8G_SCAN_PLANES u8g_planes_swar
#include "error_scan.h"

U8G_ENTRIES(word, word_valid_prefix)

const struct u8g_kernels u8g_word_kernels = {
    U8GUARD_IMPL_WORD, word_valid_prefix, word_to_utf32, word_to_utf16,
    NULL, /* no fused validate-and-copy: sanitize validates, then copies */
    word_clean_blocks,
    scan_error_run,
    word_validate,
    word_first_error,
    NULL, /* no one-pass copy: no copy with non-temporal stores either */
};
