# SPDX-License-Identifier: MIT OR Apache-2.0
"""``python3 -m u8guard check|sanitize``: the command's check and sanitize
for files, on the package (doc/cli.md in the repository describes the
command). Same options, output formats and exit status (0 valid, 1 invalid,
2 usage or I/O error), with two differences: a human-readable error line
ends with the error's bytes, without the command's explanation of them, and
check's -r and --files0-from are not offered."""
import argparse
import contextlib
import json
import os
import sys
import tempfile

from . import CLASSES, _core, _deny_bits, _error

EXIT_OK, EXIT_INVALID, EXIT_TROUBLE = 0, 1, 2


def _size(text: str) -> int:
    """--buffer-size N with binary K, M, G suffixes; 1 to 64M."""
    mult = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}.get(text[-1:].upper(), 1)
    digits = text[:-1] if mult != 1 else text
    try:
        n = int(digits, 10) * mult
    except ValueError:
        raise argparse.ArgumentTypeError("not a size: %r" % text) from None
    if not 1 <= n <= 64 << 20:
        raise argparse.ArgumentTypeError("out of range (1 to 64M): %r" % text)
    return n


def _open(path):
    if path == "-":
        return sys.stdin.buffer, False
    return open(path, "rb"), True


class _Lines:
    """Line and column (1-based, byte columns) of increasing stream offsets."""

    def __init__(self):
        self.scanned = 0  # bytes [0, scanned) counted
        self.lf = 0
        self.line_start = 0

    def at(self, chunk: bytes, base: int, off: int):
        upto = min(off, base + len(chunk))
        if upto > self.scanned:
            seg = chunk[self.scanned - base:upto - base]
            n = seg.count(b"\n")
            if n:
                self.lf += n
                self.line_start = self.scanned + seg.rfind(b"\n") + 1
            self.scanned = upto
        return self.lf + 1, off - self.line_start + 1


def _error_json(e, line, col):
    d = {"offset": e.offset, "length": e.length, "kind": str(e.kind), "line": line,
         "column": col}
    if e.cls is not None:
        d["class"] = e.cls
        d["code_point"] = "U+%04X" % e.code_point
    return d


def _check_file(path, args, deny, out):
    try:
        f, close = _open(path)
    except OSError as exc:
        print("u8guard: %s: %s" % (path, exc.strerror), file=sys.stderr)
        return EXIT_TROUBLE
    stream = _core.Stream(deny, 0)
    lines = _Lines()
    listed, count, base = [], 0, 0
    tail = b""
    limit = args.max_errors
    try:
        with f if close else contextlib.nullcontext():
            while True:
                chunk = f.read(args.buffer_size)
                final = not chunk
                _, found = stream.feed(chunk, final)
                for t in found:
                    count += 1
                    if args.quiet:
                        return EXIT_INVALID
                    if limit and len(listed) >= limit:
                        continue
                    e = _error(t)
                    line, col = lines.at(chunk, base, e.offset)
                    window = (tail + chunk)[e.offset - (base - len(tail)):][:e.length]
                    listed.append((e, line, col, window))
                if not args.quiet and not args.files_with_errors:
                    lines.at(chunk, base, base + len(chunk))  # count this chunk's LFs
                base += len(chunk)
                tail = (tail + chunk)[-3:]
                if final:
                    break
    except OSError as exc:
        print("u8guard: %s: %s" % (path, exc.strerror), file=sys.stderr)
        return EXIT_TROUBLE
    if args.quiet:
        return EXIT_OK
    if args.files_with_errors:
        if count:
            out.write(path + "\n")
    elif args.json:
        obj = {"file": path, "valid": count == 0, "bytes": base, "error_count": count,
               "errors": [_error_json(e, line, col) for e, line, col, _ in listed]}
        out.write(json.dumps(obj, ensure_ascii=False) + "\n")
    else:
        for e, line, col, window in listed:
            out.write("%s:%d:%d: offset %d: %s (%s)\n" % (
                path, line, col, e.offset, e.kind, " ".join("%02X" % b for b in window)))
        if count == 0:
            out.write("%s: valid UTF-8, %d bytes\n" % (path, base))
        else:
            shown = " (first %d shown)" % len(listed) if len(listed) < count else ""
            out.write("%s: %d error%s in %d bytes%s\n"
                      % (path, count, "" if count == 1 else "s", base, shown))
    return EXIT_INVALID if count else EXIT_OK


def _check(args, deny):
    status = EXIT_OK
    out = sys.stdout
    for path in args.files or ["-"]:
        st = _check_file(path, args, deny, out)
        status = max(status, st)
        if args.quiet and st == EXIT_INVALID:
            break
    out.flush()
    return status


def _sanitize(args, deny, handler):
    path = args.file or "-"
    tmp = None
    try:
        f, close = _open(path)
    except OSError as exc:
        print("u8guard: %s: %s" % (path, exc.strerror), file=sys.stderr)
        return EXIT_TROUBLE
    stream = _core.Stream(deny, handler)
    errors = 0
    try:
        if args.output and args.output != "-":
            target = args.output
            if os.path.exists(target) and not os.path.isfile(target):
                dst = open(target, "wb")
            else:
                fd, tmp = tempfile.mkstemp(prefix=".u8guard-", dir=os.path.dirname(target) or ".")
                dst = os.fdopen(fd, "wb")
        else:
            dst = sys.stdout.buffer
        with f if close else contextlib.nullcontext():
            while True:
                chunk = f.read(args.buffer_size)
                data, found = stream.feed(chunk, not chunk, True)
                errors += len(found)
                dst.write(data)
                if not chunk:
                    break
        dst.flush()
        if tmp is not None:
            os.fsync(dst.fileno())
            dst.close()
            os.replace(tmp, args.output)
            tmp = None
        elif dst is not sys.stdout.buffer:
            dst.close()
    except OSError as exc:
        print("u8guard: %s: %s" % (exc.filename or path, exc.strerror), file=sys.stderr)
        return EXIT_TROUBLE
    finally:
        if tmp is not None:
            os.unlink(tmp)
    return EXIT_INVALID if errors else EXIT_OK


def _parser():
    p = argparse.ArgumentParser(prog="python3 -m u8guard",
                                description="Check or sanitize UTF-8 files with u8guard.")
    sub = p.add_subparsers(dest="command", required=True)
    deny_help = "deny these policy classes (%s)" % ", ".join(CLASSES)
    c = sub.add_parser("check", help="report the UTF-8 errors of each file")
    c.add_argument("--json", action="store_true", help="one JSON object per file")
    c.add_argument("--max-errors", type=int, default=1000, metavar="N",
                   help="list at most N errors per file (0: all; default 1000)")
    c.add_argument("--buffer-size", type=_size, default=64 << 10, metavar="N")
    c.add_argument("--deny", default="", metavar="CLASS[,CLASS...]", help=deny_help)
    c.add_argument("-q", "--quiet", action="store_true",
                   help="no output; stop at the first error")
    c.add_argument("-l", "--files-with-errors", action="store_true",
                   help="print only the names of files with errors")
    c.add_argument("files", nargs="*", metavar="FILE")
    s = sub.add_parser("sanitize", help="copy a file with each error handled")
    s.add_argument("--buffer-size", type=_size, default=64 << 10, metavar="N")
    s.add_argument("-o", "--output", metavar="OUT")
    s.add_argument("--deny", default="", metavar="CLASS[,CLASS...]", help=deny_help)
    s.add_argument("--on-error", choices=("replace", "drop", "escape"), default="replace")
    s.add_argument("file", nargs="?", metavar="FILE")
    return p


def main(argv) -> int:
    """Run the command line argv (without the program name); returns the exit status."""
    args = _parser().parse_args(argv)
    try:
        deny = _deny_bits(args.deny)
    except (ValueError, NotImplementedError) as exc:
        print("u8guard %s: %s" % (args.command, exc), file=sys.stderr)
        return EXIT_TROUBLE
    if args.command == "check":
        if args.max_errors < 0:
            print("u8guard check: --max-errors must be >= 0", file=sys.stderr)
            return EXIT_TROUBLE
        return _check(args, deny)
    return _sanitize(args, deny, {"replace": 0, "drop": 1, "escape": 2}[args.on_error])
