/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* cpu.c -- runtime CPU feature detection for the dispatcher.
 *
 * On x86-64 a feature is usable only when CPUID reports it AND the
 * operating system has enabled saving of the registers it uses: CPUID
 * says AVX2 exists even under a kernel that does not save YMM state, and
 * executing it there faults. XGETBV (legal once CPUID.1:ECX.OSXSAVE is
 * set) reads XCR0, whose bits say which register states the OS saves. */
#include "cpu.h"

#include <stddef.h>
#include <stdint.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <stdatomic.h>

/* CPUID leaf 1, ECX */
#define ECX1_SSSE3 (1u << 9)
#define ECX1_SSE41 (1u << 19)
#define ECX1_SSE42 (1u << 20)
#define ECX1_OSXSAVE (1u << 27)
#define ECX1_AVX (1u << 28)
/* CPUID leaf 7 subleaf 0, EBX */
#define EBX7_AVX2 (1u << 5)
#define EBX7_AVX512F (1u << 16)
#define EBX7_AVX512BW (1u << 30)
#define EBX7_AVX512VL (1u << 31)
/* CPUID leaf 7 subleaf 0, ECX */
#define ECX7_AVX512VBMI (1u << 1)
#define ECX7_AVX512VBMI2 (1u << 6)
/* XCR0: SSE (XMM), AVX (upper YMM), opmask, ZMM0-15 upper, ZMM16-31 */
#define XCR0_YMM 0x6u
#define XCR0_ZMM 0xE6u

struct x86_features {
    uint32_t ecx1, ebx7, ecx7;
    uint64_t xcr0; /* 0 when OSXSAVE is off */
};

static uint64_t read_xcr0(void)
{
    uint32_t eax, edx;

    /* xgetbv with ECX = 0; spelled as bytes for assemblers without it. */
    __asm__ volatile(".byte 0x0f, 0x01, 0xd0" : "=a"(eax), "=d"(edx) : "c"(0));
    return ((uint64_t)edx << 32) | eax;
}

static struct x86_features x86_features(void)
{
    struct x86_features f = {0, 0, 0, 0};
    unsigned a, b, c, d;

    if (__get_cpuid(1, &a, &b, &c, &d))
        f.ecx1 = c;
    if (__get_cpuid_max(0, NULL) >= 7 && __get_cpuid_count(7, 0, &a, &b, &c, &d)) {
        f.ebx7 = b;
        f.ecx7 = c;
    }
    if (f.ecx1 & ECX1_OSXSAVE)
        f.xcr0 = read_xcr0();
    return f;
}

static bool all(uint32_t have, uint32_t want)
{
    return (have & want) == want;
}

/* What x86_features() allows, as bits; computed once (racing first calls
 * compute the same value, so relaxed atomics suffice). */
#define CAN_SSE42 1u
#define CAN_AVX2 2u
#define CAN_AVX512 4u
#define CAN_KNOWN 8u

static unsigned can_run(void)
{
    static _Atomic unsigned cached;
    unsigned can = atomic_load_explicit(&cached, memory_order_relaxed);
    struct x86_features f;

    if (can & CAN_KNOWN)
        return can;
    f = x86_features();
    can = CAN_KNOWN;
    if (all(f.ecx1, ECX1_SSSE3 | ECX1_SSE41 | ECX1_SSE42))
        can |= CAN_SSE42;
    if ((can & CAN_SSE42) && all(f.ecx1, ECX1_OSXSAVE | ECX1_AVX) &&
        (f.xcr0 & XCR0_YMM) == XCR0_YMM && all(f.ebx7, EBX7_AVX2))
        can |= CAN_AVX2;
    if ((can & CAN_AVX2) && (f.xcr0 & XCR0_ZMM) == XCR0_ZMM &&
        all(f.ebx7, EBX7_AVX512F | EBX7_AVX512BW | EBX7_AVX512VL) &&
        all(f.ecx7, ECX7_AVX512VBMI | ECX7_AVX512VBMI2))
        can |= CAN_AVX512;
    atomic_store_explicit(&cached, can, memory_order_relaxed);
    return can;
}

bool u8g_cpu_has_sse42(void)
{
    return (can_run() & CAN_SSE42) != 0;
}

bool u8g_cpu_has_avx2(void)
{
    return (can_run() & CAN_AVX2) != 0;
}

bool u8g_cpu_has_avx512(void)
{
    return (can_run() & CAN_AVX512) != 0;
}

#else

bool u8g_cpu_has_sse42(void)
{
    return false;
}

bool u8g_cpu_has_avx2(void)
{
    return false;
}

bool u8g_cpu_has_avx512(void)
{
    return false;
}

#endif

bool u8g_cpu_has_neon(void)
{
#if defined(__aarch64__)
    return true;
#else
    return false;
#endif
}
