/* sha256.h -- SHA-256 (FIPS 180-4), for comparing outputs with digests
 * computed outside the project. */
#ifndef U8GUARD_TESTS_SHA256_H
#define U8GUARD_TESTS_SHA256_H

#include <stddef.h>

/* sha256_hex writes the SHA-256 of data[0..len) as 64 lowercase hex digits
 * and a terminating NUL to hex[65]; returns hex. */
char *sha256_hex(const void *data, size_t len, char hex[65]);

#endif
