/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* json.c -- bytes as a JSON string literal (the rules are in json.h). */
#include "support/json.h"

#include <stdint.h>
#include <stdio.h>

#include "u8guard.h"

/* Writes the valid UTF-8 p[0..n) escaped, through put. Runs of characters
 * that need no escape go out in one call. Returns as put. */
static bool put_valid(const uint8_t *p, size_t n, json_sink put, void *ctx)
{
    static const char digits[] = "0123456789abcdef";
    size_t i, start = 0;
    const char *esc;
    char u[6];

    for (i = 0; i < n; i++) {
        if (p[i] >= 0x20 && p[i] != '"' && p[i] != '\\' && p[i] != 0x7F)
            continue;
        switch (p[i]) {
        case '"': esc = "\\\""; break;
        case '\\': esc = "\\\\"; break;
        case '\n': esc = "\\n"; break;
        case '\t': esc = "\\t"; break;
        case '\r': esc = "\\r"; break;
        case '\b': esc = "\\b"; break;
        case '\f': esc = "\\f"; break;
        default: /* the other bytes below 0x20, and 0x7F */
            u[0] = '\\';
            u[1] = 'u';
            u[2] = '0';
            u[3] = '0';
            u[4] = digits[p[i] >> 4];
            u[5] = digits[p[i] & 15];
            esc = NULL;
            break;
        }
        if (i > start && !put(ctx, p + start, i - start))
            return false;
        if (esc ? !put(ctx, esc, 2) : !put(ctx, u, sizeof u))
            return false;
        start = i + 1;
    }
    return i == start || put(ctx, p + start, i - start);
}

bool json_string(const void *s, size_t len, json_sink put, void *ctx)
{
    const uint8_t *p = s;
    size_t i = 0, v;
    u8guard_error e;

    if (!put(ctx, "\"", 1))
        return false;
    while (i < len) {
        v = u8guard_valid_prefix(p + i, len - i);
        if (!put_valid(p + i, v, put, ctx))
            return false;
        i += v;
        if (i == len)
            break;
        /* an error starts at p[i]: one U+FFFD for its maximal subpart */
        u8guard_validate(p + i, len - i, &e);
        if (!put(ctx, U8GUARD_REPLACEMENT_UTF8, 3))
            return false;
        i += e.length ? e.length : 1; /* 0 cannot happen: p[i] is an error */
    }
    return put(ctx, "\"", 1);
}

bool json_sink_file(void *ctx, const void *p, size_t n)
{
    return fwrite(p, 1, n, (FILE *)ctx) == n;
}
