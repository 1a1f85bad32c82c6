/* names.c -- escaping file names for human and JSON output. */
#include "names.h"

#include <stdio.h>
#include <string.h>

#include "u8guard.h"

/* Puts the valid UTF-8 p[0..n) for a terminal: C0 controls, DEL and the
 * C1 controls (U+0080..U+009F, bytes C2 80..C2 9F; a terminal obeys C2 9B
 * as CSI) as \xHH per byte, and a backslash as \\ so that an escape
 * cannot be faked by a name that spells one. */
static bool human_valid(struct writer *w, const unsigned char *p, size_t n)
{
    size_t i, start = 0, k;

    for (i = 0; i < n; i++) {
        k = p[i] < 0x20 || p[i] == 0x7F || p[i] == '\\' ? 1
            : p[i] == 0xC2 && i + 1 < n && p[i + 1] < 0xA0 ? 2 : 0;
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

static bool json_valid(struct writer *w, const unsigned char *p, size_t n)
{
    size_t i, start = 0;
    const char *esc;
    char u[8];

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
        default:
            /* a byte below 0x20 or 0x7F: "\\u00XX" is 6 characters, so it
             * always fits in u[8]; the length snprintf returns is not needed */
            (void)snprintf(u, sizeof u, "\\u%04x", p[i]);
            esc = u;
            break;
        }
        if (!writer_put(w, p + start, i - start) || !writer_str(w, esc))
            return false;
        start = i + 1;
    }
    return writer_put(w, p + start, n - start);
}

/* Walks name as valid stretches and errors; for each error, either puts
 * U+FFFD (json) or \xHH per byte. */
static bool walk(struct writer *w, const char *name, bool json, bool *valid)
{
    const unsigned char *p = (const unsigned char *)name;
    size_t len = strlen(name), i = 0, v, k;
    u8guard_error e;

    *valid = true;
    while (i < len) {
        v = u8guard_valid_prefix(p + i, len - i);
        if (!(json ? json_valid(w, p + i, v) : human_valid(w, p + i, v)))
            return false;
        i += v;
        if (i == len)
            break;
        *valid = false;
        u8guard_validate(p + i, len - i, &e);
        if (e.length == 0) /* cannot happen: i is where an error starts */
            e.length = 1;
        if (json) {
            if (!writer_str(w, U8GUARD_REPLACEMENT_UTF8))
                return false;
        } else {
            for (k = 0; k < e.length; k++)
                if (!writer_printf(w, "\\x%02X", p[i + k]))
                    return false;
        }
        i += e.length;
    }
    return true;
}

bool name_human(struct writer *w, const char *name)
{
    bool valid;

    return walk(w, name, false, &valid);
}

bool name_json(struct writer *w, const char *name)
{
    const unsigned char *p = (const unsigned char *)name;
    bool valid;
    size_t i;

    if (!writer_str(w, "\"file\": \"") || !walk(w, name, true, &valid) ||
        !writer_str(w, "\""))
        return false;
    if (valid)
        return true;
    if (!writer_str(w, ", \"file_hex\": \""))
        return false;
    for (i = 0; p[i]; i++)
        if (!writer_printf(w, "%02X", p[i]))
            return false;
    return writer_str(w, "\"");
}
