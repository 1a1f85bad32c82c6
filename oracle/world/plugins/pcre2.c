/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* pcre2.c -- the world plugin for PCRE2's UTF-8 check (doc/audit-world.md):
 * pcre2_match() with a pattern compiled with PCRE2_UTF validates the whole
 * subject first and fails with one of the PCRE2_ERROR_UTF8_ERR* codes,
 * pcre2_get_startchar() then giving the offset of the invalid character.
 * PCRE2 has no replacing mode. It validates without producing code
 * points, so those of an accepted input are read from its bits
 * (world_bits_decode). */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdio.h>

#include "world_plugin.h"

const char *u8guard_audit_name(void)
{
    return "pcre2";
}

const char *u8guard_audit_version(void)
{
    static char v[64];
    char rel[48];

    if (v[0] == '\0') {
        if (pcre2_config(PCRE2_CONFIG_VERSION, rel) < 0)
            snprintf(rel, sizeof rel, "?");
        snprintf(v, sizeof v, "PCRE2 %s", rel);
    }
    return v;
}

int u8guard_audit_decode(const unsigned char *in, size_t len, uint32_t *out,
                         size_t *n_out, size_t *err_offset)
{
    static pcre2_code *re;
    static pcre2_match_data *md;
    int rc;

    if (re == NULL) {
        int e;
        PCRE2_SIZE at;
        /* The empty pattern matches at once: the check is all the work. */
        re = pcre2_compile((PCRE2_SPTR) "", 0, PCRE2_UTF, &e, &at, NULL);
        md = pcre2_match_data_create(1, NULL);
        if (re == NULL || md == NULL)
            return *err_offset = SIZE_MAX, *n_out = 0, 1;
    }
    rc = pcre2_match(re, len ? (PCRE2_SPTR)in : (PCRE2_SPTR) "", len, 0, 0, md, NULL);
    if (rc >= 0 || rc == PCRE2_ERROR_NOMATCH) {
        *n_out = world_bits_decode(in, len, out);
        return 0;
    }
    if (rc <= PCRE2_ERROR_UTF8_ERR1 && rc >= PCRE2_ERROR_UTF8_ERR21) {
        size_t at = (size_t)pcre2_get_startchar(md);
        *err_offset = at <= len ? at : SIZE_MAX;
        *n_out = at <= len ? world_bits_decode(in, at, out) : 0;
        return 1;
    }
    *err_offset = SIZE_MAX; /* another failure: no offset to report */
    *n_out = 0;
    return 1;
}
