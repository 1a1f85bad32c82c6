/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_random_text.c -- every implementation equals the scalar reference
 * on random valid text of every length 0..300 made of 1- to 4-byte
 * characters in several mixes, on every truncation of such text, and on
 * such text with an error of every kind planted (overwritten and
 * inserted) at every offset 0..200, which puts each error across the 16-,
 * 32- and 64-byte block boundaries of the vector kernels.
 *
 *   test_random_text [STRIDE]   STRIDE > 1: every STRIDE-th length and
 *       offset only (the sanitizer builds, where a check costs 20 times
 *       more). */
#include "compare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LEN 300
#define PLANT_BASE 264
#define PLANT_MAX_OFFSET 200

/* Percent of 1-, 2-, 3- and 4-byte characters. */
static const struct mix {
    const char *name;
    unsigned pct[4];
} MIXES[] = {
    {"ascii-heavy", {90, 5, 3, 2}}, {"latin", {50, 50, 0, 0}},
    {"cjk", {10, 0, 90, 0}},        {"emoji", {20, 0, 10, 70}},
    {"uniform", {25, 25, 25, 25}},  {"only-2", {0, 100, 0, 0}},
    {"only-3", {0, 0, 100, 0}},     {"only-4", {0, 0, 0, 100}},
};
#define N_MIXES (sizeof MIXES / sizeof MIXES[0])

/* One ill-formed (or, for the truncated ones, cut-short) sequence of each
 * kind of doc/contract.md section 2. */
static const struct pattern {
    const char *bytes;
    size_t len;
} PATTERNS[] = {
    {"\x80", 1},             {"\xBF", 1},             /* unexpected continuation */
    {"\xC0\xAF", 2},         {"\xC1\xBF", 2},         /* overlong 2 */
    {"\xE0\x80\xAF", 3},     {"\xE0\x9F\xBF", 3},     /* overlong 3 */
    {"\xF0\x80\x80\xAF", 4}, {"\xF0\x8F\xBF\xBF", 4}, /* overlong 4 */
    {"\xED\xA0\x80", 3},     {"\xED\xBF\xBF", 3},     /* surrogates */
    {"\xED\xA1\x8C\xED\xBE\xB4", 6},                  /* CESU-8 */
    {"\xF4\x90\x80\x80", 4}, {"\xF5\x80\x80\x80", 4}, /* too large */
    {"\xFF", 1},             {"\xF8\x88\x80\x80\x80", 5},
    {"\xC2\x41", 2},         {"\xE1\x80\x41", 3},     /* bad continuation */
    {"\xF1\x80\x80\x41", 4}, {"\xE1\x41", 2},         {"\xF3\xC2\x80", 3},
    {"\xC2", 1},             {"\xE1\x80", 2},         /* cut short */
    {"\xF1\x80\x80", 3},     {"\xF0", 1},
};
#define N_PATTERNS (sizeof PATTERNS / sizeof PATTERNS[0])

/* Fills out[0..len) with whole characters of mix m. */
static void make_text(uint64_t *rng, const struct mix *m, uint8_t *out, size_t len)
{
    size_t i = 0;
    unsigned n, r;
    uint8_t c[4];

    while (i < len) {
        r = (unsigned)(rng_next(rng) % 100);
        for (n = 1; n < 4 && r >= m->pct[n - 1]; n++)
            r -= m->pct[n - 1];
        if (m->pct[n - 1] == 0 || n > len - i)
            n = (unsigned)(len - i < 4 ? len - i : 1); /* fill exactly */
        random_char(rng, n, c);
        memcpy(out + i, c, n);
        i += n;
    }
}

int main(int argc, char **argv)
{
    size_t stride = argc > 1 ? (size_t)strtoul(argv[1], NULL, 10) : 1;
    uint8_t text[MAX_LEN + 16], planted[PLANT_BASE + 16];
    char what[128];
    uint64_t rng = 0x9E3779B97F4A7C15ull;
    size_t mi, len, pi, off;
    const struct pattern *pt;

    if (stride == 0) {
        fprintf(stderr, "usage: test_random_text [STRIDE]\n");
        return 2;
    }
    if (compare_impls_line() == 0) {
        printf("SKIP: no implementation besides scalar is supported here\n");
        return SKIP_STATUS;
    }
    for (mi = 0; mi < N_MIXES; mi++) {
        /* Valid text of every length. */
        for (len = 0; len <= MAX_LEN; len += stride) {
            make_text(&rng, &MIXES[mi], text, len);
            snprintf(what, sizeof what, "valid %s text", MIXES[mi].name);
            compare_all(text, len, what, 0);
        }
        /* Every truncation of one text (cuts inside characters). */
        make_text(&rng, &MIXES[mi], text, MAX_LEN);
        for (len = 0; len <= MAX_LEN; len += stride) {
            snprintf(what, sizeof what, "%s text cut at %zu", MIXES[mi].name, len);
            compare_all(text, len, what, 0);
        }
        /* Planted errors. */
        make_text(&rng, &MIXES[mi], text, PLANT_BASE);
        for (pi = 0; pi < N_PATTERNS; pi++) {
            pt = &PATTERNS[pi];
            for (off = 0; off <= PLANT_MAX_OFFSET; off += stride) {
                memcpy(planted, text, PLANT_BASE);
                memcpy(planted + off, pt->bytes, pt->len);
                snprintf(what, sizeof what, "%s text, pattern %zu written at %zu",
                         MIXES[mi].name, pi, off);
                compare_all(planted, PLANT_BASE, what, 0);
                memcpy(planted, text, off);
                memcpy(planted + off, pt->bytes, pt->len);
                memcpy(planted + off + pt->len, text + off, PLANT_BASE - off);
                snprintf(what, sizeof what, "%s text, pattern %zu inserted at %zu",
                         MIXES[mi].name, pi, off);
                compare_all(planted, PLANT_BASE + pt->len, what, 0);
            }
        }
    }
    if (stride > 1)
        printf("every %zu-th length and offset only\n", stride);
    printf("%lu inputs, %lu differences\n", compare_cases(), compare_failures());
    return compare_failures() == 0 ? 0 : 1;
}
