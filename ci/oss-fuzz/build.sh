#!/bin/bash -eu
# SPDX-License-Identifier: MIT OR Apache-2.0
# build.sh -- OSS-Fuzz / ClusterFuzzLite build script for u8guard.
#
# Follows the OSS-Fuzz conventions: everything is compiled with $CC $CFLAGS
# (which carry the sanitizer and -fsanitize=fuzzer-no-link), each target is
# linked by $CXX $CXXFLAGS with $LIB_FUZZING_ENGINE (libFuzzer, AFL++ or
# honggfuzz), and $OUT receives every target, NAME_seed_corpus.zip,
# NAME.dict, NAME.options and u8guard.dict (which the .options name).
#
# fuzz_diff_icu links ICU statically (libicuuc.a + libicudata.a from
# libicu-dev), so the runner image needs no ICU; when that link fails the
# target is skipped with a message. Both differential targets are skipped
# under MemorySanitizer: ICU and glibc's iconv are not MSan-instrumented.
# Run it locally with ci/oss-fuzz-sim.sh.
SRC_DIR=${U8GUARD_SRC:-$SRC/u8guard}
BUILD=$WORK/u8guard-build
SANITIZER=${SANITIZER:-address}
JOBS=${JOBS:-$(nproc)}

icu_uc=$(find /usr/lib /usr/local/lib -name libicuuc.a 2>/dev/null | head -1)
icu_data=$(find /usr/lib /usr/local/lib -name libicudata.a 2>/dev/null | head -1)
static_icu=()
if [ -n "$icu_uc" ] && [ -n "$icu_data" ]; then
    static_icu=(-DICU_UC_LIBRARY_RELEASE="$icu_uc"
                -DU8GUARD_FUZZ_DIFF_LIBS="$icu_data;-lstdc++;-lpthread;-ldl;-lm")
fi

# Debug: no _FORTIFY_SOURCE (sanitizers check bounds), and CFLAGS' -O1 rules.
cmake -S "$SRC_DIR" -B "$BUILD" -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_C_COMPILER="$CC" -DCMAKE_C_FLAGS="$CFLAGS" \
    -DCMAKE_CXX_COMPILER="$CXX" -DCMAKE_CXX_FLAGS="$CXXFLAGS" \
    -DU8GUARD_FUZZ=ON -DU8GUARD_FUZZ_INSTRUMENT_LIB=OFF -DU8GUARD_SANITIZE= \
    -DU8GUARD_FUZZ_ENGINE="$LIB_FUZZING_ENGINE" -DU8GUARD_FUZZ_LINK_CXX=ON \
    -DU8GUARD_WERROR=OFF -DU8GUARD_BUILD_CLI=OFF -DBUILD_TESTING=OFF "${static_icu[@]}"

# install NAME: the target, its seed corpus, dictionary and options.
install() {
    local name=$1
    cp "$BUILD/fuzz/$name" "$OUT/$name"
    rm -f "$OUT/${name}_seed_corpus.zip"
    (cd "$SRC_DIR/corpus/seeds/$name" && zip -q -r "$OUT/${name}_seed_corpus.zip" .)
    # Every recorded regression (corpus/regressions/*.bin) seeds every target.
    zip -q -j "$OUT/${name}_seed_corpus.zip" "$SRC_DIR"/corpus/regressions/*.bin
    cp "$SRC_DIR/fuzz/u8guard.dict" "$OUT/$name.dict"
    cp "$SRC_DIR/fuzz/$name.options" "$OUT/$name.options"
}

cp "$SRC_DIR/fuzz/u8guard.dict" "$OUT/u8guard.dict"
built=""
for name in fuzz_validate fuzz_errors_sanitize fuzz_decode fuzz_stream fuzz_roundtrip fuzz_policy; do
    cmake --build "$BUILD" -j "$JOBS" --target "$name"
    install "$name"
    built="$built $name"
done
for name in fuzz_diff_iconv fuzz_diff_icu; do
    if [ "$SANITIZER" = memory ]; then
        echo "build.sh: SKIP $name: ICU and iconv are not MSan-instrumented"
    elif ! grep -qx "$name" "$BUILD/fuzz/targets.txt"; then
        echo "build.sh: SKIP $name: the oracle adapters were not built (oracle/, libicu-dev)"
    elif [ -z "$icu_uc" ] && [ $name = fuzz_diff_icu ]; then
        echo "build.sh: SKIP $name: no static ICU (libicuuc.a, libicudata.a from libicu-dev)"
    elif cmake --build "$BUILD" -j "$JOBS" --target "$name"; then
        install "$name"
        built="$built $name"
    else
        echo "build.sh: SKIP $name: it does not link here (see above)"
    fi
done
echo "build.sh: built in $OUT:$built"
