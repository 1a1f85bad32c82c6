/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* unit_stream_api.c -- the streaming decoder's contract (u8guard.h):
 * empty chunks, a chunk ending inside a sequence, feeding after the final
 * chunk (refused: SIZE_MAX, nothing changed), reset by u8guard_stream_init,
 * an out_cap too small (refused, nothing consumed), and the position and
 * error count. */
#include "expect.h"
#include "unit_suites.h"

#include <string.h>

struct log {
    struct terr e[8];
    size_t n;
};

static void on_error(void *ctx, const u8guard_error *err)
{
    struct log *g = ctx;

    if (g->n < 8) {
        g->e[g->n].offset = err->offset;
        g->e[g->n].length = err->length;
        g->e[g->n].kind = err->kind;
    }
    g->n++;
}

#define FEED(s, lit, final, g, out)                                            \
    u8guard_stream_feed((s), (lit), sizeof(lit) - 1, (final), on_error, (g),     \
                        (out), sizeof(out))

static void empty_and_pending(void)
{
    u8guard_stream s;
    struct log g = {.n = 0};
    unsigned char out[64];

    check_input("\xE4\xBD\xA0", 3);
    u8guard_stream_init(&s);
    EXPECT_EQ(u8guard_stream_position(&s), 0);
    EXPECT_EQ(FEED(&s, "", false, &g, out), 0);
    /* E4 BD | A0 (doc/contract.md): no error, U+4F60 */
    EXPECT_EQ(FEED(&s, "\xE4\xBD", false, &g, out), 0);
    EXPECT_EQ(u8guard_stream_position(&s), 2);
    EXPECT_EQ(FEED(&s, "", false, &g, out), 0);
    EXPECT_EQ(u8guard_stream_position(&s), 2);
    EXPECT_EQ(FEED(&s, "\xA0", false, &g, out), 3);
    EXPECT_MEM(out, 3, "\xE4\xBD\xA0", 3);
    EXPECT_EQ(FEED(&s, "", false, &g, out), 0);
    EXPECT_EQ(FEED(&s, "", true, &g, out), 0);
    EXPECT_EQ(g.n, 0);
    EXPECT_EQ(u8guard_stream_position(&s), 3);
    EXPECT_EQ(u8guard_stream_error_count(&s), 0);
}

static void truncated_by_final(void)
{
    u8guard_stream s;
    struct log g = {.n = 0};
    unsigned char out[64];

    /* F0 9F 98 fed one byte at a time, then an empty final chunk: the
     * error appears only then, at the offset of F0 in the whole stream */
    check_input("ab\xF0\x9F\x98", 5);
    u8guard_stream_init(&s);
    EXPECT_EQ(FEED(&s, "ab", false, &g, out), 2);
    EXPECT_EQ(FEED(&s, "\xF0", false, &g, out), 0);
    EXPECT_EQ(FEED(&s, "\x9F", false, &g, out), 0);
    EXPECT_EQ(FEED(&s, "\x98", false, &g, out), 0);
    EXPECT_EQ(g.n, 0);
    EXPECT_EQ(u8guard_stream_position(&s), 5);
    EXPECT_EQ(FEED(&s, "", true, &g, out), 3);
    EXPECT_MEM(out, 3, "\xEF\xBF\xBD", 3);
    if (EXPECT_EQ(g.n, 1))
        EXPECT_ERR(g.e[0], 2, 3, TR);
    EXPECT_EQ(u8guard_stream_error_count(&s), 1);
    EXPECT_EQ(u8guard_stream_position(&s), 5);
}

static void after_final_and_reset(void)
{
    u8guard_stream s;
    struct log g = {.n = 0};
    unsigned char out[64];

    check_input("x\x80|\xC0", 3);
    u8guard_stream_init(&s);
    EXPECT_EQ(FEED(&s, "x\x80", true, &g, out), 4);
    EXPECT_MEM(out, 4, "x\xEF\xBF\xBD", 4);
    if (EXPECT_EQ(g.n, 1))
        EXPECT_ERR(g.e[0], 1, 1, UC);
    /* after the final chunk: refused, nothing called, written or counted */
    memset(out, 0xA5, sizeof out);
    EXPECT_EQ(FEED(&s, "\xC0", false, &g, out), SIZE_MAX);
    EXPECT_EQ(FEED(&s, "\xC0", true, &g, out), SIZE_MAX);
    EXPECT_EQ(FEED(&s, "", true, &g, out), SIZE_MAX);
    EXPECT_EQ(g.n, 1);
    EXPECT_EQ(out[0], 0xA5);
    EXPECT_EQ(u8guard_stream_position(&s), 2);
    EXPECT_EQ(u8guard_stream_error_count(&s), 1);
    /* u8guard_stream_init starts a new input: offsets and counts from 0 */
    u8guard_stream_init(&s);
    EXPECT_EQ(u8guard_stream_position(&s), 0);
    EXPECT_EQ(u8guard_stream_error_count(&s), 0);
    g.n = 0;
    EXPECT_EQ(FEED(&s, "\xC0", true, &g, out), 3);
    if (EXPECT_EQ(g.n, 1))
        EXPECT_ERR(g.e[0], 0, 1, OL);
}

static void out_cap_too_small(void)
{
    u8guard_stream s;
    struct log g = {.n = 0};
    unsigned char out[64];
    const char *chunk = "\x80\xE4\xBD";

    check_input(chunk, 3);
    u8guard_stream_init(&s);
    EXPECT_EQ(FEED(&s, "A\xE4", false, &g, out), 1);
    memset(out, 0xA5, sizeof out);
    /* U8GUARD_STREAM_OUT_MAX(3) - 1 is one byte short: refused */
    EXPECT_EQ(u8guard_stream_feed(&s, chunk, 3, false, on_error, &g, out,
                                  U8GUARD_STREAM_OUT_MAX(3) - 1),
              SIZE_MAX);
    EXPECT_EQ(g.n, 0);
    EXPECT_EQ(out[0], 0xA5);
    EXPECT_EQ(u8guard_stream_position(&s), 2);
    EXPECT_EQ(u8guard_stream_error_count(&s), 0);
    /* the same chunk with exactly enough room: E4 80 is broken by E4
     * (bad_continuation 1/2), and E4 BD waits for the next chunk */
    EXPECT_EQ(u8guard_stream_feed(&s, chunk, 3, false, on_error, &g, out,
                                  U8GUARD_STREAM_OUT_MAX(3)),
              3);
    EXPECT_MEM(out, 3, "\xEF\xBF\xBD", 3);
    if (EXPECT_EQ(g.n, 1))
        EXPECT_ERR(g.e[0], 1, 2, BC);
    EXPECT_EQ(u8guard_stream_position(&s), 5);
    /* out NULL: no capacity needed, errors still reported */
    EXPECT_EQ(u8guard_stream_feed(&s, "\xFF\xBD", 2, true, on_error, &g, NULL, 0), 0);
    if (EXPECT_EQ(g.n, 4)) {
        EXPECT_ERR(g.e[1], 3, 2, BC);
        EXPECT_ERR(g.e[2], 5, 1, TL);
        EXPECT_ERR(g.e[3], 6, 1, UC);
    }
    EXPECT_EQ(u8guard_stream_error_count(&s), 4);
    EXPECT_EQ(u8guard_stream_position(&s), 7);
}

static void offsets_span_chunks(void)
{
    u8guard_stream s;
    struct log g = {.n = 0};
    unsigned char out[64];

    /* errors completed by a later chunk carry whole-stream offsets, and a
     * pending prefix broken by the next chunk is one error covering it */
    check_input("AAAA\xF1\x80|\x41\x80", 8);
    u8guard_stream_init(&s);
    EXPECT_EQ(FEED(&s, "AAAA\xF1\x80", false, &g, out), 4);
    EXPECT_EQ(g.n, 0);
    EXPECT_EQ(FEED(&s, "\x41\x80", false, &g, out), 7);
    EXPECT_MEM(out, 7, "\xEF\xBF\xBD\x41\xEF\xBF\xBD", 7);
    if (EXPECT_EQ(g.n, 2)) {
        EXPECT_ERR(g.e[0], 4, 2, BC);
        EXPECT_ERR(g.e[1], 7, 1, UC);
    }
    EXPECT_EQ(FEED(&s, "\xED", false, &g, out), 0);
    EXPECT_EQ(FEED(&s, "\xA0", false, &g, out), 6);
    if (EXPECT_EQ(g.n, 4)) {
        EXPECT_ERR(g.e[2], 8, 1, SG);
        EXPECT_ERR(g.e[3], 9, 1, UC);
    }
    EXPECT_EQ(u8guard_stream_error_count(&s), 4);
    EXPECT_EQ(u8guard_stream_position(&s), 10);
}

void unit_stream_api(void)
{
    empty_and_pending();
    truncated_by_final();
    after_final_and_reset();
    out_cap_too_small();
    offsets_span_chunks();
}
