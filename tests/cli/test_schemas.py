# SPDX-License-Identifier: MIT OR Apache-2.0
"""test_schemas.py -- the JSON the u8guard command prints matches the
schemas of doc/schemas/ (doc/cli.md), and the schemas reject what the
command must never print.

    test_schemas.py --u8guard BIN check
        `check --json` on valid, invalid (every kind), empty, truncated and
        oddly named files, standard input and --max-errors.
    test_schemas.py --u8guard BIN audit --plugin P.so... [--manifest M]
        `audit --json` (built-in decoders, the given plugins, a decoder
        made unavailable), `audit --replay-one`, the manifest lines
        `audit --record` writes for the plugins, and the project's
        recorded manifest M.

Needs the jsonschema module (Debian: python3-jsonschema); without it the
test is skipped (exit 77) and says so. Exit 0 when every document
validates and every broken document is rejected, 1 otherwise."""
import argparse
import copy
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMA_DIR = os.path.join(HERE, "..", "..", "doc", "schemas")
failures = []


def fail(what, detail=""):
    failures.append(what)
    print("FAIL: %s%s" % (what, ("\n    " + detail) if detail else ""))


def load_validators(jsonschema):
    """Returns {name: validator} for every doc/schemas/NAME.schema.json,
    cross-file $refs (urn:u8guard:schema:...) resolved among them."""
    schemas = {}
    for f in sorted(os.listdir(SCHEMA_DIR)):
        if f.endswith(".schema.json"):
            with open(os.path.join(SCHEMA_DIR, f), encoding="utf-8") as fh:
                schemas[f[:-len(".schema.json")]] = json.load(fh)
    cls = jsonschema.Draft202012Validator
    for name, s in schemas.items():
        cls.check_schema(s)
        if s.get("$id") != "urn:u8guard:schema:" + name:
            fail("schema %s: $id is %r, not urn:u8guard:schema:%s" % (name, s.get("$id"), name))
    try:
        from referencing import Registry, Resource
        registry = Registry().with_resources(
            (s["$id"], Resource.from_contents(s)) for s in schemas.values())
        return {n: cls(s, registry=registry) for n, s in schemas.items()}
    except ImportError:  # jsonschema before 4.18 (Debian 12 has 4.10)
        # Its RefResolver joins a local "#/..." with the scope by
        # urllib.parse.urljoin, which leaves a urn: base out (urn is not a
        # scheme urljoin resolves against): inside common, reached from
        # another schema, "#/$defs/kind" was looked up in the other one.
        # Each local $ref is made absolute (its own schema's $id) first.
        schemas = {n: absolute_refs(s, s["$id"]) for n, s in schemas.items()}
        store = {s["$id"]: s for s in schemas.values()}
        return {n: cls(s, resolver=jsonschema.RefResolver.from_schema(s, store=store))
                for n, s in schemas.items()}


def absolute_refs(node, base):
    """node with every "$ref": "#..." in it written as base + "#..."."""
    if isinstance(node, dict):
        return {k: (base + v if k == "$ref" and isinstance(v, str) and v.startswith("#")
                    else absolute_refs(v, base)) for k, v in node.items()}
    if isinstance(node, list):
        return [absolute_refs(v, base) for v in node]
    return node


def valid(v, doc, what):
    """Fails unless doc validates against validator v."""
    errs = sorted(v.iter_errors(doc), key=lambda e: list(e.path))
    if errs:
        fail(what + ": does not match its schema",
             "; ".join("%s: %s" % ("/".join(map(str, e.path)), e.message) for e in errs[:5]))
    return not errs


def rejected(v, doc, what):
    """Fails when doc, deliberately broken, still validates."""
    if v.is_valid(doc):
        fail("schema accepts a broken document: " + what, json.dumps(doc)[:300])


def run(u8guard, args, want_rc, cwd=None, stdin=None, env=None):
    p = subprocess.run([u8guard] + args, cwd=cwd, input=stdin, env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode not in want_rc:
        fail("u8guard %s: exit %d, expected %s" % (" ".join(args), p.returncode, want_rc),
             p.stderr.decode("utf-8", "replace")[:500])
    return p.stdout


def lines_of(out, what):
    """The JSON objects of out, one per line."""
    docs = []
    for i, line in enumerate(out.decode("utf-8").splitlines()):
        try:
            docs.append(json.loads(line))
        except ValueError as e:
            fail("%s: line %d is not JSON: %s" % (what, i + 1, e), line[:200])
    return docs


def test_check(u8guard, vs):
    v = vs["check"]
    d = tempfile.mkdtemp(prefix="u8g-schemas-")
    files = {
        "valid.txt": b"A\xe2\x82\xac\xf0\x9f\x98\x80\xef\xbb\xbf\x00\xf4\x8f\xbf\xbf\n",
        "empty.txt": b"",
        # one error of every kind, over two lines
        "kinds.txt": b"\x80 \xc0\xaf \xed\xa0\x80\n\xf4\x90\x80\x80 \xe4\xbdA \xf0\x9f\x98",
        "bad\xff\xc0\xaf.txt".encode("latin-1"): b"ok",
        b'q"b\\c\nd\te\x01f.txt': b"\xfe",
    }
    for name, data in files.items():
        with open(os.path.join(os.fsencode(d), os.fsencode(name)), "wb") as f:
            f.write(data)
    names = [os.fsencode(n) for n in files]
    docs = lines_of(run(u8guard, ["check", "--json"] + names, (1,), cwd=d), "check --json")
    if len(docs) != len(files):
        fail("check --json: %d lines for %d files" % (len(docs), len(files)))
    for doc in docs:
        valid(v, doc, "check --json %r" % doc.get("file"))
    kinds = {e["kind"] for doc in docs for e in doc.get("errors", [])}
    want = {"unexpected_continuation", "overlong", "surrogate", "too_large",
            "bad_continuation", "truncated"}
    if kinds != want:
        fail("check --json: the test files should show every kind", "got %s" % sorted(kinds))
    if not any("file_hex" in doc for doc in docs):
        fail("check --json: the non-UTF-8 name should give file_hex")
    for args, stdin, rc in ((["check", "--json", "--max-errors", "1", "kinds.txt"], None, 1),
                            (["check", "--json", "--max-errors=0", "-"], b"\xc0\x80" * 5, 1),
                            (["check", "--json", "--buffer-size", "1", "-"], b"\xe4\xbd\xa0", 0),
                            (["check", "--json", "--deny", "all", "-"],
                             "a\u202e\x00\U000e0041\U0010fffd\ufeff".encode() + b"\xc0", 1)):
        for doc in lines_of(run(u8guard, args, (rc,), cwd=d, stdin=stdin), " ".join(args)):
            valid(v, doc, " ".join(args))
    # The schema must be able to fail: broken copies of a real line.
    real = next(doc for doc in docs if doc.get("errors"))
    for what, mutate in (
            ("length 4", lambda o: o["errors"][0].update(length=4)),
            ("unknown kind", lambda o: o["errors"][0].update(kind="bogus")),
            ("column 0", lambda o: o["errors"][0].update(column=0)),
            ("missing error_count", lambda o: o.pop("error_count")),
            ("extra member", lambda o: o.update(extra=1)),
            ("valid with errors", lambda o: o.update(valid=True)),
            ("lower-case file_hex", lambda o: o.update(file_hex="ab"))):
        broken = copy.deepcopy(real)
        mutate(broken)
        rejected(v, broken, "check: " + what)
    denied = {"offset": 1, "length": 3, "kind": "disallowed", "line": 1, "column": 2,
              "class": "bidi", "code_point": "U+202E"}
    doc = {"file": "-", "valid": False, "bytes": 4, "error_count": 1, "errors": [denied]}
    valid(v, doc, "check: a disallowed error")
    for what, mutate in (
            ("disallowed without class", lambda e: e.pop("class")),
            ("disallowed, lower-case code_point", lambda e: e.update(code_point="U+202e")),
            ("unknown class", lambda e: e.update({"class": "emoji"})),
            ("class on an overlong", lambda e: e.update(kind="overlong", length=1))):
        broken = copy.deepcopy(doc)
        mutate(broken["errors"][0])
        rejected(v, broken, "check: " + what)


def test_audit(u8guard, vs, plugins, manifest):
    v = vs["audit"]
    base = ["audit", "--json", "--cases", "200", "--timeout-ms", "10000"]
    args = base + [a for p in plugins for a in ("--plugin", p)]
    docs = lines_of(run(u8guard, args, (1,)), "audit --json")
    for doc in docs:
        valid(v, doc, "audit --json, decoder %s" % doc.get("decoder"))
    if len(docs) < len(plugins) + 1:
        fail("audit --json: %d lines, expected the built-ins and %d plugins" % (len(docs), len(plugins)))
    if not any(doc.get("examples") for doc in docs):
        fail("audit --json: no decoder had an example (a faulty plugin should)")
    # A decoder that cannot run here (python3 not on PATH): status
    # unavailable, with a reason; not audited, so exit status 2.
    env = dict(os.environ, PATH="/nonexistent")
    out = run(u8guard, ["audit", "--json", "--cases", "10", "--only", "python"], (2,), env=env)
    un = [doc for doc in lines_of(out, "audit --json (no python)") if doc.get("status") == "unavailable"]
    if not un:
        fail("audit --json with PATH=/nonexistent: python should be unavailable")
    for doc in un:
        valid(v, doc, "audit --json, unavailable decoder %s" % doc.get("decoder"))
    real = next(doc for doc in docs if doc.get("examples"))
    for what, mutate in (
            ("unknown status", lambda o: o.update(status="fine")),
            ("class missing", lambda o: o["classes"].pop("block")),
            ("unknown class", lambda o: o["classes"].update(bogus={"agree": 0, "disagree": 0, "known": 0})),
            ("upper-case hex", lambda o: o["examples"][0].update(hex="C080")),
            ("reason without unavailable", lambda o: o.update(reason="x"))):
        broken = copy.deepcopy(real)
        mutate(broken)
        rejected(v, broken, "audit: " + what)

    # --replay-one: what every decoder says about one input.
    d = tempfile.mkdtemp(prefix="u8g-schemas-")
    one = os.path.join(d, "one.bin")
    with open(one, "wb") as f:
        f.write(b"\xf4\x90\x80\x80")
    docs = lines_of(run(u8guard, ["audit", "--replay-one", one] +
                        [a for p in plugins for a in ("--plugin", p)], (0,)), "audit --replay-one")
    for doc in docs:
        valid(vs["audit-replay-one"], doc, "audit --replay-one")
    if len(docs) != 1:
        fail("audit --replay-one: %d lines, expected 1" % len(docs))
    else:
        broken = copy.deepcopy(docs[0])
        broken["u8guard"]["first_error"]["length"] = 0
        rejected(vs["audit-replay-one"], broken, "replay-one: first_error length 0")

    # --record: the manifest lines written for the plugins' findings.
    rec = os.path.join(d, "rec")
    os.mkdir(rec)
    run(u8guard, ["audit", "--no-builtin", "--cases", "200", "--timeout-ms", "10000",
                  "--record", rec] + [a for p in plugins for a in ("--plugin", p)], (1,))
    entries = []
    mpath = os.path.join(rec, "manifest.jsonl")
    if not os.path.exists(mpath):
        fail("audit --record: no manifest.jsonl written")
    else:
        with open(mpath, "rb") as f:
            entries = lines_of(f.read(), "recorded manifest")
    if manifest:
        with open(manifest, "rb") as f:
            entries += lines_of(f.read(), manifest)
    mv = vs["regression-manifest"]
    for e in entries:
        valid(mv, e, "manifest entry %s/%s" % (e.get("decoder"), e.get("hex")))
    if not entries:
        fail("no manifest entry to validate")
    else:
        for what, mutate in (
                ("bad classification", lambda o: o.update(classification="maybe")),
                ("found_at not UTC", lambda o: o.update(found_at="2026-11-22 19:15")),
                ("short sha256", lambda o: o.update(sha256="abc"))):
            broken = copy.deepcopy(entries[0])
            mutate(broken)
            rejected(mv, broken, "manifest: " + what)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--u8guard", required=True)
    ap.add_argument("--plugin", action="append", default=[])
    ap.add_argument("--manifest")
    ap.add_argument("what", choices=("check", "audit"))
    a = ap.parse_args()
    try:
        import jsonschema
    except ImportError:
        print("SKIP: the Python module jsonschema is missing (Debian: apt-get install "
              "python3-jsonschema); the JSON schemas of doc/schemas are not checked")
        return 77
    vs = load_validators(jsonschema)
    a.u8guard = os.path.abspath(a.u8guard)
    a.plugin = [os.path.abspath(p) for p in a.plugin]
    if a.what == "check":
        test_check(a.u8guard, vs)
    else:
        test_audit(a.u8guard, vs, a.plugin, a.manifest)
    if failures:
        print("test_schemas %s: %d failures" % (a.what, len(failures)))
        return 1
    print("test_schemas %s: every document matches doc/schemas, every broken one is rejected"
          % a.what)
    return 0


if __name__ == "__main__":
    sys.exit(main())
