/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* replay_one.c -- u8guard audit --replay-one FILE: what u8guard and
 * every decoder say about one input, as one JSON object (the objects
 * ci/record-regression.py copies into the manifest).
 * Split out of record.c; see record.c for the regression corpus as a
 * whole and record_internal.h for what each shared helper returns. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record_internal.h"
#include "support/sha256.h"

/* Reads the input of --replay-one into out[0..AUDIT_MAX_INPUT): the hex=
 * of the first "U8GUARD-DIFF" line of path (a differential fuzz target's
 * report, fuzz/diff.c: any number of lines of the fuzzer's before it)
 * when path holds such a line and no NUL byte (*diff_line then points to
 * that line, in *raw, which the caller frees), else the bytes of path.
 * Returns true with the input's length in *len, or false after a message
 * on stderr. */
static bool read_one(const char *path, uint8_t *out, size_t *len, char **raw,
                     const char **diff_line)
{
    FILE *f = fopen(path, "rb");
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    bool nul = false;
    const char *tag = NULL; /* in *raw: where its U8GUARD-DIFF starts */

    *raw = NULL;
    *diff_line = NULL;
    if (f == NULL) {
        fprintf(stderr, "u8guard audit: %s: %s\n", path, strerror(errno));
        return false;
    }
    while ((n = getline(&line, &cap, f)) != -1) {
        if (memchr(line, '\0', (size_t)n) != NULL)
            nul = true;
        else if (*raw == NULL && (tag = strstr(line, "U8GUARD-DIFF ")) != NULL) {
            *raw = line; /* kept: the first such line */
            line = NULL;
            cap = 0;
        }
    }
    free(line);
    if (!feof(f)) { /* a read error, or out of memory (getline) */
        fprintf(stderr, "u8guard audit: %s: %s\n", path, strerror(errno));
        fclose(f);
        return false;
    }
    if (*raw != NULL && !nul) {
        const char *h = strstr(tag, " hex=");
        long l;

        fclose(f);
        if (h == NULL) {
            fprintf(stderr, "u8guard audit: %s: a U8GUARD-DIFF line without hex=\n", path);
            return false;
        }
        h += 5;
        l = record_unhex(h, strcspn(h, " \t\r\n"), out, AUDIT_MAX_INPUT);
        if (l < 0) {
            fprintf(stderr, "u8guard audit: %s: malformed or too long hex= on the "
                            "U8GUARD-DIFF line (at most %d bytes)\n", path, AUDIT_MAX_INPUT);
            return false;
        }
        *diff_line = tag;
        *len = (size_t)l;
        return true;
    }
    free(*raw); /* a U8GUARD-DIFF line in a file with a NUL byte: not a report */
    *raw = NULL;
    rewind(f);
    *len = fread(out, 1, AUDIT_MAX_INPUT, f);
    if (!ferror(f) && fgetc(f) == EOF) {
        fclose(f);
        return true;
    }
    if (ferror(f))
        fprintf(stderr, "u8guard audit: %s: %s\n", path, strerror(errno));
    else
        fprintf(stderr, "u8guard audit: %s: longer than %d bytes; minimise it first\n", path,
                AUDIT_MAX_INPUT);
    fclose(f);
    return false;
}

int audit_replay_one(const char *path, audit_decoder *const *d, size_t n)
{
    uint8_t data[AUDIT_MAX_INPUT];
    char hex[AUDIT_HEX_ROOM(AUDIT_MAX_INPUT)], *raw = NULL, sha[65], cls[128];
    char ver[AUDIT_VERSION_ROOM];
    const char *diff_line;
    sbuf out = {0};
    size_t len;
    int rc = 2;

    if (!read_one(path, data, &len, &raw, &diff_line))
        goto done;
    sha256_hex(data, len, sha);
    sb_printf(&out, "{\"sha256\": \"%s\", \"hex\": \"%s\", \"len\": %zu, \"class\": \"%s\"",
              sha, audit_hex(data, len, hex, sizeof hex), len,
              audit_class_name(audit_classify(data, len)));
    if (diff_line) {
        char dname[sizeof (*d)->name] = ""; /* a decoder's name: a longer one names none */
        const char *p = strstr(diff_line, " decoder=");
        if (p != NULL)
            snprintf(dname, sizeof dname, "%.*s", (int)strcspn(p + 9, " \t\r\n"), p + 9);
        sb_printf(&out, ", \"diff_decoder\": ");
        sb_str(&out, dname);
    }
    sb_printf(&out, ", \"u8guard\": ");
    if (!sb_ours(&out, data, len))
        fprintf(stderr, "u8guard audit: %s: oracle_reference and u8guard_next_error "
                        "disagree on this input (a u8guard bug)\n", path);
    sb_printf(&out, ", \"decoders\": [");
    for (size_t i = 0, k = 0; i < n; i++) {
        said s;
        if (d[i]->unavailable)
            continue;
        if (!decoder_says(d[i], data, len, &s)) {
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
        sb_str(&out, audit_decoder_version(d[i], ver, sizeof ver));
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
    return rc;
}
