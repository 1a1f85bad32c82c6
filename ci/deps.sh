#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# ci/deps.sh -- install what u8guard's builds, tests, oracles, fuzzers and
# benchmark need on a fresh Debian 12 machine. Idempotent: packages already
# present are not downloaded again. Needs root (or sudo).
#
#   ci/deps.sh           the packages below
#   ci/deps.sh --world   only the toolchains and libraries of the world audit:
#                        the union of the `packages` column of the registry
#                        files oracle/world/{plugins,exec}/decoders.tsv
#                        (doc/audit-world.md), so that each list lives beside
#                        the decoders that need it
set -euo pipefail

PACKAGES=(
  # build
  build-essential cmake ninja-build pkg-config binutils file
  # ABI check (ci/abi-check.sh) and Debian packages (ci/deb.sh)
  abigail-tools debhelper lintian fakeroot dpkg-dev
  # oracles: the decoders u8guard is compared with
  libicu-dev libglib2.0-dev libunistring-dev libutf8proc-dev python3
  # fuzzing, sanitizers, coverage
  clang libclang-rt-14-dev llvm-14 afl++ afl++-clang zip unzip
  # checking tools
  valgrind cppcheck clang-tidy clang-tools-14 time pyflakes3
  # the JSON Schemas of doc/schemas checked against real output (ctest cli_schemas, audit_schemas)
  python3-jsonschema
  # NEON kernels: cross compiler and emulator
  gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user
  # other targets (ci/cross.sh): big-endian s390x and 32-bit i686 under
  # qemu-user, Windows x86-64 with mingw-w64 under wine
  gcc-s390x-linux-gnu libc6-dev-s390x-cross gcc-i686-linux-gnu libc6-dev-i386-cross
  gcc-mingw-w64-x86-64 wine wine64
  # the Python package (python/): build, install without PyPI, test
  python3-dev python3-setuptools python3-pip python3-pytest python3-hypothesis
  # proofs (ci/prove.sh): Frama-C 25 with WP, Eva and RTE, and the SMT
  # solvers WP reaches through Why3 (about 400 MB installed; 1-2 min)
  frama-c-base why3 z3 cvc4
)

if [ "${1:-}" = "--world" ]; then
  here=$(cd "$(dirname "$0")/.." && pwd)
  PACKAGES=()
  for f in "$here"/oracle/world/plugins/decoders.tsv "$here"/oracle/world/exec/decoders.tsv; do
    [ -f "$f" ] || { echo "deps: --world: no $f (nothing from it)"; continue; }
    # field 6 of each line that is not a comment, one package per word
    while read -r p; do PACKAGES+=("$p"); done < <(
      awk -F'\t' '!/^#/ && NF == 6 { n = split($6, w, " "); for (i = 1; i <= n; i++) print w[i] }' "$f" | sort -u)
  done
  PACKAGES+=(pkg-config cmake build-essential)
elif [ $# -gt 0 ]; then
  echo "usage: ci/deps.sh [--world]" >&2
  exit 2
fi

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
# Node.js (for the Node oracle and simdutf's isUtf8 in the benchmark) comes
# with the machine; Debian's nodejs package is the fallback.
[ "${1:-}" = "--world" ] || command -v node >/dev/null 2>&1 || missing+=(nodejs)

if [ ${#missing[@]} -eq 0 ]; then
  echo "deps: all packages present"
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
echo "deps: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "deps: done"
