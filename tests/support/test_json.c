/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_json.c -- json_string (support/json.c): the exact literal written
 * for quotes, backslash, every control below 0x20, DEL, C1 controls,
 * ill-formed sequences (one U+FFFD per maximal subpart), embedded NUL; a
 * sink that fails stops it; json_sink_file writes to a stream. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "support/json.h"

/* A sink into a fixed buffer that fails after `budget` calls (-1: never). */
typedef struct buf {
    char s[1024];
    size_t len;
    int budget;
    int calls;
} buf;

static bool put_buf(void *ctx, const void *p, size_t n)
{
    buf *b = ctx;

    b->calls++;
    if (b->budget == 0 || n == 0 || n > sizeof b->s - b->len)
        return false;
    if (b->budget > 0)
        b->budget--;
    memcpy(b->s + b->len, p, n);
    b->len += n;
    return true;
}

static int fails;

/* Checks that in[0..len) is written as want (a NUL-terminated literal). */
static void check(const char *what, const char *in, size_t len, const char *want)
{
    buf b = {.budget = -1};

    if (!json_string(in, len, put_buf, &b) || b.len != strlen(want) ||
        memcmp(b.s, want, b.len) != 0) {
        printf("FAIL %s: got [%.*s], want [%s]\n", what, (int)b.len, b.s, want);
        fails++;
        return;
    }
    printf("ok   %s: %s\n", what, want);
}

#define CHECK(what, lit, want) check(what, lit, sizeof lit - 1, want)

int main(void)
{
    char controls[32];
    buf b = {.budget = -1};

    CHECK("empty", "", "\"\"");
    check("NULL with length 0", NULL, 0, "\"\"");
    CHECK("plain ASCII", "a.txt", "\"a.txt\"");
    CHECK("quote and backslash", "a\"b\\c", "\"a\\\"b\\\\c\"");
    for (int i = 0; i < 32; i++)
        controls[i] = (char)i;
    check("every control 00..1F", controls, sizeof controls,
          "\"\\u0000\\u0001\\u0002\\u0003\\u0004\\u0005\\u0006\\u0007\\b\\t\\n\\u000b\\f\\r"
          "\\u000e\\u000f\\u0010\\u0011\\u0012\\u0013\\u0014\\u0015\\u0016\\u0017\\u0018"
          "\\u0019\\u001a\\u001b\\u001c\\u001d\\u001e\\u001f\"");
    CHECK("embedded NUL", "a\0b", "\"a\\u0000b\"");
    CHECK("DEL", "x\x7Fy", "\"x\\u007fy\"");
    CHECK("space and tilde (not escaped)", " ~", "\" ~\"");
    CHECK("C1 controls U+0080, U+009F (valid UTF-8: as they are)", "\xC2\x80\xC2\x9F",
          "\"\xC2\x80\xC2\x9F\"");
    CHECK("valid multi-byte", "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80",
          "\"caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80\"");
    CHECK("U+FFFD itself", "\xEF\xBF\xBD", "\"\xEF\xBF\xBD\"");
    CHECK("lone continuation byte", "\x80", "\"\xEF\xBF\xBD\"");
    CHECK("byte FF", "a\xFFz", "\"a\xEF\xBF\xBDz\"");
    CHECK("overlong C0 AF: two errors", "\xC0\xAF", "\"\xEF\xBF\xBD\xEF\xBF\xBD\"");
    CHECK("surrogate ED A0 80: three errors", "\xED\xA0\x80",
          "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\"");
    CHECK("truncated E1 80 at the end: one error", "\xE1\x80", "\"\xEF\xBF\xBD\"");
    CHECK("truncated F0 9F 98 then quote: one error", "\xF0\x9F\x98\"",
          "\"\xEF\xBF\xBD\\\"\"");
    CHECK("too large F4 90 80 80: four errors", "\xF4\x90\x80\x80",
          "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\"");
    CHECK("mixed", "caf\xC3\xA9\n\xFF\t\x7F\"", "\"caf\xC3\xA9\\n\xEF\xBF\xBD\\t\\u007f\\\"\"");

    /* a failing sink stops it at once: the opening quote, then "ab" */
    b.budget = 2;
    if (json_string("ab\ncd", 5, put_buf, &b) || b.calls != 3 || b.len != 3 ||
        memcmp(b.s, "\"ab", 3) != 0) {
        printf("FAIL a failing sink: returned true or went on (%d calls, [%.*s])\n", b.calls,
               (int)b.len, b.s);
        fails++;
    } else {
        printf("ok   a failing sink stops json_string, which returns false\n");
    }

    /* json_sink_file */
    {
        FILE *f = tmpfile();
        char got[64] = {0};
        size_t n;

        if (f == NULL || !json_string("a\x01\xC0", 3, json_sink_file, f) ||
            fflush(f) != 0 || fseek(f, 0, SEEK_SET) != 0 ||
            (n = fread(got, 1, sizeof got - 1, f)) != 12 ||
            memcmp(got, "\"a\\u0001\xEF\xBF\xBD\"", 12) != 0) {
            printf("FAIL json_sink_file: got [%s]\n", got);
            fails++;
        } else {
            printf("ok   json_sink_file: %s\n", got);
        }
        if (f)
            fclose(f);
    }
    printf("%s: %d failure(s)\n", fails ? "FAIL" : "PASS", fails);
    return fails != 0;
}
