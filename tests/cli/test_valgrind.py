# SPDX-License-Identifier: MIT OR Apache-2.0
"""test_valgrind.py -- the command's main paths under valgrind memcheck:
no invalid access, no uninitialised use, no definite leak. Skipped (exit
77, with the reason) without valgrind or in a sanitizer build."""
import os
import shutil
import subprocess

from clitest import BIN, check, finish, skip, tmpdir, write, kuhn_path

if shutil.which("valgrind") is None:
    skip("valgrind is not installed")
if os.environ.get("U8GUARD_SANITIZE"):
    skip("sanitizer build: valgrind cannot run ASan binaries")

d = tmpdir()
bad = write(os.path.join(d, "bad"), b"a\xc0\xaf\n\xed\xa1\x8c\xed\xbe\xb4\xf4\x90\x80\x80\xe4\xbdA\xf0\x9f\x98")
# A 5-byte form cut by the end of the input: describe.c's lax reading
# stops at the last byte there is (a read past it would use a byte of the
# window no read filled, which memcheck reports).
cut = write(os.path.join(d, "cut"), b"ab\xf8\x80\x80")
inputs = [bad] + ([kuhn_path()] if kuhn_path() else [])
CASES = [["check", "--buffer-size", "3"] + inputs,
         ["check", "--json", "--max-errors", "0", "--buffer-size", "1"] + inputs,
         ["sanitize", "--buffer-size", "2", bad],
         ["sanitize", "-o", os.path.join(d, "out"), bad],
         ["sanitize", "-o", os.path.join(d, "nodir", "out"), bad],
         ["check", os.path.join(d, "missing"), d],
         ["explain", "ED A1 8C ED BE B4 C0 AF F8 88 80 80 80 FC 84 80 80 80 80 FE f0 9f 98"],
         ["explain", "c0a"], ["--help"], ["check", "--buffer-size", "0"],
         ["check", cut], ["explain", "--file", cut]]
for args in CASES:
    p = subprocess.run(["valgrind", "-q", "--error-exitcode=99", "--leak-check=full",
                        "--errors-for-leak-kinds=definite", BIN] + args,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=300)
    check(p.returncode != 99, "valgrind clean: u8guard %s" % " ".join(args)[:80], None,
          p.stderr.decode("utf-8", "replace")[-2000:])
finish()
