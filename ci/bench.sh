#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# ci/bench.sh -- the benchmark in one command: installs what it needs,
# configures a Release build with -DU8GUARD_BENCH=ON, builds u8bench and
# runs it, printing one table (u8guard's implementations and the peers on
# the same inputs) and writing every figure to build-bench/u8bench.json.
# What is measured and how: bench/README.md.
#
#   bash ci/bench.sh                 default run: 1 MiB and 16 MiB inputs,
#                                    short strings (~4-6 min on 2 cores)
#   bash ci/bench.sh --big           also 256 MiB inputs (much longer)
#   bash ci/bench.sh --quick         seconds: checks every verdict, no real timing
#   bash ci/bench.sh --short-only    only the short strings (~1-2 min)
#   bash ci/bench.sh --json F ...    any other u8bench option is passed on
#
# Environment: U8BENCH_BUILD_DIR (default build-bench), JOBS (default 2).
# Exit status: u8bench's (0 = every verdict right, 1 = some decoder gave
# a wrong verdict or could not be measured, 2 = set-up error).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD=${U8BENCH_BUILD_DIR:-$ROOT/build-bench}
JOBS=${JOBS:-2}

if [ -f ci/deps.sh ]; then
  bash ci/deps.sh
else
  # The peers' libraries; Node.js (for simdutf) comes from the machine or Debian.
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
    build-essential cmake pkg-config libicu-dev libglib2.0-dev libunistring-dev \
    libutf8proc-dev >/dev/null
  command -v node >/dev/null 2>&1 ||
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends nodejs >/dev/null
fi
command -v node >/dev/null 2>&1 || echo "bench: node not found: the simdutf(node) columns will be missing" >&2

mkdir -p "$BUILD"
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DU8GUARD_BENCH=ON \
  >"$BUILD/bench.configure.log" 2>&1 || { cat "$BUILD/bench.configure.log"; exit 2; }
grep -E '^-- u8bench' "$BUILD/bench.configure.log" || true
cmake --build "$BUILD" -j"$JOBS" --target u8bench >"$BUILD/bench.build.log" 2>&1 ||
  { tail -n 60 "$BUILD/bench.build.log"; exit 2; }

echo "bench: $BUILD/bench/u8bench $*  (figures also in $BUILD/u8bench.json)"
exec "$BUILD/bench/u8bench" --json "$BUILD/u8bench.json" "$@"
