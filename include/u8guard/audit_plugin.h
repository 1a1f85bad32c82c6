/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* u8guard/audit_plugin.h -- the ABI of a decoder plugin for
 * `u8guard audit --plugin FILE.so`.
 *
 * A plugin is a shared object that wraps one UTF-8 decoder in the two
 * functions below. The audit loads it with dlopen in a sandboxed child
 * process and calls u8guard_audit_decode once per input; it compares the
 * answer with u8guard's (which follows the policy block at the top of
 * <u8guard.h> and doc/contract.md). The full description, with what the
 * sandbox does to a plugin that crashes, hangs or reads past its input, is
 * doc/plugin-abi.md.
 *
 * Include this header in the plugin's source so the compiler checks the
 * definitions against these declarations; the declarations also give the
 * two functions default visibility, so a plugin built with
 * -fvisibility=hidden still exports them. Nothing here needs linking with
 * libu8guard. */
#ifndef U8GUARD_AUDIT_PLUGIN_H
#define U8GUARD_AUDIT_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define U8GUARD_AUDIT_EXPORT __declspec(dllexport)
#elif defined(__GNUC__) || defined(__clang__)
#define U8GUARD_AUDIT_EXPORT __attribute__((visibility("default")))
#else
#define U8GUARD_AUDIT_EXPORT
#endif

/* u8guard_audit_name returns a short, constant, NUL-terminated name for the
 * decoder, used in the audit's reports and in recorded regressions (the
 * audit keeps its first 62 bytes). It cannot fail: a plugin has no error
 * return here, and a NULL result is reported as the name "(null)". */
U8GUARD_AUDIT_EXPORT const char *u8guard_audit_name(void);

/* u8guard_audit_decode decodes in[0..len) strictly as UTF-8 into out, which
 * has room for exactly len code points. in is not NUL-terminated, and
 * the memory right after in[len - 1] (or after out[len - 1]) may be
 * unreadable; with len == 0 neither may be dereferenced.
 * On success -- the decoder accepts the whole input -- it returns 0 and
 * sets *n_out to the number of code points written to out.
 * On error -- the decoder rejects the input -- it returns nonzero, sets
 * *err_offset to the length of the longest prefix it accepts, which is
 * where the first ill-formed sequence starts (SIZE_MAX when the decoder
 * cannot say), and sets *n_out to the number of code points it decoded from
 * that prefix, written to out. *err_offset is not read when it returns 0.
 * A result with *n_out > len, or a nonzero return with *err_offset > len
 * other than SIZE_MAX, is reported by the audit as a "bad result". */
U8GUARD_AUDIT_EXPORT int u8guard_audit_decode(const unsigned char *in, size_t len,
                                              uint32_t *out, size_t *n_out,
                                              size_t *err_offset);

/* The two functions below are optional: a plugin that does not define
 * them is as valid as before they existed.
 *
 * u8guard_audit_decode_replace decodes in[0..len) in the decoder's
 * replacing mode (each ill-formed part becomes U+FFFD, as the decoder
 * decides) into out, which has room for exactly len code points (enough:
 * each replacement covers at least one byte). On success it returns 0 and
 * sets *n_out to the number of code points written; err_offset is unused.
 * A nonzero return (the decoder failed even so) is reported as a "bad
 * result". The audit compares the output with u8guard's lossy decoding
 * (maximal subparts, doc/contract.md). */
U8GUARD_AUDIT_EXPORT int u8guard_audit_decode_replace(const unsigned char *in, size_t len,
                                                      uint32_t *out, size_t *n_out,
                                                      size_t *err_offset);

/* u8guard_audit_version returns the decoder's version as a short, constant,
 * NUL-terminated string ("PCRE2 10.42"), shown by `u8guard audit --list`,
 * in the reports and in recorded regressions (the audit keeps its first
 * 120 bytes). It cannot fail; NULL is shown as "(null)". */
U8GUARD_AUDIT_EXPORT const char *u8guard_audit_version(void);

/* u8guard_audit_name_fn, u8guard_audit_decode_fn and
 * u8guard_audit_version_fn are the types of the functions, for a loader
 * that finds them with dlsym (u8guard_audit_decode_replace has the type
 * u8guard_audit_decode_fn). */
typedef const char *u8guard_audit_name_fn(void);
typedef int u8guard_audit_decode_fn(const unsigned char *in, size_t len,
                                    uint32_t *out, size_t *n_out,
                                    size_t *err_offset);
typedef const char *u8guard_audit_version_fn(void);

#ifdef __cplusplus
}
#endif

#endif
