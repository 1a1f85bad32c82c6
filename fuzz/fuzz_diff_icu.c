/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* fuzz_diff_icu -- differential fuzzing against ICU, both code paths: the
 * converter API (icu-ucnv: ucnv_toUChars with a stop callback, and
 * replacement mode) and the U8_NEXT macro (icu-u8next). Each verdict is
 * compared with u8guard's by oracle_compare (oracle/oracle.h); a
 * disagreement that the adapter does not document prints one
 * "U8GUARD-DIFF ..." line and aborts (see fuzz/README.md for turning it
 * into a regression test). */
#include "diff.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const ORACLES[] = {"icu-ucnv", "icu-u8next"};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_diff_run("fuzz_diff_icu", ORACLES, sizeof ORACLES / sizeof ORACLES[0], data, size);
    return 0;
}
