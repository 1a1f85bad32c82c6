/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* check.h -- the assertions and helpers the library's tests share.
 *
 * Every test program runs its checks once per implementation the running
 * CPU supports (check_each_impl), so the vectorized kernels are covered as
 * soon as they are compiled in. A failed EXPECT prints file:line, the
 * implementation, the input in hex and expected vs actual, and makes the
 * program exit 1 (check_finish); printing stops after CHECK_MAX_REPORTS
 * failures so one bug cannot flood the log. */
#ifndef U8GUARD_TESTS_CHECK_H
#define U8GUARD_TESTS_CHECK_H

#include <u8guard.h>

#include <stddef.h>
#include <stdint.h>

#define CHECK_MAX_REPORTS 30

/* One expected error, written out by hand in the tests. */
struct terr {
    size_t offset;
    size_t length;
    u8guard_kind kind;
};

/* check_input makes in[0..len) the input that failure reports print (the
 * pointer is kept: it must stay valid until the next call). */
void check_input(const void *in, size_t len);

/* check_failures returns the number of failed checks so far. */
unsigned long check_failures(void);

/* check_fail_u reports a failed comparison of unsigned values; it returns
 * nothing and counts the failure. */
void check_fail_u(const char *file, int line, const char *expr,
                  uintmax_t actual, uintmax_t expected);

/* check_fail_mem reports differing byte strings (printed in hex); it
 * returns nothing and counts the failure. */
void check_fail_mem(const char *file, int line, const char *expr,
                    const void *actual, size_t actual_len,
                    const void *expected, size_t expected_len);

/* check_fail_msg reports a failure described by msg; it returns nothing
 * and counts the failure. */
void check_fail_msg(const char *file, int line, const char *msg);

/* EXPECT_EQ(actual, expected) compares two integer values (as uintmax_t,
 * so SIZE_MAX and kinds print exactly). It evaluates to 1 when they are
 * equal and 0 (after reporting) when not. */
#define EXPECT_EQ(actual, expected)                                            \
    check_eq_(__FILE__, __LINE__, #actual " == " #expected,                    \
              (uintmax_t)(actual), (uintmax_t)(expected))

/* EXPECT_TRUE(cond) is EXPECT_EQ(!!(cond), 1) with a clearer message. */
#define EXPECT_TRUE(cond) check_eq_(__FILE__, __LINE__, #cond, (uintmax_t)!!(cond), 1u)

/* EXPECT_MEM(a, alen, e, elen) compares a[0..alen) with e[0..elen). */
#define EXPECT_MEM(a, alen, e, elen)                                           \
    check_mem_(__FILE__, __LINE__, #a " == " #e, (a), (alen), (e), (elen))

/* EXPECT_ERR(err, off, len, kind) checks the three members of a
 * u8guard_error. */
#define EXPECT_ERR(e_, off_, len_, kind_)                                      \
    check_err_(__FILE__, __LINE__, #e_ ".offset", #e_ ".length", #e_ ".kind",  \
               (e_).offset, (e_).length, (u8guard_kind)(e_).kind, (off_),      \
               (len_), (kind_))

/* check_eq_ is EXPECT_EQ's body: returns 1 when actual == expected, else
 * reports the failure and returns 0. */
static inline int check_eq_(const char *file, int line, const char *expr,
                            uintmax_t actual, uintmax_t expected)
{
    if (actual == expected)
        return 1;
    check_fail_u(file, line, expr, actual, expected);
    return 0;
}

/* check_err_ is EXPECT_ERR's body: returns 1 when the error has the
 * expected offset, length and kind, else reports each difference and
 * returns 0. */
static inline int check_err_(const char *file, int line, const char *e_off,
                             const char *e_len, const char *e_kind, size_t off, size_t len, u8guard_kind kind,
                             size_t want_off, size_t want_len,
                             u8guard_kind want_kind)
{
    int ok = 1;

    if (off != want_off) {
        check_fail_u(file, line, e_off, off, want_off);
        ok = 0;
    }
    if (len != want_len) {
        check_fail_u(file, line, e_len, len, want_len);
        ok = 0;
    }
    if (kind != want_kind) {
        check_fail_u(file, line, e_kind, (uintmax_t)kind, (uintmax_t)want_kind);
        ok = 0;
    }
    return ok;
}

/* check_mem_ is EXPECT_MEM's body: returns 1 when the byte strings are
 * equal, else reports the failure and returns 0. */
int check_mem_(const char *file, int line, const char *expr, const void *a,
               size_t alen, const void *e, size_t elen);

/* check_each_impl runs suite() once for every implementation that
 * u8guard_impl_supported() accepts, after u8guard_set_impl() selected it
 * (checking that u8guard_active_impl() then names it), and prints which
 * ones ran and which were skipped. The environment variable
 * U8GUARD_TEST_IMPLS (e.g. "scalar,avx2") restricts the run to the
 * implementations it names, for debugging one. Returns the number of
 * implementations run. */
int check_each_impl(const char *program, void (*suite)(void));

/* check_impl_name returns the name of the implementation being tested
 * (for messages), "none" before check_each_impl starts. */
const char *check_impl_name(void);

/* check_finish prints a summary line for program and returns the exit
 * status: 0 when every check passed, 1 otherwise. */
int check_finish(const char *program);

/* check_hex formats in[0..len) as "C0 80 ..." into buf (size cap),
 * truncating long inputs with "..."; returns buf. */
/* check_seconds returns a monotonic-enough clock in seconds, for the
 * timings the long tests print (wall time where the C library has C11's
 * timespec_get, processor time otherwise, e.g. mingw-w64's msvcrt). */
double check_seconds(void);

char *check_hex(const void *in, size_t len, char *buf, size_t cap);

#endif
