/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* mbrtowc.c -- the C library's mbrtowc(3) in a "C.UTF-8" locale. The
 * locale is a locale_t made with newlocale and made current for this
 * thread only (uselocale) while decoding, so the process locale is never
 * touched. On glibc the UTF-8 locale decodes like iconv's "WCHAR_T"
 * (iconv_wchar.c): it accepts F4 90 80 80 as 0x110000, F5..F7 leads and
 * the 5- and 6-byte forms (F8 88 80 80 80 = 0x200000), which doc/contract.md
 * rejects. Those are disagreements, not divergences. Strict only: the C
 * library has no replacement mode. (size_t)-1 is an ill-formed sequence
 * and (size_t)-2 an incomplete one at the end; both start at the current
 * position, which is the error offset. */
#include "adapters/adapter.h"

#include <locale.h>
#include <string.h>
#include <wchar.h>

static locale_t utf8_locale = (locale_t)0;

static const char *mbrtowc_open(void)
{
    if (utf8_locale != (locale_t)0)
        return NULL;
    if (sizeof(wchar_t) < 4)
        return "wchar_t is narrower than 32 bits here";
    utf8_locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
    if (utf8_locale == (locale_t)0)
        return "newlocale(LC_CTYPE, \"C.UTF-8\") failed: no C.UTF-8 locale here";
    return NULL;
}

static void mbrtowc_close(void)
{
    if (utf8_locale != (locale_t)0)
        freelocale(utf8_locale);
    utf8_locale = (locale_t)0;
}

static void run_one(const uint8_t *data, size_t len, oracle_verdict *v)
{
    mbstate_t st;
    size_t i = 0;

    adapter_clear(v);
    memset(&st, 0, sizeof st);
    while (i < len) {
        wchar_t w; /* written by every mbrtowc call that returns 0 or more */
        size_t r = mbrtowc(&w, (const char *)data + i, len - i, &st);

        if (r == (size_t)-1 || r == (size_t)-2) {
            v->err_offset = i;
            return;
        }
        if (r == 0)
            r = 1; /* U+0000 is one byte in UTF-8 */
        (void)adapter_push(v->cps, &v->n_cps, ORACLE_ROOM(len), (uint32_t)w);
        i += r;
    }
    v->accepted = true;
    v->err_offset = len;
}

static int mbrtowc_run(const oracle_input *in, size_t n, oracle_verdict *out)
{
    locale_t old;

    if (utf8_locale == (locale_t)0 && mbrtowc_open() != NULL)
        return -1;
    old = uselocale(utf8_locale);
    if (old == (locale_t)0)
        return -1;
    for (size_t i = 0; i < n; i++)
        run_one(in[i].data, in[i].len, &out[i]);
    uselocale(old);
    return 0;
}

const oracle oracle_mbrtowc = {
    .name = "mbrtowc",
    .what = "mbrtowc(3) in a C.UTF-8 locale_t (uselocale), strict",
    .open = mbrtowc_open,
    .run = mbrtowc_run,
    .close = mbrtowc_close,
    .known_divergence = NULL,
};
