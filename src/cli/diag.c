/* diag.c -- messages on stderr. */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>

void diag(const char *fmt, ...)
{
    va_list ap;

    fputs("u8guard: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

int diag_usage(const char *cmd, const char *fmt, ...)
{
    va_list ap;

    fprintf(stderr, "u8guard %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, " (try 'u8guard %s --help')\n", cmd);
    return EXIT_TROUBLE;
}
