/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* report.h -- how a fuzz harness reports a broken property: the input in
 * hex and both sides' answers on stderr, then abort(), so that libFuzzer
 * and AFL++ keep the input as a crash. */
#ifndef U8GUARD_FUZZ_REPORT_H
#define U8GUARD_FUZZ_REPORT_H

#include "u8guard.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* fz_hex writes data[0..len) to f as lowercase hex pairs, no separators.
 * Returns nothing; writes at most the first 4096 bytes and then "...". */
void fz_hex(FILE *f, const uint8_t *data, size_t len);

/* fz_fail prints "U8GUARD-FUZZ FAIL target=TARGET what=<formatted message>",
 * then the input as hex, to stderr, and calls abort(). Never returns. */
_Noreturn void fz_fail(const char *target, const uint8_t *data, size_t len,
                       const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* fz_err_str formats err as "offset/length kind" into buf (at least 64
 * bytes) and returns buf. */
char *fz_err_str(const u8guard_error *err, char *buf, size_t cap);

#endif
