#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# ci/bench-cli.sh -- the command's rows of the benchmark (bench/README.md,
# "The command"): `u8guard check` against `cat FILE >/dev/null`,
# `u8guard sanitize -o` against `cp`, both against `iconv -c`, and how soon
# `check --max-errors 1`, `check -q` and `check -l` return on a file whose
# first error is at offset 1000, each in the same run as its peer (runs
# interleaved, best of N; wall clock and CPU time, user + system, of the
# child).
#
#   bash ci/bench-cli.sh [BUILD_DIR] [--big]
#       BUILD_DIR: default build-bench (needs cli/u8guard there)
#       --big: also a 1 GiB file (needs ~3.2 GiB free in the directory:
#              the text, its copy with an early error, one output)
#
# Files: the text corpus (../shared/textcorpus, *.utf8.txt, concatenated
# and repeated) cut to 16 MiB (and 1 GiB), in $BENCH_CLI_DIR (default
# /dev/shm when it exists, so every read is from the page cache), deleted
# on exit. Ratios: peer time / u8guard time, so 0.80 means u8guard takes
# 1.25x as long as the peer; the targets are check >= 0.80 of cat and
# sanitize >= 0.80 of cp.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build-bench}
BIG=${2:-}
U8G=$PWD/$BUILD/cli/u8guard
[ -x "$U8G" ] || { echo "bench-cli: $U8G not built" >&2; exit 2; }
CORPUS=$PWD/../shared/textcorpus
[ -d "$CORPUS" ] || { echo "bench-cli: $CORPUS not found (the text corpus)" >&2; exit 2; }
for t in cat cp iconv python3; do
  command -v $t >/dev/null || { echo "bench-cli: $t not found" >&2; exit 2; }
done
BASE=${BENCH_CLI_DIR:-$( [ -d /dev/shm ] && echo /dev/shm || echo "${TMPDIR:-/tmp}")}
DIR=$(mktemp -d "$BASE/u8g-bench-cli.XXXXXX")
trap 'rm -rf "$DIR"' EXIT
echo "load: $(cut -d' ' -f1-3 /proc/loadavg); files in $DIR; $("$U8G" --version 2>/dev/null | head -n1)"
python3 - "$DIR" "$U8G" "$CORPUS" "$BIG" <<'EOF'
import glob, os, shutil, subprocess, sys, time

d, u8g, corpus, big = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] == '--big'
text = b''.join(open(f, 'rb').read() for f in sorted(glob.glob(corpus + '/**/*.utf8.txt',
                                                              recursive=True)))

def make(name, n, head=b''):
    """The corpus repeated to n bytes (cut at a character boundary), after head."""
    path = os.path.join(d, name)
    with open(path, 'wb') as f:
        f.write(head)
        left = n - len(head)
        while left > len(text):
            f.write(text)
            left -= len(text)
        cut = text[:left]
        while cut and cut[-1] >= 0x80:  # never end inside a character
            cut = cut[:-1]
        f.write(cut)
    return path

def run(cmd, out=None):
    """Wall and CPU (user + system) seconds of one run, output to out or /dev/null."""
    dst = open(out, 'wb') if out else open(os.devnull, 'wb')
    t = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=dst, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    t = time.perf_counter() - t
    dst.close()
    return t, ru.ru_utime + ru.ru_stime, os.waitstatus_to_exitcode(status)

def race(cmds, runs):
    """Best wall and CPU time of each command, the runs interleaved."""
    best = [[1e9, 1e9, None] for _ in cmds]
    for _ in range(runs):
        for b, (cmd, out) in zip(best, cmds):
            w, c, rc = run(cmd, out)
            b[0], b[1], b[2] = min(b[0], w), min(b[1], c), rc
    return best

def row(label, size, ours, peer, peer_name):
    print('%-46s %8.1f ms %8.1f ms %6.2f   %8.1f ms %8.1f ms %6.2f  (%s; %.0f MB/s wall)' % (
        label, ours[0] * 1e3, peer[0] * 1e3, peer[0] / ours[0],
        ours[1] * 1e3, peer[1] * 1e3, peer[1] / max(ours[1], 1e-6), peer_name,
        size / ours[0] / 1e6))

print('%-46s %11s %11s %6s   %11s %11s %6s' % ('row', 'u8guard', 'peer', 'ratio',
                                            'u8g CPU', 'peer CPU', 'ratio'))
print('  (ratio: peer time / u8guard time; >= 0.80 meets the check and sanitize targets)')
sizes = [('16MiB', 16 << 20, 9)] + ([('1GiB', 1 << 30, 3)] if big else [])
for label, n, runs in sizes:
    f = make('text-' + label, n)
    bad = make('early-' + label, n, b'a' * 1000 + b'\x80' + b'b' * 2000)
    out = os.path.join(d, 'out')
    size = os.path.getsize(f)
    for args, in (([u8g, 'check', f],), ):
        r = race([(args, None), (['cat', f], None)], runs)
        assert r[0][2] == 0, 'check of the clean text: exit %s' % r[0][2]
        row('check %s vs cat' % label, size, r[0], r[1], 'cat >/dev/null')
    r = race([([u8g, 'sanitize', f, '-o', out], None), (['cp', f, out], None)], runs)
    assert r[0][2] == 0
    row('sanitize -o %s vs cp' % label, size, r[0], r[1], 'cp')
    r = race([([u8g, 'sanitize', f], None), (['cat', f], None)], runs)
    row('sanitize %s >/dev/null vs cat' % label, size, r[0], r[1], 'cat >/dev/null')
    r = race([([u8g, 'check', f], None),
              (['iconv', '-c', '-f', 'UTF-8', '-t', 'UTF-8', f], None)], 1 if n > 64 << 20 else 3)
    row('check %s vs iconv -c' % label, size, r[0], r[1], 'iconv -c >/dev/null')
    os.unlink(out)
    for opt in (['--max-errors', '1'], ['-q'], ['-l']):
        r = race([([u8g, 'check'] + opt + [bad], None), (['cat', bad], None)], runs)
        assert r[0][2] == 1, 'check %s of the early error: exit %s' % (opt, r[0][2])
        row('check %s, error at 1000, %s' % (' '.join(opt), label), size, r[0], r[1],
            'cat of the whole file')
    os.unlink(f)
    os.unlink(bad)
EOF
