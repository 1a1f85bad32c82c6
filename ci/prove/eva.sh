#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# ci/prove/eva.sh -- Eva over the public functions that WP proves, with
# fully unknown input contents for every length 0..MAX (ci/prove/eva_driver.c,
# doc/proofs.md "Eva"). Prints the number of alarms and the functions
# reached; exits 1 on any alarm or on a function not reached.
# NOT part of ci/prove.sh: it reports zero alarms only for short lengths,
# and its cost grows exponentially with MAX (doc/proofs.md).
#
#   bash ci/prove/eva.sh [MAX]     default MAX 2
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
MAX=${1:-2}
OUT=$ROOT/build/prove
mkdir -p "$OUT"
log=$OUT/eva-$MAX.log

# The driver's own functions are analysed with slevel 0 (states joined
# after each call); the library's with -eva-slevel, and each function's
# return states split by the value returned.
flat=main,exercise,t_utf16,t_utf32,t_count_errors,t_validate,t_validate_null,t_valid_prefix
for k in $(seq 1 64); do flat="$flat,case_$k"; done
slevel=${EVA_SLEVEL:-400}

start=$(date +%s)
# -no-annot: the C code alone. The ACSL contracts are WP's (ci/prove.sh);
# without them Eva's alarms are about the C code only, and the unknown
# contents come from volatile reads rather than an ACSL-specified builtin.
nice -n 10 frama-c -c11 -no-annot \
  -cpp-extra-args="-I$ROOT/include -I$ROOT/src -DEVA_MAX_LEN=$MAX" \
  "$ROOT/src/validate.c" "$ROOT/src/decode.c" "$ROOT/src/encode.c" \
  "$ROOT/src/scalar.c" "$ROOT/ci/prove/eva_driver.c" \
  -eva -main main -eva-slevel "$slevel" -eva-split-return full \
  -eva-slevel-function "$(echo "$flat" | sed -E 's/(,|$)/:0\1/g')" \
  -eva-print-callstacks >"$log" 2>&1 \
  || { tail -n 30 "$log"; echo "eva: frama-c failed"; exit 1; }
secs=$(( $(date +%s) - start ))

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
echo "eva: lengths 0..$MAX, fully unknown contents: $alarms alarms; ${#missing[@]} of the listed functions not reached; ${secs} s wall (log: $log)"
if [ "$alarms" != 0 ]; then
  grep -E -A1 '^\[eva:alarm\]' "$log" | grep -E 'assert|^\[eva:alarm\]' | paste - - | sort | uniq -c || true
  echo "eva: FAILED: $alarms alarms"
  exit 1
fi
if [ ${#missing[@]} -ne 0 ]; then
  echo "eva: FAILED: not reached: ${missing[*]}"
  exit 1
fi
