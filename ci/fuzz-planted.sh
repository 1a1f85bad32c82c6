#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# fuzz-planted.sh -- proof that the fuzzers find bugs: copy the tree to a
# temporary directory, plant a known bug, build, fuzz, and PASS only when
# the fuzzer reports a crash within its budget.
#
#   ci/fuzz-planted.sh [surrogate|straddle|pair|pending|all]   (default: all)
#
# Planted bugs:
#   surrogate  the scalar reference (src/scalar.c) accepts ED A0..BF, i.e.
#              UTF-8-encoded surrogates. Every implementation inherits it,
#              so only fuzz_validate's independent model can see it.
#   straddle   a vector kernel (avx2.c, else sse42.c, else neon.c: the one
#              this CPU runs) restarts the scalar reference at the start of
#              the 64-byte (or 32/16-byte) block that failed instead of
#              backing up to the character that straddles the block
#              boundary, so an error in or after a character that crosses
#              the boundary is mis-located.
#   pair       decode.c writes a surrogate pair when only its first half
#              fits in out_cap (found by fuzz_decode: ASan or the
#              written-bytes probe).
#   pending    stream.c reports an error that completes pending bytes one
#              byte too far (found by fuzz_stream).
# Each bug is fuzzed twice with the target that should see it: from the
# seed corpus, and from an empty corpus (only the dictionary), so the seeds
# alone do not make the proof. Budget: PLANTED_SECONDS (default 60) per run.
# Environment: JOBS (2). Duration: ~40 s build per bug + the time to find.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SECS=${PLANTED_SECONDS:-60}
JOBS=${JOBS:-2}
WHICH=${1:-all}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/u8guard-planted.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
status=0

# plant NAME TARGET FILE SED-EXPRESSION: a copy of the tree with FILE
# edited, and TARGET built from it.
plant() {
    name=$1 target=$2 file=$3 expr=$4
    tree=$TMP/$name/src-tree
    mkdir -p "$tree"
    (cd "$ROOT" && tar --exclude='./build*' --exclude=./.git -cf - .) | tar -xf - -C "$tree"
    sed -i "$expr" "$tree/$file"
    if cmp -s "$ROOT/$file" "$tree/$file"; then
        echo "planted[$name]: FAIL: the edit did not apply to $file (has the code changed?)"
        return 1
    fi
    echo "planted[$name]: $file:"
    diff "$ROOT/$file" "$tree/$file" | sed 's/^/    /' || true
    CC=clang cmake -S "$tree" -B "$TMP/$name/build" -DU8GUARD_FUZZ=ON \
        -DU8GUARD_SANITIZE=address,undefined -DU8GUARD_ORACLES=OFF \
        -DU8GUARD_BUILD_CLI=OFF -DBUILD_TESTING=OFF >"$TMP/$name/configure.log" 2>&1 &&
        cmake --build "$TMP/$name/build" -j "$JOBS" --target "$target" \
            >"$TMP/$name/build.log" 2>&1 || {
        cat "$TMP/$name/configure.log" "$TMP/$name/build.log" | tail -30
        echo "planted[$name]: FAIL: the planted tree does not build"
        return 1
    }
}

# hunt NAME TARGET CORPUS-LABEL [corpus dir]: PASS when TARGET reports a
# property violation.
hunt() {
    name=$1 target=$2 label=$3
    shift 3
    work=$TMP/$name/$label
    mkdir -p "$work/corpus" "$work/artifacts"
    [ $# -gt 0 ] && cp -R "$1/." "$work/corpus/"
    start=$(date +%s)
    if "$TMP/$name/build/fuzz/$target" -max_total_time="$SECS" -timeout=10 \
        -rss_limit_mb=2048 -dict="$ROOT/fuzz/u8guard.dict" -len_control=20 \
        -artifact_prefix="$work/artifacts/" "$work/corpus" >"$work/log" 2>&1; then
        echo "planted[$name] $label: FAIL: no crash within ${SECS}s"
        return 1
    fi
    took=$(($(date +%s) - start))
    if ! grep -q -E '^U8GUARD-FUZZ FAIL|^==[0-9]+==ERROR: AddressSanitizer' "$work/log"; then
        tail -30 "$work/log"
        echo "planted[$name] $label: FAIL: the target stopped without a property report"
        return 1
    fi
    runs=$(grep -o '^#[0-9]*' "$work/log" | tail -1 | tr -d '#')
    echo "planted[$name] $label: PASS: found in ${took}s, ${runs:-while loading the corpus, 0} runs"
    grep -m1 -E '^U8GUARD-FUZZ FAIL|^==[0-9]+==ERROR' "$work/log" | cut -c1-200 | sed 's/^/    /'
    grep -m1 '^U8GUARD-FUZZ input' "$work/log" | cut -c1-200 | sed 's/^/    /'
}

run() {
    name=$1 target=$2 file=$3 expr=$4
    if plant "$name" "$target" "$file" "$expr"; then
        hunt "$name" "$target" seeds "$ROOT/corpus/seeds/$target" || status=1
        hunt "$name" "$target" empty || status=1
    else
        status=1
    fi
}

case $WHICH in surrogate|all)
    # Row 6 of LEAD_RULES: ED's second byte may be 80..9F; plant 80..BF.
    run surrogate fuzz_validate src/scalar.c 's/{3, TAIL_LO, 0x9F, 0xE0, U8GUARD_OK, BAD, U8GUARD_SURROGATE}/{3, TAIL_LO, TAIL_HI, 0xE0, U8GUARD_OK, BAD, U8GUARD_SURROGATE}/'
    ;;
esac
case $WHICH in straddle|all)
    flags=$(grep -m1 -E '^(flags|Features)' /proc/cpuinfo || true)
    kernel=""
    case " $flags " in
    *" avx2 "*) kernel=src/kernels/avx2.c ;;
    *" sse4_2 "*) kernel=src/kernels/sse42.c ;;
    *" asimd "*) kernel=src/kernels/neon.c ;;
    esac
    if [ -z "$kernel" ] || [ ! -f "$ROOT/$kernel" ]; then
        echo "planted[straddle]: SKIP: this CPU runs no vector kernel of this tree"
    else
        run straddle fuzz_validate "$kernel" 's/: u8g_block_failed(p, len, i);/: i + u8g_scalar_kernels.valid_prefix(p + i, len - i);/'
    fi
    ;;
esac
case $WHICH in pair|all)
    run pair fuzz_decode src/decode.c 's/if (cap >= 2 \&\& need <= cap - 2) {/if (cap >= 1 \&\& need <= cap - 1) {/'
    ;;
esac
case $WHICH in pending|all)
    run pending fuzz_stream src/stream.c 's|(void)report_at(s, k, buf, have + take); /\* ill-formed|s->offset++; (void)report_at(s, k, buf, have + take); s->offset--; /* ill-formed|'
    ;;
esac
case $WHICH in surrogate|straddle|pair|pending|all) ;;
*) echo "usage: $0 [surrogate|straddle|pair|pending|all]" >&2; exit 2 ;;
esac
[ $status = 0 ] && echo "fuzz-planted: PASS: every planted bug was found" ||
    echo "fuzz-planted: FAIL"
exit $status
