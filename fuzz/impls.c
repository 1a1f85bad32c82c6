/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* impls.c -- see impls.h. The list is computed on every call (it is a few
 * table lookups), so harnesses pick up vector kernels as soon as the
 * library compiles them in, without being edited. */
#include "impls.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether impl is named in U8GUARD_FUZZ_SKIP (comma-separated names). The
 * AFL++ scripts set it to avx512: afl-clang-lto instruments that kernel's
 * code wrongly even where fuzz/afl-denylist.txt names it, and the harness
 * dies there (libFuzzer's build runs it). */
static bool skipped(u8guard_impl impl)
{
    const char *p = getenv("U8GUARD_FUZZ_SKIP"), *name = u8guard_impl_name(impl);
    size_t n = strlen(name);

    while (p != NULL && *p != '\0') {
        size_t len = strcspn(p, ",");

        if (len == n && strncmp(p, name, n) == 0)
            return true;
        p += len;
        if (*p == ',')
            p++;
    }
    return false;
}

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
        if (u8guard_impl_supported((u8guard_impl)i) && !skipped((u8guard_impl)i))
            out[n++] = (u8guard_impl)i;
    return n;
}

void fz_use(u8guard_impl impl)
{
    u8guard_impl all[U8GUARD_IMPL_COUNT_];

    /* AUTO would pick a skipped kernel: the last one listed stands in. */
    if (impl == U8GUARD_IMPL_AUTO && getenv("U8GUARD_FUZZ_SKIP") != NULL)
        impl = all[fz_impls(all) - 1];
    if (!u8guard_set_impl(impl)) {
        (void)fprintf(stderr, "U8GUARD-FUZZ: u8guard_set_impl(%s) refused a supported impl\n",
                u8guard_impl_name(impl));
        abort();
    }
}
