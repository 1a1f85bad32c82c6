/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* open_fail_shim.c -- an LD_PRELOAD module for the oracle_*_open_fails
 * tests: iconv_open fails with EINVAL, as on a C library that lacks the
 * conversion asked for, and newlocale with ENOENT, as on a system without
 * the C.UTF-8 locale. The iconv and mbrtowc adapters must then say why
 * from open(), and fail a run, instead of running on (iconv_t)-1 or
 * (locale_t)0. (Where GNU libiconv is the system's iconv, <iconv.h>
 * renames iconv_open to libiconv_open, the one to replace there.) */
#define _GNU_SOURCE
#include <errno.h>
#include <iconv.h>
#include <locale.h>

iconv_t iconv_open(const char *to, const char *from)
{
    (void)to;
    (void)from;
    errno = EINVAL;
    return (iconv_t)-1;
}

locale_t newlocale(int mask, const char *name, locale_t base)
{
    (void)mask;
    (void)name;
    (void)base;
    errno = ENOENT;
    return (locale_t)0;
}
