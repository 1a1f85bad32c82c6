/* SPDX-License-Identifier: MIT OR Apache-2.0 */
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
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "record_internal.h"
#include "support/sha256.h"

/* Sets *found to whether DIR/manifest.jsonl has an entry for sha +
 * decoder (false when there is no manifest yet). Returns true, or false
 * on a read error (errno set). */
static bool already_recorded(const char *dir, const char *sha, const char *decoder,
                             bool *found)
{
    char path[AUDIT_PATH_ROOM], s[80], name[80];
    char *line = NULL;
    size_t cap = 0;
    bool ok;
    FILE *f;

    *found = false;
    snprintf(path, sizeof path, "%s/manifest.jsonl", dir);
    f = fopen(path, "r");
    if (f == NULL)
        return errno == ENOENT;
    while (!*found && getline(&line, &cap, f) != -1)
        *found = json_member_str(line, "sha256", s, sizeof s) && strcmp(s, sha) == 0 &&
                 json_member_str(line, "decoder", name, sizeof name) &&
                 strcmp(name, decoder) == 0;
    ok = *found || feof(f); /* else a read error, or out of memory (getline) */
    fclose(f);
    free(line);
    return ok;
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

/* Returns true when the rest of f is exactly data[0..len). */
static bool holds_exactly(FILE *f, const uint8_t *data, size_t len)
{
    size_t at = 0;
    int c;

    while ((c = getc(f)) != EOF) {
        if (at == len)
            return false; /* f holds more */
        if ((uint8_t)c != data[at++])
            return false;
    }
    return at == len && !ferror(f);
}

/* Writes DIR/<sha>.bin holding data[0..len) unless it already holds
 * exactly that (a good file is never opened for writing, which could
 * leave it cut). Returns false after a message on stderr. */
static bool write_bin(const char *dir, const char *sha, const uint8_t *data, size_t len)
{
    char path[AUDIT_PATH_ROOM];
    FILE *f;

    snprintf(path, sizeof path, "%s/%s.bin", dir, sha);
    f = fopen(path, "rb");
    if (f) {
        bool same = holds_exactly(f, data, len);
        fclose(f);
        if (same)
            return true;
    }
    return write_file(path, "wb", data, len);
}

bool audit_record(const char *dir, const audit_decoder *d,
                 const audit_example *e, const char *found_by)
{
    char sha[65], path[AUDIT_PATH_ROOM], date[32], cls[128] = "", version[AUDIT_VERSION_ROOM];
    char *hex = malloc(AUDIT_HEX_ROOM(e->len));
    sbuf line = {0};
    said s;
    time_t now = time(NULL);
    struct tm tmv;
    bool found, written;

    if (hex == NULL) {
        fprintf(stderr, "u8guard audit: out of memory\n");
        return false;
    }
    sha256_hex(e->data, e->len, sha);
    if (!already_recorded(dir, sha, d->name, &found)) {
        fprintf(stderr, "u8guard audit: %s/manifest.jsonl: %s\n", dir, strerror(errno));
        free(hex);
        return false;
    }
    if (found) {
        free(hex);
        return true;
    }
    /* What the decoder says now, structured (the example's text is for
     * people). d is not modified: only its adapter or sandbox is used. */
    if (!decoder_says((audit_decoder *)d, e->data, e->len, &s)) {
        fprintf(stderr, "u8guard audit: out of memory\n");
        free(s.theirs.s);
        free(hex);
        return false;
    }
    /* An example the run found nondeterministic, or one the decoder no
     * longer gives (it agrees with u8guard now), cannot be replayed: an
     * entry of it would fail, or hold an agreement. */
    if (strcmp(e->why, "nondeterministic") == 0 || s.outcome == ORACLE_AGREE) {
        fprintf(stderr, "u8guard audit: not recorded: %s answers input %s differently "
                        "when asked again (a nondeterministic answer cannot be replayed)\n",
                d->name, audit_hex(e->data, e->len, hex, AUDIT_HEX_ROOM(e->len)));
        free(s.theirs.s);
        free(hex);
        return true;
    }
    /* The classification is the answer's, by the rule the replay checks. */
    classification_of(d, &s, cls, sizeof cls);
    gmtime_r(&now, &tmv);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tmv);
    sb_printf(&line, "{\"sha256\": \"%s\", \"hex\": \"%s\", \"decoder\": ", sha,
              audit_hex(e->data, e->len, hex, AUDIT_HEX_ROOM(e->len)));
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
    sb_str(&line, audit_decoder_version(d, version, sizeof version));
    sb_printf(&line, ", \"found_by\": ");
    sb_str(&line, found_by ? found_by : "manual");
    sb_printf(&line, ", \"found_at\": \"%s\"}\n", date);
    free(s.theirs.s);
    free(hex);
    if (line.oom) {
        fprintf(stderr, "u8guard audit: out of memory\n");
        free(line.s);
        return false;
    }
    if (!write_bin(dir, sha, e->data, e->len)) {
        free(line.s);
        return false;
    }
    snprintf(path, sizeof path, "%s/manifest.jsonl", dir);
    /* One write of the whole line: a reader never sees half an entry. */
    written = write_file(path, "ab", line.s, line.len);
    free(line.s);
    return written;
}
