/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* fuzz_roundtrip -- encoding and decoding are inverse.
 *
 * The input is read as 32-bit little-endian words. Each word is tried as
 * it is (mostly above U+10FFFF) and reduced modulo 0x110000 (always in the
 * code space, surrogates included). Properties:
 *  - u8guard_encode refuses surrogates and values above U+10FFFF (returns
 *    0, writes nothing), and otherwise writes what the harness's own
 *    encoder (encoders.h) writes;
 *  - decoding that encoding gives back the code point (UTF-32), the right
 *    unit or surrogate pair (UTF-16), with no error;
 *  - all accepted code points encoded one after another form a valid text
 *    that decodes to the same list and that u8guard_sanitize copies
 *    unchanged. */
#include "encoders.h"
#include "impls.h"
#include "report.h"

#include <stdlib.h>
#include <string.h>

#define TARGET "fuzz_roundtrip"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Encodes and decodes cp alone; returns its encoded length (0: refused). */
static size_t check_one(const uint8_t *data, size_t size, uint32_t cp, uint8_t out[4])
{
    uint8_t mine[4], buf[4] = {0xAA, 0xAA, 0xAA, 0xAA};
    size_t n = u8guard_encode(cp, buf), want = fz_utf8(cp, mine), i;
    uint32_t back[4];
    uint16_t units[4];
    u8guard_error e;
    char s[64];

    if (n != want || (n && memcmp(buf, mine, n) != 0)) {
        (void)fprintf(stderr, "ours=");
        fz_hex(stderr, buf, n <= 4 ? n : 4);
        (void)fprintf(stderr, " want=");
        fz_hex(stderr, mine, want);
        (void)fputc('\n', stderr);
        fz_fail(TARGET, data, size, "u8guard_encode(U+%04X) returned %zu, want %zu",
                (unsigned)cp, n, want);
    }
    for (i = n; i < 4; i++)
        if (buf[i] != 0xAA)
            fz_fail(TARGET, data, size, "u8guard_encode(U+%04X) wrote byte %zu of 4",
                    (unsigned)cp, i);
    if (n == 0)
        return 0;
    if (u8guard_decode_utf32(buf, n, back, 4, &e) != 1 || back[0] != cp ||
        e.kind != U8GUARD_OK || e.offset != n)
        fz_fail(TARGET, data, size, "U+%04X decodes to U+%04X, err %s", (unsigned)cp,
                (unsigned)back[0], fz_err_str(&e, s, sizeof s));
    i = u8guard_decode_utf16(buf, n, units, 4, &e);
    if (e.kind != U8GUARD_OK ||
        (cp < 0x10000 ? i != 1 || units[0] != cp
                      : i != 2 || units[0] != 0xD800 + ((cp - 0x10000) >> 10) ||
                            units[1] != 0xDC00 + ((cp - 0x10000) & 0x3FF)))
        fz_fail(TARGET, data, size, "U+%04X decodes to %zu UTF-16 units %04X %04X",
                (unsigned)cp, i, (unsigned)units[0], i > 1 ? (unsigned)units[1] : 0u);
    memcpy(out, buf, n);
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t words = size / 4, i, k, o = 0, n_cps = 0, got;
    uint8_t *text = malloc(8 * words + 1), *copy = malloc(8 * words + 1);
    uint32_t *cps = malloc((2 * words + 1) * sizeof *cps);
    uint32_t *back = malloc((8 * words + 1) * sizeof *back);
    u8guard_impl impls[U8GUARD_IMPL_COUNT_];
    size_t n_impls = fz_impls(impls);
    u8guard_error e;
    char s[64];

    if (text == NULL || copy == NULL || cps == NULL || back == NULL)
        abort();
    for (i = 0; i < words; i++) {
        uint32_t w = (uint32_t)data[4 * i] | (uint32_t)data[4 * i + 1] << 8 |
                     (uint32_t)data[4 * i + 2] << 16 | (uint32_t)data[4 * i + 3] << 24;
        uint32_t tries[2] = {w, w % 0x110000u};

        for (k = 0; k < 2; k++) {
            size_t n = check_one(data, size, tries[k], text + o);
            if (n) {
                o += n;
                cps[n_cps++] = tries[k];
            }
        }
    }
    for (i = 0; i < n_impls; i++) {
        fz_use(impls[i]);
        got = u8guard_decode_utf32(text, o, back, 8 * words + 1, &e);
        if (got != n_cps || e.kind != U8GUARD_OK ||
            (got && memcmp(back, cps, got * sizeof *back) != 0))
            fz_fail(TARGET, data, size, "impl=%s the encoded text decodes to %zu of %zu code points, err %s",
                    u8guard_impl_name(impls[i]), got, n_cps, fz_err_str(&e, s, sizeof s));
        got = u8guard_sanitize(text, o, copy, 8 * words + 1, &k);
        if (got != o || k != 0 || (o && memcmp(copy, text, o) != 0))
            fz_fail(TARGET, data, size, "impl=%s sanitize changed the encoded text (%zu bytes, %zu errors)",
                    u8guard_impl_name(impls[i]), got, k);
    }
    fz_use(U8GUARD_IMPL_AUTO);
    free(text);
    free(copy);
    free(cps);
    free(back);
    return 0;
}
