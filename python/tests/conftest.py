# SPDX-License-Identifier: MIT OR Apache-2.0
"""Shared fixtures: the conformance corpus and hypothesis settings."""
import os
import re

import pytest
from hypothesis import HealthCheck, settings

import u8guard

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "..", "corpus", "conformance", "conformance.txt")

# U8GUARD_HYPOTHESIS_EXAMPLES raises the examples per property (CI: default).
settings.register_profile(
    "u8guard", deadline=None, suppress_health_check=[HealthCheck.too_slow],
    max_examples=int(os.environ.get("U8GUARD_HYPOTHESIS_EXAMPLES", "400")))
settings.load_profile("u8guard")


def load_corpus():
    """(name, bytes, [(offset, length, kind name)]) for each case."""
    cases = []
    with open(CORPUS, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            left, expected = line.rsplit("=", 1)
            fields = left.split()
            name, data = fields[0], bytes(int(h, 16) for h in fields[1:])
            expected = expected.strip()
            errs = []
            if expected != "valid":
                for item in expected.split(","):
                    m = re.fullmatch(r"(\d+)/(\d+) (\w+)", item.strip())
                    assert m, "unreadable expectation %r in %s" % (item, name)
                    errs.append((int(m[1]), int(m[2]), m[3]))
            cases.append((name, data, errs))
    return cases


CASES = load_corpus()


@pytest.fixture(params=CASES, ids=[c[0] for c in CASES])
def case(request):
    return request.param


def error_triples(errs):
    return [(e.offset, e.length, str(e.kind)) for e in errs]


@pytest.fixture
def u8():
    return u8guard
