# SPDX-License-Identifier: MIT OR Apache-2.0
"""StreamDecoder's own behaviour: codecs.IncrementalDecoder's shape, large
chunks (the library is fed in pieces), strict errors, reset."""
import codecs

import pytest

import u8guard


def test_like_incremental_decoder():
    text = "h\u00e9llo \u4f60\u597d \U0001f600 " * 1000
    data = text.encode()
    ref = codecs.getincrementaldecoder("utf-8")()
    d = u8guard.StreamDecoder()
    for i in range(0, len(data), 7):
        assert d.decode(data[i:i + 7]) == ref.decode(data[i:i + 7])
    assert d.decode(b"", final=True) == ref.decode(b"", final=True)


def test_large_chunks_cross_pieces():
    # chunks of several MiB are fed to the library in 1 MiB pieces: errors
    # and escapes across piece boundaries must come out exactly
    unit = b"ab\xe4\xbd\xa0\xc0\xff\xf0\x9f\x98" + b"x" * 1000
    data = unit * 6000 + b"\xe4\xbd"
    for mode in ("replace", "ignore", "backslashreplace"):
        d = u8guard.StreamDecoder(errors=mode)
        out = d.feed(data[:3_000_001]) + d.feed(data[3_000_001:], final=True)
        assert out == data.decode("utf-8", mode)
        assert d.errors == list(u8guard.errors(data))


def test_strict_error_offsets_are_of_the_stream():
    d = u8guard.StreamDecoder()
    assert d.feed(b"abc\xe4") == "abc"
    with pytest.raises(u8guard.UTF8Error) as info:
        d.feed(b"\xbdz")
    e = info.value
    assert e.error == u8guard.Error(3, 2, u8guard.Kind.BAD_CONTINUATION)
    # start/end index the chunk (clamped: the error began in the last one)
    assert (e.object, e.start, e.end) == (b"\xbdz", 0, 1)
    d.reset()
    assert d.feed(b"ok", final=True) == "ok" and d.errors == [] and d.position == 2


def test_truncated_only_at_the_end():
    d = u8guard.StreamDecoder(errors="replace")
    assert d.feed(b"\xf0\x9f") == "" and d.errors == []
    assert d.feed(b"\x98") == "" and d.errors == []
    assert d.feed(b"", final=True) == "\ufffd"
    assert d.errors == [u8guard.Error(0, 3, u8guard.Kind.TRUNCATED)]


def test_finished_stream_refuses_more():
    d = u8guard.StreamDecoder()
    d.feed(b"a", final=True)
    with pytest.raises(ValueError):
        d.feed(b"b")
    d.reset()
    assert d.feed(b"b", True) == "b"


def test_errors_is_a_copy():
    d = u8guard.StreamDecoder(errors="ignore")
    d.feed(b"\xff", final=True)
    d.errors.clear()
    assert len(d.errors) == 1
