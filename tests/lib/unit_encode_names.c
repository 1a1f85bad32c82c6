/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* unit_encode_names.c -- u8guard_encode on the edges of every length and
 * of the excluded ranges, u8guard_kind_name for every kind (doc/contract.md
 * section 5 spells the names), and u8guard_version. */
#include "unit_suites.h"

#include <stdio.h>
#include <string.h>

static void encode(void)
{
    static const struct {
        uint32_t cp;
        size_t len;
        unsigned char b[4];
    } CASES[] = {
        {0x0, 1, {0x00}},
        {0x7F, 1, {0x7F}},
        {0x80, 2, {0xC2, 0x80}},
        {0x7FF, 2, {0xDF, 0xBF}},
        {0x800, 3, {0xE0, 0xA0, 0x80}},
        {0xD7FF, 3, {0xED, 0x9F, 0xBF}},
        {0xD800, 0, {0}},
        {0xDBFF, 0, {0}},
        {0xDC00, 0, {0}},
        {0xDFFF, 0, {0}},
        {0xE000, 3, {0xEE, 0x80, 0x80}},
        {0xFFFF, 3, {0xEF, 0xBF, 0xBF}},
        {0x10000, 4, {0xF0, 0x90, 0x80, 0x80}},
        {0x10FFFF, 4, {0xF4, 0x8F, 0xBF, 0xBF}},
        {0x110000, 0, {0}},
        {0x7FFFFFFF, 0, {0}},
        {0xFFFFFFFF, 0, {0}},
    };
    unsigned char out[8];
    size_t i, n;

    for (i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        check_input(&CASES[i].cp, sizeof CASES[i].cp);
        memset(out, 0xA5, sizeof out);
        n = u8guard_encode(CASES[i].cp, out);
        EXPECT_EQ(n, CASES[i].len);
        EXPECT_MEM(out, CASES[i].len, CASES[i].b, CASES[i].len);
        /* nothing beyond the encoding, nothing at all for 0 */
        EXPECT_EQ(out[CASES[i].len], 0xA5);
        EXPECT_EQ(out[4], 0xA5);
    }
}

static void names(void)
{
    static const char *const NAMES[] = {
        "ok",        "unexpected_continuation", "overlong", "surrogate",
        "too_large", "bad_continuation",        "truncated", "disallowed",
    };
    char ver[64];
    int k;

    check_input(NULL, 0);
    for (k = 0; k <= (int)U8GUARD_DISALLOWED; k++)
        EXPECT_MEM(u8guard_kind_name((u8guard_kind)k),
                   strlen(u8guard_kind_name((u8guard_kind)k)), NAMES[k],
                   strlen(NAMES[k]));
    EXPECT_EQ(strcmp(u8guard_kind_name((u8guard_kind)8), "invalid"), 0);
    EXPECT_EQ(strcmp(u8guard_kind_name((u8guard_kind)-1), "invalid"), 0);
    EXPECT_EQ(strcmp(u8guard_kind_name((u8guard_kind)1000), "invalid"), 0);
    EXPECT_EQ(strcmp(u8guard_version(), U8GUARD_VERSION_STRING), 0);
    snprintf(ver, sizeof ver, "%d.%d.%d", U8GUARD_VERSION_MAJOR,
             U8GUARD_VERSION_MINOR, U8GUARD_VERSION_PATCH);
    EXPECT_EQ(strcmp(u8guard_version(), ver), 0);
}

void unit_encode_and_names(void)
{
    encode();
    names();
}
