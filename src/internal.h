/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* internal.h -- what the library's files share; nothing here is exported.
 *
 * The library is built in two layers. The scalar reference (scalar.c)
 * decodes one sequence at a time exactly as RFC 3629 section 4 says, and
 * classifies every error. Each implementation (scalar, word, and the
 * vectorized kernels) supplies the hot loops in a struct u8g_kernels: the
 * longest valid prefix of a buffer, and conversion of that prefix to UTF-32
 * or UTF-16. The public functions (validate.c, decode.c, sanitize.c,
 * stream.c) find valid stretches with the active kernels and hand every
 * error they report to the scalar reference, so all implementations report
 * identical errors by construction. Only where errors are merely counted
 * or replaced (count_errors, sanitize, a stream without a callback) do the
 * kernels take error-dense stretches themselves (error_run,
 * kernels/error_scan.h). Tests and fuzzers check the kernels' prefixes,
 * counts and replacements against the reference. */
#ifndef U8GUARD_INTERNAL_H
#define U8GUARD_INTERNAL_H

#include "u8guard.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* u8g_step decodes the sequence that starts at p[0], with avail >= 1 bytes
 * readable. When it is well-formed it returns its length (1..4) and sets
 * *cp. Otherwise it returns 0, sets *kind and sets *sub to the length of
 * the maximal subpart (1..3). Reads at most min(avail, 4) bytes. */
size_t u8g_step(const uint8_t *p, size_t avail, uint32_t *cp,
                u8guard_kind *kind, size_t *sub);

/* u8g_classify sets *err to the error at p[0] (offset = base), which the
 * caller knows is not the start of a well-formed sequence. */
void u8g_classify(const uint8_t *p, size_t avail, size_t base,
                  u8guard_error *err);

/* u8g_set_ok sets *err (when not NULL) to "no error" at offset len. */
void u8g_set_ok(u8guard_error *err, size_t len);

/* ---- argument helpers of the public functions ---- */

/* u8g_overlap returns true when a[0..a_len) and b[0..b_len) share at
 * least one byte, false otherwise (always for an empty range). The
 * public functions refuse an output that overlaps their input. The
 * addresses are compared as integers (comparing pointers into different
 * objects is undefined in C), by distance from the lower one, so that no
 * sum can wrap even at the top of the address space. */
static inline bool u8g_overlap(const void *a, size_t a_len, const void *b, size_t b_len)
{
    uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;

    if (a_len == 0 || b_len == 0)
        return false;
    return x <= y ? y - x < a_len : x - y < b_len;
}

/* u8g_add_sat returns a + b, or SIZE_MAX when the sum does not fit in a
 * size_t (sanitize's output size: SIZE_MAX is its "too large" answer). */
static inline size_t u8g_add_sat(size_t a, size_t b)
{
    return b > SIZE_MAX - a ? SIZE_MAX : a + b;
}

/* u8g_mul_sat returns n * unit (unit >= 1), or SIZE_MAX when the product
 * does not fit in a size_t: the size in bytes of n units of an output,
 * for u8g_overlap, which then only needs "reaches to the end". */
static inline size_t u8g_mul_sat(size_t n, size_t unit)
{
    return n > SIZE_MAX / unit ? SIZE_MAX : n * unit;
}

/* The bytes that can begin a denied character, as two 16-entry tables:
 * byte b is a candidate when lo[b & 15] & hi[b >> 4] != 0. Each high
 * nibble that leads a denied character gets one bit of its own (there are
 * at most 7: 0, 1, 7, C, D, E, F), so the tables hold any set of such
 * bytes exactly; the vector kernels look them up with a byte shuffle.
 * Every candidate above 7F is a lead byte (C2..F4), so in well-formed
 * text a candidate always starts a character. */
struct u8g_leadset {
    uint8_t lo[16];
    uint8_t hi[16];
    /* A finer test a kernel may add (the AVX-512 one does): the byte after
     * a candidate b, c, must also have the bit of b's high nibble in
     * next[c & 0x3F] (the second bytes of the denied characters that start
     * with b; every entry for a 1-byte character). In well-formed text the
     * byte after a multi-byte lead is a continuation byte, which the 6
     * bits index exactly. */
    uint8_t next[64];
};

/* What an error run (struct u8g_kernels' error_run) adds up. out == NULL:
 * only count; otherwise the run writes the replacement of what it read
 * at out[written..], which must have room for U8G_RUN_OUT_MAX bytes when
 * the run starts. */
struct u8g_run {
    uint8_t *out;
    size_t out_cap, written; /* bytes of out; bytes written so far */
    size_t need;             /* bytes of the replacement so far (saturating) */
    size_t errors;           /* errors so far */
};

/* The room an error run needs for one 64-byte block: 3 bytes of U+FFFD
 * for each byte, and 4 bytes it may touch after them (which the next
 * block overwrites: a run leaves nothing past its output). */
#define U8G_RUN_OUT_MAX ((size_t)3 * 64 + 4)

/* The hot loops of one implementation. Every function works on the
 * longest valid prefix of p[0..len) and returns its length in bytes; the
 * converters also write its decoding to out, which has room for len units,
 * and set *n_out to the number of units written. */
struct u8g_kernels {
    u8guard_impl id;
    size_t (*valid_prefix)(const uint8_t *p, size_t len);
    size_t (*to_utf32)(const uint8_t *p, size_t len, uint32_t *out,
                       size_t *n_out);
    size_t (*to_utf16)(const uint8_t *p, size_t len, uint16_t *out,
                       size_t *n_out);
    /* Validation and copy in one pass (sanitize), or NULL where the
     * implementation has none: returns the valid prefix n, having written
     * out[0..m) = p[0..m) for some m with n <= m <= min(len, n + 3) (a
     * block is stored once its checks pass; the 3 bytes of a character
     * cut off by an error may follow n). out has room for len bytes. */
    size_t (*copy_prefix)(const uint8_t *p, size_t len, uint8_t *out);
    /* The offset of the first byte of p[0..len) in the set, or len when
     * there is none (policy checking: see policy.c). Reads only
     * p[0..len). */
    size_t (*find_lead)(const uint8_t *p, size_t len,
                        const struct u8g_leadset *set);
    /* Error-dense text (kernels/error_scan.h), or NULL where the
     * implementation has none: from p[0], a character boundary before an
     * error (len >= 1), through the blocks that hold errors; returns the
     * bytes read (>= 1), ending at a character boundary, having added
     * their errors and their replacement (each error by U+FFFD, doc/
     * contract.md section 3) to *r. */
    size_t (*error_run)(const uint8_t *p, size_t len, struct u8g_run *r);
};

/* u8g_find_lead_table is the reference find_lead: one byte at a time. */
size_t u8g_find_lead_table(const uint8_t *p, size_t len,
                           const struct u8g_leadset *set);

/* A checked policy, ready for the loops (policy.c). deny == 0 means the
 * functions behave exactly as without a policy. */
struct u8g_policy {
    unsigned deny;
    u8guard_handler handler;
    struct u8g_leadset set; /* the lead bytes of the denied classes */
};

/* u8g_policy_init fills *q from p (NULL: none). Returns false when p is
 * a bad policy (deny bits outside U8GUARD_CLASS_ALL, unknown handler). */
bool u8g_policy_init(struct u8g_policy *q, const u8guard_policy *p);

/* u8g_clean_prefix returns the length of the longest prefix of p[0..len)
 * that is well-formed and holds no character q denies. */
size_t u8g_clean_prefix(const struct u8g_kernels *k,
                        const struct u8g_policy *q, const uint8_t *p,
                        size_t len);

/* u8g_first_denied returns the offset of the first character q denies in
 * the well-formed p[0..n), or n when there is none. */
size_t u8g_first_denied(const struct u8g_kernels *k,
                        const struct u8g_policy *q, const uint8_t *p,
                        size_t n);

/* u8g_error_at sets *err to the error at p[0] (offset = base), which the
 * caller knows is ill-formed or a character q denies. */
void u8g_error_at(const struct u8g_policy *q, const uint8_t *p, size_t avail,
                  size_t base, u8guard_error *err);

/* u8g_handle writes to cps what q's handler makes of the error e whose
 * bytes start at p, as code points (U+FFFD; nothing; or the ASCII of the
 * escape), and returns how many (0..12). */
size_t u8g_handle(u8guard_handler h, const u8guard_error *e, const uint8_t *p,
                  uint32_t cps[12]);

/* The scalar reference's kernels: a loop over u8g_step. */
extern const struct u8g_kernels u8g_scalar_kernels;

/* u8g_active returns the kernels in use, choosing them on first use. */
const struct u8g_kernels *u8g_active(void);

#endif
