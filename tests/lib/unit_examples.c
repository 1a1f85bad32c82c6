/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* unit_examples.c -- doc/contract.md sections 2.2 and 5, row by row and example by
 * example, with the expected errors copied from the document. */
#include "expect.h"
#include "unit_suites.h"

#define S(lit) (lit), (sizeof(lit) - 1)

static void table_rows(void)
{
    /* unexpected_continuation: a byte 80..BF where a sequence must start. */
    expect_errors(S("\x80"), ERRS({0, 1, UC}));
    expect_errors(S("\xBF"), ERRS({0, 1, UC}));
    expect_errors(S("a\x80\xBF"), ERRS({1, 1, UC}, {2, 1, UC}));
    /* overlong: lead C0 or C1; E0 then 80..9F; F0 then 80..8F. */
    expect_errors(S("\xC0"), ERRS({0, 1, OL}));
    expect_errors(S("\xC1\xBF"), ERRS({0, 1, OL}, {1, 1, UC}));
    expect_errors(S("\xC0\xAF"), ERRS({0, 1, OL}, {1, 1, UC}));
    expect_errors(S("\xE0\x80\x80"), ERRS({0, 1, OL}, {1, 1, UC}, {2, 1, UC}));
    expect_errors(S("\xE0\x9F\xBF"), ERRS({0, 1, OL}, {1, 1, UC}, {2, 1, UC}));
    expect_errors(S("\xF0\x80\x80\x80"),
                  ERRS({0, 1, OL}, {1, 1, UC}, {2, 1, UC}, {3, 1, UC}));
    expect_errors(S("\xF0\x8F\xBF\xBF"),
                  ERRS({0, 1, OL}, {1, 1, UC}, {2, 1, UC}, {3, 1, UC}));
    /* surrogate: ED then A0..BF. */
    expect_errors(S("\xED\xA0\x80"), ERRS({0, 1, SG}, {1, 1, UC}, {2, 1, UC}));
    expect_errors(S("\xED\xBF\xBF"), ERRS({0, 1, SG}, {1, 1, UC}, {2, 1, UC}));
    /* too_large: lead F5..FF; F4 then 90..BF. */
    expect_errors(S("\xF5\x80\x80\x80"),
                  ERRS({0, 1, TL}, {1, 1, UC}, {2, 1, UC}, {3, 1, UC}));
    expect_errors(S("\xFF"), ERRS({0, 1, TL}));
    expect_errors(S("\xF8\x88\x80\x80\x80"),
                  ERRS({0, 1, TL}, {1, 1, UC}, {2, 1, UC}, {3, 1, UC}, {4, 1, UC}));
    expect_errors(S("\xF4\xBF\xBF\xBF"),
                  ERRS({0, 1, TL}, {1, 1, UC}, {2, 1, UC}, {3, 1, UC}));
    /* bad_continuation: length = bytes accepted so far, 1..3. */
    expect_errors(S("\xC2\x41"), ERRS({0, 1, BC}));
    expect_errors(S("\xE1\x80\x41"), ERRS({0, 2, BC}));
    expect_errors(S("\xF1\x80\x80\x41"), ERRS({0, 3, BC}));
    expect_errors(S("\xE0\xA0\xC0"), ERRS({0, 2, BC}, {2, 1, OL}));
    expect_errors(S("\xF4\x8F\xBF\xF4"), ERRS({0, 3, BC}, {3, 1, TR}));
    expect_errors(S("\xE0\x41"), ERRS({0, 1, BC}));
    expect_errors(S("\xED\x41"), ERRS({0, 1, BC}));
    expect_errors(S("\xF0\xC0"), ERRS({0, 1, BC}, {1, 1, OL}));
    expect_errors(S("\xF4\x7F"), ERRS({0, 1, BC}));
    /* truncated: the input ends inside a well-formed-so-far sequence. */
    expect_errors(S("\xC2"), ERRS({0, 1, TR}));
    expect_errors(S("\xE1\x80"), ERRS({0, 2, TR}));
    expect_errors(S("\xF1\x80\x80"), ERRS({0, 3, TR}));
    expect_errors(S("ab\xF4\x8F"), ERRS({2, 2, TR}));
}

static void examples(void)
{
    static const uint32_t ab4f60[] = {0x41, 0x4F60};
    struct terr first;

    /* C0 80           0/1 overlong, 1/1 unexpected_continuation */
    expect_errors(S("\xC0\x80"), ERRS({0, 1, OL}, {1, 1, UC}));
    /* E0 80 AF        0/1 overlong, 1/1 uc, 2/1 uc */
    expect_errors(S("\xE0\x80\xAF"), ERRS({0, 1, OL}, {1, 1, UC}, {2, 1, UC}));
    /* ED A1 8C ED BE B4 (CESU-8 for U+233B4): six errors */
    expect_errors(S("\xED\xA1\x8C\xED\xBE\xB4"),
                  ERRS({0, 1, SG}, {1, 1, UC}, {2, 1, UC}, {3, 1, SG}, {4, 1, UC},
                       {5, 1, UC}));
    /* F4 90 80 80     0/1 too_large, then three unexpected_continuation */
    expect_errors(S("\xF4\x90\x80\x80"),
                  ERRS({0, 1, TL}, {1, 1, UC}, {2, 1, UC}, {3, 1, UC}));
    /* E4 BD 41        0/2 bad_continuation, then 'A' decodes */
    expect_errors(S("\xE4\xBD\x41"), ERRS({0, 2, BC}));
    /* F0 9F 98        0/3 truncated (at end of input) */
    expect_errors(S("\xF0\x9F\x98"), ERRS({0, 3, TR}));
    /* E4 BD | A0 is U+4F60 (the two-chunk form is in unit_stream_api.c) */
    expect_errors(S("\xE4\xBD\xA0"), NO_ERRS);
    expect_decode(S("\xE4\xBD\xA0"), ab4f60 + 1, 1, NULL);

    /* The decoders write the decoding of the valid prefix only. */
    first.offset = 1;
    first.length = 2;
    first.kind = BC;
    expect_decode(S("A\xE4\xBD\x41"), ab4f60, 1, &first);
    first.offset = 4;
    first.length = 3;
    first.kind = TR;
    expect_decode(S("A\xE4\xBD\xA0\xF0\x9F\x98"), ab4f60, 2, &first);
}

/* Valid text: exact code points, including U+0000, noncharacters and the
 * ends of every row of RFC 3629's table. */
static void valid_values(void)
{
    static const uint32_t cps[] = {
        0x0000, 0x007F, 0x0080, 0x07FF, 0x0800, 0x0FFF, 0x1000, 0xCFFF, 0xD000,
        0xD7FF, 0xE000, 0xFDD0, 0xFDEF, 0xFFFD, 0xFFFE, 0xFFFF, 0x10000, 0x3FFFF,
        0x40000, 0xFFFFF, 0x100000, 0x10FFFE, 0x10FFFF,
    };
    static const char bytes[] =
        "\x00" "\x7F" "\xC2\x80" "\xDF\xBF" "\xE0\xA0\x80" "\xE0\xBF\xBF"
        "\xE1\x80\x80" "\xEC\xBF\xBF" "\xED\x80\x80" "\xED\x9F\xBF"
        "\xEE\x80\x80" "\xEF\xB7\x90" "\xEF\xB7\xAF" "\xEF\xBF\xBD"
        "\xEF\xBF\xBE" "\xEF\xBF\xBF" "\xF0\x90\x80\x80" "\xF0\xBF\xBF\xBF"
        "\xF1\x80\x80\x80" "\xF3\xBF\xBF\xBF" "\xF4\x80\x80\x80"
        "\xF4\x8F\xBF\xBE" "\xF4\x8F\xBF\xBF";

    expect_errors(bytes, sizeof bytes - 1, NO_ERRS);
    expect_decode(bytes, sizeof bytes - 1, cps, sizeof cps / sizeof cps[0], NULL);
    expect_errors("", 0, NO_ERRS);
}

void unit_design_examples(void)
{
    table_rows();
    examples();
    valid_values();
}
