/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* oracle.h -- one interface for every decoder the auditor compares with
 * u8guard: ICU (two code paths), iconv, glib, libunistring, utf8proc, the C
 * library's mbrtowc, CPython, Node, and third-party plugins.
 *
 * An adapter runs inputs through its decoder and normalises what the
 * decoder says into an oracle_verdict. It never decides who is right:
 * oracle_compare does, against u8guard and doc/contract.md. Where a decoder
 * legitimately differs from doc/contract.md (how it reports a position, say),
 * its adapter documents the difference next to its code and recognises it
 * in known_divergence, so the harness files it as a known divergence
 * rather than a bug. This is internal to the project (not installed). */
#ifndef U8GUARD_ORACLE_H
#define U8GUARD_ORACLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* err_offset when the decoder cannot say where it stopped. */
#define ORACLE_UNKNOWN SIZE_MAX

/* ORACLE_ROOM(len) is the room, in code points, that a verdict's cps and
 * repl each have for an input of len bytes: a decoder gives at most one
 * code point for each byte it reads, and the 1 more keeps an empty
 * input's room from being 0 bytes of malloc. */
#define ORACLE_ROOM(len) ((len) + 1)

/* What one decoder said about one input. The caller provides cps and repl
 * with room for ORACLE_ROOM(len) code points each (repl may be NULL when
 * the caller does not want replacement output). */
typedef struct oracle_verdict {
    bool accepted;        /* strict mode accepted the whole input */
    size_t err_offset;    /* rejected: length of the longest prefix it
                             accepts (= offset of the first ill-formed
                             sequence), or ORACLE_UNKNOWN */
    uint32_t *cps;        /* strict mode's code points: of the whole input,
                             or of the accepted prefix */
    size_t n_cps;
    bool has_repl;        /* the decoder has a replacement mode and filled repl */
    uint32_t *repl;       /* replacement mode's code points (U+FFFD for errors) */
    size_t n_repl;        /* read only when has_repl */
    int status;           /* 0, or how the call failed: ORACLE_CRASHED, ... */
    int signal;           /* ORACLE_CRASHED, ORACLE_OVERREAD: the signal
                             (read only then) */
} oracle_verdict;

/* Verdict status for decoders run out of process (plugins, subprocesses). */
enum {
    ORACLE_OK = 0,
    ORACLE_CRASHED,       /* died from a signal */
    ORACLE_OVERREAD,      /* faulted reading past the end of its input */
    ORACLE_HUNG,          /* killed after the timeout */
    ORACLE_FAILED         /* could not be run (I/O error, bad reply) */
};

/* One input of a batch. */
typedef struct oracle_input {
    const uint8_t *data;
    size_t len;
} oracle_input;

typedef struct oracle {
    const char *name;         /* short, for reports: "icu-ucnv", "iconv", ... */
    const char *what;         /* the API exercised, one line */
    /* open: returns NULL when ready, or a static message saying why the
     * decoder is unavailable here (the audit prints it; nothing is skipped
     * silently). */
    const char *(*open)(void);
    /* run: decodes in[0..n) and fills out[0..n) (whose cps/repl buffers
     * the caller set up). Returns 0, or -1 when the whole batch failed.
     * Subprocess adapters send a whole batch to one process. An adapter
     * not open (never, or closed since) opens itself first; -1 if it
     * cannot. */
    int (*run)(const oracle_input *in, size_t n, oracle_verdict *out);
    /* close: frees what open took; closing an adapter not open does
     * nothing. */
    void (*close)(void);
    /* known_divergence: when `theirs` differs from `ours` on data[0..len)
     * in a way this adapter documents, returns the documented divergence's
     * id (a short static string); otherwise NULL. May be NULL. */
    const char *(*known_divergence)(const uint8_t *data, size_t len,
                                    const oracle_verdict *ours,
                                    const oracle_verdict *theirs);
} oracle;

/* oracle_builtin returns the built-in adapters compiled into this build
 * (available or not: call open to find out) and sets *n to their number. */
const oracle *const *oracle_builtin(size_t *n);

/* oracle_reference fills *v with u8guard's own verdict on data[0..len),
 * replacement output included: what doc/contract.md says. */
void oracle_reference(const uint8_t *data, size_t len, oracle_verdict *v);

/* The outcome of comparing a decoder's verdict with u8guard's. */
typedef enum oracle_outcome {
    ORACLE_AGREE, /* only ever compared by name */
    ORACLE_KNOWN_DIVERGENCE,
    ORACLE_DISAGREE
} oracle_outcome;

/* oracle_strict_difference returns NULL when theirs' strict verdict is
 * ours: status ORACLE_OK, the same acceptance, the same error offset
 * (unless theirs is ORACLE_UNKNOWN) and the same code points (when the
 * offset is unknown, a prefix of ours). Otherwise returns a static one-line
 * description of the first difference, as oracle_compare's *why. */
const char *oracle_strict_difference(const oracle_verdict *ours,
                                     const oracle_verdict *theirs);

/* oracle_compare compares `theirs` with `ours` (from oracle_reference) on
 * data[0..len): verdict, error offset (unless the decoder cannot say),
 * strict code points, and replacement output when both have one. Returns
 * ORACLE_AGREE, ORACLE_KNOWN_DIVERGENCE (then *divergence is the id from
 * o->known_divergence) or ORACLE_DISAGREE (then *why, when not NULL, is a
 * static one-line description: "accepts ill-formed input", "error offset
 * differs", ...). A verdict whose status is not ORACLE_OK always
 * disagrees. */
oracle_outcome oracle_compare(const oracle *o, const uint8_t *data, size_t len,
                              const oracle_verdict *ours,
                              const oracle_verdict *theirs,
                              const char **divergence, const char **why);

#endif
