/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_hex.c -- hex_digit and hex_parse (support/hex.c): every digit and
 * non-digit, the bytes decoded, each error with where it is (not hex, odd
 * run, too long), separators and prefixes; and no read past the text's
 * length, which ends where a page that cannot be read begins. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guard.h"
#include "support/hex.h"

static int fails;

/* Returns a copy of text[0..len) (no NUL after it) that ends where a page
 * without access begins: a read past len faults instead of finding the
 * string's terminator, which stops every loop of hex_parse. */
static const char *at_page_end(const char *text, size_t len)
{
    static struct guard_zone z;

    if (z.map == NULL && guard_zone_open(&z, 4096) != 0)
        exit(1);
    return memcpy(guard_tail(&z, len), text, len);
}

/* Parses text and checks the status, the bytes and, on error, where. */
static void check(const char *text, const char *seps, unsigned flags, size_t cap,
                  hex_error want, const char *bytes, size_t n, size_t at, size_t run)
{
    uint8_t out[64];
    hex_result r;
    hex_error got;

    memset(out, 0xAA, sizeof out);
    got = hex_parse(at_page_end(text, strlen(text)), strlen(text), seps, flags, out, cap, &r);
    if (got != want || r.n != n || memcmp(out, bytes, n) != 0 ||
        (want != HEX_OK && (r.at != at || r.run != run)) || (cap < sizeof out && out[cap] != 0xAA)) {
        printf("FAIL hex_parse(\"%s\", seps \"%s\", flags %u, cap %zu): got status %d, n %zu, "
               "at %zu, run %zu; want %d, %zu, %zu, %zu\n", text, seps ? seps : "(null)",
               flags, cap, (int)got, r.n, r.at, r.run, (int)want, n, at, run);
        fails++;
        return;
    }
    printf("ok   hex_parse(\"%s\") = %d, %zu bytes\n", text, (int)got, r.n);
}

int main(void)
{
    /* hex_digit: all 256 byte values and EOF */
    for (int c = -1; c < 256; c++) {
        int want = c >= '0' && c <= '9' ? c - '0'
                 : c >= 'a' && c <= 'f' ? c - 'a' + 10
                 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (hex_digit(c) != want) {
            printf("FAIL hex_digit(%d) = %d, want %d\n", c, hex_digit(c), want);
            fails++;
        }
    }

    /* one run, no separators (the audit's manifest) */
    check("", NULL, 0, 64, HEX_OK, "", 0, 0, 0);
    check("c0AF", NULL, 0, 64, HEX_OK, "\xC0\xAF", 2, 0, 0);
    check("00ff7f80", NULL, 0, 64, HEX_OK, "\x00\xFF\x7F\x80", 4, 0, 0);
    check("c0a", NULL, 0, 64, HEX_ODD, "", 0, 0, 3);
    check("c0 af", NULL, 0, 64, HEX_NOT_HEX, "\xC0", 1, 2, 0);
    check("c0g0", NULL, 0, 64, HEX_NOT_HEX, "\xC0", 1, 2, 0);
    check("0xc0", NULL, 0, 64, HEX_ODD, "", 0, 0, 1);     /* no prefixes here: "0" */
    check("c0af", NULL, 0, 1, HEX_TOO_LONG, "\xC0", 1, 0, 4);
    check("c0af", NULL, 0, 2, HEX_OK, "\xC0\xAF", 2, 0, 0);
    check("c0af", NULL, 0, 0, HEX_TOO_LONG, "", 0, 0, 4);
    check("c0", "", 0, 64, HEX_OK, "\xC0", 1, 0, 0);

    /* separators (the corpus, the tests' input lists) */
    check("  C0 AF\t", " \t", 0, 64, HEX_OK, "\xC0\xAF", 2, 0, 0);
    check("   ", " ", 0, 64, HEX_OK, "", 0, 0, 0);
    check("C0AF ED", " ", 0, 64, HEX_OK, "\xC0\xAF\xED", 3, 0, 0);
    check("C0 A F0", " ", 0, 64, HEX_ODD, "\xC0", 1, 3, 1);
    check("C0 AFx", " ", 0, 64, HEX_NOT_HEX, "\xC0\xAF", 2, 5, 0);
    check("C0,AF", " ", 0, 64, HEX_NOT_HEX, "\xC0", 1, 2, 0);

    /* prefixes (`u8guard explain`) */
    check("0xC0,0xAF", " \t\n,", HEX_PREFIXES, 64, HEX_OK, "\xC0\xAF", 2, 0, 0);
    check("\\xC0\\xAF", " \t\n,", HEX_PREFIXES, 64, HEX_OK, "\xC0\xAF", 2, 0, 0);
    check("0XC0 \\XaF", " \t\n,", HEX_PREFIXES, 64, HEX_OK, "\xC0\xAF", 2, 0, 0);
    check("0x", " ", HEX_PREFIXES, 64, HEX_NOT_HEX, "", 0, 2, 0);
    check("0x0x00", " ", HEX_PREFIXES, 64, HEX_ODD, "", 0, 2, 1);
    check("00", " ", HEX_PREFIXES, 64, HEX_OK, "\x00", 1, 0, 0);
    check("0xC0A", " ", HEX_PREFIXES, 64, HEX_ODD, "", 0, 2, 3);
    check("ED A1 8C zz", " ", HEX_PREFIXES, 64, HEX_NOT_HEX, "\xED\xA1\x8C", 3, 9, 0);
    check("xC0", " ", HEX_PREFIXES, 64, HEX_NOT_HEX, "", 0, 0, 0);
    check("C0 0", " ", HEX_PREFIXES, 64, HEX_ODD, "\xC0", 1, 3, 1);  /* a lone 0 last: no x after it read */
    check("C0 \\", " ", HEX_PREFIXES, 64, HEX_NOT_HEX, "\xC0", 1, 3, 0);

    printf("%s: %d failure(s)\n", fails ? "FAIL" : "PASS", fails);
    return fails != 0;
}
