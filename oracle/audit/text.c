/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* text.c -- hex, JSON strings and decoder names for the audit's reports.
 * A decoder's name comes from the decoder (a plugin's u8guard_audit_name,
 * an --exec command line), so it may hold escape sequences or bytes that
 * are not UTF-8: names are shown the way `u8guard check` shows file names
 * (cli/names.h). */
#include <string.h>

#include "audit.h"
#include "support/json.h"
#include "u8guard.h"

char *audit_hex(const uint8_t *data, size_t len, char *buf, size_t cap)
{
    static const char digits[] = "0123456789abcdef";
    size_t o = 0;

    for (size_t i = 0; i < len; i++) {
        if (o + 2 + 4 > cap) {
            buf[o++] = '.';
            buf[o++] = '.';
            buf[o++] = '.';
            break;
        }
        buf[o++] = digits[data[i] >> 4];
        buf[o++] = digits[data[i] & 15];
    }
    buf[o] = '\0';
    return buf;
}

/* Returns the length of the ill-formed sequence at p[0..n) (n > 0, p not
 * starting with a valid character), at least 1. */
static size_t bad_len(const unsigned char *p, size_t n)
{
    u8guard_error e;

    (void)u8guard_validate(p, n, &e);
    return e.length ? e.length : 1;
}

char *audit_name_human(const char *name, char *buf, size_t cap)
{
    const unsigned char *p = (const unsigned char *)name;
    size_t len = strlen(name), i = 0, o = 0;

    if (cap == 0)
        return buf;
    /* Each step writes at most 4 bytes or one \xHH (4 characters). */
    while (i < len && o + 5 <= cap) {
        size_t v = u8guard_valid_prefix(p + i, len - i);

        if (v == 0) {
            size_t bad = bad_len(p + i, len - i);
            for (size_t k = 0; k < bad && o + 5 <= cap; k++, i++)
                o += (size_t)snprintf(buf + o, cap - o, "\\x%02X", p[i]);
            continue;
        }
        if (p[i] < 0x20 || p[i] == 0x7F) {
            o += (size_t)snprintf(buf + o, cap - o, "\\x%02X", p[i]);
            i++;
            continue;
        }
        /* one whole character of the valid prefix */
        {
            size_t n = p[i] < 0x80 ? 1 : p[i] < 0xE0 ? 2 : p[i] < 0xF0 ? 3 : 4;
            memcpy(buf + o, p + i, n);
            o += n;
            i += n;
        }
    }
    buf[o] = '\0';
    return buf;
}

void audit_json_str(FILE *f, const char *s)
{
    /* a write error shows in ferror(f), which the caller checks */
    (void)json_string(s, strlen(s), json_sink_file, f);
}

void audit_json_name(FILE *f, const char *key, const char *name)
{
    size_t len = strlen(name);

    fprintf(f, "\"%s\": ", key);
    audit_json_str(f, name);
    if (u8guard_valid_prefix(name, len) != len) {
        fprintf(f, ", \"%s_hex\": \"", key);
        for (const unsigned char *p = (const unsigned char *)name; *p; p++)
            fprintf(f, "%02X", *p);
        fputc('"', f);
    }
}
