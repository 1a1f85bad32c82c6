#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# ci/python-test.sh -- the Python package's tests, as a fresh Debian 12
# machine runs them: python/ is installed with Debian's own interpreter
# (/usr/bin/python3; a pyenv or other python3 earlier on PATH lacks
# Debian's pytest and hypothesis, and there is no PyPI to fetch them) into
# a new virtual environment that sees the system packages, without build
# isolation or any index, then its pytest suite runs from outside the
# source tree (so the installed module is the one imported).
#
#   bash ci/python-test.sh          (PYTHON=... chooses another interpreter)
#   bash ci/python-test.sh --asan   library and module under AddressSanitizer
#                                   + UndefinedBehaviorSanitizer (~5 min; the
#                                   timing-based GIL and heap-growth tests are
#                                   left out: the sanitizers change both)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
PY=${PYTHON:-/usr/bin/python3}
VENV=$ROOT/build/ci-python-venv
PYTEST_ARGS=()
if [ "${1:-}" = "--asan" ]; then
  VENV=$ROOT/build/ci-python-asan-venv
  export CFLAGS="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
  export LDFLAGS="-fsanitize=address,undefined"
  export U8GUARD_PYTHON_CMAKE_ARGS="-DU8GUARD_SANITIZE=address,undefined"
  # python itself is not built with ASan: its runtime must come first, and
  # CPython's own allocations at exit are not this package's leaks.
  ASAN_PRELOAD="$(gcc -print-file-name=libasan.so) $(gcc -print-file-name=libubsan.so)"
  export ASAN_OPTIONS=detect_leaks=0
  PYTEST_ARGS=(-k "not gil and not heap_growth")
fi

rm -rf "$VENV" "$ROOT/python/build"
mkdir -p "$ROOT/build"
"$PY" -m venv --without-pip --system-site-packages "$VENV"
"$VENV/bin/python" -m pip install --no-build-isolation --no-index --no-cache-dir \
  --disable-pip-version-check -q "$ROOT/python"
cd "$ROOT/build"
rc=0
LD_PRELOAD="${ASAN_PRELOAD:-}" "$VENV/bin/python" -m pytest -p no:cacheprovider -q \
  "${PYTEST_ARGS[@]+"${PYTEST_ARGS[@]}"}" "$ROOT/python/tests" || rc=$?
# pytest's status 5 means no test was collected: that is a failure here.
if [ $rc -eq 5 ]; then
  echo "python-test: pytest collected no tests" >&2
  exit 1
fi
exit $rc
