/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_args.c -- white-box test of cli/args.c where no sub-command goes:
 *
 * - args_init hands getopt_long "-:" and the caller's short options, cut
 *   to the room struct args has (61 characters and the terminator); every
 *   sub-command's string is far shorter. Checked for every length 0..80:
 *   exact contents, the terminator, nothing of the struct after it
 *   written.
 * - args_init starts a fresh scan even when the last one stopped inside a
 *   group of short options ("-ab" after 'a').
 * - An ambiguous long option lists the names it may be while the list
 *   fits its 512-byte buffer: a name that fits to the last byte is
 *   listed, one a byte longer is not, first in the list or after
 *   another. No command's names come near.
 * - parse_count's answers and *out (0 unless COUNT_OK) at each edge: the
 *   suffixes, max, 2^64 - 1 and 2^64, garbage after too many digits.
 */
#include "args.h"
#include "capture_stderr.h"

#include <stdio.h>
#include <string.h>

static size_t check_cut(void)
{
    static const struct option longs[] = {{NULL, 0, NULL, 0}};
    /* args.h's promise: 61 characters of short options, "-:" and the
     * terminator in struct args' 64 bytes (not taken from the struct, so
     * that a change there shows) */
    enum { ROOM = 61 };
    char opts[81], want[ROOM + 3];
    size_t len, keep, k, failures = 0;

    for (len = 0; len < sizeof opts; len++) {
        struct args a;

        for (k = 0; k < len; k++)
            opts[k] = (char)('a' + k % 26);
        opts[len] = '\0';
        keep = len < ROOM ? len : ROOM;
        memcpy(want, "-:", 2);
        memcpy(want + 2, opts, keep);
        want[keep + 2] = '\0';
        memset(&a, '#', sizeof a);
        a.rest = true;
        args_init(&a, "test", 1, NULL, opts, longs);
        if (memcmp(a.shorts, want, keep + 3) != 0 || a.rest || a.longs != longs ||
            strcmp(a.cmd, "test") != 0) {
            printf("FAIL length %zu: got \"%.*s\", want \"%s\"\n", len,
                   (int)sizeof a.shorts, a.shorts, want);
            failures++;
        }
        for (k = keep + 3; k < sizeof a.shorts; k++)
            if (a.shorts[k] != '#') {
                printf("FAIL length %zu: shorts[%zu] written\n", len, k);
                failures++;
                break;
            }
    }
    printf("test_args: args_init, lengths 0..%zu, %zu failures\n", sizeof opts - 1, failures);
    return failures;
}

/* A scan stopped after 'a' of "-ab", then a new one of "-c". */
static size_t check_fresh_scan(void)
{
    static const struct option longs[] = {{NULL, 0, NULL, 0}};
    char a1[] = "t", a2[] = "-ab", b1[] = "t", b2[] = "-c";
    char *first[] = {a1, a2, NULL}, *second[] = {b1, b2, NULL};
    const char *value;
    struct args a;
    int c1, c2;

    args_init(&a, "test", 2, first, "ab", longs);
    c1 = args_next(&a, &value);
    args_init(&a, "test", 2, second, "c", longs);
    c2 = args_next(&a, &value);
    printf("test_args: fresh scan: '%c' then '%c' (want 'a' then 'c')\n", c1, c2);
    return c1 != 'a' || c2 != 'c';
}

/* "--x" where the long options are x followed by len1 - 1 'a' and by
 * len2 - 1 'b': the message lists those of the two names it says it
 * lists (list1, list2). Each name takes its length + 4 bytes of the list
 * ("'--", "'"), + 6 after the first (", '--", "'"), and the buffer has
 * 511 besides the terminator. */
static size_t check_list(size_t len1, size_t len2, int list1, int list2)
{
    char n1[600], n2[600], want[1400], msg[1400], x1[] = "t", x2[] = "--x";
    char *argv[] = {x1, x2, NULL};
    struct option longs[] = {{n1, no_argument, NULL, 300}, {n2, no_argument, NULL, 301},
                             {NULL, 0, NULL, 0}};
    const char *value;
    struct capture c;
    struct args a;
    int rc;

    n1[0] = n2[0] = 'x';
    memset(n1 + 1, 'a', len1 - 1);
    n1[len1] = '\0';
    memset(n2 + 1, 'b', len2 - 1);
    n2[len2] = '\0';
    args_init(&a, "test", 2, argv, "", longs);
    capture_stderr_start(&c);
    rc = args_next(&a, &value);
    capture_stderr_stop(&c, msg, sizeof msg);
    snprintf(want, sizeof want, "u8guard test: option '--x' is ambiguous: it may be "
             "%s%s%s%s%s%s%s (try 'u8guard test --help')\n", list1 ? "'--" : "",
             list1 ? n1 : "", list1 ? "'" : "", list1 && list2 ? ", " : "",
             list2 ? "'--" : "", list2 ? n2 : "", list2 ? "'" : "");
    printf("test_args: names of %zu and %zu bytes: %s listed\n", len1, len2,
           list1 && list2 ? "both" : list1 ? "the first" : list2 ? "the second" : "none");
    if (rc != ARGS_FAIL || strcmp(msg, want) != 0) {
        printf("FAIL: returned %d, printed\n%s want\n%s", rc, msg, want);
        return 1;
    }
    return 0;
}

/* parse_count on each case: the result and *out (set to 7 first). */
static size_t check_count(void)
{
    static const struct {
        const char *s;
        uint64_t max;
        enum count_result want;
        uint64_t out;
    } cases[] = {
        {"0", 10, COUNT_OK, 0},
        {"10", 10, COUNT_OK, 10},
        {"11", 10, COUNT_TOO_LARGE, 0},
        {"007", 10, COUNT_OK, 7},
        {"1K", UINT64_MAX, COUNT_OK, 1024},
        {"3M", UINT64_MAX, COUNT_OK, (uint64_t)3 << 20},
        {"5G", UINT64_MAX, COUNT_OK, (uint64_t)5 << 30},
        {"1K", 1023, COUNT_TOO_LARGE, 0},
        {"1K", 1024, COUNT_OK, 1024},
        {"18446744073709551615", UINT64_MAX, COUNT_OK, UINT64_MAX},
        {"18446744073709551616", UINT64_MAX, COUNT_TOO_LARGE, 0},
        {"17179869183G", UINT64_MAX, COUNT_OK, (uint64_t)17179869183 << 30},
        {"17179869184G", UINT64_MAX, COUNT_TOO_LARGE, 0},
        {"99999999999999999999x", UINT64_MAX, COUNT_BAD, 0},
        {"", 10, COUNT_BAD, 0},
        {"K", 10, COUNT_BAD, 0},
        {"-1", 10, COUNT_BAD, 0},
        {"+1", 10, COUNT_BAD, 0},
        {" 1", 10, COUNT_BAD, 0},
        {"1 ", 10, COUNT_BAD, 0},
        {"1k", UINT64_MAX, COUNT_BAD, 0},
        {"1KB", UINT64_MAX, COUNT_BAD, 0},
        {"1KK", UINT64_MAX, COUNT_BAD, 0},
    };
    size_t i, failures = 0;
    uint64_t out;
    enum count_result r;

    for (i = 0; i < sizeof cases / sizeof *cases; i++) {
        out = 7;
        r = parse_count(cases[i].s, cases[i].max, &out);
        if (r != cases[i].want || out != cases[i].out) {
            printf("FAIL parse_count(\"%s\", %llu): %d, %llu (want %d, %llu)\n", cases[i].s,
                   (unsigned long long)cases[i].max, (int)r, (unsigned long long)out,
                   (int)cases[i].want, (unsigned long long)cases[i].out);
            failures++;
        }
    }
    printf("test_args: parse_count, %zu cases, %zu failures\n", i, failures);
    return failures;
}

int main(void)
{
    size_t failures = check_cut() + check_fresh_scan() + check_count();

    failures += check_list(250, 251, 1, 1); /* 254 + 257 = 511 bytes: both */
    failures += check_list(250, 252, 1, 0); /* 254 + 258 = 512: the first */
    failures += check_list(507, 2, 1, 0);   /* 511 + 8: the first */
    failures += check_list(508, 2, 0, 1);   /* 512: the second, first in the list */
    printf("test_args: %zu failure(s)\n", failures);
    return failures == 0 ? 0 : 1;
}
