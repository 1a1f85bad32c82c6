/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* policy.c -- --deny, --on-error, and words for denied characters. */
#include "policy.h"

#include <stdio.h>
#include <string.h>

#include "diag.h"

#define CLASS_NAMES "nul, c0, del, c1, bidi, noncharacter, private_use, bom, tag, " \
                    "separator, all"

bool parse_deny(const char *cmd, const char *s, unsigned *deny)
{
    const char *p = s, *comma;
    size_t len;
    unsigned bits;

    for (;;) {
        comma = strchr(p, ',');
        len = comma ? (size_t)(comma - p) : strlen(p);
        bits = u8guard_class_from_name(p, len);
        if (bits == 0) {
            diag_usage(cmd, "bad --deny '%s': '%.*s' is not a class (%s)", s, (int)len, p,
                       CLASS_NAMES);
            return false;
        }
        *deny |= bits;
        if (!comma)
            return true;
        p = comma + 1;
    }
}

bool parse_handler(const char *cmd, const char *s, u8guard_handler *h)
{
    if (strcmp(s, "replace") == 0)
        *h = U8GUARD_REPLACE;
    else if (strcmp(s, "drop") == 0)
        *h = U8GUARD_DROP;
    else if (strcmp(s, "escape") == 0)
        *h = U8GUARD_ESCAPE;
    else {
        diag_usage(cmd, "bad --on-error '%s': expected replace, drop or escape", s);
        return false;
    }
    return true;
}

/* The name and the effect of each bidi control. */
static const struct {
    uint32_t cp;
    const char *name, *effect;
} bidi[] = {
    {0x061C, "ARABIC LETTER MARK", "is an invisible mark that changes how the text "
                                   "around it is ordered"},
    {0x200E, "LEFT-TO-RIGHT MARK", "is an invisible mark that changes how the text "
                                   "around it is ordered"},
    {0x200F, "RIGHT-TO-LEFT MARK", "is an invisible mark that changes how the text "
                                   "around it is ordered"},
    {0x202A, "LEFT-TO-RIGHT EMBEDDING", "displays the text after it as embedded "
                                        "left-to-right text"},
    {0x202B, "RIGHT-TO-LEFT EMBEDDING", "displays the text after it as embedded "
                                        "right-to-left text"},
    {0x202C, "POP DIRECTIONAL FORMATTING", "ends the last bidi embedding or override"},
    {0x202D, "LEFT-TO-RIGHT OVERRIDE", "forces the text after it to display left to "
                                       "right"},
    {0x202E, "RIGHT-TO-LEFT OVERRIDE", "reverses the display of the text after it"},
    {0x2066, "LEFT-TO-RIGHT ISOLATE", "displays the text after it apart, left to right"},
    {0x2067, "RIGHT-TO-LEFT ISOLATE", "displays the text after it apart, right to left"},
    {0x2068, "FIRST STRONG ISOLATE", "displays the text after it apart, in the "
                                     "direction of its first letter"},
    {0x2069, "POP DIRECTIONAL ISOLATE", "ends the last bidi isolate"},
};

char *denied_text(uint32_t cp, u8guard_class cls, char *buf, size_t cap)
{
    const char *name = u8guard_class_name(cls);
    size_t i;

    if (!name)
        name = "?";
    switch (cls) {
    case U8GUARD_CLASS_NUL:
        (void)snprintf(buf, cap, "U+0000 NUL (%s) ends the text for C strings and the "
                       "programs built on them", name);
        break;
    case U8GUARD_CLASS_C0:
    case U8GUARD_CLASS_DEL:
        (void)snprintf(buf, cap, "U+%04X (%s) is a control character, which a terminal "
                       "may obey", (unsigned)cp, name);
        break;
    case U8GUARD_CLASS_C1:
        (void)snprintf(buf, cap, "U+%04X (%s) is a C1 control character, which a terminal "
                       "may obey%s", (unsigned)cp, name,
                       cp == 0x9B ? " (CSI starts an escape sequence)" : "");
        break;
    case U8GUARD_CLASS_BIDI:
        for (i = 0; i < sizeof bidi / sizeof *bidi; i++)
            if (bidi[i].cp == cp)
                break;
        if (i == sizeof bidi / sizeof *bidi) /* not a bidi control: cannot happen */
            (void)snprintf(buf, cap, "U+%04X (%s) changes the display order of text",
                           (unsigned)cp, name);
        else
            (void)snprintf(buf, cap, "U+%04X %s (%s) %s", (unsigned)cp, bidi[i].name, name,
                           bidi[i].effect);
        break;
    case U8GUARD_CLASS_NONCHARACTER:
        (void)snprintf(buf, cap, "U+%04X (%s) is a noncharacter, for a program's internal "
                       "use, not for interchange", (unsigned)cp, name);
        break;
    case U8GUARD_CLASS_PRIVATE_USE:
        (void)snprintf(buf, cap, "U+%04X (%s) is a private-use character, with no meaning "
                       "outside an agreement between programs", (unsigned)cp, name);
        break;
    case U8GUARD_CLASS_BOM:
        (void)snprintf(buf, cap, "U+FEFF (%s) is a byte order mark, invisible in the text",
                       name);
        break;
    case U8GUARD_CLASS_TAG:
        if (cp >= 0xE0020 && cp <= 0xE007E)
            (void)snprintf(buf, cap, "U+%04X (%s) is an invisible tag for '%c': tags can "
                           "hide text from the reader", (unsigned)cp, name,
                           (char)(cp - 0xE0000));
        else
            (void)snprintf(buf, cap, "U+%04X (%s) is an invisible tag character: tags can "
                           "hide text from the reader", (unsigned)cp, name);
        break;
    case U8GUARD_CLASS_SEPARATOR:
        (void)snprintf(buf, cap, "U+%04X %s (%s) is an invisible line break to editors "
                       "and a line terminator in JavaScript source", (unsigned)cp,
                       cp == 0x2028 ? "LINE SEPARATOR" : "PARAGRAPH SEPARATOR", name);
        break;
    default:
        (void)snprintf(buf, cap, "U+%04X is denied (%s)", (unsigned)cp, name);
        break;
    }
    return buf;
}
