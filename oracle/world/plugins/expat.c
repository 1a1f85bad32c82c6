/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* expat.c -- the world plugin for expat's UTF-8 decoder
 * (doc/audit-world.md). expat decodes UTF-8 only as part of parsing XML,
 * so the input is parsed as the text of an element: <a>INPUT</a>, in a
 * parser created for UTF-8. Bytes 80..FF go in as they are -- they are
 * what is audited -- and every ASCII byte as a character reference
 * (&#60; for '<'), so that markup cannot change the answer. XML 1.0 has no
 * place for U+0000 and most C0 controls, or for U+FFFE and U+FFFF: expat
 * rejects those as XML, not as UTF-8, and the report says so.
 *
 * Accepted: the code points are those of the text expat hands to its
 * character-data handler (UTF-8, decoded here). Rejected: the offset is
 * where expat says the error is (XML_GetCurrentByteIndex), mapped back from
 * the document to the input; the code points before it are read from the
 * input's bits (world_bits_decode). expat has no replacing mode. */
#include <expat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "world_plugin.h"

const char *u8guard_audit_name(void)
{
    return "expat";
}

const char *u8guard_audit_version(void)
{
    return XML_ExpatVersion();
}

/* The text handed to the character-data handler, decoded. */
typedef struct text {
    uint32_t *out;
    size_t n, cap;
} text;

static void XMLCALL on_text(void *user, const XML_Char *s, int len)
{
    text *t = user;
    const unsigned char *p = (const unsigned char *)s;

    /* expat hands out well-formed UTF-8; the cap guards a decoder that
     * would hand out more code points than the input has bytes. */
    for (int i = 0; i < len && t->n < t->cap; t->n++) {
        unsigned char b = p[i];
        int w = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;

        if (w > len - i)
            w = len - i;
        (void)world_bits_decode(p + i, (size_t)w, t->out + t->n); /* one */
        i += w;
    }
}

int u8guard_audit_decode(const unsigned char *in, size_t len, uint32_t *out,
                         size_t *n_out, size_t *err_offset)
{
    /* Each input byte becomes at most 6 document bytes ("&#127;"). */
    size_t cap = 3 + 6 * len + 4, d = 0;
    char *doc = malloc(cap);
    size_t *from = malloc((cap + 1) * sizeof *from);
    text t = {out, 0, len};
    XML_Parser p = XML_ParserCreate("UTF-8");
    int ok;

    if (doc == NULL || from == NULL || p == NULL) {
        free(doc);
        free(from);
        if (p)
            XML_ParserFree(p);
        *err_offset = SIZE_MAX;
        *n_out = 0;
        return 1;
    }
    memcpy(doc, "<a>", 3);
    for (d = 0; d < 3; d++)
        from[d] = 0;
    for (size_t i = 0; i < len; i++) {
        if (in[i] >= 0x80) {
            from[d] = i;
            doc[d++] = (char)in[i];
        } else {
            int w = snprintf(doc + d, 7, "&#%u;", in[i]);
            for (int k = 0; k < w; k++)
                from[d + (size_t)k] = i;
            d += (size_t)w;
        }
    }
    for (size_t k = 0; k <= 4; k++)
        from[d + k] = len;
    memcpy(doc + d, "</a>", 4);
    d += 4;
    XML_SetUserData(p, &t);
    XML_SetCharacterDataHandler(p, on_text);
    ok = XML_Parse(p, doc, (int)d, 1) == XML_STATUS_OK;
    if (ok) {
        *n_out = t.n;
    } else {
        XML_Index at = XML_GetCurrentByteIndex(p);
        size_t off = at >= 0 && (size_t)at <= d ? from[at] : SIZE_MAX;
        *err_offset = off;
        *n_out = off == SIZE_MAX ? 0 : world_bits_decode(in, off, out);
    }
    XML_ParserFree(p);
    free(doc);
    free(from);
    return ok ? 0 : 1;
}
