/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* plugin_no_decode.c -- a plugin that exports u8guard_audit_name but not
 * u8guard_audit_decode: `u8guard audit --plugin` must refuse it with a
 * message and exit status 2 (tests/audit). */
#include "u8guard/audit_plugin.h"

/* u8guard_audit_name returns this plugin's name. */
const char *u8guard_audit_name(void)
{
    return "no-decode";
}
