# SPDX-License-Identifier: MIT OR Apache-2.0
"""Reference counts and memory: calls leave no references behind and
loops of them do not grow the heap (tracemalloc traces PyMem and
PyMem_Raw allocations, which the module uses for its buffers)."""
import gc
import sys
import tracemalloc

import pytest

import u8guard

VALID = ("h\u00e9llo \u4f60\u597d \U0001f600 " * 50).encode()
INVALID = b"ab\xc0\xaf\xe4\xbd\xa0\xed\xa0\x80\xff\xf0\x9f\x98" * 50
BIG = VALID * 300  # above the size where the GIL is released


def exercise(data):
    u8guard.is_valid(data)
    u8guard.first_error(data)
    list(u8guard.errors(data))
    u8guard.count_errors(data)
    for mode in ("replace", "drop", "escape"):
        u8guard.sanitize(data, errors=mode)
    for mode in ("replace", "ignore", "backslashreplace"):
        u8guard.decode(data, mode)
    try:
        u8guard.decode(data)
    except u8guard.UTF8Error:
        pass
    for mode in ("strict", "replace", "ignore", "backslashreplace"):
        d = u8guard.StreamDecoder(errors=mode)
        try:
            d.feed(data[:len(data) // 2])
            d.feed(data[len(data) // 2:], final=True)
        except u8guard.UTF8Error:
            pass


@pytest.mark.parametrize("data", [VALID, INVALID, BIG, bytearray(INVALID)],
                         ids=["valid", "invalid", "big", "bytearray"])
def test_refcounts_unchanged(data):
    exercise(data)
    before = sys.getrefcount(data)
    kinds = [sys.getrefcount(k) for k in u8guard.Kind]
    for _ in range(50):
        exercise(data)
    gc.collect()
    assert sys.getrefcount(data) == before
    assert [sys.getrefcount(k) for k in u8guard.Kind] == kinds


@pytest.mark.parametrize("data", [VALID, INVALID, BIG], ids=["valid", "invalid", "big"])
def test_no_heap_growth(data):
    for _ in range(20):  # warm caches (interned strings, enum lookups)
        exercise(data)
    gc.collect()
    tracemalloc.start()
    try:
        exercise(data)
        gc.collect()
        base, _ = tracemalloc.get_traced_memory()
        for _ in range(300):
            exercise(data)
        gc.collect()
        after, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # 300 rounds that leaked even one small object each would add >= 9 KiB
    assert after - base < 8192, (base, after)


def test_leak_detector_works():
    # the check above can fail: a deliberate leak of 32 bytes per round shows
    kept = []
    tracemalloc.start()
    try:
        base, _ = tracemalloc.get_traced_memory()
        for i in range(300):
            kept.append(bytes(32 + i % 2))
        after, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert after - base >= 8192
