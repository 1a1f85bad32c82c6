#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# ci/abi-check.sh -- the exported ABI of libu8guard.so against the baseline
# abi/libu8guard.abixml (policy and rules: doc/abi.md).
#
#   bash ci/abi-check.sh            build the library and compare
#   bash ci/abi-check.sh --update   build and record it as the new baseline
#                                   (after adding API, or with a new ABI major)
#
# Checks: the SONAME is libu8guard.so.<project major>; every exported
# symbol is u8guard_* and bound to a U8GUARD_* version node; abidiff of the
# baseline and the built library shows no removed or changed function or
# variable (a changed struct size or member offset shows as a changed
# function). Added functions pass, listed, with a reminder to --update.
# Needs: abigail-tools (abidw, abidiff), binutils, cmake, a C compiler.
# The baseline is x86-64 (struct offsets differ on other targets): on
# another architecture only the SONAME and symbol checks run, and the
# script says so.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BASELINE=$ROOT/abi/libu8guard.abixml
OUT=$ROOT/build/abi
UPDATE=0
mkdir -p "$ROOT/build"
case ${1:-} in
  --update) UPDATE=1 ;;
  "") ;;
  *) echo "usage: $0 [--update]" >&2; exit 2 ;;
esac
for t in abidw abidiff readelf cmake; do
  command -v $t >/dev/null || { echo "abi-check: $t not found (apt-get install abigail-tools binutils cmake)" >&2; exit 2; }
done

# The library alone, with debug information (abidw reads the types from it).
cmake -S "$ROOT" -B "$OUT" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUILD_TESTING=OFF \
  -DU8GUARD_BUILD_CLI=OFF -DU8GUARD_ORACLES=OFF >"$OUT.configure.log" 2>&1 \
  || { cat "$OUT.configure.log"; exit 2; }
cmake --build "$OUT" --target u8guard -j2 >"$OUT.build.log" 2>&1 \
  || { tail -n 40 "$OUT.build.log"; exit 2; }
SO=$(readlink -f "$OUT/src/libu8guard.so")
VERSION=$(sed -n 's/^project(u8guard VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
MAJOR=${VERSION%%.*}
failures=0
bad() { echo "abi-check: FAILED: $*"; failures=$((failures + 1)); }

# 1. SONAME.
SONAME=$(readelf -d "$SO" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
if [ "$SONAME" = "libu8guard.so.$MAJOR" ]; then
  echo "abi-check: SONAME $SONAME (project $VERSION)"
else
  bad "SONAME is '$SONAME', expected libu8guard.so.$MAJOR (the ABI major is the project's major, doc/abi.md)"
fi

# 2. Exported symbols: u8guard_*, each with a U8GUARD_ version. readelf
# prints defined dynamic symbols as NAME@@VERSION; the version node itself
# is an ABS symbol named after it, without a version.
SYMS=$(readelf --dyn-syms -W "$SO" | awk '$1 ~ /^[0-9]+:$/ && $7 != "UND" && $5 != "LOCAL" && NF >= 8 \
  && !($7 == "ABS" && $8 ~ /^U8GUARD_[0-9.]*$/) { print $8 }' | sort -u)
NSYMS=0
while IFS= read -r s; do
  [ -n "$s" ] || continue
  name=${s%%@*} ver=${s#*@@}
  [ "$s" != "$name" ] || { bad "exported symbol $s has no version node"; continue; }
  case $name in u8guard_*) ;; *) bad "exported symbol $name is not u8guard_*" ;; esac
  case $ver in U8GUARD_*) ;; *) bad "symbol $name has version $ver, not U8GUARD_*" ;; esac
  NSYMS=$((NSYMS + 1))
done <<<"$SYMS"
echo "abi-check: $NSYMS exported symbols, nodes: $(grep -o '@@U8GUARD_[0-9.]*' <<<"$SYMS" | sort | uniq -c | tr -s ' \n' ' ')"

# 3. The ABI itself.
abidw --no-corpus-path --no-show-locs --no-comp-dir-path --headers-dir "$ROOT/include" --out-file "$OUT/current.abixml" "$SO"
# The translation units are named by their path: keep it relative to the
# repository, so the baseline does not depend on where it was made.
sed -i "s|path='$ROOT/|path='|g" "$OUT/current.abixml"
if [ $UPDATE -eq 1 ]; then
  [ $failures -eq 0 ] || { echo "abi-check: not recording a baseline that fails the checks above"; exit 1; }
  mkdir -p "$(dirname "$BASELINE")"
  cp "$OUT/current.abixml" "$BASELINE"
  echo "abi-check: recorded $BASELINE ($SONAME, $NSYMS symbols): commit it with the change that needs it"
  exit 0
fi
if [ "$(uname -m)" != x86_64 ]; then
  echo "abi-check: SKIPPED the abidiff comparison: the baseline is x86-64, this is $(uname -m)"
elif [ ! -f "$BASELINE" ]; then
  bad "no baseline $BASELINE (record one with: bash ci/abi-check.sh --update)"
else
  rc=0
  abidiff --no-show-locs "$BASELINE" "$OUT/current.abixml" >"$OUT/abidiff.txt" 2>&1 || rc=$?
  cat "$OUT/abidiff.txt"
  # abidiff's status is a bit mask: 1 error, 2 usage error, 4 ABI change,
  # 8 incompatible change. Bit 8 is set for removals only; this policy
  # also counts a changed function (e.g. a struct behind a pointer grew)
  # as incompatible, from the summary lines.
  removed_or_changed=$(sed -n 's/^\(Functions\|Variables\) changes summary: \([0-9]*\) Removed, \([0-9]*\) Changed.*/\2 \3/p' "$OUT/abidiff.txt" \
    | awk '{ n += $1 + $2 } END { print n + 0 }')
  if [ $((rc & 3)) -ne 0 ]; then
    bad "abidiff could not compare (status $rc)"
  elif [ $((rc & 8)) -ne 0 ] || [ "$removed_or_changed" -ne 0 ]; then
    bad "incompatible ABI change against $BASELINE (above). If it is meant, raise the major version (doc/abi.md), say so in CHANGELOG.md and run: bash ci/abi-check.sh --update. (New state in the reserved bytes of u8guard_stream shows here as a changed struct: once reviewed as keeping every offset, record it with --update.)"
  elif [ $((rc & 4)) -ne 0 ]; then
    echo "abi-check: compatible additions (above); record them with: bash ci/abi-check.sh --update"
  elif grep -q 'filtered out' "$OUT/abidiff.txt"; then
    echo "abi-check: harmless changes only (filtered out above, e.g. enumerators added at the end); record them with: bash ci/abi-check.sh --update"
  else
    echo "abi-check: the ABI equals the baseline"
  fi
fi
[ $failures -eq 0 ] || { echo "abi-check: $failures failure(s)"; exit 1; }
echo "abi-check: passed"
