/* SPDX-License-Identifier: MIT OR Apache-2.0 */
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
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "args.h"
#include "commands.h"
#include "describe.h"
#include "diag.h"
#include "input.h"
#include "linepos.h"
#include "names.h"
#include "policy.h"
#include "spool.h"
#include "u8guard.h"

const char check_help[] =
    "usage: u8guard check [--json | -q | -l | --count] [--max-errors N] [-r | -R]\n"
    "                     [--deny CLASS,...] [--buffer-size N]\n"
    "                     [FILE... | --files0-from FILE]\n"
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
    "  -q, --quiet       print nothing; stop at the first error (the exit status\n"
    "                    is the answer; files after it are not read)\n"
    "  -l, --files-with-errors\n"
    "                    print only the names of the files with errors, one\n"
    "                    per line; stop reading each at its first error\n"
    "  --max-errors N    list at most N errors per file (default 1000, 0: all;\n"
    "                    K, M and G suffixes are binary), then stop reading it:\n"
    "                    FILE: N errors in the first B bytes (stopped at\n"
    "                    --max-errors N)\n"
    "  --count           read on after --max-errors to count every error:\n"
    "                    FILE: 25 errors in 1234 bytes (first 2 shown)\n"
    "                    (--json always counts every error)\n"
    "  --files0-from F   check the files named in F, each name ended by a NUL\n"
    "                    byte (find -print0); F '-' is standard input\n"
    "  --deny CLASS[,CLASS...]\n"
    "                    also report the well-formed characters of these\n"
    "                    classes, as errors of kind disallowed: nul, c0, del,\n"
    "                    c1, bidi, noncharacter, private_use, bom, tag,\n"
    "                    separator, all (JSON adds \"class\" and \"code_point\")\n"
    "  -r, --recursive   check every file under each directory FILE (no FILE:\n"
    "                    '.'), in name order; symbolic links met in the walk,\n"
    "                    FIFOs, devices and sockets are skipped\n"
    "  -R, --dereference-recursive\n"
    "                    as -r, but follow every symbolic link (a loop is\n"
    "                    reported and skipped)\n"
    "  --buffer-size N   read N bytes at a time (default 256K; 1 to 64M; K, M\n"
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
    bool quiet;          /* -q: no output, stop at the first error */
    bool list;           /* -l: only the names of files with errors */
    bool count;          /* --count: read on after --max-errors for the total */
    int recurse;         /* 0, 'r' (symlinks in the walk skipped) or 'R' (followed) */
    const char *files0;  /* --files0-from FILE, or NULL */
    u8guard_policy policy; /* --deny */
    uint64_t max_errors; /* 0: no limit */
    size_t bufsize;
};

/* An error waiting for the bytes that follow it. */
struct waiting {
    uint64_t off, line, col;
    size_t length;
    u8guard_kind kind;
    u8guard_class cls;   /* DISALLOWED: the class and the character */
    uint32_t cp;
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
    /* The stream bytes just before base: as many as the stream keeps
     * pending, since an error starts at most that far before a chunk. */
    unsigned char tail[sizeof ((u8guard_stream *)NULL)->pending];
    size_t tail_len;
    struct linepos lp;
    /* Lines are counted only once an error needs them: while no error has
     * come, a regular file's chunks are not scanned, and the first error
     * reads the bytes before it again (pread) to count them. */
    bool lazy_lines;
    int fd;
    off_t start; /* where the stream starts in the file (lazy_lines only) */
    uint64_t listed; /* errors printed or spooled for this file */
    bool stop;       /* the answer for this file is known: read no further */
    uint64_t stop_at; /* then: the end of the last error listed */
    struct waiting q[QUEUE_MAX];
    size_t nq;
    struct describe_ctx dctx;
};

static void print_error(struct check_run *r, struct waiting *e)
{
    struct error_text t;
    char hex[3 * DESCRIBE_WINDOW]; /* the whole window: "ED A1 8C ED BE B4" */

    if (e->kind == U8GUARD_DISALLOWED) { /* well formed: its own bytes say it all */
        denied_text(e->cp, e->cls, t.text, sizeof t.text);
        t.shown = e->length < e->n ? e->length : e->n;
    } else {
        describe_error(e->w, e->n, e->kind, e->length, e->off, &r->dctx, &t);
    }
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
    memmove(r->q, r->q + i, (r->nq - i) * sizeof *r->q);
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

/* Counts the lines of the bytes [r->lp.scanned, r->base) that lazy
 * counting skipped, reading them again from the file, then counts every
 * chunk as it comes. A failing or short read leaves the count at what
 * could be read (the file changed while being checked). */
static void catch_up_lines(struct check_run *r)
{
    unsigned char b[16384];
    uint64_t at;
    ssize_t k;

    r->lazy_lines = false;
    while ((at = r->lp.scanned) < r->base) {
        k = input_pread(r->fd, b, r->base - at < sizeof b ? (size_t)(r->base - at) : sizeof b,
                        (uint64_t)r->start + at);
        if (k <= 0)
            break;
        linepos_scan(&r->lp, b, at, at + (uint64_t)k);
    }
    r->lp.scanned = r->base; /* on failure: the lines of what was read */
}

static void on_error(void *ctx, const u8guard_error *err)
{
    struct check_run *r = ctx;
    struct waiting e;
    uint64_t p, end = r->base + r->len;

    if (r->stop)
        return;
    e.off = input_full_offset(r->base, err->offset);
    if (r->o->quiet || r->o->list) { /* the first error answers the question */
        r->stop = true;
        r->stop_at = e.off + err->length;
        return;
    }
    if (r->o->max_errors != 0 && r->listed >= r->o->max_errors)
        return;
    /* Nothing needs the total: stop reading at the last error listed. */
    if (r->o->max_errors != 0 && r->listed + 1 == r->o->max_errors && !r->o->count &&
        !r->o->json) {
        r->stop = true;
        r->stop_at = e.off + err->length;
    }
    e.length = err->length;
    e.kind = err->kind;
    e.cls = err->cls;
    e.cp = err->code_point;
    if (r->lazy_lines)
        catch_up_lines(r);
    linepos_scan(&r->lp, r->chunk, r->base, e.off);
    linepos_at(&r->lp, e.off, &e.line, &e.col);
    r->listed++;
    if (r->o->json) {
        spool_printf(&r->spool,
                     "%s{\"offset\": %" PRIu64 ", \"length\": %zu, \"kind\": \"%s\", "
                     "\"line\": %" PRIu64 ", \"column\": %" PRIu64,
                     r->listed > 1 ? ", " : "", e.off, e.length,
                     u8guard_kind_name(e.kind), e.line, e.col);
        if (e.kind == U8GUARD_DISALLOWED)
            spool_printf(&r->spool, ", \"class\": \"%s\", \"code_point\": \"U+%04" PRIX32 "\"",
                         u8guard_class_name(e.cls), e.cp);
        spool_put(&r->spool, "}", 1);
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

/* on_error while it has something to do; NULL once --max-errors errors
 * are listed and only the count is left, which the stream then keeps by
 * itself, many errors at a time. */
static u8guard_error_fn error_fn(const struct check_run *r)
{
    return r->o->max_errors != 0 && r->listed >= r->o->max_errors ? NULL : on_error;
}

/* Keeps the last bytes of the stream so far in r->tail: the chunk's last
 * bytes, after as many of the old tail's last bytes as leave room. */
static void update_tail(struct check_run *r)
{
    size_t cap = sizeof r->tail;
    size_t fresh = r->len < cap ? r->len : cap;
    size_t kept = cap - fresh < r->tail_len ? cap - fresh : r->tail_len;

    memmove(r->tail, r->tail + r->tail_len - kept, kept);
    memcpy(r->tail + kept, r->chunk + r->len - fresh, fresh);
    r->tail_len = kept + fresh;
}

static void summary(struct check_run *r, uint64_t bytes, uint64_t count)
{
    if (r->o->quiet)
        return;
    if (r->o->list) {
        if (count) {
            name_human(r->out, r->name);
            writer_str(r->out, "\n");
        }
        return;
    }
    if (r->stop) {
        name_human(r->out, r->name);
        writer_printf(r->out, ": %" PRIu64 " error%s in the first %" PRIu64
                      " byte%s (stopped at --max-errors %" PRIu64 ")\n", r->listed,
                      r->listed == 1 ? "" : "s", r->stop_at, r->stop_at == 1 ? "" : "s",
                      r->o->max_errors);
        return;
    }
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
    else if (r->listed < count) /* 1 <= listed < count: 2 errors or more */
        writer_printf(r->out, ": %" PRIu64 " errors in %" PRIu64 " bytes (first %" PRIu64
                      " shown)\n", count, bytes, r->listed);
    else
        writer_printf(r->out, ": %" PRIu64 " error%s in %" PRIu64 " byte%s\n",
                      count, count == 1 ? "" : "s", bytes, bytes == 1 ? "" : "s");
}

/* Reads the next chunk of the file into buf and gives the waiting errors
 * the bytes they need from it. Returns input_read's result (0 at end of
 * file, -1 on a read error), and then changes nothing. */
static ssize_t next_chunk(struct check_run *r, struct input *in, unsigned char *buf)
{
    ssize_t n = input_read(in, buf, r->o->bufsize);

    if (n <= 0)
        return n;
    r->chunk = buf;
    r->len = (size_t)n;
    extend_queue(r);
    return n;
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
    r->fd = in.fd;
    /* -q and -l never need lines. Else they are counted lazily only where
     * the bytes can be read again: from a regular file (not a pipe, nor a
     * device that may give other bytes), from where the stream starts in
     * it (standard input may be a file already partly read). */
    r->start = S_ISREG(in.st.st_mode) ? lseek(in.fd, 0, SEEK_CUR) : -1;
    r->lazy_lines = r->o->quiet || r->o->list || r->start >= 0;
    u8guard_stream_init_with(&r->s, &r->o->policy, U8GUARD_FORM_UTF8);
    r->base = 0;
    r->tail_len = 0;
    r->listed = 0;
    r->stop = false; /* stop_at is set with it */
    r->nq = 0;
    memset(&r->dctx, 0, sizeof r->dctx);
    linepos_init(&r->lp);
    spool_clear(&r->spool);
    for (;;) {
        n = next_chunk(r, &in, buf);
        if (n <= 0)
            break;
        if (u8guard_stream_feed(&r->s, buf, r->len, false, error_fn(r), r, NULL, 0) == SIZE_MAX) {
            diag("%s: internal error: the decoder refused a chunk", in.name);
            input_close(&in);
            return EXIT_TROUBLE;
        }
        if (!r->lazy_lines)
            linepos_scan(&r->lp, buf, r->base, r->base + r->len);
        update_tail(r);
        r->base += r->len;
        if (r->out->err || r->stop)
            break;
    }
    /* Stopped early: the errors waiting for the bytes after them get
     * them (at most DESCRIBE_WINDOW bytes, from the next chunks). stop is
     * set only while a chunk is fed, so the loop above left with n > 0. */
    while (r->stop && r->nq && !r->out->err) {
        n = next_chunk(r, &in, buf);
        if (n <= 0)
            break;
        r->base += r->len;
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
    if (!r->stop)
        u8guard_stream_feed(&r->s, NULL, 0, true, error_fn(r), r, NULL, 0);
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
    return u8guard_stream_error_count(&r->s) || r->stop ? EXIT_INVALID : EXIT_VALID;
}

enum {
    OPT_JSON = ARGS_LONG_ONLY, OPT_MAX_ERRORS, OPT_BUFFER_SIZE, OPT_COUNT, OPT_FILES0, OPT_DENY
};

static const struct option check_longs[] = {
    {"help", no_argument, NULL, 'h'},
    {"json", no_argument, NULL, OPT_JSON},
    {"max-errors", required_argument, NULL, OPT_MAX_ERRORS},
    {"buffer-size", required_argument, NULL, OPT_BUFFER_SIZE},
    {"quiet", no_argument, NULL, 'q'},
    {"silent", no_argument, NULL, 'q'},
    {"files-with-errors", no_argument, NULL, 'l'},
    {"count", no_argument, NULL, OPT_COUNT},
    {"files0-from", required_argument, NULL, OPT_FILES0},
    {"recursive", no_argument, NULL, 'r'},
    {"dereference-recursive", no_argument, NULL, 'R'},
    {"deny", required_argument, NULL, OPT_DENY},
    {.name = NULL}, /* the end: getopt_long reads no further */
};

/* The options that choose what is printed exclude each other (--count
 * changes nothing with --json, which always counts every error). */
static int output_conflict(const struct check_opts *o)
{
    const char *const name[] = {"--quiet", "--files-with-errors", "--json", "--count"};
    const bool given[] = {o->quiet, o->list, o->json, o->count && !o->json};
    const char *first = NULL;
    size_t i;

    for (i = 0; i < sizeof given / sizeof *given; i++) {
        if (!given[i])
            continue;
        if (first)
            return diag_usage("check", "options '%s' and '%s' cannot be used together",
                              first, name[i]);
        first = name[i];
    }
    return EXIT_VALID;
}

static int parse_options(struct check_opts *o, int argc, char **argv,
                         const char ***files, size_t *n_files, struct writer *out,
                         bool *help)
{
    struct args a;
    const char *v;
    int c;

    memset(o, 0, sizeof *o);
    o->max_errors = 1000;
    o->bufsize = CLI_DEFAULT_BUFFER;
    *help = false;
    *n_files = 0;
    *files = malloc(sizeof **files * (size_t)argc); /* argc >= 1: argv[0] is "check" */
    if (!*files) {
        diag("check: %s", strerror(ENOMEM));
        return EXIT_TROUBLE;
    }
    args_init(&a, "check", argc, argv, "hqlrR", check_longs);
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
        case 'q':
            o->quiet = true;
            break;
        case 'l':
            o->list = true;
            break;
        case OPT_COUNT:
            o->count = true;
            break;
        case 'r':
        case 'R':
            o->recurse = c;
            break;
        case OPT_FILES0:
            o->files0 = v;
            break;
        case OPT_DENY:
            if (!parse_deny("check", v, &o->policy.deny))
                return EXIT_TROUBLE;
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
    if (o->files0 && *n_files)
        return diag_usage("check", "file operand '%s' cannot be combined with "
                          "--files0-from", (*files)[0]);
    return output_conflict(o);
}

/* The state of a whole run over every file. */
struct check_all {
    struct check_run r;
    unsigned char *buf;
    int worst;
    bool done; /* -q has its answer: open no more files */
    bool bare; /* walking the implicit ".": names without "./", as grep -r */
};

static void note(struct check_all *all, int rc)
{
    if (rc > all->worst)
        all->worst = rc;
    if (rc == EXIT_INVALID && all->r.o->quiet)
        all->done = true;
}

/* A directory on the walk's path, to find loops of symbolic links (-R). */
struct dir_seen {
    dev_t dev;
    ino_t ino;
    const struct dir_seen *up;
};

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void check_path(struct check_all *all, const char *path, bool top,
                       const struct dir_seen *up);

/* Checks every file under the directory path (st is its stat), in name
 * order. Entries are read and the directory closed before descending, so
 * the depth of the tree does not cost open descriptors. */
/* walk and check_path call each other once per directory level: the
 * recursion is as deep as the tree walked, and a loop back to a directory
 * being walked is caught above. */
static void walk(struct check_all *all, const char *path, const struct stat *st, // NOLINT(misc-no-recursion)
                 const struct dir_seen *up)
{
    struct dir_seen here = {st->st_dev, st->st_ino, up};
    const struct dir_seen *d;
    struct dirent *de;
    char **names = NULL, **grown, *child;
    size_t n = 0, cap = 0, i, plen = strlen(path), size;
    DIR *dir;

    for (d = up; d; d = d->up)
        if (d->dev == st->st_dev && d->ino == st->st_ino) {
            diag("warning: %s: recursive directory loop (skipped)", path);
            return;
        }
    dir = opendir(path);
    if (!dir) {
        diag("%s: %s", path, strerror(errno));
        note(all, EXIT_TROUBLE);
        return;
    }
    while ((errno = 0, de = readdir(dir)) != NULL) {
        if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 32;
            grown = realloc(names, cap * sizeof *names);
            if (!grown)
                break;
            names = grown;
        }
        size = plen + strlen(de->d_name) + 2;
        child = malloc(size);
        if (!child)
            break;
        /* "dir/" stays "dir/name", not "dir//name" */
        if (all->bare && !up)
            (void)snprintf(child, size, "%s", de->d_name);
        else
            (void)snprintf(child, size, "%s%s%s", path,
                           plen && path[plen - 1] == '/' ? "" : "/", de->d_name);
        names[n++] = child;
    }
    if (errno) {
        diag("%s: %s", path, strerror(errno));
        note(all, EXIT_TROUBLE);
    }
    closedir(dir);
    if (n)
        qsort(names, n, sizeof *names, by_name);
    for (i = 0; i < n; i++) {
        if (!all->done && !all->r.out->err)
            check_path(all, names[i], false, &here);
        free(names[i]);
    }
    free(names);
}

/* Checks path: a file, or with -r/-R a directory to walk. A symbolic link
 * is followed when it was named (top) or with -R; met in a -r walk, it is
 * skipped, as are FIFOs, devices and sockets found in a walk (reading
 * them could block or never end). */
static void check_path(struct check_all *all, const char *path, bool top, // NOLINT(misc-no-recursion)
                       const struct dir_seen *up)
{
    const struct check_opts *o = all->r.o;
    struct stat st;
    int rc;

    if (o->recurse && strcmp(path, "-") != 0) {
        rc = top || o->recurse == 'R' ? stat(path, &st) : lstat(path, &st);
        if (rc != 0) {
            diag("%s: %s", path, strerror(errno));
            note(all, EXIT_TROUBLE);
            return;
        }
        if (S_ISDIR(st.st_mode)) {
            walk(all, path, &st, up);
            return;
        }
        if (!top && !S_ISREG(st.st_mode))
            return;
    }
    note(all, check_file(&all->r, path, all->buf));
}

/* Reads the NUL-separated names of --files0-from and checks each. */
static void check_files0(struct check_all *all, const char *from)
{
    struct input in;
    char *names = NULL, *grown, *p, *end;
    size_t len = 0, cap = 0;
    uint64_t index = 0;
    ssize_t n;
    int err;

    err = input_open(&in, from);
    if (err) {
        diag("--files0-from %s: %s", from, strerror(err));
        note(all, EXIT_TROUBLE);
        return;
    }
    for (;;) {
        if (cap - len < 4096) {
            cap = cap ? 2 * cap : 65536;
            grown = realloc(names, cap + 1);
            if (!grown) {
                diag("--files0-from %s: %s", in.name, strerror(ENOMEM));
                goto trouble;
            }
            names = grown;
        }
        n = input_read(&in, names + len, cap - len);
        if (n < 0) {
            diag("--files0-from %s: read error: %s", in.name, strerror(errno));
            goto trouble;
        }
        if (n == 0)
            break;
        len += (size_t)n;
    }
    input_close(&in);
    if (!names)
        return;
    names[len] = '\0'; /* a last name without its NUL ends here */
    for (p = names, end = names + len; p < end && !all->done && !all->r.out->err;
         p += strlen(p) + 1) {
        index++;
        if (*p == '\0') {
            diag("--files0-from %s: name %" PRIu64 " is empty", in.name, index);
            note(all, EXIT_TROUBLE);
        } else if (in.is_stdin && strcmp(p, "-") == 0) {
            diag("--files0-from %s: name %" PRIu64 " is '-', but standard input holds "
                 "the names", in.name, index);
            note(all, EXIT_TROUBLE);
        } else {
            check_path(all, p, true, NULL);
        }
    }
    free(names);
    return;
trouble:
    input_close(&in);
    free(names);
    note(all, EXIT_TROUBLE);
}

int cmd_check(int argc, char **argv, struct writer *out)
{
    struct check_opts o;
    struct check_all all;
    const char **files = NULL;
    size_t n_files, i;
    bool help;
    int rc;

    rc = parse_options(&o, argc, argv, &files, &n_files, out, &help);
    if (rc != EXIT_VALID || help) {
        free(files);
        return rc;
    }
    memset(&all, 0, sizeof all);
    all.buf = malloc(o.bufsize);
    if (!all.buf) {
        free(files);
        diag("check: cannot allocate a %zu-byte buffer: %s", o.bufsize, strerror(ENOMEM));
        return EXIT_TROUBLE;
    }
    all.r.o = &o;
    all.r.out = out;
    all.worst = EXIT_VALID;
    spool_init(&all.r.spool);
    if (o.files0)
        check_files0(&all, o.files0);
    else if (!n_files && o.recurse) { /* like grep -r, a walk with no FILE is of "." */
        all.bare = true;
        check_path(&all, ".", true, NULL);
    } else if (!n_files)
        check_path(&all, "-", true, NULL);
    for (i = 0; i < n_files && !all.done && !out->err; i++)
        check_path(&all, files[i], true, NULL);
    spool_free(&all.r.spool);
    free(all.buf);
    free(files);
    return out->err ? EXIT_TROUBLE : all.worst;
}
