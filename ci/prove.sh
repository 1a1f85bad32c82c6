#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# ci/prove.sh -- the Frama-C proofs of doc/proofs.md: WP (with the RTE
# plug-in's runtime-error goals) over the functions listed in PROVED below,
# against the ACSL contracts written beside the code. Prints the goals and
# how many are proved for each file; fails on any goal that is not proved.
# Only the functions listed here are claimed as proved. Then Eva over the
# public functions for every length 0..12 of fully unknown contents
# (ci/prove/eva.sh): prints its alarm count, fails on any alarm.
#
#   bash ci/prove.sh             run every proof (3849 goals, two Frama-C runs at a time) and Eva 0..12;
#                                the feed's two runs take the longest (doc/proofs.md has the times)
#   PROVE_JOBS=1 bash ci/prove.sh       one WP run at a time (default 2)
#   PROVE_NICE=0 bash ci/prove.sh       the WP runs' niceness (default 10; CI's is 0, ci/test.sh says why)
#   PROVE_TIMEOUT=60 bash ci/prove.sh   a longer per-goal prover timeout (default 60 s)
#   PROVE_EVA_MAX=N bash ci/prove.sh    Eva for lengths 0..N instead of 0..12
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

# files:functions[:model[:nosplit]] -- the functions of those files (parsed
# together) whose goals are proved; nosplit: without -wp-split (below),
# where the solvers need no case split and the run takes half the time.
# The public functions take the input as const void *, which WP models as
# char *: their conversion to uint8_t * needs the Typed+cast memory model
# (doc/proofs.md, "Assumptions"). They reach the kernels through
# u8g_active(), which the proof build binds to the scalar implementation
# (src/internal.h), so scalar.c is parsed with them: each kernel call's
# "calls" goal is then proved from the kernel table's initializer.
WRAPPERS="u8guard_valid_prefix,report,u8g_invalid_at,u8g_error_found_at,u8guard_validate"
WRAPPERS="$WRAPPERS,u8guard_decode_utf32,u8guard_decode_utf16"
WRAPPERS="$WRAPPERS,decode_bounded,finish,u8g_overlap,u8g_mul_sat,u8g_add_sat"
SCALAR="u8g_classify,u8g_set_ok,u8g_scalar_valid_prefix,u8g_scalar_to_utf32,u8g_scalar_to_utf16"
SCALAR="$SCALAR,u8g_scalar_validate,u8g_scalar_first_error,u8g_validate_via,u8g_first_error_via"
# sanitize copies with u8g_copy, which the proof build replaces by a byte
# loop (kernels/copy.h: memcpy's Frama-C contract is written on char).
SANITIZE="u8g_copy,put,sanitize_from,u8guard_sanitize,u8guard_sanitized_length"
# the streaming decoder's helpers and complete_pending; the feed's loop
# (feed_chunk, feed_error) and the feed are runs of their own, started
# first: their goals are the largest (up to half a minute of WP's own
# simplification each), and the feed's need -wp-split (without it three
# postconditions time out). encode.c is parsed for u8guard_encode's contract (report's
# UTF-8 output); the policy functions' contracts are assumed (src/internal.h,
# doc/proofs.md "Assumptions").
STREAM="u8g_copy_small,last_boundary,run_fits,unit_of,out_need,u8guard_stream_out_max"
STREAM="$STREAM,u8guard_stream_position,u8guard_stream_error_count"
STREAM="$STREAM,emit,report,report_at,complete_pending"
STREAM="$STREAM,u8g_stream_zero_model,u8guard_stream_init,u8guard_stream_init_with"
PROVED=(
  "src/stream.c src/encode.c src/scalar.c:u8guard_stream_feed:Typed+cast"
  "src/stream.c src/encode.c src/scalar.c:feed_error,feed_chunk:Typed+cast:nosplit"
  "src/scalar.c:u8g_step"
  "src/scalar.c:$SCALAR"
  "src/encode.c:u8guard_encode"
  "src/validate.c src/decode.c src/scalar.c:$WRAPPERS:Typed+cast:nosplit"
  "src/validate.c src/decode.c src/scalar.c:next_error_after,u8guard_next_error,u8guard_count_errors:Typed+cast:nosplit"
  "src/sanitize.c src/scalar.c:$SANITIZE:Typed+cast:nosplit"
  "src/stream.c src/encode.c src/scalar.c:$STREAM:Typed+cast:nosplit"
)

# One Frama-C process per entry, PROVE_JOBS (2) at a time: most of a WP
# run is Frama-C's own single-threaded work (generating and simplifying
# the goals), so two entries side by side use both cores. Each entry
# writes its log and a line "PROVED TOTAL" (or "failed"); the results are
# read back and printed in the order of PROVED.
JOBS=${PROVE_JOBS:-2}
entry_fields() { # entry_fields RUN ENTRY: sets files, fcts, model, split and log for it
  local rest
  files=${2%%:*}
  rest=${2#*:}
  fcts=${rest%%:*}
  model=Typed
  split=-wp-split
  [ "$rest" = "$fcts" ] || model=${rest#*:}
  case $model in *:nosplit) model=${model%:nosplit}; split= ;; esac
  log=$OUT/$1-$(basename "${files%% *}" .c).log
}
prove_entry() { # prove_entry RUN ENTRY: runs WP on one entry of PROVED
  local run=$1 files fcts model split log line p t f
  entry_fields "$run" "$2"
  local srcs=()
  for f in $files; do srcs+=("$ROOT/$f"); done
  # -wp-split: one goal per case of each disjunction (the ABNF's ranges),
  # each small enough for the solvers. The timeout is generous because
  # CI machines are shared; proved goals take well under a second idle.
  # -rte-no-pointer-call: RTE's validity goal for a call through a
  # pointer is one WP cannot state; each such call carries a "calls"
  # annotation instead, whose goal (the pointer is that function) WP proves.
  # -wp-par 1: the two entries running at once already fill the cores.
  if ! nice -n "${PROVE_NICE:-10}" frama-c -c11 -cpp-extra-args="-I$ROOT/include -I$ROOT/src" "${srcs[@]}" \
    -wp -wp-rte -rte-no-pointer-call -wp-fct "$fcts" -wp-model "$model" \
    -wp-prover cvc4,z3 -wp-timeout "$TIMEOUT" -wp-par 1 $split \
    -wp-session "$OUT/session-$run" >"$log" 2>&1; then
    echo failed >"$OUT/$run.result"
    return
  fi
  line=$(grep -E '^\[wp\] Proved goals:' "$log" | tail -n 1)
  p=$(echo "$line" | sed -E 's/.*: *([0-9]+) *\/ *([0-9]+).*/\1/')
  t=$(echo "$line" | sed -E 's/.*: *([0-9]+) *\/ *([0-9]+).*/\2/')
  echo "$p $t" >"$OUT/$run.result"
}

run=0
for entry in "${PROVED[@]}"; do
  run=$((run + 1))
  rm -f "$OUT/$run.result"
  while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n || true; done
  prove_entry "$run" "$entry" &
done
wait

total=0
proved=0
bad=0
run=0
for entry in "${PROVED[@]}"; do
  run=$((run + 1))
  entry_fields "$run" "$entry"
  read -r p t <"$OUT/$run.result" 2>/dev/null || p=failed
  if [ "$p" = failed ]; then
    tail -n 30 "$log"; echo "prove: frama-c failed on $files"; exit 1
  fi
  [ -n "$t" ] || { tail -n 30 "$log"; echo "prove: no goal count for $files"; exit 1; }
  echo "prove: $files ($fcts, $model model): $p / $t goals proved"
  if [ "$p" != "$t" ]; then
    grep -E -A2 '^\[wp\] \[(Failed|Timeout|Unknown)' "$log" || true
    bad=$((bad + t - p))
  fi
  total=$((total + t))
  proved=$((proved + p))
done

echo "prove: WP total: $proved / $total goals proved"

# Eva over the same public functions, every length 0..EVA_MAX with fully
# unknown contents (ci/prove/eva.sh, doc/proofs.md "Eva"): prints its
# alarm count and fails on any alarm or on a function not reached. Up to
# EVA_MAX bytes only, not the 64 of issue 16: the cost grows about as the
# fourth power of the length (doc/proofs.md), and 0..EVA_MAX is what fits
# the stage's budget on 2 cores.
EVA_MAX=${PROVE_EVA_MAX:-12}
eva_status=0
bash "$ROOT/ci/prove/eva.sh" "$EVA_MAX" || eva_status=1

if [ $bad -ne 0 ]; then
  echo "prove: FAILED: $bad goals not proved"
  exit 1
fi
if [ $eva_status -ne 0 ]; then
  echo "prove: FAILED: Eva (lengths 0..$EVA_MAX) reported alarms or did not finish"
  exit 1
fi
