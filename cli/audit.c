/* audit.c -- `u8guard audit`: the conformance audit lives in oracle/ (it
 * needs the oracle adapters, hence ICU); the command links it when that
 * part of the project was built (U8GUARD_HAVE_AUDIT), and otherwise says
 * so instead of failing obscurely. */
#include <string.h>

#include "audit_usage.h"
#include "commands.h"
#include "diag.h"

#ifdef U8GUARD_HAVE_AUDIT
#include "audit_main.h"
#endif

/* The text of `u8guard audit --help`, also in a build without the audit. */
const char audit_help[] = U8GUARD_AUDIT_USAGE;

int cmd_audit(int argc, char **argv, struct writer *out)
{
#ifdef U8GUARD_HAVE_AUDIT
    /* The audit engine prints with stdio: hand it a clean standard output. */
    if (!writer_flush(out))
        return EXIT_TROUBLE;
    return audit_main(argc, argv);
#else
    int i;

    for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            writer_str(out, audit_help);
            writer_str(out, "\nThis build has no audit: it was configured without "
                            "the oracle adapters.\n");
            return EXIT_VALID;
        }
    diag("audit: not built in this build (the oracle adapters need ICU; "
         "configure with -DU8GUARD_ORACLES=ON)");
    return EXIT_TROUBLE;
#endif
}
