# SPDX-License-Identifier: MIT OR Apache-2.0
"""u8model.py -- an independent model of doc/contract.md section 2, written from
the table in the design document (not from the library's code): where each
error is, how long and what kind, plus the line and column `check` reports
and the replacement output of `sanitize`."""

# For each lead byte: (sequence length, allowed range of the second byte).
def _lead(b):
    if 0xC2 <= b <= 0xDF:
        return 2, 0x80, 0xBF
    if b == 0xE0:
        return 3, 0xA0, 0xBF
    if 0xE1 <= b <= 0xEC or 0xEE <= b <= 0xEF:
        return 3, 0x80, 0xBF
    if b == 0xED:
        return 3, 0x80, 0x9F
    if b == 0xF0:
        return 4, 0x90, 0xBF
    if 0xF1 <= b <= 0xF3:
        return 4, 0x80, 0xBF
    if b == 0xF4:
        return 4, 0x80, 0x8F
    return None


def _second_byte_kind(b, c):
    """The kind of error when c may not follow the lead b."""
    if b == 0xE0 and 0x80 <= c <= 0x9F:
        return "overlong"
    if b == 0xF0 and 0x80 <= c <= 0x8F:
        return "overlong"
    if b == 0xED and 0xA0 <= c <= 0xBF:
        return "surrogate"
    if b == 0xF4 and 0x90 <= c <= 0xBF:
        return "too_large"
    return "bad_continuation"


def errors(data):
    """The list of (offset, length, kind) of data (bytes), in order."""
    out = []
    i, n = 0, len(data)
    while i < n:
        b = data[i]
        if b < 0x80:
            i += 1
            continue
        if 0x80 <= b <= 0xBF:
            out.append((i, 1, "unexpected_continuation"))
            i += 1
            continue
        if b in (0xC0, 0xC1):
            out.append((i, 1, "overlong"))
            i += 1
            continue
        if b >= 0xF5:
            out.append((i, 1, "too_large"))
            i += 1
            continue
        need, lo, hi = _lead(b)
        if i + 1 >= n:
            out.append((i, 1, "truncated"))
            i += 1
            continue
        c = data[i + 1]
        if not lo <= c <= hi:
            kind = _second_byte_kind(b, c)
            out.append((i, 1, kind))
            i += 1
            continue
        k = 2
        while k < need:
            if i + k >= n:
                out.append((i, k, "truncated"))
                break
            if not 0x80 <= data[i + k] <= 0xBF:
                out.append((i, k, "bad_continuation"))
                break
            k += 1
        if k == need:
            i += need
        else:
            i += k
    return out


def line_col(data, offset):
    """(LINE, COLUMN) of offset: 1 + LF bytes before it, 1 + bytes since
    the last LF."""
    line = 1 + data.count(b"\n", 0, offset)
    last = data.rfind(b"\n", 0, offset)
    return line, offset - (last + 1) + 1


def check_json(data, name, max_errors=1000):
    """The object `check --json` prints for data read from name."""
    errs = errors(data)
    listed = errs if max_errors == 0 else errs[:max_errors]
    objs = []
    line, line_start, scanned = 1, 0, 0  # one sweep: errors come in order
    for off, length, kind in listed:
        nl = data.find(b"\n", scanned, off)
        while nl != -1:
            line += 1
            line_start = nl + 1
            nl = data.find(b"\n", nl + 1, off)
        scanned = off
        objs.append({"offset": off, "length": length, "kind": kind,
                     "line": line, "column": off - line_start + 1})
    return {"file": name, "valid": not errs, "bytes": len(data),
            "error_count": len(errs), "errors": objs}


def sanitize(data):
    """The output of `sanitize`: each error replaced by EF BF BD."""
    out = bytearray()
    pos = 0
    for off, length, _ in errors(data):
        out += data[pos:off] + b"\xef\xbf\xbd"
        pos = off + length
    out += data[pos:]
    return bytes(out)
