/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* record_answers.c -- what u8guard and a decoder say about one input,
 * as the manifest's JSON objects, and how a decoder's answer is
 * classified.
 * Split out of record.c; see record.c for the regression corpus as a
 * whole and record_internal.h for what each shared helper returns. */
#include <stdlib.h>
#include <string.h>

#include "record_internal.h"
#include "support/sha256.h"
#include "u8guard.h"

/* Appends u8guard's answer on data[0..len) as a JSON object: verdict,
 * every error (or their SHA-256 when many), the first, the strict and the
 * replacement code points. Returns false when oracle_reference
 * (reference.c) and u8guard_next_error disagree with each other, which
 * would be a u8guard bug (the object is still written). */
bool sb_ours(sbuf *b, const uint8_t *data, size_t len)
{
    uint32_t *buf = malloc(2 * ORACLE_ROOM(len) * sizeof *buf);
    sbuf errs = {0};
    u8guard_error e, first = {0}; /* first: read only once an error was found */
    size_t pos = 0, count = 0;
    bool consistent;

    if (buf == NULL) {
        b->oom = true;
        return true;
    }
    oracle_verdict v = {.cps = buf, .repl = buf + ORACLE_ROOM(len)};
    oracle_reference(len ? data : (const uint8_t *)"", len, &v);
    while (u8guard_next_error(data, len, &pos, &e)) {
        if (count == 0)
            first = e;
        sb_printf(&errs, "%s%zu/%zu %s", count ? ", " : "", e.offset, e.length,
                  u8guard_kind_name(e.kind));
        count++;
    }
    consistent = v.accepted == (count == 0) &&
                 (count == 0 || v.err_offset == first.offset) &&
                 u8guard_count_errors(data, len) == count;
    sb_printf(b, "{\"valid\": %s, \"errors\": ", v.accepted ? "true" : "false");
    if (count == 0) {
        sb_printf(b, "\"valid\"");
    } else if (errs.len <= ERRORS_TEXT_MAX) {
        sb_str(b, sb_text(&errs));
    } else {
        char sha[65];
        sha256_hex((const uint8_t *)errs.s, errs.len, sha);
        sb_printf(b, "\"sha256:%s\"", sha);
    }
    b->oom |= errs.oom;
    free(errs.s);
    sb_printf(b, ", \"error_count\": %zu, \"first_error\": ", count);
    if (count == 0)
        sb_printf(b, "null");
    else
        sb_printf(b, "{\"offset\": %zu, \"length\": %zu, \"kind\": \"%s\"}",
                  first.offset, first.length, u8guard_kind_name(first.kind));
    sb_printf(b, ", \"n_cps\": %zu, \"cps\": ", v.n_cps);
    sb_cps(b, v.cps, v.n_cps);
    sb_printf(b, ", \"n_repl\": %zu, \"repl\": ", v.n_repl);
    sb_cps(b, v.repl, v.n_repl);
    sb_printf(b, "}");
    free(buf);
    return consistent;
}

/* Returns the manifest's name for verdict status s. */
static const char *status_name(int s)
{
    switch (s) {
    case ORACLE_OK: return "ok";
    case ORACLE_CRASHED: return "crashed";
    case ORACLE_OVERREAD: return "overread";
    case ORACLE_HUNG: return "hung";
    default: return "failed";
    }
}

/* Appends a decoder's verdict v as a JSON object: status, verdict, error
 * offset (null when it accepts, "unknown" when it cannot say), strict code
 * points and replacement output (null when it has no replacement mode). */
void sb_theirs(sbuf *b, const oracle_verdict *v)
{
    sb_printf(b, "{\"status\": \"%s\", \"signal\": %d", status_name(v->status),
              v->status == ORACLE_CRASHED || v->status == ORACLE_OVERREAD ? v->signal : 0);
    if (v->status != ORACLE_OK) {
        sb_printf(b, "}");
        return;
    }
    sb_printf(b, ", \"accepted\": %s, \"err_offset\": ", v->accepted ? "true" : "false");
    if (v->accepted)
        sb_printf(b, "null");
    else if (v->err_offset == ORACLE_UNKNOWN)
        sb_printf(b, "\"unknown\"");
    else
        sb_printf(b, "%zu", v->err_offset);
    sb_printf(b, ", \"n_cps\": %zu, \"cps\": ", v->n_cps);
    sb_cps(b, v->cps, v->n_cps);
    if (v->has_repl) {
        sb_printf(b, ", \"n_repl\": %zu, \"repl\": ", v->n_repl);
        sb_cps(b, v->repl, v->n_repl);
    } else {
        sb_printf(b, ", \"n_repl\": null, \"repl\": null");
    }
    sb_printf(b, "}");
}

/* Runs decoder d (available) on data[0..len) and fills *s (free
 * s->theirs.s after). Returns false when out of memory. */
bool decoder_says(audit_decoder *d, const uint8_t *data, size_t len, said *s)
{
    uint32_t *buf = malloc(4 * ORACLE_ROOM(len) * sizeof *buf);
    plugin_fault fault = PLUGIN_FAULT_NONE;
    const uint8_t *p = len ? data : (const uint8_t *)"";

    memset(s, 0, sizeof *s);
    if (buf == NULL)
        return false;
    /* four rooms: ours (strict, replacement), then theirs */
    oracle_verdict ours = {.cps = buf, .repl = buf + ORACLE_ROOM(len)};
    oracle_verdict theirs = {.cps = buf + 2 * ORACLE_ROOM(len),
                             .repl = buf + 3 * ORACLE_ROOM(len)};
    oracle_reference(p, len, &ours);
    if (d->plugin) {
        fault = plugin_runner_decode(d->plugin, p, len, &theirs);
        /* a registry decoder's replacing mode is part of what was recorded */
        if (fault == PLUGIN_FAULT_NONE && d->repl != NULL)
            fault = audit_decode_replacing(d, p, len, &theirs);
        if (fault == PLUGIN_FAULT_NOMEM) { /* ours, not the decoder's: no answer */
            free(buf);
            return false;
        }
    } else {
        oracle_input in = {p, len};
        if (d->o->run(&in, 1, &theirs) != 0)
            theirs.status = ORACLE_FAILED;
    }
    s->outcome = oracle_compare(d->o, p, len, &ours, &theirs, &s->divergence, &s->why);
    s->fault = fault != PLUGIN_FAULT_NONE;
    if (s->outcome == ORACLE_DISAGREE && s->fault)
        s->why = plugin_fault_name(fault);
    sb_theirs(&s->theirs, &theirs);
    free(buf);
    return !s->theirs.oom;
}

/* Writes into out[0..cap) the classification an outcome of decoder d gets,
 * the one rule of the record and the replay: "oracle-disagreement"
 * ("plugin-fault" or "plugin-disagreement" for a plugin),
 * "known-divergence:<id>", or "u8guard-bug-fixed" when the decoder now
 * agrees with u8guard. */
void classification_of(const audit_decoder *d, const said *s, char *out,
                       size_t cap)
{
    if (s->outcome == ORACLE_KNOWN_DIVERGENCE)
        snprintf(out, cap, "known-divergence:%s", s->divergence);
    else if (s->outcome == ORACLE_DISAGREE && d->plugin)
        snprintf(out, cap, "%s", s->fault ? "plugin-fault" : "plugin-disagreement");
    else if (s->outcome == ORACLE_DISAGREE)
        snprintf(out, cap, "oracle-disagreement");
    else
        snprintf(out, cap, "u8guard-bug-fixed");
}

/* Returns true when c is one of the manifest's classifications (the
 * plugin ones only in a plugin's entries, which the project's corpus does
 * not hold). */
bool valid_classification(const char *c)
{
    return strcmp(c, "u8guard-bug-fixed") == 0 ||
           strcmp(c, "oracle-disagreement") == 0 ||
           strcmp(c, "plugin-disagreement") == 0 || strcmp(c, "plugin-fault") == 0 ||
           (strncmp(c, "known-divergence:", 17) == 0 && c[17] != '\0');
}
