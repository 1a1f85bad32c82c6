/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* json.h -- any bytes as one valid JSON string literal (RFC 8259), by the
 * rules `u8guard check --json` applies to file names (doc/cli.md):
 *
 *   - valid UTF-8 is copied as it is (C1 controls U+0080..U+009F included:
 *     JSON allows them unescaped), except
 *   - '"' and '\' are written \" and \\,
 *   - the controls U+0008, U+0009, U+000A, U+000C, U+000D as \b \t \n \f \r,
 *   - the other controls below U+0020 and DEL (U+007F) as \u00xx (two
 *     lowercase hex digits),
 *   - each ill-formed sequence (each maximal subpart, as u8guard_sanitize
 *     cuts them) as one U+FFFD, written as its 3 UTF-8 bytes EF BF BD.
 *
 * The output is written through a sink, so that the command's buffered
 * writer, a stdio stream and a growing string all use the one escaper. */
#ifndef U8GUARD_SUPPORT_JSON_H
#define U8GUARD_SUPPORT_JSON_H

#include <stdbool.h>
#include <stddef.h>

/* json_sink is the type of the function json_string writes through: it
 * appends p[0..n) (n >= 1) to whatever ctx is. It returns true on success,
 * false on failure, which makes json_string stop. */
typedef bool (*json_sink)(void *ctx, const void *p, size_t n);

/* json_string writes s[0..len) as one JSON string literal, quotes
 * included, through put(ctx, ...), escaped as this header's comment says;
 * s may be NULL when len is 0. Returns true on success, false as soon as
 * put fails (the output is then cut short). */
bool json_string(const void *s, size_t len, json_sink put, void *ctx);

/* json_sink_file is a json_sink for a stdio stream: ctx is the FILE *.
 * Returns true when fwrite wrote all n bytes, false on a write error. */
bool json_sink_file(void *ctx, const void *p, size_t n);

#endif
