#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# afl-tmin.sh -- minimise one crashing (or interesting) input with afl-tmin.
#
#   fuzz/afl-tmin.sh TARGET INPUT [OUTPUT]
#
# OUTPUT defaults to INPUT.min. The minimised input still makes the
# target crash (afl-tmin keeps the crash, whatever it is: check the
# harness's U8GUARD-FUZZ line is still the same with
# build-fuzz/libfuzzer/fuzz/TARGET OUTPUT). Prints the result in hex.
set -eu
[ $# -ge 2 ] || { echo "usage: $0 TARGET INPUT [OUTPUT]" >&2; exit 2; }
T=$1 IN=$2
OUT=${3:-$IN.min}
. "$(dirname "$0")/afl-env.sh"
BIN=$(afl_target "$T")
afl-tmin -i "$IN" -o "$OUT" -m none -t 5000 -- "$BIN" >"$OUT.log" 2>&1 || { tail -20 "$OUT.log" >&2; exit 1; }
echo "afl-tmin: $(wc -c <"$IN") -> $(wc -c <"$OUT") bytes: $OUT"
echo "hex: $(od -An -v -tx1 "$OUT" | tr -d ' \n' | cut -c1-400)"
