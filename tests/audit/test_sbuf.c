/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_sbuf.c -- the growing string that builds the regression corpus's
 * manifest lines (oracle/audit/record_json_write.c), byte for byte: an
 * empty one reads ""; appends of every length, including those that
 * exactly fill the room before it grows (the terminating NUL needs one
 * more) and empty ones, give exactly the concatenation; sb_str escapes as
 * JSON; sb_cps writes up to CPS_LIST_MAX code points as U+XXXX words and a
 * longer list as the SHA-256 of its UTF-32LE bytes. Running out of memory
 * (b->oom) is not forced here: there is no allocator to fail. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record_internal.h"
#include "support/sha256.h"

static int failures;

static void expect_text(const sbuf *b, const char *want, const char *what)
{
    if (b->oom || strcmp(sb_text(b), want) != 0) {
        printf("FAIL %s: got \"%.80s\"%s, want \"%.80s\"\n", what, sb_text(b),
               b->oom ? " (oom)" : "", want);
        failures++;
    }
}

/* Appends pieces of 0..9 characters, 300 times, checking the whole text
 * after each; some of them would end exactly at the room's end, where
 * the NUL goes (counted: the test says so if none does). */
static void check_growth(void)
{
    sbuf b = {0};
    static char want[4096];
    size_t len = 0;
    int exact = 0;

    expect_text(&b, "", "an empty sbuf");
    for (int i = 0; i < 300; i++) {
        int k = (i * 7) % 10;
        char piece[16];
        size_t len_before = b.len, cap_before = b.cap;

        for (int j = 0; j < k; j++)
            piece[j] = (char)('a' + (i + j) % 26);
        piece[k] = '\0';
        sb_printf(&b, "%s", piece);
        memcpy(want + len, piece, (size_t)k + 1);
        len += (size_t)k;
        exact += k > 0 && len_before + (size_t)k == cap_before;
        expect_text(&b, want, "after an append");
        if (b.len != len) {
            printf("FAIL after append %d: len %zu, want %zu\n", i, b.len, len);
            failures++;
        }
    }
    /* Appends that would fill the room up to its last byte, the NUL's:
     * they must grow it first. */
    if (exact == 0) {
        printf("FAIL no append reached the room's last byte: the test lost its edge\n");
        failures++;
    }
    sb_printf(&b, "%d|%s|%c", -42, "", 'z');
    memcpy(want + len, "-42||z", 7);
    expect_text(&b, want, "printf conversions");
    free(b.s);
}

static void check_str_and_cps(void)
{
    sbuf b = {0};
    uint32_t cps[CPS_LIST_MAX + 1];
    uint8_t le[4 * (CPS_LIST_MAX + 1)];
    char sha[65], want[128];

    sb_str(&b, "a\"b\\c\n\x01");
    expect_text(&b, "\"a\\\"b\\\\c\\n\\u0001\"", "sb_str escapes");
    free(b.s);

    b = (sbuf){0};
    sb_cps(&b, cps, 0);
    expect_text(&b, "\"\"", "sb_cps of none");
    free(b.s);

    for (size_t i = 0; i < CPS_LIST_MAX + 1; i++) {
        cps[i] = i == 0 ? 0x41 : i == 1 ? 0x10FFFF : (uint32_t)(0xFFFD + i);
        for (int k = 0; k < 4; k++)
            le[4 * i + (size_t)k] = (uint8_t)(cps[i] >> (8 * k));
    }
    b = (sbuf){0};
    sb_cps(&b, cps, 3);
    expect_text(&b, "\"U+0041 U+10FFFF U+FFFF\"", "sb_cps of three");
    free(b.s);

    /* CPS_LIST_MAX (32): U+0041 U+10FFFF U+FFFF U+10000 ... U+1001C */
    b = (sbuf){0};
    sb_cps(&b, cps, CPS_LIST_MAX);
    if (b.oom || strncmp(sb_text(&b), "\"U+0041 U+10FFFF U+FFFF U+10000 U+10001 ", 40) != 0 ||
        strcmp(sb_text(&b) + strlen(sb_text(&b)) - 16, "U+1001B U+1001C\"") != 0 ||
        strlen(sb_text(&b)) != 2 + 6 + 8 + 6 + 29 * 7 + 31) {
        printf("FAIL sb_cps of CPS_LIST_MAX: \"%s\"\n", sb_text(&b));
        failures++;
    }
    free(b.s);

    b = (sbuf){0};
    sb_cps(&b, cps, CPS_LIST_MAX + 1);
    sha256_hex(le, sizeof le, sha);
    snprintf(want, sizeof want, "\"sha256:%s\"", sha);
    expect_text(&b, want, "sb_cps of CPS_LIST_MAX + 1: the SHA-256 of UTF-32LE");
    free(b.s);
}

int main(void)
{
    check_growth();
    check_str_and_cps();
    printf("test_sbuf: %s (%d failed checks)\n", failures ? "FAIL" : "pass", failures);
    return failures ? 1 : 0;
}
