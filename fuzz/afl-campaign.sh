#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# afl-campaign.sh -- a parallel AFL++ campaign on one fuzz target.
#
#   fuzz/afl-campaign.sh TARGET SECONDS
#
# Runs one main instance (-M main) and N-1 secondaries (-S secN), N =
# AFL_JOBS (default: every core, nproc), for SECONDS each (-V), with the
# dictionary (-x fuzz/u8guard.dict) and the seeds of corpus/seeds/TARGET,
# on the build from ci/fuzz-build.sh afl (made if missing). Output:
# $AFL_OUT_ROOT/TARGET (default build-fuzz/afl-out/TARGET); an existing
# output directory is resumed (-i -). Prints afl-whatsup's summary and the
# crashes found; exit status 1 when there are crashes, 0 otherwise.
set -eu
[ $# -eq 2 ] || { echo "usage: $0 TARGET SECONDS" >&2; exit 2; }
T=$1 SECS=$2
. "$(dirname "$0")/afl-env.sh"
BIN=$(afl_target "$T")
OUTDIR=$AFL_OUT_ROOT/$T
JOBS=${AFL_JOBS:-$(nproc)}
SEEDS=$AFL_ROOT/corpus/seeds/$T
[ -d "$SEEDS" ] || { echo "no seeds in $SEEDS" >&2; exit 2; }

mkdir -p "$OUTDIR"
if [ -d "$OUTDIR/main/queue" ]; then
    IN=-                  # resume the previous campaign
else
    # afl-fuzz refuses empty files: give it the non-empty seeds.
    IN=$OUTDIR.seeds
    rm -rf "$IN"
    mkdir -p "$IN"
    find "$SEEDS" -type f -size +0 -exec cp {} "$IN/" \;
fi
pids=""
i=0
while [ $i -lt "$JOBS" ]; do
    if [ $i -eq 0 ]; then role="-M main"; name=main; else role="-S sec$i"; name=sec$i; fi
    # shellcheck disable=SC2086 # $role is two words
    afl-fuzz $role -i "$IN" -o "$OUTDIR" -x "$AFL_ROOT/fuzz/u8guard.dict" \
        -m none -t 1000+ -V "$SECS" -- "$BIN" >"$OUTDIR/$name.log" 2>&1 &
    pids="$pids $!"
    i=$((i + 1))
    [ $i -eq 1 ] && sleep 2   # let the main instance set up first
done
echo "afl-campaign: $T: $JOBS instance(s) for ${SECS}s, output in $OUTDIR"
rc=0
for p in $pids; do wait "$p" || rc=$?; done
[ $rc -eq 0 ] || { echo "afl-campaign: an afl-fuzz instance failed (rc=$rc):" >&2; tail -20 "$OUTDIR"/main.log >&2; }
# The campaign's totals from each instance's fuzzer_stats (afl-whatsup
# only sums instances that are still running).
cat "$OUTDIR"/*/fuzzer_stats 2>/dev/null | awk -F' *: *' '
    $1 == "execs_done" { execs += $2 } $1 == "saved_crashes" { crashes += $2 }
    $1 == "saved_hangs" { hangs += $2 } $1 == "corpus_count" && $2 > corpus { corpus = $2 }
    $1 == "execs_per_sec" { speed += $2 } $1 == "bitmap_cvg" && $2 + 0 > cvg + 0 { cvg = $2 }
    END { printf "afl-campaign: execs=%d (%.0f/s) corpus=%d map coverage=%s crashes=%d hangs=%d\n",
                 execs, speed, corpus, cvg, crashes, hangs }'
crashes=$(find "$OUTDIR" -path '*/crashes/id:*' -type f | sort)
if [ -n "$crashes" ]; then
    echo "afl-campaign: crashes (reproduce: $BIN < FILE; minimise: fuzz/afl-tmin.sh $T FILE):"
    for c in $crashes; do echo "  $c  hex=$(od -An -v -tx1 "$c" | tr -d ' \n' | cut -c1-160)"; done
    exit 1
fi
[ $rc -eq 0 ] || exit 2
echo "afl-campaign: no crashes"
