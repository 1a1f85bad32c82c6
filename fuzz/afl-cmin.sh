#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# afl-cmin.sh -- minimise a campaign's corpus with afl-cmin.
#
#   fuzz/afl-cmin.sh TARGET [INPUT_DIR] [OUTPUT_DIR]
#
# INPUT_DIR defaults to every instance's queue of the campaign
# ($AFL_OUT_ROOT/TARGET/*/queue, see afl-campaign.sh); OUTPUT_DIR to
# $AFL_OUT_ROOT/TARGET.cmin. The result is the smallest set of inputs with
# the same coverage; corpus/seeds/ stays generated (fuzz/make-seeds.py):
# keep the minimised corpus as a working corpus, or pick inputs from it
# into make-seeds.py as new named cases.
set -eu
[ $# -ge 1 ] || { echo "usage: $0 TARGET [INPUT_DIR] [OUTPUT_DIR]" >&2; exit 2; }
T=$1
. "$(dirname "$0")/afl-env.sh"
BIN=$(afl_target "$T")
OUT=${3:-$AFL_OUT_ROOT/$T.cmin}
if [ $# -ge 2 ]; then
    IN=$2
else
    # Not in /tmp: afl-cmin refuses to work there.
    IN=$AFL_OUT_ROOT/$T.cmin-input
    rm -rf "$IN"
    mkdir -p "$IN"
    trap 'rm -rf "$IN"' EXIT INT TERM
    for q in "$AFL_OUT_ROOT/$T"/*/queue; do
        [ -d "$q" ] || continue
        inst=$(basename "$(dirname "$q")")
        for f in "$q"/id:*; do [ -f "$f" ] && cp "$f" "$IN/$inst-$(basename "$f" | cut -c1-9)"; done
    done
fi
[ -n "$(ls -A "$IN")" ] || { echo "afl-cmin: nothing in $IN (run fuzz/afl-campaign.sh $T first)" >&2; exit 2; }
rm -rf "$OUT"
before=$(ls "$IN" | wc -l)
afl-cmin -i "$IN" -o "$OUT" -m none -t 5000 -- "$BIN" >"$OUT.log" 2>&1 || { tail -20 "$OUT.log" >&2; exit 1; }
echo "afl-cmin: $T: $before inputs -> $(ls "$OUT" | wc -l) in $OUT"
