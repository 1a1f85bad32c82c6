/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* record_json_write.c -- building the manifest's JSON objects in a
 * growing string (sbuf): printf-style text, escaped strings, code point
 * lists.
 * Split out of record.c; see record.c for the regression corpus as a
 * whole and record_internal.h for what each shared helper returns. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record_internal.h"
#include "support/json.h"
#include "support/sha256.h"

/* Appends printf-formatted text to b (sets b->oom when out of memory). */
void sb_printf(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    int w;

    if (b->oom)
        return;
    va_start(ap, fmt);
    w = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? b->cap - b->len : 0, fmt, ap);
    va_end(ap);
    if (w < 0) {
        b->oom = true;
        return;
    }
    if (b->s == NULL || b->len + (size_t)w >= b->cap) {
        size_t cap = (b->len + (size_t)w + 1) * 2;
        char *s = realloc(b->s, cap);
        if (s == NULL) {
            b->oom = true;
            return;
        }
        b->s = s;
        b->cap = cap;
        va_start(ap, fmt);
        w = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
        va_end(ap);
        if (w < 0) {
            b->oom = true;
            return;
        }
    }
    b->len += (size_t)w;
}

/* A json_sink appending to the sbuf ctx; false once it is out of memory. */
static bool sb_put(void *ctx, const void *p, size_t n)
{
    sbuf *b = ctx;

    sb_printf(b, "%.*s", (int)n, (const char *)p);
    return !b->oom;
}

/* Appends s as a JSON string literal, escaped by json_string. */
void sb_str(sbuf *b, const char *s)
{
    (void)json_string(s, strlen(s), sb_put, b);
}

/* Returns b's text ("" when empty or out of memory). */
const char *sb_text(const sbuf *b)
{
    return b->s && !b->oom ? b->s : "";
}

/* Appends a code point list as a JSON string: "U+0041 U+FFFD", or
 * "sha256:<hash of the code points as UTF-32LE>" when longer than
 * CPS_LIST_MAX. */
void sb_cps(sbuf *b, const uint32_t *cps, size_t n)
{
    if (n <= CPS_LIST_MAX) {
        sb_printf(b, "\"");
        for (size_t i = 0; i < n; i++)
            sb_printf(b, "%sU+%04X", i ? " " : "", (unsigned)cps[i]);
        sb_printf(b, "\"");
        return;
    }
    {
        sha256_ctx c;
        char sha[65];

        sha256_init(&c);
        for (size_t i = 0; i < n; i++) {
            const uint8_t le[4] = {(uint8_t)cps[i], (uint8_t)(cps[i] >> 8),
                                   (uint8_t)(cps[i] >> 16), (uint8_t)(cps[i] >> 24)};
            sha256_update(&c, le, sizeof le);
        }
        sb_printf(b, "\"sha256:%s\"", sha256_final_hex(&c, sha));
    }
}
