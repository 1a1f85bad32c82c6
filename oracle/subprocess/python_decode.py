#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""python_decode.py -- CPython's UTF-8 codec as an oracle for u8guard.

Started once by oracle/adapters/python.c and fed batches on standard input;
the protocol is described in oracle/adapters/subprocess.h. For each input:
bytes.decode('utf-8') (strict; UnicodeDecodeError.start is where the first
ill-formed sequence starts) and bytes.decode('utf-8', 'replace').
"""
import struct
import sys

UNKNOWN = 0xFFFFFFFFFFFFFFFF


def answer(data):
    """Returns the reply record for one input."""
    try:
        try:
            strict = data.decode('utf-8')
            accepted, offset = 1, len(data)
        except UnicodeDecodeError as err:
            accepted, offset = 0, err.start
            strict = data[:err.start].decode('utf-8')
        repl = data.decode('utf-8', 'replace')
    except Exception as err:  # an oracle bug must not kill the batch
        print(f"python_decode.py: {err!r} on {data.hex()}", file=sys.stderr)
        return struct.pack('<BBQIBI', 1, 0, UNKNOWN, 0, 0, 0)
    return (struct.pack('<BBQI', 0, accepted, offset, len(strict))
            + strict.encode('utf-32-le')
            + struct.pack('<BI', 1, len(repl))
            + repl.encode('utf-32-le'))


def read_exact(stream, n):
    """Returns n bytes, or None at end of input."""
    data = stream.read(n)
    if data is None or len(data) < n:
        return None
    return data


def main():
    inp, out = sys.stdin.buffer, sys.stdout.buffer
    out.write(b'U8GO')
    out.flush()
    while True:
        head = read_exact(inp, 4)
        if head is None:
            return 0
        (count,) = struct.unpack('<I', head)
        batch = []
        for _ in range(count):
            size = read_exact(inp, 4)
            if size is None:
                return 1
            data = read_exact(inp, struct.unpack('<I', size)[0])
            if data is None:
                return 1
            batch.append(data)
        # The whole request is read before any reply is written (see
        # subprocess.h), so neither side blocks on a full pipe.
        out.write(b''.join(answer(d) for d in batch))
        out.flush()


if __name__ == '__main__':
    sys.exit(main())
