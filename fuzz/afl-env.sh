# SPDX-License-Identifier: MIT OR Apache-2.0
# afl-env.sh -- sourced by the afl-*.sh scripts: the environment AFL++
# needs in a container it does not own (no CPU frequency governor, no core
# pattern to set, cores shared with others) and for ASan/UBSan targets.
export AFL_SKIP_CPUFREQ=1
export AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1
export AFL_NO_AFFINITY=1
export AFL_NO_UI=1
export AFL_QUIET=1
# afl-fuzz requires abort_on_error and no symbolizing under ASan; leaks
# are left to the libFuzzer and unit-test runs.
export ASAN_OPTIONS=abort_on_error=1:symbolize=0:detect_leaks=0:allocator_may_return_null=1
export UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:print_stacktrace=1
AFL_ROOT=$(cd "$(dirname "$0")/.." && pwd)
AFL_BIN=${FUZZ_BUILD_DIR:-$AFL_ROOT/build-fuzz}/afl/fuzz
AFL_OUT_ROOT=${AFL_OUT_ROOT:-${FUZZ_BUILD_DIR:-$AFL_ROOT/build-fuzz}/afl-out}

# afl_target NAME: the AFL++ build of NAME, building it first if needed.
afl_target() {
    if [ ! -x "$AFL_BIN/$1" ]; then
        "$AFL_ROOT/ci/fuzz-build.sh" afl >&2 || exit 2
    fi
    [ -x "$AFL_BIN/$1" ] || { echo "no AFL++ build of $1 in $AFL_BIN" >&2; exit 2; }
    echo "$AFL_BIN/$1"
}

# afl-clang-lto instruments the AVX-512 kernel's code wrongly (an edge
# counter indexed by the map pointer's own low bits; fuzz/afl-denylist.txt
# does not reach the code inlined from the kernels' headers): the harnesses
# leave that kernel out here (fuzz/impls.c); libFuzzer's build runs it.
U8GUARD_FUZZ_SKIP=${U8GUARD_FUZZ_SKIP-avx512}
export U8GUARD_FUZZ_SKIP
