/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_hex_bytes.c -- white-box test of cli/describe.c's hex_bytes at
 * every capacity. Every caller in the command passes a buffer with room to
 * spare, so truncation is never reached through the command; this checks
 * it directly: at capacity c the text is the longest run of whole pairs
 * that fits with its terminator, and nothing at or past buf[c] is
 * written. */
#include "describe.h"

#include <stdio.h>
#include <string.h>

static int failures;

/* check_all tries every capacity 1..strlen(full)+2 for bytes p[0..n),
 * whose full text is `full`; the expected text at each capacity is the
 * longest of the prefixes `cuts` (from "" to full) shorter than it. */
static void check_all(const unsigned char *p, size_t n, const char *full,
                      const char *const *cuts, size_t n_cuts)
{
    size_t cap, k;

    for (cap = 1; cap <= strlen(full) + 2; cap++) {
        char buf[64];
        const char *want = "";
        char *got;

        for (k = 0; k < n_cuts; k++)
            if (strlen(cuts[k]) < cap)
                want = cuts[k];
        memset(buf, '#', sizeof buf);
        got = hex_bytes(p, n, buf, cap);
        if (got != buf || strcmp(buf, want) != 0) {
            printf("FAIL %s cap %zu: got \"%.*s\", want \"%s\"\n", full, cap,
                   (int)cap, buf, want);
            failures++;
        }
        for (k = cap; k < sizeof buf; k++)
            if (buf[k] != '#') {
                printf("FAIL %s cap %zu: buf[%zu] written\n", full, cap, k);
                failures++;
                break;
            }
    }
}

int main(void)
{
    static const unsigned char three[] = {0xC0, 0xAF, 0x80};
    static const char *const three_cuts[] = {"", "C0", "C0 AF", "C0 AF 80"};
    static const unsigned char digits[] = {0x00, 0x0A, 0xFF, 0x7F};
    static const char *const digit_cuts[] = {"", "00", "00 0A", "00 0A FF",
                                             "00 0A FF 7F"};
    static const char *const none_cuts[] = {""};
    char one[1] = {'#'};

    check_all(three, 3, "C0 AF 80", three_cuts, 4);
    check_all(digits, 4, "00 0A FF 7F", digit_cuts, 5);
    check_all(three, 0, "", none_cuts, 1);
    /* cap 1: only the terminator. */
    if (hex_bytes(three, 3, one, 1) != one || one[0] != '\0') {
        printf("FAIL cap 1: not terminated\n");
        failures++;
    }
    if (failures == 0)
        printf("hex_bytes: every capacity checked, 0 failures\n");
    return failures != 0;
}
