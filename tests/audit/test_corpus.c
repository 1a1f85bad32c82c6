/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_corpus.c -- white-box test of the conformance corpus reader
 * (oracle/audit/corpus.c's audit_corpus_load), line by line: what a case
 * holds once read (its name, bytes, expected list and line) and which
 * lines are refused. The command-level tests read the project's corpus and
 * two broken files; the edges are here: a name of 63 bytes and one of 64
 * (audit_case's name holds 63 and the terminator), a line with no name,
 * "=" with no blank after it, blanks around the expected list, the most
 * bytes a line of hex can give, an expected list of 2047 bytes and one of
 * 2048, lines of 8191 and 8192 bytes, and hex prefixes (not allowed
 * here); that audit_corpus_free leaves nothing in use. Then the check of cases against u8guard's answers
 * (audit_expected_of, audit_corpus_check): every room around an answer,
 * blanks, prefixes, and an answer too long for the corpus to state. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h> /* mallinfo2 */
#endif

#include "audit.h"
#include "capture_stderr.h"

static int fails;

static void expect(int ok, const char *what)
{
    printf("%s %s\n", ok ? "ok  " : "FAIL", what);
    if (!ok)
        fails++;
}

#define TEMPLATE "/tmp/u8guard-test-corpus-XXXXXX"

/* Writes text to a new temporary file; returns its path (static, the next
 * call's). */
static const char *corpus_file(const char *text)
{
    static char path[sizeof TEMPLATE];
    FILE *f;
    int fd;

    memcpy(path, TEMPLATE, sizeof TEMPLATE);
    fd = mkstemp(path);
    if (fd < 0 || (f = fdopen(fd, "w")) == NULL) {
        perror("test_corpus: temporary file");
        exit(2);
    }
    fputs(text, f);
    if (fclose(f) != 0) {
        perror("test_corpus: temporary file");
        exit(2);
    }
    return path;
}

/* Loads text as a corpus; returns the number of cases or -1. */
static long load(const char *text, audit_case **cases)
{
    const char *path = corpus_file(text);
    long n = audit_corpus_load(path, cases);

    unlink(path);
    return n;
}

static int same_case(const audit_case *c, const char *name, const char *hex_bytes,
                     size_t len, const char *expected, long line)
{
    return strcmp(c->name, name) == 0 && c->len == len &&
           memcmp(c->data, hex_bytes, len) == 0 && strcmp(c->expected, expected) == 0 &&
           c->line == line;
}

static void check_good(void)
{
    audit_case *c;
    long n = load("# a comment, then a blank line\n"
                  "\n"
                  "ascii  41 42 = valid\n"
                  "  tabs\t41\t\t42\t=\tvalid\t \n"
                  "tight 4142=valid\n"
                  "pairs  C0 80 =  0/1 overlong,   1/1 unexpected_continuation  \n"
                  "none   = valid\n",
                  &c);

    expect(n == 5, "a corpus of 5 cases, a comment and a blank line");
    if (n != 5)
        return;
    expect(same_case(&c[0], "ascii", "AB", 2, "valid", 3), "case 1: name, bytes, expected, line");
    expect(same_case(&c[1], "tabs", "AB", 2, "valid", 4), "tabs as blanks, leading and trailing");
    expect(same_case(&c[2], "tight", "AB", 2, "valid", 5), "no blank around '='");
    expect(same_case(&c[3], "pairs", "\xC0\x80", 2,
                     "0/1 overlong,   1/1 unexpected_continuation", 6),
           "the expected list kept as written, its ends trimmed");
    expect(same_case(&c[4], "none", "", 0, "valid", 7), "a case of no bytes");
    audit_corpus_free(c, n);
}

/* A line of hex digits only, no blank: the most bytes a line can hold for
 * its length; the reader's buffer must take them all. */
static void check_long_hex(void)
{
    char text[256], want[100];
    audit_case *c;
    long n;
    size_t i;

    strcpy(text, "n ");
    for (i = 0; i < 100; i++) {
        strcat(text, "41");
        want[i] = 'A';
    }
    strcat(text, "=valid\n");
    n = load(text, &c);
    expect(n == 1 && same_case(&c[0], "n", want, 100, "valid", 1),
           "100 bytes of hex on a 209-byte line");
    if (n > 0)
        audit_corpus_free(c, n);
}

static void check_names(void)
{
    char text[256], name[80];
    audit_case *c;
    long n;

    memset(name, 'x', 63);
    name[63] = '\0';
    snprintf(text, sizeof text, "%s 41 = valid\n", name);
    n = load(text, &c);
    expect(n == 1 && same_case(&c[0], name, "A", 1, "valid", 1), "a name of 63 bytes");
    if (n > 0)
        audit_corpus_free(c, n);
    snprintf(text, sizeof text, "%sx 41 = valid\n", name);
    expect(load(text, &c) == -1, "a name of 64 bytes: refused");
    expect(load("= valid\n", &c) == -1, "no name: refused");
    expect(load("  = valid\n", &c) == -1, "no name after blanks: refused");
}

/* An expected list of 2047 bytes, the most audit_case's expected holds
 * with its terminator, and one of 2048. */
static void check_expected_room(void)
{
    static char text[2100];
    audit_case *c;
    long n;

    strcpy(text, "n 41 = ");
    memset(text + 7, 'v', 2047);
    strcpy(text + 7 + 2047, "\n");
    n = load(text, &c);
    expect(n == 1 && strlen(c[0].expected) == 2047 && c[0].expected[2046] == 'v',
           "an expected list of 2047 bytes");
    if (n > 0)
        audit_corpus_free(c, n);
    strcpy(text + 7 + 2047, "v\n");
    expect(load(text, &c) == -1, "an expected list of 2048 bytes: refused");
}

/* Loads text with standard error caught in said[0..cap). */
static long load_said(const char *text, audit_case **cases, char *said, size_t cap)
{
    struct capture c;
    long n;

    capture_stderr_start(&c);
    n = load(text, cases);
    capture_stderr_stop(&c, said, cap);
    return n;
}

/* Lines of 8191 bytes (the most the reader's buffer holds with its
 * terminator) before the newline, or at the end of the file, and one of
 * 8192, which is refused by name rather than read as two lines. */
static void check_line_length(void)
{
    static char text[8300];
    char said[512];
    audit_case *c;
    long n;

    memset(text, ' ', 8191);
    memcpy(text, "n 41 = valid", 12); /* the blanks after it are trimmed */
    strcpy(text + 8191, "\nm 42 = valid\n");
    n = load(text, &c);
    expect(n == 2 && same_case(&c[0], "n", "A", 1, "valid", 1) &&
           same_case(&c[1], "m", "B", 1, "valid", 2), "a line of 8191 bytes, then another");
    if (n > 0)
        audit_corpus_free(c, n);
    /* 8190 bytes and the newline fill the buffer: the next line is whole */
    text[8190] = '\n';
    strcpy(text + 8191, "m 42 = valid\n");
    n = load(text, &c);
    expect(n == 2 && same_case(&c[1], "m", "B", 1, "valid", 2),
           "a line of 8190 bytes, then another");
    if (n > 0)
        audit_corpus_free(c, n);
    text[8190] = ' ';
    text[8191] = '\0';
    n = load(text, &c);
    expect(n == 1 && same_case(&c[0], "n", "A", 1, "valid", 1),
           "a line of 8191 bytes that ends the file");
    if (n > 0)
        audit_corpus_free(c, n);
    strcpy(text + 8191, " \n");
    n = load_said(text, &c, said, sizeof said);
    expect(n == -1 && strstr(said, ":1: line too long (8191 bytes at most before its "
                                   "newline)\n") != NULL, "a line of 8192 bytes: refused");
}

static void check_refused(void)
{
    audit_case *c;

    expect(load("a 41 valid\n", &c) == -1, "no '=': refused");
    expect(load("a 41 =\n", &c) == -1, "no expected list: refused");
    expect(load("a 41 =  \t\n", &c) == -1, "blanks for an expected list: refused");
    expect(load("a 0x41 = valid\n", &c) == -1, "a 0x prefix: refused");
    expect(load("a \\x41 = valid\n", &c) == -1, "a \\x prefix: refused");
    expect(load("a 4 = valid\n", &c) == -1, "half a byte: refused");
    expect(load("ok 41 = valid\nbad 4G = valid\n", &c) == -1, "one bad line refuses the file");
    expect(audit_corpus_load("/nonexistent/corpus.txt", &c) == -1 && c == NULL,
           "a file that does not open: -1");
    /* a directory opens for reading on Linux, and the first read fails */
    expect(audit_corpus_load("/", &c) == -1 && c == NULL, "a file that cannot be read: -1");
}

/* audit_corpus_free frees every case's bytes and the array: after a load
 * and a free, glibc's heap has as many bytes in use as before (a first
 * load, before the count, lets stdio make its own lasting allocations).
 * Elsewhere, or where a sanitizer's allocator stands in for glibc's heap,
 * the leak checks of the ASan build and of valgrind do this job. */
static void check_free(void)
{
#ifdef __GLIBC__
    const char *text = "a 41 = valid\nb C0 = 0/1 overlong\nc = valid\n";
    audit_case *c;
    size_t before, after;
    long n;

    n = load(text, &c);
    if (n > 0)
        audit_corpus_free(c, n);
    before = mallinfo2().uordblks;
    n = load(text, &c);
    if (n > 0)
        audit_corpus_free(c, n);
    after = mallinfo2().uordblks;
    printf("     bytes in use before a load of 3 cases %zu, after its free %zu\n", before,
           after);
    expect(n == 3 && after == before, "audit_corpus_free leaves nothing of 3 cases in use");
#else
    printf("skip audit_corpus_free's count of bytes in use: not glibc (no mallinfo2)\n");
#endif
}

/* audit_expected_of in every room around its answers: the whole list and
 * its terminator fit, or NULL with the errors that fit whole (never a
 * piece of one, never "valid" for an input with errors); nothing written
 * past cap. */
static void check_expected_of(void)
{
    static const uint8_t pair[] = {0xC0, 0x80};
    const char *list = "0/1 overlong, 1/1 unexpected_continuation", *first = "0/1 overlong";
    char buf[64], what[128];
    size_t cap;

    for (cap = 1; cap <= strlen(list) + 1; cap++) {
        const char *want = cap > strlen(list) ? list : cap > strlen(first) ? first : "";
        char *r;
        size_t k;
        int untouched = 1;

        memset(buf, '#', sizeof buf);
        r = audit_expected_of(pair, sizeof pair, buf, cap);
        for (k = cap; k < sizeof buf; k++)
            untouched &= buf[k] == '#';
        snprintf(what, sizeof what, "C0 80 in %zu bytes: %s \"%s\", nothing after",
                 cap, cap > strlen(list) ? "buf," : "NULL,", want);
        expect((cap > strlen(list) ? r == buf : r == NULL) && strcmp(buf, want) == 0 &&
                   untouched, what);
    }
    memset(buf, '#', sizeof buf);
    expect(audit_expected_of((const uint8_t *)"AB", 2, buf, 6) == buf &&
               strcmp(buf, "valid") == 0, "valid input in 6 bytes: \"valid\"");
    memset(buf, '#', sizeof buf);
    expect(audit_expected_of((const uint8_t *)"AB", 2, buf, 5) == NULL && buf[0] == '\0' &&
               buf[5] == '#', "valid input in 5 bytes: NULL and \"\"");
    expect(audit_expected_of(NULL, 0, buf, 6) == buf && strcmp(buf, "valid") == 0,
           "no input: \"valid\"");
}

/* audit_corpus_check on cases built here: blanks do not count, anything
 * else does (a list that is a prefix of the other too), and an answer
 * longer than a case's expected list can hold (2047 bytes) is named. */
static void check_against(void)
{
    static uint8_t bytes[200];
    static audit_case c[2];
    char said[1024], list[4096];
    size_t k;

    memset(c, 0, sizeof c);
    strcpy(c[0].name, "pair");
    c[0].data = (uint8_t *)"\xC0\x80";
    c[0].len = 2;
    c[0].line = 7;
    strcpy(c[0].expected, " 0/1overlong ,1/1 unexpected_continuation\t");
    strcpy(c[1].name, "ascii");
    c[1].data = (uint8_t *)"A";
    c[1].len = 1;
    c[1].line = 9;
    strcpy(c[1].expected, "valid");
    expect(audit_corpus_check("f", c, 2) == 0, "lists equal but for blanks: right");

    {
        struct capture cap;
        long wrong;

        strcpy(c[0].expected, "0/1 overlong, 1/1 unexpected_continuation, 2/1 x");
        strcpy(c[1].expected, "vali");
        capture_stderr_start(&cap);
        wrong = audit_corpus_check("f", c, 2);
        capture_stderr_stop(&cap, said, sizeof said);
        expect(wrong == 2 && strcmp(said,
               "u8guard audit: f:7: case pair expects \"0/1 overlong, 1/1 "
               "unexpected_continuation, 2/1 x\" but u8guard says \"0/1 overlong, 1/1 "
               "unexpected_continuation\": the corpus is wrong (or u8guard is; check "
               "doc/contract.md section 2)\n"
               "u8guard audit: f:9: case ascii expects \"vali\" but u8guard says "
               "\"valid\": the corpus is wrong (or u8guard is; check doc/contract.md "
               "section 2)\n") == 0, "each list a prefix of the other: wrong, both said");
    }

    /* k ASCII bytes, then 67 lone continuation bytes: 67 errors "i/1
     * unexpected_continuation" at offsets k..k+66, 2047 bytes written out
     * for k = 72 (28 offsets of two digits), 2048 for k = 73 */
    memset(bytes, 'A', sizeof bytes);
    for (k = 72; k <= 73; k++) {
        memset(bytes, 'A', k);
        memset(bytes + k, 0x80, 67);
        expect(audit_expected_of(bytes, k + 67, list, sizeof list) == list &&
                   strlen(list) == 2047 + (k - 72), k == 72 ? "k = 72: a list of 2047 bytes"
                                                            : "k = 73: a list of 2048 bytes");
        c[0].data = bytes;
        c[0].len = k + 67;
        /* as much of it as the case holds: all of it for k = 72 */
        memcpy(c[0].expected, list, sizeof c[0].expected - 1);
        c[0].expected[sizeof c[0].expected - 1] = '\0';
        {
            struct capture cap;
            long wrong;

            capture_stderr_start(&cap);
            wrong = audit_corpus_check("f", c, 1);
            capture_stderr_stop(&cap, said, sizeof said);
            if (k == 72)
                expect(wrong == 0 && said[0] == '\0', "an answer of 2047 bytes: checked, right");
            else
                expect(wrong == 1 && strcmp(said, "u8guard audit: f:7: case pair: u8guard's "
                       "errors need more than 2047 bytes written out, more than the corpus "
                       "can state: split the case\n") == 0,
                       "an answer of 2048 bytes: named as too long for the corpus");
        }
    }
}

int main(void)
{
    check_good();
    check_long_hex();
    check_names();
    check_expected_room();
    check_line_length();
    check_refused();
    check_free();
    check_expected_of();
    check_against();
    if (fails)
        printf("%d checks failed\n", fails);
    return fails != 0;
}
