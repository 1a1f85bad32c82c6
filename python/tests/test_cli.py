# SPDX-License-Identifier: MIT OR Apache-2.0
"""python3 -m u8guard check|sanitize: output formats and exit status."""
import json
import subprocess
import sys

import pytest

import u8guard


def run(*args, stdin=b""):
    p = subprocess.run([sys.executable, "-m", "u8guard", *args], input=stdin,
                       capture_output=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


@pytest.fixture
def files(tmp_path):
    good = tmp_path / "good.txt"
    good.write_bytes("ok \u00e9\n".encode())
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"line one\nab\xc0\xafz\n\xe4\xbd")
    return good, bad


@pytest.mark.parametrize("bufsize", ["1", "2", "3", "64K"])
def test_check_json(files, bufsize):
    good, bad = files
    rc, out, _ = run("check", "--json", "--buffer-size", bufsize, str(good), str(bad))
    assert rc == 1
    lines = [json.loads(x) for x in out.decode().splitlines()]
    assert lines[0] == {"file": str(good), "valid": True, "bytes": 6, "error_count": 0,
                        "errors": []}
    assert lines[1] == {"file": str(bad), "valid": False, "bytes": 17, "error_count": 3,
                        "errors": [
                            {"offset": 11, "length": 1, "kind": "overlong", "line": 2, "column": 3},
                            {"offset": 12, "length": 1, "kind": "unexpected_continuation",
                             "line": 2, "column": 4},
                            {"offset": 15, "length": 2, "kind": "truncated", "line": 3, "column": 1}]}
    # the object's text is exactly the command's (key order, separators)
    assert out.decode().splitlines()[0] == (
        '{"file": "%s", "valid": true, "bytes": 6, "error_count": 0, "errors": []}' % good)


def test_check_human_and_exit_status(files):
    good, bad = files
    assert run("check", str(good)) == (0, b"%s: valid UTF-8, 6 bytes\n" % bytes(good), b"")
    rc, out, _ = run("check", "--max-errors", "1", str(bad))
    assert rc == 1
    assert out.decode().splitlines() == [
        "%s:2:3: offset 11: overlong (C0)" % bad,
        "%s: 3 errors in 17 bytes (first 1 shown)" % bad]
    assert run("check", "-q", str(bad)) == (1, b"", b"")
    assert run("check", "-l", str(good), str(bad)) == (1, b"%s\n" % bytes(bad), b"")
    rc, out, err = run("check", str(bad.parent / "missing"))
    assert rc == 2 and b"missing" in err
    assert run("check", "--bogus")[0] == 2
    assert run("check", "--json", "-", stdin=b"\xff")[1].startswith(b'{"file": "-", "valid": false')


@pytest.mark.parametrize("mode,handler", [("replace", "replace"), ("drop", "ignore"),
                                          ("escape", "backslashreplace")])
def test_sanitize(files, tmp_path, mode, handler):
    good, bad = files
    data = bad.read_bytes()
    rc, out, _ = run("sanitize", "--on-error", mode, "--buffer-size", "2", str(bad))
    assert (rc, out) == (1, data.decode("utf-8", handler).encode())
    dest = tmp_path / "out.txt"
    assert run("sanitize", "--on-error", mode, "-o", str(dest), str(bad))[0] == 1
    assert dest.read_bytes() == data.decode("utf-8", handler).encode()
    assert run("sanitize", str(good)) == (0, good.read_bytes(), b"")
    assert run("sanitize", stdin=b"a\xffb") == (1, b"a\xef\xbf\xbdb", b"")


@pytest.mark.skipif(not u8guard.HAVE_POLICY, reason="libu8guard built without the policy API")
def test_check_deny(tmp_path):
    f = tmp_path / "bidi.txt"
    f.write_bytes("x\u202e".encode())
    rc, out, _ = run("check", "--json", "--deny", "bidi", str(f))
    assert rc == 1
    assert json.loads(out)["errors"] == [{"offset": 1, "length": 3, "kind": "disallowed",
                                          "line": 1, "column": 2, "class": "bidi",
                                          "code_point": "U+202E"}]
