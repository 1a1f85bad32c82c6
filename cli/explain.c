/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* explain.c -- `u8guard explain HEX...`: each character and each error of
 * a byte sequence given in hex, with what a lax decoder would have made
 * of the ill-formed parts. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "args.h"
#include "commands.h"
#include "describe.h"
#include "input.h"
#include "linepos.h"
#include "names.h"
#include "diag.h"
#include "support/hex.h"
#include "u8guard.h"

const char explain_help[] =
    "usage: u8guard explain HEX...\n"
    "       u8guard explain --file FILE [--offset N] [--max-errors N]\n"
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
    "With --file, explain the errors of FILE (a regular file), each with its\n"
    "line and column and the bytes around it, the error's own bytes in [ ]:\n"
    "  FILE:LINE:COLUMN: offset N: KIND (length L)\n"
    "      bytes from offset M: 61 62 [C0 AF] 78 0A\n"
    "      explanation (and what a lax decoder would read)\n"
    "\n"
    "options:\n"
    "  --file FILE       explain the errors of FILE\n"
    "  --offset N        only the first error at or after byte offset N (one\n"
    "                    that covers N counts)\n"
    "  --max-errors N    explain at most N errors (default 1000, 0: all; K, M\n"
    "                    and G suffixes are binary)\n"
    "  -h, --help        this help\n"
    "\n"
    "exit status: 0 the bytes are valid UTF-8 (--offset: no error there), 1 they\n"
    "are not, 2 bad hex, usage or I/O error.\n";

enum { OPT_FILE = ARGS_LONG_ONLY, OPT_OFFSET, OPT_MAX_ERRORS };

static const struct option explain_longs[] = {
    {"help", no_argument, NULL, 'h'},
    {"file", required_argument, NULL, OPT_FILE},
    {"offset", required_argument, NULL, OPT_OFFSET},
    {"max-errors", required_argument, NULL, OPT_MAX_ERRORS},
    {.name = NULL}, /* the end: getopt_long reads no further */
};

/* The bytes shown before and after an error explained from a file. */
#define CONTEXT 8

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
    char hex[12]; /* the longest: "F0 9F 98 80" and the terminator */
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
    /* an error's bytes: its maximal subpart, at most 3 ("F0 9F 98") */
    char hex[9];

    memset(&ctx, 0, sizeof ctx);
    for (;;) {
        end = pos + u8guard_valid_prefix(b + pos, n - pos);
        for (; pos < end; pos += k, chars++) {
            k = char_len(b[pos]);
            show_char(out, b + pos, k, pos);
        }
        if (pos == n)
            break;
        u8guard_validate(b + pos, n - pos, &e); /* an error starts at pos */
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

/* explain --file's pass over the file: the stream finds the errors, and
 * each is shown as it comes, with the bytes around it read again. */
struct file_scan {
    struct writer *out;
    struct input *in;
    struct describe_ctx dctx;
    uint64_t from, max; /* first offset of interest; max: 0 for all */
    uint64_t shown;     /* errors shown */
    const unsigned char *chunk; /* the chunk being fed, from stream offset base */
    uint64_t base;
    struct linepos lp;
    bool full;   /* shown max errors, or a read failed: read no further */
    bool failed; /* a read of the bytes around an error failed (reported) */
};

/* Prints the error of the file at off (its line and column, the bytes
 * around it, what they are). Returns false after a read error (reported). */
static bool show_file_error(struct file_scan *f, uint64_t off, size_t length,
                            u8guard_kind kind)
{
    /* CONTEXT bytes either side of an error of at most 3 bytes */
    unsigned char b[2 * CONTEXT + 3];
    char hex[3 * CONTEXT]; /* the longest run shown: CONTEXT bytes */
    struct error_text t;
    uint64_t start = off >= CONTEXT ? off - CONTEXT : 0, line, col;
    size_t before = (size_t)(off - start), after, win;
    ssize_t n = input_pread(f->in->fd, b, sizeof b, start);

    if (n < (ssize_t)(before + length)) { /* the file shrank, or failed */
        diag("%s: read error: %s", f->in->name,
             n < 0 ? strerror(errno) : "the file changed");
        return false;
    }
    after = (size_t)n - before - length;
    if (after > CONTEXT)
        after = CONTEXT;
    win = (size_t)n - before < DESCRIBE_WINDOW ? (size_t)n - before : DESCRIBE_WINDOW;
    describe_error(b + before, win, kind, length, off, &f->dctx, &t);
    linepos_scan(&f->lp, f->chunk, f->base, off);
    linepos_at(&f->lp, off, &line, &col);
    name_human(f->out, f->in->name);
    writer_printf(f->out, ":%" PRIu64 ":%" PRIu64 ": offset %" PRIu64 ": %s (length %zu)\n",
                  line, col, off, u8guard_kind_name(kind), length);
    writer_printf(f->out, "    bytes from offset %" PRIu64 ": ", start);
    if (before)
        writer_printf(f->out, "%s ", hex_bytes(b, before, hex, sizeof hex));
    writer_printf(f->out, "[%s]", hex_bytes(b + before, length, hex, sizeof hex));
    if (after)
        writer_printf(f->out, " %s", hex_bytes(b + before + length, after, hex, sizeof hex));
    writer_printf(f->out, "\n    %s\n", t.text);
    if (t.lax[0])
        writer_printf(f->out, "    %s\n", t.lax);
    return true;
}

static void on_file_error(void *ctx, const u8guard_error *err)
{
    struct file_scan *f = ctx;
    uint64_t off = input_full_offset(f->base, err->offset);

    if (f->full || off + err->length <= f->from)
        return;
    if (!show_file_error(f, off, err->length, err->kind)) {
        f->failed = f->full = true;
        return;
    }
    f->shown++;
    if (f->shown == f->max)
        f->full = true;
}

/* explain --file: one streaming pass finds the errors (and their lines);
 * each is shown with the bytes around it, read again with pread. */
static int explain_file(struct writer *out, const char *path, bool at, uint64_t from,
                        uint64_t max, size_t bufsize)
{
    struct file_scan f;
    struct input in;
    u8guard_stream s;
    unsigned char *buf;
    ssize_t n = 0;
    int err, rc = EXIT_TROUBLE;

    err = input_open(&in, path);
    if (err) {
        diag("%s: %s", path, strerror(err));
        return EXIT_TROUBLE;
    }
    if (!S_ISREG(in.st.st_mode)) {
        diag("%s: explain --file reads the file twice, so it must be a regular file "
             "(save the input to a file first)", in.name);
        input_close(&in);
        return EXIT_TROUBLE;
    }
    memset(&f, 0, sizeof f);
    f.out = out;
    f.in = &in;
    f.from = at ? from : 0;
    f.max = at ? 1 : max;
    linepos_init(&f.lp);
    buf = malloc(bufsize);
    if (!buf) {
        diag("explain: %s", strerror(ENOMEM));
        goto done;
    }
    u8guard_stream_init(&s);
    while (!f.full && (n = input_read(&in, buf, bufsize)) > 0) {
        f.chunk = buf;
        u8guard_stream_feed(&s, buf, (size_t)n, false, on_file_error, &f, NULL, 0);
        linepos_scan(&f.lp, buf, f.base, f.base + (size_t)n);
        f.base += (size_t)n;
    }
    if (n < 0) {
        diag("%s: read error: %s", in.name, strerror(errno));
        goto done;
    }
    if (!f.full)
        u8guard_stream_feed(&s, NULL, 0, true, on_file_error, &f, NULL, 0);
    if (f.failed)
        goto done;
    name_human(out, in.name);
    if (at && f.shown == 0)
        writer_printf(out, ": no error at or after offset %" PRIu64 "\n", from);
    else if (at)
        writer_printf(out, ": the first error at or after offset %" PRIu64 "\n", from);
    else if (f.full)
        writer_printf(out, ": the first %" PRIu64 " error%s explained (--max-errors)\n",
                      f.shown, f.shown == 1 ? "" : "s");
    else if (f.shown == 0)
        writer_printf(out, ": valid UTF-8, %" PRIu64 " byte%s\n", f.base,
                      f.base == 1 ? "" : "s");
    else
        writer_printf(out, ": %" PRIu64 " error%s in %" PRIu64 " byte%s\n", f.shown,
                      f.shown == 1 ? "" : "s", f.base, f.base == 1 ? "" : "s");
    rc = f.shown ? EXIT_INVALID : EXIT_VALID;
done:
    free(buf);
    input_close(&in);
    return rc;
}

int cmd_explain(int argc, char **argv, struct writer *out)
{
    unsigned char *bytes;
    size_t total = 0, n = 0;
    struct args a;
    const char *v, *file = NULL;
    uint64_t offset = 0, max = 1000;
    bool at = false, limited = false;
    int i, c, rc;

    /* parse_hex writes at most strlen / 2 bytes an operand (two digits a
     * byte); the options are counted too, which only leaves room. */
    for (i = 1; i < argc; i++)
        total += strlen(argv[i]) / 2;
    /* calloc, not malloc: explain() reads only the n bytes parse_hex
     * wrote, but the static analyzers cannot see that the library's
     * valid prefix stays within them; zeroed memory makes every byte
     * obviously initialized. The + 1: never calloc(0), which may return
     * NULL. */
    bytes = calloc(total + 1, 1);
    if (!bytes) {
        diag("explain: %s", strerror(ENOMEM));
        return EXIT_TROUBLE;
    }
    args_init(&a, "explain", argc, argv, "h", explain_longs);
    while ((c = args_next(&a, &v)) != ARGS_END) {
        rc = EXIT_VALID;
        if (c == ARGS_FAIL || (c == ARGS_OPERAND && !parse_hex(v, bytes, &n)))
            rc = EXIT_TROUBLE;
        else if (c == 'h')
            writer_str(out, explain_help);
        else if (c == OPT_FILE && file)
            rc = diag_usage("explain", "more than one --file ('%s' and '%s')", file, v);
        else if (c == OPT_FILE)
            file = v;
        else if (c == OPT_OFFSET && parse_count(v, UINT64_MAX, &offset) != COUNT_OK)
            rc = diag_usage("explain", "bad --offset '%s': expected a byte offset", v);
        else if (c == OPT_MAX_ERRORS && parse_count(v, UINT64_MAX, &max) != COUNT_OK)
            rc = diag_usage("explain", "bad --max-errors '%s': expected a whole number "
                                       "(0: no limit)", v);
        at = at || c == OPT_OFFSET;
        limited = limited || c == OPT_MAX_ERRORS;
        if (rc != EXIT_VALID || c == 'h') {
            free(bytes);
            return rc;
        }
    }
    if (file && n) {
        free(bytes);
        return diag_usage("explain", "give either HEX or --file, not both");
    }
    if (!file && (at || limited)) {
        free(bytes);
        return diag_usage("explain", "--offset and --max-errors need --file");
    }
    if (file) {
        free(bytes);
        return explain_file(out, file, at, offset, max, CLI_DEFAULT_BUFFER);
    }
    if (n == 0) {
        free(bytes);
        return diag_usage("explain", "no bytes to explain");
    }
    rc = explain(out, bytes, n);
    free(bytes);
    return rc;
}
