# SPDX-License-Identifier: MIT OR Apache-2.0
"""deny=...: policy classes (needs the library's policy API)."""
import pytest

import u8guard

K = u8guard.Kind
needs_policy = pytest.mark.skipif(not u8guard.HAVE_POLICY,
                                  reason="libu8guard built without the policy API")

RLO = "\u202e".encode()  # bidi
TEXT = b"a" + RLO + b"b\x00c\xef\xbb\xbf" + "\U000e0041".encode() + b"\xc0"


@pytest.mark.skipif(u8guard.HAVE_POLICY, reason="the policy API is present")
def test_deny_refused_without_policy():
    for call in (lambda: u8guard.is_valid(b"") and u8guard.errors(b"", deny=["bidi"]),
                 lambda: u8guard.count_errors(b"", deny="bidi"),
                 lambda: u8guard.decode(b"", deny=("c0",)),
                 lambda: u8guard.StreamDecoder(deny="all")):
        with pytest.raises(NotImplementedError):
            call()
    # an empty deny is the default, not a policy
    assert u8guard.count_errors(b"\xff", deny=()) == 1 and u8guard.decode(b"x", deny="") == "x"


@needs_policy
def test_disallowed_errors():
    errs = list(u8guard.errors(TEXT, deny=["bidi", "nul", "bom", "tag"]))
    assert errs == [
        u8guard.Error(1, 3, K.DISALLOWED, "bidi", 0x202E),
        u8guard.Error(5, 1, K.DISALLOWED, "nul", 0),
        u8guard.Error(7, 3, K.DISALLOWED, "bom", 0xFEFF),
        u8guard.Error(10, 4, K.DISALLOWED, "tag", 0xE0041),
        u8guard.Error(14, 1, K.OVERLONG),
    ]
    assert u8guard.count_errors(TEXT, deny="all") == 5
    assert u8guard.count_errors(TEXT, deny="bidi,tag") == 3
    assert u8guard.first_error(TEXT, deny=["c1"]) == u8guard.Error(14, 1, K.OVERLONG)
    assert repr(errs[0]) == "Error(offset=1, length=3, kind=DISALLOWED, cls='bidi', code_point=U+202E)"


@needs_policy
def test_disallowed_handlers():
    deny = ("bidi", "tag")
    assert u8guard.sanitize(TEXT, deny=deny) == b"a\xef\xbf\xbdb\x00c\xef\xbb\xbf\xef\xbf\xbd\xef\xbf\xbd"
    assert u8guard.sanitize(TEXT, deny=deny, errors="drop") == b"ab\x00c\xef\xbb\xbf"
    assert (u8guard.sanitize(TEXT, deny=deny, errors="escape")
            == b"a\\u202eb\x00c\xef\xbb\xbf\\U000e0041\\xc0")
    assert u8guard.decode(TEXT, "backslashreplace", deny=deny) == "a\\u202eb\x00c\ufeff\\U000e0041\\xc0"
    with pytest.raises(u8guard.UTF8Error) as info:
        u8guard.decode(TEXT, deny=deny)
    assert (info.value.start, info.value.end, info.value.kind, info.value.reason) == (
        1, 4, K.DISALLOWED, "disallowed")
    assert info.value.error.cls == "bidi"


@needs_policy
def test_disallowed_stream_every_split():
    deny = "all"
    for mode in ("replace", "ignore", "backslashreplace"):
        want = u8guard.decode(TEXT, mode, deny=deny)
        for i in range(len(TEXT) + 1):
            d = u8guard.StreamDecoder(deny=deny, errors=mode)
            assert d.feed(TEXT[:i]) + d.feed(TEXT[i:], True) == want, (mode, i)
            assert d.errors == list(u8guard.errors(TEXT, deny=deny))


@needs_policy
def test_unknown_class():
    with pytest.raises(ValueError):
        u8guard.count_errors(b"", deny=["bidi", "emoji"])
    with pytest.raises(TypeError):
        u8guard.count_errors(b"", deny=[3])
