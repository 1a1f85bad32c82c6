/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* peer_u8guard.c -- u8guard's public functions as benchmark columns. The
 * driver forces the implementation (u8guard_set_impl) before each
 * measurement; these wrappers only call the API. */
#include "peers.h"

static void run_validate(const uint8_t *p, size_t len, const bench_buffers *b,
                         bench_result *r)
{
    u8guard_error e;

    (void)b;
    r->valid = u8guard_validate(p, len, &e);
    r->err_offset = e.offset;
    r->n_out = BENCH_UNKNOWN;
}

/* The first error as an iterating caller finds it: u8guard_next_error
 * from offset 0 (the call a loop over all errors starts with). */
static void run_errpos(const uint8_t *p, size_t len, const bench_buffers *b,
                       bench_result *r)
{
    u8guard_error e;
    size_t pos = 0;

    (void)b;
    r->valid = !u8guard_next_error(p, len, &pos, &e);
    r->err_offset = e.offset;
    r->n_out = BENCH_UNKNOWN;
}

static void run_utf32(const uint8_t *p, size_t len, const bench_buffers *b,
                      bench_result *r)
{
    u8guard_error e;

    r->n_out = u8guard_decode_utf32(p, len, b->u32, b->cap, &e);
    r->valid = e.kind == U8GUARD_OK;
    r->err_offset = e.offset;
}

static void run_utf16(const uint8_t *p, size_t len, const bench_buffers *b,
                      bench_result *r)
{
    u8guard_error e;

    r->n_out = u8guard_decode_utf16(p, len, b->u16, b->cap, &e);
    r->valid = e.kind == U8GUARD_OK;
    r->err_offset = e.offset;
}

static void run_sanitize(const uint8_t *p, size_t len, const bench_buffers *b,
                         bench_result *r)
{
    size_t n_errors = 0;

    r->n_out = u8guard_sanitize(p, len, b->u8, b->cap + 16, &n_errors);
    r->valid = n_errors == 0;
    r->err_offset = BENCH_UNKNOWN;
}

/* The first error a stream reports. */
struct first_error {
    bool seen;
    size_t offset;
};

static void note_error(void *ctx, const u8guard_error *e)
{
    struct first_error *f = ctx;

    if (!f->seen) {
        f->seen = true;
        f->offset = e->offset;
    }
}

/* The stream, fed BENCH_STREAM_CHUNK bytes at a time (what a reader of a
 * pipe or socket does), writing sanitized UTF-8 to out when it is not
 * NULL. Beside the one-shot columns it shows the cost of the chunks. A
 * refused call is reported as an invalid input with no offset, which the
 * driver prints as a mismatch. */
static void run_stream(const uint8_t *p, size_t len, uint8_t *out, size_t out_cap,
                       bench_result *r)
{
    struct first_error f = {false, 0};
    u8guard_stream s;
    size_t i = 0, n, k, w = 0;

    u8guard_stream_init(&s);
    do {
        n = len - i < BENCH_STREAM_CHUNK ? len - i : BENCH_STREAM_CHUNK;
        k = u8guard_stream_feed(&s, p + i, n, i + n == len, note_error, &f,
                                out == NULL ? NULL : out + w, out == NULL ? 0 : out_cap - w);
        if (k == SIZE_MAX) {
            r->valid = false;
            r->err_offset = BENCH_UNKNOWN;
            r->n_out = BENCH_UNKNOWN;
            return;
        }
        w += k;
        i += n;
    } while (i < len);
    r->valid = !f.seen;
    r->err_offset = f.seen ? f.offset : BENCH_UNKNOWN;
    r->n_out = out == NULL ? BENCH_UNKNOWN : w;
}

static void run_stream_validate(const uint8_t *p, size_t len, const bench_buffers *b,
                                bench_result *r)
{
    (void)b;
    run_stream(p, len, NULL, 0, r);
}

static void run_stream_sanitize(const uint8_t *p, size_t len, const bench_buffers *b,
                                bench_result *r)
{
    run_stream(p, len, b->u8, b->cap + 16 + BENCH_STREAM_SLACK, r);
}

/* Policy checking: every error under the policy, as a caller that
 * reports them all does (u8guard_next_error_with until the end; real
 * text holds denied characters: the Wikipedia articles have U+200E and
 * U+FEFF). The verdict is about the ill-formed errors only, so that the
 * driver can check it against the input's: valid when there is none, the
 * offset of the first one otherwise. */
static void run_policy(const uint8_t *p, size_t len, unsigned deny, bench_result *r)
{
    u8guard_policy pol = {deny, U8GUARD_REPLACE};
    u8guard_error e;
    size_t pos = 0, denied = 0;

    r->valid = true;
    r->err_offset = BENCH_UNKNOWN;
    while (u8guard_next_error_with(p, len, &pol, &pos, &e)) {
        if (e.kind == U8GUARD_DISALLOWED) {
            denied++;
        } else if (r->valid) {
            r->valid = false;
            r->err_offset = e.offset;
        }
    }
    r->n_out = BENCH_UNKNOWN;
    bench_sink_add(denied);
}

static void run_deny_all(const uint8_t *p, size_t len, const bench_buffers *b,
                         bench_result *r)
{
    (void)b;
    run_policy(p, len, U8GUARD_CLASS_ALL, r);
}

static void run_deny_bidi(const uint8_t *p, size_t len, const bench_buffers *b,
                          bench_result *r)
{
    (void)b;
    run_policy(p, len, U8GUARD_CLASS_BIDI, r);
}

static void run_deny_c0c1(const uint8_t *p, size_t len, const bench_buffers *b,
                          bench_result *r)
{
    (void)b;
    run_policy(p, len, U8GUARD_CLASS_C0 | U8GUARD_CLASS_C1, r);
}

/* Lossy decoding (each error one U+FFFD): on a valid input the output
 * equals the strict decoders', which the driver checks; on an input with
 * an error it goes on past it, so only the verdict (no error / some) is
 * compared there. */
static void run_lossy32(const uint8_t *p, size_t len, const bench_buffers *b,
                        bench_result *r)
{
    size_t n_errors = 0;

    r->n_out = u8guard_decode_utf32_lossy(p, len, b->u32, b->cap, &n_errors);
    r->valid = n_errors == 0;
    r->err_offset = BENCH_UNKNOWN;
}

static void run_lossy16(const uint8_t *p, size_t len, const bench_buffers *b,
                        bench_result *r)
{
    size_t n_errors = 0;

    r->n_out = u8guard_decode_utf16_lossy(p, len, b->u16, b->cap, &n_errors);
    r->valid = n_errors == 0;
    r->err_offset = BENCH_UNKNOWN;
}

/* The stream and policy columns, with the implementation dispatch picks. */
const bench_fn peer_u8guard_stream_fns[] = {
    {"u8g-stream4k", OP_VALIDATE, U8GUARD_IMPL_AUTO, true, false, run_stream_validate},
    {"u8g-stream4k", OP_SANITIZE, U8GUARD_IMPL_AUTO, false, true, run_stream_sanitize},
    {"u8g-deny-all", OP_VALIDATE, U8GUARD_IMPL_AUTO, true, false, run_deny_all},
    {"u8g-deny-bidi", OP_VALIDATE, U8GUARD_IMPL_AUTO, true, false, run_deny_bidi},
    {"u8g-deny-c0c1", OP_VALIDATE, U8GUARD_IMPL_AUTO, true, false, run_deny_c0c1},
    {"u8g-lossy", OP_UTF32, U8GUARD_IMPL_AUTO, false, false, run_lossy32},
    {"u8g-lossy", OP_UTF16, U8GUARD_IMPL_AUTO, false, false, run_lossy16},
};
const size_t peer_u8guard_stream_count =
    sizeof peer_u8guard_stream_fns / sizeof peer_u8guard_stream_fns[0];

/* One entry per operation; peers.c copies them for each implementation. */
const bench_fn peer_u8guard_fns[] = {
    {"u8guard", OP_VALIDATE, U8GUARD_IMPL_AUTO, true, false, run_validate},
    {"u8guard", OP_ERRPOS, U8GUARD_IMPL_AUTO, true, false, run_errpos},
    {"u8guard", OP_UTF32, U8GUARD_IMPL_AUTO, true, true, run_utf32},
    {"u8guard", OP_UTF16, U8GUARD_IMPL_AUTO, true, true, run_utf16},
    {"u8guard", OP_SANITIZE, U8GUARD_IMPL_AUTO, false, true, run_sanitize},
};
const size_t peer_u8guard_count = sizeof peer_u8guard_fns / sizeof peer_u8guard_fns[0];
