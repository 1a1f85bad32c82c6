#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# oss-fuzz-sim.sh -- run ci/oss-fuzz/build.sh the way OSS-Fuzz and
# ClusterFuzzLite do (their environment variables, set to local values;
# Docker does not run here), then run every target it built for a few
# seconds against its NAME_seed_corpus.zip with its NAME.dict.
#
#   ci/oss-fuzz-sim.sh            SANITIZER=address (default) | undefined | memory | coverage
#
# The project files are rendered from ci/oss-fuzz/publication.env as a
# submission would be (ci/oss-fuzz/render.sh); values not set there yet are
# replaced by local stand-ins, and the script says so. With
# SANITIZER=coverage it builds as OSS-Fuzz's coverage build does
# (-fprofile-instr-generate -fcoverage-mapping), runs every target once
# over its seed zip and prints llvm-cov's line and branch totals.
#
# Environment: SIM_SECONDS per target (default 5), JOBS (2).
# Exit status 0 when the build and every run are clean.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SANITIZER=${SANITIZER:-address}
SECS=${SIM_SECONDS:-5}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/u8guard-ossfuzz.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM

# OSS-Fuzz's SANITIZER_FLAGS_* (infra/base-images/base-builder).
case $SANITIZER in
address) san="-fsanitize=address -fsanitize-address-use-after-scope" ;;
undefined) san="-fsanitize=array-bounds,bool,builtin,enum,float-divide-by-zero,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unsigned-integer-overflow,unreachable,vla-bound,vptr -fno-sanitize-recover=array-bounds,bool,builtin,enum,float-divide-by-zero,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unreachable,vla-bound,vptr" ;;
memory) san="-fsanitize=memory -fsanitize-memory-track-origins" ;;
coverage) san="-fprofile-instr-generate -fcoverage-mapping -pthread -Wl,--no-as-needed -Wl,-ldl -Wl,-lm -Wno-unused-command-line-argument" ;;
*) echo "oss-fuzz-sim: SANITIZER must be address, undefined, memory or coverage" >&2; exit 2 ;;
esac
export SANITIZER
export CC=clang CXX=clang++
# OSS-Fuzz's coverage build has no libFuzzer instrumentation of its own.
no_link=-fsanitize=fuzzer-no-link
[ "$SANITIZER" = coverage ] && no_link=
export CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION $san $no_link"
export CXXFLAGS="$CFLAGS"
export LIB_FUZZING_ENGINE=-fsanitize=fuzzer
export FUZZING_ENGINE=libfuzzer ARCHITECTURE=x86_64
export SRC=$TMP/src OUT=$TMP/out WORK=$TMP/work
export JOBS=${JOBS:-2}
mkdir -p "$SRC/u8guard" "$OUT" "$WORK"
# The checkout OSS-Fuzz would clone: the working tree without build dirs.
(cd "$ROOT" && tar --exclude='./build*' --exclude=./.git -cf - .) | tar -xf - -C "$SRC/u8guard"
# The project files as a submission renders them: the publication values,
# or stand-ins for those not yet known (never a placeholder in the files).
# shellcheck source=/dev/null
. "$ROOT/ci/oss-fuzz/publication.env"
[ -n "$U8GUARD_REPO_URL" ] || { U8GUARD_REPO_URL="file://$ROOT"; echo "oss-fuzz-sim: U8GUARD_REPO_URL not set in ci/oss-fuzz/publication.env: using $U8GUARD_REPO_URL"; }
[ -n "$U8GUARD_CONTACT" ] || { U8GUARD_CONTACT="maintainers@localhost"; echo "oss-fuzz-sim: U8GUARD_CONTACT not set in ci/oss-fuzz/publication.env: using $U8GUARD_CONTACT"; }
U8GUARD_REPO_URL=$U8GUARD_REPO_URL U8GUARD_CONTACT=$U8GUARD_CONTACT \
  bash "$ROOT/ci/oss-fuzz/render.sh" "$TMP/project" >/dev/null
if grep -n '@U8GUARD_' "$TMP/project/project.yaml" "$TMP/project/Dockerfile"; then
  echo "oss-fuzz-sim: a placeholder is left in the rendered project files" >&2; exit 1
fi
grep -q "^main_repo: \"$U8GUARD_REPO_URL\"" "$TMP/project/project.yaml" \
  || { echo "oss-fuzz-sim: project.yaml does not name the repository" >&2; exit 1; }
cp "$TMP/project/build.sh" "$SRC/build.sh"
(cd "$SRC/u8guard" && bash -eu "$SRC/build.sh") >"$TMP/build.log" 2>&1 || {
    tail -40 "$TMP/build.log"
    echo "oss-fuzz-sim: build.sh FAILED"
    exit 1
}
grep '^build.sh:' "$TMP/build.log"

# What OSS-Fuzz's runner sets (infra/base-images/base-runner).
export ASAN_OPTIONS=alloc_dealloc_mismatch=0:allocator_may_return_null=1:allocator_release_to_os_interval_ms=500:check_malloc_usable_size=0:detect_container_overflow=1:detect_odr_violation=0:detect_leaks=1:detect_stack_use_after_return=1:fast_unwind_on_fatal=0:handle_abort=1:handle_segv=1:handle_sigill=1:max_uar_stack_size_log=16:print_scariness=1:quarantine_size_mb=10:strict_memcmp=1:symbolize=1:use_sigaltstack=1:dedup_token_length=3
export UBSAN_OPTIONS=print_stacktrace=1:print_summary=1:silence_unsigned_overflow=1:dedup_token_length=3:halt_on_error=1
export MSAN_OPTIONS=print_stats=1:strip_path_prefix=/workspace/:symbolize=1:dedup_token_length=3
if [ "$SANITIZER" = coverage ]; then
    # OSS-Fuzz's coverage job: each target over its whole seed corpus once,
    # profiles merged, one report for the library's sources.
    first="" objs=""
    for t in "$OUT"/*; do
        name=$(basename "$t")
        case $name in *.*) continue ;; esac
        [ -x "$t" ] || continue
        mkdir -p "$WORK/cov/$name"
        (cd "$WORK/cov/$name" && unzip -q "$OUT/${name}_seed_corpus.zip")
        LLVM_PROFILE_FILE="$WORK/cov/$name.profraw" "$t" -runs=0 "$WORK/cov/$name" \
            >"$WORK/cov/$name.log" 2>&1 || { tail -20 "$WORK/cov/$name.log"; echo "oss-fuzz-sim: $name FAILED"; exit 1; }
        if [ -z "$first" ]; then first=$t; else objs="$objs -object=$t"; fi
        echo "oss-fuzz-sim: coverage: $name ran $(ls "$WORK/cov/$name" | wc -l) inputs"
    done
    llvm-profdata-14 merge -sparse "$WORK"/cov/*.profraw -o "$WORK/cov/all.profdata"
    # shellcheck disable=SC2086
    llvm-cov-14 report "$first" $objs -instr-profile="$WORK/cov/all.profdata" \
        "$SRC/u8guard/src" >"$WORK/cov/report.txt"
    tail -1 "$WORK/cov/report.txt" | awk '{print "oss-fuzz-sim: coverage of src/ over the seed corpora: regions " $4 ", lines " $10 ", branches " $13}'
    exit 0
fi
failed=""
for t in "$OUT"/*; do
    name=$(basename "$t")
    case $name in *.*) continue ;; esac
    [ -x "$t" ] || continue
    mkdir -p "$WORK/run/$name/corpus"
    (cd "$WORK/run/$name/corpus" && unzip -q "$OUT/${name}_seed_corpus.zip")
    if "$t" -max_total_time="$SECS" -timeout=10 -rss_limit_mb=2560 -max_len=4096 \
        -dict="$OUT/$name.dict" -artifact_prefix="$WORK/run/$name/" \
        "$WORK/run/$name/corpus" >"$WORK/run/$name.log" 2>&1; then
        echo "oss-fuzz-sim: $name ok ($(ls "$WORK/run/$name/corpus" | wc -l) corpus files, $(grep -c . "$OUT/$name.options") option lines)"
    else
        failed="$failed $name"
        grep -E '^(U8GUARD-|==[0-9]+==ERROR|SUMMARY)' "$WORK/run/$name.log" || tail -30 "$WORK/run/$name.log"
        echo "oss-fuzz-sim: $name FAILED"
    fi
done
if [ -n "$failed" ]; then
    echo "oss-fuzz-sim: FAILED:$failed"
    exit 1
fi
echo "oss-fuzz-sim: $SANITIZER build and runs are clean"
