/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* unit_impl_api.c -- choosing the implementation: names, support, forcing
 * one with u8guard_set_impl, and the U8GUARD_IMPL environment variable. */
#include "unit_suites.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const IMPL_NAMES[] = {
    "auto", "scalar", "word", "sse42", "avx2", "avx512", "neon",
};

void unit_impl_api(void)
{
    int i;
    u8guard_impl before;

    check_input(NULL, 0);
    for (i = 0; i < (int)U8GUARD_IMPL_COUNT_; i++)
        if (EXPECT_TRUE(u8guard_impl_name((u8guard_impl)i) != NULL))
            EXPECT_EQ(strcmp(u8guard_impl_name((u8guard_impl)i), IMPL_NAMES[i]), 0);
    EXPECT_TRUE(u8guard_impl_name(U8GUARD_IMPL_COUNT_) == NULL);
    EXPECT_TRUE(u8guard_impl_name((u8guard_impl)-1) == NULL);

    EXPECT_TRUE(u8guard_impl_supported(U8GUARD_IMPL_AUTO));
    EXPECT_TRUE(u8guard_impl_supported(U8GUARD_IMPL_SCALAR));
    EXPECT_TRUE(!u8guard_impl_supported(U8GUARD_IMPL_COUNT_));
    EXPECT_TRUE(!u8guard_impl_supported((u8guard_impl)-1));
    /* u8guard.h: WORD is portable, so always supported. */
    EXPECT_TRUE(u8guard_impl_supported(U8GUARD_IMPL_WORD));

    /* AUTO picks a real implementation, the same one every time. */
    EXPECT_TRUE(u8guard_set_impl(U8GUARD_IMPL_AUTO));
    before = u8guard_active_impl();
    EXPECT_TRUE(before != U8GUARD_IMPL_AUTO && before < U8GUARD_IMPL_COUNT_);
    EXPECT_TRUE(u8guard_impl_supported(before));
    /* The best supported is the last supported one in the enumeration. */
    for (i = (int)U8GUARD_IMPL_COUNT_ - 1; i > 0; i--)
        if (u8guard_impl_supported((u8guard_impl)i))
            break;
    EXPECT_EQ(before, i);

    /* Refusing an unsupported implementation changes nothing. */
    EXPECT_TRUE(u8guard_set_impl(U8GUARD_IMPL_SCALAR));
    for (i = 0; i < (int)U8GUARD_IMPL_COUNT_; i++) {
        if (u8guard_impl_supported((u8guard_impl)i))
            continue;
        EXPECT_TRUE(!u8guard_set_impl((u8guard_impl)i));
        EXPECT_EQ(u8guard_active_impl(), U8GUARD_IMPL_SCALAR);
    }
    EXPECT_TRUE(!u8guard_set_impl(U8GUARD_IMPL_COUNT_));
    EXPECT_TRUE(!u8guard_set_impl((u8guard_impl)99));
    EXPECT_EQ(u8guard_active_impl(), U8GUARD_IMPL_SCALAR);
    /* Every supported one can be selected and is then active. */
    for (i = 1; i < (int)U8GUARD_IMPL_COUNT_; i++) {
        if (!u8guard_impl_supported((u8guard_impl)i))
            continue;
        EXPECT_TRUE(u8guard_set_impl((u8guard_impl)i));
        EXPECT_EQ(u8guard_active_impl(), i);
    }
}

int unit_env_impl(void)
{
    const char *want = getenv("U8GUARD_IMPL");
    u8guard_impl first, best;
    int i, named = -1;

    if (want == NULL) {
        printf("test_unit --env-impl: U8GUARD_IMPL is not set\n");
        return 1;
    }
    /* The library's first use: the choice is made now, from the env. */
    first = u8guard_active_impl();
    for (i = 1; i < (int)U8GUARD_IMPL_COUNT_; i++)
        if (strcmp(want, IMPL_NAMES[i]) == 0)
            named = i;
    EXPECT_TRUE(u8guard_set_impl(U8GUARD_IMPL_AUTO));
    best = u8guard_active_impl();
    if (named > 0 && u8guard_impl_supported((u8guard_impl)named)) {
        printf("test_unit --env-impl: U8GUARD_IMPL=%s is supported: expect it\n", want);
        EXPECT_EQ(first, named);
    } else {
        printf("test_unit --env-impl: U8GUARD_IMPL=%s is %s: expect the best, %s\n",
               want, named > 0 ? "not supported here" : "not a name",
               u8guard_impl_name(best));
        EXPECT_EQ(first, best);
    }
    return check_finish("test_unit --env-impl");
}
