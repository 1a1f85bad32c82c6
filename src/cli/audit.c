/* audit.c -- `u8guard audit`: the conformance audit lives in oracle/ (it
 * needs the oracle adapters, hence ICU); the command links it when that
 * part of the project was built (U8GUARD_HAVE_AUDIT), and otherwise says
 * so instead of failing obscurely. */
#include <string.h>

#include "commands.h"
#include "diag.h"

#ifdef U8GUARD_HAVE_AUDIT
#include "audit_main.h"
#endif

/* The same text as `u8guard audit --help` (oracle/audit/options.c, which
 * a build without the oracles does not have). */
const char audit_help[] =
    "usage: u8guard audit [--plugin FILE.so]... [--json] [--seconds S] [--seed N]\n"
    "                     [--cases N] [--timeout-ms N] [--only NAME]... [--no-builtin]\n"
    "                     [--corpus FILE] [--record DIR]\n"
    "       u8guard audit --replay DIR [--plugin FILE.so]...\n"
    "       u8guard audit --replay-one FILE [--plugin FILE.so]...\n"
    "\n"
    "Runs the conformance corpus, then generated and mutated inputs, through\n"
    "every decoder available (the built-in oracles and each plugin) and\n"
    "reports, per decoder and error class, where it agrees with u8guard,\n"
    "where it disagrees, and where it differs in a documented way (known\n"
    "divergence), with the first minimal example of each disagreement.\n"
    "\n"
    "  --plugin FILE.so   also audit this decoder (DESIGN.md section 4); it runs\n"
    "                     in a sandbox child: crashes, hangs and reads past the\n"
    "                     end of the input are findings\n"
    "  --json             one JSON object per decoder, one per line\n"
    "  --seconds S        time for generated inputs after the corpus (default 8); a\n"
    "                     plugin that hangs stops at this limit in the corpus too\n"
    "  --cases N          exactly N generated inputs instead, and no time limit\n"
    "                     (same seed, same output; a plugin that hangs costs\n"
    "                     --timeout-ms per input)\n"
    "  --seed N           the generator's seed (default 20260101; printed)\n"
    "  --timeout-ms N     a plugin call taking longer is a hang (default 1000)\n"
    "  --only NAME        of the built-in oracles, audit only NAME (repeatable;\n"
    "                     plugins are always audited)\n"
    "  --no-builtin       audit only the plugins\n"
    "  --corpus FILE      the conformance corpus (default: the source tree's\n"
    "                     corpus/conformance/conformance.txt, else its installed\n"
    "                     copy in share/u8guard)\n"
    "  --record DIR       keep each minimal example found in DIR (DIR/<sha256>.bin\n"
    "                     and a line of DIR/manifest.jsonl)\n"
    "  --replay DIR       replay DIR/manifest.jsonl: u8guard and each decoder must\n"
    "                     still say what was recorded\n"
    "  --replay-one FILE  what u8guard and each decoder say about FILE's bytes\n"
    "                     (or a U8GUARD-DIFF line's hex=), as one JSON line\n"
    "\n"
    "exit status: 0 every decoder conforms (known divergences allowed), 1 some\n"
    "decoder disagrees, faults or a replayed case changed, 2 usage or I/O error\n"
    "(or no decoder could run here).\n";

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
