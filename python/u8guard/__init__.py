# SPDX-License-Identifier: MIT OR Apache-2.0
"""u8guard: a strict UTF-8 decoder (RFC 3629), with exact errors.

Every error has an offset, a length (the Unicode "maximal subpart", so one
U+FFFD per error, as CPython's decoder) and a kind naming what is wrong
(``Kind.OVERLONG``, ``Kind.SURROGATE``, ...). Characters of policy classes
(``"bidi"``, ``"c0"``, ...) can be denied; they are then errors of kind
``Kind.DISALLOWED``. The rules are those of the C library (doc/contract.md
in the repository).

Every function takes any object with the buffer protocol (bytes, bytearray,
memoryview, mmap) and reads it in place; inputs of a few KiB and more are
checked with the GIL released.
"""
import enum as _enum
from typing import Iterable, Iterator, List, NamedTuple, Optional, Union

from . import _core

__all__ = [
    "Kind", "Error", "UTF8Error", "StreamDecoder", "is_valid", "first_error", "errors",
    "count_errors", "sanitize", "decode", "CLASSES", "HAVE_POLICY",
]
__version__ = "0.1.0"

#: True when the library this module was built with has policy classes and
#: handlers (deny=..., sanitize(errors="drop"/"escape") under a policy).
HAVE_POLICY = bool(_core.HAVE_POLICY)

#: The policy class names ``deny`` accepts ("all" means every one).
CLASSES = ("nul", "c0", "del", "c1", "bidi", "noncharacter", "private_use", "bom",
           "tag", "separator", "all")


class Kind(_enum.Enum):
    """What is wrong with an ill-formed sequence (or that a character is denied).

    Members are named like the C library's kinds; ``str(kind)`` and
    ``kind.value`` are the C names (``str(Kind.OVERLONG) == "overlong"``).
    """

    UNEXPECTED_CONTINUATION = "unexpected_continuation"
    OVERLONG = "overlong"
    SURROGATE = "surrogate"
    TOO_LARGE = "too_large"
    BAD_CONTINUATION = "bad_continuation"
    TRUNCATED = "truncated"
    DISALLOWED = "disallowed"

    def __str__(self) -> str:
        return self.value


# C kind numbers (u8guard_kind) to members; 0 is U8GUARD_OK, never an error.
_KINDS = (None,) + tuple(Kind)
assert all(_core.kind_name(i) == k.value for i, k in enumerate(_KINDS) if i and i < 7)


def _class_name(bit: int) -> Optional[str]:
    return _core.class_name(bit) if bit else None


class Error(NamedTuple):
    """One error: ``offset`` and ``length`` in bytes (from the start of the
    input, or of the stream), ``kind`` (a Kind), and for a disallowed
    character its class name ``cls`` and ``code_point`` (else None).
    Immutable; compares and hashes as a tuple."""

    offset: int
    length: int
    kind: Kind
    cls: Optional[str] = None
    code_point: Optional[int] = None

    def __repr__(self) -> str:
        extra = ""
        if self.cls is not None:
            extra = ", cls=%r, code_point=U+%04X" % (self.cls, self.code_point)
        return "Error(offset=%d, length=%d, kind=%s%s)" % (
            self.offset, self.length, self.kind.name, extra)


def _error(t) -> Error:
    off, length, kind, cls, cp = t
    if cls:
        return Error(off, length, _KINDS[kind], _class_name(cls), cp)
    return Error(off, length, _KINDS[kind])


class UTF8Error(UnicodeDecodeError):
    """Raised by strict decoding at the first error. A UnicodeDecodeError
    (so ``except UnicodeDecodeError`` catches it) whose ``start``/``end``
    are the error's offset and offset + length in ``object``, whose
    ``reason`` is the kind's name, and which carries ``kind`` (a Kind) and
    ``error`` (the Error, offsets from the start of the input or stream)."""

    def __init__(self, obj, error: Error, start: Optional[int] = None,
                 end: Optional[int] = None):
        if start is None:
            start = error.offset
        if end is None:
            end = start + error.length
        super().__init__("utf-8", obj, start, end, str(error.kind))
        self.kind = error.kind
        self.error = error

    def __reduce__(self):
        return (_rebuild_utf8error, (self.object, tuple(self.error), self.start, self.end))


def _rebuild_utf8error(obj, error, start, end):
    return UTF8Error(obj, Error(*error), start, end)


def _deny_bits(deny: Union[str, Iterable[str]]) -> int:
    """Class bits from a class name, a comma-separated list, or names."""
    names = deny.split(",") if isinstance(deny, str) else list(deny)
    names = [n for n in names if n != ""]
    if not names:
        return 0
    if not HAVE_POLICY:
        raise NotImplementedError(
            "deny needs libu8guard's policy API, which this build of u8guard lacks")
    bits = 0
    for name in names:
        if not isinstance(name, str):
            raise TypeError("deny: class names are str, not %s" % type(name).__name__)
        b = _core.class_bits(name)
        if b == 0:
            raise ValueError("deny: unknown class %r (known: %s)" % (name, ", ".join(CLASSES)))
        bits |= b
    return bits


_SANITIZE_HANDLERS = {"replace": 0, "drop": 1, "escape": 2}
_DECODE_HANDLERS = {"strict": -1, "replace": 0, "drop": 1, "ignore": 1, "escape": 2,
                    "backslashreplace": 2}


def _handler(table, errors: str) -> int:
    try:
        return table[errors]
    except (KeyError, TypeError):
        raise ValueError("errors must be one of %s, not %r"
                         % (", ".join(repr(k) for k in table), errors)) from None


is_valid = _core.is_valid


def first_error(data, *, deny: Union[str, Iterable[str]] = ()) -> Optional[Error]:
    """Return the first error of ``data``, or None when it is valid (with
    the classes of ``deny`` denied)."""
    t = _core.first_error(data, _deny_bits(deny))
    return None if t is None else _error(t)


def errors(data, *, deny: Union[str, Iterable[str]] = ()) -> Iterator[Error]:
    """Yield every error of ``data`` in order, lazily (in batches found with
    the GIL released). ``data`` is held (a memoryview of it, so a bytearray
    cannot be resized) until the iterator is exhausted or dropped."""
    view = memoryview(data)
    bits = _deny_bits(deny)
    return _errors_gen(view, bits)


def _errors_gen(view: memoryview, bits: int) -> Iterator[Error]:
    pos: Optional[int] = 0
    batch = 64
    try:
        while pos is not None:
            found, pos = _core.errors_from(view, bits, pos, batch)
            for t in found:
                yield _error(t)
            batch = min(batch * 4, 16384)
    finally:
        view.release()


def count_errors(data, *, deny: Union[str, Iterable[str]] = ()) -> int:
    """Return the number of errors in ``data`` (0 when it is valid)."""
    return _core.count_errors(data, _deny_bits(deny))


def sanitize(data, *, deny: Union[str, Iterable[str]] = (), errors: str = "replace") -> bytes:
    """Return ``data`` as valid UTF-8 bytes with each error handled:
    ``"replace"`` by one U+FFFD, ``"drop"`` by nothing, ``"escape"`` by
    ``\\xhh`` for each byte of an ill-formed sequence (and ``\\uhhhh`` or
    ``\\Uhhhhhhhh`` for a denied character)."""
    h = _handler(_SANITIZE_HANDLERS, errors)
    return _core.sanitize(data, _deny_bits(deny), h)


def decode(data, errors: str = "strict", *, deny: Union[str, Iterable[str]] = ()) -> str:
    """Decode UTF-8 ``data`` to str.

    ``errors`` is ``"strict"`` (raise UTF8Error at the first error),
    ``"replace"``, ``"ignore"`` (or ``"drop"``) or ``"backslashreplace"``
    (or ``"escape"``); with nothing denied the result equals
    ``bytes(data).decode("utf-8", errors)``, and a strict error has the
    same ``start`` and ``end``."""
    h = _handler(_DECODE_HANDLERS, errors)
    r = _core.decode(data, h, _deny_bits(deny))
    if type(r) is str:
        return r
    raise UTF8Error(bytes(data), _error(r))


class StreamDecoder:
    """Decode UTF-8 arriving in chunks; shaped like codecs.IncrementalDecoder.

    ``feed(chunk, final=False)`` returns the text the chunk completes (up
    to 3 bytes of an unfinished character wait for the next chunk). For
    every way of splitting an input the concatenated results and
    ``errors`` equal the one-shot ``decode`` and ``errors``. In strict mode
    the first error raises UTF8Error (its ``object`` is the chunk, ``start``
    and ``end`` index it, clamped to it when the error began in an earlier
    chunk; ``error`` has the stream offsets); the decoder must then be
    ``reset()``. ``errors`` lists every error so far, offsets from the
    start of the stream. One decoder must not be fed by two threads at
    once (that raises RuntimeError).
    """

    def __init__(self, *, deny: Union[str, Iterable[str]] = (), errors: str = "strict"):
        self._handler = _handler(_DECODE_HANDLERS, errors)
        self._bits = _deny_bits(deny)
        self._mode = errors
        self._stream = _core.Stream(self._bits, self._handler)
        self._errors: List[Error] = []

    @property
    def errors(self) -> List[Error]:
        """The errors found so far (a copy), offsets from the start of the stream."""
        return list(self._errors)

    @property
    def position(self) -> int:
        """Bytes fed so far, those still waiting included."""
        return self._stream.position

    def feed(self, chunk, final: bool = False) -> str:
        """Decode the next chunk (any bytes-like object); ``final=True`` for
        the last one (which may be empty). Returns the text it completes."""
        start = self._stream.position
        text, found = self._stream.feed(chunk, final)
        if found:
            errs = [_error(t) for t in found]
            self._errors.extend(errs)
            if self._handler < 0:
                first = errs[0]
                obj = bytes(chunk)
                at = min(max(first.offset - start, 0), len(obj))
                end = min(max(first.offset + first.length - start, 0), len(obj))
                raise UTF8Error(obj, first, at, end) from None
        return text

    def decode(self, chunk, final: bool = False) -> str:
        """Same as feed (the codecs.IncrementalDecoder name)."""
        return self.feed(chunk, final)

    def reset(self) -> None:
        """Start again: offset 0, nothing waiting, no errors."""
        self._stream.reset()
        self._errors = []
