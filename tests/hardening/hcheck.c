/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* hcheck.c -- failure reporting and the per-implementation loop. */
#include "hcheck.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static unsigned long failures;
static char context[256] = "(none)";
static const char *impl_name = "none";
static const char *only; /* hcheck_only's filter */

void hcheck_context(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(context, sizeof context, fmt, ap);
    va_end(ap);
}

/* Counts a failure; returns 1 when it should still be printed. */
static int report(const char *file, int line, const char *expr)
{
    failures++;
    if (failures > HCHECK_MAX_REPORTS) {
        if (failures == HCHECK_MAX_REPORTS + 1)
            fprintf(stderr, "(further failures are counted, not printed)\n");
        return 0;
    }
    fprintf(stderr, "%s:%d: FAILED %s\n  impl %s, %s\n", file, line, expr,
            impl_name, context);
    return 1;
}

void hcheck_fail_u(const char *file, int line, const char *expr,
                   uintmax_t actual, uintmax_t expected)
{
    if (report(file, line, expr))
        fprintf(stderr, "  expected %" PRIuMAX " (0x%" PRIXMAX "), got %" PRIuMAX
                " (0x%" PRIXMAX ")\n", expected, expected, actual, actual);
}

void hcheck_fail_mem(const char *file, int line, const char *expr, size_t at,
                     unsigned actual, unsigned expected)
{
    if (report(file, line, expr))
        fprintf(stderr, "  first difference at byte %zu: expected %02X, got %02X\n",
                at, expected, actual);
}

int hcheck_mem_(const char *file, int line, const char *expr, const void *a,
                const void *e, size_t n)
{
    const unsigned char *pa = a, *pe = e;
    size_t i;

    for (i = 0; i < n; i++)
        if (pa[i] != pe[i]) {
            hcheck_fail_mem(file, line, expr, i, pa[i], pe[i]);
            return 0;
        }
    return 1;
}

unsigned long hcheck_failures(void)
{
    return failures;
}

const char *hcheck_impl(void)
{
    return impl_name;
}

int hcheck_only(const char *name)
{
    int i;

    only = name;
    for (i = U8GUARD_IMPL_SCALAR; i < U8GUARD_IMPL_COUNT_; i++)
        if (strcmp(name, u8guard_impl_name((u8guard_impl)i)) == 0) {
            if (u8guard_impl_supported((u8guard_impl)i))
                return 1;
            printf("implementation %s is not supported on this CPU/build: skipped\n", name);
            return 0;
        }
    printf("unknown implementation %s\n", name);
    return 0;
}

int hcheck_each_impl(const char *program, void (*suite)(void))
{
    int i, ran = 0;

    for (i = U8GUARD_IMPL_SCALAR; i < U8GUARD_IMPL_COUNT_; i++) {
        u8guard_impl impl = (u8guard_impl)i;

        if (only != NULL && strcmp(only, u8guard_impl_name(impl)) != 0)
            continue;
        if (!u8guard_impl_supported(impl)) {
            printf("%s: impl %s not supported here, skipped\n", program,
                   u8guard_impl_name(impl));
            continue;
        }
        impl_name = u8guard_impl_name(impl);
        hcheck_context("selecting the implementation");
        if (!HEXPECT_EQ(u8guard_set_impl(impl), true) ||
            !HEXPECT_EQ(u8guard_active_impl(), impl))
            return 0;
        suite();
        ran++;
        printf("%s: impl %s done (%lu failures so far)\n", program, impl_name,
               failures);
    }
    return ran;
}

int hcheck_finish(const char *program)
{
    if (failures) {
        printf("%s: FAILED, %lu failed checks\n", program, failures);
        return 1;
    }
    printf("%s: all checks passed\n", program);
    return 0;
}
