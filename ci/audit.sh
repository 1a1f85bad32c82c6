#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# ci/audit.sh -- the main job on a fresh machine: install what is missing,
# build u8guard with its oracle adapters, and run `u8guard audit` over the
# bundled conformance corpus and generated inputs, printing the table of
# every available decoder against u8guard. Extra arguments go to audit
# (e.g. --json, --seconds 30, --seed 7, --plugin ./my_decoder.so).
#
# Exit status: 0 when the audit ran (whatever it found: findings are its
# output, and `u8guard audit` itself exits 1 when some decoder disagrees),
# 2 when it could not run.
set -uo pipefail
cd "$(dirname "$0")/.."
bash ci/deps.sh || exit 2
mkdir -p build
cmake -S . -B build/audit -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUILD_TESTING=OFF \
  >build/audit.configure.log 2>&1 || { cat build/audit.configure.log; exit 2; }
cmake --build build/audit -j"$(nproc)" >build/audit.build.log 2>&1 \
  || { tail -n 40 build/audit.build.log; exit 2; }
./build/audit/cli/u8guard audit "$@"
rc=$?
case $rc in
  0) echo "audit: every decoder conforms to doc/contract.md" ;;
  1) echo "audit: the decoders marked above disagree with doc/contract.md (u8guard audit exit status 1)" ;;
  *) echo "audit: could not run (exit status $rc)"; exit 2 ;;
esac
exit 0
