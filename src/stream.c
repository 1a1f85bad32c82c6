/* stream.c -- the streaming decoder. The input arrives in chunks; the
 * stream keeps at most 3 bytes between them: a sequence that is
 * well-formed so far but incomplete (so it may still become a character).
 * Such bytes are an error (truncated) only when the final chunk ends.
 *
 * Why the pending bytes never need a second look: they are a well-formed
 * prefix, so when the next bytes break the sequence the error's maximal
 * subpart covers every pending byte (DESIGN.md section 2), and decoding
 * resumes inside the new chunk. */
#include "internal.h"
#include "kernels/copy.h"

#include <string.h>

struct sink {
    u8guard_error_fn on_error;
    void *ctx;
    uint8_t *out; /* NULL: no output wanted */
    size_t o;
};

static void emit(struct sink *k, const uint8_t *src, size_t n)
{
    if (k->out) {
        u8g_copy(k->out + k->o, src, n);
        k->o += n;
    }
}

static void report(u8guard_stream *s, struct sink *k, uint64_t offset,
                   size_t length, u8guard_kind kind)
{
    u8guard_error e;

    e.offset = (size_t)offset;
    e.length = length;
    e.kind = kind;
    s->n_errors++;
    if (k->on_error)
        k->on_error(k->ctx, &e);
    emit(k, (const uint8_t *)U8GUARD_REPLACEMENT_UTF8, 3);
}

/* Completes the pending sequence with bytes from data[0..len). Returns how
 * many bytes of data it used; leaves s->n_pending == 0 unless data ran out
 * before the sequence was decided (and the chunk is not final). */
static size_t complete_pending(u8guard_stream *s, struct sink *k,
                               const uint8_t *data, size_t len, bool final)
{
    uint8_t buf[4];
    size_t have = s->n_pending, take = 4 - have, step, sub = 0;
    uint32_t cp;
    u8guard_kind kind = U8GUARD_OK;

    if (take > len)
        take = len;
    memcpy(buf, s->pending, have);
    if (take)
        memcpy(buf + have, data, take);
    step = u8g_step(buf, have + take, &cp, &kind, &sub);
    if (step != 0) { /* a whole character: at least one byte came from data */
        emit(k, buf, step);
        s->offset += step;
        s->n_pending = 0;
        return step - have;
    }
    if (kind == U8GUARD_TRUNCATED && !final) { /* still undecided: keep it */
        memcpy(s->pending + have, data, take);
        s->n_pending = (unsigned char)(have + take);
        return take;
    }
    report(s, k, s->offset, sub, kind);
    s->offset += sub;
    s->n_pending = 0;
    return sub - have; /* sub >= have: the pending bytes were accepted */
}

/* The end of the last character of p[0..len) that the chunk holds whole,
 * as far as its last 3 bytes tell: before a trailing lead byte whose
 * continuations the next chunk may bring, else len. Validating up to
 * there spares the vector kernels a failing last block on most chunks of
 * multi-byte text, and the one-pass copy then never stores the bytes of
 * a character the stream keeps pending (it stores only what it checked;
 * past an error it may store up to 3 bytes, which the U+FFFD then
 * overwrites). */
static size_t last_boundary(const uint8_t *p, size_t len)
{
    size_t j = len, k, need;

    for (k = 0; k < 3 && j > 0; k++) {
        j--;
        if ((p[j] & 0xC0u) == 0x80u) /* continuation: look further back */
            continue;
        if (p[j] < 0xC0u)
            return len;
        need = p[j] >= 0xF0u ? 4 : p[j] >= 0xE0u ? 3 : 2;
        return len - j >= need ? len : j;
    }
    return len;
}

size_t u8guard_stream_feed(u8guard_stream *s, const void *data, size_t len,
                           bool final, u8guard_error_fn on_error, void *ctx,
                           void *out, size_t out_cap)
{
    const uint8_t *p = data;
    const struct u8g_kernels *kern;
    struct sink k;
    size_t i = 0, n, cut, end;
    u8guard_error e;

    if (s == NULL || s->finished || (p == NULL && len != 0))
        return SIZE_MAX;
    if (out != NULL && (len > SIZE_MAX / 3 - 3 || out_cap < U8GUARD_STREAM_OUT_MAX(len)))
        return SIZE_MAX;
    /* Output over the chunk, or over the stream object itself (the
     * pending bytes), would be overwritten before it is read. */
    if (out != NULL && (u8g_overlap(p, len, out, out_cap) ||
                        u8g_overlap(s, sizeof *s, out, out_cap)))
        return SIZE_MAX;
    k.on_error = on_error;
    k.ctx = ctx;
    k.out = out;
    k.o = 0;
    if (s->n_pending != 0 && (len != 0 || final))
        i = complete_pending(s, &k, p, len, final);
    if (s->n_pending == 0) {
        kern = u8g_active();
        cut = final ? len : last_boundary(p, len);
        while (i < len) {
            end = i < cut ? cut : len;
            if (k.out != NULL && kern->copy_prefix != NULL) {
                /* Validated and copied in one pass (out_cap >= 3 * len). */
                n = kern->copy_prefix(p + i, end - i, k.out + k.o);
                k.o += n;
            } else {
                n = kern->valid_prefix(p + i, end - i);
                emit(&k, p + i, n);
            }
            i += n;
            s->offset += n;
            if (i == len)
                break;
            if (i == end) /* stopped at the cut, not at an error */
                continue;
            u8g_classify(p + i, len - i, 0, &e);
            if (e.kind == U8GUARD_TRUNCATED && !final) { /* wait for more */
                memcpy(s->pending, p + i, len - i);
                s->n_pending = (unsigned char)(len - i);
                break;
            }
            report(s, &k, s->offset, e.length, e.kind);
            s->offset += e.length;
            i += e.length;
        }
    }
    if (final)
        s->finished = 1;
    return k.o;
}

/* The stream's size and layout are fixed by the ABI (doc/abi.md); these
 * hold on every target (uint64_t is 4-aligned on some 32-bit ones, which
 * this layout does not depend on). */
_Static_assert(sizeof(u8guard_stream) == U8GUARD_STREAM_SIZE,
               "u8guard_stream must stay U8GUARD_STREAM_SIZE bytes");
_Static_assert(offsetof(u8guard_stream, n_errors) == 16,
               "u8guard_stream members must not move");

void u8guard_stream_init(u8guard_stream *s)
{
    if (s)
        memset(s, 0, sizeof *s);
}

uint64_t u8guard_stream_position(const u8guard_stream *s)
{
    return s ? s->offset + s->n_pending : 0;
}

uint64_t u8guard_stream_error_count(const u8guard_stream *s)
{
    return s ? s->n_errors : 0;
}
