/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* eval.c -- runs a decoder on one input or a batch, compares each answer
 * with u8guard's, sorts inputs into error classes, and shrinks the inputs
 * that show a difference. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "support/poll_wait.h"
#include "u8guard.h"

static const char *const class_names[CLASS_COUNT] = {
    "valid", "special", "overlong", "surrogate", "too_large",
    "unexpected", "bad_cont", "truncated", "cesu-8", "5/6-byte", "block"};

const char *audit_class_name(int c)
{
    return c >= 0 && c < CLASS_COUNT ? class_names[c] : "?";
}

/* Returns true when data[0..len) contains a CESU-8 surrogate pair. */
static bool has_cesu_pair(const uint8_t *d, size_t len)
{
    for (size_t i = 0; i + 6 <= len; i++)
        if (d[i] == 0xED && d[i + 1] >= 0xA0 && d[i + 1] <= 0xAF &&
            (d[i + 2] & 0xC0) == 0x80 && d[i + 3] == 0xED &&
            d[i + 4] >= 0xB0 && (d[i + 5] & 0xC0) == 0x80)
            return true;
    return false;
}

/* Returns true when valid data[0..len) holds U+0000 or a noncharacter
 * (U+FDD0..U+FDEF and the last two code points of every plane, U+10FFFF
 * among them): the library's classes nul and noncharacter, denied. */
static bool has_special(const uint8_t *d, size_t len)
{
    static const u8guard_policy special = {
        U8GUARD_CLASS_NUL | U8GUARD_CLASS_NONCHARACTER, U8GUARD_REPLACE};

    return !u8guard_validate_with(d, len, &special, NULL);
}

int audit_classify(const uint8_t *data, size_t len)
{
    u8guard_error e;
    size_t m;

    if (u8guard_validate(data, len, &e))
        return has_special(data, len) ? CLASS_SPECIAL_VALID : CLASS_VALID;
    for (size_t i = 0; i < len; i++)
        if (data[i] >= 0xF8 && data[i] <= 0xFD)
            return CLASS_FIVE_SIX;
    if (has_cesu_pair(data, len))
        return CLASS_CESU8;
    /* An error at, or a sequence straddling, a 16-byte block boundary (so
     * also 32 and 64): where vector kernels hand over between blocks. An
     * error is at most 3 bytes long, so one that reaches the boundary
     * starts at 13 or later in its block; one in the last 3 bytes of a
     * block counts too (its next byte starts the next block). */
    m = e.offset % 16;
    if ((m == 0 && e.offset != 0) || m >= 13)
        return CLASS_BLOCK_BOUNDARY;
    switch (e.kind) {
    case U8GUARD_OVERLONG: return CLASS_OVERLONG;
    case U8GUARD_SURROGATE: return CLASS_SURROGATE;
    case U8GUARD_TOO_LARGE: return CLASS_TOO_LARGE;
    case U8GUARD_UNEXPECTED_CONTINUATION: return CLASS_UNEXPECTED_CONTINUATION;
    case U8GUARD_BAD_CONTINUATION: return CLASS_BAD_CONTINUATION;
    case U8GUARD_TRUNCATED: return CLASS_TRUNCATED;
    default: return CLASS_VALID;
    }
}

/* Returns one when n is 1, else many. */
static const char *plural(size_t n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

char *audit_describe_ours(const uint8_t *data, size_t len, char *buf, size_t cap)
{
    u8guard_error e;

    if (u8guard_validate(data, len, &e)) {
        size_t n = 0;
        for (size_t i = 0; i < len; i++)
            n += (data[i] & 0xC0) != 0x80;
        snprintf(buf, cap, "valid (%zu %s)", n, plural(n, "code point", "code points"));
    } else {
        size_t errors = u8guard_count_errors(data, len);
        snprintf(buf, cap, "invalid: first error %zu/%zu %s (%zu %s)",
                 e.offset, e.length, u8guard_kind_name(e.kind), errors,
                 plural(errors, "error", "errors"));
    }
    return buf;
}

/* Appends fmt's text to the string in buf[0..cap) (cap > 0), cut short
 * at the end of buf. No description comes near its buffer's end: one
 * verdict is at most 129 bytes ("rejects at offset N (N code points
 * before)" with 20-digit numbers and four 8-digit code points, then
 * " ..."), a window or a replacement output at most 120 more, and the
 * answers' buffers (audit.h) hold 320 or 480. */
__attribute__((format(printf, 3, 4)))
static void appendf(char *buf, size_t cap, const char *fmt, ...)
{
    size_t used = strlen(buf);
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(buf + used, cap - used, fmt, ap);
    va_end(ap);
}

/* Writes a decoder's verdict v on an input of len bytes, for people; a
 * sandboxed decoder's fault as its runner describes it. */
static void describe_theirs(const audit_decoder *d, const oracle_verdict *v,
                            plugin_fault f, char *buf, size_t cap)
{
    if (f != PLUGIN_FAULT_NONE && d->plugin != NULL && *plugin_runner_detail(d->plugin) != '\0') {
        snprintf(buf, cap, "%s", plugin_runner_detail(d->plugin));
        return;
    }
    /* The strict call went well, so the fault is the replacing mode's. */
    if (f != PLUGIN_FAULT_NONE && d->repl != NULL) {
        snprintf(buf, cap, "replacing mode: %s",
                 *d->repl_note != '\0' ? d->repl_note : plugin_runner_detail(d->repl));
        return;
    }
    switch (v->status) {
    case ORACLE_OK:
        break;
    case ORACLE_OVERREAD:
        snprintf(buf, cap, "out-of-bounds read (%s)", sandbox_signal_name(v->signal));
        return;
    case ORACLE_CRASHED:
        snprintf(buf, cap, "crash (%s: %s)", sandbox_signal_name(v->signal),
                 strsignal(v->signal));
        return;
    case ORACLE_HUNG:
        snprintf(buf, cap, "hang (killed after the timeout)");
        return;
    default:
        snprintf(buf, cap, "could not be run");
        return;
    }
    if (v->accepted) {
        snprintf(buf, cap, "accepts (%zu %s)", v->n_cps,
                 plural(v->n_cps, "code point", "code points"));
    } else if (v->err_offset == ORACLE_UNKNOWN) {
        snprintf(buf, cap, "rejects (offset unknown, %zu %s before)",
                 v->n_cps, plural(v->n_cps, "code point", "code points"));
    } else {
        snprintf(buf, cap, "rejects at offset %zu (%zu %s before)",
                 v->err_offset, v->n_cps, plural(v->n_cps, "code point", "code points"));
    }
    if (v->n_cps > 0) { /* the first four code points */
        size_t show = v->n_cps < 4 ? v->n_cps : 4;
        for (size_t i = 0; i < show; i++)
            appendf(buf, cap, "%sU+%04X", i ? " " : ": ", (unsigned)v->cps[i]);
        if (show < v->n_cps)
            appendf(buf, cap, " ...");
    }
}

/* Appends "; replacement output: U+.... ..." (the first few code points
 * of cps[0..n)) to buf[0..cap). */
static void append_repl(char *buf, size_t cap, const uint32_t *cps, size_t n)
{
    size_t show = n < 6 ? n : 6;

    appendf(buf, cap, "; replacement output:%s", n ? "" : " (none)");
    for (size_t i = 0; i < show; i++)
        appendf(buf, cap, " U+%04X", (unsigned)cps[i]);
    if (show < n)
        appendf(buf, cap, " ...");
}

/* Appends "; code points K..: U+.... ..." to buf[0..cap): cps[from..to)
 * of cps[0..n), "end" where they run out, [brackets] around index at. */
static void append_window(char *buf, size_t cap, const uint32_t *cps, size_t n,
                          size_t from, size_t to, size_t at)
{
    appendf(buf, cap, "; code points %zu..:", from);
    for (size_t i = from; i < to; i++) {
        if (i >= n) {
            appendf(buf, cap, i == at ? " [end]" : " end");
            return;
        }
        appendf(buf, cap, i == at ? " [U+%04X]" : " U+%04X", (unsigned)cps[i]);
    }
    if (to < n)
        appendf(buf, cap, " ...");
}

/* For "decoded code points differ": appends both answers around the first
 * differing code point (two before it, three after) to ours and theirs. */
static void show_difference(audit_result *r, const oracle_verdict *ours,
                            const oracle_verdict *theirs)
{
    size_t k = 0, from, to;

    while (k < ours->n_cps && k < theirs->n_cps && ours->cps[k] == theirs->cps[k])
        k++;
    from = k > 2 ? k - 2 : 0;
    to = k + 4;
    append_window(r->ours, sizeof r->ours, ours->cps, ours->n_cps, from, to, k);
    append_window(r->theirs, sizeof r->theirs, theirs->cps, theirs->n_cps, from, to, k);
}

/* Compares verdict theirs of decoder d on data[0..len) (whose call ended
 * with fault f) with u8guard's and fills *r, the answers described for
 * people (r->ours, r->theirs) unless they agree and describe_agreement is
 * false. ours is scratch with ORACLE_ROOM(len) code points of room in cps
 * and in repl. */
static void judge(const audit_decoder *d, const uint8_t *data, size_t len,
                  oracle_verdict *ours, const oracle_verdict *theirs,
                  plugin_fault f, audit_result *r, bool describe_agreement)
{
    const char *why = NULL;

    memset(r, 0, sizeof *r);
    r->fault = f;
    oracle_reference(data, len, ours);
    r->outcome = oracle_compare(d->o, data, len, ours, theirs,
                                &r->divergence, &why);
    if (r->outcome == ORACLE_AGREE && !describe_agreement)
        return;
    audit_describe_ours(data, len, r->ours, sizeof r->ours);
    describe_theirs(d, theirs, f, r->theirs, sizeof r->theirs);
    if (r->outcome == ORACLE_DISAGREE) {
        if (f != PLUGIN_FAULT_NONE)
            snprintf(r->why, sizeof r->why, "%s", plugin_fault_name(f));
        else
            snprintf(r->why, sizeof r->why, "%s", why ? why : "differs");
    }
    if (r->outcome == ORACLE_DISAGREE &&
        strcmp(r->why, "decoded code points differ") == 0)
        show_difference(r, ours, theirs);
    /* A difference in the replacement output is not in the strict
     * answers: show it (the known divergences are all of this kind). */
    if ((r->outcome == ORACLE_DISAGREE &&
         strcmp(r->why, "replacement output differs") == 0) ||
        (r->outcome == ORACLE_KNOWN_DIVERGENCE && theirs->has_repl)) {
        append_repl(r->ours, sizeof r->ours, ours->repl, ours->n_repl);
        append_repl(r->theirs, sizeof r->theirs, theirs->repl, theirs->n_repl);
    }
}

plugin_fault audit_decode_replacing(audit_decoder *d, const uint8_t *data,
                                    size_t len, oracle_verdict *v)
{
    oracle_verdict rv;
    plugin_fault f;

    memset(&rv, 0, sizeof rv);
    rv.cps = v->repl;
    d->repl_note[0] = '\0';
    f = plugin_runner_decode(d->repl, data, len, &rv);
    if (f == PLUGIN_FAULT_NONE && !rv.accepted) {
        /* The protocol's replacing mode always answers ok (doc/audit-exec.md,
         * doc/plugin-abi.md): a rejection is a result outside it. */
        snprintf(d->repl_note, sizeof d->repl_note,
                 "bad result: rejected the input instead of replacing");
        rv.status = ORACLE_FAILED;
        f = PLUGIN_FAULT_BAD_RESULT;
    }
    if (f != PLUGIN_FAULT_NONE) {
        v->status = rv.status;
        v->signal = rv.signal;
        return f;
    }
    v->has_repl = true;
    v->n_repl = rv.n_cps;
    return f;
}

/* audit_eval_batch, describing the agreements too when describe_agreement. */
static bool eval_batch(audit_decoder *d, const oracle_input *in, size_t n,
                       audit_result *r, bool describe_agreement)
{
    size_t total = 0, maxlen = 0, at = 0;
    oracle_verdict *v = calloc(n ? n : 1, sizeof *v), ours;
    plugin_fault *f = calloc(n ? n : 1, sizeof *f);
    uint32_t *buf, *scratch;
    bool batch_failed = false;

    for (size_t i = 0; i < n; i++) {
        total += 2 * ORACLE_ROOM(in[i].len);
        if (in[i].len > maxlen)
            maxlen = in[i].len;
    }
    buf = malloc((total + 2 * ORACLE_ROOM(maxlen)) * sizeof *buf);
    if (v == NULL || f == NULL || buf == NULL)
        goto out_of_memory;
    /* Each verdict gets its room, strict and replacement; u8guard's
     * verdict reuses one scratch pair. */
    for (size_t i = 0; i < n; i++) {
        v[i].cps = buf + at;
        v[i].repl = buf + at + ORACLE_ROOM(in[i].len);
        at += 2 * ORACLE_ROOM(in[i].len);
    }
    scratch = buf + at;
    if (d->plugin) {
        for (size_t i = 0; i < n; i++) {
            f[i] = plugin_runner_decode(d->plugin, in[i].data, in[i].len, &v[i]);
            if (f[i] == PLUGIN_FAULT_NONE && d->repl != NULL)
                f[i] = audit_decode_replacing(d, in[i].data, in[i].len, &v[i]);
            if (f[i] == PLUGIN_FAULT_NOMEM) /* ours, not the decoder's: no verdict */
                goto out_of_memory;
        }
    } else if (d->o->run(in, n, v) != 0) {
        batch_failed = true;
    }
    for (size_t i = 0; i < n; i++) {
        if (batch_failed) {
            v[i].status = ORACLE_FAILED;
            f[i] = PLUGIN_FAULT_IO;
        }
        memset(&ours, 0, sizeof ours);
        ours.cps = scratch;
        ours.repl = scratch + ORACLE_ROOM(in[i].len);
        judge(d, in[i].data, in[i].len, &ours, &v[i], f[i], &r[i], describe_agreement);
    }
    free(v);
    free(f);
    free(buf);
    return true;
out_of_memory:
    free(v);
    free(f);
    free(buf);
    return false;
}

bool audit_eval(audit_decoder *d, const uint8_t *data, size_t len,
                audit_result *r)
{
    oracle_input in = {data, len};

    return eval_batch(d, &in, 1, r, true);
}

bool audit_eval_batch(audit_decoder *d, const oracle_input *in, size_t n,
                      audit_result *r)
{
    return eval_batch(d, in, n, r, false);
}

/* A shrinking session: the decoder, the disagreement to keep, and the
 * budgets. A hanging plugin costs a whole timeout per evaluation that
 * still hangs, so those are counted apart and bounded. */
typedef struct shrinker {
    audit_decoder *d;
    const char *why;
    unsigned evals, max_evals, hangs;
    uint8_t *cand;
    bool oom; /* an evaluation ran out of memory: shrinking stops */
} shrinker;

/* At most this many evaluations that hang, per shrink. */
#define SHRINK_MAX_HANGS 4

/* Returns true when the budget is spent: evaluations, hangs, or the run's
 * time limit (the decoder's deadline); or when memory ran out. */
static bool spent(const shrinker *s)
{
    return s->oom || s->evals >= s->max_evals || s->hangs >= SHRINK_MAX_HANGS ||
           (s->d->deadline > 0 && monotonic_s() > s->d->deadline);
}

/* Returns true when the decoder still differs on s->cand[0..len) in the
 * same way: the same why of a disagreement, or the same id of a known
 * divergence; false when not, or when out of memory (s->oom set). */
static bool still_fails(shrinker *s, size_t len)
{
    oracle_input in = {s->cand, len};
    audit_result r;

    s->evals++;
    if (!audit_eval_batch(s->d, &in, 1, &r)) {
        s->oom = true;
        return false;
    }
    if (r.fault == PLUGIN_FAULT_HANG)
        s->hangs++;
    if (r.outcome == ORACLE_KNOWN_DIVERGENCE)
        return r.divergence != NULL && strcmp(r.divergence, s->why) == 0;
    return r.outcome == ORACLE_DISAGREE && strcmp(r.why, s->why) == 0;
}

/* Tries each window data[i..i+w) of width 1, then 2, ... up to 6 (the
 * longest ill-formed sequence the generator plants) on its own: most
 * findings are one sequence, and a window that does not fail is cheap even
 * for a plugin that hangs on the right one. Uses at most half the budget,
 * leaving the rest to ddmin. Returns true when one failed
 * (then data[0..*len) is that window). */
static bool shrink_windows(shrinker *s, uint8_t *data, size_t *len)
{
    for (size_t w = 1; w < *len && w <= 6; w++)
        for (size_t i = 0; i + w <= *len && !spent(s) &&
                           s->evals < s->max_evals / 2; i++) {
            memcpy(s->cand, data + i, w);
            if (still_fails(s, w)) {
                memcpy(data, s->cand, w);
                *len = w;
                return true;
            }
        }
    return false;
}

/* ddmin, complement side only: removes one of n chunks at a time while the
 * same disagreement persists, refining the chunks when none can go; ends
 * 1-minimal (no single byte can be removed) unless the budget runs out. */
static void shrink_ddmin(shrinker *s, uint8_t *data, size_t *len)
{
    size_t n = 2;

    while (*len > 0 && !spent(s)) {
        size_t chunk = (*len + n - 1) / n;
        bool removed = false;

        for (size_t start = 0; start < *len && !spent(s); start += chunk) {
            size_t stop = start + chunk < *len ? start + chunk : *len;
            size_t clen = *len - (stop - start);

            memcpy(s->cand, data, start);
            memcpy(s->cand + start, data + stop, *len - stop);
            if (still_fails(s, clen)) {
                memcpy(data, s->cand, clen);
                *len = clen;
                n = n > 2 ? n - 1 : 2;
                removed = true;
                break;
            }
        }
        if (removed)
            continue;
        if (chunk <= 1)
            break;
        n = n * 2 < *len ? n * 2 : *len;
    }
}

/* Tries removing each run of 2 to 4 adjacent bytes (one whole character,
 * which ddmin's halving chunks may never line up with), again after each
 * success. */
static void shrink_runs(shrinker *s, uint8_t *data, size_t *len)
{
    bool again = true;

    while (again && !spent(s)) {
        again = false;
        for (size_t w = 2; w <= 4 && !again; w++)
            for (size_t i = 0; i + w <= *len && *len > w && !again && !spent(s); i++) {
                memcpy(s->cand, data, i);
                memcpy(s->cand + i, data + i + w, *len - i - w);
                if (still_fails(s, *len - w)) {
                    memcpy(data, s->cand, *len - w);
                    *len -= w;
                    again = true;
                }
            }
    }
}

bool audit_shrink(audit_decoder *d, uint8_t *data, size_t *len, const char *why,
                  unsigned max_evals)
{
    shrinker s = {d, why, 0, max_evals, 0, malloc(*len + 1), false};

    if (s.cand == NULL)
        return false;
    /* Short inputs (and every plugin fault, where a failing evaluation may
     * cost a timeout) try the windows first; then ddmin makes the result
     * 1-minimal, and removing whole characters may take it further. */
    if (*len <= 128 || d->plugin != NULL)
        (void)shrink_windows(&s, data, len);
    shrink_ddmin(&s, data, len);
    shrink_runs(&s, data, len);
    shrink_ddmin(&s, data, len);
    free(s.cand);
    d->shrink_evals += s.evals;
    return !s.oom;
}
