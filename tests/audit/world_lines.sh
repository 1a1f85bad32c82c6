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
#   directory, is an error with the system's reason, exit 2;
# - which words of a command are looked for, and where (PATH), by --list's
#   row for the one entry of a registry (listed, below).
set -u
u8guard=$1 work=$2
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work" && mkdir -p "$work" || fail "cannot create $work"
T=$(printf '\t')
n=0

# refused_in DIR TEXT WHAT: --list with world directory DIR exits 2 and
# its standard error holds TEXT.
refused_in() {
    U8GUARD_WORLD_DIR="$1" "$u8guard" audit --list >"$1.out" 2>"$1.err"
    rc=$?
    [ $rc -eq 2 ] || fail "$3: exit $rc, want 2: $(cat "$1.err")"
    grep -qF "$2" "$1.err" || fail "$3: stderr lacks '$2': $(cat "$1.err")"
}

# refused LINE MESSAGE: a registry of LINE alone is refused at line 1.
refused() {
    n=$((n + 1))
    mkdir "$work/$n" && printf '%s\n' "$1" >"$work/$n/decoders.tsv" || fail "cannot write case $n"
    refused_in "$work/$n" "$work/$n/decoders.tsv:1: $2" "case $n ($1)"
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
refused "x${T}${T}exec:true${T}-${T}exec:true${T}none" "a language of 1 to 15 bytes"
refused "Bad-name${T}C${T}exec:true${T}-${T}exec:true${T}none" \
    "a name that is not [a-z0-9_.-]+ (1 to 63 bytes)"
refused "x${T}C${T}exec:true${T}-${T}exec:true${T}none${T}more" "more than 6 TAB-separated fields"
refused "x${T}C${T}exec:true${T}-${T}exec:true" "fewer than 6 TAB-separated fields"

# A name used again: the first entry's, on line 3.
mkdir "$work/dup" || fail "cannot create $work/dup"
for name in first second first; do
    printf '%s\tC\texec:true\t-\texec:true\tnone\n' "$name"
done >"$work/dup/decoders.tsv"
refused_in "$work/dup" "$work/dup/decoders.tsv:3: a name already used on an earlier line" \
    "a name used twice"

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
refused_in "$work/file" "u8guard audit: $work/file/decoders.tsv: Not a directory" \
    "a world directory that is a file"
mkdir -p "$work/isdir/decoders.tsv" || fail "cannot create $work/isdir"
refused_in "$work/isdir" "u8guard audit: $work/isdir/decoders.tsv: Is a directory" \
    "a decoders.tsv that is a directory"

# listed LINE TEXT [ENV...]: a registry of LINE alone (name x), in a world
# directory holding a file s.so, is read, and --list's row of x (run with
# ENV) holds TEXT. @DIR@ in TEXT is the world directory.
listed() {
    line=$1 text=$2
    shift 2
    n=$((n + 1))
    mkdir "$work/$n" && printf '%s\n' "$line" >"$work/$n/decoders.tsv" && : >"$work/$n/s.so" ||
        fail "cannot write case $n"
    env "$@" U8GUARD_WORLD_DIR="$work/$n" "$u8guard" audit --list >"$work/$n.out" 2>"$work/$n.err" ||
        fail "case $n ($line): exit $?: $(cat "$work/$n.err")"
    row=$(grep '^x ' "$work/$n.out")
    want=$(printf '%s' "$text" | sed "s|@DIR@|$work/$n|g")
    case $row in
    *"$want"*) ;;
    *) fail "case $n ($line): the row of x is '$row', want it to hold '$want'" ;;
    esac
}

# Which words of a command are looked for (world.c, command_runs): the
# first word that is not an assignment (on PATH, or as a path), and every
# word inside the world directory; a word of 4096 bytes or more is not
# looked for but refused.
listed "x${T}C${T}exec:LANG=C true${T}-${T}exec:true${T}none" " ok"
listed "x${T}C${T}exec:true no-such-program-u8g${T}-${T}exec:true${T}none" " ok"
listed "x${T}C${T}exec:sh @WORLD@/missing.sh${T}-${T}exec:true${T}none" \
    "missing: not built (missing.sh is not in the world directory)"
listed "x${T}C${T}exec:@WORLD@/decoders.tsv no-such-program-u8g${T}-${T}exec:true${T}none" " ok"
listed "x${T}C${T}exec:@WORLD@x${T}-${T}exec:true${T}none" "missing: @DIR@x is not installed"
listed "x${T}C${T}exec:/bin/true${T}-${T}exec:true${T}none" " ok"
long=$(printf '%04094d' 0)
listed "x${T}C${T}exec:/$long${T}-${T}exec:true${T}none" \
    "missing: /$(printf '%0199d' 0) is not installed"
listed "x${T}C${T}exec:/${long}0${T}-${T}exec:true${T}none" \
    "missing: a word of 4096 bytes in its command, too long to look for"
# Why a decoder cannot run: its strict mode's or its replacing mode's
# plugin is missing, or a command's program; no packages named; a why
# longer than its 320-byte buffer cut to 319 bytes.
listed "x${T}C${T}plugin:s.so${T}plugin:r.so${T}plugin${T}none" \
    "missing: not built (replacing: no plugin r.so); install none"
listed "x${T}C${T}exec:true${T}plugin:r.so${T}exec:true${T}none" \
    "missing: not built (replacing: no plugin r.so); install none"
listed "x${T}C${T}plugin:s.so${T}exec:no-such-program-u8g${T}plugin${T}none" \
    "missing: no-such-program-u8g is not installed; install none"
listed "x${T}C${T}plugin:r.so${T}-${T}plugin${T}" \
    "missing: not built (strict: no plugin r.so); install (no package named), then"
listed "x${T}C${T}plugin:$(printf '%0400d' 0).so${T}-${T}plugin${T}none" \
    "missing: not built (strict: no plugin $(printf '%0290d' 0); install none"
# A version is the first line its command prints: up to the first LF,
# and at most 127 bytes (the rest of a longer line is not read).
listed "x${T}C${T}exec:true${T}-${T}exec:printf 'v1\\nv2\\n'${T}none" \
    "C          v1                                 ok"
listed "x${T}C${T}exec:true${T}-${T}exec:printf '%0200d' 0${T}none" \
    "C          $(printf '%0127d' 0) ok"
# ... also when the line comes in two writes, the first 126 bytes long:
# the 127th byte is still read (each read asks for the room left).
listed "x${T}C${T}exec:true${T}-${T}exec:printf '%0126d' 0; sleep 0.3; printf abc${T}none" \
    "C          $(printf '%0126d' 0)a ok"
# ... and a read of one byte is not the end: three writes, the second of
# one byte.
listed "x${T}C${T}exec:true${T}-${T}exec:printf '%080d' 0; sleep 0.2; printf a; sleep 0.2; printf bc${T}none" \
    "C          $(printf '%080d' 0)abc ok"
# PATH as execvp reads it: /usr/bin:/bin when it is not set, an entry too
# long for a path passed over, an empty entry the current directory.
listed "x${T}C${T}exec:true${T}-${T}exec:true${T}none" " ok" -u PATH
listed "x${T}C${T}exec:true${T}-${T}exec:true${T}none" " ok" PATH="/$(printf '%05000d' 0):/usr/bin:/bin"
mkdir "$work/cwd" && cp /bin/true "$work/cwd/u8g-here" || fail "cannot make $work/cwd/u8g-here"
(cd "$work/cwd" && listed "x${T}C${T}exec:u8g-here${T}-${T}exec:true${T}none" " ok" PATH=":/nonexistent") ||
    exit 1
n=$((n + 1))
# A directory whose path is 4093 bytes: t in it makes a path of 4095
# bytes, found; tt one of 4096, which the 4096-byte buffer cannot hold
# (cut to the 4095 bytes of .../t, it would find t): not found.
d=$work/long
while [ $((${#d} + 201 + 50)) -le 4093 ]; do
    d=$d/$(printf '%0200d' 0)
done
d=$d/$(printf "%0$((4093 - ${#d} - 1))d" 0)
[ ${#d} -eq 4093 ] || fail "the long directory is ${#d} bytes, want 4093"
mkdir -p "$d" && cp /bin/true "$d/t" || fail "cannot make the long directory"
listed "x${T}C${T}exec:t${T}-${T}exec:true${T}none" " ok" PATH="$d"
listed "x${T}C${T}exec:tt${T}-${T}exec:true${T}none" "missing: tt is not installed" PATH="$d"

echo "world_lines: $n cases (refused lines, commands and PATH), a name used twice, 40 entries, two unreadable registries: ok"
