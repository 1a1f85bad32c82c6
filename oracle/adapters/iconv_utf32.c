/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* iconv_utf32.c -- POSIX iconv from "UTF-8" to "UTF-32LE": the C
 * library's iconv (glibc's gconv, or GNU libiconv where that is the
 * system's iconv). Strict only: EILSEQ (ill-formed) or EINVAL (incomplete
 * at the end) leave the input pointer at the first bad sequence, which is
 * the error offset. iconv has no replacement mode in POSIX (glibc's
 * //IGNORE drops bytes instead), so has_repl is false. */
#include "adapters/adapter.h"

#include <errno.h>
#include <iconv.h>
#include <string.h>

static iconv_t cd = (iconv_t)-1;

static const char *iconv_utf32_open(void)
{
    if (cd != (iconv_t)-1)
        return NULL;
    cd = iconv_open("UTF-32LE", "UTF-8");
    if (cd == (iconv_t)-1)
        return "iconv_open(\"UTF-32LE\", \"UTF-8\") failed: conversion not supported";
    return NULL;
}

static void iconv_utf32_close(void)
{
    if (cd != (iconv_t)-1)
        iconv_close(cd);
    cd = (iconv_t)-1;
}

/* Appends the little-endian UTF-32 in b[0..n) (n a multiple of 4). */
static void append_utf32le(const unsigned char *b, size_t n, oracle_verdict *v,
                           size_t cap)
{
    for (size_t i = 0; i + 4 <= n; i += 4) {
        uint32_t c = (uint32_t)b[i] | (uint32_t)b[i + 1] << 8 |
                     (uint32_t)b[i + 2] << 16 | (uint32_t)b[i + 3] << 24;
        (void)adapter_push(v->cps, &v->n_cps, cap, c);
    }
}

static void run_one(const uint8_t *data, size_t len, oracle_verdict *v)
{
    unsigned char buf[4096];
    char *ip = (char *)data; /* iconv's prototype is not const */
    size_t il = len;

    adapter_clear(v);
    iconv(cd, NULL, NULL, NULL, NULL); /* initial state */
    for (;;) {
        char *op = (char *)buf;
        size_t ol = sizeof buf;
        size_t r = iconv(cd, &ip, &il, &op, &ol); /* 0 for no input */
        int e = errno;

        append_utf32le(buf, sizeof buf - ol, v, ORACLE_ROOM(len));
        if (r != (size_t)-1) {
            v->accepted = true;
            v->err_offset = len;
            return;
        }
        if (e == E2BIG)
            continue; /* output full: drain and go on */
        if (e == EILSEQ || e == EINVAL) {
            v->err_offset = (size_t)(ip - (char *)data);
            return;
        }
        v->status = ORACLE_FAILED;
        return;
    }
}

static int iconv_utf32_run(const oracle_input *in, size_t n, oracle_verdict *out)
{
    if (cd == (iconv_t)-1 && iconv_utf32_open() != NULL)
        return -1;
    for (size_t i = 0; i < n; i++)
        run_one(in[i].data, in[i].len, &out[i]);
    return 0;
}

const oracle oracle_iconv = {
    .name = "iconv",
    .what = "iconv(3) \"UTF-8\" to \"UTF-32LE\", strict (EILSEQ/EINVAL position)",
    .open = iconv_utf32_open,
    .run = iconv_utf32_run,
    .close = iconv_utf32_close,
    .known_divergence = NULL,
};
