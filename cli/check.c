/* check.c -- `u8guard check`: the errors of each file, like a compiler's
 * diagnostics (FILE:LINE:COLUMN: ...) or as one JSON object per file.
 *
 * Each file is read in chunks of --buffer-size bytes and fed to the
 * library's streaming decoder, so memory does not grow with the input.
 * Two things need bytes from outside the chunk an error is reported in:
 * its line and column (kept as counts, see linepos.h) and, for the human
 * explanation, the few bytes around it. An error's own bytes may start up
 * to 3 bytes before the chunk (the decoder's pending bytes), so the last
 * bytes of the previous chunks are kept in `tail`; and the explanation
 * looks up to DESCRIBE_WINDOW bytes ahead, so an error near the end of a
 * chunk waits in a small queue until the next chunks (or the end of the
 * input) supply them. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "commands.h"
#include "describe.h"
#include "diag.h"
#include "input.h"
#include "linepos.h"
#include "names.h"
#include "spool.h"
#include "u8guard.h"

const char check_help[] =
    "usage: u8guard check [--json] [--max-errors N] [--buffer-size N] [FILE...]\n"
    "\n"
    "Report every UTF-8 error of each FILE (no FILE, or '-': standard input).\n"
    "\n"
    "Human output, one line per error, then one summary line per file, all on\n"
    "standard output:\n"
    "  FILE:LINE:COLUMN: offset N: KIND (HEX BYTES): explanation\n"
    "  FILE: 2 errors in 1234 bytes      (or: FILE: valid UTF-8, 1234 bytes)\n"
    "LINE is 1 + the number of LF bytes before the error; COLUMN is 1 + the\n"
    "number of bytes between the last LF and the error (byte columns, not\n"
    "characters). OFFSET counts bytes from 0. HEX BYTES are the error's bytes\n"
    "followed, where it helps, by the bytes that explain it (the byte that\n"
    "broke a sequence, or the rest of an overlong or surrogate encoding).\n"
    "\n"
    "options:\n"
    "  --json            one JSON object per file, one per line:\n"
    "                    {\"file\": ..., \"valid\": BOOL, \"bytes\": N, \"error_count\": N,\n"
    "                     \"errors\": [{\"offset\": N, \"length\": N, \"kind\": ...,\n"
    "                                 \"line\": N, \"column\": N}, ...]}\n"
    "                    A file name that is not UTF-8 has each bad sequence\n"
    "                    replaced by U+FFFD in \"file\", and all its bytes in hex\n"
    "                    in an extra member \"file_hex\".\n"
    "  --max-errors N    list at most N errors per file (default 1000, 0: all;\n"
    "                    K, M and G suffixes are binary); the counts always\n"
    "                    include every error\n"
    "  --buffer-size N   read N bytes at a time (default 64K; 1 to 64M; K, M\n"
    "                    and G suffixes are binary); results are the same for\n"
    "                    every N\n"
    "  -h, --help        this help\n"
    "\n"
    "exit status: 0 every file is valid UTF-8, 1 some file is not, 2 usage or\n"
    "I/O error (a file that cannot be read is reported on stderr and the other\n"
    "files are still checked; 2 wins over 1).\n";

#define QUEUE_MAX 8

struct check_opts {
    bool json;
    uint64_t max_errors; /* 0: no limit */
    size_t bufsize;
};

/* An error waiting for the bytes that follow it. */
struct waiting {
    uint64_t off, line, col;
    size_t length;
    u8guard_kind kind;
    unsigned char w[DESCRIBE_WINDOW];
    size_t n;
};

struct check_run {
    const struct check_opts *o;
    struct writer *out;
    struct spool spool;
    const char *name;
    u8guard_stream s;
    const unsigned char *chunk; /* the chunk being fed, from stream offset base */
    size_t len;
    uint64_t base;
    unsigned char tail[4]; /* the stream bytes just before base */
    size_t tail_len;
    struct linepos lp;
    uint64_t listed; /* errors printed or spooled for this file */
    struct waiting q[QUEUE_MAX];
    size_t nq;
    struct describe_ctx dctx;
};

/* The library reports offsets as size_t: with a 64-bit size_t that is the
 * stream offset itself; with a 32-bit size_t it is that offset modulo
 * 2^32. An error reported while the chunk at base is fed lies in
 * [base - 3, base + len) (at most 3 bytes wait between chunks, and len is
 * at most 64 MiB), so the full 64-bit offset is the one value in that
 * window with the same low bits. */
static uint64_t full_offset(uint64_t base, size_t reported)
{
    uint64_t lo = base >= 3 ? base - 3 : 0;

    return lo + (uint64_t)(size_t)(reported - (size_t)lo);
}

static void print_error(struct check_run *r, struct waiting *e)
{
    struct error_text t;
    char hex[3 * DESCRIBE_WINDOW + 1];

    describe_error(e->w, e->n, e->kind, e->length, e->off, &r->dctx, &t);
    hex_bytes(e->w, t.shown, hex, sizeof hex);
    name_human(r->out, r->name);
    writer_printf(r->out, ":%" PRIu64 ":%" PRIu64 ": offset %" PRIu64 ": %s (%s): %s\n",
                  e->line, e->col, e->off, u8guard_kind_name(e->kind), hex, t.text);
}

/* Prints the waiting errors whose window is full, or all of them. */
static void flush_queue(struct check_run *r, bool all)
{
    size_t i = 0;

    while (i < r->nq && (all || r->q[i].n == DESCRIBE_WINDOW))
        print_error(r, &r->q[i++]);
    memmove(r->q, r->q + i, (r->nq - i) * sizeof r->q[0]);
    r->nq -= i;
}

/* Gives the waiting errors the bytes of the new chunk they still need. */
static void extend_queue(struct check_run *r)
{
    struct waiting *e;
    uint64_t next;
    size_t i;

    for (i = 0; i < r->nq; i++) {
        e = &r->q[i];
        next = e->off + e->n; /* always r->base: filled up to there */
        while (e->n < DESCRIBE_WINDOW && next >= r->base && next < r->base + r->len)
            e->w[e->n++] = r->chunk[(size_t)(next++ - r->base)];
    }
    flush_queue(r, false);
}

static void on_error(void *ctx, const u8guard_error *err)
{
    struct check_run *r = ctx;
    struct waiting e;
    uint64_t p, end = r->base + r->len;

    if (r->o->max_errors != 0 && r->listed >= r->o->max_errors)
        return;
    e.off = full_offset(r->base, err->offset);
    e.length = err->length;
    e.kind = err->kind;
    linepos_scan(&r->lp, r->chunk, r->base, e.off);
    linepos_at(&r->lp, e.off, &e.line, &e.col);
    r->listed++;
    if (r->o->json) {
        spool_printf(&r->spool,
                     "%s{\"offset\": %" PRIu64 ", \"length\": %zu, \"kind\": \"%s\", "
                     "\"line\": %" PRIu64 ", \"column\": %" PRIu64 "}",
                     r->listed > 1 ? ", " : "", e.off, e.length,
                     u8guard_kind_name(e.kind), e.line, e.col);
        return;
    }
    e.n = 0;
    for (p = e.off; p < end && e.n < DESCRIBE_WINDOW; p++) {
        if (p >= r->base)
            e.w[e.n++] = r->chunk[(size_t)(p - r->base)];
        else if (r->base - p <= r->tail_len)
            e.w[e.n++] = r->tail[r->tail_len - (size_t)(r->base - p)];
    }
    if (r->nq == 0 && e.n == DESCRIBE_WINDOW) {
        print_error(r, &e);
        return;
    }
    if (r->nq == QUEUE_MAX) /* cannot happen (see check.c's header) */
        flush_queue(r, true);
    r->q[r->nq++] = e;
}

/* Keeps the last bytes of the stream so far in r->tail. */
static void update_tail(struct check_run *r)
{
    unsigned char t[sizeof r->tail * 2];
    size_t n = 0, keep;

    memcpy(t, r->tail, r->tail_len);
    n = r->tail_len;
    keep = r->len < sizeof r->tail ? r->len : sizeof r->tail;
    memcpy(t + n, r->chunk + r->len - keep, keep);
    n += keep;
    keep = n < sizeof r->tail ? n : sizeof r->tail;
    memcpy(r->tail, t + n - keep, keep);
    r->tail_len = keep;
}

static void summary(struct check_run *r, uint64_t bytes, uint64_t count)
{
    if (r->o->json) {
        writer_str(r->out, "{");
        name_json(r->out, r->name);
        writer_printf(r->out, ", \"valid\": %s, \"bytes\": %" PRIu64
                      ", \"error_count\": %" PRIu64 ", \"errors\": [",
                      count ? "false" : "true", bytes, count);
        spool_replay(&r->spool, r->out);
        writer_str(r->out, "]}\n");
        return;
    }
    name_human(r->out, r->name);
    if (count == 0)
        writer_printf(r->out, ": valid UTF-8, %" PRIu64 " byte%s\n", bytes,
                      bytes == 1 ? "" : "s");
    else if (r->listed < count)
        writer_printf(r->out, ": %" PRIu64 " error%s in %" PRIu64
                      " byte%s (first %" PRIu64 " shown)\n",
                      count, count == 1 ? "" : "s", bytes, bytes == 1 ? "" : "s",
                      r->listed);
    else
        writer_printf(r->out, ": %" PRIu64 " error%s in %" PRIu64 " byte%s\n",
                      count, count == 1 ? "" : "s", bytes, bytes == 1 ? "" : "s");
}

/* Checks one file. Returns 0 valid, 1 invalid, 2 trouble with this file;
 * output failures show in r->out->err. */
static int check_file(struct check_run *r, const char *path, unsigned char *buf)
{
    struct input in;
    ssize_t n;
    int err;

    err = input_open(&in, path);
    if (err) {
        diag("%s: %s", path, strerror(err));
        return EXIT_TROUBLE;
    }
    r->name = in.name;
    u8guard_stream_init(&r->s);
    r->base = 0;
    r->tail_len = 0;
    r->listed = 0;
    r->nq = 0;
    memset(&r->dctx, 0, sizeof r->dctx);
    linepos_init(&r->lp);
    spool_clear(&r->spool);
    for (;;) {
        n = input_read(&in, buf, r->o->bufsize);
        if (n <= 0)
            break;
        r->chunk = buf;
        r->len = (size_t)n;
        extend_queue(r);
        if (u8guard_stream_feed(&r->s, buf, r->len, false, on_error, r, NULL, 0) == SIZE_MAX) {
            diag("%s: internal error: the decoder refused a chunk", in.name);
            input_close(&in);
            return EXIT_TROUBLE;
        }
        linepos_scan(&r->lp, buf, r->base, r->base + r->len);
        update_tail(r);
        r->base += r->len;
        if (r->out->err)
            break;
    }
    if (n < 0 || r->out->err) {
        err = errno;
        flush_queue(r, true);
        input_close(&in);
        if (n < 0)
            diag("%s: read error: %s", in.name, strerror(err));
        return EXIT_TROUBLE;
    }
    r->chunk = NULL;
    r->len = 0;
    u8guard_stream_feed(&r->s, NULL, 0, true, on_error, r, NULL, 0);
    flush_queue(r, true);
    err = input_close(&in);
    if (err) {
        diag("%s: %s", in.name, strerror(err));
        return EXIT_TROUBLE;
    }
    if (r->spool.err) {
        diag("%s: cannot keep the list of errors: %s", in.name, strerror(r->spool.err));
        return EXIT_TROUBLE;
    }
    summary(r, u8guard_stream_position(&r->s), u8guard_stream_error_count(&r->s));
    if (r->spool.err) {
        diag("%s: cannot read back the list of errors: %s", in.name,
             strerror(r->spool.err));
        return EXIT_TROUBLE;
    }
    return u8guard_stream_error_count(&r->s) ? EXIT_INVALID : EXIT_VALID;
}

enum { OPT_JSON = 256, OPT_MAX_ERRORS, OPT_BUFFER_SIZE };

static const struct option check_longs[] = {
    {"help", no_argument, NULL, 'h'},
    {"json", no_argument, NULL, OPT_JSON},
    {"max-errors", required_argument, NULL, OPT_MAX_ERRORS},
    {"buffer-size", required_argument, NULL, OPT_BUFFER_SIZE},
    {NULL, 0, NULL, 0},
};

static int parse_options(struct check_opts *o, int argc, char **argv,
                         const char ***files, size_t *n_files, struct writer *out,
                         bool *help)
{
    struct args a;
    const char *v;
    int c;

    o->json = false;
    o->max_errors = 1000;
    o->bufsize = CLI_DEFAULT_BUFFER;
    *help = false;
    *n_files = 0;
    *files = malloc(sizeof **files * (size_t)(argc > 0 ? argc : 1));
    if (!*files) {
        diag("check: %s", strerror(ENOMEM));
        return EXIT_TROUBLE;
    }
    args_init(&a, "check", argc, argv, "h", check_longs);
    while ((c = args_next(&a, &v)) != ARGS_END) {
        switch (c) {
        case ARGS_FAIL:
            return EXIT_TROUBLE;
        case ARGS_OPERAND:
            (*files)[(*n_files)++] = v;
            break;
        case 'h':
            writer_str(out, check_help);
            *help = true;
            return EXIT_VALID;
        case OPT_JSON:
            o->json = true;
            break;
        case OPT_MAX_ERRORS:
            switch (parse_count(v, UINT64_MAX, &o->max_errors)) {
            case COUNT_OK:
                break;
            case COUNT_TOO_LARGE:
                return diag_usage("check", "bad --max-errors '%s': too large (the "
                                  "limit is 18446744073709551615; 0: no limit)", v);
            default:
                return diag_usage("check", "bad --max-errors '%s': expected a "
                                  "whole number (0: no limit; K, M, G suffixes)", v);
            }
            break;
        case OPT_BUFFER_SIZE:
            if (!parse_buffer_size("check", v, &o->bufsize))
                return EXIT_TROUBLE;
            break;
        default: /* cannot happen: every val above is handled */
            return diag_usage("check", "unhandled option");
        }
    }
    return EXIT_VALID;
}

int cmd_check(int argc, char **argv, struct writer *out)
{
    static const char *const stdin_only[] = {"-"};
    struct check_opts o;
    struct check_run r;
    const char **files = NULL;
    const char *const *list;
    unsigned char *buf = NULL;
    size_t n_files, i;
    bool help;
    int rc, worst = EXIT_VALID;

    rc = parse_options(&o, argc, argv, &files, &n_files, out, &help);
    if (rc != EXIT_VALID || help) {
        free(files);
        return rc;
    }
    list = n_files ? files : stdin_only;
    if (!n_files)
        n_files = 1;
    buf = malloc(o.bufsize);
    if (!buf) {
        free(files);
        diag("check: cannot allocate a %zu-byte buffer: %s", o.bufsize, strerror(ENOMEM));
        return EXIT_TROUBLE;
    }
    memset(&r, 0, sizeof r);
    r.o = &o;
    r.out = out;
    spool_init(&r.spool);
    for (i = 0; i < n_files && !out->err; i++) {
        rc = check_file(&r, list[i], buf);
        if (rc > worst)
            worst = rc;
    }
    spool_free(&r.spool);
    free(buf);
    free(files);
    return out->err ? EXIT_TROUBLE : worst;
}
