/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* libxml2.c -- the world plugin for libxml2's UTF-8 decoder
 * (doc/audit-world.md): xmlGetUTF8Char(), the exported function that reads
 * one character of a UTF-8 string (given the bytes left) and returns its
 * code point, or -1 for an ill-formed sequence. The plugin calls it until
 * the input ends or it fails. libxml2 has no replacing mode for UTF-8
 * input. */
#include <libxml/xmlstring.h>
#include <libxml/xmlversion.h>
#include <limits.h>

#include "world_plugin.h"

const char *u8guard_audit_name(void)
{
    return "libxml2";
}

const char *u8guard_audit_version(void)
{
    return "libxml2 " LIBXML_DOTTED_VERSION;
}

int u8guard_audit_decode(const unsigned char *in, size_t len, uint32_t *out,
                         size_t *n_out, size_t *err_offset)
{
    size_t i = 0, n = 0;

    while (i < len) {
        int left = len - i > INT_MAX ? INT_MAX : (int)(len - i);
        int cp = xmlGetUTF8Char(in + i, &left);

        if (cp < 0 || left <= 0) {
            *err_offset = i;
            *n_out = n;
            return 1;
        }
        out[n++] = (uint32_t)cp;
        i += (size_t)left;
    }
    *n_out = n;
    return 0;
}
