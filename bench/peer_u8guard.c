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

/* One entry per operation; peers.c copies them for each implementation. */
const bench_fn peer_u8guard_fns[] = {
    {"u8guard", OP_VALIDATE, U8GUARD_IMPL_AUTO, true, false, run_validate},
    {"u8guard", OP_UTF32, U8GUARD_IMPL_AUTO, true, true, run_utf32},
    {"u8guard", OP_UTF16, U8GUARD_IMPL_AUTO, true, true, run_utf16},
    {"u8guard", OP_SANITIZE, U8GUARD_IMPL_AUTO, false, true, run_sanitize},
};
const size_t peer_u8guard_count = sizeof peer_u8guard_fns / sizeof peer_u8guard_fns[0];
