/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* sanitize.c -- `u8guard sanitize`: the input with each error replaced by
 * U+FFFD (EF BF BD), byte for byte as doc/contract.md section 2 says, streamed
 * through the library's decoder in chunks of --buffer-size bytes. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "args.h"
#include "atomic_out.h"
#include "commands.h"
#include "diag.h"
#include "input.h"
#include "policy.h"
#include "support/write_all.h"
#include "u8guard.h"

const char sanitize_help[] =
    "usage: u8guard sanitize [--deny CLASS,...] [--on-error replace|drop|escape]\n"
    "                        [--to utf-8|utf-16le|utf-32le] [--buffer-size N]\n"
    "                        [-o OUT] [FILE]\n"
    "\n"
    "Copy FILE (no FILE, or '-': standard input) to standard output, or to OUT,\n"
    "with each UTF-8 error replaced by U+FFFD (EF BF BD): one replacement per\n"
    "maximal subpart, as the Unicode Standard, WHATWG and CPython do. The\n"
    "output is always valid UTF-8 (or UTF-16LE, UTF-32LE: --to).\n"
    "\n"
    "options:\n"
    "  -o OUT, --output OUT\n"
    "                    write to OUT: the output goes to a temporary file in\n"
    "                    OUT's directory that replaces OUT only once it is\n"
    "                    complete and synced, so OUT is never left half written.\n"
    "                    OUT may not be the input file. An existing OUT that is\n"
    "                    not a regular file (/dev/null, a FIFO) is written directly.\n"
    "  --deny CLASS[,CLASS...]\n"
    "                    also treat the well-formed characters of these classes\n"
    "                    as errors: nul, c0, del, c1, bidi, noncharacter,\n"
    "                    private_use, bom, tag, separator, all\n"
    "  --on-error H      what each error becomes: replace (U+FFFD, the\n"
    "                    default), drop (nothing), escape (each ill-formed byte\n"
    "                    as \\xhh, a denied character as \\uhhhh or \\Uhhhhhhhh)\n"
    "  --to ENC          the output encoding: utf-8 (the default), utf-16le or\n"
    "                    utf-32le (no byte order mark)\n"
    "  --buffer-size N   read N bytes at a time (default 256K; 1 to 64M; K, M\n"
    "                    and G suffixes are binary); the output is the same for\n"
    "                    every N\n"
    "  -h, --help        this help\n"
    "\n"
    "exit status: 0 the input was valid (output = input), 1 something was\n"
    "replaced, 2 usage or I/O error.\n";

struct sanitize_opts {
    size_t bufsize;
    u8guard_policy policy; /* --deny, --on-error */
    u8guard_form form;     /* --to */
    const char *input;  /* NULL: standard input */
    const char *output; /* NULL: standard output */
};

enum { OPT_BUFFER_SIZE = ARGS_LONG_ONLY, OPT_DENY, OPT_ON_ERROR, OPT_TO };

static const struct option sanitize_longs[] = {
    {"help", no_argument, NULL, 'h'},
    {"output", required_argument, NULL, 'o'},
    {"buffer-size", required_argument, NULL, OPT_BUFFER_SIZE},
    {"deny", required_argument, NULL, OPT_DENY},
    {"on-error", required_argument, NULL, OPT_ON_ERROR},
    {"to", required_argument, NULL, OPT_TO},
    {.name = NULL}, /* the end: getopt_long reads no further */
};

static int parse_options(struct sanitize_opts *o, int argc, char **argv,
                         struct writer *out, bool *help)
{
    struct args a;
    const char *v;
    int c;

    o->bufsize = CLI_DEFAULT_BUFFER;
    o->policy.deny = 0;
    o->policy.handler = U8GUARD_REPLACE;
    o->form = U8GUARD_FORM_UTF8;
    o->input = NULL;
    o->output = NULL;
    *help = false;
    args_init(&a, "sanitize", argc, argv, "ho:", sanitize_longs);
    while ((c = args_next(&a, &v)) != ARGS_END) {
        switch (c) {
        case ARGS_FAIL:
            return EXIT_TROUBLE;
        case ARGS_OPERAND:
            if (o->input)
                return diag_usage("sanitize", "more than one input file ('%s' and '%s')",
                                  o->input, v);
            o->input = v;
            break;
        case 'h':
            writer_str(out, sanitize_help);
            *help = true;
            return EXIT_VALID;
        case 'o':
            if (o->output)
                return diag_usage("sanitize", "more than one output file ('%s' and '%s')",
                                  o->output, v);
            o->output = v;
            break;
        case OPT_BUFFER_SIZE:
            if (!parse_buffer_size("sanitize", v, &o->bufsize))
                return EXIT_TROUBLE;
            break;
        case OPT_DENY:
            if (!parse_deny("sanitize", v, &o->policy.deny))
                return EXIT_TROUBLE;
            break;
        case OPT_ON_ERROR:
            if (!parse_handler("sanitize", v, &o->policy.handler))
                return EXIT_TROUBLE;
            break;
        case OPT_TO:
            if (strcmp(v, "utf-8") == 0)
                o->form = U8GUARD_FORM_UTF8;
            else if (strcmp(v, "utf-16le") == 0)
                o->form = U8GUARD_FORM_UTF16;
            else if (strcmp(v, "utf-32le") == 0)
                o->form = U8GUARD_FORM_UTF32;
            else
                return diag_usage("sanitize", "bad --to '%s': expected utf-8, utf-16le or "
                                  "utf-32le", v);
            break;
        default: /* cannot happen: every val above is handled */
            return diag_usage("sanitize", "unhandled option");
        }
    }
    return EXIT_VALID;
}

/* Writes the n units held in units (uint32_t when unit is 4, uint16_t
 * when it is 2, in the machine's byte order) to le, each unit's low byte
 * first, whatever the machine. A copy rather than a swap in place, so
 * that this one loop runs, and the tests check it, on little-endian
 * machines too, where it copies. The top byte of a UTF-32 unit is not
 * written: le comes from calloc, and code points take 21 bits. Returns
 * the number of bytes. */
static size_t to_le(unsigned char *le, const void *units, size_t n, size_t unit)
{
    const uint32_t *u32 = units;
    const uint16_t *u16 = units;
    size_t bytes = n * unit;

    if (unit == sizeof *u32)
        for (; n > 0; n--, u32++, le += 4) {
            le[0] = (unsigned char)*u32;
            le[1] = (unsigned char)(*u32 >> 8);
            le[2] = (unsigned char)(*u32 >> 16);
        }
    else /* UTF-16 */
        for (; n > 0; n--, u16++, le += 2) {
            le[0] = (unsigned char)*u16;
            le[1] = (unsigned char)(*u16 >> 8);
        }
    return bytes;
}

/* Where the output goes: fd, or w when fd < 0. */
struct sink {
    struct writer *w;
    int fd;
    bool nosock; /* fd is not a socket: write(2) without the send(2) probe */
    const char *name;
};

/* Writes p[0..n) to the sink. Returns false after a failure (reported for
 * fd; main reports standard output's). */
static bool put(const struct sink *k, const void *p, size_t n)
{
    int err;

    if (k->fd < 0)
        return writer_put(k->w, p, n);
    err = k->nosock ? write_all_nosock(k->fd, p, n) : write_all(k->fd, p, n);
    if (err)
        diag("%s: write error: %s", k->name, strerror(err));
    return err == 0;
}

/* Streams in through the decoder to the sink. Returns 0 valid, 1
 * replaced, 2 after printing what failed. */
static int pump(struct input *in, const struct sanitize_opts *o, const struct sink *k)
{
    u8guard_stream s, saved;
    /* Room before each chunk in the read buffer for the bytes that waited
     * from the chunk before (the stream's pending bytes), so a clean chunk
     * is written in one call. */
    const size_t pre = sizeof s.pending;
    unsigned char *mem = malloc(o->bufsize + pre), *buf, *obuf = NULL, *le = NULL;
    size_t cap, n_out, total;
    size_t unit = o->form == U8GUARD_FORM_UTF32   ? sizeof(uint32_t)
                  : o->form == U8GUARD_FORM_UTF16 ? sizeof(uint16_t)
                                                  : sizeof(unsigned char);
    ssize_t n;
    int rc = EXIT_TROUBLE;
    bool final = false;

    u8guard_stream_init_with(&s, &o->policy, o->form);
    cap = u8guard_stream_out_max(&s, o->bufsize);
    /* calloc returns NULL where cap * unit overflows, cap == SIZE_MAX (no
     * bound) included */
    obuf = calloc(cap, unit);
    le = o->form != U8GUARD_FORM_UTF8 ? calloc(cap, unit) : obuf; /* UTF-8: from obuf */
    if (!mem || !obuf || !le) {
        diag("sanitize: cannot allocate buffers for --buffer-size %zu: %s", o->bufsize,
             strerror(ENOMEM));
        goto out;
    }
    buf = mem + pre;
    while (!final) {
        n = input_read(in, buf, o->bufsize);
        if (n < 0) {
            diag("%s: read error: %s", in->name, strerror(errno));
            goto out;
        }
        final = n == 0;
        if (o->form == U8GUARD_FORM_UTF8) {
            /* Clean text needs no output buffer: validate the chunk, and
             * when it completed no error, write the input itself: the
             * bytes that waited before it and the chunk, minus the bytes
             * that wait now (the end of that same sequence). */
            saved = s;
            if (u8guard_stream_feed(&s, buf, (size_t)n, final, NULL, NULL, NULL, 0) == 0 &&
                u8guard_stream_error_count(&s) == u8guard_stream_error_count(&saved)) {
                total = saved.n_pending + (size_t)n - s.n_pending;
                memcpy(buf - saved.n_pending, saved.pending, saved.n_pending);
                if (!put(k, buf - saved.n_pending, total))
                    goto out;
                continue;
            }
            s = saved; /* an error: feed the chunk again, with output */
        }
        n_out = u8guard_stream_feed(&s, buf, (size_t)n, final, NULL, NULL, obuf, cap);
        if (n_out == SIZE_MAX) {
            diag("%s: internal error: the decoder refused a chunk", in->name);
            goto out;
        }
        if (le != obuf) /* UTF-16 or UTF-32 */
            n_out = to_le(le, obuf, n_out, unit);
        if (!put(k, le, n_out))
            goto out;
    }
    rc = u8guard_stream_error_count(&s) ? EXIT_INVALID : EXIT_VALID;
out:
    if (le != obuf)
        free(le);
    free(mem);
    free(obuf);
    return rc;
}

int cmd_sanitize(int argc, char **argv, struct writer *out)
{
    struct sanitize_opts o;
    struct atomic_out ao;
    struct input in;
    struct stat st;
    bool help;
    int rc, err;

    rc = parse_options(&o, argc, argv, out, &help);
    if (rc != EXIT_VALID || help)
        return rc;
    err = input_open(&in, o.input);
    if (err) {
        diag("%s: %s", o.input ? o.input : "-", strerror(err));
        return EXIT_TROUBLE;
    }
    if (o.output && strcmp(o.output, "-") != 0) {
        if (atomic_out_open(&ao, o.output, &in.st) != 0) {
            input_close(&in);
            return EXIT_TROUBLE;
        }
        struct sink k = {NULL, ao.fd, fstat(ao.fd, &st) == 0 && !S_ISSOCK(st.st_mode),
                         o.output};
        rc = pump(&in, &o, &k);
        if (rc == EXIT_TROUBLE)
            atomic_out_abort(&ao);
        else if (atomic_out_commit(&ao) != 0)
            rc = EXIT_TROUBLE;
    } else {
        /* `u8guard sanitize f >> f` would never end: refuse, as cat does. */
        if (fstat(out->fd, &st) == 0 && S_ISREG(st.st_mode) && S_ISREG(in.st.st_mode) &&
            st.st_dev == in.st.st_dev && st.st_ino == in.st.st_ino) {
            diag("%s: the input file is also standard output", in.name);
            input_close(&in);
            return EXIT_TROUBLE;
        }
        struct sink k = {out, -1, false, NULL};
        rc = pump(&in, &o, &k);
    }
    err = input_close(&in);
    if (err && rc != EXIT_TROUBLE) {
        diag("%s: %s", in.name, strerror(err));
        rc = EXIT_TROUBLE;
    }
    return rc;
}
