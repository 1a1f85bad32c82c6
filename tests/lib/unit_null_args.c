/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* unit_null_args.c -- the argument contract of u8guard.h: NULL data with
 * length 0 is the empty input; NULL data with a nonzero length, or NULL
 * out with a nonzero out_cap, is reported as each function's comment says
 * and nothing is read or written. */
#include "unit_suites.h"

#include <string.h>

static void validate_family(void)
{
    u8guard_error e;
    size_t pos;

    check_input(NULL, 0);
    e.offset = 99;
    EXPECT_TRUE(u8guard_validate(NULL, 0, &e));
    EXPECT_ERR(e, 0, 0, U8GUARD_OK);
    EXPECT_EQ(u8guard_valid_prefix(NULL, 0), 0);
    pos = 0;
    EXPECT_TRUE(!u8guard_next_error(NULL, 0, &pos, &e));
    EXPECT_EQ(pos, 0);
    EXPECT_ERR(e, 0, 0, U8GUARD_OK);
    EXPECT_EQ(u8guard_count_errors(NULL, 0), 0);

    check_input(NULL, 5);
    e.offset = 99;
    e.length = 99;
    e.kind = U8GUARD_TRUNCATED;
    EXPECT_TRUE(!u8guard_validate(NULL, 5, &e));
    EXPECT_ERR(e, 0, 0, U8GUARD_OK);
    EXPECT_TRUE(!u8guard_validate(NULL, 5, NULL));
    EXPECT_EQ(u8guard_valid_prefix(NULL, 5), 0);
    pos = 3;
    EXPECT_TRUE(!u8guard_next_error(NULL, 5, &pos, &e));
    EXPECT_EQ(pos, 3);
    EXPECT_EQ(u8guard_count_errors(NULL, 5), 0);

    /* *pos beyond the input: refused, *pos unchanged */
    check_input("ab\x80", 3);
    pos = 4;
    EXPECT_TRUE(!u8guard_next_error("ab\x80", 3, &pos, &e));
    EXPECT_EQ(pos, 4);
    /* *pos == len: nothing left, "no error" at len */
    pos = 3;
    EXPECT_TRUE(!u8guard_next_error("ab\x80", 3, &pos, &e));
    EXPECT_EQ(pos, 3);
    EXPECT_ERR(e, 3, 0, U8GUARD_OK);
}

static void decoders(void)
{
    uint32_t o32[4] = {7, 7, 7, 7};
    uint16_t o16[4] = {7, 7, 7, 7};
    u8guard_error e;

    check_input(NULL, 5);
    e.offset = 99;
    e.length = 99;
    e.kind = U8GUARD_TRUNCATED;
    EXPECT_EQ(u8guard_decode_utf32(NULL, 5, o32, 4, &e), 0);
    EXPECT_ERR(e, 0, 0, U8GUARD_OK);
    EXPECT_EQ(o32[0], 7);
    e.kind = U8GUARD_TRUNCATED;
    EXPECT_EQ(u8guard_decode_utf16(NULL, 5, o16, 4, &e), 0);
    EXPECT_ERR(e, 0, 0, U8GUARD_OK);
    EXPECT_EQ(o16[0], 7);

    check_input(NULL, 0);
    e.kind = U8GUARD_TRUNCATED;
    EXPECT_EQ(u8guard_decode_utf32(NULL, 0, o32, 4, &e), 0);
    EXPECT_ERR(e, 0, 0, U8GUARD_OK);
    EXPECT_EQ(u8guard_decode_utf16(NULL, 0, NULL, 0, &e), 0);
    EXPECT_ERR(e, 0, 0, U8GUARD_OK);
    EXPECT_EQ(u8guard_decode_utf32(NULL, 0, NULL, 0, NULL), 0);

    /* out == NULL with out_cap != 0: refused */
    check_input("abc", 3);
    e.kind = U8GUARD_TRUNCATED;
    EXPECT_EQ(u8guard_decode_utf32("abc", 3, NULL, 3, &e), 0);
    EXPECT_ERR(e, 0, 0, U8GUARD_OK);
    e.kind = U8GUARD_TRUNCATED;
    EXPECT_EQ(u8guard_decode_utf16("abc", 3, NULL, 3, &e), 0);
    EXPECT_ERR(e, 0, 0, U8GUARD_OK);
    /* out == NULL with out_cap == 0: a size query (in code points for
     * UTF-32, in units for UTF-16: U+1F600 is one and two) */
    check_input("a\xF0\x9F\x98\x80\xC0", 6);
    EXPECT_EQ(u8guard_decode_utf32("a\xF0\x9F\x98\x80\xC0", 6, NULL, 0, &e), 2);
    EXPECT_ERR(e, 5, 1, U8GUARD_OVERLONG);
    EXPECT_EQ(u8guard_decode_utf16("a\xF0\x9F\x98\x80\xC0", 6, NULL, 0, &e), 3);
    EXPECT_ERR(e, 5, 1, U8GUARD_OVERLONG);
    EXPECT_EQ(u8guard_decode_utf16("a\xF0\x9F\x98\x80", 5, NULL, 0, NULL), 3);
}

static void sanitizer(void)
{
    unsigned char out[8];
    size_t n;

    check_input(NULL, 5);
    memset(out, 0xA5, sizeof out);
    n = 77;
    EXPECT_EQ(u8guard_sanitize(NULL, 5, out, sizeof out, &n), SIZE_MAX);
    EXPECT_EQ(n, 0);
    EXPECT_EQ(out[0], 0xA5);
    EXPECT_EQ(u8guard_sanitize(NULL, 5, out, sizeof out, NULL), SIZE_MAX);
    EXPECT_EQ(u8guard_sanitized_length(NULL, 5), SIZE_MAX);

    check_input("a\x80", 2);
    n = 77;
    EXPECT_EQ(u8guard_sanitize("a\x80", 2, NULL, 4, &n), SIZE_MAX);
    EXPECT_EQ(n, 0);
    n = 77;
    EXPECT_EQ(u8guard_sanitize("a\x80", 2, NULL, 0, &n), 4);
    EXPECT_EQ(n, 1);

    check_input(NULL, 0);
    n = 77;
    EXPECT_EQ(u8guard_sanitize(NULL, 0, NULL, 0, &n), 0);
    EXPECT_EQ(n, 0);
    EXPECT_EQ(u8guard_sanitize(NULL, 0, out, sizeof out, &n), 0);
    EXPECT_EQ(out[0], 0xA5);
    EXPECT_EQ(u8guard_sanitized_length(NULL, 0), 0);
}

static void stream(void)
{
    u8guard_stream s;
    unsigned char out[32];

    check_input(NULL, 5);
    u8guard_stream_init(&s);
    EXPECT_EQ(u8guard_stream_feed(&s, "\xE4", 1, false, NULL, NULL, NULL, 0), 0);
    memset(out, 0xA5, sizeof out);
    EXPECT_EQ(u8guard_stream_feed(&s, NULL, 5, false, NULL, NULL, out, sizeof out),
              SIZE_MAX);
    EXPECT_EQ(u8guard_stream_feed(&s, NULL, 5, true, NULL, NULL, NULL, 0), SIZE_MAX);
    EXPECT_EQ(u8guard_stream_position(&s), 1);
    EXPECT_EQ(u8guard_stream_error_count(&s), 0);
    EXPECT_EQ(out[0], 0xA5);
    /* NULL with length 0 is an empty chunk; the stream is still usable */
    EXPECT_EQ(u8guard_stream_feed(&s, NULL, 0, false, NULL, NULL, out, sizeof out), 0);
    EXPECT_EQ(u8guard_stream_feed(&s, "\xBD\xA0", 2, true, NULL, NULL, out, sizeof out), 3);
    EXPECT_MEM(out, 3, "\xE4\xBD\xA0", 3);
}

void unit_null_args(void)
{
    validate_family();
    decoders();
    sanitizer();
    stream();
}
