/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* compare.c -- decides whether a decoder's verdict agrees with u8guard's.
 *
 * A decoder that accepts what doc/contract.md rejects, or rejects what it
 * accepts, or fails to run, always disagrees: those are never a matter of
 * reporting style, so the adapter's known_divergence is not consulted for
 * them. The other differences (where the error is, the code points, the
 * replacement output) are asked of known_divergence, which recognises
 * only the documented, legitimate ones. */
#include "oracle.h"

/* Returns true when a[0..n) equals b[0..n). */
static bool same_cps(const uint32_t *a, const uint32_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i])
            return false;
    return true;
}

/* Returns why a verdict with status != ORACLE_OK disagrees. */
static const char *status_why(int status)
{
    switch (status) {
    case ORACLE_CRASHED: return "crashed";
    case ORACLE_OVERREAD: return "read past the end of its input";
    case ORACLE_HUNG: return "hung (killed after the timeout)";
    case ORACLE_FAILED: return "could not be run";
    default: return "unknown failure status";
    }
}

/* Returns why theirs differs from ours in a way that is never a matter of
 * reporting style (a failure to run, a wrong acceptance), else NULL. */
static const char *fatal_difference(const oracle_verdict *ours,
                                    const oracle_verdict *theirs)
{
    if (theirs->status != ORACLE_OK)
        return status_why(theirs->status);
    if (theirs->accepted != ours->accepted)
        return theirs->accepted ? "accepts ill-formed input" : "rejects valid input";
    return NULL;
}

/* Returns NULL when theirs, accepted as ours is, gives ours' error offset
 * and strict code points, else the first difference found. */
static const char *detail_difference(const oracle_verdict *ours,
                                     const oracle_verdict *theirs)
{
    bool offset_known = theirs->accepted || theirs->err_offset != ORACLE_UNKNOWN;

    if (!theirs->accepted && offset_known &&
        theirs->err_offset != ours->err_offset)
        return "error offset differs";
    /* Without an offset, the decoder's code points can only be checked as
     * a prefix of the valid prefix's decoding. */
    if (offset_known ? theirs->n_cps != ours->n_cps
                     : theirs->n_cps > ours->n_cps)
        return "decoded code points differ";
    if (!same_cps(theirs->cps, ours->cps, theirs->n_cps))
        return "decoded code points differ";
    return NULL;
}

const char *oracle_strict_difference(const oracle_verdict *ours,
                                     const oracle_verdict *theirs)
{
    const char *diff = fatal_difference(ours, theirs);

    return diff ? diff : detail_difference(ours, theirs);
}

/* Returns NULL when the replacement outputs agree or either side has none,
 * else why they differ. */
static const char *repl_difference(const oracle_verdict *ours,
                                   const oracle_verdict *theirs)
{
    if (theirs->has_repl && ours->has_repl &&
        (theirs->n_repl != ours->n_repl ||
         !same_cps(theirs->repl, ours->repl, ours->n_repl)))
        return "replacement output differs";
    return NULL;
}

oracle_outcome oracle_compare(const oracle *o, const uint8_t *data, size_t len,
                              const oracle_verdict *ours,
                              const oracle_verdict *theirs,
                              const char **divergence, const char **why)
{
    const char *diff, *id;

    if (divergence)
        *divergence = NULL;
    if (why)
        *why = NULL;
    diff = fatal_difference(ours, theirs);
    if (diff == NULL) {
        diff = detail_difference(ours, theirs);
        if (diff == NULL)
            diff = repl_difference(ours, theirs);
        if (diff == NULL)
            return ORACLE_AGREE;
        id = o && o->known_divergence
                 ? o->known_divergence(data, len, ours, theirs)
                 : NULL;
        if (id) {
            if (divergence)
                *divergence = id;
            return ORACLE_KNOWN_DIVERGENCE;
        }
    }
    if (why)
        *why = diff;
    return ORACLE_DISAGREE;
}
