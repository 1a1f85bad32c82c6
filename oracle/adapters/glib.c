/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* glib.c -- GLib's UTF-8 functions: g_utf8_validate_len (strict verdict;
 * its end pointer is the error offset), g_utf8_get_char_validated (the
 * code points of the accepted prefix) and g_utf8_make_valid (replacement).
 *
 * Seen on Debian 12 (GLib 2.74):
 * - g_utf8_validate_len rejects U+0000 (a 00 byte) although it is valid
 *   UTF-8, and g_utf8_make_valid turns it into U+FFFD. doc/contract.md accepts
 *   U+0000, so every input with a 00 byte is a disagreement ("rejects
 *   valid input"), never a divergence.
 * - g_utf8_make_valid writes one U+FFFD per byte of an ill-formed
 *   sequence, not one per maximal subpart: see glib_known_divergence. */
#include "adapters/adapter.h"
#include "adapters/divergence.h"

#include <glib.h>

static const char *glib_open(void)
{
    return NULL;
}

static void glib_close(void)
{
}

static void run_one(const uint8_t *data, size_t len, oracle_verdict *v)
{
    const gchar *s = len ? (const gchar *)data : "";
    const gchar *end = s;
    gchar *fixed;

    adapter_clear(v);
    if (len > (size_t)G_MAXSSIZE) {
        v->status = ORACLE_FAILED;
        return;
    }
    v->accepted = g_utf8_validate_len(s, len, &end);
    v->err_offset = v->accepted ? len : (size_t)(end - s);
    /* s[0..end - s) is valid for GLib: decode it with GLib's own decoder
     * of valid text, as g_utf8_make_valid's result below. */
    for (const gchar *p = s; p < end; p = g_utf8_next_char(p))
        (void)adapter_push(v->cps, &v->n_cps, ORACLE_ROOM(len), g_utf8_get_char(p));
    if (!v->repl)
        return;
    /* make_valid's result is valid UTF-8 without 00 bytes (it replaces
     * them), NUL-terminated. */
    fixed = g_utf8_make_valid(s, (gssize)len);
    if (!fixed) {
        v->status = ORACLE_FAILED;
        return;
    }
    for (const gchar *p = fixed; *p; p = g_utf8_next_char(p))
        if (!adapter_push(v->repl, &v->n_repl, ORACLE_ROOM(len), g_utf8_get_char(p)))
            break;
    g_free(fixed);
    v->has_repl = true;
}

static int glib_run(const oracle_input *in, size_t n, oracle_verdict *out)
{
    for (size_t i = 0; i < n; i++)
        run_one(in[i].data, in[i].len, &out[i]);
    return 0;
}

/* Divergence "glib-make-valid-per-byte": g_utf8_make_valid replaces each
 * byte of an ill-formed sequence by its own U+FFFD, where doc/contract.md writes
 * one per maximal subpart. The strict verdict must agree exactly.
 * Example: E4 BD 41 -> glib FFFD FFFD 41, u8guard FFFD 41;
 *          F0 9F 98 -> glib FFFD FFFD FFFD, u8guard FFFD. */
static const char *glib_known_divergence(const uint8_t *data, size_t len,
                                         const oracle_verdict *ours,
                                         const oracle_verdict *theirs)
{
    if (oracle_strict_difference(ours, theirs) == NULL &&
        divergence_repl_is(data, len, theirs, divergence_per_byte))
        return "glib-make-valid-per-byte";
    return NULL;
}

const oracle oracle_glib = {
    .name = "glib",
    .what = "GLib g_utf8_validate_len, g_utf8_get_char_validated, g_utf8_make_valid",
    .open = glib_open,
    .run = glib_run,
    .close = glib_close,
    .known_divergence = glib_known_divergence,
};
