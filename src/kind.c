/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* kind.c -- names of the error kinds, exactly as doc/contract.md section 2 spells
 * them, and the library version. */
#include "u8guard.h"

const char *u8guard_kind_name(u8guard_kind kind)
{
    static const char *const names[] = {
        "ok",        "unexpected_continuation", "overlong", "surrogate",
        "too_large", "bad_continuation",        "truncated", "disallowed",
    };
    if ((unsigned)kind < sizeof names / sizeof names[0])
        return names[kind];
    return "invalid";
}

const char *u8guard_version(void)
{
    return U8GUARD_VERSION_STRING;
}
