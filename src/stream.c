/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* stream.c -- the streaming decoder. The input arrives in chunks; the
 * stream keeps at most 3 bytes between them: a sequence that is
 * well-formed so far but incomplete (so it may still become a character).
 * Such bytes are an error (truncated) only when the final chunk ends.
 *
 * Why the pending bytes never need a second look: they are a well-formed
 * prefix, so when the next bytes break the sequence the error's maximal
 * subpart covers every pending byte (doc/contract.md section 2), and decoding
 * resumes inside the new chunk. */
#include "internal.h"
#include "kernels/copy.h"

#include <string.h>

struct sink {
    u8guard_error_fn on_error;
    void *ctx;
    void *out;  /* NULL: no output wanted */
    size_t o;   /* units of the form written */
    u8guard_form form;
    const struct u8g_kernels *kern;
    struct u8g_policy q;
};

/* The output factor of u8guard_stream_out_max (include/u8guard.h): units
 * per byte completed, 6 for the escape handler, else 3 for UTF-8 (U+FFFD
 * for one byte), else 1. */
/*@ logic integer u8g_stream_f(integer handler, integer form) =
      handler == U8GUARD_ESCAPE ? 6 : form == U8GUARD_FORM_UTF8 ? 3 : 1;

    // u8g_stream_f(handler, form) * n, written linear in n for the solvers.
    logic integer u8g_stream_fx(integer handler, integer form, integer n) =
      handler == U8GUARD_ESCAPE ? 6 * n : form == U8GUARD_FORM_UTF8 ? 3 * n : n;

    // k's output has room for n more units of its form (or is not wanted).
    predicate u8g_room{L}(struct sink *k, integer n) =
      k->out == \null ||
      (k->form == U8GUARD_FORM_UTF16 ?
         \valid((uint16_t *)k->out + (k->o .. k->o + n - 1)) :
       k->form == U8GUARD_FORM_UTF32 ?
         \valid((uint32_t *)k->out + (k->o .. k->o + n - 1)) :
         \valid((uint8_t *)k->out + (k->o .. k->o + n - 1)));

    // Those n units share no byte with p[0..len) and *k.
    predicate u8g_apart{L}(struct sink *k, integer n, uint8_t *p, integer len) =
      k->out == \null ||
      (k->form == U8GUARD_FORM_UTF16 ?
         \separated((uint16_t *)k->out + (k->o .. k->o + n - 1), p + (0 .. len - 1), k) :
       k->form == U8GUARD_FORM_UTF32 ?
         \separated((uint32_t *)k->out + (k->o .. k->o + n - 1), p + (0 .. len - 1), k) :
         \separated((uint8_t *)k->out + (k->o .. k->o + n - 1), p + (0 .. len - 1), k));

    // ... nor with *s.
    predicate u8g_apart_s{L}(struct sink *k, integer n, u8guard_stream *s) =
      k->out == \null ||
      (k->form == U8GUARD_FORM_UTF16 ?
         \separated((uint16_t *)k->out + (k->o .. k->o + n - 1), s) :
       k->form == U8GUARD_FORM_UTF32 ?
         \separated((uint32_t *)k->out + (k->o .. k->o + n - 1), s) :
         \separated((uint8_t *)k->out + (k->o .. k->o + n - 1), s));

    // ... nor with *e.
    predicate u8g_apart_e{L}(struct sink *k, integer n, u8guard_error *e) =
      k->out == \null ||
      (k->form == U8GUARD_FORM_UTF16 ?
         \separated((uint16_t *)k->out + (k->o .. k->o + n - 1), e) :
       k->form == U8GUARD_FORM_UTF32 ?
         \separated((uint32_t *)k->out + (k->o .. k->o + n - 1), e) :
         \separated((uint8_t *)k->out + (k->o .. k->o + n - 1), e));

    // How many of n units written in a stream's form land in the view
    // `as` of its output: the assigns clauses name one range per view
    // (uint8_t, uint16_t, uint32_t), and only the form's own is not empty.
    // A form other than the three may write as UTF-8 (emit) or as UTF-32
    // (report); the feed's form is one of the three (u8g_stream_ok).
    logic integer u8g_in(integer form, integer as, integer n) =
      as == U8GUARD_FORM_UTF16 ? (form == U8GUARD_FORM_UTF16 ? n : 0) :
      as == U8GUARD_FORM_UTF32 ?
        (form != U8GUARD_FORM_UTF8 && form != U8GUARD_FORM_UTF16 ? n : 0) :
        (form != U8GUARD_FORM_UTF16 && form != U8GUARD_FORM_UTF32 ? n : 0);

    // The handlers a checked policy has (u8guard_handler).
    predicate u8g_handler_ok(integer h) =
      h == U8GUARD_REPLACE || h == U8GUARD_DROP || h == U8GUARD_ESCAPE;

    // The stream object's invariant, which u8guard_stream_init and
    // u8guard_stream_init_with establish (proved) and u8guard_stream_feed
    // is to keep (not proved yet: doc/proofs.md): a
    // checked policy and form, and at most 3 pending bytes that are a
    // proper prefix of a UTF8-char.
    predicate u8g_stream_ok{L}(u8guard_stream *s) =
      u8g_handler_ok(s->handler) && s->deny <= U8GUARD_CLASS_ALL &&
      s->form <= U8GUARD_FORM_UTF32 && s->n_pending <= 3 &&
      (s->n_pending != 0 ==> u8g_prefix(&s->pending[0], s->n_pending));
*/

#ifdef __FRAMAC__
/* The proof build's model of the caller's error callback (doc/proofs.md):
 * include/u8guard.h's rule is that on_error writes neither *s, the chunk
 * nor the output, and does not feed s, so as far as the stream can see it
 * writes nothing. Every call through k->on_error carries a "calls"
 * annotation naming this function, and the proved functions require
 * on_error to be NULL or this function. */
/*@ assigns \nothing; */
void u8g_stream_on_error_model(void *ctx, const u8guard_error *err);
#endif

/* Writes the well-formed p[0..n), which holds no denied character, in the
 * stream's form. out has room (u8guard_stream_out_max). */
/*@ requires \valid(k) && k->kern == &u8g_scalar_kernels;
    requires \valid_read(src + (0 .. n - 1));
    requires k->o + n <= SIZE_MAX;
    requires u8g_room(k, n) && u8g_apart(k, n, src, n);
    requires \separated(k, src + (0 .. n - 1));
    assigns k->o, ((uint8_t *)k->out)[k->o .. k->o + u8g_in(k->form, U8GUARD_FORM_UTF8, n) - 1],
            ((uint16_t *)k->out)[k->o .. k->o + u8g_in(k->form, U8GUARD_FORM_UTF16, n) - 1],
            ((uint32_t *)k->out)[k->o .. k->o + u8g_in(k->form, U8GUARD_FORM_UTF32, n) - 1];
    ensures \old(k->o) <= k->o <= \old(k->o) + n;
    ensures k->out == \null ==> k->o == \old(k->o);
*/
static void emit(struct sink *k, const uint8_t *src, size_t n)
{
    size_t units = 0;

    if (k->out == NULL || n == 0)
        return;
    switch (k->form) {
    case U8GUARD_FORM_UTF16:
        /*@ calls u8g_scalar_to_utf16; */
        (void)k->kern->to_utf16(src, n, (uint16_t *)k->out + k->o, &units);
        break;
    case U8GUARD_FORM_UTF32:
        /*@ calls u8g_scalar_to_utf32; */
        (void)k->kern->to_utf32(src, n, (uint32_t *)k->out + k->o, &units);
        break;
    case U8GUARD_FORM_UTF8:
    default:
        if (n <= 4) /* a completed character: no call of memcpy */
            u8g_copy_small((uint8_t *)k->out + k->o, src, n);
        else
            u8g_copy((uint8_t *)k->out + k->o, src, n);
        units = n;
        break;
    }
    k->o += units;
}

/* Reports the error e (offset from the start of the stream) whose bytes
 * start at src, and writes what the handler makes of it. */
/*@ requires \valid(s) && \valid(k) && \valid_read(e) && k->kern == &u8g_scalar_kernels;
    requires \separated(s, k, e);
    requires k->on_error == \null || k->on_error == &u8g_stream_on_error_model;
    requires u8g_handler_ok(k->q.handler);
    requires 1 <= e->length <= 4;
    requires e->kind != U8GUARD_DISALLOWED ==>
               e->length <= 3 && \valid_read(src + (0 .. e->length - 1));
    requires e->kind == U8GUARD_DISALLOWED && e->code_point > 0xFFFF ==> e->length == 4;
    requires k->o + u8g_stream_fx(k->q.handler, k->form, e->length) <= SIZE_MAX;
    requires u8g_room(k, u8g_stream_fx(k->q.handler, k->form, e->length));
    requires u8g_apart(k, u8g_stream_fx(k->q.handler, k->form, e->length), src, 0) &&
             u8g_apart_s(k, u8g_stream_fx(k->q.handler, k->form, e->length), s) &&
             u8g_apart_e(k, u8g_stream_fx(k->q.handler, k->form, e->length), e);
    assigns s->n_errors, k->o,
            ((uint8_t *)k->out)[k->o .. k->o + u8g_in(k->form, U8GUARD_FORM_UTF8, u8g_stream_fx(k->q.handler, k->form, e->length)) - 1],
            ((uint16_t *)k->out)[k->o .. k->o + u8g_in(k->form, U8GUARD_FORM_UTF16, u8g_stream_fx(k->q.handler, k->form, e->length)) - 1],
            ((uint32_t *)k->out)[k->o .. k->o + u8g_in(k->form, U8GUARD_FORM_UTF32, u8g_stream_fx(k->q.handler, k->form, e->length)) - 1];
    ensures \old(k->o) <= k->o <= \old(k->o) + u8g_stream_fx(k->q.handler, k->form, e->length);
    ensures k->out == \null ==> k->o == \old(k->o);
*/
static void report(u8guard_stream *s, struct sink *k, u8guard_error *e,
                   const uint8_t *src)
{
    uint32_t cps[12];
    uint8_t text[12 * 3];
    size_t m, i, t = 0;

    s->n_errors++;
    if (k->on_error)
        /*@ calls u8g_stream_on_error_model; */
        k->on_error(k->ctx, e);
    if (k->out == NULL)
        return;
    m = u8g_handle(k->q.handler, e, src, cps);
    if (k->form == U8GUARD_FORM_UTF8) {
        /*@ loop invariant 0 <= i <= m;
            loop invariant k->q.handler == U8GUARD_ESCAPE ==> t == i;
            loop invariant k->q.handler != U8GUARD_ESCAPE ==> m <= 1 && t <= 3 * i;
            loop assigns i, t, text[0 .. 35];
            loop variant m - i; */
        for (i = 0; i < m; i++) /* U+FFFD or ASCII */
            t += u8guard_encode(cps[i], text + t);
        emit(k, text, t);
        return;
    }
    /*@ loop invariant 0 <= i <= m && k->o == \at(k->o, LoopEntry) + i;
        loop invariant k->form == \at(k->form, LoopEntry);
        loop assigns i, k->o,
                     ((uint16_t *)k->out)[\at(k->o, LoopEntry) .. \at(k->o, LoopEntry) + u8g_in(\at(k->form, LoopEntry), U8GUARD_FORM_UTF16, m) - 1],
                     ((uint32_t *)k->out)[\at(k->o, LoopEntry) .. \at(k->o, LoopEntry) + u8g_in(\at(k->form, LoopEntry), U8GUARD_FORM_UTF32, m) - 1];
        loop variant m - i; */
    for (i = 0; i < m; i++, k->o++) { /* each below U+10000: one unit */
        if (k->form == U8GUARD_FORM_UTF16)
            ((uint16_t *)k->out)[k->o] = (uint16_t)cps[i];
        else
            ((uint32_t *)k->out)[k->o] = cps[i];
    }
}

/* Reports the error at src (stream offset s->offset), bytes src[0..avail)
 * known, that ends a clean stretch; returns its length. */
/*@ requires \valid(s) && \valid(k) && \separated(s, k) && k->kern == &u8g_scalar_kernels;
    requires k->on_error == \null || k->on_error == &u8g_stream_on_error_model;
    requires u8g_handler_ok(k->q.handler);
    requires avail >= 1 && \valid_read(src + (0 .. u8g_min(avail, 4) - 1));
    requires k->o + u8g_stream_fx(k->q.handler, k->form, u8g_min(avail, 4)) <= SIZE_MAX;
    requires u8g_room(k, u8g_stream_fx(k->q.handler, k->form, u8g_min(avail, 4))) && u8g_apart(k, u8g_stream_fx(k->q.handler, k->form, u8g_min(avail, 4)), src, 0) &&
             u8g_apart_s(k, u8g_stream_fx(k->q.handler, k->form, u8g_min(avail, 4)), s);
    assigns s->n_errors, k->o,
            ((uint8_t *)k->out)[k->o .. k->o + u8g_in(k->form, U8GUARD_FORM_UTF8, u8g_stream_fx(k->q.handler, k->form, u8g_min(avail, 4))) - 1],
            ((uint16_t *)k->out)[k->o .. k->o + u8g_in(k->form, U8GUARD_FORM_UTF16, u8g_stream_fx(k->q.handler, k->form, u8g_min(avail, 4))) - 1],
            ((uint32_t *)k->out)[k->o .. k->o + u8g_in(k->form, U8GUARD_FORM_UTF32, u8g_stream_fx(k->q.handler, k->form, u8g_min(avail, 4))) - 1];
    ensures 1 <= \result <= u8g_min(avail, 4);
    ensures \old(k->o) <= k->o <= \old(k->o) + u8g_stream_fx(k->q.handler, k->form, \result);
    ensures k->out == \null ==> k->o == \old(k->o);
    // Where no UTF8-char starts, the error is 1 byte or a proper prefix
    // (u8g_error_at's assumed contract: u8g_step's maximal subpart).
    ensures subpart: \old(u8g_bad(src, avail)) ==> \result == 1 || u8g_prefix{Pre}(src, \result);
*/
static size_t report_at(u8guard_stream *s, struct sink *k, const uint8_t *src,
                        size_t avail)
{
    u8guard_error e;

    u8g_error_at(&k->q, src, avail, (size_t)s->offset, &e);
    report(s, k, &e, src);
    return e.length;
}

/* Completes the pending sequence with bytes from data[0..len). Returns how
 * many bytes of data it used; leaves s->n_pending == 0 unless data ran out
 * before the sequence was decided (and the chunk is not final). */
/*@ requires \valid(s) && \valid(k) && \separated(s, k) && k->kern == &u8g_scalar_kernels;
    requires 1 <= s->n_pending <= 3 && u8g_prefix(&s->pending[0], s->n_pending);
    requires k->on_error == \null || k->on_error == &u8g_stream_on_error_model;
    requires u8g_handler_ok(k->q.handler);
    requires \valid_read(data + (0 .. len - 1));
    requires \separated(data + (0 .. len - 1), s, k);
    requires k->o + u8g_stream_fx(k->q.handler, k->form, u8g_min(s->n_pending + len, 4)) <= SIZE_MAX;
    requires u8g_room(k, u8g_stream_fx(k->q.handler, k->form, u8g_min(s->n_pending + len, 4))) &&
             u8g_apart(k, u8g_stream_fx(k->q.handler, k->form, u8g_min(s->n_pending + len, 4)), data, len) &&
             u8g_apart_s(k, u8g_stream_fx(k->q.handler, k->form, u8g_min(s->n_pending + len, 4)), s);
    assigns s->offset, s->pending[0 .. 2], s->n_pending, s->n_errors, k->o,
            ((uint8_t *)k->out)[k->o .. k->o + u8g_in(k->form, U8GUARD_FORM_UTF8, u8g_stream_fx(k->q.handler, k->form, u8g_min(s->n_pending + len, 4))) - 1],
            ((uint16_t *)k->out)[k->o .. k->o + u8g_in(k->form, U8GUARD_FORM_UTF16, u8g_stream_fx(k->q.handler, k->form, u8g_min(s->n_pending + len, 4))) - 1],
            ((uint32_t *)k->out)[k->o .. k->o + u8g_in(k->form, U8GUARD_FORM_UTF32, u8g_stream_fx(k->q.handler, k->form, u8g_min(s->n_pending + len, 4))) - 1];
    ensures s->n_pending <= 3;
    ensures s->n_pending != 0 ==> !final && \result == len;
    ensures kept: s->n_pending != 0 ==> u8g_prefix(&s->pending[0], s->n_pending);
    ensures used: \result <= len;
    ensures written: \old(k->o) <= k->o <= \old(k->o) + u8g_stream_fx(k->q.handler, k->form, \old(s->n_pending) + \result);
    ensures k->out == \null ==> k->o == \old(k->o);
*/
static size_t complete_pending(u8guard_stream *s, struct sink *k,
                               const uint8_t *data, size_t len, bool final)
{
    uint8_t buf[4];
    size_t have = s->n_pending, take = 4 - have, step, sub = 0;
    uint32_t cp;
    u8guard_kind kind = U8GUARD_OK;

    if (take > len)
        take = len;
    u8g_copy_small(buf, s->pending, have);
    u8g_copy_small(buf + have, data, take);
    /*@ assert buf[0] == s->pending[0]; */
    /*@ assert have >= 2 ==> buf[1] == s->pending[1]; */
    /*@ assert have >= 3 ==> buf[2] == s->pending[2]; */
    /*@ assert u8g_prefix(&buf[0], have); */
    step = u8g_step(buf, have + take, &cp, &kind, &sub);
    if (step != 0) { /* a whole character: at least one byte came from data */
        if (k->q.deny != 0 && (u8guard_class_of(cp) & k->q.deny) != 0)
            (void)report_at(s, k, buf, step);
        else
            emit(k, buf, step);
        s->offset += step;
        s->n_pending = 0;
        return step - have;
    }
    if (kind == U8GUARD_TRUNCATED && !final) { /* still undecided: keep it */
        u8g_copy_small(s->pending + have, data, take);
        /*@ assert s->pending[0] == buf[0]; */
        /*@ assert have + take >= 2 ==> s->pending[1] == buf[1]; */
        /*@ assert have == 1 && take >= 2 ==> s->pending[2] == data[1] && buf[2] == data[1]; */
        /*@ assert have == 2 && take >= 1 ==> s->pending[2] == data[0] && buf[2] == data[0]; */
        /*@ assert have == 3 ==> s->pending[2] == buf[2]; */
        /*@ assert have + take >= 3 ==> s->pending[2] == buf[2]; */
        s->n_pending = (unsigned char)(have + take);
        return take;
    }
    (void)report_at(s, k, buf, have + take); /* ill-formed: length sub */
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
/*@ requires \valid_read(p + (0 .. len - 1));
    assigns \nothing;
    ensures \result <= len && len - \result <= 3;
    ensures \result < len ==> p[\result] >= 0xC0;
*/
static size_t last_boundary(const uint8_t *p, size_t len)
{
    size_t j = len, k, need;

    /*@ loop invariant 0 <= k <= 3 && j == len - k;
        loop assigns j, k;
        loop variant 3 - k; */
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

/* Whether the errors can go to the kernel's error run (struct u8g_kernels'
 * error_run): no callback wants them one by one, no policy, and no output
 * or UTF-8 with U+FFFD for each error and room for a block of it (out_cap
 * is in bytes for UTF-8). */
/*@ requires \valid_read(k) && \valid_read(k->kern);
    assigns \nothing;
    ensures \result ==> k->on_error == \null && k->q.deny == 0 &&
              k->kern->error_run != \null;
    ensures \result && k->out != \null ==> k->form == U8GUARD_FORM_UTF8 &&
              k->q.handler == U8GUARD_REPLACE &&
              (size_t)(out_cap - k->o) >= U8G_RUN_OUT_MAX;
*/
static bool run_fits(const struct sink *k, size_t out_cap)
{
    if (k->on_error != NULL || k->q.deny != 0 || k->kern->error_run == NULL)
        return false;
    return k->out == NULL || (k->form == U8GUARD_FORM_UTF8 && k->q.handler == U8GUARD_REPLACE &&
                              out_cap - k->o >= U8G_RUN_OUT_MAX);
}

/* The size in bytes of a unit of each form. */
/*@ assigns \nothing;
    ensures \result == (form == U8GUARD_FORM_UTF32 ? 4 : form == U8GUARD_FORM_UTF16 ? 2 : 1);
*/
static size_t unit_of(unsigned form)
{
    return form == U8GUARD_FORM_UTF32 ? 4 : form == U8GUARD_FORM_UTF16 ? 2 : 1;
}

/* Sets *need to the out_cap, in units of s's form, that a chunk of len
 * bytes needs; returns false when that does not fit a size_t. */
/*@ requires \valid_read(s) && \valid(need);
    assigns *need;
    ensures \result <==> u8g_stream_f(s->handler, s->form) * (len + 3) <= SIZE_MAX;
    ensures \result ==> *need == u8g_stream_f(s->handler, s->form) * (len + 3);
    ensures \result ==> *need == u8g_stream_fx(s->handler, s->form, len + 3);
*/
static bool out_need(const u8guard_stream *s, size_t len, size_t *need)
{
    size_t f;

    /* Per byte completed: U+FFFD is 3 UTF-8 bytes, a character at most
     * one unit per byte; an escape at most 6 characters (6 for a 1-byte
     * character, 4 per ill-formed byte, 10 for a 4-byte character). */
    f = s->handler == U8GUARD_ESCAPE ? 6 : s->form == U8GUARD_FORM_UTF8 ? 3 : 1;
    if (len > SIZE_MAX / f - 3)
        return false;
    *need = f * (len + 3);
    return true;
}

/*@ requires s == \null || \valid_read(s);
    assigns \nothing;
    ensures s == \null ==> \result == SIZE_MAX;
    ensures s != \null ==>
              \result == u8g_min(u8g_stream_f(s->handler, s->form) * (len + 3), SIZE_MAX);
*/
size_t u8guard_stream_out_max(const u8guard_stream *s, size_t len)
{
    size_t need;

    if (s == NULL || !out_need(s, len, &need))
        return SIZE_MAX;
    return need;
}

/* The error (or the start of a sequence the chunk cuts off) at
 * p[0..avail), the chunk's rest, past a clean stretch. Keeps the rest
 * pending when it is a truncated sequence and more may come; else reports
 * the error. Returns the bytes used: the error's length, or avail when
 * they are kept. */
/*@ requires \valid(s) && \valid(k) && \separated(s, k) && k->kern == &u8g_scalar_kernels;
    requires k->on_error == \null || k->on_error == &u8g_stream_on_error_model;
    requires u8g_handler_ok(k->q.handler);
    requires s->n_pending == 0;
    requires avail >= 1 && \valid_read(p + (0 .. avail - 1));
    requires \separated(p + (0 .. avail - 1), s, k);
    requires k->o + u8g_stream_fx(k->q.handler, k->form, u8g_min(avail, 4)) <= SIZE_MAX;
    requires u8g_room(k, u8g_stream_fx(k->q.handler, k->form, u8g_min(avail, 4))) &&
             u8g_apart(k, u8g_stream_fx(k->q.handler, k->form, u8g_min(avail, 4)), p, 0) &&
             u8g_apart_s(k, u8g_stream_fx(k->q.handler, k->form, u8g_min(avail, 4)), s);
    assigns s->offset, s->pending[0 .. 2], s->n_pending, s->n_errors, k->o,
            ((uint8_t *)k->out)[k->o .. k->o + u8g_in(k->form, U8GUARD_FORM_UTF8, u8g_stream_fx(k->q.handler, k->form, u8g_min(avail, 4))) - 1],
            ((uint16_t *)k->out)[k->o .. k->o + u8g_in(k->form, U8GUARD_FORM_UTF16, u8g_stream_fx(k->q.handler, k->form, u8g_min(avail, 4))) - 1],
            ((uint32_t *)k->out)[k->o .. k->o + u8g_in(k->form, U8GUARD_FORM_UTF32, u8g_stream_fx(k->q.handler, k->form, u8g_min(avail, 4))) - 1];
    ensures 1 <= \result <= avail;
    ensures s->n_pending <= 3;
    ensures s->n_pending != 0 ==> !final && \result == avail;
    ensures kept: s->n_pending != 0 ==> u8g_prefix(&s->pending[0], s->n_pending);
    ensures written: \old(k->o) <= k->o <= \old(k->o) + u8g_stream_fx(k->q.handler, k->form, \result);
    ensures k->out == \null ==> k->o == \old(k->o);
*/
static size_t feed_error(u8guard_stream *s, struct sink *k, const uint8_t *p,
                         size_t avail, bool final)
{
    u8guard_error e;
    size_t n;

    u8g_classify(p, avail, 0, &e);
    if (e.kind == U8GUARD_TRUNCATED && !final) { /* wait for more */
        /* 1..3 bytes (a truncated sequence); the bound tells the
         * compiler they fit pending. */
        u8g_copy_small(s->pending, p, avail < 3 ? avail : 3);
        /*@ assert s->pending[0] == p[0]; */
        /*@ assert avail >= 2 ==> s->pending[1] == p[1]; */
        /*@ assert avail >= 3 ==> s->pending[2] == p[2]; */
        s->n_pending = (unsigned char)avail;
        return avail;
    }
    n = report_at(s, k, p, avail);
    s->offset += n;
    return n;
}

/*@ // k's output has room for units [0 .. n) of its form, which share no
    // byte with p[0..len), *k and *s (u8g_room and the u8g_apart
    // predicates, from the start of the output rather than from k->o).
    predicate u8g_out_ok{L}(struct sink *k, integer n, uint8_t *p, integer len,
                            u8guard_stream *s) =
      k->out == \null ||
      (k->form == U8GUARD_FORM_UTF16 ?
         \valid((uint16_t *)k->out + (0 .. n - 1)) &&
         \separated((uint16_t *)k->out + (0 .. n - 1), p + (0 .. len - 1), k, s) :
       k->form == U8GUARD_FORM_UTF32 ?
         \valid((uint32_t *)k->out + (0 .. n - 1)) &&
         \separated((uint32_t *)k->out + (0 .. n - 1), p + (0 .. len - 1), k, s) :
         \valid((uint8_t *)k->out + (0 .. n - 1)) &&
         \separated((uint8_t *)k->out + (0 .. n - 1), p + (0 .. len - 1), k, s));
*/

/* Decodes p[i..len) with nothing pending: clean stretches in one call
 * each, errors one at a time (or a block at a time where the kernel has
 * an error run and nobody asks for each), and at the end of a chunk that
 * is not final the start of a character it cuts off kept pending. */
/*@ requires \valid(s) && \valid(k) && \separated(s, k) && k->kern == &u8g_scalar_kernels;
    requires k->on_error == \null || k->on_error == &u8g_stream_on_error_model;
    requires u8g_handler_ok(k->q.handler);
    requires s->n_pending == 0 && k->form <= U8GUARD_FORM_UTF32;
    requires i <= len && \valid_read(p + (0 .. len - 1));
    requires \separated(p + (0 .. len - 1), s, k);
    requires k->out != \null ==> u8g_stream_fx(k->q.handler, k->form, len + 3) <= SIZE_MAX;
    requires k->out == \null ==> k->o == 0;
    requires k->o <= u8g_stream_fx(k->q.handler, k->form, i + 3);
    requires u8g_out_ok(k, u8g_stream_fx(k->q.handler, k->form, len + 3), p, len, s);
    assigns s->offset, s->pending[0 .. 2], s->n_pending, s->n_errors, k->o,
            ((uint8_t *)k->out)[0 .. u8g_in(k->form, U8GUARD_FORM_UTF8, u8g_stream_fx(k->q.handler, k->form, len + 3)) - 1],
            ((uint16_t *)k->out)[0 .. u8g_in(k->form, U8GUARD_FORM_UTF16, u8g_stream_fx(k->q.handler, k->form, len + 3)) - 1],
            ((uint32_t *)k->out)[0 .. u8g_in(k->form, U8GUARD_FORM_UTF32, u8g_stream_fx(k->q.handler, k->form, len + 3)) - 1];
    ensures s->n_pending <= 3;
    ensures s->n_pending != 0 ==> !final;
    ensures kept: s->n_pending != 0 ==> u8g_prefix(&s->pending[0], s->n_pending);
    ensures written: \old(k->o) <= k->o <= u8g_stream_fx(k->q.handler, k->form, len + 3);
    ensures k->out == \null ==> k->o == \old(k->o);
*/
static void feed_chunk(u8guard_stream *s, struct sink *k, const uint8_t *p,
                       size_t i, size_t len, bool final, size_t out_cap)
{
    size_t n, cut, end;
    bool lazy;

    /* Where the chunk's last whole character ends. The one-pass copy
     * needs it first (it must not store the bytes of a character the
     * stream keeps pending); the validator does not: it is given the
     * whole chunk and stops before a character the end cuts off, found
     * in its own last block, and the cut is looked for only when it
     * stops short. Reading the chunk's last byte first was a cache
     * miss on the way of every chunk (bench/README.md, "third pass"). */
    lazy = !final && !(k->out != NULL && k->form == U8GUARD_FORM_UTF8 && k->q.deny == 0 &&
                       k->kern->copy_prefix != NULL);
    cut = final || lazy ? len : last_boundary(p, len);
    /* The proof's scalar kernels have neither, so WP skips those branches. */
    /*@ assert k->kern->copy_prefix == \null && k->kern->error_run == \null; */
    /*@ loop invariant \at(i, Pre) <= i <= len && cut <= len;
        loop invariant s->n_pending <= 3;
        loop invariant s->n_pending != 0 ==> i == len && !final &&
                         u8g_prefix(&s->pending[0], s->n_pending);
        loop invariant \at(k->o, Pre) <= k->o <= u8g_stream_fx(k->q.handler, k->form, i + 3);
        loop invariant k->out == \null ==> k->o == \at(k->o, Pre);
        loop invariant k->form == \at(k->form, Pre) && k->q.handler == \at(k->q.handler, Pre);
        loop invariant u8g_out_ok(k, u8g_stream_fx(k->q.handler, k->form, len + 3), p, len, s);
        loop assigns i, n, end, cut, lazy, s->offset, s->pending[0 .. 2], s->n_pending,
                     s->n_errors, k->o,
                     ((uint8_t *)k->out)[0 .. u8g_in(\at(k->form, Pre), U8GUARD_FORM_UTF8, u8g_stream_fx(\at(k->q.handler, Pre), \at(k->form, Pre), len + 3)) - 1],
                     ((uint16_t *)k->out)[0 .. u8g_in(\at(k->form, Pre), U8GUARD_FORM_UTF16, u8g_stream_fx(\at(k->q.handler, Pre), \at(k->form, Pre), len + 3)) - 1],
                     ((uint32_t *)k->out)[0 .. u8g_in(\at(k->form, Pre), U8GUARD_FORM_UTF32, u8g_stream_fx(\at(k->q.handler, Pre), \at(k->form, Pre), len + 3)) - 1];
        loop variant len - i; */
    while (i < len) {
        end = i < cut ? cut : len;
        if (i == cut) {
            /* p[cut..len) is a lead byte and fewer continuations than
             * it needs (last_boundary; the chunk is not final): no
             * valid prefix, and no kernel call to find that out (its
             * set-up is a cost per chunk). */
            n = 0;
        } else if (k->out != NULL && k->form == U8GUARD_FORM_UTF8 && k->q.deny == 0 &&
                   k->kern->copy_prefix != NULL) {
            /* Validated and copied in one pass (out_cap >= 3 * len). */
            n = k->kern->copy_prefix(p + i, end - i, (uint8_t *)k->out + k->o);
            k->o += n;
        } else {
            n = u8g_clean_prefix(k->kern, &k->q, p + i, end - i);
            emit(k, p + i, n);
            /* For the loop invariant: the output is apart from *s and *k. */
            /*@ assert s->n_pending == 0 && k->form == \at(k->form, Pre) &&
                       k->q.handler == \at(k->q.handler, Pre); */
        }
        i += n;
        s->offset += n;
        if (i == len)
            break;
        if (lazy) { /* the kernel stopped short of the chunk's end */
            lazy = false;
            cut = last_boundary(p, len); /* i <= cut: a valid prefix is whole */
        } else if (i == end) { /* stopped at the cut, not at an error */
            continue;
        }
        /* Nobody asks for each error: error-dense text 64 bytes at a
         * time (kernels/error_scan.h), up to the cut, where a unit
         * never straddles (last_boundary). */
        if (i < cut && run_fits(k, out_cap)) {
            struct u8g_run r = {(uint8_t *)k->out, out_cap, k->o, 0, 0};

            n = k->kern->error_run(p + i, cut - i, &r);
            k->o = r.written;
            s->n_errors += r.errors;
            s->offset += n;
            i += n;
            continue;
        }
        i += feed_error(s, k, p + i, len - i, final); /* i == len when kept */
        /*@ assert k->form == \at(k->form, Pre) && k->q.handler == \at(k->q.handler, Pre); */
    }
}

/*@ // out holds n units of the form, apart from p[0..len) and *s: what
    // the feed requires of an output, instead of relying on its own
    // u8g_overlap checks, which compare byte ranges (doc/proofs.md).
    predicate u8g_feed_out{L}(integer form, void *out, integer n, uint8_t *p,
                              integer len, u8guard_stream *s) =
      form == U8GUARD_FORM_UTF16 ?
        \valid((uint16_t *)out + (0 .. n - 1)) &&
        \separated((uint16_t *)out + (0 .. n - 1), p + (0 .. len - 1), s) :
      form == U8GUARD_FORM_UTF32 ?
        \valid((uint32_t *)out + (0 .. n - 1)) &&
        \separated((uint32_t *)out + (0 .. n - 1), p + (0 .. len - 1), s) :
        \valid((uint8_t *)out + (0 .. n - 1)) &&
        \separated((uint8_t *)out + (0 .. n - 1), p + (0 .. len - 1), s);

    // The units the feed may write: out_cap with an output; without one,
    // the helpers' ranges (written as if from a NULL base, never written).
    logic integer u8g_feed_cap{L}(u8guard_stream *s, void *out, integer out_cap,
                                  integer len) =
      out == \null ? u8g_stream_fx(s->handler, s->form, len + 3) : out_cap;
*/
/*@ requires s == \null || (\valid(s) && u8g_stream_ok(s));
    requires data == \null || \valid_read((uint8_t *)data + (0 .. len - 1));
    requires s != \null ==> \separated((uint8_t *)data + (0 .. len - 1), s);
    requires on_error == \null || on_error == &u8g_stream_on_error_model;
    requires s != \null && out != \null ==>
               u8g_feed_out(s->form, out, out_cap, (uint8_t *)data, len, s);
    assigns s->offset, s->pending[0 .. 2], s->n_pending, s->n_errors, s->finished,
            ((uint8_t *)out)[0 .. u8g_in(s->form, U8GUARD_FORM_UTF8, u8g_feed_cap(s, out, out_cap, len)) - 1],
            ((uint16_t *)out)[0 .. u8g_in(s->form, U8GUARD_FORM_UTF16, u8g_feed_cap(s, out, out_cap, len)) - 1],
            ((uint32_t *)out)[0 .. u8g_in(s->form, U8GUARD_FORM_UTF32, u8g_feed_cap(s, out, out_cap, len)) - 1];
    ensures s == \null ==> \result == SIZE_MAX;
    ensures kept: s != \null ==> u8g_stream_ok(s);
    ensures bound: \result == SIZE_MAX ||
              \result <= u8g_stream_fx(\old(s->handler), \old(s->form), len + 3);
    ensures \result == SIZE_MAX || out != \null || \result == 0;
    ensures \result == SIZE_MAX || out == \null || \result <= out_cap;
*/
size_t u8guard_stream_feed(u8guard_stream *s, const void *data, size_t len,
                           bool final, u8guard_error_fn on_error, void *ctx,
                           void *out, size_t out_cap)
{
    const uint8_t *p = data;
    struct sink k;
    u8guard_policy pol;
    size_t i = 0, need, out_bytes;

    if (s == NULL || s->finished || (p == NULL && len != 0))
        return SIZE_MAX;
    if (out != NULL && (!out_need(s, len, &need) || out_cap < need))
        return SIZE_MAX;
    /* Output over the chunk, or over the stream object itself (the
     * pending bytes), would be overwritten before it is read. */
    out_bytes = u8g_mul_sat(out_cap, unit_of(s->form));
    if (out != NULL && (u8g_overlap(p, len, out, out_bytes) ||
                        u8g_overlap(s, sizeof *s, out, out_bytes)))
        return SIZE_MAX;
    pol.deny = s->deny;
    pol.handler = (u8guard_handler)s->handler;
    (void)u8g_policy_init(&k.q, &pol); /* checked by u8guard_stream_init_with */
    k.on_error = on_error;
    k.ctx = ctx;
    k.out = out;
    k.o = 0;
    k.form = (u8guard_form)s->form;
    k.kern = u8g_active();
    /* Steps for the proof: the sink is the stream's, the stream's policy
     * and form stay, and the units written stay within the bound. */
    /*@ assert k.form == \at(s->form, Pre) && k.q.handler == \at(s->handler, Pre) && k.out == out; */
    if (s->n_pending != 0 && (len != 0 || final))
        i = complete_pending(s, &k, p, len, final);
    /*@ assert i <= len && k.o <= u8g_stream_fx(k.q.handler, k.form, i + 3); */
    /*@ assert k.form == \at(s->form, Pre) && k.q.handler == \at(s->handler, Pre) && k.out == out; */
    /*@ assert s->form == \at(s->form, Pre) && s->handler == \at(s->handler, Pre) &&
               s->deny == \at(s->deny, Pre); */
    /*@ assert out != \null ==> u8g_stream_fx(k.q.handler, k.form, len + 3) <= out_cap; */
    /*@ assert u8g_out_ok(&k, u8g_stream_fx(k.q.handler, k.form, len + 3), p, len, s); */
    if (s->n_pending == 0)
        feed_chunk(s, &k, p, i, len, final, out_cap);
    /*@ assert k.o <= u8g_stream_fx(\at(s->handler, Pre), \at(s->form, Pre), len + 3); */
    /*@ assert out == \null ==> k.o == 0; */
    /*@ assert s->form == \at(s->form, Pre) && s->handler == \at(s->handler, Pre) &&
               s->deny == \at(s->deny, Pre); */
    /*@ assert u8g_stream_ok(s); */
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

/* U8G_STREAM_ZERO(s) sets every member of *s to zero: memset. The proof
 * build's is a function that zeroes each member (doc/proofs.md,
 * "Assumptions"): Frama-C's libc writes memset's contract on char, which
 * WP's typed memory model does not relate to the stream's members (as for
 * memcpy, kernels/copy.h); that memset zeroes every member is the
 * assumption. */
#ifdef __FRAMAC__
/*@ predicate u8g_stream_zero{L}(u8guard_stream *s) =
      s->offset == 0 && s->pending[0] == 0 && s->pending[1] == 0 &&
      s->pending[2] == 0 && s->n_pending == 0 && s->finished == 0 &&
      s->handler == 0 && s->form == 0 && s->reserved0_ == 0 &&
      s->n_errors == 0 && s->deny == 0 && s->reserved1_ == 0 &&
      s->reserved_[0] == 0 && s->reserved_[1] == 0 &&
      s->reserved_[2] == 0 && s->reserved_[3] == 0;
*/
/*@ requires \valid(s);
    assigns *s;
    ensures u8g_stream_zero(s);
*/
static void u8g_stream_zero_model(u8guard_stream *s)
{
    s->offset = 0;
    s->pending[0] = s->pending[1] = s->pending[2] = 0;
    s->n_pending = s->finished = s->handler = s->form = s->reserved0_ = 0;
    s->n_errors = 0;
    s->deny = s->reserved1_ = 0;
    s->reserved_[0] = s->reserved_[1] = s->reserved_[2] = s->reserved_[3] = 0;
}
#define U8G_STREAM_ZERO(s) u8g_stream_zero_model(s)
#else
#define U8G_STREAM_ZERO(s) memset((s), 0, sizeof *(s))
#endif

/*@ requires s == \null || \valid(s);
    assigns *s;
    ensures s != \null ==> u8g_stream_ok(s) && u8g_stream_zero(s);
*/
void u8guard_stream_init(u8guard_stream *s)
{
    if (s)
        U8G_STREAM_ZERO(s);
}

/*@ requires s == \null || \valid(s);
    requires p == \null || (\valid_read(p) && \separated(p, s));
    assigns *s;
    ensures s != \null ==> u8g_stream_ok(s) && s->offset == 0 &&
              s->n_pending == 0 && s->n_errors == 0;
*/
void u8guard_stream_init_with(u8guard_stream *s, const u8guard_policy *p,
                              u8guard_form form)
{
    struct u8g_policy q;

    if (s == NULL)
        return;
    U8G_STREAM_ZERO(s);
    if (!u8g_policy_init(&q, p) || (unsigned)form > (unsigned)U8GUARD_FORM_UTF32) {
        s->finished = 1; /* refused: every feed returns SIZE_MAX */
        return;
    }
    s->deny = q.deny;
    s->handler = (unsigned char)q.handler;
    s->form = (unsigned char)form;
}

/*@ requires s == \null || \valid_read(s);
    assigns \nothing;
    ensures s == \null ==> \result == 0;
    ensures s != \null ==> \result == (uint64_t)(s->offset + s->n_pending);
*/
uint64_t u8guard_stream_position(const u8guard_stream *s)
{
    return s ? s->offset + s->n_pending : 0;
}

/*@ requires s == \null || \valid_read(s);
    assigns \nothing;
    ensures \result == (s == \null ? 0 : s->n_errors);
*/
uint64_t u8guard_stream_error_count(const u8guard_stream *s)
{
    return s ? s->n_errors : 0;
}
