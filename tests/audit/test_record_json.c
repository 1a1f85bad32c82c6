/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_record_json.c -- the JSON of the regression corpus's manifest, as
 * written and as read (oracle/audit/record_json_write.c and
 * record_json_read.c), byte for byte:
 *
 *   write  the growing string (sbuf): an empty one reads ""; appends of
 *          every length, including those that reach the room's last byte
 *          (the terminating NUL needs one more) and empty ones, give
 *          exactly the concatenation, and a growth doubles the room it
 *          needs; sb_str escapes as JSON; sb_cps
 *          writes up to CPS_LIST_MAX code points as words like U+0041 and a
 *          longer list as the SHA-256 of its UTF-32LE bytes. Running out
 *          of memory (b->oom) is not forced: there is no allocator to fail.
 *   read   whitespace, strings with escapes, nested values and members
 *          found by their exact key (not a prefix of another, not inside
 *          a nested object), unescaping with its refusals, whitespace
 *          dropped between tokens but kept in strings, hex.
 *
 *   answers  a decoder's answer as recorded (sb_theirs: which statuses
 *            keep their signal, null and "unknown" offsets, no
 *            replacement mode) and u8guard's error list at the edge where
 *            it is hashed instead (sb_ours, ERRORS_TEXT_MAX); the
 *            classification an outcome gets and the set a manifest may
 *            hold (classification_of, valid_classification).
 *
 *   test_audit_record_json write|read|answers   run the checks (0 or 1) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record_internal.h"
#include "support/sha256.h"
#include "u8guard.h"

static int failures;

static void expect_text(const sbuf *b, const char *want, const char *what)
{
    if (b->oom || strcmp(sb_text(b), want) != 0) {
        printf("FAIL %s: got \"%.80s\"%s, want \"%.80s\"\n", what, sb_text(b),
               b->oom ? " (oom)" : "", want);
        failures++;
    }
}

/* Appends pieces of 0..9 characters, 300 times, checking the whole text
 * after each; some of them would end exactly at the room's end, where
 * the NUL goes (counted: the test says so if none does). */
static void check_growth(void)
{
    sbuf b = {0};
    static char want[4096];
    size_t len = 0;
    int exact = 0;

    expect_text(&b, "", "an empty sbuf");
    for (int i = 0; i < 300; i++) {
        int k = (i * 7) % 10;
        char piece[16];
        size_t len_before = b.len, cap_before = b.cap;

        for (int j = 0; j < k; j++)
            piece[j] = (char)('a' + (i + j) % 26);
        piece[k] = '\0';
        sb_printf(&b, "%s", piece);
        memcpy(want + len, piece, (size_t)k + 1);
        len += (size_t)k;
        exact += k > 0 && len_before + (size_t)k == cap_before;
        /* a growth makes room for twice what is needed (amortised appends) */
        if (b.cap != cap_before && b.cap != 2 * (len + 1)) {
            printf("FAIL append %d grew the room to %zu, want 2 * (%zu + 1)\n", i, b.cap, len);
            failures++;
        }
        expect_text(&b, want, "after an append");
        if (b.len != len) {
            printf("FAIL after append %d: len %zu, want %zu\n", i, b.len, len);
            failures++;
        }
    }
    /* Appends that would fill the room up to its last byte, the NUL's:
     * they must grow it first. */
    if (exact == 0) {
        printf("FAIL no append reached the room's last byte: the test lost its edge\n");
        failures++;
    }
    sb_printf(&b, "%d|%s|%c", -42, "", 'z');
    memcpy(want + len, "-42||z", 7);
    expect_text(&b, want, "printf conversions");
    free(b.s);
}

static void check_str_and_cps(void)
{
    sbuf b = {0};
    uint32_t cps[CPS_LIST_MAX + 1];
    uint8_t le[4 * (CPS_LIST_MAX + 1)];
    char sha[65], want[128];

    sb_str(&b, "a\"b\\c\n\x01");
    expect_text(&b, "\"a\\\"b\\\\c\\n\\u0001\"", "sb_str escapes");
    free(b.s);

    b = (sbuf){0};
    sb_cps(&b, cps, 0);
    expect_text(&b, "\"\"", "sb_cps of none");
    free(b.s);

    for (size_t i = 0; i < CPS_LIST_MAX + 1; i++) {
        /* the last, hashed only, has four different bytes: a decoder's
         * answer may hold any 32-bit value (Perl's lax one does) */
        cps[i] = i == 0 ? 0x41 : i == 1 ? 0x10FFFF : i == CPS_LIST_MAX ? 0xFEDCBA98
                                                    : (uint32_t)(0xFFFD + i);
        for (int k = 0; k < 4; k++)
            le[4 * i + (size_t)k] = (uint8_t)(cps[i] >> (8 * k));
    }
    b = (sbuf){0};
    sb_cps(&b, cps, 3);
    expect_text(&b, "\"U+0041 U+10FFFF U+FFFF\"", "sb_cps of three");
    free(b.s);

    /* CPS_LIST_MAX (32): U+0041 U+10FFFF U+FFFF U+10000 ... U+1001C */
    b = (sbuf){0};
    sb_cps(&b, cps, CPS_LIST_MAX);
    if (b.oom || strncmp(sb_text(&b), "\"U+0041 U+10FFFF U+FFFF U+10000 U+10001 ", 40) != 0 ||
        strcmp(sb_text(&b) + strlen(sb_text(&b)) - 16, "U+1001B U+1001C\"") != 0 ||
        strlen(sb_text(&b)) != 2 + 6 + 8 + 6 + 29 * 7 + 31) {
        printf("FAIL sb_cps of CPS_LIST_MAX: \"%s\"\n", sb_text(&b));
        failures++;
    }
    free(b.s);

    b = (sbuf){0};
    sb_cps(&b, cps, CPS_LIST_MAX + 1);
    sha256_hex(le, sizeof le, sha);
    snprintf(want, sizeof want, "\"sha256:%s\"", sha);
    expect_text(&b, want, "sb_cps of CPS_LIST_MAX + 1: the SHA-256 of UTF-32LE");
    free(b.s);
}

/* ---- read ---- */

static void check(int ok, const char *what)
{
    if (!ok) {
        printf("FAIL read %s\n", what);
        failures++;
    }
}

/* p's position in base as a number, -1 for NULL. */
static long at(const char *base, const char *p)
{
    return p ? (long)(p - base) : -1;
}

/* json_member(line, key): the value's text, or NULL when not found. */
static int member_is(const char *line, const char *key, const char *want)
{
    const char *v = NULL, *end = NULL;
    bool found = json_member(line, key, &v, &end);

    if (!want)
        return !found;
    return found && (size_t)(end - v) == strlen(want) && memcmp(v, want, strlen(want)) == 0;
}

/* json_member_str(line, key) into cap bytes: the text, or NULL when refused. */
static int str_is(const char *line, const char *key, size_t cap, const char *want)
{
    char out[64];
    bool ok;

    memset(out, '#', sizeof out);
    ok = json_member_str(line, key, out, cap);
    if (!want)
        return !ok;
    /* and not one byte written from out[cap] on */
    return ok && strcmp(out, want) == 0 && (cap >= sizeof out || out[cap] == '#');
}

static int canonical_is(const char *line, const char *key, const char *want)
{
    char *c = json_member_canonical(line, key);
    int ok = want ? c != NULL && strcmp(c, want) == 0 : c == NULL;

    free(c);
    return ok;
}

static void check_read(void)
{
    static const char ws[] = " \t\r\nx", vt[] = "\vx";
    static const char s1[] = "\"ab\"c", s2[] = "\"a\\\"b\"x", s3[] = "\"ab", s4[] = "\"ab\\";
    static const char v1[] = "  \"s\" ,", v2[] = "123,", v3[] = "true}", v4[] = "-1 ",
                      v5[] = "{\"a\":[1,{\"b\":\"}]\"}],\"c\":{}} x", v6[] = "[1,2",
                      v7[] = ",", v8[] = "{\"a\":\"x", v9[] = "[]]";
    static const char line[] =
        " { \"a\" : 1 , \"bb\":\"x\\\"y\", \"c\":{\"a\":2, \"e\":3}, \"d\" :[1, 2] ,\"\":0}";
    uint8_t bytes[4];

    check(at(ws, json_skip_ws(ws)) == 4, "json_skip_ws: space, tab, CR, LF");
    check(at(vt, json_skip_ws(vt)) == 0, "json_skip_ws: a vertical tab is not JSON space");
    check(at(s1, json_skip_string(s1)) == 4, "json_skip_string: past the closing quote");
    check(at(s2, json_skip_string(s2)) == 6, "json_skip_string: an escaped quote");
    check(json_skip_string(s3) == NULL, "json_skip_string: unterminated");
    check(json_skip_string(s4) == NULL, "json_skip_string: a backslash at the end");

    check(at(v1, json_skip_value(v1)) == 5, "json_skip_value: a string after space");
    check(at(v2, json_skip_value(v2)) == 3, "json_skip_value: a number before ','");
    check(at(v3, json_skip_value(v3)) == 4, "json_skip_value: true before '}'");
    check(at(v4, json_skip_value(v4)) == 2, "json_skip_value: -1 before a space");
    check(at(v5, json_skip_value(v5)) == 27, "json_skip_value: nested, brackets in a string");
    check(json_skip_value(v6) == NULL, "json_skip_value: an unclosed array");
    check(json_skip_value(v7) == NULL, "json_skip_value: no value");
    check(json_skip_value(v8) == NULL, "json_skip_value: an unterminated string inside");
    check(at(v9, json_skip_value(v9)) == 2, "json_skip_value: ends where its depth returns to 0");

    check(member_is(line, "a", "1"), "json_member a");
    check(member_is(line, "bb", "\"x\\\"y\""), "json_member bb, an escaped quote");
    check(member_is(line, "c", "{\"a\":2, \"e\":3}"), "json_member c, an object");
    check(member_is(line, "d", "[1, 2]"), "json_member d, an array after ' :'");
    check(member_is(line, "", "0"), "json_member of the empty key");
    check(member_is(line, "b", NULL), "json_member b: a prefix of bb is not bb");
    check(member_is(line, "bbb", NULL), "json_member bbb: longer than bb");
    check(member_is(line, "e", NULL), "json_member e: only inside c");
    check(member_is("[1]", "a", NULL), "json_member: not an object");
    check(member_is("{\"a\" 1}", "a", NULL), "json_member: no colon");
    check(member_is("{\"a\":1 \"b\":2}", "b", NULL), "json_member: no comma");
    check(member_is("{\"a\":1 \"b\":2}", "a", "1"), "json_member: found before the fault");
    check(member_is("{1:2}", "a", NULL), "json_member: a key that is no string");
    check(member_is("{\"a", "a", NULL), "json_member: an unterminated key");
    check(member_is("{\"a\":}", "a", NULL), "json_member: no value");

    check(str_is("{\"s\":\"a\\n\\t\\r\\b\\f\\\"\\\\\\/\\u0001\\u00FFz\"}", "s", 64,
                 "a\n\t\r\b\f\"\\/\x01\xffz"),
          "json_member_str: every escape json_string writes, and \\u0001, \\u00FF");
    check(str_is("{\"s\":\"\\u0000\"}", "s", 64, NULL), "json_member_str: \\u0000 refused");
    check(str_is("{\"s\":\"\\u0100\"}", "s", 64, NULL), "json_member_str: \\u0100 refused");
    check(str_is("{\"s\":\"\\x41\"}", "s", 64, NULL), "json_member_str: \\x refused");
    check(str_is("{\"s\":\"\\u004\"}", "s", 64, NULL), "json_member_str: \\u with 3 digits");
    check(str_is("{\"s\":\"\\u00g1\"}", "s", 64, NULL), "json_member_str: \\u00g1 refused");
    check(str_is("{\"s\":\"\\u0041x\"}", "s", 64, "Ax"), "json_member_str: \\u0041 then x");
    check(str_is("{\"s\":\"\\u0041\"}", "s", 64, "A"), "json_member_str: \\u0041 is A");
    check(str_is("{\"s\":\"\\u1041\"}", "s", 64, NULL), "json_member_str: \\u1041 refused");
    check(str_is("{\"s\":\"\\ug041\"}", "s", 64, NULL), "json_member_str: \\ug041 refused");
    check(str_is("{\"s\":\"abc\"}", "s", 4, "abc"), "json_member_str: exactly fits cap 4");
    check(str_is("{\"s\":\"abc\"}", "s", 3, NULL), "json_member_str: too long for cap 3");
    check(str_is("{\"s\":\"\"}", "s", 1, ""), "json_member_str: empty, cap 1");
    check(str_is("{\"s\":12}", "s", 64, NULL), "json_member_str: not a string");
    check(str_is("{\"t\":\"x\"}", "s", 64, NULL), "json_member_str: absent");

    check(canonical_is(" {\"k\": { \"a b\" : [ 1 ,\t2 ]\r\n, \"c\":\" \\\" x \"} }", "k",
                       "{\"a b\":[1,2],\"c\":\" \\\" x \"}"),
          "json_member_canonical: space between tokens dropped, kept in strings");
    check(canonical_is("{\"k\":1}", "j", NULL), "json_member_canonical: absent");
    check(canonical_is("{\"k\":\"a b\"}", "k", "\"a b\""),
          "json_member_canonical: a string alone");
    check(canonical_is("{\"k\":[ ]}", "k", "[]"), "json_member_canonical: [ ]");
    {
        static const char text[] = "[ \"ab c";
        char *c = json_canonical(text, text + 5);
        check(c != NULL && strcmp(c, "[\"ab") == 0,
              "json_canonical: a string cut by the range's end, copied to it");
        free(c);
    }

    check(record_unhex("0aFF", 4, bytes, sizeof bytes) == 2 && bytes[0] == 0x0A &&
              bytes[1] == 0xFF,
          "record_unhex 0aFF");
    check(record_unhex("", 0, bytes, sizeof bytes) == 0, "record_unhex of nothing");
    check(record_unhex("0a0", 3, bytes, sizeof bytes) == -1, "record_unhex: odd length");
    check(record_unhex("zz", 2, bytes, sizeof bytes) == -1, "record_unhex: not hex");
    check(record_unhex("0x41", 4, bytes, sizeof bytes) == -1, "record_unhex: no 0x prefix");
    check(record_unhex("41 42", 5, bytes, sizeof bytes) == -1, "record_unhex: no separators");
    check(record_unhex("0102030405", 10, bytes, 4) == -1, "record_unhex: longer than cap");
    check(record_unhex("01020304", 8, bytes, 4) == 4, "record_unhex: exactly cap");
}

/* ---- answers ---- */

/* sb_theirs of v, compared with want exactly. */
static void theirs_is(const oracle_verdict *v, const char *want, const char *what)
{
    sbuf b = {0};

    sb_theirs(&b, v);
    expect_text(&b, want, what);
    free(b.s);
}

/* The error list of data[0..len) as sb_ours writes it before any limit:
 * "offset/length kind", joined by ", " (the manifest's format). */
static size_t errors_text(const uint8_t *data, size_t len, char *out, size_t cap)
{
    size_t pos = 0, o = 0;
    u8guard_error e;

    out[0] = '\0';
    while (u8guard_next_error(data, len, &pos, &e) && o < cap)
        o += (size_t)snprintf(out + o, cap - o, "%s%zu/%zu %s", o ? ", " : "", e.offset,
                              e.length, u8guard_kind_name(e.kind));
    return o;
}

/* sb_theirs: the signal only for a crash or an overread (an OK or hung
 * verdict's signal member is junk here), null and "unknown" offsets, no
 * replacement mode; sb_ours at the edge of ERRORS_TEXT_MAX: an error list
 * of exactly 480 characters is written out, one of 481 or more hashed. */
static void check_answers(void)
{
    uint32_t cps[2] = {0x41, 0xFFFD};
    oracle_verdict v = {.status = ORACLE_OK, .signal = 7, .accepted = true, .cps = cps,
                        .n_cps = 1, .repl = cps, .n_repl = 1, .has_repl = true};
    static uint8_t data[600];
    char text[8192], want[8400], sha[65];
    int edge = 0;

    theirs_is(&v, "{\"status\": \"ok\", \"signal\": 0, \"accepted\": true, \"err_offset\": null, "
                  "\"n_cps\": 1, \"cps\": \"U+0041\", \"n_repl\": 1, \"repl\": \"U+0041\"}",
              "sb_theirs: accepted, a junk signal not written");
    v.accepted = false;
    v.err_offset = 3;
    v.has_repl = false;
    theirs_is(&v, "{\"status\": \"ok\", \"signal\": 0, \"accepted\": false, \"err_offset\": 3, "
                  "\"n_cps\": 1, \"cps\": \"U+0041\", \"n_repl\": null, \"repl\": null}",
              "sb_theirs: rejected at 3, no replacement mode");
    v.err_offset = ORACLE_UNKNOWN;
    theirs_is(&v, "{\"status\": \"ok\", \"signal\": 0, \"accepted\": false, \"err_offset\": "
                  "\"unknown\", \"n_cps\": 1, \"cps\": \"U+0041\", \"n_repl\": null, "
                  "\"repl\": null}",
              "sb_theirs: rejected, offset unknown");
    v.status = ORACLE_CRASHED;
    v.signal = 6;
    theirs_is(&v, "{\"status\": \"crashed\", \"signal\": 6}", "sb_theirs: crashed, signal 6");
    v.status = ORACLE_OVERREAD;
    v.signal = 11;
    theirs_is(&v, "{\"status\": \"overread\", \"signal\": 11}", "sb_theirs: overread, signal 11");
    v.status = ORACLE_HUNG;
    v.signal = 9;
    theirs_is(&v, "{\"status\": \"hung\", \"signal\": 0}", "sb_theirs: hung, a junk signal");
    v.status = ORACLE_FAILED;
    theirs_is(&v, "{\"status\": \"failed\", \"signal\": 0}", "sb_theirs: failed");

    /* k bytes 'a' then n bytes 80 (each an error of its own): the list's
     * length moves by one with k's digits, so some (k, n) give exactly
     * ERRORS_TEXT_MAX characters */
    memset(data, 0x80, sizeof data);
    for (size_t k = 0; k < 200; k++) {
        for (size_t n = 1; k + n < sizeof data; n++) {
            sbuf b = {0};
            size_t tl;

            memset(data, 'a', k);
            memset(data + k, 0x80, n);
            tl = errors_text(data, k + n, text, sizeof text);
            if (tl + 1 < ERRORS_TEXT_MAX)
                continue;
            if (tl > ERRORS_TEXT_MAX + 1)
                break;
            edge += tl == ERRORS_TEXT_MAX;
            if (tl <= ERRORS_TEXT_MAX)
                snprintf(want, sizeof want, "\"errors\": \"%s\"", text);
            else
                snprintf(want, sizeof want, "\"errors\": \"sha256:%s\"",
                         sha256_hex(text, tl, sha));
            (void)sb_ours(&b, data, k + n);
            if (b.oom || strstr(sb_text(&b), want) == NULL) {
                printf("FAIL sb_ours of %zu 'a' and %zu 80s (list of %zu): %.120s...\n", k, n,
                       tl, sb_text(&b));
                failures++;
            }
            free(b.s);
        }
    }
    if (edge == 0) {
        printf("FAIL no input gave a list of exactly %d characters: the test lost its edge\n",
               ERRORS_TEXT_MAX);
        failures++;
    }
}

/* classification_of for each outcome, of a plugin and of a built-in
 * decoder, and cut at its cap; valid_classification's exact set. */
static void check_classification(void)
{
    static audit_decoder builtin, plugin;
    static const char *const valid[] = {"u8guard-bug-fixed", "oracle-disagreement",
                                        "plugin-disagreement", "plugin-fault",
                                        "known-divergence:x", "known-divergence:cesu-8"};
    static const char *const invalid[] = {"", "bogus", "plugin-faults", "plugin-fault ",
                                          "u8guard-bug-fixe", "known-divergence:",
                                          "known-divergence", "known-divergenceXY",
                                          "known-divergence-x"};
    struct {
        const audit_decoder *d;
        said s;
        size_t cap;
        const char *want;
    } cases[] = {
        {&builtin, {.outcome = ORACLE_KNOWN_DIVERGENCE, .divergence = "cesu-8"}, 64,
         "known-divergence:cesu-8"},
        {&builtin, {.outcome = ORACLE_KNOWN_DIVERGENCE, .divergence = "cesu-8"}, 10,
         "known-div"},
        {&builtin, {.outcome = ORACLE_DISAGREE, .fault = true}, 64, "oracle-disagreement"},
        {&plugin, {.outcome = ORACLE_DISAGREE}, 64, "plugin-disagreement"},
        {&plugin, {.outcome = ORACLE_DISAGREE, .fault = true}, 64, "plugin-fault"},
        {&plugin, {.outcome = ORACLE_AGREE, .fault = true}, 64, "u8guard-bug-fixed"},
        {&builtin, {.outcome = ORACLE_AGREE}, 64, "u8guard-bug-fixed"},
    };
    char out[64];

    /* only compared with NULL, never used as a runner */
    plugin.plugin = (plugin_runner *)(void *)&plugin;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        classification_of(cases[i].d, &cases[i].s, out, cases[i].cap);
        if (strcmp(out, cases[i].want) != 0) {
            printf("FAIL classification_of, case %zu: got \"%s\", want \"%s\"\n", i, out,
                   cases[i].want);
            failures++;
        }
    }
    for (size_t i = 0; i < sizeof valid / sizeof valid[0]; i++)
        if (!valid_classification(valid[i])) {
            printf("FAIL valid_classification(\"%s\") is false\n", valid[i]);
            failures++;
        }
    for (size_t i = 0; i < sizeof invalid / sizeof invalid[0]; i++)
        if (valid_classification(invalid[i])) {
            printf("FAIL valid_classification(\"%s\") is true\n", invalid[i]);
            failures++;
        }
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "write") == 0) {
        check_growth();
        check_str_and_cps();
    } else if (argc == 2 && strcmp(argv[1], "read") == 0) {
        check_read();
    } else if (argc == 2 && strcmp(argv[1], "answers") == 0) {
        check_answers();
        check_classification();
    } else {
        fprintf(stderr, "usage: test_audit_record_json write|read|answers\n");
        return 2;
    }
    printf("test_record_json %s: %s (%d failed checks)\n", argv[1],
           failures ? "FAIL" : "pass", failures);
    return failures ? 1 : 0;
}
