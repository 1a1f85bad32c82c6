/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* gen.c -- the structure-aware input generator of the audit: valid text
 * of 1-4 byte characters with errors of every kind planted in it, inputs
 * cut inside a character, errors placed at and across 16/32/64-byte block
 * boundaries, runs of boundary bytes, and mutations (bit flip, insertion,
 * deletion, splice) of the conformance corpus. Everything comes from one
 * splitmix64 stream, so a seed always gives the same inputs in the same
 * order, however long the audit runs. */
#include <string.h>

#include "audit.h"

uint64_t audit_rng_next(audit_rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);

    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Returns a number in [0, n) (n > 0: no caller asks for a number below 0). */
static size_t below(audit_rng *r, size_t n)
{
    return (size_t)(audit_rng_next(r) % n);
}

/* Encodes scalar value cp (< 0x110000, no surrogate) at out; returns its
 * length. */
static size_t encode(uint32_t cp, uint8_t *out)
{
    if (cp < 0x80) {
        out[0] = (uint8_t)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (uint8_t)(0xC0 | (cp >> 6));
        out[1] = (uint8_t)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (uint8_t)(0xE0 | (cp >> 12));
        out[1] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (uint8_t)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (uint8_t)(0xF0 | (cp >> 18));
    out[1] = (uint8_t)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (uint8_t)(0x80 | (cp & 0x3F));
    return 4;
}

/* Returns a random scalar value of a random encoded length, biased
 * towards the ends of each range. */
static uint32_t random_scalar(audit_rng *r)
{
    static const uint32_t edges[] = {0x0, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF,
                                     0xE000, 0xFFFD, 0xFFFE, 0xFFFF, 0xFDD0,
                                     0x10000, 0x1FFFE, 0x10FFFF, 0x10FFFE,
                                     0x233B4, 0x4F60};
    uint32_t cp;

    switch (below(r, 6)) {
    case 0: return edges[below(r, sizeof edges / sizeof edges[0])];
    case 1: return 0x20 + (uint32_t)below(r, 0x5F);
    case 2: return 0x80 + (uint32_t)below(r, 0x780);
    case 3:
        cp = 0x800 + (uint32_t)below(r, 0xF800);
        return cp >= 0xD800 && cp <= 0xDFFF ? cp + 0x800 : cp;
    case 4: return 0x10000 + (uint32_t)below(r, 0x100000);
    default: return 0x41 + (uint32_t)below(r, 26);
    }
}

/* Writes valid text of about n bytes at out[0..cap); returns its length. */
static size_t valid_text(audit_rng *r, uint8_t *out, size_t n, size_t cap)
{
    size_t len = 0;

    while (len < n && len + 4 <= cap)
        len += encode(random_scalar(r), out + len);
    return len;
}

/* Writes one ill-formed (or edge) sequence of a random kind at out (room
 * for 8 bytes); returns its length. */
static size_t bad_sequence(audit_rng *r, uint8_t *out)
{
    static const uint8_t tails[] = {0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF};
    uint8_t t = tails[below(r, sizeof tails)];
    uint8_t u = (uint8_t)(0x80 + below(r, 0x40));

    switch (below(r, 16)) {
    case 0: /* 2-byte overlong */
        out[0] = (uint8_t)(0xC0 + below(r, 2)); out[1] = t;
        return 2;
    case 1: /* 3-byte overlong */
        out[0] = 0xE0; out[1] = (uint8_t)(0x80 + below(r, 0x20)); out[2] = u;
        return 3;
    case 2: /* 4-byte overlong */
        out[0] = 0xF0; out[1] = (uint8_t)(0x80 + below(r, 0x10)); out[2] = u;
        out[3] = t;
        return 4;
    case 3: /* surrogate */
        out[0] = 0xED; out[1] = (uint8_t)(0xA0 + below(r, 0x20)); out[2] = u;
        return 3;
    case 4: /* CESU-8 pair */
        out[0] = 0xED; out[1] = (uint8_t)(0xA0 + below(r, 0x10)); out[2] = u;
        out[3] = 0xED; out[4] = (uint8_t)(0xB0 + below(r, 0x10)); out[5] = t;
        return 6;
    case 5: /* above U+10FFFF */
        out[0] = (uint8_t)(below(r, 2) ? 0xF4 : 0xF5 + below(r, 3));
        out[1] = (uint8_t)(out[0] == 0xF4 ? 0x90 + below(r, 0x30) : t);
        out[2] = u; out[3] = t;
        return 4;
    case 6: /* lead F8..FF, 5- and 6-byte forms */
        out[0] = (uint8_t)(0xF8 + below(r, 8));
        for (int i = 1; i < 6; i++)
            out[i] = (uint8_t)(0x80 + below(r, 0x40));
        return out[0] >= 0xFC ? 6 : 5;
    case 7: /* a lone continuation */
        out[0] = t;
        return 1;
    case 8: /* bad continuation after 1 or 2 good bytes */
        out[0] = 0xE4; out[1] = below(r, 2) ? 0xBD : 0x41; out[2] = 0x41;
        return 3;
    case 9:
        out[0] = 0xF0; out[1] = 0x9F; out[2] = below(r, 2) ? 0x98 : 0xC3;
        out[3] = 0x28;
        return 4;
    case 10: /* a lead followed by another lead */
        out[0] = (uint8_t)(0xC2 + below(r, 0x33)); out[1] = 0xC3; out[2] = 0xA9;
        return 3;
    case 11: /* U+10FFFF and noncharacters (valid) */
        return encode(below(r, 2) ? 0x10FFFF : 0xFFFE + (uint32_t)below(r, 2), out);
    case 12:
        return encode(0xFDD0 + (uint32_t)below(r, 0x20), out);
    case 13: /* U+0000 */
        out[0] = 0;
        return 1;
    case 14: /* the smallest and largest of each length */
        return encode(below(r, 2) ? 0x10000 : 0x800, out);
    default: /* FE, FF */
        out[0] = (uint8_t)(0xFE + below(r, 2));
        return 1;
    }
}

size_t audit_generate(audit_rng *r, const audit_case *corpus, long n_corpus,
                      uint8_t *out, size_t cap)
{
    static const uint8_t boundary[] = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F,
                                       0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0,
                                       0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1,
                                       0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xFB, 0xFC,
                                       0xFD, 0xFE, 0xFF};
    size_t len = 0, k;
    uint8_t seq[8];

    switch (below(r, 7)) {
    case 0: /* valid text */
        return valid_text(r, out, below(r, 80), cap);
    case 1: /* valid text with one to three planted sequences */
        len = valid_text(r, out, below(r, 40), cap / 2);
        for (k = 1 + below(r, 3); k > 0 && len + 16 < cap; k--) {
            size_t n = bad_sequence(r, seq);
            memcpy(out + len, seq, n);
            len += n;
            len += valid_text(r, out + len, below(r, 8), cap - len);
        }
        return len;
    case 2: /* cut inside a character at the end */
        len = valid_text(r, out, below(r, 40), cap / 2);
        k = encode(0x80 + (uint32_t)below(r, 0x10FF80 - 0x800) +
                       (below(r, 2) ? 0x800 : 0), seq);
        if (seq[0] == 0xED && seq[1] >= 0xA0)
            seq[1] = 0x9F;
        /* cp >= 0x80, so k >= 2: keep 1 .. k - 1 bytes of it */
        k = 1 + below(r, k - 1);
        memcpy(out + len, seq, k);
        return len + k;
    case 3: { /* a sequence at or across a 16/32/64-byte block boundary */
        static const size_t blocks[] = {16, 32, 64};
        size_t b = blocks[below(r, 3)] * (1 + below(r, 2));
        size_t at = b - below(r, 4) + below(r, 2);
        size_t n;

        if (below(r, 2)) {
            memset(out, 'a', at);
            len = at;
        } else {
            len = valid_text(r, out, at - 4, cap / 2); /* at >= 13 */
            while (len < at)
                out[len++] = 'b';
        }
        n = bad_sequence(r, seq);
        memcpy(out + len, seq, n);
        len += n;
        if (below(r, 2))
            len += valid_text(r, out + len, below(r, 20), cap - len);
        return len;
    }
    case 4: /* boundary bytes */
        for (k = 1 + below(r, 6); k > 0; k--)
            out[len++] = boundary[below(r, sizeof boundary)];
        return len;
    default: { /* a mutated corpus case */
        const audit_case *c;

        if (n_corpus <= 0)
            return valid_text(r, out, below(r, 30), cap);
        c = &corpus[below(r, (size_t)n_corpus)];
        len = c->len < cap / 2 ? c->len : cap / 2;
        memcpy(out, c->data, len);
        switch (below(r, 4)) {
        case 0:
            if (len)
                out[below(r, len)] ^= (uint8_t)(1u << below(r, 8));
            break;
        case 1:
            k = below(r, len + 1);
            memmove(out + k + 1, out + k, len - k);
            out[k] = boundary[below(r, sizeof boundary)];
            len++;
            break;
        case 2:
            if (len) {
                k = below(r, len);
                memmove(out + k, out + k + 1, len - k - 1);
                len--;
            }
            break;
        default: { /* splice: a prefix of this case, a suffix of another */
            const audit_case *o = &corpus[below(r, (size_t)n_corpus)];
            size_t cut = below(r, len + 1), from = below(r, o->len + 1);
            size_t more = o->len - from;

            if (cut + more > cap)
                more = cap - cut;
            memcpy(out + cut, o->data + from, more);
            len = cut + more;
            break;
        }
        }
        return len;
    }
    }
}
