/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* names.h -- file names in output. A name is whatever bytes the user
 * passed, so it may hold control characters or not be UTF-8 at all; the
 * output must stay one line per record and, for JSON, valid JSON. */
#ifndef U8GUARD_CLI_NAMES_H
#define U8GUARD_CLI_NAMES_H

#include <stdbool.h>

#include "writer.h"

/* name_human writes name for a human reader: valid UTF-8 as it is, except
 * control characters (bytes 00..1F and 7F, and the C1 controls U+0080..
 * U+009F, bytes C2 80..C2 9F) and each byte of an ill-formed sequence,
 * which are written as \xHH, and a backslash, written as \\ (so
 * "a\x1B" and "a<ESC>" print differently). Returns as writer_put. */
bool name_human(struct writer *w, const char *name);

/* name_json writes the JSON member(s) for name: "file": "NAME" with NAME
 * escaped by json_string (support/json.h: quote, backslash and control
 * characters escaped as \" \\ \n \t \r \b \f, others \u00XX, and each
 * ill-formed sequence replaced by U+FFFD as `sanitize` would); when the name is not valid UTF-8 it adds
 * , "file_hex": "HEX" with every byte of the name as two upper-case hex
 * digits, so the exact name can be recovered. Returns as writer_put. */
bool name_json(struct writer *w, const char *name);

#endif
