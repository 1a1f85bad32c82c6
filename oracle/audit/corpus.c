/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* corpus.c -- reads the conformance corpus (corpus/conformance/conformance.txt):
 * one case per line, "NAME  HEX BYTES...  = EXPECTED", where EXPECTED is
 * "valid" or doc/contract.md's errors as "offset/length kind, ...". Blank lines
 * and lines starting with '#' are comments; a line holds 8191 bytes at most
 * before its newline. */
#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "support/hex.h"
#include "u8guard.h"

/* The longest line the reader takes, in bytes before its newline. */
#define LINE_MAX_BYTES 8191
#define STRING_OF(x) STRING_OF_(x)
#define STRING_OF_(x) #x

/* Parses one non-comment line into *c. Returns NULL, or what is wrong. */
static const char *parse_line(char *line, audit_case *c)
{
    char *p = line, *eq = strchr(line, '=');
    size_t cap = strlen(line) / 2 + 1;
    hex_result r;

    if (eq == NULL)
        return "no '=' before the expected errors";
    *eq = '\0';
    while (*p && !isspace((unsigned char)*p))
        p++;
    if ((size_t)(p - line) >= sizeof c->name || p == line)
        return "missing or too long a case name";
    memcpy(c->name, line, (size_t)(p - line));
    c->name[p - line] = '\0';
    c->data = malloc(cap);
    if (c->data == NULL)
        return "out of memory";
    /* the bytes: pairs of hex digits, white space between any two */
    if (hex_parse(p, strlen(p), " \t\n\v\f\r", 0, c->data, cap, &r) != HEX_OK)
        return "bad hex byte";
    c->len = r.n;
    p = eq + 1;
    while (isspace((unsigned char)*p))
        p++;
    {
        size_t l = strlen(p);
        while (l > 0 && isspace((unsigned char)p[l - 1]))
            p[--l] = '\0';
        if (l == 0 || l >= sizeof c->expected)
            return "missing or too long an expected list";
    }
    snprintf(c->expected, sizeof c->expected, "%s", p);
    return NULL;
}

long audit_corpus_load(const char *path, audit_case **cases)
{
    FILE *f = fopen(path, "r");
    char line[LINE_MAX_BYTES + 1];
    long n = 0, cap = 0, lineno = 0;
    audit_case *v = NULL;

    *cases = NULL;
    if (f == NULL) {
        fprintf(stderr, "u8guard audit: %s: cannot open the conformance corpus\n", path);
        return -1;
    }
    while (fgets(line, sizeof line, f)) {
        const char *bad;
        char *s = line;
        size_t len = strlen(line);

        lineno++;
        /* A line that filled the buffer goes on unless what follows is its
         * newline or the end of the file: refused, not cut in two. */
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            int next = getc(f);

            if (next != EOF && next != '\n') {
                bad = "line too long (" STRING_OF(LINE_MAX_BYTES) " bytes at most "
                      "before its newline)";
                goto fail_msg;
            }
        }
        while (isspace((unsigned char)*s))
            s++;
        if (*s == '\0' || *s == '#')
            continue;
        if (n == cap) {
            audit_case *nv = realloc(v, (size_t)(cap = cap ? 2 * cap : 64) * sizeof *v);
            if (nv == NULL) {
                bad = "out of memory";
                goto fail_msg;
            }
            v = nv;
        }
        memset(&v[n], 0, sizeof v[n]);
        v[n].line = lineno;
        bad = parse_line(s, &v[n]);
        n++;
        if (bad) {
        fail_msg:
            fprintf(stderr, "u8guard audit: %s:%ld: %s\n", path, lineno, bad);
            fclose(f);
            audit_corpus_free(v, n);
            return -1;
        }
    }
    if (ferror(f)) {
        fprintf(stderr, "u8guard audit: %s: read error\n", path);
        fclose(f);
        audit_corpus_free(v, n);
        return -1;
    }
    fclose(f);
    *cases = v;
    return n;
}

void audit_corpus_free(audit_case *cases, long n)
{
    for (long i = 0; i < n; i++)
        free(cases[i].data);
    free(cases);
}

char *audit_expected_of(const uint8_t *data, size_t len, char *buf, size_t cap)
{
    size_t pos = 0, used = 0;
    u8guard_error e;
    int w;

    buf[0] = '\0';
    while (u8guard_next_error(data, len, &pos, &e)) {
        w = snprintf(buf + used, cap - used, "%s%zu/%zu %s", used ? ", " : "",
                     e.offset, e.length, u8guard_kind_name(e.kind));
        if ((size_t)w >= cap - used) /* a negative w, an output error, too */
            goto too_long;
        used += (size_t)w;
    }
    if (used == 0) { /* no error: every error writes something */
        w = snprintf(buf, cap, "valid");
        if ((size_t)w >= cap)
            goto too_long;
    }
    return buf;
too_long:
    buf[used] = '\0'; /* the whole errors before it, not a piece */
    return NULL;
}

/* Returns whether s and t are equal once their blanks are left out, so
 * that "0/1 overlong, 1/1 x" and "0/1 overlong,1/1 x" are. */
static bool equal_but_blanks(const char *s, const char *t)
{
    for (;; s++, t++) {
        while (isspace((unsigned char)*s))
            s++;
        while (isspace((unsigned char)*t))
            t++;
        if (*s != *t)
            return false;
        if (*s == '\0')
            return true;
    }
}

long audit_corpus_check(const char *path, const audit_case *cases, long n)
{
    long wrong = 0;

    for (long i = 0; i < n; i++) {
        /* u8guard's list, in as much room as the corpus gives a list */
        char got[sizeof cases->expected];

        if (audit_expected_of(cases[i].data, cases[i].len, got, sizeof got) == NULL) {
            fprintf(stderr, "u8guard audit: %s:%ld: case %s: u8guard's errors need "
                            "more than %zu bytes written out, more than the corpus "
                            "can state: split the case\n",
                    path, cases[i].line, cases[i].name, sizeof got - 1);
            wrong++;
        } else if (!equal_but_blanks(got, cases[i].expected)) {
            fprintf(stderr, "u8guard audit: %s:%ld: case %s expects \"%s\" but "
                            "u8guard says \"%s\": the corpus is wrong (or "
                            "u8guard is; check doc/contract.md section 2)\n",
                    path, cases[i].line, cases[i].name, cases[i].expected, got);
            wrong++;
        }
    }
    return wrong;
}
