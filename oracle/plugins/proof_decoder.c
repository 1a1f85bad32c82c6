/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* proof_decoder.c -- the proof plugins of `u8guard audit` (doc/plugin-abi.md):
 * one strict decoder, compiled once correctly (PROOF_FAULT
 * undefined) and once per planted fault, so that the audit's tests can
 * show each fault is found, with a minimal example, and that the correct
 * build is flagged for nothing. Each fault is one plausible mistake of a
 * hand-written decoder; PROOF_FAULT selects it:
 *   OVERLONG2   accepts 2-byte overlongs (C0/C1 lead)
 *   OVERLONG34  accepts 3- and 4-byte overlongs (E0 80..9F, F0 80..8F)
 *   SURROGATE   accepts encoded surrogates (ED A0..BF)
 *   CESU8       accepts CESU-8 surrogate pairs (only paired surrogates)
 *   TOO_LARGE   accepts values above U+10FFFF (F4 90..BF, leads F5..F7)
 *   FIVE_SIX    accepts 5- and 6-byte forms (leads F8..FD)
 *   OVERREAD    reads past the end of a truncated sequence
 *   OFFSET      reports the breaking byte's offset, not the sequence start
 *   BITS4       masks the third byte of 4-byte sequences with 0x1F
 *   NONCHAR     rejects the noncharacters U+FFFE and U+FFFF
 *   MAX         rejects U+10FFFF
 *   CRASH       aborts on E0 followed by 80..9F
 *   HANG        loops forever on a byte F8..FF */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "u8guard/audit_plugin.h"

#define FAULT_NONE 0
#define FAULT_OVERLONG2 1
#define FAULT_OVERLONG34 2
#define FAULT_SURROGATE 3
#define FAULT_CESU8 4
#define FAULT_TOO_LARGE 5
#define FAULT_FIVE_SIX 6
#define FAULT_OVERREAD 7
#define FAULT_OFFSET 8
#define FAULT_BITS4 9
#define FAULT_NONCHAR 10
#define FAULT_MAX 11
#define FAULT_CRASH 12
#define FAULT_HANG 13

#ifndef PROOF_FAULT
#define PROOF_FAULT FAULT_NONE
#endif
#ifndef PROOF_NAME
#define PROOF_NAME "proof-correct"
#endif

/* u8guard_audit_name returns this build's name. */
const char *u8guard_audit_name(void)
{
    return PROOF_NAME;
}

#ifdef PROOF_VERSION
/* u8guard_audit_version returns this build's version: only the build that
 * the registry tests load says one (tests/audit/CMakeLists.txt). */
const char *u8guard_audit_version(void)
{
    return PROOF_VERSION;
}
#endif

/* Returns true when b is a continuation byte. */
static int tail(unsigned b)
{
    return (b & 0xC0u) == 0x80u;
}

/* Returns the number of bytes of the well-formed sequence at in[i..len),
 * storing its scalar value in *cp, or 0 when none starts there; *brk is set
 * to the offset of the byte that broke it. Faults planted per PROOF_FAULT. */
static size_t decode_one(const unsigned char *in, size_t len, size_t i,
                         uint32_t *cp, size_t *brk)
{
    unsigned b0 = in[i], lo = 0x80, hi = 0xBF;
    size_t need, k;
    uint32_t v;

    *brk = i;
    if (b0 < 0x80) {
        *cp = b0;
        return 1;
    }
    /* The planted faults below repeat the correct branches for the byte
     * ranges they wrongly admit, on purpose. */
    // NOLINTNEXTLINE(bugprone-branch-clone)
    if (b0 >= 0xC2 && b0 <= 0xDF) {
        need = 1;
        v = b0 & 0x1Fu;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
        need = 2;
        v = b0 & 0x0Fu;
        if (b0 == 0xE0)
            lo = PROOF_FAULT == FAULT_OVERLONG34 ? 0x80 : 0xA0;
        if (b0 == 0xED)
            hi = PROOF_FAULT == FAULT_SURROGATE ? 0xBF : 0x9F;
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
        need = 3;
        v = b0 & 0x07u;
        if (b0 == 0xF0)
            lo = PROOF_FAULT == FAULT_OVERLONG34 ? 0x80 : 0x90;
        if (b0 == 0xF4)
            hi = PROOF_FAULT == FAULT_TOO_LARGE ? 0xBF : 0x8F;
    } else if (PROOF_FAULT == FAULT_OVERLONG2 && (b0 == 0xC0 || b0 == 0xC1)) {
        need = 1;
        v = b0 & 0x1Fu;
    } else if (PROOF_FAULT == FAULT_TOO_LARGE && b0 >= 0xF5 && b0 <= 0xF7) {
        need = 3;
        v = b0 & 0x07u;
    } else if (PROOF_FAULT == FAULT_FIVE_SIX && b0 >= 0xF8 && b0 <= 0xFD) {
        need = b0 >= 0xFC ? 5 : 4;
        v = b0 & (b0 >= 0xFC ? 0x01u : 0x03u);
    } else {
#if PROOF_FAULT == FAULT_HANG
        if (b0 >= 0xF8) {
            /* "skip to the next lead byte" that forgets to advance */
            volatile size_t j = i;
            while (in[j] >= 0xF8)
                j = i;
        }
#endif
        return 0;
    }
#if PROOF_FAULT == FAULT_CRASH
    if (b0 == 0xE0 && i + 1 < len && in[i + 1] < 0xA0 && tail(in[i + 1]))
        abort(); /* an "impossible" table index, asserted */
#endif
    for (k = 1; k <= need; k++) {
        unsigned b;
#if PROOF_FAULT == FAULT_OVERREAD
        b = in[i + k]; /* the bounds check is done after the read */
        if (i + k >= len)
            return 0;
#else
        if (i + k >= len)
            return 0;
        b = in[i + k];
#endif
        if (k == 1 ? (b < lo || b > hi) : !tail(b)) {
            *brk = i + k;
            return 0;
        }
#if PROOF_FAULT == FAULT_BITS4
        if (need == 3 && k == 2) {
            v = (v << 6) | (b & 0x1Fu);
            continue;
        }
#endif
        v = (v << 6) | (b & 0x3Fu);
    }
#if PROOF_FAULT == FAULT_NONCHAR
    if (v == 0xFFFE || v == 0xFFFF)
        return 0;
#endif
#if PROOF_FAULT == FAULT_MAX
    if (v == 0x10FFFF)
        return 0;
#endif
    *cp = v;
    return need + 1;
}

/* u8guard_audit_decode returns 0 when in[0..len) is accepted (*n_out code
 * points in out), else 1 with *err_offset = where the first ill-formed
 * sequence starts and *n_out = the code points before it. */
int u8guard_audit_decode(const unsigned char *in, size_t len, uint32_t *out,
                         size_t *n_out, size_t *err_offset)
{
    size_t i = 0, n = 0;

    while (i < len) {
        uint32_t cp = 0;
        size_t brk;
        size_t step = decode_one(in, len, i, &cp, &brk);

#if PROOF_FAULT == FAULT_CESU8
        /* A high surrogate immediately followed by a low one is taken as
         * one supplementary character. */
        if (step == 0 && len - i >= 6 && in[i] == 0xED && in[i + 1] >= 0xA0 &&
            in[i + 1] <= 0xAF && tail(in[i + 2]) && in[i + 3] == 0xED &&
            in[i + 4] >= 0xB0 && in[i + 4] <= 0xBF && tail(in[i + 5])) {
            uint32_t h = 0xD000u | ((in[i + 1] & 0x3Fu) << 6) | (in[i + 2] & 0x3Fu);
            uint32_t l = 0xD000u | ((in[i + 4] & 0x3Fu) << 6) | (in[i + 5] & 0x3Fu);
            out[n++] = 0x10000u + ((h - 0xD800u) << 10) + (l - 0xDC00u);
            i += 6;
            continue;
        }
#endif
        if (step == 0) {
            *n_out = n;
            *err_offset = PROOF_FAULT == FAULT_OFFSET ? brk : i;
            return 1;
        }
        out[n++] = cp;
        i += step;
    }
    *n_out = n;
    return 0;
}
