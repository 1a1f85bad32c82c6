/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* hex.c -- hex text to bytes. */
#include "support/hex.h"

#include <stdbool.h>
#include <string.h>

int hex_digit(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Returns true when c is one of seps (never for NUL: strchr would match
 * the terminator). */
static bool is_sep(const char *seps, char c)
{
    return seps != NULL && c != '\0' && strchr(seps, c) != NULL;
}

hex_error hex_parse(const char *s, size_t len, const char *seps, unsigned flags,
                    uint8_t *out, size_t cap, hex_result *r)
{
    size_t i = 0, run;

    r->n = r->at = r->run = 0;
    for (;;) {
        while (i < len && is_sep(seps, s[i]))
            i++;
        if (i == len)
            return HEX_OK;
        if ((flags & HEX_PREFIXES) && len - i >= 2 && (s[i] == '0' || s[i] == '\\') &&
            (s[i + 1] == 'x' || s[i + 1] == 'X'))
            i += 2;
        /* a run ends at anything that is not a hex digit; what follows it
         * is a separator, a prefix or the next error */
        for (run = 0; i + run < len && hex_digit((unsigned char)s[i + run]) >= 0; run++)
            ;
        r->at = i;
        r->run = run;
        if (run == 0)
            return HEX_NOT_HEX;
        if (run % 2)
            return HEX_ODD;
        for (; run > 0; run -= 2, i += 2) {
            if (r->n == cap)
                return HEX_TOO_LONG;
            out[r->n++] = (uint8_t)(hex_digit((unsigned char)s[i]) * 16 +
                                    hex_digit((unsigned char)s[i + 1]));
        }
    }
}
