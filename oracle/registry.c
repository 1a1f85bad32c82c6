/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* registry.c -- the built-in adapters of this build. CMake defines
 * ORACLE_HAVE_<NAME> for each adapter whose decoder was found, and only
 * those adapters' files are compiled, so this list is exactly them. */
#include "adapters/adapter.h"

static const oracle *const BUILTIN[] = {
#ifdef ORACLE_HAVE_ICU
    &oracle_icu_ucnv,
    &oracle_icu_u8next,
#endif
#ifdef ORACLE_HAVE_ICONV
    &oracle_iconv,
    &oracle_iconv_wchar,
#endif
#ifdef ORACLE_HAVE_MBRTOWC
    &oracle_mbrtowc,
#endif
#ifdef ORACLE_HAVE_GLIB
    &oracle_glib,
#endif
#ifdef ORACLE_HAVE_LIBUNISTRING
    &oracle_libunistring,
#endif
#ifdef ORACLE_HAVE_UTF8PROC
    &oracle_utf8proc,
#endif
#ifdef ORACLE_HAVE_SUBPROCESS
    &oracle_python,
    &oracle_node,
#endif
    NULL, /* keeps the array non-empty when nothing was found */
};

const oracle *const *oracle_builtin(size_t *n)
{
    *n = sizeof BUILTIN / sizeof *BUILTIN - 1; /* the NULL at the end */
    return BUILTIN;
}
