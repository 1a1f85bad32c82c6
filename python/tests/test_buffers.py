# SPDX-License-Identifier: MIT OR Apache-2.0
"""Every function takes any contiguous object with the buffer protocol and
reads it in place."""
import array
import mmap

import pytest

import u8guard

SAMPLE = b"caf\xc3\xa9 \xc0\xaf \xe4\xbd\xa0 \xf0\x9f\x98"


def inputs(data, tmp_path):
    yield bytes(data)
    yield bytearray(data)
    yield memoryview(data)
    yield memoryview(b"##" + data + b"##")[2:-2]          # a slice: an offset into a buffer
    yield array.array("B", data)
    path = tmp_path / "sample"
    path.write_bytes(data)
    with open(path, "rb") as f:
        m = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    yield m
    m.close()


@pytest.mark.parametrize("data", [SAMPLE, SAMPLE * 2000], ids=["small", "large"])
def test_every_function_takes_buffers(data, tmp_path):
    expected_errors = list(u8guard.errors(data))
    assert expected_errors  # the sample is invalid
    for obj in inputs(data, tmp_path):
        name = type(obj).__name__
        assert u8guard.is_valid(obj) is False, name
        assert u8guard.first_error(obj) == expected_errors[0], name
        assert list(u8guard.errors(obj)) == expected_errors, name
        assert u8guard.count_errors(obj) == len(expected_errors), name
        assert u8guard.sanitize(obj) == data.decode("utf-8", "replace").encode(), name
        assert u8guard.decode(obj, "ignore") == data.decode("utf-8", "ignore"), name
        with pytest.raises(u8guard.UTF8Error) as info:
            u8guard.decode(obj)
        assert info.value.object == data, name
        d = u8guard.StreamDecoder(errors="backslashreplace")
        assert d.feed(obj, final=True) == data.decode("utf-8", "backslashreplace"), name


def test_valid_mmap(tmp_path):
    text = "na\u00efve \u4f60\u597d \U0001f600\n" * 10000
    path = tmp_path / "text"
    path.write_bytes(text.encode())
    with open(path, "rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as m:
        assert u8guard.is_valid(m)
        assert u8guard.decode(m) == text


def test_not_copied():
    # a bytearray being read cannot be resized: errors() holds a view of it
    buf = bytearray(b"\xff" * 10)
    it = u8guard.errors(buf)
    next(it)
    with pytest.raises(BufferError):
        buf.extend(b"x")
    list(it)  # exhausted: the view is released
    buf.extend(b"x")


def test_non_contiguous_refused():
    view = memoryview(b"abcdef")[::2]
    with pytest.raises(BufferError):
        u8guard.is_valid(view)
    with pytest.raises((BufferError, TypeError)):
        u8guard.decode(view)


def test_wide_item_buffers_count_bytes():
    a = array.array("H", [0x41C3, 0x00A9])  # the bytes as laid out in memory
    assert u8guard.decode(a, "replace") == bytes(a).decode("utf-8", "replace")
