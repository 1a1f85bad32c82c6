/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* fuzz_diff_iconv -- differential fuzzing against iconv(3) "UTF-8" to
 * "UTF-32LE" (the "iconv" adapter). The verdict is compared with
 * u8guard's by oracle_compare (oracle/oracle.h); a disagreement that the
 * adapter does not document prints one "U8GUARD-DIFF ..." line and aborts.
 *
 * Why not also "iconv-wchar" (UTF-8 to WCHAR_T): glibc 2.36 accepts
 * F4 90 80 80 (above U+10FFFF) there, which a seed hits at once, so every
 * run would stop on that one known finding instead of looking for new
 * ones. u8guard audit reports it. */
#include "diff.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const ORACLES[] = {"iconv"};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_diff_run("fuzz_diff_iconv", ORACLES, sizeof ORACLES / sizeof ORACLES[0], data, size);
    return 0;
}
