/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* audit_usage.h -- the text of `u8guard audit --help`, in one place.
 * oracle/audit/options.c prints it, and the u8guard command prints it for
 * `u8guard help audit` -- also in a build without the oracles (no ICU),
 * which is why it is a header with nothing else in it. */
#ifndef U8GUARD_AUDIT_USAGE_H
#define U8GUARD_AUDIT_USAGE_H

/* U8GUARD_AUDIT_USAGE is the usage text, options and exit status of
 * `u8guard audit`, as a string literal. */
#define U8GUARD_AUDIT_USAGE \
    "usage: u8guard audit [--plugin FILE.so]... [--exec COMMAND]... [--world]\n" \
    "                     [--json | --format text|json|markdown] [--seconds S] [--seed N]\n" \
    "                     [--cases N] [--timeout-ms N] [--only NAME]... [--no-builtin]\n" \
    "                     [--corpus FILE] [--record DIR]\n" \
    "       u8guard audit --replay DIR [--plugin FILE.so]... [--exec COMMAND]...\n" \
    "       u8guard audit --replay-one FILE [--plugin FILE.so]...\n" \
    "       u8guard audit --list\n" \
    "\n" \
    "Runs the conformance corpus, then generated and mutated inputs, through\n" \
    "every decoder available (the built-in oracles and each plugin) and\n" \
    "reports, per decoder and error class, where it agrees with u8guard,\n" \
    "where it disagrees, and where it differs in a documented way (known\n" \
    "divergence), with the first minimal example of each disagreement.\n" \
    "\n" \
    "  --plugin FILE.so   also audit this decoder (doc/plugin-abi.md); it runs\n" \
    "                     in a sandbox (own PID namespace or process group,\n" \
    "                     limits on memory, processes, file size, CPU):\n" \
    "                     crashes, hangs, exits, reads and writes outside its\n" \
    "                     buffers are findings\n" \
    "  --exec COMMAND     also audit the decoder COMMAND (run by /bin/sh -c in\n" \
    "                     the same sandbox) speaking the line protocol of\n" \
    "                     doc/audit-exec.md: a hex input per line, one answer\n" \
    "                     'ok CP...' or 'reject OFFSET|? CP...' per line\n" \
    "  --list             list every decoder (built-in, then the world registry)\n" \
    "                     with its language, version and 'ok' or 'missing: WHY'\n" \
    "                     (what to install), then exit 0 (doc/audit-world.md)\n" \
    "  --world            also audit every decoder of the world registry\n" \
    "                     (libexec/u8guard/world/decoders.tsv, or\n" \
    "                     $U8GUARD_WORLD_DIR) that can run here, its replacing\n" \
    "                     mode compared with u8guard's lossy decoding\n" \
    "  --json             one JSON object per decoder, one per line\n" \
    "  --format F         text (default), json (= --json) or markdown: the\n" \
    "                     report of doc/FINDINGS.md, without times or paths\n" \
    "  --seconds S        time for generated inputs after the corpus (default 8;\n" \
    "                     0: the corpus only, which always runs whole; a plugin\n" \
    "                     that hung 8 times is called no more: 'incomplete')\n" \
    "  --cases N          exactly N generated inputs instead, and no time limit\n" \
    "                     (same seed, same output; a plugin that hangs costs\n" \
    "                     --timeout-ms per input)\n" \
    "  --seed N           the generator's seed (default 20260101; printed)\n" \
    "  --timeout-ms N     a plugin or --exec call taking longer is a hang\n" \
    "                     (default 1000)\n" \
    "  --only NAME        of the built-in oracles, audit only NAME (repeatable;\n" \
    "                     plugins are always audited)\n" \
    "  --no-builtin       audit only the plugins, --exec and --world decoders\n" \
    "  --corpus FILE      the conformance corpus (default: the installed copy in\n" \
    "                     share/u8guard beside u8guard, else the source tree's\n" \
    "                     corpus/conformance/conformance.txt)\n" \
    "  --record DIR       keep each minimal example found in DIR (DIR/<sha256>.bin\n" \
    "                     and a line of DIR/manifest.jsonl)\n" \
    "  --replay DIR       replay DIR/manifest.jsonl: u8guard and each decoder must\n" \
    "                     still say what was recorded\n" \
    "  --replay-one FILE  what u8guard and each decoder say about FILE's bytes\n" \
    "                     (or a U8GUARD-DIFF line's hex=), as one JSON line\n" \
    "\n" \
    "exit status: 0 every decoder conforms (known divergences allowed), 1 some\n" \
    "decoder disagrees, faults or a replayed case changed, 2 usage or I/O error\n" \
    "(or no decoder could run here).\n"

#endif
