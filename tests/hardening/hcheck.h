/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* hcheck.h -- the assertions of the hardening tests.
 *
 * A failed check prints file:line, the implementation under test and a
 * description of the input (set with hcheck_context), and is counted;
 * hcheck_finish turns the count into the exit status. Printing stops after
 * HCHECK_MAX_REPORTS failures so one bug cannot flood the log. These tests
 * keep their own small helpers (rather than tests/lib's) so that the
 * folder builds and runs on its own. */
#ifndef U8GUARD_HARDENING_HCHECK_H
#define U8GUARD_HARDENING_HCHECK_H

#include <u8guard.h>

#include <stddef.h>
#include <stdint.h>

#define HCHECK_MAX_REPORTS 25

/* hcheck_context sets the text printed with every failure until the next
 * call (a printf format); returns nothing. */
void hcheck_context(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

/* hcheck_fail_u reports that expr was actual instead of expected; returns
 * nothing and counts the failure. */
void hcheck_fail_u(const char *file, int line, const char *expr,
                   uintmax_t actual, uintmax_t expected);

/* hcheck_fail_mem reports that the bytes of expr differ at index at;
 * returns nothing and counts the failure. */
void hcheck_fail_mem(const char *file, int line, const char *expr, size_t at,
                     unsigned actual, unsigned expected);

/* HEXPECT_EQ(actual, expected) compares two integers as uintmax_t;
 * evaluates to 1 when equal, else reports and evaluates to 0. */
#define HEXPECT_EQ(actual, expected)                                           \
    hcheck_eq_(__FILE__, __LINE__, #actual " == " #expected,                   \
               (uintmax_t)(actual), (uintmax_t)(expected))

/* HEXPECT_MEM(a, e, n) compares n bytes; evaluates to 1 when equal. */
#define HEXPECT_MEM(a, e, n) hcheck_mem_(__FILE__, __LINE__, #a " == " #e, (a), (e), (n))

/* HEXPECT_ERR(err, off, len, kind) checks the members of a u8guard_error. */
#define HEXPECT_ERR(e_, off_, len_, kind_)                                     \
    hcheck_err_(__FILE__, __LINE__, &(e_), (off_), (len_), (kind_))

/* hcheck_eq_ is HEXPECT_EQ's body: returns 1 when equal, else 0. */
static inline int hcheck_eq_(const char *file, int line, const char *expr,
                             uintmax_t actual, uintmax_t expected)
{
    if (actual == expected)
        return 1;
    hcheck_fail_u(file, line, expr, actual, expected);
    return 0;
}

/* hcheck_err_ is HEXPECT_ERR's body: returns 1 when *e has the expected
 * offset, length and kind, else reports each difference and returns 0. */
static inline int hcheck_err_(const char *file, int line, const u8guard_error *e,
                              size_t off, size_t len, u8guard_kind kind)
{
    int ok = hcheck_eq_(file, line, "error offset", e->offset, off);

    ok &= hcheck_eq_(file, line, "error length", e->length, len);
    ok &= hcheck_eq_(file, line, "error kind", (uintmax_t)e->kind, (uintmax_t)kind);
    return ok;
}

/* hcheck_mem_ is HEXPECT_MEM's body: returns 1 when the n bytes at a and
 * e are equal, else reports the first difference and returns 0. */
int hcheck_mem_(const char *file, int line, const char *expr, const void *a,
                const void *e, size_t n);

/* hcheck_failures returns the number of failed checks so far. */
unsigned long hcheck_failures(void);

/* hcheck_each_impl selects, with u8guard_set_impl, every implementation
 * u8guard_impl_supported() accepts and runs suite() with it, printing
 * which ran and which were skipped (not supported here). Returns the
 * number run, or 0 after reporting a failure when selecting one did not
 * take effect. */
int hcheck_each_impl(const char *program, void (*suite)(void));

/* hcheck_only restricts hcheck_each_impl to the implementation named
 * name (NULL: all). Returns 1 when that implementation runs here, 0 after
 * printing why when it is unknown or not supported on this CPU. */
int hcheck_only(const char *name);

/* hcheck_impl returns the name of the implementation under test. */
const char *hcheck_impl(void);

/* hcheck_finish prints program's summary; returns the exit status (0 when
 * every check passed, 1 otherwise). */
int hcheck_finish(const char *program);

#endif
