#!/bin/bash -eu
# SPDX-License-Identifier: MIT OR Apache-2.0
# ClusterFuzzLite build: the OSS-Fuzz script, one source of truth.
exec "$SRC/u8guard/ci/oss-fuzz/build.sh"
