/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_unit.c -- the library's unit tests: exact offsets, lengths, kinds,
 * code points and bytes for doc/contract.md section 2 and every edge of the
 * u8guard.h contract, run once per supported implementation.
 *
 *   test_unit              all suites
 *   test_unit --env-impl   only: the first-use choice follows U8GUARD_IMPL */
#include "unit_suites.h"

#include <string.h>

static void all_suites(void)
{
    unit_design_examples();
    unit_lead_second_grid();
    unit_truncation();
    unit_planted();
    unit_capacity();
    unit_null_args();
    unit_encode_and_names();
    unit_stream_api();
    unit_policy();
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--env-impl") == 0)
        return unit_env_impl();
    check_each_impl("test_unit", all_suites);
    unit_impl_api();
    return check_finish("test_unit");
}
