/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* sqlite.c -- the world plugin for SQLite's UTF-8 decoder
 * (doc/audit-world.md). SQLite never validates UTF-8: TEXT is whatever
 * bytes it was given, and its only decoder is the conversion it makes when
 * a UTF-8 value is read as UTF-16 (sqlite3_column_text16, and every API
 * and database encoding built on it). That conversion never fails, so
 * SQLite's "strict" answer is to accept every input, with the code points
 * of that conversion; the replacing mode is the same conversion, compared
 * with u8guard's lossy decoding. Both run `SELECT ?1` on an in-memory
 * database with the input bound as UTF-8 text; the UTF-16 result is read
 * back into code points here (a lone surrogate as it is). */
#include <sqlite3.h>
#include <stdio.h>

#include "world_plugin.h"

const char *u8guard_audit_name(void)
{
    return "sqlite";
}

const char *u8guard_audit_version(void)
{
    static char v[64];

    if (v[0] == '\0')
        snprintf(v, sizeof v, "SQLite %s", sqlite3_libversion());
    return v;
}

/* Converts in[0..len) as SQLite does into out (at most len code points).
 * Returns 0, or 1 when SQLite failed (no memory). */
static int convert(const unsigned char *in, size_t len, uint32_t *out, size_t *n_out)
{
    static sqlite3 *db;
    static sqlite3_stmt *st;
    const uint16_t *u;
    size_t units, n = 0;

    *n_out = 0;
    if (db == NULL && (sqlite3_open(":memory:", &db) != SQLITE_OK ||
                       sqlite3_prepare_v2(db, "SELECT ?1", -1, &st, NULL) != SQLITE_OK))
        return 1;
    if (sqlite3_bind_text(st, 1, len ? (const char *)in : "", (int)len, SQLITE_STATIC) != SQLITE_OK ||
        sqlite3_step(st) != SQLITE_ROW) {
        sqlite3_reset(st);
        return 1;
    }
    u = sqlite3_column_text16(st, 0);
    units = (size_t)sqlite3_column_bytes16(st, 0) / 2;
    for (size_t i = 0; u != NULL && i < units && n < len; i++, n++) {
        if (u[i] >= 0xD800 && u[i] <= 0xDBFF && i + 1 < units &&
            u[i + 1] >= 0xDC00 && u[i + 1] <= 0xDFFF) {
            out[n] = 0x10000u + ((uint32_t)(u[i] - 0xD800) << 10) + (u[i + 1] - 0xDC00u);
            i++;
        } else {
            out[n] = u[i];
        }
    }
    sqlite3_reset(st);
    *n_out = n;
    return 0;
}

int u8guard_audit_decode(const unsigned char *in, size_t len, uint32_t *out,
                         size_t *n_out, size_t *err_offset)
{
    *err_offset = SIZE_MAX;
    return convert(in, len, out, n_out);
}

int u8guard_audit_decode_replace(const unsigned char *in, size_t len, uint32_t *out,
                                 size_t *n_out, size_t *err_offset)
{
    (void)err_offset;
    return convert(in, len, out, n_out);
}
