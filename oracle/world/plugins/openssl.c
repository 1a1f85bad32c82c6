/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* openssl.c -- the world plugin for OpenSSL's UTF-8 decoder
 * (doc/audit-world.md): UTF8_getc(), which reads one character of at most
 * len bytes and returns the number of bytes read, or a negative number
 * when it cannot read one (the input ends inside a sequence, or the
 * sequence is ill-formed). ASN1 string conversions
 * (ASN1_mbstring_copy) are built on it. The plugin calls it until the
 * input ends or it fails. OpenSSL has no replacing mode. */
#include <limits.h>
#include <openssl/asn1.h>
#include <openssl/crypto.h>

#include "world_plugin.h"

const char *u8guard_audit_name(void)
{
    return "openssl-utf8_getc";
}

const char *u8guard_audit_version(void)
{
    return OpenSSL_version(OPENSSL_VERSION);
}

int u8guard_audit_decode(const unsigned char *in, size_t len, uint32_t *out,
                         size_t *n_out, size_t *err_offset)
{
    size_t i = 0, n = 0;

    while (i < len) {
        unsigned long cp = 0;
        int left = len - i > INT_MAX ? INT_MAX : (int)(len - i);
        int got = UTF8_getc(in + i, left, &cp);

        if (got <= 0) {
            *err_offset = i;
            *n_out = n;
            return 1;
        }
        out[n++] = (uint32_t)cp;
        i += (size_t)got;
    }
    *n_out = n;
    return 0;
}
