/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_compare.c -- oracle_compare, oracle_reference and the divergence
 * helpers on hand-made verdicts, where the right answer is known without
 * running any decoder. */
#include "adapters/adapter.h"
#include "adapters/divergence.h"
#include "oracle.h"

#include <stdio.h>
#include <string.h>

static int failures;

#define EXPECT(cond)                                                        \
    do {                                                                    \
        if (!(cond)) {                                                      \
            printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);          \
            failures++;                                                     \
        }                                                                   \
    } while (0)

#define EXPECT_STR(got, want)                                               \
    do {                                                                    \
        const char *g_ = (got), *w_ = (want);                               \
        if (!(g_ == w_ || (g_ && w_ && strcmp(g_, w_) == 0))) {             \
            printf("FAIL %s:%d: %s is \"%s\", expected \"%s\"\n", __FILE__, \
                   __LINE__, #got, g_ ? g_ : "(null)", w_ ? w_ : "(null)"); \
            failures++;                                                     \
        }                                                                   \
    } while (0)

/* A fake adapter whose known_divergence answers `answer` and counts calls. */
static const char *answer;
static int consulted;
static const char *fake_divergence(const uint8_t *d, size_t n,
                                   const oracle_verdict *a,
                                   const oracle_verdict *b)
{
    (void)d; (void)n; (void)a; (void)b;
    consulted++;
    return answer;
}
static const oracle fake = {.name = "fake", .known_divergence = fake_divergence};

/* Two verdicts with their own buffers. */
static uint32_t mem[4][16];
static oracle_verdict ours, theirs;

static void set_verdict(oracle_verdict *v, uint32_t *cps, uint32_t *repl,
                        bool accepted, size_t off, const uint32_t *c, size_t nc,
                        const uint32_t *r, size_t nr)
{
    memset(v, 0, sizeof *v);
    v->cps = cps;
    v->repl = repl;
    v->accepted = accepted;
    v->err_offset = off;
    memcpy(cps, c, nc * sizeof *c);
    v->n_cps = nc;
    v->has_repl = r != NULL;
    if (r)
        memcpy(repl, r, nr * sizeof *r);
    v->n_repl = nr;
}

/* ours and theirs both: "41 F0 9F 98" rejected at 1, cps {41},
 * repl {41, FFFD}. */
static const uint8_t INPUT[] = {0x41, 0xF0, 0x9F, 0x98};
static const uint32_t CPS[] = {0x41};
static const uint32_t REPL[] = {0x41, 0xFFFD};

static void reset_pair(void)
{
    set_verdict(&ours, mem[0], mem[1], false, 1, CPS, 1, REPL, 2);
    set_verdict(&theirs, mem[2], mem[3], false, 1, CPS, 1, REPL, 2);
    answer = NULL;
    consulted = 0;
}

static oracle_outcome cmp(const char **div, const char **why)
{
    return oracle_compare(&fake, INPUT, sizeof INPUT, &ours, &theirs, div, why);
}

static void test_compare(void)
{
    const char *div, *why;

    reset_pair();
    EXPECT(cmp(&div, &why) == ORACLE_AGREE);
    EXPECT_STR(div, NULL);
    EXPECT_STR(why, NULL);
    EXPECT(consulted == 0);

    /* Acceptance differences are never excused, even by an adapter that
     * would excuse anything. */
    reset_pair();
    answer = "excuse";
    theirs.accepted = true;
    theirs.err_offset = 4;
    EXPECT(cmp(&div, &why) == ORACLE_DISAGREE);
    EXPECT_STR(why, "accepts ill-formed input");
    EXPECT_STR(div, NULL);
    EXPECT(consulted == 0);

    reset_pair();
    answer = "excuse";
    ours.accepted = true;
    ours.err_offset = 4;
    EXPECT(cmp(&div, &why) == ORACLE_DISAGREE);
    EXPECT_STR(why, "rejects valid input");
    EXPECT(consulted == 0);

    /* Error offset: a disagreement unless the adapter documents it. */
    reset_pair();
    theirs.err_offset = 0;
    theirs.n_cps = 0;
    EXPECT(cmp(&div, &why) == ORACLE_DISAGREE);
    EXPECT_STR(why, "error offset differs");
    EXPECT(consulted == 1);
    answer = "documented";
    EXPECT(cmp(&div, &why) == ORACLE_KNOWN_DIVERGENCE);
    EXPECT_STR(div, "documented");
    EXPECT_STR(why, NULL);

    /* An unknown offset is not compared; the code points must then be a
     * prefix of ours. */
    reset_pair();
    theirs.err_offset = ORACLE_UNKNOWN;
    EXPECT(cmp(&div, &why) == ORACLE_AGREE);
    theirs.n_cps = 0;
    EXPECT(cmp(&div, &why) == ORACLE_AGREE);
    theirs.n_cps = 2;
    theirs.cps[1] = 0x42;
    EXPECT(cmp(&div, &why) == ORACLE_DISAGREE);
    EXPECT_STR(why, "decoded code points differ");
    theirs.n_cps = 1;
    theirs.cps[0] = 0x61;
    EXPECT(cmp(&div, &why) == ORACLE_DISAGREE);
    EXPECT_STR(why, "decoded code points differ");

    /* Code points: count and values. */
    reset_pair();
    theirs.cps[0] = 0x61;
    EXPECT(cmp(&div, &why) == ORACLE_DISAGREE);
    EXPECT_STR(why, "decoded code points differ");
    reset_pair();
    theirs.n_cps = 0;
    EXPECT(cmp(&div, &why) == ORACLE_DISAGREE);
    EXPECT_STR(why, "decoded code points differ");

    /* Replacement output, only when both have one. */
    reset_pair();
    theirs.repl[1] = 0x3F;
    EXPECT(cmp(&div, &why) == ORACLE_DISAGREE);
    EXPECT_STR(why, "replacement output differs");
    theirs.has_repl = false;
    EXPECT(cmp(&div, &why) == ORACLE_AGREE);
    reset_pair();
    theirs.n_repl = 3;
    theirs.repl[2] = 0xFFFD;
    EXPECT(cmp(&div, &why) == ORACLE_DISAGREE);
    EXPECT_STR(why, "replacement output differs");
    reset_pair();
    ours.has_repl = false;
    theirs.repl[0] = 0;
    EXPECT(cmp(&div, &why) == ORACLE_AGREE);

    /* A decoder that did not run properly always disagrees. */
    {
        static const struct { int status; const char *why; } ST[] = {
            {ORACLE_CRASHED, "crashed"},
            {ORACLE_OVERREAD, "read past the end of its input"},
            {ORACLE_HUNG, "hung (killed after the timeout)"},
            {ORACLE_FAILED, "could not be run"},
        };
        for (size_t i = 0; i < sizeof ST / sizeof ST[0]; i++) {
            reset_pair();
            answer = "excuse";
            theirs.status = ST[i].status;
            EXPECT(cmp(&div, &why) == ORACLE_DISAGREE);
            EXPECT_STR(why, ST[i].why);
            EXPECT(consulted == 0);
        }
    }

    /* NULL out-parameters and an adapter without known_divergence. */
    reset_pair();
    theirs.err_offset = 3;
    EXPECT(oracle_compare(&fake, INPUT, sizeof INPUT, &ours, &theirs, NULL,
                          NULL) == ORACLE_DISAGREE);
    {
        static const oracle plain = {.name = "plain"};
        EXPECT(oracle_compare(&plain, INPUT, sizeof INPUT, &ours, &theirs,
                              &div, &why) == ORACLE_DISAGREE);
        EXPECT_STR(why, "error offset differs");
    }
}

/* junk_verdict fills *v with junk (0x5A bytes) but for its buffers cps
 * and repl, so that a member the function under test leaves unset shows. */
static void junk_verdict(oracle_verdict *v, uint32_t *cps, uint32_t *repl)
{
    memset(v, 0x5A, sizeof *v);
    v->cps = cps;
    v->repl = repl;
}

/* oracle_reference on data[0..len) gives exactly the listed verdict. */
static void check_reference(const char *what, const uint8_t *data, size_t len,
                            bool accepted, size_t off, const uint32_t *c,
                            size_t nc, const uint32_t *r, size_t nr)
{
    uint32_t cps[16], repl[16];
    oracle_verdict v;

    junk_verdict(&v, cps, repl);
    oracle_reference(data, len, &v);
    if (v.status != ORACLE_OK || v.signal != 0 || v.accepted != accepted || v.err_offset != off ||
        v.n_cps != nc || memcmp(cps, c, nc * sizeof *c) != 0 || !v.has_repl ||
        v.n_repl != nr || memcmp(repl, r, nr * sizeof *r) != 0) {
        printf("FAIL oracle_reference(%s): accepted %d offset %zu n_cps %zu "
               "n_repl %zu\n", what, v.accepted, v.err_offset, v.n_cps, v.n_repl);
        failures++;
    }
}

static void test_reference(void)
{
    static const uint32_t none[1] = {0};
    static const uint32_t F = 0xFFFD;

    {
        /* without room for a replacement output: none, and said so */
        static const uint8_t in[] = {0x41, 0x80};
        uint32_t cps[3];
        oracle_verdict v;

        junk_verdict(&v, cps, NULL);
        oracle_reference(in, 2, &v);
        EXPECT(v.status == ORACLE_OK && v.signal == 0 && !v.accepted && v.err_offset == 1 &&
               v.n_cps == 1 && cps[0] == 0x41 && !v.has_repl && v.n_repl == 0);
    }

    {
        static const uint8_t in[] = {0xC0, 0x80};
        static const uint32_t r[] = {F, F};
        check_reference("C0 80", in, 2, false, 0, none, 0, r, 2);
    }
    {
        static const uint8_t in[] = {0xED, 0xA1, 0x8C, 0xED, 0xBE, 0xB4};
        static const uint32_t r[] = {F, F, F, F, F, F};
        check_reference("CESU-8", in, 6, false, 0, none, 0, r, 6);
    }
    {
        static const uint8_t in[] = {0xE4, 0xBD, 0x41};
        static const uint32_t r[] = {F, 0x41};
        check_reference("E4 BD 41", in, 3, false, 0, none, 0, r, 2);
    }
    {
        static const uint8_t in[] = {0x41, 0xF0, 0x9F, 0x98};
        static const uint32_t c[] = {0x41};
        static const uint32_t r[] = {0x41, F};
        check_reference("41 F0 9F 98", in, 4, false, 1, c, 1, r, 2);
    }
    {
        static const uint8_t in[] = {0x00, 0xE4, 0xBD, 0xA0, 0xF4, 0x8F, 0xBF, 0xBF};
        static const uint32_t c[] = {0, 0x4F60, 0x10FFFF};
        check_reference("valid", in, sizeof in, true, sizeof in, c, 3, c, 3);
    }
    {
        static const uint8_t in[] = {0x61, 0xFF, 0x62, 0xC3};
        static const uint32_t c[] = {0x61};
        static const uint32_t r[] = {0x61, F, 0x62, F};
        check_reference("61 FF 62 C3", in, 4, false, 1, c, 1, r, 4);
    }
    check_reference("empty (NULL)", NULL, 0, true, 0, none, 0, none, 0);
    {
        /* repl == NULL: no replacement output wanted. */
        static const uint8_t in[] = {0x80};
        uint32_t cps[2];
        oracle_verdict v = {.cps = cps, .repl = NULL};
        oracle_reference(in, 1, &v);
        EXPECT(!v.accepted && v.err_offset == 0 && v.n_cps == 0 && !v.has_repl);
    }
}

static void test_divergence_helpers(void)
{
    static const uint8_t in[] = {0xE4, 0xBD, 0x41};
    static const uint32_t F = 0xFFFD;
    uint32_t c1[4], r1[4], c2[4], r2[4];
    oracle_verdict a, b;

    {
        static const uint32_t want[] = {F, 0x41}, per_byte[] = {F, F, 0x41};
        set_verdict(&a, c1, r1, false, 0, want, 0, want, 2);
        set_verdict(&b, c2, r2, false, 0, want, 0, per_byte, 3);
        EXPECT_STR(oracle_strict_difference(&a, &b), NULL);
        EXPECT(divergence_repl_is(in, 3, &b, divergence_per_byte));
        set_verdict(&b, c2, r2, false, 0, want, 0, want, 2);
        EXPECT(!divergence_repl_is(in, 3, &b, divergence_per_byte));
        b.has_repl = false;
        EXPECT(!divergence_repl_is(in, 3, &b, divergence_per_byte));
        b.err_offset = 1;
        EXPECT_STR(oracle_strict_difference(&a, &b), "error offset differs");
        b.err_offset = ORACLE_UNKNOWN;
        EXPECT_STR(oracle_strict_difference(&a, &b), NULL);
        b.accepted = true;
        EXPECT_STR(oracle_strict_difference(&a, &b), "accepts ill-formed input");
    }
#ifdef ORACLE_HAVE_GLIB
    {
        /* glib turns a valid 00 into U+FFFD: not the per-byte divergence. */
        static const uint8_t nul[] = {0x80, 0x00};
        static const uint32_t ours_r[] = {F, 0}, glib_r[] = {F, F};
        set_verdict(&a, c1, r1, false, 0, ours_r, 0, ours_r, 2);
        set_verdict(&b, c2, r2, false, 0, ours_r, 0, glib_r, 2);
        EXPECT(oracle_glib.known_divergence(nul, 2, &a, &b) == NULL);
        /* E4 BD 41 as glib answers it: the documented divergence. */
        {
            static const uint32_t o[] = {F, 0x41}, g[] = {F, F, 0x41};
            set_verdict(&a, c1, r1, false, 0, o, 0, o, 2);
            set_verdict(&b, c2, r2, false, 0, o, 0, g, 3);
            EXPECT_STR(oracle_glib.known_divergence(in, 3, &a, &b),
                       "glib-make-valid-per-byte");
        }
    }
#endif
#ifdef ORACLE_HAVE_LIBUNISTRING
    {
        static const uint8_t sur[] = {0xED, 0xA0, 0x80};
        static const uint32_t o[] = {F, F, F}, u[] = {F}, two[] = {F, F};
        set_verdict(&a, c1, r1, false, 0, o, 0, o, 3);
        set_verdict(&b, c2, r2, false, 0, o, 0, u, 1);
        EXPECT_STR(oracle_libunistring.known_divergence(sur, 3, &a, &b),
                   "unistring-mbtouc-whole-sequence");
        set_verdict(&b, c2, r2, false, 0, o, 0, two, 2);
        EXPECT(oracle_libunistring.known_divergence(sur, 3, &a, &b) == NULL);
        set_verdict(&b, c2, r2, false, 1, o, 0, u, 1);
        EXPECT(oracle_libunistring.known_divergence(sur, 3, &a, &b) == NULL);
    }
#endif
}

/* Replacement policies for divergence_repl_is at its edges: the most
 * U+FFFD it allows for a byte skipped (3), one more (a policy bug), and
 * skips of no byte and past the input (bugs too). */
static size_t three_for_one(const uint8_t *p, size_t avail, size_t *n_fffd)
{
    (void)p, (void)avail;
    *n_fffd = 3;
    return 1;
}

static size_t four_for_one(const uint8_t *p, size_t avail, size_t *n_fffd)
{
    (void)p, (void)avail;
    *n_fffd = 4;
    return 1;
}

static size_t skips_nothing(const uint8_t *p, size_t avail, size_t *n_fffd)
{
    (void)p, (void)avail;
    *n_fffd = 1;
    return 0;
}

static size_t skips_past_end(const uint8_t *p, size_t avail, size_t *n_fffd)
{
    (void)p;
    *n_fffd = 1;
    return avail + 1;
}

static size_t skips_the_rest(const uint8_t *p, size_t avail, size_t *n_fffd)
{
    (void)p;
    *n_fffd = 1;
    return avail;
}

/* oracle_strict_difference compares every code point, the first and the
 * last too; divergence_repl_is follows its policy exactly, up to 3 U+FFFD
 * for each byte skipped (a whole input of them: the room it allocates is
 * all used), and refuses a policy that breaks its contract. */
static void test_divergence_edges(void)
{
    static const uint32_t F = 0xFFFD, two[] = {0x41, 0x42}, first[] = {0x40, 0x42},
                          last[] = {0x41, 0x43};
    static const uint8_t mixed[] = {0x41, 0x80, 0x42}; /* "A", a stray byte, "B" */
    static uint32_t big_repl[3 * 4096 + 1], c1[4], r1[8], c2[4], r2[8];
    static uint8_t stray[4096];
    oracle_verdict a, b;

    set_verdict(&a, c1, r1, true, 0, two, 2, NULL, 0);
    set_verdict(&b, c2, r2, true, 0, two, 2, NULL, 0);
    EXPECT_STR(oracle_strict_difference(&a, &b), NULL);
    set_verdict(&b, c2, r2, true, 0, first, 2, NULL, 0);
    EXPECT_STR(oracle_strict_difference(&a, &b), "decoded code points differ");
    set_verdict(&b, c2, r2, true, 0, last, 2, NULL, 0);
    EXPECT_STR(oracle_strict_difference(&a, &b), "decoded code points differ");
    set_verdict(&b, c2, r2, false, 1, two, 1, NULL, 0);
    EXPECT_STR(oracle_strict_difference(&a, &b), "rejects valid input");
    /* rejected at an unknown offset: a prefix of ours is the same, more is not */
    set_verdict(&a, c1, r1, false, 2, two, 2, NULL, 0);
    set_verdict(&b, c2, r2, false, ORACLE_UNKNOWN, two, 1, NULL, 0);
    EXPECT_STR(oracle_strict_difference(&a, &b), NULL);
    set_verdict(&b, c2, r2, false, ORACLE_UNKNOWN, first, 1, NULL, 0);
    EXPECT_STR(oracle_strict_difference(&a, &b), "decoded code points differ");
    set_verdict(&b, c2, r2, false, 2, two, 1, NULL, 0);
    EXPECT_STR(oracle_strict_difference(&a, &b), "decoded code points differ");
    set_verdict(&b, c2, r2, false, 2, two, 2, NULL, 0);
    b.status = ORACLE_CRASHED;
    EXPECT_STR(oracle_strict_difference(&a, &b), "crashed");

    {
        static const uint32_t three[] = {0x41, F, F, F, 0x42}, four[] = {0x41, F, F, F, F, 0x42},
                              one[] = {0x41, F, 0x42}, rest[] = {0x41, F};

        set_verdict(&b, c2, r2, false, 1, two, 1, three, 5);
        EXPECT(divergence_repl_is(mixed, 3, &b, three_for_one));
        set_verdict(&b, c2, r2, false, 1, two, 1, four, 6);
        EXPECT(!divergence_repl_is(mixed, 3, &b, four_for_one));
        set_verdict(&b, c2, r2, false, 1, two, 1, one, 3);
        EXPECT(divergence_repl_is(mixed, 3, &b, divergence_per_byte));
        r2[0] = 0x40; /* the first code point differs, and only it */
        EXPECT(!divergence_repl_is(mixed, 3, &b, divergence_per_byte));
        r2[0] = 0x41;
        EXPECT(!divergence_repl_is(mixed, 3, &b, skips_nothing));
        EXPECT(!divergence_repl_is(mixed, 3, &b, skips_past_end));
        set_verdict(&b, c2, r2, false, 1, two, 1, rest, 2);
        EXPECT(divergence_repl_is(mixed, 3, &b, skips_the_rest));
        /* no input: no output, and anything else is not it */
        set_verdict(&b, c2, r2, true, 0, two, 0, two, 0);
        EXPECT(divergence_repl_is(mixed, 0, &b, divergence_per_byte));
        set_verdict(&b, c2, r2, true, 0, two, 0, two, 1);
        EXPECT(!divergence_repl_is(mixed, 0, &b, divergence_per_byte));
    }

    /* 4096 stray bytes, 3 U+FFFD each: all of the room 3 * len + 1 */
    memset(stray, 0x80, sizeof stray);
    for (size_t i = 0; i < 3 * sizeof stray; i++)
        big_repl[i] = F;
    memset(&b, 0, sizeof b);
    b.has_repl = true;
    b.repl = big_repl;
    b.n_repl = 3 * sizeof stray;
    EXPECT(divergence_repl_is(stray, sizeof stray, &b, three_for_one));
    b.n_repl = 3 * sizeof stray - 1;
    EXPECT(!divergence_repl_is(stray, sizeof stray, &b, three_for_one));
    big_repl[3 * sizeof stray - 1] = 0x41;
    b.n_repl = 3 * sizeof stray;
    EXPECT(!divergence_repl_is(stray, sizeof stray, &b, three_for_one));
}

/* adapter_clear resets every member but the buffers, whatever was there;
 * adapter_push fills exactly cap code points and refuses the next. */
static void test_adapter_helpers(void)
{
    uint32_t cps[3], repl[3], buf[3] = {0, 0, 0x5A5A};
    oracle_verdict v;
    size_t n = 0;

    junk_verdict(&v, cps, repl);
    adapter_clear(&v);
    EXPECT(!v.accepted && v.err_offset == 0 && v.n_cps == 0 && !v.has_repl &&
           v.n_repl == 0 && v.status == ORACLE_OK && v.signal == 0);
    EXPECT(v.cps == cps && v.repl == repl);
    EXPECT(adapter_push(buf, &n, 2, 0x41) && n == 1 && buf[0] == 0x41);
    EXPECT(adapter_push(buf, &n, 2, 0x42) && n == 2 && buf[1] == 0x42);
    EXPECT(!adapter_push(buf, &n, 2, 0x43) && n == 2 && buf[2] == 0x5A5A);
}

int main(void)
{
    test_compare();
    test_reference();
    test_adapter_helpers();
    test_divergence_helpers();
    test_divergence_edges();
    if (failures) {
        printf("test_compare: %d failed checks\n", failures);
        return 1;
    }
    printf("test_compare: all checks passed\n");
    return 0;
}
