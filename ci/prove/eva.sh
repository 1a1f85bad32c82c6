#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# ci/prove/eva.sh -- Eva over the public functions that WP proves, with
# fully unknown input contents for every length 0..MAX (ci/prove/eva_driver.c,
# doc/proofs.md "Eva"). Prints the number of alarms and the functions
# reached; exits 1 on any alarm or on a function not reached.
# NOT part of ci/prove.sh: it reports zero alarms for every length it has
# been run on (0..8 by default), but its cost grows too fast with MAX for
# the 64 bytes the issue asks for to fit the CI budget (doc/proofs.md).
#
#   bash ci/prove/eva.sh [MAX]     default MAX 8, at most 64
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
MAX=${1:-8}
case $MAX in [0-9]|[1-5][0-9]|6[0-4]) ;; *) echo "eva: MAX must be 0..64"; exit 2;; esac
OUT=$ROOT/build/prove
mkdir -p "$OUT"
log=$OUT/eva-$MAX.log

# Eva reads the annotations of a copy of src/ with every ACSL annotation
# but Eva's own (split/merge/slevel) blanked out (ci/prove/eva_strip.py):
# the loops' splits keep one state per offset, and the WP contracts are
# neither evaluated (slow) nor reported.
SRC=$OUT/eva-src
rm -rf "$SRC"
python3 "$ROOT/ci/prove/eva_strip.py" "$ROOT/src" "$SRC"

# slevel: large in the library's functions, so that a call's return
# states stay apart (-eva-split-return full) until a split or merge
# annotation joins them by offset; 40 in u8g_step (its own paths); 0 in
# the driver and in the two loops over u8guard_next_error, whose splits
# separate the offsets.
slevel=${EVA_SLEVEL:-100000}
flat=main:0,exercise:0,t_utf16:0,t_utf32:0,t_count_errors:0,t_validate:0
flat=$flat,t_validate_null:0,t_valid_prefix:0,iterate:0,u8guard_count_errors:0,u8g_step:40
for k in $(seq 0 64); do flat="$flat,case_$k:0"; done

start=$(date +%s)
cpu0=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)
nice -n 10 frama-c -c11 \
  -cpp-extra-args="-I$ROOT/include -I$SRC -DEVA_MAX_LEN=$MAX" \
  "$SRC/validate.c" "$SRC/decode.c" "$SRC/encode.c" \
  "$SRC/scalar.c" "$ROOT/ci/prove/eva_driver.c" \
  -eva -main main -eva-slevel "$slevel" -eva-split-return full \
  -eva-slevel-function "$flat" \
  -eva-print-callstacks >"$log" 2>&1 \
  || { tail -n 30 "$log"; echo "eva: frama-c failed"; exit 1; }
secs=$(( $(date +%s) - start ))
# CPU time (user + system) of the waited-for children, frama-c, in seconds.
cpu=$(( ($(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat) - cpu0) / $(getconf CLK_TCK) ))

summary=$(grep -E '^  ([0-9]+|No) alarms? generated' "$log" | head -n 1 || true)
[ -n "$summary" ] || { tail -n 30 "$log"; echo "eva: no alarm count in $log"; exit 1; }
alarms=$(echo "$summary" | grep -oE '[0-9]+' | head -n 1 || true)
[ -n "$alarms" ] || alarms=0
missing=()
for f in u8guard_validate u8guard_valid_prefix u8guard_next_error next_error_after \
         u8guard_count_errors u8guard_decode_utf32 u8guard_decode_utf16 decode_bounded \
         finish u8guard_encode u8g_step u8g_classify u8g_scalar_valid_prefix \
         u8g_scalar_to_utf32 u8g_scalar_to_utf16 u8g_scalar_validate u8g_scalar_first_error; do
  grep -q "Values at end of function $f:" "$log" || missing+=("$f")
done
echo "eva: lengths 0..$MAX, fully unknown contents: $alarms alarms; ${#missing[@]} of the listed functions not reached; ${secs} s wall, ${cpu} s CPU (log: $log)"
if [ "$alarms" != 0 ]; then
  grep -E -A1 '^\[eva:alarm\]' "$log" | grep -E 'assert|^\[eva:alarm\]' | paste - - | sort | uniq -c || true
  echo "eva: FAILED: $alarms alarms"
  exit 1
fi
if [ ${#missing[@]} -ne 0 ]; then
  echo "eva: FAILED: not reached: ${missing[*]}"
  exit 1
fi
