/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* sha256.h -- SHA-256 (FIPS 180-4), in libc only, of a message at once
 * or given in pieces: it names the audit's recorded regression inputs by
 * their content and lets the tests compare outputs with digests computed
 * outside the project. */
#ifndef U8GUARD_SUPPORT_SHA256_H
#define U8GUARD_SUPPORT_SHA256_H

#include <stddef.h>
#include <stdint.h>

/* sha256_hex writes the SHA-256 of data[0..len) to hex as 64 lowercase hex
 * digits and a terminating NUL (hex has room for 65 chars); data may be
 * NULL when len is 0. Returns hex; it cannot fail. */
char *sha256_hex(const void *data, size_t len, char hex[65]);

/* sha256_ctx is a SHA-256 in progress, for a message given in pieces:
 * sha256_init, sha256_update for each piece, sha256_final_hex. The
 * members are the state; read none of them. */
typedef struct sha256_ctx {
    uint32_t h[8];
    uint64_t len;    /* bytes given so far */
    uint8_t buf[64]; /* the last len % 64 of them, a block not yet full */
} sha256_ctx;

/* sha256_init starts c on an empty message; it cannot fail. */
void sha256_init(sha256_ctx *c);

/* sha256_update appends data[0..len) to c's message (data may be NULL
 * when len is 0); it cannot fail. */
void sha256_update(sha256_ctx *c, const void *data, size_t len);

/* sha256_final_hex writes the SHA-256 of c's message to hex as
 * sha256_hex does and returns hex; c is used up (sha256_init starts it
 * again). It cannot fail. */
char *sha256_final_hex(sha256_ctx *c, char hex[65]);

#endif
