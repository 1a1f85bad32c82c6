/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* check.c -- failure reporting and the per-implementation loop of check.h. */
#include "check.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static unsigned long failures;
static const void *cur_in;
static size_t cur_len;
static const char *cur_impl = "none";

void check_input(const void *in, size_t len)
{
    cur_in = in;
    cur_len = len;
}

unsigned long check_failures(void)
{
    return failures;
}

const char *check_impl_name(void)
{
    return cur_impl;
}

char *check_hex(const void *in, size_t len, char *buf, size_t cap)
{
    const unsigned char *p = in;
    size_t i, o = 0;

    if (cap == 0)
        return buf;
    buf[0] = '\0';
    if (p == NULL) {
        snprintf(buf, cap, "(NULL, len %zu)", len);
        return buf;
    }
    for (i = 0; i < len; i++) {
        if (o + 8 >= cap) { /* room for " XX..." and the terminator */
            snprintf(buf + o, cap - o, "...");
            break;
        }
        o += (size_t)snprintf(buf + o, cap - o, i ? " %02X" : "%02X", p[i]);
    }
    return buf;
}

/* Prints the common head of a failure report; returns 0 when the report
 * budget is spent (the failure is still counted). */
static int report_head(const char *file, int line, const char *expr)
{
    char hex[400];

    failures++;
    if (failures > CHECK_MAX_REPORTS) {
        if (failures == CHECK_MAX_REPORTS + 1)
            fprintf(stderr, "(further failures are counted, not printed)\n");
        return 0;
    }
    fprintf(stderr, "%s:%d: FAILED %s\n  impl %s, input (%zu bytes): %s\n", file,
            line, expr, cur_impl, cur_len, check_hex(cur_in, cur_len, hex, sizeof hex));
    return 1;
}

void check_fail_u(const char *file, int line, const char *expr,
                  uintmax_t actual, uintmax_t expected)
{
    if (report_head(file, line, expr))
        fprintf(stderr, "  expected %" PRIuMAX " (0x%" PRIXMAX "), got %" PRIuMAX
                " (0x%" PRIXMAX ")\n", expected, expected, actual, actual);
}

void check_fail_mem(const char *file, int line, const char *expr,
                    const void *actual, size_t actual_len,
                    const void *expected, size_t expected_len)
{
    char a[400], e[400];

    if (report_head(file, line, expr))
        fprintf(stderr, "  expected (%zu bytes) %s\n  got      (%zu bytes) %s\n",
                expected_len, check_hex(expected, expected_len, e, sizeof e),
                actual_len, check_hex(actual, actual_len, a, sizeof a));
}

void check_fail_msg(const char *file, int line, const char *msg)
{
    report_head(file, line, msg);
}

int check_mem_(const char *file, int line, const char *expr, const void *a,
               size_t alen, const void *e, size_t elen)
{
    if (alen == elen && (alen == 0 || memcmp(a, e, alen) == 0))
        return 1;
    check_fail_mem(file, line, expr, a, alen, e, elen);
    return 0;
}

/* Is impl listed in U8GUARD_TEST_IMPLS (comma-separated names)? Every
 * implementation is when the variable is unset or empty. */
static int wanted(const char *impl)
{
    const char *list = getenv("U8GUARD_TEST_IMPLS"), *p;
    size_t n = strlen(impl);

    if (list == NULL || *list == '\0')
        return 1;
    for (p = list; (p = strstr(p, impl)) != NULL; p += n)
        if ((p == list || p[-1] == ',') && (p[n] == ',' || p[n] == '\0'))
            return 1;
    return 0;
}

int check_each_impl(const char *program, void (*suite)(void))
{
    int i, ran = 0;

    for (i = U8GUARD_IMPL_SCALAR; i < U8GUARD_IMPL_COUNT_; i++) {
        u8guard_impl impl = (u8guard_impl)i;
        unsigned long before = failures;

        if (!wanted(u8guard_impl_name(impl))) {
            printf("%s: impl %s: not in U8GUARD_TEST_IMPLS, skipped\n", program,
                   u8guard_impl_name(impl));
            continue;
        }
        if (!u8guard_impl_supported(impl)) {
            printf("%s: impl %s: not supported on this build/CPU, skipped\n",
                   program, u8guard_impl_name(impl));
            continue;
        }
        cur_impl = u8guard_impl_name(impl);
        check_input(NULL, 0);
        if (!EXPECT_TRUE(u8guard_set_impl(impl)) ||
            !EXPECT_EQ(u8guard_active_impl(), impl))
            continue;
        suite();
        ran++;
        printf("%s: impl %s: ran, %lu failure(s)\n", program, cur_impl,
               failures - before);
        fflush(stdout);
    }
    cur_impl = "none";
    return ran;
}

int check_finish(const char *program)
{
    if (failures) {
        printf("%s: FAILED, %lu check(s) failed\n", program, failures);
        return 1;
    }
    printf("%s: all checks passed\n", program);
    return 0;
}

double check_seconds(void)
{
#ifdef TIME_UTC
    struct timespec ts;

    if (timespec_get(&ts, TIME_UTC) == TIME_UTC)
        return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
#endif
    return (double)clock() / CLOCKS_PER_SEC;
}
