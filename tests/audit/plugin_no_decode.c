/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* plugin_no_decode.c -- plugins that lack a function the ABI requires
 * (doc/plugin-abi.md): `u8guard audit --plugin` must refuse each with a
 * message naming what is missing and exit status 2 (tests/audit). Built
 * three ways: as it is, it exports u8guard_audit_name but not
 * u8guard_audit_decode; with NO_NAME it exports neither; with NO_NAME and
 * WITH_DECODE only u8guard_audit_decode. */
#include <stddef.h>
#include <stdint.h>

#include "u8guard/audit_plugin.h"

#ifndef NO_NAME
/* u8guard_audit_name returns this plugin's name. */
const char *u8guard_audit_name(void)
{
    return "no-decode";
}
#endif

#ifdef WITH_DECODE
/* u8guard_audit_decode accepts every input as no code points (it is never
 * called: the plugin is refused first). */
int u8guard_audit_decode(const unsigned char *in, size_t len, uint32_t *out,
                         size_t *n_out, size_t *err_offset)
{
    (void)in, (void)len, (void)out, (void)err_offset;
    *n_out = 0;
    return 0;
}
#endif

/* Something for the build that exports neither to compile: a translation
 * unit must declare something. */
typedef int plugin_no_decode_unit;
