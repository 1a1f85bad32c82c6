/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_guard_pages.c -- no public function reads or writes outside the
 * buffers it is given.
 *
 * Every input of every family in inputs.c, at every length 0..MAX_LEN, is
 * placed twice: ending on the last byte before a PROT_NONE page, and
 * starting on the first byte after one. Every entry point runs on both
 * placements, with output buffers likewise fenced at exactly the capacity
 * passed (and, placed after a fence, followed by canary bytes that must
 * survive). One byte read or written out of bounds raises SIGSEGV and the
 * program dies: ctest reports the failure. The results are also checked,
 * exactly, against the independent model of model.c, for every
 * implementation the CPU supports.
 *
 * Usage: test_guard_pages [--impl NAME] [MAX_LEN]   (default: every
 * implementation, MAX_LEN 300). With --impl, exits 77 (skipped) when NAME
 * is not supported here. */
#include "guard.h"
#include "hcheck.h"
#include "inputs.h"
#include "model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CANARY 0xA5u
#define CANARY_BYTES 64 /* checked after a head-placed output */

static size_t max_len = 300;
static struct guard_zone in_zone, chunk_zone, out_zone;
static struct model model;
static unsigned char content[MODEL_MAX_LEN];

/* The caps swept for a result needing `need` units from an n-byte input:
 * all of them for short inputs, for long ones the edges and a sample. */
static int cap_wanted(size_t cap, size_t need, size_t n, int in_head)
{
    if (cap == need || cap + 1 == need || cap == n)
        return 1;
    if (in_head) /* the input's start is what is tested: a few caps do */
        return cap == 0 && n <= 48;
    if (n <= 48)
        return 1;
    /* a sample: lengths near the middle of a kernel block and its ends */
    if (n % 16 == 15 || n % 16 == 0 || n % 16 == 1)
        return cap <= 4 || cap + 4 >= need || cap % 61 == 0;
    return 0;
}

/* Returns an output buffer of cap bytes, fenced after (tail) or before
 * (head, followed by CANARY_BYTES canaries), filled with the canary. */
static unsigned char *place_out(size_t bytes, int head)
{
    unsigned char *o = head ? guard_head(&out_zone) : guard_tail(&out_zone, bytes);

    memset(o, CANARY, bytes + (head ? CANARY_BYTES : 0));
    return o;
}

/* Checks that o[from..to) still holds the canary. */
static void expect_canary(const unsigned char *o, size_t from, size_t to)
{
    size_t i;

    for (i = from; i < to; i++)
        if (o[i] != CANARY) {
            hcheck_fail_mem(__FILE__, __LINE__, "output past what was written",
                            i, o[i], CANARY);
            return;
        }
}

static void expect_first_error(const u8guard_error *e)
{
    if (model.n_errors && model.prefix < model.len)
        HEXPECT_ERR(*e, model.errors[0].offset, model.errors[0].length,
                    model.errors[0].kind);
    else
        HEXPECT_ERR(*e, model.len, 0, U8GUARD_OK);
}

/* validate, valid_prefix, next_error, count_errors, sanitized_length. */
static void check_readers(const unsigned char *in, size_t n)
{
    u8guard_error e = {99, 99, U8GUARD_TRUNCATED, U8GUARD_CLASS_NONE, 0};
    size_t pos = 0, k = 0;

    HEXPECT_EQ(u8guard_validate(in, n, &e), model.n_errors == 0);
    expect_first_error(&e);
    HEXPECT_EQ(u8guard_validate(in, n, NULL), model.n_errors == 0);
    HEXPECT_EQ(u8guard_valid_prefix(in, n), model.prefix);
    while (u8guard_next_error(in, n, &pos, &e)) {
        if (!HEXPECT_EQ(k < model.n_errors, 1))
            return;
        HEXPECT_ERR(e, model.errors[k].offset, model.errors[k].length,
                    model.errors[k].kind);
        HEXPECT_EQ(pos, e.offset + e.length);
        k++;
    }
    HEXPECT_EQ(k, model.n_errors);
    HEXPECT_EQ(pos, n);
    HEXPECT_ERR(e, n, 0, U8GUARD_OK);
    HEXPECT_EQ(u8guard_count_errors(in, n), model.n_errors);
    HEXPECT_EQ(u8guard_sanitized_length(in, n), model.n_out);
}

static void check_utf32(const unsigned char *in, size_t n, size_t cap, int head)
{
    unsigned char *o = place_out(cap * 4, head);
    u8guard_error e = {99, 99, U8GUARD_TRUNCATED, U8GUARD_CLASS_NONE, 0};
    size_t w = cap < model.n_cps ? cap : model.n_cps;

    HEXPECT_EQ(u8guard_decode_utf32(in, n, (uint32_t *)(void *)o, cap, &e), model.n_cps);
    expect_first_error(&e);
    HEXPECT_MEM(o, model.cps, w * 4);
    expect_canary(o, w * 4, cap * 4 + (head ? CANARY_BYTES : 0));
}

static void check_utf16(const unsigned char *in, size_t n, size_t cap, int head)
{
    unsigned char *o = place_out(cap * 2, head);
    u8guard_error e = {99, 99, U8GUARD_TRUNCATED, U8GUARD_CLASS_NONE, 0};
    size_t w = model_u16_boundary(&model, cap);

    HEXPECT_EQ(u8guard_decode_utf16(in, n, (uint16_t *)(void *)o, cap, &e), model.n_u16);
    expect_first_error(&e);
    HEXPECT_MEM(o, model.u16, w * 2);
    expect_canary(o, w * 2, cap * 2 + (head ? CANARY_BYTES : 0));
}

static void check_sanitize(const unsigned char *in, size_t n, size_t cap, int head)
{
    unsigned char *o = place_out(cap, head);
    size_t errs = 99, w = model_out_boundary(&model, cap);

    HEXPECT_EQ(u8guard_sanitize(in, n, o, cap, &errs), model.n_out);
    HEXPECT_EQ(errs, model.n_errors);
    HEXPECT_MEM(o, model.out, w);
    expect_canary(o, w, cap + (head ? CANARY_BYTES : 0));
}

/* Every decoder at every capacity of interest, outputs fenced both ways. */
static void check_writers(const unsigned char *in, size_t n, int in_head)
{
    size_t cap;
    int head;

    /* An input placed after a fence is checked for reads before its
     * start: one output placement and a few capacities suffice there. */
    for (head = 0; head <= 1 - in_head; head++) {
        for (cap = 0; cap <= (n > model.n_cps ? n : model.n_cps) + 1; cap++)
            if (cap_wanted(cap, model.n_cps, n, in_head))
                check_utf32(in, n, cap, head);
        for (cap = 0; cap <= (n > model.n_u16 ? n : model.n_u16) + 1; cap++)
            if (cap_wanted(cap, model.n_u16, n, in_head))
                check_utf16(in, n, cap, head);
        for (cap = 0; cap <= model.n_out + 1; cap++)
            if (cap_wanted(cap, model.n_out, n, in_head))
                check_sanitize(in, n, cap, head);
    }
    /* size queries: out NULL, cap 0 */
    HEXPECT_EQ(u8guard_decode_utf32(in, n, NULL, 0, NULL), model.n_cps);
    HEXPECT_EQ(u8guard_decode_utf16(in, n, NULL, 0, NULL), model.n_u16);
    HEXPECT_EQ(u8guard_sanitize(in, n, NULL, 0, NULL), model.n_out);
}

struct collected {
    size_t n;
    u8guard_error e[MODEL_MAX_LEN];
};

static void collect(void *ctx, const u8guard_error *err)
{
    struct collected *c = ctx;

    if (c->n < MODEL_MAX_LEN)
        c->e[c->n] = *err;
    c->n++;
}

/* Feeds in[0..n) in chunks of `chunk` bytes, each copied to end on a fence
 * (or start after one), with output fenced at exactly
 * U8GUARD_STREAM_OUT_MAX(chunk length). A separate empty final chunk when
 * empty_final, else the last chunk is final. with_out == 0 asks for errors
 * only (out NULL). */
static void check_stream(const unsigned char *in, size_t n, size_t chunk,
                         int head, int empty_final, int with_out)
{
    static unsigned char total[3 * MODEL_MAX_LEN + 16];
    static struct collected got;
    u8guard_stream s;
    size_t at = 0, t = 0, k;

    got.n = 0;
    u8guard_stream_init(&s);
    for (;;) {
        size_t len = n - at < chunk ? n - at : chunk;
        int final = !empty_final && at + len == n;
        size_t cap = U8GUARD_STREAM_OUT_MAX(len);
        unsigned char *c = head ? guard_head(&chunk_zone) : guard_tail(&chunk_zone, len);
        unsigned char *o = with_out ? place_out(cap, 0) : NULL;
        size_t r;

        memcpy(c, in + at, len);
        r = u8guard_stream_feed(&s, c, len, final, collect, &got, o, with_out ? cap : 0);
        if (!HEXPECT_EQ(r <= cap, 1))
            return;
        if (with_out) {
            if (!HEXPECT_EQ(t + r <= sizeof total, 1))
                return;
            memcpy(total + t, o, r);
            t += r;
        } else {
            HEXPECT_EQ(r, 0);
        }
        at += len;
        if (final)
            break;
        if (at == n) { /* the empty final chunk: may flush a truncated tail */
            unsigned char *fo = with_out ? place_out(U8GUARD_STREAM_OUT_MAX(0), 0) : NULL;
            size_t fr = u8guard_stream_feed(&s, NULL, 0, true, collect, &got, fo,
                                           with_out ? U8GUARD_STREAM_OUT_MAX(0) : 0);

            if (!HEXPECT_EQ(fr <= (with_out ? 3u : 0u), 1))
                return;
            if (with_out) {
                memcpy(total + t, fo, fr);
                t += fr;
            }
            break;
        }
    }
    HEXPECT_EQ(got.n, model.n_errors);
    for (k = 0; k < got.n && k < model.n_errors; k++)
        HEXPECT_ERR(got.e[k], model.errors[k].offset, model.errors[k].length,
                    model.errors[k].kind);
    if (with_out && HEXPECT_EQ(t, model.n_out))
        HEXPECT_MEM(total, model.out, t);
    HEXPECT_EQ(u8guard_stream_position(&s), n);
    HEXPECT_EQ(u8guard_stream_error_count(&s), model.n_errors);
    /* finished: refused, nothing called */
    HEXPECT_EQ(u8guard_stream_feed(&s, in, n, true, collect, &got, NULL, 0), SIZE_MAX);
    HEXPECT_EQ(got.n, model.n_errors);
}

static void check_streams(const unsigned char *in, size_t n)
{
    static const size_t chunks[] = {1, 2, 3, 4, 5, 7, 13, 64, 301};
    size_t i;

    for (i = 0; i < sizeof chunks / sizeof chunks[0]; i++) {
        size_t c = chunks[i] > n && n > 0 ? n : chunks[i];

        /* long inputs: the 1-byte, 3-byte and one-chunk splits suffice
         * (tests/lib's stream test covers every split point) */
        if (n > 64 && c != 1 && c != 3 && c != n)
            continue;

        check_stream(in, n, c, 0, (int)(i & 1), 1);
        if (c <= 3)
            check_stream(in, n, c, 1, (int)!(i & 1), 1);
    }
    check_stream(in, n, 3, 0, 0, 0);
}

static void suite(void)
{
    size_t f, n;
    int head;

    for (f = 0; f < inputs_count(); f++)
        for (n = 0; n <= max_len; n++) {
            if (!inputs_make(f, n, content))
                continue;
            if (model_run(content, n, &model) != 0)
                abort();
            for (head = 0; head <= 1; head++) {
                unsigned char *in = head ? guard_head(&in_zone) : guard_tail(&in_zone, n);

                hcheck_context("family %zu (%s), length %zu, input %s a fence",
                               f, inputs_name(f), n, head ? "starting after" : "ending before");
                memmove(in, content, n);
                check_readers(in, n);
                check_writers(in, n, head);
                if (!head || n < 8)
                    check_streams(in, n);
            }
        }
}

int main(int argc, char **argv)
{
    int a = 1;

    if (argc > 2 && strcmp(argv[1], "--impl") == 0) {
        if (!hcheck_only(argv[2]))
            return 77;
        a = 3;
    }
    if (argc > a) {
        max_len = strtoul(argv[a], NULL, 10);
        if (max_len == 0 || max_len > 1000 || argc > a + 1) {
            fprintf(stderr, "usage: %s [--impl NAME] [MAX_LEN 1..1000]\n", argv[0]);
            return 2;
        }
    }
    if (guard_zone_open(&in_zone, MODEL_MAX_LEN) != 0 ||
        guard_zone_open(&chunk_zone, MODEL_MAX_LEN) != 0 ||
        guard_zone_open(&out_zone, 4 * MODEL_MAX_LEN + 4 * CANARY_BYTES) != 0)
        return 1;
    if (hcheck_each_impl("test_guard_pages", suite) == 0)
        return 1;
    guard_zone_close(&in_zone);
    guard_zone_close(&chunk_zone);
    guard_zone_close(&out_zone);
    return hcheck_finish("test_guard_pages");
}
