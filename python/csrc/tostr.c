/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* tostr.c -- valid UTF-8 to a Python str in CPython's compact form.
 *
 * CPython stores a str in the narrowest of three forms (1, 2 or 4 bytes per
 * character) and compares strings assuming that form is the narrowest one,
 * so the form must be exact. For valid UTF-8 the largest byte decides it:
 * below 80 the text is ASCII; below C4 (leads C2, C3 only) every character
 * is below U+0100; below F0 every character is in the BMP and one lead of
 * C4..EF puts one at or above U+0100; a lead F0..F4 is a character at or
 * above U+10000. The character count is the number of bytes that are not
 * continuation bytes (80..BF). Both come from one pass over the bytes
 * (after a quicker one that stops at the first non-ASCII byte); then the
 * library's decoders write UTF-16 or UTF-32 straight into the string,
 * validating as they go. Latin-1 text goes through a UTF-16 buffer, as the
 * library has no Latin-1 output. */
#include "tostr.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

struct shape {
    unsigned char max; /* largest byte */
    size_t chars;      /* bytes that are not 80..BF */
};

/* The max and the continuation count of p[0..n): 16 bytes per step with
 * SSE2 (part of x86-64 itself, so no dispatch), a plain loop elsewhere and
 * for the last bytes. A continuation byte is one below -64 as a signed
 * char; each lane counts up to 255 of them before the lanes are summed. */
static struct shape scan(const unsigned char *p, size_t n)
{
    struct shape s = {0, 0};
    unsigned char m = 0;
    size_t cont = 0, i = 0;

#if defined(__SSE2__)
    __m128i vmax = _mm_setzero_si128(), lim = _mm_set1_epi8(-64), zero = _mm_setzero_si128();
    unsigned char lanes[16];
    size_t j, k;

    while (n - i >= 16) {
        __m128i cnt = _mm_setzero_si128();
        for (k = 0; k < 255 && n - i >= 16; k++, i += 16) {
            __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
            vmax = _mm_max_epu8(vmax, v);
            cnt = _mm_sub_epi8(cnt, _mm_cmplt_epi8(v, lim));
        }
        cnt = _mm_sad_epu8(cnt, zero);
        cont += (size_t)_mm_cvtsi128_si32(cnt) + (size_t)_mm_extract_epi16(cnt, 4);
    }
    _mm_storeu_si128((__m128i *)(void *)lanes, vmax);
    for (j = 0; j < 16; j++)
        m = lanes[j] > m ? lanes[j] : m;
#endif
    for (; i < n; i++) {
        unsigned char b = p[i];
        m = b > m ? b : m;
        cont += (size_t)((b & 0xC0) == 0x80);
    }
    s.max = m;
    s.chars = n - cont;
    return s;
}

/* True when p[0..n) is ASCII: the early exit keeps it short on text that
 * is not (scan then looks at the rest). */
static bool all_ascii(const unsigned char *p, size_t n)
{
    size_t i = 0;
    unsigned char acc = 0;

#if defined(__SSE2__)
    for (; n - i >= 64; i += 64) {
        __m128i a = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
        __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(p + i + 16));
        __m128i c = _mm_loadu_si128((const __m128i *)(const void *)(p + i + 32));
        __m128i d = _mm_loadu_si128((const __m128i *)(const void *)(p + i + 48));
        if (_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(a, b), _mm_or_si128(c, d))) != 0)
            return false;
    }
#endif
    for (; i < n; i++)
        acc |= p[i];
    return acc < 0x80;
}

/* UTF-16 units all below 0x100 to Latin-1 (a loop the compiler vectorizes). */
static void narrow(const uint16_t *in, size_t n, Py_UCS1 *out)
{
    size_t i;

    for (i = 0; i < n; i++)
        out[i] = (Py_UCS1)in[i];
}

PyObject *u8g_py_decode_strict(const unsigned char *data, size_t len,
                               u8guard_error *err)
{
    struct shape s;
    PyObject *str;
    Py_UCS4 maxchar;
    bool ok = true, nogil = len >= U8G_PY_NOGIL_MIN;
    size_t got = 0;
    PyThreadState *ts = NULL;
    uint16_t *wide = NULL; /* Latin-1 text as UTF-16, then narrowed */

    err->offset = len;
    err->length = 0;
    err->kind = U8GUARD_OK;
    if ((size_t)PY_SSIZE_T_MAX < len) {
        PyErr_NoMemory();
        return NULL;
    }
    if (nogil)
        ts = PyEval_SaveThread();
    if (all_ascii(data, len)) {
        s.max = 0x7F;
        s.chars = len;
    } else {
        s = scan(data, len);
    }
    /* Latin-1 text is decoded to UTF-16 (validating it) and narrowed; with
     * room for len units the library's vector decoder runs. */
    if (s.max >= 0x80 && s.max < 0xC4) {
        wide = PyMem_RawMalloc(len * sizeof *wide);
        if (wide != NULL)
            (void)u8guard_decode_utf16(data, len, wide, len, err);
        ok = wide == NULL || err->kind == U8GUARD_OK;
    }
    if (nogil)
        PyEval_RestoreThread(ts);
    if (!ok) {
        PyMem_RawFree(wide);
        return NULL;
    }
    if (s.max >= 0x80 && s.max < 0xC4 && wide == NULL)
        return PyErr_NoMemory();

    maxchar = s.max < 0x80 ? 0x7F : s.max < 0xC4 ? 0xFF : s.max < 0xF0 ? 0xFFFF : 0x10FFFF;
    /* The library's vector decoders run when the output has room for len
     * units (its bounded path, for less room, is scalar): UTF-16/UTF-32
     * strings are made len long, decoded into, then shrunk (a realloc in
     * place; the pages past the text are never touched). */
    str = PyUnicode_New((Py_ssize_t)(maxchar <= 0xFF ? s.chars : len), maxchar);
    if (str == NULL) {
        PyMem_RawFree(wide);
        return NULL;
    }
    /* Nobody else can see str yet: filling it needs no GIL. */
    if (nogil)
        ts = PyEval_SaveThread();
    switch (PyUnicode_KIND(str)) {
    case PyUnicode_1BYTE_KIND:
        if (s.max < 0x80)
            memcpy(PyUnicode_1BYTE_DATA(str), data, len);
        else
            narrow(wide, s.chars, PyUnicode_1BYTE_DATA(str));
        got = s.chars;
        break;
    case PyUnicode_2BYTE_KIND:
        got = u8guard_decode_utf16(data, len, (uint16_t *)PyUnicode_2BYTE_DATA(str), len, err);
        ok = err->kind == U8GUARD_OK;
        break;
    default:
        got = u8guard_decode_utf32(data, len, (uint32_t *)PyUnicode_4BYTE_DATA(str), len, err);
        ok = err->kind == U8GUARD_OK;
        break;
    }
    if (nogil)
        PyEval_RestoreThread(ts);
    PyMem_RawFree(wide);
    if (ok && got != s.chars) { /* cannot happen for valid input: say so loudly */
        Py_DECREF(str);
        PyErr_SetString(PyExc_SystemError, "u8guard: decoded length differs from the count");
        return NULL;
    }
    if (!ok) {
        Py_DECREF(str);
        return NULL;
    }
    if (PyUnicode_GET_LENGTH(str) != (Py_ssize_t)s.chars &&
        PyUnicode_Resize(&str, (Py_ssize_t)s.chars) < 0)
        return NULL; /* PyUnicode_Resize has released str */
    return str;
}
