#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# world_lines.sh U8GUARD WORKDIR -- how `u8guard audit --list` reads a
# registry (oracle/audit/world.c, audit_world_load and parse_entry), one
# small registry per case written to WORKDIR/N/decoders.tsv:
#
# - each line of REFUSED, alone in its registry, is refused naming line 1
#   with its message, exit 2: the prefixes "plugin:" and "exec:" whole
#   (nothing after them, or a near miss), a replacing mode that is only
#   almost "-", versions that are almost "plugin" or "exec:", a name whose
#   only bad byte is its first, 7 fields and 5;
# - a name used twice is refused at its second use, the first entry's
#   name too (the check starts at entry 0);
# - 40 entries are all listed (the entry array grows past its first 32);
# - a world directory that is a regular file, or whose decoders.tsv is a
#   directory, is an error with the system's reason, exit 2.
set -u
u8guard=$1 work=$2
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work" && mkdir -p "$work" || fail "cannot create $work"
T=$(printf '\t')
n=0

# refused LINE MESSAGE: a registry of LINE alone is refused at line 1.
refused() {
    n=$((n + 1))
    mkdir "$work/$n" && printf '%s\n' "$1" >"$work/$n/decoders.tsv" || fail "cannot write case $n"
    U8GUARD_WORLD_DIR="$work/$n" "$u8guard" audit --list >"$work/$n.out" 2>"$work/$n.err"
    rc=$?
    [ $rc -eq 2 ] || fail "case $n ($1): exit $rc, want 2: $(cat "$work/$n.err")"
    grep -qF "$work/$n/decoders.tsv:1: $2" "$work/$n.err" ||
        fail "case $n ($1): stderr lacks 'decoders.tsv:1: $2': $(cat "$work/$n.err")"
}

mode="a mode that is neither plugin:FILE nor exec:COMMAND"
version="a version that is neither 'plugin' nor exec:COMMAND"
refused "x${T}C${T}plugin:${T}-${T}plugin${T}none" "$mode"
refused "x${T}C${T}plugin;a.so${T}-${T}plugin${T}none" "$mode"
refused "x${T}C${T}exec:${T}-${T}exec:true${T}none" "$mode"
refused "x${T}C${T}exec;true${T}-${T}exec:true${T}none" "$mode"
refused "x${T}C${T}exec:true${T}-x${T}exec:true${T}none" "$mode"
refused "x${T}C${T}exec:true${T}+${T}exec:true${T}none" "$mode"
refused "x${T}C${T}plugin:a.so${T}-${T}plugix${T}none" "$version"
refused "x${T}C${T}plugin:a.so${T}-${T}plugins${T}none" "$version"
refused "x${T}C${T}exec:true${T}-${T}exec;true${T}none" "$version"
refused "x${T}C${T}exec:true${T}-${T}plugin${T}none" \
    "version 'plugin' for a decoder that is not a plugin"
refused "Bad-name${T}C${T}exec:true${T}-${T}exec:true${T}none" \
    "a name that is not [a-z0-9_.-]+ (1 to 63 bytes)"
refused "x${T}C${T}exec:true${T}-${T}exec:true${T}none${T}more" "more than 6 TAB-separated fields"
refused "x${T}C${T}exec:true${T}-${T}exec:true" "fewer than 6 TAB-separated fields"

# A name used again: the first entry's, on line 3.
mkdir "$work/dup" || fail "cannot create $work/dup"
for name in first second first; do
    printf '%s\tC\texec:true\t-\texec:true\tnone\n' "$name"
done >"$work/dup/decoders.tsv"
U8GUARD_WORLD_DIR="$work/dup" "$u8guard" audit --list >/dev/null 2>"$work/dup.err"
rc=$?
[ $rc -eq 2 ] || fail "a name used twice: exit $rc, want 2"
grep -qF "$work/dup/decoders.tsv:3: a name already used on an earlier line" "$work/dup.err" ||
    fail "a name used twice: $(cat "$work/dup.err")"

# 40 entries, each listed once.
mkdir "$work/forty" || fail "cannot create $work/forty"
i=1
while [ $i -le 40 ]; do
    printf 'entry%02d\tC\tplugin:absent.so\t-\tplugin\tnone\n' $i
    i=$((i + 1))
done >"$work/forty/decoders.tsv"
U8GUARD_WORLD_DIR="$work/forty" "$u8guard" audit --list >"$work/forty.out" 2>"$work/forty.err" ||
    fail "40 entries: exit $?: $(cat "$work/forty.err")"
got=$(grep -c '^entry[0-9][0-9] ' "$work/forty.out")
[ "$got" -eq 40 ] || fail "40 entries: $got listed"
grep -q '^entry40 ' "$work/forty.out" || fail "40 entries: entry40 not listed"

# A world directory that is a file; a decoders.tsv that is a directory.
printf 'not a directory\n' >"$work/file"
U8GUARD_WORLD_DIR="$work/file" "$u8guard" audit --list >/dev/null 2>"$work/file.err"
rc=$?
[ $rc -eq 2 ] || fail "a world directory that is a file: exit $rc, want 2"
grep -qF "u8guard audit: $work/file/decoders.tsv: Not a directory" "$work/file.err" ||
    fail "a world directory that is a file: $(cat "$work/file.err")"
mkdir -p "$work/isdir/decoders.tsv" || fail "cannot create $work/isdir"
U8GUARD_WORLD_DIR="$work/isdir" "$u8guard" audit --list >/dev/null 2>"$work/isdir.err"
rc=$?
[ $rc -eq 2 ] || fail "a decoders.tsv that is a directory: exit $rc, want 2"
grep -qF "u8guard audit: $work/isdir/decoders.tsv: Is a directory" "$work/isdir.err" ||
    fail "a decoders.tsv that is a directory: $(cat "$work/isdir.err")"

echo "world_lines: $n refused lines, a name used twice, 40 entries, two unreadable registries: ok"
