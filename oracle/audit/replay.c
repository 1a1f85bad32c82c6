/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* replay.c -- u8guard audit --replay DIR: every manifest entry is
 * decoded again by u8guard and by its decoder, and both answers (and the
 * classification) must be what was recorded.
 * Split out of record.c; see record.c for the regression corpus as a
 * whole and record_internal.h for what each shared helper returns. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record_internal.h"
#include "support/sha256.h"

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
    unsigned long entries, replayed, changed, skipped, malformed;
} replay_stats;

/* What replaying an entry (or a step of it) found, from best to worst.
 * Running out of memory is not a finding: it stops the replay, whose
 * verdict would otherwise be wrong ("changed", "malformed"). */
typedef enum {
    REPLAY_OK,            /* unchanged, or not replayed (said so) */
    REPLAY_CHANGED,       /* an answer or class changed (printed) */
    REPLAY_MALFORMED,     /* the entry or its .bin is bad (printed) */
    REPLAY_OUT_OF_MEMORY  /* nothing printed */
} replay_result;

/* Reads DIR/<sha>.bin into buf[0..cap), its length into *got. Returns
 * REPLAY_OK, REPLAY_MALFORMED after a message on stdout, or
 * REPLAY_OUT_OF_MEMORY. */
static replay_result read_bin(const char *dir, const char *sha, long lineno, uint8_t *buf,
                              size_t cap, long *got)
{
    char path[AUDIT_PATH_ROOM];
    FILE *f;

    snprintf(path, sizeof path, "%s/%s.bin", dir, sha);
    f = fopen(path, "rb");
    if (f == NULL) {
        if (errno == ENOMEM)
            return REPLAY_OUT_OF_MEMORY;
        printf("%s/manifest.jsonl:%ld: %s: %s\n", dir, lineno, path, strerror(errno));
        return REPLAY_MALFORMED;
    }
    *got = (long)fread(buf, 1, cap, f);
    if (ferror(f) || fgetc(f) != EOF) {
        printf("%s/manifest.jsonl:%ld: %s: unreadable or longer than %zu bytes\n",
               dir, lineno, path, cap - 1);
        fclose(f);
        return REPLAY_MALFORMED;
    }
    fclose(f);
    return REPLAY_OK;
}

/* Sets *copy to a canonical copy of the member key of line (free it), or
 * NULL when line has none. Returns false when out of memory. */
static bool member_copy(const char *line, const char *key, char **copy)
{
    const char *v, *e;

    *copy = json_member_canonical(line, key);
    return *copy != NULL || !json_member(line, key, &v, &e);
}

/* Sets *v and *n to the text of member key of the canonical object obj,
 * or to "(missing)" when obj is NULL or has no such member. */
static void member_or_missing(const char *obj, const char *key, const char **v, int *n)
{
    const char *e;

    if (obj && json_member(obj, key, v, &e)) {
        *n = (int)(e - *v);
    } else {
        *v = "(missing)";
        *n = (int)strlen(*v);
    }
}

/* Prints, one per line, the members of the canonical objects rec and cur
 * (keys in keys[], NULL-terminated) that differ, so a change names what
 * changed and not only the two whole objects. */
static void print_differences(const char *rec, const char *cur, const char *const *keys)
{
    for (; *keys; keys++) {
        const char *rv, *cv;
        int rn, cn;

        member_or_missing(rec, *keys, &rv, &rn);
        member_or_missing(cur, *keys, &cv, &cn);
        if (rn != cn || memcmp(rv, cv, (size_t)rn) != 0)
            printf("    %s: recorded %.*s, now %.*s\n", *keys, rn, rv, cn, cv);
    }
}

static const char *const OURS_KEYS[] = {"valid", "errors", "error_count", "first_error",
                                        "n_cps", "cps", "n_repl", "repl", NULL};
static const char *const THEIRS_KEYS[] = {"status", "signal", "accepted", "err_offset",
                                          "n_cps", "cps", "n_repl", "repl", NULL};

/* Checks that the u8guard object recorded in line is u8guard's answer now
 * (and that the reference agrees with the error list). Returns REPLAY_OK,
 * REPLAY_CHANGED after printing the change, or REPLAY_OUT_OF_MEMORY. */
static replay_result replay_ours(const char *line, const char *hex, const char *name,
                                 const uint8_t *data, size_t len)
{
    sbuf now = {0};
    char *rec = NULL, *cur = NULL;
    bool consistent = sb_ours(&now, data, len);
    const char *t = sb_text(&now);
    replay_result rc = REPLAY_OUT_OF_MEMORY;

    if (now.oom || !member_copy(line, "u8guard", &rec) ||
        (cur = json_canonical(t, t + strlen(t))) == NULL)
        goto out;
    rc = REPLAY_OK;
    if (!consistent) {
        printf("U8GUARD INCONSISTENT on input %s: oracle_reference (oracle/reference.c) "
               "and u8guard_next_error disagree: %s\n", hex, t);
        rc = REPLAY_CHANGED;
    }
    if (rec == NULL || strcmp(rec, cur) != 0) {
        printf("U8GUARD ANSWER CHANGED on input %s (entry of decoder %s): recorded %s, "
               "now %s; u8guard must give doc/contract.md's answer: fix u8guard (re-record "
               "only if doc/contract.md itself changed)\n", hex, name, rec ? rec : "(nothing)",
               cur);
        print_differences(rec, cur, OURS_KEYS);
        rc = REPLAY_CHANGED;
    }
out:
    free(rec);
    free(cur);
    free(now.s);
    return rc;
}

/* Checks that decoder dec still says, and is still classified as, what
 * line records. Returns REPLAY_OK, REPLAY_CHANGED after printing the
 * change, or REPLAY_OUT_OF_MEMORY. */
static replay_result replay_theirs(const char *line, const char *hex, audit_decoder *dec,
                                   const char *cls, const uint8_t *data, size_t len)
{
    char *rec = NULL, *cur = NULL;
    char now_cls[128], recv[AUDIT_VERSION_ROOM] = "unknown", nowv[AUDIT_VERSION_ROOM];
    said s;
    replay_result rc = REPLAY_OUT_OF_MEMORY;

    if (!decoder_says(dec, data, len, &s) || !member_copy(line, "theirs", &rec) ||
        (cur = json_canonical(sb_text(&s.theirs),
                              sb_text(&s.theirs) + strlen(sb_text(&s.theirs)))) == NULL)
        goto out;
    rc = REPLAY_OK;
    (void)json_member_str(line, "version", recv, sizeof recv);
    if (rec == NULL || strcmp(rec, cur) != 0) {
        printf("ORACLE BEHAVIOUR CHANGED: decoder %s on input %s: recorded %s, now %s "
               "(recorded with %s, now %s)\n", dec->name, hex, rec ? rec : "(nothing)", cur,
               recv, audit_decoder_version(dec, nowv, sizeof nowv));
        print_differences(rec, cur, THEIRS_KEYS);
        rc = REPLAY_CHANGED;
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
        rc = REPLAY_CHANGED;
    }
out:
    free(s.theirs.s);
    free(rec);
    free(cur);
    return rc;
}

/* Replays one manifest line (a sha256 longer than its 64 digits and a
 * decoder name longer than any decoder's make it malformed too). */
static replay_result replay_line(const char *dir, const char *line, long lineno,
                                 audit_decoder *const *d, size_t n, uint8_t *buf,
                                 replay_stats *st)
{
    char *hex = malloc(AUDIT_HEX_ROOM(AUDIT_MAX_INPUT));
    char sha[65] = "", name[sizeof ((audit_decoder *)0)->name] = "", cls[128] = "",
         sha_now[65];
    uint8_t *bin = malloc(AUDIT_MAX_INPUT + 1);
    const char *hv, *he;
    audit_decoder *dec;
    long len, blen;
    replay_result rc = REPLAY_OUT_OF_MEMORY;

    if (hex == NULL || bin == NULL)
        goto out;
    rc = REPLAY_MALFORMED;
    if (!json_member(line, "hex", &hv, &he) || *hv != '"' ||
        !json_member_str(line, "sha256", sha, sizeof sha) ||
        !json_member_str(line, "decoder", name, sizeof name) ||
        !json_member_str(line, "classification", cls, sizeof cls) ||
        (len = record_unhex(hv + 1, (size_t)(he - hv - 2), buf, AUDIT_MAX_INPUT)) < 0) {
        printf("%s/manifest.jsonl:%ld: malformed entry (sha256, hex, decoder and "
               "classification are required)\n", dir, lineno);
        goto out;
    }
    if (!valid_classification(cls)) {
        printf("%s/manifest.jsonl:%ld: unknown classification '%s'\n", dir, lineno, cls);
        goto out;
    }
    audit_hex(buf, (size_t)len, hex, AUDIT_HEX_ROOM(AUDIT_MAX_INPUT));
    sha256_hex(buf, (size_t)len, sha_now);
    if (strcmp(sha_now, sha) != 0) {
        printf("%s/manifest.jsonl:%ld: the sha256 of hex %s is %s, recorded %s\n",
               dir, lineno, hex, sha_now, sha);
        goto out;
    }
    rc = read_bin(dir, sha, lineno, bin, AUDIT_MAX_INPUT + 1, &blen);
    if (rc != REPLAY_OK)
        goto out;
    if (blen != len || memcmp(bin, buf, (size_t)len) != 0) {
        printf("%s/manifest.jsonl:%ld: %s/%s.bin does not hold the bytes of its entry\n",
               dir, lineno, dir, sha);
        rc = REPLAY_MALFORMED;
        goto out;
    }
    rc = replay_ours(line, hex, name, buf, (size_t)len);
    if (rc == REPLAY_OUT_OF_MEMORY)
        goto out;
    if (strcmp(name, "u8guard") == 0) {
        /* A u8guard bug found without an oracle (a fuzzer's model). */
        if (strcmp(cls, "u8guard-bug-fixed") != 0) {
            printf("%s/manifest.jsonl:%ld: an entry of decoder u8guard must be "
                   "classified u8guard-bug-fixed, not %s\n", dir, lineno, cls);
            rc = REPLAY_MALFORMED;
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
        replay_result r = replay_theirs(line, hex, dec, cls, buf, (size_t)len);
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
    char path[AUDIT_PATH_ROOM];
    char *line = NULL;
    size_t cap = 0;
    uint8_t *buf = malloc(AUDIT_MAX_INPUT);
    replay_stats st = {0, 0, 0, 0, 0};
    long lineno = 0;
    int read_errno = 0;
    replay_result worst = REPLAY_OK;
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
    while (worst != REPLAY_OUT_OF_MEMORY && getline(&line, &cap, f) != -1) {
        replay_result rc;
        lineno++;
        if (*json_skip_ws(line) == '\0')
            continue;
        st.entries++;
        rc = replay_line(dir, line, lineno, d, n, buf, &st);
        st.changed += rc == REPLAY_CHANGED;
        st.malformed += rc == REPLAY_MALFORMED;
        if (rc > worst)
            worst = rc;
    }
    /* getline's -1 is the end of the file, or a read error, or memory
     * that ran out (which sets no error flag): only feof tells them apart. */
    if (worst != REPLAY_OUT_OF_MEMORY && !feof(f)) {
        if (errno == ENOMEM)
            worst = REPLAY_OUT_OF_MEMORY;
        else
            read_errno = errno;
    }
    fclose(f);
    free(line);
    free(buf);
    /* The entries not read or not replayed would make any summary a
     * wrong one (a manifest that cannot be read is not an empty one). */
    if (read_errno != 0) {
        fprintf(stderr, "u8guard audit: %s: %s\n", path, strerror(read_errno));
        return 2;
    }
    if (worst == REPLAY_OUT_OF_MEMORY) {
        fprintf(stderr, "u8guard audit: out of memory\n");
        return 2;
    }
    printf("replay %s: %lu entries, %lu changed, %lu replayed, %lu not replayed\n",
           dir, st.entries, st.changed, st.replayed, st.skipped);
    if (st.replayed == 0) {
        /* A replay that checked nothing must not look like a pass. */
        printf("FAIL: no entry of %s was replayed (%s); a replay that checks "
               "nothing proves nothing\n", path,
               st.entries == 0    ? "it is empty"
               : st.skipped == 0  ? "every entry is malformed"
               : st.malformed > 0 ? "its entries are malformed or name decoders that are "
                                    "not available here"
                                  : "no decoder they name is available here");
        return 2;
    }
    if (worst == REPLAY_CHANGED)
        printf("FAIL: %lu recorded answers changed (each printed above)\n", st.changed);
    return worst == REPLAY_OK ? 0 : worst == REPLAY_CHANGED ? 1 : 2;
}
