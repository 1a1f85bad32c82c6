/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_stream_pending.c -- the streaming decoder's pending bytes, chunk by
 * chunk.
 *
 * Between chunks a u8guard_stream keeps at most 3 bytes: the start of a
 * sequence that is well-formed so far (src/stream.c, complete_pending
 * joins them with the next chunk in a 4-byte buffer). This test feeds
 * every pair of ATOMS (each valid length at its bounds, every truncated
 * prefix, every error kind), alone and followed by 'Z', cut in every way
 * into 1, 2 and 3 chunks (empty chunks included), byte by byte, and each
 * of those again with an empty final chunk. After EVERY chunk it checks
 * the exact state against the independent model (model.c) of the bytes
 * fed so far:
 *
 *   - the output so far is the sanitized form of everything except the
 *     pending bytes, byte for byte, and each call returned exactly its part;
 *   - the errors so far are the model's, offset, length and kind, except
 *     a truncated sequence at the end, which must still be pending (not
 *     yet reported) unless the chunk was final;
 *   - u8guard_stream_position is the number of bytes fed, and
 *     u8guard_stream_error_count the number of errors reported.
 *
 * Every chunk ends on the byte before a PROT_NONE page, every output
 * buffer has exactly U8GUARD_STREAM_OUT_MAX(len) bytes before one, and the
 * u8guard_stream object itself is the last thing before one: a read or
 * write one byte past any of them is a SIGSEGV. A write past the 4-byte
 * join buffer on the stack is not visible that way; the ASan+UBSan build
 * of this test reports it (ci/mutate.py --planted shows it: "take = 5 -
 * have"). */
#include "guard.h"
#include "hcheck.h"
#include "model.h"

#include <string.h>

struct atom {
    const char *b;
    size_t n;
};
#define A(s) {s, sizeof(s) - 1}
static const struct atom ATOMS[] = {
    /* valid, at the bounds of each row of Table 3-7 */
    A("A"), A("\xC2\x80"), A("\xDF\xBF"), A("\xE0\xA0\x80"), A("\xED\x9F\xBF"),
    A("\xEE\x80\x80"), A("\xEF\xBF\xBF"), A("\xF0\x90\x80\x80"),
    A("\xF1\x80\x80\x80"), A("\xF4\x8F\xBF\xBF"),
    /* well-formed so far: pending between chunks, truncated at the end */
    A("\xC2"), A("\xE1"), A("\xE0\xA0"), A("\xF0"), A("\xF0\x90"),
    A("\xF4\x8F\xBF"),
    /* errors of every kind and length */
    A("\x80"), A("\xC0"), A("\xC1"), A("\xF5"), A("\xFF"), A("\xE0\x80"),
    A("\xED\xA0"), A("\xF4\x90"), A("\xF0\x8F"), A("\xE1\x41"),
    A("\xF0\x90\x41"), A("\xF0\x90\x80\x41"),
};
#undef A
#define N_ATOMS (sizeof ATOMS / sizeof ATOMS[0])
#define MAX_IN 16

static struct guard_zone in_zone, out_zone, st_zone;
static struct model model; /* of the bytes fed so far */

struct sink {
    size_t n_errors;
    u8guard_error errors[3 * MAX_IN];
    size_t n_out;
    unsigned char out[3 * MAX_IN + 16];
};

static void collect(void *ctx, const u8guard_error *err)
{
    struct sink *k = ctx;

    if (k->n_errors < sizeof k->errors / sizeof k->errors[0])
        k->errors[k->n_errors] = *err;
    k->n_errors++;
}

/* Checks the stream after in[0..fed) went in (final: as the last chunk). */
static void check_state(const u8guard_stream *s, const unsigned char *in,
                        size_t fed, bool final, const struct sink *k)
{
    size_t n_errors, n_out, i;

    model_run(in, fed, &model);
    n_errors = model.n_errors;
    n_out = model.n_out;
    /* A truncated sequence at the end of what was fed is not an error yet:
     * it waits, and nothing of it is written. */
    if (!final && n_errors > 0 && model.errors[n_errors - 1].kind == U8GUARD_TRUNCATED) {
        n_errors--;
        n_out -= 3;
    }
    HEXPECT_EQ(u8guard_stream_position(s), fed);
    HEXPECT_EQ(u8guard_stream_error_count(s), n_errors);
    if (HEXPECT_EQ(k->n_errors, n_errors))
        for (i = 0; i < n_errors; i++)
            HEXPECT_ERR(k->errors[i], model.errors[i].offset, model.errors[i].length,
                        model.errors[i].kind);
    if (HEXPECT_EQ(k->n_out, n_out))
        HEXPECT_MEM(k->out, model.out, n_out);
}

/* Feeds in[prev..end) as one fenced chunk and checks the state after it. */
static void feed(u8guard_stream *s, const unsigned char *in, size_t prev,
                 size_t end, bool final, struct sink *k)
{
    size_t len = end - prev, cap = U8GUARD_STREAM_OUT_MAX(len), r;
    unsigned char *c = guard_tail(&in_zone, len), *o = guard_tail(&out_zone, cap);

    memcpy(c, in + prev, len);
    memset(o, 0xA5, cap);
    r = u8guard_stream_feed(s, c, len, final, collect, k, o, cap);
    if (!HEXPECT_EQ(r <= cap, 1))
        return;
    memcpy(k->out + k->n_out, o, r);
    k->n_out += r;
    check_state(s, in, end, final, k);
}

/* Feeds in[0..n) cut at ends[0..n_ends) (the last is n), the last chunk
 * final, or all of them followed by an empty final chunk. */
static void run_chunks(const unsigned char *in, size_t n, const size_t *ends,
                       size_t n_ends, bool empty_final)
{
    u8guard_stream *s = guard_tail(&st_zone, sizeof *s);
    struct sink k;
    size_t c, prev = 0;

    k.n_errors = 0;
    k.n_out = 0;
    u8guard_stream_init(s);
    for (c = 0; c < n_ends; c++) {
        feed(s, in, prev, ends[c], c + 1 == n_ends && !empty_final, &k);
        prev = ends[c];
    }
    if (empty_final)
        feed(s, in, n, n, true, &k);
    /* a finished stream refuses more, and stays as it is */
    HEXPECT_EQ(u8guard_stream_feed(s, in, n, true, collect, &k, NULL, 0), SIZE_MAX);
    HEXPECT_EQ(u8guard_stream_position(s), n);
}

static void every_split(const unsigned char *in, size_t n)
{
    size_t ends[MAX_IN], i, j, f;

    for (f = 0; f < 2; f++) {
        ends[0] = n; /* one chunk */
        run_chunks(in, n, ends, 1, f);
        for (i = 0; i <= n; i++) { /* two, then three chunks */
            ends[0] = i;
            ends[1] = n;
            run_chunks(in, n, ends, 2, f);
            for (j = i; j <= n; j++) {
                ends[1] = j;
                ends[2] = n;
                run_chunks(in, n, ends, 3, f);
            }
        }
        for (i = 0; i < n; i++) /* byte by byte */
            ends[i] = i + 1;
        if (n > 0)
            run_chunks(in, n, ends, n, f);
    }
}

static void suite(void)
{
    unsigned char in[MAX_IN];
    size_t a, b, n;
    int z;

    for (a = 0; a < N_ATOMS; a++)
        for (b = 0; b < N_ATOMS; b++)
            for (z = 0; z < 2; z++) {
                memcpy(in, ATOMS[a].b, ATOMS[a].n);
                memcpy(in + ATOMS[a].n, ATOMS[b].b, ATOMS[b].n);
                n = ATOMS[a].n + ATOMS[b].n;
                if (z)
                    in[n++] = 'Z';
                hcheck_context("atoms %zu and %zu%s (%zu bytes)", a, b, z ? " then 'Z'" : "", n);
                every_split(in, n);
            }
}

int main(int argc, char **argv)
{
    if (argc > 2 && strcmp(argv[1], "--impl") == 0 && !hcheck_only(argv[2]))
        return 77;
    if (guard_zone_open(&in_zone, 4096) != 0 || guard_zone_open(&out_zone, 4096) != 0 ||
        guard_zone_open(&st_zone, 4096) != 0)
        return 1;
    if (hcheck_each_impl("test_stream_pending", suite) == 0)
        return 1;
    guard_zone_close(&in_zone);
    guard_zone_close(&out_zone);
    guard_zone_close(&st_zone);
    return hcheck_finish("test_stream_pending");
}
