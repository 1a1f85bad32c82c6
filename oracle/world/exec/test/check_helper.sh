#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
#
# check_helper.sh REGISTRY WORLD NAME EXPECTED [WHY-MISSING]
#
# Runs the --exec helper NAME through the commands of its line in REGISTRY
# (oracle/world/exec/decoders.tsv, @WORLD@ replaced by WORLD) and checks the
# exact answers listed in EXPECTED, one check a line, TAB-separated:
#     strict|replace  REQUEST (hex, empty for the empty input)  ANSWER
#     version         (empty)  EXTENDED-REGEX the first output line matches
# All the requests of a mode go to one run of the helper, in order, as the
# audit sends them. Exits 0 when every answer is exact, 1 otherwise, 77
# (skipped) with the reason when WHY-MISSING is not empty or the helper's
# program is not there.
set -u
registry=$1 world=$2 name=$3 expected=$4 why=${5:-}
if [ -n "$why" ]; then
    echo "skipped: $name: $why"
    exit 77
fi
line=$(awk -F '\t' -v n="$name" '$1 == n' "$registry")
if [ -z "$line" ]; then
    echo "FAIL: $name has no line in $registry"
    exit 1
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
status=0

# command FIELD prints the command line of registry field FIELD (3 strict,
# 4 replace, 5 version), @WORLD@ replaced, or nothing if it is "-".
command_of() {
    printf '%s\n' "$line" | awk -F '\t' -v f="$1" -v w="$world" '
        $f != "-" { c = $f; sub(/^exec:/, "", c); gsub(/@WORLD@/, w, c); print c }'
}

# The helper's program (the first word, or the file under WORLD it runs)
# must be there; else the test cannot say anything about it.
for word in $(command_of 3); do
    case $word in
        "$world"/*) [ -e "$word" ] || { echo "skipped: $name: $word was not built"; exit 77; } ;;
    esac
done
first=$(command_of 3 | awk '{ print $1 }')
if ! command -v "$first" >/dev/null 2>&1; then
    echo "skipped: $name: $first not found"
    exit 77
fi

for mode in strict replace version; do
    case $mode in strict) field=3 ;; replace) field=4 ;; version) field=5 ;; esac
    awk -F '\t' -v m=$mode '$1 == m' "$expected" > "$tmp/$mode"
    [ -s "$tmp/$mode" ] || continue
    cmd=$(command_of "$field")
    if [ -z "$cmd" ]; then
        echo "FAIL: $name: $expected checks $mode, which the registry says $name has not"
        status=1
        continue
    fi
    if [ $mode = version ]; then
        got=$(sh -c "$cmd" </dev/null 2>&1 | head -n 1)
        want=$(cut -f 3 "$tmp/$mode")
        if printf '%s\n' "$got" | grep -Eq -- "$want"; then
            echo "ok: $name version: $got"
        else
            echo "FAIL: $name version: '$got' does not match '$want'"
            status=1
        fi
        continue
    fi
    cut -f 2 "$tmp/$mode" > "$tmp/$mode.in"
    cut -f 3 "$tmp/$mode" > "$tmp/$mode.want"
    sh -c "$cmd" < "$tmp/$mode.in" > "$tmp/$mode.got"
    rc=$?
    if [ $rc -ne 0 ]; then
        echo "FAIL: $name $mode: '$cmd' exited with status $rc"
        status=1
    fi
    if cmp -s "$tmp/$mode.want" "$tmp/$mode.got"; then
        echo "ok: $name $mode: $(wc -l < "$tmp/$mode.in") exact answers"
    else
        echo "FAIL: $name $mode: requests, expected and actual answers:"
        paste "$tmp/$mode.in" "$tmp/$mode.want" "$tmp/$mode.got" | sed 's/^/    /'
        status=1
    fi
done
exit $status
