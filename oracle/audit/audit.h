/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* audit.h -- the pieces of `u8guard audit` (oracle/audit/), shared between
 * its files: the decoders under audit, the conformance corpus, the input
 * generator, the error classes, shrinking, reports, recording and replay. */
#ifndef U8GUARD_AUDIT_H
#define U8GUARD_AUDIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "oracle.h"
#include "plugin_runner.h"

/* The error classes the table counts by (audit_classify). */
enum {
    CLASS_VALID = 0,
    CLASS_SPECIAL_VALID,   /* noncharacters, U+0000, U+10FFFF */
    CLASS_OVERLONG,
    CLASS_SURROGATE,
    CLASS_TOO_LARGE,
    CLASS_UNEXPECTED_CONTINUATION,
    CLASS_BAD_CONTINUATION,
    CLASS_TRUNCATED,
    CLASS_CESU8,
    CLASS_FIVE_SIX,
    CLASS_BLOCK_BOUNDARY,
    CLASS_COUNT
};

#define AUDIT_MAX_EXAMPLES 24
#define AUDIT_MAX_KNOWN 16
#define AUDIT_MAX_INPUT 4096

/* One reported difference: the first input showing a kind of disagreement
 * (or a known divergence), shrunk, with both answers. */
typedef struct audit_example {
    int cls;
    char why[96];
    uint8_t *data;        /* the minimal input (malloc'd) */
    size_t len;
    char ours[320];
    char theirs[480];
} audit_example;

/* A (class, why) pair already shrunk for a decoder (audit_tally). */
typedef struct audit_seen {
    int cls;
    char why[96];
} audit_seen;

#define AUDIT_MAX_SEEN 64

/* A decoder under audit with its tallies. */
typedef struct audit_decoder {
    char name[64];
    char what[160];
    const oracle *o;          /* a built-in adapter, or NULL */
    plugin_runner *plugin;    /* a sandboxed plugin, or NULL */
    plugin_runner *repl;      /* its replacing mode (a registry decoder), or NULL */
    char repl_note[96];       /* what the replacing mode did wrong in the last call */
    char version[128];        /* the decoder's version, "" when not known */
    char language[16];        /* a built-in or registry decoder's language,
                                 else "" (not known: a plugin, --exec) */
    const char *unavailable;  /* why it cannot run here, or NULL */
    char unavailable_buf[320];
    unsigned long cases;
    unsigned long agree[CLASS_COUNT], disagree[CLASS_COUNT], known[CLASS_COUNT];
    unsigned long faults[PLUGIN_FAULT_COUNT]; /* per plugin_fault */
    audit_example examples[AUDIT_MAX_EXAMPLES];
    size_t n_examples;
    const char *known_id[AUDIT_MAX_KNOWN];
    unsigned long known_count[AUDIT_MAX_KNOWN];
    /* the first minimal example of each known divergence (why = its id) */
    audit_example known_examples[AUDIT_MAX_KNOWN];
    size_t n_known;
    audit_seen seen[AUDIT_MAX_SEEN]; /* kinds found, shrunk or not kept */
    size_t n_seen;
    unsigned long shrink_evals;      /* evaluations spent shrinking */
    unsigned long not_run;           /* inputs left out (a decoder that hangs) */
    unsigned long nondeterministic;  /* examples that did not reproduce */
    unsigned long hangs;             /* calls that hung */
    double deadline;                 /* shrinking stops here: a monotonic_s() time, 0 none */
} audit_decoder;

/* What one decoder made of one input, compared with u8guard. */
typedef struct audit_result {
    oracle_outcome outcome;
    const char *divergence;   /* ORACLE_KNOWN_DIVERGENCE: its id */
    char why[96];             /* ORACLE_DISAGREE: what differs */
    plugin_fault fault;
    char ours[320];           /* u8guard's answer, for people */
    char theirs[320];         /* the decoder's answer, for people */
} audit_result;

/* audit_builtin_language returns the language of the decoder behind the
 * built-in adapter named name: "Python" (python), "JavaScript" (node),
 * else "C". A plugin's or an --exec decoder's language is not known. */
const char *audit_builtin_language(const char *name);

/* audit_class_name returns the short name of class c ("overlong", ...). */
const char *audit_class_name(int c);

/* audit_classify returns the error class of data[0..len) (CLASS_*), from
 * u8guard's first error and the shape of the input. */
int audit_classify(const uint8_t *data, size_t len);

/* audit_describe_ours writes u8guard's answer on data[0..len) to
 * buf[0..cap): "valid (N code points)" or "invalid: first error O/L kind
 * (E errors)". Returns buf. */
char *audit_describe_ours(const uint8_t *data, size_t len, char *buf, size_t cap);

/* audit_decode_replacing runs the replacing mode of registry decoder d
 * (d->repl) on data[0..len) into v->repl (room for ORACLE_ROOM(len) code points),
 * after a strict call that went well. Returns PLUGIN_FAULT_NONE and sets
 * v->has_repl and v->n_repl; on a fault, returns it and v says how the call
 * failed. */
plugin_fault audit_decode_replacing(audit_decoder *d, const uint8_t *data,
                                    size_t len, oracle_verdict *v);

/* audit_eval runs decoder d on data[0..len) and compares its answer with
 * u8guard's. Returns true and fills *r, both answers described for people
 * (r->ours, r->theirs) whatever the outcome; false only when out of
 * memory. */
bool audit_eval(audit_decoder *d, const uint8_t *data, size_t len,
                audit_result *r);

/* audit_shrink reduces data[0..*len) in place, by delta debugging, to a
 * smaller input on which d still disagrees with the same why (or shows
 * the known divergence whose id is why), in at most max_evals evaluations
 * (fewer when they hang), adding their number to d->shrink_evals. Returns
 * true, or false when out of memory (data[0..*len) then still disagrees
 * so, but may not be minimal). */
bool audit_shrink(audit_decoder *d, uint8_t *data, size_t *len, const char *why,
                  unsigned max_evals);

/* A named case of the conformance corpus. */
typedef struct audit_case {
    char name[64];
    uint8_t *data;
    size_t len;
    char expected[2048];  /* "valid" or "O/L kind, O/L kind, ..." as written */
    long line;            /* its line in the corpus file */
} audit_case;

/* audit_corpus_load reads the conformance corpus file path. Returns the
 * number of cases (array in *cases, free with audit_corpus_free), or -1
 * with a message naming the file and line printed on stderr. */
long audit_corpus_load(const char *path, audit_case **cases);

/* audit_corpus_free frees what audit_corpus_load returned. */
void audit_corpus_free(audit_case *cases, long n);

/* audit_expected_of writes u8guard's errors of data[0..len) in the corpus
 * notation ("valid" or "0/1 overlong, 1/1 unexpected_continuation") to
 * buf[0..cap), cap >= 1. Returns buf, or NULL when the whole list and its
 * terminator need more than cap bytes; buf then holds the errors that fit
 * whole ("" if none), never a list that could pass for the answer. */
char *audit_expected_of(const uint8_t *data, size_t len, char *buf, size_t cap);

/* audit_corpus_check compares each case's written expectation with
 * u8guard's answer, blanks left out. Returns the number of wrong
 * expectations, each printed on stderr with the file, line and case name
 * (an answer too long for a case's expected list is one). */
long audit_corpus_check(const char *path, const audit_case *cases, long n);

/* The generator's state: a splitmix64 stream. */
typedef struct audit_rng {
    uint64_t s;
} audit_rng;

/* audit_rng_next returns the next 64 pseudo-random bits of r. */
uint64_t audit_rng_next(audit_rng *r);

/* audit_generate writes the next generated or mutated input to
 * out[0..cap) (cap >= 256) and returns its length; the same rng state and
 * corpus give the same input. */
size_t audit_generate(audit_rng *r, const audit_case *corpus, long n_corpus,
                      uint8_t *out, size_t cap);

/* audit_hex writes data[0..len) as lowercase hex into buf[0..cap) (cut
 * with "..." when too long: each byte needs room for itself and for
 * "..." and the NUL after it). Returns buf. */
char *audit_hex(const uint8_t *data, size_t len, char *buf, size_t cap);

/* AUDIT_HEX_ROOM is the least cap with which audit_hex writes len bytes
 * (len >= 1) whole: two digits a byte, then room for "..." and the NUL
 * that a cut at the last byte would need. */
#define AUDIT_HEX_ROOM(len) (2 * (size_t)(len) + 4)

/* audit_json_str writes s as a JSON string literal (with quotes) to f,
 * escaped by json_string (support/json.h): valid UTF-8 as it is, quote,
 * backslash and controls escaped, each ill-formed sequence as U+FFFD.
 * Returns nothing; a write error is left in ferror(f). */
void audit_json_str(FILE *f, const char *s);

/* audit_json_name writes the member "key": "NAME" for a decoder's name
 * (escaped as audit_json_str does) and, when name is not valid UTF-8,
 * , "key_hex": "HEX" with each of its bytes as two upper-case hex digits,
 * as `u8guard check --json` writes file names. */
void audit_json_name(FILE *f, const char *key, const char *name);

/* audit_name_human writes name for people into buf[0..cap): valid UTF-8
 * as it is, control bytes and each byte of an ill-formed sequence as
 * \xHH (cut when buf is full). Returns buf. */
char *audit_name_human(const char *name, char *buf, size_t cap);

/* AUDIT_NAME_HUMAN_ROOM is a cap with which audit_name_human writes every
 * decoder's name whole: its bytes (at most 63, audit_decoder's name), each
 * shown in at most 4, and the NUL. */
#define AUDIT_NAME_HUMAN_ROOM (4 * (sizeof ((audit_decoder *)0)->name - 1) + 1)

/* audit_tally files result r for input class cls in d; for a new kind of
 * disagreement, or a known divergence seen for the first time, it shrinks
 * the input and keeps it as an example (in examples, or known_examples
 * with why = the divergence's id). Sets *added to the new example, or to
 * NULL when none was added. Returns true, or false when out of memory
 * (the example is then lost, and the run must stop: an example lost or
 * an answer misread would be a wrong report). */
bool audit_tally(audit_decoder *d, int cls, const uint8_t *data, size_t len,
                 const audit_result *r, audit_example **added);

/* audit_status returns d's overall status: "unavailable", "out-of-bounds
 * read", "crashed", "hang", "bad result", "nonconformant" or "conformant". */
const char *audit_status(const audit_decoder *d);

/* audit_print_table prints the decoder x class table and the examples. */
void audit_print_table(FILE *f, audit_decoder *const *d, size_t n);

/* audit_print_json prints one JSON object per decoder, one per line. */
void audit_print_json(FILE *f, audit_decoder *const *d, size_t n,
                      uint64_t seed);

/* audit_record writes example e of decoder d into dir (DIR/<sha>.bin and a
 * line of DIR/manifest.jsonl) unless that sha256+decoder is already there,
 * with what d answers when asked again and the classification of that
 * answer (the replay's rule). An example of a nondeterministic d (its why
 * is "nondeterministic", or d agrees with u8guard when asked again) is not
 * recorded; a line on stderr says so. Returns true when written, already
 * there or not recorded for that reason; false on an I/O error or out of
 * memory (with a message on stderr). */
bool audit_record(const char *dir, const audit_decoder *d,
                 const audit_example *e, const char *found_by);

/* audit_replay replays every entry of dir/manifest.jsonl against u8guard
 * and the decoders in d[0..n) (entries of decoders not present are listed
 * as not replayed). Returns 0 when all still say what was recorded, 1 when
 * some changed (each printed), 2 on I/O or format error. */
int audit_replay(const char *dir, audit_decoder *const *d, size_t n);

/* audit_replay_one prints, as one JSON line, what u8guard and each decoder
 * in d[0..n) say about the bytes of file path (or of the hex on a
 * "U8GUARD-DIFF ... hex=..." line in it). Returns 0, or 2 on I/O error. */
int audit_replay_one(const char *path, audit_decoder *const *d, size_t n);

/* ---- the command: options, decoders, the run (main.c, options.c,
 * decoders.c, run.c) ---- */

#define AUDIT_MAX_PLUGINS 32
#define AUDIT_MAX_ONLY 32

/* Default time for generated inputs, after the corpus. Chosen so that
 * `u8guard audit` with no arguments takes about 10 s on a loaded 2-core
 * machine, subprocess oracles and table included. */
#define AUDIT_DEFAULT_SECONDS 8.0
#define AUDIT_DEFAULT_SEED 20260101ull
#define AUDIT_DEFAULT_TIMEOUT_MS 1000

/* The report's format: --format (--json is --format json); the last one
 * given is the one used. */
enum audit_format { AUDIT_FORMAT_TEXT, AUDIT_FORMAT_JSON, AUDIT_FORMAT_MARKDOWN };

/* The options of `u8guard audit`. */
typedef struct audit_options {
    const char *plugins[AUDIT_MAX_PLUGINS];
    size_t n_plugins;
    const char *execs[AUDIT_MAX_PLUGINS];  /* --exec command lines */
    size_t n_execs;
    const char *only[AUDIT_MAX_ONLY];
    size_t n_only;
    enum audit_format format;
    bool no_builtin, help;
    bool list;                /* --list: the decoders, then exit */
    bool world;               /* --world: the registry's decoders too */
    double seconds;           /* time for generated inputs */
    unsigned long max_cases;  /* --cases: generated inputs (0 = by time) */
    bool max_cases_set;
    uint64_t seed;
    int timeout_ms;
    const char *record_dir, *replay_dir, *replay_one, *corpus;
} audit_options;

/* audit_usage is the text of `u8guard audit --help`. */
extern const char audit_usage[];

/* audit_parse_options fills *o from argv[1..argc) (argv[argc] NULL, as
 * main's is). Returns 0, or 2 after a message on stderr naming the bad
 * option. */
int audit_parse_options(int argc, char **argv, audit_options *o);

/* audit_open_decoders opens the built-in adapters and the plugins the
 * options ask for (an unavailable built-in is kept, with its reason).
 * Returns 0 with the list in *list (*n entries), or 2 after a message on
 * stderr (a plugin that cannot be loaded, an --only name that matches
 * nothing, out of memory). */
int audit_open_decoders(const audit_options *o, audit_decoder ***list,
                        size_t *n);

/* audit_open_world appends the decoders of the registry (world.h) that
 * can run here to *list (*n entries, the array grown with realloc), each
 * opened in its sandbox; one whose strict or replacing mode does not start
 * is kept as unavailable, with the reason; the others that cannot run
 * here are counted on stderr. Returns 0, or 2 after a message (a bad
 * registry, out of memory). */
int audit_open_world(const audit_options *o, audit_decoder ***list, size_t *n);

/* audit_list prints `u8guard audit --list`: each built-in decoder, then
 * each registry decoder, one per line with its language, version (or "-")
 * and "ok" or "missing: WHY". Returns 0, or 2 on a bad registry; the
 * caller flushes standard output and checks it. */
int audit_list(const audit_options *o);

/* audit_close_decoders stops and frees what audit_open_decoders opened. */
void audit_close_decoders(audit_decoder **list, size_t n);

/* audit_eval_batch runs decoder d on in[0..n) (one batch for a built-in
 * adapter, one sandboxed call each for a plugin) and fills r[0..n), as
 * audit_eval does but for an agreement's ours and theirs, left empty:
 * described for every input, the answers took about a quarter of the
 * audit's time, and only the differences are ever shown. Returns true, or
 * false when out of memory. */
bool audit_eval_batch(audit_decoder *d, const oracle_input *in, size_t n,
                      audit_result *r);

/* What a run did, for the summary line. */
typedef struct audit_run_stats {
    unsigned long corpus_cases, generated;
    double seconds;
    int record_errors;
} audit_run_stats;

/* audit_print_markdown prints the report of d[0..n) after the run st as
 * Markdown (report_md.c): deterministic, the form of doc/FINDINGS.md. */
void audit_print_markdown(FILE *f, audit_decoder *const *d, size_t n,
                          const audit_run_stats *st, uint64_t seed);

/* audit_run runs the corpus, then generated inputs (as o says), through
 * d[0..n), tallying and recording (an example that could not be recorded
 * is counted in st->record_errors, after a message). Returns true, or
 * false after a message when out of memory: the run stopped there, and
 * its tallies are no report. */
bool audit_run(const audit_options *o, audit_decoder *const *d, size_t n,
               const audit_case *corpus, long n_corpus, audit_run_stats *st);

#endif
