/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* plugin_misbehave.c -- plugins that break the ABI's contract rather than
 * UTF-8's (doc/plugin-abi.md), built once per MISBEHAVE value, for the
 * sandbox's tests (tests/audit):
 *   1 BAD_RESULT  claims one more code point than the input has bytes
 *   2 OVERWRITE   writes a code point past out[len - 1]
 *   3 STDOUT      prints to standard output on every call (the audit's own
 *                 output must stay clean)
 *   4 LOAD_DEATH  aborts while it is being loaded (a constructor), so its
 *                 sandbox child dies before it says its name
 *   5 SILENT      rejects without setting *n_out or *err_offset, which
 *                 the audit then reads as 0 (the runner sets both before
 *                 each call); its name begins with 'E', the first letter
 *                 of the sandbox child's hello when a plugin could not be
 *                 loaded, and is a name like any other
 * Each misbehaves only on inputs that hold the byte 'Q', and otherwise
 * accepts ASCII and rejects anything else at its first non-ASCII byte
 * (a wrong decoder, but only the misbehaviour matters to these tests). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef MISBEHAVE
#error "MISBEHAVE must be 1 (BAD_RESULT), 2 (OVERWRITE), 3 (STDOUT), 4 (LOAD_DEATH) or 5 (SILENT)"
#endif

#include "u8guard/audit_plugin.h"

#if MISBEHAVE == 4
/* die_while_loaded runs when the plugin is loaded, and ends the process. */
__attribute__((constructor)) static void die_while_loaded(void)
{
    abort();
}
#endif

/* u8guard_audit_name returns this build's name. */
const char *u8guard_audit_name(void)
{
    return MISBEHAVE == 1 ? "misbehave-bad-result"
           : MISBEHAVE == 2 ? "misbehave-overwrite"
           : MISBEHAVE == 3 ? "misbehave-stdout"
           : MISBEHAVE == 4 ? "misbehave-load-death"
                            : "Emits-nothing";
}

/* u8guard_audit_decode returns 0 for ASCII input (the bytes as code
 * points), else 1 at the first other byte; misbehaving as MISBEHAVE says
 * when the input holds a 'Q'. */
int u8guard_audit_decode(const unsigned char *in, size_t len, uint32_t *out,
                         size_t *n_out, size_t *err_offset)
{
    size_t i;
    int q = 0;

    for (i = 0; i < len; i++)
        q |= in[i] == 'Q';
#if MISBEHAVE == 5
    if (q)
        return 1;
#endif
#if MISBEHAVE == 3
    printf("misbehave-stdout was here\n");
    fflush(stdout);
#endif
    for (i = 0; i < len && in[i] < 0x80; i++)
        out[i] = in[i];
    *n_out = i;
    if (q) {
#if MISBEHAVE == 1
        *n_out = len + 1;
#elif MISBEHAVE == 2
        volatile uint32_t *o = out;
        o[len] = 0x51;
#endif
    }
    if (i < len) {
        *err_offset = i;
        return 1;
    }
    return 0;
}
