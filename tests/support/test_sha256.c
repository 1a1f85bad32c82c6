/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_sha256.c -- sha256_hex and the same digest of a message given in
 * pieces (sha256_init, sha256_update, sha256_final_hex;
 * support/sha256.c), which names every recorded regression input of the
 * audit and checks the tests' outputs, against FIPS 180-4's examples (the empty message, "abc", the 56-byte
 * two-block one, a million 'a') and against Python's hashlib at each
 * padding edge (55, 56, 63, 64, 65, 119, 120, 127, 128, 129 bytes: where
 * the length field moves to a second block), each also in pieces of
 * every size from 1 to 130 bytes. Each message ends where a page without
 * access begins, so that a read past its end faults. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guard.h"
#include "support/sha256.h"

/* One message and its digest. */
typedef struct vector {
    size_t len;      /* for the generated messages */
    const char *msg; /* NULL: generated as (i * 7 + 3) & 0xFF */
    const char *sha;
} vector;

static const vector VECTORS[] = {
    {0, "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
    {3, "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
    {56, "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
     "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
    {55, NULL, "e7313d333c272e639f790978283f9eb392e843d0f29b7016828bb1daa4aac70b"},
    {56, NULL, "4324d65f3c103567f5589c710bc08f8523f929a9272e3af36fc968e52abc6c27"},
    {63, NULL, "81c80242132f230c3bd41b3e63bbcff16107339549214a99614ff26664625055"},
    {64, NULL, "39e3d7b6b5d075d37d053ad89b24b41bef4f3c29760c84447cab3f3be1882241"},
    {65, NULL, "aacca6ff74fdbb296d165a45cecfa04e5127bc008770fbbdd48006f2d2fae95e"},
    {119, NULL, "9ce7368e4daf32341631b492e80359dc9f594b48453cd0dd5bf0b19279cc177e"},
    {120, NULL, "7836b787757e95e58b3ca5aec90b1b004e8deba1e50e9675af9cabf1a13a04b5"},
    {127, NULL, "a8d23e75d936f303d248888d9b165ee543f4cbafcad3c9dd2a79bd84faa11d07"},
    {128, NULL, "d2742f1f4ac6bb7ca2b239ee18402ba8b3f9f8e652d2a72973c2b9ba11c08cf6"},
    {129, NULL, "307f8fc2c1622b92762e818d39a185d4d667ad49a4b07ceae1f4afa008a93ec4"},
};

/* Returns v's message: its text, or the generated one written to buf. */
static const uint8_t *message_of(const vector *v, uint8_t buf[129])
{
    if (v->msg != NULL)
        return (const uint8_t *)v->msg;
    for (size_t k = 0; k < v->len; k++)
        buf[k] = (uint8_t)((k * 7 + 3) & 0xFF);
    return buf;
}

/* Returns msg[0..len) copied where a page without access follows it (a
 * heap copy would have malloc's slack after it), so that a read past its
 * end faults: into z, which must be closed with guard_zone_close. Exits
 * when the zone cannot be made. */
static const uint8_t *guard(struct guard_zone *z, const uint8_t *msg, size_t len)
{
    if (guard_zone_open(z, len) != 0)
        exit(1);
    return len > 0 ? memcpy(guard_tail(z, len), msg, len) : guard_tail(z, 0);
}

/* Returns 0 when the digest of msg[0..len) is want, else 1 (printed). */
static int check(const char *what, const uint8_t *msg, size_t len, const char *want)
{
    char got[65];
    struct guard_zone g;
    bool ok;

    if (msg != NULL)
        msg = guard(&g, msg, len);
    memset(got, 'x', sizeof got);
    ok = sha256_hex(msg, len, got) == got && got[64] == '\0' && strcmp(got, want) == 0;
    if (msg != NULL)
        guard_zone_close(&g);
    if (!ok) {
        printf("FAIL sha256 of %s (%zu bytes): got %.64s, want %s\n", what, len, got, want);
        return 1;
    }
    printf("ok   sha256 of %s (%zu bytes) = %s\n", what, len, want);
    return 0;
}

/* Returns 0 when the digest of msg[0..len), given to sha256_update in
 * pieces of piece bytes (the last one shorter), is want, else 1. */
static int check_pieces(const uint8_t *msg, size_t len, size_t piece, const char *want)
{
    sha256_ctx c;
    char got[65];

    sha256_init(&c);
    for (size_t at = 0; at < len; at += piece)
        sha256_update(&c, msg + at, len - at < piece ? len - at : piece);
    sha256_update(&c, NULL, 0);
    memset(got, 'x', sizeof got);
    if (sha256_final_hex(&c, got) != got || got[64] != '\0' || strcmp(got, want) != 0) {
        printf("FAIL sha256 of %zu bytes in pieces of %zu: got %.64s, want %s\n", len, piece,
               got, want);
        return 1;
    }
    return 0;
}

/* The generated messages of every padding edge, in pieces of every size
 * from 1 to 130 bytes (a piece that fills the partial block, one that
 * crosses it, one of whole blocks), and a million 'a' in pieces of 1, 63
 * and 4096. */
static int check_streaming(const uint8_t *million)
{
    int fails = 0, runs = 0;
    uint8_t buf[129];
    struct guard_zone g;

    for (size_t i = 0; i < sizeof VECTORS / sizeof VECTORS[0]; i++) {
        const vector *v = &VECTORS[i];
        const uint8_t *msg = guard(&g, message_of(v, buf), v->len);
        for (size_t piece = 1; piece <= 130; piece++, runs++)
            fails += check_pieces(msg, v->len, piece, v->sha);
        guard_zone_close(&g);
    }
    million = guard(&g, million, 1000000);
    for (size_t k = 0; k < 3; k++, runs++)
        fails += check_pieces(million, 1000000, k == 0 ? 1 : k == 1 ? 63 : 4096,
                              "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    guard_zone_close(&g);
    printf("%s sha256 in pieces: %d of %d digests as at once\n", fails ? "FAIL" : "ok  ",
           runs - fails, runs);
    return fails;
}

int main(void)
{
    int fails = 0;
    uint8_t buf[129];
    uint8_t *million = malloc(1000000);

    for (size_t i = 0; i < sizeof VECTORS / sizeof VECTORS[0]; i++) {
        const vector *v = &VECTORS[i];
        const uint8_t *msg = message_of(v, buf);
        fails += check(v->msg ? "a FIPS 180-4 example" : "a generated message", msg,
                       v->len, v->sha);
    }
    fails += check("NULL with length 0", NULL, 0, VECTORS[0].sha);
    if (million == NULL) {
        printf("FAIL: out of memory\n");
        return 1;
    }
    memset(million, 'a', 1000000);
    fails += check("one million 'a'", million, 1000000,
                   "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    fails += check_streaming(million);
    free(million);
    printf("%s: %d failure(s)\n", fails ? "FAIL" : "PASS", fails);
    return fails != 0;
}
