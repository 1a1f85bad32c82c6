/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* dispatch.c -- which implementation runs. The choice is made once, at
 * first use: U8GUARD_IMPL from the environment if it names a supported
 * implementation, else the best the CPU supports. Racing first uses all
 * compute the same answer, so a relaxed atomic store is enough. */
#include "cpu.h"
#include "internal.h"
#include "kernels/kernels.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

static const char *const IMPL_NAMES[U8GUARD_IMPL_COUNT_] = {
    "auto", "scalar", "word", "sse42", "avx2", "avx512", "neon",
};

/* The kernels compiled into this build, by id; NULL where absent. */
static const struct u8g_kernels *compiled(u8guard_impl impl)
{
    switch (impl) {
    case U8GUARD_IMPL_SCALAR:
        return &u8g_scalar_kernels;
    case U8GUARD_IMPL_WORD:
        return &u8g_word_kernels;
#ifdef U8G_HAVE_X86_KERNELS
    case U8GUARD_IMPL_SSE42:
        return &u8g_sse42_kernels;
    case U8GUARD_IMPL_AVX2:
        return &u8g_avx2_kernels;
    case U8GUARD_IMPL_AVX512:
        return &u8g_avx512_kernels;
#endif
#ifdef U8G_HAVE_NEON_KERNEL
    case U8GUARD_IMPL_NEON:
        return &u8g_neon_kernels;
#endif
    default:
        return NULL;
    }
}

/* Whether the running CPU (and OS) can execute impl's instructions. */
static bool cpu_can_run(u8guard_impl impl)
{
    switch (impl) {
    case U8GUARD_IMPL_SCALAR:
    case U8GUARD_IMPL_WORD:
        return true;
    case U8GUARD_IMPL_SSE42:
        return u8g_cpu_has_sse42();
    case U8GUARD_IMPL_AVX2:
        return u8g_cpu_has_avx2();
    case U8GUARD_IMPL_AVX512:
        return u8g_cpu_has_avx512();
    case U8GUARD_IMPL_NEON:
        return u8g_cpu_has_neon();
    default:
        return false;
    }
}

U8G_HIDDEN _Atomic(const struct u8g_kernels *) u8g_active_kernels;

const char *u8guard_impl_name(u8guard_impl impl)
{
    if ((unsigned)impl >= U8GUARD_IMPL_COUNT_)
        return NULL;
    return IMPL_NAMES[impl];
}

bool u8guard_impl_supported(u8guard_impl impl)
{
    if (impl == U8GUARD_IMPL_AUTO)
        return true;
    if ((unsigned)impl >= U8GUARD_IMPL_COUNT_)
        return false;
    return compiled(impl) != NULL && cpu_can_run(impl);
}

/* The best supported implementation: the last one in the enumeration. */
static const struct u8g_kernels *best(void)
{
    int i;

    for (i = U8GUARD_IMPL_COUNT_ - 1; i > U8GUARD_IMPL_AUTO; i--)
        if (u8guard_impl_supported((u8guard_impl)i))
            return compiled((u8guard_impl)i);
    return &u8g_scalar_kernels;
}

static const struct u8g_kernels *from_environment(void)
{
    const char *want = getenv("U8GUARD_IMPL");
    int i;

    if (want != NULL)
        for (i = U8GUARD_IMPL_SCALAR; i < U8GUARD_IMPL_COUNT_; i++)
            if (strcmp(want, IMPL_NAMES[i]) == 0 && u8guard_impl_supported((u8guard_impl)i))
                return compiled((u8guard_impl)i);
    return best();
}

const struct u8g_kernels *u8g_choose_kernels(void)
{
    const struct u8g_kernels *k = from_environment();

    atomic_store_explicit(&u8g_active_kernels, k, memory_order_release);
    return k;
}

bool u8guard_set_impl(u8guard_impl impl)
{
    if (!u8guard_impl_supported(impl))
        return false;
    atomic_store_explicit(&u8g_active_kernels,
                          impl == U8GUARD_IMPL_AUTO ? best() : compiled(impl),
                          memory_order_release);
    return true;
}

u8guard_impl u8guard_active_impl(void)
{
    return u8g_active()->id;
}
