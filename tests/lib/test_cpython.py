#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""u8guard's lossy decoders and handlers against CPython, through ctypes on
libu8guard.so, in the implementation U8GUARD_IMPL names (ctest runs this
once per implementation).

  u8guard_decode_utf32_lossy          == data.decode('utf-8', 'replace')
  u8guard_decode_utf16_lossy          == the same, as UTF-16LE units
  sanitize_with(drop)                 == data.decode('utf-8', 'ignore')
  sanitize_with(escape)               == data.decode('utf-8', 'backslashreplace')
  the lossy _with decoders (drop, escape) == the same, as code points / units

and, with classes denied, every function against a model built here on
CPython's strict decoder (its UnicodeDecodeError gives each maximal
subpart) and the class table of doc/contract.md, written independently of
src/policy.c. Inputs: Kuhn's UTF-8-test.txt, every case of
corpus/conformance/conformance.txt, and random inputs (the seed is printed;
U8GUARD_SEED=N repeats a run).

usage: test_cpython.py LIBU8GUARD_SO KUHN_FILE CONFORMANCE_TXT [N_RANDOM]
"""
import ctypes
import functools
import os
import random
import sys

REPLACE, DROP, ESCAPE = 0, 1, 2
CLASSES = ["nul", "c0", "del", "c1", "bidi", "noncharacter", "private_use",
           "bom", "tag", "separator"]
ALL = (1 << len(CLASSES)) - 1


# The class table of doc/contract.md, as ranges.
CLASS_TABLE = [
    ("nul", [(0, 0)]),
    ("c0", [(1, 8), (0x0B, 0x0C), (0x0E, 0x1F)]),
    ("del", [(0x7F, 0x7F)]),
    ("c1", [(0x80, 0x9F)]),
    ("bidi", [(0x61C, 0x61C), (0x200E, 0x200F), (0x202A, 0x202E), (0x2066, 0x2069)]),
    ("noncharacter", [(0xFDD0, 0xFDEF)] + [(n * 0x10000 + 0xFFFE, n * 0x10000 + 0xFFFF) for n in range(17)]),
    ("private_use", [(0xE000, 0xF8FF), (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD)]),
    ("bom", [(0xFEFF, 0xFEFF)]),
    ("tag", [(0xE0000, 0xE007F)]),
    ("separator", [(0x2028, 0x2029)]),
]


# Cached: the model asks for the same few code points millions of times,
# and the scan of the table was most of this test's time (75 s of CPU per
# implementation before).
@functools.lru_cache(maxsize=None)
def class_of(cp):
    """The class bit of code point CP, 0 when it is in no class."""
    for name, ranges in CLASS_TABLE:
        if any(lo <= cp <= hi for lo, hi in ranges):
            return 1 << CLASSES.index(name)
    return 0


class Error(ctypes.Structure):
    _fields_ = [("offset", ctypes.c_size_t), ("length", ctypes.c_size_t),
                ("kind", ctypes.c_int), ("cls", ctypes.c_int),
                ("code_point", ctypes.c_uint32)]


class Policy(ctypes.Structure):
    _fields_ = [("deny", ctypes.c_uint), ("handler", ctypes.c_int)]


def load(path):
    lib = ctypes.CDLL(path)
    sz, vp, pp = ctypes.c_size_t, ctypes.c_void_p, ctypes.POINTER(Policy)
    lib.u8guard_decode_utf32_lossy.argtypes = [vp, sz, vp, sz, ctypes.POINTER(sz)]
    lib.u8guard_decode_utf16_lossy.argtypes = [vp, sz, vp, sz, ctypes.POINTER(sz)]
    for f in ("u8guard_decode_utf32_lossy_with", "u8guard_decode_utf16_lossy_with",
              "u8guard_sanitize_with"):
        getattr(lib, f).argtypes = [vp, sz, vp, sz, pp, ctypes.POINTER(sz)]
        getattr(lib, f).restype = sz
    lib.u8guard_decode_utf32_lossy.restype = sz
    lib.u8guard_decode_utf16_lossy.restype = sz
    lib.u8guard_next_error_with.argtypes = [vp, sz, pp, ctypes.POINTER(sz), ctypes.POINTER(Error)]
    lib.u8guard_next_error_with.restype = ctypes.c_bool
    lib.u8guard_validate_with.argtypes = [vp, sz, pp, ctypes.POINTER(Error)]
    lib.u8guard_validate_with.restype = ctypes.c_bool
    lib.u8guard_count_errors_with.argtypes = [vp, sz, pp]
    lib.u8guard_count_errors_with.restype = sz
    lib.u8guard_active_impl.restype = ctypes.c_int
    lib.u8guard_impl_name.restype = ctypes.c_char_p
    return lib


def model(data, deny, handler):
    """(text, errors): the output as a str and the errors as
    (offset, length, kind-or-'disallowed', cls, cp), from CPython's strict
    decoder and the class table above."""
    out, errs, pos = [], [], 0
    while True:
        try:
            chunk = data[pos:].decode("utf-8")
            end = None
        except UnicodeDecodeError as e:
            chunk = data[pos:pos + e.start].decode("utf-8")
            end = (pos + e.start, pos + e.end)
        off = pos
        for ch in chunk:
            n = len(ch.encode("utf-8"))
            c = class_of(ord(ch))
            if c & deny:
                errs.append((off, n, "disallowed", c, ord(ch)))
                if handler == REPLACE:
                    out.append("\ufffd")
                elif handler == ESCAPE:
                    out.append("\\u%04x" % ord(ch) if ord(ch) <= 0xFFFF else "\\U%08x" % ord(ch))
            else:
                out.append(ch)
            off += n
        if end is None:
            return "".join(out), errs
        errs.append((end[0], end[1] - end[0], "illformed", 0, 0))
        bad = data[end[0]:end[1]]
        if handler == REPLACE:
            out.append("\ufffd")
        elif handler == ESCAPE:
            out.append("".join("\\x%02x" % b for b in bad))
        pos = end[1]


class Runner:
    def __init__(self, lib):
        self.lib = lib
        self.failures = 0
        self.checks = 0

    def fail(self, what, data, want, got):
        self.failures += 1
        if self.failures <= 10:
            print("FAILED %s on %s\n  expected %r\n  got      %r" % (what, data.hex(), want, got))

    def eq(self, what, data, want, got):
        self.checks += 1
        if want != got:
            self.fail(what, data, want, got)

    def lossy(self, data, form, pol):
        lib = self.lib
        buf = ctypes.create_string_buffer(data, len(data)) if data else None
        n_err = ctypes.c_size_t(99)
        fn32 = form == 32
        ctype = ctypes.c_uint32 if fn32 else ctypes.c_uint16
        if pol is None:
            f = lib.u8guard_decode_utf32_lossy if fn32 else lib.u8guard_decode_utf16_lossy
            need = f(buf, len(data), None, 0, None)
            out = (ctype * max(need, 1))()
            got = f(buf, len(data), out, need, ctypes.byref(n_err))
        else:
            f = lib.u8guard_decode_utf32_lossy_with if fn32 else lib.u8guard_decode_utf16_lossy_with
            need = f(buf, len(data), None, 0, ctypes.byref(pol), None)
            out = (ctype * max(need, 1))()
            got = f(buf, len(data), out, need, ctypes.byref(pol), ctypes.byref(n_err))
        if got != need:
            return None, None
        units = list(out[:got])
        if fn32:
            text = "".join(map(chr, units))
        else:
            text = b"".join(u.to_bytes(2, "little") for u in units).decode("utf-16-le", "surrogatepass")
        return text, n_err.value

    def sanitize(self, data, pol):
        lib = self.lib
        buf = ctypes.create_string_buffer(data, len(data)) if data else None
        n_err = ctypes.c_size_t(99)
        need = lib.u8guard_sanitize_with(buf, len(data), None, 0, ctypes.byref(pol), None)
        out = ctypes.create_string_buffer(max(need, 1))
        got = lib.u8guard_sanitize_with(buf, len(data), out, need, ctypes.byref(pol), ctypes.byref(n_err))
        return out.raw[:got].decode("utf-8") if got == need else None, n_err.value

    def errors(self, data, pol):
        lib = self.lib
        buf = ctypes.create_string_buffer(data, len(data)) if data else None
        pos, e, errs = ctypes.c_size_t(0), Error(), []
        while lib.u8guard_next_error_with(buf, len(data), ctypes.byref(pol), ctypes.byref(pos), ctypes.byref(e)):
            errs.append((e.offset, e.length, "disallowed" if e.kind == 7 else "illformed",
                         e.cls, e.code_point))
        first = Error()
        ok = lib.u8guard_validate_with(buf, len(data), ctypes.byref(pol), ctypes.byref(first))
        count = lib.u8guard_count_errors_with(buf, len(data), ctypes.byref(pol))
        return errs, ok, (first.offset, first.length), count

    def check(self, data):
        """Everything on one input."""
        replace = data.decode("utf-8", "replace")
        n_bad = len(model(data, 0, REPLACE)[1])
        self.eq("decode_utf32_lossy vs 'replace'", data, (replace, n_bad), self.lossy(data, 32, None))
        self.eq("decode_utf16_lossy vs 'replace'", data, (replace, n_bad), self.lossy(data, 16, None))
        for handler, name in ((DROP, "ignore"), (ESCAPE, "backslashreplace")):
            want = data.decode("utf-8", name)
            pol = Policy(0, handler)
            self.eq("sanitize_with(%s) vs %r" % (name, name), data, (want, n_bad), self.sanitize(data, pol))
            self.eq("utf32_lossy_with(%s)" % name, data, (want, n_bad), self.lossy(data, 32, pol))
            self.eq("utf16_lossy_with(%s)" % name, data, (want, n_bad), self.lossy(data, 16, pol))
        for deny in (ALL, 1 << CLASSES.index("bidi"), 0b0000000111, 0b1101100000):
            for handler in (REPLACE, DROP, ESCAPE):
                pol = Policy(deny, handler)
                text, errs = model(data, deny, handler)
                self.eq("sanitize_with deny=%#x h=%d" % (deny, handler), data, (text, len(errs)), self.sanitize(data, pol))
                self.eq("utf32_lossy_with deny=%#x h=%d" % (deny, handler), data, (text, len(errs)), self.lossy(data, 32, pol))
                self.eq("utf16_lossy_with deny=%#x h=%d" % (deny, handler), data, (text, len(errs)), self.lossy(data, 16, pol))
            first = (errs[0][0], errs[0][1]) if errs else (len(data), 0)
            self.eq("errors deny=%#x" % deny, data, (errs, not errs, first, len(errs)), self.errors(data, Policy(deny, REPLACE)))


def conformance_cases(path):
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        name_hex = line.split("=", 1)[0].split(None, 1)
        yield bytes.fromhex(name_hex[1] if len(name_hex) > 1 else "")


def random_input(rng):
    pieces = [b"a", b"\n", b"\t", b"\x00", b"\x1b", b"\x7f", b"\xc2\x85", b"\xc3\xa9",
              "\u061c".encode(), "\u202e".encode(), "\u2028".encode(), "\u2066".encode(),
              "\ufeff".encode(), "\ufdd0".encode(), "\uffff".encode(), "\ue000".encode(),
              "\U000e0041".encode(), "\U0010fffd".encode(), "\U0001fffe".encode(),
              "\U0001f600".encode(), "\u4e2d".encode(), b"\x80", b"\xc0", b"\xed\xa0",
              b"\xf4\x90", b"\xe2\x80", b"\xf0\x9f\x98", b"\xff", b"\xef\xbf"]
    out = b"".join(rng.choice(pieces) for _ in range(rng.randrange(0, 40)))
    if rng.random() < 0.3:
        out = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 24)))
    if rng.random() < 0.2:  # long valid runs for the vector paths
        out = out + ("x" * rng.randrange(0, 200)).encode() + out
    return out


def main():
    lib_path, kuhn, conformance = sys.argv[1:4]
    n_random = int(sys.argv[4]) if len(sys.argv) > 4 else 1000
    lib = load(lib_path)
    impl = lib.u8guard_impl_name(lib.u8guard_active_impl()).decode()
    want_impl = os.environ.get("U8GUARD_IMPL")
    if want_impl and want_impl != impl:
        print("SKIP: U8GUARD_IMPL=%s is not supported here (dispatch chose %s)" % (want_impl, impl))
        return 77
    r = Runner(lib)
    if os.path.exists(kuhn):
        data = open(kuhn, "rb").read()
        r.check(data)
        for line in data.split(b"\n"):
            r.check(line)
    else:
        print("note: %s absent: Kuhn's file not checked" % kuhn)
    for case in conformance_cases(conformance):
        r.check(case)
    seed = int(os.environ.get("U8GUARD_SEED", random.randrange(1 << 32)))
    print("impl %s, random seed %d (U8GUARD_SEED=%d repeats it)" % (impl, seed, seed))
    rng = random.Random(seed)
    for _ in range(n_random):
        r.check(random_input(rng))
    print("impl %s: %d checks, %d failures" % (impl, r.checks, r.failures))
    return 1 if r.failures else 0


if __name__ == "__main__":
    sys.exit(main())
