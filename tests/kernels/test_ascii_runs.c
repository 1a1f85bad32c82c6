/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_ascii_runs.c -- long runs of ASCII with one sequence planted: every
 * implementation gives exactly the scalar reference's results through the
 * public API. The AVX-512 validator reads a run of ASCII 4 aligned vectors
 * at a time once it has seen 128 ASCII bytes with at least 512 to go,
 * stepping back to a 64-byte boundary first (src/kernels/avx512.c,
 * blocks); here the run starts at 8 of the 64 alignments, and the
 * planted sequence sits at every offset of a stretch that covers the
 * start of the fast loop, several of its 256-byte steps, the step back and
 * the end of the run (where the loop hands the last < 256 bytes back).
 * The valid prefix is compared everywhere, the whole API at 3 of the
 * alignments (20 s of CPU time; minutes of wall-clock time on a loaded
 * machine, most of it in the system).
 *
 *   test_ascii_runs [STRIDE]   (STRIDE: only every STRIDE-th offset)
 */
#include "compare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LEN 1400   /* the input: ASCII with one planted sequence */
#define ALIGNS 64  /* start of the input relative to a 64-byte boundary */

/* Planted: errors of each kind, a character cut off by what follows,
 * and valid multi-byte characters (which end the fast loop without an
 * error). */
static const struct {
    const char *bytes;
    size_t len;
} PLANT[] = {
    {"\x80", 1},         {"\xC3", 1},         {"\xE2\x82", 2},     {"\xF0\x9F\x98", 3},
    {"\xC0\xAF", 2},     {"\xED\xA0\x80", 3}, {"\xF4\x90\x80\x80", 4},
    {"\xC3\xA9", 2},     {"\xE2\x82\xAC", 3}, {"\xF0\x9F\x98\x80", 4},
};
#define N_PLANT (sizeof PLANT / sizeof PLANT[0])

int main(int argc, char **argv)
{
    size_t stride = argc > 1 ? (size_t)strtoul(argv[1], NULL, 10) : 1;
    uint8_t *mem = malloc(LEN + 2 * ALIGNS), *in;
    char what[96];
    size_t a, k, at, i;

    if (mem == NULL)
        return 1;
    if (stride == 0)
        stride = 1;
    if (compare_impls_line() < 2)
        printf("test_ascii_runs: only the scalar implementation here: nothing to compare\n");
    if (stride > 1)
        printf("test_ascii_runs: every %zu-th offset (sanitizer build)\n", stride);
    for (a = 0; a < ALIGNS; a += 9) { /* 8 alignments, 0 and 63 among them */
        /* in: a offset from a 64-byte boundary */
        in = mem + ((64 - (size_t)((uintptr_t)mem & 63)) & 63) + a;
        for (k = 0; k < N_PLANT; k++)
            for (at = 0; at + PLANT[k].len <= LEN; at += stride) {
                /* all offsets of the first 3 steps of the loop and of the
                 * end, every 13th in between */
                if (at > 900 && at + 300 < LEN && at % 13 != 0)
                    continue;
                for (i = 0; i < LEN; i++)
                    in[i] = (uint8_t)(' ' + (i * 31 + a) % 95);
                memcpy(in + at, PLANT[k].bytes, PLANT[k].len);
                snprintf(what, sizeof what, "align %zu, sequence %zu at %zu", a, k, at);
                /* valid_prefix only (every public function is built on
                 * it; test_random_text covers them), and the whole API
                 * at 3 of them */
                (void)compare_all(in, LEN, what, a % 27 != 0);
                /* the run ending right after the sequence */
                (void)compare_all(in, at + PLANT[k].len, what, 1);
            }
    }
    free(mem);
    printf("test_ascii_runs: %lu inputs, %lu differences\n", compare_cases(), compare_failures());
    return compare_failures() == 0 ? 0 : 1;
}
