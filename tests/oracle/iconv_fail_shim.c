/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* iconv_fail_shim.c -- an LD_PRELOAD module for the oracle_*_open_fails
 * tests: iconv_open fails with EINVAL, as on a C library that lacks the
 * conversion asked for. The iconv adapters must then say why from open()
 * instead of running on the descriptor (iconv_t)-1. (Where GNU libiconv
 * is the system's iconv, <iconv.h> renames this to libiconv_open, which is
 * the one to replace there.) */
#include <errno.h>
#include <iconv.h>

iconv_t iconv_open(const char *to, const char *from)
{
    (void)to;
    (void)from;
    errno = EINVAL;
    return (iconv_t)-1;
}
