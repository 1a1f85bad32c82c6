# SPDX-License-Identifier: MIT OR Apache-2.0
"""python3 -m u8guard check|sanitize ... (see u8guard._cli)."""
import sys

from u8guard._cli import main

sys.exit(main(sys.argv[1:]))
