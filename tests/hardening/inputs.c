/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* inputs.c -- the input families of inputs.h. */
#include "inputs.h"

#include <stdint.h>
#include <string.h>

/* How inputs end. Every truncated tail of doc/contract.md section 2 (each lead
 * row, each length 1..3), every error kind at the very end, and the
 * longest valid sequences, so a decoder's end-of-buffer handling is
 * exercised for all of them. */
static const char *const SUFFIXES[] = {
    "",
    /* truncated */
    "\xC2", "\xDF", "\xE0", "\xE0\xA0", "\xE1", "\xE1\x80", "\xEC\xBF", "\xED",
    "\xED\x9F", "\xEE", "\xEF\xBF", "\xF0", "\xF0\x90", "\xF0\x90\x80",
    "\xF1", "\xF1\x80", "\xF3\xBF\xBF", "\xF4", "\xF4\x8F", "\xF4\x8F\xBF",
    /* errors ending the input */
    "\x80", "\xBF", "\xC0", "\xC1", "\xF5", "\xFF", "\xE0\x80", "\xE0\x9F",
    "\xED\xA0", "\xED\xBF", "\xF0\x80", "\xF0\x8F", "\xF4\x90", "\xF4\xBF",
    "\xC2\x41", "\xE1\x80\xC0", "\xF1\x80\x80\x7F", "\xE4\xBD", "\xC0\xAF",
    "\xED\xA1\x8C\xED\xBE\xB4",
    /* valid sequences of every length ending the input */
    "\x7F", "\xC2\x80", "\xDF\xBF", "\xE0\xA0\x80", "\xED\x9F\xBF",
    "\xEF\xBF\xBF", "\xF0\x90\x80\x80", "\xF4\x8F\xBF\xBF",
};
#define N_SUFFIXES (sizeof SUFFIXES / sizeof SUFFIXES[0])
#define N_RANDOM 3

size_t inputs_count(void)
{
    return 2 * N_SUFFIXES + N_RANDOM;
}

const char *inputs_name(size_t f)
{
    if (f < N_SUFFIXES)
        return "ASCII filler + suffix";
    if (f < 2 * N_SUFFIXES)
        return "mixed 1-4 byte filler + suffix";
    return "pseudo-random bytes";
}

/* Fills buf[0..n) with valid text: 1-, 2-, 3- and 4-byte characters in
 * turn while they fit, then ASCII. */
static void mixed(unsigned char *buf, size_t n)
{
    static const char *const chars[] = {"a", "\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80"};
    size_t o = 0, c = 0, l;

    for (;;) {
        l = strlen(chars[c % 4]);
        if (o + l > n)
            break;
        memcpy(buf + o, chars[c % 4], l);
        o += l;
        c++;
    }
    while (o < n)
        buf[o++] = 'z';
}

/* Bytes drawn mostly from the ranges where decoders go wrong. */
static void random_bytes(unsigned char *buf, size_t n, uint32_t seed)
{
    static const unsigned char pick[] = {
        0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF,
        0xE0, 0xE1, 0xED, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xFF, 0x00, 0x20};
    uint32_t x = seed * 2654435761u + 1;
    size_t i;

    for (i = 0; i < n; i++) {
        x = x * 1103515245u + 12345u;
        buf[i] = (x >> 16) % 3 == 0 ? (unsigned char)(x >> 24)
                                    : pick[(x >> 16) % sizeof pick];
    }
}

int inputs_make(size_t f, size_t len, unsigned char *buf)
{
    const char *suf;
    size_t sl, i;

    if (f >= 2 * N_SUFFIXES) {
        random_bytes(buf, len, (uint32_t)(f * 7919 + len));
        return 1;
    }
    suf = SUFFIXES[f % N_SUFFIXES];
    sl = strlen(suf);
    if (sl > len)
        return 0;
    if (f < N_SUFFIXES)
        for (i = 0; i < len - sl; i++)
            buf[i] = (unsigned char)('a' + i % 26);
    else
        mixed(buf, len - sl);
    memcpy(buf + len - sl, suf, sl);
    return 1;
}
