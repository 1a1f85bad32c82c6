/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* peer_glib.c -- GLib's g_utf8_validate_len (GLib >= 2.60), which reports
 * the end of the valid prefix. It also rejects U+0000, which the inputs
 * here never contain. */
#include "peers.h"

#include <glib.h>

static void run_glib(const uint8_t *p, size_t len, const bench_buffers *b,
                     bench_result *r)
{
    const gchar *end = NULL;

    (void)b;
    r->valid = g_utf8_validate_len((const gchar *)p, len, &end);
    r->err_offset = (size_t)((const uint8_t *)end - p);
    r->n_out = BENCH_UNKNOWN;
}

const bench_fn peer_glib_fns[] = {
    {"glib", OP_VALIDATE, U8GUARD_IMPL_AUTO, true, false, run_glib},
};
const size_t peer_glib_count = sizeof peer_glib_fns / sizeof peer_glib_fns[0];
