/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* unit_grid.c -- every boundary lead byte against every boundary second
 * byte. The expected errors are written out by hand from doc/contract.md's
 * table, in its own notation ("offset/length kind", "-" for none), for the
 * two-byte input "L S". The same cells are then checked with 'A' appended,
 * where the only change the table allows is that a sequence cut by the end
 * of input (truncated) is now cut by 'A' (bad_continuation, same length). */
#include "expect.h"
#include "unit_suites.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const unsigned char LEADS[] = {
    0x00, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0,
    0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF3, 0xF4, 0xF5, 0xFF,
};
static const unsigned char SECONDS[] = {
    0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF,
};
#define NL (sizeof LEADS)
#define NS (sizeof SECONDS)

/* Row per lead, column per second byte (00 7F 80 8F 90 9F A0 BF C0 FF). */
static const char *const GRID[NL][NS] = {
    /* 00 */ {"-", "-", "1/1 UC", "1/1 UC", "1/1 UC", "1/1 UC", "1/1 UC", "1/1 UC", "1/1 OL", "1/1 TL"},
    /* 7F */ {"-", "-", "1/1 UC", "1/1 UC", "1/1 UC", "1/1 UC", "1/1 UC", "1/1 UC", "1/1 OL", "1/1 TL"},
    /* 80 */ {"0/1 UC", "0/1 UC", "0/1 UC 1/1 UC", "0/1 UC 1/1 UC", "0/1 UC 1/1 UC", "0/1 UC 1/1 UC",
              "0/1 UC 1/1 UC", "0/1 UC 1/1 UC", "0/1 UC 1/1 OL", "0/1 UC 1/1 TL"},
    /* BF */ {"0/1 UC", "0/1 UC", "0/1 UC 1/1 UC", "0/1 UC 1/1 UC", "0/1 UC 1/1 UC", "0/1 UC 1/1 UC",
              "0/1 UC 1/1 UC", "0/1 UC 1/1 UC", "0/1 UC 1/1 OL", "0/1 UC 1/1 TL"},
    /* C0 */ {"0/1 OL", "0/1 OL", "0/1 OL 1/1 UC", "0/1 OL 1/1 UC", "0/1 OL 1/1 UC", "0/1 OL 1/1 UC",
              "0/1 OL 1/1 UC", "0/1 OL 1/1 UC", "0/1 OL 1/1 OL", "0/1 OL 1/1 TL"},
    /* C1 */ {"0/1 OL", "0/1 OL", "0/1 OL 1/1 UC", "0/1 OL 1/1 UC", "0/1 OL 1/1 UC", "0/1 OL 1/1 UC",
              "0/1 OL 1/1 UC", "0/1 OL 1/1 UC", "0/1 OL 1/1 OL", "0/1 OL 1/1 TL"},
    /* C2 */ {"0/1 BC", "0/1 BC", "-", "-", "-", "-", "-", "-", "0/1 BC 1/1 OL", "0/1 BC 1/1 TL"},
    /* DF */ {"0/1 BC", "0/1 BC", "-", "-", "-", "-", "-", "-", "0/1 BC 1/1 OL", "0/1 BC 1/1 TL"},
    /* E0 */ {"0/1 BC", "0/1 BC", "0/1 OL 1/1 UC", "0/1 OL 1/1 UC", "0/1 OL 1/1 UC", "0/1 OL 1/1 UC",
              "0/2 TR", "0/2 TR", "0/1 BC 1/1 OL", "0/1 BC 1/1 TL"},
    /* EC */ {"0/1 BC", "0/1 BC", "0/2 TR", "0/2 TR", "0/2 TR", "0/2 TR", "0/2 TR", "0/2 TR",
              "0/1 BC 1/1 OL", "0/1 BC 1/1 TL"},
    /* ED */ {"0/1 BC", "0/1 BC", "0/2 TR", "0/2 TR", "0/2 TR", "0/2 TR", "0/1 SG 1/1 UC",
              "0/1 SG 1/1 UC", "0/1 BC 1/1 OL", "0/1 BC 1/1 TL"},
    /* EE */ {"0/1 BC", "0/1 BC", "0/2 TR", "0/2 TR", "0/2 TR", "0/2 TR", "0/2 TR", "0/2 TR",
              "0/1 BC 1/1 OL", "0/1 BC 1/1 TL"},
    /* EF */ {"0/1 BC", "0/1 BC", "0/2 TR", "0/2 TR", "0/2 TR", "0/2 TR", "0/2 TR", "0/2 TR",
              "0/1 BC 1/1 OL", "0/1 BC 1/1 TL"},
    /* F0 */ {"0/1 BC", "0/1 BC", "0/1 OL 1/1 UC", "0/1 OL 1/1 UC", "0/2 TR", "0/2 TR", "0/2 TR",
              "0/2 TR", "0/1 BC 1/1 OL", "0/1 BC 1/1 TL"},
    /* F3 */ {"0/1 BC", "0/1 BC", "0/2 TR", "0/2 TR", "0/2 TR", "0/2 TR", "0/2 TR", "0/2 TR",
              "0/1 BC 1/1 OL", "0/1 BC 1/1 TL"},
    /* F4 */ {"0/1 BC", "0/1 BC", "0/2 TR", "0/2 TR", "0/1 TL 1/1 UC", "0/1 TL 1/1 UC",
              "0/1 TL 1/1 UC", "0/1 TL 1/1 UC", "0/1 BC 1/1 OL", "0/1 BC 1/1 TL"},
    /* F5 */ {"0/1 TL", "0/1 TL", "0/1 TL 1/1 UC", "0/1 TL 1/1 UC", "0/1 TL 1/1 UC", "0/1 TL 1/1 UC",
              "0/1 TL 1/1 UC", "0/1 TL 1/1 UC", "0/1 TL 1/1 OL", "0/1 TL 1/1 TL"},
    /* FF */ {"0/1 TL", "0/1 TL", "0/1 TL 1/1 UC", "0/1 TL 1/1 UC", "0/1 TL 1/1 UC", "0/1 TL 1/1 UC",
              "0/1 TL 1/1 UC", "0/1 TL 1/1 UC", "0/1 TL 1/1 OL", "0/1 TL 1/1 TL"},
};

/* Parses "o/l KK o/l KK ..." (or "-") into errs; returns the count, or
 * SIZE_MAX for a malformed cell (a bug in this file). */
static size_t parse_cell(const char *cell, struct terr *errs, size_t cap)
{
    static const struct { const char *code; u8guard_kind kind; } KINDS[] = {
        {"UC", UC}, {"OL", OL}, {"SG", SG}, {"TL", TL}, {"BC", BC}, {"TR", TR},
    };
    size_t n = 0, k;
    unsigned off, len;
    char code[3];
    int used;

    if (strcmp(cell, "-") == 0)
        return 0;
    while (*cell) {
        if (n == cap || sscanf(cell, " %u/%u %2s%n", &off, &len, code, &used) != 3)
            return SIZE_MAX;
        for (k = 0; k < sizeof KINDS / sizeof KINDS[0]; k++)
            if (strcmp(code, KINDS[k].code) == 0)
                break;
        if (k == sizeof KINDS / sizeof KINDS[0])
            return SIZE_MAX;
        errs[n].offset = off;
        errs[n].length = len;
        errs[n].kind = KINDS[k].kind;
        n++;
        cell += used;
    }
    return n;
}

void unit_lead_second_grid(void)
{
    size_t l, s, n, k;
    struct terr errs[4];
    unsigned char in[3];

    for (l = 0; l < NL; l++) {
        for (s = 0; s < NS; s++) {
            n = parse_cell(GRID[l][s], errs, 4);
            if (!EXPECT_TRUE(n != SIZE_MAX))
                continue;
            in[0] = LEADS[l];
            in[1] = SECONDS[s];
            expect_errors(in, 2, errs, n);
            in[2] = 'A';
            for (k = 0; k < n; k++)
                if (errs[k].kind == TR)
                    errs[k].kind = BC;
            expect_errors(in, 3, errs, n);
        }
    }
}
