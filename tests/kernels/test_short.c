/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_short.c -- the short-input paths of the kernels (inputs of up to
 * 256 bytes, which the AVX-512 kernel reads with masked loads and the
 * SSE4.2 and AVX2 kernels with overlapping loads and inserted "bytes
 * before", src/kernels/short_x86.h) give exactly the scalar reference's
 * results. Every length 1..260 (both sides of each 16-, 32- and 64-byte
 * vector count and of the 256-byte limit), in ASCII and in multi-byte
 * filler, with each of a set of sequences (valid characters of each
 * length, cut-off characters, every kind of error) planted at every
 * offset: valid_prefix of every implementation is compared with the
 * reference's, and the whole public API on every offset of every 7th
 * length. The inputs sit at the start of a larger buffer, so nothing
 * here catches an over-read: test_guard_page does, for every length
 * 0..300.
 *
 *   test_short [STRIDE]   check only every STRIDE-th case (sanitizers) */
#include "compare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LEN 260

/* The planted sequences. */
static const struct seq {
    const char *bytes;
    size_t len;
} SEQS[] = {
    {"\xC3\xA9", 2},         /* valid 2 */
    {"\xE4\xBD\xA0", 3},     /* valid 3 */
    {"\xF0\x9F\x98\x80", 4}, /* valid 4 */
    {"\xC3", 1},             /* cut-off 2 */
    {"\xE4\xBD", 2},         /* cut-off 3 */
    {"\xF0\x9F\x98", 3},     /* cut-off 4 */
    {"\x80", 1},             /* stray continuation */
    {"\xC0\xAF", 2},         /* overlong 2 */
    {"\xE0\x80\xAF", 3},     /* overlong 3 */
    {"\xF0\x80\x80\xAF", 4}, /* overlong 4 */
    {"\xED\xA0\x80", 3},     /* surrogate */
    {"\xF4\x90\x80\x80", 4}, /* above U+10FFFF */
    {"\xF5", 1},             /* never a lead */
    {"\xFF", 1},
};
#define N_SEQS (sizeof SEQS / sizeof SEQS[0])

/* Fills out[0..n) with ASCII, or (multi) a repeating mix of 2-, 3- and
 * 4-byte characters, cut wherever n ends (the planted sequence and the
 * end then make the interesting cases). */
static void fill(uint8_t *out, size_t n, int multi)
{
    static const char MIX[] = "a\xC3\xA9\xE4\xBD\xA0" "b\xF0\x9F\x98\x80\xD0\xAF";
    size_t i;

    for (i = 0; i < n; i++)
        out[i] = multi ? (uint8_t)MIX[i % (sizeof MIX - 1)] : (uint8_t)('a' + i % 26);
}

int main(int argc, char **argv)
{
    unsigned long stride = argc > 1 ? strtoul(argv[1], NULL, 10) : 1, k = 0;
    static uint8_t buf[MAX_LEN + 64];
    char what[96];
    size_t len, off, s;
    int multi;

    if (stride == 0)
        stride = 1;
    if (compare_impls_line() == 0) {
        printf("test_short: SKIPPED: only the scalar implementation is supported here\n");
        return SKIP_STATUS;
    }
    for (multi = 0; multi < 2; multi++)
        for (len = 1; len <= MAX_LEN; len++)
            for (s = 0; s < N_SEQS; s++)
                for (off = 0; off < len; off++) {
                    if (k++ % stride != 0)
                        continue;
                    fill(buf, len, multi);
                    memcpy(buf + off, SEQS[s].bytes,
                           SEQS[s].len < len - off ? SEQS[s].len : len - off);
                    snprintf(what, sizeof what, "%s filler, len %zu, seq %zu at %zu",
                             multi ? "multi-byte" : "ASCII", len, s, off);
                    compare_all(buf, len, what, len % 7 != 0);
                }
    /* Whole filler, no planted sequence: the all-valid and cut-at-end
     * cases of every length. */
    for (multi = 0; multi < 2; multi++)
        for (len = 1; len <= MAX_LEN; len++) {
            fill(buf, len, multi);
            snprintf(what, sizeof what, "%s filler, len %zu", multi ? "multi-byte" : "ASCII", len);
            compare_all(buf, len, what, 0);
        }
    printf("test_short: %lu inputs (every %lu-th of the sweep), %lu differences\n",
           compare_cases(), stride, compare_failures());
    return compare_failures() == 0 ? 0 : 1;
}
