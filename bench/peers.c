/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* peers.c -- the list of measurable functions of this build. Peers are
 * compiled in only when CMake found their library (U8BENCH_HAVE_<NAME>);
 * peers_missing says which were not, so the report never drops one
 * silently. */
#include "peers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bench_fn *list;
static size_t list_n;
static char impl_names[U8GUARD_IMPL_COUNT_][24];
static char missing[256];

static void note_missing(const char *name)
{
    size_t used = strlen(missing);

    snprintf(missing + used, sizeof missing - used, "%s%s", used ? ", " : "", name);
}

int peers_open(void)
{
    const char *why;

#ifdef U8BENCH_HAVE_ICU
    if ((why = peer_icu_open()) != NULL) {
        fprintf(stderr, "u8bench: %s\n", why);
        return -1;
    }
#endif
#ifdef U8BENCH_HAVE_ICONV
    if ((why = peer_iconv_open()) != NULL) {
        fprintf(stderr, "u8bench: %s\n", why);
        return -1;
    }
#endif
    (void)why;
    return 0;
}

void peers_close(void)
{
#ifdef U8BENCH_HAVE_ICU
    peer_icu_close();
#endif
#ifdef U8BENCH_HAVE_ICONV
    peer_iconv_close();
#endif
    free(list);
    list = NULL;
    list_n = 0;
}

static void add(const bench_fn *fns, size_t n)
{
    memcpy(list + list_n, fns, n * sizeof *fns);
    list_n += n;
}

const bench_fn *peers_list(size_t *n)
{
    size_t max = U8GUARD_IMPL_COUNT_ * peer_u8guard_count + 64;

    *n = 0;
    if (!list) {
        list = calloc(max, sizeof *list);
        if (!list)
            return NULL;
        missing[0] = '\0';
        (void)note_missing; /* unused when every peer is compiled in */
        /* u8guard, once per implementation this CPU can run. */
        for (int i = U8GUARD_IMPL_SCALAR; i < U8GUARD_IMPL_COUNT_; i++) {
            u8guard_impl impl = (u8guard_impl)i;
            if (!u8guard_impl_supported(impl))
                continue;
            snprintf(impl_names[i], sizeof impl_names[i], "u8g-%s", u8guard_impl_name(impl));
            for (size_t k = 0; k < peer_u8guard_count; k++) {
                list[list_n] = peer_u8guard_fns[k];
                list[list_n].name = impl_names[i];
                list[list_n].impl = impl;
                list_n++;
            }
        }
        add(peer_u8guard_stream_fns, peer_u8guard_stream_count);
#ifdef U8BENCH_HAVE_ICU
        add(peer_icu_fns, peer_icu_count);
#else
        note_missing("ICU (install libicu-dev)");
#endif
#ifdef U8BENCH_HAVE_ICONV
        add(peer_iconv_fns, peer_iconv_count);
#else
        note_missing("iconv");
#endif
#ifdef U8BENCH_HAVE_GLIB
        add(peer_glib_fns, peer_glib_count);
#else
        note_missing("glib (install libglib2.0-dev)");
#endif
#ifdef U8BENCH_HAVE_UNISTRING
        add(peer_unistring_fns, peer_unistring_count);
#else
        note_missing("libunistring (install libunistring-dev)");
#endif
#ifdef U8BENCH_HAVE_UTF8PROC
        add(peer_utf8proc_fns, peer_utf8proc_count);
#else
        note_missing("utf8proc (install libutf8proc-dev)");
#endif
        add(peer_libc_fns, peer_libc_count);
    }
    *n = list_n;
    return list;
}

const char *peers_missing(void)
{
    return missing;
}
