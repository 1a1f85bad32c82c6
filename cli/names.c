/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* names.c -- escaping file names for human and JSON output (the JSON
 * string itself by json_string of support/json.h). */
#include "names.h"

#include <stdio.h>
#include <string.h>

#include "support/json.h"
#include "u8guard.h"

/* Puts the valid UTF-8 p[0..n) for a terminal: C0 controls, DEL and the
 * C1 controls (U+0080..U+009F, bytes C2 80..C2 9F; a terminal obeys C2 9B
 * as CSI) as \xHH per byte, and a backslash as \\ so that an escape
 * cannot be faked by a name that spells one. */
static bool human_valid(struct writer *w, const unsigned char *p, size_t n)
{
    size_t i, start = 0, k;

    for (i = 0; i < n; i++) {
        /* p[i + 1] is there: C2 starts a 2-byte character of valid p */
        k = p[i] < 0x20 || p[i] == 0x7F || p[i] == '\\' ? 1
            : p[i] == 0xC2 && p[i + 1] < 0xA0 ? 2 : 0;
        if (k == 0)
            continue;
        if (!writer_put(w, p + start, i - start))
            return false;
        if (p[i] == '\\') {
            if (!writer_str(w, "\\\\"))
                return false;
        } else if (!writer_printf(w, "\\x%02X", p[i]) ||
                   (k == 2 && !writer_printf(w, "\\x%02X", p[i + 1]))) {
            return false;
        }
        i += k - 1;
        start = i + 1;
    }
    return writer_put(w, p + start, n - start);
}

bool name_human(struct writer *w, const char *name)
{
    const unsigned char *p = (const unsigned char *)name;
    size_t len = strlen(name), i = 0, v;

    for (;;) { /* a valid run (maybe empty), then an error or the end */
        v = u8guard_valid_prefix(p + i, len - i);
        if (!human_valid(w, p + i, v))
            return false;
        i += v;
        if (i == len)
            return true;
        /* An error starts at p[i]: its first byte as \xHH. The rest of
         * its maximal subpart are continuation bytes, which start no
         * valid run: the next turns escape them one by one. */
        if (!writer_printf(w, "\\x%02X", p[i]))
            return false;
        i++;
    }
}

/* A json_sink into the writer ctx. */
static bool put_writer(void *ctx, const void *p, size_t n)
{
    return writer_put(ctx, p, n);
}

bool name_json(struct writer *w, const char *name)
{
    const unsigned char *p = (const unsigned char *)name;
    size_t i, len = strlen(name);

    if (!writer_str(w, "\"file\": ") || !json_string(name, len, put_writer, w))
        return false;
    if (u8guard_valid_prefix(name, len) == len)
        return true;
    if (!writer_str(w, ", \"file_hex\": \""))
        return false;
    for (i = 0; p[i]; i++)
        if (!writer_printf(w, "%02X", p[i]))
            return false;
    return writer_str(w, "\"");
}
