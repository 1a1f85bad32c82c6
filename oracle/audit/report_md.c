/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* report_md.c -- the audit's report as Markdown (`--format markdown`),
 * the form of doc/FINDINGS.md: a summary table, then per decoder each kind
 * of difference with its minimal input, both answers, what RFC 3629 and
 * Unicode's maximal-subpart practice require, and what an attacker gains.
 * Deterministic: no times, no paths, nothing of the machine but the
 * decoders' versions, so that the same decoders on the same inputs give
 * the same bytes. */
#include <string.h>

#include "audit.h"

/* The class of an entry that holds for any class (none of audit.h's is
 * negative). */
enum { ANY_CLASS = -1 };

/* What the standard requires and what an attacker gains, for one kind of
 * difference (why, and for accepted ill-formed input the class). */
typedef struct explanation {
    const char *why;   /* a disagreement's why */
    int cls;           /* its class, or ANY_CLASS */
    const char *require;
    const char *gain;
} explanation;

static const explanation EXPLAIN[] = {
    {"accepts ill-formed input", CLASS_OVERLONG,
     "RFC 3629 section 3 forbids decoding an overlong form (\"implementations of the "
     "decoding algorithm MUST protect against decoding invalid sequences\"); a strict "
     "decoder rejects it at its first byte, a replacing one writes U+FFFD for each "
     "maximal subpart (here each byte).",
     "A character such as `/`, `<`, `.` or U+0000 written in two or more bytes passes "
     "every byte-level filter that looks for its one-byte form and is decoded into the "
     "real character afterwards: path traversal, markup and NUL injection."},
    {"accepts ill-formed input", CLASS_SURROGATE,
     "RFC 3629 section 3: the surrogates U+D800..U+DFFF are not scalar values and "
     "their three-byte forms (ED A0..BF xx) are ill-formed.",
     "A lone surrogate reaches UTF-16 code (Java, JavaScript, Windows) as a broken "
     "string: lengths and comparisons disagree between components, and code that "
     "assumes valid UTF-16 crashes or re-encodes it into something else."},
    {"accepts ill-formed input", CLASS_CESU8,
     "RFC 3629 section 3: a surrogate pair encoded as two three-byte sequences "
     "(CESU-8) is two ill-formed sequences, not one supplementary character.",
     "The same supplementary character has two spellings: filters and signatures that "
     "compare bytes see different text from the one this decoder produces."},
    {"accepts ill-formed input", CLASS_TOO_LARGE,
     "RFC 3629 restricts UTF-8 to U+0000..U+10FFFF: F4 90..BF and F5..FF never occur.",
     "A value above U+10FFFF is truncated or wrapped by the next component (U+110000 "
     "becomes U+10000 in a UTF-16 conversion): text that no filter saw appears later."},
    {"accepts ill-formed input", CLASS_FIVE_SIX,
     "RFC 3629 removed the five- and six-byte forms of RFC 2279: F8..FD are never "
     "valid.",
     "As for values above U+10FFFF: a code point that other components cannot "
     "represent, and so read differently."},
    {"accepts ill-formed input", ANY_CLASS,
     "RFC 3629 section 3: the input is not UTF-8 (a continuation byte without its "
     "lead, a lead without its continuation bytes, or a sequence cut short); a strict "
     "decoder rejects it where it starts, a replacing one writes one U+FFFD per "
     "maximal subpart.",
     "Bytes that a validating component would refuse pass here: two components read "
     "different text from the same input (parser differentials), and a truncated "
     "sequence can swallow the delimiter after it."},
    {"rejects valid input", ANY_CLASS,
     "RFC 3629 section 3: every scalar value U+0000..U+10FFFF except the surrogates is "
     "well-formed, noncharacters (U+FFFE, U+FFFF, U+FDD0..) and U+0000 included; a "
     "UTF-8 decoder accepts them (a format such as XML may forbid some characters, "
     "but that is the format's rule, not UTF-8's).",
     "Denial of service: text that every other component accepts is refused here, so "
     "one chosen character makes a record, a message or a file unprocessable."},
    {"error offset differs", ANY_CLASS,
     "The error is where the longest well-formed prefix ends (RFC 3629 section 3; "
     "Unicode's maximal subparts, chapter 3.9).",
     "Errors are reported, cut or resynchronised at the wrong place: text after the "
     "real error may be kept or lost differently from what other components do."},
    {"decoded code points differ", ANY_CLASS,
     "A well-formed sequence decodes to exactly its scalar value (RFC 3629 section 3); "
     "a byte order mark is U+FEFF, text like any other, unless the protocol says to "
     "strip it.",
     "This decoder sees different text from the bytes every other component sees: "
     "content that passed a check is not the content that is used."},
    {"replacement output differs", ANY_CLASS,
     "Unicode's U+FFFD substitution of maximal subparts (chapter 3.9, also the W3C "
     "Encoding Standard): each maximal subpart of an ill-formed sequence becomes one "
     "U+FFFD, and well-formed text is kept as it is.",
     "Dropping ill-formed bytes splices what surrounds them (`<scr` C0 `ipt>` becomes "
     "`<script>`); a different number of U+FFFD, or a value kept that others replace, "
     "makes lengths, offsets and comparisons disagree between components."},
    /* the last entry, for any other why (a fault): its why and cls are not read */
    {.require = "A decoder answers every input, within bounds, without crashing or "
                "hanging, and the same way each time.",
     .gain = "Denial of service, and where memory outside the buffers is read, "
             "disclosure of memory."},
};

/* A known divergence (its why is its id) breaks no rule: oracle_compare
 * files a difference as one only when the decoder's strict verdict agrees
 * and the rest is reporting style (oracle/DIVERGENCES.md). */
static const explanation KNOWN = {
    .require = "Nothing that this decoder breaks: its strict verdict agrees with u8guard's, "
               "and the difference is one of reporting style (how it substitutes U+FFFD or "
               "where it reports an error), documented with its reasons in "
               "oracle/DIVERGENCES.md.",
    .gain = "Nothing from this decoder alone. Components that compare the number of U+FFFD "
            "or an error's position with another decoder's see a difference."};

/* Returns the explanation for why in class cls: the first entry with that
 * why and that class (or ANY_CLASS), else the last. */
static const explanation *explain(const char *why, int cls)
{
    size_t i;

    for (i = 0; i + 1 < sizeof EXPLAIN / sizeof *EXPLAIN; i++)
        if (strcmp(EXPLAIN[i].why, why) == 0 &&
            (EXPLAIN[i].cls == ANY_CLASS || EXPLAIN[i].cls == cls))
            return &EXPLAIN[i];
    return &EXPLAIN[i];
}

/* Writes s for a Markdown table cell or line: '|' and '`' escaped,
 * controls and newlines as spaces. */
static void md_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '|' || *s == '`')
            fputc('\\', f);
        fputc((unsigned char)*s < 0x20 ? ' ' : *s, f);
    }
}

/* Prints one example (a disagreement, or a known divergence when known). */
static void md_example(FILE *f, const audit_decoder *x, const audit_example *e,
                       bool known)
{
    char hex[AUDIT_HEX_ROOM(AUDIT_MAX_INPUT)];
    const explanation *ex = known ? &KNOWN : explain(e->why, e->cls);

    fprintf(f, "### %s: ", audit_class_name(e->cls));
    md_text(f, e->why);
    fprintf(f, "%s\n\n", known ? " (a documented known divergence)" : "");
    fprintf(f, "- Minimal input: `%s`\n",
            e->len ? audit_hex(e->data, e->len, hex, sizeof hex) : "(empty)");
    fprintf(f, "- ");
    md_text(f, x->name);
    fprintf(f, ": ");
    md_text(f, e->theirs);
    fprintf(f, "\n- u8guard: ");
    md_text(f, e->ours);
    fprintf(f, "\n- Required: %s\n- An attacker gains: %s\n\n", ex->require, ex->gain);
}

void audit_print_markdown(FILE *f, audit_decoder *const *d, size_t n,
                          const audit_run_stats *st, uint64_t seed)
{
    fprintf(f, "<!-- SPDX-License-Identifier: MIT OR Apache-2.0 -->\n"
               "# Findings: the world's UTF-8 decoders against RFC 3629\n\n"
               "Written by `u8guard audit --format markdown` (doc/audit-world.md); "
               "do not edit: CI (stage `world`) writes it again with "
               "`u8guard audit --world --seconds 0 --timeout-ms 10000 --format markdown` on Debian 12 after "
               "`ci/deps.sh --world`, and fails when it differs.\n\n"
               "Inputs: %lu conformance cases, then %lu generated inputs (seed %llu). "
               "Each decoder's answers are compared with u8guard's, which follow "
               "RFC 3629 and, when replacing, Unicode's maximal subparts "
               "(doc/contract.md). For each kind of difference the first input that "
               "showed it is shrunk to a minimal one. Every finding is recorded in "
               "corpus/regressions/ with the decoder's version.\n\n",
            st->corpus_cases, st->generated, (unsigned long long)seed);
    fprintf(f, "| decoder | language | version | verdict | disagreements | known divergences |\n"
               "|---|---|---|---|---|---|\n");
    for (size_t i = 0; i < n; i++) {
        const audit_decoder *x = d[i];
        unsigned long dis = 0, kn = 0;

        for (int c = 0; c < CLASS_COUNT; c++)
            dis += x->disagree[c], kn += x->known[c];
        fprintf(f, "| ");
        md_text(f, x->name);
        fprintf(f, " | %s | ", x->language[0] ? x->language : "-");
        md_text(f, x->version[0] ? x->version : "-");
        fprintf(f, " | %s | %lu of %lu | %lu |\n", audit_status(x), dis, x->cases, kn);
    }
    fprintf(f, "\n");
    for (size_t i = 0; i < n; i++) {
        const audit_decoder *x = d[i];

        fprintf(f, "## ");
        md_text(f, x->name);
        fprintf(f, "\n\n- Decoder: ");
        md_text(f, x->what);
        fprintf(f, "\n- Version: ");
        md_text(f, x->version[0] ? x->version : "-");
        fprintf(f, "\n- Verdict: %s\n", audit_status(x));
        if (x->unavailable) {
            fprintf(f, "- Not run: ");
            md_text(f, x->unavailable);
            fprintf(f, "\n");
        }
        fprintf(f, "\n");
        if (x->n_examples == 0 && x->n_known == 0 && !x->unavailable)
            fprintf(f, "No difference from u8guard on these inputs.\n\n");
        for (size_t k = 0; k < x->n_examples; k++)
            md_example(f, x, &x->examples[k], false);
        for (size_t k = 0; k < x->n_known; k++)
            md_example(f, x, &x->known_examples[k], true);
    }
}
