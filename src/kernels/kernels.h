/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* kernels.h -- the implementations beside the scalar reference, one file
 * each under src/kernels/, and which of them this build compiles.
 *
 * A vectorized kernel file is compiled only for its architecture (see
 * src/CMakeLists.txt), with the instruction-set flags it needs; dispatch.c
 * hands out its table only when cpu.c says the running CPU can execute it.
 * Nothing here is exported.
 *
 * What several kernels share is written once, in headers each kernel
 * file includes (inline code, compiled with that file's instruction-set
 * flags): blocks.h (the vector validators' tables, the head and the
 * finish of a failed block), utf8_char.h (one character at a time),
 * decode_driver.h (to_utf32 and to_utf16: validated windows, a template
 * every vector kernel instantiates), decode_steps.h with decode_tables.h
 * (the 8-byte-step decoders of avx2.c, sse42.c and neon.c),
 * x86_steps.h (what avx2.c and sse42.c's steps share), short_x86.h
 * (avx2.c and sse42.c's path for inputs of up to 256 bytes), policy_hits.h
 * (policy checking in the validating loop, clean_blocks) and error_scan.h
 * (error-dense text 64 bytes at a time: error_run, for every kernel). A kernel file
 * keeps only what is specific to its instruction set. */
#ifndef U8GUARD_KERNELS_H
#define U8GUARD_KERNELS_H

#include "internal.h"

/* x86-64 SSE4.2/AVX2/AVX-512 kernels: gcc and clang on x86-64. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define U8G_HAVE_X86_KERNELS
#endif

/* The AArch64 NEON kernel (Advanced SIMD is mandatory on AArch64). */
#if defined(__aarch64__)
#define U8G_HAVE_NEON_KERNEL
#endif

/* Portable: ASCII skipped 8 bytes at a time (word.c). */
extern const struct u8g_kernels u8g_word_kernels;

#ifdef U8G_HAVE_X86_KERNELS
extern const struct u8g_kernels u8g_sse42_kernels;  /* sse42.c */
extern const struct u8g_kernels u8g_avx2_kernels;   /* avx2.c */
extern const struct u8g_kernels u8g_avx512_kernels; /* avx512.c */
#endif

#ifdef U8G_HAVE_NEON_KERNEL
extern const struct u8g_kernels u8g_neon_kernels; /* neon.c */
#endif

#endif
