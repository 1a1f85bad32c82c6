/* text.c -- hex and JSON string output for the audit's reports. */
#include "audit.h"
#include "support/json.h"

#include <string.h>

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

void audit_json_str(FILE *f, const char *s)
{
    /* a write error shows in ferror(f), which the caller checks */
    (void)json_string(s, strlen(s), json_sink_file, f);
}
