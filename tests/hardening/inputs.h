/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* inputs.h -- the inputs the hardening tests place against guard pages:
 * an ASCII or mixed-script valid filler followed by a suffix that ends
 * the input in every way that matters (each kind of truncated tail, each
 * error kind, valid sequences of each length), and pseudo-random bytes. */
#ifndef U8GUARD_HARDENING_INPUTS_H
#define U8GUARD_HARDENING_INPUTS_H

#include <stddef.h>

/* inputs_count returns the number of input families. */
size_t inputs_count(void);

/* inputs_make writes family f's input of exactly len bytes to buf (room
 * for len bytes) and returns 1, or returns 0 when the family has no input
 * of that length (its suffix is longer). */
int inputs_make(size_t f, size_t len, unsigned char *buf);

/* inputs_name returns a short description of family f. */
const char *inputs_name(size_t f);

#endif
