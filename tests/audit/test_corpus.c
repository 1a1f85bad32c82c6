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
 * here). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit.h"

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
    FILE *err = tmpfile();
    int saved = dup(2);
    size_t k;
    long n;

    if (err == NULL || saved < 0) {
        perror("test_corpus: capturing standard error");
        exit(2);
    }
    fflush(stderr);
    dup2(fileno(err), 2);
    n = load(text, cases);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(err);
    k = fread(said, 1, cap - 1, err);
    said[k] = '\0';
    fclose(err);
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

int main(void)
{
    check_good();
    check_long_hex();
    check_names();
    check_expected_room();
    check_line_length();
    check_refused();
    if (fails)
        printf("%d checks failed\n", fails);
    return fails != 0;
}
