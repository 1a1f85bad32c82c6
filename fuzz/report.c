/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* report.c -- see report.h. */
#include "report.h"

#include <stdarg.h>
#include <stdlib.h>

#define HEX_LIMIT 4096

void fz_hex(FILE *f, const uint8_t *data, size_t len)
{
    size_t i, n = len < HEX_LIMIT ? len : HEX_LIMIT;

    for (i = 0; i < n; i++)
        (void)fprintf(f, "%02x", data[i]);
    if (n < len)
        (void)fprintf(f, "...(%zu bytes)", len);
}

_Noreturn void fz_fail(const char *target, const uint8_t *data, size_t len,
                       const char *fmt, ...)
{
    va_list ap;

    (void)fprintf(stderr, "U8GUARD-FUZZ FAIL target=%s what=", target);
    va_start(ap, fmt);
    (void)vfprintf(stderr, fmt, ap);
    va_end(ap);
    (void)fprintf(stderr, "\nU8GUARD-FUZZ input len=%zu hex=", len);
    fz_hex(stderr, data, len);
    (void)fputc('\n', stderr);
    (void)fflush(stderr);
    abort();
}

char *fz_err_str(const u8guard_error *err, char *buf, size_t cap)
{
    (void)snprintf(buf, cap, "%zu/%zu %s", err->offset, err->length,
             u8guard_kind_name(err->kind));
    return buf;
}
