# SPDX-License-Identifier: MIT OR Apache-2.0
"""ci/prove/eva_strip.py SRC DST -- copies the .c and .h files of SRC to DST
with every ACSL annotation blanked out except Eva's own (split, merge,
slevel), line numbers kept, for ci/prove/eva.sh.

Why: Eva needs the split/merge annotations of the loops (one state per
offset), but reading all annotations also makes it evaluate every WP
contract at every call, which made the run several times slower and turns
each unproved functional clause into an "alarm". The contracts are WP's
business (ci/prove.sh); Eva's alarms are then about the C code alone, as
with -no-annot. The C code is copied byte for byte."""
import pathlib
import re
import sys

ANNOT = re.compile(r'/\*@(.*?)\*/|//@([^\n]*)', re.S)


def blank(m):
    body = m.group(1) if m.group(1) is not None else m.group(2)
    if re.match(r'\s*(split|merge|slevel)\b', body):
        return m.group(0)
    return '\n' * m.group(0).count('\n')


def main():
    src, dst = map(pathlib.Path, sys.argv[1:3])
    for f in src.rglob('*'):
        if f.is_file() and f.suffix in ('.c', '.h'):
            out = dst / f.relative_to(src)
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(ANNOT.sub(blank, f.read_text()))


if __name__ == '__main__':
    main()
