/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* encode.c -- one scalar value to UTF-8 (RFC 3629 section 3). */
#include "internal.h" /* the ACSL specification of UTF-8 (doc/proofs.md) */

/*@ requires \valid(out + (0 .. 3));
    assigns out[0 .. 3];
    ensures \result == 0 <==> !u8g_scalar(cp);
    // The shortest form: RFC 3629 section 3's table of ranges.
    ensures u8g_scalar(cp) ==> \result == (cp < 0x80 ? 1 : cp < 0x800 ? 2 :
                                          cp < 0x10000 ? 3 : 4);
*/
size_t u8guard_encode(uint32_t cp, unsigned char out[4])
{
    if (cp < 0x80) {
        out[0] = (unsigned char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (unsigned char)(0xC0 | (cp >> 6));
        out[1] = (unsigned char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp >= 0xD800 && cp <= 0xDFFF) /* surrogates are not scalar values */
        return 0;
    if (cp < 0x10000) {
        out[0] = (unsigned char)(0xE0 | (cp >> 12));
        out[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (unsigned char)(0x80 | (cp & 0x3F));
        return 3;
    }
    if (cp > 0x10FFFF) /* beyond the last plane */
        return 0;
    out[0] = (unsigned char)(0xF0 | (cp >> 18));
    out[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (unsigned char)(0x80 | (cp & 0x3F));
    return 4;
}
