/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* describe.h -- words for bytes: what an ill-formed sequence is and what a
 * lax decoder (one that accepts overlong forms, surrogates, CESU-8 and
 * the 5- and 6-byte forms of RFC 2279) would have made of it, plus names
 * for code points. Used by `check` (one sentence per error) and `explain`
 * (the sentence and the lax reading). */
#ifndef U8GUARD_CLI_DESCRIBE_H
#define U8GUARD_CLI_DESCRIBE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "u8guard.h"

/* The bytes from an error's offset that the descriptions look at: the
 * longest case is a CESU-8 pair or a 6-byte form. */
#define DESCRIBE_WINDOW 6

/* What was said about earlier errors, so that the bytes of a sequence
 * already explained are recognised as its parts. Zero-initialise; one
 * per input, whose errors come in increasing offsets. */
struct describe_ctx {
    uint64_t start, end; /* the span explained that reaches furthest */
};

struct error_text {
    size_t shown;   /* how many window bytes the text talks about (>= 1) */
    char text[192]; /* one sentence, no newline */
    char lax[192];  /* what a lax decoder would read, or "" */
};

/* describe_error explains the error (kind, length) at offset, given the
 * input bytes w[0..n) from that offset on (n >= min(length, 1); n <
 * DESCRIBE_WINDOW only near the end of the input or of what could be
 * read). It fills *out and updates *ctx. Returns nothing; it cannot fail. */
void describe_error(const unsigned char *w, size_t n, u8guard_kind kind,
                    size_t length, uint64_t offset, struct describe_ctx *ctx,
                    struct error_text *out);

/* hex_bytes writes p[0..n) as upper-case hex pairs separated by spaces
 * ("C0 AF") to buf, as many whole pairs as fit in cap with the
 * terminator (cap >= 1; cap 3 holds "C0"). Returns buf. */
char *hex_bytes(const unsigned char *p, size_t n, char *buf, size_t cap);

/* cp_class returns a short class name for the code point cp: "ASCII",
 * "control", "noncharacter", "private use", "format", "byte order mark",
 * "separator", "replacement character", "surrogate", "BMP",
 * "plane 1".."plane 16", or "beyond U+10FFFF". The string is static. */
const char *cp_class(uint32_t cp);

/* cp_printable returns true when printing cp itself is safe and useful
 * (not a control, format, bidi, private-use, noncharacter or surrogate). */
bool cp_printable(uint32_t cp);

#endif
