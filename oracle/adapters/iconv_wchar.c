/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* iconv_wchar.c -- iconv from "UTF-8" to "WCHAR_T", the C library's own
 * wide-character encoding. On glibc this goes through the internal UCS-4
 * form, whose UTF-8 decoder accepts the old 5- and 6-byte forms and values
 * up to 0x7FFFFFFF: F4 90 80 80 gives 0x110000 and F8 88 80 80 80 gives
 * 0x200000 (seen on Debian 12, glibc 2.36), where "UTF-32LE" (iconv_utf32.c)
 * rejects them. Those are real disagreements with doc/contract.md, reported as
 * such; nothing here is a documented divergence. Strict only. */
#include "adapters/adapter.h"

#include <errno.h>
#include <iconv.h>
#include <string.h>
#include <wchar.h>

static iconv_t cd = (iconv_t)-1;

static const char *iconv_wchar_open(void)
{
    if (cd != (iconv_t)-1)
        return NULL;
    if (sizeof(wchar_t) < 4)
        return "wchar_t is narrower than 32 bits here";
    cd = iconv_open("WCHAR_T", "UTF-8");
    if (cd == (iconv_t)-1)
        return "iconv_open(\"WCHAR_T\", \"UTF-8\") failed: conversion not supported";
    return NULL;
}

static void iconv_wchar_close(void)
{
    if (cd != (iconv_t)-1)
        iconv_close(cd);
    cd = (iconv_t)-1;
}

static void run_one(const uint8_t *data, size_t len, oracle_verdict *v)
{
    wchar_t buf[1024];
    char *ip = (char *)data; /* iconv's prototype is not const */
    size_t il = len;

    adapter_clear(v);
    iconv(cd, NULL, NULL, NULL, NULL); /* initial state */
    for (;;) {
        char *op = (char *)buf;
        size_t ol = sizeof buf;
        size_t r = iconv(cd, &ip, &il, &op, &ol); /* 0 for no input */
        int e = errno;
        size_t got = (sizeof buf - ol) / sizeof *buf;

        for (size_t i = 0; i < got; i++)
            (void)adapter_push(v->cps, &v->n_cps, ORACLE_ROOM(len), (uint32_t)buf[i]);
        if (r != (size_t)-1) {
            v->accepted = true;
            v->err_offset = len;
            return;
        }
        if (e == E2BIG)
            continue;
        if (e == EILSEQ || e == EINVAL) {
            v->err_offset = (size_t)(ip - (char *)data);
            return;
        }
        v->status = ORACLE_FAILED;
        return;
    }
}

static int iconv_wchar_run(const oracle_input *in, size_t n, oracle_verdict *out)
{
    if (cd == (iconv_t)-1 && iconv_wchar_open() != NULL)
        return -1;
    for (size_t i = 0; i < n; i++)
        run_one(in[i].data, in[i].len, &out[i]);
    return 0;
}

const oracle oracle_iconv_wchar = {
    .name = "iconv-wchar",
    .what = "iconv(3) \"UTF-8\" to \"WCHAR_T\" (the C library's wide characters), strict",
    .open = iconv_wchar_open,
    .run = iconv_wchar_run,
    .close = iconv_wchar_close,
    .known_divergence = NULL,
};
