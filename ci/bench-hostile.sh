#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# ci/bench-hostile.sh -- the command rows of the hostile-input benchmark
# (bench/README.md, "Hostile input"): `u8guard check` against `iconv -c`
# on four error-dense files of 16 MiB (E0 repeated, ED A0 80 repeated, 80
# repeated, random bytes), best of 3 wall-clock runs each, output to
# /dev/null. u8bench --hostile-only gives the library's rows.
#
#   bash ci/bench-hostile.sh [BUILD_DIR] [--all]
#       BUILD_DIR: default build-bench (needs cli/u8guard there)
#
# Columns: check (lists the first 1000 errors, then stops reading), check
# --count (lists 1000, counts every error), iconv -c -f UTF-8 -t UTF-8;
# with --all also check --max-errors 0 (prints every error: one line of
# ~100 bytes per error, 16 million lines here, so it measures formatting
# and writing 1-2 GB of text; one run, ~20-45 s per file).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build-bench}
ALL=${2:-}
U8G=$BUILD/cli/u8guard
[ -x "$U8G" ] || { echo "bench-hostile: $U8G not built" >&2; exit 2; }
command -v iconv >/dev/null || { echo "bench-hostile: iconv not found" >&2; exit 2; }
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$DIR" "$U8G" "$ALL" <<'EOF'
import random, subprocess, sys, time
d, u8g, n, every = sys.argv[1], sys.argv[2], 16 << 20, sys.argv[3] == '--all'
open(d + '/e0', 'wb').write(b'\xe0' * n)
open(d + '/ed_a0_80', 'wb').write((b'\xed\xa0\x80' * (n // 3 + 1))[:n])
open(d + '/80', 'wb').write(b'\x80' * n)
open(d + '/random', 'wb').write(random.Random(20261122).randbytes(n))

def best_of(cmd, runs=3):
    best = None
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        t = time.perf_counter() - t
        best = t if best is None or t < best else best
    return best

print('%-10s %9s %9s %9s %9s %10s %9s' % ('file', 'check', 'check-cnt', 'check-all',
                                          'iconv -c', 'iconv/cnt', 'MB/s cnt'))
for f in ('e0', 'ed_a0_80', '80', 'random'):
    path = d + '/' + f
    c = best_of([u8g, 'check', path])
    k = best_of([u8g, 'check', '--count', path])
    a = best_of([u8g, 'check', '--max-errors', '0', path], 1) if every else 0
    i = best_of(['iconv', '-c', '-f', 'UTF-8', '-t', 'UTF-8', path])
    a = '%8.3fs' % a if every else '%9s' % '-'
    print('%-10s %8.3fs %8.3fs %s %8.3fs %9.2fx %9.0f' % (f, c, k, a, i, i / k, n / k / 1e6))
print('(iconv/cnt > 1: check --count is faster than iconv -c)')
EOF
