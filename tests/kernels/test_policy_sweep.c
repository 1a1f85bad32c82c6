/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_policy_sweep.c -- the policy checks of every implementation
 * (struct u8g_kernels' clean_blocks and its first tests) with exact
 * expected answers: the first and last code point of each class, and a
 * few inside, planted at every byte offset 0..199 of background text in
 * 24 kinds (Arabic, CJK, quotes, U+00A0, emoji, ZWJ, kana, ... -- the
 * characters whose leads and second bytes the vector first tests share
 * with denied ones), under three policies each: its own class denied,
 * "all" denied, and every class but its own denied.
 *
 * Then the byte sweep (sweep_bytes below).
 *
 * Expected: with its class denied, exactly one error, of kind
 * U8GUARD_DISALLOWED, at the character's offset, its byte length, class
 * and code point; otherwise none. Checked through u8guard_next_error_with
 * (walked to the end), u8guard_count_errors_with and
 * u8guard_validate_with.
 *
 * Then (check_cut_ends) a character cut off by the end of the input, after
 * every length of clean text from 16 to 400 bytes (every length of the
 * kernels' last partial block, after every head length): one error of kind
 * U8GUARD_TRUNCATED at its lead, under two policies. The AVX2 kernel's
 * policy path finds such a character only by the zero byte it pads the
 * last block with (src/kernels/avx2.c: its second check of the tail must
 * reach byte 63 of it). Again with U+202E (denied by both) as the clean
 * text's last character: two errors, DISALLOWED at it, then TRUNCATED.
 * The AVX-512 kernel answers a cut end without a policy from its lead
 * alone (u8g_cut_start); with one, the hits before the cut still count.
 *
 *   test_policy_sweep [STRIDE]   STRIDE > 1: every STRIDE-th input only
 *       (the sanitizer builds). */
#include "compare.h"

#include <u8guard.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_OFFSET 200 /* planted at byte offsets 0..199 (about 3 blocks of 64) */
#define TAIL 100       /* background bytes after the planted character */
/* The prefix ends up to 3 bytes past MAX_OFFSET - 1, then the planted
 * character, then the tail, whose last character may pass it by 3. */
#define BUF_MAX (MAX_OFFSET + 3 + 4 + TAIL + 3)

/* Characters of each class: its first and last code point, and others
 * where a class is a list or a range with more than one lead. */
static const struct planted {
    uint32_t cp;
    u8guard_class cls;
} PLANTED[] = {
    {0x0000, U8GUARD_CLASS_NUL},         {0x0001, U8GUARD_CLASS_C0},
    {0x0008, U8GUARD_CLASS_C0},          {0x000B, U8GUARD_CLASS_C0},
    {0x000C, U8GUARD_CLASS_C0},          {0x000E, U8GUARD_CLASS_C0},
    {0x001F, U8GUARD_CLASS_C0},          {0x007F, U8GUARD_CLASS_DEL},
    {0x0080, U8GUARD_CLASS_C1},          {0x009F, U8GUARD_CLASS_C1},
    {0x061C, U8GUARD_CLASS_BIDI},        {0x200E, U8GUARD_CLASS_BIDI},
    {0x200F, U8GUARD_CLASS_BIDI},        {0x202A, U8GUARD_CLASS_BIDI},
    {0x202E, U8GUARD_CLASS_BIDI},        {0x2066, U8GUARD_CLASS_BIDI},
    {0x2069, U8GUARD_CLASS_BIDI},        {0x2028, U8GUARD_CLASS_SEPARATOR},
    {0x2029, U8GUARD_CLASS_SEPARATOR},   {0xFDD0, U8GUARD_CLASS_NONCHARACTER},
    {0xFDEF, U8GUARD_CLASS_NONCHARACTER}, {0xFFFE, U8GUARD_CLASS_NONCHARACTER},
    {0xFFFF, U8GUARD_CLASS_NONCHARACTER}, {0x1FFFE, U8GUARD_CLASS_NONCHARACTER},
    {0x10FFFF, U8GUARD_CLASS_NONCHARACTER}, {0xE000, U8GUARD_CLASS_PRIVATE_USE},
    {0xEFFF, U8GUARD_CLASS_PRIVATE_USE}, {0xF000, U8GUARD_CLASS_PRIVATE_USE},
    {0xF8FF, U8GUARD_CLASS_PRIVATE_USE}, {0xF0000, U8GUARD_CLASS_PRIVATE_USE},
    {0xFFFFD, U8GUARD_CLASS_PRIVATE_USE}, {0x100000, U8GUARD_CLASS_PRIVATE_USE},
    {0x10FFFD, U8GUARD_CLASS_PRIVATE_USE}, {0xFEFF, U8GUARD_CLASS_BOM},
    {0xE0000, U8GUARD_CLASS_TAG},        {0xE0001, U8GUARD_CLASS_TAG},
    {0xE007F, U8GUARD_CLASS_TAG},
};
#define N_PLANTED (sizeof PLANTED / sizeof PLANTED[0])

/* Background characters, in no class: each kind is one of them repeated
 * after a prefix that mixes them all. */
static const uint32_t BACKGROUND[] = {
    'a',    ' ',    '\n',   0x0627, 0x0628, 0x060C, 0x061B, 0x4E1C,
    0x3001, 0x300C, 0x200C, 0x200D, 0x2019, 0x201C, 0x00A0, 0x1F600,
    0xFF0C, 0x1FF7, 0xFFBE, 0x3066, 0x20AC, 0x202F, 0x2070, 0x10000,
};
#define N_BACKGROUND (sizeof BACKGROUND / sizeof BACKGROUND[0])

static const u8guard_impl IMPLS[] = {
    U8GUARD_IMPL_SCALAR, U8GUARD_IMPL_WORD, U8GUARD_IMPL_SSE42,
    U8GUARD_IMPL_AVX2,   U8GUARD_IMPL_AVX512, U8GUARD_IMPL_NEON,
};

static unsigned long failures, cases;

/* Appends the UTF-8 form of cp at in + *n. */
static void put_char(uint8_t *in, size_t *n, uint32_t cp)
{
    *n += u8guard_encode(cp, in + *n);
}

/* Checks in[0..len) under deny, where cp was planted at off (bytes
 * [off, off + cp_len)): one error when want, none otherwise. */
static void check(const char *impl, const uint8_t *in, size_t len, unsigned deny, size_t off,
                  size_t cp_len, const struct planted *pl, int want)
{
    u8guard_policy pol = {deny, U8GUARD_REPLACE};
    u8guard_error e, first = {0, 0, U8GUARD_OK, U8GUARD_CLASS_NONE, 0};
    size_t pos = 0, n = 0, counted;
    bool valid;

    cases++;
    while (u8guard_next_error_with(in, len, &pol, &pos, &e)) {
        if (n++ == 0)
            first = e;
    }
    counted = u8guard_count_errors_with(in, len, &pol);
    valid = u8guard_validate_with(in, len, &pol, &e);
    if (want ? (n == 1 && first.offset == off && first.length == cp_len &&
                first.kind == U8GUARD_DISALLOWED && first.cls == pl->cls &&
                first.code_point == pl->cp && counted == 1 && !valid && e.offset == off)
             : (n == 0 && counted == 0 && valid))
        return;
    if (failures++ < 20)
        fprintf(stderr,
                "FAIL %s: U+%04X planted at %zu of %zu bytes (before it U+%04X), deny 0x%X: "
                "%zu errors walked (first at %zu, length %zu, kind %s, class 0x%X, U+%04X), "
                "%zu counted, validate %s; expected %s\n",
                impl, (unsigned)pl->cp, off, len, off > 0 ? (unsigned)in[off - 1] : 0u, deny,
                n, first.offset, first.length, u8guard_kind_name(first.kind),
                (unsigned)first.cls, (unsigned)first.code_point, counted,
                valid ? "true" : "false", want ? "exactly that one error" : "none");
}

/* Clean text of n bytes (ASCII, or 'a' and U+00E9 mixed; with rle, its
 * last 3 bytes U+202E), then cut, the first bytes of a character: one
 * error, TRUNCATED, at n; with rle, DISALLOWED at n - 3 first. */
static void check_cut_ends(const char *impl)
{
    static const uint8_t CUTS[][3] = {{0xC3}, {0xE2}, {0xE2, 0x82}, {0xF0},
                                      {0xF0, 0x9F}, {0xF0, 0x9F, 0x98}};
    static const size_t CUT_LEN[] = {1, 1, 2, 1, 2, 3};
    static const unsigned DENY[] = {U8GUARD_CLASS_ALL, U8GUARD_CLASS_BIDI};
    static uint8_t in[404];
    size_t n, len, c, d, mixed, rle, pos, walked, want_off, want_len;
    u8guard_error e, w;
    u8guard_kind want_kind;
    bool valid;

    for (rle = 0; rle < 2; rle++)
        for (mixed = 0; mixed < 2; mixed++)
            for (n = 16; n <= 400; n++)
                for (c = 0; c < sizeof CUTS / sizeof CUTS[0]; c++)
                    for (d = 0; d < sizeof DENY / sizeof DENY[0]; d++) {
                        u8guard_policy pol = {DENY[d], U8GUARD_REPLACE};

                        for (len = 0; len < n - 3 * rle;) {
                            if (mixed && len % 7 == 3 && len + 2 <= n - 3 * rle) {
                                in[len++] = 0xC3;
                                in[len++] = 0xA9;
                            } else {
                                in[len++] = 'a';
                            }
                        }
                        if (rle)
                            put_char(in, &len, 0x202E);
                        memcpy(in + len, CUTS[c], CUT_LEN[c]);
                        len += CUT_LEN[c];
                        want_off = rle ? n - 3 : n;
                        want_len = rle ? 3 : CUT_LEN[c];
                        want_kind = rle ? U8GUARD_DISALLOWED : U8GUARD_TRUNCATED;
                        cases++;
                        valid = u8guard_validate_with(in, len, &pol, &e);
                        pos = 0;
                        walked = 0;
                        while (u8guard_next_error_with(in, len, &pol, &pos, &w) && walked < 3)
                            walked++;
                        if (!valid && e.offset == want_off && e.length == want_len &&
                            e.kind == want_kind && walked == 1 + rle &&
                            u8guard_count_errors_with(in, len, &pol) == 1 + rle)
                            continue;
                        if (failures++ < 20)
                            fprintf(stderr,
                                    "FAIL %s: %zu bytes of %s text%s, then %zu bytes of a cut "
                                    "character, deny 0x%X: validate %s (error at %zu, length "
                                    "%zu, kind %s), %zu errors walked; expected %zu, the first "
                                    "%s at %zu\n",
                                    impl, n, mixed ? "mixed" : "ASCII",
                                    rle ? " ending in U+202E" : "", CUT_LEN[c], DENY[d],
                                    valid ? "true" : "false", e.offset, e.length,
                                    u8guard_kind_name(e.kind), walked, 1 + rle,
                                    u8guard_kind_name(want_kind), want_off);
                    }
}

/* The byte sweep: every code point U+0000..U+00BF (every ASCII byte, and
 * C2 or C3 with every continuation byte) at offsets 0..BYTE_OFFSETS - 1
 * of four kinds of background (ASCII, Cyrillic, U+00A0, CJK), under the
 * deny sets of BYTE_DENY: one error where its class is denied, none
 * where not. It checks the kernels' exact tests of the 1-byte classes
 * and of c1 (avx2.c's ctl_hits and c1_at, avx512.c's c1_fails,
 * internal.h's u8g_polset_ctl) byte by byte, which the class boundaries
 * above do not (19, 1A, 1D next to the allowed 09, 0A, 0D; 10; 7E). */
#define BYTE_OFFSETS 100
static const unsigned BYTE_DENY[] = {
    U8GUARD_CLASS_NUL,
    U8GUARD_CLASS_C0,
    U8GUARD_CLASS_DEL,
    U8GUARD_CLASS_C1,
    U8GUARD_CLASS_C0 | U8GUARD_CLASS_C1,
    U8GUARD_CLASS_NUL | U8GUARD_CLASS_DEL,
    U8GUARD_CLASS_NUL | U8GUARD_CLASS_C0,
    U8GUARD_CLASS_C0 | U8GUARD_CLASS_DEL,
    U8GUARD_CLASS_NUL | U8GUARD_CLASS_C0 | U8GUARD_CLASS_C1,
    U8GUARD_CLASS_NUL | U8GUARD_CLASS_C0 | U8GUARD_CLASS_DEL | U8GUARD_CLASS_C1,
    U8GUARD_CLASS_C0 | U8GUARD_CLASS_BIDI,
    U8GUARD_CLASS_C1 | U8GUARD_CLASS_PRIVATE_USE,
    U8GUARD_CLASS_ALL,
};
static const uint32_t BYTE_BACKGROUND[] = {'a', 0x0430, 0x00A0, 0x4E1C};

/* Writes bg up to want_off (or up to 3 bytes past it), cp, then bg up to
 * len bytes (or past it by up to 3) when len is nonzero, else tail bytes
 * more; returns the length, with cp's offset and length in *pl_off and
 * *pl_len. */
static size_t plant(uint8_t *in, uint32_t bg, size_t want_off, uint32_t cp, size_t tail,
                    size_t len, size_t *pl_off, size_t *pl_len)
{
    size_t n = 0;

    while (n < want_off)
        put_char(in, &n, bg);
    *pl_off = n;
    put_char(in, &n, cp);
    *pl_len = n - *pl_off;
    while (n < (len != 0 ? len : *pl_off + *pl_len + tail))
        put_char(in, &n, bg);
    return n;
}

/* Plants cp in background text bg, from the first character boundary
 * at or after want_off, with TAIL bytes of background after it, and
 * checks the input under deny: one error where cp's class is denied,
 * none where not. */
static void plant_and_check(const char *name, uint8_t *in, uint32_t bg, size_t want_off,
                            uint32_t cp, unsigned deny)
{
    struct planted pl = {cp, u8guard_class_of(cp)};
    size_t off, cp_len, n = plant(in, bg, want_off, cp, TAIL, 0, &off, &cp_len);

    check(name, in, n, deny, off, cp_len, &pl, (pl.cls & deny) != 0);
}

static void sweep_bytes(const char *name, unsigned long stride, unsigned long *k)
{
    static uint8_t in[BYTE_OFFSETS + 3 + 2 + TAIL + 3];
    size_t d, b, want_off;
    uint32_t cp;

    for (d = 0; d < sizeof BYTE_DENY / sizeof BYTE_DENY[0]; d++)
        for (cp = 0; cp < 0xC0; cp++)
            for (b = 0; b < sizeof BYTE_BACKGROUND / sizeof BYTE_BACKGROUND[0]; b++)
                for (want_off = 0; want_off < BYTE_OFFSETS; want_off++) {
                    if ((*k)++ % stride != 0)
                        continue;
                    plant_and_check(name, in, BYTE_BACKGROUND[b], want_off, cp, BYTE_DENY[d]);
                }
}

/* The long sweep: a few code points (LONG_CP: the 1-byte classes' edges,
 * C1's, U+00A0 and U+00BF after it, U+202E, U+FEFF) planted in long
 * runs of three backgrounds of the byte sweep, at two alignments to a
 * 64-byte boundary, at every offset of the first LONG_DENSE bytes and
 * every 13th after, under LONG_DENY (one deny set of each way the
 * vector kernels test). The runs are long enough for what the short
 * inputs above never reach: the AVX-512 kernel's 4-vector step (256
 * bytes after its first 64) and its aligned run of ASCII (ascii_run4,
 * 512 bytes to go), with and without a 1-byte class denied. The vector
 * kernels only: scalar and word have no path that looks further than
 * one character or one 8-byte word, which the short inputs cover, and the
 * long runs through them were half this test's time. Each input is built
 * once and checked under every deny set. */
#define LONG_LEN 1400
#define LONG_DENSE 330
static const unsigned LONG_DENY[] = {
    U8GUARD_CLASS_NUL,                     /* the control test alone */
    U8GUARD_CLASS_C1,                      /* exact, no control test */
    U8GUARD_CLASS_C0 | U8GUARD_CLASS_C1,   /* exact */
    U8GUARD_CLASS_NUL | U8GUARD_CLASS_C0 | U8GUARD_CLASS_DEL | U8GUARD_CLASS_C1,
    U8GUARD_CLASS_C0 | U8GUARD_CLASS_BIDI, /* the pair test */
    U8GUARD_CLASS_ALL,
};
static const uint32_t LONG_BACKGROUND[] = {'a', 0x00A0, 0x4E1C};
static const uint32_t LONG_CP[] = {0x00, 0x01, 0x08, 0x09, 0x0A, 0x0B, 0x0D, 0x0E, 0x1F, 0x20,
                                   0x7E, 0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0x202E, 0xFEFF};

static void sweep_long(const char *name, unsigned long stride, unsigned long *k)
{
    static uint8_t mem[LONG_LEN + 8 + 64];
    uint8_t *in;
    size_t d, c, b, a, want_off, n, off, cp_len;

    for (a = 0; a < 64; a += 37) {
        in = mem + ((64 - (size_t)((uintptr_t)mem & 63)) & 63) + a;
        for (c = 0; c < sizeof LONG_CP / sizeof LONG_CP[0]; c++) {
            struct planted pl = {LONG_CP[c], u8guard_class_of(LONG_CP[c])};

            for (b = 0; b < sizeof LONG_BACKGROUND / sizeof LONG_BACKGROUND[0]; b++)
                for (want_off = 0; want_off < LONG_LEN - 8; want_off++) {
                    if (want_off >= LONG_DENSE && want_off % 13 != 0)
                        continue;
                    n = plant(in, LONG_BACKGROUND[b], want_off, pl.cp, 0, LONG_LEN, &off, &cp_len);
                    for (d = 0; d < sizeof LONG_DENY / sizeof LONG_DENY[0]; d++)
                        if ((*k)++ % stride == 0)
                            check(name, in, n, LONG_DENY[d], off, cp_len, &pl,
                                  (pl.cls & LONG_DENY[d]) != 0);
                }
        }
    }
}

int main(int argc, char **argv)
{
    unsigned long stride = argc > 1 ? strtoul(argv[1], NULL, 10) : 1, k = 0;
    static uint8_t in[BUF_MAX];
    size_t i, p, b, want_off, n, off, cp_len, n_impls = 0;
    uint64_t rng;
    const char *name;

    if (stride == 0)
        stride = 1;
    for (b = 0; b < N_BACKGROUND; b++)
        if (u8guard_class_of(BACKGROUND[b]) != U8GUARD_CLASS_NONE) {
            fprintf(stderr, "test_policy_sweep: background U+%04X is in a class\n",
                    (unsigned)BACKGROUND[b]);
            return 1;
        }
    for (i = 0; i < sizeof IMPLS / sizeof IMPLS[0]; i++) {
        if (!compare_use("test_policy_sweep", IMPLS[i]))
            continue;
        n_impls++;
        name = u8guard_impl_name(IMPLS[i]);
        check_cut_ends(name);
        for (p = 0; p < N_PLANTED; p++)
            for (b = 0; b < N_BACKGROUND; b++) {
                rng = 0x9E3779B97F4A7C15u ^ (p << 8) ^ b;
                for (want_off = 0; want_off < MAX_OFFSET; want_off++) {
                    if (k++ % stride != 0)
                        continue;
                    /* A prefix of mixed background, one in three of them
                     * random, to want_off bytes or up to 3 past it. */
                    n = 0;
                    while (n < want_off)
                        put_char(in, &n, BACKGROUND[(b + (rng_next(&rng) % 3 == 0
                                                              ? rng_next(&rng)
                                                              : 0)) % N_BACKGROUND]);
                    off = n;
                    put_char(in, &n, PLANTED[p].cp);
                    cp_len = n - off;
                    while (n < off + cp_len + TAIL)
                        put_char(in, &n, BACKGROUND[b]);
                    check(name, in, n, PLANTED[p].cls, off, cp_len, &PLANTED[p], 1);
                    check(name, in, n, U8GUARD_CLASS_ALL, off, cp_len, &PLANTED[p], 1);
                    check(name, in, n, U8GUARD_CLASS_ALL & ~(unsigned)PLANTED[p].cls, off,
                          cp_len, &PLANTED[p], 0);
                }
            }
        sweep_bytes(name, stride, &k);
        if (IMPLS[i] != U8GUARD_IMPL_SCALAR && IMPLS[i] != U8GUARD_IMPL_WORD)
            sweep_long(name, stride, &k);
    }
    u8guard_set_impl(U8GUARD_IMPL_AUTO);
    if (n_impls == 0) {
        printf("test_policy_sweep: skipped: no implementation both supported and in "
               "U8GUARD_TEST_IMPLS\n");
        return SKIP_STATUS;
    }
    printf("test_policy_sweep: %zu implementations, %lu checks (every %lu-th input of the "
           "sweep), %lu failures\n",
           n_impls, cases, stride, failures);
    return failures == 0 ? 0 : 1;
}
