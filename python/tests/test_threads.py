# SPDX-License-Identifier: MIT OR Apache-2.0
"""Threads: correct answers from many threads at once, and the GIL really
released for large inputs (and kept for small ones)."""
import sys
import threading
import time

import pytest

import u8guard

TEXT = ("h\u00e9llo \u4f60\u597d \U0001f600 " * 20000)
DATA = TEXT.encode()
BAD = DATA + b"\xc0\xaf" + DATA


def test_many_threads_agree():
    want = (True, False, BAD.decode("utf-8", "replace"), list(u8guard.errors(BAD)))
    failures = []

    def work():
        for _ in range(5):
            got = (u8guard.is_valid(DATA), u8guard.is_valid(BAD),
                   u8guard.decode(BAD, "replace"), list(u8guard.errors(BAD)))
            if got != want:
                failures.append(got[:2])
            d = u8guard.StreamDecoder()
            if d.feed(DATA[:1001]) + d.feed(DATA[1001:], True) != TEXT:
                failures.append("stream")

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []


def ticks_while(fn, rounds):
    """How often this thread got to run Python while another thread called
    fn() rounds times. With a switch interval of 1000 s the other thread
    never gives up the GIL on its own: we run only while fn releases it."""
    done = threading.Event()

    def work():
        for _ in range(rounds):
            fn()
        done.set()

    old = sys.getswitchinterval()
    sys.setswitchinterval(1000)
    try:
        t = threading.Thread(target=work)
        t.start()
        ticks = 0
        while not done.is_set():
            ticks += 1
            time.sleep(0.0002)
        t.join()
    finally:
        sys.setswitchinterval(old)
    return ticks


# ~13 MB: large enough that each call releases the GIL for a while even
# at tens of GB/s (with ~1.3 MB the vector kernels finished is_valid in
# ~50 us and this thread was sometimes never scheduled in that window).
BIG = DATA * 40


@pytest.mark.parametrize("fn", [
    lambda: u8guard.is_valid(BIG),
    lambda: u8guard.count_errors(BIG),
    lambda: u8guard.decode(BIG),
    lambda: u8guard.sanitize(BIG),
    lambda: u8guard.StreamDecoder().feed(BIG, True),
], ids=["is_valid", "count_errors", "decode", "sanitize", "stream"])
def test_gil_released_for_large_inputs(fn):
    assert ticks_while(fn, 50) >= 5


def test_gil_kept_for_small_inputs():
    small = DATA[:u8guard._core.NOGIL_MIN // 2]
    # thousands of calls, each too short to be worth releasing the GIL
    assert ticks_while(lambda: u8guard.is_valid(small), 20000) <= 3


def test_concurrent_feed_of_one_decoder_is_refused():
    d = u8guard.StreamDecoder()
    results = []

    def work():
        try:
            for _ in range(20):
                d.feed(BIG)
            results.append("ok")
        except RuntimeError as exc:
            results.append(str(exc))

    threads = [threading.Thread(target=work) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    # either call order is possible; a refusal names the cause
    assert all(r == "ok" or "another feed" in r for r in results)
