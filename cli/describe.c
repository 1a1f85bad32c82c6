/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* describe.c -- explanations of ill-formed UTF-8 and names of code points.
 *
 * The explanations decode the bytes the way lax decoders did before RFC
 * 3629: a lead byte announces a length (C0..DF 2, E0..EF 3, F0..F7 4,
 * F8..FB 5, FC..FD 6) and every continuation byte adds 6 bits, with no
 * check of the value. That reading is exactly what attacks on lax
 * decoders exploit (an overlong '/' slipping past a path filter, a
 * surrogate pair smuggled as CESU-8), so it is what a user needs to see.
 *
 * The (void) before each snprintf: its result (the length the text would
 * have had) is not needed. Every buffer is sized for its longest text
 * (error_text's 192 bytes, describe_cp's CP_TEXT), and snprintf always
 * writes a terminated string, so even a text that did not fit would be a
 * shortened sentence, never an overflow. */
#include "describe.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* What a lax decoder reads at w[0..n). */
struct lax {
    size_t need;    /* length the lead byte announces, 2..6 */
    size_t have;    /* lead + continuation bytes present, 1..need */
    uint32_t value; /* the bits of the bytes present */
};

/* lax_read reads w[0..n), n >= 1, as a lax decoder would. w[0] is a lead
 * byte C0..FD: its callers explain the errors that begin at one (overlong
 * at C0, C1, E0 or F0; surrogate at ED; too_large at F4..FD, too_large
 * saying itself what FE and FF are). */
static void lax_read(const unsigned char *w, size_t n, struct lax *l)
{
    /* the value bits of a lead byte announcing 2, 3, 4, 5 or 6 bytes */
    static const unsigned char mask[] = {0x1F, 0x0F, 0x07, 0x03, 0x01};
    unsigned char b = w[0];
    size_t end;

    l->need = b < 0xE0 ? 2 : b < 0xF0 ? 3 : b < 0xF8 ? 4 : b < 0xFC ? 5 : 6;
    l->have = 1;
    l->value = (uint32_t)(b & mask[l->need - 2]);
    end = n < l->need ? n : l->need; /* the announced bytes that are there */
    while (l->have < end && (w[l->have] & 0xC0) == 0x80) {
        l->value = (l->value << 6) | (uint32_t)(w[l->have] & 0x3F);
        l->have++;
    }
}

/* The bytes UTF-8 gives the value of an overlong encoding: below U+10000,
 * since an overlong encoding is 2, 3 or 4 bytes long and holds a value
 * that fewer bytes encode. */
static size_t overlong_needs(uint32_t cp)
{
    return cp < 0x80 ? 1 : cp < 0x800 ? 2 : 3;
}

char *hex_bytes(const unsigned char *p, size_t n, char *buf, size_t cap)
{
    size_t i, o = 0;

    buf[0] = '\0';
    for (i = 0; i < n; i++) {
        size_t width = i ? 3 : 2; /* "XX" first, " XX" after */

        if (o + width >= cap) /* whole pairs only, and the terminator */
            break;
        (void)snprintf(buf + o, cap - o, i ? " %02X" : "%02X", p[i]);
        o += width;
    }
    return buf;
}

static bool is_surrogate(uint32_t cp)
{
    return (cp & ~(uint32_t)0x7FF) == 0xD800; /* D800..DFFF: 11 bits free */
}

/* cp <= U+10FFFF: cp_class answers for the rest first. */
static bool is_noncharacter(uint32_t cp)
{
    return (cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFE) == 0xFFFE;
}

static bool is_format(uint32_t cp)
{
    /* The Cf characters that change how text around them is shown
     * (invisible, or bidi controls): never printed raw. */
    return cp == 0x00AD || (cp >= 0x0600 && cp <= 0x0605) || cp == 0x061C ||
           cp == 0x06DD || cp == 0x070F || cp == 0x180E ||
           (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x202A && cp <= 0x202E) ||
           (cp >= 0x2060 && cp <= 0x2064) || (cp >= 0x2066 && cp <= 0x206F) ||
           (cp >= 0xFFF9 && cp <= 0xFFFB) || cp == 0x110BD ||
           (cp >= 0x1BCA0 && cp <= 0x1BCA3) || (cp >= 0x1D173 && cp <= 0x1D17A) ||
           cp == 0xE0001 || (cp >= 0xE0020 && cp <= 0xE007F);
}

/* The class of the other code points of each plane, by cp >> 16. */
static const char *const PLANE[] = {
    "BMP", "plane 1", "plane 2", "plane 3", "plane 4", "plane 5", "plane 6",
    "plane 7", "plane 8", "plane 9", "plane 10", "plane 11", "plane 12",
    "plane 13", "plane 14", "plane 15", "plane 16",
};

/* The tests come in an order that puts each range's bound where a
 * neighbour of another class is: ASCII between the controls, private use
 * before the surrogates below it. (The noncharacters U+EFFFF and
 * U+FFFFE, U+FFFFF still stand before and after plane 15's private use.) */
const char *cp_class(uint32_t cp)
{
    if (cp > 0x10FFFF)
        return "beyond U+10FFFF";
    if (cp >= 0x20 && cp < 0x7F)
        return "ASCII";
    if (cp < 0xA0) /* C0, DEL and C1 */
        return "control";
    if (is_noncharacter(cp))
        return "noncharacter";
    if ((cp >= 0xE000 && cp <= 0xF8FF) || cp >= 0xF0000)
        return "private use";
    if (is_surrogate(cp))
        return "surrogate";
    if (cp == 0xFEFF)
        return "byte order mark";
    if (is_format(cp))
        return "format";
    if (cp == 0x2028 || cp == 0x2029)
        return "separator";
    if (cp == 0xFFFD)
        return "replacement character";
    return PLANE[cp >> 16];
}

bool cp_printable(uint32_t cp)
{
    const char *c = cp_class(cp);

    return strcmp(c, "ASCII") == 0 || strcmp(c, "BMP") == 0 ||
           strcmp(c, "replacement character") == 0 || strncmp(c, "plane ", 6) == 0;
}

/* The longest text of describe_cp, "U+FEFF (byte order mark)", and its
 * terminator. */
#define CP_TEXT 25

/* describe_cp writes "U+002F '/'" (the character quoted when printable),
 * "U+0000 (NUL)", "U+0007 (control)" or "U+D800" to buf[CP_TEXT]. cp is
 * the value of an overlong encoding (below U+10000, surrogates included)
 * or of a CESU-8 pair (U+10000..U+10FFFF). */
static void describe_cp(uint32_t cp, char buf[CP_TEXT])
{
    unsigned char u[4];
    size_t n;

    if (is_surrogate(cp)) /* no character, so no class beyond its own */
        (void)snprintf(buf, CP_TEXT, "U+%04" PRIX32, cp);
    else if (cp_printable(cp) && (n = u8guard_encode(cp, u)) != 0)
        (void)snprintf(buf, CP_TEXT, "U+%04" PRIX32 " '%.*s'", cp, (int)n, (const char *)u);
    else if (cp == 0)
        (void)snprintf(buf, CP_TEXT, "U+0000 (NUL)");
    else
        (void)snprintf(buf, CP_TEXT, "U+%04" PRIX32 " (%s)", cp, cp_class(cp));
}

/* The length a lead byte C2..F4 announces (the errors cut short and
 * truncated begin at one). */
static size_t announced(unsigned char lead)
{
    return lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
}

/* in_span tells whether offset lies inside the span explained before:
 * errors come in increasing offsets, one describe_ctx per input, so an
 * error before ctx->end comes after ctx->start (and a zeroed ctx has
 * end 0). */
static bool in_span(const struct describe_ctx *ctx, uint64_t offset)
{
    return offset < ctx->end;
}

/* Appends " (part of the sequence at offset N)" when offset lies inside
 * the span explained before. */
static void add_context(struct error_text *o, const struct describe_ctx *ctx,
                        uint64_t offset)
{
    size_t len = strlen(o->text);

    if (in_span(ctx, offset))
        (void)snprintf(o->text + len, sizeof o->text - len,
                 " (part of the sequence at offset %" PRIu64 ")", ctx->start);
}

/* The error at offset talks about span bytes: the span to remember when
 * it reaches further than the one before (a span of 1 byte holds no later
 * error, so remembering it changes nothing). */
static void note_span(struct describe_ctx *ctx, uint64_t offset, size_t span)
{
    if (offset + span > ctx->end) {
        ctx->start = offset;
        ctx->end = offset + span;
    }
}

static void overlong(const unsigned char *w, size_t n, struct error_text *o,
                     char *hex, size_t hexcap, size_t *span)
{
    struct lax l;
    char cpd[CP_TEXT];

    lax_read(w, n, &l);
    *span = o->shown = l.have;
    hex_bytes(w, l.have, hex, hexcap);
    if (l.have == l.need) {
        describe_cp(l.value, cpd);
        (void)snprintf(o->text, sizeof o->text, "%s is an overlong encoding of %s%s",
                 hex, cpd, l.need == 2 && l.value == 0
                 ? ", the NUL of Java's \"modified UTF-8\"" : "");
        (void)snprintf(o->lax, sizeof o->lax,
                 "a lax decoder would read these %zu bytes as %s, which needs only %zu byte%s",
                 l.need, cpd, overlong_needs(l.value),
                 overlong_needs(l.value) == 1 ? "" : "s");
        return;
    }
    (void)snprintf(o->text, sizeof o->text,
             "%s can only begin an overlong encoding (of a character in %s)", hex,
             w[0] == 0xE0 ? "U+0000..U+07FF" : w[0] == 0xF0 ? "U+0000..U+FFFF"
                                                            : "U+0000..U+007F");
}

static void surrogate(const unsigned char *w, size_t n, struct error_text *o,
                      char *hex, size_t hexcap, size_t *span, bool inside)
{
    struct lax l, low;
    uint32_t cp;
    char cpd[CP_TEXT];

    lax_read(w, n, &l);
    *span = o->shown = l.have;
    if (l.have < 3) {
        hex_bytes(w, o->shown, hex, hexcap);
        (void)snprintf(o->text, sizeof o->text,
                 "%s can only begin a surrogate (U+D800..U+DFFF)", hex);
        return;
    }
    if (l.value <= 0xDBFF && n >= 6 && w[3] == 0xED) {
        lax_read(w + 3, n - 3, &low);
        if (low.have == 3 && low.value >= 0xDC00) {
            cp = 0x10000 + ((l.value - 0xD800) << 10) + (low.value - 0xDC00);
            *span = o->shown = 6;
            hex_bytes(w, o->shown, hex, hexcap);
            describe_cp(cp, cpd);
            (void)snprintf(o->text, sizeof o->text,
                     "%s is CESU-8 (surrogate pair %04" PRIX32 " %04" PRIX32 ") for %s",
                     hex, l.value, low.value, cpd);
            (void)snprintf(o->lax, sizeof o->lax,
                     "a lax decoder (CESU-8, Java's \"modified UTF-8\") would read "
                     "these 6 bytes as %s", cpd);
            return;
        }
    }
    hex_bytes(w, 3, hex, hexcap);
    (void)snprintf(o->text, sizeof o->text, "%s encodes the %ssurrogate U+%04" PRIX32
             ", which is not a character", hex, inside ? "" : "lone ", l.value);
    (void)snprintf(o->lax, sizeof o->lax,
             "a lax decoder would read these 3 bytes as U+%04" PRIX32
             ", a %s surrogate", l.value, l.value <= 0xDBFF ? "high" : "low");
}

static void too_large(const unsigned char *w, size_t n, struct error_text *o,
                      char *hex, size_t hexcap, size_t *span)
{
    struct lax l;

    if (w[0] >= 0xFE) { /* no lead byte: nothing announces a length */
        hex_bytes(w, 1, hex, hexcap);
        (void)snprintf(o->text, sizeof o->text, "%s is never used in UTF-8", hex);
        return;
    }
    lax_read(w, n, &l);
    *span = o->shown = l.have;
    hex_bytes(w, l.have, hex, hexcap);
    if (l.have == l.need && l.need == 4) {
        (void)snprintf(o->text, sizeof o->text, "%s would be U+%04" PRIX32
                 ", beyond U+10FFFF", hex, l.value);
        (void)snprintf(o->lax, sizeof o->lax, "a lax decoder would read these 4 bytes "
                 "as U+%04" PRIX32 ", which is not a Unicode code point", l.value);
    } else if (l.have == l.need) {
        (void)snprintf(o->text, sizeof o->text, "%s is a %zu-byte form (obsolete, "
                 "RFC 2279) of U+%04" PRIX32, hex, l.need, l.value);
        (void)snprintf(o->lax, sizeof o->lax, "a lax decoder (RFC 2279) would read "
                 "these %zu bytes as U+%04" PRIX32 "%s", l.need, l.value,
                 l.value > 0x10FFFF ? ", which is not a Unicode code point" : "");
    } else if (l.need == 4) {
        (void)snprintf(o->text, sizeof o->text,
                 "%s can only begin a value beyond U+10FFFF", hex);
    } else {
        (void)snprintf(o->text, sizeof o->text,
                 "%s can only begin a %zu-byte form (obsolete, RFC 2279)", hex, l.need);
    }
}

void describe_error(const unsigned char *w, size_t n, u8guard_kind kind,
                    size_t length, uint64_t offset, struct describe_ctx *ctx,
                    struct error_text *out)
{
    /* the longest run a text names: a CESU-8 pair, "ED A1 8C ED BE B4" */
    char hex[3 * DESCRIBE_WINDOW];
    size_t span, seq;
    bool inside = in_span(ctx, offset);

    out->lax[0] = '\0'; /* every case below writes out->text */
    out->shown = 1;
    if (n == 0) { /* cannot happen for a reported error; say something true */
        (void)snprintf(out->text, sizeof out->text, "the input could not be read here");
        return;
    }
    if (length > n)
        length = n;
    span = length; /* what the error's own bytes cover, unless said below */
    hex_bytes(w, 1, hex, sizeof hex); /* the first byte, unless said below */
    switch (kind) {
    case U8GUARD_UNEXPECTED_CONTINUATION:
        (void)snprintf(out->text, sizeof out->text,
                 "%s is a continuation byte where a character should start", hex);
        break;
    case U8GUARD_OVERLONG:
        overlong(w, n, out, hex, sizeof hex, &span);
        break;
    case U8GUARD_SURROGATE:
        surrogate(w, n, out, hex, sizeof hex, &span, inside);
        break;
    case U8GUARD_TOO_LARGE:
        too_large(w, n, out, hex, sizeof hex, &span);
        break;
    case U8GUARD_BAD_CONTINUATION:
        seq = announced(w[0]);
        hex_bytes(w, length, hex, sizeof hex);
        if (n > length) {
            out->shown = length + 1;
            (void)snprintf(out->text, sizeof out->text,
                     "%s starts a %zu-byte sequence, but %02X is not a continuation byte",
                     hex, seq, w[length]);
        } else {
            out->shown = length;
            (void)snprintf(out->text, sizeof out->text,
                     "%s starts a %zu-byte sequence that is cut short", hex, seq);
        }
        break;
    case U8GUARD_TRUNCATED:
        seq = announced(w[0]);
        out->shown = length;
        hex_bytes(w, length, hex, sizeof hex);
        (void)snprintf(out->text, sizeof out->text,
                 "%s is cut off: the input ends %zu byte%s short of a %zu-byte sequence",
                 hex, seq - length, seq - length == 1 ? "" : "s", seq);
        break;
    default:
        (void)snprintf(out->text, sizeof out->text, "%s: unknown error kind %d", hex, (int)kind);
        break;
    }
    add_context(out, ctx, offset);
    note_span(ctx, offset, span);
}
