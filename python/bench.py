#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""bench.py -- u8guard's Python package against CPython's own UTF-8 decoder.

    python3 python/bench.py [--size BYTES] [--corpus DIR] [--seconds S]

Inputs: the C benchmark's classes (bench/inputs.c: ascii, latin,
cyrillic, cjk, emoji, mixed, wikipedia; the real-text ones from the text
corpus when it is there, else generated from the same code point ranges),
each --size bytes (default 1 MiB), then each real text of the corpus
(../shared/textcorpus beside the clone, or --corpus) at its own size;
those are skipped, saying so, when the corpus is absent.

Columns are GB/s (best of several timed runs) and ratios:
  validate: u8guard.is_valid vs bytes.decode("utf-8") (CPython has no
            validate-only call; decoding is how Python code checks UTF-8)
            and codecs.utf_8_decode
  decode:   u8guard.decode vs bytes.decode
  stream:   u8guard.StreamDecoder vs codecs' incremental decoder, 64 KiB chunks
  replace:  u8guard.decode(..., "replace") vs bytes.decode(..., "replace")
            on the input with one error planted near the end
"""
import argparse
import codecs
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# Run as python3 python/bench.py, the script's folder (the package's
# sources, without the built module) would shadow the installed package.
sys.path = [p for p in sys.path if os.path.abspath(p or ".") != HERE]
import u8guard  # noqa: E402
DEFAULT_CORPUS = os.path.join(os.path.dirname(os.path.dirname(HERE)), "shared", "textcorpus")
WIKI = ["arabic", "chinese", "czech", "english", "esperanto", "french", "german", "greek",
        "hebrew", "hindi", "japanese", "korean", "persan", "portuguese", "russian", "thai",
        "turkish", "vietnamese"]
# name, corpus files (None: always generated), generated ranges (lo, hi, weight)
CLASSES = [
    ("ascii", None, [(0x20, 0x7E, 98), (0x0A, 0x0A, 2)]),
    ("latin", None, [(0x20, 0x7E, 30), (0xA0, 0xFF, 70)]),
    ("cyrillic", ["lipsum/Russian-Lipsum.utf8.txt"], [(0x20, 0x20, 20), (0x410, 0x44F, 80)]),
    ("cjk", ["lipsum/Chinese-Lipsum.utf8.txt"], [(0x20, 0x20, 3), (0x4E00, 0x9FFF, 97)]),
    ("emoji", ["lipsum/Emoji-Lipsum.utf8.txt"], [(0x1F300, 0x1F64F, 100)]),
    ("mixed", None, [(0x20, 0x7E, 70), (0x80, 0x7FF, 20), (0x800, 0xFFFF, 8),
                     (0x10000, 0x10FFFF, 2)]),
    ("wikipedia", ["wikipedia_mars/%s.utf8.txt" % w for w in WIKI], None),
]


def generate(ranges, size, rng):
    weights = [w for _, _, w in ranges]
    out, n = [], 0
    while n < size:
        lo, hi, _ = rng.choices(ranges, weights)[0]
        cp = rng.randint(lo, hi)
        if 0xD800 <= cp <= 0xDFFF:
            continue
        b = chr(cp).encode()
        if n + len(b) > size:
            break
        out.append(b)
        n += len(b)
    return b"".join(out) + b" " * (size - n)


def repeat_to(text, size):
    """text repeated to size bytes, cut at a character boundary, padded with spaces."""
    data = text * (size // len(text) + 1)
    cut = size
    while cut > 0 and cut < len(data) and (data[cut] & 0xC0) == 0x80:
        cut -= 1
    return data[:cut] + b" " * (size - cut)


def make_input(cls, size, corpus):
    name, files, ranges = cls
    if files and corpus:
        try:
            text = b"".join(open(os.path.join(corpus, f), "rb").read() for f in files)
            return repeat_to(text, size), "corpus"
        except OSError:
            pass
    if ranges is None:
        return None, "skipped: needs the text corpus"
    return generate(ranges, size, random.Random(0x75386775617264)), "generated"


CLOCK = time.thread_time  # CPU time of this thread: --wall for time.perf_counter


def best_rate(fn, nbytes, seconds):
    """Bytes per second of the best run; runs fn repeatedly for ~seconds.
    Timed by CLOCK: by default the thread's CPU time, which a machine
    shared with other jobs disturbs far less than the wall clock."""
    fn()
    reps = 1
    while True:  # calibrate: a timed run of at least 20 ms
        t0 = CLOCK()
        for _ in range(reps):
            fn()
        dt = CLOCK() - t0
        if dt >= 0.02:
            break
        reps *= 2
    best = dt / reps
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        t0 = CLOCK()
        for _ in range(reps):
            fn()
        best = min(best, (CLOCK() - t0) / reps)
    return nbytes / best


def stream_u8(data, chunk=65536):
    d = u8guard.StreamDecoder()
    for i in range(0, len(data), chunk):
        d.feed(data[i:i + chunk])
    d.feed(b"", True)


def stream_codecs(data, chunk=65536):
    d = codecs.getincrementaldecoder("utf-8")()
    for i in range(0, len(data), chunk):
        d.decode(data[i:i + chunk])
    d.decode(b"", True)


def measure(data, seconds):
    n = len(data)
    mv = memoryview(data)
    cut = max(0, n - 64)
    while 0 < cut < n and (data[cut] & 0xC0) == 0x80:  # not inside a character
        cut -= 1
    bad = data[:cut] + b"\xc0" + data[cut:]
    assert u8guard.first_error(bad).offset == cut
    r = {
        "is_valid": best_rate(lambda: u8guard.is_valid(data), n, seconds),
        "bytes.decode": best_rate(lambda: data.decode("utf-8"), n, seconds),
        "codecs": best_rate(lambda: codecs.utf_8_decode(mv, "strict", True), n, seconds),
        "u8.decode": best_rate(lambda: u8guard.decode(data), n, seconds),
        "u8.stream": best_rate(lambda: stream_u8(mv), n, seconds),
        "codecs.stream": best_rate(lambda: stream_codecs(mv), n, seconds),
        "u8.replace": best_rate(lambda: u8guard.decode(bad, "replace"), n, seconds),
        "py.replace": best_rate(lambda: bad.decode("utf-8", "replace"), n, seconds),
    }
    assert u8guard.decode(data) == data.decode("utf-8")
    return r


HEAD = ("%-22s %8s | %7s %7s %7s %6s | %7s %6s | %7s %7s %5s | %7s %7s %5s"
        % ("input", "bytes", "valid", "decode", "codecs", "x", "u8dec", "x",
           "u8strm", "codecs", "x", "u8repl", "pyrepl", "x"))


def row(name, n, r):
    g = lambda k: r[k] / 1e9  # noqa: E731
    return ("%-22s %8d | %7.2f %7.2f %7.2f %6.1f | %7.2f %6.2f | %7.2f %7.2f %5.2f | %7.2f %7.2f %5.2f"
            % (name, n, g("is_valid"), g("bytes.decode"), g("codecs"),
               r["is_valid"] / r["bytes.decode"], g("u8.decode"),
               r["u8.decode"] / r["bytes.decode"], g("u8.stream"), g("codecs.stream"),
               r["u8.stream"] / r["codecs.stream"], g("u8.replace"), g("py.replace"),
               r["u8.replace"] / r["py.replace"]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", type=int, default=1 << 20, help="bytes per class input")
    ap.add_argument("--corpus", default=DEFAULT_CORPUS, help="the text corpus directory")
    ap.add_argument("--seconds", type=float, default=0.3, help="timing per measurement")
    ap.add_argument("--wall", action="store_true", help="time with the wall clock")
    args = ap.parse_args()
    if args.wall:
        global CLOCK
        CLOCK = time.perf_counter
    corpus = args.corpus if os.path.isdir(args.corpus) else None

    print("u8guard %s (library %s, %s), Python %s" % (
        u8guard.__version__, u8guard._core.LIBRARY_VERSION, u8guard._core.IMPL,
        sys.version.split()[0]))
    print("GB/s (%s), best run; x = u8guard / CPython. valid/decode/codecs: is_valid, "
          "bytes.decode, codecs.utf_8_decode" % ("wall clock" if args.wall else "thread CPU time"))
    print(HEAD)
    misses = []
    for cls in CLASSES:
        data, how = make_input(cls, args.size, corpus)
        if data is None:
            print("%-22s %s" % (cls[0], how))
            continue
        r = measure(data, args.seconds)
        print(row("%s (%s)" % (cls[0], how[:3]), len(data), r))
        ratio = r["is_valid"] / r["bytes.decode"]
        if (cls[0] == "ascii" and ratio < 1) or (cls[0] != "ascii" and ratio < 10):
            misses.append((cls[0], ratio))
    if corpus is None:
        print("real texts: skipped (no text corpus at %s)" % args.corpus)
    else:
        for sub in ("lipsum", "wikipedia_mars"):
            d = os.path.join(corpus, sub)
            for f in sorted(os.listdir(d)) if os.path.isdir(d) else []:
                data = open(os.path.join(d, f), "rb").read()
                r = measure(data, args.seconds)
                name = f.replace(".utf8.txt", "")
                print(row(name, len(data), r))
                ascii_only = max(data) < 0x80
                ratio = r["is_valid"] / r["bytes.decode"]
                if ratio < (1 if ascii_only else 10):
                    misses.append((name, ratio))
    print("target (validation >= 10x bytes.decode on non-ASCII, >= 1x on ASCII): %s"
          % ("met on every input" if not misses else
             "NOT met on " + ", ".join("%s (%.1fx)" % m for m in misses)))


if __name__ == "__main__":
    main()
