/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* validate.c -- validation and error iteration: the active kernels find
 * the longest valid stretch, the scalar reference names the error that
 * ends it (doc/contract.md section 2). */
#include "internal.h"

/*@ requires data == \null || \valid_read((const uint8_t *)data + (0 .. len - 1));
    assigns \nothing;
    ensures \result <= len;
*/
size_t u8guard_valid_prefix(const void *data, size_t len)
{
    if (data == NULL)
        return 0;
    /*@ calls u8g_scalar_valid_prefix; */
    return u8g_active()->valid_prefix(data, len);
}

/* Sets *err (when not NULL) to the error at p[n], which is not the start
 * of a well-formed sequence, and returns its length. */
/*@ requires n < len && \valid_read(p + (0 .. len - 1));
    requires err == \null || \valid(err);
    assigns *err;
    ensures \result <= 3 && n + \result <= len;
    ensures u8g_bad(p + n, len - n) ==> 1 <= \result;
    ensures err != \null ==> err->offset == n && err->length == \result;
*/
static size_t report(const uint8_t *p, size_t len, size_t n, u8guard_error *err)
{
    u8guard_error e;

    /* Into *err itself: copying a struct that u8g_classify has just
     * written field by field reads it back with wider loads than the
     * stores, which the store buffer cannot forward (a stall of several
     * ns, once per error). */
    if (err != NULL) {
        u8g_classify(p + n, len - n, n, err);
        return err->length;
    }
    u8g_classify(p + n, len - n, n, &e);
    return e.length;
}

bool u8g_invalid_at(const uint8_t *p, size_t len, size_t n, u8guard_error *err)
{
    (void)report(p, len, n, err);
    return false;
}

bool u8g_error_found_at(const uint8_t *p, size_t len, size_t n, size_t *pos,
                        u8guard_error *err)
{
    *pos = n + report(p, len, n, err);
    return true;
}

/* NULL data is checked here; the rest is the kernel's validate entry
 * (u8g_validate_via), reached with one indirect jump. */
/*@ requires data == \null || \valid_read((const uint8_t *)data + (0 .. len - 1));
    requires err == \null || \valid(err);
    assigns *err;
    ensures err != \null ==> err->length <= 3 && err->offset + err->length <= len;
    ensures data == \null ==> (\result <==> len == 0);
    ensures \result && err != \null ==> err->offset == len && err->length == 0;
    ensures !\result && err != \null && data != \null ==>
              err->offset < len && 1 <= err->length;
    ensures !\result && err != \null && data == \null ==>
              err->offset == 0 && err->length == 0;
*/
bool u8guard_validate(const void *data, size_t len, u8guard_error *err)
{
    if (data == NULL) {
        u8g_set_ok(err, 0);
        return len == 0;
    }
    /*@ calls u8g_scalar_validate; */
    return u8g_active()->validate(data, len, err);
}

/* next_error from *pos > 0, where a caller iterating over errors usually
 * is right after one: the sequence at *pos first, with the reference. In
 * error-dense text it is usually the error, found without setting up the
 * kernel. Out of line, so that the first call's path (below) has no
 * local whose address is taken. */
/*@ requires 0 < *pos <= len && \valid(pos) && \valid_read(p + (0 .. len - 1));
    requires err == \null || (\valid(err) && \separated(pos, err));
    assigns *pos, *err;
    ensures \old(*pos) <= *pos <= len;
    ensures \result ==> \old(*pos) < *pos;
    ensures !\result ==> *pos == len;
    ensures !\result && err != \null ==> err->offset == len && err->length == 0;
    ensures \result && err != \null ==>
              err->offset + err->length == *pos && 1 <= err->length <= 3;
*/
static U8G_NOINLINE bool next_error_after(const uint8_t *p, size_t len, size_t *pos,
                                          u8guard_error *err)
{
    size_t n = *pos, step, sub = 0;
    uint32_t cp;
    u8guard_kind kind = U8GUARD_OK;

    step = 0;
    if (n < len && (step = u8g_step(p + n, len - n, &cp, &kind, &sub)) != 0) {
        n += step;
        if (n < len) {
            size_t m;
            /*@ calls u8g_scalar_valid_prefix; */
            m = u8g_active()->valid_prefix(p + n, len - n);
            n += m;
        }
    }
    if (n == len) {
        *pos = len;
        u8g_set_ok(err, len);
        return false;
    }
    if (step != 0) /* a valid stretch ends at n */
        return u8g_error_found_at(p, len, n, pos, err);
    /* The error is at *pos, u8g_step's; written field by field, not
     * through a local struct (see report). */
    *pos = n + sub;
    if (err) {
        err->offset = n;
        err->length = sub;
        err->kind = kind;
        err->cls = U8GUARD_CLASS_NONE;
        err->code_point = 0;
    }
    return true;
}

/*@ requires data == \null || \valid_read((const uint8_t *)data + (0 .. len - 1));
    requires pos == \null || \valid(pos);
    requires err == \null || (\valid(err) && (pos == \null || \separated(pos, err)));
    assigns *pos, *err;
    ensures pos == \null ==> !\result;
    ensures pos != \null && (\old(*pos) > len || (data == \null && len != 0)) ==>
              !\result && *pos == \old(*pos);
    ensures pos != \null && \old(*pos) <= len ==> \old(*pos) <= *pos <= len;
    ensures \result ==> \old(*pos) < *pos;
    ensures \result && err != \null ==>
              err->offset + err->length == *pos && 1 <= err->length <= 3;
    ensures !\result && pos != \null && \old(*pos) <= len &&
            (data != \null || len == 0) ==>
              *pos == len && (err != \null ==> err->offset == len && err->length == 0);
*/
bool u8guard_next_error(const void *data, size_t len, size_t *pos,
                        u8guard_error *err)
{
    const uint8_t *p = data;

    if (pos == NULL)
        return false;
    if (*pos > len || (p == NULL && len != 0))
        return false;
    if (*pos != 0)
        return next_error_after(p, len, pos, err);
    if (p == NULL) { /* and len == 0 == *pos */
        u8g_set_ok(err, 0);
        return false;
    }
    /* The first call (from offset 0): exactly validate's path (the
     * kernel's first_error entry, u8g_first_error_via), so that on valid
     * text it costs what validation costs. */
    /*@ calls u8g_scalar_first_error; */
    return u8g_active()->first_error(p, len, pos, err);
}

/*@ requires data == \null || \valid_read((const uint8_t *)data + (0 .. len - 1));
    assigns \nothing;
    ensures \result <= len;
*/
size_t u8guard_count_errors(const void *data, size_t len)
{
    const uint8_t *p = data;
    const struct u8g_kernels *k = u8g_active();
    size_t pos = 0, count = 0;
    struct u8g_run r = {NULL, 0, 0, 0, 0};

    if (k->error_run == NULL) {
        /*@ loop invariant count <= pos <= len;
            loop assigns pos, count;
            loop variant len - pos; */
        while (u8guard_next_error(data, len, &pos, NULL)) {
            count++;
            /* Eva (ci/prove/eva.sh) only: one state per offset. */
            /*@ split pos; */ /*@ slevel merge; */ ;
        }
        return count;
    }
    if (p == NULL)
        return 0;
    /* Valid stretches with the validator, error-dense ones 64 bytes at a
     * time (kernels/error_scan.h). */
    while (pos < len) {
        pos += k->valid_prefix(p + pos, len - pos);
        if (pos < len)
            pos += k->error_run(p + pos, len - pos, &r);
    }
    return r.errors;
}

/* ---- Under a policy (policy.c finds the denied characters) ----------- */

bool u8guard_validate_with(const void *data, size_t len,
                           const u8guard_policy *p, u8guard_error *err)
{
    const uint8_t *b = data;
    struct u8g_policy q;
    size_t n;
    u8guard_error e;

    if (!u8g_policy_init(&q, p) || (b == NULL && len != 0)) {
        u8g_set_ok(err, 0);
        return false;
    }
    if (q.deny == 0)
        return u8guard_validate(data, len, err);
    n = len == 0 ? 0 : u8g_clean_prefix(u8g_active(), &q, b, len);
    if (n == len) {
        u8g_set_ok(err, len);
        return true;
    }
    u8g_error_at(&q, b + n, len - n, n, &e);
    if (err)
        *err = e;
    return false;
}

/* One step of next_error_with for a checked policy. */
static bool next_error_q(const struct u8g_kernels *k, const struct u8g_policy *q,
                         const uint8_t *p, size_t len, size_t *pos,
                         u8guard_error *err)
{
    size_t n;
    u8guard_error e;

    n = *pos == len ? len : *pos + u8g_clean_prefix(k, q, p + *pos, len - *pos);
    if (n == len) {
        *pos = len;
        u8g_set_ok(err, len);
        return false;
    }
    if (err != NULL) { /* into *err itself (see report) */
        u8g_error_at(q, p + n, len - n, n, err);
        *pos = err->offset + err->length;
    } else {
        u8g_error_at(q, p + n, len - n, n, &e);
        *pos = e.offset + e.length;
    }
    return true;
}

bool u8guard_next_error_with(const void *data, size_t len,
                             const u8guard_policy *p, size_t *pos,
                             u8guard_error *err)
{
    struct u8g_policy q;

    if (pos == NULL || *pos > len || (data == NULL && len != 0) ||
        !u8g_policy_init(&q, p))
        return false;
    return next_error_q(u8g_active(), &q, data, len, pos, err);
}

size_t u8guard_count_errors_with(const void *data, size_t len,
                                 const u8guard_policy *p)
{
    const struct u8g_kernels *k = u8g_active();
    struct u8g_policy q;
    size_t pos = 0, count = 0;

    if ((data == NULL && len != 0) || !u8g_policy_init(&q, p))
        return 0;
    while (next_error_q(k, &q, data, len, &pos, NULL))
        count++;
    return count;
}
