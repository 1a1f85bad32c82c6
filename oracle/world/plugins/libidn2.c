/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* libidn2.c -- the world plugin for libidn2's UTF-8 decoder
 * (doc/audit-world.md): idn2_to_unicode_8z4z(), which turns a domain name
 * in UTF-8 into UTF-32 (decoding "xn--" labels as Punycode, as IDNA
 * requires) and fails with IDN2_ENCODING_ERROR on ill-formed UTF-8. Its
 * input is a NUL-terminated string: an input holding a 00 byte cannot be
 * passed, and the plugin rejects it at that byte (the report says so).
 * libidn2 says only that it failed, not where: the offset is unknown.
 * libidn2 has no replacing mode. */
#include <idn2.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "world_plugin.h"

const char *u8guard_audit_name(void)
{
    return "libidn2";
}

const char *u8guard_audit_version(void)
{
    static char v[48];

    if (v[0] == '\0') {
        const char *r = idn2_check_version(NULL);
        snprintf(v, sizeof v, "libidn2 %s", r ? r : "?");
    }
    return v;
}

int u8guard_audit_decode(const unsigned char *in, size_t len, uint32_t *out,
                         size_t *n_out, size_t *err_offset)
{
    const unsigned char *nul = len ? memchr(in, 0, len) : NULL;
    char *z;
    uint32_t *u = NULL;
    int rc;
    size_t n = 0;

    *n_out = 0;
    if (nul != NULL) {
        *err_offset = (size_t)(nul - in);
        *n_out = world_bits_decode(in, *err_offset, out);
        return 1;
    }
    z = malloc(len + 1);
    if (z == NULL) {
        *err_offset = SIZE_MAX;
        return 1;
    }
    if (len)
        memcpy(z, in, len);
    z[len] = '\0';
    rc = idn2_to_unicode_8z4z(z, &u, 0);
    free(z);
    if (rc != IDN2_OK) {
        *err_offset = SIZE_MAX;
        return 1;
    }
    while (u[n] != 0 && n < len)
        out[n] = u[n], n++;
    idn2_free(u);
    *n_out = n;
    return 0;
}
