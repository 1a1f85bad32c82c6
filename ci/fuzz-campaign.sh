#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# fuzz-campaign.sh -- a long, counted fuzzing campaign: every target under
# AFL++ and libFuzzer at the same time, the corpora merged, the figures and
# the findings printed.
#
#   ci/fuzz-campaign.sh TOTAL_SECONDS [TARGET...]   (default: every target built)
#
# TOTAL_SECONDS is the total fuzzing time, summed over every fuzzer process:
# the targets run one after another, each with one afl-fuzz instance
# (fuzz/afl-campaign.sh, AFL_JOBS=1) and one libFuzzer process side by side
# for TOTAL_SECONDS / (2 x number of targets) seconds each. So 3600 on 8
# targets is 225 s per engine and target, ~32 min of wall time on 2 cores.
#
# Per target, when both engines are done:
#   - libFuzzer -merge=1 merges the seeds (corpus/seeds/TARGET), libFuzzer's
#     work corpus and AFL++'s queue into $CAMPAIGN_DIR/TARGET/merged (every
#     feature: edges and hit-count buckets; a working corpus for later runs);
#   - a second merge counting edges only (-use_counters=0) picks, smallest
#     first, the inputs that reach an edge no seed reaches: they are left in
#     $CAMPAIGN_DIR/TARGET/new as found-<sha1>, and with CAMPAIGN_ADD_SEEDS=1
#     copied to corpus/seeds/TARGET (fuzz/make-seeds.py keeps found-* files);
#   - one line: libFuzzer execs, cov/ft of the seeds and of the merged corpus
#     (-runs=0, the libFuzzer build), AFL++ execs and edges found out of the
#     map's edges (fuzzer_stats), the number of new inputs, and the findings:
#     libFuzzer artifacts (crash-, leak-, timeout-, oom-), AFL++ crashes, and
#     AFL++ hangs that libFuzzer's -timeout=10 confirms (a hang that runs
#     to the end is listed as a slow input), each file named with its first
#     bytes in hex.
# The last line gives the totals. Exit status 0 without findings, 1 with a
# finding, 2 on a setup error (build, a fuzzer that does not start).
#
# Environment: FUZZ_BUILD_DIR (see ci/fuzz-build.sh; both builds are made
# unless FUZZ_NO_BUILD=1), CAMPAIGN_DIR (default $FUZZ_BUILD_DIR/campaign,
# emptied at the start; not under /tmp since AFL++ tools refuse it),
# CAMPAIGN_ADD_SEEDS. Run it under `nice -n 19` on a shared machine.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${FUZZ_BUILD_DIR:-$ROOT/build-fuzz}
LF=$OUT/libfuzzer/fuzz
DIR=${CAMPAIGN_DIR:-$OUT/campaign}
[ $# -ge 1 ] || { echo "usage: $0 TOTAL_SECONDS [TARGET...]" >&2; exit 2; }
TOTAL=$1
shift
case $TOTAL in ''|*[!0-9]*) echo "fuzz-campaign: TOTAL_SECONDS must be a number" >&2; exit 2 ;; esac

if [ "${FUZZ_NO_BUILD:-0}" != 1 ]; then
    "$ROOT/ci/fuzz-build.sh" all >"$OUT.campaign-build.log" 2>&1 || {
        tail -40 "$OUT.campaign-build.log" >&2
        echo "fuzz-campaign: build failed" >&2
        exit 2
    }
fi
[ -f "$LF/targets.txt" ] || { echo "fuzz-campaign: no $LF/targets.txt" >&2; exit 2; }
if [ $# -gt 0 ]; then targets="$*"; else targets=$(cat "$LF/targets.txt"); fi
n=$(echo $targets | wc -w)
SECS=$((TOTAL / (2 * n)))
[ "$SECS" -ge 10 ] || { echo "fuzz-campaign: $TOTAL s is too short for $n targets" >&2; exit 2; }

rm -rf "$DIR"
mkdir -p "$DIR"
AFL_OUT_ROOT=$DIR/afl
AFL_JOBS=1
export AFL_OUT_ROOT AFL_JOBS

# hexhead FILE: the first 32 bytes of FILE in hex.
hexhead() { od -An -v -tx1 -N32 "$1" | tr -d ' \n'; }
# inited LOG: "cov/ft" from libFuzzer's INITED line (the corpus as loaded).
inited() { sed -n 's/.*INITED cov: \([0-9]*\) ft: \([0-9]*\).*/\1\/\2/p' "$1" | tail -1; }

echo "fuzz-campaign: $n target(s), ${SECS}s per engine and target (AFL++ and libFuzzer in parallel), total ${TOTAL}s, started $(date -u '+%Y-%m-%d %H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-21s %11s %11s %11s %11s %13s %5s %s\n' target lf-execs seeds-cov/ft merged-cov/ft afl-execs afl-edges new findings
findings=0 all_lf=0 all_afl=0
for t in $targets; do
    [ -x "$LF/$t" ] || { echo "fuzz-campaign: $LF/$t not built" >&2; exit 2; }
    w=$DIR/$t
    mkdir -p "$w/lf-corpus" "$w/artifacts" "$w/merged" "$w/new"
    cp -R "$ROOT/corpus/seeds/$t/." "$w/lf-corpus/"
    "$ROOT/fuzz/afl-campaign.sh" "$t" "$SECS" >"$w/afl.log" 2>&1 &
    afl_pid=$!
    lf_rc=0
    "$LF/$t" -max_total_time="$SECS" -timeout=10 -rss_limit_mb=2048 \
        -dict="$ROOT/fuzz/u8guard.dict" -print_final_stats=1 \
        -artifact_prefix="$w/artifacts/" "$w/lf-corpus" >"$w/lf.log" 2>&1 || lf_rc=$?
    afl_rc=0
    wait "$afl_pid" || afl_rc=$?
    # afl-campaign.sh: 1 = crashes found, anything else nonzero = did not run.
    if [ $afl_rc -ne 0 ] && [ $afl_rc -ne 1 ]; then
        tail -20 "$w/afl.log" >&2
        echo "fuzz-campaign: $t: AFL++ did not run (status $afl_rc)" >&2
        exit 2
    fi

    # Merge: the seeds first, so "new" is exactly what the campaign added.
    cp -R "$ROOT/corpus/seeds/$t/." "$w/merged/"
    "$LF/$t" -runs=0 "$w/merged" >"$w/seeds-cov.log" 2>&1 || true
    ls "$w/merged" | sort >"$w/before.txt"
    queues=$(find "$AFL_OUT_ROOT/$t" -mindepth 2 -maxdepth 2 -type d -name queue)
    # shellcheck disable=SC2086 # one word per queue directory
    "$LF/$t" -merge=1 -timeout=10 -rss_limit_mb=2048 "$w/merged" "$w/lf-corpus" $queues \
        >"$w/merge.log" 2>&1 || { tail -20 "$w/merge.log" >&2; echo "fuzz-campaign: $t: merge failed" >&2; exit 2; }
    "$LF/$t" -runs=0 "$w/merged" >"$w/merged-cov.log" 2>&1 || true
    # The inputs worth keeping in the repository: a second merge counting
    # edges only (-use_counters=0), so each one reaches code no seed does.
    mkdir -p "$w/edges"
    cp -R "$ROOT/corpus/seeds/$t/." "$w/edges/"
    "$LF/$t" -merge=1 -use_counters=0 -timeout=10 -rss_limit_mb=2048 "$w/edges" "$w/merged" \
        >"$w/merge-edges.log" 2>&1 || { tail -20 "$w/merge-edges.log" >&2; echo "fuzz-campaign: $t: merge failed" >&2; exit 2; }
    ls "$w/edges" | sort | comm -13 "$w/before.txt" - | while read -r f; do
        cp "$w/edges/$f" "$w/new/found-$f"
    done
    new=$(ls "$w/new" | wc -l)
    if [ "${CAMPAIGN_ADD_SEEDS:-0}" = 1 ] && [ "$new" -gt 0 ]; then
        cp "$w/new"/found-* "$ROOT/corpus/seeds/$t/"
    fi

    lf_execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$w/lf.log" | tail -1)
    stats=$(find "$AFL_OUT_ROOT/$t" -name fuzzer_stats)
    # shellcheck disable=SC2086
    afl_execs=$(awk -F' *: *' '$1 == "execs_done" { s += $2 } END { print s + 0 }' $stats)
    # shellcheck disable=SC2086
    afl_edges=$(awk -F' *: *' '$1 == "edges_found" && $2 > e { e = $2 } $1 == "total_edges" { m = $2 }
                              END { printf "%d/%d", e, m }' $stats)
    found=""
    for a in "$w/artifacts"/* $(find "$AFL_OUT_ROOT/$t" -path '*/crashes/id:*' | sort); do
        [ -f "$a" ] || continue
        found="$found $a"
    done
    # An AFL++ hang is an input that overran afl-fuzz's 1 s limit, which a
    # starved process on a loaded machine also does: it is a finding only
    # if it overruns libFuzzer's -timeout=10 (as in ci/fuzz-ci.sh) again.
    for h in $(find "$AFL_OUT_ROOT/$t" -path '*/hangs/id:*' | sort); do
        if "$LF/$t" -timeout=10 -rss_limit_mb=2048 -runs=1 "$h" >"$w/hang.log" 2>&1; then
            echo "  slow input, no hang under libFuzzer ($(sed -n 's/^Executed .* in \([0-9]* ms\).*/\1/p' "$w/hang.log")): $h"
        else
            found="$found $h"
        fi
    done
    nf=$(echo $found | wc -w)
    printf '%-21s %11s %11s %11s %11s %13s %5s %s\n' "$t" "${lf_execs:-?}" \
        "$(inited "$w/seeds-cov.log")" "$(inited "$w/merged-cov.log")" "$afl_execs" "$afl_edges" "$new" "$nf"
    [ $lf_rc -eq 0 ] || [ -n "$(ls "$w/artifacts")" ] || {
        tail -20 "$w/lf.log" >&2
        echo "fuzz-campaign: $t: libFuzzer failed (status $lf_rc) without an artifact" >&2
        exit 2
    }
    for a in $found; do
        echo "  FINDING $a ($(wc -c <"$a") bytes) hex: $(hexhead "$a")"
    done
    [ "$nf" -eq 0 ] || {
        grep -E '^(U8GUARD-|==[0-9]+==ERROR|SUMMARY)' "$w/lf.log" | head -5 | sed 's/^/  /'
        echo "  reproduce: $LF/$t FILE   (fuzz/README.md: minimise and record)"
    }
    findings=$((findings + nf))
    all_lf=$((all_lf + ${lf_execs:-0}))
    all_afl=$((all_afl + afl_execs))
done
echo "fuzz-campaign: finished $(date -u '+%Y-%m-%d %H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg): libFuzzer execs=$all_lf AFL++ execs=$all_afl findings=$findings"
[ "$findings" -eq 0 ] || exit 1
