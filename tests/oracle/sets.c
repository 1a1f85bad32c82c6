/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* sets.c -- see sets.h. */
#include "sets.h"
#include "support/hex.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const examples_hex[] = {
    /* examples of doc/contract.md section 5 */
    "C0 80",
    "E0 80 AF",
    "ED A1 8C ED BE B4",
    "F4 90 80 80",
    "E4 BD 41",
    "F0 9F 98",
    "E4 BD A0",
    /* Section 1 edges and the forms lax decoders accept */
    "",                  /* the empty input */
    "00 41",             /* U+0000 is valid */
    "EF BF BE",          /* noncharacter U+FFFE is valid */
    "F4 8F BF BF",       /* U+10FFFF, the last scalar value */
    "EF BB BF 41",       /* a BOM is an ordinary U+FEFF */
    "F8 88 80 80 80",    /* an old 5-byte form (0x200000) */
    "FC 84 80 80 80 80", /* an old 6-byte form (0x4000000) */
    "F5 80 80 80",       /* would be 0x140000 */
    "41 ED A0 80 42",    /* a surrogate between letters */
    "C0 AF",             /* overlong '/' */
    "41 E2 82",          /* truncated at the end after a letter */
};
const size_t n_examples_hex = sizeof examples_hex / sizeof examples_hex[0];

static int grow(void **p, size_t *cap, size_t need, size_t elem)
{
    size_t c = *cap ? *cap : 64;
    void *q;

    if (need <= *cap)
        return 0;
    while (c < need)
        c *= 2;
    q = realloc(*p, c * elem);
    if (!q)
        return -1;
    *p = q;
    *cap = c;
    return 0;
}

int set_add(input_set *s, const void *data, size_t len)
{
    if (grow((void **)&s->in, &s->cap, s->n + 1, sizeof *s->in) ||
        grow((void **)&s->bytes, &s->cap_bytes, s->n_bytes + len + 1, 1))
        return -1;
    if (len)
        memcpy(s->bytes + s->n_bytes, data, len);
    /* Offsets for now: bytes may still move (set_finish fixes them). */
    s->in[s->n].data = NULL;
    s->in[s->n].len = len;
    s->n++;
    s->n_bytes += len;
    return 0;
}

void set_finish(input_set *s)
{
    size_t off = 0;

    for (size_t i = 0; i < s->n; i++) {
        s->in[i].data = s->bytes ? s->bytes + off : NULL;
        off += s->in[i].len;
    }
}

void set_free(input_set *s)
{
    free(s->in);
    free(s->bytes);
    memset(s, 0, sizeof *s);
}

int set_add_hex(input_set *s, const char *hex)
{
    uint8_t buf[64];
    hex_result r;

    if (hex_parse(hex, strlen(hex), " ", 0, buf, sizeof buf, &r) != HEX_OK)
        return -1;
    return set_add(s, buf, r.n);
}

int set_examples(input_set *s)
{
    s->name = "examples";
    for (size_t i = 0; i < n_examples_hex; i++)
        if (set_add_hex(s, examples_hex[i]))
            return -1;
    set_finish(s);
    return 0;
}

int set_bytes1(input_set *s)
{
    s->name = "bytes1";
    if (set_add(s, "", 0))
        return -1;
    for (unsigned b = 0; b < 256; b++) {
        unsigned char c = (unsigned char)b;
        if (set_add(s, &c, 1))
            return -1;
    }
    set_finish(s);
    return 0;
}

int set_bytes2(input_set *s)
{
    s->name = "bytes2";
    for (unsigned v = 0; v < 65536; v++) {
        unsigned char c[2] = {(unsigned char)(v >> 8), (unsigned char)v};
        if (set_add(s, c, 2))
            return -1;
    }
    set_finish(s);
    return 0;
}

/* Fragments for set_structured: well-formed characters of every length
 * and edge, and each kind of ill-formed sequence of doc/contract.md section 2. */
static const char *const FRAGMENTS[] = {
    "41", "00", "7F", "C2 80", "C3 A9", "DF BF", "E0 A0 80", "E2 82 AC",
    "ED 9F BF", "EE 80 80", "EF BF BD", "EF BF BE", "EF BB BF", "F0 90 80 80",
    "F0 9F 98 80", "F3 BF BF BF", "F4 8F BF BF",
    /* ill-formed */
    "80", "BF", "C0 AF", "C1 BF", "E0 80 AF", "E0 9F BF", "ED A0 80",
    "ED BF BF", "F0 80 80 80", "F0 8F BF BF", "F4 90 80 80", "F5 80 80 80",
    "FE", "FF", "F8 88 80 80 80", "FC 84 80 80 80 80",
    /* truncated (ill-formed unless they end the input) */
    "C3", "E2", "E2 82", "F0", "F0 9F", "F0 9F 98", "F4 8F BF",
};
#define N_FRAGMENTS (sizeof FRAGMENTS / sizeof FRAGMENTS[0])

/* splitmix64: a tiny, well-known generator; the seed fixes the set. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

int set_structured(input_set *s, size_t count)
{
    uint64_t state = 20261122;
    input_set frag = {0};
    unsigned char buf[64];

    s->name = "structured";
    for (size_t i = 0; i < N_FRAGMENTS; i++)
        if (set_add_hex(&frag, FRAGMENTS[i]))
            goto oom;
    set_finish(&frag);
    for (size_t i = 0; i < count; i++) {
        size_t n = 0, parts = 1 + next_random(&state) % 6;
        for (size_t k = 0; k < parts; k++) {
            uint64_t r = next_random(&state);
            if (r % 8 == 0) {
                buf[n++] = (unsigned char)(r >> 8); /* any byte */
            } else {
                const oracle_input *f = &frag.in[(r >> 8) % N_FRAGMENTS];
                memcpy(buf + n, f->data, f->len);
                n += f->len;
            }
        }
        /* Sometimes cut the end, to make truncated sequences of every kind. */
        if (next_random(&state) % 4 == 0 && n > 0)
            n -= 1 + next_random(&state) % (n < 3 ? n : 3);
        if (set_add(s, buf, n))
            goto oom;
    }
    set_free(&frag);
    set_finish(s);
    return 0;
oom:
    set_free(&frag);
    return -1;
}

int set_lines(input_set *s, const char *path)
{
    FILE *f = fopen(path, "rb");
    unsigned char *line = NULL;
    size_t n = 0, cap = 0;
    int c, rc = 0;

    if (!f)
        return 1;
    while (rc == 0 && (c = getc(f)) != EOF) {
        if (c == '\n') {
            rc = set_add(s, line, n);
            n = 0;
            continue;
        }
        if (grow((void **)&line, &cap, n + 1, 1)) {
            rc = -1;
            break;
        }
        line[n++] = (unsigned char)c;
    }
    if (rc == 0 && n > 0)
        rc = set_add(s, line, n);
    if (rc == 0 && ferror(f))
        rc = 1;
    free(line);
    (void)fclose(f); /* read-only: nothing to lose */
    set_finish(s);
    return rc;
}
