/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* audit.c -- `u8guard audit`: the conformance audit is a separate program,
 * u8guard-audit, installed under libexec (it links ICU, GLib,
 * libunistring and utf8proc, which the rest of the command must not drag
 * into every process: `u8guard check` needs libc only). This file finds it
 * relative to the running command (oracle/api/install_dirs.h, so a moved
 * install still finds it) and replaces the command with it; without it,
 * it says where it looked. `u8guard audit --help` works either way. */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

#include "audit_usage.h"
#include "commands.h"
#include "diag.h"
#include "install_dirs.h"

/* The text of `u8guard audit --help`, also where the audit is not installed. */
const char audit_help[] = U8GUARD_AUDIT_USAGE;

/* Returns true when argv[1..argc) asks for help (before any "--"). */
static bool wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)
            return true;
    return false;
}

int cmd_audit(int argc, char **argv, struct writer *out)
{
    static char path[PATH_MAX];
    const char *prog = u8g_exe_relative(U8GUARD_REL_BIN_TO_AUDIT "/" U8GUARD_AUDIT_PROGRAM,
                                        path, sizeof path);
    bool found = prog != NULL && access(prog, X_OK) == 0;

    if (!found && wants_help(argc, argv)) {
        writer_str(out, audit_help);
        writer_str(out, "\nThe audit is not installed here: " U8GUARD_AUDIT_PROGRAM
                        " was not found next to this command.\n");
        return writer_flush(out) ? EXIT_VALID : EXIT_TROUBLE;
    }
    if (prog == NULL) {
        diag("audit: cannot find " U8GUARD_AUDIT_PROGRAM ": the path of this "
             "command is not known (/proc/self/exe)");
        return EXIT_TROUBLE;
    }
    if (!found) {
        diag("audit: %s: %s (the audit is a separate program: configure with "
             "-DU8GUARD_ORACLES=ON, or install the u8guard-audit package)",
             prog, strerror(errno));
        return EXIT_TROUBLE;
    }
    /* The audit prints with its own stdio: hand it a clean standard output. */
    if (!writer_flush(out))
        return EXIT_TROUBLE;
    /* argv[0] names the program run; the rest are the audit's options, and
     * argv[argc] is the NULL that main's argv ends with. */
    argv[0] = path;
    execv(path, argv);
    diag("audit: cannot run %s: %s", path, strerror(errno));
    return EXIT_TROUBLE;
}
