/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* impls.c -- see impls.h. The list is computed on every call (it is a few
 * table lookups), so harnesses pick up vector kernels as soon as the
 * library compiles them in, without being edited. */
#include "impls.h"

#include <stdio.h>
#include <stdlib.h>

size_t fz_impls(u8guard_impl out[U8GUARD_IMPL_COUNT_])
{
    size_t n = 0;
    int i;

    if (!u8guard_impl_supported(U8GUARD_IMPL_SCALAR)) {
        (void)fprintf(stderr, "U8GUARD-FUZZ: the scalar reference is not supported?\n");
        abort();
    }
    out[n++] = U8GUARD_IMPL_SCALAR;
    for (i = U8GUARD_IMPL_SCALAR + 1; i < U8GUARD_IMPL_COUNT_; i++)
        if (u8guard_impl_supported((u8guard_impl)i))
            out[n++] = (u8guard_impl)i;
    return n;
}

void fz_use(u8guard_impl impl)
{
    if (!u8guard_set_impl(impl)) {
        (void)fprintf(stderr, "U8GUARD-FUZZ: u8guard_set_impl(%s) refused a supported impl\n",
                u8guard_impl_name(impl));
        abort();
    }
}
