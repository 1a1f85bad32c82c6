/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_windows.c -- the long-input paths: sanitize validates and copies
 * its input in windows of 16 KiB (src/sanitize.c, WINDOW) and the
 * vectorized kernels work in blocks; a character or an error cut by a
 * window or block boundary must come out exactly as elsewhere.
 *
 * Around offsets 16384 and 32768 (window multiples; every 64-byte block
 * boundary among them), each sequence of SEQS starts 0..4 bytes before the
 * boundary, followed by more text or by the end of the input. The input
 * ends on the byte before a PROT_NONE page and outputs are fenced at their
 * exact capacity (and one less), as in test_guard_pages.c; results are
 * compared with the model of model.c, for every implementation. The mutation
 * run (ci/mutate.py) showed that no fast test crossed a window before. */
#include "guard.h"
#include "hcheck.h"
#include "model.h"

#include <stdlib.h>
#include <string.h>

static const char *const SEQS[] = {
    "\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80", "\xF4\x8F\xBF\xBF",
    "\xE2\x82" "A", "\xF0\x9F\x98" "A", "\xF0\x80", "\xED\xA0\x80",
    "\xC0\xAF", "\x80\x80\x80\x80", "\xF0\x9F\x98", "\xE2",
};

static struct guard_zone in_zone, out_zone;
static struct model model;
static unsigned char content[MODEL_MAX_LEN];

static void check_sanitize(const unsigned char *in, size_t n, size_t cap)
{
    unsigned char *o = guard_tail(&out_zone, cap);
    size_t errs = 99, w = model_out_boundary(&model, cap);

    memset(o, 0xA5, cap);
    HEXPECT_EQ(u8guard_sanitize(in, n, o, cap, &errs), model.n_out);
    HEXPECT_EQ(errs, model.n_errors);
    HEXPECT_MEM(o, model.out, w);
}

static void check_decode(const unsigned char *in, size_t n, size_t cap32)
{
    uint32_t *o32 = guard_tail(&out_zone, cap32 * 4);
    u8guard_error e;
    size_t w = cap32 < model.n_cps ? cap32 : model.n_cps;

    HEXPECT_EQ(u8guard_decode_utf32(in, n, o32, cap32, &e), model.n_cps);
    if (model.n_errors)
        HEXPECT_ERR(e, model.errors[0].offset, model.errors[0].length, model.errors[0].kind);
    HEXPECT_MEM(o32, model.cps, w * 4);
}

struct seen {
    size_t n, bad;
};

static void on_error(void *ctx, const u8guard_error *err)
{
    struct seen *s = ctx;

    if (s->n >= model.n_errors || err->offset != model.errors[s->n].offset ||
        err->length != model.errors[s->n].length || err->kind != model.errors[s->n].kind)
        s->bad++;
    s->n++;
}

static void check_stream(const unsigned char *in, size_t n, size_t chunk)
{
    static unsigned char total[3 * MODEL_MAX_LEN + 16];
    u8guard_stream s;
    struct seen seen = {0, 0};
    size_t at = 0, t = 0;

    u8guard_stream_init(&s);
    while (at < n) {
        size_t len = n - at < chunk ? n - at : chunk;
        size_t cap = U8GUARD_STREAM_OUT_MAX(len);
        unsigned char *o = guard_tail(&out_zone, cap);
        size_t r = u8guard_stream_feed(&s, in + at, len, at + len == n, on_error, &seen, o, cap);

        if (!HEXPECT_EQ(r <= cap && t + r <= sizeof total, 1))
            return;
        memcpy(total + t, o, r);
        t += r;
        at += len;
    }
    HEXPECT_EQ(seen.bad, 0);
    HEXPECT_EQ(seen.n, model.n_errors);
    if (HEXPECT_EQ(t, model.n_out))
        HEXPECT_MEM(total, model.out, t);
}

static void suite(void)
{
    static const size_t bounds[] = {16384, 32768};
    size_t b, k, s, tail;

    for (b = 0; b < sizeof bounds / sizeof bounds[0]; b++)
        for (k = 0; k <= 4; k++)
            for (s = 0; s < sizeof SEQS / sizeof SEQS[0]; s++)
                for (tail = 0; tail <= 40; tail += 40) {
                    size_t start = bounds[b] - k, sl = strlen(SEQS[s]);
                    size_t n = start + sl + tail, i;
                    unsigned char *in = guard_tail(&in_zone, n);

                    hcheck_context("sequence %zu starting %zu bytes before offset %zu, "
                                   "%zu bytes after it", s, k, bounds[b], tail);
                    for (i = 0; i < start; i++)
                        content[i] = (unsigned char)('a' + i % 26);
                    memcpy(content + start, SEQS[s], sl);
                    memset(content + start + sl, 'z', tail);
                    if (model_run(content, n, &model) != 0)
                        abort();
                    memcpy(in, content, n);
                    HEXPECT_EQ(u8guard_validate(in, n, NULL), model.n_errors == 0);
                    HEXPECT_EQ(u8guard_valid_prefix(in, n), model.prefix);
                    HEXPECT_EQ(u8guard_count_errors(in, n), model.n_errors);
                    HEXPECT_EQ(u8guard_sanitized_length(in, n), model.n_out);
                    check_sanitize(in, n, model.n_out);
                    check_sanitize(in, n, model.n_out - 1);
                    check_sanitize(in, n, start);
                    check_decode(in, n, n);
                    check_decode(in, n, model.n_cps - 1);
                    check_stream(in, n, n);
                    check_stream(in, n, 1000);
                }
}

int main(void)
{
    if (guard_zone_open(&in_zone, MODEL_MAX_LEN) != 0 ||
        guard_zone_open(&out_zone, 4 * MODEL_MAX_LEN) != 0)
        return 1;
    if (hcheck_each_impl("test_windows", suite) == 0)
        return 1;
    guard_zone_close(&in_zone);
    guard_zone_close(&out_zone);
    return hcheck_finish("test_windows");
}
