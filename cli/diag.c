/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* diag.c -- messages on stderr. */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>

/* The results of the writes to stderr are ignored on purpose (the (void)
 * casts): stderr is where a failure would be reported, so when writing
 * there fails there is nowhere left to say so, and the caller's exit
 * status already tells what went wrong. */

void diag(const char *fmt, ...)
{
    va_list ap;

    (void)fputs("u8guard: ", stderr);
    va_start(ap, fmt);
    (void)vfprintf(stderr, fmt, ap);
    va_end(ap);
    (void)fputc('\n', stderr);
}

int diag_usage(const char *cmd, const char *fmt, ...)
{
    va_list ap;

    (void)fprintf(stderr, "u8guard %s: ", cmd);
    va_start(ap, fmt);
    (void)vfprintf(stderr, fmt, ap);
    va_end(ap);
    (void)fprintf(stderr, " (try 'u8guard %s --help')\n", cmd);
    return EXIT_TROUBLE;
}
