/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* hex.h -- hex text to bytes: `u8guard explain`'s arguments, the audit's
 * conformance corpus and manifest, and the tests' input lists. */
#ifndef U8GUARD_SUPPORT_HEX_H
#define U8GUARD_SUPPORT_HEX_H

#include <stddef.h>
#include <stdint.h>

/* hex_error is what hex_parse found wrong, or HEX_OK. */
typedef enum hex_error {
    HEX_OK = 0,   /* all of the text was decoded */
    HEX_NOT_HEX,  /* a character that is neither a hex digit nor a separator */
    HEX_ODD,      /* a run of hex digits of odd length */
    HEX_TOO_LONG  /* more bytes than the output can hold */
} hex_error;

/* HEX_PREFIXES, a flag of hex_parse: a run may start with 0x, 0X, \x or \X. */
#define HEX_PREFIXES 1u

/* hex_result is what hex_parse did. */
typedef struct hex_result {
    size_t n;   /* bytes written to out (on error, those before it) */
    size_t at;  /* on error: offset in the text of the run at fault (after
                   its prefix); for HEX_NOT_HEX, of the bad character */
    size_t run; /* on error: the run's length in hex digits (0 for
                   HEX_NOT_HEX) */
} hex_result;

/* hex_digit returns the value (0..15) of the hex digit c, either case, or
 * -1 when c is not a hex digit (EOF included). */
int hex_digit(int c);

/* hex_parse decodes the hex text s[0..len) into out[0..cap). The text is
 * runs of hex digits, each of an even length (two digits a byte, the high
 * one first), with any number of the characters of seps (NULL or "": none)
 * before, between and after them. A run ends at the first character that
 * is not a hex digit; with flags HEX_PREFIXES a run may start with 0x, 0X,
 * \x or \X, so "\xC0\xAF" is two runs. Text that is empty or separators
 * only decodes to 0 bytes. Fills *r (r must not be NULL). Returns HEX_OK on
 * success; otherwise the first error from the left, r->at and r->run
 * saying where it is. */
hex_error hex_parse(const char *s, size_t len, const char *seps, unsigned flags,
                    uint8_t *out, size_t cap, hex_result *r);

#endif
