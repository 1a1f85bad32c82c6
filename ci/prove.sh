#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# ci/prove.sh -- the Frama-C proofs of doc/proofs.md: WP (with the RTE
# plug-in's runtime-error goals) over the functions listed in PROVED below,
# against the ACSL contracts written beside the code. Prints the goals and
# how many are proved for each file; fails on any goal that is not proved.
# Only the functions listed here are claimed as proved.
#
#   bash ci/prove.sh             run every proof (2.5 min CPU; 4-14 min on 2 shared cores)
#   PROVE_TIMEOUT=60 bash ci/prove.sh   a longer per-goal prover timeout (default 60 s)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

command -v frama-c >/dev/null || { echo "prove: frama-c not found (bash ci/deps.sh --prove)"; exit 1; }
# WP reaches the SMT solvers through Why3, which must know where they are.
if ! why3 config list-provers 2>/dev/null | grep -q '^CVC4'; then
  why3 config detect >/dev/null
fi

TIMEOUT=${PROVE_TIMEOUT:-60}
OUT=$ROOT/build/prove
mkdir -p "$OUT"

# file:functions -- the functions of that file whose goals are proved
PROVED=(
  "src/scalar.c:u8g_step"
  "src/scalar.c:u8g_classify,u8g_set_ok,scalar_valid_prefix,scalar_to_utf32,scalar_to_utf16"
  "src/encode.c:u8guard_encode"
  "src/decode.c:decode_bounded,finish"
)

total=0
proved=0
bad=0
run=0
for entry in "${PROVED[@]}"; do
  file=${entry%%:*}
  fcts=${entry#*:}
  run=$((run + 1))
  log=$OUT/$run-$(basename "$file" .c).log
  # -wp-split: one goal per case of each disjunction (the ABNF's ranges),
  # each small enough for the solvers. The timeout is generous because
  # CI machines are shared; proved goals take well under a second idle.
  nice -n 10 frama-c -c11 -cpp-extra-args="-I$ROOT/include -I$ROOT/src" "$ROOT/$file" \
    -wp -wp-rte -wp-fct "$fcts" -wp-prover cvc4,z3 -wp-timeout "$TIMEOUT" \
    -wp-par 2 -wp-split \
    -wp-session "$OUT/session-$run" >"$log" 2>&1 \
    || { tail -n 30 "$log"; echo "prove: frama-c failed on $file"; exit 1; }
  line=$(grep -E '^\[wp\] Proved goals:' "$log" | tail -n 1)
  p=$(echo "$line" | sed -E 's/.*: *([0-9]+) *\/ *([0-9]+).*/\1/')
  t=$(echo "$line" | sed -E 's/.*: *([0-9]+) *\/ *([0-9]+).*/\2/')
  [ -n "$t" ] || { tail -n 30 "$log"; echo "prove: no goal count for $file"; exit 1; }
  echo "prove: $file ($fcts): $p / $t goals proved"
  if [ "$p" != "$t" ]; then
    grep -E -A2 '^\[wp\] \[(Failed|Timeout|Unknown)' "$log" || true
    bad=$((bad + t - p))
  fi
  total=$((total + t))
  proved=$((proved + p))
done

echo "prove: WP total: $proved / $total goals proved"
if [ $bad -ne 0 ]; then
  echo "prove: FAILED: $bad goals not proved"
  exit 1
fi
