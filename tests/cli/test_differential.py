# SPDX-License-Identifier: MIT OR Apache-2.0
"""test_differential.py -- `sanitize` against CPython's
bytes.decode('utf-8', 'replace') (which substitutes maximal subparts too),
and `check --json` against u8model.py, an independent implementation of
doc/contract.md section 2: on Kuhn's stress test, the real text of the shared
corpus, and random byte strings."""
import json
import os
import random

from clitest import run, equal, finish, tmpdir, write, kuhn_path, SHARED
import u8model


def compare(path, data, label):
    rc, out, err = run(["sanitize", path])
    expected = data.decode("utf-8", "replace").encode("utf-8")
    invalid = 1 if expected != data else 0
    equal((rc, out), (invalid, expected), "sanitize %s = CPython's replace" % label)
    rc, out, err = run(["check", "--json", "--max-errors", "0", path])
    got = json.loads(out)
    got["file"] = "?"
    equal(got, u8model.check_json(data, "?", 0), "check --json %s = the model" % label)
    equal(rc, invalid, "check %s: exit status" % label)


def main():
    d = tmpdir()
    k = kuhn_path()
    if k:
        with open(k, "rb") as f:
            compare(k, f.read(), "Kuhn's UTF-8-test.txt")
    else:
        print("NOTE: Kuhn's UTF-8-test.txt not found under U8GUARD_SHARED=%r; skipped "
              "that input" % SHARED)
    corpus = os.path.join(SHARED, "textcorpus")
    n = 0
    for root, _, names in sorted(os.walk(corpus)):
        for name in sorted(names):
            if name.endswith(".txt"):
                p = os.path.join(root, name)
                with open(p, "rb") as f:
                    data = f.read()
                compare(p, data, name)
                n += 1
    if n == 0:
        print("NOTE: no text corpus under %r; skipped real text" % corpus)
    rnd = random.Random(3629)
    interesting = list(range(0x80, 0x100)) + [0x0A, 0x41]
    for i in range(150):
        size = rnd.choice([1, 2, 3, 4, 5, 8, 17, 64, 300])
        if i % 3 == 0:
            data = bytes(rnd.randrange(256) for _ in range(size))
        else:
            data = bytes(rnd.choice(interesting) for _ in range(size))
        compare(write(os.path.join(d, "r"), data), data, "random %s" % data[:24].hex())
    big = bytes(rnd.randrange(256) for _ in range(1 << 20))
    compare(write(os.path.join(d, "big"), big), big, "1 MiB of random bytes")
    finish()


main()
