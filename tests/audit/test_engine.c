/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_engine.c -- white-box tests of pieces of the audit engine
 * (oracle/audit/) that the command-level tests cannot see:
 *
 *   generate  audit_generate: the exact bytes of chosen inputs of one seed,
 *             among them a surrogate moved out of the surrogate range and
 *             the generator's lone FE and FF lead bytes
 *             (gen.c's bad_sequence, last case), which no audit finding
 *             depends on (FE and FF also come from the boundary-byte runs);
 *             and fingerprints of 200000 inputs, at a room of 4096 bytes
 *             and at the least, 256, with corpus cases longer than half of
 *             it (cut and spliced at the room's limits);
 *   classify  audit_classify at the edges of the block-boundary class
 *             (an error at offset 12, 13, 15 and 16 of its input) and of
 *             the 5/6-byte class (leads F7, F8, FD, FE), the ends of
 *             the special valid inputs (U+0000, noncharacters, U+10FFFF),
 *             every byte range of a CESU-8 pair and the bytes beside
 *             them, and audit_class_name's "?" outside the classes;
 *   shrink    audit_shrink on a disagreement that no window of 1..6 bytes
 *             shows, so that ddmin does the work: the exact minimal input
 *             and the exact number of evaluations, which depend on
 *             ddmin's chunk schedule (eval.c's shrink_ddmin).
 *
 * A fake in-process decoder (an oracle struct, as the built-in adapters
 * are) stands in for a plugin: it answers as u8guard does, except that it
 * rejects valid input holding 7 or more bytes 'Q' or 'R'.
 *
 *   text      audit_hex's cut and audit_name_human's bytes (text.c):
 *             which leads copy 2, 3 or 4 bytes, what is escaped, where
 *             a full buffer cuts;
 *
 *   world     audit_world_probe's version command under a 1 ms interval
 *             timer (tests/common/ticker.h): the first line still read,
 *             the command's process reaped (world.c's first_line); and
 *             audit_world_as_extra_mb's languages (Java, C#, Go: a
 *             runtime's address space);
 *
 *   markdown  audit_print_markdown: the explanation each kind of example
 *             gets (report_md.c's table), a known divergence's, escapes,
 *             the summary table, a decoder not run, one with no difference;
 *
 *   test_audit_engine generate|classify|shrink|text|world|markdown   run the checks (0 or 1)
 *   test_audit_engine dump SEED N [corpus|long]   print the first N
 *                         inputs of SEED (no corpus, this file's CORPUS,
 *                         or its LONG_CORPUS at the least room, 256 bytes),
 *                         one "index hex" a line
 *
 * Exact values here change when the generator's or the shrinker's logic
 * changes on purpose; `dump` and the failure messages give the new ones. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "audit.h"
#include "sandbox.h"
#include "ticker.h"
#include "world.h"

static int fails;

static void hex_of(const uint8_t *d, size_t n, char *buf, size_t cap)
{
    (void)audit_hex(d, n, buf, cap);
}

/* ---- generate ---- */

/* One input of the default seed's stream (corpus empty) pinned by its
 * index: the exact bytes the generator must make there. */
struct pinned {
    unsigned long index;
    const char *hex;
    const char *what;
};

/* Found with `test_audit_engine dump 20260101 400` and by comparing that
 * output with the one of a generator whose FE/FF case made FF and 00
 * (gen.c:145, 0xFE -> 0xFF): the first inputs where the generator plants
 * a lone FF or FE (bad_sequence's last case), after valid text (case 1)
 * or after a run of 'b' up to a block boundary (case 3). */
static const struct pinned PINNED[] = {
    /* random_scalar drew U+DE2C, a surrogate, and moved it past the
     * surrogates (+ 0x800: U+E62C, EE 98 AC); found the same way against
     * gen.c:70 + 0x800 -> + 0x7FF (U+E62B, EE 98 AB). */
    {33, "e0a080c8a0f3bda39857d1afc690c29eee98acbf44c190d6bdf4a9aea055f48fbfbfd485",
     "a surrogate drawn in valid text, moved to U+E62C"},
    {120, "42efbfbef383938dea9abfefbfbdee8080c694f0908080ed9cab3eee8080f3a2899f"
          "d583d280c2a3f3b3afbb5a00f1a5b5a8eea9a2ee8cba52f19199bef0b6b89a352c55"
          "efbfbdf0ab81be7d5c53554d5ff0a38eb4e7b1b672f2ae8c9bf2abaa8fc4ac41f195"
          "85abd4897f42e9b094c590f0a286ae587c57efbfbe7b2262626262ff",
     "FF after 'b' padding at a block boundary"},
    /* bad_sequence's case 10 (a lead, C2..F4, then C3 A9): F3 C3 A9 after
     * valid text; gen.c:133 0xC2 -> 0xC1 makes F2 C3 A9. */
    {130, "75e4a68826f1b38caf55dfbfed9fbf41e3ab874ff0aa978df1beb293eca5bff7bfa1bf"
          "49d9b3f3c3a9f19585bf",
     "a lead F3 followed by another lead (C3 A9)"},
    {133, "efbfbe4bcbb5ee8080e692a2dba32ef48fbfbfe1a5ae7bff49d2a6", "FF in valid text"},
    {179, "4f2ef3a48094fecaaef092879df48fbfbfe78c82efbc95f0908080", "FE in valid text"},
};

static void check_generate(void)
{
    audit_rng r = {AUDIT_DEFAULT_SEED};
    static uint8_t buf[4096];
    static char hex[2 * 4096 + 8];
    size_t k = 0, n = sizeof PINNED / sizeof PINNED[0];

    for (unsigned long i = 0; k < n; i++) {
        size_t len = audit_generate(&r, NULL, 0, buf, sizeof buf);

        if (i != PINNED[k].index)
            continue;
        hex_of(buf, len, hex, sizeof hex);
        if (strcmp(hex, PINNED[k].hex) != 0) {
            printf("FAIL input %lu of seed %llu (%s):\n  got  %s\n  want %s\n", i,
                   (unsigned long long)AUDIT_DEFAULT_SEED, PINNED[k].what, hex, PINNED[k].hex);
            fails++;
        } else {
            printf("ok   input %lu of seed %llu (%s): %zu bytes\n", i,
                   (unsigned long long)AUDIT_DEFAULT_SEED, PINNED[k].what, len);
        }
        k++;
    }
}

/* A small corpus for the generator's mutations of corpus cases (bit flip,
 * insertion, deletion, splice), which an empty corpus never reaches. */
static uint8_t corpus_a[] = "hello, world", corpus_b[] = "\xC3\xA9t\xC3\xA9 \xE2\x82\xAC",
               corpus_c[] = "\xF0\x9F\x98\x80Z";
static const audit_case CORPUS[] = {
    {"a", corpus_a, sizeof corpus_a - 1, "valid", 1},
    {"b", corpus_b, sizeof corpus_b - 1, "valid", 2},
    {"c", corpus_c, sizeof corpus_c - 1, "valid", 3},
};
#define N_CORPUS ((long)(sizeof CORPUS / sizeof CORPUS[0]))

/* Cases longer than half of audit_generate's least room (cap 256), and
 * one between a third and a half of it: a mutated case is cut at cap / 2
 * (not at cap / 3) and a splice at cap, paths the short cases above never
 * take. Filled by fill_long_corpus. */
static uint8_t long_a[200], long_b[300], long_c[100];
static const audit_case LONG_CORPUS[] = {
    {"long-a", long_a, sizeof long_a, "valid", 1},
    {"long-b", long_b, sizeof long_b, "valid", 2},
    {"long-c", long_c, sizeof long_c, "valid", 3},
    {"c", corpus_c, sizeof corpus_c - 1, "valid", 4},
};
#define N_LONG_CORPUS ((long)(sizeof LONG_CORPUS / sizeof LONG_CORPUS[0]))

/* Fills d[0..n) with the bytes of pattern, repeated. */
static void fill_cycle(uint8_t *d, size_t n, const char *pattern)
{
    size_t k = strlen(pattern);

    for (size_t i = 0; i < n; i++)
        d[i] = (uint8_t)pattern[i % k];
}

/* long_a: "0123456789" repeated; long_b: U+00E9 (C3 A9) repeated;
 * long_c: "a".."z" repeated. */
static void fill_long_corpus(void)
{
    fill_cycle(long_a, sizeof long_a, "0123456789");
    fill_cycle(long_b, sizeof long_b, "\xC3\xA9");
    fill_cycle(long_c, sizeof long_c, "abcdefghijklmnopqrstuvwxyz");
}

/* FNV-1a, 64 bits, over each input's length (8 bytes, little-endian) and
 * bytes: a fingerprint of a whole stream of inputs. */
static uint64_t fnv(uint64_t h, const uint8_t *d, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ d[i]) * 0x100000001B3ull;
    return h;
}

/* The first STREAM_INPUTS inputs of the default seed written to out[0..cap),
 * with no corpus, with CORPUS and with LONG_CORPUS: every generated byte
 * is pinned, so a change to any path of the generator that these inputs
 * take shows (the pinned inputs above say what changed in the cases seen
 * so far; `dump` shows the rest). So many that rare draws happen too: a
 * scalar of random_scalar exactly at U+D800, a character cut after ED A0
 * (case 2). */
#define STREAM_INPUTS 200000L
static void check_stream(const audit_case *corpus, long n_corpus, size_t cap,
                         uint64_t want_hash, size_t want_bytes)
{
    audit_rng r = {AUDIT_DEFAULT_SEED};
    static uint8_t buf[4096];
    uint64_t h = 0xCBF29CE484222325ull;
    size_t total = 0;

    for (long i = 0; i < STREAM_INPUTS; i++) {
        size_t len = audit_generate(&r, corpus, n_corpus, buf, cap);
        uint8_t le[8];

        for (int b = 0; b < 8; b++)
            le[b] = (uint8_t)((uint64_t)len >> (8 * b));
        h = fnv(fnv(h, le, 8), buf, len);
        total += len;
    }
    if (h != want_hash || total != want_bytes) {
        printf("FAIL the first %ld inputs of seed %llu (corpus of %ld cases, cap %zu): "
               "fingerprint %016llx, %zu bytes; want %016llx, %zu bytes\n",
               STREAM_INPUTS, (unsigned long long)AUDIT_DEFAULT_SEED, n_corpus, cap,
               (unsigned long long)h, total, (unsigned long long)want_hash, want_bytes);
        fails++;
    } else {
        printf("ok   the first %ld inputs of seed %llu (corpus of %ld cases, cap %zu): %016llx, %zu bytes\n",
               STREAM_INPUTS, (unsigned long long)AUDIT_DEFAULT_SEED, n_corpus, cap,
               (unsigned long long)h, total);
    }
}

/* Prints the first n inputs of seed, with corpus[0..n_corpus) at cap. */
static int dump(unsigned long long seed, unsigned long n, const audit_case *corpus,
                long n_corpus, size_t cap)
{
    audit_rng r = {seed};
    static uint8_t buf[4096];
    static char hex[2 * 4096 + 8];

    for (unsigned long i = 0; i < n; i++) {
        size_t len = audit_generate(&r, corpus, n_corpus, buf, cap);

        hex_of(buf, len, hex, sizeof hex);
        printf("%lu %s\n", i, hex);
    }
    return 0;
}

/* ---- classify ---- */

/* Prints ok or FAIL for what: got must be want (counted in fails). */
static void expect_str(const char *got, const char *want, const char *what)
{
    if (strcmp(got, want) != 0) {
        printf("FAIL %s: got \"%s\", want \"%s\"\n", what, got, want);
        fails++;
    } else {
        printf("ok   %s: \"%s\"\n", what, got);
    }
}

/* ED A0 80 ED B0 80, a CESU-8 pair, of which classify sees 5 bytes. */
static const uint8_t CUT_PAIR[6] = {0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80};

/* Classifies pad bytes 'a' followed by the bytes tail[0..n). */
static void check_class(size_t pad, const char *tail, size_t n, int want)
{
    uint8_t buf[64];
    char hex[2 * 8 + 1];
    int got;

    memset(buf, 'a', pad);
    memcpy(buf + pad, tail, n);
    got = audit_classify(buf, pad + n);
    hex_of((const uint8_t *)tail, n, hex, sizeof hex);
    if (got != want) {
        printf("FAIL classify %zu x 'a' + %s: got %s, want %s\n", pad, hex,
               audit_class_name(got), audit_class_name(want));
        fails++;
    } else {
        printf("ok   classify %zu x 'a' + %s: %s\n", pad, hex, audit_class_name(got));
    }
}

/* An error is in the block-boundary class from offset 13 on when it
 * starts at a multiple of 16, ends at or past one, or starts in the last
 * 3 bytes of a 16-byte block (eval.c: e.offset >= 13 && (m == 0 ||
 * m + e.length >= 16 || m >= 13)). */
static void check_classify(void)
{
    check_class(0, "\x80", 1, CLASS_UNEXPECTED_CONTINUATION);
    check_class(12, "\x80", 1, CLASS_UNEXPECTED_CONTINUATION);
    check_class(12, "\xE4\xBD", 2, CLASS_TRUNCATED);             /* ends at 14 */
    check_class(13, "\x80", 1, CLASS_BLOCK_BOUNDARY);             /* m == 13 */
    check_class(13, "\xC0\x80", 2, CLASS_BLOCK_BOUNDARY);
    check_class(15, "\xE4\x41", 2, CLASS_BLOCK_BOUNDARY);        /* m == 15 */
    check_class(16, "\x80", 1, CLASS_BLOCK_BOUNDARY);             /* m == 0 */
    check_class(17, "\x80", 1, CLASS_UNEXPECTED_CONTINUATION);    /* m == 1 */
    check_class(28, "\xF0\x9F\x98", 3, CLASS_TRUNCATED);        /* m == 12, ends at 31 */
    check_class(29, "\xF0\x9F\x98", 3, CLASS_BLOCK_BOUNDARY);   /* m == 13 */
    /* The 5/6-byte class is every input holding a byte F8..FD (eval.c:
     * data[i] >= 0xF8 && data[i] <= 0xFD), whatever its first error: both
     * ends of the range, and the bytes just outside it. */
    check_class(0, "\xF7", 1, CLASS_TOO_LARGE);
    check_class(0, "\xF8", 1, CLASS_FIVE_SIX);
    check_class(0, "\xFD", 1, CLASS_FIVE_SIX);
    check_class(0, "\xFE", 1, CLASS_TOO_LARGE);
    check_class(0, "\x80\xFD", 2, CLASS_FIVE_SIX);             /* not at the first error */
    /* Valid input is special when it holds U+0000, a noncharacter or
     * U+10FFFF (eval.c, has_special): each range's ends and the code
     * points just outside them, at the end of the input. */
    check_class(0, "\x00", 1, CLASS_SPECIAL_VALID);
    check_class(0, "\x01", 1, CLASS_VALID);
    check_class(1, "\xEF\xB7\x8F", 3, CLASS_VALID);                /* U+FDCF */
    check_class(1, "\xEF\xB7\x90", 3, CLASS_SPECIAL_VALID);        /* U+FDD0 */
    check_class(1, "\xEF\xB7\xAF", 3, CLASS_SPECIAL_VALID);        /* U+FDEF */
    check_class(1, "\xEF\xB7\xB0", 3, CLASS_VALID);                /* U+FDF0 */
    check_class(1, "\xEF\xBF\xBD", 3, CLASS_VALID);                /* U+FFFD */
    check_class(1, "\xEF\xBF\xBE", 3, CLASS_SPECIAL_VALID);        /* U+FFFE */
    check_class(1, "\xEF\xBE\xBF", 3, CLASS_VALID);                /* U+FFBF */
    check_class(1, "\xF0\x9F\xBF\xBD", 4, CLASS_VALID);           /* U+1FFFD */
    check_class(1, "\xF0\x9F\xBF\xBE", 4, CLASS_SPECIAL_VALID);   /* U+1FFFE */
    check_class(1, "\xF0\x9F\xBE\xBF", 4, CLASS_VALID);           /* U+1FFBF */
    check_class(1, "\xF0\x9E\xBF\xBF", 4, CLASS_VALID);           /* U+1EFFF */
    check_class(1, "\xF4\x8F\xBF\xBF", 4, CLASS_SPECIAL_VALID);   /* U+10FFFF */
    check_class(1, "\xF3\xBF\xBF\xBF", 4, CLASS_SPECIAL_VALID);   /* U+FFFFF */
    /* The 4-byte noncharacter test looks 3 bytes past its lead: after a
     * 3-byte character whose last two bytes have its shape (x?F BF), the
     * third is the next character's lead, not BE/BF. U+F7FF U+00E9 is
     * plain valid text. */
    check_class(1, "\xEF\x9F\xBF\xC3\xA9", 5, CLASS_VALID);      /* U+F7FF U+00E9 */
    /* A CESU-8 pair is ED A0..AF 80..BF ED B0..BF 80..BF (eval.c,
     * has_cesu_pair): both ends of each range, the bytes just outside
     * them, and a non-continuation in each trail position. */
    check_class(0, "\xED\xA0\x80\xED\xB0\x80", 6, CLASS_CESU8);     /* D800 DC00 */
    check_class(0, "\xED\xAF\xBF\xED\xBF\xBF", 6, CLASS_CESU8);     /* DBFF DFFF */
    check_class(0, "\xED\x9F\xBF\xED\xB0\x80", 6, CLASS_SURROGATE); /* D7FF DC00 */
    check_class(0, "\xED\xB0\x80\xED\xB0\x80", 6, CLASS_SURROGATE); /* DC00 DC00 */
    check_class(0, "\xED\xA0\x80\xED\xAF\xBF", 6, CLASS_SURROGATE); /* D800 DBFF */
    check_class(0, "\xED\xA0\x41\xED\xB0\x80", 6, CLASS_SURROGATE);
    check_class(0, "\xED\xA0\xC0\xED\xB0\x80", 6, CLASS_SURROGATE);
    check_class(0, "\xED\xA0\x80\xED\xB0\x41", 6, CLASS_SURROGATE);
    check_class(0, "\xED\xA0\x80\xED\xB0\xC0", 6, CLASS_SURROGATE);
    check_class(0, "\xEC\xA0\x80\xED\xB0\x80", 6, CLASS_SURROGATE); /* U+C800 DC00 */
    check_class(0, "\xED\xA0\x80\xEC\xB0\x80", 6, CLASS_SURROGATE); /* D800 U+CC00 */
    /* The pair's last byte one past the input: not read. */
    expect_str(audit_class_name(audit_classify(CUT_PAIR, 5)), "surrogate",
               "classify ed a0 80 ed b0 (80 past the end)");
    /* Class names, and "?" for a number that is not a class. */
    expect_str(audit_class_name(0), "valid", "audit_class_name(0)");
    expect_str(audit_class_name(CLASS_COUNT - 1), "block", "audit_class_name(CLASS_COUNT - 1)");
    expect_str(audit_class_name(-1), "?", "audit_class_name(-1)");
    expect_str(audit_class_name(CLASS_COUNT), "?", "audit_class_name(CLASS_COUNT)");
}

/* ---- shrink ---- */

/* How many bytes of data[0..len) are 'Q' or 'R'. */
static size_t count_qr(const uint8_t *data, size_t len)
{
    size_t k = 0;

    for (size_t i = 0; i < len; i++)
        k += data[i] == 'Q' || data[i] == 'R';
    return k;
}

static const char *fake_open(void)
{
    return NULL;
}

static void fake_close(void)
{
}

/* Answers as u8guard does (oracle_reference), without a replacement mode;
 * but rejects at offset 0 a valid input holding 7 or more 'Q'/'R'. */
static int fake_run(const oracle_input *in, size_t n, oracle_verdict *out)
{
    for (size_t i = 0; i < n; i++) {
        uint32_t *cps = out[i].cps;

        oracle_reference(in[i].data, in[i].len, &out[i]);
        out[i].cps = cps;
        out[i].has_repl = false;
        out[i].n_repl = 0;
        if (out[i].accepted && count_qr(in[i].data, in[i].len) >= 7) {
            out[i].accepted = false;
            out[i].err_offset = 0;
            out[i].n_cps = 0;
        }
    }
    return 0;
}

static const oracle FAKE = {"fake-seven-qr", "rejects valid input with 7 Q/R", fake_open,
                            fake_run, fake_close, NULL};

/* Shrinks text with the fake decoder and a budget of max_evals; checks the
 * minimal input and the number of evaluations. */
static void check_shrink(const char *text, unsigned max_evals, const char *want,
                         unsigned want_evals)
{
    static audit_decoder d; /* large: not on the stack */
    audit_result r;
    size_t len = strlen(text);
    uint8_t *data = malloc(len + 1);
    bool shrunk;

    memset(&d, 0, sizeof d);
    snprintf(d.name, sizeof d.name, "%s", FAKE.name);
    d.o = &FAKE;
    if (data == NULL) {
        printf("FAIL out of memory\n");
        fails++;
        return;
    }
    memcpy(data, text, len);
    /* The starting input must show the disagreement. */
    if (!audit_eval(&d, data, len, &r) || r.outcome != ORACLE_DISAGREE ||
        strcmp(r.why, "rejects valid input") != 0) {
        printf("FAIL shrink \"%s\": the fake decoder does not reject it (outcome %d, why \"%s\")\n",
               text, (int)r.outcome, r.why);
        fails++;
        free(data);
        return;
    }
    shrunk = audit_shrink(&d, data, &len, "rejects valid input", max_evals);
    if (!shrunk || len != strlen(want) || memcmp(data, want, len) != 0 ||
        d.shrink_evals != want_evals) {
        printf("FAIL shrink \"%s\" (budget %u): %s \"%.*s\" after %lu evaluations; "
               "want \"%s\" after %u\n", text, max_evals, shrunk ? "got" : "out of memory,",
               (int)len, (const char *)data, d.shrink_evals, want, want_evals);
        fails++;
    } else {
        printf("ok   shrink \"%s\" -> \"%s\", %u evaluations\n", text, want, want_evals);
    }
    free(data);
}

#define A10 "aaaaaaaaaa"
#define A120 A10 A10 A10 A10 A10 A10 A10 A10 A10 A10 A10 A10

static void check_shrink_all(void)
{
    check_shrink("cabcQRdRccRQcaQdQQQbQaRaQcRaaQRRacRdadd", 2000, "QRRQRRR", 294);
    /* No window (at most 6 bytes) holds 7 Q/R: with a budget of 52 the
     * windows take the first half, 26 evaluations, and ddmin the rest,
     * which ends short of a minimal input (one window more, or windows
     * stopped at a third, and it ends elsewhere). */
    check_shrink("cabcQRdRccRQcaQdQQQbQaRaQcRaaQRRacRdadd", 52, "QRRQRRacR", 52);
    /* ddmin refines n chunks to 2n while 2n is below the length (then to
     * single bytes): going to single bytes already where 3n is not below
     * it takes 191 evaluations here. */
    check_shrink("aQbQcQdQeQfQgQhQiQjQkQ", 2000, "QQQQQQQ", 198);
    /* Windows are tried for inputs of up to 128 bytes (and for any input
     * of a plugin, which this fake is not): 7 Q/R after 121 other bytes
     * cost 753 window evaluations that fail before ddmin's 46; after 122,
     * ddmin's 46 alone. */
    check_shrink(A120 "aQRQRQRQ", 2000, "QRQRQRQ", 799);
    check_shrink(A120 "aaQRQRQRQ", 2000, "QRQRQRQ", 46);
}


/* ---- text ---- */

/* audit_name_human(name, buf, cap) in a larger buffer: the text, and
 * not one byte written from buf[cap] on. */
static void name_cut(const char *name, size_t cap, const char *want, const char *what)
{
    char buf[64];

    memset(buf, '#', sizeof buf);
    expect_str(audit_name_human(name, buf, cap), want, what);
    for (size_t i = cap; i < sizeof buf; i++)
        if (buf[i] != '#') {
            printf("FAIL text %s: byte %zu written, past cap %zu\n", what, i, cap);
            fails++;
            break;
        }
}

/* audit_hex and audit_name_human (text.c), exactly: audit_hex's cut
 * keeps room for "..." and the NUL (6 bytes after the last pair), and
 * AUDIT_HEX_ROOM is exactly the room of a whole one;
 * audit_name_human copies each valid character whole (leads C2..DF: 2
 * bytes, E0..EF: 3, F0..F4: 4), writes C0 controls, DEL and each byte of
 * an ill-formed sequence as \xHH, and stops before a step that might not
 * fit (5 bytes: one \xHH and its NUL). */
static void check_text(void)
{
    static const uint8_t bytes[] = {0x00, 0xAB, 0xFF, 0x10, 0x7E};
    char buf[64];

    expect_str(audit_hex(bytes, 5, buf, sizeof buf), "00abff107e", "hex");
    expect_str(audit_hex(bytes, 0, buf, sizeof buf), "", "hex of nothing");
    /* cap 10: pairs at 0, 2, 4 (4 + 2 + 4 = 10 fits), then the cut */
    expect_str(audit_hex(bytes, 5, buf, 10), "00abff...", "hex cut, cap 10");
    expect_str(audit_hex(bytes, 5, buf, 9), "00ab...", "hex cut, cap 9");
    /* AUDIT_HEX_ROOM(n) is the least room that holds n bytes whole: one
     * byte less cuts the last pair */
    expect_str(audit_hex(bytes, 5, buf, AUDIT_HEX_ROOM(5)), "00abff107e", "hex, AUDIT_HEX_ROOM(5)");
    expect_str(audit_hex(bytes, 5, buf, AUDIT_HEX_ROOM(5) - 1), "00abff10...",
               "hex, AUDIT_HEX_ROOM(5) - 1");
    expect_str(audit_hex(bytes, 1, buf, AUDIT_HEX_ROOM(1)), "00", "hex, AUDIT_HEX_ROOM(1)");
    expect_str(audit_hex(bytes, 1, buf, AUDIT_HEX_ROOM(1) - 1), "...", "hex, AUDIT_HEX_ROOM(1) - 1");

    expect_str(audit_name_human("a\x01" "b\x7f" "c\x1f" " !", buf, sizeof buf),
               "a\\x01b\\x7Fc\\x1F !", "controls and DEL escaped, space and ! not");
    /* each followed by a control byte, which a copy one byte too long
     * would take along unescaped */
    expect_str(audit_name_human("\xc2\x80\x01\xdf\xbf\x01\xe0\xa4\x85\x01\xef\xbf\xbd\x01"
                                "\xf0\x9f\x98\x80\x01\xf4\x8f\xbf\xbf\x01~\x01",
                                buf, sizeof buf),
               "\xc2\x80\\x01\xdf\xbf\\x01\xe0\xa4\x85\\x01\xef\xbf\xbd\\x01"
               "\xf0\x9f\x98\x80\\x01\xf4\x8f\xbf\xbf\\x01~\\x01",
               "characters led by C2, DF, E0, EF, F0, F4 and 7E, whole");
    expect_str(audit_name_human("\xc3(\xe0\x80\x80" "x\xf0\x9f\x98", buf, sizeof buf),
               "\\xC3(\\xE0\\x80\\x80x\\xF0\\x9F\\x98",
               "ill-formed: each byte, a truncated F0 9F 98 too");
    name_cut("abcdef", 5, "a", "cut, cap 5");
    name_cut("abcdef", 6, "ab", "cut, cap 6");
    name_cut("\xff\xfe\xfd", 8, "\\xFF", "ill-formed cut, cap 8");
    name_cut("\xff\xfe\xfd", 9, "\\xFF\\xFE", "ill-formed cut, cap 9");
    name_cut("\xf0\x9f\x98", 8, "\\xF0", "a 3-byte ill-formed sequence cut inside, cap 8");
    name_cut("\xf0\x9f\x98", 9, "\\xF0\\x9F", "a 3-byte ill-formed sequence cut inside, cap 9");
    name_cut("\xf0\x9f\x98", 13, "\\xF0\\x9F\\x98", "a 3-byte ill-formed sequence, cap 13");
    buf[0] = 'k';
    (void)audit_name_human("abc", buf, 0);
    expect_str(buf[0] == 'k' ? "untouched" : "written", "untouched", "cap 0");
}

/* The number of this process's open descriptors (/proc/self/fd), or -1. */
static int open_fds(void)
{
    DIR *d = opendir("/proc/self/fd");
    int n = 0;

    if (d == NULL)
        return -1;
    while (readdir(d) != NULL)
        n++;
    closedir(d);
    return n;
}

/* The version command of a runnable decoder answers after 200 ms, while
 * a 1 ms timer interrupts every wait of the probe: the line must still be
 * read (a wait that gave up at the first signal read nothing) and the
 * command's process reaped (no child left, not even a zombie). Then a
 * command that prints nothing: no old version or reason is left; one
 * that goes on after its line: killed and reaped; and no probe leaves a
 * descriptor open. */
static void check_world_version(void)
{
    char strict[] = "true", version[] = "sleep 0.2; echo v9.1", packages[] = "";
    world_entry e = {.strict = strict, .version_cmd = version, .packages = packages};
    bool ok;
    int ticks;

    int fds = open_fds();

    ticker_start();
    ok = audit_world_probe(&e, "/nonexistent-world");
    ticker_stop();
    ticks = ticker_ticks();
    expect_str(ok ? "runs" : e.missing, "runs", "a decoder whose program is 'true'");
    expect_str(e.version, "v9.1", "the version line read under the timer");
    expect_str(ticks > 50 ? "interrupted" : "not interrupted", "interrupted",
               "the timer ticked through the 200 ms wait");
    expect_str(waitpid(-1, NULL, WNOHANG) < 0 && errno == ECHILD ? "none" : "a child",
               "none", "the version command's process reaped");
    /* A version command that prints nothing leaves no old version, and
     * a decoder that can run no old reason why not. */
    snprintf(version, sizeof version, "true");
    snprintf(e.version, sizeof e.version, "stale");
    snprintf(e.missing, sizeof e.missing, "stale");
    ok = audit_world_probe(&e, "/nonexistent-world");
    expect_str(ok ? "runs" : e.missing, "runs", "a decoder whose program is 'true', again");
    expect_str(e.version, "", "the version of a command that prints nothing");
    expect_str(e.missing, "", "the reason it cannot run, when it can");
    /* A version command that goes on after its line: killed and reaped
     * at once, not waited for. */
    snprintf(version, sizeof version, "echo v2; sleep 5");
    ok = audit_world_probe(&e, "/nonexistent-world");
    expect_str(e.version, "v2", "the version of a command that goes on after it");
    expect_str(waitpid(-1, NULL, WNOHANG) < 0 && errno == ECHILD ? "none" : "a child",
               "none", "that command's process reaped");
    expect_str(open_fds() == fds ? "as before" : "more or fewer", "as before",
               "the descriptors open after three probes");
}

/* audit_world_as_extra_mb: the languages whose runtimes reserve large
 * address ranges at start (Java, C#, Go) get SANDBOX_AS_RUNTIME_MB, any
 * other SANDBOX_AS_EXTRA_MB; the names are compared whole. */
static void check_world_room(void)
{
    static const struct {
        const char *language, *want;
    } cases[] = {{"Java", "runtime"}, {"C#", "runtime"}, {"Go", "runtime"}, {"C", "plain"},
                 {"Python", "plain"}, {"JavaScript", "plain"}, {"Gox", "plain"},
                 {"java", "plain"}, {"", "plain"}};
    world_entry e;
    char what[64];

    memset(&e, 0, sizeof e);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        unsigned long mb;

        snprintf(e.language, sizeof e.language, "%s", cases[i].language);
        snprintf(what, sizeof what, "address space of a '%s' decoder", cases[i].language);
        mb = audit_world_as_extra_mb(&e);
        expect_str(mb == SANDBOX_AS_RUNTIME_MB ? "runtime"
                   : mb == SANDBOX_AS_EXTRA_MB ? "plain"
                                               : "?",
                   cases[i].want, what);
    }
}

/* ---- markdown ---- */

/* audit_print_markdown's explanations: each (why, class) of a decoder's
 * examples gets the "Required" text of its kind (report_md.c's EXPLAIN:
 * by class for accepted ill-formed input, by why alone for the rest, the
 * last entry for anything else) and a known divergence the one of a
 * documented difference; names and answers with '|' and '`' escaped, a
 * newline and 1F written as spaces. Each want is the start of the text
 * that must follow. Also the summary table's rows (every class summed)
 * and the sections of a decoder that could not run and of one with no
 * difference. */
static void check_markdown(void)
{
    static const struct {
        int cls;
        const char *why, *want;
    } ex[] = {
        {CLASS_OVERLONG, "accepts ill-formed input", "RFC 3629 section 3 forbids decoding an overlong"},
        {CLASS_SURROGATE, "accepts ill-formed input", "RFC 3629 section 3: the surrogates"},
        {CLASS_CESU8, "accepts ill-formed input", "RFC 3629 section 3: a surrogate pair encoded"},
        {CLASS_TOO_LARGE, "accepts ill-formed input", "RFC 3629 restricts UTF-8 to U+0000..U+10FFFF"},
        {CLASS_FIVE_SIX, "accepts ill-formed input", "RFC 3629 removed the five- and six-byte"},
        {CLASS_TRUNCATED, "accepts ill-formed input", "RFC 3629 section 3: the input is not UTF-8"},
        {CLASS_UNEXPECTED_CONTINUATION, "accepts ill-formed input",
         "RFC 3629 section 3: the input is not UTF-8"},
        {CLASS_SPECIAL_VALID, "rejects valid input", "RFC 3629 section 3: every scalar value"},
        {CLASS_VALID, "rejects valid input", "RFC 3629 section 3: every scalar value"},
        {CLASS_BAD_CONTINUATION, "error offset differs", "The error is where the longest"},
        {CLASS_SPECIAL_VALID, "decoded code points differ", "A well-formed sequence decodes"},
        {CLASS_TRUNCATED, "replacement output differs", "Unicode's U+FFFD substitution"},
        {CLASS_OVERLONG, "crashed (signal 11)", "A decoder answers every input"},
        {CLASS_OVERLONG, "accepts ill-formed input!", "A decoder answers every input"},
    };
    static audit_decoder d, gone, clean;
    audit_decoder *const all[3] = {&d, &gone, &clean};
    audit_run_stats st = {.corpus_cases = 3, .generated = 4};
    size_t n = sizeof ex / sizeof ex[0];
    char *text = NULL, want[400];
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    const char *at;

    if (f == NULL) {
        printf("FAIL open_memstream\n");
        fails++;
        return;
    }
    snprintf(d.name, sizeof d.name, "dec|x");
    snprintf(d.what, sizeof d.what, "a`b");
    for (size_t i = 0; i < n; i++) {
        d.examples[i].cls = ex[i].cls;
        snprintf(d.examples[i].why, sizeof d.examples[i].why, "%s", ex[i].why);
        /* a newline and the last control, 1F, each written as a space */
        snprintf(d.examples[i].theirs, sizeof d.examples[i].theirs, "t%zu\n\x1f" "x", i);
        snprintf(d.examples[i].ours, sizeof d.examples[i].ours, "o%zu", i);
    }
    d.n_examples = n;
    d.known_examples[0].cls = CLASS_TRUNCATED;
    snprintf(d.known_examples[0].why, sizeof d.known_examples[0].why, "some-divergence");
    d.n_known = 1;
    /* the summary row adds every class's disagreements and known ones */
    d.cases = 20;
    d.disagree[CLASS_VALID] = 1;
    d.disagree[CLASS_TRUNCATED] = 2;
    d.disagree[CLASS_BLOCK_BOUNDARY] = 4;
    d.known[CLASS_VALID] = 8;
    d.known[CLASS_TRUNCATED] = 16;
    snprintf(d.language, sizeof d.language, "C");
    snprintf(d.version, sizeof d.version, "7"); /* one byte, as the language: [0], not [1] */
    /* a decoder that cannot run, and one that agrees everywhere */
    snprintf(gone.name, sizeof gone.name, "gone");
    gone.unavailable = "not installed";
    snprintf(clean.name, sizeof clean.name, "clean");
    clean.cases = 20;
    audit_print_markdown(f, all, 3, &st, 9);
    fclose(f);
    at = strstr(text, "Inputs: 3 conformance cases, then 4 generated inputs (seed 9).");
    expect_str(at ? "found" : text, "found", "markdown: the inputs line");
    at = strstr(text, "| dec\\|x | C | 7 | nonconformant | 7 of 20 | 24 |\n"
                      "| gone | - | - | unavailable | 0 of 0 | 0 |\n"
                      "| clean | - | - | conformant | 0 of 20 | 0 |\n");
    expect_str(at ? "found" : text, "found", "markdown: the summary table's rows");
    at = strstr(text, "## gone\n\n- Decoder: \n- Version: -\n- Verdict: unavailable\n"
                      "- Not run: not installed\n\n## clean\n\n- Decoder: \n- Version: -\n"
                      "- Verdict: conformant\n\nNo difference from u8guard on these inputs.\n");
    expect_str(at ? "found" : text, "found", "markdown: a decoder not run, one with no difference");
    at = strstr(text, "## dec\\|x\n\n- Decoder: a\\`b\n- Version: 7\n- Verdict: nonconformant\n\n");
    expect_str(at ? "found" : text, "found", "markdown: the decoder's heading, escaped");
    for (size_t i = 0; i <= n && at != NULL; i++) {
        const audit_example *e = i < n ? &d.examples[i] : &d.known_examples[0];
        char what[160];

        if (i < n)
            snprintf(want, sizeof want, "### %s: %s\n\n- Minimal input: `(empty)`\n"
                     "- dec\\|x: t%zu  x\n- u8guard: o%zu\n- Required: %s",
                     audit_class_name(e->cls), e->why, i, i, ex[i].want);
        else
            snprintf(want, sizeof want, "### truncated: some-divergence (a documented known "
                     "divergence)\n\n- Minimal input: `(empty)`\n- dec\\|x: \n- u8guard: \n"
                     "- Required: Nothing that this decoder breaks");
        if (strstr(at, want) == NULL)
            printf("after the last match: %.700s\n", at);
        at = strstr(at, want);
        snprintf(what, sizeof what, "markdown: example %zu (%s, %s%s)", i,
                 audit_class_name(e->cls), e->why, i < n ? "" : ", known");
        expect_str(at ? "in order" : "missing", "in order", what);
    }
    free(text);
}

int main(int argc, char **argv)
{
    if ((argc == 4 || argc == 5) && strcmp(argv[1], "dump") == 0) {
        unsigned long long seed = strtoull(argv[2], NULL, 0);
        unsigned long n = strtoul(argv[3], NULL, 0);

        if (argc == 4)
            return dump(seed, n, NULL, 0, 4096);
        if (strcmp(argv[4], "corpus") == 0)
            return dump(seed, n, CORPUS, N_CORPUS, 4096);
        if (strcmp(argv[4], "long") == 0) {
            fill_long_corpus();
            return dump(seed, n, LONG_CORPUS, N_LONG_CORPUS, 256);
        }
    }
    if (argc == 2 && strcmp(argv[1], "generate") == 0) {
        check_generate();
        check_stream(NULL, 0, 4096, 0x7a3f072d8895df16ull, 5598318);
        check_stream(CORPUS, N_CORPUS, 4096, 0xc40ecbd39cdae339ull, 5193992);
        fill_long_corpus();
        check_stream(LONG_CORPUS, N_LONG_CORPUS, 256, 0x0640e620bf609a3aull, 10274906);
    }
    else if (argc == 2 && strcmp(argv[1], "classify") == 0)
        check_classify();
    else if (argc == 2 && strcmp(argv[1], "shrink") == 0)
        check_shrink_all();
    else if (argc == 2 && strcmp(argv[1], "text") == 0)
        check_text();
    else if (argc == 2 && strcmp(argv[1], "world") == 0) {
        check_world_version();
        check_world_room();
    } else if (argc == 2 && strcmp(argv[1], "markdown") == 0)
        check_markdown();
    else {
        fprintf(stderr, "usage: test_audit_engine generate|classify|shrink|text|world|markdown|dump SEED N [corpus|long]\n");
        return 2;
    }
    if (fails)
        printf("%d check(s) failed\n", fails);
    return fails ? 1 : 0;
}
