/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_cpu_features.c -- white-box test of src/cpu.c's feature bits: which
 * CPUID bits each kernel needs, with CPUID answered by this program.
 *
 * kernels.impl_cpu_detection compares the library with /proc/cpuinfo, so
 * it sees a wrong bit only when the CPU it runs on lacks the bit read by
 * mistake: a bit one off that names a feature every AVX2 CPU also has
 * (ECX1_AVX 28 read as 29, F16C) passes there. Here src/cpu.c is compiled
 * a second time with cpu_fake.h forced in (tests/kernels/CMakeLists.txt):
 * __get_cpuid, __get_cpuid_count and __get_cpuid_max answer leaf 1 ECX
 * and leaf 7 EBX/ECX as set per case, and its functions are renamed
 * cpu_wb_has_*. Each case runs in a child process (can_run keeps its first
 * answer in a static). For each level (sse42, avx2, avx512) the exact set
 * of bits it needs must enable it, and that set less any one of its bits
 * must not: so each bit constant is pinned, a bit one off either asks for
 * a bit the case does not set or loses one the case leaves out.
 *
 * XCR0 is not faked: xgetbv runs for real (the fake sets OSXSAVE only when
 * the CPU does), so the avx2 cases need the OS to save YMM state and the
 * avx512 cases ZMM state; a level this machine's XCR0 does not allow is
 * skipped with a message (exit 77 when no level can be checked).
 *
 * The library is linked too: with CPUID passed through, the copy must
 * allow every kernel u8guard_impl_supported accepts. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "u8guard.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>

int cpu_fake_on;
unsigned cpu_fake_ecx1, cpu_fake_ebx7, cpu_fake_ecx7;

bool cpu_wb_has_sse42(void);
bool cpu_wb_has_avx2(void);
bool cpu_wb_has_avx512(void);

static uint64_t read_xcr0(void)
{
    uint32_t eax, edx;

    __asm__ volatile(".byte 0x0f, 0x01, 0xd0" : "=a"(eax), "=d"(edx) : "c"(0));
    return ((uint64_t)edx << 32) | eax;
}

/* The bits each level needs, written out here (not taken from cpu.c's
 * macros, which are what is checked): leaf 1 ECX SSSE3 9, SSE4.1 19,
 * SSE4.2 20, OSXSAVE 27, AVX 28; leaf 7 EBX AVX2 5, AVX512F 16, AVX512BW
 * 30, AVX512VL 31; leaf 7 ECX AVX512_VBMI 1, AVX512_VBMI2 6. */
struct need {
    const char *name;
    unsigned ecx1, ebx7, ecx7;
    bool (*has)(void);
};

static const struct need LEVELS[] = {
    {"sse42", 1u << 9 | 1u << 19 | 1u << 20, 0, 0, cpu_wb_has_sse42},
    {"avx2", 1u << 9 | 1u << 19 | 1u << 20 | 1u << 27 | 1u << 28, 1u << 5, 0, cpu_wb_has_avx2},
    {"avx512", 1u << 9 | 1u << 19 | 1u << 20 | 1u << 27 | 1u << 28,
     1u << 5 | 1u << 16 | 1u << 30 | 1u << 31, 1u << 1 | 1u << 6, cpu_wb_has_avx512},
};

static int fails;

/* What has() answers, in a child, for CPUID leaf 1 ECX, leaf 7 EBX and
 * ECX set to these values: 1 or 0 (-1: the child failed). */
static int answer(bool (*has)(void), unsigned ecx1, unsigned ebx7, unsigned ecx7)
{
    int st;
    pid_t pid;

    fflush(stdout); /* the child leaves by exit(), which flushes its copy too */
    pid = fork();

    if (pid < 0) {
        perror("fork");
        exit(1);
    }
    if (pid == 0) {
        cpu_fake_on = 1;
        cpu_fake_ecx1 = ecx1;
        cpu_fake_ebx7 = ebx7;
        cpu_fake_ecx7 = ecx7;
        /* exit(), not _exit(): a --coverage build (ci/mutate_map.py's line
         * map) then records the lines the case ran. */
        exit(has() ? 1 : 0);
    }
    if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
        return -1;
    return WEXITSTATUS(st);
}

static void expect(const struct need *l, unsigned ecx1, unsigned ebx7, unsigned ecx7, int want,
                   const char *what)
{
    int got = answer(l->has, ecx1, ebx7, ecx7);

    if (got != want) {
        printf("FAIL %s with %s (leaf 1 ECX %08x, leaf 7 EBX %08x ECX %08x): got %d, want %d\n",
               l->name, what, ecx1, ebx7, ecx7, got, want);
        fails++;
    }
}

/* The exact bits of level l enable it; without any one of them it is off. */
static void check_level(const struct need *l)
{
    char what[64];
    unsigned n = 0;

    expect(l, l->ecx1, l->ebx7, l->ecx7, 1, "exactly its bits");
    for (int b = 0; b < 32; b++) {
        snprintf(what, sizeof what, "leaf 1 ECX bit %d cleared", b);
        if (l->ecx1 >> b & 1u)
            expect(l, l->ecx1 & ~(1u << b), l->ebx7, l->ecx7, 0, what), n++;
        snprintf(what, sizeof what, "leaf 7 EBX bit %d cleared", b);
        if (l->ebx7 >> b & 1u)
            expect(l, l->ecx1, l->ebx7 & ~(1u << b), l->ecx7, 0, what), n++;
        snprintf(what, sizeof what, "leaf 7 ECX bit %d cleared", b);
        if (l->ecx7 >> b & 1u)
            expect(l, l->ecx1, l->ebx7, l->ecx7 & ~(1u << b), 0, what), n++;
    }
    printf("%s: its %u bits, each one left out: %s\n", l->name, n,
           fails ? "checked, with failures" : "ok");
}

int main(void)
{
    unsigned a, b, c, d;
    uint64_t xcr0 = 0;
    int checked = 0;

    if (__get_cpuid(1, &a, &b, &c, &d) && (c >> 27 & 1u))
        xcr0 = read_xcr0();
    for (size_t i = 0; i < sizeof LEVELS / sizeof LEVELS[0]; i++) {
        const struct need *l = &LEVELS[i];
        uint64_t want = i == 0 ? 0 : i == 1 ? 0x6 : 0xE6;

        if ((l->ecx1 >> 27 & 1u) && (xcr0 & want) != want) {
            printf("%s: not checked: XCR0 is %#llx here, the level needs the state bits %#llx\n",
                   l->name, (unsigned long long)xcr0, (unsigned long long)want);
            continue;
        }
        check_level(l);
        checked++;
    }
    /* Passed through (here, after the children: can_run keeps its first
     * answer), the copy allows every kernel the library runs (the library
     * also needs the kernel compiled in, hence only this direction). */
    if ((u8guard_impl_supported(U8GUARD_IMPL_SSE42) && !cpu_wb_has_sse42()) ||
        (u8guard_impl_supported(U8GUARD_IMPL_AVX2) && !cpu_wb_has_avx2()) ||
        (u8guard_impl_supported(U8GUARD_IMPL_AVX512) && !cpu_wb_has_avx512())) {
        printf("FAIL the library runs a kernel the white-box copy says this CPU cannot\n");
        fails++;
    }
    if (fails) {
        printf("%d failures\n", fails);
        return 1;
    }
    if (checked == 0) {
        printf("SKIP: no level can be checked on this machine\n");
        return 77;
    }
    printf("ok: %d levels checked\n", checked);
    return 0;
}

#else

int main(void)
{
    printf("SKIP: x86-64 only\n");
    return 77;
}

#endif
