/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_impl_select.c -- choosing an implementation takes effect.
 *
 *   test_impl_select             u8guard_set_impl: every supported
 *       implementation becomes the active one (and gives correct results),
 *       an unsupported one is refused without changing the active one,
 *       AUTO selects the best supported, out-of-range values are refused.
 *   test_impl_select --env NAME  run with U8GUARD_IMPL=NAME in the
 *       environment: the first use must pick NAME; exits 77 (skipped,
 *       saying why) when NAME is not supported on this CPU.
 *   test_impl_select --cpu       u8guard_impl_supported agrees with the
 *       CPU flags the kernel reports in /proc/cpuinfo (x86-64), or with
 *       the architecture (AArch64: neon, and no x86 kernel). */
#include <u8guard.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SKIP_STATUS 77

static int failures;

#define EXPECT(cond, ...)                                   \
    do {                                                    \
        if (!(cond)) {                                      \
            failures++;                                     \
            fprintf(stderr, "FAIL line %d: ", __LINE__);    \
            fprintf(stderr, __VA_ARGS__);                   \
            fputc('\n', stderr);                            \
        }                                                   \
    } while (0)

/* A known input and its known results: "é" then an overlong 2-byte form. */
static void check_results(u8guard_impl impl)
{
    static const unsigned char IN[] = "Mars \xC3\xA9t\xC3\xA9 \xE7\x81\xAB\xE6\x98\x9F"
                                      " \xF0\x9F\x9A\x80\xC0\xAF";
    size_t len = sizeof IN - 1;
    u8guard_error err;
    uint32_t out[64];

    EXPECT(u8guard_valid_prefix(IN, len) == len - 2, "%s: valid prefix %zu",
           u8guard_impl_name(impl), u8guard_valid_prefix(IN, len));
    EXPECT(!u8guard_validate(IN, len, &err) && err.offset == len - 2 &&
               err.length == 1 && err.kind == U8GUARD_OVERLONG,
           "%s: error %zu/%zu/%s", u8guard_impl_name(impl), err.offset, err.length,
           u8guard_kind_name(err.kind));
    EXPECT(u8guard_decode_utf32(IN, len, out, 64, &err) == 13 && out[5] == 0xE9 &&
               out[10] == 0x661F && out[12] == 0x1F680,
           "%s: decoding", u8guard_impl_name(impl));
}

static u8guard_impl best(void)
{
    int i;

    for (i = U8GUARD_IMPL_COUNT_ - 1; i > U8GUARD_IMPL_AUTO; i--)
        if (u8guard_impl_supported((u8guard_impl)i))
            return (u8guard_impl)i;
    return U8GUARD_IMPL_SCALAR;
}

static int test_set_impl(void)
{
    int i;
    u8guard_impl before;

    for (i = U8GUARD_IMPL_SCALAR; i < U8GUARD_IMPL_COUNT_; i++) {
        before = u8guard_active_impl();
        if (u8guard_impl_supported((u8guard_impl)i)) {
            EXPECT(u8guard_set_impl((u8guard_impl)i), "set_impl(%s) refused",
                   u8guard_impl_name((u8guard_impl)i));
            EXPECT(u8guard_active_impl() == (u8guard_impl)i, "active is %s, not %s",
                   u8guard_impl_name(u8guard_active_impl()),
                   u8guard_impl_name((u8guard_impl)i));
            check_results((u8guard_impl)i);
            printf("%s: supported, selected\n", u8guard_impl_name((u8guard_impl)i));
        } else {
            EXPECT(!u8guard_set_impl((u8guard_impl)i), "unsupported %s accepted",
                   u8guard_impl_name((u8guard_impl)i));
            EXPECT(u8guard_active_impl() == before, "refusal changed the active impl");
            printf("%s: not supported here, refused\n", u8guard_impl_name((u8guard_impl)i));
        }
    }
    EXPECT(u8guard_impl_supported(U8GUARD_IMPL_SCALAR) &&
               u8guard_impl_supported(U8GUARD_IMPL_WORD),
           "scalar and word must always be supported");
    EXPECT(u8guard_set_impl(U8GUARD_IMPL_AUTO) && u8guard_active_impl() == best(),
           "AUTO chose %s, best is %s", u8guard_impl_name(u8guard_active_impl()),
           u8guard_impl_name(best()));
    EXPECT(!u8guard_impl_supported(U8GUARD_IMPL_COUNT_) &&
               !u8guard_set_impl(U8GUARD_IMPL_COUNT_) &&
               u8guard_impl_name(U8GUARD_IMPL_COUNT_) == NULL,
           "out-of-range implementation accepted");
    return failures ? 1 : 0;
}

static int test_env(const char *name)
{
    const char *env = getenv("U8GUARD_IMPL");
    int i;

    if (env == NULL || strcmp(env, name) != 0) {
        fprintf(stderr, "run with U8GUARD_IMPL=%s in the environment\n", name);
        return 2;
    }
    for (i = U8GUARD_IMPL_SCALAR; i < U8GUARD_IMPL_COUNT_; i++)
        if (strcmp(u8guard_impl_name((u8guard_impl)i), name) == 0)
            break;
    if (i == U8GUARD_IMPL_COUNT_) {
        fprintf(stderr, "%s names no implementation\n", name);
        return 2;
    }
    if (!u8guard_impl_supported((u8guard_impl)i)) {
        printf("SKIP: %s is not supported on this CPU\n", name);
        return SKIP_STATUS;
    }
    EXPECT(u8guard_active_impl() == (u8guard_impl)i,
           "U8GUARD_IMPL=%s, but the first use chose %s", name,
           u8guard_impl_name(u8guard_active_impl()));
    check_results((u8guard_impl)i);
    printf("U8GUARD_IMPL=%s: active %s\n", name, u8guard_impl_name(u8guard_active_impl()));
    return failures ? 1 : 0;
}

#if defined(__x86_64__)
/* Whether the "flags" line of /proc/cpuinfo lists each of the names. */
static int cpu_flags(const char *const *names, int n, int *has)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[8192], word[64];
    const char *p;
    int i, used;

    if (f == NULL)
        return -1;
    for (i = 0; i < n; i++)
        has[i] = 0;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "flags", 5) == 0) {
            p = strchr(line, ':');
            while (p && sscanf(p + 1, "%63s%n", word, &used) == 1) {
                for (i = 0; i < n; i++)
                    if (strcmp(word, names[i]) == 0)
                        has[i] = 1;
                p += used;
            }
            break;
        }
    fclose(f);
    return 0;
}
#endif

static int test_cpu(void)
{
    const char *preload = getenv("LD_PRELOAD");

    /* Valgrind answers CPUID itself (no AVX-512, whatever the CPU has). */
    if (preload != NULL && strstr(preload, "vgpreload") != NULL) {
        printf("SKIP: under valgrind, CPUID is valgrind's, not the CPU's\n");
        return SKIP_STATUS;
    }
#if defined(__x86_64__)
    static const char *const NAMES[] = {"ssse3", "sse4_1", "sse4_2", "avx", "avx2",
                                        "avx512f", "avx512bw", "avx512vl"};
    int h[8];
    bool sse42, avx2, avx512;

    if (cpu_flags(NAMES, 8, h) != 0) {
        printf("SKIP: /proc/cpuinfo is not readable\n");
        return SKIP_STATUS;
    }
    /* Linux lists AVX flags only when it saves the YMM/ZMM state. */
    sse42 = h[0] && h[1] && h[2];
    avx2 = sse42 && h[3] && h[4];
    avx512 = avx2 && h[5] && h[6] && h[7];
    EXPECT(u8guard_impl_supported(U8GUARD_IMPL_SSE42) == sse42, "sse42: cpuinfo says %d", sse42);
    EXPECT(u8guard_impl_supported(U8GUARD_IMPL_AVX2) == avx2, "avx2: cpuinfo says %d", avx2);
    EXPECT(u8guard_impl_supported(U8GUARD_IMPL_AVX512) == avx512, "avx512: cpuinfo says %d",
           avx512);
    EXPECT(!u8guard_impl_supported(U8GUARD_IMPL_NEON), "neon on x86-64");
    printf("cpuinfo: sse42 %d avx2 %d avx512 %d; library agrees: %s\n", sse42, avx2, avx512,
           failures ? "no" : "yes");
#elif defined(__aarch64__)
    EXPECT(u8guard_impl_supported(U8GUARD_IMPL_NEON), "neon not supported on AArch64");
    EXPECT(!u8guard_impl_supported(U8GUARD_IMPL_SSE42) &&
               !u8guard_impl_supported(U8GUARD_IMPL_AVX2) &&
               !u8guard_impl_supported(U8GUARD_IMPL_AVX512),
           "an x86 kernel claims support on AArch64");
    printf("AArch64: neon supported, x86 kernels not\n");
#else
    printf("SKIP: no vector kernels for this architecture\n");
    return SKIP_STATUS;
#endif
    return failures ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc == 1)
        return test_set_impl();
    if (argc == 3 && strcmp(argv[1], "--env") == 0)
        return test_env(argv[2]);
    if (argc == 2 && strcmp(argv[1], "--cpu") == 0)
        return test_cpu();
    fprintf(stderr, "usage: test_impl_select [--env NAME | --cpu]\n");
    return 2;
}
