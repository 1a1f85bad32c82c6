/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* u8guard.h -- a strict UTF-8 decoder.
 *
 * u8guard accepts exactly the UTF-8 of RFC 3629 section 4, which is the
 * Unicode Standard's Table 3-7 "Well-Formed UTF-8 Byte Sequences" (chapter
 * 3.9), and rejects everything else: overlong forms, surrogates
 * (U+D800..U+DFFF), values above U+10FFFF, stray continuation bytes and
 * truncated sequences.
 *
 * Policy for ill-formed input (one place, in plain words):
 *
 *   Decoding walks the input left to right. Where the bytes at offset i do
 *   not start a well-formed sequence there is exactly one error. Its offset
 *   is i; its length is the length of the "maximal subpart" at i -- the
 *   longest prefix of some well-formed sequence that starts at i, or 1 if
 *   there is none -- so 1, 2 or 3; decoding resumes at i + length. In
 *   replacement mode each error becomes one U+FFFD (EF BF BD). This is the
 *   Unicode Standard's "U+FFFD Substitution of Maximal Subparts" (chapter
 *   3.9, after Table 3-8) and the WHATWG Encoding Standard's UTF-8 decoder.
 *
 * Policy for well-formed characters a caller denies (policy classes):
 *
 *   A caller may deny classes of well-formed characters (u8guard_class,
 *   below). Ill-formed input is reported exactly as above, whatever is
 *   denied. A well-formed character of a denied class is one more error,
 *   of kind U8GUARD_DISALLOWED: its offset is the character's first byte,
 *   its length the character's length (1..4), it names the class and the
 *   code point, and decoding resumes after the character. With nothing
 *   denied (a NULL policy, or deny == 0) every function behaves exactly
 *   as its form without _with. Where output is written, each error
 *   becomes what the policy's handler says: one U+FFFD (replace), nothing
 *   (drop), or escapes (escape: each byte of an ill-formed subsequence as
 *   \xhh, a denied character as \uhhhh, or \Uhhhhhhhh above U+FFFF, in
 *   lowercase hex; in UTF-16 and UTF-32 output one unit per ASCII
 *   character of the escape). These are CPython's 'replace', 'ignore' and
 *   'backslashreplace' error handlers of bytes.decode('utf-8').
 *
 * Every function here is reentrant, allocates no memory and never reads
 * outside [data, data + len). A NULL data pointer is accepted only with
 * len == 0 (it is then the empty input); NULL with a nonzero length is a
 * caller bug that the functions report as described on each one, never by
 * dereferencing it. Offsets are counted from the start of the input (for
 * the streaming decoder: of the whole stream).
 *
 * Noncharacters (U+FFFE, U+FFFF, U+FDD0..U+FDEF, U+nFFFE/F) and U+0000 are
 * valid scalar values and are accepted unless a policy denies them. */
#ifndef U8GUARD_H
#define U8GUARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32) && defined(U8GUARD_SHARED_BUILD)
#define U8GUARD_API __declspec(dllexport)
#elif defined(__GNUC__) || defined(__clang__)
#define U8GUARD_API __attribute__((visibility("default")))
#else
#define U8GUARD_API
#endif

#define U8GUARD_VERSION_MAJOR 0
#define U8GUARD_VERSION_MINOR 1
#define U8GUARD_VERSION_PATCH 0
#define U8GUARD_VERSION_STRING "0.1.0"

/* U8GUARD_REPLACEMENT is U+FFFD REPLACEMENT CHARACTER, what each error
 * becomes in replacement mode; U8GUARD_REPLACEMENT_UTF8 is its encoding. */
#define U8GUARD_REPLACEMENT 0xFFFDu
#define U8GUARD_REPLACEMENT_UTF8 "\xEF\xBF\xBD"

/* u8guard_kind is what is wrong with an ill-formed sequence, decided by the
 * byte that breaks it (doc/contract.md section 2):
 *   UNEXPECTED_CONTINUATION  a byte 80..BF where a sequence must start (length 1)
 *   OVERLONG      lead C0 or C1; E0 then 80..9F; F0 then 80..8F (length 1)
 *   SURROGATE     ED then A0..BF (length 1)
 *   TOO_LARGE     lead F5..FF; F4 then 90..BF (length 1)
 *   BAD_CONTINUATION  a started sequence followed by a byte that is not its
 *                 allowed next byte, no row above applying (length = the
 *                 bytes accepted so far, 1..3)
 *   TRUNCATED     the input ends inside a sequence that was well-formed so
 *                 far (length = bytes present, 1..3); only at the end of
 *                 the whole input.
 *   DISALLOWED    a well-formed character of a class the policy denies
 *                 (length = the character's length, 1..4); never reported
 *                 without a policy. */
typedef enum u8guard_kind {
    U8GUARD_OK = 0,
    U8GUARD_UNEXPECTED_CONTINUATION,
    U8GUARD_OVERLONG,
    U8GUARD_SURROGATE,
    U8GUARD_TOO_LARGE,
    U8GUARD_BAD_CONTINUATION,
    U8GUARD_TRUNCATED,
    U8GUARD_DISALLOWED
} u8guard_kind;

/* u8guard_class is a policy class: a set of well-formed characters a
 * caller may deny. Each is one bit, so a set of classes is an unsigned;
 * no code point is in two classes. */
typedef enum u8guard_class {
    U8GUARD_CLASS_NONE = 0,
    U8GUARD_CLASS_NUL = 1u << 0,          /* "nul": U+0000 */
    U8GUARD_CLASS_C0 = 1u << 1,           /* "c0": U+0001..U+001F except
                                             U+0009, U+000A, U+000D */
    U8GUARD_CLASS_DEL = 1u << 2,          /* "del": U+007F */
    U8GUARD_CLASS_C1 = 1u << 3,           /* "c1": U+0080..U+009F */
    U8GUARD_CLASS_BIDI = 1u << 4,         /* "bidi": U+061C, U+200E, U+200F,
                                             U+202A..U+202E, U+2066..U+2069 */
    U8GUARD_CLASS_NONCHARACTER = 1u << 5, /* "noncharacter": U+FDD0..U+FDEF
                                             and U+nFFFE, U+nFFFF (every plane) */
    U8GUARD_CLASS_PRIVATE_USE = 1u << 6,  /* "private_use": U+E000..U+F8FF,
                                             U+F0000..U+FFFFD, U+100000..U+10FFFD */
    U8GUARD_CLASS_BOM = 1u << 7,          /* "bom": U+FEFF, anywhere */
    U8GUARD_CLASS_TAG = 1u << 8,          /* "tag": U+E0000..U+E007F */
    U8GUARD_CLASS_SEPARATOR = 1u << 9,    /* "separator": U+2028, U+2029 */
    U8GUARD_CLASS_ALL = 0x3FFu            /* "all": every class above */
} u8guard_class;

/* u8guard_error describes one error: an ill-formed subsequence, or a
 * character a policy denies. When a function reports "no error" it sets
 * offset to the input length, length to 0, kind to U8GUARD_OK, cls to
 * U8GUARD_CLASS_NONE and code_point to 0. */
typedef struct u8guard_error {
    size_t offset;     /* first byte of the ill-formed subsequence */
    size_t length;     /* its maximal subpart, 1..3; DISALLOWED: the
                          character's length, 1..4 */
    u8guard_kind kind;
    u8guard_class cls;   /* DISALLOWED: the character's class (one bit);
                            otherwise U8GUARD_CLASS_NONE */
    uint32_t code_point; /* DISALLOWED: the character; otherwise 0 */
} u8guard_error;

/* u8guard_kind_name returns "ok", "unexpected_continuation", "overlong",
 * "surrogate", "too_large", "bad_continuation", "truncated" or
 * "disallowed" for the corresponding kind, and "invalid" for a value
 * outside the enumeration. */
U8GUARD_API const char *u8guard_kind_name(u8guard_kind kind);

/* u8guard_version returns U8GUARD_VERSION_STRING of the library in use. */
U8GUARD_API const char *u8guard_version(void);

/* ---- Validation ------------------------------------------------------ */

/* u8guard_validate returns true when data[0..len) is well-formed UTF-8,
 * and then sets *err (when err is not NULL) to "no error" (offset = len).
 * Otherwise it returns false and sets *err to the first error. Its offset
 * is the length of the longest valid prefix.
 * data == NULL with len != 0 returns false with err->offset = 0,
 * err->length = 0 and err->kind = U8GUARD_OK: nothing was read. */
U8GUARD_API bool u8guard_validate(const void *data, size_t len,
                                  u8guard_error *err);

/* u8guard_valid_prefix returns the length of the longest prefix of
 * data[0..len) that is well-formed UTF-8 (whole characters only): len when
 * the input is valid, else the offset of the first error. Returns 0 for
 * data == NULL. */
U8GUARD_API size_t u8guard_valid_prefix(const void *data, size_t len);

/* u8guard_next_error finds the next error at or after *pos. On finding
 * one it sets *err, advances *pos past it (to err->offset + err->length,
 * where decoding resumes) and returns true. When the rest of the input is
 * valid it sets *pos = len, sets *err (when not NULL) to "no error" and
 * returns false. Starting from *pos = 0 and calling until it returns false
 * visits every error of the input in order. *pos must lie on a point where
 * decoding resumes (0, or a value this function stored); a *pos > len, or
 * data == NULL with len != 0, returns false and leaves *pos unchanged.
 * pos == NULL returns false and reads and writes nothing (*err is left
 * as it was). */
U8GUARD_API bool u8guard_next_error(const void *data, size_t len,
                                    size_t *pos, u8guard_error *err);

/* u8guard_count_errors returns the number of errors in data[0..len)
 * (0 when it is valid, and for data == NULL). */
U8GUARD_API size_t u8guard_count_errors(const void *data, size_t len);

/* ---- Strict decoding --------------------------------------------------
 *
 * The decoders stop at the first error. Their capacity rule is snprintf's:
 * the return value is always the number of code units the decoding of the
 * valid prefix needs; at most out_cap of them are written, and only whole
 * code points (a surrogate pair is never split). A return value greater
 * than out_cap means out was too small: retry with that many. out may be
 * NULL when out_cap is 0, to ask for the size. Nothing is ever written
 * past out[out_cap - 1]. out_cap >= len always suffices. */

/* u8guard_decode_utf32 decodes data[0..len) into code points. Returns the
 * number of code points in the decoding of data[0..err->offset) when there
 * is an error, of the whole input otherwise (then err->kind ==
 * U8GUARD_OK). err may be NULL. data == NULL with len != 0, out == NULL
 * with out_cap != 0, or out[0..out_cap) sharing a byte with data[0..len)
 * (decoding is not done in place) returns 0 with err->offset = 0,
 * err->length = 0 and err->kind = U8GUARD_OK, and reads and writes
 * nothing. */
U8GUARD_API size_t u8guard_decode_utf32(const void *data, size_t len,
                                        uint32_t *out, size_t out_cap,
                                        u8guard_error *err);

/* u8guard_decode_utf16 is u8guard_decode_utf32 with UTF-16 output:
 * supplementary characters become a surrogate pair (two units), everything
 * else one unit. Returns the number of UTF-16 code units needed. */
U8GUARD_API size_t u8guard_decode_utf16(const void *data, size_t len,
                                        uint16_t *out, size_t out_cap,
                                        u8guard_error *err);

/* ---- Sanitizing ------------------------------------------------------- */

/* u8guard_sanitize copies data[0..len) to out as UTF-8, each error
 * replaced by one U+FFFD (EF BF BD), so the output is always valid.
 * Returns the number of bytes the whole output needs, snprintf-style: at
 * most out_cap bytes are written, and only whole characters; a return
 * value greater than out_cap means out was too small. When the needed size
 * does not fit in a size_t (inputs near SIZE_MAX / 3 bytes) it returns
 * SIZE_MAX. *n_errors (when not NULL) is set to the number of errors.
 * out may be NULL when out_cap is 0. out must not overlap data: the
 * output is not an in-place rewrite of the input.
 * data == NULL with len != 0, out == NULL with out_cap != 0, or
 * out[0..out_cap) sharing a byte with data[0..len) returns SIZE_MAX,
 * reads and writes nothing and sets *n_errors to 0. */
U8GUARD_API size_t u8guard_sanitize(const void *data, size_t len, void *out,
                                    size_t out_cap, size_t *n_errors);

/* u8guard_sanitized_length returns the exact size u8guard_sanitize's
 * output has for data[0..len), or SIZE_MAX when it does not fit in a
 * size_t or data == NULL with len != 0. */
U8GUARD_API size_t u8guard_sanitized_length(const void *data, size_t len);

/* ---- Policy classes, error handlers, lossy decoding -----------------
 *
 * See "Policy for well-formed characters a caller denies" at the top of
 * this file; doc/contract.md has the tables. */

/* u8guard_class_name returns "nul", "c0", "del", "c1", "bidi",
 * "noncharacter", "private_use", "bom", "tag" or "separator" for a class
 * of one bit, "all" for U8GUARD_CLASS_ALL, and NULL for anything else
 * (U8GUARD_CLASS_NONE, several bits, unknown bits). */
U8GUARD_API const char *u8guard_class_name(u8guard_class cls);

/* u8guard_class_from_name returns the class bits named by name[0..len)
 * (one of the names u8guard_class_name returns, exactly, case-sensitive;
 * "all" gives U8GUARD_CLASS_ALL), or 0 when it names no class or name is
 * NULL. The name need not be NUL-terminated. */
U8GUARD_API unsigned u8guard_class_from_name(const char *name, size_t len);

/* u8guard_class_of returns the class of the code point cp (one bit), or
 * U8GUARD_CLASS_NONE when cp is in no class (also for values that are not
 * scalar values). */
U8GUARD_API u8guard_class u8guard_class_of(uint32_t cp);

/* u8guard_handler says what sanitizing, lossy decoding and the stream's
 * output write for each error (see the top of this file). */
typedef enum u8guard_handler {
    U8GUARD_REPLACE = 0, /* one U+FFFD per error (maximal subpart) */
    U8GUARD_DROP,        /* nothing: the bytes are removed (CPython 'ignore') */
    U8GUARD_ESCAPE       /* \xhh per ill-formed byte; \uhhhh or \Uhhhhhhhh
                            for a denied character; lowercase hex (CPython
                            'backslashreplace' for ill-formed input) */
} u8guard_handler;

/* u8guard_policy is what a caller denies and how errors are written. A
 * NULL policy pointer means { 0, U8GUARD_REPLACE }: exactly the
 * behaviour of the functions without _with. A policy whose deny has bits
 * outside U8GUARD_CLASS_ALL, or whose handler is not one of the three, is
 * a bad argument: each function refuses it as it refuses NULL data. */
typedef struct u8guard_policy {
    unsigned deny;           /* a set of u8guard_class bits */
    u8guard_handler handler; /* used where output is written */
} u8guard_policy;

/* u8guard_decode_utf32_lossy decodes data[0..len) into code points, each
 * error becoming one U+FFFD exactly as in u8guard_sanitize, so the result
 * equals CPython's data.decode('utf-8', 'replace'). Capacity rule of the
 * strict decoders (snprintf style, whole code points only): returns the
 * number of code points the whole output needs, writes at most out_cap.
 * out_cap >= len always suffices. *n_errors (when not NULL) is set to the
 * number of errors. data == NULL with len != 0, out == NULL with out_cap
 * != 0, or out[0..out_cap) sharing a byte with data[0..len) returns
 * SIZE_MAX, reads and writes nothing and sets *n_errors to 0. */
U8GUARD_API size_t u8guard_decode_utf32_lossy(const void *data, size_t len,
                                              uint32_t *out, size_t out_cap,
                                              size_t *n_errors);

/* u8guard_decode_utf16_lossy is u8guard_decode_utf32_lossy with UTF-16
 * output (CPython's result as UTF-16LE units): a surrogate pair is never
 * split. Returns the number of units needed; SIZE_MAX when refused. */
U8GUARD_API size_t u8guard_decode_utf16_lossy(const void *data, size_t len,
                                              uint16_t *out, size_t out_cap,
                                              size_t *n_errors);

/* u8guard_validate_with is u8guard_validate under the policy p (NULL: no
 * policy): a denied character is an error too. Returns true when the
 * input is well-formed and holds no denied character; otherwise false
 * with *err the first error. A bad policy is refused like data == NULL
 * with len != 0 (false, err at offset 0 with length 0 and kind OK). */
U8GUARD_API bool u8guard_validate_with(const void *data, size_t len,
                                       const u8guard_policy *p,
                                       u8guard_error *err);

/* u8guard_next_error_with is u8guard_next_error under the policy p: it
 * finds the next error, ill-formed or denied, at or after *pos, sets *err,
 * advances *pos past it and returns true; returns false with *pos = len
 * at the end. The refusals of u8guard_next_error, and a bad policy,
 * return false and leave *pos unchanged. */
U8GUARD_API bool u8guard_next_error_with(const void *data, size_t len,
                                         const u8guard_policy *p, size_t *pos,
                                         u8guard_error *err);

/* u8guard_count_errors_with returns the number of errors, ill-formed or
 * denied, in data[0..len) under the policy p; 0 for data == NULL or a bad
 * policy. */
U8GUARD_API size_t u8guard_count_errors_with(const void *data, size_t len,
                                             const u8guard_policy *p);

/* u8guard_sanitize_with is u8guard_sanitize under the policy p: each
 * error (ill-formed or denied) becomes what p->handler says. Returns the
 * number of bytes the whole output needs, snprintf style (at most out_cap
 * written, whole characters and whole escapes only), or SIZE_MAX when
 * that does not fit a size_t. *n_errors (when not NULL) is set to the
 * number of errors. The refusals of u8guard_sanitize, and a bad policy,
 * return SIZE_MAX, read and write nothing and set *n_errors to 0. */
U8GUARD_API size_t u8guard_sanitize_with(const void *data, size_t len,
                                         void *out, size_t out_cap,
                                         const u8guard_policy *p,
                                         size_t *n_errors);

/* u8guard_sanitized_length_with returns the exact size
 * u8guard_sanitize_with's output has, or SIZE_MAX when it does not fit a
 * size_t, data == NULL with len != 0, or the policy is bad. */
U8GUARD_API size_t u8guard_sanitized_length_with(const void *data, size_t len,
                                                 const u8guard_policy *p);

/* u8guard_decode_utf32_lossy_with is u8guard_decode_utf32_lossy under the
 * policy p: each error becomes what p->handler says (escapes one code
 * point per ASCII character). Returns the code points needed, at most
 * out_cap written (whole escapes only), SIZE_MAX when the size does not
 * fit a size_t; the refusals of u8guard_decode_utf32_lossy, and a bad
 * policy, return SIZE_MAX and set *n_errors to 0. */
U8GUARD_API size_t u8guard_decode_utf32_lossy_with(const void *data,
                                                   size_t len, uint32_t *out,
                                                   size_t out_cap,
                                                   const u8guard_policy *p,
                                                   size_t *n_errors);

/* u8guard_decode_utf16_lossy_with is u8guard_decode_utf32_lossy_with with
 * UTF-16 output (a surrogate pair is never split). */
U8GUARD_API size_t u8guard_decode_utf16_lossy_with(const void *data,
                                                   size_t len, uint16_t *out,
                                                   size_t out_cap,
                                                   const u8guard_policy *p,
                                                   size_t *n_errors);

/* ---- Encoding --------------------------------------------------------- */

/* u8guard_encode writes the UTF-8 encoding of the scalar value cp to
 * out[0..4) and returns its length, 1 to 4. Returns 0 and writes nothing
 * when cp is a surrogate (U+D800..U+DFFF) or above U+10FFFF. */
U8GUARD_API size_t u8guard_encode(uint32_t cp, unsigned char out[4]);

/* ---- Streaming -------------------------------------------------------
 *
 * A u8guard_stream decodes an input that arrives in chunks. The caller owns
 * the object (no heap). Between chunks it keeps at most 3 pending bytes: a
 * sequence that is well-formed so far but incomplete. A chunk that ends
 * inside a sequence is not an error; only the final chunk can end
 * truncated. Errors carry offsets from the start of the whole stream. For
 * every way of splitting an input into chunks, the errors reported and the
 * output written equal those of the one-shot functions (u8guard_sanitize_with,
 * u8guard_decode_utf16_lossy_with, u8guard_decode_utf32_lossy_with for the
 * stream's policy and form). The members are private: use the functions.
 * Its size (U8GUARD_STREAM_SIZE bytes, on every platform) and the place of
 * every member are part of the ABI (doc/abi.md): the reserved members,
 * zeroed by u8guard_stream_init, are where later minor releases keep new
 * state, so that a stream allocated by a program built against this
 * header stays big enough. */
#define U8GUARD_STREAM_SIZE 64
typedef struct u8guard_stream {
    uint64_t offset;         /* stream offset of pending[0] */
    unsigned char pending[3];
    unsigned char n_pending; /* 0..3 */
    unsigned char finished;  /* the final chunk has been fed */
    unsigned char handler;   /* u8guard_handler */
    unsigned char form;      /* u8guard_form */
    unsigned char reserved0_;
    uint64_t n_errors;       /* errors reported so far */
    uint32_t deny;           /* u8guard_class bits */
    uint32_t reserved1_;
    uint64_t reserved_[4];
} u8guard_stream;

/* u8guard_form is the encoding of a stream's output: UTF-8 (bytes),
 * UTF-16 (uint16_t units) or UTF-32 (uint32_t code points). */
typedef enum u8guard_form {
    U8GUARD_FORM_UTF8 = 0,
    U8GUARD_FORM_UTF16,
    U8GUARD_FORM_UTF32
} u8guard_form;

/* u8guard_error_fn is called once for each error, in input order. */
typedef void (*u8guard_error_fn)(void *ctx, const u8guard_error *err);

/* u8guard_stream_init makes s a stream at offset 0 with nothing pending,
 * no policy and UTF-8 output. It is also how a stream is reset for a new
 * input. */
U8GUARD_API void u8guard_stream_init(u8guard_stream *s);

/* u8guard_stream_init_with is u8guard_stream_init with the policy p (NULL:
 * none) and the output form. A bad policy or form leaves the stream
 * finished, so that every u8guard_stream_feed on it is refused (returns
 * SIZE_MAX) until it is initialised again. */
U8GUARD_API void u8guard_stream_init_with(u8guard_stream *s,
                                          const u8guard_policy *p,
                                          u8guard_form form);

/* U8GUARD_STREAM_OUT_MAX(len) is the out_cap that u8guard_stream_feed
 * needs for a chunk of len bytes on a stream made by u8guard_stream_init:
 * each of the (up to) len + 3 bytes it completes becomes at most 3 output
 * bytes. For len > SIZE_MAX / 3 - 3 it does not fit a size_t: feed
 * smaller chunks. */
#define U8GUARD_STREAM_OUT_MAX(len) (3 * ((size_t)(len) + 3))

/* u8guard_stream_out_max returns the out_cap, in units of s's form, that
 * u8guard_stream_feed needs for a chunk of len bytes on s: (len + 3)
 * times 3 (UTF-8) or 1 (UTF-16, UTF-32), or 6 in every form with the
 * escape handler. Returns SIZE_MAX when it does not fit a size_t or s is
 * NULL. */
U8GUARD_API size_t u8guard_stream_out_max(const u8guard_stream *s, size_t len);

/* u8guard_stream_feed decodes the next chunk data[0..len). final is true
 * for the last chunk (which may be empty). on_error (when not NULL) is
 * called with ctx for each error the chunk completes; err points to a copy
 * that lives only during the call. on_error keeps what it needs through
 * ctx: it must not write to *s, data[0..len) or out[0..out_cap), nor feed
 * s (the call in progress reads and writes them). When out is not
 * NULL the output the chunk completes is written there in s's form (each
 * error as s's handler says); out_cap, counted in units of the form, must
 * then be at least u8guard_stream_out_max(s, len).
 * Returns the number of units written to out (0 when out is NULL).
 * Returns SIZE_MAX, and changes nothing, consumes nothing and calls
 * nothing, when the call is refused: data == NULL with len != 0; out not
 * NULL with out_cap too small; out[0..out_cap) sharing a byte with
 * data[0..len) or with *s; or s already finished (use
 * u8guard_stream_init to start again). */
U8GUARD_API size_t u8guard_stream_feed(u8guard_stream *s, const void *data,
                                       size_t len, bool final,
                                       u8guard_error_fn on_error, void *ctx,
                                       void *out, size_t out_cap);

/* u8guard_stream_position returns the number of bytes fed to s so far,
 * pending bytes included. */
U8GUARD_API uint64_t u8guard_stream_position(const u8guard_stream *s);

/* u8guard_stream_error_count returns the number of errors s has reported
 * so far. */
U8GUARD_API uint64_t u8guard_stream_error_count(const u8guard_stream *s);

/* ---- Implementations -------------------------------------------------
 *
 * Validation (and the hot loops built on it) has several implementations:
 * the scalar reference, a portable word-at-a-time path, and vectorized
 * kernels. All give identical results on every input. The best one the
 * CPU supports is chosen once, at first use, thread-safely; the
 * environment variable U8GUARD_IMPL (a name below) or u8guard_set_impl
 * forces one, for tests, fuzzing and benchmarks. */
typedef enum u8guard_impl {
    U8GUARD_IMPL_AUTO = 0, /* the best the CPU supports */
    U8GUARD_IMPL_SCALAR,   /* "scalar": the table-driven reference */
    U8GUARD_IMPL_WORD,     /* "word": portable, 8 bytes at a time */
    U8GUARD_IMPL_SSE42,    /* "sse42": x86-64 SSE4.2 + SSSE3 */
    U8GUARD_IMPL_AVX2,     /* "avx2": x86-64 AVX2 */
    U8GUARD_IMPL_AVX512,   /* "avx512": x86-64 AVX-512 F/BW/VL/VBMI/VBMI2 (Ice Lake,
                              Zen 4 and later; older AVX-512 CPUs get avx2) */
    U8GUARD_IMPL_NEON,     /* "neon": AArch64 */
    U8GUARD_IMPL_COUNT_
} u8guard_impl;

/* u8guard_impl_name returns the name of impl ("auto", "scalar", "word",
 * "sse42", "avx2", "avx512", "neon"), or NULL for a value out of range. */
U8GUARD_API const char *u8guard_impl_name(u8guard_impl impl);

/* u8guard_impl_supported returns true when impl is compiled in and the
 * running CPU can execute it (always true for AUTO, SCALAR and WORD). */
U8GUARD_API bool u8guard_impl_supported(u8guard_impl impl);

/* u8guard_set_impl makes impl the one used from now on by every thread
 * (AUTO: the best supported). Returns true on success, false (changing
 * nothing) when impl is not supported here. */
U8GUARD_API bool u8guard_set_impl(u8guard_impl impl);

/* u8guard_active_impl returns the implementation in use (never AUTO). */
U8GUARD_API u8guard_impl u8guard_active_impl(void);

#ifdef __cplusplus
}
#endif

#endif /* U8GUARD_H */
