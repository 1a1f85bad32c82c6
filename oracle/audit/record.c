/* record.c -- the regression corpus (corpus/regressions/, README.md there):
 * each finding is kept as DIR/<sha256>.bin plus one line of
 * DIR/manifest.jsonl per (input, decoder) saying exactly what u8guard and
 * the decoder said when it was found, how it was found and how it was
 * classified. Replaying recomputes both answers and requires them to be
 * what was recorded, so a library or oracle upgrade that changes an answer
 * fails loudly ("ORACLE BEHAVIOUR CHANGED") instead of passing silently.
 *
 * The manifest is written by this file (u8guard audit --record) and by
 * ci/record-regression.py, which copies the objects that
 * audit_replay_one prints: both write the same keys in the same order, and
 * the replay compares the recorded objects with freshly computed ones
 * after dropping the whitespace between JSON tokens. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* getline, gmtime_r, popen */
#endif
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "audit.h"
#include "u8guard.h"

#if defined(ORACLE_HAVE_ICU) && defined(__has_include)
#if __has_include(<unicode/uversion.h>)
#include <unicode/uversion.h>
#define RECORD_ICU_VERSION 1
#endif
#endif
#if defined(ORACLE_HAVE_UTF8PROC) && defined(__has_include)
#if __has_include(<utf8proc.h>)
#include <utf8proc.h>
#define RECORD_UTF8PROC_VERSION 1
#endif
#endif
#if defined(__GLIBC__) && defined(__has_include)
#if __has_include(<gnu/libc-version.h>)
#include <gnu/libc-version.h>
#define RECORD_GLIBC_VERSION 1
#endif
#endif

/* Code point lists longer than this are recorded as a SHA-256. */
#define CPS_LIST_MAX 32
/* Error lists longer than this (characters) are recorded as a SHA-256. */
#define ERRORS_TEXT_MAX 480

/* ---- a growing string, for building JSON objects ---- */

typedef struct sbuf {
    char *s;
    size_t len, cap;
    bool oom;
} sbuf;

/* Appends printf-formatted text to b (sets b->oom when out of memory). */
__attribute__((format(printf, 2, 3)))
static void sb_printf(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    int w;

    if (b->oom)
        return;
    va_start(ap, fmt);
    w = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? b->cap - b->len : 0, fmt, ap);
    va_end(ap);
    if (w < 0) {
        b->oom = true;
        return;
    }
    if (b->s == NULL || b->len + (size_t)w >= b->cap) {
        size_t cap = (b->len + (size_t)w + 1) * 2;
        char *s = realloc(b->s, cap);
        if (s == NULL) {
            b->oom = true;
            return;
        }
        b->s = s;
        b->cap = cap;
        va_start(ap, fmt);
        w = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
        va_end(ap);
        if (w < 0) {
            b->oom = true;
            return;
        }
    }
    b->len += (size_t)w;
}

/* Appends s as a JSON string literal, escaped as audit_json_str does. */
static void sb_str(sbuf *b, const char *s)
{
    sb_printf(b, "\"");
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            sb_printf(b, "\\%c", c);
        else if (c < 0x20 || c >= 0x7F)
            sb_printf(b, "\\u%04x", c);
        else
            sb_printf(b, "%c", c);
    }
    sb_printf(b, "\"");
}

/* Returns b's text ("" when empty or out of memory). */
static const char *sb_text(const sbuf *b)
{
    return b->s && !b->oom ? b->s : "";
}

/* Appends a code point list as a JSON string: "U+0041 U+FFFD", or
 * "sha256:<hash of the code points as UTF-32LE>" when longer than
 * CPS_LIST_MAX. */
static void sb_cps(sbuf *b, const uint32_t *cps, size_t n)
{
    if (n <= CPS_LIST_MAX) {
        sb_printf(b, "\"");
        for (size_t i = 0; i < n; i++)
            sb_printf(b, "%sU+%04X", i ? " " : "", (unsigned)cps[i]);
        sb_printf(b, "\"");
        return;
    }
    {
        uint8_t *le = malloc(4 * n);
        char sha[65];
        if (le == NULL) {
            b->oom = true;
            return;
        }
        for (size_t i = 0; i < n; i++)
            for (int k = 0; k < 4; k++)
                le[4 * i + (size_t)k] = (uint8_t)(cps[i] >> (8 * k));
        audit_sha256(le, 4 * n, sha);
        free(le);
        sb_printf(b, "\"sha256:%s\"", sha);
    }
}

/* ---- what u8guard and a decoder say, as JSON objects ---- */

/* Appends u8guard's answer on data[0..len) as a JSON object: verdict,
 * every error (or their SHA-256 when many), the first, the strict and the
 * replacement code points. Returns false when oracle_reference
 * (reference.c) and u8guard_next_error disagree with each other, which
 * would be a u8guard bug (the object is still written). */
static bool sb_ours(sbuf *b, const uint8_t *data, size_t len)
{
    uint32_t *buf = malloc(2 * (len + 1) * sizeof *buf);
    oracle_verdict v;
    sbuf errs = {0};
    u8guard_error e, first = {0, 0, U8GUARD_OK};
    size_t pos = 0, count = 0;
    bool consistent;

    if (buf == NULL) {
        b->oom = true;
        return true;
    }
    memset(&v, 0, sizeof v);
    v.cps = buf;
    v.repl = buf + len + 1;
    oracle_reference(len ? data : (const uint8_t *)"", len, &v);
    while (u8guard_next_error(data, len, &pos, &e)) {
        if (count == 0)
            first = e;
        sb_printf(&errs, "%s%zu/%zu %s", count ? ", " : "", e.offset, e.length,
                  u8guard_kind_name(e.kind));
        count++;
    }
    consistent = v.accepted == (count == 0) &&
                 (v.accepted || v.err_offset == first.offset) &&
                 u8guard_count_errors(data, len) == count;
    sb_printf(b, "{\"valid\": %s, \"errors\": ", v.accepted ? "true" : "false");
    if (count == 0) {
        sb_printf(b, "\"valid\"");
    } else if (errs.len <= ERRORS_TEXT_MAX) {
        sb_str(b, sb_text(&errs));
    } else {
        char sha[65];
        audit_sha256((const uint8_t *)errs.s, errs.len, sha);
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
static void sb_theirs(sbuf *b, const oracle_verdict *v)
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

/* What one decoder says about one input, compared with u8guard. */
typedef struct said {
    oracle_outcome outcome;
    const char *divergence;  /* ORACLE_KNOWN_DIVERGENCE: its id */
    const char *why;         /* ORACLE_DISAGREE: what differs */
    bool fault;              /* a plugin crashed, hung, read too far, ... */
    sbuf theirs;             /* sb_theirs of the verdict */
} said;

/* Runs decoder d (available) on data[0..len) and fills *s (free
 * s->theirs.s after). Returns false when out of memory. */
static bool decoder_says(audit_decoder *d, const uint8_t *data, size_t len, said *s)
{
    uint32_t *buf = malloc(4 * (len + 1) * sizeof *buf);
    oracle_verdict ours, theirs;
    plugin_fault fault = PLUGIN_FAULT_NONE;
    const uint8_t *p = len ? data : (const uint8_t *)"";

    memset(s, 0, sizeof *s);
    if (buf == NULL)
        return false;
    memset(&ours, 0, sizeof ours);
    memset(&theirs, 0, sizeof theirs);
    ours.cps = buf;
    ours.repl = buf + (len + 1);
    theirs.cps = buf + 2 * (len + 1);
    theirs.repl = buf + 3 * (len + 1);
    oracle_reference(p, len, &ours);
    if (d->plugin) {
        fault = plugin_runner_decode(d->plugin, p, len, &theirs);
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

/* Writes into out[0..cap) the classification an outcome of decoder d gets
 * when nothing else is known: "oracle-disagreement" ("plugin-fault" or
 * "plugin-disagreement" for a plugin), "known-divergence:<id>", or
 * "u8guard-bug-fixed" when the decoder now agrees with u8guard. */
static void classification_of(const audit_decoder *d, const said *s, char *out,
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
static bool valid_classification(const char *c)
{
    return strcmp(c, "u8guard-bug-fixed") == 0 ||
           strcmp(c, "oracle-disagreement") == 0 ||
           strcmp(c, "plugin-disagreement") == 0 || strcmp(c, "plugin-fault") == 0 ||
           (strncmp(c, "known-divergence:", 17) == 0 && c[17] != '\0');
}

/* ---- the version of the library behind each decoder ---- */

/* Runs cmd and copies the first line of its output into out[0..cap).
 * Returns false when it could not be run or printed nothing. */
static bool first_line_of(const char *cmd, char *out, size_t cap)
{
    /* cmd is one of the fixed command lines below, nothing from outside. */
    FILE *p = popen(cmd, "r"); // NOLINT(cert-env33-c)
    bool ok;

    if (p == NULL)
        return false;
    ok = fgets(out, (int)cap, p) != NULL;
    if (pclose(p) != 0)
        ok = false;
    if (ok)
        out[strcspn(out, "\r\n")] = '\0';
    return ok && out[0] != '\0';
}

#ifdef ORACLE_HAVE_GLIB
/* Exported by libglib-2.0 (glib/gversion.h), declared here because the
 * audit does not compile against GLib's headers. */
extern const unsigned int glib_major_version, glib_minor_version,
    glib_micro_version;
#endif
#ifdef ORACLE_HAVE_LIBUNISTRING
/* unistring/version.h: (major << 16) + (minor << 8) + subminor */
extern const int _libunistring_version; // NOLINT(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp): libunistring's name
#endif

/* Writes into out[0..cap) the version of the library behind the decoder
 * called name, as this process sees it at run time ("ICU 72.1",
 * "glibc 2.36", ...), or "unknown". Returns out. */
static char *decoder_version(const char *name, char *out, size_t cap)
{
    snprintf(out, cap, "unknown");
#ifdef RECORD_ICU_VERSION
    if (strncmp(name, "icu-", 4) == 0) {
        UVersionInfo v;
        char s[U_MAX_VERSION_STRING_LENGTH];
        u_getVersion(v);
        u_versionToString(v, s);
        snprintf(out, cap, "ICU %s", s);
    }
#endif
#ifdef RECORD_GLIBC_VERSION
    if (strcmp(name, "iconv") == 0 || strcmp(name, "iconv-wchar") == 0 ||
        strcmp(name, "mbrtowc") == 0)
        snprintf(out, cap, "glibc %s", gnu_get_libc_version());
#endif
#ifdef ORACLE_HAVE_GLIB
    if (strcmp(name, "glib") == 0)
        snprintf(out, cap, "GLib %u.%u.%u", glib_major_version, glib_minor_version,
                 glib_micro_version);
#endif
#ifdef ORACLE_HAVE_LIBUNISTRING
    if (strcmp(name, "libunistring") == 0)
        snprintf(out, cap, "libunistring %d.%d.%d", _libunistring_version >> 16,
                 (_libunistring_version >> 8) & 0xFF, _libunistring_version & 0xFF);
#endif
#ifdef RECORD_UTF8PROC_VERSION
    if (strcmp(name, "utf8proc") == 0)
        snprintf(out, cap, "utf8proc %s", utf8proc_version());
#endif
    /* The interpreters the subprocess adapters start (found on PATH). */
    if (strcmp(name, "python") == 0 &&
        first_line_of("python3 --version 2>&1", out, cap))
        return out;
    if (strcmp(name, "node") == 0 &&
        first_line_of("(node --version || nodejs --version) 2>/dev/null", out, cap)) {
        char v[64];
        snprintf(v, sizeof v, "%s", out);
        snprintf(out, cap, "Node.js %s", v);
    }
    return out;
}

/* ---- reading manifest lines: one JSON object of known shape ---- */

/* Returns p after JSON whitespace. */
static const char *skip_ws(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        p++;
    return p;
}

/* Returns the end of the JSON string starting at p (at its opening
 * quote), just past the closing quote; NULL when unterminated. */
static const char *skip_string(const char *p)
{
    for (p++; *p; p++) {
        if (*p == '\\') {
            if (*++p == '\0')
                return NULL;
        } else if (*p == '"') {
            return p + 1;
        }
    }
    return NULL;
}

/* Returns the end of the JSON value starting at p; NULL when malformed. */
static const char *skip_value(const char *p)
{
    int depth = 0;

    p = skip_ws(p);
    if (*p == '"')
        return skip_string(p);
    if (*p != '{' && *p != '[') {
        const char *s = p;
        while (*p && !strchr(",}] \t\r\n", *p))
            p++;
        return p == s ? NULL : p;
    }
    do {
        if (*p == '"') {
            p = skip_string(p);
            if (p == NULL)
                return NULL;
            continue;
        }
        if (*p == '{' || *p == '[')
            depth++;
        else if (*p == '}' || *p == ']')
            depth--;
        else if (*p == '\0')
            return NULL;
        p++;
    } while (depth > 0);
    return p;
}

/* Finds the top-level member key of the JSON object in line: sets
 * [*v, *end) to its value's text. Returns false when absent or when the
 * line is not an object. */
static bool member(const char *line, const char *key, const char **v, const char **end)
{
    const char *p = skip_ws(line);
    size_t klen = strlen(key);

    if (*p++ != '{')
        return false;
    for (;;) {
        const char *k, *ke;
        p = skip_ws(p);
        if (*p != '"')
            return false;
        k = p + 1;
        ke = skip_string(p);
        if (ke == NULL)
            return false;
        p = skip_ws(ke);
        if (*p++ != ':')
            return false;
        p = skip_ws(p);
        *v = p;
        *end = skip_value(p);
        if (*end == NULL)
            return false;
        if ((size_t)(ke - 1 - k) == klen && memcmp(k, key, klen) == 0)
            return true;
        p = skip_ws(*end);
        if (*p++ != ',')
            return false;
    }
}

/* Copies the string member key of line, unescaped, into out[0..cap).
 * Returns false when it is absent, not a string or too long. */
static bool member_str(const char *line, const char *key, char *out, size_t cap)
{
    const char *v, *end;
    size_t o = 0;

    if (!member(line, key, &v, &end) || *v != '"')
        return false;
    for (v++; v < end - 1; v++) {
        char c = *v;
        if (c == '\\') {
            c = *++v;
            if (c == 'u') {
                char h[5] = {0};
                long x;
                if (end - v < 5)
                    return false;
                memcpy(h, v + 1, 4);
                x = strtol(h, NULL, 16);
                if (x <= 0 || x > 0xFF) /* audit_json_str escapes bytes only */
                    return false;
                c = (char)x;
                v += 4;
            } else if (c == 'n') {
                c = '\n';
            } else if (c == 't') {
                c = '\t';
            } else if (c == 'r') {
                c = '\r';
            } else if (c != '"' && c != '\\' && c != '/') {
                return false;
            }
        }
        if (o + 1 >= cap)
            return false;
        out[o++] = c;
    }
    out[o] = '\0';
    return true;
}

/* Copies [v, end) into a new string without the whitespace between JSON
 * tokens (strings kept as they are). Returns it (free it), or NULL when
 * out of memory. */
static char *canonical(const char *v, const char *end)
{
    char *out = malloc((size_t)(end - v) + 1), *o = out;

    if (out == NULL)
        return NULL;
    while (v < end) {
        if (*v == '"') {
            const char *s = skip_string(v);
            if (s == NULL || s > end)
                s = end;
            memcpy(o, v, (size_t)(s - v));
            o += s - v;
            v = s;
        } else if (*v == ' ' || *v == '\t' || *v == '\r' || *v == '\n') {
            v++;
        } else {
            *o++ = *v++;
        }
    }
    *o = '\0';
    return out;
}

/* Returns a canonical copy of the object member key of line (free it), or
 * NULL when absent or out of memory. */
static char *member_canonical(const char *line, const char *key)
{
    const char *v, *end;

    if (!member(line, key, &v, &end))
        return NULL;
    return canonical(v, end);
}

/* Decodes lowercase or uppercase hex into out[0..cap); returns the
 * length, or -1 when malformed or too long. */
static long unhex(const char *hex, size_t hlen, uint8_t *out, size_t cap)
{
    size_t n = 0;

    if (hlen % 2)
        return -1;
    for (size_t i = 0; i < hlen; i += 2) {
        int v = 0;
        for (int k = 0; k < 2; k++) {
            char c = hex[i + (size_t)k];
            int x = c >= '0' && c <= '9'   ? c - '0'
                    : c >= 'a' && c <= 'f' ? c - 'a' + 10
                    : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                           : -1;
            if (x < 0)
                return -1;
            v = v * 16 + x;
        }
        if (n == cap)
            return -1;
        out[n++] = (uint8_t)v;
    }
    return (long)n;
}

/* ---- recording ---- */

/* Returns 1 when DIR/manifest.jsonl has an entry for sha + decoder, 0
 * when not (or when there is no manifest yet), -1 on a read error. */
static int already_recorded(const char *dir, const char *sha, const char *decoder)
{
    char path[4200], s[80], name[80];
    char *line = NULL;
    size_t cap = 0;
    int found = 0;
    FILE *f;

    snprintf(path, sizeof path, "%s/manifest.jsonl", dir);
    f = fopen(path, "r");
    if (f == NULL)
        return errno == ENOENT ? 0 : -1;
    while (!found && getline(&line, &cap, f) >= 0)
        found = member_str(line, "sha256", s, sizeof s) && strcmp(s, sha) == 0 &&
                member_str(line, "decoder", name, sizeof name) &&
                strcmp(name, decoder) == 0;
    if (ferror(f))
        found = -1;
    fclose(f);
    free(line);
    return found;
}

/* Writes data[0..len) to the file path opened with mode ("wb", "ab").
 * Returns false after a message on stderr. */
static bool write_file(const char *path, const char *mode, const void *data, size_t len)
{
    FILE *f = fopen(path, mode);
    bool ok;

    if (f == NULL) {
        fprintf(stderr, "u8guard audit: %s: %s\n", path, strerror(errno));
        return false;
    }
    ok = fwrite(data, 1, len, f) == len;
    if (fclose(f) != 0)
        ok = false;
    if (!ok)
        fprintf(stderr, "u8guard audit: %s: %s\n", path, strerror(errno));
    return ok;
}

/* Writes DIR/<sha>.bin holding data[0..len) unless it already holds
 * exactly that. Returns false after a message on stderr. */
static bool write_bin(const char *dir, const char *sha, const uint8_t *data, size_t len)
{
    char path[4200];
    FILE *f;

    snprintf(path, sizeof path, "%s/%s.bin", dir, sha);
    f = fopen(path, "rb");
    if (f) {
        uint8_t *b = malloc(len + 1);
        size_t got = b ? fread(b, 1, len + 1, f) : 0;
        bool same = b && got == len && (len == 0 || memcmp(b, data, len) == 0);
        free(b);
        fclose(f);
        if (same)
            return true;
    }
    return write_file(path, "wb", data, len);
}

int audit_record(const char *dir, const audit_decoder *d,
                 const audit_example *e, const char *classification,
                 const char *found_by)
{
    char sha[65], path[4200], date[32], cls[128] = "", version[128];
    char *hex = malloc(2 * e->len + 8);
    sbuf line = {0};
    said s;
    time_t now = time(NULL);
    struct tm tmv;
    int done;

    if (hex == NULL) {
        fprintf(stderr, "u8guard audit: out of memory\n");
        return -1;
    }
    audit_sha256(e->data, e->len, sha);
    done = already_recorded(dir, sha, d->name);
    if (done != 0) {
        if (done < 0)
            fprintf(stderr, "u8guard audit: %s/manifest.jsonl: %s\n", dir, strerror(errno));
        free(hex);
        return done < 0 ? -1 : 0;
    }
    /* What the decoder says now, structured (the example's text is for
     * people). d is not modified: only its adapter or sandbox is used. */
    if (!decoder_says((audit_decoder *)d, e->data, e->len, &s)) {
        fprintf(stderr, "u8guard audit: out of memory\n");
        free(s.theirs.s);
        free(hex);
        return -1;
    }
    /* The caller's words, hyphenated ("oracle disagreement" is
     * "oracle-disagreement"); without any, the outcome's. */
    if (classification == NULL)
        classification_of(d, &s, cls, sizeof cls);
    else
        snprintf(cls, sizeof cls, "%s", classification);
    for (char *c = cls; *c && strncmp(cls, "known-divergence:", 17) != 0; c++)
        if (*c == ' ')
            *c = '-';
    /* "known divergence" without its id: the adapter names it. */
    if (strcmp(cls, "known-divergence") == 0 && s.outcome == ORACLE_KNOWN_DIVERGENCE)
        snprintf(cls, sizeof cls, "known-divergence:%s", s.divergence);
    if (!valid_classification(cls)) {
        fprintf(stderr, "u8guard audit: cannot record %s for %s: classification '%s' "
                        "is none of u8guard-bug-fixed, oracle-disagreement, "
                        "known-divergence:<id>\n", sha, d->name, cls);
        free(s.theirs.s);
        free(hex);
        return -1;
    }
    gmtime_r(&now, &tmv);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tmv);
    sb_printf(&line, "{\"sha256\": \"%s\", \"hex\": \"%s\", \"decoder\": ", sha,
              audit_hex(e->data, e->len, hex, 2 * e->len + 8));
    sb_str(&line, d->name);
    sb_printf(&line, ", \"len\": %zu, \"classification\": ", e->len);
    sb_str(&line, cls);
    sb_printf(&line, ", \"class\": ");
    sb_str(&line, audit_class_name(audit_classify(e->data, e->len)));
    sb_printf(&line, ", \"why\": ");
    sb_str(&line, s.outcome == ORACLE_DISAGREE ? s.why
                  : s.outcome == ORACLE_KNOWN_DIVERGENCE ? s.divergence : "agrees");
    sb_printf(&line, ", \"u8guard\": ");
    (void)sb_ours(&line, e->data, e->len);
    sb_printf(&line, ", \"theirs\": %s, \"version\": ", sb_text(&s.theirs));
    sb_str(&line, d->plugin ? d->what : decoder_version(d->name, version, sizeof version));
    sb_printf(&line, ", \"found_by\": ");
    sb_str(&line, found_by ? found_by : "manual");
    sb_printf(&line, ", \"found_at\": \"%s\"}\n", date);
    free(s.theirs.s);
    free(hex);
    if (line.oom) {
        fprintf(stderr, "u8guard audit: out of memory\n");
        free(line.s);
        return -1;
    }
    if (!write_bin(dir, sha, e->data, e->len)) {
        free(line.s);
        return -1;
    }
    snprintf(path, sizeof path, "%s/manifest.jsonl", dir);
    /* One write of the whole line: a reader never sees half an entry. */
    done = write_file(path, "ab", line.s, line.len) ? 1 : -1;
    free(line.s);
    return done;
}

/* ---- replaying ---- */

/* Returns the decoder named name in d[0..n), or NULL. */
static audit_decoder *find_decoder(audit_decoder *const *d, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(d[i]->name, name) == 0)
            return d[i];
    return NULL;
}

/* Replay tallies. */
typedef struct replay_stats {
    unsigned long entries, replayed, changed, skipped;
} replay_stats;

/* Reads DIR/<sha>.bin into buf[0..cap). Returns its length, or -1 after
 * a message on stdout. */
static long read_bin(const char *dir, const char *sha, long lineno, uint8_t *buf, size_t cap)
{
    char path[4200];
    FILE *f;
    size_t got;

    snprintf(path, sizeof path, "%s/%s.bin", dir, sha);
    f = fopen(path, "rb");
    if (f == NULL) {
        printf("%s/manifest.jsonl:%ld: %s: %s\n", dir, lineno, path, strerror(errno));
        return -1;
    }
    got = fread(buf, 1, cap, f);
    if (ferror(f) || fgetc(f) != EOF) {
        printf("%s/manifest.jsonl:%ld: %s: unreadable or longer than %zu bytes\n",
               dir, lineno, path, cap - 1);
        fclose(f);
        return -1;
    }
    fclose(f);
    return (long)got;
}

/* Prints, one per line, the members of the canonical objects rec and cur
 * (keys in keys[], NULL-terminated) that differ, so a change names what
 * changed and not only the two whole objects. */
static void print_differences(const char *rec, const char *cur, const char *const *keys)
{
    for (; *keys; keys++) {
        const char *rv, *re, *cv, *ce;
        bool has_r = rec && member(rec, *keys, &rv, &re);
        bool has_c = cur && member(cur, *keys, &cv, &ce);
        if (has_r && has_c && re - rv == ce - cv && memcmp(rv, cv, (size_t)(re - rv)) == 0)
            continue;
        if (!has_r && !has_c)
            continue;
        printf("    %s: recorded %.*s, now %.*s\n", *keys,
               has_r ? (int)(re - rv) : 9, has_r ? rv : "(missing)",
               has_c ? (int)(ce - cv) : 9, has_c ? cv : "(missing)");
    }
}

static const char *const OURS_KEYS[] = {"valid", "errors", "error_count", "first_error",
                                        "n_cps", "cps", "n_repl", "repl", NULL};
static const char *const THEIRS_KEYS[] = {"status", "signal", "accepted", "err_offset",
                                          "n_cps", "cps", "n_repl", "repl", NULL};

/* Checks that the u8guard object recorded in line is u8guard's answer now
 * (and that the reference agrees with the error list). Returns 0, or 1
 * after printing the change. */
static int replay_ours(const char *line, const char *hex, const char *name,
                       const uint8_t *data, size_t len)
{
    sbuf now = {0};
    char *rec = member_canonical(line, "u8guard"), *cur;
    bool consistent = sb_ours(&now, data, len);
    const char *t = sb_text(&now);
    int rc = 0;

    cur = canonical(t, t + strlen(t));
    if (!consistent) {
        printf("U8GUARD INCONSISTENT on input %s: oracle_reference (oracle/reference.c) "
               "and u8guard_next_error disagree: %s\n", hex, t);
        rc = 1;
    }
    if (rec == NULL || cur == NULL || strcmp(rec, cur) != 0) {
        printf("U8GUARD ANSWER CHANGED on input %s (entry of decoder %s): recorded %s, "
               "now %s; u8guard must give DESIGN.md's answer: fix u8guard (re-record "
               "only if DESIGN.md itself changed)\n", hex, name, rec ? rec : "(nothing)",
               cur ? cur : "(out of memory)");
        print_differences(rec, cur, OURS_KEYS);
        rc = 1;
    }
    free(rec);
    free(cur);
    free(now.s);
    return rc;
}

/* Checks that decoder dec still says, and is still classified as, what
 * line records. Returns 0, 1 after printing the change, 2 out of memory. */
static int replay_theirs(const char *line, const char *hex, audit_decoder *dec,
                         const char *cls, const uint8_t *data, size_t len)
{
    char *rec = member_canonical(line, "theirs"), *cur;
    char now_cls[128], recv[128] = "unknown", nowv[128];
    said s;
    int rc = 0;

    if (!decoder_says(dec, data, len, &s)) {
        free(s.theirs.s);
        free(rec);
        return 2;
    }
    cur = canonical(sb_text(&s.theirs), sb_text(&s.theirs) + strlen(sb_text(&s.theirs)));
    (void)member_str(line, "version", recv, sizeof recv);
    if (rec == NULL || cur == NULL || strcmp(rec, cur) != 0) {
        printf("ORACLE BEHAVIOUR CHANGED: decoder %s on input %s: recorded %s, now %s "
               "(recorded with %s, now %s)\n", dec->name, hex, rec ? rec : "(nothing)",
               cur ? cur : "(out of memory)", recv,
               dec->plugin ? dec->what : decoder_version(dec->name, nowv, sizeof nowv));
        print_differences(rec, cur, THEIRS_KEYS);
        rc = 1;
    }
    /* The same answers can still change class when u8guard or the
     * adapter's documented divergences change. */
    classification_of(dec, &s, now_cls, sizeof now_cls);
    if (strcmp(cls, now_cls) != 0) {
        printf("CLASSIFICATION CHANGED: decoder %s on input %s: recorded %s, now %s%s%s%s\n",
               dec->name, hex, cls, now_cls,
               s.outcome == ORACLE_DISAGREE ? " (" : "",
               s.outcome == ORACLE_DISAGREE ? s.why : "",
               s.outcome == ORACLE_DISAGREE ? ")" : "");
        rc = 1;
    }
    free(s.theirs.s);
    free(rec);
    free(cur);
    return rc;
}

/* Replays one manifest line. Returns 0 unchanged (or not replayed), 1
 * changed, 2 malformed entry. */
static int replay_line(const char *dir, const char *line, long lineno,
                       audit_decoder *const *d, size_t n, uint8_t *buf,
                       replay_stats *st)
{
    char *hex = malloc(2 * AUDIT_MAX_INPUT + 8);
    char sha[80] = "", name[80] = "", cls[128] = "", sha_now[65];
    uint8_t *bin = malloc(AUDIT_MAX_INPUT + 1);
    const char *hv, *he;
    audit_decoder *dec;
    long len, blen;
    int rc = 2;

    if (hex == NULL || bin == NULL) {
        fprintf(stderr, "u8guard audit: out of memory\n");
        goto out;
    }
    if (!member(line, "hex", &hv, &he) || *hv != '"' ||
        !member_str(line, "sha256", sha, sizeof sha) ||
        !member_str(line, "decoder", name, sizeof name) ||
        !member_str(line, "classification", cls, sizeof cls) ||
        (len = unhex(hv + 1, (size_t)(he - hv - 2), buf, AUDIT_MAX_INPUT)) < 0) {
        printf("%s/manifest.jsonl:%ld: malformed entry (sha256, hex, decoder and "
               "classification are required)\n", dir, lineno);
        goto out;
    }
    if (!valid_classification(cls)) {
        printf("%s/manifest.jsonl:%ld: unknown classification '%s'\n", dir, lineno, cls);
        goto out;
    }
    audit_hex(buf, (size_t)len, hex, 2 * AUDIT_MAX_INPUT + 8);
    audit_sha256(buf, (size_t)len, sha_now);
    if (strcmp(sha_now, sha) != 0) {
        printf("%s/manifest.jsonl:%ld: the sha256 of hex %s is %s, recorded %s\n",
               dir, lineno, hex, sha_now, sha);
        goto out;
    }
    blen = read_bin(dir, sha, lineno, bin, AUDIT_MAX_INPUT + 1);
    if (blen < 0)
        goto out;
    if (blen != len || memcmp(bin, buf, (size_t)len) != 0) {
        printf("%s/manifest.jsonl:%ld: %s/%s.bin does not hold the bytes of its entry\n",
               dir, lineno, dir, sha);
        goto out;
    }
    rc = replay_ours(line, hex, name, buf, (size_t)len);
    if (strcmp(name, "u8guard") == 0) {
        /* A u8guard bug found without an oracle (a fuzzer's model). */
        if (strcmp(cls, "u8guard-bug-fixed") != 0) {
            printf("%s/manifest.jsonl:%ld: an entry of decoder u8guard must be "
                   "classified u8guard-bug-fixed, not %s\n", dir, lineno, cls);
            rc = 2;
        }
        st->replayed++;
        goto out;
    }
    dec = find_decoder(d, n, name);
    if (dec == NULL || dec->unavailable) {
        printf("not replayed: decoder %s on input %s: %s\n", name, hex,
               dec ? dec->unavailable
                   : "not loaded (not in this build, left out by --only, or a plugin: pass --plugin FILE.so)");
        st->skipped++;
        goto out;
    }
    st->replayed++;
    {
        int r = replay_theirs(line, hex, dec, cls, buf, (size_t)len);
        if (r == 2)
            fprintf(stderr, "u8guard audit: out of memory\n");
        if (r > rc)
            rc = r;
    }
out:
    free(hex);
    free(bin);
    return rc;
}

int audit_replay(const char *dir, audit_decoder *const *d, size_t n)
{
    char path[4200];
    char *line = NULL;
    size_t cap = 0;
    uint8_t *buf = malloc(AUDIT_MAX_INPUT);
    replay_stats st = {0, 0, 0, 0};
    long lineno = 0;
    int worst = 0;
    FILE *f;

    snprintf(path, sizeof path, "%s/manifest.jsonl", dir);
    f = fopen(path, "r");
    if (f == NULL || buf == NULL) {
        fprintf(stderr, "u8guard audit: %s: %s\n", path,
                f ? "out of memory" : strerror(errno));
        if (f)
            fclose(f);
        free(buf);
        return 2;
    }
    while (getline(&line, &cap, f) >= 0) {
        int rc;
        lineno++;
        if (*skip_ws(line) == '\0')
            continue;
        st.entries++;
        rc = replay_line(dir, line, lineno, d, n, buf, &st);
        if (rc == 1)
            st.changed++;
        if (rc > worst)
            worst = rc;
    }
    if (ferror(f)) {
        fprintf(stderr, "u8guard audit: %s: %s\n", path, strerror(errno));
        worst = 2;
    }
    fclose(f);
    free(line);
    free(buf);
    printf("replay %s: %lu entries, %lu changed, %lu replayed, %lu not replayed\n",
           dir, st.entries, st.changed, st.replayed, st.skipped);
    if (st.replayed == 0) {
        /* A replay that checked nothing must not look like a pass. */
        printf("FAIL: no entry of %s was replayed (%s); a replay that checks "
               "nothing proves nothing\n", path,
               st.entries ? "no decoder they name is available here" : "it is empty");
        return 2;
    }
    if (worst == 1)
        printf("FAIL: %lu recorded answers changed (each printed above)\n", st.changed);
    return worst;
}

/* ---- what every decoder says about one input, for the script ---- */

/* Reads the input of --replay-one: the bytes of path, or the hex= of the
 * first "U8GUARD-DIFF" line in it (*diff_line then points into *raw).
 * Returns the input's length with the bytes in out[0..AUDIT_MAX_INPUT),
 * or -1 after a message on stderr. */
static long read_one(const char *path, uint8_t *out, char **raw, const char **diff_line)
{
    size_t cap = 4 * AUDIT_MAX_INPUT + 1024, len;
    char *data = malloc(cap + 1);
    const char *tag;
    FILE *f;

    *raw = data;
    *diff_line = NULL;
    f = fopen(path, "rb");
    if (f == NULL || data == NULL) {
        fprintf(stderr, "u8guard audit: %s: %s\n", path, f ? "out of memory" : strerror(errno));
        if (f)
            fclose(f);
        return -1;
    }
    len = fread(data, 1, cap, f);
    if (ferror(f)) {
        fprintf(stderr, "u8guard audit: %s: %s\n", path, strerror(errno));
        fclose(f);
        return -1;
    }
    fclose(f);
    data[len] = '\0';
    /* A differential fuzz target's report (fuzz/diff.c): take its hex=. */
    tag = memchr(data, '\0', len) ? NULL : strstr(data, "U8GUARD-DIFF ");
    if (tag) {
        const char *h = strstr(tag, " hex="), *eol = tag + strcspn(tag, "\r\n");
        long l;
        if (h == NULL || h > eol) {
            fprintf(stderr, "u8guard audit: %s: a U8GUARD-DIFF line without hex=\n", path);
            return -1;
        }
        h += 5;
        l = unhex(h, strcspn(h, " \t\r\n"), out, AUDIT_MAX_INPUT);
        if (l < 0) {
            fprintf(stderr, "u8guard audit: %s: malformed or too long hex= on the "
                            "U8GUARD-DIFF line (at most %d bytes)\n", path, AUDIT_MAX_INPUT);
            return -1;
        }
        *diff_line = tag;
        return l;
    }
    if (len > AUDIT_MAX_INPUT) {
        fprintf(stderr, "u8guard audit: %s: longer than %d bytes; minimise it first\n",
                path, AUDIT_MAX_INPUT);
        return -1;
    }
    memcpy(out, data, len);
    return (long)len;
}

int audit_replay_one(const char *path, audit_decoder *const *d, size_t n)
{
    uint8_t *data = malloc(AUDIT_MAX_INPUT + 1);
    char *hex = malloc(2 * AUDIT_MAX_INPUT + 8), *raw = NULL, sha[65], cls[128], ver[128];
    const char *diff_line;
    sbuf out = {0};
    long len = -1;
    int rc = 2;

    if (data == NULL || hex == NULL)
        fprintf(stderr, "u8guard audit: out of memory\n");
    else
        len = read_one(path, data, &raw, &diff_line);
    if (len < 0)
        goto done;
    audit_sha256(data, (size_t)len, sha);
    sb_printf(&out, "{\"sha256\": \"%s\", \"hex\": \"%s\", \"len\": %ld, \"class\": \"%s\"",
              sha, audit_hex(data, (size_t)len, hex, 2 * AUDIT_MAX_INPUT + 8), len,
              audit_class_name(audit_classify(data, (size_t)len)));
    if (diff_line) {
        char dname[80] = "";
        const char *p = strstr(diff_line, " decoder=");
        if (p && p < diff_line + strcspn(diff_line, "\r\n"))
            snprintf(dname, sizeof dname, "%.*s", (int)strcspn(p + 9, " \t\r\n"), p + 9);
        sb_printf(&out, ", \"diff_decoder\": ");
        sb_str(&out, dname);
    }
    sb_printf(&out, ", \"u8guard\": ");
    if (!sb_ours(&out, data, (size_t)len))
        fprintf(stderr, "u8guard audit: %s: oracle_reference and u8guard_next_error "
                        "disagree on this input (a u8guard bug)\n", path);
    sb_printf(&out, ", \"decoders\": [");
    for (size_t i = 0, k = 0; i < n; i++) {
        said s;
        if (d[i]->unavailable)
            continue;
        if (!decoder_says(d[i], data, (size_t)len, &s)) {
            free(s.theirs.s);
            out.oom = true;
            break;
        }
        classification_of(d[i], &s, cls, sizeof cls);
        sb_printf(&out, "%s{\"decoder\": ", k++ ? ", " : "");
        sb_str(&out, d[i]->name);
        sb_printf(&out, ", \"outcome\": \"%s\", \"classification\": ",
                  s.outcome == ORACLE_AGREE ? "agree"
                  : s.outcome == ORACLE_KNOWN_DIVERGENCE ? "known-divergence"
                                                          : "disagree");
        if (s.outcome == ORACLE_AGREE)
            sb_printf(&out, "null");
        else
            sb_str(&out, cls);
        sb_printf(&out, ", \"why\": ");
        sb_str(&out, s.outcome == ORACLE_DISAGREE ? s.why
                     : s.outcome == ORACLE_KNOWN_DIVERGENCE ? s.divergence : "agrees");
        sb_printf(&out, ", \"theirs\": %s, \"version\": ", sb_text(&s.theirs));
        sb_str(&out, d[i]->plugin ? d[i]->what : decoder_version(d[i]->name, ver, sizeof ver));
        sb_printf(&out, "}");
        free(s.theirs.s);
    }
    sb_printf(&out, "], \"unavailable\": [");
    for (size_t i = 0, k = 0; i < n; i++) {
        if (!d[i]->unavailable)
            continue;
        sb_printf(&out, "%s{\"decoder\": ", k++ ? ", " : "");
        sb_str(&out, d[i]->name);
        sb_printf(&out, ", \"why\": ");
        sb_str(&out, d[i]->unavailable);
        sb_printf(&out, "}");
    }
    sb_printf(&out, "]}\n");
    if (out.oom) {
        fprintf(stderr, "u8guard audit: out of memory\n");
        goto done;
    }
    fputs(out.s, stdout);
    rc = 0;
done:
    free(out.s);
    free(raw);
    free(data);
    free(hex);
    return rc;
}
