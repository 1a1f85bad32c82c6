/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* main.c -- `u8guard audit` (audit_main.h): parses the options, opens the
 * decoders, then replays recorded cases (--replay, --replay-one) or runs
 * the corpus and the generator and prints the table or the JSON. */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>

#include "audit.h"
#include "audit_main.h"
#include "install_dirs.h"

#ifndef U8GUARD_AUDIT_CORPUS
#error "U8GUARD_AUDIT_CORPUS (the source tree's corpus) must be defined"
#endif

/* Returns the conformance corpus to read: --corpus, else the installed
 * copy beside this program (share/u8guard, found relative to it: a moved
 * install still finds its own), else the source tree's (a build tree). */
static const char *corpus_path(const audit_options *o)
{
    static char installed[PATH_MAX]; /* as cli/audit.c: a path the kernel gave */
    FILE *f;

    if (o->corpus)
        return o->corpus;
    if (u8g_exe_relative(U8GUARD_REL_AUDIT_TO_DATA "/conformance.txt", installed,
                         sizeof installed) != NULL &&
        (f = fopen(installed, "r")) != NULL) {
        fclose(f);
        return installed;
    }
    return U8GUARD_AUDIT_CORPUS; /* its error, if any, names this path */
}

/* Returns true when dir is a directory, else false after a message. */
static bool is_dir(const char *dir)
{
    struct stat sb;

    if (stat(dir, &sb) != 0) {
        fprintf(stderr, "u8guard audit: --record %s: %s\n", dir, strerror(errno));
        return false;
    }
    if (!S_ISDIR(sb.st_mode)) {
        fprintf(stderr, "u8guard audit: --record %s: not a directory\n", dir);
        return false;
    }
    return true;
}

/* Returns true when all written to stdout was written; false, after a
 * message unless the reader went away, when not. */
static bool flushed_stdout(void)
{
    if (fflush(stdout) == 0 && !ferror(stdout))
        return true;
    /* A reader that went away (EPIPE: the command ignores SIGPIPE) ends
     * the command quietly, as the other commands do. */
    if (errno != EPIPE)
        fprintf(stderr, "u8guard audit: standard output: %s\n", strerror(errno));
    return false;
}

/* Returns 1 when some decoder in d[0..n) disagrees (is neither conformant
 * nor unavailable); else 2, after naming them on stderr, when some decoder
 * that was asked for could not run (it was not audited, so the audit does
 * not pass); else 0. */
static int verdict(audit_decoder *const *d, size_t n)
{
    size_t unavailable = 0;

    for (size_t i = 0; i < n; i++) {
        const char *s = audit_status(d[i]);
        if (strcmp(s, "unavailable") == 0)
            unavailable++;
        else if (strcmp(s, "conformant") != 0)
            return 1;
    }
    if (unavailable == 0)
        return 0;
    fprintf(stderr, "u8guard audit: %zu decoder(s) could not run and were not audited:", unavailable);
    for (size_t i = 0; i < n; i++)
        if (strcmp(audit_status(d[i]), "unavailable") == 0)
            fprintf(stderr, " %s", d[i]->name);
    fprintf(stderr, " (reasons above; --only NAME audits a chosen set)\n");
    return 2;
}

/* Returns true, after saying why on stderr, when no decoder was given a
 * single input: none can run here (each listed with its reason), or the
 * corpus (path) is empty and no input was generated. */
static bool nothing_audited(audit_decoder *const *d, size_t n, const char *path,
                            const audit_options *o)
{
    size_t available = 0;
    char name[AUDIT_NAME_HUMAN_ROOM];

    for (size_t i = 0; i < n; i++) {
        if (d[i]->unavailable == NULL && d[i]->cases > 0)
            return false;
        available += d[i]->unavailable == NULL;
    }
    if (available == 0) {
        fprintf(stderr, "u8guard audit: no decoder could run here: nothing was audited\n");
        for (size_t i = 0; i < n; i++)
            fprintf(stderr, "  %s: %s\n",
                    audit_name_human(d[i]->name, name, sizeof name), d[i]->unavailable);
    } else {
        fprintf(stderr, "u8guard audit: nothing was audited: the corpus %s has no "
                        "cases and %s generates no input\n", path,
                o->max_cases_set ? "--cases 0" : "--seconds 0");
    }
    return true;
}

/* Runs the audit proper and prints its report. Returns the exit status. */
static int audit(const audit_options *o, audit_decoder *const *d, size_t n)
{
    const char *path = corpus_path(o);
    audit_case *corpus = NULL;
    audit_run_stats st;
    long n_corpus = audit_corpus_load(path, &corpus);
    bool ran;

    if (n_corpus < 0)
        return 2;
    if (audit_corpus_check(path, corpus, n_corpus) != 0) {
        audit_corpus_free(corpus, n_corpus);
        return 2;
    }
    if (o->record_dir && !is_dir(o->record_dir)) {
        audit_corpus_free(corpus, n_corpus);
        return 2;
    }
    ran = audit_run(o, d, n, corpus, n_corpus, &st);
    audit_corpus_free(corpus, n_corpus);
    if (!ran)
        return 2; /* out of memory: what was tallied is no report */
    if (o->format == AUDIT_FORMAT_MARKDOWN) {
        audit_print_markdown(stdout, d, n, &st, o->seed);
    } else if (o->format == AUDIT_FORMAT_JSON) {
        audit_print_json(stdout, d, n, o->seed);
    } else {
        printf("u8guard audit: %lu conformance cases (%s), then %lu generated "
               "inputs (seed %llu) in %.1f s\n\n",
               st.corpus_cases, path, st.generated, (unsigned long long)o->seed,
               st.seconds);
        audit_print_table(stdout, d, n);
    }
    if (!flushed_stdout())
        return 2;
    if (st.record_errors != 0 || nothing_audited(d, n, path, o))
        return 2;
    return verdict(d, n);
}

int audit_main(int argc, char **argv)
{
    audit_options o;
    audit_decoder **d = NULL;
    size_t n = 0;
    int rc = audit_parse_options(argc, argv, &o);

    if (rc != 0)
        return rc;
    if (o.help) {
        fputs(audit_usage, stdout);
        return flushed_stdout() ? 0 : 2;
    }
    if (o.list) {
        rc = audit_list(&o);
        return !flushed_stdout() ? 2 : rc;
    }
    rc = audit_open_decoders(&o, &d, &n);
    if (rc != 0)
        return rc;
    if ((o.n_plugins > 0 || o.world) && sandbox_as_note() != NULL)
        fprintf(stderr, "u8guard audit: note: %s\n", sandbox_as_note());
    if (o.replay_one)
        rc = audit_replay_one(o.replay_one, d, n);
    else if (o.replay_dir)
        rc = audit_replay(o.replay_dir, d, n);
    else
        rc = audit(&o, d, n);
    audit_close_decoders(d, n);
    return rc;
}
