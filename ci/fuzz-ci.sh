#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# fuzz-ci.sh -- continuous fuzzing in CI: build the libFuzzer targets, then
# run every target for a bounded time from its seed corpus.
#
#   ci/fuzz-ci.sh [TARGET...]          (default: every target built)
#
# Environment: FUZZ_SECONDS per target (default 30), FUZZ_JOBS targets at
# once (default: the number of cores), FUZZ_BUILD_DIR (see
# ci/fuzz-build.sh), FUZZ_NO_BUILD=1 to reuse an existing build.
# The seeds are copied to a temporary work corpus (the repository is never
# modified). The recorded regressions (corpus/regressions/*.bin) join the
# seeds: every input that ever exposed a disagreement is run again, except
# that a differential target does not get an input recorded as a
# disagreement of a decoder it checks (it would abort on it every time).
# Exit status 0 when no target found anything; 1 when one crashed, with the
# reproducer's hex and the harness's report printed; 2 on a setup error.
# Duration on 2 cores: build ~1 min, then FUZZ_SECONDS x 8 targets / 2.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${FUZZ_BUILD_DIR:-$ROOT/build-fuzz}
SECS=${FUZZ_SECONDS:-30}
JOBS=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}
BIN=$OUT/libfuzzer/fuzz

if [ "${FUZZ_NO_BUILD:-0}" != 1 ]; then
    "$ROOT/ci/fuzz-build.sh" libfuzzer >"$OUT.build.log" 2>&1 || {
        mkdir -p "$(dirname "$OUT")"
        cat "$OUT.build.log" >&2
        echo "fuzz-ci: build failed" >&2
        exit 2
    }
fi
[ -f "$BIN/targets.txt" ] || { echo "fuzz-ci: no $BIN/targets.txt" >&2; exit 2; }
if [ $# -gt 0 ]; then targets="$*"; else targets=$(cat "$BIN/targets.txt"); fi

# regression_inputs TARGET: the corpus/regressions/*.bin files TARGET runs
# from. The differential targets check icu-ucnv, icu-u8next (fuzz_diff_icu)
# and iconv (fuzz_diff_iconv); inputs those decoders are recorded as
# disagreeing on are left out for them.
regression_inputs() {
    reg=$ROOT/corpus/regressions
    [ -f "$reg/manifest.jsonl" ] || return 0
    case $1 in
        fuzz_diff_icu) skip='"decoder": "icu-(ucnv|u8next)"' ;;
        fuzz_diff_iconv) skip='"decoder": "iconv"' ;;
        *) skip='' ;;
    esac
    for f in "$reg"/*.bin; do
        [ -f "$f" ] || continue
        sha=$(basename "$f" .bin)
        if [ -n "$skip" ] && grep "\"sha256\": \"$sha\"" "$reg/manifest.jsonl" \
                | grep -E "$skip" | grep -q '"classification": "oracle-disagreement"'; then
            continue
        fi
        echo "$f"
    done
}

WORK=$(mktemp -d "${TMPDIR:-/tmp}/u8guard-fuzz-ci.XXXXXX")
trap 'rm -rf "$WORK"' EXIT INT TERM
# run_target T: runs target T from its seeds for SECS seconds; writes its
# table row and, when it found something, the report to $WORK/T/summary,
# and "ok" or "FAILED" to $WORK/T/result.
run_target() {
    t=$1
    mkdir -p "$WORK/$t/corpus" "$WORK/$t/artifacts"
    cp "$ROOT/corpus/seeds/$t/." "$WORK/$t/corpus/" -R
    regression_inputs "$t" | while read -r f; do cp "$f" "$WORK/$t/corpus/"; done
    log=$WORK/$t/log
    if "$BIN/$t" -max_total_time="$SECS" -timeout=10 -rss_limit_mb=2048 \
        -dict="$ROOT/fuzz/u8guard.dict" -print_final_stats=1 \
        -artifact_prefix="$WORK/$t/artifacts/" "$WORK/$t/corpus" >"$log" 2>&1; then
        result=ok
    else
        result=FAILED
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    cov=$(sed -n 's/.* cov: \([0-9]*\) .*/\1/p' "$log" | tail -1)
    {
        printf '%-22s %-6s %10s %8s %6s\n' "$t" "$result" "${runs:-?}" "${speed:-?}" "${cov:-?}"
        if [ $result = FAILED ]; then
            echo "---- $t: the harness's report and libFuzzer's summary"
            grep -E '^(U8GUARD-|==[0-9]+==ERROR|SUMMARY)' "$log" || tail -40 "$log"
            for a in "$WORK/$t/artifacts"/*; do
                [ -f "$a" ] || continue
                echo "reproducer $(basename "$a") hex: $(od -An -v -tx1 "$a" | tr -d ' \n')"
                echo "reproduce: $BIN/$t <file with those bytes>   (see fuzz/README.md)"
            done
        fi
    } >"$WORK/$t/summary"
    echo $result >"$WORK/$t/result"
}

for t in $targets; do
    [ -x "$BIN/$t" ] || { echo "fuzz-ci: $BIN/$t not built" >&2; exit 2; }
    [ -d "$ROOT/corpus/seeds/$t" ] || { echo "fuzz-ci: no corpus/seeds/$t" >&2; exit 2; }
done
# Each libFuzzer process uses one core: FUZZ_JOBS targets run at once (the
# machine's cores by default), each for the full SECS; the table is printed
# in the targets' order once all have run.
running=0
for t in $targets; do
    run_target "$t" &
    running=$((running + 1))
    if [ $running -ge "$JOBS" ]; then wait; running=0; fi
done
wait
failed=""
printf '%-22s %-6s %10s %8s %6s\n' target result runs exec/s cov
for t in $targets; do
    cat "$WORK/$t/summary" 2>/dev/null || echo "$t: no result (the run did not finish)"
    [ "$(cat "$WORK/$t/result" 2>/dev/null)" = ok ] || failed="$failed $t"
done
if [ -n "$failed" ]; then
    echo "fuzz-ci: FAILED:$failed"
    exit 1
fi
echo "fuzz-ci: all targets ran ${SECS}s each without a finding"
