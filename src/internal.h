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

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The well-formed sequences as RFC 3629 section 4 writes them (ABNF), in
 * ACSL: the specification u8g_step is proved against (doc/proofs.md).
 * Plain comments to a C compiler. */
/*@
  predicate u8g_tail(integer b) = 0x80 <= b <= 0xBF;

  // UTF8-1 = %x00-7F
  predicate u8g_utf8_1(integer b0) = 0 <= b0 <= 0x7F;
  // UTF8-2 = %xC2-DF UTF8-tail
  predicate u8g_utf8_2(integer b0, integer b1) =
    0xC2 <= b0 <= 0xDF && u8g_tail(b1);
  // UTF8-3 = %xE0 %xA0-BF UTF8-tail / %xE1-EC 2( UTF8-tail ) /
  //          %xED %x80-9F UTF8-tail / %xEE-EF 2( UTF8-tail )
  predicate u8g_utf8_3(integer b0, integer b1, integer b2) =
    (b0 == 0xE0 && 0xA0 <= b1 <= 0xBF && u8g_tail(b2)) ||
    (0xE1 <= b0 <= 0xEC && u8g_tail(b1) && u8g_tail(b2)) ||
    (b0 == 0xED && 0x80 <= b1 <= 0x9F && u8g_tail(b2)) ||
    (0xEE <= b0 <= 0xEF && u8g_tail(b1) && u8g_tail(b2));
  // UTF8-4 = %xF0 %x90-BF 2( UTF8-tail ) / %xF1-F3 3( UTF8-tail ) /
  //          %xF4 %x80-8F 2( UTF8-tail )
  predicate u8g_utf8_4(integer b0, integer b1, integer b2, integer b3) =
    (b0 == 0xF0 && 0x90 <= b1 <= 0xBF && u8g_tail(b2) && u8g_tail(b3)) ||
    (0xF1 <= b0 <= 0xF3 && u8g_tail(b1) && u8g_tail(b2) && u8g_tail(b3)) ||
    (b0 == 0xF4 && 0x80 <= b1 <= 0x8F && u8g_tail(b2) && u8g_tail(b3));

  // p[0..n) is one UTF8-char of the ABNF (n = 1..4)
  predicate u8g_char{L}(uint8_t *p, integer n) =
    (n == 1 && u8g_utf8_1(p[0])) ||
    (n == 2 && u8g_utf8_2(p[0], p[1])) ||
    (n == 3 && u8g_utf8_3(p[0], p[1], p[2])) ||
    (n == 4 && u8g_utf8_4(p[0], p[1], p[2], p[3]));

  // The code point a UTF8-char p[0..n) encodes (RFC 3629 section 3): the
  // lead's payload bits (its value less C0, E0 or F0), then 6 bits from
  // each tail byte (its value less 80), as arithmetic on the byte values.
  logic integer u8g_value{L}(uint8_t *p, integer n) =
    n == 1 ? p[0] :
    n == 2 ? (p[0] - 0xC0) * 64 + (p[1] - 0x80) :
    n == 3 ? (p[0] - 0xE0) * 4096 + (p[1] - 0x80) * 64 + (p[2] - 0x80) :
    (p[0] - 0xF0) * 262144 + (p[1] - 0x80) * 4096 + (p[2] - 0x80) * 64 +
      (p[3] - 0x80);

  // A Unicode scalar value: U+0000..U+10FFFF without the surrogates.
  predicate u8g_scalar(integer c) =
    0 <= c <= 0x10FFFF && !(0xD800 <= c <= 0xDFFF);

  logic integer u8g_min(integer a, integer b) = a < b ? a : b;

  // p[0..n) (n = 1..3) is a proper prefix of some UTF8-char: the ABNF's
  // rules cut after their first n bytes (a sequence that is well-formed so
  // far but incomplete: what a stream keeps pending).
  predicate u8g_pre3_2(integer b0, integer b1) =
    (b0 == 0xE0 && 0xA0 <= b1 <= 0xBF) || (0xE1 <= b0 <= 0xEC && u8g_tail(b1)) ||
    (b0 == 0xED && 0x80 <= b1 <= 0x9F) || (0xEE <= b0 <= 0xEF && u8g_tail(b1));
  predicate u8g_pre4_2(integer b0, integer b1) =
    (b0 == 0xF0 && 0x90 <= b1 <= 0xBF) || (0xF1 <= b0 <= 0xF3 && u8g_tail(b1)) ||
    (b0 == 0xF4 && 0x80 <= b1 <= 0x8F);
  predicate u8g_prefix{L}(uint8_t *p, integer n) =
    (n == 1 && 0xC2 <= p[0] <= 0xF4) ||
    (n == 2 && (u8g_pre3_2(p[0], p[1]) || u8g_pre4_2(p[0], p[1]))) ||
    (n == 3 && u8g_pre4_2(p[0], p[1]) && u8g_tail(p[2]));

  // p[0..avail) does not start with a UTF8-char: no length 1..4 that
  // fits is one (where a valid prefix stops, an error starts). Written
  // out for each length rather than quantified, so that the solvers see
  // the four cases.
  predicate u8g_bad{L}(uint8_t *p, integer avail) =
    (avail >= 1 ==> !u8g_char(p, 1)) && (avail >= 2 ==> !u8g_char(p, 2)) &&
    (avail >= 3 ==> !u8g_char(p, 3)) && (avail >= 4 ==> !u8g_char(p, 4));
*/

/* u8g_step decodes the sequence that starts at p[0], with avail >= 1 bytes
 * readable. When it is well-formed it returns its length (1..4) and sets
 * *cp to the code point it encodes. Otherwise it returns 0, sets *kind and
 * sets *sub to the length of the maximal subpart (1..3). Reads at most
 * min(avail, 4) bytes. */
/*@
  requires avail >= 1;
  requires \valid_read(p + (0 .. u8g_min(avail, 4) - 1));
  requires \valid(cp) && \valid(kind) && \valid(sub);
  requires \separated(cp, kind, sub);
  assigns *cp, *kind, *sub;
  ensures \result == 0 || (1 <= \result <= 4 && \result <= avail);
  // It accepts exactly the ABNF's UTF8-char (and so reads no further).
  ensures accepts: \forall integer n; 1 <= n <= 4 && n <= avail ==>
            (\result == n <==> u8g_char(p, n));
  // The code point it returns is the one that sequence encodes.
  ensures value: \result != 0 ==> *cp == u8g_value(p, \result);
  ensures ok: \result != 0 ==> *kind == \old(*kind) && *sub == \old(*sub);
  ensures error: \result == 0 ==>
            1 <= *sub <= 3 && *sub <= avail && *kind != U8GUARD_OK;
  // A truncated sequence is cut by the end of the input: its subpart is
  // every byte available, at most 3 (what a stream can keep pending).
  ensures truncated: \result == 0 && *kind == U8GUARD_TRUNCATED ==>
            *sub == avail && avail <= 3 && u8g_prefix(p, avail);
  // The maximal subpart: it holds every byte of a proper prefix of a
  // UTF8-char that starts at p (so a stream's pending bytes, such a
  // prefix, are all in the error they end in, or in the character they
  // complete, which is longer), and is that prefix or one byte.
  ensures maximal: \forall integer n; 1 <= n <= 3 && n <= avail && u8g_prefix(p, n) ==>
            (\result == 0 ==> n <= *sub) && (\result != 0 ==> n < \result);
  ensures subpart: \result == 0 ==> *sub == 1 || u8g_prefix(p, *sub);
*/
size_t u8g_step(const uint8_t *p, size_t avail, uint32_t *cp,
                u8guard_kind *kind, size_t *sub);

/* u8g_classify sets *err to the error at p[0] (offset = base), which the
 * caller knows is not the start of a well-formed sequence. */
/*@ requires avail >= 1;
    requires \valid_read(p + (0 .. u8g_min(avail, 4) - 1));
    requires \valid(err);
    assigns *err;
    ensures err->offset == base && err->length <= 3 &&
            err->offset + err->length <= base + avail;
    ensures u8g_bad(p, avail) ==> 1 <= err->length;
    ensures err->kind == U8GUARD_TRUNCATED ==>
              err->length == avail && avail <= 3 && u8g_prefix(p, avail);
*/
void u8g_classify(const uint8_t *p, size_t avail, size_t base,
                  u8guard_error *err);

/* u8g_set_ok sets *err (when not NULL) to "no error" at offset len.
 * Inline: every successful call ends here, and on a short string a call
 * of its own would be a measurable part of the cost. */
/*@ requires err == \null || \valid(err);
    assigns *err;
    ensures err != \null ==> err->offset == len && err->length == 0;
*/
static inline void u8g_set_ok(u8guard_error *err, size_t len)
{
    if (err) {
        err->offset = len;
        err->length = 0;
        err->kind = U8GUARD_OK;
        err->cls = U8GUARD_CLASS_NONE;
        err->code_point = 0;
    }
}

/* u8g_invalid_at sets *err (when not NULL) to the error at p[n], which
 * is not the start of a well-formed sequence (n < len), and returns
 * false. u8g_error_found_at does the same and sets *pos past the error,
 * returning true. Out of line (validate.c) and called last, so that the
 * kernels' entries below reach them with a jump and save nothing. */
/*@ requires n < len && \valid_read(p + (0 .. len - 1));
    requires err == \null || \valid(err);
    assigns *err;
    ensures !\result;
    ensures err != \null ==> err->offset == n && err->length <= 3 &&
              n + err->length <= len;
    ensures err != \null && u8g_bad(p + n, len - n) ==> 1 <= err->length;
*/
bool u8g_invalid_at(const uint8_t *p, size_t len, size_t n, u8guard_error *err);
/*@ requires n < len && \valid_read(p + (0 .. len - 1));
    requires \valid(pos) && (err == \null || (\valid(err) && \separated(pos, err)));
    assigns *pos, *err;
    ensures \result;
    ensures n <= *pos <= len && *pos <= n + 3;
    ensures u8g_bad(p + n, len - n) ==> n < *pos;
    ensures err != \null ==> err->offset == n && err->offset + err->length == *pos;
*/
bool u8g_error_found_at(const uint8_t *p, size_t len, size_t n, size_t *pos,
                        u8guard_error *err);

/* What u8guard_validate does once the kernel found the valid prefix n of
 * p[0..len) (p not NULL), written once here and instantiated in each
 * kernel as its validate entry (struct u8g_kernels, U8G_ENTRIES), where
 * the kernel's short path is inlined: a short string's call is then one
 * indirect jump from the public function and a leaf, with no register to
 * save around a call. */
/*@ requires n <= len && \valid_read(p + (0 .. len - 1));
    requires n < len ==> u8g_bad(p + n, len - n);
    requires err == \null || \valid(err);
    assigns *err;
    ensures \result <==> n == len;
    ensures err != \null ==> err->offset == n && err->length <= 3 &&
              err->offset + err->length <= len;
    ensures err != \null && \result ==> err->length == 0;
    ensures err != \null && !\result ==> 1 <= err->length;
*/
static inline bool u8g_validate_via(size_t n, const uint8_t *p, size_t len,
                                    u8guard_error *err)
{
    if (n == len) {
        u8g_set_ok(err, len);
        return true;
    }
    return u8g_invalid_at(p, len, n, err);
}

/* What u8guard_next_error from *pos == 0 does once the kernel found the
 * valid prefix n of p[0..len) (p not NULL): exactly validate's path, with
 * *pos set past the error found (true) or to len (false). Each kernel's
 * first_error entry, as u8g_validate_via. */
/*@ requires n <= len && \valid_read(p + (0 .. len - 1));
    requires n < len ==> u8g_bad(p + n, len - n);
    requires \valid(pos) && (err == \null || (\valid(err) && \separated(pos, err)));
    assigns *pos, *err;
    ensures \result <==> n < len;
    ensures !\result ==> *pos == len;
    ensures \result ==> n < *pos <= len && *pos <= n + 3;
    ensures err != \null && !\result ==> err->offset == len && err->length == 0;
    ensures err != \null && \result ==> err->offset == n &&
              err->offset + err->length == *pos;
*/
static inline bool u8g_first_error_via(size_t n, const uint8_t *p, size_t len,
                                       size_t *pos, u8guard_error *err)
{
    if (n == len) {
        *pos = len;
        u8g_set_ok(err, len);
        return false;
    }
    return u8g_error_found_at(p, len, n, pos, err);
}

/* U8G_ENTRIES(name, valid_prefix) defines name##_validate and
 * name##_first_error, a kernel's two entries (struct u8g_kernels), on its
 * valid_prefix. U8G_ENTRIES_SHORT(name, valid_prefix, short_valid, max)
 * does the same for a kernel with a short path: an input of 1..max bytes
 * that short_valid (inlined into the entry) finds valid is answered
 * there, so that the entry is a leaf on that path; every other input
 * goes to an out-of-line entry on valid_prefix, reached with a jump
 * (U8G_NOINLINE: inlined, its calls would give the entry a frame). That
 * entry finds the error in a short string again: an error costs a second
 * look at up to max bytes, a valid string nothing. U8G_ENTRIES_AS(linkage,
 * name, valid_prefix) is U8G_ENTRIES with the entries' linkage given: the
 * scalar kernel's are extern (u8g_scalar_validate, u8g_scalar_first_error),
 * so that the proved public functions can name them (doc/proofs.md). */
#define U8G_ENTRIES(name, valid_prefix) U8G_ENTRIES_AS(static, name, valid_prefix)
#define U8G_ENTRIES_AS(linkage, name, valid_prefix)                              \
    linkage U8G_NOINLINE bool name##_validate(const uint8_t *p, size_t len,      \
                                              u8guard_error *err)                \
    {                                                                            \
        return u8g_validate_via(valid_prefix(p, len), p, len, err);              \
    }                                                                            \
    linkage U8G_NOINLINE bool name##_first_error(const uint8_t *p, size_t len,   \
                                                 size_t *pos, u8guard_error *err) \
    {                                                                            \
        return u8g_first_error_via(valid_prefix(p, len), p, len, pos, err);      \
    }

#define U8G_ENTRIES_SHORT(name, valid_prefix, short_valid, max)                  \
    U8G_ENTRIES(name##_long, valid_prefix)                                       \
    static bool name##_validate(const uint8_t *p, size_t len, u8guard_error *err) \
    {                                                                            \
        if (len - 1 < (max) && short_valid(p, len)) { /* 1..max */               \
            u8g_set_ok(err, len);                                                \
            return true;                                                         \
        }                                                                        \
        return name##_long_validate(p, len, err);                                \
    }                                                                            \
    static bool name##_first_error(const uint8_t *p, size_t len, size_t *pos,    \
                                   u8guard_error *err)                           \
    {                                                                            \
        if (len - 1 < (max) && short_valid(p, len)) {                            \
            *pos = len;                                                          \
            u8g_set_ok(err, len);                                                \
            return false;                                                        \
        }                                                                        \
        return name##_long_first_error(p, len, pos, err);                        \
    }

/* ---- argument helpers of the public functions ---- */

/* u8g_overlap returns true when a[0..a_len) and b[0..b_len) share at
 * least one byte, false otherwise (always for an empty range). The
 * public functions refuse an output that overlaps their input. The
 * addresses are compared as integers (comparing pointers into different
 * objects is undefined in C), by distance from the lower one, so that no
 * sum can wrap even at the top of the address space. */
/*@ assigns \nothing;
    admit ensures !\result ==> \separated((const uint8_t *)a + (0 .. a_len - 1),
                                           (const uint8_t *)b + (0 .. b_len - 1));
*/
static inline bool u8g_overlap(const void *a, size_t a_len, const void *b, size_t b_len)
{
    uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;

    if (a_len == 0 || b_len == 0)
        return false;
    return x <= y ? y - x < a_len : x - y < b_len;
}

/* u8g_add_sat returns a + b, or SIZE_MAX when the sum does not fit in a
 * size_t (sanitize's output size: SIZE_MAX is its "too large" answer). */
/*@ assigns \nothing;
    ensures \result == u8g_min(a + b, SIZE_MAX);
*/
static inline size_t u8g_add_sat(size_t a, size_t b)
{
    return b > SIZE_MAX - a ? SIZE_MAX : a + b;
}

/* u8g_mul_sat returns n * unit (unit >= 1), or SIZE_MAX when the product
 * does not fit in a size_t: the size in bytes of n units of an output,
 * for u8g_overlap, which then only needs "reaches to the end". */
/*@ requires unit >= 1;
    assigns \nothing;
*/
static inline size_t u8g_mul_sat(size_t n, size_t unit)
{
    return n > SIZE_MAX / unit ? SIZE_MAX : n * unit;
}

/* The denied characters of a policy as windows of three bytes, for the
 * vector kernels' nibble lookups (policy.c builds it; policy_hits.h is
 * the vector test). A group is a set of
 * windows (a, b, c) = (byte 2 back, byte 1 back, this byte), each of a,
 * b, c in a set of bytes given by a set of high nibbles and one of low
 * nibbles; the window hits group g when the bit of g is set in all six
 * lookups: l_lo[a & 15], l_hi[a >> 4], s_lo[b & 15], s_hi[b >> 4],
 * t_lo[c & 15], t_hi[c >> 4]. There are up to 16 groups, 8 per table
 * [k]. In well-formed text, each denied character hits a group at one of
 * its own bytes (a 1-byte character at itself, C2 80..9F at its second
 * byte, a 3-byte one at its third, a 4-byte noncharacter at its fourth
 * and the other 4-byte ones at their third); a hit can also be a
 * character that is not denied (groups are supersets where the bits run
 * out): the caller decodes the character to be sure. */
struct u8g_polset {
    uint8_t l_lo[2][16], l_hi[2][16];
    uint8_t s_lo[2][16], s_hi[2][16];
    uint8_t t_lo[2][16], t_hi[2][16];
    uint8_t sets;  /* tables in use: 0 (nothing denied), 1 or 2 */
    uint8_t l_any; /* nonzero when every group takes any byte 2 back (then
                      the l_ lookups can be skipped) */
    uint8_t ascii; /* nonzero when a 1-byte character is denied: its groups
                      are in table 0 and are the only ones whose third
                      byte can be ASCII */
    /* The same windows as whole-byte lookups, for kernels with 64- and
     * 128-entry byte permutes (AVX-512 VBMI): the 1-byte characters in
     * ctrl[c] (c < 80), the others in up to 8 groups, byte b's bits in
     * l7[b & 0x7F], s7[b & 0x7F], t6[b & 0x3F] (t6 looked up only for
 * continuation bytes). The 7-bit indexes keep leads (40..7F) apart from
 * continuations (00..3F); they confuse them with ASCII bytes, which
 * cannot come before a continuation in well-formed text (and where the
 * text is not, the block fails anyway). */
    uint8_t ctrl[128], l7[128], s7[128], t6[64];
    uint8_t multi; /* nonzero when l7/s7/t6 hold a group */
    /* The first test of a block (a cheap one that rules most blocks of
     * real text out): the bytes that start a denied character, its lead
     * or the 1-byte character itself. A block holds no hit unless it
     * holds such a byte or a character that starts in the block before
     * (u8g_polset_carry) ends in it. The same set twice: byte b is in it
     * when f_lo[b & 15] & f_hi[b >> 4] is nonzero (nibble lookups), and
     * when bit b & 3 of f4[b >> 2] is set (whole-byte permutes). */
    uint8_t f_lo[16], f_hi[16], f4[64];
    /* The pair test (AVX-512), a first test that real text rarely
     * passes: each character of a multi-byte class holds two consecutive
     * bytes (x, y), y a continuation byte and x the byte before it, such
     * that bit g of pp7[x & 0x7F] and of pc6[y & 0x3F] are set for some g
     * (for example D8 9C of U+061C, 80 8E of U+200E, BF BE of every U+nFFFE,
     * EE and any continuation for private use). The 7-bit index of x
     * confuses it with an ASCII byte, which cannot come before a
     * continuation in well-formed text. The 1-byte classes are ctrl's. */
    uint8_t pp7[128], pc6[64];
    uint8_t pairs; /* nonzero when the pair test rules out more of real
                      text than the lead-byte one (f4) does: a class whose
                      characters start with D8, E2 or any 4-byte lead is
                      denied (bidi, separator, noncharacter) */
    /* The same pair test with nibble lookups (AVX2, a second test where
     * the lead-byte one fires): bit g is set in n_xlo[x & 15], n_xhi[x >>
     * 4], n_ylo[y & 15] and n_yhi[y >> 4] for a pair (x, y) of slot g,
     * each slot a product of nibble sets (a superset of its pairs:
     * policy.c's CLASS_NPAIRS; the 1-byte classes need none: the
     * lead-byte test is exact on ASCII bytes). n_rare: nonzero when
     * private use is denied, whose characters outside the slots start
     * with EE, F3 or F4 (the tags too), leads tested alone. */
    uint8_t n_xlo[16], n_xhi[16], n_ylo[16], n_yhi[16];
    uint8_t n_rare;
    unsigned deny; /* the classes denied (for kernels that decode) */
};

/* u8g_polset_starts returns true when byte b is in s's first test: it
 * starts a character of a denied class (never a continuation byte). */
static inline bool u8g_polset_starts(const struct u8g_polset *s, uint8_t b)
{
    return (s->f4[b >> 2] >> (b & 3) & 1) != 0;
}

/* u8g_polset_carry returns true when a character that starts in
 * p[e-3..e) does not end before p[e] (the first test of the block at e
 * cannot see its lead, so that block is checked in full). */
static inline bool u8g_polset_carry(const uint8_t *p, size_t e)
{
    return p[e - 1] >= 0xC0 || p[e - 2] >= 0xE0 || p[e - 3] >= 0xF0;
}

/* The tables of the vector kernels' exact control test (u8g_polset_ctl). */
struct u8g_ctl {
    uint8_t add[16]; /* by a byte's low nibble */
    uint8_t thr;     /* a hit below it */
};
/* thr follows add at once: u8g_polset_ctl sets it after its loop over add,
 * so a loop that ran one entry too far would write thr's byte first
 * (ci/mutate.py, WHY_CTL_SLACK, rests on this). */
_Static_assert(offsetof(struct u8g_ctl, thr) == sizeof ((struct u8g_ctl *)0)->add,
               "struct u8g_ctl: thr right after add");

/* u8g_polset_ctl returns the tables of the vector kernels' exact control
 * test for s's 1-byte classes but del (ctrl[0..7F)): u = byte +
 * add[byte & 15] for a byte < 0x80, u = the byte itself for the others
 * (a lookup that zeroes them), and a hit where u < thr (unsigned). Its
 * form holds for the classes of u8guard.h (c0 denies all of row 1,
 * 10..1F, nul and del none of it; none of them 20..7E): row 0's bytes
 * that are not denied (09, 0A, 0D; 00 without nul) have their low nibble
 * map to FF (row 0: allowed), 0F (row 1: 19, denied), 1F, 2F, ... 6F
 * (rows 2..7, allowed); the other low nibbles to 00 (row 0, denied), 10,
 * 20, ... 70. With row 1 denied, thr = 0x18 takes 00, 0F and 10 (rows 0
 * and 1) and none of 1F, 20 and above; without, thr = 0x08 takes 00
 * alone. tests/kernels/test_policy_sweep.c's byte sweep checks every
 * byte under every set of 1-byte classes. */
static inline struct u8g_ctl u8g_polset_ctl(const struct u8g_polset *s)
{
    struct u8g_ctl c;
    unsigned b;

    for (b = 0; b < sizeof c.add; b++)
        c.add[b] = (uint8_t)(s->ctrl[b] != 0 ? 0x100u - b : 0xFFu - b);
    c.thr = (s->deny & U8GUARD_CLASS_C0) != 0 ? 0x18 : 0x08; /* c0 denies all of 10..1F */
    return c;
}

/* u8g_polset_c1_exact returns true when s denies c1 and besides it at
 * most nul and c0: then a vector kernel tests every block exactly, the
 * control test (u8g_polset_ctl) and C2 80..9F, without a first test.
 * C2 (U+00A0, U+00B7, the guillemets) is common in real text, and a
 * lead-byte first test sent those blocks to the full test. */
static inline bool u8g_polset_c1_exact(const struct u8g_polset *s)
{
    return (s->deny & ~(unsigned)(U8GUARD_CLASS_NUL | U8GUARD_CLASS_C0)) == U8GUARD_CLASS_C1;
}

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

/* Inputs of up to U8G_SHORT_MAX bytes are short: the vector kernels take
 * them without loop or window set-up (kernels/short_x86.h, the AVX-512
 * kernel's short_blocks), and sanitize hands them to copy_prefix in one
 * call. */
#define U8G_SHORT_MAX ((size_t)256)

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
    /* Validation and policy checking in one pass, or NULL where the
     * implementation has none (then policy.c validates, then looks for
     * denied characters one byte at a time). p is a character boundary
     * after at least 3 readable bytes of whole, checked characters (which
     * the kernel may read as the bytes before its first block). Returns
     * a character boundary m <= len such that p[0..m) is well-formed and
     * holds no denied character (no window of it hits set at a character
     * that starts with a byte of set's first test); m == len when
     * p[0..len) is such, else m is a few bytes before the block where a
     * check failed (the caller finds out exactly why from there). */
    size_t (*clean_blocks)(const uint8_t *p, size_t len,
                           const struct u8g_polset *set);
    /* Error-dense text (kernels/error_scan.h), or NULL where the
     * implementation has none: from p[0], a character boundary before an
     * error (len >= 1), through the blocks that hold errors; returns the
     * bytes read (>= 1), ending at a character boundary, having added
     * their errors and their replacement (each error by U+FFFD, doc/
     * contract.md section 3) to *r. */
    size_t (*error_run)(const uint8_t *p, size_t len, struct u8g_run *r);
    /* u8guard_validate and u8guard_next_error from offset 0 on p != NULL
     * (U8G_ENTRIES: u8g_validate_via and u8g_first_error_via on this
     * kernel's valid_prefix), so that the public functions hand a call on
     * to the kernel with one indirect jump. */
    bool (*validate)(const uint8_t *p, size_t len, u8guard_error *err);
    bool (*first_error)(const uint8_t *p, size_t len, size_t *pos,
                        u8guard_error *err);
    /* copy_prefix for an output larger than the last-level cache, or NULL
     * where the implementation has none: the same result, stored with
     * non-temporal stores (whole lines, not read first, not kept in the
     * cache) and ordered by a store fence before it returns. */
    size_t (*copy_nt)(const uint8_t *p, size_t len, uint8_t *out);
};

/* A checked policy, ready for the loops (policy.c). deny == 0 means the
 * functions behave exactly as without a policy. */
struct u8g_policy {
    unsigned deny;
    u8guard_handler handler;
    /* The denied classes, for the kernels: a shared table built once per
     * set of classes (policy.c keeps a few), or own when none is free. */
    const struct u8g_polset *set;
    struct u8g_polset own;
};

/* u8g_policy_init fills *q from p (NULL: none). Returns false when p is
 * a bad policy (deny bits outside U8GUARD_CLASS_ALL, unknown handler).
 * Its contract is ASSUMED, not proved (policy.c is outside the proof;
 * doc/proofs.md, "Assumptions"): a good policy is taken as it is. It may
 * also build one of policy.c's shared class tables, which no proved
 * function reads. */
/*@ requires \valid(q) && (p == \null || \valid_read(p));
    assigns *q;
    ensures p == \null ==> \result && q->deny == 0 && q->handler == U8GUARD_REPLACE;
    ensures p != \null && 0 <= p->handler <= U8GUARD_ESCAPE &&
            p->deny <= U8GUARD_CLASS_ALL ==>
              \result && q->deny == p->deny && q->handler == p->handler;
    ensures \result ==> q->deny <= U8GUARD_CLASS_ALL &&
              0 <= q->handler <= U8GUARD_ESCAPE;
*/
bool u8g_policy_init(struct u8g_policy *q, const u8guard_policy *p);

/* u8g_clean_prefix returns the length of the longest prefix of p[0..len)
 * that is well-formed and holds no character q denies. Its contract is
 * ASSUMED, not proved (policy.c is outside the proof; doc/proofs.md,
 * "Assumptions"): it writes nothing and returns at most len. */
/*@ requires \valid_read(k) && \valid_read(q) && \valid_read(p + (0 .. len - 1));
    assigns \nothing;
    ensures \result <= len;
*/
size_t u8g_clean_prefix(const struct u8g_kernels *k,
                        const struct u8g_policy *q, const uint8_t *p,
                        size_t len);

/* u8g_first_denied returns the offset of the first character q denies in
 * the well-formed p[0..n), or n when there is none. p is a character
 * boundary (the bytes before it are not read). */
size_t u8g_first_denied(const struct u8g_policy *q, const uint8_t *p, size_t n);

/* u8g_error_at sets *err to the error at p[0] (offset = base), which the
 * caller knows is ill-formed or a character q denies. Its contract is
 * ASSUMED, not proved (policy.c is outside the proof; doc/proofs.md,
 * "Assumptions"): the error is u8g_step's (a maximal subpart of 1..3
 * bytes, every available byte when truncated) or the whole character
 * (DISALLOWED, above U+FFFF only for 4 bytes). */
/*@ requires avail >= 1;
    requires \valid_read(p + (0 .. u8g_min(avail, 4) - 1));
    requires \valid(err);
    assigns *err;
    ensures err->offset == base;
    ensures 1 <= err->length <= 4 && err->length <= avail;
    ensures err->kind != U8GUARD_DISALLOWED ==> err->length <= 3;
    ensures err->kind == U8GUARD_DISALLOWED && err->code_point > 0xFFFF ==>
              err->length == 4;
    ensures err->kind == U8GUARD_TRUNCATED ==> err->length == avail;
    // Where no UTF8-char starts, the error is u8g_step's maximal subpart:
    // one byte or a proper prefix of a UTF8-char.
    ensures u8g_bad(p, avail) ==> err->length == 1 || u8g_prefix(p, err->length);
*/
void u8g_error_at(const struct u8g_policy *q, const uint8_t *p, size_t avail,
                  size_t base, u8guard_error *err);

/* u8g_handle writes to cps what q's handler makes of the error e whose
 * bytes start at p, as code points (U+FFFD; nothing; or the ASCII of the
 * escape), and returns how many (0..12). Its contract is ASSUMED, not
 * proved (doc/proofs.md, "Assumptions"): replace gives one U+FFFD, drop
 * nothing, escape (any other handler) ASCII: \uhhhh (6) or \Uhhhhhhhh
 * (10) for a denied character, \xhh (4) per byte of an ill-formed one. */
/*@ requires \valid_read(e) && \valid(cps + (0 .. 11));
    requires e->kind != U8GUARD_DISALLOWED ==>
               1 <= e->length <= 3 && \valid_read(p + (0 .. e->length - 1));
    assigns cps[0 .. 11];
    ensures \result <= 12;
    ensures h == U8GUARD_REPLACE ==> \result == 1 && cps[0] == U8GUARD_REPLACEMENT;
    ensures h == U8GUARD_DROP ==> \result == 0;
    ensures h != U8GUARD_REPLACE && h != U8GUARD_DROP ==>
              (\forall integer i; 0 <= i < \result ==> cps[i] < 0x80);
    ensures h != U8GUARD_REPLACE && h != U8GUARD_DROP ==>
              \result == (e->kind == U8GUARD_DISALLOWED ?
                            (e->code_point > 0xFFFF ? 10 : 6) : 4 * e->length);
*/
size_t u8g_handle(u8guard_handler h, const u8guard_error *e, const uint8_t *p,
                  uint32_t cps[12]);

#ifdef __FRAMAC__
/* u8guard_class_of (include/u8guard.h, policy.c) reads and writes no
 * memory: ASSUMED, not proved (doc/proofs.md, "Assumptions"). Declared
 * again only in the proof build, for the contract. */
/*@ assigns \nothing; */
u8guard_class u8guard_class_of(uint32_t cp);
#endif

/* The scalar reference's kernels: a loop over u8g_step. */
extern const struct u8g_kernels u8g_scalar_kernels;

/* The functions of u8g_scalar_kernels, named here so that the proved
 * callers (doc/proofs.md) can say which function a kernel pointer reaches
 * (ACSL "calls"). u8g_scalar_valid_prefix returns the length of the
 * longest valid prefix of p[0..len); the converters also write its
 * decoding to out (room for len units) and set *n_out to the units
 * written. */
/*@ requires \valid_read(p + (0 .. len - 1));
    assigns \nothing;
    ensures \result <= len;
    ensures \result < len ==> u8g_bad(p + \result, len - \result);
*/
size_t u8g_scalar_valid_prefix(const uint8_t *p, size_t len);
/*@ requires \valid_read(p + (0 .. len - 1));
    requires \valid(out + (0 .. len - 1)) && \valid(n_out);
    requires \separated(out + (0 .. len - 1), n_out);
    assigns out[0 .. len - 1], *n_out;
    ensures \result <= len && *n_out <= \result;
*/
size_t u8g_scalar_to_utf32(const uint8_t *p, size_t len, uint32_t *out,
                           size_t *n_out);
/*@ requires \valid_read(p + (0 .. len - 1));
    requires \valid(out + (0 .. len - 1)) && \valid(n_out);
    requires \separated(out + (0 .. len - 1), n_out);
    assigns out[0 .. len - 1], *n_out;
    ensures \result <= len && *n_out <= \result;
*/
size_t u8g_scalar_to_utf16(const uint8_t *p, size_t len, uint16_t *out,
                           size_t *n_out);
/* The scalar kernel's validate and first_error entries (U8G_ENTRIES_AS in
 * scalar.c): u8guard_validate and u8guard_next_error from offset 0, on p
 * not NULL. */
/*@ requires \valid_read(p + (0 .. len - 1));
    requires err == \null || \valid(err);
    assigns *err;
    ensures err != \null ==> err->length <= 3 && err->offset + err->length <= len;
    ensures err != \null && \result ==> err->offset == len && err->length == 0;
    ensures err != \null && !\result ==> err->offset < len && 1 <= err->length;
*/
bool u8g_scalar_validate(const uint8_t *p, size_t len, u8guard_error *err);
/*@ requires \valid_read(p + (0 .. len - 1));
    requires \valid(pos) && (err == \null || (\valid(err) && \separated(pos, err)));
    assigns *pos, *err;
    ensures *pos <= len;
    ensures !\result ==> *pos == len;
    ensures \result ==> 1 <= *pos;
    ensures err != \null && !\result ==> err->offset == len && err->length == 0;
    ensures err != \null && \result ==>
              err->offset + err->length == *pos && 1 <= err->length <= 3;
*/
bool u8g_scalar_first_error(const uint8_t *p, size_t len, size_t *pos,
                            u8guard_error *err);

/* U8G_HIDDEN marks a variable that the library's files share as hidden
 * where the compiler knows visibility, so that reaching it takes no
 * indirection through the global offset table in the shared library.
 * U8G_NOINLINE keeps a rarely taken path out of its caller. */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(_WIN32)
#define U8G_HIDDEN __attribute__((visibility("hidden")))
#else /* PE/COFF has no ELF visibility: a DLL exports only what it names */
#define U8G_HIDDEN
#endif
#if defined(__GNUC__) || defined(__clang__)
#define U8G_NOINLINE __attribute__((noinline))
#else
#define U8G_NOINLINE
#endif

/* The kernels in use (dispatch.c): NULL until the first call chooses.
 * Frama-C 25 cannot parse _Atomic(T), and the proof build (doc/proofs.md)
 * does not parse dispatch.c: there u8g_active (below) is the scalar
 * implementation, bound directly. */
#ifndef __FRAMAC__
extern U8G_HIDDEN _Atomic(const struct u8g_kernels *) u8g_active_kernels;
#endif

/* u8g_choose_kernels chooses the kernels (U8GUARD_IMPL or the CPU's
 * best), makes them the active ones and returns them. */
const struct u8g_kernels *u8g_choose_kernels(void);

/* u8g_active returns the kernels in use, choosing them on first use.
 * Inline, so that after the first call dispatch is one load and one
 * well-predicted branch in the caller, and the kernel call is the only
 * indirect one (what a short string pays for dispatch). */
#ifdef __FRAMAC__
/* The proof build's binding: every kernel call of the proved functions
 * reaches the scalar implementation (doc/proofs.md, "Assumptions"). */
/*@ assigns \nothing;
    ensures \result == &u8g_scalar_kernels;
*/
static inline const struct u8g_kernels *u8g_active(void)
{
    return &u8g_scalar_kernels;
}
#else
static inline const struct u8g_kernels *u8g_active(void)
{
    const struct u8g_kernels *k =
        atomic_load_explicit(&u8g_active_kernels, memory_order_acquire);

    return k != NULL ? k : u8g_choose_kernels();
}
#endif

#endif
