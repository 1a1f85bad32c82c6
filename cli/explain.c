/* explain.c -- `u8guard explain HEX...`: each character and each error of
 * a byte sequence given in hex, with what a lax decoder would have made
 * of the ill-formed parts. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "commands.h"
#include "describe.h"
#include "diag.h"
#include "support/hex.h"
#include "u8guard.h"

const char explain_help[] =
    "usage: u8guard explain HEX...\n"
    "\n"
    "Explain a byte sequence given in hex: each character (offset, bytes, code\n"
    "point, the character itself when it is printable, and its class, e.g.\n"
    "'noncharacter') and each error (offset, bytes, kind, length, and what a\n"
    "lax decoder would have made of the bytes: an overlong '/', a CESU-8\n"
    "surrogate pair, a value beyond U+10FFFF, an RFC 2279 5- or 6-byte form).\n"
    "\n"
    "The hex may be split over several arguments and may use spaces, commas\n"
    "and the prefixes 0x or \\x:  C0 AF   c0af   'ED A1 8C ED BE B4'   0xC0,0xAF\n"
    "   '\\xC0\\xAF'. Each run of hex digits must have an even length.\n"
    "\n"
    "exit status: 0 the bytes are valid UTF-8, 1 they are not, 2 bad hex.\n";

static const struct option explain_longs[] = {
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

/* Appends the bytes written in hex in arg to out[*n...] (room for
 * strlen(arg) / 2 more). Returns true on success; false after printing
 * what is wrong with arg. */
static bool parse_hex(const char *arg, unsigned char *out, size_t *n)
{
    size_t len = strlen(arg);
    hex_result r;

    switch (hex_parse(arg, len, " \t\n,", HEX_PREFIXES, out + *n, len / 2, &r)) {
    case HEX_OK:
        *n += r.n;
        return true;
    case HEX_ODD:
        diag_usage("explain", "'%s' has an odd number of hex digits (%.*s)", arg,
                   (int)r.run, arg + r.at);
        return false;
    default: /* HEX_NOT_HEX; HEX_TOO_LONG cannot happen: 2 digits a byte */
        diag_usage("explain", "'%s' is not hex (at '%s')", arg, arg + r.at);
        return false;
    }
}

static void show_char(struct writer *out, const unsigned char *p, size_t len,
                      uint64_t off)
{
    char hex[16];
    uint32_t cp = 0;
    const char *cls;

    u8guard_decode_utf32(p, len, &cp, 1, NULL);
    cls = cp_class(cp);
    writer_printf(out, "offset %" PRIu64 ": %s: U+%04" PRIX32, off,
                  hex_bytes(p, len, hex, sizeof hex), cp);
    if (cp_printable(cp))
        writer_printf(out, " '%.*s'", (int)len, (const char *)p);
    writer_printf(out, " (%s)\n", cls);
}

/* The length of the valid character at p[0] (the lead byte says it). */
static size_t char_len(unsigned char b)
{
    return b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
}

static int explain(struct writer *out, const unsigned char *b, size_t n)
{
    struct describe_ctx ctx;
    struct error_text t;
    u8guard_error e;
    size_t pos = 0, end, k, win;
    uint64_t chars = 0, errors = 0;
    char hex[3 * DESCRIBE_WINDOW + 1];

    memset(&ctx, 0, sizeof ctx);
    while (pos < n) {
        end = pos + u8guard_valid_prefix(b + pos, n - pos);
        for (; pos < end; pos += k, chars++) {
            k = char_len(b[pos]);
            show_char(out, b + pos, k, pos);
        }
        if (pos == n)
            break;
        u8guard_validate(b + pos, n - pos, &e);
        if (e.length == 0) /* cannot happen: pos is where an error starts */
            e.length = 1;
        win = n - pos < DESCRIBE_WINDOW ? n - pos : DESCRIBE_WINDOW;
        describe_error(b + pos, win, e.kind, e.length, pos, &ctx, &t);
        writer_printf(out, "offset %zu: %s: error %s (length %zu)\n    %s\n", pos,
                      hex_bytes(b + pos, e.length, hex, sizeof hex),
                      u8guard_kind_name(e.kind), e.length, t.text);
        if (t.lax[0])
            writer_printf(out, "    %s\n", t.lax);
        errors++;
        pos += e.length;
    }
    if (errors == 0)
        writer_printf(out, "valid UTF-8: %zu byte%s, %" PRIu64 " character%s\n", n,
                      n == 1 ? "" : "s", chars, chars == 1 ? "" : "s");
    else
        writer_printf(out, "not valid UTF-8: %zu byte%s, %" PRIu64 " character%s, %"
                      PRIu64 " error%s\n", n, n == 1 ? "" : "s", chars,
                      chars == 1 ? "" : "s", errors, errors == 1 ? "" : "s");
    return errors ? EXIT_INVALID : EXIT_VALID;
}

int cmd_explain(int argc, char **argv, struct writer *out)
{
    unsigned char *bytes;
    size_t total = 0, n = 0;
    struct args a;
    const char *v;
    int i, c, rc;

    for (i = 1; i < argc; i++)
        total += strlen(argv[i]) / 2 + 1;
    /* calloc, not malloc: explain() reads only the n bytes parse_hex
     * wrote, but the static analyzers cannot see that the library's
     * valid prefix stays within them; zeroed memory makes every byte
     * obviously initialized. */
    bytes = calloc(total + 1, 1);
    if (!bytes) {
        diag("explain: %s", strerror(ENOMEM));
        return EXIT_TROUBLE;
    }
    args_init(&a, "explain", argc, argv, "h", explain_longs);
    while ((c = args_next(&a, &v)) != ARGS_END) {
        if (c == ARGS_FAIL || (c == ARGS_OPERAND && !parse_hex(v, bytes, &n))) {
            free(bytes);
            return EXIT_TROUBLE;
        }
        if (c == 'h') {
            free(bytes);
            writer_str(out, explain_help);
            return EXIT_VALID;
        }
    }
    if (n == 0) {
        free(bytes);
        return diag_usage("explain", "no bytes to explain");
    }
    rc = explain(out, bytes, n);
    free(bytes);
    return rc;
}
