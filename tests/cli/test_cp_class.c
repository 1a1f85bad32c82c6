/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_cp_class.c -- white-box test of cli/describe.c's cp_class at both
 * ends of every range it names, and one code point beyond each: the Cf
 * (format) characters it never prints raw, controls, noncharacters,
 * private use, surrogates and the special single code points. The
 * command shows these classes only for the characters a test file holds,
 * so most range ends are reached here alone. */
#include "describe.h"

#include <stdio.h>
#include <string.h>

static const struct {
    uint32_t cp;
    const char *cls;
} WANT[] = {
    {0x00AC, "BMP"},
    {0x00AD, "format"},
    {0x00AE, "BMP"},
    {0x05FF, "BMP"},
    {0x0600, "format"},
    {0x0605, "format"},
    {0x0606, "BMP"},
    {0x061B, "BMP"},
    {0x061C, "format"},
    {0x061D, "BMP"},
    {0x06DC, "BMP"},
    {0x06DD, "format"},
    {0x06DE, "BMP"},
    {0x070E, "BMP"},
    {0x070F, "format"},
    {0x0710, "BMP"},
    {0x180D, "BMP"},
    {0x180E, "format"},
    {0x180F, "BMP"},
    {0x200A, "BMP"},
    {0x200B, "format"},
    {0x200F, "format"},
    {0x2010, "BMP"},
    {0x2029, "separator"},
    {0x202A, "format"},
    {0x202E, "format"},
    {0x202F, "BMP"},
    {0x205F, "BMP"},
    {0x2060, "format"},
    {0x2064, "format"},
    {0x2065, "BMP"},
    {0x2066, "format"},
    {0x206F, "format"},
    {0x2070, "BMP"},
    {0xFFF8, "BMP"},
    {0xFFF9, "format"},
    {0xFFFB, "format"},
    {0xFFFC, "BMP"},
    {0x110BC, "plane 1"},
    {0x110BD, "format"},
    {0x110BE, "plane 1"},
    {0x1BC9F, "plane 1"},
    {0x1BCA0, "format"},
    {0x1BCA3, "format"},
    {0x1BCA4, "plane 1"},
    {0x1D172, "plane 1"},
    {0x1D173, "format"},
    {0x1D17A, "format"},
    {0x1D17B, "plane 1"},
    {0xE0000, "plane 14"},
    {0xE0001, "format"},
    {0xE0002, "plane 14"},
    {0xE001F, "plane 14"},
    {0xE0020, "format"},
    {0xE007F, "format"},
    {0xE0080, "plane 14"},
    {0x0000, "control"},
    {0x001F, "control"},
    {0x0020, "ASCII"},
    {0x007E, "ASCII"},
    {0x007F, "control"},
    {0x009F, "control"},
    {0x00A0, "BMP"},
    {0xD7FF, "BMP"},
    {0xD800, "surrogate"},
    {0xDFFF, "surrogate"},
    {0xE000, "private use"},
    {0xFDCF, "BMP"},
    {0xFDD0, "noncharacter"},
    {0xFDEF, "noncharacter"},
    {0xFDF0, "BMP"},
    {0xFFFD, "replacement character"},
    {0xFFFE, "noncharacter"},
    {0xFFFF, "noncharacter"},
    {0x10000, "plane 1"},
    {0x1FFFD, "plane 1"},
    {0x1FFFE, "noncharacter"},
    {0x1FFFF, "noncharacter"},
    {0x20000, "plane 2"},
    {0x10FFFD, "private use"},
    {0x10FFFE, "noncharacter"},
    {0x10FFFF, "noncharacter"},
    {0x110000, "beyond U+10FFFF"},
    {0xF8FF, "private use"},
    {0xF900, "BMP"},
    {0xEFFFF, "noncharacter"},
    {0xF0000, "private use"},
    {0xFFFFD, "private use"},
    {0xFFFFE, "noncharacter"},
    {0xFFFFF, "noncharacter"},
    {0x100000, "private use"},
    {0xFEFE, "BMP"},
    {0xFEFF, "byte order mark"},
    {0xFF00, "BMP"},
    {0x2027, "BMP"},
    {0x2028, "separator"},
    {0x10001, "plane 1"},
    {0x110001, "beyond U+10FFFF"},
};

int main(void)
{
    size_t i;
    int failures = 0;

    for (i = 0; i < sizeof WANT / sizeof WANT[0]; i++) {
        const char *got = cp_class(WANT[i].cp);

        if (strcmp(got, WANT[i].cls) != 0) {
            printf("FAIL U+%04X: got \"%s\", want \"%s\"\n", (unsigned)WANT[i].cp, got,
                   WANT[i].cls);
            failures++;
        }
    }
    printf("%zu code points, %d failures\n", i, failures);
    return failures != 0;
}
