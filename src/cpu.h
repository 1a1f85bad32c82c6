/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* cpu.h -- what the running CPU (and its operating system) can execute,
 * asked once per question. Nothing here is exported. */
#ifndef U8GUARD_CPU_H
#define U8GUARD_CPU_H

#include <stdbool.h>

/* u8g_cpu_has_sse42 returns true when the CPU executes SSSE3, SSE4.1 and
 * SSE4.2; false otherwise and on every non-x86-64 build. */
bool u8g_cpu_has_sse42(void);

/* u8g_cpu_has_avx2 returns true when the CPU executes AVX2 and the
 * operating system saves the YMM registers (XCR0 bits 1 and 2); false
 * otherwise and on every non-x86-64 build. */
bool u8g_cpu_has_avx2(void);

/* u8g_cpu_has_avx512 returns true when the CPU executes AVX-512 F, BW,
 * VL, VBMI and VBMI2 (and AVX2) and the operating system saves the ZMM
 * and mask registers (XCR0 bits 1, 2, 5, 6 and 7); false otherwise and on every non-x86-64
 * build. */
bool u8g_cpu_has_avx512(void);

/* u8g_cpu_has_neon returns true on AArch64, where Advanced SIMD is part of
 * the architecture; false on every other build. */
bool u8g_cpu_has_neon(void);

#endif
