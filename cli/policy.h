/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* policy.h -- the options that set a u8guard_policy (--deny, --on-error)
 * and the sentence `check` prints for a denied character: what it does
 * to the text around it. */
#ifndef U8GUARD_CLI_POLICY_H
#define U8GUARD_CLI_POLICY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "u8guard.h"

/* parse_deny adds the classes named in the comma-separated list s (class
 * names of u8guard_class_name, "all" included) to *deny. Returns true on
 * success; false after printing a usage message for sub-command cmd. */
bool parse_deny(const char *cmd, const char *s, unsigned *deny);

/* parse_handler sets *h from "replace", "drop" or "escape". Returns true on
 * success; false after printing a usage message for sub-command cmd. */
bool parse_handler(const char *cmd, const char *s, u8guard_handler *h);

/* denied_text writes to buf (cap bytes, >= 64) one sentence on the denied
 * character cp of class cls: "U+202E RIGHT-TO-LEFT OVERRIDE (bidi)
 * reverses the display of the text after it". Returns buf. */
char *denied_text(uint32_t cp, u8guard_class cls, char *buf, size_t cap);

#endif
