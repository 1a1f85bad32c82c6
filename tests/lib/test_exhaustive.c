/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_exhaustive.c -- every input of 1, 2 and 3 bytes and every 4-byte
 * input with a chosen range of first bytes, checked against the
 * independent model of utf8_model.h, once per supported implementation:
 * u8guard_validate's verdict and first error (offset, maximal-subpart
 * length, kind), u8guard_valid_prefix, and for valid inputs the code
 * points u8guard_decode_utf32 writes. For 1..3 bytes the whole error list
 * (u8guard_next_error, u8guard_count_errors) is compared too.
 *
 *   test_exhaustive                 1..3 bytes, then 4 bytes with lead F0..F4
 *   test_exhaustive short           1..3 bytes only
 *   test_exhaustive lead4 LO HI     4 bytes with lead LO..HI (hex), e.g.
 *                                   "lead4 00 FF" is all 2^32 inputs */
#include "support/hex.h"
#include "utf8_model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Stop an implementation's run early once this many checks failed: the
 * first reports say what is wrong, the rest would only take time. */
#define GIVE_UP 200

static bool run_short = true;
static unsigned lead_lo = 0xF0, lead_hi = 0xF4;
static bool run_lead4 = true;

/* Checks the n bytes at the end of buf[4] (so that a read past the input
 * is a read past buf, which ASan reports). */
static void check_one(const uint8_t *in, size_t n, bool whole_list)
{
    struct model_result m;
    bool valid = model_scan(in, n, &m), ok;
    u8guard_error e;
    uint32_t out[4];
    size_t k, pos, got;

    ok = u8guard_validate(in, n, &e);
    if (ok != valid || e.offset != (valid ? n : m.errs[0].offset) ||
        e.length != (valid ? 0 : m.errs[0].length) ||
        e.kind != (valid ? U8GUARD_OK : m.errs[0].kind)) {
        check_input(in, n);
        EXPECT_EQ(ok, valid);
        if (valid)
            EXPECT_ERR(e, n, 0, U8GUARD_OK);
        else
            EXPECT_ERR(e, m.errs[0].offset, m.errs[0].length, m.errs[0].kind);
    }
    got = u8guard_valid_prefix(in, n);
    if (got != (valid ? n : m.errs[0].offset)) {
        check_input(in, n);
        EXPECT_EQ(got, valid ? n : m.errs[0].offset);
    }
    if (valid) {
        got = u8guard_decode_utf32(in, n, out, 4, &e);
        if (got != m.n_cps || memcmp(out, m.cps, got * sizeof out[0]) != 0) {
            check_input(in, n);
            if (EXPECT_EQ(got, m.n_cps))
                EXPECT_MEM(out, got * 4, m.cps, m.n_cps * 4);
        }
    }
    if (!whole_list)
        return;
    pos = 0;
    for (k = 0; k < m.n_errs; k++) {
        check_input(in, n);
        if (!EXPECT_TRUE(u8guard_next_error(in, n, &pos, &e)))
            return;
        EXPECT_ERR(e, m.errs[k].offset, m.errs[k].length, m.errs[k].kind);
    }
    EXPECT_TRUE(!u8guard_next_error(in, n, &pos, &e));
    EXPECT_EQ(u8guard_count_errors(in, n), m.n_errs);
}

static void short_inputs(void)
{
    uint8_t buf[4];
    uint32_t v;
    double t0 = check_seconds();

    for (v = 0; v < 0x100; v++) {
        buf[3] = (uint8_t)v;
        check_one(buf + 3, 1, true);
    }
    for (v = 0; v < 0x10000; v++) {
        buf[2] = (uint8_t)(v >> 8);
        buf[3] = (uint8_t)v;
        check_one(buf + 2, 2, true);
    }
    for (v = 0; v < 0x1000000 && check_failures() < GIVE_UP; v++) {
        buf[1] = (uint8_t)(v >> 16);
        buf[2] = (uint8_t)(v >> 8);
        buf[3] = (uint8_t)v;
        check_one(buf + 1, 3, true);
    }
    printf("test_exhaustive: impl %s: all 1-, 2- and 3-byte inputs (16843008) in %.1f s\n",
           check_impl_name(), check_seconds() - t0);
}

static void four_byte_inputs(void)
{
    uint8_t buf[4];
    uint32_t lead, rest;
    double t0 = check_seconds();

    for (lead = lead_lo; lead <= lead_hi && check_failures() < GIVE_UP; lead++) {
        buf[0] = (uint8_t)lead;
        for (rest = 0; rest < 0x1000000 && check_failures() < GIVE_UP; rest++) {
            buf[1] = (uint8_t)(rest >> 16);
            buf[2] = (uint8_t)(rest >> 8);
            buf[3] = (uint8_t)rest;
            check_one(buf, 4, false);
        }
        if (lead_hi - lead_lo > 8 && (lead & 0x0F) == 0x0F) {
            printf("test_exhaustive: impl %s: leads up to %02X done, %.0f s\n",
                   check_impl_name(), (unsigned)lead, check_seconds() - t0);
            fflush(stdout);
        }
    }
    printf("test_exhaustive: impl %s: all 4-byte inputs with lead %02X..%02X "
           "(%u x 2^24) in %.1f s\n",
           check_impl_name(), lead_lo, lead_hi, lead_hi - lead_lo + 1, check_seconds() - t0);
}

static void suite(void)
{
    if (run_short)
        short_inputs();
    if (run_lead4)
        four_byte_inputs();
}

static int usage(void)
{
    fprintf(stderr, "usage: test_exhaustive [short | lead4 LO HI]\n");
    return 2;
}

/* Sets *b to the byte written as two hex digits in s. Returns true on
 * success, false when s is not exactly one byte in hex. */
static bool one_byte(const char *s, uint8_t *b)
{
    hex_result r;

    return hex_parse(s, strlen(s), NULL, 0, b, 1, &r) == HEX_OK && r.n == 1;
}

int main(int argc, char **argv)
{
    size_t counts[4];
    uint8_t lo, hi;

    if (argc == 2 && strcmp(argv[1], "short") == 0) {
        run_lead4 = false;
    } else if (argc == 4 && strcmp(argv[1], "lead4") == 0) {
        if (!one_byte(argv[2], &lo) || !one_byte(argv[3], &hi) || lo > hi)
            return usage();
        run_short = false;
        lead_lo = lo;
        lead_hi = hi;
    } else if (argc != 1) {
        return usage();
    }
    if (!model_build()) {
        fprintf(stderr, "test_exhaustive: out of memory for the model\n");
        return 1;
    }
    /* The model itself: the number of scalar values of each length. */
    model_count(counts);
    check_input(NULL, 0);
    EXPECT_EQ(counts[0], 128);
    EXPECT_EQ(counts[1], 1920);
    EXPECT_EQ(counts[2], 61440);
    EXPECT_EQ(counts[3], 1048576);
    check_each_impl("test_exhaustive", suite);
    model_free();
    return check_finish("test_exhaustive");
}
