/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* expected.c -- the outcomes established for each adapter (expected.h).
 *
 * How the numbers come about (each was checked by hand, not just copied):
 * - icu-ucnv, icu-u8next, iconv, utf8proc, python and node agree with
 *   u8guard on every input of every set.
 * - iconv-wchar and mbrtowc (glibc) accept F4 90..BF xx xx, F5..F7 leads
 *   and the old 5- and 6-byte forms: "accepts ill-formed input", and when
 *   such a form sits before a real error, "error offset differs". On one
 *   or two bytes they agree (those forms need at least 4 bytes).
 * - glib rejects U+0000. bytes2: 255 valid inputs with a 00 byte ("rejects
 *   valid input"); 00 then 80..FF (128: glib stops at 0, u8guard at 1,
 *   "error offset differs"); 80..FF then 00 (128: same offset, but
 *   make_valid turns the 00 into U+FFFD, "replacement output differs").
 *   Its per-byte make_valid (glib-make-valid-per-byte) shows on the 1216
 *   two-byte truncated sequences: E0 A0..BF (32), E1..EC xx (768),
 *   ED 80..9F (32), EE..EF xx (128), F0 90..BF (48), F1..F3 xx (192),
 *   F4 80..8F (16).
 * - libunistring's whole-sequence u8_mbtouc (unistring-mbtouc-whole-
 *   sequence) shows on the 320 two-byte inputs whose second byte is a
 *   continuation byte the lead does not allow: E0 80..9F (32), ED A0..BF
 *   (32), F0 80..8F (16), F4 90..BF (48), F5..F7 80..BF (192).
 * Regenerate a row with `test_oracle_adapters NAME --dump`, and explain
 * any change here. */
#include "expected.h"

const expected_set expected_sets[] = {
    {"icu-ucnv", "examples", 18, 18, 0, 0,
     ""},
    {"icu-ucnv", "bytes1", 257, 257, 0, 0,
     ""},
    {"icu-ucnv", "bytes2", 65536, 65536, 0, 0,
     ""},
    {"icu-ucnv", "structured", 4000, 4000, 0, 0,
     ""},
    {"icu-u8next", "examples", 18, 18, 0, 0,
     ""},
    {"icu-u8next", "bytes1", 257, 257, 0, 0,
     ""},
    {"icu-u8next", "bytes2", 65536, 65536, 0, 0,
     ""},
    {"icu-u8next", "structured", 4000, 4000, 0, 0,
     ""},
    {"iconv", "examples", 18, 18, 0, 0,
     ""},
    {"iconv", "bytes1", 257, 257, 0, 0,
     ""},
    {"iconv", "bytes2", 65536, 65536, 0, 0,
     ""},
    {"iconv", "structured", 4000, 4000, 0, 0,
     ""},
    {"iconv-wchar", "examples", 18, 14, 0, 4,
     "accepts ill-formed input:4"},
    {"iconv-wchar", "bytes1", 257, 257, 0, 0,
     ""},
    {"iconv-wchar", "bytes2", 65536, 65536, 0, 0,
     ""},
    {"iconv-wchar", "structured", 4000, 3465, 0, 535,
     "error offset differs:345|accepts ill-formed input:190"},
    {"mbrtowc", "examples", 18, 14, 0, 4,
     "accepts ill-formed input:4"},
    {"mbrtowc", "bytes1", 257, 257, 0, 0,
     ""},
    {"mbrtowc", "bytes2", 65536, 65536, 0, 0,
     ""},
    {"mbrtowc", "structured", 4000, 3465, 0, 535,
     "error offset differs:345|accepts ill-formed input:190"},
    {"glib", "examples", 18, 14, 3, 1,
     "glib-make-valid-per-byte:3|rejects valid input:1"},
    {"glib", "bytes1", 257, 256, 0, 1,
     "rejects valid input:1"},
    {"glib", "bytes2", 65536, 63809, 1216, 511,
     "rejects valid input:255|error offset differs:128|replacement output differs:128|glib-make-valid-per-byte:1216"},
    {"glib", "structured", 4000, 2695, 1041, 264,
     "rejects valid input:37|glib-make-valid-per-byte:1041|error offset differs:93|replacement output differs:134"},
    {"libunistring", "examples", 18, 13, 5, 0,
     "unistring-mbtouc-whole-sequence:5"},
    {"libunistring", "bytes1", 257, 257, 0, 0,
     ""},
    {"libunistring", "bytes2", 65536, 65216, 320, 0,
     "unistring-mbtouc-whole-sequence:320"},
    {"libunistring", "structured", 4000, 2219, 1781, 0,
     "unistring-mbtouc-whole-sequence:1781"},
    {"utf8proc", "examples", 18, 18, 0, 0,
     ""},
    {"utf8proc", "bytes1", 257, 257, 0, 0,
     ""},
    {"utf8proc", "bytes2", 65536, 65536, 0, 0,
     ""},
    {"utf8proc", "structured", 4000, 4000, 0, 0,
     ""},
    {"python", "examples", 18, 18, 0, 0,
     ""},
    {"python", "bytes1", 257, 257, 0, 0,
     ""},
    {"python", "bytes2", 65536, 65536, 0, 0,
     ""},
    {"python", "structured", 4000, 4000, 0, 0,
     ""},
    {"node", "examples", 18, 18, 0, 0,
     ""},
    {"node", "bytes1", 257, 257, 0, 0,
     ""},
    {"node", "bytes2", 65536, 65536, 0, 0,
     ""},
    {"node", "structured", 4000, 4000, 0, 0,
     ""},
    /* Kuhn's UTF-8-test.txt, line by line (test_corpus.c). Its line 2.1.1
     * holds a 00 byte (glib: "rejects valid input"); lines 2.1.5, 2.1.6,
     * 2.2.4, 2.2.5, 2.2.6 and 2.3.5 hold F8.., FC.., F7 BF BF BF, FB..,
     * FD.. and F4 90 80 80, which glibc's wide-character decoders accept. */
    {"icu-ucnv", "kuhn", 300, 300, 0, 0,
     ""},
    {"icu-u8next", "kuhn", 300, 300, 0, 0,
     ""},
    {"iconv", "kuhn", 300, 300, 0, 0,
     ""},
    {"iconv-wchar", "kuhn", 300, 294, 0, 6,
     "accepts ill-formed input:6"},
    {"mbrtowc", "kuhn", 300, 294, 0, 6,
     "accepts ill-formed input:6"},
    {"glib", "kuhn", 300, 297, 2, 1,
     "rejects valid input:1|glib-make-valid-per-byte:2"},
    {"libunistring", "kuhn", 300, 273, 27, 0,
     "unistring-mbtouc-whole-sequence:27"},
    {"utf8proc", "kuhn", 300, 300, 0, 0,
     ""},
    {"python", "kuhn", 300, 300, 0, 0,
     ""},
    {"node", "kuhn", 300, 300, 0, 0,
     ""},
};
const size_t n_expected_sets = sizeof expected_sets / sizeof expected_sets[0];

/* Outcomes on examples_hex, in its order. */
static const char *const icu_ucnv_outcomes[] = {
    "=", /* C0 80 */
    "=", /* E0 80 AF */
    "=", /* ED A1 8C ED BE B4 */
    "=", /* F4 90 80 80 */
    "=", /* E4 BD 41 */
    "=", /* F0 9F 98 */
    "=", /* E4 BD A0 */
    "=", /* (empty) */
    "=", /* 00 41 */
    "=", /* EF BF BE */
    "=", /* F4 8F BF BF */
    "=", /* EF BB BF 41 */
    "=", /* F8 88 80 80 80 */
    "=", /* FC 84 80 80 80 80 */
    "=", /* F5 80 80 80 */
    "=", /* 41 ED A0 80 42 */
    "=", /* C0 AF */
    "=", /* 41 E2 82 */
};

static const char *const icu_u8next_outcomes[] = {
    "=", /* C0 80 */
    "=", /* E0 80 AF */
    "=", /* ED A1 8C ED BE B4 */
    "=", /* F4 90 80 80 */
    "=", /* E4 BD 41 */
    "=", /* F0 9F 98 */
    "=", /* E4 BD A0 */
    "=", /* (empty) */
    "=", /* 00 41 */
    "=", /* EF BF BE */
    "=", /* F4 8F BF BF */
    "=", /* EF BB BF 41 */
    "=", /* F8 88 80 80 80 */
    "=", /* FC 84 80 80 80 80 */
    "=", /* F5 80 80 80 */
    "=", /* 41 ED A0 80 42 */
    "=", /* C0 AF */
    "=", /* 41 E2 82 */
};

static const char *const iconv_outcomes[] = {
    "=", /* C0 80 */
    "=", /* E0 80 AF */
    "=", /* ED A1 8C ED BE B4 */
    "=", /* F4 90 80 80 */
    "=", /* E4 BD 41 */
    "=", /* F0 9F 98 */
    "=", /* E4 BD A0 */
    "=", /* (empty) */
    "=", /* 00 41 */
    "=", /* EF BF BE */
    "=", /* F4 8F BF BF */
    "=", /* EF BB BF 41 */
    "=", /* F8 88 80 80 80 */
    "=", /* FC 84 80 80 80 80 */
    "=", /* F5 80 80 80 */
    "=", /* 41 ED A0 80 42 */
    "=", /* C0 AF */
    "=", /* 41 E2 82 */
};

static const char *const iconv_wchar_outcomes[] = {
    "=", /* C0 80 */
    "=", /* E0 80 AF */
    "=", /* ED A1 8C ED BE B4 */
    "!accepts ill-formed input", /* F4 90 80 80 */
    "=", /* E4 BD 41 */
    "=", /* F0 9F 98 */
    "=", /* E4 BD A0 */
    "=", /* (empty) */
    "=", /* 00 41 */
    "=", /* EF BF BE */
    "=", /* F4 8F BF BF */
    "=", /* EF BB BF 41 */
    "!accepts ill-formed input", /* F8 88 80 80 80 */
    "!accepts ill-formed input", /* FC 84 80 80 80 80 */
    "!accepts ill-formed input", /* F5 80 80 80 */
    "=", /* 41 ED A0 80 42 */
    "=", /* C0 AF */
    "=", /* 41 E2 82 */
};

static const char *const mbrtowc_outcomes[] = {
    "=", /* C0 80 */
    "=", /* E0 80 AF */
    "=", /* ED A1 8C ED BE B4 */
    "!accepts ill-formed input", /* F4 90 80 80 */
    "=", /* E4 BD 41 */
    "=", /* F0 9F 98 */
    "=", /* E4 BD A0 */
    "=", /* (empty) */
    "=", /* 00 41 */
    "=", /* EF BF BE */
    "=", /* F4 8F BF BF */
    "=", /* EF BB BF 41 */
    "!accepts ill-formed input", /* F8 88 80 80 80 */
    "!accepts ill-formed input", /* FC 84 80 80 80 80 */
    "!accepts ill-formed input", /* F5 80 80 80 */
    "=", /* 41 ED A0 80 42 */
    "=", /* C0 AF */
    "=", /* 41 E2 82 */
};

static const char *const glib_outcomes[] = {
    "=", /* C0 80 */
    "=", /* E0 80 AF */
    "=", /* ED A1 8C ED BE B4 */
    "=", /* F4 90 80 80 */
    "~glib-make-valid-per-byte", /* E4 BD 41 */
    "~glib-make-valid-per-byte", /* F0 9F 98 */
    "=", /* E4 BD A0 */
    "=", /* (empty) */
    "!rejects valid input", /* 00 41 */
    "=", /* EF BF BE */
    "=", /* F4 8F BF BF */
    "=", /* EF BB BF 41 */
    "=", /* F8 88 80 80 80 */
    "=", /* FC 84 80 80 80 80 */
    "=", /* F5 80 80 80 */
    "=", /* 41 ED A0 80 42 */
    "=", /* C0 AF */
    "~glib-make-valid-per-byte", /* 41 E2 82 */
};

static const char *const libunistring_outcomes[] = {
    "=", /* C0 80 */
    "~unistring-mbtouc-whole-sequence", /* E0 80 AF */
    "~unistring-mbtouc-whole-sequence", /* ED A1 8C ED BE B4 */
    "~unistring-mbtouc-whole-sequence", /* F4 90 80 80 */
    "=", /* E4 BD 41 */
    "=", /* F0 9F 98 */
    "=", /* E4 BD A0 */
    "=", /* (empty) */
    "=", /* 00 41 */
    "=", /* EF BF BE */
    "=", /* F4 8F BF BF */
    "=", /* EF BB BF 41 */
    "=", /* F8 88 80 80 80 */
    "=", /* FC 84 80 80 80 80 */
    "~unistring-mbtouc-whole-sequence", /* F5 80 80 80 */
    "~unistring-mbtouc-whole-sequence", /* 41 ED A0 80 42 */
    "=", /* C0 AF */
    "=", /* 41 E2 82 */
};

static const char *const utf8proc_outcomes[] = {
    "=", /* C0 80 */
    "=", /* E0 80 AF */
    "=", /* ED A1 8C ED BE B4 */
    "=", /* F4 90 80 80 */
    "=", /* E4 BD 41 */
    "=", /* F0 9F 98 */
    "=", /* E4 BD A0 */
    "=", /* (empty) */
    "=", /* 00 41 */
    "=", /* EF BF BE */
    "=", /* F4 8F BF BF */
    "=", /* EF BB BF 41 */
    "=", /* F8 88 80 80 80 */
    "=", /* FC 84 80 80 80 80 */
    "=", /* F5 80 80 80 */
    "=", /* 41 ED A0 80 42 */
    "=", /* C0 AF */
    "=", /* 41 E2 82 */
};

static const char *const python_outcomes[] = {
    "=", /* C0 80 */
    "=", /* E0 80 AF */
    "=", /* ED A1 8C ED BE B4 */
    "=", /* F4 90 80 80 */
    "=", /* E4 BD 41 */
    "=", /* F0 9F 98 */
    "=", /* E4 BD A0 */
    "=", /* (empty) */
    "=", /* 00 41 */
    "=", /* EF BF BE */
    "=", /* F4 8F BF BF */
    "=", /* EF BB BF 41 */
    "=", /* F8 88 80 80 80 */
    "=", /* FC 84 80 80 80 80 */
    "=", /* F5 80 80 80 */
    "=", /* 41 ED A0 80 42 */
    "=", /* C0 AF */
    "=", /* 41 E2 82 */
};

static const char *const node_outcomes[] = {
    "=", /* C0 80 */
    "=", /* E0 80 AF */
    "=", /* ED A1 8C ED BE B4 */
    "=", /* F4 90 80 80 */
    "=", /* E4 BD 41 */
    "=", /* F0 9F 98 */
    "=", /* E4 BD A0 */
    "=", /* (empty) */
    "=", /* 00 41 */
    "=", /* EF BF BE */
    "=", /* F4 8F BF BF */
    "=", /* EF BB BF 41 */
    "=", /* F8 88 80 80 80 */
    "=", /* FC 84 80 80 80 80 */
    "=", /* F5 80 80 80 */
    "=", /* 41 ED A0 80 42 */
    "=", /* C0 AF */
    "=", /* 41 E2 82 */
};

const expected_examples expected_example_rows[] = {
    {"icu-ucnv", icu_ucnv_outcomes},
    {"icu-u8next", icu_u8next_outcomes},
    {"iconv", iconv_outcomes},
    {"iconv-wchar", iconv_wchar_outcomes},
    {"mbrtowc", mbrtowc_outcomes},
    {"glib", glib_outcomes},
    {"libunistring", libunistring_outcomes},
    {"utf8proc", utf8proc_outcomes},
    {"python", python_outcomes},
    {"node", node_outcomes},
};
const size_t n_expected_example_rows =
    sizeof expected_example_rows / sizeof expected_example_rows[0];
