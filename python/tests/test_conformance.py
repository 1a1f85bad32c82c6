# SPDX-License-Identifier: MIT OR Apache-2.0
"""Exact answers on the conformance corpus (corpus/conformance)."""
import pytest

import u8guard
from conftest import CASES, error_triples


def test_corpus_is_loaded():
    # the corpus has hundreds of cases, valid and invalid ones
    assert len(CASES) > 500
    assert any(errs for _, _, errs in CASES) and any(not errs for _, _, errs in CASES)


def test_errors(case):
    _, data, expected = case
    assert error_triples(u8guard.errors(data)) == expected
    assert u8guard.count_errors(data) == len(expected)
    assert u8guard.is_valid(data) is (not expected)


def test_first_error(case):
    _, data, expected = case
    first = u8guard.first_error(data)
    if not expected:
        assert first is None
    else:
        assert (first.offset, first.length, str(first.kind)) == expected[0]
        assert first.cls is None and first.code_point is None


def test_strict_decode(case):
    _, data, expected = case
    if not expected:
        assert u8guard.decode(data) == data.decode("utf-8")
        return
    with pytest.raises(u8guard.UTF8Error) as info:
        u8guard.decode(data)
    off, length, kind = expected[0]
    e = info.value
    assert (e.start, e.end, e.reason, e.kind) == (off, off + length, kind, u8guard.Kind(kind))
    assert e.object == data and e.encoding == "utf-8"
    assert isinstance(e, UnicodeDecodeError)


def test_handlers(case):
    _, data, expected = case
    for mode in ("replace", "ignore", "backslashreplace"):
        assert u8guard.decode(data, mode) == data.decode("utf-8", mode), mode
    repl = data.decode("utf-8", "replace")
    assert u8guard.sanitize(data) == repl.encode()
    assert repl.count("\ufffd") - data.decode("utf-8", "ignore").count("\ufffd") == len(expected)
    assert u8guard.sanitize(data, errors="drop") == data.decode("utf-8", "ignore").encode()
    assert (u8guard.sanitize(data, errors="escape")
            == data.decode("utf-8", "backslashreplace").encode())


def test_stream_every_split(case):
    _, data, expected = case
    for mode in ("replace", "ignore", "backslashreplace"):
        want = data.decode("utf-8", mode)
        for i in range(len(data) + 1):
            d = u8guard.StreamDecoder(errors=mode)
            got = d.feed(data[:i]) + d.feed(data[i:], final=True)
            assert got == want, (mode, i)
            assert error_triples(d.errors) == expected


def test_design_examples():
    K = u8guard.Kind
    E = u8guard.Error
    assert list(u8guard.errors(b"\xc0\x80")) == [E(0, 1, K.OVERLONG),
                                                 E(1, 1, K.UNEXPECTED_CONTINUATION)]
    assert list(u8guard.errors(b"\xe4\xbd\x41")) == [E(0, 2, K.BAD_CONTINUATION)]
    assert list(u8guard.errors(b"\xf0\x9f\x98")) == [E(0, 3, K.TRUNCATED)]
    d = u8guard.StreamDecoder()
    assert d.feed(b"\xe4\xbd") == "" and d.feed(b"\xa0", final=True) == "\u4f60"
    assert d.errors == []


def test_kind_and_error_objects():
    assert str(u8guard.Kind.OVERLONG) == "overlong"
    assert u8guard.Kind("too_large") is u8guard.Kind.TOO_LARGE
    assert [k.name.lower() for k in u8guard.Kind] == [k.value for k in u8guard.Kind]
    e = u8guard.first_error(b"ab\xff")
    assert e == u8guard.Error(2, 1, u8guard.Kind.TOO_LARGE)
    assert repr(e) == "Error(offset=2, length=1, kind=TOO_LARGE)"
    with pytest.raises(AttributeError):
        e.offset = 3
    assert hash(e) == hash(u8guard.Error(2, 1, u8guard.Kind.TOO_LARGE))


def test_bad_arguments():
    with pytest.raises(TypeError):
        u8guard.is_valid("text")
    with pytest.raises(TypeError):
        u8guard.decode("text")
    with pytest.raises(ValueError):
        u8guard.decode(b"", "surrogateescape")
    with pytest.raises(ValueError):
        u8guard.sanitize(b"", errors="ignore")
    with pytest.raises(ValueError):
        u8guard.StreamDecoder(errors="nope")


def test_utf8error_pickles():
    import pickle
    with pytest.raises(u8guard.UTF8Error) as info:
        u8guard.decode(b"a\xed\xa0\x80")
    e = pickle.loads(pickle.dumps(info.value))
    assert (type(e), e.start, e.end, e.kind, e.error) == (
        u8guard.UTF8Error, 1, 2, u8guard.Kind.SURROGATE, info.value.error)
