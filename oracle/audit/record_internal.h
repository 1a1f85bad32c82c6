/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* record_internal.h -- what the files of the regression corpus share
 * (record.c, replay.c, replay_one.c and their helpers record_json_write.c,
 * record_json_read.c, record_answers.c, record_versions.c). Not part of
 * audit.h: nothing outside oracle/audit uses these. */
#ifndef U8GUARD_AUDIT_RECORD_INTERNAL_H
#define U8GUARD_AUDIT_RECORD_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "audit.h"

/* Code point lists longer than this are recorded as a SHA-256. */
#define CPS_LIST_MAX 32
/* Error lists longer than this (characters) are recorded as a SHA-256. */
#define ERRORS_TEXT_MAX 480

/* ---- record_json_write.c: a growing string, for building JSON objects ---- */

/* A growing string; {0} is empty. Once oom is set every append is a no-op. */
typedef struct sbuf {
    char *s;
    size_t len, cap;
    bool oom;
} sbuf;

/* sb_printf appends printf-formatted text to b; returns nothing, and sets
 * b->oom (leaving b's text as it was) when out of memory or on a format
 * error. */
__attribute__((format(printf, 2, 3)))
void sb_printf(sbuf *b, const char *fmt, ...);
/* sb_str appends s as a JSON string literal, escaped by json_string
 * (support/json.h); returns nothing, sets b->oom when out of memory. */
void sb_str(sbuf *b, const char *s);
/* sb_text returns b's text; "" when b is empty or out of memory. */
const char *sb_text(const sbuf *b);
/* sb_cps appends a code point list as a JSON string: "U+0041 U+FFFD", or
 * "sha256:<hash of the code points as UTF-32LE>" when longer than
 * CPS_LIST_MAX (any number: the hash takes them four bytes at a time);
 * returns nothing, sets b->oom when out of memory. */
void sb_cps(sbuf *b, const uint32_t *cps, size_t n);

/* ---- record_answers.c: what u8guard and a decoder say ---- */

/* What one decoder says about one input, compared with u8guard. */
typedef struct said {
    oracle_outcome outcome;
    const char *divergence;  /* ORACLE_KNOWN_DIVERGENCE: its id */
    const char *why;         /* ORACLE_DISAGREE: what differs */
    bool fault;              /* a plugin crashed, hung, read too far, ... */
    sbuf theirs;             /* sb_theirs of the verdict */
} said;

/* sb_ours appends u8guard's answer on data[0..len) to b as a JSON object
 * (verdict, every error or their SHA-256 when many, the first, the strict
 * and the replacement code points). Returns true when oracle_reference and
 * u8guard_next_error agree with each other, false when they disagree (a
 * u8guard bug; the object is still written). Out of memory sets b->oom
 * and returns true. */
bool sb_ours(sbuf *b, const uint8_t *data, size_t len);
/* sb_theirs appends a decoder's verdict v to b as a JSON object (status,
 * verdict, error offset, strict code points, replacement output); returns
 * nothing, sets b->oom when out of memory. */
void sb_theirs(sbuf *b, const oracle_verdict *v);
/* decoder_says runs decoder d (available) on data[0..len) and fills *s
 * (free s->theirs.s after, even on failure). Returns true on success,
 * false when out of memory. */
bool decoder_says(audit_decoder *d, const uint8_t *data, size_t len, said *s);
/* classification_of writes into out[0..cap) the classification s gets
 * (the one rule of the record and the replay): "oracle-disagreement"
 * ("plugin-fault" or "plugin-disagreement" for a plugin),
 * "known-divergence:<id>", or "u8guard-bug-fixed" when d now agrees with
 * u8guard. Returns nothing; it cannot fail (a long id is truncated). */
void classification_of(const audit_decoder *d, const said *s, char *out, size_t cap);
/* valid_classification returns true when c is one of the manifest's
 * classifications, false when it is not. */
bool valid_classification(const char *c);

/* ---- record_versions.c: the library behind each decoder ---- */

/* decoder_version writes into out[0..cap) the version of the library
 * behind the decoder called name as this process sees it ("ICU 72.1",
 * "glibc 2.36", ...). Returns out on success; when the version cannot be
 * found out holds "unknown" (and is still returned). */
char *decoder_version(const char *name, char *out, size_t cap);

/* audit_decoder_version writes into out[0..cap) the version recorded for
 * decoder d: the version it reported (a registry decoder's version
 * command, a plugin's u8guard_audit_version), else, for a plugin or an
 * --exec command without one, what it is ("plugin FILE.so"), else the
 * built-in library's (decoder_version). Returns out. */
char *audit_decoder_version(const audit_decoder *d, char *out, size_t cap);

/* AUDIT_VERSION_ROOM is a cap with which audit_decoder_version writes
 * every version whole: a decoder's what (the longer of what and version),
 * or a library's version (a few bytes). */
#define AUDIT_VERSION_ROOM sizeof ((audit_decoder *)0)->what
_Static_assert(sizeof ((audit_decoder *)0)->what >= sizeof ((audit_decoder *)0)->version,
               "AUDIT_VERSION_ROOM holds a decoder's version too");

/* AUDIT_PATH_ROOM is the room of a path made of a --record or --replay
 * directory and the name of a file in it (manifest.jsonl, <sha256>.bin:
 * with the slash at most 69 bytes). A directory the system accepts is
 * shorter than PATH_MAX (4096 bytes), so such a path is never cut; a
 * longer one fails to open either way. */
#define AUDIT_PATH_ROOM 4200

/* ---- record_json_read.c: reading manifest lines ---- */

/* json_skip_ws returns p after JSON whitespace (p itself when there is
 * none); it cannot fail. */
const char *json_skip_ws(const char *p);
/* json_skip_string returns the end of the JSON string whose opening quote
 * is at p, just past the closing quote; NULL when unterminated. */
const char *json_skip_string(const char *p);
/* json_skip_value returns the end of the JSON value starting at p (after
 * whitespace); NULL when malformed or unterminated. */
const char *json_skip_value(const char *p);
/* json_member finds the top-level member key of the JSON object in line
 * and sets [*v, *end) to its value's text. Returns true when found, false
 * when absent or when line is not an object. */
bool json_member(const char *line, const char *key, const char **v, const char **end);
/* json_member_str copies the string member key of line, unescaped, into
 * out[0..cap). Returns true on success, false when it is absent, not a
 * string, has an escape json_string does not write, or is too long. */
bool json_member_str(const char *line, const char *key, char *out, size_t cap);
/* json_canonical returns a new copy of [v, end) without the whitespace
 * between JSON tokens (strings kept as they are; free it), or NULL when
 * out of memory. */
char *json_canonical(const char *v, const char *end);
/* json_member_canonical returns a json_canonical copy of the member key of
 * line (free it), or NULL when absent or out of memory. */
char *json_member_canonical(const char *line, const char *key);
/* record_unhex decodes hex[0..hlen) (lower or upper case, no separators,
 * by hex_parse of support/hex.h) into out[0..cap). Returns the number of
 * bytes on success, -1 when malformed (odd length, not hex) or longer
 * than cap. */
long record_unhex(const char *hex, size_t hlen, uint8_t *out, size_t cap);

#endif
