/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* cpu_fake.h -- forced into a second compilation of src/cpu.c (-include,
 * tests/kernels/CMakeLists.txt) for test_cpu_features: CPUID leaves 1 and
 * 7 and XCR0 answered from the variables below when cpu_fake_on is set,
 * and the copy's public functions renamed (cpu_wb_has_*), so that the
 * library's own cpu.c links beside it. */
#ifndef U8GUARD_TEST_CPU_FAKE_H
#define U8GUARD_TEST_CPU_FAKE_H

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h> /* first: cpu.c's own #include <cpuid.h> is then a no-op */

#include <stdint.h>

extern int cpu_fake_on; /* 0: CPUID and XCR0 passed through */
extern unsigned cpu_fake_ecx1, cpu_fake_ebx7, cpu_fake_ecx7;
extern uint64_t cpu_fake_xcr0;

static inline int cpu_fake_get_cpuid(unsigned leaf, unsigned *a, unsigned *b, unsigned *c,
                                     unsigned *d)
{
    if (!__get_cpuid(leaf, a, b, c, d))
        return 0;
    if (cpu_fake_on && leaf == 1)
        *c = cpu_fake_ecx1;
    return 1;
}

static inline int cpu_fake_get_cpuid_count(unsigned leaf, unsigned sub, unsigned *a,
                                           unsigned *b, unsigned *c, unsigned *d)
{
    if (cpu_fake_on && leaf == 7 && sub == 0) {
        *a = *d = 0;
        *b = cpu_fake_ebx7;
        *c = cpu_fake_ecx7;
        return 1;
    }
    return __get_cpuid_count(leaf, sub, a, b, c, d);
}

static inline unsigned cpu_fake_get_cpuid_max(unsigned ext, unsigned *sig)
{
    unsigned m = __get_cpuid_max(ext, sig);

    return cpu_fake_on && ext == 0 && m < 7 ? 7 : m;
}

/* cpu.c's read_xcr0: its definition, read_xcr0(void), becomes
 * read_xcr0_real(void) and its call, read_xcr0(), cpu_fake_read_xcr0()
 * (the macro's argument is "void" in one and empty in the other). */
static uint64_t read_xcr0_real(void);

static inline uint64_t cpu_fake_read_xcr0(void)
{
    return cpu_fake_on ? cpu_fake_xcr0 : read_xcr0_real();
}

#define read_xcr0(arg) CPU_FAKE_XCR0_##arg
#define CPU_FAKE_XCR0_void read_xcr0_real(void)
#define CPU_FAKE_XCR0_ cpu_fake_read_xcr0()

#define __get_cpuid(l, a, b, c, d) cpu_fake_get_cpuid(l, a, b, c, d)
#define __get_cpuid_count(l, s, a, b, c, d) cpu_fake_get_cpuid_count(l, s, a, b, c, d)
#define __get_cpuid_max(e, s) cpu_fake_get_cpuid_max(e, s)
#endif

#define u8g_cpu_has_sse42 cpu_wb_has_sse42
#define u8g_cpu_has_avx2 cpu_wb_has_avx2
#define u8g_cpu_has_avx512 cpu_wb_has_avx512
#define u8g_cpu_has_neon cpu_wb_has_neon

#endif
