/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* ci/prove/eva_driver.c -- the entry point of the Eva run of ci/prove.sh
 * (doc/proofs.md, "Eva"). Never compiled into the library or a test.
 *
 * For each length n in EVA_MIN_LEN..EVA_MAX_LEN, case_n calls each
 * analysed public function on the last n bytes of one array of
 * EVA_MAX_LEN bytes of fully unknown contents (every byte any value
 * 0..255, independently), with output buffers that are the last cap
 * units of an array of each form.
 * Every input and output thus ends exactly where its array ends: a read
 * or write past its end is out of bounds, an alarm. (A read before its
 * start is out of bounds only for n = EVA_MAX_LEN: ci/prove/eva.sh runs
 * each length with EVA_MIN_LEN = EVA_MAX_LEN = n: there always.) Each
 * length is a function of its own (the lengths are never joined); run
 * together, the inputs of all lengths share their suffixes, so that a
 * call on the same suffix with the same arguments is analysed once
 * (Eva's memexec), not once per length. */
#include <stddef.h>
#include <stdint.h>
#include <u8guard.h>

#ifndef EVA_MAX_LEN
#define EVA_MAX_LEN 64
#endif
/* The lengths analysed are EVA_MIN_LEN..EVA_MAX_LEN: ci/prove/eva.sh runs
 * one Frama-C process per length (EVA_MIN_LEN = EVA_MAX_LEN), two at a
 * time, which the two cores of CI run in parallel. */
#ifndef EVA_MIN_LEN
#define EVA_MIN_LEN 0
#endif

volatile size_t eva_sink; /* keeps the results live */
/* Every read of a volatile object is any value of its type to Eva: the
 * source of the unknown contents, with no ACSL builtin needed. */
volatile uint8_t eva_any_byte;
volatile uint32_t eva_any_u32;

/* d[0..n) = fully unknown contents, each byte independently 0..255. */
static void fill_unknown(uint8_t *d, size_t n)
{
    for (size_t i = 0; i < n; i++)
        d[i] = eva_any_byte;
}

/* Every error of d[0..n) with u8guard_next_error, as the header says to
 * iterate: from *pos = 0 until it returns false. */
static void iterate(const uint8_t *d, size_t n, u8guard_error *err)
{
    size_t pos = 0;

    /* One state per offset (split), whatever the path to it (merge). */
    while (u8guard_next_error(d, n, &pos, err)) {
        /*@ split pos; */ /*@ slevel merge; */ ;
    }
    eva_sink = pos;
}

/* Each call is in a function of its own, returning nothing: Eva joins the
 * states at its end, so that the states one call splits into (by its
 * result) are not multiplied by those of the next. */
static void t_validate(const uint8_t *d, size_t n)
{
    u8guard_error err;

    eva_sink = u8guard_validate(d, n, &err);
}

static void t_validate_null(const uint8_t *d, size_t n)
{
    eva_sink = u8guard_validate(d, n, NULL);
}

static void t_valid_prefix(const uint8_t *d, size_t n)
{
    eva_sink = u8guard_valid_prefix(d, n);
}

static void t_iterate(const uint8_t *d, size_t n)
{
    u8guard_error err;

    iterate(d, n, &err);
}

static void t_iterate_null(const uint8_t *d, size_t n)
{
    iterate(d, n, NULL);
}

/* From *pos = len (returns false) and *pos = len + 1 (refused). */
static void t_next_error_end(const uint8_t *d, size_t n, size_t from)
{
    u8guard_error err;
    size_t pos = from;

    eva_sink = u8guard_next_error(d, n, &pos, &err);
}

static void t_count_errors(const uint8_t *d, size_t n)
{
    eva_sink = u8guard_count_errors(d, n);
}

static void t_utf32(const uint8_t *d, size_t n, uint32_t *out, size_t cap,
                    int with_err)
{
    u8guard_error err;

    eva_sink = u8guard_decode_utf32(d, n, out, cap, with_err ? &err : NULL);
}

static void t_utf16(const uint8_t *d, size_t n, uint16_t *out, size_t cap,
                    int with_err)
{
    u8guard_error err;

    eva_sink = u8guard_decode_utf16(d, n, out, cap, with_err ? &err : NULL);
}

/* The calls on one input d[0..n), with o32/o16 of exactly n units (out_cap
 * = len, always enough) and s32/s16, m32/m16, h32/h16 of exactly 1, n - 1
 * and n / 2 units (out_cap < len: too small for some inputs, the snprintf
 * rule of include/u8guard.h). n is a constant in each case_n. */
static void exercise(const uint8_t *d, size_t n, uint32_t *o32, uint16_t *o16,
                     uint32_t *s32, uint16_t *s16, uint32_t *m32,
                     uint16_t *m16, uint32_t *h32, uint16_t *h16)
{
    t_validate(d, n);
    t_validate_null(d, n);
    t_valid_prefix(d, n);
    t_iterate(d, n);
    t_iterate_null(d, n);
    t_next_error_end(d, n, n);
    t_next_error_end(d, n, n + 1);
    t_count_errors(d, n);
    /* A size query: out NULL, out_cap 0. */
    t_utf32(d, n, NULL, 0, 1);
    t_utf16(d, n, NULL, 0, 0);
    if (n == 0)
        return;
    t_utf32(d, n, o32, n, 1);
    t_utf16(d, n, o16, n, 1);
    t_utf32(d, n, o32, n, 0);
    t_utf16(d, n, o16, n, 0);
    if (n < 2)
        return;
    t_utf32(d, n, s32, 1, 1);
    t_utf16(d, n, s16, 1, 1);
    t_utf32(d, n, m32, n - 1, 1);
    t_utf16(d, n, m16, n - 1, 1);
    if (n < 4)
        return; /* n / 2 is 1 or n - 1 */
    t_utf32(d, n, h32, n / 2, 1);
    t_utf16(d, n, h16, n / 2, 1);
}

/* The input: one array of the longest length, fully unknown, whose last
 * n bytes are the input of length n; and one output array of each form,
 * whose last cap units are an output of capacity cap. Every input and
 * output thus ends exactly where its array ends (a read or write past its
 * end is out of bounds), and the inputs of all lengths share their
 * suffixes, so that Eva analyses a call on the same suffix once
 * (-eva-memexec) instead of once per length. */
static uint8_t in_all[EVA_MAX_LEN > 0 ? EVA_MAX_LEN : 1];
static uint32_t out32_all[EVA_MAX_LEN > 0 ? EVA_MAX_LEN : 1];
static uint16_t out16_all[EVA_MAX_LEN > 0 ? EVA_MAX_LEN : 1];

#define LAST(a, k) ((a) + (sizeof(a) / sizeof(a)[0]) - (k))

#define CASE(N)                                                             \
    static void case_##N(void)                                              \
    {                                                                       \
        exercise(LAST(in_all, N), N, LAST(out32_all, N), LAST(out16_all, N), \
                 LAST(out32_all, 1), LAST(out16_all, 1),                    \
                 LAST(out32_all, N > 1 ? N - 1 : 1),                        \
                 LAST(out16_all, N > 1 ? N - 1 : 1),                        \
                 LAST(out32_all, N > 3 ? N / 2 : 1),                        \
                 LAST(out16_all, N > 3 ? N / 2 : 1));                       \
    }
CASE(1)
CASE(2)
CASE(3)
CASE(4)
CASE(5)
CASE(6)
CASE(7)
CASE(8)
CASE(9)
CASE(10)
CASE(11)
CASE(12)
CASE(13)
CASE(14)
CASE(15)
CASE(16)
CASE(17)
CASE(18)
CASE(19)
CASE(20)
CASE(21)
CASE(22)
CASE(23)
CASE(24)
CASE(25)
CASE(26)
CASE(27)
CASE(28)
CASE(29)
CASE(30)
CASE(31)
CASE(32)
CASE(33)
CASE(34)
CASE(35)
CASE(36)
CASE(37)
CASE(38)
CASE(39)
CASE(40)
CASE(41)
CASE(42)
CASE(43)
CASE(44)
CASE(45)
CASE(46)
CASE(47)
CASE(48)
CASE(49)
CASE(50)
CASE(51)
CASE(52)
CASE(53)
CASE(54)
CASE(55)
CASE(56)
CASE(57)
CASE(58)
CASE(59)
CASE(60)
CASE(61)
CASE(62)
CASE(63)
CASE(64)


/* Length 0: the end of a one-byte array (no byte of it may be read), and
 * NULL. */
static void case_0(void)
{
    u8guard_error err;
    size_t pos = 0;

    exercise(LAST(in_all, 0), 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
    eva_sink = u8guard_validate(NULL, 0, &err);
    eva_sink = u8guard_valid_prefix(NULL, 0);
    eva_sink = u8guard_next_error(NULL, 0, &pos, &err);
    eva_sink = u8guard_count_errors(NULL, 0);
    eva_sink = u8guard_decode_utf32(NULL, 0, NULL, 0, &err);
    eva_sink = u8guard_decode_utf16(NULL, 0, NULL, 0, &err);
}

/* u8guard_encode on any 32-bit value, into exactly 4 bytes. */
static void encode_any(void)
{
    unsigned char out[4];
    uint32_t cp = eva_any_u32;

    eva_sink = u8guard_encode(cp, out);
}

#define RUN(N)                                                              \
    if (EVA_MIN_LEN <= N && N <= EVA_MAX_LEN)                               \
        case_##N();

int main(void)
{
    fill_unknown(in_all, sizeof in_all);
    if (EVA_MIN_LEN == 0) { /* once, with length 0 */
        encode_any();
        case_0();
    }
    RUN(1)
    RUN(2)
    RUN(3)
    RUN(4)
    RUN(5)
    RUN(6)
    RUN(7)
    RUN(8)
    RUN(9)
    RUN(10)
    RUN(11)
    RUN(12)
    RUN(13)
    RUN(14)
    RUN(15)
    RUN(16)
    RUN(17)
    RUN(18)
    RUN(19)
    RUN(20)
    RUN(21)
    RUN(22)
    RUN(23)
    RUN(24)
    RUN(25)
    RUN(26)
    RUN(27)
    RUN(28)
    RUN(29)
    RUN(30)
    RUN(31)
    RUN(32)
    RUN(33)
    RUN(34)
    RUN(35)
    RUN(36)
    RUN(37)
    RUN(38)
    RUN(39)
    RUN(40)
    RUN(41)
    RUN(42)
    RUN(43)
    RUN(44)
    RUN(45)
    RUN(46)
    RUN(47)
    RUN(48)
    RUN(49)
    RUN(50)
    RUN(51)
    RUN(52)
    RUN(53)
    RUN(54)
    RUN(55)
    RUN(56)
    RUN(57)
    RUN(58)
    RUN(59)
    RUN(60)
    RUN(61)
    RUN(62)
    RUN(63)
    RUN(64)
    return 0;
}
