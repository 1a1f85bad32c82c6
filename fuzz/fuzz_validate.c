/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* fuzz_validate -- every implementation validates like the scalar
 * reference, and the reference like the independent model (model.h).
 *
 * Properties, for each supported implementation and for the input at two
 * alignments (as given, and copied to a misaligned spot that ends exactly
 * at the end of an allocation, so ASan sees any read past the end):
 *  - u8guard_validate's verdict and first error equal the scalar
 *    reference's, which equal the model's;
 *  - the error offset is the longest valid prefix: data[0..offset)
 *    validates, data[0..offset + k) for k = 1..length does not and fails
 *    at the same offset; u8guard_valid_prefix returns the same offset;
 *  - the error is well-shaped: length 1..3, length 1 for the one-byte
 *    kinds, truncated exactly when it ends at the end of the input. */
#include "impls.h"
#include "model.h"
#include "report.h"

#include <stdlib.h>
#include <string.h>

#define TARGET "fuzz_validate"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool same_error(const u8guard_error *a, const u8guard_error *b)
{
    return a->offset == b->offset && a->length == b->length && a->kind == b->kind;
}

/* The first error of data[0..size) by the model, "no error" if valid. */
static void model_first(const uint8_t *data, size_t size, u8guard_error *first)
{
    if (model_errors(data, size, first, 1) == 0) {
        first->offset = size;
        first->length = 0;
        first->kind = U8GUARD_OK;
    }
}

static void check_shape(const uint8_t *orig, size_t size, const char *impl,
                        const u8guard_error *e)
{
    char s[64];
    bool one_byte = e->kind == U8GUARD_UNEXPECTED_CONTINUATION ||
                    e->kind == U8GUARD_OVERLONG || e->kind == U8GUARD_SURROGATE ||
                    e->kind == U8GUARD_TOO_LARGE;

    if (e->length < 1 || e->length > 3 || e->offset + e->length > size ||
        (one_byte && e->length != 1) ||
        ((e->kind == U8GUARD_TRUNCATED) != (e->offset + e->length == size &&
                                            !one_byte)) ||
        (e->kind == U8GUARD_BAD_CONTINUATION && e->offset + e->length >= size))
        fz_fail(TARGET, orig, size, "impl=%s ill-shaped error %s", impl,
                fz_err_str(e, s, sizeof s));
}

/* Checks one implementation on p[0..size) (a copy of orig or orig itself)
 * against the reference's answer ref. */
static void check_impl(const uint8_t *orig, const uint8_t *p, size_t size,
                       u8guard_impl impl, const u8guard_error *ref)
{
    const char *name = u8guard_impl_name(impl);
    u8guard_error e, cut;
    size_t prefix, k;
    bool ok;
    char s1[64], s2[64];

    fz_use(impl);
    memset(&e, 0x5A, sizeof e);
    ok = u8guard_validate(p, size, &e);
    if (ok != (ref->kind == U8GUARD_OK) || !same_error(&e, ref))
        fz_fail(TARGET, orig, size, "impl=%s ok=%d err=%s | scalar err=%s", name,
                ok, fz_err_str(&e, s1, sizeof s1), fz_err_str(ref, s2, sizeof s2));
    if (u8guard_validate(p, size, NULL) != ok)
        fz_fail(TARGET, orig, size, "impl=%s verdict changes with err == NULL", name);
    prefix = u8guard_valid_prefix(p, size);
    if (prefix != e.offset)
        fz_fail(TARGET, orig, size, "impl=%s valid_prefix=%zu but error offset %zu",
                name, prefix, e.offset);
    if (ok)
        return;
    check_shape(orig, size, name, &e);
    if (!u8guard_validate(p, e.offset, &cut))
        fz_fail(TARGET, orig, size, "impl=%s prefix [0,%zu) rejected: %s", name,
                e.offset, fz_err_str(&cut, s1, sizeof s1));
    for (k = 1; k <= e.length; k++)
        if (u8guard_validate(p, e.offset + k, &cut) || cut.offset != e.offset)
            fz_fail(TARGET, orig, size,
                    "impl=%s [0,%zu) gives %s, expected an error at %zu", name,
                    e.offset + k, fz_err_str(&cut, s1, sizeof s1), e.offset);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    u8guard_impl impls[U8GUARD_IMPL_COUNT_];
    size_t n = fz_impls(impls), i, shift;
    u8guard_error ref, want;
    uint8_t *copy;
    bool ok;
    char s1[64], s2[64];

    /* The reference first, against the model. */
    fz_use(U8GUARD_IMPL_SCALAR);
    ok = u8guard_validate(data, size, &ref);
    model_first(data, size, &want);
    if (ok != (want.kind == U8GUARD_OK) || !same_error(&ref, &want))
        fz_fail(TARGET, data, size, "scalar ok=%d err=%s | model err=%s", ok,
                fz_err_str(&ref, s1, sizeof s1), fz_err_str(&want, s2, sizeof s2));

    /* A misaligned copy ending at the end of its allocation. */
    shift = size ? data[0] % 64u : 0;
    copy = malloc(shift + size ? shift + size : 1);
    if (copy == NULL)
        return 0;
    if (size)
        memcpy(copy + shift, data, size);
    for (i = 0; i < n; i++) {
        check_impl(data, data, size, impls[i], &ref);
        check_impl(data, copy + shift, size, impls[i], &ref);
    }
    free(copy);
    fz_use(U8GUARD_IMPL_AUTO);
    return 0;
}
