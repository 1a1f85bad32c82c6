#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""ci/mutate.py -- mutation testing of the library core.

Plants one small change at a time in a temporary copy of the tree, in
src/scalar.c (the table-driven reference), the core files built on it
(validate.c, decode.c, sanitize.c, stream.c, encode.c) and the argument
helpers they share (internal.h: u8g_overlap, u8g_add_sat, u8g_mul_sat):

  cmp     each comparison flipped: < <-> <=, > <-> >=, == <-> !=
  const   each integer constant off by one (+1 and -1), hexadecimal range
          bounds (0x80, 0xBF, 0x9F, 0xA0, 0x8F, 0x90, ...) and decimal
  table   each entry of LEAD_RULES (numbers +-1, error kinds replaced by
          the next kind) and of LEAD_ROW (row index +-1)
  plus1   each "+ 1" / "- 1" removed ("x + 1" becomes "x")

builds the library and the fast tests once, then for each mutant rebuilds
incrementally and runs the tests, fastest first, each with a time limit,
stopping at the first that fails: the mutant is KILLED. A mutant that no
test notices in that (uninstrumented, -O1) build is rebuilt with
AddressSanitizer + UndefinedBehaviorSanitizer and the tests run again: a
write of one byte past a stack buffer changes no result, and only the
sanitizer sees it (killed "[asan]"). A mutant that survives both SURVIVED:
either a test is missing or the change does not alter behaviour (an
equivalent mutant). A mutant that does not compile is counted apart
(STILLBORN).

Mutants of LEAD_RULES fields u8g_step never reads (DEAD), and the ones
shown equivalent by hand (EQUIVALENT below, each with its reason), are
not counted as survivors, but they are RUN all the same, in the plain
build (with --quick, every 3rd of them): a claimed-equivalent or dead
mutant that a test kills means the claim is wrong, and the script fails,
so the list cannot hide a real survivor.

In the whole-tree runs (--sample, --all: ci/mutate_whole.py), a mutant
that only a test of a label those runs leave out can kill (memcheck's
leaks and uninitialised reads, the relocated install) is listed in
LAST_TESTS with that test: the runner runs it when the mutant's own
tests pass.

The tests, in order: tests/lib test_unit, tests/hardening test_limits,
test_saturation, test_windows, test_stream_pending (scalar), test_guard_pages
(scalar, lengths 0..300; word, 0..100), tests/lib test_stream without the
shared corpus, test_exhaustive short; without --quick also test_stream with
the shared folder. The tests/lib programs run with U8GUARD_TEST_IMPLS=
scalar,word. The ASan+UBSan stage runs the same list without
test_exhaustive and the word guard-page run, and with guard-page lengths
0..100.

Usage:
  ci/mutate.py [--quick] [--only FILE] [--list] [--keep] [--timeout S]
               [--report PATH] [--planted]
  ci/mutate.py (--sample N [--seed S] | --all) [--match RE] [--work DIR]
    --quick      every 3rd mutant, and no corpus stream test
    --only FILE  mutate only src/FILE (e.g. scalar.c)
    --list       print the mutants and exit
    --planted    instead of mutants, plant the memory-safety bugs of
                 PLANTED (over-reads and over-writes by one byte) and check
                 that the hardening tests catch each one (the ones marked
                 "asan" in the ASan+UBSan build, the others without it)
    --no-asan    do not rebuild survivors with ASan+UBSan
    --sample N   N mutants drawn at random (--seed S; default the time; the
                 seed is printed) from every file of src/ (every kernel; NEON
                 in a cross build under qemu when the toolchain is there),
                 cli/ and oracle/ that a build here compiles, each judged by
                 its own file's tests in one persistent build
                 (ci/mutate_whole.py). With --list, prints the draw
    --all        the same for every candidate
    --match RE   (with --sample/--all) only candidates whose
                 "file:line kind 'old' -> 'new'" matches RE
    --work DIR   (with --sample/--all) keep the copy and builds in DIR (and
                 the line map, reused while the tree is the same)
    --no-map     (with --sample/--all) no --coverage build and no per-line
                 test map: every mutant runs its file's whole test list
    --cap S      (with --sample/--all) at most S seconds of a mutant's own
                 builds and test runs (the unmutated tree's runs apart); a
                 mutant not killed by then is UNDECIDED, printed with the
                 command that judges it without the cap
    --max-survivors K  (with --sample/--all) fail only above K survivors
                 not listed as equivalent (default 0); --max-undecided U
                 fails above U undecided mutants (default: no bound)
    --budget S   (with --cap) the mutants' phase should end within S
                 seconds: each mutant's cap is at most what is left of S
                 shared by the mutants left (at least 5 s)
    --shard K/N  (with --sample/--all) judge every N-th mutant of the draw
                 from the K-th (0-based): N runs in N work folders share
                 the cores (ci/mutate-sample.sh)
    --report     where the survivors are written (default
                 build/mutate/report.txt)
Exit status: 0 when no mutant survived (or, with --planted, every planted
bug was caught; with --sample/--all, no claim was disproved and the
survivors and undecided mutants are within their bounds), 1 otherwise, 2 on
a setup failure (a stale anchor or source fact included).
"""
import argparse
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORE = ["scalar.c", "validate.c", "decode.c", "sanitize.c", "stream.c", "encode.c",
        "internal.h"]
KINDS = ["U8GUARD_OK", "U8GUARD_UNEXPECTED_CONTINUATION", "U8GUARD_OVERLONG",
         "U8GUARD_SURROGATE", "U8GUARD_TOO_LARGE", "U8GUARD_BAD_CONTINUATION",
         "U8GUARD_TRUNCATED", "BAD"]
# --sample draws from every C file of these folders that this machine builds.
WHOLE_DIRS = ["src", "cli", "oracle"]
TARGETS = ["test_unit", "test_stream", "test_exhaustive", "test_guard_pages",
           "test_limits", "test_saturation", "test_windows", "test_stream_pending"]

# Memory-safety and size-limit bugs planted on purpose (--planted): (file, exact old text,
# new text, what it breaks[, "asan"]). The hardening tests must fail on each;
# the ones marked "asan" write where no guard page can be (the stack) and
# are checked in the ASan+UBSan build only.
PLANTED = [
    ("scalar.c", "    if (avail < 2)\n        goto truncated;",
     "    if (avail < 1)\n        goto truncated;",
     "u8g_step reads p[1] of a lone lead byte at the end of the input"),
    ("scalar.c", "        if (i >= avail)\n            goto truncated;",
     "        if (i > avail)\n            goto truncated;",
     "u8g_step reads one byte past a truncated 3/4-byte sequence"),
    ("scalar.c", "    while (i < len && (n = u8g_step(p + i, len - i, &cp, &kind, &sub)) != 0) {\n        i += n;\n        /* Eva",
     "    while (i < len && (n = u8g_step(p + i, len - i + 1, &cp, &kind, &sub)) != 0) {\n        i += n;\n        /* Eva",
     "scalar_valid_prefix tells u8g_step one more byte is readable"),
    ("decode.c", "            if (need < cap)\n                out16[need] = (uint16_t)cp;",
     "            if (need <= cap)\n                out16[need] = (uint16_t)cp;",
     "decode_utf16 writes one unit past out_cap"),
    ("sanitize.c", "    if (n > room) {", "    if (n > room + 1) {",
     "sanitize writes one byte past out_cap"),
    ("stream.c", "    if (out != NULL && (!out_need(s, len, &need) || out_cap < need))",
     "    if (out != NULL && (!out_need(s, len, &need) || out_cap + 3 < need))",
     "stream_feed accepts an out_cap 3 bytes too small"),
    ("stream.c", "    if (len > SIZE_MAX / f - 3)\n        return false;\n", "",
     "stream_feed trusts its output size after it wrapped"),
    ("stream.c", "len > SIZE_MAX / f - 3", "len > SIZE_MAX / (f + 1) - 3",
     "stream_feed refuses chunks up to SIZE_MAX / 3 - 3 that it documents"),
    ("stream.c", "take = 4 - have", "take = 5 - have",
     "complete_pending copies one byte past its 4-byte stack buffer", "asan"),
    ("sanitize.c", "if (u8g_overlap(p, len, o8, out_cap))", "if (u8g_overlap(p, len, o8, 0))",
     "sanitize writes over its own unread input (overlap not refused)"),
]


WHY_LAST_BOUNDARY = (
    "last_boundary only picks where stream_feed splits a chunk's validation: len, "
    "or any byte among the last 3 that is not a continuation, gives the same errors "
    "and bytes (a split at a character boundary changes no result), and the mutant "
    "still returns one of those")

WHY_OUT_OF_CACHE = (
    "OUT_OF_CACHE only chooses between the plain copy (copy_prefix, or valid_prefix then "
    "memcpy) and copy_nt (the same copy with non-temporal stores), which write the same bytes "
    "(tests/kernels/test_sanitize_big compares both paths with the reference)")

WHY_FALSE_ALARM = (
    "avx512.c's check ANDs its three nibble lookups with vpternlogd 0x80 (a & b & c). 0x81 adds "
    "~a & ~b & ~c, which never has bit 7 (every KL_PREV_LOW entry has it, so b does): bits 0..6 "
    "only, an error where there was none and never one less. 0x7F (~(a & b & c)) is nonzero in "
    "every byte whatever the XOR with bit 7 does (no a & b & c has bits 0..6 all set): every "
    "checked block fails. A block flagged by mistake is finished by u8g_block_failed one "
    "character at a time, which gives the same valid prefix from any block start: only the time "
    "changes. tests/kernels/test_false_alarm checks both table facts and every restart")

WHY_READLINK_ROOM = (
    "Linux keeps a symlink's target below PATH_MAX (symlink(2) refuses 4096 bytes with "
    "ENAMETOOLONG), so readlink into link[PATH_MAX] returns at most 4095 bytes whether it "
    "is given 4095 or 4096 bytes of room, and link[n] = '\\0' stays inside the buffer")

WHY_EXE_NOT_EMPTY = (
    "install_dirs.c reads /proc/self/exe with readlink, which returns the target's length or "
    "-1, and the kernel's exe link is an executable's absolute path: never empty, nor 1 byte "
    "(\"/\" is a folder), so `n < 0` and `n <= 1` refuse what `n <= 0` does")

WHY_EXE_ABSOLUTE = (
    "install_dirs.c's path from /proc/self/exe is absolute, as the kernel writes it, with no "
    "\"//\": buf[0] is '/', so strrchr always finds a slash (the branch for none is not "
    "reached), the scan back to a '/' stops at dir_len 1 at the latest (testing dir_len > 1 "
    "instead of > 0 stops it there too, on the same '/'), and dir_len, the index of a '/', "
    "is 0 (the root) or at least 2, never 1 (the loop's `dir_len > 1` ends where `> 0` does)")

WHY_GEN_SEQ = (
    "audit_generate's seq buffer: bad_sequence writes at most 6 bytes (a CESU-8 pair, or a "
    "5/6-byte form) and encode at most 4, so 7 or 9 bytes of room change nothing")

WHY_GEN_ROOM = (
    "a room that never binds for cap >= 256 (audit_generate's precondition, audit.h; run.c "
    "passes 512): valid_text writes fewer than n + 4 bytes, and cases 1 and 2 ask for n < 40 "
    "(case 1 then for at most 3 planted sequences of up to 6 bytes, each followed by n < 8), "
    "so case 1 holds at most 43 + 2 * 16 bytes when it tests len + 16 < cap and case 2 at most "
    "43 when it appends 1..3 bytes; room cap / 3 or cap / 1 for cap / 2 there, 15 or 17 or "
    "'<=' in len + 16 < cap, and cap / 1 for case 3's cap / 2 (n = at - 4 <= 125 < 128) change "
    "no byte. audit_engine_generate's fingerprints at cap 256 and 4096 check it")

WHY_GEN_TEXT_ROOM = (
    "valid_text's loop runs only while len < n, and every caller asks for n <= cap - 3 (case 3: "
    "n = at - 4 <= 125 with room cap / 2 >= 128; the others far less): len + 3 <= n + 2 < cap, "
    "so the room test len + 4 <= cap (and len + 3 <= cap) never stops it; only a larger "
    "constant (len + 5, killed) does")

WHY_GEN_SAME_VALUE = (
    "both sides of the comparison give the same value where they differ: at c->len == cap / 2 "
    "the cut is cap / 2 either way, at cut + more == cap more is cap - cut either way, and "
    "ED 9F is rewritten to ED 9F")

WHY_NAME_ASCII = (
    "text.c's audit_name_human takes a character's length from its lead byte only inside "
    "the valid prefix, where a lead is 00..7F or C2..F4, and after DEL (7F) and the C0 "
    "controls were escaped: so 'p[i] < 0x80' is 'p[i] < B' for every B from 7F to C2, and "
    "'<=', 0x81 and 0x7F pick the same length for every lead that gets there")

WHY_BAD_LEN_ONE = (
    "text.c's bad_len runs only where u8guard_valid_prefix found no valid character at p "
    "(n > 0), so u8guard_validate reports an error at offset 0 whose length, the maximal "
    "subpart, is 1..3 (doc/contract.md): the fallback for a length of 0 is never taken, and "
    "its value (1, or 0 or 2) is never returned")

WHY_SHA_ROOM = (
    "a digest's buffer of 65 bytes (record_json_write.c's sb_cps, record_answers.c's sb_ours, "
    "replay_one.c's audit_replay_one, record.c's audit_record) "
    "holds the 64 hex digits and the NUL that sha256_final_hex or sha256_hex writes; a 66th "
    "byte is never written or read")

WHY_OURS_ROOM = (
    "record_answers.c's sb_ours allocates 2 * ORACLE_ROOM(len) code points, one room for "
    "the strict and one for the replacement decoding (v.repl starts at the second), and "
    "decoder_says 4 rooms, the same two for u8guard and for the decoder; a room more is "
    "never written or read")

WHY_FIRST_READ_LATE = (
    "record_answers.c's sb_ours reads first (its offset for the consistency check, the "
    "first_error object) only when count > 0, that is after the loop's first error was "
    "assigned to it: its initial value, {0} or {1}, is never read; it is there for "
    "compilers that cannot see that")

WHY_STOP_GRACE = (
    "subprocess.c's subproc_stop waits up to 100 pauses of 10 ms for a child that was sent "
    "end of input before it kills it; these mutants change only that time (a pause more or "
    "less, 9 or 11 ms a pause, or a pause cut short: poll_wait on descriptor 0, '-1' -> '-0', "
    "returns at once only where fd 0 is closed or hung up; -2 and the events of a negative "
    "descriptor are ignored), never the outcome: the child is reaped, or killed and reaped, "
    "either way. Only a timing test on a quiet machine could tell")

WHY_PID_NOT_ONE = (
    "subprocess.c's subproc_stop returns at once for sp->pid <= 0 (not running); '<= 1' also "
    "returns for pid 1, which fork never returns to a parent (pid 1 is the init of the "
    "parent's own namespace, started before it; a child in a new pid namespace is seen by "
    "its parent under another pid): the same for every pid a subproc holds")

WHY_THEIRS_OVER_REPL = (
    "record_answers.c's decoder_says with theirs.cps at buf + 1 * ORACLE_ROOM (u8guard's "
    "replacement room): the decoder's strict code points then overwrite the start of "
    "ours.repl after oracle_reference wrote it. oracle_compare reads ours.repl only in "
    "repl_difference, which runs only when the strict answers agree exactly (no fatal or "
    "detail difference), that is when theirs.cps equals a prefix of ours.cps, itself a prefix "
    "of ours.repl: the same values are written. The known_divergence functions (glib, "
    "libunistring) also require no strict difference and predict the replacement output "
    "from the data, not from ours.repl; the recorded u8guard answer is sb_ours', from a "
    "buffer of its own")

WHY_GETLINE_NULL = (
    "replay_one.c's read_one (and record.c's already_recorded, replay.c's audit_replay) "
    "starts getline with line "
    "NULL (read_one at first, and again after it kept a line): getline then allocates a "
    "buffer of its own choosing whatever the size given with it (POSIX), so that size, 0 "
    "or 1, changes nothing")

WHY_CLS_ROOM = (
    "replay_one.c's cls holds only what classification_of writes, record.c's that or its "
    "caller's words (run.c's classification: 'plugin disagreement' at most): at most "
    "'known-divergence:' and a divergence id (the longest of oracle/DIVERGENCES.md, "
    "unistring-mbtouc-whole-sequence, 31 bytes): 48 bytes and the NUL, far inside 127 or 129")

WHY_SPACE_ITSELF = (
    "report_md.c's md_text writes each control byte (below 0x20) as a space: the space "
    "itself, which '<= 0x20' or '< 0x21' would take in too, is written as a space either way")

WHY_ERR_ROOM = (
    "PLUGIN_RUNNER_ERR_ROOM (plugin_runner.h) is more room than any message of the open "
    "functions needs: the longest, a 4092-byte path and ': the sandbox child hung while "
    "loading it', takes 4134 bytes with its NUL (the path's room and its check are "
    "SOURCE_FACTS), so a room of 4199 or 4201 cuts nothing")

WHY_PATH_ROOM = (
    "AUDIT_PATH_ROOM (record_internal.h) holds a --record or --replay directory and a file "
    "name of at most 69 bytes: a directory that opens is under 4096 bytes (PATH_MAX), so "
    "such a path takes at most 4165 bytes and 4199 or 4201 cut none; a longer directory "
    "fails to open with any room")

WHY_MEMBER_ROOM = (
    "record.c's already_recorded reads a manifest line's sha256 and decoder into rooms of "
    "80 bytes and looks for sha (64 digits) and a decoder's name (under 64 bytes): a value "
    "that fits in 79 bytes and not 80, or in 80 and not 81, is longer than both, so it "
    "matches neither with any of the three rooms")

WHY_DECODER_LISTS = (
    "decoders.c's two lists, calloc(count + 1, ...): the + 1 keeps the size above 0 when "
    "there is nothing to list (no plugin, no --exec), where calloc(0, size) may return NULL "
    "and the audit would report running out of memory; glibc returns a unique pointer for "
    "0, and the lists are filled only up to count, so + 2, + 0 or no + 1 change nothing "
    "here (as for WHY_CALLOC_ZERO)")

WHY_NAME_SHOWN_ROOM = (
    "AUDIT_NAME_HUMAN_ROOM (audit.h) is what audit_name_human needs for the longest name, 63 "
    "bytes each shown as \\xHH, and the NUL: 4 * 63 + 1 = 253 bytes. These mutants make it "
    "larger (316, 257 or 254 bytes), which changes nothing: audit_name_human stops at the "
    "name's end. Each smaller one cuts a name of 63 bytes FF (audit_name_shown_whole)")

WHY_FLUSH_AFTER_ERROR = (
    "the audit's `fflush(stdout) == 0 && !ferror(stdout)` (oracle/audit/main.c's "
    "flushed_stdout) with `||` differs only when a write of stdout failed and the final fflush then succeeded (a "
    "non-blocking pipe drained in between): on every stdout a test can make fail (/dev/full, "
    "a closed pipe, a file past RLIMIT_FSIZE) every later write fails too, so both are true "
    "together (planted: audit_stdout_full passes). ferror is kept for that case, which no "
    "test can time")

WHY_SET_ON_SUCCESS = (
    "audit_main's `size_t n = 0` (oracle/audit/main.c) is never read as 0: "
    "audit_open_decoders sets *n when it returns 0, and audit_main returns its status "
    "otherwise")

WHY_QUOTED_ASAN = (
    "plugin_runner.c's quoted with `o += 3` as 4, after an answer cut at 60 characters, "
    "leaves shown[63] unwritten and puts its NUL one byte past shown[64]: in the mutation "
    "runs' build that byte of the stack held 0 and the byte past it nothing read, so the "
    "text shown was the same. Killed in the ASan build (ci/test.sh's ctest-asan-ubsan "
    "stage): audit_exec_long61 and audit_exec_stall76 stop at a stack-buffer-overflow in "
    "quoted (planted, seen 2026-12-07)")

WHY_REQUEST_ASAN = (
    "plugin_runner.c's exec_decode: a request buffer of `1 * len + 2` bytes, which the "
    "input's hex overruns by len bytes, and a hex loop to `i <= len`, which reads the byte "
    "after the input (its two digits are overwritten by the newline or never sent): in the "
    "mutation runs' build neither changes what is sent (glibc's chunks have room past small "
    "requests; the input's buffer has a byte after it). Killed in the ASan build "
    "(ci/test.sh's ctest-asan-ubsan stage): audit_exec_correct, _crash and _cp1 stop at a "
    "heap-buffer-overflow in exec_decode, and audit_exec_after_fault, whose input is one "
    "char on the stack, at a stack-buffer-overflow (planted, seen 2026-12-07)")

WHY_HELLO_ASAN = (
    "subprocess.c's subproc_start with `char hello[3]`: read_exact puts the 4-byte greeting "
    "one byte past it, and memcmp reads that byte back; in the mutation runs' build the byte "
    "past lands on nothing read later, so the greeting still matches. Killed by the compiler "
    "in the ASan build (ci/test.sh's ctest-asan-ubsan stage, -O1 with -Werror): gcc's "
    "-Wstringop-overread refuses memcmp's bound of 4 on a 3-byte array (planted, seen "
    "2026-12-07)")

WHY_ASAN_NOTE = (
    "audit_main's note that the sandbox cannot limit a plugin's address space is printed "
    "only when sandbox_as_note() is not NULL, in a build with AddressSanitizer; the mutation "
    "runs' build has none, so its condition is false whatever its first half. These mutants "
    "are killed in the ASan build (ci/test.sh's ctest-asan-ubsan stage): its "
    "audit_hostile_alloc requires the note for one plugin without --world, which `> 1` and "
    "`&&` leave out, and audit_builtin_no_note refuses it with no plugin, which `>= 0` "
    "prints")

WHY_FOUND_BY_ROOM = (
    "run.c's found_by holds at most 102 bytes and the NUL: \"u8guard audit: conformance "
    "corpus case \" (39) and a case's name (at most 63, audit_case's), or \"u8guard audit: "
    "generated input \", \" of seed \" and two numbers of at most 20 digits (80); so 127 or "
    "129 bytes cut nothing (record_replay.sh checks a name of 63 bytes whole)")

WHY_BATCH_SIZE = (
    "run.c's BATCH (32) only groups inputs for one subprocess round trip: with --cases N "
    "every decoder is given every input, in the same order and with the same numbers, "
    "whatever the batch (a batch runs whole through one decoder before the next; a "
    "decoder's answer to an input does not depend on the others of its batch); with "
    "--seconds how many inputs run depends on the clock whatever the batch. 31 and 33 "
    "change neither (audit_totals checks that each decoder got every input)")

WHY_DEADLINE_CLOCK = (
    "run_batch's deadline (and the shrinker's, d->deadline, the same one) is 0 (none: the "
    "corpus) or monotonic_s() + --seconds, a reading of "
    "CLOCK_MONOTONIC, which counts from boot and is past 1 s by the time the audit runs: "
    "`deadline > 1` is `deadline > 0` for every deadline it is given")

WHY_NO_SHELL = (
    "plugin_runner.c's exec_child ends with _exit(127) only when execl cannot run /bin/sh, "
    "which the machine running the tests always has: 126 or 128 there changes no test "
    "(the status of a command the shell cannot find, 127 as well, comes from the shell)")

WHY_POLL_CAP = (
    "wait_readable's cap of 1000000 ms (plugin_runner.c) only keeps poll's timeout an int: "
    "the longest wait is --timeout-ms's largest, 600000 (options.c), or the 10000 ms of a "
    "start, so left never reaches it and neither `>=`, 999999 nor 1000001 changes a wait")

WHY_PAST_LIMIT = (
    "wait_readable (plugin_runner.c) gives poll 0 ms once left is not positive: at "
    "left == 0, `left < 0`, `left <= 0` and `left < 1` all give 0 ms, the same look")

WHY_PAST_LOOK = (
    "past its limit wait_readable gives poll 0 ms, a look at what is already waiting; 1 ms "
    "would also take an answer that comes within 1 ms after the limit: no test times an "
    "answer to the millisecond (the tests' hanging decoders never answer, the others "
    "answer well within their limits)")

WHY_POLL_ERROR = (
    "wait_readable's 0 for a poll_wait failure (plugin_runner.c): poll_wait fails only when "
    "poll does with other than EINTR, which it retries: EFAULT, EINVAL or ENOMEM, which a "
    "one-entry pollfd on the stack meets only when the kernel runs out of memory; no test "
    "can make it fail")

WHY_NONCE_START = (
    "plugin_runner.c's first request nonce is any number that a junk reply is unlikely to "
    "repeat: the clock and the process id only make it differ between runners. A reply "
    "must echo its request's nonce, whatever the start, so another multiplier or clock "
    "scale changes no test's outcome")

WHY_DEADLINE_INSTANT = (
    "comparing monotonic_s() with the deadline by `<=` or `>=` instead of `<` or `>` differs only "
    "when the clock reads the deadline exactly, a double of nanoseconds no test can hit; "
    "the run ends one check later or earlier at most")

WHY_CELL_ROOM = (
    "report.c's CELL_ROOM (64) holds a cell of the table, three unsigned longs of at most "
    "20 digits each, two slashes and the NUL: 63 bytes at the most, so 63 and 65 cut no "
    "cell")

WHY_EXAMPLE_ZEROED = (
    "report.c's keep_example zeroes *e first, but writes every member (cls, why, data, len, "
    "ours, theirs) on each path that returns e, and on the paths that return NULL reads "
    "only e->data, which it set: memset with 1 instead of 0 changes nothing")

WHY_MALLOC_EMPTY_EXAMPLE = (
    "keep_example's malloc(len + 1): the + 1 matters only for an empty example (len 0), "
    "where malloc(0) may return NULL and would be taken for out of memory; glibc returns a "
    "unique pointer for a size of 0, so here the audit goes on either way: equivalent on "
    "glibc, the only C library the audit is built with here (as for WHY_CALLOC_ZERO); "
    "+ 2 only allocates a byte more")

WHY_GEN_DELETE = (
    "audit_generate's deletion then moves one byte more, out[len] to out[len - 1], which "
    "len-- leaves outside the input; len <= cap / 2 there, so out[len] is inside the room")

WHY_CALLOC_AT_LEAST_ONE = (
    "calloc(n ? n : 1, ...): the 1 matters only when n is 0 (nothing to list), where "
    "calloc(0, size) may return NULL and would be taken for out of memory; glibc returns a "
    "unique pointer for a size of 0, and nothing is read or written through it, so 0 or 2 "
    "for the 1 change nothing here (as for WHY_CALLOC_ZERO)")

WHY_PAGE_SIZE = (
    "sysconf(_SC_PAGESIZE) returns the page size or -1, never 0 (POSIX: -1 for a limit it "
    "cannot give), and no system has pages of 1 byte, so sandbox.c's own_vm_mb tests the "
    "same with `page < 0` or `page <= 1` as with `page <= 0`")

WHY_WIDEST = (
    "a running maximum: where the new value equals the one kept, '>=' stores the same value "
    "again")

WHY_AS_ALLOWANCE = (
    "sandbox_spawn's as_extra_mb is 0 (test_sandbox's spawns without a limit), "
    "SANDBOX_AS_EXTRA_MB (4096: plugin_runner.c's default) or SANDBOX_AS_RUNTIME_MB (65536: "
    "world.c's managed runtimes), never 1, so set_limits' `as_extra_mb > 0` and `> 1` take "
    "the same branch")

WHY_SUPERVISOR_CHILD = (
    "sandbox.c's supervise forks the decoder's process g: in the supervisor's PID namespace "
    "the supervisor is process 1 and g is 2 (in the fallback, a pid of the system, never 1), "
    "and the child branch (g == 0) never returns (every decoder child ends with _exit), so "
    "`g > 0` tests the same as `g > 1` or `g >= 0` there")

WHY_SUPERVISOR_EXIT = (
    "the supervisor's own exit status is reaped by sandbox_stop/sandbox_reap and not read: "
    "they report the decoder's, from the status pipe, so 1 for 0 changes nothing")

WHY_CHILD_NEVER_RETURNS = (
    "sandbox.c's children (exec_child, plugin_child in plugin_runner.c; test_sandbox's) "
    "end with _exit and never return to supervise, and supervise ends with _exit(0), never "
    "returning to sandbox_spawn: the _exit(127) after each call is not reached, and its "
    "status is read by no one")

WHY_SPAWN_PID_INIT = (
    "sandbox_spawn's mode loop runs at least once (isolation is 0..3, so its first mode is "
    "1..3) and sets pid, so the initial -1 is never read")

WHY_ISOLATION_CACHE = (
    "sandbox_spawn's isolation only remembers the first mode that worked, so that later "
    "spawns skip the modes that failed: a mode either fails before any process starts or "
    "starts the sandbox, so trying the failed ones again (isolation never set, or set in the "
    "supervisor, pid 0, which never spawns again) ends in the same mode, only later")

WHY_PARENT_PID = (
    "in sandbox_spawn's parent branch (pid != 0) pid is a child's ID (> 0) or -1, so "
    "`pid < 0` and `pid < 1` take the same branch")

WHY_PARK_TOP = (
    "sandbox_spawn parks the kept descriptors and the status pipe at top and up before it "
    "moves them to 3.. (so that no move overwrites one not yet moved): any top above "
    "3 + n_keep does that, so 2 + n_keep + 16 or 3 + n_keep + 15 work as well; a higher one "
    "fails under test_sandbox nofile's limit of 22 descriptors")

WHY_MOVED = (
    "fcntl(F_DUPFD, top) returns a descriptor >= top (> 3) or -1, so `moved[i] >= 0`, "
    "`> 0` and `>= 1` are the same test; and moved holds n_keep + 1 <= 9 entries, so a "
    "tenth is never used")

WHY_CLOSE_RANGE = (
    "sandbox_spawn closes the supervisor's descriptors from 4 + n_keep up with one "
    "close_range call, and where it works (Linux 5.9 and later, as on every machine here) the "
    "loop after it runs no step (maxfd = 0): the loop's bounds and maxfd's clamp are not "
    "reached, so their mutants change nothing here (the loop is the fallback for older "
    "kernels, which no test here runs). A mutant that makes close_range fail (flags 1: "
    "EINVAL) or ignores its result hands the work to the loop, which closes the same "
    "descriptors (test_sandbox checks the child has none open above 3); ~1u still reaches "
    "past every descriptor")

WHY_PROC_PATH = (
    "sandbox.c's sandbox_user_processes formats \"/proc/\" and a directory entry's name (at "
    "most NAME_MAX, 255 bytes) into path: 262 bytes at most, so 299 or 301 bytes hold every "
    "path that 300 holds")

WHY_TABLE_HEX_ROOM = (
    "audit_hex writes a byte's two digits while o + 6 <= cap, o even: with room 200 or 201 "
    "the last pair starts at o = 194 either way (98 bytes, then '...'), so 201 changes "
    "nothing; 199 shows 97 and is killed by audit_table_whole")

WHY_DATE_ROOM = (
    "record.c's date[32] holds what strftime writes for \"%Y-%m-%dT%H:%M:%SZ\": 20 "
    "characters for any year of four digits, and the NUL; 31 or 33 bytes hold it as well")

WHY_CALLOC_ONE = (
    "calloc(1, sizeof *x) allocates one object, zeroed; calloc(2, ...) allocates two, of "
    "which the code uses the first, also zeroed: the same object, with room it never touches")

WHY_ANY_CLASS = (
    "report_md.c's ANY_CLASS marks the entries of EXPLAIN that hold for any class, and "
    "explain compares with the same name: any value that is no class of audit.h (all are "
    "0 or more), -1 or -2, means the same")

WHY_NT_BACKUP = (
    "avx2_copy_nt steps each 16 KiB sub-window back to a lead byte (at most 3 steps in valid "
    "text) only to end it between characters: with fewer steps (or steps at other bytes, as "
    "when the test of a continuation byte is mutated) the window ends after a cut lead, "
    "avx2_valid_prefix stops before it (n < w) and the copy returns there, with more it ends "
    "earlier; either way it returns a prefix of the valid text that ends at a character "
    "boundary and is at least 16 KiB - 6 bytes long (at most 3 steps back, then at most 3 "
    "bytes of a cut character), never empty, and sanitize (the only caller) starts its next "
    "window at the returned position: the same bytes are written, only the split changes")

WHY_WORLD_OOM = (
    "audit_open_world's only caller (oracle/audit/decoders.c) tests its result != 0 and then "
    "returns 2 itself: 1, 2 and 3 after the out-of-memory message stop the audit alike "
    "(SOLE_CALLERS checks the call; no test reaches these paths, so their runs hold unrun)")

WHY_LIST_COUNT = (
    "audit_list's and audit_open_world's n (world_open.c) is read only after load_world "
    "returned 0, which sets it (*n = audit_world_load(...)) before it can return 0; when "
    "load_world fails first (the world directory unknown), each returns its status without "
    "reading n: its first value, 0 or 1, is never read")

WHY_LIST_CLOSE = (
    "audit_list closes each built-in decoder it opened; with `||` it also closes those whose "
    "open failed. Every built-in has a close (oracle/adapters/*.c: none is NULL, or the call "
    "would crash every --list) and each is safe on a decoder that is not open: the ICU, "
    "iconv and mbrtowc ones free a handle only when it is set and then clear it, glib's, "
    "ICU u8next's, libunistring's and utf8proc's do nothing, python's and node's "
    "subproc_stop stops no process when none was started")

WHY_LIST_MISSING = (
    "a registry entry's missing[400] (world.h) is zeroed whole when its line is read "
    "(world.c, memset) and written only with a reason of many bytes (\"not built ...\", "
    "\"... is not installed; install ...\", \"cannot be loaded: ...\"): missing[1] is '\\0' "
    "exactly when missing[0] is")

WHY_WORLD_ERR = (
    "world_decoder's err[512] (world_open.c) takes open_mode's message, with \"replacing "
    "mode: \" (16 bytes) put before it when the replacing mode fails, and is shown cut at "
    "312 bytes (unexpand into unavailable_buf[320]): 511 or 513 bytes of room, a shift "
    "of 495 bytes instead of 496, or the terminator at err[510] instead of err[511], "
    "change nothing shown")

WHY_GROWN_SLACK = (
    "audit_open_world grows the decoder list by the registry's n entries and one more, so "
    "that realloc is never asked for 0 bytes (with --no-builtin and an empty registry: "
    "realloc(p, 0) frees p and returns NULL, the out-of-memory exit, which "
    "audit_world_empty_run fails on); a second spare entry is never written or read")

WHY_UNEXPAND_ROOT = (
    "unexpand's dl is the length of the world directory's name, at least 1 (world.c's "
    "audit_world_dir takes no empty U8GUARD_WORLD_DIR: it falls back to the directory "
    "beside the program); `dl > 1` differs only for the directory \"/\", whose registry "
    "is /decoders.tsv, a file no test may write")

WHY_UNEXPAND_NUL = (
    "unexpand's memcpy of 8 bytes also copies \"@WORLD@\"'s terminating NUL, to "
    "buf[o + 7], where the next byte or the final NUL is written next: the loop's "
    "o + 8 < cap keeps that byte inside buf")

WHY_LIST_ERR = (
    "audit_list's err[512] (world_open.c) takes open_mode's message, which is then shown "
    "cut at 380 bytes (\"cannot be loaded: %.380s\" in missing[400]): 511 or 513 bytes of "
    "room change nothing shown")

WHY_POLSET_ROOM = (
    "struct u8g_polset's first-test arrays (internal.h) are written and read by index only: "
    "f_lo[b & 15] and f_hi[b >> 4] (policy.c's build_starts, and pv_table's 16-byte loads in "
    "policy_hits.h), f4[b >> 2] with b a byte (64 entries, avx512's 64-byte load); so are its "
    "window tables l_lo, l_hi, s_lo, s_hi, t_lo, t_hi [2][16]: written at [g >> 3][n] with "
    "g < 16 and n < 16 (policy.c's add_group), read as whole rows k < 2 by name (pv_table's "
    "16-byte loads in policy_hits.h's pol_load; avx512 uses its own tables); and its "
    "whole-byte tables: ctrl[x] with x < 128 (policy.c's build_bytes, u8g_polset_ctl's "
    "ctrl[b] with b < 16, policy_hits.h's ctrl[0x7F]), l7[x & 0x7F], s7[x & 0x7F] and "
    "t6[x & 0x3F] (build_bytes), and avx512.c's 64-byte loads at 0 and 64 of each; the set is "
    "zeroed whole (memset sizeof *set) and never copied, compared or sized elsewhere, so one "
    "more entry at the end of each (or a third row of a window table) is never read and the "
    "fields after it are found by name")

WHY_SHORT_ASCII = (
    "avx2.c's short_ascii tests 8..15 bytes (and 4..7) for ASCII with one mask of bit 7 of "
    "each byte: a mask with another bit too (bit 0 of the first byte) only makes some ASCII "
    "strings return 0, and avx2_to_utf32/avx2_to_utf16 then decode the whole string with the "
    "windowed decoder (long_utf32/long_utf16, 'as if this had not looked'): the same units, "
    "nothing widened before. The mask one lower (bit 7 of the first byte left out) is not "
    "equivalent")

WHY_CTL_SLACK = (
    "u8g_polset_ctl's control test (internal.h) has room on both sides: a denied byte of row r "
    "maps to u = 16r (row 0: 00), an allowed one to 16r - 1 (row 0: FF), and a hit is u < thr. "
    "With c0 the hits are rows 0 and 1 (u 00, 0F, 10; every other u is 1F or more), so any thr "
    "in 11..1F gives the same hits; without c0, 00 alone (every other u is 0F or more), any thr "
    "in 01..0F: 0x18 and 0x08 +-1 change nothing. 0x101 - b moves a denied byte's u to 16r + 1 "
    "(01, 11, 21...: on the same side of either thr as 16r); 0xFE - b moves an allowed one's to "
    "16r - 2 (FE, 0E, 1E: the same sides as FF, 0F, 1F). 0x100 - b for an allowed byte makes "
    "09, 0A, 0D (and 00 without nul) hits: false alarms, after which policy.c decodes the "
    "characters of a window, finds them allowed and calls the kernel again past them: the same "
    "result, more slowly. add[17] leaves one entry no lookup reads (the loop runs to sizeof, the "
    "kernels load 16 bytes, thr is found by name); a loop to <= sizeof writes one entry more, "
    "which is thr's byte (a _Static_assert beside struct u8g_ctl checks that thr follows add), "
    "and the next line sets thr. tests/kernels/test_policy_sweep's byte sweep "
    "checks every byte under every set of 1-byte classes")

WHY_POL_MODE = (
    "avx512.c's pol_mode only chooses the cheaper of two complete first tests: pol_starts fires "
    "on the byte that starts every denied character (f4), pol_first on a pair that every "
    "multi-byte denied character holds (pp7, pc6) and pol_ctrl, which it includes where a 1-byte "
    "class is denied, on the 1-byte ones; where either fires, hits_block decides. So `!=` "
    "swaps the tests of FIRST_STARTS and FIRST_PAIRS: other false alarms, the same hits. "
    "test_policy_sweep runs sets of both kinds")

WHY_ASCII_RUN_BOUNDS = (
    "avx512.c's aligned run of ASCII is a shortcut whose bounds only decide how much of a run it "
    "takes: it is entered (len - i >= 8 * VEC, or 7 or 9 vectors, or one byte more) only after a "
    "checked all-ASCII step and steps back to a vector boundary over those checked bytes, and "
    "its loop reads 4 vectors only while 4 remain (4 * VEC; 5 or one byte more stops it "
    "earlier). What it leaves, the main loop checks as before: the same valid prefix and hits, "
    "by another path. test_ascii_runs and test_policy_sweep's long sweep plant at every offset "
    "of runs at 8 and 2 alignments")

WHY_POLSET_CARRY = (
    "u8g_polset_carry (internal.h) only decides whether the next block of a vector kernel's "
    "policy loop gets its full test (hits_block): every call is `carry = u8g_polset_carry(...)` "
    "right after a hits_block (sse42.c, avx512.c; avx2.c computes the same test in vector form "
    "since 2026-11-27 and does not call it), and carry is read only as `carry || "
    "<first test>` before the next hits_block. A bound one lower (0xBF for p[e-1], 0xDF for "
    "p[e-2], 0xEF for p[e-3]) says true in more cases, never fewer, so by induction over the "
    "blocks the mutant tests a superset of the blocks; a hit makes the kernel return a restart "
    "point and policy.c decides that block exactly (u8g_first_denied decodes each candidate), "
    "as for WHY_FALSE_ALARM: only the time changes. The bounds one higher and `>=` -> `>` "
    "miss carries and are ordinary mutants, but for p[e-2]'s 0xE0 -> 0xE1: the only carry it "
    "misses is of a character led by E0 (U+0800..U+0FFF), which no class holds (their leads: "
    "00..7F, C2, D8, E2, EE, EF, F0..F4), and a carry matters only for a denied character "
    "whose lead the next block's first test cannot see. Checked: SOURCE_FACTS (every call an assignment to "
    "carry in those two files, each after a hits_block; no other file calls it); by hand "
    "(2026-11-27) each of the three passed unit, kernels.test_policy_sweep, "
    "kernels.test_random_text and cli_policy; 0xE0 -> 0xE1 (2026-12-06) "
    "kernels.test_policy_sweep")

WHY_CLASS_STARTS = (
    "policy.c's CLASS_STARTS rows hold at most 3 byte ranges, each followed by a zero range "
    "(lo == 0 past the first entry ends the row): build_starts' k < 4, k <= 4, k < 5 and k < 3 "
    "all stop at that zero range before entry 3 is needed or entry 4 is read")

WHY_TAG_STARTS_WIDER = (
    "policy.c's CLASS_STARTS says where the policy checks may stop, not what they find: a "
    "byte in the first test (f_lo/f_hi, f4) only sends its block, or its character, to the "
    "exact test (policy.c decodes the character there and tests its class), so F2 or F4 "
    "added to tag's row (F3 only; tags are F3 A0 80..F3 A0 81 BF) finds the same characters, "
    "more slowly")

WHY_RUN_STOP = (
    "error_scan.h's scan_error_run stops a run after a block with no error (u.err == 0) only "
    "to hand clean text back to the fast validator: every block of a run is classified and "
    "written exactly (u8g_run_emit copies a clean block as it is, the straddle rule backs a "
    "stop off to the start of a unit that crosses into the next block, which leaves at least "
    "61 bytes), and its three callers (SOLE_CALLERS: count_errors in validate.c, sanitize.c, "
    "stream.c) add the bytes it took and go on from there. Stopping after a block whose error "
    "mask is exactly 1, or after the first block with an error, changes where runs end and "
    "the time, not the errors, bytes or counts; the `last` and output-room tests, which "
    "guard the buffer, are not claimed")

WHY_RUN_ROOM = (
    "U8G_RUN_OUT_MAX (internal.h, 3 * 64 + 4 bytes) is only ever a least room: sanitize.c "
    "and stream.c (run_fits) hand error-dense text to the kernel's error run only when the "
    "output has that much room left (else they take their byte-at-a-time path, which writes "
    "the same bytes and counts the same errors), error_scan.h's scan_error_run stops a run "
    "when less than twice it is left (a stop that changes only where runs end: WHY_RUN_STOP) "
    "and sizes its scratch buffer with it. A larger value (3 -> 4, 64 -> 65, 4 -> 5) asks "
    "for more room in each test, so fewer or shorter runs: the same output, counts and needed "
    "sizes, more time. The smaller ones are not claimed: they let a run write past the "
    "output. Checked: SOURCE_FACTS (every use of the name)")

WHY_WORLD_LOAD_SIGN = (
    "audit_world_load returns -1 on each failure (a decoders.tsv it cannot open, a line it "
    "refuses, a read error), and its one caller, world_open.c, tests only the sign (`if (*n "
    "< 0) return 2;`): -2 is as negative. Checked: SOURCE_FACTS (the call and its test, the "
    "only call in oracle/)")

WHY_WORLD_ROOM = (
    "audit_world_load's room is only the number of entries e has room for: it is read by n "
    "== room (grow when full) and as realloc's size, and every write is e[n] with n < room "
    "after the growth, so a first room of 33 or 31, or growth by 3 times, changes only when "
    "realloc is called, not the entries (a growth that does not grow, 2 -> 1, is killed: "
    "world_lines.sh lists 40 entries, and the write past the block is caught by glibc's "
    "checking allocator)")

WHY_FIRST_LINE_FULL = (
    "world.c's first_line stops reading when its buffer is full (used + 1 >= cap); with "
    "used >= cap or used + 1 > cap instead it asks read once more for cap - 1 - used = 0 "
    "bytes, read returns 0, and `got <= 0` ends the loop: the same line, one system call "
    "later")

WHY_PROBE_CLOCK = (
    "first_line gives a version command 20 s: a limit 1 ms longer or shorter (20001, 19999, "
    "or stopping with 1 ms left instead of 0), or a last look at 0 ms left (left < 0 for "
    "left <= 0: poll for 0 ms, which returns 0 unless a byte came in that instant, and then "
    "`<= 0` ends the loop), changes only what a command that answers within a millisecond "
    "of the 20 s limit gives. Not strictly equivalent, then, but no test can time a "
    "command's answer into that millisecond")

WHY_PIPE_PAIR = (
    "a pipe array filled by pipe() or socketpair() and read at [0] and [1] only (world.c "
    "first_line's p, sandbox.c sandbox_spawn's sp, subprocess.c subproc_start's req and "
    "rep): a third element is never touched")

WHY_WAITPID_PID = (
    "waitpid without WNOHANG returns the pid waited for (> 0) or -1: a loop that retries "
    "while it returns < 1 or <= 0 instead of < 0 retries on the same results")

WHY_STATUS_AFTER_REAP = (
    "sandbox_stop reads the status pipe only after killing the sandbox and reaping its "
    "supervisor, the pipe's only writer: whatever it wrote is already there, and nothing "
    "more can come, so waiting 1 ms instead of 0 finds the same")

WHY_NO_CHILD_ONE = (
    "the pid of sandbox_stop and sandbox_reap is sandbox_spawn's, and subprocess.c's sp->pid "
    "fork's, a child of the caller, and no process's child is process 1 of its namespace "
    "(that is init, or the caller itself): `pid <= 1` (`pid > 1`) tests the same pids as "
    "`pid <= 0` (`pid > 0`)")

WHY_SIGNAL_NAME_ROOM = (
    "sandbox_signal_name's buffer holds \"signal %d\" for an int: at most \"signal "
    "-2147483648\", 18 bytes and the NUL, which 31 or 33 bytes hold as 32 do")

WHY_REPLAY_ROOM = (
    "replay.c's replay_theirs keeps classification_of's answer in now_cls: at most 48 "
    "characters (\"known-divergence:\" and unistring-mbtouc-whole-sequence, the longest id "
    "a built-in adapter documents; plugins and --exec decoders document none), which 127 or "
    "129 bytes hold as 128 do; replay_line's sha_now takes sha256_hex's 64 digits and NUL, "
    "and its bin is filled by read_bin with at most AUDIT_MAX_INPUT + 1 bytes: a byte more "
    "of either is never touched")

WHY_WORST_RESULT = (
    "replay_line and audit_replay keep the worse of two results (if (r > rc) rc = r; if (rc "
    "> worst) worst = rc): with `>=` an equal value is stored over the same value")

WHY_BATCH_ROOM = (
    "eval.c's eval_batch gives each input ORACLE_ROOM(len) = len + 1 units for its code "
    "points and as many for its replacement output, and u8guard's verdict as much for the "
    "longest input after them; no verdict holds more than len units (u8guard's at most one "
    "per byte, a decoder's refused beyond that by the runner and the adapters), so the last "
    "unit of each room is never written: starting at 1 (total, maxlen or at), or 3 rooms "
    "where 2 are counted, only adds room or moves every room one unit on, into that spare "
    "unit")

WHY_BATCH_NOT_EMPTY = (
    "eval_batch's calloc(n ? n : 1, ...) is never called with n == 0: run.c's batches hold "
    "at least one input (the corpus loop while inputs are left, the generated loop while "
    "the count or time allows one more), and the shrinker evaluates one; so the 1 is never "
    "used")

WHY_RESULT_SET_AFTER = (
    "eval.c's judge clears *r, then sets fault, outcome and (oracle_compare, always) "
    "divergence; why is read only for a disagreement and ours/theirs only for a result "
    "that is described, and judge writes each of them then: bytes of 1 instead of 0 are "
    "never read. audit_decode_replacing clears rv likewise: plugin_runner_decode sets "
    "has_repl, n_repl and signal first and the verdict's status, accepted and n_cps on "
    "every path, and rv.repl is never used (has_repl false); eval_batch's of ours too: "
    "it sets cps and repl, and oracle_reference every other member")

WHY_READ_CPS_SPARE = (
    "subprocess.c's read_cps with `i <= n` stores one unit more, dst[n], from scratch[4n..]: "
    "dst has ORACLE_ROOM(len) = len + 1 units and n <= len (read_reply refuses more), "
    "scratch 4 * (max + 1) bytes for the longest input; that unit lies past n_cps (or "
    "n_repl), where nothing reads")

WHY_DDMIN_SPENT = (
    "eval.c's shrink_ddmin with `*len > 0 || !spent(s)`: a spent budget no longer ends the "
    "loop at once, but every evaluation is still behind `!spent(s)` (the inner loop's "
    "test), so the loop only doubles n, evaluating nothing, until chunk <= 1 breaks it; "
    "and an empty input gives chunk 0, which breaks at once: the same input is left")

WHY_DDMIN_FINEST = (
    "eval.c's shrink_ddmin refines to n = min(2n, len); with `n * 1 < *len` as the test it "
    "takes 2n also where n < len <= 2n, where len was taken: both make chunks of one byte "
    "(ceil(len / n) = 1 once n >= len), and each removal then lowers n and len by one, so "
    "the chunks stay one byte to the end either way: the same candidates in the same order")

WHY_SHRINK_CAND_ROOM = (
    "audit_shrink's candidate buffer, malloc(*len + 1): every candidate is shorter than the "
    "input (a window of w < *len bytes, or the input less a chunk or a run of at least one "
    "byte), so *len bytes hold each (and *len + 2 more than enough); for an empty input "
    "malloc(0) returns a pointer to free on glibc (and under ASan), not NULL, so no "
    "out-of-memory is reported either")

WHY_SUBPROC_ROOM = (
    "subprocess.c's run_batch sizes scratch for the longest input's code points, 4 * (max + "
    "1) bytes: starting max at 1, or 5 bytes a unit, or max + 2 units, only adds room that "
    "read_cps never reaches (it reads 4 * n bytes, n <= len <= max); and 4 * max bytes "
    "(max + 0, or no + 1) hold those already (malloc(0), for a batch of empty inputs, "
    "returns a pointer to free on glibc and under ASan)")

WHY_SUBPROC_BATCH_COUNT = (
    "subproc_run refuses a batch of more than UINT32_MAX inputs (the protocol's count is a "
    "u32); `>=` refuses exactly UINT32_MAX too, an array of 2^32 - 1 oracle_input (64 GiB) "
    "that no caller makes: the auditor's batches hold at most 32 inputs (run.c BATCH), the "
    "oracle tests' 4096, the others one")

WHY_GROUPS_END = (
    "END closes each list of CLASS_GROUPS (src/policy.c), and u8g_polset_build's loop over a "
    "class's groups stops at the first whose b[0].hi is 0 and copies none of it: the other five "
    "fields of END are never read, so any value there builds the same policy set")

WHY_LINE_GROWTH = (
    "read_line (oracle/plugin/plugin_runner.c) grows its buffer when fewer than about 4 KiB are "
    "free, to twice its size plus 8 KiB: each of these thresholds and growths leaves every read "
    "at least 4094 bytes, so they change only how many bytes one read takes. Its result depends "
    "on the bytes alone (a newline within the limit: 1; a line over the limit, whether or not "
    "its end has come: -2), so a split only decides whether bytes the child wrote after its "
    "answer are read in the same call (\"answer out of turn ... after the answer\") or found "
    "by the next request's check (\"... before the request\"), which the child's timing "
    "decides in the original too")

WHY_LINE_SPARE = (
    "read_line leaves one byte of its buffer unread, which nothing uses (two or none change "
    "only how much one read takes, WHY_LINE_GROWTH): exec_decode ends the line by writing "
    "'\\0' over its newline (inside what was read), and the quoted parts are passed with "
    "their lengths")

WHY_EXEC_REJECT_RC = (
    "parse_answer's *rc for a reject goes only to accept_result (oracle/plugin/plugin_runner.c), "
    "which reads it as rc == 0 or rc != 0, as it does a plugin's return value: 2 is 1")

WHY_QUOTED_NUL = (
    "quoted's memcpy of \"...\" with 4 bytes also copies the string's terminating NUL to "
    "buf[o + 3], which the line after it sets to '\\0' anyway (o += 3)")

WHY_EXEC_REQ_ROOM = (
    "exec_decode's request needs 2 * len + 1 bytes (the hex and a newline) and has one more: "
    "3 * len + 2 or 2 * len + 3 bytes only add room that nothing reads")

WHY_EXEC_ANSWER_INIT = (
    "exec_decode's rc and off are read only after parse_answer returned NULL, which it does only "
    "after setting rc (0 for ok, 1 for reject) and, for a reject, off: their initial values are "
    "never read")

WHY_OUT_OF_TURN_READ = (
    "exec_decode reads a line that was waiting before the request only to quote it in the "
    "\"answer out of turn\" finding: read_line's limit there (199-201 characters) changes "
    "nothing, as any result but EOF with nothing read (0) gives that finding and the quote "
    "holds at most 60 characters; the time it waits for the rest of the line (0-2 ms) only "
    "changes how much of a line still being written is read, which the child's timing decides "
    "in the original too")

WHY_LAST_FULL_BLOCK = (
    "avx512's decode32_valid and decode16_valid take a block of exactly 64 bytes left either "
    "way when `left >= VEC` is `left > VEC`: the masked branch loads the same 64 bytes "
    "(first_bytes(64) is every bit), its hi is zero as the full branch's is (first_bytes(0) "
    "loads nothing) and its lead mask is the same; only the all-ASCII shortcut is skipped, "
    "and the general path writes the same units")

WHY_NO_ANSWER_EOF = (
    "no_answer (plugin_runner.c) reads got only as got < 0 (a timeout: a hang); the 0 that "
    "exec_decode passes for an empty wait or a failed write and the mutant's 1 both take "
    "the other branch, which judges the child's end")
WHY_PARAM_IS_POINTER = (
    "an array parameter is a pointer whatever its size (C11 6.7.6.3p7): support/sha256.c's "
    "block's uint32_t h[8] as h[7], error_scan.h's u8g_planes_swar planes[8] as planes[7] "
    "compile to the same code (a larger size is refused: gcc's -Wstringop-overflow, an "
    "error here, sees the caller's smaller array)")
WHY_EXEC_START_CLOCK = (
    "EXEC_START_MS (plugin_runner.c) gives an --exec decoder 10 s to answer its first "
    "request: a limit 1 ms longer or shorter (10001, 9999) changes only what a decoder that "
    "answers within a millisecond of 10 s gives. Not strictly equivalent, then, but no test "
    "can time a decoder's answer into that millisecond")
WHY_HELLO_LAYOUT = (
    "the plugin child's hello (plugin_runner.c) is written and read with the same "
    "HELLO_VERSION: the version at 65 instead of 64 still lies past the name ('N', at most "
    "62 bytes, its terminator: bytes 0..63), and its 120 bytes and terminator end at byte "
    "186, within the 512 that both sides send and read whole")
WHY_RESTART_ERR_ROOM = (
    "plugin_runner_decode's err[256] for a restart that fails is shown cut to 150 bytes "
    "(\"could not be run: %.150s\"): 255 or 257 bytes of room show the same")
WHY_PAIR_WIDER = (
    "policy.c's CLASS_PAIRS fill the pair test (struct u8g_polset's pp7 and pc6), a first "
    "test of a block that real text rarely passes: a block it lets through goes on to the "
    "window test, whose hits are decoded to be sure (internal.h). bidi's 80 8E..8F widened "
    "to 80 8D..8F (U+200D, the zero width joiner) only lets more blocks through: time, not "
    "results (a narrowed range would miss a denied character and is not claimed)")
WHY_SHORT_NOT_LEN = (
    "avx512.c's short_blocks with locate false is read only as `== len` (its one such "
    "caller, the whole-string test); the `: 0` of its loop over whole vectors is reached "
    "only when a vector comes before the last, so len > 64, and 1 differs from len as 0 does")
WHY_SETS_OVER_ONE = (
    "policy.c's set->sets = (n + 7) / 8 is read only as sets > 1 (policy_hits.h's "
    "pol_hits); (n + 8) / 8 differs at n = 0 (1 for 0), n = 8 (2 for 1) and n = 16 (3 for "
    "2), and only n = 8 changes that test: the second table, zeroed by the memset at the "
    "start and given no group, is looked up too, and all-zero lookups add no hit: time, "
    "not results")
WHY_ACCESS_SEGV_ONLY = (
    "the plugin child's handler (plugin_runner.c, child_on_fatal) records whether a fault "
    "read or wrote; judge_death reads that only for a SIGSEGV or SIGBUS whose address lies in "
    "the input's or the output's mapping. Anonymous memory raises no SIGBUS, and a SIGBUS "
    "sent by kill or raise carries the sender's pid and uid where si_addr lies, never an "
    "address in those mappings: so only a SIGSEGV's access is ever read, and reading the "
    "error code for other signals too (`||`) records what is never used")
WHY_PF_PRESENT_BIT = (
    "the x86 page-fault error code (REG_ERR) has bit 1 set for a write and bit 0 for a fault "
    "on a present page. A read faults only on a page the process may not read, which Linux "
    "keeps not present (the PROT_NONE guards, unmapped memory), so a read's code has bits 0 "
    "and 1 clear and a write's has bit 1 set: `& 3` and `& 2` tell them apart alike")
WHY_SIGACTION_FILL = (
    "every field of the struct sigaction that the kernel uses is set after the memset "
    "(handler, mask, flags); glibc's sigaction sets sa_restorer itself: filling it with 1s "
    "first leaves the same action")
WHY_ALTSTACK_ROOM = (
    "the plugin child's alternate signal stack (64 KiB) need only hold child_on_fatal's "
    "frame and the signal frame the kernel pushes (a few KiB with AVX-512 state): a KiB "
    "more or less, or a byte, changes nothing (audit_fault_stack_overflow runs the handler "
    "on it)")
WHY_SS_ONSTACK = (
    "Linux's sigaltstack takes SS_ONSTACK (1) in ss_flags as 0, for old programs (kernel/"
    "signal.c, do_sigaltstack: a mode other than 0, SS_ONSTACK and SS_DISABLE is EINVAL): "
    "the same stack is installed")
WHY_ELEMENT_SIZE = "sizeof b[1] is sizeof b[0]: the elements of an array have one size"
WHY_IN_CALL_TRUTH = (
    "the fault record's in_call is only tested for nonzero (judge_death's out-of-memory "
    "report): 2 marks a call as 1 does")
WHY_ERRNO_RESET = (
    "errno is cleared before the plugin's call so that the errno a fault records is the "
    "call's own; judge_death compares it with ENOMEM only, which 1 (EPERM) is not, as 0 is "
    "not")
WHY_HELLO_E_EXIT = (
    "after a hello that starts with 'E' the runner reads nothing more from the child and "
    "stops it (start_child: stop_child kills it), and a hello that could not be written "
    "means the runner is gone: whether the child ends itself at once, and with which "
    "status, is never seen")
WHY_CHILD_EXIT_UNSEEN = (
    "the plugin child ends itself (_exit) when its channel fails (a read at EOF, a write "
    "that fails: the runner closed its end, which it does only in stop_child, killing the "
    "child next), or on a request longer than 1 GiB or one it cannot allocate, which no "
    "test sends (an input that long takes gigabytes in the auditor and the child): its exit "
    "status is never read otherwise")
WHY_REQUEST_CAP = (
    "the plugin child refuses a request longer than 1 GiB (a garbled length): the runner "
    "sends none that long, and no test could (gigabytes in the auditor and the child), so a "
    "limit of 512 MiB or 2 GiB, or `>=` for `>`, differs only there; with `&&` for `||` a "
    "read that failed (EOF: the runner closed the channel and kills the child next) goes on "
    "to the next read, which fails too")
WHY_MALLOC_ZERO = (
    "the plugin child's copy of the input holds len bytes; the + 1 only keeps malloc(0) (the "
    "empty input) from returning NULL, which glibc's malloc never does (it returns a unique "
    "pointer), so malloc(len) and malloc(len + 2) serve alike")
WHY_ZERO_BYTES = (
    "read_all, read_deadline and write_all of 0 bytes do nothing and succeed (their loops "
    "run while bytes are left): `>= 0` for `> 0` before them changes nothing")
WHY_REPLY_PAD = (
    "the reply's pad is never read by the runner (plugin_runner_decode reads nonce, rc, "
    "n_out and err_offset); it is set only so that no uninitialised byte is written "
    "(valgrind, audit_valgrind, would report one): 1 serves as 0")
WHY_CHILD_READ_EOF = (
    "the plugin child's read_all reads from the runner, which closes the channel only in "
    "stop_child and kills the child next: a child that took EOF (r == 0) for more to come "
    "spins until that kill instead of ending first, and nothing it does is seen. The read "
    "never fails otherwise (r < 0 only for EINTR, a plugin's own handler interrupting it, "
    "which audit_plugin_idle makes happen); the mutants of the EINTR test that read again "
    "on EINTR as before (`r <= 0`, `r < 1`, `|| errno == EINTR`) differ only at EOF, with "
    "errno left at EINTR by an earlier interrupted read")
WHY_ANON_FD = (
    "Linux ignores the descriptor of a MAP_ANONYMOUS mapping (mmap(2): -1 is asked for "
    "portability only): map_guarded's mapping is the same with 0 or -2")
WHY_BODY_PAGES = (
    "map_guarded's body is a whole number of pages: `body > 1` is `body > 0`, and with "
    "`body >= 0` the empty body's mprotect of 0 bytes succeeds and changes nothing")
WHY_BODY_SLACK = (
    "without map_guarded's `- 1` a length that is a multiple of the page size (0 included) "
    "gets one readable page more after it: the first call (buffers at the start of their "
    "pages) then has slack after the buffers, but the second (buffers ending at the "
    "trailing guard) faults on the first byte past them as before, the guards before them "
    "are unchanged, and a fault in either call is reported the same way")
WHY_CHILD_SETUP_FAIL = (
    "not strictly equivalent: these tell only when a sandbox child's own set-up fails, "
    "which no test here can make happen. The plugin child's _exit(3) and the `&&` for `||` "
    "of its test follow a failed mmap or mprotect of a call's buffers, which fails only past "
    "the child's address-space limit (an input of gigabytes; the limit is the auditor's own "
    "size, measured to the MiB, plus 4 GiB); the --exec child's _exit(127) follows a failed "
    "dup2 of the descriptor it was given, a failed malloc of the command line in a fresh "
    "process, or a /bin/sh that cannot be run. The statuses are what a person reads then: "
    "3, the runner's own failure; 127, as the shell's for a command it cannot run")
WHY_IN_CALL_AFTER = (
    "not strictly equivalent: in_call is read only for a SIGSEGV or SIGBUS recorded with "
    "errno ENOMEM (judge_death's out-of-memory report). Between calls the plugin child runs "
    "only the runner's loop (munmap, free, the reply's writes, the next read), none of which "
    "faults, so a stale in_call of 1 would be read only for a fault in a thread of the "
    "plugin's own between calls, after an allocation of that thread failed; no test plugin "
    "starts a thread")
WHY_DETAIL_ROOM = (
    "the runner's detail (200 bytes) holds every message whole: the longest is \"could not "
    "be run: \" and a reason cut to 150 bytes (168); the others stay under 160 (a wait "
    "status's words, at most 159; the out-of-memory crash's sentence with a 16-digit address "
    "and a limit in MiB; an answer quoted to 60 characters with its reason), so 199 or 201 "
    "bytes of room show the same")
WHY_VERSION_ROOM = (
    "a plugin's version reaches the runner through the hello, cut to 120 bytes by the child "
    "(\"%.120s\"), and an --exec decoder has none: the runner's 128 bytes of room, or 127 "
    "or 129, hold it whole alike")
WHY_DUP2_RESULT = (
    "dup2(old, new) returns new or -1: dup2(out, STDOUT_FILENO) returns 1 or -1, so `<= 0` "
    "and `< 1` test it as `< 0` does")

WHY_EXEC_CHILD_DUP2 = (
    "subprocess.c's exec_child moves the socket and the pipe the parent has just made onto "
    "descriptors 0 and 1: dup2 fails only for a bad old descriptor or a new one over the "
    "limit, neither of which these are, so the _exit(126) after it is not reached and its "
    "status is read by no one")

WHY_ARGV_ROOM = (
    "exec_child's argv holds the interpreter, the script and NULL: a fourth slot is never "
    "written nor read")

WHY_SCRIPT_PATH_ROOM = (
    "subprocess.c's find_script builds U8GUARD_REL_AUDIT_TO_DATA/oracle/SCRIPT (about 45 "
    "bytes with GNUInstallDirs' folders: ../../share/u8guard/oracle/python_decode.py) in rel[256], "
    "and the installed or source-tree path in path[4096] (a build's folders, well under a "
    "hundred bytes here): a buffer one byte larger or smaller, or a fit tested with <= or > "
    "instead of < or >=, differs only for a text of exactly 255 or 256 (4095 or 4096) "
    "bytes, which no build here makes")

WHY_START_STATUS = (
    "subproc_start reads status only after waitpid on its own child, which it has not "
    "reaped, returned that child (the loop retries only on EINTR): status is always set "
    "there, so its initial value is never read")

WHY_HELLO_ROOM = (
    "subproc_start's hello receives exactly 4 bytes (read_exact of 4) and memcmp compares "
    "4: a fifth byte is never touched")

WHY_UNIX_PROTOCOL = (
    "socketpair(AF_UNIX, SOCK_STREAM, protocol): Linux takes protocol 0 or PF_UNIX, which "
    "is 1, as the same default protocol of the domain")

WHY_RUNNER_NO_PID = (
    "plugin_runner.c's stop_child leaves r->pid and r->status_fd -1 for no child; r->pid is "
    "then only tested as > 0 (stop_child again, which passes status_fd on only then) until "
    "start_child sets both from sandbox_spawn, so -2 says no child as well")

WHY_CHILD_STATUS = (
    "world.c's first_line reaps the version command's process with waitpid(pid, NULL, 0) "
    "and never reads its status: the status its child exits with when /dev/null or "
    "/bin/sh cannot be opened (127) is read by no one, so 126 or 128 change nothing. "
    "Checked: SOURCE_FACTS (the one waitpid of the file)")

WHY_MARK_AT_END = (
    "world.c's expand counts the @WORLD@ marks of s[0..n) with mark_at(s, n, i) for i < n; "
    "with i <= n it also asks at i == n, where mark_at sees 0 bytes left (n - i >= 7 is "
    "false) and reads nothing: the same count")

WHY_GETLINE_FRESH = (
    "audit_world_load's line starts NULL, and getline ignores the size *n when *lineptr is "
    "NULL (it allocates a buffer and sets both): a cap of 1 instead of 0 is never read")

WHY_EXPAND_ROOM = (
    "world.c's expand allocates n + 1 bytes plus the directory's length for each @WORLD@ "
    "and writes exactly the expanded text and its terminator: n + 2 leaves one byte unused")

WHY_PATH_MAX = (
    "world.c's on_path builds each candidate in a 4096-byte buffer and passes over one that "
    "does not fit (4096 bytes or more with its terminator). A buffer of 4097 bytes would also "
    "try a path of 4096 bytes, which Linux refuses as too long (PATH_MAX, 4096, counts the "
    "terminator: access fails with ENAMETOOLONG), so the same programs are found; 4095 is "
    "killed (world_lines.sh finds t at a path of 4095 bytes)")

WHY_SHORT_ASCII_STEP = (
    "avx2.c's short_ascii widens 32 bytes a step while 32 remain; with 33 (or >) the last 32 "
    "go as its 16-byte step and its last-16 step instead, which widen the same bytes to the "
    "same units. Only the return value for a non-ASCII byte in the last 16 differs (the end "
    "of the first 16, not their start), and that is still a prefix of ASCII bytes, which is "
    "all its callers (avx2_to_utf32, avx2_to_utf16) take: they decode the rest from it. A "
    "step of 31 instead of 32 (i += 31) widens each block's last byte again with the next "
    "block, the same unit, and still reads only while 32 bytes remain")


WHY_ASCII_RUN_START = (
    "avx2.c's ascii_utf32 and ascii_utf16 widen the 16 ASCII bytes v, then 32 bytes a step "
    "from k while 32 remain; with k = 15 the first step widens byte 15 again to the same "
    "unit, reads only while 32 bytes remain from there, and the count returned (15 + 32n) "
    "is still a prefix of ASCII bytes widened, which is all steps32, steps16 and "
    "short_widen16 take it for")

WHY_VALID_NO_C0 = (
    "avx512.c's decode steps (decode32_valid, decode16_valid, bmp_block) see only bytes the "
    "validator passed: decode_driver.h decodes a window's valid prefix, and the bytes past "
    "it (hi, the lanes in_block or first_bytes leave out) are never leads nor kept. A valid "
    "byte is never 0xC0, so a lead or kept test at 0xC1 (-63) instead of 0xC0 (-64) selects "
    "the same bytes")


WHY_WORD_RUN_END = (
    "word.c's loops through a non-ASCII run stop at the next byte below 0x80 and go back to "
    "their 8-byte ASCII steps; stopping below 0x7F instead sends a DEL (0x7F) through the "
    "run's loop, which takes it as the same 1-byte character: u8g_char_check gives 1 byte "
    "and U+007F, decode stores that unit as the ASCII step would, and the policy loop denies "
    "it exactly when the ASCII step does (u8g_polset_starts(set, 0x7F) is set only when "
    "U+007F's class is denied: a 1-byte lead starts one character). Stopping at 0x80 too "
    "(`> 0x80`, `>= 0x81`) hands that byte to the ASCII step, whose ascii_lead counts no "
    "ASCII byte before it (bit 7 is set), so the run's loop takes the same byte next and "
    "refuses it as before (a continuation byte starts no character)")


WHY_WEIGHT_PAST_ROW = (
    "policy.c's weight counts the bits of one 32-byte row of a bgroup, 8 bytes a step "
    "(i = 0, 8, 16, 24; `i < 31` is the same loop). A loop that goes further (`i <= 32`, "
    "`i < 33`, a step of 7 or 9, a start at 1) also reads bytes after the row: the next row, "
    "or past the bgroup (extra's locals u and m, the last of build_bytes' b[]). In the "
    "mutation runs' build, which has no sanitizer, that only changes which groups merge "
    "first: a merge is a union, a superset either way, whose hits the caller decodes to be "
    "sure (internal.h). The read past the object is killed in the ASan build (ci/test.sh's "
    "ctest-asan-ubsan stage): kernels.test_policy_sweep and cli_policy stop at an ASan "
    "report in weight (seen 2026-12-07 for `<=` and a start at 1)")

WHY_CACHE_SLOTS = (
    "policy.c's CACHE_SLOTS only decides which sets of classes are built once and kept "
    "(CACHE_SET) and which each call builds in its own copy (polset_for's last lines, "
    "reached by unit_policy's every_class_set, all 1023 sets): build_polset's tables are a "
    "function of the denied classes alone, so 31 or 33 slots give the same tables to every "
    "caller, and only change how often they are built")

WHY_CHECK_ALWAYS_FAILS = (
    "avx512.c's check with the truth table 0x77 instead of 0x78 returns NOT (must23 & 0x80): "
    "bits 0..6 of every byte set, so every check fails. blocks' first check (the vector at "
    "0, or the masked tail when len < 64) then sends every input to failed, which finds the "
    "valid prefix exactly (u8g_block_failed: u8g_char_check from the restart point to the "
    "end; with a policy, u8g_restart_point, from which u8g_clean_prefix checks a window of up "
    "to 512 bytes exactly: valid_prefix, exact as above, and u8g_first_denied), and the tail's shortcut (failures only in the zeros past the end) is reached only "
    "after a check passed: the same answers, only slower. Survived the whole test list "
    "uncapped (151 s, 2026-12-07); the benchmark is what sees it")

WHY_NEON_ASCII_COUNT = (
    "neon.c's ascii_utf32 widens the 16 ASCII bytes v and returns 16; a return of 15 is still "
    "a prefix of ASCII bytes widened, with as many units written, which is all steps32 takes "
    "it for (short_widen16 ignores it): the next step starts at byte 15 and writes its unit "
    "again, the same one. Survived the whole test list under qemu uncapped (772 s, "
    "2026-12-07)")

WHY_ASCII_RUN_STOP = (
    "sse42.c's ascii_run widens 32 bytes a step while 32 remain; with `>= 33` (or `> 32`, the "
    "same test) it stops one step earlier when exactly 32 remain and returns k, a prefix of "
    "ASCII bytes widened with as many units written, which is all steps32 and steps16 take "
    "it for: the 32 bytes left are decoded after it by the next steps or the scalar tail, to "
    "the same units. `>= 33` survived the whole test list uncapped (117-130 s, 2026-12-07)")

WHY_SHORT16_PREV1 = (
    "avx2.c's short_mixed16 is the 16..31-byte arm of avx2_short_valid, whose no is never "
    "final (U8G_ENTRIES_SHORT and avx2_valid_prefix then find the valid prefix with "
    "short_x86_prefix or the blocks): only a yes for ill-formed text would change a result. "
    "With prev1 loaded at p + q instead of p + q - 1, each byte of last is paired with itself. "
    "A lead there pairs as a lead before a lead (TOO_SHORT): a no. So a yes needs every lead "
    "before q <= 15, where first checks bytes 0..15 with their true neighbours, and every byte "
    "i >= 16 ASCII or a continuation. A continuation after a continuation is two "
    "continuations either way, with the true prev2 and prev3; after an ASCII byte (a real "
    "error), the self pair's two continuations are cancelled only by a lead 2 or 3 back "
    "(prev2 >= E0, prev3 >= F0), which wants that ASCII byte as a continuation: an error first "
    "finds at byte 15, that lead's self pair finds when it lies in last, or (a 4-byte lead 2 "
    "back from the ASCII byte) prev2's must-continue test finds. An ASCII byte right after a "
    "lead has that lead in last, a no; one a lead 2 or 3 back wants as a continuation is "
    "found by the true prev2 and prev3 as before. The end test reads last alone. Every no is then redone, "
    "every yes is right: time, not results")

WHY_SHORT_SPLIT = (
    "short_x86.h's short_x86_prefix sends inputs below 16 bytes to its scalar arm and the "
    "rest to its vector arm, and both return the longest valid prefix exactly: the scalar "
    "arm's ASCII test (short_ascii15) reads p[0..8) and p[len-8..len) from 8 bytes on, "
    "which at 16 is every byte, and its loop of u8g_char_check is exact at any length. A "
    "split at 17 (< 16 -> <= 16 or < 17) sends the 16-byte input to the scalar arm: the "
    "same result, more slowly. The split at 15 is not claimed: the vector arm would read "
    "before p. Checked: SOURCE_FACTS (the ASCII test's two words)")

WHY_CAN_START = (
    "avx512.c's can_start only spares the vector set-up for an input whose first byte cannot "
    "start a character: each of its four uses is `can_start(p[0]) ? blocks(...) : 0`, and "
    "blocks, which returns the longest valid prefix, returns 0 for such an input by itself. "
    "A can_start that lets more bytes through (0x80 or 0xC1 or 0xF5 as well: < -> <= and "
    "0x80 -> 0x81, 0xC2 -> 0xC1, 0xF4 -> 0xF5; every byte: && -> ||) gives the same "
    "answers, more slowly; one that lets fewer through answers 0 for valid text and is not "
    "claimed. Checked: SOURCE_FACTS (the four uses)")

WHY_MERGE_WEIGHT = (
    "policy.c's weight() (a population count less the private-use leads) is read only by "
    "extra(), whose only use is to pick which two of build_bytes' whole-byte groups the "
    "while (m > 8) loop merges next; every merge is a union (bunion), so whatever pair is "
    "picked the at most 8 groups left hold every window of every group, and their tables "
    "(l7, s7, t6) are read only by avx512.c's policy test, a superset filter whose hits "
    "are decoded to be sure (struct u8g_polset, internal.h): a miscounted weight only makes "
    "more false hits, i.e. time. SOURCE_FACTS checks the calls and the readers")

WHY_MERGE_EXACT = (
    "policy.c's build_bytes first merges two whole-byte groups where two of their three byte "
    "sets are equal (then the union is exactly their windows); which pairs it merges there "
    "changes only the time: every merge is a union (bunion), the while (m > 8) loop merges "
    "whatever is left down to 8 the same way, and the tables are a superset filter whose "
    "hits are decoded (WHY_MERGE_WEIGHT). Counting the sets that differ instead (== -> !=), "
    "comparing two sets or from the second (k < 2, k = 1), 31 bytes of each or asking "
    "memcmp for 1, starting the count at 1, or asking for 1 or 3 equal sets (or more than "
    "2) only changes which groups become unions of which: supersets, more or fewer false "
    "hits. Not claimed: a bound that reads past a set or past the groups (k <= 3, k < 4, "
    "33 bytes)")

WHY_NPAIR_SLOTS = (
    "policy.c's build_npairs skips a slot no denied class filled (u[s].xh == 0) only to "
    "number the slots in use 0, 1, 2...: the kernels read the four n_ tables only ANDed "
    "together, bit by bit (policy_hits.h's pol_pairs: a pair hits when some bit is set in "
    "all four), so which bit a slot gets does not matter, and a slot with no pair has no bit "
    "set in any of them whatever bit it gets. With u[s].xh == 1 no slot is skipped (xh is a "
    "set of leads' high nibbles, 8 to F, in every row of CLASS_NPAIRS: never bit 0 alone) "
    "and slot s gets bit s, of the 8 bits there are. Checked: SOURCE_FACTS (the readers of "
    "the n_ tables)")

WHY_LINK_NOT_EMPTY = (
    "atomic_out.c's dangling_target reads a link that lstat just called a symbolic link; "
    "Linux stores no empty link (symlink(2) refuses an empty target with ENOENT), so readlink "
    "returns at least 1 or -1, never 0: n < 0, n <= 0 and n < 1 agree")

WHY_FD_MARK = (
    "atomic_out.c's ao->fd = -1 marks 'no descriptor' (at the start, after a close, after an "
    "abort): atomic_out_abort closes only fd >= 0 and the other uses of ao->fd come after an "
    "open or mkstemp that set it, so -2 serves alike; with 0, a later atomic_out_abort closes "
    "descriptor 0 (main's /dev/null, standard input or the input file: WHY_STD_FDS_TAKEN), "
    "after which sanitize.c reads nothing more and returns EXIT_TROUBLE, its input_close's "
    "error not reported after a failure: nothing the user sees changes")

WHY_STD_FDS_TAKEN = (
    "descriptor 0 is in use whenever atomic_out.c opens a descriptor: main's "
    "occupy_closed_std_fds fills 0..2 with /dev/null, and where it cannot (no /dev/null, "
    "test_robustness.py) sanitize's input_open has run first and either uses 0 (standard "
    "input, which fstat found open) or was given it by open (the lowest free descriptor). So "
    "the directory opened for fsync and the descriptor atomic_out_abort closes are never 0, "
    "and fd >= 0, fd > 0 and fd >= 1 agree. Checked: SOURCE_FACTS (the call in main, and no "
    "other close or dup of 0..2)")

WHY_TMP_NAME_LEN = (
    "atomic_out.c's snprintf of the temporary name writes at least '.', one byte of the base "
    "name and '.u8guard-XXXXXX', 17 bytes, so w >= 17: w < 0, w <= 0 and w < 1 agree")

WHY_EXPLAIN_NO_OUT = (
    "explain --file and check feed their streams with out == NULL and an on_error callback "
    "(check's is NULL once only the count is left): "
    "u8guard_stream_feed reads out_cap only when out != NULL (the room and overlap checks), "
    "as the capacity of an error run (run_fits, false whenever on_error is set), and in "
    "out_bytes, which only the overlap check under out != NULL reads: any out_cap gives the "
    "same result")

WHY_OPTERR_COLON = (
    "args_init's opterr = 0 (getopt's own messages off) is not what keeps getopt_long quiet: "
    "args_init always starts the option string with \"-:\", and glibc (after skipping the "
    "'-') and musl both print nothing when the option string begins with ':', whatever "
    "opterr says; it then returns ':' for a missing value and '?' otherwise, which args_next "
    "reports in its own words. Checked: SOURCE_FACTS (the \"-:\" prefix) and SOLE_CALLERS "
    "(args_next is the only caller of getopt_long, with a->shorts)")

WHY_LINEPOS_EMPTY = (
    "linepos_scan returns early when upto <= lp->scanned (a scan backwards would make end - p "
    "negative); with < instead, upto == lp->scanned goes on to scan zero bytes: memchr of "
    "length 0 finds nothing and scanned is set to the value it has")

WHY_LINEPOS_BEFORE = (
    "linepos_at's column for an offset before the start of the line scanned so far (: 1) is "
    "never taken: check.c and explain.c scan up to an error's offset before asking for it, "
    "or past it only over the bytes of a pending sequence, which hold no LF (linepos.h's "
    "contract), so the line's start is at or before the offset; the branch keeps a misuse "
    "from wrapping the column around")

WHY_BIDI_FOUND = (
    "cli/policy.c's search of its bidi table stops at the code point's row; with <= it could "
    "read one row past the table only for a code point of the bidi class that has no row, and "
    "every one of the 12 has its own (cli_policy looks each up by its own code point)")

WHY_NOSOCK = (
    "writer_init's nosock, and sanitize's sink's for -o (fstat succeeds and fd is not a "
    "socket), only chooses write_all_nosock, "
    "which writes at once, over write_all, which tries send(MSG_NOSIGNAL) first and falls back "
    "to write on ENOTSOCK: the bytes written and the errors are the same; for a socket taken "
    "for a non-socket, write instead of send differs only in raising SIGPIPE, which main "
    "ignores (SOURCE_FACTS), so it fails with EPIPE as send does")

WHY_WRITER_FLUSH = (
    "writer_put flushes when n > WRITER_BUF - len and writes blocks of n >= WRITER_BUF "
    "straight out; at either boundary the mutant (>=, >) flushes one put earlier or copies a "
    "block of exactly WRITER_BUF bytes into the emptied buffer first: the same bytes reach fd "
    "in the same order")

WHY_SPOOL_GROWTH = (
    "how much room spool_put's memory takes ahead (first 4096 bytes, doubled, grown when full "
    "or only when short) and the size of spool_replay's copy buffer: any such sizes hold and "
    "copy the same text (test_spool checks the bytes replayed, in memory and from the file)")

WHY_ERRNO_CLEARED = (
    "spool.c clears errno before tmpfile, fwrite, fflush and fseek so that a failure that left "
    "errno alone would be reported as EIO, not as a stale value; POSIX has those set errno "
    "when they fail, and glibc does, so errno's value before the call is never read "
    "(cli_ioerr and the full-disk tests see the callee's own errno)")

WHY_CORPUS_CAP = (
    "audit_corpus_load's cap is only the number of cases v has room for: it is read by "
    "n == cap (grow when full) and as realloc's size, and every write is v[n] with n < cap "
    "after the growth, so a first capacity of 65 or 63, or growth by 3 times, changes only "
    "when realloc is called, "
    "not the cases loaded (an allocation failure aside, which no test makes)")

WHY_NAMES_ROOM = (
    "check's --files0-from buffer: before each read it grows until at least 4096 bytes "
    "are free, and it reads into what is free; the loop ends on a read of 0 bytes. So "
    "the names read do not depend on the first capacity (65536 +- 1, or a cap of 1 before "
    "the first growth, which then doubles from 1), the growth factor "
    "(2 or 3) or the least free room (4096 +- 1, < or <=): these change only when realloc "
    "is called. The NUL after the last name fits without realloc's + 1 (at least 4096 "
    "bytes are free when the loop ends), and + 2 only allocates one byte more")

WHY_HEAD_EXTENT = (
    "blocks.h's u8g_head checks whole characters one at a time while i < U8G_HEAD_BYTES (16), "
    "so it stops at a character boundary 16..19 bytes in (or at an error or the end); with "
    "i <= U8G_HEAD_BYTES it checks one character more when a boundary falls exactly at 16, and "
    "stops at 17..20. Either way u8g_char_check is exact and *stop is set exactly when the "
    "valid prefix ends at the returned boundary h; u8g_head_then_blocks (its only caller) "
    "then runs the kernel's blocks from h, which already starts at any boundary 16..19 and may "
    "read the 3 bytes before it (h >= 16): the same valid prefix, only the split between the "
    "scalar head and the vector blocks moves. (SOLE_CALLERS: no .c file calls u8g_head)")

WHY_XCR0_X87 = (
    "XCR0 bit 0 (x87 state) is always 1: the processor sets it and XSETBV refuses to clear it "
    "(#GP), so cpu.c's XCR0 masks with bit 0 added (0x6 -> 0x07, 0xE6 -> 0xE7) test the same "
    "value; and XCR0_ZMM 0xE6 -> 0xE5 (bit 1 dropped, bit 0 added) only changes the AVX-512 "
    "test, which runs after CAN_AVX2 and so after (xcr0 & XCR0_YMM) == XCR0_YMM, which already "
    "demands bit 1. SOURCE_FACTS checks both tests. tests/kernels/test_cpu_features (XCR0 faked, "
    "always with bit 0) kills the other masks' mutants")

WHY_TYPED_GUARD = (
    "args_next's typed = optind >= 1 && optind - 1 < a->argc ? a->argv[optind - 1] : \"\" "
    "guards a read of argv that glibc and musl never take out of range: getopt_long returns "
    "an option (or ':' or '?') only after stepping past the argument that holds it, and past "
    "its value in the next argument, if it has one (for a missing value optind stops at "
    "argc), so 2 <= optind <= argc. Within that range optind > 1, optind >= 2, optind >= 0, "
    "an || in place of the &&, optind - 2 < argc and optind - 1 <= argc all pick "
    "argv[optind - 1] too. The guard stays for a C library that does otherwise")


WHY_ARGS_CODES = (
    "What args_next returns needs only to be told apart: ARGS_END, ARGS_FAIL (-2), "
    "ARGS_OPERAND (1, getopt_long's own code for an operand) and the options' vals, which "
    "are short option letters (ASCII, below 128) or numbered from ARGS_LONG_ONLY (args.h) "
    "for the long options with no short form; callers compare with the names only, and "
    "getopt_long hands a val back as given. So ARGS_END = -0 (0, no option's val), "
    "ARGS_FAIL = -3 and ARGS_LONG_ONLY = 255 or 257 work as -1, -2 and 256 do (ARGS_END = -2 "
    "and ARGS_FAIL = -1, which collide, are killed)")


WHY_DEFAULT_BUFFER = (
    "CLI_DEFAULT_BUFFER (256 KiB) is how much check and sanitize read at a time when "
    "--buffer-size is not given; it changes only where the input is cut into chunks, which "
    "the streaming decoder makes invisible in what they print (tests/cli/test_streaming.py "
    "checks that --buffer-size 1..7 and larger sizes give the default's output, byte for "
    "byte), and no test can see a read of 257 KiB or 128 KiB instead")


WHY_CLEAN_FAST_PATH = (
    "sanitize's pump feeds a UTF-8 chunk first with no output buffer, and when that added no "
    "error it writes the chunk itself; otherwise it feeds the chunk again with output. The "
    "first feed returns 0 (no output) unless the decoder refuses the call, which it does not "
    "here, so `== 0` -> `!= 0` or `== 1` only sends every chunk down the second path (and "
    "a capacity of 1 with no buffer changes nothing: out_cap is ignored when out is NULL), "
    "whose "
    "output for a clean chunk is the same bytes (valid UTF-8 decodes to itself): slower, "
    "not different")


WHY_SINK_FD = (
    "sanitize's put writes through the writer when k->fd < 0 (the sink of standard output "
    "has -1: any negative value serves) and to k->fd otherwise, which is the descriptor "
    "atomic_out_open got from open or mkstemp for -o: never 0, which is in use whenever "
    "atomic_out.c opens a descriptor (WHY_STD_FDS_TAKEN). So k->fd <= 0 and k->fd < 1 "
    "choose as k->fd < 0 does"
)


WHY_INPUT_CLOSE = (
    "cmd_sanitize reports input_close's error (if (err && rc != EXIT_TROUBLE)) only when "
    "nothing failed before; input_close returns close(2)'s error for a descriptor opened "
    "for reading, and that close fails only for a deferred error of a network or FUSE file "
    "system, which no test can bring about (as WHY_CLOSE_DEFERRED). While err is 0 the "
    "rest of the test is not evaluated, so rc == EXIT_TROUBLE in its place changes nothing "
    "a test sees; err being tested at all is killed by no test either way, and stays")


WHY_CLOSE_DEFERRED = (
    "main's last check, close(STDOUT_FILENO) != 0 && errno != EINTR && errno != EBADF && "
    "out.err == 0, reports an error that close(2) returns for a write the kernel deferred "
    "(NFS, FUSE: EIO, ENOSPC, EDQUOT). No test can bring that about: close of a pipe, a "
    "regular file of a local file system, a terminal or /dev/null (a closed descriptor 1 "
    "holds /dev/null, tests/cli/test_robustness.py std_fds_closed) succeeds. While close "
    "returns 0 the rest of the test is not evaluated, so turning errno != EINTR, errno != "
    "EBADF or out.err == 0 around, or out.err == 1, changes nothing a test sees; "
    "`close(...) != 0` -> `== 0` is killed (a diagnostic on every run). Not equivalent "
    "where close fails: there the mutants report an error twice or not at all"
)


WHY_STDIO_STDOUT = (
    "main.c's last check of the stdio stream stdout, if (fflush(stdout) != 0 || "
    "ferror(stdout)), is never true in u8guard: the command writes its output with write(2) "
    "through its writer (writer.c, fd 1), which reports its own errors (a full disk, a reader "
    "gone: tests/cli/test_output_safety.py, test_usage_errors.py), and nothing linked into it "
    "writes to the stream stdout (diag writes to stderr; `u8guard audit` runs u8guard-audit, a "
    "program of its own, by execv). So stdout's buffer is always empty, fflush(stdout) returns "
    "0 without a write and ferror(stdout) is 0: `||` -> `&&` there, and any change to the test "
    "inside (rc != EXIT_TROUBLE && errno != EPIPE), which is never evaluated, changes nothing. "
    "Checked: SOURCE_FACTS (in cli/, src/, support/ and oracle/api/ only cli/main.c names "
    "stdout or calls printf, vprintf, puts or putchar) and SOLE_CALLERS (the audit engine's "
    "audit_main is called only by cli/audit_program.c, the u8guard-audit program)")

WHY_FULL_OFFSET_LP64 = (
    "input.c's input_full_offset(base, reported) returns lo + (uint64_t)(size_t)(reported - "
    "lo), lo = base >= 3 ? base - 3 : 0: with a 64-bit size_t the subtraction and the "
    "addition are both modulo 2^64, so the result is reported whatever lo is, and any "
    "change to lo's expression (its >=, its 3s, its 0) changes nothing. It only widens a "
    "32-bit size_t's offset, and the command is built only where size_t has 64 bits (x86-64 "
    "Linux here, and the Debian packages; ci/cross.sh's 32-bit i686 build is the library "
    "alone, -DU8GUARD_BUILD_CLI=OFF, checked by SOURCE_FACTS), so no test here can run the "
    "32-bit case: a gap named here, not a claim that lo is right"
)

WHY_EXACT_ROOM = (
    "a buffer of explain.c, check.c or describe.c made larger: each is sized for the longest text it "
    "holds (its comment says which), a test writes that text in full (tests/cli/"
    "test_explain.py, test_explain_file.py: a 4-byte character, a 3-byte error, 8 bytes of "
    "context; test_examples.py: check's 6-byte window of a CESU-8 pair), so the mutant one "
    "smaller is killed; hex_bytes writes the same pairs into a larger buffer and "
    "nothing reads past their terminator")

WHY_CONTEXT_READ = (
    "explain.c's show_file_error reads sizeof b bytes from start (CONTEXT before the error, "
    "if there are so many, then the error, at most 3, then CONTEXT): a larger b only reads "
    "more bytes after those, and the text never shows them: after is cut to CONTEXT and the "
    "window describe_error gets to DESCRIBE_WINDOW (6) bytes from the error")

WHY_ONE_CHAR = (
    "explain.c's show_char gets the bytes of one valid character (explain passes k = "
    "char_len(b[pos]) bytes of the run u8guard_valid_prefix found valid), so "
    "u8guard_decode_utf32 with room for 1 unit writes that one unit: cp's initial value is "
    "never read, and room for 2 units holds the same single unit")

WHY_CHAR_START = (
    "char_len is called only at the start of a valid character, which is never 0x80 "
    "(a continuation byte): b < 0x80, b <= 0x80 and b < 0x81 differ only there")

WHY_HEX_ROOM = (
    "cmd_explain's buffer for the bytes: parse_hex writes at most strlen(arg) / 2 bytes of "
    "an operand (hex_parse is given that room), and total adds that share of every argument "
    "after the command's name (options too, which only leaves room): counting argv[0] "
    "(\"explain\"), starting total at 1, a larger share (/ 1), one byte more in calloc or "
    "elements of 2 bytes only leave more room. The smaller share (/ 3), skipping argv[1] "
    "(i = 2) and calloc(total + 1, 0) are killed: "
    "test_explain.py's 64-byte operand then writes past the block, which glibc's checking "
    "allocator (MALLOC_CHECK_=3 in every mutant's run) reports")

WHY_CALLOC_ZERO = (
    "cmd_explain's calloc(total + 1, 1): the + 1 matters only when total is 0 (every "
    "argument shorter than 2 characters, as in `explain ''`), where calloc(0, 1) may return "
    "NULL and the command would report ENOMEM. glibc returns a unique pointer for a size of "
    "0, so here the command goes on to say 'no bytes to explain' either way: equivalent on "
    "glibc, the only C library the command is built with here; a gap named, as for "
    "WHY_FULL_OFFSET_LP64")

WHY_QUEUE_ROOM = (
    "check.c's queue holds at most DESCRIBE_WINDOW - 1 = 5 errors: an error waits only while "
    "its window lacks bytes, so it starts within the last 5 bytes of the stream read so far "
    "(extend_queue fills and flush_queue prints the others, in order, and a later error's "
    "window is never fuller than an earlier one's), and errors start at distinct offsets. So "
    "QUEUE_MAX 7, 8 or 9 is never reached (nor the flush when full), and extend_queue's "
    "i <= nq touches only the unused slot q[nq], inside the array since nq <= 5, which no "
    "one reads")

WHY_READ_OR_WRITE = (
    "check_file's failure block (n < 0 || r->out->err) says 'read error' when n < 0; n is "
    "never 0 there: both reading loops test r->out->err after a read that gave bytes (n > 0) "
    "and fed or extended with them, and leave at once, with n == 0, at end of file, when "
    "r->out->err was false at their last test and nothing has written since. So n <= 0 and "
    "n < 1 choose as n < 0 does")

WHY_WALK_ROOM = (
    "walk's list of names grows by doubling from 32 entries: starting at 31 or 33, or "
    "growing by 3 times, only changes the room ahead of the names (a growth that does not "
    "grow, 2 -> 1, is killed: test_check_modes walks 40 entries, and the write past the "
    "block is caught by glibc's checking allocator); a child name gets plen + strlen + 2 "
    "bytes (the '/' and the terminator), and snprintf writes the same name into one more")

WHY_REREAD = (
    "check.c's catch_up_lines counts the LF bytes of [lp.scanned, base) by reading them "
    "again in pieces of at most sizeof b bytes: the count does not depend on the size of "
    "the pieces (16383, 16384 or 16385), a piece of min(base - at, sizeof b) bytes is the "
    "same with <= at equality, and at at == base (the loop's `<` made `<=`) it asks "
    "input_pread for 0 bytes, gets 0 and stops, as the loop's test would have")

WHY_LAZY_LINES = (
    "check.c counts lines lazily (only once an error needs them, reading the bytes before it "
    "again) where it can: a regular file, from its start offset. Counting them as each "
    "chunk comes gives the same lines: r->start > 0 or >= 1 in place of >= 0 only makes a "
    "file read from offset 0 counted that way, and -2 in place of -1 is as negative. "
    "error_fn likewise only spares calls: once --max-errors errors are listed, on_error "
    "itself ignores the rest (r->listed >= max_errors), so returning it for one more "
    "error (> for >=) changes nothing")

WHY_AUDIT_ARGV0 = (
    "audit.c's wants_help scans argv[1..argc) for -h or --help before any \"--\"; starting "
    "at i = 0 adds argv[0], which is always \"audit\": cmd_audit is reached only through "
    "main.c's command table (no file calls it by name), by c->run(argc - 1, argv + 1, out) "
    "with c = find(argv[1]), and find returns the entry whose name is strcmp-equal to it. "
    "\"audit\" is none of \"--\", \"-h\", \"--help\", so the scan's answer is the same. "
    "Checked: SOLE_CALLERS (cmd_audit) and SOURCE_FACTS (the table entry, find's test, the "
    "one ->run call)")

WHY_CLAMP_AT_EQUAL = (
    "a clamp made non-strict (`if (x > max) x = max;` with `>=`, or `a < b ? a : b` with "
    "`<=`): the two differ only when the values are equal, where either gives that value")

WHY_CLASS_ORDER = (
    "cli/describe.c's cp_class returns at the first test that holds, the noncharacters "
    "before private use: moving private use's plane-15 bound from F0000 to EFFFF adds "
    "only U+EFFFF, a noncharacter (U+xFFFE, U+xFFFF of every plane) answered before, and "
    "tests/cli/test_cp_class.c checks U+EFFFF, U+F0000 and the noncharacters. Checked: "
    "SOURCE_FACTS (the two tests in that order)")

WHY_PLANE_PREFIX = (
    "cli/describe.c's cp_printable tells a plane's class by its first 6 bytes, \"plane \"; "
    "no other class cp_class returns begins with \"plane\" (nor \"pl\": \"private use\" "
    "differs at its second byte), so comparing 5 bytes gives the same answers; 7 bytes, "
    "the digit, are killed")

WHY_PAIR_ROOM = (
    "cli/describe.c's surrogate() reads a CESU-8 pair's second half with lax_read(w + 3, "
    "n - 3) only when n >= 6, and takes it only when low.have == 3: with n >= 5 instead, "
    "n = 5 gives lax_read 2 bytes, so low.have <= 2 and the pair is refused as before; "
    "with n - 2 instead, the bound is 4 or more where it was 3 or more, and lax_read "
    "reads no more than the 3 bytes ED announces")

WHY_ARGC_ZERO = (
    "cli/audit_program.c refuses argc 0 (an execve with an empty argv, where argv[0] is "
    "the terminating NULL it would overwrite); `argc < 0` instead lets it through, which "
    "no test here can do: Linux 5.18 and later start such a program with argc 1 and "
    "argv[0] \"\" (this machine runs 6.x; tried with an execve of {NULL}), so the guard "
    "is for older kernels and other systems, and the status it returns there (2) is seen "
    "by none. argc 1 itself (`u8guard audit` with no "
    "option) is tested: audit_defaults")

WHY_DESCRIBE_WINDOW = (
    "cli/describe.h's DESCRIBE_WINDOW is the longest run a description reads, 6 bytes (a "
    "CESU-8 pair, a 6-byte form: lax_read reads at most the 6 a lead announces, the pair "
    "test w[0..5]); 7 gives every window one more byte that no text reads, and check.c's "
    "queue waits for that byte before printing, which changes when a line is printed, "
    "not what it says (at the end of the input, or when reading stops, every waiting "
    "error is printed with what it has). 5 is killed: a CESU-8 pair is no longer "
    "recognised")

WHY_TEXT_ROOM = (
    "cli/describe.h's error_text holds its two sentences in 192 bytes each, more than "
    "any text written there needs, so 191 or 193 changes nothing: the longest lax "
    "reading is 99 bytes (a CESU-8 pair read as U+10FFFF (noncharacter)), the longest "
    "explanation under 100 before the suffix ' (part of the sequence at offset N)', 54 "
    "bytes with a 20-digit N, and the longest denied_text 114 (U+2028's); measured over "
    "every class denied and the longest forms of each error kind (stop 39, tests/"
    "hardening/README.md). A longer text would be cut by snprintf, never overflow")

WHY_WRITER_SIZE = (
    "cli/writer.h's WRITER_BUF (64 KiB) decides only how the command's output is cut "
    "into write() calls: writer_put copies into the buffer while it fits, flushes it "
    "whole, and sends blocks of WRITER_BUF or more straight out, so the same bytes reach "
    "the descriptor in the same order with 65535 or 65537 (and a failing write is "
    "reported the same way, from the first failure)")

WHY_CORPUS_ROOM = (
    "oracle/audit/corpus.c's parse_line gives a case's bytes strlen(line) / 2 + 1 bytes of "
    "room: each byte takes two hex digits of the line, which also holds a name of at least "
    "one byte and the '=', so the hex gives at most (strlen(line) - 2) / 2 bytes and the "
    "room is more than it needs; more room (/ 1, + 2) or one byte less (+ 0) changes "
    "nothing, and malloc is never asked for 0 bytes (it runs only after a name of 1 byte "
    "or more and the '=': strlen(line) >= 2). "
    "Less room, / 3, is killed: tests/audit/test_corpus.c reads 100 bytes from a 209-byte "
    "line")

WHY_DIVERGENCE_ROOM = (
    "oracle/adapters/divergence.c's divergence_repl_is allocates 3 * len + 1 code points: "
    "each input byte gives at most one code point of a valid stretch or, skipped, at most 3 "
    "U+FFFD (a policy asking more is refused before anything is written), so 3 * len is the "
    "most it writes; room for 4 a byte, or + 2, only adds room never used, and the + 1 (or "
    "+ 0) only keeps "
    "malloc from being asked for 0 bytes when len is 0, which glibc answers with a pointer "
    "all the same (nothing is written then). Less room, 2 a byte, is killed: "
    "tests/oracle/test_compare.c fills all of it with 4096 stray bytes at 3 U+FFFD each")

WHY_ICONV_DRAIN = (
    "the iconv adapters convert into a fixed buffer and, when iconv stops with E2BIG (the "
    "buffer full), take what it wrote and call it again: how much one call converts depends "
    "on the buffer's size, what the verdict holds does not. iconv writes whole code points "
    "only (4 bytes each), so a buffer of 4095 or 4097 bytes takes 1023 or 1024 of them, "
    "and wchar_t buf[1023] or buf[1025] likewise")

WHY_UTF32_WHOLE = (
    "oracle/adapters/iconv_utf32.c's append_utf32le reads what iconv wrote: whole code "
    "points of 4 bytes, so n is a multiple of 4 and i + 3 <= n holds exactly when "
    "i + 4 <= n; and the fourth byte of every code point iconv writes as UTF-32LE is 0 "
    "(they are all below 0x110000), so shifting it by 23 or 25 instead of 24 gives the "
    "same value")

WHY_ICONV_CLOSE = (
    "closing an iconv adapter compares cd with (iconv_t)-1, 'not open', before "
    "iconv_close; with -2 or 0 in its place, closing an adapter that is not open calls "
    "iconv_close((iconv_t)-1), which glibc answers with EBADF and nothing else, and "
    "closing an open one is unchanged (setting cd back to -1 after it is not this "
    "comparison: a mutant there is killed by test_adapters.c's run after close)")

WHY_HUGE_INPUT = (
    "an adapter refuses an input longer than its decoder's length type holds "
    "(G_MAXSSIZE bytes for GLib, INT32_MAX for ICU's U8_NEXT, PTRDIFF_MAX for utf8proc); "
    "> and >= differ only for an input of exactly that many bytes, 2 GiB at the least, "
    "which no test can hand a decoder (the audit's inputs are a few KiB, the oracle "
    "tests' at most the text corpus's files)")

WHY_WCHAR_WIDTH = (
    "the wchar_t adapters (iconv-wchar, mbrtowc) refuse to open where wchar_t is narrower "
    "than 32 bits (Windows' 16); here it is 32 bits, so sizeof(wchar_t) < 3 is as false "
    "as < 4 (< 5 and <= 4 refuse, and are killed by the adapters' tests, skipped then)")

WHY_ICU_INVALID_CHARS = (
    "oracle/adapters/icu_ucnv.c asks ucnv_getInvalidChars, after a conversion stopped at an "
    "ill-formed sequence, for the bytes it kept: at most the 3 bytes of a maximal subpart, "
    "so bad[31] or bad[33] serve as bad[32] does; and that call never fails there and "
    "never gives more bytes than the conversion consumed, so its check (failure || too "
    "many) is false with && as with ||")

WHY_ICU_OPENS = (
    "icu_ucnv.c's run returns -1 when its own ucnv_open fails, which it does not where "
    "ICU is installed (the UTF-8 converter is built into libicuuc, not loaded from ICU's "
    "data), and ICU's versioned symbols (ucnv_open_72) keep a test from replacing it; "
    "so -2 or 0 there changes nothing a test can see. The iconv and mbrtowc adapters' "
    "like returns are checked: tests/oracle/open_fail_shim.c makes their opens fail")

WHY_UNISTRING_LEAD_EDGES = (
    "libunistring.c's policy runs only on an ill-formed sequence: one that DF leads has "
    "no continuation byte after it (DF and one would be a character), and one that EF "
    "leads has at most one (two would be), so counting DF as a lead that may swallow 2 "
    "(>= 0xDF for >= 0xE0) or EF as one that may swallow 3 (>= 0xEF for >= 0xF0) "
    "skips the same bytes")

WHY_ROOM_PLUS_ONE = (
    "oracle.h's ORACLE_ROOM(len) is len + 1 code points, but no answer kept in a verdict "
    "has more than len: an adapter pushes at most one code point per byte it reads, the "
    "subprocess adapters refuse a reply with more than len (subprocess.c), the plugin and "
    "exec runners refuse more than the input's bytes (plugin_runner.c), and u8guard's own "
    "decoding gives at most one per byte; so a room of len holds every answer, and the 1 "
    "more only keeps an empty input's buffers from being malloc(0), which glibc answers "
    "with a unique pointer that is never written (and 2 more is more unused room)")

WHY_USELOCALE = (
    "mbrtowc.c's run checks uselocale's answer, which is (locale_t)0 only for an invalid "
    "locale object (EINVAL); it is given the one newlocale made, so the branch is never "
    "taken: comparing with (locale_t)1, or returning -2 or 0 there, changes nothing a "
    "test can see")

WHY_TRIM_FIRST = (
    "oracle/audit/corpus.c's parse_line trims the expected list's trailing blanks after "
    "skipping its leading ones, so a list of l >= 1 bytes starts with a non-blank byte: "
    "the trim stops at l = 1 at the latest whether it tests l > 0 or l > 1 (and an empty "
    "list, l = 0, enters the loop under neither)")

WHY_LAX_LEADS = (
    "describe.c's lax_read reads the first byte of an error the library reported as "
    "overlong (C0, C1, E0, F0: Table 3-7's leads whose next byte makes an overlong form), "
    "surrogate (ED, and the ED of a CESU-8 pair's second half, tested w[3] == 0xED) or "
    "too_large (F4..FD: too_large answers for FE and FF before it reads); its only callers "
    "are overlong(), surrogate() and too_large(), each called once, from describe_error's "
    "case of that kind. So its first byte is never DF or EF, and moving a bound of its lead "
    "table to one of those bytes (< 0xE0 -> < 0xDF, < 0xF0 -> < 0xEF) changes no answer. "
    "The one way around it: "
    "`explain --file` reads the bytes around an error a second time (pread), so a file "
    "rewritten between the two reads gets the first read's kind with other bytes, where "
    "either text describes bytes the error is not about. Checked: SOURCE_FACTS (the calls "
    "and the switch)"
)

# The callers some claims rest on ("its only caller tests ..."): (function,
# caller file, the call with its test). sole_caller_claims() checks at
# every run that the call is there and that no other file of src/, cli/ or
# oracle/ calls the function, else the run stops as for a stale anchor.
SOLE_CALLERS = [
    ("audit_corpus_load", "oracle/audit/corpus.c", None),
    ("audit_corpus_load", "oracle/audit/main.c",
     "n_corpus = audit_corpus_load(path, &corpus);\n    bool ran;\n\n    if (n_corpus < 0)"),
    ("audit_open_world", "oracle/audit/world_open.c", None),
    ("audit_open_world", "oracle/audit/decoders.c",
     "if (o->world && audit_open_world(o, &d, &k) != 0) {"),
    ("error_run", "src/validate.c", "pos += k->error_run(p + pos, len - pos, &r);"),
    ("error_run", "src/sanitize.c", "pos += k->error_run(p + pos, len - pos, &r);"),
    ("error_run", "src/stream.c", "n = k->kern->error_run(p + i, cut - i, &r);"),
    ("u8g_head", "src/kernels/blocks.h", None),  # WHY_HEAD_EXTENT
    # WHY_OPTERR_COLON: every getopt_long scan gets args_init's option string.
    ("getopt_long", "cli/args.c", "c = getopt_long(a->argc, a->argv, a->shorts, a->longs, NULL);"),
    # WHY_STDIO_STDOUT: the audit engine, which prints with stdio, is a program of its own.
    ("audit_main", "oracle/audit/main.c", None),
    ("audit_main", "cli/audit_program.c", "return audit_main(argc, argv);"),
    # WHY_AUDIT_ARGV0: no file calls cmd_audit; main.c's table names it.
    ("cmd_audit", "cli/audit.c", None),
]

# Facts about the source that some claims rest on, checked at every run like
# SOLE_CALLERS: (file, regex, count) -- the regex matches exactly count
# times in the file -- or (None, regex, files) -- only those files of src/
# (.c and .h) match it -- or ((folder, ...), regex, files): the same over
# the .c and .h files of those folders.
SOURCE_FACTS = [
    # WHY_ERR_ROOM: a plugin's path is at most 4092 bytes.
    ("oracle/plugin/plugin_runner.c", r"\n    char path\[4096\];\n", 1),
    ("oracle/plugin/plugin_runner.c", r"if \(strlen\(path\) \+ 3 > sizeof r->path\) \{", 1),
    ("src/policy.c", r"\bweight\(", 5),      # its definition and extra()'s 4 calls
    ("src/policy.c", r"\b[uxym]{1,2} \*= weight\(", 4),
    ("src/policy.c", r"\bextra\(", 2),       # its definition and the merge loop's call
    ("src/policy.c", r"while \(m > 8\) \{\n\s+best = -1;\n(?:.*\n){2}\s+if \(\(e = "
     r"extra\(&b\[i\], &b\[j\]\)\) < best \|\| best < 0\) \{\n(?:.*\n){4}\s+"
     r"bunion\(&b\[bi\], &b\[bi\], &b\[bj\]\);", 1),
    (None, r"\b(l7|s7|t6)\b", {"src/policy.c", "src/internal.h", "src/kernels/avx512.c"}),
    # WHY_NPAIR_SLOTS: the n_ tables are written by build_npairs, loaded by
    # policy_hits.h (pol_load) and read only in pol_pairs, all four ANDed.
    (None, r"\bn_(xlo|xhi|ylo|yhi)\b", {"src/internal.h", "src/policy.c",
                                         "src/kernels/policy_hits.h"}),
    ("src/kernels/policy_hits.h", r"\bt->n_(xlo|xhi|ylo|yhi)\b", 8),
    ("src/kernels/policy_hits.h", r"pv_and\(pv_and\(pv_lookup\(t->n_xlo, pv_lo\(prev1\)\), "
     r"pv_lookup\(t->n_xhi, pv_hi\(prev1\)\)\),\n\s+pv_and\(pv_lookup\(t->n_ylo, "
     r"pv_lo\(cur\)\), pv_lookup\(t->n_yhi, pv_hi\(cur\)\)\)\)", 1),
    # WHY_WORLD_LOAD_SIGN: audit_world_load's one caller tests the sign.
    ("oracle/audit/world_open.c", r"\*n = audit_world_load\(dir, e\);\n\s+if \(\*n < 0\)\n"
     r"\s+return 2;", 1),
    (("oracle",), r"\baudit_world_load\(", {"oracle/audit/world.c", "oracle/audit/world.h",
                                             "oracle/audit/world_open.c"}),
    # WHY_CHILD_STATUS: first_line's one waitpid reads no status.
    ("oracle/audit/world.c", r"\bwaitpid\(", 1),
    ("oracle/audit/world.c", r"waitpid\(pid, NULL, 0\)", 1),
    # WHY_SHORT_SPLIT: the scalar arm's ASCII test covers 16 bytes.
    ("src/kernels/short_x86.h", r"if \(len >= 8\)\n\s+w = short_word\(p, 8\) \| "
     r"short_word\(p \+ len - 8, 8\);", 1),
    ("src/kernels/short_x86.h", r"if \(len < 16\) \{\n\s+if \(short_ascii15\(p, len\)\)", 1),
    # WHY_CAN_START: its definition and four uses, each the same test.
    ("src/kernels/avx512.c", r"\bcan_start\(", 5),
    ("src/kernels/avx512.c", r"can_start\(p\[0\]\) \? blocks\(p, len, [^\n]*\) : 0;", 4),
    # WHY_RUN_ROOM: every use of U8G_RUN_OUT_MAX.
    (None, r"\bU8G_RUN_OUT_MAX\b", {"src/internal.h", "src/sanitize.c", "src/stream.c",
                                     "src/kernels/error_scan.h"}),
    ("src/internal.h", r"\bU8G_RUN_OUT_MAX\b", 2),  # the comment and the definition
    ("src/sanitize.c", r"out_cap - written >= U8G_RUN_OUT_MAX\)", 1),
    ("src/sanitize.c", r"\bU8G_RUN_OUT_MAX\b", 1),
    ("src/stream.c", r"out_cap - k->o\)? >= U8G_RUN_OUT_MAX[;)]", 2),  # run_fits, its contract
    ("src/stream.c", r"\bU8G_RUN_OUT_MAX\b", 2),
    ("src/kernels/error_scan.h", r"tmp\[U8G_RUN_OUT_MAX \+ U8G_EMIT_SLACK\]", 1),
    ("src/kernels/error_scan.h", r"r->out_cap - r->written < 2 \* U8G_RUN_OUT_MAX\)", 1),
    ("src/kernels/error_scan.h", r"\bU8G_RUN_OUT_MAX\b", 3),  # with the comment's
    # WHY_POLSET_CARRY: who calls u8g_polset_carry, and how.
    # (avx2.c computes the same test in vector form and calls it no more;
    # its comments still name it, hence the "(p, i" in these patterns.)
    (None, r"\bu8g_polset_carry\((?!p, i \+ STEP\) without)",
     {"src/internal.h", "src/kernels/sse42.c", "src/kernels/avx512.c"}),
    ("src/kernels/sse42.c", r"\bu8g_polset_carry\(", 1),
    ("src/kernels/sse42.c", r"if \(carry \|\| [^\n]*\) \{\n\s+if \(hits_block\([^\n]*\n\s+return "
     r"u8g_restart_point\(p, i\);\n\s+carry = u8g_polset_carry\(", 1),
    ("src/kernels/avx512.c", r"\bu8g_polset_carry\(", 3),
    ("src/kernels/avx512.c", r"\bcarry = u8g_polset_carry\(", 3),
    ("src/kernels/avx512.c", r"\(carry \|\| any\(", 2),
    ("src/kernels/avx512.c", r"if \(hits_block\(p \+ i, [24], pt\)\)\n\s+return nt_failed\([^\n]*\n"
     r"\s+carry = u8g_polset_carry\(", 2),
    # WHY_XCR0_X87: the YMM test is part of CAN_AVX2, which the ZMM test needs first.
    ("src/cpu.c", r"if \(\(can & CAN_SSE42\) && all\(f\.ecx1, ECX1_OSXSAVE \| ECX1_AVX\) &&\n"
     r"\s+\(f\.xcr0 & XCR0_YMM\) == XCR0_YMM && all\(f\.ebx7, EBX7_AVX2\)\)\n\s+can \|= CAN_AVX2;", 1),
    ("src/cpu.c", r"if \(\(can & CAN_AVX2\) && \(f\.xcr0 & XCR0_ZMM\) == XCR0_ZMM &&", 1),
    # WHY_STD_FDS_TAKEN: main fills 0..2 first; only main.c closes one (stdout, at the end).
    ("cli/main.c", r"\n    occupy_closed_std_fds\(\);", 1),
    (("cli",), r"\bclose\((0|1|2|STD(IN|OUT|ERR)_FILENO)\)\s*[;!=<)]|\bdup[23]?\(", {"cli/main.c"}),
    # WHY_NOSOCK: the command ignores SIGPIPE.
    ("cli/main.c", r"\(void\)signal\(SIGPIPE, SIG_IGN\);", 1),
    # WHY_OPTERR_COLON: the option string getopt_long is given starts with "-:".
    ("cli/args.c", r'snprintf\(a->shorts, sizeof a->shorts, "-:%s", shorts\);', 1),
    # WHY_STDIO_STDOUT: of the code linked into u8guard, only main.c uses the stream stdout.
    (("cli", "src", "support", "oracle/api"), r"\bstdout\b|\b(v?printf|puts|putchar)\s*\(",
     {"cli/main.c"}),
    # WHY_FULL_OFFSET_LP64: the cross builds (i686 among them) leave the command out.
    ("ci/cross.sh", r"-DU8GUARD_BUILD_CLI=OFF", 1),
    ("cli/input.c", r"uint64_t lo = base >= 3 \? base - 3 : 0;\n\n\s+return lo \+ "
     r"\(uint64_t\)\(size_t\)\(reported - \(size_t\)lo\);", 1),
    # WHY_AUDIT_ARGV0: a command gets argv + 1, argv[1] being its own name.
    ("cli/main.c", r'\{"audit", cmd_audit, audit_help\}', 1),
    ("cli/main.c", r"if \(strcmp\(commands\[i\]\.name, name\) == 0\)\n\s+return &commands\[i\];", 1),
    ("cli/main.c", r"->run\(", 1),
    ("cli/main.c", r"c = find\(argv\[1\]\);\n(?:.*\n){0,8}\s+return c->run\(argc - 1, argv \+ 1, out\);", 1),
    # WHY_LAX_LEADS: lax_read's callers, and the kinds that reach them.
    ("cli/describe.c", r"\blax_read\(", 5),
    ("cli/describe.c", r"w\[3\] == 0xED\) \{\n\s+lax_read\(w \+ 3, n - 3, &low\);", 1),
    ("cli/describe.c", r"\b(overlong|surrogate|too_large)\(", 6),
    ("cli/describe.c", r"case U8GUARD_OVERLONG:\n\s+overlong\(", 1),
    ("cli/describe.c", r"case U8GUARD_SURROGATE:\n\s+surrogate\(", 1),
    ("cli/describe.c", r"case U8GUARD_TOO_LARGE:\n\s+too_large\(", 1),
    ("cli/describe.c", r"if \(w\[0\] >= 0xFE\) \{.*\n(?:.*\n){0,4}\s+lax_read\(w, n, &l\);", 1),
    # WHY_CLASS_ORDER: the noncharacters are answered before private use.
    ("cli/describe.c", r"if \(is_noncharacter\(cp\)\)\n\s+return \"noncharacter\";\n"
     r"\s+if \(\(cp >= 0xE000 && cp <= 0xF8FF\) \|\| cp >= 0xF0000\)", 1),
    # WHY_PAIR_ROOM: the second half is read only with 6 bytes, taken only whole.
    ("cli/describe.c", r"n >= 6 && w\[3\] == 0xED\) \{\n\s+lax_read\(w \+ 3, n - 3, &low\);\n"
     r"\s+if \(low\.have == 3 &&", 1),
]


def source_fact_claims():
    """The SOURCE_FACTS that no longer hold, as messages."""
    broken = []
    for f, rx, want in SOURCE_FACTS:
        if isinstance(f, str):
            with open(os.path.join(ROOT, f)) as fh:
                n = len(re.findall(rx, fh.read()))
            if n != want:
                broken.append("%s: %r matches %d times, not %d" % (f, rx, n, want))
            continue
        for folder in f or ("src",):
            for dirpath, _, names in os.walk(os.path.join(ROOT, folder)):
                for name in names:
                    rel = os.path.relpath(os.path.join(dirpath, name), ROOT)
                    if name.endswith((".c", ".h")) and rel not in want:
                        with open(os.path.join(ROOT, rel)) as fh:
                            if re.search(rx, fh.read()):
                                broken.append("%s matches %r (only %s may)" %
                                              (rel, rx, sorted(want)))
    return broken


def sole_caller_claims():
    """The SOLE_CALLERS that no longer hold, as messages: a call that
    changed, or a function named (followed by '(') in a .c file of src/,
    cli/ or oracle/ other than its caller and the file defining it (listed
    with None)."""
    broken, where = [], {}
    for d in ("src", "cli", "oracle"):
        for dirpath, _, names in os.walk(os.path.join(ROOT, d)):
            for n in names:
                if n.endswith(".c"):
                    rel = os.path.relpath(os.path.join(dirpath, n), ROOT)
                    with open(os.path.join(ROOT, rel)) as fh:
                        text = fh.read()
                    for fn in {e[0] for e in SOLE_CALLERS}:
                        if re.search(r"\b%s\(" % fn, text):
                            where.setdefault(fn, set()).add((rel, text))
    for fn in sorted({e[0] for e in SOLE_CALLERS}):
        allowed = {f: call for name, f, call in SOLE_CALLERS if name == fn}
        for rel, text in sorted(where.get(fn, ())):
            if rel not in allowed:
                broken.append("%s is called in %s too" % (fn, rel))
            elif allowed[rel] is not None and allowed[rel] not in text:
                broken.append("%s: the call %r is gone" % (rel, allowed[rel]))
    return broken


# show_difference's first code point shown, from = k > 2 ? k - 2 : 0: the
# mutants k >= 2 and k > 1 differ from it only at k == 2, where k - 2 is 0,
# the value of the other branch. (k > 3 differs at k == 3: audit_exec_cp3.)
WHY_WINDOW_FROM = ("show_difference: from = k > 2 ? k - 2 : 0 and its mutants k >= 2 and "
                   "k > 1 differ only at k == 2, where k - 2 == 0 is the other branch's value")

WHY_ROOM_UNUSED = (
    "an array one element longer than its contents (support/sha256.c's K[65], block's "
    "w[65]; error_scan.h's u8g_planes_swar w[9]; avx512.c's dec_consts spread[5], loaded "
    "by g < 4; support/sha256.h's buf and h are pinned by sha256.c's _Static_asserts): the "
    "extra element is zero or never read, and every loop and copy is bounded by its own "
    "constant, not by the array's size")
WHY_SEND_NOT_ZERO = (
    "send(2) and write(2) of n > 0 bytes never return 0 on Linux (write_loop calls them only "
    "with n > 0): a test of k >= 1 or k > 0 where the code has k >= 0 (write_some), or of "
    "k <= 0 where it has k < 0 (write_loop), decides the same for every value they return")
WHY_LAST_LOOK = (
    "poll_wait after an EINTR with no time left: the code returns 0; the mutant (timeout_ms "
    "> 0 for >= 0, l < 0 for l <= 0) polls once more for 0 ms and returns what that look "
    "finds: 1 only for a descriptor that became ready between the interrupted poll and that "
    "look, at the limit's end, which the contract (1 when ready within timeout_ms, 0 when "
    "the time is up) allows either way. Not strictly equivalent, then, but no test can time "
    "a signal and a descriptor's readiness into that window")

# Mutants shown to be equivalent (no input can tell them apart), by the
# text right after the mutated operator on its line: (file, anchor, old,
# new, why). They are listed as EQUIVALENT and not run.
EQUIVALENT = [
    ("sanitize.c", "2 << 20)", "2", "3", WHY_OUT_OF_CACHE),
    ("sanitize.c", "2 << 20)", "2", "1", WHY_OUT_OF_CACHE),
    ("sanitize.c", "20)\n", "20", "21", WHY_OUT_OF_CACHE),
    ("sanitize.c", "20)\n", "20", "19", WHY_OUT_OF_CACHE),
    ("sanitize.c", ">= OUT_OF_CACHE &&", ">=", ">", WHY_OUT_OF_CACHE),
    ("stream.c", "< 3 && j > 0; k++)", "<", "<=",
     WHY_LAST_BOUNDARY),
    ("stream.c", "0; k < 3 && j > 0", "0", "1", WHY_LAST_BOUNDARY),
    ("stream.c", "3 && j > 0; k++)", "3", "4", WHY_LAST_BOUNDARY),
    ("stream.c", "3 && j > 0; k++)", "3", "2", WHY_LAST_BOUNDARY),
    ("stream.c", "0; k++) {\n        j--;", "0", "1", WHY_LAST_BOUNDARY),
    ("stream.c", "== 0x80u) /* continuation", "==", "!=", WHY_LAST_BOUNDARY),
    ("stream.c", "0xC0u) == 0x80u) /* continuation", "0xC0u", "0xC1u", WHY_LAST_BOUNDARY),
    ("stream.c", "0xC0u) == 0x80u) /* continuation", "0xC0u", "0xBFu", WHY_LAST_BOUNDARY),
    ("stream.c", "< 0xC0u)\n            return len;", "<", "<=", WHY_LAST_BOUNDARY),
    ("stream.c", "0xC0u)\n            return len;", "0xC0u", "0xC1u", WHY_LAST_BOUNDARY),
    ("stream.c", "0xC0u)\n            return len;", "0xC0u", "0xBFu", WHY_LAST_BOUNDARY),
    ("stream.c", ">= 0xF0u ? 4", ">=", ">", WHY_LAST_BOUNDARY),
    ("stream.c", ">= 0xE0u ? 3", ">=", ">", WHY_LAST_BOUNDARY),
    ("stream.c", "0xF0u ? 4", "0xF0u", "0xF1u", WHY_LAST_BOUNDARY),
    ("stream.c", "0xF0u ? 4", "0xF0u", "0xEFu", WHY_LAST_BOUNDARY),
    ("stream.c", "4 : p[j] >= 0xE0u", "4", "5", WHY_LAST_BOUNDARY),
    ("stream.c", "4 : p[j] >= 0xE0u", "4", "3", WHY_LAST_BOUNDARY),
    ("stream.c", "0xE0u ? 3", "0xE0u", "0xE1u", WHY_LAST_BOUNDARY),
    ("stream.c", "0xE0u ? 3", "0xE0u", "0xDFu", WHY_LAST_BOUNDARY),
    ("stream.c", "3 : 2;", "3", "4", WHY_LAST_BOUNDARY),
    ("stream.c", "3 : 2;", "3", "2", WHY_LAST_BOUNDARY),
    ("stream.c", "2;\n        return len - j", "2", "3", WHY_LAST_BOUNDARY),
    ("stream.c", "2;\n        return len - j", "2", "1", WHY_LAST_BOUNDARY),
    ("stream.c", ">= need ? len : j;", ">=", ">", WHY_LAST_BOUNDARY),
    ("stream.c", "< len) {\n        end = i < cut", "<", "<=",
     "at i == len the body validates 0 bytes at the end and breaks: no change"),
    ("scalar.c", "> r->hi && p[1] <= TAIL_HI)", ">", ">=",
     "in this branch p[1] < lo or p[1] > hi; p[1] == hi would need hi < lo"),
    ("scalar.c", "< r->lo)\n", "<", "<=",
     "in this branch p[1] < lo or p[1] > hi; p[1] == lo would need lo > hi"),
    ("scalar.c", "0;\n    u8guard_kind kind = U8GUARD_OK;\n\n    (void)u8g_step", "0", "1",
     "u8g_classify is called only on an error, where u8g_step always sets sub"),
    ("decode.c", "< cap) {\n                cap = need;", "<", "<=",
     "when need == cap, cap = need changes nothing"),
    ("lossy.c", "< len ||\n        u8g_overlap", "<", "<=",
     "whole_or_start is only a shortcut: when it declines (returns 0), lossy decodes from "
     "byte 0 and, with no policy and w->cap - w->o >= len - pos (here cap == len, o == 0), "
     "makes the same kernel call (to_utf32/to_utf16 of the whole input) and returns the same "
     "units, count and errors; declining at cap == len changes only the time"),
    ("sanitize.c", "< window ? len - pos : window;", "<", "<=",
     "when len - pos == window both branches give window"),
    ("internal.h", "> SIZE_MAX - a ?", ">", ">=",
     "when b == SIZE_MAX - a the exact sum is SIZE_MAX, the saturated value"),
    ("sanitize.c", "16 * 1024)", "16", "17", "WINDOW is a performance parameter: "
     "results are identical for any window of 4 bytes or more (test_windows)"),
    ("sanitize.c", "16 * 1024)", "16", "15", "WINDOW: as above"),
    ("sanitize.c", "1024)", "1024", "1023", "WINDOW: as above"),
    ("sanitize.c", "1024)", "1024", "1025", "WINDOW: as above"),
    ("stream.c", "1;\n    return k.o;", "1", "2",
     "finished is a flag: only zero or nonzero matters"),
    ("internal.h", "<= y ? y - x < a_len", "<=", "<",
     "x == y: both branches compute 0 < length, and both lengths are nonzero here"),
    ("stream.c", "> len)\n        take = len;", ">", ">=",
     "when take == len, take = len changes nothing"),
    ("stream.c", "0;\n    uint32_t cp;\n    u8guard_kind kind = U8GUARD_OK;\n\n    if (take", "0", "1",
     "sub is read only after u8g_step returned 0, and u8g_step always sets it then"),
    ("stream.c", "0, &e);", "0", "1",
     "the base only sets e.offset, which stream_feed never reads: it reports s->offset, "
     "the 64-bit offset in the whole stream"),
    ("decode.c", ">= len) {\n        /*@ calls u8g_scalar_to_utf32; */", ">=", ">",
     "out_cap == len only moves the call from the kernel's one-pass conversion to "
     "valid_prefix + decode_bounded, which write the same units and return the same count"),
    ("decode.c", ">= len) {\n        /*@ calls u8g_scalar_to_utf16; */", ">=", ">",
     "as for to_utf32: at out_cap == len every unit fits on both paths"),
    ("decode.c", "0;\n    u8guard_kind kind;\n\n    /*@ loop invariant 0 <= i <= n", "0", "1",
     "decode_bounded reads cp only after u8g_step returned nonzero, which sets it "
     "(the initializer only quiets -Wmaybe-uninitialized)"),
    ("stream.c", "4];\n    size_t have", "4", "5",
     "a larger join buffer: take = 4 - have keeps every access below buf[4]"),
    ("sanitize.c", ">= w + 3) {\n            /* Validated", ">=", ">",
     "at out_cap - written == w + 3 only the path changes (one-pass copy_prefix or "
     "valid_prefix + put); both write the same bytes"),
    ("sanitize.c", "3) {\n            /* Validated", "3", "2",
     "copy_prefix stores at most w bytes (its last store is masked to the window) and at "
     "most 3 past n; when the window has an error n <= w - 1, so the U+FFFD ends by "
     "n + 3 <= w + 2: room w + 2 already suffices, the + 3 is one byte of slack"),
    ("sanitize.c", "3) {\n            /* Validated", "3", "4",
     "a stricter room test only sends more windows to the two-pass path, "
     "which writes the same bytes"),
    ("cli/explain.c", "2, &r))", "2", "1",
     "a larger capacity for hex_parse: len characters never give more than len / 2 bytes "
     "(two digits a byte), so the capacity is never reached either way"),
    ("cli/explain.c", "< 0x80 ? 1 : b < 0xE0", "<", "<=", WHY_CHAR_START),
    ("cli/explain.c", "0x80 ? 1 : b < 0xE0", "0x80", "0x81", WHY_CHAR_START),
    ("cli/explain.c", "12]; /* the longest", "12", "13", WHY_EXACT_ROOM),
    ("cli/explain.c", "9];\n\n    memset", "9", "10", WHY_EXACT_ROOM),
    ("cli/explain.c", "3 * CONTEXT]; /* the longest", "3", "4", WHY_EXACT_ROOM),
    ("cli/explain.c", "2 * CONTEXT + 3];", "2", "3", WHY_CONTEXT_READ),
    ("cli/explain.c", "3];\n    char hex", "3", "4", WHY_CONTEXT_READ),
    ("cli/explain.c", "0;\n    const char *cls;", "0", "1", WHY_ONE_CHAR),
    ("cli/explain.c", "1, NULL);\n    cls", "1", "2", WHY_ONE_CHAR),
    ("cli/explain.c", "< DESCRIBE_WINDOW ? n - pos : DESCRIBE_WINDOW;", "<", "<=",
     "the smaller of n - pos and DESCRIBE_WINDOW: where they are equal both branches give "
     "the same value"),
    ("cli/explain.c", "> CONTEXT)\n        after = CONTEXT;", ">", ">=",
     "at after == CONTEXT the cut sets after to the value it has"),
    ("cli/explain.c", ">= CONTEXT ? off - CONTEXT : 0", ">=", ">",
     "at off == CONTEXT both branches give start 0 (off - CONTEXT, and 0)"),
    ("cli/explain.c", "0, max = 1000;", "0", "1",
     "cmd_explain's offset is read only with --offset, whose value parse_count stores "
     "(it sets *out before anything else): explain_file is given at == false otherwise, "
     "and f.from = at ? from : 0 does not read it"),
    ("cli/explain.c", "0;\n    int err, rc = EXIT_TROUBLE;", "0", "1",
     "explain_file's n is assigned by its read loop's first test before anything reads it: "
     "f.full starts false (the memset), so input_read always runs once"),
    ("cli/explain.c", "0, n = 0;\n    struct args", "0", "1", WHY_HEX_ROOM),
    ("cli/explain.c", "1; i < argc; i++)\n        total", "1", "0", WHY_HEX_ROOM),
    ("cli/explain.c", "2;\n    /* calloc", "2", "1", WHY_HEX_ROOM),
    ("cli/explain.c", "1, 1);", "1", "2", WHY_HEX_ROOM),
    ("cli/explain.c", "1);\n    if (!bytes)", "1", "2", WHY_HEX_ROOM),
    ("cli/explain.c", " + 1, 1);", " + 1", "", WHY_CALLOC_ZERO),
    ("cli/explain.c", "1, 1);", "1", "0", WHY_CALLOC_ZERO),
    ("cli/input.c", "< cap) {\n        k = pread", "<", "<=",
     "input_pread at got == cap asks pread for 0 bytes, which reads nothing and returns 0 "
     "(POSIX: a count of 0 has no other effect), and the k == 0 test ends the loop with the "
     "same count"),
    ("oracle/api/install_dirs.c", "<= 0 || (size_t)n >= cap)", "<=", "<", WHY_EXE_NOT_EMPTY),
    ("oracle/api/install_dirs.c", "0 || (size_t)n >= cap)", "0", "1", WHY_EXE_NOT_EMPTY),
    ("oracle/api/install_dirs.c", "0] = '\\0';\n        return NULL;\n    }\n    dir_len", "0", "1",
     WHY_EXE_ABSOLUTE),
    ("oracle/api/install_dirs.c", "0) {\n        while (dir_len", "0", "1", WHY_EXE_ABSOLUTE),
    ("oracle/api/install_dirs.c", "0 && buf[dir_len - 1] != '/')", "0", "1", WHY_EXE_ABSOLUTE),
    ("cli/atomic_out.c", " - 1);\n        if (n < 0) {", " - 1", "", WHY_READLINK_ROOM),
    ("cli/atomic_out.c", "1);\n        if (n < 0) {", "1", "0", WHY_READLINK_ROOM),
    ("kernels/avx2.c", "3 && done + w < len", "3", "2", WHY_NT_BACKUP),
    ("kernels/avx2.c", "3 && done + w < len", "3", "4", WHY_NT_BACKUP),
    ("kernels/avx2.c", "< 3 && done + w < len", "<", "<=", WHY_NT_BACKUP),
    ("kernels/avx2.c", "0; k < 3 && done + w < len", "0", "1", WHY_NT_BACKUP),
    ("kernels/avx512.c", ">= VEC) {\n            lo = load(p + i);\n            if (_mm512_movepi8_mask(lo) == 0) {\n                _mm512_storeu_si512(out + o, _mm512_cvtepu8_epi32",
     ">=", ">", WHY_LAST_FULL_BLOCK),
    ("kernels/avx512.c", ">= VEC) {\n            lo = load(p + i);\n            if (_mm512_movepi8_mask(lo) == 0) {\n                _mm512_storeu_si512(out + o, _mm512_cvtepu8_epi16",
     ">=", ">", WHY_LAST_FULL_BLOCK),
    ("kernels/avx2.c", "0xC0) == 0x80; k++)", "0xC0", "0xC1", WHY_NT_BACKUP),
    ("kernels/avx2.c", "0xC0) == 0x80; k++)", "0xC0", "0xBF", WHY_NT_BACKUP),
    ("kernels/avx2.c", "== 0x80; k++)", "==", "!=", WHY_NT_BACKUP),
    ("cli/atomic_out.c", "< 0 || (size_t)w >= sizeof g_tmp_path", "<", "<=", WHY_TMP_NAME_LEN),
    ("cli/atomic_out.c", "< 0) {\n            free(cur);", "<", "<=", WHY_LINK_NOT_EMPTY),
    ("cli/atomic_out.c", "0) {\n            free(cur);", "0", "1", WHY_LINK_NOT_EMPTY),
    ("cli/atomic_out.c", "0);\n\n    umask(mask);", "0", "1",
     "creation_mode reads the umask by setting one and setting the old one back at once: no "
     "file is made in between, so which mask is set for that moment changes nothing"),
    ("cli/atomic_out.c", "1;\n    if (*path == '\\0')", "1", "2", WHY_FD_MARK),
    ("cli/atomic_out.c", "1;\n    if (*path == '\\0')", "1", "0", WHY_FD_MARK),
    ("cli/atomic_out.c", "1;\n        if (rc != 0 && errno != EINTR) {", "1", "2", WHY_FD_MARK),
    ("cli/atomic_out.c", "1;\n        if (rc != 0 && errno != EINTR) {", "1", "0", WHY_FD_MARK),
    ("cli/atomic_out.c", "1;\n    if (rc != 0 && errno != EINTR) {", "1", "2", WHY_FD_MARK),
    ("cli/atomic_out.c", "1;\n    if (rc != 0 && errno != EINTR) {", "1", "0", WHY_FD_MARK),
    ("cli/atomic_out.c", "1;\n    if (ao->tmp) {\n        unlink", "1", "2", WHY_FD_MARK),
    ("cli/atomic_out.c", "1;\n    if (ao->tmp) {\n        unlink", "1", "0", WHY_FD_MARK),
    ("cli/atomic_out.c", ">= 0) {\n        (void)fsync(fd);", ">=", ">", WHY_STD_FDS_TAKEN),
    ("cli/atomic_out.c", "0) {\n        (void)fsync(fd);", "0", "1", WHY_STD_FDS_TAKEN),
    ("cli/atomic_out.c", ">= 0)\n        close(ao->fd);", ">=", ">", WHY_STD_FDS_TAKEN),
    ("cli/atomic_out.c", "0)\n        close(ao->fd);", "0", "1", WHY_STD_FDS_TAKEN),
    ("cli/explain.c", "< DESCRIBE_WINDOW ? (size_t)n - before : DESCRIBE_WINDOW;", "<", "<=",
     "the smaller of (size_t)n - before and DESCRIBE_WINDOW: where they are equal both "
     "branches give the same value"),
    ("cli/atomic_out.c", "40\n\n/* For a symbolic link path", "40", "41",
     "dangling_target is called only after stat(path) answered ENOENT, which it does for a "
     "chain of at most 40 links (41 give ELOOP, test_robustness.py): the loop never meets a "
     "41st link, so a limit of 41 never acts either (it would only in a race with another "
     "process adding a link meanwhile)"),
    ("cli/atomic_out.c", "1;\n        next = malloc(m);", "1", "2",
     "m bytes are allocated and m given to snprintf, which writes the k + n bytes and the NUL "
     "whatever room is left: one byte more of room changes nothing written"),
    ("cli/atomic_out.c", "0 || (size_t)w >= sizeof g_tmp_path", "0", "1", WHY_TMP_NAME_LEN),
    ("cli/linepos.c", ">= lp->line_start ? 1 +", ">=", ">",
     "at off == line_start both branches give column 1 (1 + 0, and 1)"),
    ("cli/spool.c", "< s->len + n)\n            cap *= 2;", "<", "<=",
     "only the spool's capacity changes (doubled once more when it is exactly full): the loop "
     "still ends with cap >= len + n, and cap is only the size handed to realloc"),
    ("kernels/avx512.c", "0x80); /* a & b & c */", "0x80", "0x81", WHY_FALSE_ALARM),
    ("kernels/avx512.c", "0x80); /* a & b & c */", "0x80", "0x7F", WHY_FALSE_ALARM),
    ("oracle/audit/gen.c", "0])];\n    case 1:", "0", "1",
     WHY_ELEMENT_SIZE),
    ("oracle/audit/gen.c", "8];\n\n    switch (below(r, 7))", "8", "7", WHY_GEN_SEQ),
    ("oracle/audit/gen.c", "8];\n\n    switch (below(r, 7))", "8", "9", WHY_GEN_SEQ),
    ("oracle/audit/gen.c", "2);\n        for (k = 1 + below(r, 3)", "2", "3", WHY_GEN_ROOM),
    ("oracle/audit/gen.c", "2);\n        for (k = 1 + below(r, 3)", "2", "1", WHY_GEN_ROOM),
    ("oracle/audit/gen.c", "16 < cap; k--)", "16", "17", WHY_GEN_ROOM),
    ("oracle/audit/gen.c", "16 < cap; k--)", "16", "15", WHY_GEN_ROOM),
    ("oracle/audit/gen.c", "< cap; k--)", "<", "<=", WHY_GEN_ROOM),
    ("oracle/audit/gen.c", "2);\n        k = encode(0x80", "2", "3", WHY_GEN_ROOM),
    ("oracle/audit/gen.c", "2);\n        k = encode(0x80", "2", "1", WHY_GEN_ROOM),
    ("oracle/audit/gen.c", "2); /* at >= 13 */", "2", "1", WHY_GEN_ROOM),
    ("oracle/audit/gen.c", "4 <= cap)\n        len += encode", "4", "3", WHY_GEN_TEXT_ROOM),
    ("oracle/audit/gen.c", "0xA0)\n            seq[1] = 0x9F;", "0xA0", "0x9F", WHY_GEN_SAME_VALUE),
    ("oracle/audit/gen.c", "< cap / 2 ? c->len", "<", "<=", WHY_GEN_SAME_VALUE),
    ("oracle/audit/gen.c", "> cap)\n                more = cap - cut;", ">", ">=", WHY_GEN_SAME_VALUE),
    ("oracle/audit/gen.c", " - 1);\n                len--;", " - 1", "", WHY_GEN_DELETE),
    ("oracle/audit/gen.c", "1);\n                len--;", "1", "0", WHY_GEN_DELETE),
    ("oracle/audit/record_json_write.c", "65];\n\n        sha256_init(&c);", "65", "66",
     WHY_SHA_ROOM),
    ("oracle/audit/record_answers.c", "2 * ORACLE_ROOM(len) * sizeof *buf", "2", "3", WHY_OURS_ROOM),
    ("oracle/audit/record_answers.c", "65];\n        sha256_hex(", "65", "66", WHY_SHA_ROOM),
    ("oracle/audit/record_answers.c", "4 * ORACLE_ROOM(len) * sizeof *buf", "4", "5", WHY_OURS_ROOM),
    ("oracle/audit/record_answers.c", "0}; /* first: read only", "0", "1", WHY_FIRST_READ_LATE),
    ("oracle/audit/record_answers.c", "2 * ORACLE_ROOM(len),\n                             .repl",
     "2", "1", WHY_THEIRS_OVER_REPL),
    ("oracle/audit/replay_one.c", "65], cls[128]", "65", "66", WHY_SHA_ROOM),
    ("oracle/audit/record.c", "65], path[AUDIT_PATH_ROOM]", "65", "66", WHY_SHA_ROOM),
    ("oracle/audit/record.c", "128] = \"\", version[", "128", "129", WHY_CLS_ROOM),
    ("oracle/audit/record.c", "128] = \"\", version[", "128", "127", WHY_CLS_ROOM),
    ("oracle/audit/audit.h", "4 * (sizeof ((audit_decoder *)0)->name", "4", "5",
     WHY_NAME_SHOWN_ROOM),
    ("oracle/audit/audit.h", " - 1) + 1)", " - 1", "", WHY_NAME_SHOWN_ROOM),
    ("oracle/audit/audit.h", "1) + 1)", "1", "0", WHY_NAME_SHOWN_ROOM),
    ("oracle/audit/audit.h", "1)\n\n/* audit_tally", "1", "2", WHY_NAME_SHOWN_ROOM),
    ("oracle/audit/record.c", "32], cls[128]", "32", "33", WHY_DATE_ROOM),
    ("oracle/audit/record.c", "32], cls[128]", "32", "31", WHY_DATE_ROOM),
    ("oracle/audit/report_md.c", "1 };", "1", "2", WHY_ANY_CLASS),
    ("oracle/plugin/plugin_runner.h", "4200\n", "4200", "4201", WHY_ERR_ROOM),
    ("oracle/plugin/plugin_runner.h", "4200\n", "4200", "4199", WHY_ERR_ROOM),
    ("oracle/audit/record_internal.h", "4200\n", "4200", "4201", WHY_PATH_ROOM),
    ("oracle/audit/record_internal.h", "4200\n", "4200", "4199", WHY_PATH_ROOM),
    ("oracle/audit/decoders.c", "1, sizeof *x);", "1", "2", WHY_CALLOC_ONE),
    ("oracle/audit/decoders.c", " + 1, sizeof(audit_decoder *));\n    plug = calloc", " + 1", "", WHY_DECODER_LISTS),
    ("oracle/audit/decoders.c", "1, sizeof(audit_decoder *));\n    plug = calloc", "1", "2", WHY_DECODER_LISTS),
    ("oracle/audit/decoders.c", "1, sizeof(audit_decoder *));\n    plug = calloc", "1", "0", WHY_DECODER_LISTS),
    ("oracle/audit/decoders.c", " + 1, sizeof(audit_decoder *));\n    if (d == NULL", " + 1", "", WHY_DECODER_LISTS),
    ("oracle/audit/decoders.c", "1, sizeof(audit_decoder *));\n    if (d == NULL", "1", "2", WHY_DECODER_LISTS),
    ("oracle/audit/decoders.c", "1, sizeof(audit_decoder *));\n    if (d == NULL", "1", "0", WHY_DECODER_LISTS),
    ("oracle/audit/world_open.c", "1, sizeof *x);", "1", "2", WHY_CALLOC_ONE),
    ("oracle/audit/run.c", "1, sizeof *c);", "1", "2", WHY_CALLOC_ONE),
    ("oracle/plugin/plugin_runner.c", "1, sizeof *r);", "1", "2", WHY_CALLOC_ONE),
    ("oracle/audit/report_md.c", "< 0x20 ? ' '", "<", "<=", WHY_SPACE_ITSELF),
    ("oracle/audit/report_md.c", "0x20 ? ' '", "0x20", "0x21", WHY_SPACE_ITSELF),
    ("oracle/audit/replay_one.c", "0;\n    ssize_t n;", "0", "1", WHY_GETLINE_NULL),
    ("oracle/audit/record.c", "0;\n    bool ok;", "0", "1", WHY_GETLINE_NULL),
    ("oracle/audit/replay.c", "0;\n    uint8_t *buf", "0", "1", WHY_GETLINE_NULL),
    ("oracle/audit/replay.c", "128], recv[AUDIT_VERSION_ROOM]", "128", "129", WHY_REPLAY_ROOM),
    ("oracle/audit/replay.c", "128], recv[AUDIT_VERSION_ROOM]", "128", "127", WHY_REPLAY_ROOM),
    ("oracle/audit/replay.c", "65];\n    uint8_t *bin", "65", "66", WHY_REPLAY_ROOM),
    ("oracle/audit/replay.c", "1);\n    const char *hv, *he;", "1", "2", WHY_REPLAY_ROOM),
    ("oracle/audit/replay.c", "> rc)\n            rc = r;", ">", ">=", WHY_WORST_RESULT),
    ("oracle/audit/replay.c", "> worst)\n            worst = rc;", ">", ">=", WHY_WORST_RESULT),
    ("oracle/audit/record.c", "80], name[80];", "80", "81", WHY_MEMBER_ROOM),
    ("oracle/audit/record.c", "80], name[80];", "80", "79", WHY_MEMBER_ROOM),
    ("oracle/audit/record.c", "80];\n    char *line", "80", "81", WHY_MEMBER_ROOM),
    ("oracle/audit/record.c", "80];\n    char *line", "80", "79", WHY_MEMBER_ROOM),
    ("oracle/audit/replay_one.c", "128];\n    char ver[", "128", "129", WHY_CLS_ROOM),
    ("oracle/audit/replay_one.c", "128];\n    char ver[", "128", "127", WHY_CLS_ROOM),
    ("oracle/audit/replay_one.c", "0;\n        }\n    }\n    free(line);", "0", "1", WHY_GETLINE_NULL),
    ("oracle/audit/text.c", "< 0x80 ? 1 : p[i] < 0xE0", "<", "<=", WHY_NAME_ASCII),
    ("oracle/audit/text.c", "0x80 ? 1 : p[i] < 0xE0", "0x80", "0x81", WHY_NAME_ASCII),
    ("oracle/audit/text.c", "0x80 ? 1 : p[i] < 0xE0", "0x80", "0x7F", WHY_NAME_ASCII),
    ("oracle/audit/text.c", "1;\n}\n\nchar *audit_name_human", "1", "2", WHY_BAD_LEN_ONE),
    ("oracle/audit/text.c", "1;\n}\n\nchar *audit_name_human", "1", "0", WHY_BAD_LEN_ONE),
    ("kernels/avx2.c", "0x8080808080808080ull) != 0)", "0x8080808080808080ull",
     "0x8080808080808081ull", WHY_SHORT_ASCII),
    ("kernels/avx2.c", "0x80808080u) != 0)", "0x80808080u", "0x80808081u", WHY_SHORT_ASCII),
    ("kernels/avx2.c", " - 1);\n        prev2 = q >= 2", " - 1", "", WHY_SHORT16_PREV1),
    ("kernels/avx512.c", "0x78);\n}\n\n/* The previous byte of each byte of in", "0x78", "0x77",
     WHY_CHECK_ALWAYS_FAILS),
    ("kernels/neon.c", "16;\n}\n\n/* ascii_utf32 with UTF-16 output. */", "16", "15",
     WHY_NEON_ASCII_COUNT),
    ("kernels/sse42.c", "32) {\n        v = load(p + k);", "32", "33", WHY_ASCII_RUN_STOP),
    ("kernels/sse42.c", ">= 32) {\n        v = load(p + k);", ">=", ">", WHY_ASCII_RUN_STOP),
    ("kernels/word.c", "0x80);\n    }\n    return i;\n}\n\n/* Whether the ASCII word", "0x80", "0x7F",
     WHY_WORD_RUN_END),
    ("kernels/word.c", "0x80);\n    }\n    return i;\n}\n\n/* The loop of word_", "0x80", "0x7F",
     WHY_WORD_RUN_END),
    ("kernels/word.c", "0x80);\n    }\ndone:", "0x80", "0x7F", WHY_WORD_RUN_END),
    ("kernels/word.c", "0x80);\n    }\n    return i;\n}\n\n/* Whether the ASCII word", "0x80", "0x81",
     WHY_WORD_RUN_END),
    ("kernels/word.c", ">= " "0x80);\n    }\n    return i;\n}\n\n/* Whether the ASCII word", ">=", ">",
     WHY_WORD_RUN_END),
    ("kernels/word.c", "0x80);\n    }\n    return i;\n}\n\n/* The loop of word_", "0x80", "0x81",
     WHY_WORD_RUN_END),
    ("kernels/word.c", ">= " "0x80);\n    }\n    return i;\n}\n\n/* The loop of word_", ">=", ">",
     WHY_WORD_RUN_END),
    ("kernels/word.c", "0x80);\n    }\ndone:", "0x80", "0x81",
     WHY_WORD_RUN_END),
    ("kernels/word.c", ">= " "0x80);\n    }\ndone:", ">=", ">",
     WHY_WORD_RUN_END),
    ("kernels/avx2.c", "32) {\n        w = load(p + i);\n        if (_mm256_movemask_epi8(w) != 0)\n"
     "            return i;", "32", "31", WHY_SHORT_ASCII_STEP),
    ("kernels/avx512.c", "64)) & in_block;\n    m.ascii", "64", "63", WHY_VALID_NO_C0),
    ("kernels/avx512.c", "64));\n        } else {\n            lo = _mm512_maskz_loadu_epi8(first_bytes(left)",
     "64", "63", WHY_VALID_NO_C0),
    ("kernels/avx512.c", "64)) & first_bytes(left);", "64", "63", WHY_VALID_NO_C0),
    ("kernels/avx512.c", "64)) & in_block;\n        pos = _mm512_maskz_compress_epi8(lead | third",
     "64", "63", WHY_VALID_NO_C0),
    ("kernels/avx2.c", ">= 32; i += 32) {\n        w = load(p + i);\n        if (_mm256_movemask_epi8(w) "
     "!= 0)\n            return i;", ">=", ">", WHY_SHORT_ASCII_STEP),
    ("kernels/avx2.c", "16;\n    __m256i w;\n\n    _mm256_storeu_si256((__m256i *)(void *)out, "
     "_mm256_cvtepu8_epi32(v));", "16", "15", WHY_ASCII_RUN_START),
    ("kernels/avx2.c", "16;\n    __m256i w;\n\n    _mm256_storeu_si256((__m256i *)(void *)out, "
     "_mm256_cvtepu8_epi16(v));", "16", "15", WHY_ASCII_RUN_START),
    ("kernels/avx2.c", "32; i += 32) {\n        w = load(p + i);\n        if (_mm256_movemask_epi8(w) "
     "!= 0)\n            return i;", "32", "33", WHY_SHORT_ASCII_STEP),
    ("policy.c", "< 32; i += 8) {\n        memcpy(&w", "<", "<=", WHY_WEIGHT_PAST_ROW),
    ("policy.c", "0; i < 32; i += 8) {\n        memcpy(&w", "0", "1", WHY_WEIGHT_PAST_ROW),
    ("policy.c", "32; i += 8) {\n        memcpy(&w", "32", "33", WHY_WEIGHT_PAST_ROW),
    ("policy.c", "32; i += 8) {\n        memcpy(&w", "32", "31", WHY_WEIGHT_PAST_ROW),
    ("policy.c", "8) {\n        memcpy(&w", "8", "9", WHY_WEIGHT_PAST_ROW),
    ("policy.c", "8) {\n        memcpy(&w", "8", "7", WHY_WEIGHT_PAST_ROW),
    ("policy.c", "32\nstatic struct u8g_polset CACHE_SET", "32", "33", WHY_CACHE_SLOTS),
    ("policy.c", "32\nstatic struct u8g_polset CACHE_SET", "32", "31", WHY_CACHE_SLOTS),
    ("policy.c", "0}, {0, 0}, {0, 0}}}", "0", "1", WHY_GROUPS_END),
    ("policy.c", "0, 0}, {0, 0}}}", "0", "1", WHY_GROUPS_END),
    ("policy.c", "0}, {0, 0}}}", "0", "1", WHY_GROUPS_END),
    ("policy.c", "0, 0}}}", "0", "1", WHY_GROUPS_END),
    ("policy.c", "0}}}", "0", "1", WHY_GROUPS_END),
    ("policy.c", "< 4 && (k == 0 || r[k].lo != 0)", "<", "<=", WHY_CLASS_STARTS),
    ("policy.c", "4 && (k == 0 || r[k].lo != 0)", "4", "5", WHY_CLASS_STARTS),
    ("policy.c", "4 && (k == 0 || r[k].lo != 0)", "4", "3", WHY_CLASS_STARTS),
    ("policy.c", "0xF3}},                                           /* tag */", "0xF3", "0xF4",
     WHY_TAG_STARTS_WIDER),
    ("policy.c", "0xF3, 0xF3}},                                           /* tag */", "0xF3",
     "0xF2", WHY_TAG_STARTS_WIDER),
    ("kernels/error_scan.h", "0 ||\n               (r->out != NULL", "0", "1", WHY_RUN_STOP),
    ("kernels/error_scan.h", "== 0 ||\n               (r->out != NULL", "==", "!=", WHY_RUN_STOP),
    ("policy.c", "4)) & 0x0F0F0F0F0F0F0F0Fu;", "4", "5", WHY_MERGE_WEIGHT),
    ("policy.c", "4)) & 0x0F0F0F0F0F0F0F0Fu;", "4", "3", WHY_MERGE_WEIGHT),
    ("policy.c", "0x0F0F0F0F0F0F0F0Fu;\n        n +=", "0x0F0F0F0F0F0F0F0Fu",
     "0xF0F0F0F0F0F0F10u", WHY_MERGE_WEIGHT),
    ("policy.c", "0x0F0F0F0F0F0F0F0Fu;\n        n +=", "0x0F0F0F0F0F0F0F0Fu",
     "0xF0F0F0F0F0F0F0Eu", WHY_MERGE_WEIGHT),
    ("policy.c", "0]);\n                m--;", "0", "1",
     WHY_ELEMENT_SIZE),
    ("internal.h", "0xC0 || p[e - 2] >= 0xE0", "0xC0", "0xBF", WHY_POLSET_CARRY),
    ("internal.h", "0xE0 || p[e - 3] >= 0xF0;", "0xE0", "0xDF", WHY_POLSET_CARRY),
    ("internal.h", "0xE0 || p[e - 3] >= 0xF0;", "0xE0", "0xE1", WHY_POLSET_CARRY),
    ("internal.h", "0xF0;\n}\n\n/* The tables of the vector", "0xF0", "0xEF", WHY_POLSET_CARRY),
    ("internal.h", "0x100u - b : 0xFFu - b);", "0x100u", "0x101u", WHY_CTL_SLACK),
    ("internal.h", "0xFFu - b);", "0xFFu", "0x100u", WHY_CTL_SLACK),
    ("internal.h", "0xFFu - b);", "0xFFu", "0xFEu", WHY_CTL_SLACK),
    ("internal.h", "0x18 : 0x08; /* c0 denies", "0x18", "0x19", WHY_CTL_SLACK),
    ("internal.h", "0x18 : 0x08; /* c0 denies", "0x18", "0x17", WHY_CTL_SLACK),
    ("internal.h", "0x08; /* c0 denies all", "0x08", "0x09", WHY_CTL_SLACK),
    ("internal.h", "0x08; /* c0 denies all", "0x08", "0x07", WHY_CTL_SLACK),
    ("internal.h", "16]; /* by a byte's low nibble */", "16", "17", WHY_CTL_SLACK),
    ("internal.h", "< sizeof c.add; b++)", "<", "<=", WHY_CTL_SLACK),
    ("kernels/avx512.c", "== FIRST_STARTS)\n        return pol_starts", "==", "!=", WHY_POL_MODE),
    ("kernels/avx512.c", ">= 8 * VEC) {", ">=", ">", WHY_ASCII_RUN_BOUNDS),
    ("kernels/avx512.c", "8 * VEC) {", "8", "9", WHY_ASCII_RUN_BOUNDS),
    ("kernels/avx512.c", "8 * VEC) {", "8", "7", WHY_ASCII_RUN_BOUNDS),
    ("kernels/avx512.c", ">= 4 * VEC && ascii_run4", ">=", ">", WHY_ASCII_RUN_BOUNDS),
    ("kernels/avx512.c", "4 * VEC && ascii_run4", "4", "5", WHY_ASCII_RUN_BOUNDS),
    ("internal.h", "2][16], l_hi[2][16];", "2", "3", WHY_POLSET_ROOM),
    ("internal.h", "16], l_hi[2][16];", "16", "17", WHY_POLSET_ROOM),
    ("internal.h", "2][16];\n    uint8_t s_lo", "2", "3", WHY_POLSET_ROOM),
    ("internal.h", "16];\n    uint8_t s_lo", "16", "17", WHY_POLSET_ROOM),
    ("internal.h", "2][16], s_hi[2][16];", "2", "3", WHY_POLSET_ROOM),
    ("internal.h", "16], s_hi[2][16];", "16", "17", WHY_POLSET_ROOM),
    ("internal.h", "2][16];\n    uint8_t t_lo", "2", "3", WHY_POLSET_ROOM),
    ("internal.h", "16];\n    uint8_t t_lo", "16", "17", WHY_POLSET_ROOM),
    ("internal.h", "2][16], t_hi[2][16];", "2", "3", WHY_POLSET_ROOM),
    ("internal.h", "16], t_hi[2][16];", "16", "17", WHY_POLSET_ROOM),
    ("internal.h", "2][16];\n    uint8_t sets;", "2", "3", WHY_POLSET_ROOM),
    ("internal.h", "16];\n    uint8_t sets;", "16", "17", WHY_POLSET_ROOM),
    ("internal.h", "16], f_hi[16], f4[64];", "16", "17", WHY_POLSET_ROOM),
    ("internal.h", "16], f4[64];", "16", "17", WHY_POLSET_ROOM),
    ("internal.h", "128], l7[128], s7[128], t6[64];", "128", "129", WHY_POLSET_ROOM),
    ("internal.h", "128], s7[128], t6[64];", "128", "129", WHY_POLSET_ROOM),
    ("internal.h", "128], t6[64];", "128", "129", WHY_POLSET_ROOM),
    ("internal.h", "64];\n    uint8_t multi;", "64", "65", WHY_POLSET_ROOM),
    ("kernels/avx512.c", "< 0x80 || (b >= 0xC2 && b <= 0xF4);", "<", "<=", WHY_CAN_START),
    ("kernels/avx512.c", "0x80 || (b >= 0xC2 && b <= 0xF4);", "0x80", "0x81", WHY_CAN_START),
    ("kernels/avx512.c", "0xC2 && b <= 0xF4);", "0xC2", "0xC1", WHY_CAN_START),
    ("kernels/avx512.c", "0xF4);\n}", "0xF4", "0xF5", WHY_CAN_START),
    ("kernels/avx512.c", "&& b <= 0xF4);", "&&", "||", WHY_CAN_START),
    # cnt = k < 16 ? k : 16 (decode32_valid, decode16_valid): 16 lanes at most.
    ("kernels/avx512.c", "< 16 ? k : 16;", "<", "<=", WHY_CLAMP_AT_EQUAL),
    ("kernels/avx512.c", "16 ? k : 16;", "16", "17", WHY_CLAMP_AT_EQUAL),
    ("kernels/short_x86.h", "< 16) {\n        if (short_ascii15", "<", "<=", WHY_SHORT_SPLIT),
    ("kernels/short_x86.h", "16) {\n        if (short_ascii15", "16", "17", WHY_SHORT_SPLIT),
    ("policy.c", "== 0;\n            if (same >= 2)", "==", "!=", WHY_MERGE_EXACT),
    ("policy.c", "3; k++)\n                same +=", "3", "2", WHY_MERGE_EXACT),
    ("policy.c", "0, k = 0; k < 3; k++)\n                same +=", "0", "1", WHY_MERGE_EXACT),
    ("policy.c", "0; k < 3; k++)\n                same +=", "0", "1", WHY_MERGE_EXACT),
    ("policy.c", "32) == 0;\n            if (same >= 2)", "32", "31", WHY_MERGE_EXACT),
    ("policy.c", "0;\n            if (same >= 2)", "0", "1", WHY_MERGE_EXACT),
    ("policy.c", ">= 2) {\n                bunion(&b[i]", ">=", ">", WHY_MERGE_EXACT),
    ("policy.c", "2) {\n                bunion(&b[i]", "2", "3", WHY_MERGE_EXACT),
    ("policy.c", "2) {\n                bunion(&b[i]", "2", "1", WHY_MERGE_EXACT),
    ("policy.c", "0)\n            continue;\n        for (b = 0; b < 16; b++)", "0", "1",
     WHY_NPAIR_SLOTS),
    ("internal.h", "3 * 64 + 4)", "3", "4", WHY_RUN_ROOM),
    ("internal.h", "64 + 4)", "64", "65", WHY_RUN_ROOM),
    ("internal.h", "4)\n\n/* Inputs of up to U8G_SHORT_MAX", "4", "5", WHY_RUN_ROOM),
    ("internal.h", "64];\n    /* The pair test", "64", "65", WHY_POLSET_ROOM),
    ("oracle/audit/world_open.c", "2;\n    }\n    *d = grown;", "2", "3", WHY_WORLD_OOM),
    ("oracle/audit/world_open.c", "2;\n    }\n    *d = grown;", "2", "1", WHY_WORLD_OOM),
    ("oracle/audit/world_open.c", "2;\n        }\n        (*d)[(*k)++] = x;", "2", "3",
     WHY_WORLD_OOM),
    ("oracle/audit/world_open.c", "2;\n        }\n        (*d)[(*k)++] = x;", "2", "1",
     WHY_WORLD_OOM),
    ("oracle/audit/world_open.c", "0;\n    char dir[4096];\n    int rc;", "0", "1", WHY_LIST_COUNT),
    ("oracle/audit/world_open.c", "&& b[i]->close)", "&&", "||", WHY_LIST_CLOSE),
    ("oracle/audit/world_open.c", "0] == '\\0' && e[i].strict_plugin", "0", "1", WHY_LIST_MISSING),
    ("oracle/audit/world_open.c", "512];\n            plugin_runner *r", "512", "511", WHY_LIST_ERR),
    ("oracle/audit/world_open.c", "512];\n            plugin_runner *r", "512", "513", WHY_LIST_ERR),
    ("oracle/audit/world_open.c", "0] ? e[i].missing : NULL", "0", "1", WHY_LIST_MISSING),
    ("oracle/audit/world_open.c", "0] != '\\0') {\n            missing++", "0", "1",
     WHY_LIST_MISSING),
    ("oracle/audit/world_open.c", "0, missing = 0;", "0", "1", WHY_LIST_COUNT),
    ("oracle/audit/world_open.c", "0 && strncmp(s, dir, dl)", "0", "1", WHY_UNEXPAND_ROOT),
    ("oracle/audit/world_open.c", "7);\n            o += 7;", "7", "8", WHY_UNEXPAND_NUL),
    ("oracle/audit/world_open.c", "512];\n\n    if (x == NULL)", "512", "513", WHY_WORLD_ERR),
    ("oracle/audit/world_open.c", "512];\n\n    if (x == NULL)", "512", "511", WHY_WORLD_ERR),
    ("oracle/audit/world_open.c", "16);\n            memcpy(err", "16", "17", WHY_WORLD_ERR),
    ("oracle/audit/world_open.c", "1] = '\\0';\n        }\n    }\n    if (x->plugin", "1", "2",
     WHY_WORLD_ERR),
    ("oracle/audit/world_open.c", "1) * sizeof *grown", "1", "2", WHY_GROWN_SLACK),
    ("oracle/audit/world.c", ">= 0) {\n        char *f[WORLD_FIELDS]", ">=", ">",
     "getline returns -1 at the end or on an error, else the number of bytes it read, which is "
     "at least 1 (a line holds at least its newline or one byte before the end): never 0"),
    ("oracle/audit/world.c", "0) {\n        char *f[WORLD_FIELDS]", "0", "1",
     "getline returns -1 at the end or on an error, else at least 1 (see the claim above): "
     ">= 1 and >= 0 stop at the same line"),
    ("oracle/plugins/proof_decoder.c", "0xF8)\n                j = i;", "0xF8", "0xF7",
     "the HANG build's loop starts at j = i, where in[i] is the lead b0 >= 0xF8 that the "
     "enclosing test let in, and j never moves: in[j] >= 0xF7 holds as in[j] >= 0xF8 does, "
     "so both hang on the same inputs (0xF9 is not equivalent: F8 would not hang)"),
    ("oracle/audit/eval.c", "> 2 ? k - 2 : 0;\n    to = k + 4;", ">", ">=", WHY_WINDOW_FROM),
    ("oracle/audit/eval.c", "2 ? k - 2 : 0;\n    to = k + 4;", "2", "1", WHY_WINDOW_FROM),
    ("oracle/audit/eval.c", "2 ? n - 1 : 2;\n                removed = true;", "2", "3",
     "shrink_ddmin's n is always >= 2 there (it starts at 2, a removal keeps it >= 2 and a "
     "refinement sets it to min(2n, len) with len > n); n > 3 ? n - 1 : 2 differs from "
     "n > 2 ? n - 1 : 2 only at n == 3, where both give 2. The other mutants of the line "
     "are killed by audit_engine_shrink (tests/audit/test_engine.c)"),
    ("cli/explain.c", "0);\n    if (f.failed)", "0", "1", WHY_EXPLAIN_NO_OUT),
    ("cli/check.c", "0) == SIZE_MAX) {", "0", "1", WHY_EXPLAIN_NO_OUT),
    ("cli/check.c", "0);\n    flush_queue(r, true);", "0", "1", WHY_EXPLAIN_NO_OUT),
    ("cli/check.c", "< 0)\n            diag(\"%s: read error", "<", "<=", WHY_READ_OR_WRITE),
    ("cli/check.c", "0)\n            diag(\"%s: read error", "0", "1", WHY_READ_OR_WRITE),
    ("cli/check.c", "> all->worst)", ">", ">=",
     "note keeps the worst status: at rc == worst, worst = rc assigns the value it has"),
    ("cli/check.c", "2 * cap : 32;", "2", "3", WHY_WALK_ROOM),
    ("cli/check.c", "32;\n            grown = realloc(names", "32", "33", WHY_WALK_ROOM),
    ("cli/check.c", "32;\n            grown = realloc(names", "32", "31", WHY_WALK_ROOM),
    ("cli/check.c", "2;\n        child = malloc(size);", "2", "3", WHY_WALK_ROOM),
    ("cli/check.c", "<= 0)\n        return n;\n    r->chunk = buf;", "<=", "<",
     "next_chunk at end of file (n == 0) going on: extend_queue with an empty chunk adds no "
     "byte, and its flush_queue finds no full error to print (every extend prints the full "
     "errors at the queue's head, and a later error is never fuller than an earlier one: "
     "WHY_QUEUE_ROOM); the caller then stops on n <= 0 as before"),
    ("cli/check.c", "8\n\nstruct check_opts", "8", "9", WHY_QUEUE_ROOM),
    ("cli/check.c", "8\n\nstruct check_opts", "8", "7", WHY_QUEUE_ROOM),
    ("cli/check.c", "< r->nq; i++) {\n        e = &r->q[i];", "<", "<=", WHY_QUEUE_ROOM),
    ("cli/check.c", "3 * DESCRIBE_WINDOW]; /* the whole window", "3", "4", WHY_EXACT_ROOM),
    ("cli/check.c", "< e->n ? e->length : e->n;", "<", "<=",
     "the smaller of e->length and e->n: where they are equal both branches give it"),
    ("cli/check.c", "16384];", "16384", "16385", WHY_REREAD),
    ("cli/check.c", "16384];", "16384", "16383", WHY_REREAD),
    ("cli/check.c", "< r->base) {\n        k = input_pread", "<", "<=", WHY_REREAD),
    ("cli/check.c", "< sizeof b ? (size_t)(r->base - at) : sizeof b", "<", "<=", WHY_REREAD),
    ("cli/check.c", ">= r->o->max_errors ? NULL : on_error;", ">=", ">", WHY_LAZY_LINES),
    ("cli/check.c", ">= 0;\n    u8guard_stream_init_with", ">=", ">", WHY_LAZY_LINES),
    ("cli/check.c", "0;\n    u8guard_stream_init_with", "0", "1", WHY_LAZY_LINES),
    ("cli/check.c", "1;\n    r->lazy_lines", "1", "2", WHY_LAZY_LINES),
    ("cli/check.c", "< cap ? r->len : cap;", "<", "<=",
     "update_tail: the smaller of r->len and the tail's size; equal, both branches give it"),
    ("cli/check.c", "< r->tail_len ? cap - fresh : r->tail_len;", "<", "<=",
     "update_tail: the smaller of the room left and the old tail's length; equal, both "
     "branches give it"),
    ("cli/check.c", "0;\n    r->listed = 0;", "0", "1",
     "check_file's r->tail_len = 0 for each file: a tail byte is read only for an error "
     "byte at offset p < base, as tail[tail_len - (base - p)] with base - p <= tail_len; "
     "p >= 0, so only the tail's last base bytes are ever read, and those are this file's "
     "(update_tail appends each chunk): a stale length of 1 reaches only a byte before "
     "offset 0, which no error has"),
    ("cli/explain.c", "0);\n        linepos_scan", "0", "1", WHY_EXPLAIN_NO_OUT),
    ("cli/args.c", "0; /* the messages are ours */", "0", "1", WHY_OPTERR_COLON),
    ("cli/linepos.c", "<= lp->scanned)\n        return;", "<=", "<", WHY_LINEPOS_EMPTY),
    ("cli/linepos.c", "1;\n}", "1", "2", WHY_LINEPOS_BEFORE),
    ("cli/linepos.c", "1;\n}", "1", "0", WHY_LINEPOS_BEFORE),
    ("cli/policy.c", "< sizeof bidi / sizeof *bidi; i++)", "<", "<=", WHY_BIDI_FOUND),
    ("cli/writer.c", "== 0 && !S_ISSOCK(st.st_mode);", "==", "!=", WHY_NOSOCK),
    ("cli/writer.c", "0 && !S_ISSOCK(st.st_mode);", "0", "1", WHY_NOSOCK),
    ("cli/writer.c", "&& !S_ISSOCK(st.st_mode);", "&&", "||", WHY_NOSOCK),
    ("cli/writer.c", "> WRITER_BUF - w->len) {", ">", ">=", WHY_WRITER_FLUSH),
    ("cli/writer.c", ">= WRITER_BUF) { /* big blocks", ">=", ">", WHY_WRITER_FLUSH),
    ("cli/spool.c", "> s->cap) {", ">", ">=", WHY_SPOOL_GROWTH),
    ("cli/spool.c", "4096;\n        while (cap", "4096", "4097", WHY_SPOOL_GROWTH),
    ("cli/spool.c", "4096;\n        while (cap", "4096", "4095", WHY_SPOOL_GROWTH),
    ("cli/spool.c", "2;\n        m = realloc", "2", "3", WHY_SPOOL_GROWTH),
    ("cli/spool.c", "65536];", "65536", "65537", WHY_SPOOL_GROWTH),
    ("cli/spool.c", "65536];", "65536", "65535", WHY_SPOOL_GROWTH),
    ("cli/spool.c", "0;\n    s->tmp = tmpfile();", "0", "1", WHY_ERRNO_CLEARED),
    ("cli/spool.c", "0;\n        if (fwrite(p, 1, n, s->tmp) != n) {", "0", "1", WHY_ERRNO_CLEARED),
    ("cli/spool.c", "0;\n    if (fflush(s->tmp) != 0 ||", "0", "1", WHY_ERRNO_CLEARED),
    ("cli/input.c", ">= 3 ? base - 3 : 0;", ">=", ">", WHY_FULL_OFFSET_LP64),
    ("cli/input.c", "3 ? base - 3 : 0;", "3", "4", WHY_FULL_OFFSET_LP64),
    ("cli/input.c", "3 ? base - 3 : 0;", "3", "2", WHY_FULL_OFFSET_LP64),
    ("cli/input.c", "3 : 0;\n", "3", "4", WHY_FULL_OFFSET_LP64),
    ("cli/input.c", "3 : 0;\n", "3", "2", WHY_FULL_OFFSET_LP64),
    ("cli/input.c", "0;\n\n    return lo +", "0", "1", WHY_FULL_OFFSET_LP64),
    ("cli/audit.c", "1; i < argc && strcmp(argv[i], \"--\")", "1", "0", WHY_AUDIT_ARGV0),
    ("cli/check.c", "< 4096) {\n            cap = cap ?", "<", "<=", WHY_NAMES_ROOM),
    ("cli/check.c", "4096) {\n            cap = cap ?", "4096", "4097", WHY_NAMES_ROOM),
    ("cli/check.c", "4096) {\n            cap = cap ?", "4096", "4095", WHY_NAMES_ROOM),
    ("cli/check.c", "2 * cap : 65536;", "2", "3", WHY_NAMES_ROOM),
    ("cli/check.c", "0;\n    uint64_t index = 0;", "0", "1", WHY_NAMES_ROOM),
    ("cli/check.c", "65536;\n            grown", "65536", "65537", WHY_NAMES_ROOM),
    ("cli/check.c", "65536;\n            grown", "65536", "65535", WHY_NAMES_ROOM),
    ("cli/check.c", "1);\n            if (!grown)", "1", "2", WHY_NAMES_ROOM),
    ("cli/check.c", "1);\n            if (!grown)", "1", "0", WHY_NAMES_ROOM),
    ("cli/check.c", " + 1);\n            if (!grown)", " + 1", "", WHY_NAMES_ROOM),
    ("cli/describe.c", "0xE0 ? 2 : b < 0xF0 ? 3 : b", "0xE0", "0xDF", WHY_LAX_LEADS),
    ("cli/describe.c", "> n)\n        length = n;", ">", ">=", WHY_CLAMP_AT_EQUAL),
    ("cli/describe.c", "< l->need ? n : l->need;", "<", "<=", WHY_CLAMP_AT_EQUAL),
    ("cli/describe.c", "0xF0000)\n        return \"private use\";", "0xF0000", "0xEFFFF",
     WHY_CLASS_ORDER),
    ("cli/describe.c", "6) == 0;\n}", "6", "5", WHY_PLANE_PREFIX),
    ("cli/describe.c", "25\n", "25", "26", WHY_EXACT_ROOM),
    ("oracle/audit/corpus.c", "2 + 1;\n    hex_result", "2", "1", WHY_CORPUS_ROOM),
    ("oracle/audit/corpus.c", " + 1;\n    hex_result", " + 1", "", WHY_CORPUS_ROOM),
    ("oracle/audit/corpus.c", "1;\n    hex_result", "1", "2", WHY_CORPUS_ROOM),
    ("oracle/audit/corpus.c", "1;\n    hex_result", "1", "0", WHY_CORPUS_ROOM),
    ("oracle/audit/corpus.c", "0 && isspace((unsigned char)p[l - 1]))", "0", "1", WHY_TRIM_FIRST),
    ("oracle/adapters/divergence.c", "3 * len + 1)", "3", "4", WHY_DIVERGENCE_ROOM),
    ("oracle/adapters/divergence.c", " + 1) * sizeof *want", " + 1", "", WHY_DIVERGENCE_ROOM),
    ("oracle/adapters/divergence.c", "1) * sizeof *want", "1", "2", WHY_DIVERGENCE_ROOM),
    ("oracle/adapters/divergence.c", "1) * sizeof *want", "1", "0", WHY_DIVERGENCE_ROOM),
    ("oracle/adapters/iconv_utf32.c", "4096];", "4096", "4097", WHY_ICONV_DRAIN),
    ("oracle/adapters/iconv_utf32.c", "4096];", "4096", "4095", WHY_ICONV_DRAIN),
    ("oracle/adapters/iconv_wchar.c", "1024];", "1024", "1025", WHY_ICONV_DRAIN),
    ("oracle/adapters/iconv_wchar.c", "1024];", "1024", "1023", WHY_ICONV_DRAIN),
    ("oracle/adapters/iconv_utf32.c", "4 <= n;", "4", "3", WHY_UTF32_WHOLE),
    ("oracle/adapters/glib.c", "> (size_t)G_MAXSSIZE", ">", ">=", WHY_HUGE_INPUT),
    ("oracle/adapters/icu_ucnv.c", "1;\n    for (size_t i = 0; i < n; i++) {\n        /* a byte",
     "1", "2", WHY_ICU_OPENS),
    ("oracle/adapters/icu_ucnv.c", "1;\n    for (size_t i = 0; i < n; i++) {\n        /* a byte",
     "1", "0", WHY_ICU_OPENS),
    ("oracle/adapters/libunistring.c", "0xE0 ? 2", "0xE0", "0xDF", WHY_UNISTRING_LEAD_EDGES),
    ("oracle/adapters/libunistring.c", "0xF0 ? 3", "0xF0", "0xEF", WHY_UNISTRING_LEAD_EDGES),
    ("oracle/oracle.h", " + 1)\n\n/* What one decoder said", " + 1", "", WHY_ROOM_PLUS_ONE),
    ("oracle/oracle.h", "1)\n\n/* What one decoder said", "1", "2", WHY_ROOM_PLUS_ONE),
    ("oracle/oracle.h", "1)\n\n/* What one decoder said", "1", "0", WHY_ROOM_PLUS_ONE),
    ("oracle/adapters/mbrtowc.c", "0)\n        return -1;\n    for", "0", "1", WHY_USELOCALE),
    ("oracle/adapters/mbrtowc.c", "1;\n    for (size_t i = 0; i < n; i++)\n        run_one",
     "1", "2", WHY_USELOCALE),
    ("oracle/adapters/mbrtowc.c", "1;\n    for (size_t i = 0; i < n; i++)\n        run_one",
     "1", "0", WHY_USELOCALE),
    ("oracle/adapters/icu_ucnv.c", "32];", "32", "33", WHY_ICU_INVALID_CHARS),
    ("oracle/adapters/icu_ucnv.c", "32];", "32", "31", WHY_ICU_INVALID_CHARS),
    ("oracle/adapters/icu_ucnv.c", "|| (size_t)n_bad > consumed", "||", "&&",
     WHY_ICU_INVALID_CHARS),
    ("oracle/adapters/iconv_wchar.c", "4)\n        return \"wchar_t is narrower", "4", "3",
     WHY_WCHAR_WIDTH),
    ("oracle/adapters/mbrtowc.c", "4)\n        return \"wchar_t is narrower", "4", "3",
     WHY_WCHAR_WIDTH),
    ("oracle/adapters/icu_u8next.c", "> (size_t)INT32_MAX", ">", ">=", WHY_HUGE_INPUT),
    ("oracle/adapters/utf8proc.c", "> (size_t)PTRDIFF_MAX", ">", ">=", WHY_HUGE_INPUT),
    ("oracle/adapters/iconv_utf32.c", "24;", "24", "25", WHY_UTF32_WHOLE),
    ("oracle/adapters/iconv_utf32.c", "24;", "24", "23", WHY_UTF32_WHOLE),
    ("oracle/adapters/iconv_utf32.c", "1)\n        iconv_close(cd);", "1", "2", WHY_ICONV_CLOSE),
    ("oracle/adapters/iconv_utf32.c", "1)\n        iconv_close(cd);", "1", "0", WHY_ICONV_CLOSE),
    ("oracle/adapters/iconv_wchar.c", "1)\n        iconv_close(cd);", "1", "2", WHY_ICONV_CLOSE),
    ("oracle/adapters/iconv_wchar.c", "1)\n        iconv_close(cd);", "1", "0", WHY_ICONV_CLOSE),
    ("cli/describe.h", "6\n", "6", "7", WHY_DESCRIBE_WINDOW),
    ("cli/writer.h", "65536\n", "65536", "65537", WHY_WRITER_SIZE),
    ("cli/writer.h", "65536\n", "65536", "65535", WHY_WRITER_SIZE),
    ("cli/describe.h", "192]; /* one sentence", "192", "191", WHY_TEXT_ROOM),
    ("cli/describe.h", "192]; /* one sentence", "192", "193", WHY_TEXT_ROOM),
    ("cli/describe.h", "192];  /* what a lax", "192", "191", WHY_TEXT_ROOM),
    ("cli/describe.h", "192];  /* what a lax", "192", "193", WHY_TEXT_ROOM),
    ("cli/audit_program.c", "1)\n        return 2;", "1", "0", WHY_ARGC_ZERO),
    ("cli/audit_program.c", "2;\n    argv[0]", "2", "3", WHY_ARGC_ZERO),
    ("cli/audit_program.c", "2;\n    argv[0]", "2", "1", WHY_ARGC_ZERO),
    ("cli/describe.c", "3 * DESCRIBE_WINDOW];\n    size_t span", "3", "4", WHY_EXACT_ROOM),
    ("cli/describe.c", "4];\n    size_t n;\n\n    if (is_surrogate", "4", "5", WHY_EXACT_ROOM),
    ("cli/describe.c", "6 && w[3] == 0xED", "6", "5", WHY_PAIR_ROOM),
    ("cli/describe.c", "3, &low);", "3", "2", WHY_PAIR_ROOM),
    ("cli/describe.c", "0xF0 ? 3 : b < 0xF8", "0xF0", "0xEF", WHY_LAX_LEADS),
    ("cli/main.c", "|| ferror(stdout)) {", "||", "&&", WHY_STDIO_STDOUT),
    ("oracle/audit/main.c", "&& !ferror(stdout))", "&&", "||", WHY_FLUSH_AFTER_ERROR),
    ("oracle/audit/main.c", "0;\n    int rc = audit_parse_options", "0", "1", WHY_SET_ON_SUCCESS),
    ("oracle/audit/report.c", "0, sizeof *e);\n    e->data = malloc", "0", "1", WHY_EXAMPLE_ZEROED),
    ("oracle/audit/report.c", " + 1);\n    if (e->data == NULL)\n        return NULL;", " + 1", "",
     WHY_MALLOC_EMPTY_EXAMPLE),
    ("oracle/audit/report.c", "1);\n    if (e->data == NULL)\n        return NULL;", "1", "0",
     WHY_MALLOC_EMPTY_EXAMPLE),
    ("oracle/audit/report.c", "1);\n    if (e->data == NULL)\n        return NULL;", "1", "2",
     WHY_MALLOC_EMPTY_EXAMPLE),
    ("oracle/audit/report.c", "200];\n    int wname = 7;", "200", "201", WHY_TABLE_HEX_ROOM),
    ("oracle/audit/report.c", "1, sizeof *nm);", "1", "0", WHY_CALLOC_AT_LEAST_ONE),
    ("oracle/audit/report.c", "1, sizeof *nm);", "1", "2", WHY_CALLOC_AT_LEAST_ONE),
    ("oracle/audit/report.c", "> wname)\n            wname = width", ">", ">=", WHY_WIDEST),
    ("oracle/audit/report.c", "> w)\n            w = l;", ">", ">=", WHY_WIDEST),
    ("oracle/audit/eval.c", "> maxlen)\n            maxlen = in[i].len;", ">", ">=", WHY_WIDEST),
    ("oracle/audit/eval.c", "0, maxlen = 0, at = 0;", "0", "1", WHY_BATCH_ROOM),
    ("oracle/audit/eval.c", "0, at = 0;\n    oracle_verdict", "0", "1", WHY_BATCH_ROOM),
    ("oracle/audit/eval.c", "0;\n    oracle_verdict *v = calloc", "0", "1", WHY_BATCH_ROOM),
    ("oracle/audit/eval.c", "2 * ORACLE_ROOM(in[i].len);\n        if (in[i].len > maxlen)", "2", "3",
     WHY_BATCH_ROOM),
    ("oracle/audit/eval.c", "2 * ORACLE_ROOM(maxlen)) * sizeof *buf);", "2", "3", WHY_BATCH_ROOM),
    ("oracle/audit/eval.c", "1, sizeof *v), ours;", "1", "2", WHY_BATCH_NOT_EMPTY),
    ("oracle/audit/eval.c", "1, sizeof *v), ours;", "1", "0", WHY_BATCH_NOT_EMPTY),
    ("oracle/audit/eval.c", "1, sizeof *f);", "1", "2", WHY_BATCH_NOT_EMPTY),
    ("oracle/audit/eval.c", "1, sizeof *f);", "1", "0", WHY_BATCH_NOT_EMPTY),
    ("oracle/audit/eval.c", "0, sizeof *r);\n    r->fault = f;", "0", "1", WHY_RESULT_SET_AFTER),
    ("oracle/audit/eval.c", "&& !spent(s)) {\n        size_t chunk", "&&", "||", WHY_DDMIN_SPENT),
    ("oracle/audit/eval.c", "< *len ? start + chunk : *len;", "<", "<=", WHY_CLAMP_AT_EQUAL),
    ("oracle/audit/eval.c", "2 < *len ? n * 2 : *len;", "2", "1", WHY_DDMIN_FINEST),
    ("oracle/audit/eval.c", " + 1), false};", " + 1", "", WHY_SHRINK_CAND_ROOM),
    ("oracle/audit/eval.c", "1), false};", "1", "0", WHY_SHRINK_CAND_ROOM),
    ("oracle/audit/eval.c", "1), false};", "1", "2", WHY_SHRINK_CAND_ROOM),
    ("oracle/audit/eval.c", "< *len ? n * 2 : *len;", "<", "<=", WHY_CLAMP_AT_EQUAL),
    ("oracle/audit/eval.c", "0, sizeof rv);\n    rv.cps = v->repl;", "0", "1", WHY_RESULT_SET_AFTER),
    ("oracle/audit/eval.c", "0, sizeof ours);\n        ours.cps = scratch;", "0", "1",
     WHY_RESULT_SET_AFTER),
    ("oracle/audit/eval.c", "< 4 ? v->n_cps : 4;", "<", "<=", WHY_CLAMP_AT_EQUAL),
    ("oracle/plugin/sandbox.c", "<= 0 ? 1024 :", "<=", "<", WHY_PAGE_SIZE),
    ("oracle/plugin/sandbox.c", "300];", "300", "301", WHY_PROC_PATH),
    ("oracle/plugin/sandbox.c", "0)\n        while (waitpid(g,", "0", "1", WHY_SUPERVISOR_CHILD),
    ("oracle/plugin/sandbox.c", "> 0)\n        while (waitpid(g,", ">", ">=", WHY_SUPERVISOR_CHILD),
    ("oracle/plugin/sandbox.c", "0)\n        (void)!write(status_fd", "0", "1", WHY_SUPERVISOR_CHILD),
    ("oracle/plugin/sandbox.c", "> 0)\n        (void)!write(status_fd", ">", ">=",
     WHY_SUPERVISOR_CHILD),
    ("oracle/plugin/sandbox.c", "< 0 && errno == EINTR)\n            ;\n    if (g > 0)", "<",
     "<=", WHY_WAITPID_PID),
    ("oracle/plugin/sandbox.c", "0 && errno == EINTR)\n            ;\n    if (g > 0)", "0",
     "1", WHY_WAITPID_PID),
    ("oracle/plugin/sandbox.c", "0);\n}\n\npid_t sandbox_spawn", "0", "1", WHY_SUPERVISOR_EXIT),
    ("oracle/plugin/sandbox.c", "< 0 && errno == EINTR)\n        ;\n    /* Killed first", "<", "<=",
     WHY_WAITPID_PID),
    ("oracle/plugin/sandbox.c", "0 && errno == EINTR)\n        ;\n    /* Killed first", "0", "1",
     WHY_WAITPID_PID),
    ("oracle/plugin/sandbox.c", "< 0 && errno == EINTR)\n        ;\n    return st;", "<", "<=",
     WHY_WAITPID_PID),
    ("oracle/plugin/sandbox.c", "0 && errno == EINTR)\n        ;\n    return st;", "0", "1",
     WHY_WAITPID_PID),
    ("oracle/plugin/sandbox.c", "0);\n}\n\nint sandbox_reap", "0", "1", WHY_STATUS_AFTER_REAP),
    ("oracle/plugin/sandbox.c", "0)\n        return st;\n    kill_all", "0", "1", WHY_NO_CHILD_ONE),
    ("oracle/plugin/sandbox.c", "0)\n        return -1;\n    kill_all", "0", "1", WHY_NO_CHILD_ONE),
    ("oracle/adapters/subprocess.c", "4];\n    pid_t pid;", "4", "3", WHY_HELLO_ASAN),
    ("oracle/adapters/subprocess.c", "< 0 && errno == EINTR)\n        ;\n    sp->pid = 0;\n}", "<", "<=",
     WHY_WAITPID_PID),
    ("oracle/adapters/subprocess.c", "0 && errno == EINTR)\n        ;\n    sp->pid = 0;\n}", "0", "1",
     WHY_WAITPID_PID),
    ("oracle/adapters/subprocess.c",
     "< 0 && errno == EINTR)\n        ;\n    sp->pid = 0;\n    if (WIFEXITED", "<", "<=",
     WHY_WAITPID_PID),
    ("oracle/adapters/subprocess.c",
     "0 && errno == EINTR)\n        ;\n    sp->pid = 0;\n    if (WIFEXITED", "0", "1",
     WHY_WAITPID_PID),
    ("oracle/adapters/subprocess.c", "< 0)\n        _exit(126);", "<", "<=", WHY_DUP2_RESULT),
    ("oracle/adapters/subprocess.c", "0)\n        _exit(126);", "0", "1", WHY_DUP2_RESULT),
    ("oracle/adapters/subprocess.c", "126);", "126", "127", WHY_EXEC_CHILD_DUP2),
    ("oracle/adapters/subprocess.c", "126);", "126", "125", WHY_EXEC_CHILD_DUP2),
    ("oracle/adapters/subprocess.c", "3];\n        argv[0]", "3", "4", WHY_ARGV_ROOM),
    ("oracle/adapters/subprocess.c", "256];\n\n    if ((size_t)snprintf(rel", "256", "257",
     WHY_SCRIPT_PATH_ROOM),
    ("oracle/adapters/subprocess.c", "256];\n\n    if ((size_t)snprintf(rel", "256", "255",
     WHY_SCRIPT_PATH_ROOM),
    ("oracle/adapters/subprocess.c", "< sizeof rel &&", "<", "<=", WHY_SCRIPT_PATH_ROOM),
    ("oracle/adapters/subprocess.c", ">= cap)\n        return \"subprocess script name too long\";",
     ">=", ">", WHY_SCRIPT_PATH_ROOM),
    ("oracle/adapters/subprocess.c", "4096];\n    const char *why;", "4096", "4097",
     WHY_SCRIPT_PATH_ROOM),
    ("oracle/adapters/subprocess.c", "4096];\n    const char *why;", "4096", "4095",
     WHY_SCRIPT_PATH_ROOM),
    ("oracle/adapters/subprocess.c", "2], rep[2], status", "2", "3", WHY_PIPE_PAIR),
    ("oracle/adapters/subprocess.c", "2], status = 0;", "2", "3", WHY_PIPE_PAIR),
    ("oracle/adapters/subprocess.c", "0;\n    char hello[4];", "0", "1", WHY_START_STATUS),
    ("oracle/adapters/subprocess.c", "4];\n    pid_t pid;\n\n    if (sp->pid", "4", "5",
     WHY_HELLO_ROOM),
    ("oracle/adapters/subprocess.c", "0)\n        return NULL;\n    if ((why = find_script", "0", "1",
     WHY_NO_CHILD_ONE),
    ("oracle/adapters/subprocess.c", "0, req) != 0)", "0", "1", WHY_UNIX_PROTOCOL),
    ("oracle/adapters/subprocess.c", "< n; i++)\n        dst[i] = get_u32", "<", "<=", WHY_READ_CPS_SPARE),
    ("oracle/adapters/subprocess.c", "> max)\n            max = in[i].len;", ">", ">=", WHY_WIDEST),
    ("oracle/adapters/subprocess.c", "0, pos;", "0", "1", WHY_SUBPROC_ROOM),
    ("oracle/adapters/subprocess.c", "4 * (max + 1));", "4", "5", WHY_SUBPROC_ROOM),
    ("oracle/adapters/subprocess.c", "1));\n    if (!req || !scratch)", "1", "2", WHY_SUBPROC_ROOM),
    ("oracle/adapters/subprocess.c", "1));\n    if (!req || !scratch)", "1", "0", WHY_SUBPROC_ROOM),
    ("oracle/adapters/subprocess.c", " + 1));\n    if (!req || !scratch)", " + 1", "", WHY_SUBPROC_ROOM),
    ("oracle/adapters/subprocess.c", "> UINT32_MAX)\n        goto failed;", ">", ">=",
     WHY_SUBPROC_BATCH_COUNT),
    ("oracle/plugin/plugin_runner.c", "1;\n    r->status_fd = -1;\n    r->line_len = 0;\n    return st;",
     "1", "2", WHY_RUNNER_NO_PID),
    ("oracle/plugin/plugin_runner.c", "1;\n    r->line_len = 0;\n    return st;", "1", "2",
     WHY_RUNNER_NO_PID),
    ("oracle/plugin/sandbox.c", "32];\n\n    switch (sig)", "32", "33", WHY_SIGNAL_NAME_ROOM),
    ("oracle/plugin/sandbox.c", "32];\n\n    switch (sig)", "32", "31", WHY_SIGNAL_NAME_ROOM),
    ("oracle/plugin/sandbox.c", "127);\n    }\n    for (size_t i = 0; i < n_keep", "127", "128",
     WHY_CHILD_NEVER_RETURNS),
    ("oracle/plugin/sandbox.c", "127);\n    }\n    for (size_t i = 0; i < n_keep", "127", "126",
     WHY_CHILD_NEVER_RETURNS),
    ("oracle/plugin/sandbox.c", "1;\n    int sp[2];", "1", "2", WHY_SPAWN_PID_INIT),
    ("oracle/plugin/sandbox.c", "1;\n    int sp[2];", "1", "0", WHY_SPAWN_PID_INIT),
    ("oracle/plugin/sandbox.c", "2];\n\n    if (own_mb == 0)", "2", "3", WHY_PIPE_PAIR),
    ("oracle/plugin/sandbox.c", ">= 0 && isolation == 0)", ">=", ">", WHY_ISOLATION_CACHE),
    ("oracle/plugin/sandbox.c", "0 && isolation == 0)", "0", "1", WHY_ISOLATION_CACHE),
    ("oracle/plugin/sandbox.c", "== 0)\n                isolation = mode;", "==", "!=",
     WHY_ISOLATION_CACHE),
    ("oracle/plugin/sandbox.c", "0)\n                isolation = mode;", "0", "1",
     WHY_ISOLATION_CACHE),
    ("oracle/plugin/sandbox.c", "&& isolation == 0)", "&&", "||", WHY_ISOLATION_CACHE),
    ("oracle/plugin/sandbox.c", "0) {\n            (void)close(sp[0]);", "0", "1", WHY_PARENT_PID),
    ("oracle/plugin/sandbox.c", "3 + (int)n_keep + 16;", "3", "2", WHY_PARK_TOP),
    ("oracle/plugin/sandbox.c", "16;\n        long maxfd", "16", "15", WHY_PARK_TOP),
    ("oracle/plugin/sandbox.c", ">= 0)\n                (void)dup2", ">=", ">", WHY_MOVED),
    ("oracle/plugin/sandbox.c", "0)\n                (void)dup2", "0", "1", WHY_MOVED),
    ("oracle/plugin/sandbox.c", "9];\n        int top", "9", "10", WHY_MOVED),
    ("oracle/plugin/sandbox.c", "< 0 || maxfd > 65536)", "<", "<=", WHY_CLOSE_RANGE),
    ("oracle/plugin/sandbox.c", "0 || maxfd > 65536)", "0", "1", WHY_CLOSE_RANGE),
    ("oracle/plugin/sandbox.c", "|| maxfd > 65536)", "||", "&&", WHY_CLOSE_RANGE),
    ("oracle/plugin/sandbox.c", "> 65536)\n", ">", ">=", WHY_CLOSE_RANGE),
    ("oracle/plugin/sandbox.c", "65536)\n            maxfd", "65536", "65537", WHY_CLOSE_RANGE),
    ("oracle/plugin/sandbox.c", "65536)\n            maxfd", "65536", "65535", WHY_CLOSE_RANGE),
    ("oracle/plugin/sandbox.c", "65536;\n#ifdef", "65536", "65537", WHY_CLOSE_RANGE),
    ("oracle/plugin/sandbox.c", "65536;\n#ifdef", "65536", "65535", WHY_CLOSE_RANGE),
    ("oracle/plugin/sandbox.c", "0u, 0) == 0)", "0u", "1u", WHY_CLOSE_RANGE),
    ("oracle/plugin/sandbox.c", "0) == 0)\n            maxfd = 0;", "0", "1", WHY_CLOSE_RANGE),
    ("oracle/plugin/sandbox.c", "== 0)\n            maxfd = 0;", "==", "!=", WHY_CLOSE_RANGE),
    ("oracle/plugin/sandbox.c", "0)\n            maxfd = 0;", "0", "1", WHY_CLOSE_RANGE),
    ("oracle/plugin/sandbox.c", "0;\n#endif\n        for (int fd", "0", "1", WHY_CLOSE_RANGE),
    ("oracle/plugin/sandbox.c", "4 + (int)n_keep; fd < maxfd", "4", "5", WHY_CLOSE_RANGE),
    ("oracle/plugin/sandbox.c", "4 + (int)n_keep; fd < maxfd", "4", "3", WHY_CLOSE_RANGE),
    ("oracle/plugin/sandbox.c", "< maxfd; fd++)", "<", "<=", WHY_CLOSE_RANGE),
    ("oracle/plugin/sandbox.c", "127);\n}\n\n/* Kills pid", "127", "128", WHY_CHILD_NEVER_RETURNS),
    ("oracle/plugin/sandbox.c", "127);\n}\n\n/* Kills pid", "127", "126", WHY_CHILD_NEVER_RETURNS),
    ("oracle/plugin/sandbox.c", "0 && sandbox_as_note() == NULL) {", "0", "1", WHY_AS_ALLOWANCE),
    ("oracle/plugin/sandbox.c", "300];", "300", "299", WHY_PROC_PATH),
    ("oracle/plugin/sandbox.c", "0 ? 1024 :", "0", "1", WHY_PAGE_SIZE),
    ("oracle/audit/eval.c", "4 ? v->n_cps : 4;", "4", "5", WHY_CLAMP_AT_EQUAL),
    ("oracle/audit/eval.c", "< 6 ? n : 6;", "<", "<=", WHY_CLAMP_AT_EQUAL),
    ("oracle/audit/eval.c", "6 ? n : 6;", "6", "7", WHY_CLAMP_AT_EQUAL),
    ("oracle/audit/world.c", "1;\n    }\n    while ((got = getline", "1", "2", WHY_WORLD_LOAD_SIGN),
    ("oracle/audit/world.c", "1;\n}\n\nvoid audit_world_free", "1", "2", WHY_WORLD_LOAD_SIGN),
    ("oracle/audit/world.c", "2 * room : 32)", "2", "3", WHY_WORLD_ROOM),
    ("oracle/audit/world.c", "32) * sizeof *e);", "32", "33", WHY_WORLD_ROOM),
    ("oracle/audit/world.c", "32) * sizeof *e);", "32", "31", WHY_WORLD_ROOM),
    ("oracle/audit/world.c", " + 1 >= cap || memchr", " + 1", "", WHY_FIRST_LINE_FULL),
    ("oracle/audit/world.c", "1 >= cap || memchr", "1", "0", WHY_FIRST_LINE_FULL),
    ("oracle/audit/world.c", ">= cap || memchr", ">=", ">", WHY_FIRST_LINE_FULL),
    ("oracle/audit/world.c", "20000);\n        ssize_t got;", "20000", "20001", WHY_PROBE_CLOCK),
    ("oracle/audit/world.c", "20000);\n        ssize_t got;", "20000", "19999", WHY_PROBE_CLOCK),
    ("oracle/audit/world.c", "<= 0 || used + 1 >= cap", "<=", "<", WHY_PROBE_CLOCK),
    ("oracle/audit/world.c", "0 || used + 1 >= cap", "0", "1", WHY_PROBE_CLOCK),
    ("oracle/audit/world.c", "2];\n    pid_t pid;\n    size_t used", "2", "3", WHY_PIPE_PAIR),
    ("oracle/audit/world.c", "0 && errno == EINTR)\n        continue; /* a signal must not leave",
     "0", "1", WHY_WAITPID_PID),
    ("oracle/audit/world.c", "< 0 && errno == EINTR)\n        continue; /* a signal must not leave",
     "<", "<=", WHY_WAITPID_PID),
    ("oracle/audit/world.c", "1, o = 0;\n    char *out;", "1", "2", WHY_EXPAND_ROOM),
    ("oracle/audit/world.c", "< n; i++)\n        if (mark_at(s, n, i))", "<", "<=", WHY_MARK_AT_END),
    ("oracle/audit/world.c", "0;\n    ssize_t got;", "0", "1", WHY_GETLINE_FRESH),
    ("oracle/audit/world.c", "127);\n        execl", "127", "128", WHY_CHILD_STATUS),
    ("oracle/audit/world.c", "127);\n        execl", "127", "126", WHY_CHILD_STATUS),
    ("oracle/audit/world.c", "127);\n    }\n    (void)setpgid(pid", "127", "128", WHY_CHILD_STATUS),
    ("oracle/audit/world.c", "127);\n    }\n    (void)setpgid(pid", "127", "126", WHY_CHILD_STATUS),
    ("oracle/audit/world.c", "4096];\n\n    if (path == NULL)", "4096", "4097", WHY_PATH_MAX),
    ("oracle/audit/report.c", "64\n\n/* Writes the cell", "64", "65", WHY_CELL_ROOM),
    ("oracle/audit/report.c", "64\n\n/* Writes the cell", "64", "63", WHY_CELL_ROOM),
    ("oracle/audit/run.c", "32\n/* Room for one generated", "32", "33", WHY_BATCH_SIZE),
    ("oracle/audit/run.c", "32\n/* Room for one generated", "32", "31", WHY_BATCH_SIZE),
    ("oracle/audit/run.c", "0 && monotonic_s() > deadline)", "0", "1", WHY_DEADLINE_CLOCK),
    ("oracle/plugin/plugin_runner.c", "127);\n}\n\n/* ---- the parent", "127", "128",
     WHY_NO_SHELL),
    ("oracle/plugin/plugin_runner.c", "127);\n}\n\n/* ---- the parent", "127", "126",
     WHY_NO_SHELL),
    ("oracle/plugin/plugin_runner.c", "< 0 ? 0 : left", "<", "<=", WHY_PAST_LIMIT),
    ("oracle/plugin/plugin_runner.c", "0 ? 0 : left", "0", "1", WHY_PAST_LIMIT),
    ("oracle/plugin/plugin_runner.c", "0 : left > 1000000", "0", "1", WHY_PAST_LOOK),
    ("oracle/plugin/plugin_runner.c", "0;\n}\n\n/* Returns true when fd", "0", "1",
     WHY_POLL_ERROR),
    ("oracle/plugin/plugin_runner.c", "> 1000000 ? 1000000", ">", ">=", WHY_POLL_CAP),
    ("oracle/plugin/plugin_runner.c", "1000000 ? 1000000", "1000000", "1000001", WHY_POLL_CAP),
    ("oracle/plugin/plugin_runner.c", "1000000 ? 1000000", "1000000", "999999", WHY_POLL_CAP),
    ("oracle/plugin/plugin_runner.c", "1000000 : left", "1000000", "1000001", WHY_POLL_CAP),
    ("oracle/plugin/plugin_runner.c", "1000000 : left", "1000000", "999999", WHY_POLL_CAP),
    ("oracle/plugin/plugin_runner.c", "1;\n        p += 7;", "1", "2", WHY_EXEC_REJECT_RC),
    ("oracle/plugin/plugin_runner.c", "3), o += 3;", "3", "4", WHY_QUOTED_NUL),
    ("oracle/plugin/plugin_runner.c", "< EXEC_START_MS ? EXEC_START_MS", "<", "<=",
     WHY_CLAMP_AT_EQUAL),
    ("oracle/plugin/plugin_runner.c", "0, len);", "0", "1", WHY_NO_ANSWER_EOF),
    ("oracle/plugin/plugin_runner.c", "64\n#define HELLO_SIZE", "64", "65", WHY_HELLO_LAYOUT),
    ("oracle/plugin/plugin_runner.c", "3;\n    buf[o] = '\\0';", "3", "4", WHY_QUOTED_ASAN),
    ("oracle/plugin/plugin_runner.c", "2 * len + 2), shown[64];", "2", "1", WHY_REQUEST_ASAN),
    ("oracle/plugin/plugin_runner.c", "< len; i++) {\n        req[2 * i]", "<", "<=",
     WHY_REQUEST_ASAN),
    ("oracle/plugin/plugin_runner.c", "128];", "128", "127", WHY_VERSION_ROOM),
    ("oracle/plugin/plugin_runner.c", "128];", "128", "129", WHY_VERSION_ROOM),
    ("oracle/plugin/plugin_runner.c", "200];\n    int timeout_ms;", "200", "199",
     WHY_DETAIL_ROOM),
    ("oracle/plugin/plugin_runner.c", "200];\n    int timeout_ms;", "200", "201",
     WHY_DETAIL_ROOM),
    ("oracle/plugin/plugin_runner.c", "|| *out == NULL)", "||", "&&", WHY_CHILD_SETUP_FAIL),
    ("oracle/plugin/plugin_runner.c", "3);\n    if (len > 0)\n        memcpy", "3", "2",
     WHY_CHILD_SETUP_FAIL),
    ("oracle/plugin/plugin_runner.c", "3);\n    if (len > 0)\n        memcpy", "3", "4",
     WHY_CHILD_SETUP_FAIL),
    ("oracle/plugin/plugin_runner.c", "3);\n    child_rec->in_ptr", "3", "2", WHY_CHILD_SETUP_FAIL),
    ("oracle/plugin/plugin_runner.c", "3);\n    child_rec->in_ptr", "3", "4", WHY_CHILD_SETUP_FAIL),
    ("oracle/plugin/plugin_runner.c", "0;\n    return rc;\n}", "0", "1", WHY_IN_CALL_AFTER),
    ("oracle/plugin/plugin_runner.c", "127);\n    (void)close(3);", "127", "126", WHY_CHILD_SETUP_FAIL),
    ("oracle/plugin/plugin_runner.c", "127);\n    (void)close(3);", "127", "128", WHY_CHILD_SETUP_FAIL),
    ("oracle/plugin/plugin_runner.c", "127);\n}\n\n/* ---- the parent", "127", "126",
     WHY_CHILD_SETUP_FAIL),
    ("oracle/plugin/plugin_runner.c", "127);\n}\n\n/* ---- the parent", "127", "128",
     WHY_CHILD_SETUP_FAIL),
    ("oracle/plugin/plugin_runner.c", "1, 0);\n    if (m == MAP_FAILED)", "1", "0", WHY_ANON_FD),
    ("oracle/plugin/plugin_runner.c", "1, 0);\n    if (m == MAP_FAILED)", "1", "2", WHY_ANON_FD),
    ("oracle/plugin/plugin_runner.c", "> 0 && mprotect(m + GUARD", ">", ">=", WHY_BODY_PAGES),
    ("oracle/plugin/plugin_runner.c", "0 && mprotect(m + GUARD", "0", "1", WHY_BODY_PAGES),
    ("oracle/plugin/plugin_runner.c", " - 1) / page * page", " - 1", "", WHY_BODY_SLACK),
    ("oracle/plugin/plugin_runner.c", "1) / page * page", "1", "0", WHY_BODY_SLACK),
    ("oracle/plugin/plugin_runner.c", "&& ctx != NULL)", "&&", "||", WHY_ACCESS_SEGV_ONLY),
    ("oracle/plugin/plugin_runner.c", "2)\n                                ? ACCESS_WRITE", "2", "3",
     WHY_PF_PRESENT_BIT),
    ("oracle/plugin/plugin_runner.c", "0, sizeof dfl);", "0", "1", WHY_SIGACTION_FILL),
    ("oracle/plugin/plugin_runner.c", "0, sizeof sa);", "0", "1", WHY_SIGACTION_FILL),
    ("oracle/plugin/plugin_runner.c", "64 * 1024];", "64", "63", WHY_ALTSTACK_ROOM),
    ("oracle/plugin/plugin_runner.c", "64 * 1024];", "64", "65", WHY_ALTSTACK_ROOM),
    ("oracle/plugin/plugin_runner.c", "1024];\n    stack_t", "1024", "1023", WHY_ALTSTACK_ROOM),
    ("oracle/plugin/plugin_runner.c", "1024];\n    stack_t", "1024", "1025", WHY_ALTSTACK_ROOM),
    ("oracle/plugin/plugin_runner.c", "0;\n    (void)sigaltstack", "0", "1", WHY_SS_ONSTACK),
    ("oracle/plugin/plugin_runner.c", "0]; i++)\n        (void)sigaction", "0", "1",
     WHY_ELEMENT_SIZE),
    ("oracle/plugin/plugin_runner.c", "1;\n    *n_out = 0;", "1", "2", WHY_IN_CALL_TRUTH),
    ("oracle/plugin/plugin_runner.c", "0;\n    rc = decode(", "0", "1", WHY_ERRNO_RESET),
    ("oracle/plugin/plugin_runner.c", "|| hello[0] == 'E')", "||", "&&", WHY_HELLO_E_EXIT),
    ("oracle/plugin/plugin_runner.c", "0);\n}\n\n/* The plugin child", "0", "1", WHY_HELLO_E_EXIT),
    ("oracle/plugin/plugin_runner.c", "> ((size_t)1 << 30)", ">", ">=", WHY_REQUEST_CAP),
    ("oracle/plugin/plugin_runner.c", "1 << 30))\n            _exit", "1", "2", WHY_REQUEST_CAP),
    ("oracle/plugin/plugin_runner.c", "30))\n            _exit", "30", "29", WHY_REQUEST_CAP),
    ("oracle/plugin/plugin_runner.c", "30))\n            _exit", "30", "31", WHY_REQUEST_CAP),
    ("oracle/plugin/plugin_runner.c", "|| rq.len >", "||", "&&", WHY_REQUEST_CAP),
    ("oracle/plugin/plugin_runner.c", "0);\n        len = (size_t)rq.len;", "0", "1",
     WHY_CHILD_EXIT_UNSEEN),
    ("oracle/plugin/plugin_runner.c", "0);\n        /* Twice:", "0", "1", WHY_CHILD_EXIT_UNSEEN),
    ("oracle/plugin/plugin_runner.c", "0);\n        if (n_out <= len", "0", "1",
     WHY_CHILD_EXIT_UNSEEN),
    ("oracle/plugin/plugin_runner.c", "0);\n        munmap(in_base", "0", "1", WHY_CHILD_EXIT_UNSEEN),
    ("oracle/plugin/plugin_runner.c", " + 1);\n        if (data == NULL", " + 1", "", WHY_MALLOC_ZERO),
    ("oracle/plugin/plugin_runner.c", "1);\n        if (data == NULL", "1", "0", WHY_MALLOC_ZERO),
    ("oracle/plugin/plugin_runner.c", "1);\n        if (data == NULL", "1", "2", WHY_MALLOC_ZERO),
    ("oracle/plugin/plugin_runner.c", "> 0 && !read_all(fd, data", ">", ">=", WHY_ZERO_BYTES),
    ("oracle/plugin/plugin_runner.c", "> 0 &&\n            0 != write_all", ">", ">=", WHY_ZERO_BYTES),
    ("oracle/plugin/plugin_runner.c", "0;\n        rp.n_out", "0", "1", WHY_REPLY_PAD),
    ("oracle/plugin/plugin_runner.c", "> 0 && 0 != write_all(r->fd, data", ">", ">=",
     WHY_ZERO_BYTES),
    ("oracle/plugin/plugin_runner.c", "> 0 &&\n        (got = read_deadline", ">", ">=",
     WHY_ZERO_BYTES),
    ("oracle/plugin/plugin_runner.c", "<= 0)\n            return false;\n        p += r;", "<=", "<",
     WHY_CHILD_READ_EOF),
    ("oracle/plugin/plugin_runner.c", "< 0 && errno == EINTR)\n            continue;\n        if (r <= 0)\n            return false;\n        p += r;",
     "<", "<=", WHY_CHILD_READ_EOF),
    ("oracle/plugin/plugin_runner.c", "0 && errno == EINTR)\n            continue;\n        if (r <= 0)\n            return false;\n        p += r;",
     "0", "1", WHY_CHILD_READ_EOF),
    ("oracle/plugin/plugin_runner.c", "&& errno == EINTR)\n            continue;\n        if (r <= 0)\n            return false;\n        p += r;",
     "&&", "||", WHY_CHILD_READ_EOF),
    ("oracle/plugin/plugin_runner.c", "< 0 || line == NULL", "<", "<=", WHY_DUP2_RESULT),
    ("oracle/plugin/plugin_runner.c", "0 || line == NULL", "0", "1", WHY_DUP2_RESULT),
    ("oracle/plugin/plugin_runner.c", "256];\n        if (!start_child", "256", "257",
     WHY_RESTART_ERR_ROOM),
    ("oracle/plugin/plugin_runner.c", "256];\n        if (!start_child", "256", "255",
     WHY_RESTART_ERR_ROOM),
    ("oracle/plugin/plugin_runner.c", "10000\n", "10000", "10001", WHY_EXEC_START_CLOCK),
    ("oracle/plugin/plugin_runner.c", "10000\n", "10000", "9999", WHY_EXEC_START_CLOCK),
    ("oracle/plugin/plugin_runner.c", "1);\n        got = read_line(r, 200", "1", "2",
     WHY_OUT_OF_TURN_READ),
    ("oracle/plugin/plugin_runner.c", "1);\n        got = read_line(r, 200", "1", "0",
     WHY_OUT_OF_TURN_READ),
    ("oracle/plugin/plugin_runner.c", "200, &due);\n        free(req);", "200", "201",
     WHY_OUT_OF_TURN_READ),
    ("oracle/plugin/plugin_runner.c", "200, &due);\n        free(req);", "200", "199",
     WHY_OUT_OF_TURN_READ),
    ("oracle/plugin/plugin_runner.c", "0;\n    uint64_t off = 0;", "0", "1", WHY_EXEC_ANSWER_INIT),
    ("oracle/plugin/plugin_runner.c", "0;\n    const char *bad;", "0", "1", WHY_EXEC_ANSWER_INIT),
    ("oracle/plugin/plugin_runner.c", "2 * len + 2), shown", "2", "3", WHY_EXEC_REQ_ROOM),
    ("oracle/plugin/plugin_runner.c", "2), shown", "2", "3", WHY_EXEC_REQ_ROOM),
    ("oracle/plugin/plugin_runner.c", "< 4096) {", "<", "<=", WHY_LINE_GROWTH),
    ("oracle/plugin/plugin_runner.c", "4096) {", "4096", "4097", WHY_LINE_GROWTH),
    ("oracle/plugin/plugin_runner.c", "4096) {", "4096", "4095", WHY_LINE_GROWTH),
    ("oracle/plugin/plugin_runner.c", "2 + 8192;", "2", "3", WHY_LINE_GROWTH),
    ("oracle/plugin/plugin_runner.c", "2 + 8192;", "2", "1", WHY_LINE_GROWTH),
    ("oracle/plugin/plugin_runner.c", "8192;\n            char *p = realloc", "8192", "8193",
     WHY_LINE_GROWTH),
    ("oracle/plugin/plugin_runner.c", "8192;\n            char *p = realloc", "8192", "8191",
     WHY_LINE_GROWTH),
    ("oracle/plugin/plugin_runner.c", " - 1);\n        if (got <= 0)", " - 1", "", WHY_LINE_SPARE),
    ("oracle/plugin/plugin_runner.c", "1);\n        if (got <= 0)", "1", "2", WHY_LINE_SPARE),
    ("oracle/plugin/plugin_runner.c", "1);\n        if (got <= 0)", "1", "0", WHY_LINE_SPARE),
    ("oracle/plugin/plugin_runner.c", "1000000000u + (uint64_t)now", "1000000000u", "1000000001u",
     WHY_NONCE_START),
    ("oracle/plugin/plugin_runner.c", "1000000000u + (uint64_t)now", "1000000000u", "999999999u",
     WHY_NONCE_START),
    ("oracle/plugin/plugin_runner.c", "0x9E3779B97F4A7C15ull", "0x9E3779B97F4A7C15ull",
     "0x9E3779B97F4A7C16ull", WHY_NONCE_START),
    ("oracle/plugin/plugin_runner.c", "0x9E3779B97F4A7C15ull", "0x9E3779B97F4A7C15ull",
     "0x9E3779B97F4A7C14ull", WHY_NONCE_START),
    ("oracle/audit/run.c", "> deadline)\n                    break;", ">", ">=",
     WHY_DEADLINE_INSTANT),
    ("oracle/audit/run.c", "< deadline) {", "<", "<=", WHY_DEADLINE_INSTANT),
    ("oracle/audit/eval.c", "0 && monotonic_s() > s->d->deadline)", "0", "1", WHY_DEADLINE_CLOCK),
    ("oracle/audit/eval.c", "> s->d->deadline)", ">", ">=", WHY_DEADLINE_INSTANT),
    ("oracle/audit/run.c", "128];\n\n    if (!audit_tally", "128", "129", WHY_FOUND_BY_ROOM),
    ("oracle/audit/run.c", "128];\n\n    if (!audit_tally", "128", "127", WHY_FOUND_BY_ROOM),
    ("oracle/audit/main.c", "0 || o.world) && sandbox_as_note()", "0", "1", WHY_ASAN_NOTE),
    ("oracle/audit/main.c", "|| o.world) && sandbox_as_note()", "||", "&&", WHY_ASAN_NOTE),
    ("oracle/audit/main.c", "> 0 || o.world) && sandbox_as_note()", ">", ">=", WHY_ASAN_NOTE),
    ("cli/main.c", "!= EINTR && errno != EBADF", "!=", "==", WHY_CLOSE_DEFERRED),
    ("cli/args.c", ">= 1 && optind - 1 < a->argc", ">=", ">", WHY_TYPED_GUARD),
    ("cli/args.c", "1 && optind - 1 < a->argc", "1", "0", WHY_TYPED_GUARD),
    ("cli/args.c", "< a->argc ? a->argv[optind - 1]", "<", "<=", WHY_TYPED_GUARD),
    ("cli/args.h", "1,     /* no argument left */", "1", "0", WHY_ARGS_CODES),
    ("cli/args.h", "2,    /* a usage mistake", "2", "3", WHY_ARGS_CODES),
    ("cli/sanitize.c", "== 0 &&\n                u8guard_stream_error_count(&s)", "==", "!=",
     WHY_CLEAN_FAST_PATH),
    ("cli/sanitize.c", "0 &&\n                u8guard_stream_error_count(&s)", "0", "1",
     WHY_CLEAN_FAST_PATH),
    ("cli/sanitize.c", "0) == 0 &&\n", "0", "1", WHY_CLEAN_FAST_PATH),
    ("cli/sanitize.c", "< 0)\n        return writer_put(k->w, p, n);", "<", "<=", WHY_SINK_FD),
    ("cli/sanitize.c", "1, false, NULL};", "1", "2", WHY_SINK_FD),
    ("cli/sanitize.c", "== 0 && !S_ISSOCK(st.st_mode),", "==", "!=", WHY_NOSOCK),
    ("cli/sanitize.c", "0 && !S_ISSOCK(st.st_mode),", "0", "1", WHY_NOSOCK),
    ("cli/sanitize.c", "&& !S_ISSOCK(st.st_mode),", "&&", "||", WHY_NOSOCK),
    ("cli/sanitize.c", "!= EXIT_TROUBLE) {\n        diag(\"%s: %s\", in.name", "!=", "==",
     WHY_INPUT_CLOSE),
    ("cli/sanitize.c", "0)\n        return writer_put(k->w, p, n);", "0", "1", WHY_SINK_FD),
    ("cli/args.h", "256 << 10)", "256", "257", WHY_DEFAULT_BUFFER),
    ("cli/args.h", "256 << 10)", "256", "255", WHY_DEFAULT_BUFFER),
    ("cli/args.h", "10)\n\n/* What args_next", "10", "11", WHY_DEFAULT_BUFFER),
    ("cli/args.h", "10)\n\n/* What args_next", "10", "9", WHY_DEFAULT_BUFFER),
    ("cli/args.c", "1 && optind - 1 < a->argc", "1", "2", WHY_TYPED_GUARD),
    ("cli/args.c", "&& optind - 1 < a->argc", "&&", "||", WHY_TYPED_GUARD),
    ("cli/args.c", "1 < a->argc ?", "1", "2", WHY_TYPED_GUARD),
    ("cli/args.h", "256\n};", "256", "257", WHY_ARGS_CODES),
    ("cli/args.h", "256\n};", "256", "255", WHY_ARGS_CODES),
    ("cli/main.c", "!= EBADF && out.err == 0)", "!=", "==", WHY_CLOSE_DEFERRED),
    ("cli/main.c", "== 0) {\n        diag(\"standard output: %s\"", "==", "!=", WHY_CLOSE_DEFERRED),
    ("cli/main.c", "0) {\n        diag(\"standard output: %s\"", "0", "1", WHY_CLOSE_DEFERRED),
    ("cli/main.c", "!= EXIT_TROUBLE && errno != EPIPE)", "!=", "==", WHY_STDIO_STDOUT),
    ("cli/main.c", "&& errno != EPIPE)", "&&", "||", WHY_STDIO_STDOUT),
    ("cli/main.c", "!= EPIPE)\n            diag(\"standard output: write error", "!=", "==",
     WHY_STDIO_STDOUT),
    ("oracle/audit/corpus.c", "64) * sizeof *v);", "64", "65", WHY_CORPUS_CAP),
    ("oracle/audit/corpus.c", "64) * sizeof *v);", "64", "63", WHY_CORPUS_CAP),
    ("oracle/audit/corpus.c", "2 * cap : 64)", "2", "3", WHY_CORPUS_CAP),
    ("kernels/blocks.h", "< U8G_HEAD_BYTES && i < len)", "<", "<=", WHY_HEAD_EXTENT),
    ("cpu.c", "0x6u\n#define XCR0_ZMM", "0x6u", "0x07u", WHY_XCR0_X87),
    ("cpu.c", "0xE6u\n", "0xE6u", "0xE7u", WHY_XCR0_X87),
    ("cpu.c", "0xE6u\n", "0xE6u", "0xE5u", WHY_XCR0_X87),
    ("oracle/adapters/subprocess.c", "0; i < 100; i++", "0", "1", WHY_STOP_GRACE),
    ("oracle/adapters/subprocess.c", "< 100; i++", "<", "<=", WHY_STOP_GRACE),
    ("oracle/adapters/subprocess.c", "100; i++", "100", "101", WHY_STOP_GRACE),
    ("oracle/adapters/subprocess.c", "100; i++", "100", "99", WHY_STOP_GRACE),
    ("oracle/adapters/subprocess.c", "1, 0, 10, NULL); /* a 10 ms pause", "1", "2", WHY_STOP_GRACE),
    ("oracle/adapters/subprocess.c", "1, 0, 10, NULL); /* a 10 ms pause", "1", "0", WHY_STOP_GRACE),
    ("oracle/adapters/subprocess.c", "0, 10, NULL); /* a 10 ms pause", "0", "1", WHY_STOP_GRACE),
    ("oracle/adapters/subprocess.c", "10, NULL); /* a 10 ms pause", "10", "11", WHY_STOP_GRACE),
    ("oracle/adapters/subprocess.c", "10, NULL); /* a 10 ms pause", "10", "9", WHY_STOP_GRACE),
    ("oracle/adapters/subprocess.c", "0)\n        return;\n    /* End of input", "0", "1",
     WHY_PID_NOT_ONE),
    ("support/hex.c", "0; run -= 2", "0", "1",
     "hex_parse's byte loop starts from an even run (an odd one returned HEX_ODD before it) "
     "and takes 2 digits a turn, so run is even there: run > 1 and run > 0 stop together"),
    ("support/include/support/hex.h", "0,   /* all of the text", "0", "1",
     "every user of hex_error compares it with HEX_OK or switches on the names "
     "(corpus.c, record_json_read.c, explain.c, the tests): none reads the number, so "
     "HEX_OK = 1 (the others 2, 3, 4) changes no result"),
    ("support/include/support/hex.h", "1u\n", "1u", "2u",
     "HEX_PREFIXES is hex_parse's only flag, passed and tested by name (flags & "
     "HEX_PREFIXES): any one bit serves"),
    ("support/sha256.c", "64] = {\n    0x428a2f98", "64", "65", WHY_ROOM_UNUSED),
    ("support/sha256.c", "64], a, b, c", "64", "65", WHY_ROOM_UNUSED),
    ("kernels/error_scan.h", "8], x;", "8", "9", WHY_ROOM_UNUSED),
    ("kernels/avx512.c", "4];  /* group g", "4", "5", WHY_ROOM_UNUSED),
    ("kernels/avx512.c", "0;\n        if (dst != NULL)\n            _mm512_storeu_si512(dst + j * VEC, a);",
     "0", "1", WHY_SHORT_NOT_LEN),
    ("policy.c", "0x8E, 0x8F}, /* bidi: U+200E", "0x8E", "0x8D", WHY_PAIR_WIDER),
    ("policy.c", "7) / 8);", "7", "8", WHY_SETS_OVER_ONE),
    ("support/sha256.c", "8], const uint8_t *p)", "8", "7", WHY_PARAM_IS_POINTER),
    ("kernels/error_scan.h", "8])\n{\n    uint64_t w[8]", "8", "7", WHY_PARAM_IS_POINTER),
    ("support/sha256.c", "< 64 - have ? len", "<", "<=",
     "take = len < 64 - have ? len : 64 - have: at len == 64 - have both branches are the "
     "same number"),
    ("support/sha256.c", "64 - have ? len", "64", "65",
     "take = len < 65 - have ? len : 64 - have differs only at len == 64 - have, where it "
     "takes len, the same number as 64 - have"),
    ("support/sha256.c", "8; i++)\n        tail[tlen", "8", "7",
     "the length field's top byte is bits >> 56, 0 for every message shorter than 2^53 "
     "bytes, which is every message a process can hold (x86-64 and AArch64 user space is "
     "2^47 or 2^48 bytes); memset left that byte 0 already"),
    ("support/sha256.c", "9, \"%08x\"", "9", "10",
     "%08x of an unsigned 32-bit value is exactly 8 digits: snprintf writes 9 bytes with a "
     "size of 9 or 10, and each one's NUL is overwritten by the next (the last lands on "
     "hex[64], within the 65 bytes)"),
    ("support/json.c", "< len) {\n        v = u8guard_valid_prefix", "<", "<=",
     "json_string at i == len (entered with len 0, or after an error that ends the text) "
     "takes a valid prefix of 0 bytes, writes nothing, and breaks at i == len: the same "
     "output as not entering"),
    ("support/json.c", "1; /* 0 cannot happen", "1", "2",
     "json_string's i += e.length ? e.length : 1 is at an error (p[i] starts one: the valid "
     "prefix stopped there), whose length is 1..3: the fallback is never taken"),
    ("support/json.c", "1; /* 0 cannot happen", "1", "0",
     "json_string's fallback for an error length of 0, which an error never has (see the "
     "claim above): never taken"),
    ("support/poll_wait.c", ">= 0 || errno != EINTR", ">=", ">",
     "poll_wait: at r == 0 (poll's own timeout) the mutant goes on to the time check, which "
     "finds the limit passed (poll waited at least the left ms, on the monotonic clock "
     "ms_left reads, and elapsed_ms rounds down) and returns 0 too, unless a stale errno "
     "is not EINTR, when it returns r, 0"),
    ("support/poll_wait.c", "0 || errno != EINTR", "0", "1",
     "r >= 1 is r > 0: see the claim of r > 0 above (poll_wait)"),
    ("support/poll_wait.c", ">= 0) {\n            long long l = ms_left", ">=", ">",
     WHY_LAST_LOOK),
    ("support/poll_wait.c", "0) {\n            long long l = ms_left", "0", "1", WHY_LAST_LOOK),
    ("support/poll_wait.c", "<= 0)\n                return 0;\n            left", "<=", "<",
     WHY_LAST_LOOK),
    ("support/write_all.c", ">= 0 || errno != ENOTSOCK", ">=", ">", WHY_SEND_NOT_ZERO),
    ("support/write_all.c", "0 || errno != ENOTSOCK", "0", "1", WHY_SEND_NOT_ZERO),
    ("support/write_all.c", "< 0) {\n            if (errno == EINTR", "<", "<=", WHY_SEND_NOT_ZERO),
    ("support/write_all.c", "0) {\n            if (errno == EINTR", "0", "1", WHY_SEND_NOT_ZERO),
    ("support/write_all.c", "&& n > PIPE_BUF", "&&", "||",
     "write_some's PIPE_BUF cut for a blocking write too: write_loop loops until every byte "
     "is written, so more, smaller writes give the same bytes and result"),
    ("support/write_all.c", "> PIPE_BUF", ">", ">=",
     "write_some's cut at n == PIPE_BUF sets n to PIPE_BUF, what it was"),
    ("support/write_all.c", "0;\n            int r = poll_wait", "0", "1",
     "write_loop's revents is read only after poll_wait returned 1, which writes it "
     "(poll_wait.h): its initial value is never read"),
    ("support/write_all.c", "|| errno == EWOULDBLOCK", "||", "&&",
     "EAGAIN and EWOULDBLOCK are the same number on Linux (asm-generic/errno.h): errno == "
     "EAGAIN && errno == EWOULDBLOCK is errno == EAGAIN || errno == EWOULDBLOCK"),
    ("support/write_all.c", "2, true);", "2", "3",
     "write_loop takes any timeout_ms below -1 as no poll at all (timed = timeout_ms >= "
     "-1): -3 is -2"),
    ("support/write_all.c", "2, false);", "2", "3",
     "write_loop takes any timeout_ms below -1 as no poll at all: -3 is -2 (write_all_nosock)"),
]

# Mutants that only a test of a label the runs leave out kills (valgrind's
# memcheck, slow; the install test, which installs and moves a prefix):
# (file, anchor, old, new, test, why). When a mutant's own tests all pass,
# the runner (ci/mutate_whole.py) runs that test on it too, and it is
# killed only if that test fails; the anchors are checked against the
# source like EQUIVALENT's. Each was planted and seen killed by its test.
LAST_TESTS = [
    ("oracle/audit/world.c", "0; i < n; i++)\n        entry_free", "0", "1", "audit_valgrind",
     "audit_world_free leaves entry 0's strings: a definite leak that changes no output "
     "(valgrind.sh's --list of world_names)"),
    ("oracle/audit/eval.c", "< ours->n_cps && k < theirs", "<", "<=", "audit_valgrind",
     "show_difference reads the code point past the end of u8guard's answer, an uninitialised "
     "one, and the window it starts no text shows (faulty.py short under memcheck)"),
    ("oracle/audit/eval.c", "< theirs->n_cps && ours", "<", "<=", "audit_valgrind",
     "show_difference reads the code point past the end of the decoder's answer, an "
     "uninitialised one (faulty.py extra under memcheck)"),
    ("oracle/adapters/subprocess.c", "!= NULL && access(path, R_OK) == 0)", "!=", "==", "install",
     "find_script's installed copy of the script: only an installed tree whose source tree is "
     "gone (install_test.sh's relocation) tells it from the source tree's copy"),
    ("oracle/adapters/subprocess.c", "== 0)\n        return NULL;\n    if ((size_t)snprintf(path",
     "==", "!=", "install",
     "find_script's installed copy of the script, as above"),
]


def code_spans(text):
    """Yields (start, end) of the parts of text outside comments and
    string/character literals."""
    i, n, start = 0, len(text), 0
    while i < n:
        if text.startswith("/*", i):
            yield start, i
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
            start = i
        elif text.startswith("//", i):
            yield start, i
            j = text.find("\n", i)
            i = n if j < 0 else j
            start = i
        elif text[i] in "\"'":
            yield start, i
            q, j = text[i], i + 1
            while j < n and text[j] != q:
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            start = i
        else:
            i += 1
    yield start, n


CMP = re.compile(r"(?<![<>=!\-])(<=|>=|==|!=|<|>)(?![<>=])")
CMP_SWAP = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "=="}
NUM = re.compile(r"(?<![\w.])(0[xX][0-9A-Fa-f]+|\d+)([uUlL]*)(?![\w.])")
PLUS1 = re.compile(r" ([+-]) 1(?![\w.x])")
LOGIC = re.compile(r"&&|\|\|")
# A call of a vector intrinsic (x86 _mm*_..., NEON v...q_..._u8): its integer
# arguments are immediates (shuffle controls, ternary-logic truth tables,
# shift counts), mutated like every constant but counted as "imm".
INTRINSIC = re.compile(r"(_mm\d*_\w+|_m\w+_\w+|v\w+_[usfp]\d+|v\w+_n_\w+)\s*$")


def intrinsic_arg(text, pos):
    """True when pos is inside the argument list of a vector intrinsic."""
    depth, i = 0, pos - 1
    while i >= 0 and text[i] not in ";{}":
        if text[i] == ")":
            depth += 1
        elif text[i] == "(":
            if depth == 0:
                return bool(INTRINSIC.search(text[max(0, i - 60):i]))
            depth -= 1
        i -= 1
    return False
KIND = re.compile(r"\b(" + "|".join(KINDS) + r")\b")


def table_span(text, name):
    """(start, end) of the initializer of the table called name."""
    m = re.search(r"\b" + name + r"\[\]\s*=\s*\{", text)
    if not m:
        return None
    depth, i = 0, m.end() - 1
    while i < len(text):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return m.start(), i + 1
        i += 1
    return None


RULE_ROW = re.compile(r"\{\s*(\w+)\s*,\s*(\w+)\s*,\s*(\w+)\s*,\s*(\w+)\s*,\s*(\w+)\s*,\s*(\w+)\s*,\s*(\w+)\s*\}")


def dead_rule_fields(text):
    """Spans of LEAD_RULES fields that u8g_step never reads, so that any
    change to them is an equivalent mutant: a row of length 1 (ASCII) is
    used only for its length; a row of length 0 only for not_lead; a
    multi-byte row never for not_lead, nor for below (above) when its lo
    (hi) is the bound of UTF8-tail itself. Fields, in order: len, lo, hi,
    base, not_lead, below, above (base is read by multi-byte rows only).
    Mutants there are listed as DEAD and run like the others: each must
    survive every test."""
    span = table_span(text, "LEAD_RULES")
    if not span:
        return []
    spans = []
    for m in RULE_ROW.finditer(text, span[0], span[1]):
        length = m.group(1)
        if length == "1":
            fields = [2, 3, 4, 5, 6, 7]
        elif length == "0":
            fields = [2, 3, 4, 6, 7]
        else:
            fields = [5]
            # below covers second bytes TAIL_LO..lo-1, above hi+1..TAIL_HI:
            # empty ranges when lo or hi is the tail's own bound
            if m.group(2) in ("TAIL_LO", "0x80"):
                fields.append(6)
            if m.group(3) in ("TAIL_HI", "0xBF"):
                fields.append(7)
        spans += [(m.start(g), m.end(g)) for g in fields]
    return spans


WHY_PSHUFB_PAD = (
    "a padding entry of U8G_EMIT_SHUF (emit_pshufb.h) selects a zero byte either way: pshufb "
    "writes 0 for a control byte with bit 7 set (0x80, 0x81), and 0x7F selects byte 15 of the "
    "source register, which holds the 4 input bytes and EF BF BD in bytes 0..6 and zeros above: "
    "the same 16 bytes are stored. And bytes 7..15 of that register (the zeros above, lanes "
    "7..15 of fffd) may hold anything: no entry selects them, every one being 0x00..0x06 or "
    "0x80")


WHY_OTHER_COMPILER = (
    "the #else of `#if defined(__GNUC__) || defined(__clang__)` is compiled only by another "
    "compiler (error_scan.h's u8g_ctz64 and u8g_clz64 loops, internal.h's empty "
    "U8G_NOINLINE); every build here (GCC, Clang, the mingw-w64, s390x, i686 and AArch64 "
    "cross GCCs) takes the builtins, so no test can kill those mutants")

WHY_PROOF_BUILD = (
    "code under #ifdef __FRAMAC__ is compiled only by Frama-C (the proof build of "
    "doc/proofs.md: u8g_copy's byte loop, u8g_active's binding); no test compiles it, "
    "so no test can kill its mutants, and ci/prove.sh, which proves its contract, is "
    "what checks it")


def proof_build_spans(text):
    """Spans of the code between `#ifdef __FRAMAC__` and its `#else` or
    `#endif` (WHY_PROOF_BUILD): left out of --sample/--all as kind
    "proof", and said so."""
    spans, depth, start = [], 0, None
    for m in re.finditer(r"^[ \t]*#[ \t]*(if|ifdef|ifndef|else|elif|endif)\b(.*)$", text, re.M):
        word, rest = m.group(1), m.group(2).strip()
        if start is None:
            if word == "ifdef" and rest == "__FRAMAC__":
                start, depth = m.end(), 0
            continue
        if word in ("if", "ifdef", "ifndef"):
            depth += 1
        elif depth > 0:
            depth -= word == "endif"
        else:
            spans.append((start, m.start()))
            start = None
    return spans


def other_compiler_spans(text):
    """Spans of the code between the `#else` of `#if defined(__GNUC__) ||
    defined(__clang__)` and its `#endif` (WHY_OTHER_COMPILER): left out of
    --sample/--all as kind "foreign", and said so."""
    spans, depth, state, start = [], 0, None, None
    for m in re.finditer(r"^[ \t]*#[ \t]*(if|ifdef|ifndef|else|elif|endif)\b(.*)$", text, re.M):
        word, rest = m.group(1), m.group(2).strip()
        if state is None:
            if word == "if" and rest == "defined(__GNUC__) || defined(__clang__)":
                state, depth = "gnu", 0
            continue
        if word in ("if", "ifdef", "ifndef"):
            depth += 1
        elif depth > 0:
            depth -= word == "endif"
        elif state == "gnu" and word == "else":
            state, start = "other", m.end()
        elif word in ("elif", "else"):
            state = None  # another compiler's own test: not this simple form
        else:
            if state == "other":
                spans.append((start, m.start()))
            state = None
    return spans


def pshufb_pad_spans(text):
    """Spans of the 0x80 (zero) entries of U8G_EMIT_SHUF: changed to 0x81
    or 0x7F they still give a zero byte (WHY_PSHUFB_PAD). They are 4608 of
    the whole tree's candidates, every one equivalent by that single
    argument, so --sample/--all leave them out (counted as "pad" and said
    so) instead of spending a kernel's whole test list on each. The
    argument is checked here against the source at every run: bytes 7..15
    of fffd must be 0 and the input must be 4 bytes (_mm_cvtsi32_si128);
    when that no longer holds, no span is returned and they are ordinary
    mutants again."""
    start = re.search(r"\bU8G_EMIT_SHUF\[256\]\[16\]\s*=\s*\{", text)
    m = re.search(r"fffd = _mm_setr_epi8\(([^;]*)\);", text)
    if not start or not m or "_mm_cvtsi32_si128((int)four)" not in text:
        return []
    lanes = [x.strip() for x in m.group(1).split(",")]
    if len(lanes) != 16 or any(x != "0" for x in lanes[7:]):
        return []
    end = text.index("};", start.end())
    entries = [int(q.group(0), 16) for q in re.finditer(r"0x[0-9A-Fa-f]+", text[start.end():end])]
    if len(entries) != 256 * 16 or any(x > 6 and x != 0x80 for x in entries):
        return []
    lane_spans = [(m.start(1) + q.start(), m.start(1) + q.end())
                  for q in re.finditer(r"[^,]+", m.group(1))][7:]
    return lane_spans + [(q.start(), q.end()) for q in re.finditer(r"0x80\b", text[:end])
                         if q.start() >= start.end()]


WHY_PSHUFB_UNREACHED = (
    "a row k of U8G_EMIT_SHUF and U8G_EMIT_LEN (emit_pshufb.h) whose error starts (k & 15) and "
    "character bytes (k >> 4) share a bit is never selected: the only caller, "
    "error_scan.h's scan_error_run, passes u.err and u.keep of u8g_units_of, which are "
    "disjoint (a non-continuation byte is kept only when valid and is an error only when not; "
    "a kept continuation byte is one a valid character absorbs (v1, v2, v3 within a1, a2, a3), "
    "an erroneous one is absorbed by none): 175 of the 256 rows. Nor is a row with a byte "
    "that is neither, where a byte after it is not: such a byte is a continuation that an "
    "invalid lead absorbed, one byte after it (a1) or two (a2, with the byte between absorbed "
    "too; a3 is absorbed by valid characters only, v3 = a3), and that lead is an error start; "
    "a byte of the 4 is neither without that only past the end of the bytes a step covers "
    "(e and keep masked by `all`), where every byte after it is neither too. So byte 1 "
    "neither needs byte 0 an error or neither (absorbed from the step before), byte 2 "
    "neither needs byte 1 an error, or byte 1 neither and byte 0 an error: 16 rows more "
    "(8, 20, 24, 28, 40, 41, 56, 80, 88, 128, 144, 148, 160, 161, 176, 208)")


def pshufb_absorbable(k):
    """Whether every byte of row k that is neither an error start nor kept
    can be a continuation an invalid lead absorbed (WHY_PSHUFB_UNREACHED),
    or lies past the end of the bytes a step covers."""
    err = [k >> j & 1 for j in range(4)]
    neither = [not err[j] and not k >> (4 + j) & 1 for j in range(4)]
    end = 4  # the bytes from end on are all neither: maybe past the step's end
    while end > 0 and neither[end - 1]:
        end -= 1
    if end > 1 and neither[1] and not (err[0] or neither[0]):
        return False
    if end > 2 and neither[2] and not (err[1] or (neither[1] and err[0])):
        return False
    return True


def pshufb_unreached_spans(text):
    """Spans of the entries of U8G_EMIT_SHUF (other than its 0x80 pads)
    and U8G_EMIT_LEN in the rows no block selects (WHY_PSHUFB_UNREACHED).
    Left out of --sample/--all like the pads. Checked against the source at
    every run: the row index, the one call and u8g_units_of's err and keep
    must still read as the argument says; otherwise no span is returned
    and they are ordinary mutants again."""
    shuf = re.search(r"\bU8G_EMIT_SHUF\[256\]\[16\]\s*=\s*\{", text)
    lens = re.search(r"\bU8G_EMIT_LEN\[256\]\s*=\s*\{", text)
    if not shuf or not lens or ("k = (size_t)((e >> i) & 15u) | (size_t)((keep >> i) & 15u) "
                                "<< 4;") not in text:
        return []
    try:
        with open(os.path.join(ROOT, "src/kernels/error_scan.h")) as fh:
            scan = fh.read()
    except OSError:
        return []
    if not all(x in scan for x in (
            "u->v1 = valid & u->a1;", "u->v2 = valid & u->a2;", "u->v3 = u->a3;",
            "u->a1 = ok2;", "u->a2 = ok2 & (c->l3 | c->l4) & s2;",
            "absorbed = u8g_back(u->a1, pu->a1, 1) | u8g_back(u->a2, pu->a2, 2) |\n"
            "               u8g_back(u->a3, pu->a3, 3);",
            "u->err = (~c->cont & ~valid) | (c->cont & ~absorbed);",
            "u->keep = (valid & ~c->cont) | u8g_back(u->v1, pu->v1, 1) | "
            "u8g_back(u->v2, pu->v2, 2) |\n              u8g_back(u->v3, pu->v3, 3);",
            "e = u.err & all;\n        keep = u.keep & all;")) or scan.count("U8G_SCAN_EMIT(") != 2:
        return []
    dead = [k for k in range(256) if (k & 15) & (k >> 4) or not pshufb_absorbable(k)]
    end = text.index("};", shuf.end())
    rows = list(re.finditer(r"\{([^{}]*)\}", text[shuf.end():end]))
    lend = text.index("};", lens.end())
    sizes = list(re.finditer(r"\d+", text[lens.end():lend]))
    if len(rows) != 256 or len(sizes) != 256:
        return []
    spans = []
    for k in dead:
        base = shuf.end() + rows[k].start(1)
        spans += [(base + q.start(), base + q.end())
                  for q in re.finditer(r"0x[0-9A-Fa-f]+", rows[k].group(1))
                  if q.group(0) != "0x80"]
        spans.append((lens.end() + sizes[k].start(), lens.end() + sizes[k].end()))
    return spans


WHY_UTF16_JUNK = (
    "an entry of U8G_UTF16_PAIRS (decode_tables.h) at or past U8G_UTF16_PAIRS_LIVE[m] bytes of "
    "its row m only ever makes junk units: a step of the surrogate-pair path holds the "
    "characters whose leads lie in 8 bytes (k >= 3, one of 4 bytes), the kernels take a "
    "group's row from all 4 lanes, real lanes first, the junk lanes after them all alike (they "
    "decode the bytes at position 0 again), and only the real lanes' units count, the rest being "
    "overwritten; a 4-byte character puts the next lead 4 bytes on, so e.g. row 13 (lanes 0, 2, "
    "3) is selected with k = 3 and lane 3 junk, 5 real units, and rows 3, 7 and 11 never. The "
    "largest real output of each row is enumerated over every step here and in "
    "tests/kernels/test_decode_tables.c, which also decodes every step through every kernel")


def utf16_live_model():
    """The largest real output in bytes of each row of U8G_UTF16_PAIRS,
    enumerated over every step of the surrogate-pair path (0..3
    continuation bytes before the first lead, every lead mask of 8 bytes
    with gaps 1..4, every last length covering the 8 bytes, k >= 3 and a
    4-byte character; per group the first k_g lanes real, the junk lanes
    all pairs or none). The same enumeration as test_decode_tables.c,
    written again here."""
    most = [0] * 16
    for l0 in range(4):
        for mask in range(1, 256):
            leads = [b for b in range(8) if mask >> b & 1]
            gaps = [b - a for a, b in zip(leads, leads[1:])]
            if leads[0] != l0 or len(leads) < 3 or any(g > 4 for g in gaps):
                continue
            for last in range(max(1, 8 - leads[-1]), 5):
                lens = gaps + [last]
                if 4 not in lens:
                    continue
                for g in (0, 1):
                    kg = max(0, min(4, len(lens) - 4 * g))
                    real = sum(1 << j for j in range(kg) if lens[4 * g + j] == 4)
                    for junk in (0, 15 & ~((1 << kg) - 1)):
                        most[real | junk] = max(most[real | junk],
                                                2 * (kg + bin(real).count("1")))
    return most


def utf16_junk_spans(text):
    """Spans of the entries of U8G_UTF16_PAIRS that never reach the output
    (WHY_UTF16_JUNK): in row m, those at U8G_UTF16_PAIRS_LIVE[m] and after.
    Left out of --sample/--all like the pshufb pads. Checked against the
    source at every run: the macro must equal utf16_live_model(), the table
    must have 16 rows of 16 entries, and decode_steps.h must still take
    8-byte steps onto this path only with k > 2; otherwise no span is
    returned and they are ordinary mutants again."""
    live = re.search(r"#define U8G_UTF16_PAIRS_LIVE \{([^}]*)\}", text)
    start = re.search(r"\bU8G_UTF16_PAIRS\[16\]\[16\]\s*=\s*\{", text)
    if not live or not start:
        return []
    try:
        with open(os.path.join(ROOT, "src/kernels/decode_steps.h")) as fh:
            steps = fh.read()
    except OSError:
        return []
    body = steps[steps.find("steps16("):]
    if not all(s in body for s in ("if (k > 2) {", "step_utf16_pairs(v, lead, k,",
                                   "i += 8;", "k = U8G_POPCOUNT8[lead];")):
        return []
    counts = [int(x) for x in live.group(1).split(",")]
    if counts != utf16_live_model():
        return []
    end = text.index("};", start.end())
    rows = list(re.finditer(r"\{([^{}]*)\}", text[start.end():end]))
    spans = []
    if len(rows) != 16:
        return []
    for r, row in enumerate(rows):
        items = list(re.finditer(r"0x[0-9A-Fa-f]+|\d+", row.group(1)))
        if len(items) != 16:
            return []
        base = start.end() + row.start(1)
        spans += [(base + q.start(), base + q.end()) for q in items[counts[r]:]]
    return spans


def mutants_of(fname, text):
    """The mutants of one file: dicts with pos, old, new, kind, line."""
    out = []
    tables = [s for s in (table_span(text, "LEAD_RULES"), table_span(text, "LEAD_ROW")) if s]
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def line_of(pos):
        lo, hi = 0, len(line_starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if line_starts[mid] <= pos:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1

    def in_table(pos):
        return any(a <= pos < b for a, b in tables)

    pshufb = fname.endswith("emit_pshufb.h")
    # Spans whose mutants are of another kind; where spans overlap, the
    # later kind wins.
    spans = [("dead", dead_rule_fields(text)),
             ("pad", pshufb_pad_spans(text) if pshufb else []),
             ("junk", utf16_junk_spans(text) if fname.endswith("kernels/decode_tables.h") else []),
             ("unreached", pshufb_unreached_spans(text) if pshufb else []),
             ("proof", proof_build_spans(text)),
             ("foreign", other_compiler_spans(text))]

    def add(pos, old, new, kind):
        for k, sp in spans:
            if any(a <= pos < b for a, b in sp):
                kind = k
        for f, anchor, o, n, _ in EQUIVALENT:
            if (src_path(f) == src_path(fname) and o == old and n == new and
                    text.startswith(anchor, pos)):
                kind = "equivalent"
        out.append({"file": fname, "pos": pos, "old": old, "new": new, "kind": kind,
                    "line": line_of(pos)})
        for f, anchor, o, n, test, _ in LAST_TESTS:
            if (src_path(f) == src_path(fname) and o == old and n == new and
                    text.startswith(anchor, pos)):
                out[-1]["last_test"] = test

    for a, b in code_spans(text):
        seg = text[a:b]
        for m in CMP.finditer(seg):
            pos = a + m.start()
            line = text[line_starts[line_of(pos) - 1]:].split("\n", 1)[0]
            # A static assertion's test is a check the compiler makes, not
            # behaviour: left out, as its numbers are below.
            if (line.lstrip().startswith(("#include", "_Static_assert")) or
                    text[pos:pos + 2] == "->"):
                continue
            add(pos, m.group(1), CMP_SWAP[m.group(1)], "cmp")
        for m in NUM.finditer(seg):
            pos = a + m.start()
            line = text[line_starts[line_of(pos) - 1]:].split("\n", 1)[0]
            if line.lstrip().startswith(("#include", "_Static_assert")):
                continue
            # The null pointer of `sizeof ((T *)0)->member` is never
            # evaluated (sizeof takes only its operand's type): left out.
            if (m.group(0) == "0" and text[pos - 2:pos] == "*)" and
                    text[pos + 1:pos + 4] == ")->" and "sizeof" in line):
                continue
            lit, suf = m.group(1), m.group(2)
            v = int(lit, 16) if lit[:2].lower() == "0x" else int(lit)
            kind = ("table" if in_table(pos) else "imm" if intrinsic_arg(text, pos)
                    else "const")
            for d in (1, -1):
                if v + d < 0:
                    continue
                new = ("0x%02X" % (v + d) if lit[:2].lower() == "0x" else str(v + d)) + suf
                add(pos, lit + suf, new, kind)
        for m in KIND.finditer(seg):
            pos = a + m.start()
            if not in_table(pos):
                continue
            k = m.group(1)
            nxt = KINDS[(KINDS.index(k) + 1) % len(KINDS)]
            add(pos, k, nxt, "table")
        for m in PLUS1.finditer(seg):
            pos = a + m.start()
            add(pos, m.group(0), "", "plus1")
        for m in LOGIC.finditer(seg):
            pos = a + m.start()
            line = text[line_starts[line_of(pos) - 1]:].split("\n", 1)[0]
            if line.lstrip().startswith("#"):
                continue
            add(pos, m.group(0), "||" if m.group(0) == "&&" else "&&", "logic")
    return out


def src_path(f):
    """The path of f from the top of the tree: f itself when it names one
    of WHOLE_DIRS, else a file of src/ (the --only and CORE spelling)."""
    return f if f.split("/", 1)[0] in WHOLE_DIRS else "src/" + f


def run(cmd, cwd, timeout, env=None):
    """Runs cmd; returns (status, seconds, tail of output). Status "timeout"
    when the time limit was hit."""
    t0 = time.time()
    try:
        p = subprocess.run(cmd, cwd=cwd, timeout=timeout, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        return p.returncode, time.time() - t0, p.stdout[-2000:].decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return "timeout", time.time() - t0, ""


def test_plan(build, quick):
    lib, hard = os.path.join(build, "tests/lib"), os.path.join(build, "tests/hardening")
    shared = os.path.join(os.path.dirname(ROOT), "shared")
    plan = [
        ("unit", [os.path.join(lib, "test_unit")]),
        ("limits", [os.path.join(hard, "test_limits")]),
        ("saturation", [os.path.join(hard, "test_saturation")]),
        ("windows", [os.path.join(hard, "test_windows")]),
        ("stream_pending scalar", [os.path.join(hard, "test_stream_pending"), "--impl", "scalar"]),
        ("guard_pages scalar", [os.path.join(hard, "test_guard_pages"), "--impl", "scalar"]),
        ("guard_pages word", [os.path.join(hard, "test_guard_pages"), "--impl", "word", "100"]),
        ("guard_pages avx512", [os.path.join(hard, "test_guard_pages"), "--impl", "avx512", "100"]),
        ("stream (no corpus)", [os.path.join(lib, "test_stream"), os.path.join(build, "no-shared")]),
        ("exhaustive short", [os.path.join(lib, "test_exhaustive"), "short"]),
    ]
    if not quick:
        plan.append(("stream (corpus)", [os.path.join(lib, "test_stream"), shared]))
    return plan


def copy_tree(work):
    tree = os.path.join(work, "tree")
    os.makedirs(tree)
    # What a configure with the oracles and the command off still reads:
    # oracle/api is the audit's header-only interface, always configured.
    for item in ["CMakeLists.txt", "cmake", "include", "src", "support", "tests",
                 os.path.join("oracle", "api")]:
        s = os.path.join(ROOT, item)
        if os.path.isdir(s):
            shutil.copytree(s, os.path.join(tree, item),
                            ignore=shutil.ignore_patterns("build*", "__pycache__"))
        else:
            shutil.copy2(s, os.path.join(tree, item))
    return tree


def setup_build(work, tree, name, extra):
    """Configures and builds the test programs of tree in work/name."""
    build = os.path.join(work, name)
    # -O1 without -g: the per-mutant rebuild is most of the run's time.
    # Ninja, when there, rebuilds one target with far less overhead than
    # make's recursive Makefiles.
    gen = ["-G", "Ninja"] if shutil.which("ninja") else []
    cfg = ["cmake"] + gen + ["-S", tree, "-B", build, "-DCMAKE_BUILD_TYPE=None", "-DCMAKE_C_FLAGS=-O1",
           "-DU8GUARD_ORACLES=OFF", "-DU8GUARD_BUILD_CLI=OFF",
           "-DU8GUARD_SHARED_DIR=" + os.path.join(os.path.dirname(ROOT), "shared")] + extra
    st, _, out = run(cfg, work, 300)
    if st != 0:
        sys.exit("mutate: configure failed:\n" + out)
    st, secs, out = build_targets(build)
    if st != 0:
        sys.exit("mutate: the unmutated tree does not build:\n" + out)
    return build


ASAN = ["-DU8GUARD_SANITIZE=address,undefined"]
# The tests/lib programs run for the implementations in U8GUARD_TEST_IMPLS
# only (tests/lib/check.c): the mutated files are mostly the same code for
# every implementation (the vectorized kernels are not mutated), and the
# scalar reference plus the word kernel reach it, at a fraction of the
# time. avx512 is added for sanitize's one-pass path (copy_prefix, which
# only that kernel has); where the CPU lacks it, that path is untested and
# its mutants may survive.
PLAIN_ENV = dict(os.environ, U8GUARD_TEST_IMPLS="scalar,word,avx512")
# Each run stops at the first report; leaks are not what is looked for.
ASAN_ENV = dict(PLAIN_ENV, ASAN_OPTIONS="detect_leaks=0:abort_on_error=0",
                UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1")


class Build:
    """One build of the copied tree: its directory, test plan, time limits
    and environment. The ASan build is made on first need."""

    def __init__(self, work, tree, name, extra, env, quick, timeout, planted):
        self.work, self.tree, self.name, self.extra = work, tree, name, extra
        self.env, self.quick, self.timeout, self.planted = env, quick, timeout, planted
        self.dir = None

    def ready(self):
        if self.dir:
            return True
        print("mutate: building the unmutated tree (%s)" % self.name, flush=True)
        self.dir = setup_build(self.work, self.tree, self.name, self.extra)
        self.plan = test_plan(self.dir, self.quick)
        if self.name == "asan":
            # The sanitizer stage looks for memory errors that change no
            # result: the exhaustive test (results only) is left to the
            # plain build, and the guard-page lengths are shortened.
            self.plan = [(n, c[:3] + ["100"] if n == "guard_pages scalar" else c)
                         for n, c in self.plan
                         if n not in ("exhaustive short", "guard_pages word",
                                      "guard_pages avx512")]
        if self.planted: # the demonstration is about the hardening tests alone
            self.plan = [t for t in self.plan
                         if t[0].startswith(("guard_pages", "limits", "stream_pending"))]
        # Each test's time limit: --timeout, or 10 times what it takes on
        # the unmutated tree when that is more (a mutant that loops forever
        # is killed by the limit; most die in well under a second).
        self.limits = {}
        for name, cmd in self.plan:
            st, secs, out = run(cmd, self.dir, 600, self.env)
            if st not in (0, 77):
                sys.exit("mutate: the unmutated tree fails %s (%s):\n%s" % (name, self.name, out))
            self.limits[name] = max(self.timeout, 10 * secs)
            print("mutate: %s: %s takes %.1f s, limit %.0f s"
                  % (self.name, name, secs, self.limits[name]), flush=True)
        return True


def build_targets(build):
    return run(["cmake", "--build", build, "-j2", "--target"] + TARGETS, build, 600)


def run_plan(b):
    """Runs build b's tests on the mutated tree. Returns ("killed", test) /
    ("survived", None) / ("stillborn", None). Each test program is
    (re)linked just before it runs: most mutants die in the first test,
    and are never linked into the others."""
    built = set()
    tag = "" if b.name == "build" else " [%s]" % b.name
    for name, cmd in b.plan:
        target = os.path.basename(cmd[0])
        if target not in built:
            st, _, _ = run(["cmake", "--build", b.dir, "--target", target], b.dir, 600)
            if st != 0:
                return "stillborn", None
            built.add(target)
        st, _, _ = run(cmd, b.dir, b.limits[name], b.env)
        if st == "timeout":
            return "killed", name + " (time limit)" + tag
        if isinstance(st, int) and st < 0:
            return "killed", name + " (signal %d)" % -st + tag
        if st not in (0, 77):
            return "killed", name + tag
    return "survived", None


def try_mutant(builds, path, original, mutated):
    """Runs each build's tests on the tree with mutated in path, in turn,
    until one kills the mutant; the original is back in path afterwards.
    A build not made yet is made first, from the original."""
    def write(text):
        with open(path, "w") as f:
            f.write(text)

    res = ("survived", None)
    for b in builds:
        if not b.dir:
            b.ready()
        write(mutated)
        try:
            res = run_plan(b)
        finally:
            write(original)
        if res[0] != "survived":
            return res
    return res


def on_term(signum, frame):
    """SIGTERM/SIGHUP end the run through the finally clauses (the work
    tree is removed, the mutated file never stays in place)."""
    raise SystemExit("mutate: stopped by signal %d" % signum)


# The kinds of mutants --sample and --all leave out, said in this order with
# how many and why: what they are, then why (after "left out").
LEFT_OUT = (
    ("proof", "the proof build's code", ": " + WHY_PROOF_BUILD),
    ("foreign", "code for other compilers", ": " + WHY_OTHER_COMPILER),
    ("pad", "emit_pshufb.h's zero (0x80) shuffle entries and unselected lanes of fffd",
     ": " + WHY_PSHUFB_PAD),
    ("unreached", "emit_pshufb.h's rows no block selects",
     " (equivalent): " + WHY_PSHUFB_UNREACHED),
    ("junk", "decode_tables.h's U8G_UTF16_PAIRS entries that only make junk units",
     " (equivalent): " + WHY_UTF16_JUNK),
)


def whole_run(args):
    """--sample N / --all: mutants drawn with the seed (or all of them) from
    every file of src/, cli/ and oracle/ a build here compiles, each judged
    by its own file's tests in one persistent build (ci/mutate_whole.py).
    Returns the exit status."""
    import shlex
    import mutate_whole as mw
    seed = args.seed if args.seed is not None else int(time.time())
    # The options that change a verdict, for the replay commands printed.
    opts = (" --no-map" if args.no_map else "") + \
        (" --cap %g" % args.cap if args.cap else "")
    print("mutate: seed %d (replay: python3 ci/mutate_whole.py %s --seed %d%s%s)"
          % (seed, "--sample %d" % args.sample if args.sample is not None else "--all", seed,
             opts, " --match %s" % shlex.quote(args.match) if args.match else ""),
          flush=True)

    def replay(desc, cap=True):
        """The command that judges this one mutant again."""
        rx = "^" + re.sub(r"([.^$*+?()\[\]{}|\\])", r"\\\1", desc) + "$"
        return "python3 ci/mutate_whole.py --all%s%s --match %s" % (
            " --no-map" if args.no_map else "", " --cap %g" % args.cap if cap and args.cap else "",
            '"%s"' % rx if not re.search(r'["$`\\]', desc) else shlex.quote(rx))
    cross = bool(shutil.which("aarch64-linux-gnu-gcc") and shutil.which("qemu-aarch64"))
    if not cross:
        print("mutate: NEON skipped: aarch64-linux-gnu-gcc or qemu-aarch64 not found, "
              "so src/kernels/neon.c is neither built nor run here")
    work = os.path.abspath(args.work or tempfile.mkdtemp(prefix="u8guard-mutate-"))
    os.makedirs(work, exist_ok=True)
    t0 = time.time()
    try:
        runner = mw.Runner(ROOT, work, args.timeout, cross, line_map=not args.no_map,
                           cap=args.cap)
        files, left = runner.compiled()
        if left:
            print("mutate: not compiled by any build here, not mutated: " + ", ".join(left))

        todo, sources = [], {}
        for f in files:
            with open(os.path.join(ROOT, f)) as fh:
                sources[f] = fh.read()
            for m in mutants_of(f, sources[f]):
                t = sources[f]
                m["mutated"] = t[:m["pos"]] + m["new"] + t[m["pos"] + len(m["old"]):]
                todo.append(m)
        def unmatched(entries, tagged):
            """The entries (file, anchor, old, new, ...) that no mutant
            of todo tagged with them (tagged(m, e)) matches any more."""
            return [e for e in entries if not any(
                tagged(m, e) and src_path(m["file"]) == src_path(e[0]) and m["old"] == e[2] and
                m["new"] == e[3] and sources[m["file"]].startswith(e[1], m["pos"])
                for m in todo)]

        stale = unmatched(EQUIVALENT, lambda m, e: m["kind"] == "equivalent")
        for f, anchor, old, new, _ in stale:
            print("mutate: equivalent-mutant anchor no longer matches (source changed): "
                  "%s: %r %r -> %r" % (f, anchor, old, new))
        stale_last = unmatched(LAST_TESTS, lambda m, e: m.get("last_test") == e[4])
        for f, anchor, old, new, test, _ in stale_last:
            print("mutate: a last test's anchor no longer matches (source changed): "
                  "%s: %r %r -> %r (%s)" % (f, anchor, old, new, test))
        stale += stale_last
        broken = sole_caller_claims() + source_fact_claims()
        for b in broken:
            print("mutate: a claim's caller changed (source changed): " + b)
        if stale or broken:
            return 2
        if not args.list:
            cannot, kernels = runner.not_runnable(files)
            if cannot:
                print("mutate: this CPU runs no %s kernel: not drawn here (no test could execute "
                      "them): %s" % ("/".join(kernels), ", ".join(cannot)))
                todo = [m for m in todo if m["file"] not in cannot]
        for kind, what, why in LEFT_OUT:
            out = [m for m in todo if m["kind"] == kind]
            if out:
                print("mutate: %d mutants of %s left out%s" % (len(out), what, why))
        junk = [m for m in todo if m["kind"] == "junk"]
        todo = [m for m in todo if m["kind"] not in [k for k, _, _ in LEFT_OUT]]
        if args.match:
            for m in junk:
                desc = "%s:%d %s %r -> %r" % (m["file"], m["line"], m["kind"], m["old"], m["new"])
                if re.search(args.match, desc):
                    print("mutate: EQUIVALENT, not run: %s" % desc)
        if args.match:
            todo = [m for m in todo if re.search(args.match, "%s:%d %s %r -> %r" % (
                m["file"], m["line"], m["kind"], m["old"], m["new"]))]
        if args.sample is not None:
            pick = random.Random(seed).sample(todo, min(args.sample, len(todo)))
        else:
            pick = list(todo)
        by_kind = {}
        for m in todo:
            by_kind[m["kind"]] = by_kind.get(m["kind"], 0) + 1
        print("mutate: %d mutants to run, drawn from %d candidates in %d files (%s)"
              % (len(pick), len(todo), len(files),
                 ", ".join("%s %d" % kv for kv in sorted(by_kind.items()))), flush=True)
        if args.list:
            for m in pick:
                print("%s:%d %s %r -> %r%s" % (m["file"], m["line"], m["kind"], m["old"], m["new"],
                                               " (last test %s)" % m["last_test"]
                                               if "last_test" in m else ""))
            return 0
        # Fastest first within a file is the runner's job; here the files are
        # visited in order so that one file's object is saved once per mutant.
        pick.sort(key=lambda m: (m["file"], m["pos"]))
        if args.shard:
            # Every n-th of the draw from the k-th (0-based): two shards in
            # two work folders use both cores (ci/mutate-sample.sh).
            k, n = (int(x) for x in args.shard.split("/"))
            print("mutate: shard %d/%d: mutants %s of the draw" % (
                k, n, ", ".join(str(i + 1) for i in range(k, len(pick), n))), flush=True)
            pick = pick[k::n]
        counts = {"killed": 0, "survived": 0, "stillborn": 0, "undecided": 0}
        lines, claims, by_test, uncovered, capped_claims = [], 0, {}, 0, 0
        t_mut = time.time()
        for i, m in enumerate(pick):
            t1 = time.time()
            if args.budget and args.cap:
                # What is left of the budget, shared by the mutants left:
                # the run ends near t_mut + budget even if all are capped.
                runner.cap = max(5.0, min(args.cap, (t_mut + args.budget - t1) / (len(pick) - i)))
            res, test = runner.judge(m["file"], sources[m["file"]], m["mutated"], m["line"],
                                     last=m.get("last_test"))
            # A survivor's "test" is why nothing ran it, when that is the case.
            why = test if res == "survived" and test else None
            if why:
                test = None
                uncovered += 1
            claim = m["kind"] in ("dead", "equivalent")
            desc = "%s:%d %s %r -> %r" % (m["file"], m["line"], m["kind"], m["old"], m["new"])
            if res == "undecided":
                why, test = test, None
            if claim:
                claims += 1
                if res == "undecided":
                    res = "held"
                    capped_claims += 1
                elif res != "killed":
                    res = "held"
                else:
                    res = "claim-wrong"
                    lines.append("CLAIM WRONG (listed as dead/equivalent, but killed by %s): %s"
                                 % (test, desc))
                    lines.append("    replay: " + replay(desc, cap=False))
            else:
                counts[res] += 1
                if res == "survived":
                    lines.append("SURVIVED %s%s" % (desc, " (%s)" % why if why else ""))
                    lines.append("    replay: " + replay(desc, cap=False))
                if res == "undecided":
                    lines.append("UNDECIDED %s (%s)" % (desc, why))
                    lines.append("    replay without the cap: " + replay(desc, cap=False))
                if res == "killed":
                    key = test.split(" (")[0]
                    by_test[key] = by_test.get(key, 0) + 1
            shown = "COMPILER" if res == "stillborn" else res.upper()
            print("[%d/%d] %-9s %s%s (%.1f s)" % (i + 1, len(pick), shown, desc,
                                                 " (by %s)" % test if test else
                                                 " (%s)" % why if why else "",
                                                 time.time() - t1), flush=True)
        n = len(pick)
        lines.insert(0, "whole tree (seed %d): %d candidates, %d run, killed %d, survived %d, "
                        "killed by the compiler %d, %sdead/equivalent claims run %d%s, on lines no "
                        "test executes %d; %.0f s in all, %.1f s per mutant (%.0f s of it the "
                        "unmutated tree's builds and test runs, the line map's included)"
                     % (seed, len(todo), n, counts["killed"], counts["survived"],
                        counts["stillborn"],
                        "undecided (not killed within the cap of %g s) %d, " % (
                            args.cap, counts["undecided"]) if args.cap else "",
                        claims, " (%d of them held only up to the cap)" % capped_claims
                        if capped_claims else "", uncovered, time.time() - t0,
                        (time.time() - t_mut - runner.baseline_secs) / max(n, 1),
                        runner.baseline_secs))
        lines.insert(1, "killed by: " + ", ".join("%s %d" % kv for kv in
                                                   sorted(by_test.items(), key=lambda kv: -kv[1])))
        os.makedirs(os.path.dirname(args.report), exist_ok=True)
        # The gate: a disproved claim fails the run; survivors (not listed
        # as equivalent) fail it beyond --max-survivors; undecided mutants
        # (--cap) beyond --max-undecided.
        wrong = sum(l.startswith("CLAIM") for l in lines)
        verdict = []
        if wrong:
            verdict.append("%d equivalence claims disproved" % wrong)
        if counts["survived"] > args.max_survivors:
            verdict.append("%d unexplained survivors, more than the %d allowed" % (
                counts["survived"], args.max_survivors))
        if args.max_undecided is not None and counts["undecided"] > args.max_undecided:
            verdict.append("%d mutants undecided within the cap, more than the %d allowed" % (
                counts["undecided"], args.max_undecided))
        lines.append("result: " + ("FAILED: " + "; ".join(verdict) if verdict else
                                   "passed (unexplained survivors %d, allowed %d%s)" % (
                                       counts["survived"], args.max_survivors,
                                       "; undecided %d, allowed %d" % (
                                           counts["undecided"], args.max_undecided)
                                       if args.max_undecided is not None else "")))
        with open(args.report, "w") as f:
            f.write("\n".join(lines) + "\n")
        print("\n".join(lines))
        print("mutate: report written to %s" % args.report)
        return 1 if verdict else 0
    finally:
        if args.keep or args.work:
            print("mutate: work tree kept in %s" % work)
        else:
            shutil.rmtree(work, ignore_errors=True)


def main():
    signal.signal(signal.SIGTERM, on_term)
    signal.signal(signal.SIGHUP, on_term)
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--only")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--planted", action="store_true")
    ap.add_argument("--no-asan", action="store_true")
    ap.add_argument("--timeout", type=float, default=2)
    ap.add_argument("--report", default=os.path.join(ROOT, "build/mutate/report.txt"))
    ap.add_argument("--sample", type=int)
    ap.add_argument("--seed", type=int)
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--work")
    ap.add_argument("--match")
    ap.add_argument("--no-map", action="store_true")
    ap.add_argument("--cap", type=float)
    ap.add_argument("--shard")
    ap.add_argument("--budget", type=float)
    ap.add_argument("--max-survivors", type=int, default=0)
    ap.add_argument("--max-undecided", type=int)
    args = ap.parse_args()
    if args.sample is not None or args.all:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        return whole_run(args)

    files = [args.only] if args.only else CORE
    sources = {}
    for f in files:
        with open(os.path.join(ROOT, src_path(f))) as fh:
            sources[f] = fh.read()

    stale = 0
    if args.planted:
        todo = []
        for f, old, new, why, *flags in PLANTED:
            if sources.get(f) is None or old not in sources[f]:
                print("mutate: planted bug no longer applies (source changed): %s: %s" % (f, why))
                stale += 1
                continue
            todo.append({"file": f, "mutated": sources[f].replace(old, new, 1), "why": why,
                         "asan": "asan" in flags})
    else:
        todo = []
        for f in files:
            for m in mutants_of(f, sources[f]):
                t = sources[f]
                m["mutated"] = t[:m["pos"]] + m["new"] + t[m["pos"] + len(m["old"]):]
                todo.append(m)
        # Each claim of EQUIVALENT must still find its mutant: an anchor
        # that matches nothing (the source moved on) would leave that
        # mutant unclaimed, and the claim silently useless.
        for f, anchor, old, new, _ in EQUIVALENT:
            if src_path(f) in map(src_path, sources) and not any(
                    src_path(m["file"]) == src_path(f) and m["kind"] == "equivalent" and m["old"] == old and
                    m["new"] == new and sources[m["file"]].startswith(anchor, m["pos"])
                    for m in todo):
                print("mutate: equivalent-mutant anchor no longer matches (source changed): "
                      "%s: %r %r -> %r" % (f, anchor, old, new))
                stale += 1
        for b in sole_caller_claims() + source_fact_claims():
            print("mutate: a claim's caller changed (source changed): " + b)
            stale += 1
        if stale:
            return 2
        claimed = [m for m in todo if m["kind"] in ("dead", "equivalent")]
        todo = [m for m in todo if m["kind"] not in ("dead", "equivalent")]
        if args.quick:
            todo = todo[::3]
            claimed = claimed[::3]
        # The claims are checked by running them: each must survive.
        todo += claimed
    if args.list:
        for m in todo:
            print("%s:%s %s %r -> %r" % (m["file"], m.get("line", "?"), m.get("kind", "planted"),
                                         m.get("old", ""), m.get("new", m.get("why", ""))))
        print("%d mutants" % len(todo))
        return 0

    work = tempfile.mkdtemp(prefix="u8guard-mutate-")
    t0 = time.time()
    try:
        tree = copy_tree(work)
        plain = Build(work, tree, "build", [], PLAIN_ENV, args.quick, args.timeout, args.planted)
        asan = Build(work, tree, "asan", ASAN, ASAN_ENV, args.quick, args.timeout, args.planted)
        plain.ready()
        counts = {"killed": 0, "survived": 0, "stillborn": 0}
        survivors, wrong_claims, claims_held, by_test = [], [], [], {}
        for i, m in enumerate(todo):
            path = os.path.join(tree, src_path(m["file"]))
            if args.planted:
                builds = [asan] if m["asan"] else [plain]
            elif args.no_asan or m.get("kind") in ("dead", "equivalent"):
                builds = [plain]
            else:
                builds = [plain, asan]
            res, test = try_mutant(builds, path, sources[m["file"]], m["mutated"])
            claim = m.get("kind") in ("dead", "equivalent")
            desc = (m["why"] + (" [asan build]" if m["asan"] else "") if args.planted else
                    "%s:%d %s %r -> %r" % (m["file"], m["line"], m["kind"], m["old"], m["new"]))
            if claim:
                if res == "killed":
                    wrong_claims.append("%s (by %s)" % (desc, test))
                else:
                    claims_held.append((res, desc))
            else:
                counts[res] += 1
                if res == "killed":
                    by_test[test] = by_test.get(test, 0) + 1
                if res == "survived" or args.planted:
                    survivors.append((res, test, desc))
            print("[%d/%d] %-9s %s%s" % (i + 1, len(todo), res.upper(), desc,
                                         " (by %s)" % test if test else ""), flush=True)
        secs = time.time() - t0
        n_run = len(todo) - len(claims_held) - len(wrong_claims)
        lines = ["mutants: %d run, killed %d, survived %d, stillborn (did not compile) %d, %.0f s"
                 % (n_run, counts["killed"], counts["survived"], counts["stillborn"], secs)]
        if not args.planted:
            lines.append("claimed dead or equivalent, run to check the claim: %d dead, %d equivalent; "
                         "%d held (survived or did not compile), %d WRONG (killed)"
                         % (sum(m.get("kind") == "dead" for m in todo),
                            sum(m.get("kind") == "equivalent" for m in todo),
                            len(claims_held), len(wrong_claims)))
        lines += ["killed by: " + ", ".join("%s %d" % kv for kv in sorted(by_test.items()))]
        if args.planted:
            lines += ["%s: %s%s" % (r.upper(), d, " (by %s)" % t if t else "") for r, t, d in survivors]
            if stale:
                lines.append("%d planted bugs no longer apply (source changed): FAILED" % stale)
        else:
            lines += ["SURVIVED %s" % d for _, _, d in survivors]
            lines += ["CLAIM WRONG (listed as dead/equivalent, but killed): %s" % d
                      for d in wrong_claims]
        os.makedirs(os.path.dirname(args.report), exist_ok=True)
        with open(args.report, "w") as f:
            f.write("\n".join(lines) + "\n")
        print("\n".join(lines))
        print("mutate: report written to %s" % args.report)
        if args.planted:
            return 0 if counts["survived"] == 0 and counts["stillborn"] == 0 and not stale else 1
        return 0 if counts["survived"] == 0 and not wrong_claims else 1
    finally:
        if args.keep:
            print("mutate: work tree kept in %s" % work)
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
