#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# expect.sh -- runs one command and checks its exit status and output, for
# the audit's tests (tests/audit/CMakeLists.txt).
#
#   expect.sh RC [-o TEXT]... [-e TEXT]... [-x TEXT]... [-X TEXT]... [-l NAME TEXT]... -- CMD...
#
#   RC          the exit status CMD must have
#   -o TEXT     standard output must contain TEXT (a fixed string)
#   -e TEXT     standard error must contain TEXT
#   -x TEXT     standard output must NOT contain TEXT
#   -X TEXT     standard error must NOT contain TEXT
#   -l NAME TEXT  the JSON line of decoder NAME ({"decoder": "NAME", ...)
#               must exist and contain TEXT
#
# On failure it says which check failed and shows both outputs; exit 1.
set -u
want_rc=$1
shift
checks_file=$(mktemp) || exit 1
out=$(mktemp) || exit 1
err=$(mktemp) || exit 1
trap 'rm -f "$checks_file" "$out" "$err"' EXIT
# Each check as "kind<US>name<US>text" (US = the unit separator, 037: not
# whitespace, so an empty field is kept), read back after the command ran.
sep=$(printf '\037')
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    case $1 in
    -o|-e|-x|-X) [ -n "$2" ] || { echo "expect.sh: empty text for $1" >&2; exit 2; }
              printf '%s%s-%s%s\n' "$1" "$sep" "$sep" "$2" >>"$checks_file"; shift 2 ;;
    -l) [ -n "$3" ] || { echo "expect.sh: empty text for -l $2" >&2; exit 2; }
        printf '%s%s%s%s%s\n' "-l" "$sep" "$2" "$sep" "$3" >>"$checks_file"; shift 3 ;;
    *) echo "expect.sh: bad argument '$1'" >&2; exit 2 ;;
    esac
done
[ $# -gt 0 ] && shift
start=$(date +%s.%N)
"$@" >"$out" 2>"$err"
rc=$?
end=$(date +%s.%N)
fail=0
say() { echo "FAIL: $*"; fail=1; }
[ "$rc" -eq "$want_rc" ] || say "exit status $rc, expected $want_rc"
while IFS="$sep" read -r kind name text; do
    case $kind in
    -o) grep -qF -- "$text" "$out" || say "stdout lacks: $text" ;;
    -e) grep -qF -- "$text" "$err" || say "stderr lacks: $text" ;;
    -x) if grep -qF -- "$text" "$out"; then say "stdout has: $text"; fi ;;
    -X) if grep -qF -- "$text" "$err"; then say "stderr has: $text"; fi ;;
    -l) line=$(grep -F -- "{\"decoder\": \"$name\"" "$out")
        if [ -z "$line" ]; then say "no JSON line for decoder $name"
        else printf '%s\n' "$line" | grep -qF -- "$text" || say "decoder $name's line lacks: $text"
        fi ;;
    *) say "internal: bad check line '$kind'" ;;
    esac
done <"$checks_file"
echo "command: $*"
echo "exit status $rc in $(awk "BEGIN { printf \"%.2f\", $end - $start }") s"
if [ "$fail" -ne 0 ]; then
    echo "--- stdout:"; cat "$out"; echo "--- stderr:"; cat "$err"
    exit 1
fi
echo "ok: exit status and $(wc -l <"$checks_file") output checks"
exit 0
