# SPDX-License-Identifier: MIT OR Apache-2.0
import enum
import mmap
from typing import Iterable, Iterator, List, NamedTuple, Optional, Union

_Buffer = Union[bytes, bytearray, memoryview, mmap.mmap]
_Deny = Union[str, Iterable[str]]

__version__: str
HAVE_POLICY: bool
CLASSES: tuple[str, ...]

class Kind(enum.Enum):
    UNEXPECTED_CONTINUATION = "unexpected_continuation"
    OVERLONG = "overlong"
    SURROGATE = "surrogate"
    TOO_LARGE = "too_large"
    BAD_CONTINUATION = "bad_continuation"
    TRUNCATED = "truncated"
    DISALLOWED = "disallowed"
    def __str__(self) -> str: ...

class Error(NamedTuple):
    offset: int
    length: int
    kind: Kind
    cls: Optional[str] = None
    code_point: Optional[int] = None

class UTF8Error(UnicodeDecodeError):
    kind: Kind
    error: Error
    def __init__(self, obj: bytes, error: Error, start: Optional[int] = ...,
                 end: Optional[int] = ...) -> None: ...

def is_valid(data: _Buffer, /) -> bool: ...
def first_error(data: _Buffer, *, deny: _Deny = ...) -> Optional[Error]: ...
def errors(data: _Buffer, *, deny: _Deny = ...) -> Iterator[Error]: ...
def count_errors(data: _Buffer, *, deny: _Deny = ...) -> int: ...
def sanitize(data: _Buffer, *, deny: _Deny = ..., errors: str = ...) -> bytes: ...
def decode(data: _Buffer, errors: str = ..., *, deny: _Deny = ...) -> str: ...

class StreamDecoder:
    def __init__(self, *, deny: _Deny = ..., errors: str = ...) -> None: ...
    @property
    def errors(self) -> List[Error]: ...
    @property
    def position(self) -> int: ...
    def feed(self, chunk: _Buffer, final: bool = ...) -> str: ...
    def decode(self, chunk: _Buffer, final: bool = ...) -> str: ...
    def reset(self) -> None: ...
