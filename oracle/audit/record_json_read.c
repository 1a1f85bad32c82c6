/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* record_json_read.c -- reading manifest lines: one JSON object of known
 * shape; finding a member, unescaping a string, dropping the whitespace
 * between tokens, decoding hex.
 * Split out of record.c; see record.c for the regression corpus as a
 * whole and record_internal.h for what each shared helper returns. */
#include <stdlib.h>
#include <string.h>

#include "record_internal.h"
#include "support/hex.h"

/* Returns true for the four bytes JSON calls whitespace. */
static bool is_json_ws(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Returns p after JSON whitespace. */
const char *json_skip_ws(const char *p)
{
    while (is_json_ws(*p))
        p++;
    return p;
}

/* Returns the end of the JSON string starting at p (at its opening
 * quote), just past the closing quote; NULL when unterminated. */
const char *json_skip_string(const char *p)
{
    for (p++; *p; p++) {
        if (*p == '\\') {
            if (*++p == '\0')
                return NULL;
        } else if (*p == '"') {
            return p + 1;
        }
    }
    return NULL;
}

/* Returns the end of the JSON value starting at p; NULL when malformed. */
const char *json_skip_value(const char *p)
{
    int depth = 0;

    p = json_skip_ws(p);
    if (*p == '"')
        return json_skip_string(p);
    if (*p != '{' && *p != '[') {
        const char *s = p;
        while (*p && !strchr(",}] \t\r\n", *p))
            p++;
        return p == s ? NULL : p;
    }
    do {
        if (*p == '"') {
            p = json_skip_string(p);
            if (p == NULL)
                return NULL;
            continue;
        }
        if (*p == '{' || *p == '[')
            depth++;
        else if (*p == '}' || *p == ']')
            depth--;
        else if (*p == '\0')
            return NULL;
        p++;
    } while (depth > 0);
    return p;
}

/* Finds the top-level member key of the JSON object in line: sets
 * [*v, *end) to its value's text. Returns false when absent or when the
 * line is not an object. */
bool json_member(const char *line, const char *key, const char **v, const char **end)
{
    const char *p = json_skip_ws(line);
    size_t klen = strlen(key);

    if (*p++ != '{')
        return false;
    for (;;) {
        const char *k, *ke;
        p = json_skip_ws(p);
        if (*p != '"')
            return false;
        k = p + 1;
        ke = json_skip_string(p);
        if (ke == NULL)
            return false;
        p = json_skip_ws(ke);
        if (*p++ != ':')
            return false;
        p = json_skip_ws(p);
        *v = p;
        *end = json_skip_value(p);
        if (*end == NULL)
            return false;
        if ((size_t)(ke - 1 - k) == klen && memcmp(k, key, klen) == 0)
            return true;
        p = json_skip_ws(*end);
        if (*p++ != ',')
            return false;
    }
}

/* Copies the string member key of line, unescaped, into out[0..cap).
 * Returns false when it is absent, not a string, too long, or holds an
 * escape other than those of JSON (\u with exactly four hex digits, for
 * U+0001..U+00FF only). */
bool json_member_str(const char *line, const char *key, char *out, size_t cap)
{
    const char *v, *end;
    size_t o = 0;

    if (!json_member(line, key, &v, &end) || *v != '"')
        return false;
    for (v++; v < end - 1; v++) {
        char c = *v;
        if (c == '\\') {
            c = *++v;
            if (c == 'u') {
                long x = 0;
                /* four hex digits; the closing quote is none, so this
                 * never reads past it */
                for (int k = 1; k <= 4; k++) {
                    int d = hex_digit((unsigned char)v[k]);
                    if (d < 0)
                        return false;
                    x = 16 * x + d;
                }
                /* json_string escapes controls and DEL only; older
                 * manifests may hold any byte as \u00XX */
                if (x <= 0 || x > 0xFF)
                    return false;
                c = (char)x;
                v += 4;
            } else if (c == 'n') {
                c = '\n';
            } else if (c == 't') {
                c = '\t';
            } else if (c == 'r') {
                c = '\r';
            } else if (c == 'b') {
                c = '\b';
            } else if (c == 'f') {
                c = '\f';
            } else if (c != '"' && c != '\\' && c != '/') {
                return false;
            }
        }
        if (o + 1 >= cap)
            return false;
        out[o++] = c;
    }
    out[o] = '\0';
    return true;
}

/* Copies [v, end) into a new string without the whitespace between JSON
 * tokens (strings kept as they are). Returns it (free it), or NULL when
 * out of memory. The copy is squeezed in place: what is kept never moves
 * forward, and a string the range cuts ends at the copy's end. */
char *json_canonical(const char *v, const char *end)
{
    char *out = strndup(v, (size_t)(end - v)), *r = out, *w = out;

    if (out == NULL)
        return NULL;
    while (*r) {
        if (*r == '"') {
            const char *s = json_skip_string(r);
            size_t n = s ? (size_t)(s - r) : strlen(r);
            memmove(w, r, n);
            w += n;
            r += n;
        } else if (is_json_ws(*r)) {
            r++;
        } else {
            *w++ = *r++;
        }
    }
    *w = '\0';
    return out;
}

/* Returns a canonical copy of the object member key of line (free it), or
 * NULL when absent or out of memory. */
char *json_member_canonical(const char *line, const char *key)
{
    const char *v, *end;

    if (!json_member(line, key, &v, &end))
        return NULL;
    return json_canonical(v, end);
}

/* Decodes lowercase or uppercase hex into out[0..cap); returns the
 * length, or -1 when malformed or too long. */
long record_unhex(const char *hex, size_t hlen, uint8_t *out, size_t cap)
{
    hex_result r;

    return hex_parse(hex, hlen, NULL, 0, out, cap, &r) == HEX_OK ? (long)r.n : -1;
}
