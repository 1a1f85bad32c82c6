/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* record_versions.c -- the version of the library behind each decoder,
 * as this process sees it at run time (recorded with every manifest entry
 * so that a changed answer can be traced to an upgrade).
 * Split out of record.c; see record.c for the regression corpus as a
 * whole and record_internal.h for what each shared helper returns. */
#include <stdio.h>
#include <string.h>

#include "record_internal.h"

#if defined(ORACLE_HAVE_ICU) && defined(__has_include)
#if __has_include(<unicode/uversion.h>)
#include <unicode/uversion.h>
#define RECORD_ICU_VERSION
#endif
#endif
#if defined(ORACLE_HAVE_UTF8PROC) && defined(__has_include)
#if __has_include(<utf8proc.h>)
#include <utf8proc.h>
#define RECORD_UTF8PROC_VERSION
#endif
#endif
#if defined(__GLIBC__) && defined(__has_include)
#if __has_include(<gnu/libc-version.h>)
#include <gnu/libc-version.h>
#define RECORD_GLIBC_VERSION
#endif
#endif

/* Runs cmd and writes prefix and the first line of its output into
 * out[0..cap); leaves out as it was when cmd could not be run, failed or
 * printed nothing (a shell's "python3: not found" is not a version). */
static void first_line_of(const char *cmd, const char *prefix, char *out, size_t cap)
{
    /* cmd is one of the fixed command lines below, nothing from outside. */
    FILE *p = popen(cmd, "r"); // NOLINT(cert-env33-c)
    char line[AUDIT_VERSION_ROOM];
    bool ok;

    if (p == NULL)
        return;
    ok = fgets(line, (int)sizeof line, p) != NULL;
    if (pclose(p) != 0 || !ok)
        return;
    line[strcspn(line, "\r\n")] = '\0';
    if (line[0] != '\0')
        snprintf(out, cap, "%s%s", prefix, line);
}

#ifdef ORACLE_HAVE_GLIB
/* Exported by libglib-2.0 (glib/gversion.h), declared here because the
 * audit does not compile against GLib's headers. */
extern const unsigned int glib_major_version, glib_minor_version,
    glib_micro_version;
#endif
#ifdef ORACLE_HAVE_LIBUNISTRING
/* unistring/version.h: (major << 16) + (minor << 8) + subminor */
extern const int _libunistring_version; // NOLINT(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp): libunistring's name
#endif

char *audit_decoder_version(const audit_decoder *d, char *out, size_t cap)
{
    if (d->version[0] != '\0')
        snprintf(out, cap, "%s", d->version);
    else if (d->plugin != NULL)
        snprintf(out, cap, "%s", d->what);
    else
        (void)decoder_version(d->name, out, cap);
    return out;
}

/* Writes into out[0..cap) the version of the library behind the decoder
 * called name, as this process sees it at run time ("ICU 72.1",
 * "glibc 2.36", ...), or "unknown". Returns out. */
char *decoder_version(const char *name, char *out, size_t cap)
{
    snprintf(out, cap, "unknown");
#ifdef RECORD_ICU_VERSION
    if (strcmp(name, "icu-ucnv") == 0 || strcmp(name, "icu-u8next") == 0) {
        UVersionInfo v;
        char s[U_MAX_VERSION_STRING_LENGTH];
        u_getVersion(v);
        u_versionToString(v, s);
        snprintf(out, cap, "ICU %s", s);
    }
#endif
#ifdef RECORD_GLIBC_VERSION
    if (strcmp(name, "iconv") == 0 || strcmp(name, "iconv-wchar") == 0 ||
        strcmp(name, "mbrtowc") == 0)
        snprintf(out, cap, "glibc %s", gnu_get_libc_version());
#endif
#ifdef ORACLE_HAVE_GLIB
    if (strcmp(name, "glib") == 0)
        snprintf(out, cap, "GLib %u.%u.%u", glib_major_version, glib_minor_version,
                 glib_micro_version);
#endif
#ifdef ORACLE_HAVE_LIBUNISTRING
    if (strcmp(name, "libunistring") == 0)
        snprintf(out, cap, "libunistring %d.%d.%d", _libunistring_version >> 16,
                 _libunistring_version / 256 % 256, _libunistring_version % 256);
#endif
#ifdef RECORD_UTF8PROC_VERSION
    if (strcmp(name, "utf8proc") == 0)
        snprintf(out, cap, "utf8proc %s", utf8proc_version());
#endif
    /* The interpreters the subprocess adapters start (found on PATH). */
    if (strcmp(name, "python") == 0)
        first_line_of("python3 --version 2>&1", "", out, cap);
    if (strcmp(name, "node") == 0)
        first_line_of("(node --version || nodejs --version) 2>/dev/null", "Node.js ", out,
                      cap);
    return out;
}
