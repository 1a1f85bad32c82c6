# SPDX-License-Identifier: MIT OR Apache-2.0
"""Property tests: u8guard agrees with CPython's UTF-8 decoder on arbitrary
bytes, for strict (same start and end), replace, ignore and
backslashreplace; the stream agrees with the one-shot functions at every
split."""
import pytest
from hypothesis import given, strategies as st

import u8guard

# Arbitrary bytes, and bytes built from pieces that are near UTF-8 (leads,
# continuations, whole characters), where the interesting errors live.
PIECES = st.one_of(
    st.binary(max_size=4),
    st.sampled_from([b"\x80", b"\xbf", b"\xc0", b"\xc1", b"\xc2", b"\xdf", b"\xe0", b"\xe0\xa0",
                     b"\xed", b"\xed\xa0", b"\xed\x9f", b"\xef", b"\xf0", b"\xf0\x90",
                     b"\xf0\x8f", b"\xf4", b"\xf4\x8f", b"\xf4\x90", b"\xf5", b"\xff", b"\n"]),
    st.text(max_size=3).map(lambda s: s.encode("utf-8", "surrogatepass")),
)
NEAR_UTF8 = st.lists(PIECES, max_size=24).map(b"".join)
DATA = st.one_of(st.binary(max_size=64), NEAR_UTF8)
MODES = ("replace", "ignore", "backslashreplace")


@given(DATA)
def test_strict_matches_cpython(data):
    try:
        want = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        with pytest.raises(u8guard.UTF8Error) as info:
            u8guard.decode(data)
        assert (info.value.start, info.value.end) == (exc.start, exc.end)
        assert info.value.object == data
        return
    assert u8guard.decode(data) == want
    assert u8guard.is_valid(data)


@pytest.mark.parametrize("mode", MODES)
@given(data=DATA)
def test_handler_matches_cpython(mode, data):
    assert u8guard.decode(data, mode) == data.decode("utf-8", mode)


@given(DATA)
def test_sanitize_matches_cpython(data):
    for mode, handler in zip(("replace", "drop", "escape"), MODES):
        assert u8guard.sanitize(data, errors=mode) == data.decode("utf-8", handler).encode()


@given(DATA)
def test_errors_agree(data):
    errs = list(u8guard.errors(data))
    assert u8guard.count_errors(data) == len(errs)
    assert u8guard.first_error(data) == (errs[0] if errs else None)
    assert u8guard.is_valid(data) is (not errs)
    # each error is one U+FFFD, and the bytes between errors are valid
    assert data.decode("utf-8", "replace").count("\ufffd") == (
        len(errs) + data.decode("utf-8", "ignore").count("\ufffd"))
    pos = 0
    for e in errs:
        assert e.offset >= pos and 1 <= e.length <= 3
        assert u8guard.is_valid(data[pos:e.offset])
        pos = e.offset + e.length
    assert u8guard.is_valid(data[pos:])


@pytest.mark.parametrize("mode", ("strict",) + MODES)
@given(data=DATA, cuts=st.lists(st.integers(min_value=0, max_value=64), max_size=4))
def test_stream_matches_one_shot(mode, data, cuts):
    cuts = sorted({min(c, len(data)) for c in cuts})
    chunks = [data[a:b] for a, b in zip([0] + cuts, cuts + [len(data)])]
    d = u8guard.StreamDecoder(errors=mode)
    errs = list(u8guard.errors(data))
    if mode == "strict" and errs:
        with pytest.raises(u8guard.UTF8Error) as info:
            for i, c in enumerate(chunks):
                d.feed(c, final=i == len(chunks) - 1)
        assert info.value.error == errs[0]
        return
    out = "".join(d.feed(c, final=i == len(chunks) - 1) for i, c in enumerate(chunks))
    assert out == u8guard.decode(data, mode)
    assert d.errors == errs
    assert d.position == len(data)


@given(DATA)
def test_stream_byte_by_byte(data):
    for mode in MODES:
        d = u8guard.StreamDecoder(errors=mode)
        out = "".join(d.feed(data[i:i + 1]) for i in range(len(data))) + d.feed(b"", True)
        assert out == data.decode("utf-8", mode)
        assert d.errors == list(u8guard.errors(data))
