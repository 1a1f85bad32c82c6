#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# ci/mutate-sample.sh -- CI's stage mutate-sample: 20 mutants drawn at random
# from the whole tree (src/ with every kernel this machine runs, NEON under
# qemu when the cross toolchain is there, cli/, oracle/), each judged by its
# own file's tests (ci/mutate_whole.py), in about 6 minutes on 2 cores.
#
#   bash ci/mutate-sample.sh                 the seed of this code (below)
#   MUTATE_SEED=S bash ci/mutate-sample.sh   the draw of seed S again
#
# How it stays within its time (tests/hardening/README.md, "The CI stage"):
# no --coverage build and no per-line map (--no-map: mapping the tests a
# draw needs cost 5-20 minutes); each file's tests in the order that kills
# quickly (broad, fast tests first, ci/mutate_whole.py's ORDER); and a cap
# of CAP seconds on each mutant's own builds and test runs: a mutant not
# killed by then is UNDECIDED (printed with the command that judges it
# without the cap), not a survivor. A survivor is a mutant whose whole
# test list ran within the cap without failing. Each shard's mutants share
# a budget of BUDGET seconds (a mutant's cap is at most what is left of it
# divided by the mutants left), so the stage ends near the one-job build
# (~70-90 s) + BUDGET even when every mutant is capped.
#
# The gate (exit status 1): the unmutated tree failing a test, a runner or
# setup error, an equivalence claim's anchor or source fact gone stale
# (exit 2), a listed equivalent mutant killed, more than MAX_SURVIVORS
# unexplained survivors, or more than MAX_UNDECIDED undecided mutants (16
# of 20: the stage judged almost nothing, e.g. a build or test that became
# far slower) on a machine not loaded by other jobs (below). Why
# survivors are allowed at all: the whole-tree runs of 2026-11-27 (seeds
# 1-6) found unexplained survivors at about 5 % of judged mutants (4 of
# 77) before they were handled, so a draw of 20 holds one with
# probability about 0.64 and three or more with about 0.08; a gate at 0
# would fail most CI runs on survivors already printed for the next
# session, a gate at 2 fails on a draw clearly worse than that rate.
# Every survivor is printed with its replay command either way.
set -uo pipefail
cd "$(dirname "$0")/.."

# The seed, unless MUTATE_SEED is given: from the git tree of the code,
# tests and scripts (not the prose), so that the same code always gets the
# same draw and a fresh clone replays CI's exactly; a change to the code
# draws anew. Outside a git checkout, the clock.
code_seed() {
  local t
  t=$(git ls-tree -r HEAD -- src include cli oracle tests fuzz ci python cmake CMakeLists.txt 2>/dev/null \
        | sha256sum | cut -c1-8) && [ "$t" != "$(printf '' | sha256sum | cut -c1-8)" ] \
    && echo $((16#$t)) || date +%s
}
SEED=${MUTATE_SEED:-$(code_seed)}
SAMPLE=${MUTATE_SAMPLE:-20}
CAP=${MUTATE_CAP:-30}
BUDGET=${MUTATE_BUDGET:-270}
MAX_SURVIVORS=${MUTATE_MAX_SURVIVORS:-2}
MAX_UNDECIDED=${MUTATE_MAX_UNDECIDED:-16}

SHARDS=${MUTATE_SHARDS:-2}
OUT=$(mktemp -d "${TMPDIR:-/tmp}/u8guard-mutate-sample-XXXXXX")
trap 'rm -rf "$OUT"' EXIT

echo "mutate-sample: seed $SEED; reproduce this draw (and, on a machine as quiet, its verdicts) with"
echo "  MUTATE_SEED=$SEED bash ci/mutate-sample.sh"
echo "or, in one process (the same draw; about twice the time, so verdicts near the cap may differ):"
echo "  python3 ci/mutate_whole.py --sample $SAMPLE --seed $SEED --no-map --cap $CAP --budget $((BUDGET * SHARDS))" \
  "--max-survivors $MAX_SURVIVORS --max-undecided $MAX_UNDECIDED"
# Two processes (one a core), each with its own copy of the tree and its
# own one-job build, judge every other mutant of the same draw; the gate is
# applied to their reports together below.
for ((k = 0; k < SHARDS; k++)); do
  ( U8GUARD_MUTATE_JOBS=1 python3 ci/mutate_whole.py --sample "$SAMPLE" --seed "$SEED" \
      --no-map --cap "$CAP" --budget "$BUDGET" --max-survivors "$SAMPLE" --shard "$k/$SHARDS" \
      --report "$OUT/report-$k.txt" >"$OUT/log-$k.txt" 2>&1
    echo $? >"$OUT/rc-$k" ) &
done
wait
status=0
for ((k = 0; k < SHARDS; k++)); do
  echo
  echo "---- shard $k/$SHARDS"
  grep -v -e 'left out' -e '^mutate: not compiled by' "$OUT/log-$k.txt"
  rc=$(cat "$OUT/rc-$k" 2>/dev/null || echo missing)
  if [ "$rc" != 0 ] || [ ! -s "$OUT/report-$k.txt" ]; then
    echo "mutate-sample: shard $k ended with status $rc (a runner or setup error, a stale claim," \
      "the unmutated tree failing a test, or a disproved equivalence claim): FAILED"
    status=1
  fi
done
mkdir -p "$(dirname "${MUTATE_REPORT:-build/mutate/sample-report.txt}")"
cat "$OUT"/report-*.txt >"${MUTATE_REPORT:-build/mutate/sample-report.txt}" 2>/dev/null
survived=$(cat "$OUT"/report-*.txt 2>/dev/null | grep -c '^SURVIVED')
undecided=$(cat "$OUT"/report-*.txt 2>/dev/null | grep -c '^UNDECIDED')
killed=$(cat "$OUT"/log-*.txt 2>/dev/null | grep -c '^\[[0-9]*/[0-9]*\] KILLED')
compiler=$(cat "$OUT"/log-*.txt 2>/dev/null | grep -c '^\[[0-9]*/[0-9]*\] COMPILER')
held=$(cat "$OUT"/log-*.txt 2>/dev/null | grep -c '^\[[0-9]*/[0-9]*\] HELD')
echo
echo "mutate-sample: seed $SEED, $SAMPLE mutants: killed $killed, by the compiler $compiler," \
  "equivalence claims held $held, undecided (not killed within ${CAP} s) $undecided," \
  "unexplained survivors $survived"
if [ "$survived" -gt "$MAX_SURVIVORS" ]; then
  echo "mutate-sample: more than $MAX_SURVIVORS unexplained survivors: FAILED"
  status=1
fi
# The cap is wall time: on a machine loaded by other jobs most mutants end
# undecided (17 of 20 at load 28-33 on 2 cores, 2026-11-27), which says
# nothing about the tests. So the undecided bound fails the stage only when
# the machine was not loaded (5-minute load average at most 2 a core, ours
# included); else it is reported and not failed.
load=$(cut -d' ' -f2 /proc/loadavg 2>/dev/null || echo 0)
cores=$(nproc 2>/dev/null || echo 2)
if [ "$undecided" -gt "$MAX_UNDECIDED" ]; then
  if awk -v l="$load" -v c="$cores" 'BEGIN { exit !(l <= 2 * c) }'; then
    echo "mutate-sample: more than $MAX_UNDECIDED undecided mutants at load $load on $cores" \
      "cores (the cap no longer fits this machine, or a build or test became far slower):" \
      "FAILED"
    status=1
  else
    echo "mutate-sample: more than $MAX_UNDECIDED undecided mutants, at load $load on $cores" \
      "cores (other jobs): reported, not failed"
  fi
fi
cat "$OUT"/report-*.txt 2>/dev/null | grep -A1 -e '^SURVIVED' -e '^UNDECIDED' -e '^CLAIM' | grep -v '^--$'
echo "mutate-sample: report in ${MUTATE_REPORT:-build/mutate/sample-report.txt};" \
  "replay the draw: MUTATE_SEED=$SEED bash ci/mutate-sample.sh"
exit $status
