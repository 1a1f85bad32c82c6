/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* encoders.c -- see encoders.h. */
#include "encoders.h"

size_t fz_utf8(uint32_t cp, uint8_t out[4])
{
    if (cp < 0x80) {
        out[0] = (uint8_t)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (uint8_t)(0xC0 + (cp >> 6));
        out[1] = (uint8_t)(0x80 + (cp & 0x3F));
        return 2;
    }
    if (cp >= 0xD800 && cp <= 0xDFFF)
        return 0;
    if (cp < 0x10000) {
        out[0] = (uint8_t)(0xE0 + (cp >> 12));
        out[1] = (uint8_t)(0x80 + ((cp >> 6) & 0x3F));
        out[2] = (uint8_t)(0x80 + (cp & 0x3F));
        return 3;
    }
    if (cp > 0x10FFFF)
        return 0;
    out[0] = (uint8_t)(0xF0 + (cp >> 18));
    out[1] = (uint8_t)(0x80 + ((cp >> 12) & 0x3F));
    out[2] = (uint8_t)(0x80 + ((cp >> 6) & 0x3F));
    out[3] = (uint8_t)(0x80 + (cp & 0x3F));
    return 4;
}

size_t fz_utf32_to_utf8(const uint32_t *c, size_t n, uint8_t *out)
{
    size_t i, o = 0, k;

    for (i = 0; i < n; i++) {
        k = fz_utf8(c[i], out + o);
        if (k == 0)
            return SIZE_MAX;
        o += k;
    }
    return o;
}

size_t fz_utf16_to_utf8(const uint16_t *u, size_t n, uint8_t *out)
{
    size_t i, o = 0;
    uint32_t cp;

    for (i = 0; i < n; i++) {
        cp = u[i];
        if (cp >= 0xDC00 && cp <= 0xDFFF)
            return SIZE_MAX; /* a low surrogate with no high one */
        if (cp >= 0xD800 && cp <= 0xDBFF) {
            if (i + 1 == n || u[i + 1] < 0xDC00 || u[i + 1] > 0xDFFF)
                return SIZE_MAX; /* a high surrogate with no low one */
            cp = 0x10000 + ((cp - 0xD800) << 10) + (u[i + 1] - 0xDC00u);
            i++;
        }
        o += fz_utf8(cp, out + o);
    }
    return o;
}
