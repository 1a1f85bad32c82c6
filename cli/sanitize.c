/* sanitize.c -- `u8guard sanitize`: the input with each error replaced by
 * U+FFFD (EF BF BD), byte for byte as doc/contract.md section 2 says, streamed
 * through the library's decoder in chunks of --buffer-size bytes. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "args.h"
#include "atomic_out.h"
#include "commands.h"
#include "diag.h"
#include "input.h"
#include "support/write_all.h"
#include "u8guard.h"

const char sanitize_help[] =
    "usage: u8guard sanitize [--buffer-size N] [-o OUT] [FILE]\n"
    "\n"
    "Copy FILE (no FILE, or '-': standard input) to standard output, or to OUT,\n"
    "with each UTF-8 error replaced by U+FFFD (EF BF BD): one replacement per\n"
    "maximal subpart, as the Unicode Standard, WHATWG and CPython do. The\n"
    "output is always valid UTF-8.\n"
    "\n"
    "options:\n"
    "  -o OUT, --output OUT\n"
    "                    write to OUT: the output goes to a temporary file in\n"
    "                    OUT's directory that replaces OUT only once it is\n"
    "                    complete and synced, so OUT is never left half written.\n"
    "                    OUT may not be the input file. An existing OUT that is\n"
    "                    not a regular file (/dev/null, a FIFO) is written directly.\n"
    "  --buffer-size N   read N bytes at a time (default 64K; 1 to 64M; K, M\n"
    "                    and G suffixes are binary); the output is the same for\n"
    "                    every N\n"
    "  -h, --help        this help\n"
    "\n"
    "exit status: 0 the input was valid (output = input), 1 something was\n"
    "replaced, 2 usage or I/O error.\n";

struct sanitize_opts {
    size_t bufsize;
    const char *input;  /* NULL: standard input */
    const char *output; /* NULL: standard output */
};

enum { OPT_BUFFER_SIZE = 256 };

static const struct option sanitize_longs[] = {
    {"help", no_argument, NULL, 'h'},
    {"output", required_argument, NULL, 'o'},
    {"buffer-size", required_argument, NULL, OPT_BUFFER_SIZE},
    {NULL, 0, NULL, 0},
};

static int parse_options(struct sanitize_opts *o, int argc, char **argv,
                         struct writer *out, bool *help)
{
    struct args a;
    const char *v;
    int c;

    o->bufsize = CLI_DEFAULT_BUFFER;
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
        default: /* cannot happen: every val above is handled */
            return diag_usage("sanitize", "unhandled option");
        }
    }
    return EXIT_VALID;
}

/* Streams in through the decoder to fd (or through w when fd < 0).
 * Returns 0 valid, 1 replaced, 2 after printing what failed. */
static int pump(struct input *in, size_t bufsize, struct writer *w, int fd,
                const char *out_name)
{
    unsigned char *buf = malloc(bufsize);
    size_t cap = U8GUARD_STREAM_OUT_MAX(bufsize), n_out;
    unsigned char *obuf = malloc(cap);
    u8guard_stream s;
    ssize_t n;
    int err = 0, rc = EXIT_TROUBLE;
    bool final = false;

    if (!buf || !obuf) {
        diag("sanitize: cannot allocate buffers for --buffer-size %zu: %s", bufsize,
             strerror(ENOMEM));
        goto out;
    }
    u8guard_stream_init(&s);
    while (!final) {
        n = input_read(in, buf, bufsize);
        if (n < 0) {
            diag("%s: read error: %s", in->name, strerror(errno));
            goto out;
        }
        final = n == 0;
        n_out = u8guard_stream_feed(&s, buf, (size_t)n, final, NULL, NULL, obuf, cap);
        if (n_out == SIZE_MAX) {
            diag("%s: internal error: the decoder refused a chunk", in->name);
            goto out;
        }
        if (fd >= 0) {
            err = write_all(fd, obuf, n_out);
            if (err) {
                diag("%s: write error: %s", out_name, strerror(err));
                goto out;
            }
        } else if (!writer_put(w, obuf, n_out)) {
            goto out; /* main reports the failure of standard output */
        }
    }
    rc = u8guard_stream_error_count(&s) ? EXIT_INVALID : EXIT_VALID;
out:
    free(buf);
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
        rc = pump(&in, o.bufsize, NULL, ao.fd, o.output);
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
        rc = pump(&in, o.bufsize, out, -1, NULL);
    }
    err = input_close(&in);
    if (err && rc != EXIT_TROUBLE) {
        diag("%s: %s", in.name, strerror(err));
        rc = EXIT_TROUBLE;
    }
    return rc;
}
