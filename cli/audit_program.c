/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* audit_program.c -- the u8guard-audit program: the audit engine of oracle/
 * (oracle/api/audit_main.h) as an executable of its own, installed under
 * libexec and run by `u8guard audit` (cli/audit.c) with the audit's
 * options. It is the only part of the command that links the oracles'
 * libraries. */
#include "audit_main.h"

int main(int argc, char **argv)
{
    /* audit_main reads its options after argv[0], which it takes to be
     * the sub-command's name. */
    static char audit_name[] = "audit";

    if (argc < 1)
        return 2;
    argv[0] = audit_name;
    return audit_main(argc, argv);
}
