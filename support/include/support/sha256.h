/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* sha256.h -- SHA-256 (FIPS 180-4), in libc only: it names the audit's
 * recorded regression inputs by their content and lets the tests compare
 * outputs with digests computed outside the project. */
#ifndef U8GUARD_SUPPORT_SHA256_H
#define U8GUARD_SUPPORT_SHA256_H

#include <stddef.h>

/* sha256_hex writes the SHA-256 of data[0..len) to hex as 64 lowercase hex
 * digits and a terminating NUL (hex has room for 65 chars); data may be
 * NULL when len is 0. Returns hex; it cannot fail. */
char *sha256_hex(const void *data, size_t len, char hex[65]);

#endif
