/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_kuhn.c -- Markus Kuhn's UTF-8 decoder stress test, sanitized: the
 * output's size and SHA-256, the number of errors and the exact error
 * list must equal what CPython computes (kuhn_expected.h, written by
 * kuhn_expected.py: CPython's decoder also replaces maximal subparts).
 * The file is read at run time from the shared folder; when it is absent
 * the test is skipped (exit 77) with a message.
 *
 *   test_kuhn PATH/TO/UTF-8-test.txt */
#include "expect.h"
#include "read_file.h"
#include "support/sha256.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kuhn_expected.h"

static const struct terr EXPECTED[] = {KUHN_ERRORS};
static unsigned char *input;
static size_t input_len;

static void suite(void)
{
    unsigned char *out = malloc(3 * input_len);
    size_t n, n_err = 0, pos = 0, k = 0;
    u8guard_error e;
    char hex[65];

    check_input(NULL, 0); /* 22 kB: reports show the offending error */
    if (out == NULL) {
        check_fail_msg(__FILE__, __LINE__, "out of memory");
        return;
    }
    n = u8guard_sanitize(input, input_len, out, 3 * input_len, &n_err);
    EXPECT_EQ(n, KUHN_SANITIZED_SIZE);
    EXPECT_EQ(n_err, KUHN_ERROR_COUNT);
    if (n <= 3 * input_len)
        EXPECT_EQ(strcmp(sha256_hex(out, n, hex), KUHN_SANITIZED_SHA256), 0);
    EXPECT_TRUE(u8guard_validate(out, n, NULL));
    while (u8guard_next_error(input, input_len, &pos, &e)) {
        if (k < KUHN_ERROR_COUNT &&
            !EXPECT_ERR(e, EXPECTED[k].offset, EXPECTED[k].length, EXPECTED[k].kind))
            fprintf(stderr, "  (error #%zu of the list)\n", k);
        k++;
    }
    EXPECT_EQ(k, KUHN_ERROR_COUNT);
    free(out);
    /* The same list through every function: validate, count, sanitize
     * bytes, the decoders, and the streaming decoder byte by byte. */
    expect_errors(input, input_len, EXPECTED, KUHN_ERROR_COUNT);
}

int main(int argc, char **argv)
{
    char hex[65];

    if (argc != 2) {
        fprintf(stderr, "usage: test_kuhn PATH/TO/UTF-8-test.txt\n");
        return 2;
    }
    if (!read_file(argv[1], &input, &input_len)) {
        printf("test_kuhn: SKIPPED: cannot read %s (the shared folder is absent)\n",
               argv[1]);
        return 77;
    }
    check_input(NULL, 0);
    /* The expectations are for this exact file. */
    if (!EXPECT_EQ(input_len, KUHN_INPUT_SIZE) ||
        !EXPECT_EQ(strcmp(sha256_hex(input, input_len, hex), KUHN_INPUT_SHA256), 0)) {
        free(input);
        return check_finish("test_kuhn");
    }
    EXPECT_EQ(sizeof EXPECTED / sizeof EXPECTED[0], KUHN_ERROR_COUNT);
    check_each_impl("test_kuhn", suite);
    free(input);
    return check_finish("test_kuhn");
}
