/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_cpu_features.c -- white-box test of src/cpu.c's feature bits: which
 * CPUID and XCR0 bits each kernel needs, answered by this program.
 *
 * kernels.impl_cpu_detection compares the library with /proc/cpuinfo, so
 * it sees a wrong bit only when the CPU it runs on lacks the bit read by
 * mistake: a bit one off that names a feature every AVX2 CPU also has
 * (ECX1_AVX 28 read as 29, F16C) passes there. Here src/cpu.c is compiled
 * a second time with cpu_fake.h forced in (tests/kernels/CMakeLists.txt):
 * __get_cpuid, __get_cpuid_count, __get_cpuid_max and its xgetbv answer
 * leaf 1 ECX, leaf 7 EBX/ECX and XCR0 as set per case, and its functions
 * are renamed cpu_wb_has_*. Each case runs in a child process (can_run
 * keeps its first answer in a static). For each level (sse42, avx2,
 * avx512) the exact set of bits it needs must enable it, and that set less
 * any one of its bits must not: so each bit constant and XCR0 mask is
 * pinned, a bit one off either asks for a bit the case does not set or
 * loses one the case leaves out. XCR0's bit 0 (x87 state) is set in every
 * case, as the processor requires: a mask that also asks for it is not
 * told apart (no machine could).
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
int cpu_fake_on;
unsigned cpu_fake_ecx1, cpu_fake_ebx7, cpu_fake_ecx7;
uint64_t cpu_fake_xcr0;

bool cpu_wb_has_sse42(void);
bool cpu_wb_has_avx2(void);
bool cpu_wb_has_avx512(void);

/* The bits each level needs, written out here (not taken from cpu.c's
 * macros, which are what is checked): leaf 1 ECX SSSE3 9, SSE4.1 19,
 * SSE4.2 20, OSXSAVE 27, AVX 28; leaf 7 EBX AVX2 5, AVX512F 16, AVX512BW
 * 30, AVX512VL 31; leaf 7 ECX AVX512_VBMI 1, AVX512_VBMI2 6; XCR0 SSE 1,
 * AVX 2, opmask 5, ZMM0-15 upper halves 6, ZMM16-31 7 (and x87 0, always). */
struct need {
    const char *name;
    unsigned ecx1, ebx7, ecx7;
    uint64_t xcr0;
    bool (*has)(void);
};

#define X87 1u /* XCR0 bit 0: always set */

static const struct need LEVELS[] = {
    {"sse42", 1u << 9 | 1u << 19 | 1u << 20, 0, 0, X87, cpu_wb_has_sse42},
    {"avx2", 1u << 9 | 1u << 19 | 1u << 20 | 1u << 27 | 1u << 28, 1u << 5, 0,
     X87 | 1u << 1 | 1u << 2, cpu_wb_has_avx2},
    {"avx512", 1u << 9 | 1u << 19 | 1u << 20 | 1u << 27 | 1u << 28,
     1u << 5 | 1u << 16 | 1u << 30 | 1u << 31, 1u << 1 | 1u << 6,
     X87 | 1u << 1 | 1u << 2 | 1u << 5 | 1u << 6 | 1u << 7, cpu_wb_has_avx512},
};

static int fails;

/* One case: CPUID leaf 1 ECX, leaf 7 EBX and ECX, and XCR0. */
struct regs {
    unsigned ecx1, ebx7, ecx7;
    uint64_t xcr0;
};

/* What has() answers, in a child, for the registers r: 1 or 0 (-1: the
 * child failed). */
static int answer(bool (*has)(void), struct regs r)
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
        cpu_fake_ecx1 = r.ecx1;
        cpu_fake_ebx7 = r.ebx7;
        cpu_fake_ecx7 = r.ecx7;
        cpu_fake_xcr0 = r.xcr0;
        /* exit(), not _exit(): a --coverage build (ci/mutate_map.py's line
         * map) then records the lines the case ran. */
        exit(has() ? 1 : 0);
    }
    if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
        return -1;
    return WEXITSTATUS(st);
}

static void expect(const struct need *l, struct regs r, int want, const char *what)
{
    int got = answer(l->has, r);

    if (got != want) {
        printf("FAIL %s with %s (leaf 1 ECX %08x, leaf 7 EBX %08x ECX %08x, XCR0 %02llx): "
               "got %d, want %d\n", l->name, what, r.ecx1, r.ebx7, r.ecx7,
               (unsigned long long)r.xcr0, got, want);
        fails++;
    }
}

/* Register k of r (0: leaf 1 ECX, 1: leaf 7 EBX, 2: leaf 7 ECX, 3: XCR0),
 * and its name. */
static uint64_t reg_get(struct regs r, int k)
{
    return k == 0 ? r.ecx1 : k == 1 ? r.ebx7 : k == 2 ? r.ecx7 : r.xcr0;
}

static const char *const REG_NAME[4] = {"leaf 1 ECX", "leaf 7 EBX", "leaf 7 ECX", "XCR0"};

static void reg_clear(struct regs *r, int k, int b)
{
    if (k == 0)
        r->ecx1 &= ~(1u << b);
    else if (k == 1)
        r->ebx7 &= ~(1u << b);
    else if (k == 2)
        r->ecx7 &= ~(1u << b);
    else
        r->xcr0 &= ~((uint64_t)1 << b);
}

/* The exact bits of level l enable it; without any one of them it is off
 * (XCR0's x87 bit, bit 0, stays). */
static void check_level(const struct need *l)
{
    const struct regs all = {l->ecx1, l->ebx7, l->ecx7, l->xcr0};
    char what[64];
    unsigned n = 0;

    expect(l, all, 1, "exactly its bits");
    for (int b = 0; b < 32; b++) {
        for (int k = 0; k < 4; k++) {
            struct regs r = all;

            if (!(reg_get(all, k) >> b & 1u) || (k == 3 && b == 0))
                continue;
            reg_clear(&r, k, b);
            snprintf(what, sizeof what, "%s bit %d cleared", REG_NAME[k], b);
            expect(l, r, 0, what);
            n++;
        }
    }
    printf("%s: its %u bits, each one left out: %s\n", l->name, n,
           fails ? "checked, with failures" : "ok");
}

int main(void)
{
    for (size_t i = 0; i < sizeof LEVELS / sizeof LEVELS[0]; i++)
        check_level(&LEVELS[i]);
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
    printf("ok: 3 levels checked\n");
    return 0;
}

#else

int main(void)
{
    printf("SKIP: x86-64 only\n");
    return 77;
}

#endif
