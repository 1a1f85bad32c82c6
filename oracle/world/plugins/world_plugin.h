/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* world_plugin.h -- what the world's plugins share (doc/audit-world.md):
 * the ABI of <u8guard/audit_plugin.h>, and, for the libraries that only
 * validate (PCRE2) or only say where they stopped, a way to turn bytes
 * the library accepted into code points. */
#ifndef U8GUARD_WORLD_PLUGIN_H
#define U8GUARD_WORLD_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#include "u8guard/audit_plugin.h"

/* world_bits_decode writes to out the code points of in[0..len) read by
 * their bits alone: a lead byte's length (2 for C0..DF, 3 for E0..EF, 4
 * for F0..F7, else 1) and 6 bits from each following byte, never past
 * len. It checks nothing: it is used only on bytes the library under audit
 * accepted, so that its code points are what those bytes mean if the
 * library is right, and a library that accepts ill-formed bytes is still
 * caught by the verdict. Returns the number of code points (<= len). */
static inline size_t world_bits_decode(const unsigned char *in, size_t len,
                                       uint32_t *out)
{
    size_t n = 0;

    for (size_t i = 0; i < len; n++) {
        unsigned char b = in[i];
        size_t k = b >= 0xF0 && b <= 0xF7 ? 4 : b >= 0xE0 && b <= 0xEF ? 3
                 : b >= 0xC0 && b <= 0xDF ? 2 : 1;
        uint32_t cp = k == 4 ? b & 0x07u : k == 3 ? b & 0x0Fu : k == 2 ? b & 0x1Fu : b;

        for (size_t j = 1; j < k && i + j < len; j++)
            cp = cp << 6 | (in[i + j] & 0x3Fu);
        out[n] = cp;
        i += k < len - i ? k : len - i;
    }
    return n;
}

#endif
